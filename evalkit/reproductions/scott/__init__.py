"""Experiments of Scott's lecture on estimating error and comparing learning algorithms.

The chapters of the ``scott`` part call these functions; ``evalkit reproduce scott-...``
runs them from the shell. Scott's lecture reports no simulation of its own, so the
``"paper"`` presets are a larger scale of the same experiment (more simulated test sets,
a finer grid or more partitions), stated in each ``paper_cost``.

.. rubric:: Experiments

scott-ci-coverage (alias ``ci-coverage``)
    Exact and simulated coverage of the three error intervals over a grid of true errors.
scott-coverage-curve
    Exact coverage of the three 95% intervals as a function of the true error, at one N.
scott-coverage-grid
    Exact coverage of one interval on a small grid of test-set sizes and true errors.
scott-coverage-map
    Exact coverage of the three intervals over a fine grid of N and the true error.
scott-sample-error
    The sample error of simulated test sets against its binomial distribution.
scott-clt
    The central limit theorem by simulation: the standardised mean of N losses.
scott-fold-errors
    The 10-fold errors of naive Bayes and a decision tree on the Pima diabetes data.
scott-training-bias
    The errors of the two learners tested on their own training data and on held-out folds.
scott-partition-seeds
    The paired t test of the same two learners on differently seeded partitions.
scott-familywise-error
    Simulated family-wise error of four one-sided tests, uncorrected, Bonferroni, Holm.
scott-multiple-comparisons
    Logistic regression against four learners on the same folds, with the corrections.
"""
from __future__ import annotations

import numbers
import typing

import numpy as np

from ... import stats
from ..._checks import Array, Choice, Instance, Integer, Real, Values, checks
from ..._results import result
from .._experiment import experiment
from ._common import BOOK_PAPER, BOOK_PAPER_SMALL

__all__ = [
    "CLT_LOSSES",
    "CoverageMaps",
    "METHOD_LABELS",
    "ci_coverage",
    "clt_simulation",
    "comparison_learners",
    "contenders",
    "coverage_curve",
    "coverage_grid",
    "coverage_map",
    "familywise_error_simulation",
    "fold_errors",
    "load_diabetes",
    "multiple_comparisons",
    "partition_seeds",
    "sample_error_simulation",
    "training_bias",
    "auc_interval_coverage",
    "cora_multiclass_auc",
    "roc_analysis",
    "roc_learners",
]

#: the three error intervals and how the chapters label them
METHOD_LABELS = {"normal": "normal (the lecture)", "wilson": "Wilson score", "exact": "Clopper-Pearson"}

#: the per-example losses of the central-limit-theorem figure, in drawing order
CLT_LOSSES = ("0/1 loss, error 0.3", "0/1 loss, error 0.03", "log-normal loss")


