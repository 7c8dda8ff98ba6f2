"""The estimating-error page (``chapters/scott/estimating-error.md``): the lecture's derivation
of the interval (binomial, normal, N >= 30), step by step.

Experiments: ``scott-sample-error`` (:func:`sample_error_simulation`), ``scott-clt``
(:func:`clt_simulation`), ``scott-coverage-map`` (:func:`coverage_map`, a
:class:`CoverageMaps`); :func:`ours` turns the page's results into the values of its claims
(``scott.binomial.*``, ``scott.error.unbiased``, ``scott.error.variance``,
``scott.ci-revisited.sample-error``, ``scott.clt.*``, ``scott.ci.rule-95``).
"""
from __future__ import annotations

import numpy as np

from ... import stats
from ..._checks import Array, Choice, Instance, Integer, Real, Text, Values, checks
from ..._results import result
from .._common import APPROXIMATELY_95
from .._experiment import experiment

# the presets of this page's experiments ("binder": the smaller scale a reader sets at the top of the page)
_SCALES = Choice("book", "paper", "binder", "small")

__all__ = ["CLT_LOSSES", "CoverageMaps", "METHOD_LABELS", "clt_simulation", "coverage_map", "ours",
           "sample_error_simulation"]

#: the three error intervals and how the chapters label them
METHOD_LABELS = {"normal": "normal (the lecture)", "wilson": "Wilson score", "exact": "Clopper-Pearson"}

#: the per-example losses of the central-limit-theorem figure, in drawing order
CLT_LOSSES = ("0/1 loss, error 0.3", "0/1 loss, error 0.03", "log-normal loss")


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

    @checks(method=Text(), level=Real(0, 1), p_min=Real(0, 1))
    def stable_from(self, method, *, level=0.93, p_min=0.1):
        """Smallest N of the grid from which the coverage stays >= ``level`` for every p >= ``p_min``.

        ``None`` when no such N is on the grid.
        """
        c = self.maps[method]
        bad = c[:, self.p_grid >= p_min].min(axis=1) < level
        start = np.flatnonzero(bad).max() + 1 if bad.any() else 0
        return int(self.n_grid[start]) if start < self.n_grid.size else None

    @checks(n_min=Real(0))
    def rule_mask(self, *, n_min=30):
        """The grid cells with ``N >= n_min`` (the lecture's rule of thumb)."""
        return np.broadcast_to((self.n_grid >= n_min)[:, None], (self.n_grid.size, self.p_grid.size))

    @checks(minimum=Real(0))
    def npq_mask(self, *, minimum=5):
        """The grid cells where ``N p (1 - p) >= minimum`` (the textbook rule)."""
        pg, ng = np.meshgrid(self.p_grid, self.n_grid)
        return ng * pg * (1 - pg) >= minimum

    @checks(level=Real(0, 1), n_min=Real(0), p_min=Real(0, 1), labels=Instance(dict, none=True, example=dict))
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


@checks(scale=_SCALES, p_min=Real(0, 1), p_max=Real(0, 1), n_p=Integer(1, none=True),
        n_min=Integer(1, none=True), n_max=Integer(1, none=True), n_step=Integer(1, none=True))
