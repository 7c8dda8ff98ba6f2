"""Confidence intervals for a classifier's error, their coverage, and critical values.

The interval that opens Scott's lecture, the confidence interval for a classifier's true
error estimated from a test set, its exact and simulated coverage, the normal and t
critical values. (The difference of two error rates: :mod:`evalkit.stats.difference`.)
"""
from __future__ import annotations


import numpy as np
from scipy import special
from scipy import stats as _st

from .._checks import Array, Choice, Either, Instance, Integer, Real, checks
from .._results import result
from ._common import INTERVAL_METHODS
from ._common import scalar_or_array as _scalar_or_array

__all__ = [
    "CoverageResult",
    "ErrorConfidenceInterval",
    "coverage_map",
    "error_confidence_interval",
    "interval_coverage",
    "normal_critical_value",
    "simulate_interval_coverage",
    "t_critical_value",
]


@checks(error=Array(kind="real", low=0, high=1), low=Array(kind="real"), high=Array(kind="real"),
        n_errors=Array(kind="count"), n_samples=Array(kind="count", low=1), method=Choice(*INTERVAL_METHODS))
@result
class ErrorConfidenceInterval:
    """Result of :func:`error_confidence_interval`.

    Parameters
    ----------
    error : float or ndarray
        The sample error ``n_errors / n_samples`` (the point estimate).
    low : float or ndarray
        Lower bound. The ``'normal'`` interval is not clipped to [0, 1]: a bound
        outside [0, 1] is the method telling you it does not fit your data.
    high : float or ndarray
        Upper bound (not clipped either).
    n_errors : int or ndarray
        Number of mistakes the interval was computed from.
    n_samples : int or ndarray
        Test-set size the interval was computed from.
    confidence_level : float
        Nominal coverage of the interval, strictly between 0 and 1.
    method : str
        ``'normal'``, ``'wilson'`` or ``'exact'``.
    alternative : str
        ``'two-sided'``, ``'less'`` or ``'greater'``.

    Examples
    --------
    >>> from evalkit.stats import error_confidence_interval
    >>> error_confidence_interval(12, 40)
    ErrorConfidenceInterval(error=0.3, low=0.157987, high=0.442013, confidence_level=0.95, method='normal', alternative='two-sided')
    """

    error: float
    low: float
    high: float
    n_errors: int
    n_samples: int
    confidence_level: float
    method: str
    alternative: str

    def __repr__(self):
        def fmt(v):
            v = np.asarray(v)
            return f"{v.item():.6g}" if v.ndim == 0 else np.array2string(v, precision=4)

        return (
            f"ErrorConfidenceInterval(error={fmt(self.error)}, low={fmt(self.low)}, "
            f"high={fmt(self.high)}, confidence_level={self.confidence_level}, "
            f"method={self.method!r}, alternative={self.alternative!r})"
        )


@checks(confidence_level=Either(Real(0, 1, closed="neither"), Array(kind="real", low=0, high=1, closed="neither")))
def normal_critical_value(confidence_level, *, alternative="two-sided"):
    r"""Critical value of the standard normal distribution for a confidence level.

    ``'two-sided'`` gives :math:`z_c` with :math:`P(|Z| \le z_c) = c` (the lecture's
    :math:`z_c`); ``'less'`` or ``'greater'`` give the one-sided :math:`z'_c` with
    :math:`P(Z \le z'_c) = c`.

    Parameters
    ----------
    confidence_level : float or array_like
        Level(s) ``c`` strictly between 0 and 1.
    alternative : {'two-sided', 'less', 'greater'}, default 'two-sided'

    Returns
    -------
    float or ndarray

    Examples
    --------
    >>> from evalkit.stats import normal_critical_value
    >>> round(normal_critical_value(0.95), 2), round(normal_critical_value(0.95, alternative="less"), 2)
    (1.96, 1.64)
    >>> normal_critical_value([0.5, 0.8, 0.99]).round(2)
    array([0.67, 1.28, 2.58])
    """
    level = np.asarray(confidence_level, dtype=float)
    if alternative == "two-sided":
        return _scalar_or_array(_st.norm.ppf(0.5 + level / 2.0))
    return _scalar_or_array(_st.norm.ppf(level))


def _critical_value(confidence_level, alternative):
    """z such that the normal interval has the requested coverage."""
    return normal_critical_value(confidence_level, alternative=alternative)


