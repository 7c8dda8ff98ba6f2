"""Claims of the five sources: the registry, recorded values, verdicts and the ledger.

Every checkable item of a source (a table cell, a figure's value, a theorem, a worked
example, a statement in the text) is one :class:`Claim`. Its value as the source prints
it, where it stands and what kind of claim it is are written once, in the registry of
that source (``evalkit/reproductions/claims/<source>.toml``). A chapter computes our
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
``not-attempted``
    no chapter computes it; the registry gives the reason (``not_attempted = "..."``).

A numeric value printed as ``"0.158"`` is reproduced by any value within half a unit of
its last digit (0.0005); ``"20%"`` means 0.20 within 0.005. A registry entry may widen
the tolerance (``tolerance``, with ``tolerance_reason``), for instance to the Monte Carlo
error of a simulated value. A qualitative claim has the value ``true`` (the source asserts
it) and is checked by a predicate over the chapter's results (:func:`conclude`).

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
"""
from __future__ import annotations

import csv
import dataclasses
import difflib
import functools
import json
import math
import numbers
import re
from importlib import resources
from pathlib import Path

try:  # Python >= 3.11
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib

import numpy as np

__all__ = [
    "KINDS",
    "LEDGER_COLUMNS",
    "VERDICTS",
    "Claim",
    "Record",
    "Source",
    "claims_of",
    "conclude",
    "record_all",
    "sentences",
    "coverage",
    "get_claim",
    "judge",
    "ledger_rows",
    "load_registry",
    "parse_printed",
    "record",
    "source_value",
    "source_values",
    "table",
    "write_ledger",
]

#: What a claim is, in the source.
KINDS = (
    "table",           # a cell of a table
    "figure",          # a value or pattern a figure reports (one claim per panel or value)
    "theorem",         # a theorem, lemma, corollary or proposition
    "equation",        # a numbered equation that makes a checkable statement
    "example",         # a worked example, its numbers, or a printed (e.g. R) output
    "exercise",        # an exercise or homework question and its answer
    "numeric",         # a number stated in the text
    "qualitative",     # a qualitative statement in the text
    "recommendation",  # advice to the reader
)

#: The verdicts, in the order the ledger lists them.
VERDICTS = (
    "reproduced",
    "reproduced-standin",
    "differs-explained",
    "source-error",
    "not-reproduced",
    "not-attempted",
)

#: The columns of ``ledger.csv`` and the keys of each row of ``ledger.json``.
LEDGER_COLUMNS = (
    "claim_id", "source", "where", "kind", "statement", "source_value", "evalkit_value",
    "difference", "tolerance", "verdict", "scale", "data", "chapter", "explanation",
)

_REGISTRY_PACKAGE = "evalkit.reproductions"
_REGISTRY_FOLDER = "claims"
_ID = re.compile(r"^[a-z0-9]+(\.[a-z0-9][a-z0-9_+-]*)+$")
_PRINTED = re.compile(r"^([-+−]?)([0-9][0-9,]*)(?:\.([0-9]+))?(?:[eE]([-+]?[0-9]+))?(%?)$")
_SUFFIXES = ("source", "difference", "verdict", "sentence", "record")


@dataclasses.dataclass(frozen=True)
class Claim:
    """One checkable item of a source, as its registry states it.

    Attributes
    ----------
    id : str
        ``<source>.<where>.<what>``, e.g. ``"yang.table1.condmat.nodes"``.
    source : str
        The registry's key (``scott``, ``gm``, ``bf``, ``neville``, ``yang``).
    where : str
        Where it stands in the source ("Table 1, row anneal", "Theorem 2", "p. 12").
    kind : str
        One of ``KINDS``.
    statement : str
        The claim in words.
    printed : str
        The source's value as printed (``"0.158"``, ``"20%"``, ``"true"``).
    value : float, bool or str
        The source's value, parsed.
    tolerance : float or None
        Largest absolute difference that still reproduces a numeric value; None for a
        value that must match exactly (a qualitative claim, a label).
    tolerance_reason : str or None
        Why the tolerance is wider than the printed rounding, if it is.
    not_attempted : str or None
        Why no chapter computes this claim; None when a chapter does.
    """

    id: str
    source: str
    where: str
    kind: str
    statement: str
    printed: str
    value: object
    tolerance: float | None
    tolerance_reason: str | None = None
    not_attempted: str | None = None

    @property
    def is_numeric(self):
        """Whether the source's value is a number (compared within the tolerance)."""
        return isinstance(self.value, float)


