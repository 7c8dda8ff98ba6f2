"""Test-wide settings: an empty private cache and no network.

Loader tests read the reference copies in ``../shared/datasets``; they never
download, and never see a user's own ``~/.cache/evalkit``.
"""
import os
import tempfile

import pytest

from evalkit.datasets import search_dirs


def pytest_configure(config):
    os.environ["EVALKIT_DATA"] = tempfile.mkdtemp(prefix="evalkit-test-cache-")
    os.environ["EVALKIT_OFFLINE"] = "1"
    os.environ.setdefault("MPLBACKEND", "Agg")
    if os.environ.get("EVALKIT_PREDICATE_LOG"):   # .ci/predicate_coverage: which claims the tests see both ways
        from helpers import predicate_log

        predicate_log.install()


def pytest_sessionfinish(session):
    if os.environ.get("EVALKIT_PREDICATE_LOG"):
        from helpers import predicate_log

        predicate_log.write(os.environ["EVALKIT_PREDICATE_LOG"])


@pytest.fixture(scope="session")
def shared_data():
    """Skip a test when the shared reference copies are not beside the repository."""
    dirs = [d for d in search_dirs()[1:] if (d / "MANIFEST.md").is_file()]
    if not dirs:
        pytest.skip("../shared/datasets is not beside the repository (and tests never download)")
    return dirs[0]