def _interval(r, n, confidence_level, method, alternative):
    """Bounds for arrays r, n (already validated). Returns (low, high)."""
    p_hat = r / n
    if method == "exact":
        alpha = 1.0 - confidence_level
        tail = alpha / 2.0 if alternative == "two-sided" else alpha
        with np.errstate(invalid="ignore"):
            low = np.where(r == 0, 0.0, special.betaincinv(r, n - r + 1, tail))
            high = np.where(r == n, 1.0, special.betaincinv(r + 1, n - r, 1.0 - tail))
    else:
        z = _critical_value(confidence_level, alternative)
        if method == "normal":
            half = z * np.sqrt(p_hat * (1.0 - p_hat) / n)
            low, high = p_hat - half, p_hat + half
        else:  # wilson
            z2n = z * z / n
            centre = (p_hat + z2n / 2.0) / (1.0 + z2n)
            half = z / (1.0 + z2n) * np.sqrt(p_hat * (1.0 - p_hat) / n + z2n / (4.0 * n))
            low, high = centre - half, centre + half
    low = np.asarray(low, dtype=float)
    high = np.asarray(high, dtype=float)
    if alternative == "less":
        low = np.zeros_like(low)
    elif alternative == "greater":
        high = np.ones_like(high)
    return low, high


def _check_counts(n_errors, n_samples):
    r = np.asarray(n_errors).astype(np.int64)
    n = np.asarray(n_samples).astype(np.int64)
    try:
        r, n = np.broadcast_arrays(r, n)
    except ValueError:
        raise ValueError(
            f"n_errors and n_samples must broadcast together; got shapes {np.shape(r)} and {np.shape(n)}"
        ) from None
    if np.any(r > n):
        raise ValueError("n_errors must not exceed n_samples (a test set of N examples has at most N mistakes)")
    return r, n


@checks(n_errors=Array(kind="count"), n_samples=Array(kind="count", low=1),
        method=Choice(*INTERVAL_METHODS))
def error_confidence_interval(
    n_errors, n_samples, *, confidence_level=0.95, method="normal", alternative="two-sided"
):
    r"""Confidence interval for a classifier's true error from its test-set mistakes.

    A hypothesis that makes ``r`` mistakes on ``N`` test examples drawn independently
    of it and of each other has sample error :math:`\hat e = r/N`, and ``r`` is
    binomially distributed with parameters ``N`` and the true error.

    Parameters
    ----------
    n_errors : int or array_like of int
        Number of misclassified test examples ``r`` (``0 <= r <= N``).
    n_samples : int or array_like of int
        Size ``N`` of the test set. Broadcasts against ``n_errors``.
    confidence_level : float, default 0.95
        Nominal coverage ``c`` of the interval, strictly between 0 and 1.
    method : {'normal', 'wilson', 'exact'}, default 'normal'
        ``'normal'`` is the interval of Scott's lecture (Mitchell, ch. 5; often called the
        Wald interval), :math:`\hat e \pm z_c \sqrt{\hat e(1-\hat e)/N}`.
        ``'wilson'`` inverts the score test (Wilson, 1927); ``'exact'`` is the
        Clopper-Pearson interval from binomial tail probabilities, which never
        covers less than ``confidence_level``.
    alternative : {'two-sided', 'less', 'greater'}, default 'two-sided'
        ``'less'`` gives the one-sided upper bound (``low`` is 0), ``'greater'`` the
        one-sided lower bound (``high`` is 1), as in :func:`scipy.stats.binomtest`.

    Returns
    -------
    ErrorConfidenceInterval
        With fields ``error``, ``low``, ``high``; scalars for scalar input, arrays otherwise.

    Notes
    -----
    The normal interval has zero width when ``r = 0`` or ``r = N`` and can extend
    beyond [0, 1]; it is returned unclipped so that its failure stays visible.
    The exact interval has ``low = 0`` when ``r = 0`` and ``high = 1`` when ``r = N``.

    Examples
    --------
    The lecture's example: 12 mistakes on 40 test examples.

    >>> from evalkit.stats import error_confidence_interval
    >>> ci = error_confidence_interval(12, 40)
    >>> print(f"{ci.error:.2f} [{ci.low:.3f}, {ci.high:.3f}]")
    0.30 [0.158, 0.442]
    >>> ci = error_confidence_interval(12, 40, method="wilson")
    >>> print(f"[{ci.low:.3f}, {ci.high:.3f}]")
    [0.181, 0.454]
    >>> ci = error_confidence_interval(12, 40, method="exact")
    >>> print(f"[{ci.low:.3f}, {ci.high:.3f}]")
    [0.166, 0.465]

    Arrays broadcast:

    >>> error_confidence_interval([0, 20, 40], 40, method="exact").high.round(3)
    array([0.088, 0.662, 1.   ])
    """
    confidence_level = float(confidence_level)
    r, n = _check_counts(n_errors, n_samples)
    low, high = _interval(r.astype(float), n.astype(float), confidence_level, method, alternative)
    return ErrorConfidenceInterval(
        error=_scalar_or_array(r / n),
        low=_scalar_or_array(low),
        high=_scalar_or_array(high),
        n_errors=_scalar_or_array(r),
        n_samples=_scalar_or_array(n),
        confidence_level=confidence_level,
        method=method,
        alternative=alternative,
    )


