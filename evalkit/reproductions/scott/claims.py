"""Our values of the numeric claims of Scott's lecture, keyed by claim id.

Each function returns ``{claim id: our value}`` for a group of claims of the registry
``evalkit/reproductions/scott/claims.toml``; the chapters pass the items to
:func:`evalkit.claims.record`. The lecture's values live only in the registry: the
functions read the claims' ids (``scott.t-table.df9.c975`` is the one-sided critical
value of Student's t with 9 degrees of freedom at level 0.975) and compute ours.

Examples
--------
>>> from evalkit.reproductions.scott import claims as scott_claims
>>> ours = scott_claims.t_table_values()
>>> len(ours), round(ours["scott.t-table.df9.c950"], 4)
(104, 1.8331)
>>> round(scott_claims.ci_example_values()["scott.ci-example.lower"], 5)
0.15799
"""
from __future__ import annotations

import numpy as np

from ... import claims, metrics, stats
from ..._checks import Integer, Real, checks

__all__ = [
    "APPROXIMATELY_95",
    "IMBALANCED_EXAMPLE",
    "Z_TABLES",
    "ci_example_values",
    "familywise_values",
    "imbalanced_confusion_matrices",
    "imbalanced_values",
    "one_sided_formula_check",
    "t_table_values",
    "z_table_values",
]

#: the lecture's imbalanced test set: positives, negatives, and per hypothesis the
#: (positives right, negatives right); the inputs of the accuracy claims
IMBALANCED_EXAMPLE = {
    "n_positive": 20,
    "n_negative": 980,
    "hypotheses": {"h1": (2, 965), "always-negative": (0, 980), "h2": (19, 930)},
}

#: claim-id prefix of each normal table -> ``alternative`` of its critical values
Z_TABLES = {
    "scott.z-table1.": "two-sided",
    "scott.z-table2.": "two-sided",
    "scott.z-one-sided.": "less",
}


def _level(claim_id):
    """The confidence level a table claim's id names: ``...c68`` -> 0.68, ``...c975`` -> 0.975."""
    last = claim_id.rsplit(".", 1)[1]
    if not (last.startswith("c") and last[1:].isdigit()):
        raise ValueError(f"claim id {claim_id!r} does not end in a level such as 'c95'")
    return float("0." + last[1:])


@checks()
def ci_example_values():
    """The lecture's example, 12 mistakes on 40 test examples: sample error and 95% interval.

    Returns
    -------
    dict
        ``scott.ci-example.{error, lower, upper}`` -> our value (the lecture's normal interval).


    Examples
    --------
    >>> round(ci_example_values()["scott.ci-example.upper"], 5)
    0.44201
    """
    ci = stats.error_confidence_interval(12, 40)
    return {"scott.ci-example.error": ci.error, "scott.ci-example.lower": ci.low,
            "scott.ci-example.upper": ci.high}


@checks()
def z_table_values():
    """The lecture's three rows of normal critical values, and the 80% interval of the normal slide.

    Returns
    -------
    dict
        Every claim of :data:`Z_TABLES`'s prefixes (two-sided ``z_c`` twice, one-sided
        ``z'_c``) and ``scott.normal.z80`` -> :func:`evalkit.stats.normal_critical_value`.


    Examples
    --------
    >>> round(z_table_values()["scott.normal.z80"], 4)
    1.2816
    """
    ours = {}
    for prefix, alternative in Z_TABLES.items():
        for claim in claims.claims_of(prefix):
            ours[claim.id] = float(stats.normal_critical_value(_level(claim.id), alternative=alternative))
    ours["scott.normal.z80"] = float(stats.normal_critical_value(0.80))
    return ours


