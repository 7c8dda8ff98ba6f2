"""Confidence intervals and significance tests for evaluating learning algorithms.

Every function returns a frozen result object in the style of :mod:`scipy.stats`.
This module starts with the interval that opens Scott's lecture, the confidence
interval for a classifier's true error estimated from a test set, and the exact
and simulated coverage of that interval.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np
from scipy import special
from scipy import stats as _st

from ._validation import (
    check_choice,
    check_confidence_level,
    check_count_array,
    check_level_array,
    check_positive_int,
    check_probability,
)

__all__ = [
    "CoverageResult",
    "ErrorConfidenceInterval",
    "error_confidence_interval",
    "interval_coverage",
    "normal_critical_value",
    "simulate_interval_coverage",
    "coverage_map",
    "t_critical_value",
    "PairedTTestResult",
    "paired_t_test",
    "MultipleTestResult",
    "bonferroni",
    "holm",
    "familywise_error",
    "ErrorDifferenceInterval",
    "monte_carlo_pvalue",
    "TTestResult",
    "five_by_two_cv_t_test",
    "resampled_t_test",
    "unpaired_t_test",
    "corrected_resampled_t_test",
    "corrected_repeated_cv_t_test",
    "McNemarResult",
    "mcnemar_test",
    "ReplicabilitySummary",
    "replicability",
    "replicability_summary",
    "enrichment_pvalue",
    "error_difference_interval",
    "simulate_familywise_error",
]

INTERVAL_METHODS = ("normal", "wilson", "exact")
ALTERNATIVES = ("two-sided", "less", "greater")


def _scalar_or_array(x):
    x = np.asarray(x)
    return x.item() if x.ndim == 0 else x


@dataclass(frozen=True)
class ErrorConfidenceInterval:
    """Result of :func:`error_confidence_interval`.

    Attributes
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
    method : str
    alternative : str
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
    check_choice(alternative, "alternative", ALTERNATIVES)
    level = check_level_array(confidence_level)
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
    r = check_count_array(n_errors, "n_errors")
    n = check_count_array(n_samples, "n_samples", minimum=1)
    try:
        r, n = np.broadcast_arrays(r, n)
    except ValueError:
        raise ValueError(
            f"n_errors and n_samples must broadcast together; got shapes {np.shape(r)} and {np.shape(n)}"
        ) from None
    if np.any(r > n):
        raise ValueError("n_errors must not exceed n_samples (a test set of N examples has at most N mistakes)")
    return r, n


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
    confidence_level = check_confidence_level(confidence_level)
    check_choice(method, "method", INTERVAL_METHODS)
    check_choice(alternative, "alternative", ALTERNATIVES)
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
    n = check_positive_int(n_samples, "n_samples")
    p = check_probability(true_error, "true_error")
    confidence_level = check_confidence_level(confidence_level)
    check_choice(method, "method", INTERVAL_METHODS)
    check_choice(alternative, "alternative", ALTERNATIVES)
    r = np.arange(n + 1, dtype=float)
    low, high = _interval(r, float(n), confidence_level, method, alternative)
    pmf = _st.binom.pmf(r[:, None], n, np.atleast_1d(p)[None, :])
    covers = (low[:, None] <= p.reshape(1, -1)) & (p.reshape(1, -1) <= high[:, None])
    return _scalar_or_array((pmf * covers).sum(axis=0).reshape(p.shape))


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
    ns = np.atleast_1d(np.asarray(n_samples))
    if ns.ndim != 1 or ns.size == 0:
        raise ValueError(f"n_samples must be a non-empty 1-D sequence of test-set sizes; got {n_samples!r}")
    p = np.atleast_1d(check_probability(true_error, "true_error"))
    return np.vstack([
        np.atleast_1d(interval_coverage(p, n, confidence_level=confidence_level, method=method, alternative=alternative))
        for n in ns.tolist()
    ])


@dataclass(frozen=True)
class CoverageResult:
    r"""Result of :func:`simulate_interval_coverage`.

    Attributes
    ----------
    coverage : float
        Fraction of simulated test sets whose interval contained the true error.
    standard_error : float
        Monte Carlo standard error of ``coverage``, :math:`\\sqrt{c(1-c)/T}`.
    n_trials : int
        Number of simulated test sets ``T``.
    intervals : ErrorConfidenceInterval
        The simulated intervals themselves (arrays of length ``n_trials``).
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
    """
    p = float(check_probability(true_error, "true_error"))
    n = check_positive_int(n_samples, "n_samples")
    t = check_positive_int(n_trials, "n_trials")
    rng = np.random.default_rng(rng)
    r = rng.binomial(n, p, size=t)
    ci = error_confidence_interval(
        r, n, confidence_level=confidence_level, method=method, alternative=alternative
    )
    hits = (np.asarray(ci.low) <= p) & (p <= np.asarray(ci.high))
    c = float(hits.mean())
    return CoverageResult(coverage=c, standard_error=float(np.sqrt(c * (1 - c) / t)), n_trials=t, intervals=ci)


