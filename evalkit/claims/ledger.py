"""The ledger: one row per registry claim from what the chapters recorded, its coverage and files."""
from __future__ import annotations

import csv
import json
import math
import numbers
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from .._checks import Anything, Either, Instance, Integer, PathLike, Real, Text, Values, checks
from ._common import EXAMPLE_ID, all_claims
from .registry import get_claim, load_registry, source_value
from .verdicts import VERDICTS, Record, judge

__all__ = [
    "LEDGER_COLUMNS",
    "coverage",
    "format_difference",
    "format_value",
    "ledger_rows",
    "table",
    "write_ledger",
]

#: The columns of ``ledger.csv`` and the keys of each row of ``ledger.json``.
LEDGER_COLUMNS = (
    "claim_id", "source", "where", "kind", "statement", "source_value", "evalkit_value",
    "difference", "tolerance", "tolerance_reason", "std_error", "source_std_error", "z", "verdict", "scale",
    "data", "chapter", "explanation",
)


@checks(value=Anything("a recorded value: a number, bool, text or None"), digits=Integer(1, 17),
        like=Text(empty=True, none=True))
def format_value(value, digits=4, *, like=None):
    """A value as a reader compares it with a printed one: ``digits`` significant digits.

    Booleans print as ``true``/``false``, integers (and integral floats) in full, other
    numbers to ``digits`` significant digits (at least as many as ``like`` prints) without
    an exponent below ``10**digits``, anything else as ``str`` (``""`` for None).

    Parameters
    ----------
    value : object
        A recorded value (number, bool, str or None).
    digits : int, default 4
        Significant digits of a non-integral number.
    like : str, optional
        The source's value as printed (``Claim.printed``): ours is shown with at least
        as many significant digits, so that a difference in its last digit shows.

    Returns
    -------
    str
        The value as shown in the chapters' claim tables and the ledger page.

    Examples
    --------
    >>> [format_value(v) for v in (0.3249201, True, 12, 1.0, 123456.7, 2.5e-7, None)]
    ['0.3249', 'true', '12', '1', '123457', '2.5e-07', '']
    >>> format_value(0.49905891, like="0.4990589")
    '0.4990589'
    """
    if like is not None:
        digits = max(digits, min(17, len(re.sub(r"\D", "", like.split("e")[0].split("E")[0]).lstrip("0"))))
    if value is None:
        return ""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return "true" if value else "false"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        value = float(value)
        if not math.isfinite(value):
            return str(value)
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        if abs(value) >= 10 ** digits:
            return f"{value:.0f}"
        return f"{value:.{digits}g}"
    return str(value)


@checks(difference=Real(allow_inf=True, allow_nan=True, none=True))
def format_difference(difference):
    """A difference (ours minus the source's) to two significant digits, signed.

    Parameters
    ----------
    difference : float or None
        ``Record.difference``.

    Returns
    -------
    str
        ``""`` for None (a qualitative claim), else e.g. ``"-8e-05"`` or ``"+0.13"``.

    Examples
    --------
    >>> format_difference(-0.00008), format_difference(0.131572), format_difference(None)
    ('-8e-05', '+0.13', '')
    """
    if difference is None or math.isnan(difference):
        return ""
    return f"{float(difference):+.2g}"


@checks(records=Values(of=Instance(Record, example=lambda: judge(EXAMPLE_ID, source_value(EXAMPLE_ID)))),
        digits=Integer(1, 17, none=True))
def table(records, *, digits=4):
    """A pandas DataFrame of records for a chapter: source, evalkit, difference, verdict.

    Parameters
    ----------
    records : list or tuple of Record
        At least one record.
    digits : int or None, default 4
        Show our values with :func:`format_value` to this many significant digits and the
        differences with :func:`format_difference` (columns of text, as a reader compares
        them with the source's printed values; at least as many digits as the source
        prints); None keeps the values themselves.

    Returns
    -------
    pandas.DataFrame
        One row per record, indexed by claim id.

    Examples
    --------
    >>> frame = table([judge("scott.ci-example.lower", 0.1579871)])
    >>> frame.loc["scott.ci-example.lower", ["source", "evalkit", "difference", "verdict"]].tolist()
    ['0.158', '0.158', '-1.3e-05', 'reproduced']
    >>> float(table([judge("scott.ci-example.lower", 0.1579871)], digits=None)["evalkit"].iloc[0])
    0.1579871
    """
    import pandas as pd

    def shown(value, printed):
        return value if digits is None else format_value(value, digits, like=printed)

    def shown_difference(difference):
        return difference if digits is None else format_difference(difference)

    rows = [{"claim": r.claim.id, "where": r.claim.where, "source": r.claim.printed,
             # None: a value our Monte Carlo results cannot settle (the verdict is inconclusive)
             "evalkit": "undecided" if r.value is None else shown(r.value, r.claim.printed),
             "difference": shown_difference(r.difference),
             "verdict": r.verdict}
            for r in records]
    if any(r.z is not None for r in records):   # Monte Carlo values: their standard error and z
        for row, r in zip(rows, records):
            row["standard error"] = "" if r.combined_std_error is None else f"{r.combined_std_error:.2g}"
            row["z"] = "" if r.z is None else f"{r.z:.1f}"
            row["verdict"] = row.pop("verdict")
    return pd.DataFrame(rows).set_index("claim")