# ------------------------------------------------------------ interval coverage


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
    scales={"book": {"n_samples": 40, "n_points": 999}, "paper": {"n_samples": 40, "n_points": 9999},
            "small": {"n_samples": 20, "n_points": 9}},
    paper_cost="~1 s on 1 core",
)
def coverage_curve(*, n_samples: int = 40, p_min: float = 0.001, p_max: float = 0.999, n_points: int = 999,
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
    scales={"book": {"n_samples": (30, 40, 100, 400), "true_errors": (0.02, 0.05, 0.1, 0.3)},
            "paper": {"n_samples": (10, 20, 30, 40, 50, 100, 200, 400, 1000),
                      "true_errors": (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5)}},
    paper_cost="under 1 s",
)
def coverage_grid(*, n_samples: tuple[int, ...] = (30, 40, 100, 400),
                  true_errors: tuple[float, ...] = (0.02, 0.05, 0.1, 0.3),
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


@checks(p_grid=Array(ndim=1, low=0, high=1), n_grid=Array(ndim=1, kind="count"),
        maps=Instance(dict, example=lambda: {"normal": np.array([[0.9, 0.95], [0.93, 0.94]])}))
@result
class CoverageMaps:
    """Result of :func:`coverage_map`: exact coverage over a grid of N and the true error.

    Parameters
    ----------
    p_grid : ndarray
        True errors (columns of each map).
    n_grid : ndarray
        Test-set sizes (rows of each map).
    maps : dict of str -> ndarray
        Method -> coverage, shape ``(len(n_grid), len(p_grid))``.


    Examples
    --------
    >>> import numpy as np
    >>> maps = CoverageMaps(np.array([0.1, 0.3]), np.array([10, 40]), {"normal": np.array([[0.9, 0.95], [0.94, 0.95]])})
    >>> maps.stable_from("normal"), maps.rows()[0]["coverage"]
    (40, 0.9)
    """

    p_grid: np.ndarray
    n_grid: np.ndarray
    maps: dict

    def stable_from(self, method, *, level=0.93, p_min=0.1):
        """Smallest N of the grid from which the coverage stays >= ``level`` for every p >= ``p_min``.

        ``None`` when no such N is on the grid.
        """
        c = self.maps[method]
        bad = c[:, self.p_grid >= p_min].min(axis=1) < level
        start = np.flatnonzero(bad).max() + 1 if bad.any() else 0
        return int(self.n_grid[start]) if start < self.n_grid.size else None

    def rule_mask(self, *, n_min=30):
        """The grid cells with ``N >= n_min`` (the lecture's rule of thumb)."""
        return np.broadcast_to((self.n_grid >= n_min)[:, None], (self.n_grid.size, self.p_grid.size))

    def npq_mask(self, *, minimum=5):
        """The grid cells where ``N p (1 - p) >= minimum`` (the textbook rule)."""
        pg, ng = np.meshgrid(self.p_grid, self.n_grid)
        return ng * pg * (1 - pg) >= minimum

    def summary(self, *, level=0.93, n_min=30, p_min=0.1, labels=None):
        """Per method: share of the ``N >= n_min`` region below ``level``, its lowest
        coverage, and :meth:`stable_from`."""
        import pandas as pd

        labels = labels or {m: m for m in self.maps}
        big = self.n_grid >= n_min
        pct = f"{level:.0%}"
        return pd.DataFrame({
            f"share of the N ≥ {n_min} region below {pct}": {labels[m]: (c[big] < level).mean()
                                                           for m, c in self.maps.items()},
            f"lowest coverage with N ≥ {n_min}": {labels[m]: c[big].min() for m, c in self.maps.items()},
            f"N from which coverage ≥ {pct} for p ≥ {p_min:g}": {
                labels[m]: self.stable_from(m, level=level, p_min=p_min) for m in self.maps},
        })

    def rows(self):
        """One row per method, N and true error (for the CSV of the command line)."""
        return [{"method": m, "n_samples": int(n), "true_error": float(p), "coverage": float(c[i, j])}
                for m, c in self.maps.items()
                for i, n in enumerate(self.n_grid) for j, p in enumerate(self.p_grid)]


@checks(scale=BOOK_PAPER_SMALL, p_min=Real(0, 1), p_max=Real(0, 1), n_p=Integer(1, none=True),
        n_min=Integer(1, none=True), n_max=Integer(1, none=True), n_step=Integer(1, none=True))
@experiment(
    "scott-coverage-map",
    scales={"book": {"n_p": 100, "n_min": 10, "n_max": 300, "n_step": 5},
            "paper": {"n_p": 500, "n_min": 10, "n_max": 1000, "n_step": 5},
            "small": {"n_p": 5, "n_min": 10, "n_max": 40, "n_step": 10}},
    paper_cost="~40 s on 1 core",
)
def coverage_map(*, p_min: float = 0.005, p_max: float = 0.5, n_p: int = 100, n_min: int = 10, n_max: int = 300,
                 n_step: int = 5, confidence_level: float = 0.95):
    """Exact coverage of the three intervals over a grid of test-set sizes and true errors.

    Parameters
    ----------
    p_min : float
        Smallest true error.
    p_max : float
        Largest true error.
    n_p : int
        Number of true errors, evenly spaced from p_min to p_max.
    n_min : int
        Smallest test-set size.
    n_max : int
        Largest test-set size.
    n_step : int
        Step of the test-set sizes.
    confidence_level : float
        Nominal coverage of the intervals.

    Returns
    -------
    CoverageMaps

    Examples
    --------
    >>> from evalkit.reproductions.scott import coverage_map
    >>> res = coverage_map(scale="small")
    >>> res.maps["normal"].shape, res.stable_from("exact")
    ((4, 5), 10)
    """
    p_grid = np.linspace(p_min, p_max, n_p)
    n_grid = np.arange(n_min, n_max + n_step, n_step)
    n_grid = n_grid[n_grid <= n_max]
    maps = {m: stats.coverage_map(p_grid, n_grid, method=m, confidence_level=confidence_level)
            for m in METHOD_LABELS}
    return CoverageMaps(p_grid, n_grid, maps)


# ------------------------------------------------------------ the sample error


@checks(scale=BOOK_PAPER_SMALL, n_samples=Integer(1), true_error=Real(0, 1), n_trials=Integer(2, none=True))
@experiment(
    "scott-sample-error",
    scales={"book": {"n_trials": 200_000}, "paper": {"n_trials": 10_000_000}, "small": {"n_trials": 1000}},
    paper_cost="~4 s and 0.2 GB on 1 core",
)
def sample_error_simulation(*, n_samples: int = 40, true_error: float = 0.3, n_trials: int = 200_000,
                            seed: int = 20260201):
    """The sample error of simulated test sets against its binomial distribution.

    Parameters
    ----------
    n_samples : int
        Test-set size N.
    true_error : float
        True error of the hypothesis.
    n_trials : int
        Simulated test sets.
    seed : int
        Seed of the simulation.

    Returns
    -------
    dict of pandas.DataFrame
        ``"summary"``: mean and standard deviation of the sample error, theory and
        simulation; ``"distribution"``: for every mistake count r, its binomial
        probability and its frequency in the simulation.

    Examples
    --------
    >>> from evalkit.reproductions.scott import sample_error_simulation
    >>> res = sample_error_simulation(scale="small", seed=20260201)
    >>> res["summary"].round(3).to_dict("list")
    {'theory': [0.3, 0.072], 'simulation': [0.301, 0.073]}
    """
    import pandas as pd
    from scipy import stats as sst

    rng = np.random.default_rng(seed)
    r = rng.binomial(n_samples, true_error, size=n_trials)
    sample_error = r / n_samples
    summary = pd.DataFrame(
        {
            "theory": [true_error, np.sqrt(true_error * (1 - true_error) / n_samples)],
            "simulation": [sample_error.mean(), sample_error.std(ddof=1)],
        },
        index=["mean of the sample error", "standard deviation of the sample error"],
    )
    k = np.arange(n_samples + 1)
    distribution = pd.DataFrame(
        {"binomial": sst.binom.pmf(k, n_samples, true_error),
         "simulated": np.bincount(r, minlength=n_samples + 1) / r.size},
        index=pd.Index(k, name="mistakes"),
    )
    return {"summary": summary, "distribution": distribution}


@checks(scale=BOOK_PAPER_SMALL, sizes=Values(Integer(1)), n_trials=Integer(2, none=True), bins=Integer(1),
        low=Real(), high=Real())
@experiment(
    "scott-clt",
    scales={"book": {"n_trials": 50_000}, "paper": {"n_trials": 500_000}, "small": {"n_trials": 500}},
    paper_cost="~12 s and 1 GB on 1 core",
)
def clt_simulation(*, sizes: tuple[int, ...] = (5, 30, 200), n_trials: int = 50_000, seed: int = 20260202,
                   bins: int = 60, low: float = -4.0, high: float = 6.0):
    """The central limit theorem by simulation: the distribution of the mean of N losses.

    For each loss of ``CLT_LOSSES`` (drawn in that order, one generator) and each N,
    ``n_trials`` means of N per-example losses, standardised; their histogram and the
    skewness of the means.

    Parameters
    ----------
    sizes : tuple of int
        The numbers N of losses averaged.
    n_trials : int
        Simulated means per panel.
    seed : int
        Seed of the simulation.
    bins : int
        Histogram bins of the standardised means.
    low : float
        Left end of the histogram range.
    high : float
        Right end of the histogram range.

    Returns
    -------
    dict of pandas.DataFrame
        ``"skewness"``: loss x N; ``"histograms"``: one row per loss, N and bin with
        ``left``, ``right`` and ``density`` (as :func:`numpy.histogram` with ``density=True``).

    Examples
    --------
    >>> from evalkit.reproductions.scott import clt_simulation
    >>> res = clt_simulation(scale="small", seed=20260202)
    >>> res["skewness"].shape, len(res["histograms"])
    ((3, 3), 540)
    """
    import pandas as pd
    from scipy import stats as sst

    rng = np.random.default_rng(seed)
    draws = {
        CLT_LOSSES[0]: lambda size: rng.random(size) < 0.3,
        CLT_LOSSES[1]: lambda size: rng.random(size) < 0.03,
        CLT_LOSSES[2]: lambda size: rng.lognormal(0.0, 1.0, size),
    }
    skew_table = {}
    histograms = []
    for name, draw in draws.items():
        for n in sizes:
            means = draw((n_trials, n)).mean(axis=1)
            standardised = (means - means.mean()) / means.std()
            skew_table[(name, n)] = sst.skew(means)
            density, edges = np.histogram(standardised, bins=bins, range=(low, high), density=True)
            histograms.append(pd.DataFrame({"loss": name, "n_samples": n, "left": edges[:-1], "right": edges[1:],
                                            "density": density}))
    skew = pd.Series(skew_table).unstack()[list(sizes)]
    return {"skewness": skew, "histograms": pd.concat(histograms, ignore_index=True)}


# comparing two learning algorithms (the Pima diabetes data, fold errors, multiple comparisons)
from .comparison import (  # noqa: E402
    comparison_learners,
    contenders,
    familywise_error_simulation,
    fold_errors,
    load_diabetes,
    multiple_comparisons,
    partition_seeds,
    training_bias,
)

# the ROC material (single-point classifiers, cost curves, re-labelled trees, multi-class AUC, AUC intervals)
from .roc import auc_interval_coverage, cora_multiclass_auc, roc_analysis, roc_learners  # noqa: E402
