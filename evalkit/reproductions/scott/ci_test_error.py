"""The ci-test-error page (``chapters/scott/ci-test-error.md``): the lecture's confidence
interval for a test-set error, its coverage, and its tables of normal critical values.

Experiments: ``scott-ci-coverage`` (:func:`ci_coverage`), ``scott-coverage-curve``
(:func:`coverage_curve`), ``scott-coverage-grid`` (:func:`coverage_grid`); the check of the
one-sided formula (:func:`one_sided_formula_check`); :func:`ours` turns the page's results
into the values of its claims (``scott.ci-example.*``, ``scott.z-table1.*``,
``scott.z-table2.*``, ``scott.z-one-sided.*``, ``scott.normal.z80``, ``scott.one-sided.formula``).
"""
from __future__ import annotations

import typing

import numpy as np

from ... import claims, stats
from ..._checks import Boolean, Choice, Instance, Integer, Real, Values, checks
from .._common import BOOK_PAPER, BOOK_PAPER_SMALL
from .._experiment import experiment
from .setups import table_level

__all__ = ["Z_TABLES", "ci_coverage", "coverage_curve", "coverage_grid", "one_sided_formula_check", "ours"]

#: claim-id prefix of each of the lecture's normal tables -> ``alternative`` of its critical values
Z_TABLES = {
    "scott.z-table1.": "two-sided",
    "scott.z-table2.": "two-sided",
    "scott.z-one-sided.": "less",
}


@checks(scale=BOOK_PAPER_SMALL, n_samples=Integer(1, none=True), n_trials=Integer(1, none=True),
        n_points=Integer(1, none=True), p_min=Real(0, 1), p_max=Real(0, 1))
@experiment(
    "scott-ci-coverage",
    scales={
        "book": {"n_samples": 40, "n_trials": 10_000, "n_points": 9},
        "paper": {"n_samples": 40, "n_trials": 100_000, "n_points": 81},
        "small": {"n_samples": 30, "n_trials": 500, "n_points": 3},
    },
    paper_cost="~35 s on 1 core",
    aliases=("ci-coverage",),
)
def ci_coverage(*, n_samples: int = 40, n_trials: int = 10_000, n_points: int = 9, p_min: float = 0.1,
                p_max: float = 0.9, confidence_level: float = 0.95, seed: int = 0):
    """Exact and simulated coverage of the three error intervals over a grid of true errors.

    Parameters
    ----------
    n_samples : int
        Test-set size N.
    n_trials : int
        Simulated test sets per true error and method.
    n_points : int
        Number of true errors, evenly spaced from p_min to p_max.
    p_min : float
        Smallest true error of the grid.
    p_max : float
        Largest true error of the grid.
    confidence_level : float
        Nominal coverage of the intervals.
    seed : int
        Seed of the simulation (one generator per method, shared along the grid).

    Returns
    -------
    list of dict
        One row per method and true error: ``method, n_samples, true_error,
        exact_coverage, simulated_coverage, monte_carlo_se, n_trials``.

    Examples
    --------
    >>> from evalkit.reproductions.scott import ci_coverage
    >>> rows = ci_coverage(scale="small", seed=0)
    >>> len(rows), rows[0]["method"], round(float(rows[0]["exact_coverage"]), 4)
    (9, 'normal', 0.8085)
    """
    p_grid = np.round(np.linspace(p_min, p_max, n_points), 10)
    rows = []
    for method in stats.INTERVAL_METHODS:
        exact = np.atleast_1d(stats.interval_coverage(p_grid, n_samples, method=method,
                                                      confidence_level=confidence_level))
        rng = np.random.default_rng(seed)
        for p, c in zip(p_grid, exact):
            sim = stats.simulate_interval_coverage(
                p, n_samples, n_trials=n_trials, method=method,
                confidence_level=confidence_level, rng=rng,
            )
            rows.append({"method": method, "n_samples": n_samples, "true_error": p,
                         "exact_coverage": c, "simulated_coverage": sim.coverage,
                         "monte_carlo_se": sim.standard_error, "n_trials": n_trials})
    return rows


@checks(scale=BOOK_PAPER_SMALL, n_samples=Integer(1, none=True), p_min=Real(0, 1), p_max=Real(0, 1),
        n_points=Integer(1, none=True))