@checks()
def one_sided_formula_check():
    """The lecture's formula ``z'_c = z_{100-(100-c)/2}`` and the corrected ``z_{2c-100}``
    against the lecture's own row of ``z'_c``.

    Returns
    -------
    pandas.DataFrame
        Index ``c (%)``; the lecture's ``z'_c``, the two formulas' values and whether each
        agrees with the row within its printed rounding.


    Examples
    --------
    >>> one_sided_formula_check().shape
    (7, 5)
    """
    import pandas as pd

    rows = {}
    for claim in claims.claims_of("scott.z-one-sided."):
        c = 100 * _level(claim.id)
        printed = float(stats.normal_critical_value((100 - (100 - c) / 2) / 100))
        corrected = float(stats.normal_critical_value((2 * c - 100) / 100)) if c > 50 else 0.0  # z_0 = 0
        rows[round(c)] = {
            "lecture's z'_c": claim.value,
            "printed formula z_{100-(100-c)/2}": printed,
            "corrected formula z_{2c-100}": corrected,
            "printed formula agrees": abs(printed - claim.value) <= claim.tolerance,
            "corrected formula agrees": abs(corrected - claim.value) <= claim.tolerance,
        }
    return pd.DataFrame(rows).T.rename_axis("c (%)").infer_objects()


@checks()
def t_table_values():
    """Every cell of the lecture's one-sided Student's t table (df 1..13, eight levels).

    Returns
    -------
    dict
        ``scott.t-table.df<df>.c<level>`` -> :func:`evalkit.stats.t_critical_value`.


    Examples
    --------
    >>> round(t_table_values()["scott.t-table.df9.c950"], 4)
    1.8331
    """
    ours = {}
    for claim in claims.claims_of("scott.t-table."):
        df = int(claim.id.split(".")[2].removeprefix("df"))
        ours[claim.id] = float(stats.t_critical_value(_level(claim.id), df, alternative="less"))
    return ours


@checks(alpha=Real(0, 1, closed="neither"), n_tests=Integer(1))
def familywise_values(*, alpha=0.05, n_tests=4):
    """The multiple-comparisons slide: one test's, and four independent tests', chance of error.

    Parameters
    ----------
    alpha : float
        Level of each test (the lecture's 95% confidence).
    n_tests : int
        Tests in the family (``L^1`` against ``L^2, ..., L^5``).

    Returns
    -------
    dict
        ``scott.multiple.per-test`` (the chance that one test is wrong),
        ``scott.multiple.at-least-one`` (that at least one of ``n_tests`` independent tests
        is wrong, :func:`evalkit.stats.familywise_error`) and
        ``scott.multiple.overall-confidence`` (one minus that).


    Examples
    --------
    >>> round(familywise_values(alpha=0.05, n_tests=4)["scott.multiple.at-least-one"], 4)
    0.1855
    """
    one = stats.familywise_error(alpha, 1)
    family = stats.familywise_error(alpha, n_tests)
    return {"scott.multiple.per-test": one, "scott.multiple.at-least-one": family,
            "scott.multiple.overall-confidence": 1 - family}


@checks()
def imbalanced_confusion_matrices():
    """Confusion matrices ``[[tp, fn], [fp, tn]]`` of :data:`IMBALANCED_EXAMPLE`'s hypotheses.

    Returns
    -------
    dict of str -> ndarray of int, shape (2, 2)
        Hypothesis -> its confusion matrix.

    Examples
    --------
    >>> imbalanced_confusion_matrices()["h1"].tolist()
    [[2, 18], [15, 965]]
    """
    p, n = IMBALANCED_EXAMPLE["n_positive"], IMBALANCED_EXAMPLE["n_negative"]
    return {name: np.array([[tp, p - tp], [n - tn, tn]])
            for name, (tp, tn) in IMBALANCED_EXAMPLE["hypotheses"].items()}


@checks()
def imbalanced_values():
    """Accuracies of the imbalanced example's three hypotheses.

    Returns
    -------
    dict
        ``scott.imbalanced.{h1, always-negative, h2}`` -> :func:`evalkit.metrics.accuracy`.


    Examples
    --------
    >>> imbalanced_values()["scott.imbalanced.h1"]
    0.967
    """
    return {f"scott.imbalanced.{name}": float(metrics.accuracy(cm))
            for name, cm in imbalanced_confusion_matrices().items()}


#: Coverage the book accepts as "approximately 95%" for a nominal 95% interval (as for the
#: error interval's N >= 30 rule in the estimating-error chapter).
APPROXIMATELY_95 = 0.93