# --------------------------------------------------------------------------- t tests


def t_critical_value(confidence_level, df, *, alternative="two-sided"):
    r"""Critical value of Student's t distribution with ``df`` degrees of freedom.

    ``'two-sided'``: :math:`P(|T| \le t) = c`; ``'less'`` / ``'greater'``: the one-sided
    :math:`t_{c,df}` with :math:`P(T \le t) = c`, as in the lecture's table.

    Examples
    --------
    >>> from evalkit.stats import t_critical_value
    >>> round(t_critical_value(0.95, 9, alternative="less"), 3)   # the lecture's table, df = 9
    1.833
    >>> t_critical_value([0.9, 0.99], 4, alternative="less").round(3)
    array([1.533, 3.747])
    """
    check_choice(alternative, "alternative", ALTERNATIVES)
    level = check_level_array(confidence_level)
    dfs = np.asarray(df, dtype=float)
    if np.any(~(dfs > 0)):
        raise ValueError(f"df must be positive; got {df!r}")
    q = 0.5 + level / 2.0 if alternative == "two-sided" else level
    return _scalar_or_array(_st.t.ppf(q, dfs))


@dataclass(frozen=True)
class PairedTTestResult:
    r"""Result of :func:`paired_t_test`.

    Attributes
    ----------
    statistic : float
        :math:`t = \bar d / s_{\bar d}`.
    pvalue : float
    df : int
        ``K - 1`` for ``K`` pairs.
    mean_difference : float
        :math:`\bar d`, the mean of ``x - y`` (the lecture's :math:`p`).
    std_error : float
        :math:`s_{\bar d} = \sqrt{\sum (d_i - \bar d)^2 / (K(K-1))}` (the lecture's :math:`s_p`).
    low : float
        Lower confidence bound of the mean difference (``-inf`` for ``alternative='less'``).
    high : float
        Upper confidence bound (``+inf`` for ``'greater'``); for ``'less'`` it is the
        lecture's one-sided bound :math:`p + t_{c,K-1} s_p`.
    confidence_level : float
    alternative : str
    """

    statistic: float
    pvalue: float
    df: int
    mean_difference: float
    std_error: float
    low: float
    high: float
    confidence_level: float
    alternative: str

    def __repr__(self):
        return (
            f"PairedTTestResult(statistic={self.statistic:.6g}, pvalue={self.pvalue:.6g}, df={self.df}, "
            f"mean_difference={self.mean_difference:.6g}, std_error={self.std_error:.6g}, "
            f"low={self.low:.6g}, high={self.high:.6g}, confidence_level={self.confidence_level}, "
            f"alternative={self.alternative!r})"
        )


def _paired_differences(x, y):
    a = np.asarray(x, dtype=float) if not isinstance(x, str) else None
    b = np.asarray(y, dtype=float) if not isinstance(y, str) else None
    if a is None or b is None or a.ndim != 1 or b.ndim != 1:
        raise ValueError("x and y must be 1-D sequences of numbers (one value per fold or pair)")
    if a.size != b.size:
        raise ValueError(f"x and y must have the same length (paired values); got {a.size} and {b.size}")
    if a.size < 2:
        raise ValueError(f"a paired t test needs at least 2 pairs; got {a.size}")
    if not (np.isfinite(a).all() and np.isfinite(b).all()):
        raise ValueError("x and y must be finite (no NaN or infinity)")
    return a - b