@experiment(
    "scott-coverage-curve",
    scales={"book": {"n_samples": 40, "n_points": 9999}, "paper": {"n_samples": 40, "n_points": 9999},
            "small": {"n_samples": 20, "n_points": 9}},
    paper_cost="~1 s on 1 core",
)
def coverage_curve(*, n_samples: int = 40, p_min: float = 0.001, p_max: float = 0.999, n_points: int = 9999,
                   confidence_level: float = 0.95):
    """Exact coverage of the normal, Wilson and Clopper-Pearson intervals against the true error.

    Parameters
    ----------
    n_samples : int
        Test-set size N.
    p_min : float
        Smallest true error.
    p_max : float
        Largest true error.
    n_points : int
        Number of true errors, evenly spaced from p_min to p_max.
    confidence_level : float
        Nominal coverage of the intervals.

    Returns
    -------
    pandas.DataFrame
        Index ``true_error``, one column of coverage per method (``normal``, ``wilson``, ``exact``).

    Examples
    --------
    >>> from evalkit.reproductions.scott import coverage_curve
    >>> coverage_curve(scale="small").loc[0.5].round(3).tolist()
    [0.959, 0.959, 0.959]
    """
    import pandas as pd

    p = np.linspace(p_min, p_max, n_points)
    coverage = {m: stats.interval_coverage(p, n_samples, method=m, confidence_level=confidence_level)
                for m in stats.INTERVAL_METHODS}
    return pd.DataFrame(coverage, index=pd.Index(p, name="true_error"))


@checks(scale=BOOK_PAPER, n_samples=Values(Integer(1), none=True), true_errors=Values(Real(0, 1), none=True),
        method=Choice("normal", "wilson", "exact"))
@experiment(
    "scott-coverage-grid",
    scales={"book": {"n_samples": (10, 20, 30, 40, 50, 100, 200, 400, 1000),
                     "true_errors": (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5)},
            "paper": {"n_samples": (10, 20, 30, 40, 50, 100, 200, 400, 1000),
                      "true_errors": (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5)}},
    paper_cost="under 1 s",
)
def coverage_grid(*, n_samples: tuple[int, ...] = (10, 20, 30, 40, 50, 100, 200, 400, 1000),
                  true_errors: tuple[float, ...] = (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5),
                  method: typing.Literal["normal", "wilson", "exact"] = "normal", confidence_level: float = 0.95):
    """Exact coverage of one error interval on a grid of test-set sizes and true errors.

    Parameters
    ----------
    n_samples : tuple of int
        Test-set sizes N (columns).
    true_errors : tuple of float
        True errors (rows).
    method : str
        Interval: 'normal' (the lecture's), 'wilson' or 'exact'.
    confidence_level : float
        Nominal coverage of the interval.

    Returns
    -------
    pandas.DataFrame
        Index ``true_error``, columns ``n_samples``.

    Examples
    --------
    >>> from evalkit.reproductions.scott import coverage_grid
    >>> round(float(coverage_grid().loc[0.05, 30]), 3)   # the N >= 30 rule fails at a 5% error
    0.782
    """
    import pandas as pd

    return pd.DataFrame(
        {n: [stats.interval_coverage(q, n, method=method, confidence_level=confidence_level) for q in true_errors]
         for n in n_samples},
        index=pd.Index(list(true_errors), name="true_error"),
    ).rename_axis(columns="n_samples")


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
        c = 100 * table_level(claim.id)
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


@checks(example=Instance("ErrorConfidenceInterval", none=True), normal_tables=Boolean(),
        formula=Instance("DataFrame", none=True))
def ours(*, example=None, normal_tables=False, formula=None):
    """Our values of the page's claims, from its results; a part left out (None, False) adds none.

    Parameters
    ----------
    example : ErrorConfidenceInterval, optional
        The lecture's interval for its example, 12 mistakes on 40 test examples
        (``stats.error_confidence_interval(12, 40)``): ``scott.ci-example.{error, lower, upper}``.
    normal_tables : bool, default False
        True: every cell of the lecture's normal tables (:data:`Z_TABLES`: two-sided ``z_c``
        twice, one-sided ``z'_c``) and ``scott.normal.z80``, from
        :func:`evalkit.stats.normal_critical_value` (no experiment: the ids name the cells).
    formula : pandas.DataFrame, optional
        :func:`one_sided_formula_check`: ``scott.one-sided.formula``, whether the printed
        formula reproduces the lecture's row of one-sided critical values.

    Returns
    -------
    dict
        ``{claim id: our value}``, in the page's order.

    Examples
    --------
    >>> from evalkit import stats
    >>> round(ours(example=stats.error_confidence_interval(12, 40))["scott.ci-example.upper"], 5)
    0.44201
    >>> values = ours(normal_tables=True)
    >>> len(values), round(values["scott.normal.z80"], 4)
    (22, 1.2816)
    >>> ours(formula=one_sided_formula_check())
    {'scott.one-sided.formula': False}
    """
    values = {}
    if example is not None:
        values.update({"scott.ci-example.error": example.error, "scott.ci-example.lower": example.low,
                       "scott.ci-example.upper": example.high})
    if normal_tables:
        for prefix, alternative in Z_TABLES.items():
            for claim in claims.claims_of(prefix):
                values[claim.id] = float(stats.normal_critical_value(table_level(claim.id), alternative=alternative))
        values["scott.normal.z80"] = float(stats.normal_critical_value(0.80))
    if formula is not None:
        values["scott.one-sided.formula"] = bool(formula["printed formula agrees"].all())
    return values
