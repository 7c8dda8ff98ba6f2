"""Claims of the five sources: the registry, recorded values, verdicts and the ledger.

Every checkable item of a source (a table cell, a figure's value, a theorem, a worked
example, a statement in the text) is one :class:`Claim`. Its value as the source prints
it, where it stands and what kind of claim it is are written once, in the registry of
that source (``evalkit/reproductions/<slug>/claims.toml``). A chapter computes our
value and passes it to :func:`record`, which derives the verdict from the claim's
tolerance and glues the value, the source's value, the difference and the verdict into
the book. The ledger appendix is built from those records only.

Verdicts (never set by hand):

``reproduced``
    within tolerance, at the source's scale, on the source's data and learners;
``reproduced-standin``
    within tolerance, but with a named stand-in (``data=``) or a reduced ``scale=``;
``differs-explained``
    outside tolerance; ``explanation=`` names the section that shows why;
``source-error``
    outside tolerance because the source is wrong; ``source_error=`` names the section
    (usually in the errata appendix) that shows the evidence;
``not-reproduced``
    outside tolerance and not explained;
``inconclusive``
    a Monte Carlo value between two and three combined standard errors beyond the
    source's rounding, or a threshold predicate its estimates cannot decide
    (:func:`decide`): more repetitions would decide it;
``not-attempted``
    no chapter computes it; the registry gives the reason (``not_attempted = "..."``).

A numeric value printed as ``"0.158"`` is reproduced by any value within half a unit of
its last digit (0.0005); ``"20%"`` means 0.20 within 0.005. A registry entry may widen
the tolerance (``tolerance``, with ``tolerance_reason``), for instance to the Monte Carlo
error of a simulated value. A qualitative claim has the value ``true`` (the source asserts
it) and is checked by a predicate over the chapter's results (:func:`conclude`); a
predicate over Monte Carlo estimates ("every rate above 5%") is decided with their error
(:func:`decide`).

Examples
--------
>>> from evalkit import claims
>>> claim = claims.get_claim("scott.ci-example.lower")
>>> claim.value, claim.tolerance
(0.158, 0.0005)
>>> r = claims.judge("scott.ci-example.lower", 0.15799)
>>> r.verdict, round(r.difference, 5)
('reproduced', -1e-05)
>>> claims.judge("scott.ci-example.lower", 0.16).verdict
'not-reproduced'
>>> claims.judge("scott.ci-example.lower", 0.158, scale="100 runs of the source's 1000").verdict
'reproduced-standin'

Every public name is importable from ``evalkit.claims`` directly.

Its modules:

registry
    The registries: :class:`Claim`, :class:`Source`, :func:`load_registry`,
    :func:`get_claim`, :func:`claims_of`, :func:`source_value`, :func:`parse_printed`.
decisions
    Threshold predicates with Monte Carlo error: :class:`Decision`, :func:`decide`, :func:`all_of`.
verdicts
    :class:`Record` and the verdicts: :func:`judge`, :func:`record`, :func:`conclude`,
    :func:`sentences`, :func:`record_all`.
ledger
    The ledger: :func:`ledger_rows`, :func:`coverage`, :func:`write_ledger`, and
    :func:`table` of a chapter's records (values shown with :func:`format_value` and
    :func:`format_difference`).
"""
from .decisions import DECIDE_Z, Decision, all_of, decide
from .ledger import LEDGER_COLUMNS, coverage, format_difference, format_value, ledger_rows, table, write_ledger
from .registry import (
    KINDS,
    Claim,
    Source,
    claims_of,
    get_claim,
    load_registry,
    parse_printed,
    source_value,
    source_values,
    standin,
)
from .registry import claim_from_entry as _claim_from_entry  # noqa: F401 - tests check the entry rules
from .verdicts import VERDICTS, Record, binomial_count_errors, binomial_rate_errors, conclude, judge, record, record_all, sentences

__all__ = [
    "DECIDE_Z",
    "KINDS",
    "LEDGER_COLUMNS",
    "VERDICTS",
    "Claim",
    "Decision",
    "Record",
    "Source",
    "all_of",
    "binomial_count_errors",
    "binomial_rate_errors",
    "claims_of",
    "conclude",
    "record_all",
    "sentences",
    "coverage",
    "decide",
    "format_difference",
    "format_value",
    "get_claim",
    "judge",
    "ledger_rows",
    "load_registry",
    "parse_printed",
    "record",
    "source_value",
    "source_values",
    "standin",
    "table",
    "write_ledger",
]

