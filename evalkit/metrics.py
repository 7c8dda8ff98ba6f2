"""Confusion matrices and the metrics computed from them.

Binary metrics take a 2x2 count matrix in the sources' orientation: rows are the
actual class, columns the predicted class, **positive class first**::

    [[TP, FN],
     [FP, TN]]

This is the transpose-and-flip of scikit-learn's default for {0, 1} labels
(``[[TN, FP], [FN, TP]]``); :func:`confusion_matrix` puts the positive class first
for binary {0, 1} / boolean labels so that its output feeds these functions directly.

A metric whose denominator is zero (precision with no predicted positive, say) is
undefined: it returns ``zero_division`` (default NaN) and emits an
:class:`UndefinedMetricWarning`, never a silent NaN.
"""
from __future__ import annotations

import numbers
import warnings

import numpy as np

__all__ = [
    "UndefinedMetricWarning",
    "accuracy",
    "confusion_matrix",
    "error_rate",
    "f_measure",
    "false_negative_rate",
    "false_positive_rate",
    "precision",
    "true_negative_rate",
    "true_positive_rate",
]


class UndefinedMetricWarning(RuntimeWarning):
    """A metric's denominator is zero; the returned value is ``zero_division``."""


def confusion_matrix(y_true, y_pred, *, labels=None):
    """Count matrix: ``cm[i, j]`` = examples of actual class ``labels[i]`` predicted ``labels[j]``.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n,)
        Actual and predicted class labels.
    labels : sequence, optional
        Class order of rows and columns. Default: for boolean or {0, 1} labels,
        ``[1, 0]`` (positive first, the orientation of the binary metrics here);
        otherwise the sorted distinct labels of both arrays.

    Returns
    -------
    ndarray of int64, shape (k, k)

    Examples
    --------
    >>> confusion_matrix([1, 1, 0, 0, 0], [1, 0, 0, 0, 1])   # [[TP, FN], [FP, TN]]
    array([[1, 1],
           [1, 2]])
    >>> confusion_matrix(["a", "b", "b"], ["a", "a", "b"])
    array([[1, 0],
           [1, 1]])
    """
    t = np.asarray(y_true)
    p = np.asarray(y_pred)
    if t.ndim != 1 or p.ndim != 1:
        raise ValueError(f"y_true and y_pred must be 1-D; got shapes {t.shape} and {p.shape}")
    if t.size != p.size:
        raise ValueError(f"y_true and y_pred must have the same length; got {t.size} and {p.size}")
    if t.size == 0:
        raise ValueError("y_true and y_pred are empty")
    if labels is None:
        present = np.union1d(t, p)
        if t.dtype == bool or set(present.tolist()) <= {0, 1}:
            labels = np.array([1, 0], dtype=present.dtype) if present.dtype != bool else np.array([True, False])
        else:
            labels = present
    labels = np.asarray(labels)
    if labels.ndim != 1 or labels.size == 0 or np.unique(labels).size != labels.size:
        raise ValueError(f"labels must be a non-empty sequence of distinct class labels; got {labels!r}")
    index = {v: i for i, v in enumerate(labels.tolist())}
    try:
        ti = np.array([index[v] for v in t.tolist()], dtype=np.int64)
        pi = np.array([index[v] for v in p.tolist()], dtype=np.int64)
    except KeyError as exc:
        raise ValueError(f"label {exc.args[0]!r} occurs in y_true or y_pred but not in labels {labels.tolist()}") from None
    k = labels.size
    return np.bincount(ti * k + pi, minlength=k * k).reshape(k, k)


def _binary(cm):
    m = np.asarray(cm)
    if m.shape != (2, 2):
        raise ValueError(f"cm must be a 2x2 count matrix [[TP, FN], [FP, TN]]; got shape {m.shape}")
    if not (np.issubdtype(m.dtype, np.integer) or np.issubdtype(m.dtype, np.floating)) or m.dtype == bool:
        raise TypeError(f"cm must hold counts; got dtype {m.dtype}")
    if not np.isfinite(m).all() or (m < 0).any():
        raise ValueError("cm must hold finite, non-negative counts")
    return (float(v) for v in m.ravel())  # tp, fn, fp, tn