@dataclasses.dataclass(frozen=True)
class Source:
    """One source's registry: its key, title, citation key and claims (by id)."""

    key: str
    title: str
    citation: str
    claims: dict

    def __repr__(self):
        return f"Source(key={self.key!r}, title={self.title!r}, claims={len(self.claims)})"


@dataclasses.dataclass(frozen=True)
class Record:
    """Our value for one claim and the verdict derived from the claim's tolerance.

    Attributes
    ----------
    claim : Claim
    value : float, bool or str
        Our value.
    difference : float or None
        ``value - claim.value`` for a numeric claim, else None.
    verdict : str
        One of ``VERDICTS`` (never ``not-attempted``).
    scale, data : str or None
        The reduced scale or the stand-in data or learners used; None means the
        source's own.
    explanation, source_error : str or None
        The labels given of the section that explains a difference, or that shows the
        source is wrong.
    """

    claim: Claim
    value: object
    difference: float | None
    verdict: str
    scale: str | None = None
    data: str | None = None
    explanation: str | None = None
    source_error: str | None = None

    @property
    def reason(self):
        """The label that accounts for the verdict (the source error's, else the explanation)."""
        return self.source_error if self.verdict == "source-error" else self.explanation

    @property
    def within_tolerance(self):
        """Whether our value agrees with the source's within the claim's tolerance."""
        return self.verdict in ("reproduced", "reproduced-standin")

    def as_payload(self):
        """The JSON-ready record the ledger is built from (see :func:`ledger_rows`)."""
        return {"claim_id": self.claim.id, "value": self.value, "scale": self.scale,
                "data": self.data, "explanation": self.explanation,
                "source_error": self.source_error, "verdict": self.verdict}


# --------------------------------------------------------------------------- registry
def parse_printed(printed):
    """Parse a value as a source prints it; return ``(value, rounding tolerance)``.

    Numbers are given as strings so that their rounding is kept: ``"0.30"`` is 0.3 to
    within 0.005; ``"20%"`` is 0.2 to within 0.005; ``"23,133"`` is 23133 to within 0.5;
    ``"1.2e-5"`` is 1.2e-5 to within 5e-7. Booleans and other strings must match
    exactly (tolerance None).

    Examples
    --------
    >>> parse_printed("0.30")
    (0.3, 0.005)
    >>> parse_printed("20%")
    (0.2, 0.005)
    >>> parse_printed("23,133")
    (23133.0, 0.5)
    >>> parse_printed(True)
    (True, None)
    >>> parse_printed("PA")
    ('PA', None)
    """
    if isinstance(printed, bool):
        return printed, None
    if isinstance(printed, numbers.Real):
        raise TypeError(
            f"a numeric source value must be written as the source prints it, in quotes "
            f"(e.g. \"0.30\"), so that its rounding is kept; got the number {printed!r}")
    if not isinstance(printed, str):
        raise TypeError(f"a source value must be a string or a boolean; got {printed!r}")
    match = _PRINTED.match(printed.strip())
    if match is None:
        return printed, None
    sign, whole, decimals, exponent, percent = match.groups()
    text = whole.replace(",", "") + ("." + decimals if decimals else "")
    scale = 10.0 ** int(exponent or 0) * (0.01 if percent else 1.0)
    value = float(text) * scale * (-1.0 if sign in ("-", "−") else 1.0)
    unit = 10.0 ** -len(decimals or "") * scale
    # round away the float noise of the scaling (0.2 rather than 0.20000000000000001)
    return float(f"{value:.12g}"), float(f"{unit / 2:.12g}")