def paired_t_test(x, y, *, alternative="two-sided", confidence_level=0.95):
    r"""Paired t test of the mean of ``x - y``, with the confidence interval of that mean.

    In Scott's lecture, ``x`` and ``y`` are the test-fold errors :math:`p_i^1, p_i^2` of
    two learning algorithms on the same ``K`` folds; with ``alternative='less'`` the
    upper bound ``high`` is the lecture's :math:`p + t_{c,K-1}\,s_p`, and
    :math:`L^1` is better than :math:`L^2` at confidence ``c`` when it is below 0
    (equivalently ``pvalue < 1 - c``).

    Parameters
    ----------
    x, y : array_like of shape (K,)
        Paired measurements.
    alternative : {'two-sided', 'less', 'greater'}, default 'two-sided'
        The alternative hypothesis about the mean difference (``'less'``: x < y).
    confidence_level : float, default 0.95

    Returns
    -------
    PairedTTestResult

    Notes
    -----
    The statistic and p-value equal :func:`scipy.stats.ttest_rel`. When all differences
    are equal (zero variance), scipy returns NaN; here the result is documented instead:
    ``statistic`` is ``+/-inf`` (or 0 if the differences are all 0), ``pvalue`` is 0 or 1
    accordingly, and the interval is the single point :math:`\bar d`. Differences that
    are equal up to floating-point rounding count as equal.

    Examples
    --------
    >>> from evalkit.stats import paired_t_test
    >>> err_tree = [0.25, 0.27, 0.22, 0.30, 0.26]
    >>> err_nb = [0.28, 0.27, 0.26, 0.31, 0.30]
    >>> res = paired_t_test(err_tree, err_nb, alternative="less")
    >>> round(res.mean_difference, 3), round(res.high, 4), round(res.pvalue, 4)
    (-0.024, -0.0067, 0.0209)
    """
    check_choice(alternative, "alternative", ALTERNATIVES)
    confidence_level = check_confidence_level(confidence_level)
    d = _paired_differences(x, y)
    k = d.size
    mean = float(d.mean())
    # differences equal up to rounding (e.g. 0.2 - 0.3 and 0.3 - 0.4) count as zero variance
    if np.ptp(d) <= 8 * np.finfo(float).eps * max(np.abs(d).max(), np.finfo(float).tiny):
        d = np.full_like(d, mean)
    se = float(d.std(ddof=1) / np.sqrt(k))
    df = k - 1
    if se > 0:
        stat = mean / se
        if alternative == "two-sided":
            pvalue = 2 * _st.t.sf(abs(stat), df)
        elif alternative == "less":
            pvalue = _st.t.cdf(stat, df)
        else:
            pvalue = _st.t.sf(stat, df)
    else:
        stat = 0.0 if mean == 0 else float(np.copysign(np.inf, mean))
        if alternative == "two-sided":
            pvalue = 1.0 if mean == 0 else 0.0
        elif alternative == "less":
            pvalue = 0.0 if mean < 0 else 1.0
        else:
            pvalue = 0.0 if mean > 0 else 1.0
    tcrit = float(t_critical_value(confidence_level, df, alternative=alternative))
    low, high = mean - tcrit * se, mean + tcrit * se
    if alternative == "less":
        low = -np.inf
    elif alternative == "greater":
        high = np.inf
    return PairedTTestResult(float(stat), float(pvalue), df, mean, se, float(low), float(high), confidence_level, alternative)


# -------------------------------------------------------------- multiple comparisons


@dataclass(frozen=True)
class MultipleTestResult:
    """Result of :func:`bonferroni` and :func:`holm`.

    Attributes
    ----------
    reject : ndarray of bool
        Which null hypotheses are rejected at family-wise level ``alpha``.
    pvalues_adjusted : ndarray
        Adjusted p-values: reject hypothesis ``i`` exactly when ``pvalues_adjusted[i] <= alpha``.
    alpha : float
    method : str
    """

    reject: np.ndarray
    pvalues_adjusted: np.ndarray
    alpha: float
    method: str


def _check_pvalues(pvalues, alpha):
    p = np.asarray(pvalues, dtype=float)
    if p.ndim != 1 or p.size == 0:
        raise ValueError(f"pvalues must be a non-empty 1-D sequence; got {pvalues!r}")
    if not np.isfinite(p).all() or (p < 0).any() or (p > 1).any():
        raise ValueError(f"pvalues must lie in [0, 1]; got {pvalues!r}")
    alpha = check_confidence_level(alpha, "alpha")
    return p, alpha


def bonferroni(pvalues, *, alpha=0.05):
    """Bonferroni correction: reject where ``m * p <= alpha`` for ``m`` tests.

    Controls the family-wise error rate at ``alpha`` under any dependence.

    Examples
    --------
    >>> from evalkit.stats import bonferroni
    >>> res = bonferroni([0.01, 0.02, 0.03, 0.2])
    >>> res.reject.tolist(), res.pvalues_adjusted.tolist()
    ([True, False, False, False], [0.04, 0.08, 0.12, 0.8])
    """
    p, alpha = _check_pvalues(pvalues, alpha)
    adj = np.minimum(1.0, p * p.size)
    return MultipleTestResult(adj <= alpha, adj, alpha, "bonferroni")


