"""The claims registry of each source: :class:`Claim`, :class:`Source` and their look-ups.

The registries are the TOML files ``evalkit/reproductions/<slug>/claims.toml``, one in each
source package (:data:`evalkit.reproductions.SOURCES`), read once (:func:`load_registry` is
cached). Besides the source's value, an entry may hold the two sentences that state our
conclusion on a qualitative claim (``if_true``, ``if_false``) and the claim's standing notes
(``explanation``, ``source_error``: the keywords of :func:`~evalkit.claims.judge`, used when
a chapter gives none). What a record rests on (its ``data`` and ``scale``) is never typed
here: the computation behind it declares it (:func:`evalkit.reproductions.experiment`'s
``uses``, :func:`evalkit.reproductions.declare`), in the words of the registry's
``[standins]`` table.
"""
from __future__ import annotations

import dataclasses
import difflib
import functools
import math
import numbers
import re
import tomllib
from importlib import resources

from .._checks import Boolean, Choice, Either, Instance, Real, Text, checks
from ._common import EXAMPLE_ID, LABEL, VALUE, all_claims

__all__ = [
    "KINDS",
    "Claim",
    "Source",
    "claims_of",
    "get_claim",
    "load_registry",
    "parse_printed",
    "source_value",
    "source_values",
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


_REGISTRY_PACKAGE = "evalkit.reproductions"
_REGISTRY_FILE = "claims.toml"
#: the source packages of evalkit.reproductions (its SOURCES, which imports this package)
_SOURCE_PACKAGES = ("scott", "graph_metrics", "replicability", "network_cv", "link_prediction")
_ID = re.compile(r"^[a-z0-9]+(\.[a-z0-9][a-z0-9_+-]*)+$")
_PRINTED = re.compile(r"^([-+−]?)([0-9][0-9,]*)(?:\.([0-9]+))?(?:[eE]([-+]?[0-9]+))?(%?)$")
#: an exact fraction as a source prints it, "8/7": its value is the ratio, with no rounding
_FRACTION = re.compile(r"^([-+−]?)([0-9]+)\s*/\s*([0-9]+)$")
_SUFFIXES = ("source", "difference", "verdict", "sentence", "record")
_SENTENCES = ("if_true", "if_false")
_NOTES = ("explanation", "source_error")
#: what a record rests on: derived from the computation's declaration, never typed in a registry
_DERIVED = ("scale", "data")


@checks(id=Text(), source=Text(), where=Text(empty=True), kind=Choice(*KINDS), statement=Text(empty=True),
        printed=Text(empty=True), value=VALUE, tolerance=Real(0, math.inf, allow_inf=True, none=True),
        tolerance_reason=LABEL, not_attempted=LABEL, if_true=LABEL, if_false=LABEL,
        explanation=LABEL, source_error=LABEL)
@dataclasses.dataclass(frozen=True)
class Claim:
    """One checkable item of a source, as its registry states it.

    Parameters
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
    if_true, if_false : str or None
        A qualitative claim's two sentences (Markdown) stating our conclusion when the
        predicate holds and when it fails; None: :func:`~evalkit.claims.sentences` words
        them from the statement. They may hold ``{name}`` fields, filled from the values
        a chapter passes to :func:`~evalkit.claims.record_all`.
    explanation, source_error : str or None
        Standing notes: the section explaining a difference, the section showing a source
        error (see :func:`~evalkit.claims.judge`), used when a chapter gives none.

    Examples
    --------
    >>> claim = get_claim("scott.ci-example.lower")
    >>> claim.kind, claim.printed, claim.is_numeric
    ('example', '0.158', True)
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
    if_true: str | None = None
    if_false: str | None = None
    explanation: str | None = None
    source_error: str | None = None

    @property
    def is_numeric(self):
        """Whether the source's value is a number (compared within the tolerance)."""
        return isinstance(self.value, float)


@checks(key=Text(), title=Text(empty=True), citation=Text(empty=True),
        claims=Instance(dict, example=lambda: {EXAMPLE_ID: get_claim(EXAMPLE_ID)}),
        standins=Instance(dict, example=lambda: {"demo": "a stand-in"}))
@dataclasses.dataclass(frozen=True)
class Source:
    """One source's registry: its key, title, citation key and claims (by id).

    Parameters
    ----------
    key : str
        The registry's key, e.g. ``"scott"``.
    title : str
        The source's title.
    citation : str
        Its citation key in the book's bibliography.
    claims : dict of str -> Claim
        Its claims, by id, in registry order.
    standins : dict of str -> str
        The stand-ins its experiments declare (``[standins]``: name -> what stands in for
        the source's data or learners, in words); see :func:`standin`.

    Examples
    --------
    >>> scott = load_registry()["scott"]
    >>> scott.key, "scott.ci-example.lower" in scott.claims
    ('scott', True)
    """

    key: str
    title: str
    citation: str
    claims: dict
    standins: dict

    def __repr__(self):
        return f"Source(key={self.key!r}, title={self.title!r}, claims={len(self.claims)})"


#: programs whose printed numbers a registry may quote (``printed_by``), and the significant digits
#: they print by default: R's ``print`` shows 7 and drops trailing zeros, so its "1" is 1 to 7 digits
PRINTERS = {"R": 7}


@checks(printed=Either(Text(empty=True), Boolean(), Real(allow_inf=True, allow_nan=True)),
        printed_by=Choice(*PRINTERS, none=True))
def parse_printed(printed, *, printed_by=None):
    """Parse a value as a source prints it; return ``(value, rounding tolerance)``.

    Numbers are given as strings so that their rounding is kept: ``"0.30"`` is 0.3 to
    within 0.005; ``"20%"`` is 0.2 to within 0.005; ``"23,133"`` is 23133 to within 0.5;
    ``"1.2e-5"`` is 1.2e-5 to within 5e-7; a fraction, ``"8/7"``, is exact (tolerance 0: the
    comparison allows only float rounding). Booleans and other strings must match
    exactly (tolerance None). A number a program printed (``printed_by``) has the
    program's precision, not that of its last printed digit: R prints 7 significant
    digits and drops trailing zeros, so its ``"1"`` is 1 to within 5e-7 and its ``"0"``
    is exactly 0.

    Parameters
    ----------
    printed : str or bool
        The value as the source prints it (a number as a string, to keep its rounding).
    printed_by : {'R'}, optional
        The program that printed the number (``PRINTERS``), if the source quotes one.

    Returns
    -------
    value : float, bool or str
        The parsed value.
    tolerance : float or None
        Half a unit of the last printed digit; None for a value that must match exactly.

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
    >>> parse_printed("1", printed_by="R"), parse_printed("0.6666667", printed_by="R")
    ((1.0, 5e-07), (0.6666667, 5e-08))
    >>> parse_printed("8/7")
    (1.1428571428571428, 0.0)
    """
    if isinstance(printed, bool):
        return printed, None
    if isinstance(printed, numbers.Real):
        raise TypeError(
            f"a numeric source value must be written as the source prints it, in quotes "
            f"(e.g. \"0.30\"), so that its rounding is kept; got the number {printed!r}")
    if not isinstance(printed, str):
        raise TypeError(f"a source value must be a string or a boolean; got {printed!r}")
    fraction = _FRACTION.match(printed.strip())
    if fraction is not None:
        sign, numerator, denominator = fraction.groups()
        if int(denominator) == 0:
            raise ValueError(f"a printed fraction must have a non-zero denominator; got {printed!r}")
        return (-1.0 if sign in ("-", "−") else 1.0) * int(numerator) / int(denominator), 0.0
    match = _PRINTED.match(printed.strip())
    if match is None:
        return printed, None
    sign, whole, decimals, exponent, percent = match.groups()
    text = whole.replace(",", "") + ("." + decimals if decimals else "")
    scale = 10.0 ** int(exponent or 0) * (0.01 if percent else 1.0)
    value = float(text) * scale * (-1.0 if sign in ("-", "−") else 1.0)
    unit = 10.0 ** -len(decimals or "") * scale
    if printed_by is not None:      # half a unit of the program's last significant digit
        digits = PRINTERS[printed_by]
        unit = 0.0 if value == 0 else 10.0 ** (math.floor(math.log10(abs(value))) - digits + 1)
    # round away the float noise of the scaling (0.2 rather than 0.20000000000000001)
    return float(f"{value:.12g}"), float(f"{unit / 2:.12g}")


def claim_from_entry(entry, source_key, filename):
    """One registry entry (a dict from the TOML file) as a :class:`Claim`; ValueError if malformed."""
    missing = [f for f in ("id", "where", "kind", "statement", "value") if f not in entry]
    if missing:
        raise ValueError(f"{filename}: claim {entry.get('id', entry)!r} lacks {missing}")
    typed = [name for name in _DERIVED if name in entry]
    if typed:
        raise ValueError(f"{filename}: claim {entry.get('id', entry)!r} types {typed}: what a record rests on is "
                         f"derived from the computation behind it (experiment(uses=...), declare(uses=...) with "
                         f"the registry's [standins]), never typed in the registry")
    unknown = set(entry) - {"id", "where", "kind", "statement", "value", "tolerance",
                            "tolerance_reason", "not_attempted", "printed_by", *_SENTENCES, *_NOTES}
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
    printed_by = entry.get("printed_by")
    if printed_by is not None and (printed_by not in PRINTERS or not isinstance(entry["value"], str)):
        raise ValueError(f"{filename}: claim {claim_id!r}: printed_by must be one of {sorted(PRINTERS)} "
                         f"and go with a printed number; got {printed_by!r}")
    value, tolerance = parse_printed(entry["value"], printed_by=printed_by)
    if printed_by is not None and not isinstance(value, float):
        raise ValueError(f"{filename}: claim {claim_id!r}: printed_by goes with a number; got {entry['value']!r}")
    if "tolerance" in entry:
        if not isinstance(value, float):
            raise ValueError(f"{filename}: claim {claim_id!r}: only a numeric value has a tolerance")
        given = float(entry["tolerance"])
        if given > tolerance and "tolerance_reason" not in entry:
            raise ValueError(f"{filename}: claim {claim_id!r} widens its tolerance beyond the "
                             f"printed rounding; say why in tolerance_reason")
        tolerance = given
    given_sentences = [name for name in _SENTENCES if name in entry]
    if given_sentences and (len(given_sentences) == 1 or not isinstance(value, bool)):
        raise ValueError(f"{filename}: claim {claim_id!r}: if_true and if_false come together, and only "
                         f"for a qualitative claim (value true or false)")
    if entry.get("explanation") is not None and entry.get("source_error") is not None:
        raise ValueError(f"{filename}: claim {claim_id!r}: give explanation or source_error, not both")
    for name in (*_SENTENCES, *_NOTES):
        if name in entry and (not isinstance(entry[name], str) or not entry[name].strip()):
            raise ValueError(f"{filename}: claim {claim_id!r}: {name} must be a non-empty string")
    printed = entry["value"] if isinstance(entry["value"], str) else str(entry["value"]).lower()
    return Claim(id=claim_id, source=source_key, where=entry["where"], kind=entry["kind"],
                 statement=" ".join(entry["statement"].split()), printed=printed, value=value,
                 tolerance=tolerance, tolerance_reason=entry.get("tolerance_reason"),
                 not_attempted=entry.get("not_attempted"),
                 **{name: entry.get(name) for name in (*_SENTENCES, *_NOTES)})


@functools.cache
@checks()
def load_registry():
    """Read every source's registry; return ``{source key: Source}`` in book order.

    Raises ValueError for a malformed entry or a duplicated id.

    Returns
    -------
    dict of str -> Source
        Every source's registry, in book order.

    Examples
    --------
    >>> "scott" in load_registry()
    True
    """
    sources, order = {}, {}
    for package in _SOURCE_PACKAGES:
        # the file, without importing the source package (whose modules read the registry)
        path = resources.files(_REGISTRY_PACKAGE) / package / _REGISTRY_FILE
        filename = f"{package}/{_REGISTRY_FILE}"
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        head = data.get("source", {})
        key = head.get("key")
        if not key:
            raise ValueError(f"{filename}: a [source] table with key, title and citation is required")
        claims = {}
        for entry in data.get("claims", []):
            claim = claim_from_entry(entry, key, filename)
            if claim.id in claims:
                raise ValueError(f"{filename}: claim id {claim.id!r} appears twice")
            claims[claim.id] = claim
        standins = data.get("standins", {})
        if not all(isinstance(words, str) and words.strip() for words in standins.values()):
            raise ValueError(f"{filename}: [standins] must map a name to what stands in, in words")
        sources[key] = Source(key=key, title=head.get("title", key),
                              citation=head.get("citation", ""), claims=claims, standins=dict(standins))
        order[key] = head.get("order", len(order) + 100)
    names = [name for source in sources.values() for name in source.standins]
    if len(names) != len(set(names)):
        raise ValueError(f"a stand-in is named twice in the registries' [standins]: "
                         f"{sorted({n for n in names if names.count(n) > 1})}")
    return dict(sorted(sources.items(), key=lambda item: order[item[0]]))


@checks(name=Text())
def standin(name):
    """What a named stand-in is, in words: the ``[standins]`` of the registries.

    An experiment declares what it runs on by these names
    (:func:`evalkit.reproductions.experiment`'s ``uses``), so that the words live once, in
    the source's registry, and every record of its claims carries them.

    Parameters
    ----------
    name : str
        A name of a registry's ``[standins]`` table.

    Returns
    -------
    str
        The stand-in, in words.

    Examples
    --------
    >>> standin("lgm-networks")[:36]
    'networks of the latent group model a'
    """
    everything = {n: words for source in load_registry().values() for n, words in source.standins.items()}
    if name not in everything:
        close = difflib.get_close_matches(name, everything, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise ValueError(f"name {name!r} is in no registry's [standins]{hint}")
    return everything[name]


@checks(claim_id=Either(Text(), Instance(Claim)))
def get_claim(claim_id):
    """Return the registry's :class:`Claim` with this id (ValueError names close matches).

    Parameters
    ----------
    claim_id : str or Claim
        A registry id (a Claim is returned as it is).

    Returns
    -------
    Claim
        The registry's claim.

    Examples
    --------
    >>> get_claim("scott.ci-example.lower").value
    0.158
    """
    if isinstance(claim_id, Claim):
        return claim_id
    everything = all_claims(load_registry())
    try:
        return everything[claim_id]
    except (KeyError, TypeError):
        close = difflib.get_close_matches(str(claim_id), everything, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise ValueError(f"claim_id {claim_id!r} is in no source's registry{hint}") from None


@checks(prefix=Text())
def claims_of(prefix):
    """The claims whose id starts with ``prefix`` (e.g. ``"bf.table1."``), in registry order.

    Parameters
    ----------
    prefix : str
        The start of the claim ids wanted.

    Returns
    -------
    list of Claim
        The matching claims (ValueError when there is none).

    Examples
    --------
    >>> claims_of("scott.ci-example.")[0].id.startswith("scott.ci-example.")
    True
    """
    found = [c for cid, c in all_claims(load_registry()).items() if cid.startswith(prefix)]
    if not found:
        raise ValueError(f"prefix {prefix!r} matches no claim id in the registries")
    return found


@checks(claim_id=Either(Text(), Instance(Claim)))
def source_value(claim_id):
    """The source's value of one claim, parsed (float, bool or str).

    Parameters
    ----------
    claim_id : str or Claim
        A registry id.

    Returns
    -------
    float, bool or str
        The source's value.

    Examples
    --------
    >>> source_value("scott.ci-example.lower")
    0.158
    """
    return get_claim(claim_id).value


@checks(prefix=Text())
def source_values(prefix):
    """``{claim id: source value}`` for every claim whose id starts with ``prefix``.

    Parameters
    ----------
    prefix : str
        The start of the claim ids wanted.

    Returns
    -------
    dict of str -> (float, bool or str)
        The source's values, by claim id.

    Examples
    --------
    >>> source_values("scott.ci-example.lower")
    {'scott.ci-example.lower': 0.158}
    """
    return {c.id: c.value for c in claims_of(prefix)}

