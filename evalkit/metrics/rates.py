"""Rates read off a confusion matrix: accuracy, the four binary rates, precision, the
F-measure and G-mean, the per-class hit rate, threat score and bias, and the odds ratio."""
from __future__ import annotations

import math

import numpy as np

from .._checks import Boolean, Real, checks
from ._common import CM, ZERO_DIVISION, binary, per_class, ratio, square

__all__ = [
    "accuracy",
    "error_rate",
    "true_positive_rate",
    "false_negative_rate",
    "true_negative_rate",
    "false_positive_rate",
    "precision",
    "f_measure",
    "g_mean",
    "hit_rate",
    "critical_success_index",
    "bias",
    "odds_ratio",
]


@checks(cm=CM)
def accuracy(cm):
    r"""Proportion of correct predictions: :math:`\sum_i f_{ii} / T` ((TP + TN) / T for 2x2).

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).

    Returns
    -------
    float
        The proportion of correct predictions, in [0, 1].

    Examples
    --------
    >>> accuracy([[2, 18], [15, 965]])   # Scott's h1: 2/20 positives, 965/980 negatives
    0.967
    >>> round(accuracy([[2, 1, 1], [1, 2, 1], [1, 2, 3]]), 3)
    0.5
    """
    m = square(cm)
    return float(np.trace(m) / m.sum())


@checks(cm=CM)
def error_rate(cm):
    """Proportion of incorrect predictions, 1 - accuracy ((FP + FN) / T for 2x2).

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).

    Returns
    -------
    float
        The proportion of incorrect predictions, in [0, 1].

    Examples
    --------
    >>> round(error_rate([[2, 18], [15, 965]]), 3)
    0.033
    """
    m = square(cm)
    return float((m.sum() - np.trace(m)) / m.sum())


@checks(cm=CM, zero_division=ZERO_DIVISION)
def true_positive_rate(cm, *, zero_division="warn"):
    """TP / (TP + FN): recall, sensitivity, hit rate.

    Parameters
    ----------
    cm : array_like of shape (2, 2)
        Counts ``[[TP, FN], [FP, TN]]``, actual class by row, positive class first
        (non-negative; float counts are allowed and never overflow).
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float
        The true positive rate, in [0, 1].

    Examples
    --------
    >>> true_positive_rate([[19, 1], [50, 930]])
    0.95
    """
    tp, fn, fp, tn = binary(cm)
    return ratio(tp, tp + fn, "true positive rate", zero_division)


@checks(cm=CM, zero_division=ZERO_DIVISION)
def false_negative_rate(cm, *, zero_division="warn"):
    """FN / (TP + FN) = 1 - true positive rate.

    Parameters
    ----------
    cm : array_like of shape (2, 2)
        Counts ``[[TP, FN], [FP, TN]]``, actual class by row, positive class first
        (non-negative; float counts are allowed and never overflow).
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float
        The false negative rate, in [0, 1].

    Examples
    --------
    >>> false_negative_rate([[19, 1], [50, 930]])
    0.05
    """
    tp, fn, fp, tn = binary(cm)
    return ratio(fn, tp + fn, "false negative rate", zero_division)


@checks(cm=CM, zero_division=ZERO_DIVISION)
def true_negative_rate(cm, *, zero_division="warn"):
    """TN / (FP + TN): specificity.

    Parameters
    ----------
    cm : array_like of shape (2, 2)
        Counts ``[[TP, FN], [FP, TN]]``, actual class by row, positive class first
        (non-negative; float counts are allowed and never overflow).
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float
        The true negative rate, in [0, 1].

    Examples
    --------
    >>> round(true_negative_rate([[19, 1], [50, 930]]), 4)
    0.949
    """
    tp, fn, fp, tn = binary(cm)
    return ratio(tn, fp + tn, "true negative rate", zero_division)