def holm(pvalues, *, alpha=0.05):
    r"""Holm's step-down correction (Holm, 1979): uniformly more powerful than Bonferroni.

    Sort the p-values, :math:`p_{(1)} \le \dots \le p_{(m)}`; reject
    :math:`H_{(1)}, \dots, H_{(j)}` for the largest ``j`` such that
    :math:`p_{(i)} \le \alpha / (m - i + 1)` for every ``i <= j``. Controls the
    family-wise error rate at ``alpha`` under any dependence.

    Examples
    --------
    >>> from evalkit.stats import holm
    >>> res = holm([0.01, 0.02, 0.03, 0.2])
    >>> res.reject.tolist(), res.pvalues_adjusted.round(2).tolist()
    ([True, False, False, False], [0.04, 0.06, 0.06, 0.2])
    >>> holm([0.01, 0.012, 0.013, 0.2]).reject.tolist()
    [True, True, True, False]
    """
    p, alpha = _check_pvalues(pvalues, alpha)
    m = p.size
    order = np.argsort(p, kind="stable")
    stepped = np.maximum.accumulate(np.minimum(1.0, (m - np.arange(m)) * p[order]))
    adj = np.empty(m)
    adj[order] = stepped
    return MultipleTestResult(adj <= alpha, adj, alpha, "holm")


def familywise_error(alpha, n_tests, *, dependence="independent"):
    r"""Probability of at least one false rejection among ``n_tests`` true null hypotheses.

    ``dependence='independent'`` gives the exact :math:`1 - (1 - \alpha)^m`;
    ``'any'`` gives the union (Bonferroni) bound :math:`\min(1, m\alpha)`, which holds
    whatever the dependence and is what Scott's "20% chance at least one is wrong" is.

    Examples
    --------
    >>> from evalkit.stats import familywise_error
    >>> round(familywise_error(0.05, 4), 4), familywise_error(0.05, 4, dependence="any")
    (0.1855, 0.2)
    """
    alpha = check_confidence_level(alpha, "alpha")
    m = check_positive_int(n_tests, "n_tests")
    check_choice(dependence, "dependence", ("independent", "any"))
    if dependence == "independent":
        return 1.0 - (1.0 - alpha) ** m
    return min(1.0, m * alpha)


def simulate_familywise_error(n_tests, *, correlation=0.0, alpha=0.05, n_trials=100_000, rng=None):
    """Monte Carlo family-wise error of ``n_tests`` one-sided z tests whose nulls are all true.

    The test statistics are standard normal with a common pairwise ``correlation``
    (0.5 is the case of one algorithm compared with several others on the same data:
    each comparison shares the first algorithm's noise). Each trial records whether any
    null is rejected, without correction, with Bonferroni and with Holm.

    Returns
    -------
    dict
        ``{'uncorrected': rate, 'bonferroni': rate, 'holm': rate, 'standard_error': s}``,
        ``s`` the largest Monte Carlo standard error of the three.

    Examples
    --------
    >>> from evalkit.stats import simulate_familywise_error
    >>> r = simulate_familywise_error(4, n_trials=50_000, rng=1)
    >>> abs(r["uncorrected"] - 0.1855) < 4 * r["standard_error"]
    True
    """
    m = check_positive_int(n_tests, "n_tests")
    t = check_positive_int(n_trials, "n_trials")
    alpha = check_confidence_level(alpha, "alpha")
    rho = float(correlation)
    if not 0.0 <= rho < 1.0:
        raise ValueError(f"correlation must lie in [0, 1); got {correlation!r}")
    rng = np.random.default_rng(rng)
    z = np.sqrt(rho) * rng.standard_normal((t, 1)) + np.sqrt(1.0 - rho) * rng.standard_normal((t, m))
    p = _st.norm.sf(z)
    p_sorted = np.sort(p, axis=1)
    uncorrected = (p_sorted[:, 0] <= alpha).mean()
    bonf = (p_sorted[:, 0] <= alpha / m).mean()
    # Holm rejects something iff it rejects the smallest p-value: p_(1) <= alpha / m
    holm_rate = bonf
    rates = {"uncorrected": float(uncorrected), "bonferroni": float(bonf), "holm": float(holm_rate)}
    rates["standard_error"] = float(max(np.sqrt(r * (1 - r) / t) for r in rates.values()))
    return rates


# ------------------------------------------------- difference of two error rates


@dataclass(frozen=True)
class ErrorDifferenceInterval:
    r"""Result of :func:`error_difference_interval`.

    Attributes
    ----------
    difference : float
        ``error_1 - error_2`` (signed).
    std_error : float
        :math:`\sqrt{e_1(1-e_1)/n_1 + e_2(1-e_2)/n_2}`.
    low : float
    high : float
        Normal-approximation confidence bounds for the true difference.
    confidence_level : float
    """

    difference: float
    std_error: float
    low: float
    high: float
    confidence_level: float

    @property
    def significant(self):
        """True when the interval excludes 0."""
        return bool(self.low > 0 or self.high < 0)