def _claim_from_entry(entry, source_key, filename):
    missing = [f for f in ("id", "where", "kind", "statement", "value") if f not in entry]
    if missing:
        raise ValueError(f"{filename}: claim {entry.get('id', entry)!r} lacks {missing}")
    unknown = set(entry) - {"id", "where", "kind", "statement", "value", "tolerance",
                            "tolerance_reason", "not_attempted"}
    if unknown:
        raise ValueError(f"{filename}: claim {entry['id']!r} has unknown fields {sorted(unknown)}")
    claim_id = entry["id"]
    if not _ID.match(claim_id) or not claim_id.startswith(source_key + "."):
        raise ValueError(f"{filename}: claim id {claim_id!r} must look like "
                         f"'{source_key}.<where>.<what>' (lower case, digits, '-', '_', '+')")
    if claim_id.rsplit(".", 1)[1] in _SUFFIXES:
        raise ValueError(f"{filename}: claim id {claim_id!r} must not end in one of "
                         f"{_SUFFIXES} (the glue keys use them)")
    if entry["kind"] not in KINDS:
        raise ValueError(f"{filename}: claim {claim_id!r} has kind {entry['kind']!r}; "
                         f"expected one of {KINDS}")
    value, tolerance = parse_printed(entry["value"])
    if "tolerance" in entry:
        if not isinstance(value, float):
            raise ValueError(f"{filename}: claim {claim_id!r}: only a numeric value has a tolerance")
        given = float(entry["tolerance"])
        if given > tolerance and "tolerance_reason" not in entry:
            raise ValueError(f"{filename}: claim {claim_id!r} widens its tolerance beyond the "
                             f"printed rounding; say why in tolerance_reason")
        tolerance = given
    printed = entry["value"] if isinstance(entry["value"], str) else str(entry["value"]).lower()
    return Claim(id=claim_id, source=source_key, where=entry["where"], kind=entry["kind"],
                 statement=" ".join(entry["statement"].split()), printed=printed, value=value,
                 tolerance=tolerance, tolerance_reason=entry.get("tolerance_reason"),
                 not_attempted=entry.get("not_attempted"))


@functools.cache
def load_registry():
    """Read every source's registry; return ``{source key: Source}`` in book order.

    Raises ValueError for a malformed entry or a duplicated id.
    """
    folder = resources.files(_REGISTRY_PACKAGE) / _REGISTRY_FOLDER
    sources, order = {}, {}
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if not path.name.endswith(".toml"):
            continue
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        head = data.get("source", {})
        key = head.get("key")
        if not key:
            raise ValueError(f"{path.name}: a [source] table with key, title and citation is required")
        claims = {}
        for entry in data.get("claims", []):
            claim = _claim_from_entry(entry, key, path.name)
            if claim.id in claims:
                raise ValueError(f"{path.name}: claim id {claim.id!r} appears twice")
            claims[claim.id] = claim
        sources[key] = Source(key=key, title=head.get("title", key),
                              citation=head.get("citation", ""), claims=claims)
        order[key] = head.get("order", len(order) + 100)
    return dict(sorted(sources.items(), key=lambda item: order[item[0]]))


def _all_claims():
    return {cid: c for source in load_registry().values() for cid, c in source.claims.items()}