def _ratio(num, den, name, zero_division):
    if den == 0:
        if isinstance(zero_division, str):
            if zero_division != "warn":
                raise ValueError(f"zero_division must be 'warn' or a number; got {zero_division!r}")
            warnings.warn(f"{name} is undefined (zero denominator); returning NaN", UndefinedMetricWarning, stacklevel=3)
            return float("nan")
        if not isinstance(zero_division, numbers.Real):
            raise ValueError(f"zero_division must be 'warn' or a number; got {zero_division!r}")
        return float(zero_division)
    return num / den


def accuracy(cm):
    """(TP + TN) / all.

    >>> accuracy([[2, 18], [15, 965]])   # Scott's h1: 2/20 positives, 965/980 negatives
    0.967
    """
    tp, fn, fp, tn = _binary(cm)
    return _ratio(tp + tn, tp + fn + fp + tn, "accuracy", "warn")


def error_rate(cm):
    """(FP + FN) / all = 1 - accuracy.

    >>> round(error_rate([[2, 18], [15, 965]]), 3)
    0.033
    """
    tp, fn, fp, tn = _binary(cm)
    return _ratio(fp + fn, tp + fn + fp + tn, "error rate", "warn")


def true_positive_rate(cm, *, zero_division="warn"):
    """TP / (TP + FN): recall, sensitivity, hit rate.

    >>> true_positive_rate([[19, 1], [50, 930]])
    0.95
    """
    tp, fn, fp, tn = _binary(cm)
    return _ratio(tp, tp + fn, "true positive rate", zero_division)


def false_negative_rate(cm, *, zero_division="warn"):
    """FN / (TP + FN) = 1 - true positive rate.

    >>> false_negative_rate([[19, 1], [50, 930]])
    0.05
    """
    tp, fn, fp, tn = _binary(cm)
    return _ratio(fn, tp + fn, "false negative rate", zero_division)


def true_negative_rate(cm, *, zero_division="warn"):
    """TN / (FP + TN): specificity.

    >>> round(true_negative_rate([[19, 1], [50, 930]]), 4)
    0.949
    """
    tp, fn, fp, tn = _binary(cm)
    return _ratio(tn, fp + tn, "true negative rate", zero_division)


def false_positive_rate(cm, *, zero_division="warn"):
    """FP / (FP + TN) = 1 - specificity.

    >>> round(false_positive_rate([[19, 1], [50, 930]]), 4)
    0.051
    """
    tp, fn, fp, tn = _binary(cm)
    return _ratio(fp, fp + tn, "false positive rate", zero_division)


def precision(cm, *, positive=True, zero_division="warn"):
    """TP / (TP + FP), or for ``positive=False`` the negative predictive value TN / (TN + FN).

    >>> round(precision([[19, 1], [50, 930]]), 4)
    0.2754
    >>> round(precision([[19, 1], [50, 930]], positive=False), 4)
    0.9989
    """
    tp, fn, fp, tn = _binary(cm)
    if positive:
        return _ratio(tp, tp + fp, "precision", zero_division)
    return _ratio(tn, tn + fn, "negative predictive value", zero_division)


def f_measure(cm, *, beta=1.0, zero_division="warn"):
    r"""F-beta: :math:`(1+\beta^2)\,PR / (\beta^2 P + R)`, weighting recall :math:`\beta` times as much.

    Computed from counts as :math:`(1+\beta^2)TP / ((1+\beta^2)TP + \beta^2 FN + FP)`,
    which equals the formula in precision P and recall R wherever they are defined.

    >>> round(f_measure([[19, 1], [50, 930]]), 4)
    0.427
    >>> round(f_measure([[19, 1], [50, 930]], beta=2), 4)
    0.6376
    """
    if isinstance(beta, bool) or not isinstance(beta, numbers.Real) or not beta > 0:
        raise ValueError(f"beta must be a positive number; got {beta!r}")
    tp, fn, fp, tn = _binary(cm)
    b2 = float(beta) ** 2
    return _ratio((1 + b2) * tp, (1 + b2) * tp + b2 * fn + fp, f"F_{beta}", zero_division)