@checks(cm=CM, zero_division=ZERO_DIVISION)
def false_positive_rate(cm, *, zero_division="warn"):
    """FP / (FP + TN) = 1 - specificity.

    Parameters
    ----------
    cm : array_like of shape (2, 2)
        Counts ``[[TP, FN], [FP, TN]]``, actual class by row, positive class first
        (non-negative; float counts are allowed and never overflow).
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float
        The false positive rate, in [0, 1].

    Examples
    --------
    >>> round(false_positive_rate([[19, 1], [50, 930]]), 4)
    0.051
    """
    tp, fn, fp, tn = binary(cm)
    return ratio(fp, fp + tn, "false positive rate", zero_division)


@checks(cm=CM, positive=Boolean(), zero_division=ZERO_DIVISION)
def precision(cm, *, positive=True, zero_division="warn"):
    """TP / (TP + FP), or for ``positive=False`` the negative predictive value TN / (TN + FN).

    Parameters
    ----------
    cm : array_like of shape (2, 2)
        Counts ``[[TP, FN], [FP, TN]]``, actual class by row, positive class first
        (non-negative; float counts are allowed and never overflow).
    positive : bool, default True
        Precision of the positive class; ``False`` gives the negative predictive value.
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float
        The precision (or negative predictive value), in [0, 1].

    Examples
    --------
    >>> round(precision([[19, 1], [50, 930]]), 4)
    0.2754
    >>> round(precision([[19, 1], [50, 930]], positive=False), 4)
    0.9989
    """
    tp, fn, fp, tn = binary(cm)
    if positive:
        return ratio(tp, tp + fp, "precision", zero_division)
    return ratio(tn, tn + fn, "negative predictive value", zero_division)


@checks(cm=CM, beta=Real(0, None, closed="neither", allow_inf=True), zero_division=ZERO_DIVISION)
def f_measure(cm, *, beta=1.0, zero_division="warn"):
    r"""F-beta: :math:`(1+\beta^2)\,PR / (\beta^2 P + R)`, weighting recall :math:`\beta` times as much.

    Computed from counts as :math:`(1+\beta^2)TP / ((1+\beta^2)TP + \beta^2 FN + FP)`,
    which equals the formula in precision P and recall R wherever they are defined.

    Parameters
    ----------
    cm : array_like of shape (2, 2)
        Counts ``[[TP, FN], [FP, TN]]``, actual class by row, positive class first
        (non-negative; float counts are allowed and never overflow).
    beta : float, default 1.0
        Weight of recall relative to precision, ``beta > 0``; ``beta=inf`` gives the
        recall (the limit), and as ``beta -> 0`` the value tends to the precision.
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float
        The F-beta measure, in [0, 1].

    Examples
    --------
    >>> round(f_measure([[19, 1], [50, 930]]), 4)
    0.427
    >>> round(f_measure([[19, 1], [50, 930]], beta=2), 4)
    0.6376
    >>> f_measure([[19, 1], [50, 930]], beta=float("inf"))   # the limit: the recall
    0.95
    """
    tp, fn, fp, tn = binary(cm)
    # F = TP / (TP + w FN + (1 - w) FP) with w = beta^2 / (1 + beta^2), written so that
    # a huge beta (beta^2 = inf) gives w = 1 (the recall) and a tiny one w = 0 (the precision)
    b = float(beta)
    if b > 1:
        inv2 = (1.0 / b) ** 2  # 0 for beta = inf; never overflows
        w, rest = 1.0 / (1.0 + inv2), inv2 / (1.0 + inv2)
    else:
        b2 = b * b
        w, rest = b2 / (1.0 + b2), 1.0 / (1.0 + b2)
    return ratio(tp, tp + w * fn + rest * fp, f"F_{beta}", zero_division)


@checks(cm=CM, zero_division=ZERO_DIVISION)
def g_mean(cm, *, zero_division="warn"):
    r"""Geometric mean of the per-class recalls: :math:`\sqrt{TPR \times TNR}` for 2x2.

    For k classes, :math:`(\prod_L HR^L)^{1/k}` with :func:`hit_rate`; 0 as soon as one
    class is never recognised.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float
        The geometric mean of the per-class recalls, in [0, 1] (NaN if one is undefined).

    Examples
    --------
    >>> round(g_mean([[4, 1], [2, 1]]), 4)   # the source's Figure 1.2
    0.5164
    """
    hr = hit_rate(cm, zero_division=zero_division)
    if np.isnan(hr).any():
        return float("nan")
    if (hr == 0).any():
        return 0.0
    return float(np.exp(np.mean(np.log(hr))))  # no underflow of the product with many classes