def get_claim(claim_id):
    """Return the registry's :class:`Claim` with this id (ValueError names close matches)."""
    if isinstance(claim_id, Claim):
        return claim_id
    everything = _all_claims()
    try:
        return everything[claim_id]
    except (KeyError, TypeError):
        close = difflib.get_close_matches(str(claim_id), everything, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise ValueError(f"claim_id {claim_id!r} is in no source's registry{hint}") from None


def claims_of(prefix):
    """The claims whose id starts with ``prefix`` (e.g. ``"bf.table1."``), in registry order."""
    found = [c for cid, c in _all_claims().items() if cid.startswith(prefix)]
    if not found:
        raise ValueError(f"prefix {prefix!r} matches no claim id in the registries")
    return found


def source_value(claim_id):
    """The source's value of one claim, parsed (float, bool or str)."""
    return get_claim(claim_id).value


def source_values(prefix):
    """``{claim id: source value}`` for every claim whose id starts with ``prefix``."""
    return {c.id: c.value for c in claims_of(prefix)}


# --------------------------------------------------------------------------- verdicts
def _as_plain(value):
    """A JSON-ready Python scalar (numpy scalars and 0-d arrays included)."""
    if isinstance(value, np.ndarray):
        if value.ndim != 0:
            raise TypeError(f"value must be a scalar; got an array of shape {value.shape}")
        value = value.item()
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    raise TypeError(f"value must be a number, a bool or a string; got {type(value).__name__}")


def _check_label(name, value):
    if value is not None and (not isinstance(value, str) or not value.strip()):
        raise ValueError(f"{name} must be a non-empty string or None; got {value!r}")
    return value


def judge(claim_id, value, *, scale=None, data=None, explanation=None, source_error=None):
    """Compare our value with the source's and derive the verdict; glue nothing.

    Parameters
    ----------
    claim_id : str
        A registry id.
    value : float, int, bool or str
        Our value (a number for a numeric claim, a bool for a qualitative one).
    scale : str, optional
        The reduced scale used, in words ("10 runs of the paper's 100"); None means the
        source's scale.
    data : str, optional
        The stand-in data or learners used, in words ("scikit-learn's CART for Weka's
        J48"); None means the source's own.
    explanation : str, optional
        Label of the section that explains why our value differs (used only when it does).
    source_error : str, optional
        Label of the section that shows the source is wrong (used only when we differ).

    Returns
    -------
    Record
    """
    claim = get_claim(claim_id)
    if claim.not_attempted is not None:
        raise ValueError(f"claim {claim.id!r} is marked not_attempted in its registry "
                         f"({claim.not_attempted!r}); remove that line to record it")
    for name, given in (("scale", scale), ("data", data), ("explanation", explanation),
                        ("source_error", source_error)):
        _check_label(name, given)
    if explanation is not None and source_error is not None:
        raise ValueError("give explanation= or source_error=, not both")
    value = _as_plain(value)
    if claim.is_numeric:
        if isinstance(value, (bool, str)):
            raise TypeError(f"claim {claim.id!r} is numeric; value must be a number, got {value!r}")
        difference = float(value) - claim.value
        slack = 1e-12 * max(1.0, abs(claim.value))
        agrees = math.isfinite(difference) and abs(difference) <= claim.tolerance + slack
    else:
        if type(value) is not type(claim.value):
            raise TypeError(f"claim {claim.id!r} expects a {type(claim.value).__name__} "
                            f"(the source's value is {claim.printed!r}); got {value!r}")
        difference = None
        agrees = value == claim.value
    if agrees:
        verdict = "reproduced" if scale is None and data is None else "reproduced-standin"
    elif source_error is not None:
        verdict = "source-error"
    elif explanation is not None:
        verdict = "differs-explained"
    else:
        verdict = "not-reproduced"
    return Record(claim=claim, value=value, difference=difference, verdict=verdict,
                  scale=scale, data=data, explanation=explanation, source_error=source_error)


# --------------------------------------------------------------------------- glue
def _glue(key, value, display=False):
    """Glue into the running notebook (myst-nb); a no-op outside a Jupyter kernel."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is there wherever a kernel is
        return
    shell = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return
    from myst_nb import glue
    glue(key, value, display=display)


def _glue_payload(key, payload):
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover
        return
    shell = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return
    from myst_nb.ext.glue import GLUE_PREFIX
    # a JSON string as text/plain: the notebook schema allows only strings under a
    # prefixed mime type
    display({GLUE_PREFIX + "text/plain": json.dumps(payload)}, raw=True,
            metadata={"scrapbook": {"name": key, "mime_prefix": GLUE_PREFIX}})


def record(claim_id, value, *, scale=None, data=None, explanation=None, source_error=None):
    """Record our value of a claim: derive its verdict and glue it into the chapter.

    Glue keys (for ``{glue:text}`` in the chapter's prose): ``<id>`` (our value),
    ``<id>.source``, ``<id>.difference`` (numeric claims), ``<id>.verdict``, and
    ``<id>.record``, the payload the ledger reads. Outside a Jupyter kernel nothing is
    glued and the :class:`Record` is only returned. Parameters as in :func:`judge`.

    Returns
    -------
    Record
    """
    rec = judge(claim_id, value, scale=scale, data=data, explanation=explanation,
                source_error=source_error)
    cid = rec.claim.id
    _glue(cid, rec.value)
    _glue(cid + ".source", rec.claim.value)
    if rec.difference is not None:
        _glue(cid + ".difference", rec.difference)
    _glue(cid + ".verdict", rec.verdict)
    _glue_payload(cid + ".record", rec.as_payload())
    return rec


def conclude(claim_id, holds, *, if_true, if_false, **options):
    """Record a qualitative claim from a predicate and glue the sentence that states it.

    Parameters
    ----------
    claim_id : str
        A qualitative claim's id (its source value is ``true``: the source asserts it).
    holds : bool
        The predicate, computed from the chapter's own results.
    if_true, if_false : str
        The sentence (Markdown) that states our conclusion when the predicate holds or
        fails; glued as ``<id>.sentence`` for ``{glue:md}`` in the prose.
    **options
        ``scale``, ``data``, ``explanation``, ``source_error`` as in :func:`judge`.

    Returns
    -------
    Record
    """
    if not isinstance(holds, (bool, np.bool_)):
        raise TypeError(f"holds must be a bool (the predicate's value); got {holds!r}")
    for name, sentence in (("if_true", if_true), ("if_false", if_false)):
        if not isinstance(sentence, str) or not sentence.strip():
            raise ValueError(f"{name} must be a non-empty sentence; got {sentence!r}")
    rec = record(claim_id, bool(holds), **options)
    try:
        from IPython.display import Markdown
    except ImportError:  # pragma: no cover
        return rec
    _glue(rec.claim.id + ".sentence", Markdown(if_true if holds else if_false))
    return rec


def sentences(claim_id):
    """The two sentences that state our conclusion on a qualitative claim, from its statement.

    Returns ``(if_true, if_false)`` for :func:`conclude`; the statement is quoted as the
    registry words it (its capitals kept: it may start with a name such as Adamic/Adar).

    Examples
    --------
    >>> from evalkit import claims
    >>> claim = claims.claims_of("scott.")[0]
    >>> if_true, if_false = claims.sentences(claim.id)
    >>> if_true.startswith("Our results agree with the source: ")
    True
    """
    statement = get_claim(claim_id).statement.rstrip(".")
    return (f"Our results agree with the source: {statement}.",
            f"Our results do **not** agree with the source, which says: {statement}.")


def record_all(ours, *, scale=None, data=None, options=None, sentences=None):
    """Record every claim of ``{claim id: our value}``: numbers with :func:`record`, bools
    with :func:`conclude`.

    Parameters
    ----------
    ours : dict
        ``{claim id: our value}``, as a reproduction's claim functions return it.
    scale, data : str, optional
        The reduced scale and the stand-ins, for every claim (see :func:`judge`).
    options : dict, optional
        ``{claim id: {"explanation": label, "data": ..., ...}}``; per claim, overriding
        ``scale`` and ``data``.
    sentences : callable, optional
        ``claim id -> (if_true, if_false)`` for the qualitative claims; by default
        :func:`evalkit.claims.sentences`.

    Returns
    -------
    list of Record
    """
    make_sentences = sentences if sentences is not None else globals()["sentences"]
    out = []
    for cid, value in ours.items():
        opts = {"scale": scale, "data": data, **(options or {}).get(cid, {})}
        if isinstance(value, (bool, np.bool_)):
            if_true, if_false = make_sentences(cid)
            out.append(conclude(cid, bool(value), if_true=if_true, if_false=if_false, **opts))
        else:
            out.append(record(cid, value, **opts))
    return out


def table(records):
    """A pandas DataFrame of records for a chapter: source, evalkit, difference, verdict.

    Parameters
    ----------
    records : iterable of Record
    """
    import pandas as pd

    rows = [{"claim": r.claim.id, "where": r.claim.where, "source": r.claim.printed,
             "evalkit": r.value, "difference": r.difference, "verdict": r.verdict}
            for r in records]
    return pd.DataFrame(rows).set_index("claim")


# --------------------------------------------------------------------------- ledger
def ledger_rows(payloads):
    """The ledger: one row per registry claim, from the recorded payloads only.

    Parameters
    ----------
    payloads : iterable of (chapter, payload)
        What the chapters recorded (``Record.as_payload()``), with the chapter that
        recorded it. The verdict is derived again here from the registry as it stands.

    Returns
    -------
    list of dict
        Keyed by ``LEDGER_COLUMNS``, in registry order.

    Raises
    ------
    ValueError
        When a payload names a claim the registry lacks, or two payloads record the
        same claim.
    """
    recorded = {}
    for chapter, payload in payloads:
        cid = payload["claim_id"]
        get_claim(cid)  # raises for a claim the registry lacks
        if cid in recorded:
            raise ValueError(f"claim {cid!r} is recorded twice: in {recorded[cid][0]!r} "
                             f"and in {chapter!r}")
        recorded[cid] = (chapter, payload)
    rows = []
    for cid, claim in _all_claims().items():
        row = {"claim_id": cid, "source": claim.source, "where": claim.where,
               "kind": claim.kind, "statement": claim.statement,
               "source_value": claim.value, "evalkit_value": None, "difference": None,
               "tolerance": claim.tolerance, "verdict": None, "scale": None, "data": None,
               "chapter": None, "explanation": None}
        if cid in recorded:
            chapter, payload = recorded[cid]
            options = {k: payload.get(k) for k in ("scale", "data", "explanation", "source_error")}
            rec = judge(cid, payload["value"], **options)
            row.update(evalkit_value=rec.value, difference=rec.difference,
                       verdict=rec.verdict, scale=rec.scale or "source",
                       data=rec.data or "source", chapter=chapter,
                       explanation=rec.reason)
        elif claim.not_attempted is not None:
            row.update(verdict="not-attempted", explanation=claim.not_attempted)
        rows.append(row)
    return rows


def coverage(rows):
    """Counts of claims per verdict for each source: ``{source: {verdict: n}}``."""
    counts = {}
    for row in rows:
        per = counts.setdefault(row["source"], {v: 0 for v in VERDICTS + ("missing",)})
        per[row["verdict"] or "missing"] += 1
    return counts


def write_ledger(rows, directory):
    """Write ``ledger.csv`` and ``ledger.json`` (columns ``LEDGER_COLUMNS``) to a folder."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / "ledger.json", "w", encoding="utf-8") as handle:
        json.dump([{k: row[k] for k in LEDGER_COLUMNS} for row in rows], handle, indent=1)
    with open(directory / "ledger.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=LEDGER_COLUMNS)
        writer.writeheader()
        for row in rows:
            writer.writerow({k: "" if row[k] is None else row[k] for k in LEDGER_COLUMNS})
    return directory / "ledger.csv", directory / "ledger.json"