@checks(true_error=Array(kind="real", low=0, high=1), n_samples=Integer(1),
        method=Choice(*INTERVAL_METHODS))
def interval_coverage(true_error, n_samples, *, confidence_level=0.95, method="normal", alternative="two-sided"):
    r"""Exact probability that the interval contains the true error.

    Sums the binomial probabilities of every mistake count ``r`` whose interval
    covers ``true_error``:
    :math:`C(p, N) = \sum_{r=0}^{N} \binom{N}{r} p^r (1-p)^{N-r} \, [L(r) \le p \le U(r)]`.
    No simulation is involved, so the result has no Monte Carlo error.

    Parameters
    ----------
    true_error : float or array_like
        True error(s) ``p`` in [0, 1].
    n_samples : int
        Test-set size ``N``.
    confidence_level, method, alternative
        As in :func:`error_confidence_interval`.

    Returns
    -------
    float or ndarray
        Coverage probability, one per ``true_error``.

    Examples
    --------
    >>> from evalkit.stats import interval_coverage
    >>> round(interval_coverage(0.3, 40), 4)
    0.9299
    >>> bool(interval_coverage(0.05, 30) < 0.8)   # the N >= 30 rule fails for small errors
    True
    >>> bool(interval_coverage(0.05, 30, method="exact") >= 0.95)
    True
    """
    n = int(n_samples)
    p = np.asarray(true_error, dtype=float)
    confidence_level = float(confidence_level)
    r = np.arange(n + 1, dtype=float)
    low, high = _interval(r, float(n), confidence_level, method, alternative)
    pmf = _st.binom.pmf(r[:, None], n, np.atleast_1d(p)[None, :])
    covers = (low[:, None] <= p.reshape(1, -1)) & (p.reshape(1, -1) <= high[:, None])
    return _scalar_or_array((pmf * covers).sum(axis=0).reshape(p.shape))


@checks(true_error=Array(kind="real", low=0, high=1), n_samples=Array(ndim=1, kind="count", low=1),
        method=Choice(*INTERVAL_METHODS))
def coverage_map(true_error, n_samples, *, confidence_level=0.95, method="normal", alternative="two-sided"):
    """Exact coverage over a grid of test-set sizes and true errors.

    Parameters
    ----------
    true_error : array_like
        True errors ``p`` (columns of the result).
    n_samples : array_like of int
        Test-set sizes ``N`` (rows of the result).
    confidence_level, method, alternative
        As in :func:`error_confidence_interval`.

    Returns
    -------
    ndarray, shape (len(n_samples), len(true_error))
        ``interval_coverage(true_error, N)`` for every ``N``.

    Examples
    --------
    >>> from evalkit.stats import coverage_map
    >>> coverage_map([0.05, 0.3], [30, 1000]).round(3)
    array([[0.782, 0.953],
           [0.942, 0.95 ]])
    """
    ns = np.asarray(n_samples)
    p = np.atleast_1d(np.asarray(true_error, dtype=float))
    return np.vstack([
        np.atleast_1d(interval_coverage(p, n, confidence_level=confidence_level, method=method, alternative=alternative))
        for n in ns.astype(np.int64).tolist()
    ])


@checks(coverage=Real(0, 1), standard_error=Real(0, None), n_trials=Integer(1),
        intervals=Instance("ErrorConfidenceInterval").with_example(lambda: error_confidence_interval(1, 4)))
