"""t tests: one core, one result type.

Every t test here reduces its data to a mean difference, its standard error and the
degrees of freedom, and hands them to one vectorised core,
:func:`t_test_from_moments`, which gives the statistic and the p-value (over arrays of
experiments at once). :func:`t_test_rejections` decides many two-sided tests at once by
comparing ``|mean|`` with ``t_crit * se`` (the network-CV simulations run it over
thousands of trials). Every test returns a :class:`TTestResult`.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats as _st

from .._checks import Array, Boolean, Integer, Real, checks
from ._common import scalar_or_array as _scalar_or_array
from .intervals import t_critical_value

__all__ = [
    "TTestResult",
    "corrected_repeated_cv_t_test",
    "corrected_resampled_t_test",
    "five_by_two_cv_t_test",
    "paired_t_test",
    "resampled_t_test",
    "t_test_from_moments",
    "t_test_rejections",
    "unpaired_t_test",
]


@checks(statistic=Real(allow_inf=True), pvalue=Real(0, 1), df=Real(0, None, closed="neither"),
        mean_difference=Real(), std_error=Real(0, None), low=Real(allow_inf=True, none=True),
        high=Real(allow_inf=True, none=True), confidence_level=Real(0, 1, closed="neither", none=True))
@dataclass(frozen=True)
class TTestResult:
    r"""Result of every t test of :mod:`evalkit.stats`.

    Parameters
    ----------
    statistic : float
        :math:`t = \bar d / s_{\bar d}`.
    pvalue : float
        The p-value.
    df : float or int
        Degrees of freedom (an int for :func:`paired_t_test`, ``K - 1`` for ``K`` pairs).
    mean_difference : float
        The mean of the differences (for the 5x2cv test, the single difference it uses;
        for :func:`paired_t_test` the mean of ``x - y``, the lecture's :math:`p`).
    std_error : float
        The (corrected) standard error in the statistic's denominator (for
        :func:`paired_t_test` the lecture's :math:`s_p`).
    low, high : float or None
        Confidence bounds of the mean difference, for the tests that give an interval
        (:func:`paired_t_test`; ``None`` for the others). ``low`` is ``-inf`` for
        ``alternative='less'``, where ``high`` is the lecture's one-sided bound
        :math:`p + t_{c,K-1} s_p`; ``high`` is ``+inf`` for ``'greater'``.
    confidence_level : float or None
        Level of that interval (``None`` when there is none).
    alternative : str
        ``'two-sided'``, ``'less'`` or ``'greater'``.

    Examples
    --------
    >>> from evalkit.stats import resampled_t_test
    >>> res = resampled_t_test([0.02, 0.01, 0.03, 0.00, 0.02])
    >>> res.df, round(res.statistic, 4)
    (4.0, 3.1379)
    """

    statistic: float
    pvalue: float
    df: float
    mean_difference: float
    std_error: float
    low: float | None = None
    high: float | None = None
    confidence_level: float | None = None
    alternative: str = "two-sided"

    def __repr__(self):
        name = type(self).__name__
        if self.confidence_level is None:
            return (
                f"{name}(statistic={self.statistic!r}, pvalue={self.pvalue!r}, df={self.df!r}, "
                f"mean_difference={self.mean_difference!r}, std_error={self.std_error!r}, "
                f"alternative={self.alternative!r})"
            )
        return (
            f"{name}(statistic={self.statistic:.6g}, pvalue={self.pvalue:.6g}, df={self.df}, "
            f"mean_difference={self.mean_difference:.6g}, std_error={self.std_error:.6g}, "
            f"low={self.low:.6g}, high={self.high:.6g}, confidence_level={self.confidence_level}, "
            f"alternative={self.alternative!r})"
        )


# ------------------------------------------------------------------------ the core


@checks(mean=Array(kind="real"), se=Array(kind="real", low=0),
        df=Array(kind="real", low=0, closed="neither"))
def t_test_from_moments(mean, se, df, *, alternative="two-sided"):
    r"""Statistic and p-value of a t test from its mean, standard error and degrees of freedom.

    The one core of every t test here, vectorised: ``mean``, ``se`` and ``df`` broadcast.
    :math:`t = \text{mean} / \text{se}`; where ``se`` is 0 the statistic is ``+/-inf``
    (0 when ``mean`` is 0) and the p-value is that of the t distribution at it.

    Parameters
    ----------
    mean : float or array_like
        Mean difference (the numerator), finite (NaN is refused, not propagated).
    se : float or array_like
        Its standard error (the denominator), ``>= 0``.
    df : float or array_like
        Degrees of freedom, positive. ``mean``, ``se`` and ``df`` must broadcast together.
    alternative : {'two-sided', 'less', 'greater'}, default 'two-sided'

    Returns
    -------
    statistic, pvalue : float or ndarray

    Examples
    --------
    >>> from evalkit.stats import t_test_from_moments
    >>> stat, p = t_test_from_moments([0.02, 0.0, 0.01], [0.01, 0.0, 0.0], 9)
    >>> stat.tolist(), p.round(4).tolist()
    ([2.0, 0.0, inf], [0.0766, 1.0, 0.0])
    """
    mean = np.asarray(mean, dtype=float)
    se = np.asarray(se, dtype=float)
    try:
        np.broadcast_shapes(mean.shape, se.shape, np.shape(df))
    except ValueError:
        raise ValueError(f"mean, se and df must broadcast together; got shapes {mean.shape}, {se.shape} "
                         f"and {np.shape(df)}") from None
    with np.errstate(divide="ignore", invalid="ignore"):
        stat = np.where(se > 0, mean / se, np.where(mean == 0, 0.0, np.copysign(np.inf, mean)))
    if alternative == "two-sided":
        p = 2 * _st.t.sf(np.abs(stat), df)
    elif alternative == "less":
        p = _st.t.cdf(stat, df)
    else:
        p = _st.t.sf(stat, df)
    return _scalar_or_array(stat), _scalar_or_array(p)


def _t_result(mean, se, df, alternative):
    stat, p = t_test_from_moments(mean, se, df, alternative=alternative)
    return TTestResult(float(stat), float(p), float(df), float(mean), float(se), alternative=alternative)


@checks(a=Array(kind="real"), b=Array(kind="real"), paired=Boolean(), alpha=Real(0, 1))
def t_test_rejections(a, b, *, paired=True, alpha=0.05):
    """Whether a two-sided t test rejects "equal means", for many experiments at once.

    Parameters
    ----------
    a, b : array_like, shape (..., k)
        Scores of two classifiers on ``k`` splits; leading axes index experiments.
    paired : bool, default True
        Paired t test on ``a - b`` (``k - 1`` df, = ``scipy.stats.ttest_rel``), or the
        unpaired pooled-variance test (``2k - 2`` df, = ``scipy.stats.ttest_ind``).
    alpha : float, default 0.05

    Returns
    -------
    ndarray of bool, shape (...)
        ``True`` where ``|mean| > t_crit * se``, i.e. ``p < alpha``. Zero variance (the
        standard error below 64 machine epsilons of the largest score) rejects when the
        mean difference is not 0 and accepts when it is (scipy gives NaN there).

    Examples
    --------
    >>> from evalkit.stats import t_test_rejections
    >>> t_test_rejections([[0.8, 0.82, 0.81], [0.8, 0.7, 0.9]], [[0.7, 0.71, 0.72], [0.7, 0.8, 0.8]]).tolist()
    [True, False]
    """
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.shape != b.shape or a.ndim < 1 or a.shape[-1] < 2:
        raise ValueError(f"a and b must have the same shape (..., k) with k >= 2; got {a.shape} and {b.shape}")
    alpha = float(alpha)
    k = a.shape[-1]
    if paired:
        d = a - b
        mean = d.mean(axis=-1)
        se = d.std(axis=-1, ddof=1) / np.sqrt(k)
        df = k - 1
    else:
        mean = a.mean(axis=-1) - b.mean(axis=-1)
        se = np.sqrt((a.var(axis=-1, ddof=1) + b.var(axis=-1, ddof=1)) / k)
        df = 2 * k - 2
    scale = np.maximum(np.abs(a).max(axis=-1), np.abs(b).max(axis=-1))
    zero = se <= 64 * np.finfo(float).eps * np.maximum(scale, np.finfo(float).tiny)
    _, pvalue = t_test_from_moments(mean, np.where(zero, 0.0, se), df)
    return np.where(zero, np.abs(mean) > 64 * np.finfo(float).eps * scale, np.asarray(pvalue) < alpha)


# ----------------------------------------------------------- paired and two-sample


def _paired_differences(x, y):
    a, b = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if a.size < 2:
        raise ValueError(f"a paired t test needs at least 2 pairs; got {a.size}")
    return a - b


@checks(_same_length=[("x", "y")], x=Array(ndim=1, kind="real"), y=Array(ndim=1, kind="real"))
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
    TTestResult
        With the interval fields ``low``, ``high`` and ``confidence_level``.

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
    confidence_level = float(confidence_level)
    d = _paired_differences(x, y)
    k = d.size
    mean = float(d.mean())
    # differences equal up to rounding (e.g. 0.2 - 0.3 and 0.3 - 0.4) count as zero variance
    if np.ptp(d) <= 8 * np.finfo(float).eps * max(np.abs(d).max(), np.finfo(float).tiny):
        d = np.full_like(d, mean)
    se = float(d.std(ddof=1) / np.sqrt(k))
    df = k - 1
    stat, pvalue = t_test_from_moments(mean, se, df, alternative=alternative)
    if se == 0 and mean == 0:
        pvalue = 1.0  # no difference at all: no evidence for either one-sided alternative either
    tcrit = float(t_critical_value(confidence_level, df, alternative=alternative))
    low, high = mean - tcrit * se, mean + tcrit * se
    if alternative == "less":
        low = -np.inf
    elif alternative == "greater":
        high = np.inf
    return TTestResult(float(stat), float(pvalue), df, mean, se, float(low), float(high), confidence_level, alternative)



@checks(differences=Array(ndim=2, kind="real"))
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
        Finite score differences, ``differences[j, i]`` for fold ``i`` of run ``j``.
    alternative : {'two-sided', 'less', 'greater'}
        The alternative hypothesis about the mean difference.

    Returns
    -------
    TTestResult
        Statistic, p-value, degrees of freedom, mean difference and standard error.

    Examples
    --------
    >>> from evalkit.stats import five_by_two_cv_t_test
    >>> d = [[0.03, 0.01], [0.02, 0.04], [0.00, 0.02], [0.05, 0.01], [0.02, 0.02]]
    >>> round(five_by_two_cv_t_test(d).statistic, 4)   # 0.03 / sqrt(0.00028)
    1.7928
    """
    d = np.asarray(differences, dtype=float)
    if d.shape != (5, 2):
        raise ValueError(f"differences must have shape (5, 2): 5 runs of 2-fold CV; got {d.shape}")
    s2 = ((d - d.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    return _t_result(d[0, 0], np.sqrt(s2.mean()), 5, alternative)


@checks(differences=Array(kind="real"))
def resampled_t_test(differences, *, alternative="two-sided"):
    r"""The uncorrected paired t test on resampled differences (random subsampling or k-fold CV).

    :math:`t = \bar x / \sqrt{s^2 / n}` with n - 1 degrees of freedom, treating the n
    differences as independent, which they are not (the training sets overlap): its Type I
    error is inflated (Dietterich 1998). Equals ``scipy.stats.ttest_1samp(differences, 0)``.
    Accepts a flat array or an r x k array of repeated-CV differences.

    Parameters
    ----------
    differences : array_like
        Finite score differences (at least 2), flattened.
    alternative : {'two-sided', 'less', 'greater'}, default 'two-sided'
        The alternative hypothesis about the mean difference.

    Returns
    -------
    TTestResult
        Statistic, p-value, degrees of freedom, mean difference and standard error.

    Examples
    --------
    >>> from evalkit.stats import resampled_t_test
    >>> round(resampled_t_test([0.02, 0.01, 0.03, 0.00, 0.02]).pvalue, 4)
    0.0349
    """
    d = np.asarray(differences, dtype=float).ravel()
    if d.size < 2:
        raise ValueError("differences must hold at least 2 values")
    return _t_result(d.mean(), d.std(ddof=1) / np.sqrt(d.size), d.size - 1, alternative)


@checks(x=Array(ndim=1, kind="real"), y=Array(ndim=1, kind="real"))
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

    Parameters
    ----------
    x, y : array_like of shape (n_x,) and (n_y,)
        The two finite samples, at least 2 values each.
    alternative : {'two-sided', 'less', 'greater'}, default 'two-sided'
        The alternative hypothesis about the mean difference.

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
    a, b = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
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
    n_train, n_test = int(n_train), int(n_test)
    n = d.size
    if n < 2:
        raise ValueError("differences must hold at least 2 values")
    if df is None:
        df = n - 1
    var = d.var(ddof=1)
    return _t_result(d.mean(), np.sqrt((1.0 / n + n_test / n_train) * var), df, alternative)


@checks(differences=Array(ndim=1, kind="real"), n_train=Integer(1), n_test=Integer(1), df=Real(0, None, closed="neither", none=True))
def corrected_resampled_t_test(differences, *, n_train, n_test, df=None, alternative="two-sided"):
    r"""Nadeau & Bengio's corrected resampled t test.

    .. math:: t = \frac{\bar x}{\sqrt{(1/n + n_2/n_1)\,s^2}}

    for n differences from random subsampling with :math:`n_1` training and :math:`n_2`
    test examples. The correction term :math:`n_2/n_1` accounts for the overlap of the
    training sets.

    Parameters
    ----------
    differences : array_like, shape (n,)
        Finite score differences of the two learners, one per resampling.
    n_train, n_test : int
        :math:`n_1` and :math:`n_2`.
    df : float, optional
        Degrees of freedom. Default ``n - 1``, the choice of Nadeau & Bengio, Weka and
        other implementations; Bouckaert & Frank (2004) print ``n``. Pass ``df=n`` to
        follow the paper.

    alternative : {'two-sided', 'less', 'greater'}, default 'two-sided'
        The alternative hypothesis about the mean difference.

    Returns
    -------
    TTestResult
        Statistic, p-value, degrees of freedom, mean difference and standard error.

    Examples
    --------
    >>> from evalkit.stats import corrected_resampled_t_test
    >>> d = [0.02, 0.01, 0.03, 0.00, 0.02, 0.01, 0.04, 0.02, 0.01, 0.03]
    >>> r = corrected_resampled_t_test(d, n_train=90, n_test=10)
    >>> round(r.statistic, 4), r.df
    (3.454, 9.0)
    """
    return _corrected(np.asarray(differences, dtype=float), n_train, n_test, df, alternative)


@checks(differences=Array(ndim=2, kind="real"), n_train=Integer(1), n_test=Integer(1), df=Real(0, None, closed="neither", none=True))
def corrected_repeated_cv_t_test(differences, *, n_train, n_test, df=None, alternative="two-sided"):
    r"""Bouckaert & Frank's corrected repeated k-fold CV test.

    .. math:: t = \frac{\frac{1}{kr}\sum_{i,j} x_{ij}}{\sqrt{(\frac{1}{kr} + \frac{n_2}{n_1})\,s^2}}

    for the r x k differences of r runs of k-fold cross-validation, with ``df`` default
    ``k r - 1``.

    Parameters
    ----------
    differences : array_like, shape (r, k)
        Finite score differences, one per fold of each run.
    n_train, n_test : int
        Training and test set sizes of one fold (e.g. 90% and 10% of the data for k = 10).
    df : float, optional
        Degrees of freedom; default ``k r - 1``.

    alternative : {'two-sided', 'less', 'greater'}, default 'two-sided'
        The alternative hypothesis about the mean difference.

    Returns
    -------
    TTestResult
        Statistic, p-value, degrees of freedom, mean difference and standard error.

    Examples
    --------
    >>> from evalkit.stats import corrected_repeated_cv_t_test
    >>> rng = np.random.default_rng(0)
    >>> d = 0.01 + 0.02 * rng.standard_normal((10, 10))
    >>> r = corrected_repeated_cv_t_test(d, n_train=90, n_test=10)
    >>> r.df, round(r.pvalue, 3)
    (99.0, 0.087)
    """
    return _corrected(np.asarray(differences, dtype=float).ravel(), n_train, n_test, df, alternative)