@checks(cm=CM, zero_division=ZERO_DIVISION)
def hit_rate(cm, *, zero_division="warn"):
    r"""Per class, :math:`HR^L = f_{LL} / \sum_j f_{Lj}`: the recall of each class.

    Also called probability of detection. For a 2x2 matrix: ``[TPR, TNR]``.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    ndarray of shape (k,)
        The recall (hit rate), one per class in the order of ``cm``.

    Examples
    --------
    >>> hit_rate([[2, 1, 1], [1, 2, 1], [1, 2, 3]]).round(3).tolist()
    [0.5, 0.5, 0.5]
    """
    m = square(cm)
    return per_class(np.diag(m), m.sum(axis=1), "hit rate", zero_division)


@checks(cm=CM, zero_division=ZERO_DIVISION)
def critical_success_index(cm, *, zero_division="warn"):
    r"""Per class, :math:`CSI^L = f_{LL} / (\sum_j f_{Lj} + \sum_i f_{iL} - f_{LL})` (threat score).

    Correct predictions of L over every example that is L or predicted L; for the
    positive class of a 2x2 matrix, TP / (TP + FN + FP). PyCM calls it the Jaccard
    index ``J``; PyCM's ``CSI`` is a different quantity (classification success index).

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    ndarray of shape (k,)
        The critical success index, one per class in the order of ``cm``.

    Examples
    --------
    >>> critical_success_index([[2, 1, 1], [1, 2, 1], [1, 2, 3]]).round(4).tolist()
    [0.3333, 0.2857, 0.375]
    """
    m = square(cm)
    d = np.diag(m)
    return per_class(d, m.sum(axis=1) + m.sum(axis=0) - d, "critical success index", zero_division)


@checks(cm=CM, zero_division=ZERO_DIVISION)
def bias(cm, *, zero_division="warn"):
    r"""Per class, :math:`\phi^L = \sum_j f_{Lj} / \sum_i f_{iL}`: actual over predicted count.

    :math:`\phi^L > 1`: class L is predicted less often than it occurs (under-prediction);
    :math:`\phi^L < 1`: over-prediction.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    ndarray of shape (k,)
        Actual over predicted count, one per class in the order of ``cm``.

    Examples
    --------
    >>> bias([[2, 1, 1], [1, 2, 1], [1, 2, 3]]).tolist()
    [1.0, 0.8, 1.2]
    """
    m = square(cm)
    return per_class(m.sum(axis=1), m.sum(axis=0), "bias", zero_division)


@checks(cm=CM, zero_division=ZERO_DIVISION)
def odds_ratio(cm, *, zero_division="warn"):
    """Diagnostic odds ratio (TP x TN) / (FP x FN) of a 2x2 matrix.

    The odds of a positive prediction among positives over the odds among negatives.

    Parameters
    ----------
    cm : array_like of shape (2, 2)
        Counts ``[[TP, FN], [FP, TN]]``, actual class by row, positive class first
        (non-negative; float counts are allowed and never overflow).
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float
        The diagnostic odds ratio, >= 0.

    Examples
    --------
    >>> odds_ratio([[4, 1], [2, 1]])
    2.0
    """
    tp, fn, fp, tn = binary(cm)
    if fp == 0 or fn == 0:
        return ratio(tp * tn, 0.0, "odds ratio", zero_division)
    if tp == 0 or tn == 0:
        return 0.0
    num, den = tp * tn, fp * fn
    if num > 0 and den > 0:  # no underflow of the products (counts are scaled to at most 1)
        return num / den
    return float(math.exp(math.log(tp) + math.log(tn) - math.log(fp) - math.log(fn)))
