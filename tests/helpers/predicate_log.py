"""Which qualitative claims the tests see both ways: a measurement of DESIGN's rule that a
predicate is tested on a counter-example (False) and a confirming case (True).

With ``EVALKIT_PREDICATE_LOG=<dir>`` set, ``tests/conftest.py`` wraps the claim functions of
every page module (``ours``, and ``decided_predicates`` of the B&F UCI page) before the test
modules import them, and each test process writes, when it ends, which outcomes (true,
false, undecided) every bool or :class:`~evalkit.claims.Decision` it returned had.
``.ci/predicate_coverage`` runs the tests so and prints the report::

    .ci/predicate_coverage            # about as long as make test

A claim seen only true is confirmed by the tests but never refuted: its predicate may be
unable to fail. The report is a measurement, not a test: it fails nothing.
"""
import functools
import importlib
import json
import os
import pkgutil
import sys
from collections import defaultdict
from pathlib import Path

LOG_ENV = "EVALKIT_PREDICATE_LOG"
#: the claim functions of a page module
CLAIM_FUNCTIONS = ("ours", "decided_predicates")

_seen = defaultdict(set)


def _outcome(value):
    import numpy as np

    from evalkit import claims

    if isinstance(value, claims.Decision):
        return {True: "true", False: "false", None: "undecided"}[value.holds]
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    return "undecided" if value is None else None


def _logged(function):
    @functools.wraps(function)
    def logged(*args, **kwargs):
        out = function(*args, **kwargs)
        if isinstance(out, dict):
            for cid, value in out.items():
                outcome = _outcome(value)
                if outcome is not None:
                    _seen[cid].add(outcome)
        return out

    logged.predicate_log = True
    return logged


def install():
    """Wrap every page module's claim functions (once), so that what they return is logged."""
    from evalkit import reproductions

    for source in reproductions.SOURCES:
        package = importlib.import_module(f"evalkit.reproductions.{source}")
        modules = [package] + [importlib.import_module(info.name)
                               for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
        for module in modules:
            for name in CLAIM_FUNCTIONS:
                function = getattr(module, name, None)
                if callable(function) and function.__module__ == module.__name__ \
                        and not getattr(function, "predicate_log", False):
                    setattr(module, name, _logged(function))


def write(directory):
    """Write this process's log: ``<directory>/<xdist worker or main>.json``."""
    path = Path(directory) / f"{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({cid: sorted(outcomes) for cid, outcomes in _seen.items()}, indent=0))


def report(directory):
    """The qualitative claims of the registries (a bool value) by what the tests saw them say."""
    from evalkit import claims

    seen = defaultdict(set)
    for path in Path(directory).glob("*.json"):
        for cid, outcomes in json.loads(path.read_text()).items():
            seen[cid].update(outcomes)
    rows = defaultdict(lambda: defaultdict(list))
    for source in claims.load_registry().values():
        for claim in source.claims.values():
            if not isinstance(claim.value, bool) or claim.not_attempted:
                continue
            outcomes = seen.get(claim.id, set())
            both = {"true", "false"} <= outcomes
            state = ("both ways" if both else "only true" if "true" in outcomes else
                     "only false" if "false" in outcomes else "only undecided" if outcomes else "never")
            rows[source.key][state].append(claim.id)
    states = ("both ways", "only true", "only false", "only undecided", "never")
    lines = ["source    " + "".join(f"{s:>16}" for s in states)]
    for key, by_state in rows.items():
        lines.append(f"{key:10}" + "".join(f"{len(by_state[s]):>16}" for s in states))
    for key, by_state in rows.items():
        for state in states[1:]:
            if by_state[state]:
                lines.append(f"\n{key}, {state}: " + ", ".join(sorted(by_state[state])))
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "report":
        sys.exit("usage: python tests/helpers/predicate_log.py report <directory>")
    print(report(sys.argv[2]))