def error_difference_interval(error_1, n_1, error_2, n_2, *, confidence_level=0.95):
    r"""Normal-approximation interval for the difference of two error rates on independent test sets.

    .. math::
        (e_1 - e_2) \pm z_c \sqrt{\frac{e_1(1-e_1)}{n_1} + \frac{e_2(1-e_2)}{n_2}}

    (Tan, Steinbach & Kumar; the graph-mining chapter's equations 1.56-1.57). Valid only
    for models tested on *different, independent* test sets; for two models tested on the
    same examples the errors are paired and McNemar's test applies.

    Examples
    --------
    The graph-mining chapter's example: error 0.5 on 5 examples against 0.7 on 1000.

    >>> from evalkit.stats import error_difference_interval
    >>> r = error_difference_interval(0.7, 1000, 0.5, 5)
    >>> round(r.difference, 2), round(r.high - r.difference, 3), r.significant
    (0.2, 0.439, False)
    """
    confidence_level = check_confidence_level(confidence_level)
    e = [float(check_probability(v, name)) for v, name in ((error_1, "error_1"), (error_2, "error_2"))]
    n = [check_positive_int(v, name) for v, name in ((n_1, "n_1"), (n_2, "n_2"))]
    se = float(np.sqrt(e[0] * (1 - e[0]) / n[0] + e[1] * (1 - e[1]) / n[1]))
    z = float(normal_critical_value(confidence_level))
    d = e[0] - e[1]
    return ErrorDifferenceInterval(d, se, d - z * se, d + z * se, confidence_level)


# --------------------------------------------------- Monte Carlo and enrichment


def monte_carlo_pvalue(observed, null_statistics, *, alternative="greater", plus_one=True):
    r"""Empirical p-value of an observed statistic against statistics simulated under the null.

    With ``R`` of the ``J`` null statistics at least as extreme as the observed one,
    ``plus_one=True`` (default) returns :math:`(R + 1)/(J + 1)`, the estimate North,
    Curtis & Sham (2002) show to be correct: it counts the observed statistic as one
    draw from the null, is never 0, and gives a test of exact level. ``plus_one=False``
    returns the naive :math:`R/J` of the graph-mining chapter (Section 1.5.1), which can
    be 0 and makes the test anti-conservative.

    Examples
    --------
    The graph-mining chapter's example: 10 of 1,000 random clusters score at least 0.85.

    >>> from evalkit.stats import monte_carlo_pvalue
    >>> null = [0.9] * 10 + [0.1] * 990
    >>> monte_carlo_pvalue(0.85, null, plus_one=False), round(monte_carlo_pvalue(0.85, null), 5)
    (0.01, 0.01099)
    """
    check_choice(alternative, "alternative", ("greater", "less", "two-sided"))
    null = np.asarray(null_statistics, dtype=float)
    if null.ndim != 1 or null.size == 0 or not np.isfinite(null).all():
        raise ValueError("null_statistics must be a non-empty 1-D array of finite values")
    obs = float(observed)
    if not np.isfinite(obs):
        raise ValueError(f"observed must be finite; got {observed!r}")
    if alternative == "greater":
        r = np.sum(null >= obs)
    elif alternative == "less":
        r = np.sum(null <= obs)
    else:
        centre = np.mean(null)
        r = np.sum(np.abs(null - centre) >= abs(obs - centre))
    j = null.size
    return float((r + 1) / (j + 1)) if plus_one else float(r / j)


def enrichment_pvalue(k, population, successes, sample, *, kind="tail"):
    r"""Hypergeometric p-value of seeing ``k`` annotated items in a sample (functional enrichment).

    A population of ``population`` items holds ``successes`` annotated ones; a sample
    (cluster) of ``sample`` items holds ``k``. ``kind='tail'`` (default) is the
    enrichment p-value :math:`P(X \ge k)`; ``kind='point'`` is the probability
    :math:`P(X = k)` that the graph-mining chapter's equation (1.58) computes, which is
    not a p-value (it can be small even when k is exactly the expected count).

    All four counts broadcast, so one call scores many terms or clusters.

    Examples
    --------
    The chapter's example: population 20 with 10 annotated, a cluster of 10 with 5.

    >>> from evalkit.stats import enrichment_pvalue
    >>> round(enrichment_pvalue(5, 20, 10, 10, kind="point"), 4), round(enrichment_pvalue(5, 20, 10, 10), 4)
    (0.3437, 0.6719)
    """
    check_choice(kind, "kind", ("tail", "point"))
    arrs = {}
    for name, v in (("k", k), ("population", population), ("successes", successes), ("sample", sample)):
        arrs[name] = check_count_array(v, name)
    try:
        kk, pop, succ, samp = np.broadcast_arrays(arrs["k"], arrs["population"], arrs["successes"], arrs["sample"])
    except ValueError:
        raise ValueError("k, population, successes and sample must broadcast together") from None
    if np.any(succ > pop) or np.any(samp > pop):
        raise ValueError("successes and sample must not exceed population")
    if np.any(kk > np.minimum(succ, samp)):
        raise ValueError("k must not exceed successes or sample")
    if kind == "point":
        return _scalar_or_array(_st.hypergeom.pmf(kk, pop, succ, samp))
    return _scalar_or_array(_st.hypergeom.sf(kk - 1, pop, succ, samp))


