"""What the modules of :mod:`evalkit.claims` share: value checks, the example claim, the claims by id."""
from __future__ import annotations

from .._checks import Boolean, Either, Real, Text

# what a claim's value (the source's, parsed, or ours) may be
VALUE = Either(Real(allow_inf=True, allow_nan=True), Boolean(), Text(empty=True))
LABEL = Text(none=True)
EXAMPLE_ID = "scott.ci-example.lower"


def all_claims(registry):
    """Every claim of ``registry`` (as :func:`~evalkit.claims.registry.load_registry` returns it), by id."""
    return {cid: c for source in registry.values() for cid, c in source.claims.items()}