@experiment(
    "scott-coverage-map",
    scales={"book": {"n_p": 500, "n_min": 10, "n_max": 1000, "n_step": 5},
            "paper": {"n_p": 500, "n_min": 10, "n_max": 1000, "n_step": 5},

            "binder": {"n_p": 5, "n_min": 10, "n_max": 40, "n_step": 10},
            "small": {"n_p": 5, "n_min": 10, "n_max": 40, "n_step": 10}},
    paper_cost="~40 s on 1 core",
)
def coverage_map(*, p_min: float = 0.005, p_max: float = 0.5, n_p: int = 500, n_min: int = 10, n_max: int = 1000,
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


@checks(scale=_SCALES, n_samples=Integer(1), true_error=Real(0, 1), n_trials=Integer(2, none=True))
@experiment(
    "scott-sample-error",
    scales={"book": {"n_trials": 10_000_000}, "paper": {"n_trials": 10_000_000},
            "binder": {"n_trials": 1000}, "small": {"n_trials": 1000}},
    paper_cost="~1 s and 0.2 GB on 1 core",
)
def sample_error_simulation(*, n_samples: int = 40, true_error: float = 0.3, n_trials: int = 10_000_000,
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


@checks(scale=_SCALES, sizes=Values(Integer(1)), n_trials=Integer(2, none=True), bins=Integer(1),
        low=Real(), high=Real())
@experiment(
    "scott-clt",
    scales={"book": {"n_trials": 500_000}, "paper": {"n_trials": 500_000},
            "binder": {"n_trials": 500}, "small": {"n_trials": 500}},
    paper_cost="~15 s and 0.2 GB on 1 core",
)
def clt_simulation(*, sizes: tuple[int, ...] = (5, 30, 200), n_trials: int = 500_000, seed: int = 20260202,
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
    # the means in blocks of rows: the same draws as one (n_trials, n) array (a generator
    # fills an array row by row), in a fraction of its memory (500,000 x 200 doubles are 0.8 GB)
    block = max(1, 2**22 // max(sizes))
    for name, draw in draws.items():
        for n in sizes:
            means = np.concatenate([draw((min(block, n_trials - lo), n)).mean(axis=1)
                                    for lo in range(0, n_trials, block)])
            standardised = (means - means.mean()) / means.std()
            skew_table[(name, n)] = sst.skew(means)
            density, edges = np.histogram(standardised, bins=bins, range=(low, high), density=True)
            histograms.append(pd.DataFrame({"loss": name, "n_samples": n, "left": edges[:-1], "right": edges[1:],
                                            "density": density}))
    skew = pd.Series(skew_table).unstack()[list(sizes)]
    return {"skewness": skew, "histograms": pd.concat(histograms, ignore_index=True)}


@checks(sample_error=Instance(dict, none=True), n_trials=Integer(2, none=True), ci_revisited=Real(0, 1, none=True),
        clt=Instance(dict, none=True), coverage=Instance(CoverageMaps, none=True))
def ours(*, sample_error=None, n_trials=None, ci_revisited=None, clt=None, coverage=None):
    """Our values of the page's claims, from its results; a part left out (None) adds none.

    Parameters
    ----------
    sample_error : dict, optional
        :func:`sample_error_simulation`'s result (give ``n_trials`` with it):
        ``scott.binomial.mean``, ``scott.error.unbiased`` (the simulated mean of the sample
        error within four Monte Carlo standard errors of the true error),
        ``scott.binomial.sd`` (its standard deviation within four of √(p(1 − p)/N)) and
        ``scott.error.variance`` (a test set hits the true error with probability below 1).
    n_trials : int, optional
        The simulated test sets of ``sample_error``.
    ci_revisited : float, optional
        The binomial probability that the sample error lies within the lecture's
        ``z_95`` standard deviations of the true error: ``scott.ci-revisited.sample-error``
        (at least the 93% the book accepts as approximately 95%).
    clt : dict, optional
        :func:`clt_simulation`'s result: ``scott.clt.theorem`` (for every loss the skewness
        of the mean shrinks as N grows) and ``scott.clt.other-distributions`` (at N = 30 the
        log-normal loss's mean is more skewed than the 0/1 loss's with error 0.3).
    coverage : CoverageMaps, optional
        :func:`coverage_map`'s result: ``scott.ci.rule-95``, whether the lecture's interval
        covers at least 93% wherever N >= 30 on the map.

    Returns
    -------
    dict
        ``{claim id: our value}``, in the page's order.

    Examples
    --------
    >>> ours(sample_error=sample_error_simulation(scale="small", seed=20260201), n_trials=1000)
    {'scott.binomial.mean': True, 'scott.error.unbiased': True, 'scott.binomial.sd': True, 'scott.error.variance': True}
    >>> ours(coverage=coverage_map(scale="small"))
    {'scott.ci.rule-95': False}
    """
    values = {}
    if sample_error is not None:
        if n_trials is None:
            raise ValueError("n_trials must be given with sample_error (the simulated test sets)")
        summary, distribution = sample_error["summary"], sample_error["distribution"]
        sim_mean, sim_sd = summary["simulation"]
        theory_mean, theory_sd = summary["theory"]
        n_samples = len(distribution) - 1
        # Monte Carlo standard errors of a simulated mean and standard deviation
        mean_ok = bool(abs(sim_mean - theory_mean) <= 4 * theory_sd / np.sqrt(n_trials))
        values["scott.binomial.mean"] = mean_ok
        values["scott.error.unbiased"] = mean_ok
        values["scott.binomial.sd"] = bool(abs(sim_sd - theory_sd) <= 4 * theory_sd / np.sqrt(2 * n_trials))
        values["scott.error.variance"] = bool(distribution.loc[round(n_samples * theory_mean), "binomial"] < 1)
    if ci_revisited is not None:
        values["scott.ci-revisited.sample-error"] = bool(ci_revisited >= APPROXIMATELY_95)
    if clt is not None:
        skew = clt["skewness"]
        sizes_sorted = sorted(skew.columns)
        values["scott.clt.theorem"] = bool((skew[sizes_sorted].abs().diff(axis=1).iloc[:, 1:] < 0).all().all())
        values["scott.clt.other-distributions"] = bool(
            abs(skew.loc["log-normal loss", 30]) > abs(skew.loc["0/1 loss, error 0.3", 30]))
    if coverage is not None:
        big = coverage.n_grid >= 30
        values["scott.ci.rule-95"] = bool(coverage.maps["normal"][big].min() >= APPROXIMATELY_95)
    return values