# ------------------------------------------- tests on resampled score differences


@dataclass(frozen=True)
class TTestResult:
    """Result of the resampling t tests (:func:`five_by_two_cv_t_test` and the others).

    Attributes
    ----------
    statistic : float
    pvalue : float
    df : float
    mean_difference : float
        The mean of the differences (for the 5x2cv test, the single difference it uses).
    std_error : float
        The (corrected) standard error in the statistic's denominator.
    alternative : str
    """

    statistic: float
    pvalue: float
    df: float
    mean_difference: float
    std_error: float
    alternative: str


def _t_result(mean, se, df, alternative):
    check_choice(alternative, "alternative", ALTERNATIVES)
    if se > 0:
        stat = mean / se
    else:
        stat = 0.0 if mean == 0 else float(np.copysign(np.inf, mean))
    if alternative == "two-sided":
        p = 2 * _st.t.sf(abs(stat), df)
    elif alternative == "less":
        p = _st.t.cdf(stat, df)
    else:
        p = _st.t.sf(stat, df)
    return TTestResult(float(stat), float(p), float(df), float(mean), float(se), alternative)


def _differences(x, name, *, ndim):
    d = np.asarray(x, dtype=float)
    if d.ndim != ndim:
        raise ValueError(f"{name} must be a {ndim}-D array of score differences; got shape {d.shape}")
    if not np.isfinite(d).all():
        raise ValueError(f"{name} must be finite")
    return d