@result
class CoverageResult:
    r"""Result of :func:`simulate_interval_coverage`.

    Parameters
    ----------
    coverage : float
        Fraction of simulated test sets whose interval contained the true error.
    standard_error : float
        Monte Carlo standard error of ``coverage``, :math:`\sqrt{c(1-c)/T}`.
    n_trials : int
        Number of simulated test sets ``T``.
    intervals : ErrorConfidenceInterval
        The simulated intervals themselves (arrays of length ``n_trials``).

    Examples
    --------
    >>> from evalkit.stats import simulate_interval_coverage
    >>> res = simulate_interval_coverage(0.3, 40, n_trials=1000, rng=1)
    >>> res.n_trials, round(res.coverage, 3)
    (1000, 0.935)
    """

    coverage: float
    standard_error: float
    n_trials: int
    intervals: ErrorConfidenceInterval

    def __repr__(self):
        return (
            f"CoverageResult(coverage={self.coverage:.4f}, standard_error={self.standard_error:.4f}, "
            f"n_trials={self.n_trials})"
        )


@checks(true_error=Real(0, 1), n_samples=Integer(1), n_trials=Integer(1),
        method=Choice(*INTERVAL_METHODS))
def simulate_interval_coverage(
    true_error,
    n_samples,
    *,
    n_trials=10_000,
    confidence_level=0.95,
    method="normal",
    alternative="two-sided",
    rng=None,
):
    """Monte Carlo estimate of an interval's coverage: draw test sets, count hits.

    Each trial draws a fresh test set of ``n_samples`` examples on which a fixed
    hypothesis with true error ``true_error`` errs independently on each example
    (so the mistake count is binomial), computes the interval, and records
    whether it contains ``true_error``.

    Parameters
    ----------
    true_error : float
        True error ``p`` in [0, 1] of the simulated hypothesis.
    n_samples : int
        Test-set size ``N``.
    n_trials : int, default 10000
        Number of simulated test sets.
    confidence_level, method, alternative
        As in :func:`error_confidence_interval`.
    rng : None, int or numpy.random.Generator
        Seed or generator (anything :func:`numpy.random.default_rng` accepts).

    Returns
    -------
    CoverageResult

    Examples
    --------
    >>> from evalkit.stats import simulate_interval_coverage
    >>> res = simulate_interval_coverage(0.3, 40, n_trials=20_000, rng=0)
    >>> abs(res.coverage - 0.9299) < 4 * res.standard_error   # agrees with the exact value
    True
    >>> round(res.coverage, 4)   # the same seed gives the same number
    0.9295
    """
    p = float(true_error)
    n, t = int(n_samples), int(n_trials)
    rng = np.random.default_rng(rng)
    r = rng.binomial(n, p, size=t)
    ci = error_confidence_interval(
        r, n, confidence_level=confidence_level, method=method, alternative=alternative
    )
    hits = (np.asarray(ci.low) <= p) & (p <= np.asarray(ci.high))
    c = float(hits.mean())
    return CoverageResult(coverage=c, standard_error=float(np.sqrt(c * (1 - c) / t)), n_trials=t, intervals=ci)


@checks(confidence_level=Either(Real(0, 1, closed="neither"), Array(kind="real", low=0, high=1, closed="neither")),
        df=Either(Real(0, None, closed="neither"), Array(kind="real", low=0, closed="neither")))
def t_critical_value(confidence_level, df, *, alternative="two-sided"):
    r"""Critical value of Student's t distribution with ``df`` degrees of freedom.

    ``'two-sided'``: :math:`P(|T| \le t) = c`; ``'less'`` / ``'greater'``: the one-sided
    :math:`t_{c,df}` with :math:`P(T \le t) = c`, as in the lecture's table.

    Parameters
    ----------
    confidence_level : float or array_like
        Level(s) ``c`` strictly between 0 and 1.
    df : float or array_like
        Degrees of freedom, positive; broadcasts against ``confidence_level``.
    alternative : {'two-sided', 'less', 'greater'}, default 'two-sided'
        Two-sided or one-sided critical value.

    Returns
    -------
    float or ndarray
        The critical value(s), a float for scalar input.

    Examples
    --------
    >>> from evalkit.stats import t_critical_value
    >>> round(t_critical_value(0.95, 9, alternative="less"), 3)   # the lecture's table, df = 9
    1.833
    >>> t_critical_value([0.9, 0.99], 4, alternative="less").round(3)
    array([1.533, 3.747])
    """
    level = np.asarray(confidence_level, dtype=float)
    dfs = np.asarray(df, dtype=float)
    try:
        np.broadcast_shapes(level.shape, dfs.shape)
    except ValueError:
        raise ValueError(f"confidence_level and df must broadcast together; got shapes {level.shape} "
                         f"and {dfs.shape}") from None
    q = 0.5 + level / 2.0 if alternative == "two-sided" else level
    return _scalar_or_array(_st.t.ppf(q, dfs))