# --------------------------------------------------------------------------- ledger
def _payload_pairs(payloads):
    """``payloads`` as a list of (chapter, payload dict) pairs, or a ValueError naming it."""
    pairs = list(payloads)
    for i, pair in enumerate(pairs):
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2 and isinstance(pair[1], Mapping)):
            raise ValueError(f"payloads[{i}] must be a (chapter, payload dict) pair; got {pair!r}")
        missing = {"claim_id", "value"} - set(pair[1])
        if missing:
            raise ValueError(f"payloads[{i}] lacks {sorted(missing)} (see Record.as_payload())")
    return pairs


@checks(payloads=Either(Values(of=Instance(tuple, list, example=lambda: ("ch", judge(EXAMPLE_ID, source_value(EXAMPLE_ID)).as_payload())),
                               min_len=0), Instance(Iterator, example=lambda: iter(()))))
def ledger_rows(payloads):
    """The ledger: one row per registry claim, from the recorded payloads only.

    Parameters
    ----------
    payloads : list or iterator of (chapter, payload)
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

    Examples
    --------
    >>> rows = ledger_rows([("ch", judge("scott.ci-example.lower", 0.158).as_payload())])
    >>> [r["verdict"] for r in rows if r["claim_id"] == "scott.ci-example.lower"]
    ['reproduced']
    """
    recorded = {}
    for chapter, payload in _payload_pairs(payloads):
        cid = payload["claim_id"]
        get_claim(cid)  # raises for a claim the registry lacks
        if cid in recorded:
            raise ValueError(f"claim {cid!r} is recorded twice: in {recorded[cid][0]!r} "
                             f"and in {chapter!r}")
        recorded[cid] = (chapter, payload)
    rows = []
    for cid, claim in all_claims(load_registry()).items():
        row = {"claim_id": cid, "source": claim.source, "where": claim.where,
               "kind": claim.kind, "statement": claim.statement,
               "source_value": claim.value, "evalkit_value": None, "difference": None,
               "tolerance": claim.tolerance, "tolerance_reason": claim.tolerance_reason,
               "std_error": None, "source_std_error": None, "z": None, "verdict": None, "scale": None, "data": None,
               "chapter": None, "explanation": None}
        if cid in recorded:
            chapter, payload = recorded[cid]
            options = {k: payload.get(k) for k in ("scale", "data", "explanation", "source_error", "std_error",
                                                    "source_std_error")}
            rec = judge(cid, payload["value"], **options)
            row.update(evalkit_value=rec.value, difference=rec.difference, std_error=rec.std_error,
                       source_std_error=rec.source_std_error, z=rec.z,
                       verdict=rec.verdict, scale=rec.scale or "source",
                       data=rec.data or "source", chapter=chapter,
                       explanation=rec.reason)
        elif claim.not_attempted is not None:
            row.update(verdict="not-attempted", explanation=claim.not_attempted)
        rows.append(row)
    return rows


def _json_number(value):
    """``value``, with a non-finite float as its ``str`` (JSON has no infinity or NaN)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value


def _check_rows(rows, keys):
    for i, row in enumerate(rows):
        missing = set(keys) - set(row)
        if missing:
            raise ValueError(f"rows[{i}] lacks the keys {sorted(missing)} (rows as ledger_rows() gives them)")


@checks(rows=Values(of=Instance(Mapping, example=lambda: ledger_rows([])[0]), min_len=0))
def coverage(rows):
    """Counts of claims per verdict for each source: ``{source: {verdict: n}}``.

    Parameters
    ----------
    rows : list of dict
        The ledger's rows, as :func:`ledger_rows` returns them.

    Returns
    -------
    dict of str -> dict of str -> int
        For each source, the number of claims of each verdict (``"missing"``: none).

    Examples
    --------
    >>> coverage(ledger_rows([]))["scott"]["not-reproduced"]
    0
    """
    _check_rows(rows, ("source", "verdict"))
    counts = {}
    for row in rows:
        per = counts.setdefault(row["source"], {v: 0 for v in VERDICTS + ("missing",)})
        per[row["verdict"] or "missing"] += 1
    return counts


@checks(rows=Values(of=Instance(Mapping, example=lambda: ledger_rows([])[0]), min_len=0), directory=PathLike())
def write_ledger(rows, directory):
    """Write ``ledger.csv`` and ``ledger.json`` (columns ``LEDGER_COLUMNS``) to a folder.

    Parameters
    ----------
    rows : list of dict
        The ledger's rows, as :func:`ledger_rows` returns them.
    directory : str or os.PathLike
        The folder (created if needed).

    Returns
    -------
    csv_path, json_path : pathlib.Path
        The two files written.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     csv_path, json_path = write_ledger(ledger_rows([]), folder)
    ...     csv_path.name, json_path.name
    ('ledger.csv', 'ledger.json')
    """
    _check_rows(rows, LEDGER_COLUMNS)
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / "ledger.json", "w", encoding="utf-8") as handle:
        # strict JSON: an infinite or undefined number (a z over a zero standard error) is
        # written as the string "inf", "-inf" or "nan", which float() reads back
        json.dump([{k: _json_number(row[k]) for k in LEDGER_COLUMNS} for row in rows], handle, indent=1,
                  allow_nan=False)
    with open(directory / "ledger.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=LEDGER_COLUMNS)
        writer.writeheader()
        for row in rows:
            writer.writerow({k: "" if row[k] is None else row[k] for k in LEDGER_COLUMNS})
    return directory / "ledger.csv", directory / "ledger.json"
