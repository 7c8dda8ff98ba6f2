r"""Uncertainty of the area under the ROC curve: confidence intervals and DeLong's test.

Scott's lecture says the AUC's distribution is "approximately normal if :math:`|P|, |N| > 10`,
so can find confidence intervals". Two standard errors make that usable:

* **Hanley & McNeil (1982)** from the AUC and the class sizes alone, under the
  assumption that the scores of each class are exponentially distributed;
* **DeLong, DeLong & Clarke-Pearson (1988)** from the data: each positive's and each
  negative's *placement* (the fraction of the other class it out-ranks, ties one half)
  has a sample variance, and the AUC's variance is
  :math:`\mathrm{var}(V_{10})/|P| + \mathrm{var}(V_{01})/|N|`. The same components
  give the covariance of two AUCs measured on the same examples, hence DeLong's test of
  two correlated AUCs.

Placements are computed with sorted arrays and binary searches, :math:`O(n \log n)`
(Sun & Xu, 2014), never by enumerating the :math:`|P||N|` pairs.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import special

from .._checks import Choice, Integer, Real, checks
from .._validation import POS_LABEL, check_binary_scores
from ._ranking import Y_SCORE, Y_TRUE

__all__ = [
    "AUC_INTERVAL_METHODS",
    "AUCConfidenceInterval",
    "DeLongTestResult",
    "delong_placements",
    "delong_test",
    "roc_auc_confidence_interval",
]

AUC_INTERVAL_METHODS = ("delong", "hanley-mcneil")


@checks(auc=Real(0, 1), low=Real(), high=Real(), std_error=Real(0, None), n_positive=Integer(1),
        n_negative=Integer(1), method=Choice(*AUC_INTERVAL_METHODS))
@dataclass(frozen=True)
class AUCConfidenceInterval:
    """Result of :func:`roc_auc_confidence_interval`.

    Parameters
    ----------
    auc : float
        The area under the ROC curve (ties one half).
    low, high : float
        Normal-approximation bounds :math:`\\mathrm{AUC} \\pm z\\,\\mathrm{se}`, not clipped
        to [0, 1] (a bound outside it says the approximation does not fit; pROC clips).
    std_error : float
        Standard error of the AUC (DeLong or Hanley-McNeil).
    n_positive, n_negative : int
        Numbers of positives and negatives.
    confidence_level : float
        Level of the interval, strictly between 0 and 1.
    method : str
        ``'delong'`` or ``'hanley-mcneil'``.

    Examples
    --------
    >>> ci = roc_auc_confidence_interval([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.2, 0.1])
    >>> round(ci.auc, 4), ci.n_positive, ci.method
    (0.8889, 3, 'delong')
    """

    auc: float
    low: float
    high: float
    std_error: float
    n_positive: int
    n_negative: int
    confidence_level: float
    method: str


@checks(statistic=Real(allow_inf=True), pvalue=Real(0, 1), auc_1=Real(0, 1), auc_2=Real(0, 1),
        difference=Real(-1, 1), std_error=Real(0, None), correlation=Real(-1, 1, allow_nan=True))
@dataclass(frozen=True)
class DeLongTestResult:
    """Result of :func:`delong_test`.

    Parameters
    ----------
    statistic : float
        :math:`z = (\\mathrm{AUC}_1 - \\mathrm{AUC}_2) / \\mathrm{se}`; ``0`` when both the
        difference and its standard error are 0, ``±inf`` when only the standard error is.
    pvalue : float
        p-value of the test.
    auc_1, auc_2 : float
        The two areas under the ROC curve.
    difference : float
        ``auc_1 - auc_2``.
    std_error : float
        Standard error of the difference (DeLong).
    correlation : float
        Correlation of the two AUC estimates (nan when either variance is 0).
    alternative : str
        ``'two-sided'``, ``'less'`` or ``'greater'``.

    Examples
    --------
    >>> res = delong_test([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.2, 0.1], [0.9, 0.1, 0.7, 0.6, 0.2, 0.8])
    >>> round(res.difference, 4), res.alternative
    (0.4444, 'two-sided')
    """

    statistic: float
    pvalue: float
    auc_1: float
    auc_2: float
    difference: float
    std_error: float
    correlation: float
    alternative: str


@checks(_same_length=[("y_true", "y_score")], y_true=Y_TRUE, y_score=Y_SCORE, pos_label=POS_LABEL)
def delong_placements(y_true, y_score, *, pos_label=None):
    r"""DeLong's structural components: each example's placement among the other class.

    Parameters
    ----------
    y_true, y_score : array_like of shape (n,)
        As in :func:`evalkit.curves.roc_curve`.
    pos_label : int, float, bool or str, optional
        The positive class, the one ``y_score`` scores. Default: 1 (True) when ``y_true``
        is bool, {0, 1} or {-1, 1}; any other two labels need it (a ValueError otherwise),
        as in scikit-learn and :func:`evalkit.metrics.confusion_matrix`.

    Returns
    -------
    v10 : ndarray of shape (n_positive,)
        For each positive, the fraction of negatives scored below it (ties one half).
    v01 : ndarray of shape (n_negative,)
        For each negative, the fraction of positives scored above it (ties one half).
        Both average to the AUC.

    Examples
    --------
    >>> v10, v01 = delong_placements([1, 1, 0, 0], [0.9, 0.5, 0.5, 0.1])
    >>> v10.tolist(), v01.tolist()
    ([1.0, 0.75], [0.75, 1.0])
    """
    pos, s = check_binary_scores(y_true, y_score, pos_label)
    return _placements(s[pos], s[~pos])


def _placements(pos_scores, neg_scores):
    pos_sorted, neg_sorted = np.sort(pos_scores), np.sort(neg_scores)
    n_pos, n_neg = pos_sorted.size, neg_sorted.size
    below = np.searchsorted(neg_sorted, pos_scores, side="left") + np.searchsorted(neg_sorted, pos_scores, side="right")
    above = 2 * n_pos - np.searchsorted(pos_sorted, neg_scores, side="right") \
        - np.searchsorted(pos_sorted, neg_scores, side="left")
    return below / (2.0 * n_neg), above / (2.0 * n_pos)


def _hanley_mcneil_variance(auc, n_pos, n_neg):
    q1 = auc / (2.0 - auc)
    q2 = 2.0 * auc * auc / (1.0 + auc)
    return (auc * (1.0 - auc) + (n_pos - 1) * (q1 - auc * auc) + (n_neg - 1) * (q2 - auc * auc)) / (n_pos * n_neg)


def _z(confidence_level):
    return float(special.ndtri(0.5 + confidence_level / 2.0))


@checks(_same_length=[("y_true", "y_score")], y_true=Y_TRUE, y_score=Y_SCORE, method=Choice(*AUC_INTERVAL_METHODS),
        pos_label=POS_LABEL)
def roc_auc_confidence_interval(y_true, y_score, *, confidence_level=0.95, method="delong", pos_label=None):
    r"""Confidence interval for the area under the ROC curve.

    Parameters
    ----------
    y_true, y_score : array_like of shape (n,)
        As in :func:`evalkit.curves.roc_curve`.
    confidence_level : float, default 0.95
    method : {'delong', 'hanley-mcneil'}, default 'delong'
        ``'delong'``: the variance of the placements (needs at least two examples of each
        class). ``'hanley-mcneil'``:
        :math:`[A(1-A) + (|P|-1)(Q_1 - A^2) + (|N|-1)(Q_2 - A^2)] / (|P||N|)` with
        :math:`Q_1 = A/(2-A)`, :math:`Q_2 = 2A^2/(1+A)`.
    pos_label : int, float, bool or str, optional
        The positive class, the one ``y_score`` scores. Default: 1 (True) when ``y_true``
        is bool, {0, 1} or {-1, 1}; any other two labels need it (a ValueError otherwise),
        as in scikit-learn and :func:`evalkit.metrics.confusion_matrix`.

    Returns
    -------
    AUCConfidenceInterval

    Notes
    -----
    Both are normal approximations. The DeLong standard error equals pROC's
    ``var(roc, method = "delong")`` (R) and is checked against a direct double sum over
    all pairs in the tests. A perfectly separating score has DeLong standard error 0.

    Examples
    --------
    The ten examples of Scott's lecture (5 positives, 5 negatives, AUC 0.76):

    >>> scores = [169.752, 109.2, 19.21, 1.905, -2.75, -12.64, -29.124, -83.222, -91.554, -128.212]
    >>> labels = [1, 1, 0, 1, 1, 0, 0, 0, 1, 0]
    >>> ci = roc_auc_confidence_interval(labels, scores)
    >>> print(f"{ci.auc:.2f} [{ci.low:.3f}, {ci.high:.3f}]")
    0.76 [0.414, 1.106]
    >>> ci = roc_auc_confidence_interval(labels, scores, method="hanley-mcneil")
    >>> print(f"[{ci.low:.3f}, {ci.high:.3f}]")
    [0.447, 1.073]
    """
    confidence_level = float(confidence_level)
    pos, s = check_binary_scores(y_true, y_score, pos_label)
    n_pos, n_neg = int(pos.sum()), int((~pos).sum())
    v10, v01 = _placements(s[pos], s[~pos])
    auc = float(v10.mean())
    if method == "delong":
        if min(n_pos, n_neg) < 2:
            raise ValueError("method='delong' needs at least 2 positives and 2 negatives (a sample variance of "
                             f"each class's placements); got {n_pos} positive and {n_neg} negative")
        variance = v10.var(ddof=1) / n_pos + v01.var(ddof=1) / n_neg
    else:
        variance = _hanley_mcneil_variance(auc, n_pos, n_neg)
    se = float(np.sqrt(max(variance, 0.0)))
    z = _z(confidence_level)
    return AUCConfidenceInterval(auc, auc - z * se, auc + z * se, se, n_pos, n_neg, confidence_level, method)


@checks(_same_length=[("y_true", "y_score_1", "y_score_2")], y_true=Y_TRUE, y_score_1=Y_SCORE, y_score_2=Y_SCORE,
        pos_label=POS_LABEL)
def delong_test(y_true, y_score_1, y_score_2, *, alternative="two-sided", pos_label=None):
    r"""DeLong's test that two classifiers scored on the same examples have equal AUC.

    Parameters
    ----------
    y_true : array_like of shape (n,)
        Binary labels, as in :func:`evalkit.curves.roc_curve`.
    y_score_1, y_score_2 : array_like of shape (n,)
        The two classifiers' scores for the same examples.
    alternative : {'two-sided', 'less', 'greater'}, default 'two-sided'
        ``'greater'``: the first AUC is larger.
    pos_label : int, float, bool or str, optional
        The positive class, the one both scores score. Default: 1 (True) when ``y_true``
        is bool, {0, 1} or {-1, 1}; any other two labels need it (a ValueError otherwise),
        as in scikit-learn and :func:`evalkit.metrics.confusion_matrix`.

    Returns
    -------
    DeLongTestResult

    Notes
    -----
    :math:`z = (A_1 - A_2)/\sqrt{S_{11} + S_{22} - 2 S_{12}}` where
    :math:`S = \mathrm{cov}(V_{10})/|P| + \mathrm{cov}(V_{01})/|N|` is the covariance of
    the two AUCs from their placements (DeLong et al., 1988), as in pROC's
    ``roc.test(method = "delong")``. Scores from two *independent* test sets need no
    covariance term: compare two :func:`roc_auc_confidence_interval` results instead.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(200) < 0.5
    >>> strong, weak = y + rng.normal(0, 0.8, 200), y + rng.normal(0, 2.0, 200)
    >>> res = delong_test(y, strong, weak)
    >>> res.auc_1 > res.auc_2, res.pvalue < 0.01
    (True, True)
    """
    pos, s1 = check_binary_scores(y_true, y_score_1, pos_label)
    _, s2 = check_binary_scores(y_true, y_score_2, pos_label)
    n_pos, n_neg = int(pos.sum()), int((~pos).sum())
    if min(n_pos, n_neg) < 2:
        raise ValueError("delong_test needs at least 2 positives and 2 negatives; "
                         f"got {n_pos} positive and {n_neg} negative")
    a10, a01 = _placements(s1[pos], s1[~pos])
    b10, b01 = _placements(s2[pos], s2[~pos])
    cov = np.cov(np.vstack([a10, b10]), ddof=1) / n_pos + np.cov(np.vstack([a01, b01]), ddof=1) / n_neg
    auc_1, auc_2 = float(a10.mean()), float(b10.mean())
    difference = auc_1 - auc_2
    se = float(np.sqrt(max(cov[0, 0] + cov[1, 1] - 2.0 * cov[0, 1], 0.0)))
    with np.errstate(invalid="ignore", divide="ignore"):
        correlation = (float(np.clip(cov[0, 1] / np.sqrt(cov[0, 0] * cov[1, 1]), -1.0, 1.0))
                       if cov[0, 0] * cov[1, 1] > 0 else float("nan"))
    if se == 0.0:
        z = 0.0 if difference == 0.0 else float(np.copysign(np.inf, difference))
    else:
        z = difference / se
    if alternative == "two-sided":
        p = 2.0 * special.ndtr(-abs(z))
    elif alternative == "greater":
        p = special.ndtr(-z)
    else:
        p = special.ndtr(z)
    return DeLongTestResult(float(z), float(min(p, 1.0)), auc_1, auc_2, difference, se, correlation, alternative)