def five_by_two_cv_t_test(differences, *, alternative="two-sided"):
    r"""Dietterich's 5x2cv paired t test.

    .. math::
        t = \frac{x_{11}}{\sqrt{\frac15 \sum_{j=1}^5 s_j^2}},\qquad
        s_j^2 = (x_{1j} - \bar x_j)^2 + (x_{2j} - \bar x_j)^2,

    with 5 degrees of freedom, where ``differences[j, i]`` is the difference in score
    of the two learners on fold ``i`` of run ``j`` (5 runs of 2-fold cross-validation).
    Only the first difference enters the numerator.

    Parameters
    ----------
    differences : array_like, shape (5, 2)
    alternative : {'two-sided', 'less', 'greater'}

    Examples
    --------
    >>> from evalkit.stats import five_by_two_cv_t_test
    >>> d = [[0.03, 0.01], [0.02, 0.04], [0.00, 0.02], [0.05, 0.01], [0.02, 0.02]]
    >>> round(five_by_two_cv_t_test(d).statistic, 4)   # 0.03 / sqrt(0.00028)
    1.7928
    """
    d = _differences(differences, "differences", ndim=2)
    if d.shape != (5, 2):
        raise ValueError(f"differences must have shape (5, 2): 5 runs of 2-fold CV; got {d.shape}")
    s2 = ((d - d.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    return _t_result(d[0, 0], np.sqrt(s2.mean()), 5, alternative)


def resampled_t_test(differences, *, alternative="two-sided"):
    r"""The uncorrected paired t test on resampled differences (random subsampling or k-fold CV).

    :math:`t = \bar x / \sqrt{s^2 / n}` with n - 1 degrees of freedom, treating the n
    differences as independent, which they are not (the training sets overlap): its Type I
    error is inflated (Dietterich 1998). Equals ``scipy.stats.ttest_1samp(differences, 0)``.
    Accepts a flat array or an r x k array of repeated-CV differences.

    Examples
    --------
    >>> from evalkit.stats import resampled_t_test
    >>> round(resampled_t_test([0.02, 0.01, 0.03, 0.00, 0.02]).pvalue, 4)
    0.0349
    """
    d = np.asarray(differences, dtype=float).ravel()
    d = _differences(d, "differences", ndim=1)
    if d.size < 2:
        raise ValueError("differences must hold at least 2 values")
    return _t_result(d.mean(), d.std(ddof=1) / np.sqrt(d.size), d.size - 1, alternative)


def unpaired_t_test(x, y, *, alternative="two-sided"):
    r"""Two-sample t test with pooled variance (Student's), of ``mean(x) - mean(y)``.

    :math:`t = (\bar x - \bar y) / \sqrt{s_p^2 (1/n_x + 1/n_y)}` with
    :math:`n_x + n_y - 2` degrees of freedom; equals ``scipy.stats.ttest_ind(x, y)``.
    Neville et al. use it on the per-split accuracies of two classifiers, ignoring the
    pairing: the pooled variance is larger than the variance of the paired differences
    when the two classifiers' errors are positively correlated, which offsets part of
    the bias of overlapping or correlated test sets. When both samples are constant the
    result is documented instead of scipy's NaN: ``statistic`` is ``+/-inf`` (0 if the
    means are equal) and ``pvalue`` 0 or 1 accordingly.

    Returns
    -------
    TTestResult
        ``mean_difference`` is ``mean(x) - mean(y)``, ``std_error`` the pooled standard error.

    Examples
    --------
    >>> from evalkit.stats import unpaired_t_test
    >>> res = unpaired_t_test([0.81, 0.79, 0.84, 0.80], [0.78, 0.77, 0.80, 0.76])
    >>> res.df, round(res.statistic, 3), round(res.pvalue, 4)
    (6.0, 2.36, 0.0563)
    """
    a = _differences(x, "x", ndim=1)
    b = _differences(y, "y", ndim=1)
    if a.size < 2 or b.size < 2:
        raise ValueError(f"x and y must hold at least 2 values each; got {a.size} and {b.size}")
    df = a.size + b.size - 2
    pooled = ((a.size - 1) * a.var(ddof=1) + (b.size - 1) * b.var(ddof=1)) / df
    se = float(np.sqrt(pooled * (1.0 / a.size + 1.0 / b.size)))
    mean = float(a.mean() - b.mean())
    if se <= 8 * np.finfo(float).eps * max(abs(a).max(), abs(b).max(), np.finfo(float).tiny):
        se = 0.0
    return _t_result(mean, se, df, alternative)


def _corrected(d, n_train, n_test, df, alternative):
    n_train = check_positive_int(n_train, "n_train")
    n_test = check_positive_int(n_test, "n_test")
    n = d.size
    if n < 2:
        raise ValueError("differences must hold at least 2 values")
    if df is None:
        df = n - 1
    elif isinstance(df, bool) or not isinstance(df, numbers.Real) or not df > 0:
        raise ValueError(f"df must be a positive number or None (meaning n - 1); got {df!r}")
    var = d.var(ddof=1)
    return _t_result(d.mean(), np.sqrt((1.0 / n + n_test / n_train) * var), df, alternative)


def corrected_resampled_t_test(differences, *, n_train, n_test, df=None, alternative="two-sided"):
    r"""Nadeau & Bengio's corrected resampled t test.

    .. math:: t = \frac{\bar x}{\sqrt{(1/n + n_2/n_1)\,s^2}}

    for n differences from random subsampling with :math:`n_1` training and :math:`n_2`
    test examples. The correction term :math:`n_2/n_1` accounts for the overlap of the
    training sets.

    Parameters
    ----------
    differences : array_like, shape (n,)
    n_train, n_test : int
        :math:`n_1` and :math:`n_2`.
    df : float, optional
        Degrees of freedom. Default ``n - 1``, the choice of Nadeau & Bengio, Weka and
        other implementations; Bouckaert & Frank (2004) print ``n``. Pass ``df=n`` to
        follow the paper.

    Examples
    --------
    >>> from evalkit.stats import corrected_resampled_t_test
    >>> d = [0.02, 0.01, 0.03, 0.00, 0.02, 0.01, 0.04, 0.02, 0.01, 0.03]
    >>> r = corrected_resampled_t_test(d, n_train=90, n_test=10)
    >>> round(r.statistic, 4), r.df
    (3.454, 9.0)
    """
    d = _differences(differences, "differences", ndim=1)
    return _corrected(d, n_train, n_test, df, alternative)


def corrected_repeated_cv_t_test(differences, *, n_train, n_test, df=None, alternative="two-sided"):
    r"""Bouckaert & Frank's corrected repeated k-fold CV test.

    .. math:: t = \frac{\frac{1}{kr}\sum_{i,j} x_{ij}}{\sqrt{(\frac{1}{kr} + \frac{n_2}{n_1})\,s^2}}

    for the r x k differences of r runs of k-fold cross-validation, with ``df`` default
    ``k r - 1``.

    Parameters
    ----------
    differences : array_like, shape (r, k)
    n_train, n_test : int
        Training and test set sizes of one fold (e.g. 90% and 10% of the data for k = 10).
    df : float, optional

    Examples
    --------
    >>> from evalkit.stats import corrected_repeated_cv_t_test
    >>> rng = np.random.default_rng(0)
    >>> d = 0.01 + 0.02 * rng.standard_normal((10, 10))
    >>> r = corrected_repeated_cv_t_test(d, n_train=90, n_test=10)
    >>> r.df, round(r.pvalue, 3)
    (99.0, 0.087)
    """
    d = _differences(differences, "differences", ndim=2)
    return _corrected(d.ravel(), n_train, n_test, df, alternative)


@dataclass(frozen=True)
class McNemarResult:
    """Result of :func:`mcnemar_test`: ``statistic`` (chi-squared, or the smaller count when exact) and ``pvalue``."""

    statistic: float
    pvalue: float
    exact: bool


def mcnemar_test(n_01, n_10, *, exact=False, correction=True):
    r"""McNemar's test on one test set: do two classifiers err on different examples equally often?

    ``n_01`` examples are misclassified by the first classifier only and ``n_10`` by the
    second only. The chi-squared version (Dietterich's) uses
    :math:`(|n_{01} - n_{10}| - 1)^2 / (n_{01} + n_{10})` with 1 degree of freedom
    (``correction=False`` drops the continuity correction); ``exact=True`` uses the
    two-sided binomial test of :math:`n_{01}` in :math:`n_{01} + n_{10}` trials with p = 1/2.
    When :math:`n_{01} = n_{10}` the corrected statistic is 0 (no evidence either way);
    mlxtend and statsmodels apply the correction there too and return
    :math:`1/(n_{01} + n_{10})`.

    Examples
    --------
    >>> from evalkit.stats import mcnemar_test
    >>> r = mcnemar_test(12, 4)
    >>> round(r.statistic, 4), round(r.pvalue, 4)
    (3.0625, 0.0801)
    >>> round(mcnemar_test(12, 4, exact=True).pvalue, 4)
    0.0768
    """
    b = check_positive_int(n_01, "n_01", minimum=0)
    c = check_positive_int(n_10, "n_10", minimum=0)
    if b + c == 0:
        return McNemarResult(0.0, 1.0, exact)
    if exact:
        return McNemarResult(float(min(b, c)), float(_st.binomtest(b, b + c, 0.5).pvalue), True)
    stat = (abs(b - c) - (1 if correction else 0)) ** 2 / (b + c)
    if correction and abs(b - c) < 1:
        stat = 0.0
    return McNemarResult(float(stat), float(_st.chi2.sf(stat, 1)), False)


# ------------------------------------------------------------------ replicability


def replicability(k, n):
    r"""Bouckaert & Frank's :math:`R(k, n)`: probability that two of n runs of a test agree.

    .. math:: R(k, n) = \frac{\binom{k}{2} + \binom{n-k}{2}}{\binom{n}{2}}
                      = \frac{k(k-1) + (n-k)(n-k-1)}{n(n-1)}

    for a test that rejects in ``k`` of ``n`` runs (never below about 0.5).

    Examples
    --------
    >>> from evalkit.stats import replicability
    >>> replicability(10, 10), round(replicability(5, 10), 4)
    (1.0, 0.4444)
    """
    n = check_positive_int(n, "n", minimum=2)
    k = check_count_array(k, "k")
    if np.any(k > n):
        raise ValueError(f"k must not exceed n = {n}")
    return _scalar_or_array((k * (k - 1) + (n - k) * (n - k - 1)) / (n * (n - 1)))


@dataclass(frozen=True)
class ReplicabilitySummary:
    r"""Result of :func:`replicability_summary`: the paper's three summary rows.

    Attributes
    ----------
    consistent : int
        Data sets on which all n runs agree (k = 0 or k = n).
    almost_consistent : int
        Data sets on which at most one run disagrees (k in {0, 1, n - 1, n}).
    replicability : float
        :math:`R = \sum_k (i_k/m)\,R(k, n)`, the mean of R(k, n) over the m data sets.
    """

    consistent: int
    almost_consistent: int
    replicability: float


def replicability_summary(non_rejections, n):
    """Consistency counts and the replicability R over data sets (Bouckaert & Frank, Table 1).

    Parameters
    ----------
    non_rejections : array_like of int
        For each data set, how many of the ``n`` runs did *not* reject (or did; the
        measures are symmetric).
    n : int
        Runs per data set (10 in the paper).

    Examples
    --------
    >>> from evalkit.stats import replicability_summary
    >>> replicability_summary([10, 0, 9, 5], 10)
    ReplicabilitySummary(consistent=2, almost_consistent=3, replicability=0.8111111111111111)
    """
    n = check_positive_int(n, "n", minimum=2)
    k = check_count_array(non_rejections, "non_rejections")
    if k.ndim != 1 or k.size == 0:
        raise ValueError("non_rejections must be a non-empty 1-D sequence of counts")
    if np.any(k > n):
        raise ValueError(f"non_rejections must not exceed n = {n}")
    consistent = int(np.sum((k == 0) | (k == n)))
    almost = int(np.sum((k <= 1) | (k >= n - 1)))
    return ReplicabilitySummary(consistent, almost, float(np.mean(replicability(k, n))))
