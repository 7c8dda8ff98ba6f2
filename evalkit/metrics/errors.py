"""Errors of probabilistic and numeric forecasts (Brier score, median absolute and
percentage errors) and the pessimistic error estimate of a decision tree."""
from __future__ import annotations

import numpy as np

from .._checks import Array, Integer, Real, checks
from .._validation import POS_LABEL, distinct_labels, label_mask, positive_class
from ._common import LABELS, VALUES

__all__ = [
    "brier_score",
    "median_absolute_error",
    "mean_percentage_error",
    "mean_absolute_percentage_error",
    "pessimistic_error",
]


@checks(_same_length=[("y_true", "y_prob")], y_true=LABELS,
        y_prob=Array(ndim=(1, 2), kind="real", low=0, high=1), pos_label=POS_LABEL)
def brier_score(y_true, y_prob, *, pos_label=None):
    r"""Brier score: mean squared difference between predicted probabilities and outcomes.

    Binary: ``y_prob`` the probability of the positive class,
    :math:`\frac1n\sum (p_i - y_i)^2` with :math:`y_i = 1` for the positive class
    (scikit-learn's ``brier_score_loss``). Multi-class: ``y_true`` integer class indices
    and ``y_prob`` of shape (n, k), Brier's original
    :math:`\frac1n\sum_i\sum_k (p_{ik} - [y_i = k])^2`.

    Parameters
    ----------
    y_true : array_like of shape (n,)
        Binary outcomes (two class labels), or class indices ``0 .. k - 1`` for 2-D ``y_prob``.
    y_prob : array_like of shape (n,) or (n, k)
        Probability of the positive class, or of each class (rows summing to 1).
    pos_label : int, float, bool or str, optional
        The positive class of binary ``y_true`` (1-D ``y_prob``), as in
        :func:`confusion_matrix`: default 1 (True) for labels in {0, 1}, {-1, 1} or
        booleans; other labels need it. None for 2-D ``y_prob``.

    Returns
    -------
    float
        The Brier score, in [0, 1] (binary) or [0, 2] (multi-class).

    Examples
    --------
    >>> brier_score([1, 0, 1], [0.9, 0.2, 0.6])
    0.07
    >>> brier_score(["yes", "no", "yes"], [0.9, 0.2, 0.6], pos_label="yes")
    0.07
    """
    y = np.asarray(y_true)
    p = np.asarray(y_prob, dtype=float)
    if y.ndim != 1 or y.size == 0:
        raise ValueError("y_true must be a non-empty 1-D array")
    if not np.isfinite(p).all() or (p < 0).any() or (p > 1).any():
        raise ValueError("y_prob must hold probabilities in [0, 1]")
    if p.ndim == 1:
        if p.size != y.size:
            raise ValueError(f"y_true and y_prob must have the same length; got {y.size} and {p.size}")
        positive = positive_class(distinct_labels(y), pos_label, "y_true")
        return float(np.mean((p - label_mask(y, positive)) ** 2))
    if pos_label is not None:
        raise ValueError(f"pos_label={pos_label!r} applies to binary y_true with 1-D y_prob; y_prob has "
                         f"shape {p.shape} (class indices name the classes): leave pos_label out")
    if p.ndim != 2 or p.shape[0] != y.size:
        raise ValueError(f"y_prob must have shape (n,) or (n, k) with n = {y.size}; got {p.shape}")
    if not np.allclose(p.sum(axis=1), 1.0):
        raise ValueError("each row of y_prob must sum to 1")
    if not np.issubdtype(y.dtype, np.integer) or y.min() < 0 or y.max() >= p.shape[1]:
        raise ValueError(f"y_true must hold class indices 0..{p.shape[1] - 1}")
    onehot = np.zeros_like(p)
    onehot[np.arange(y.size), y] = 1.0
    return float(np.mean(np.sum((p - onehot) ** 2, axis=1)))


def _forecast_errors(y_true, y_pred, *, nonzero_truth=False):
    y = np.asarray(y_true, dtype=float)
    f = np.asarray(y_pred, dtype=float)
    if y.ndim != 1 or y.size == 0 or f.shape != y.shape:
        raise ValueError(f"y_true and y_pred must be non-empty 1-D arrays of the same length; got {y.shape}, {f.shape}")
    if not (np.isfinite(y).all() and np.isfinite(f).all()):
        raise ValueError("y_true and y_pred must be finite")
    if nonzero_truth and np.any(y == 0):
        raise ValueError("y_true must be non-zero: a percentage error divides by the actual value "
                         f"(scikit-learn substitutes a tiny epsilon; evalkit refuses); zeros at {np.flatnonzero(y == 0)[:5].tolist()}")
    return y, y - f


@checks(_same_length=[("y_true", "y_pred")], y_true=VALUES, y_pred=VALUES)
def median_absolute_error(y_true, y_pred):
    r"""Median absolute error :math:`\mathrm{median}_i |y_i - \hat y_i|`.

    The bibliographic notes' MeAE: the mean absolute error's robust variant. Equals
    :func:`sklearn.metrics.median_absolute_error`.

    Parameters
    ----------
    y_true : array_like of shape (n,)
        Actual values.
    y_pred : array_like of shape (n,)
        Predicted values.

    Returns
    -------
    float
        The median absolute error.

    Examples
    --------
    >>> median_absolute_error([3, 5, 2, 7], [2.5, 5, 4, 8])
    0.75
    """
    _, e = _forecast_errors(y_true, y_pred)
    return float(np.median(np.abs(e)))


@checks(_same_length=[("y_true", "y_pred")], y_true=VALUES, y_pred=VALUES)
def mean_percentage_error(y_true, y_pred):
    r"""Mean percentage error :math:`\frac{100}{n}\sum_i (y_i - \hat y_i) / y_i` (signed).

    Hyndman & Koehler's sign convention (error = actual - predicted): positive when the
    predictions fall short. Signed errors cancel, so MPE measures bias, not accuracy.

    Parameters
    ----------
    y_true : array_like of shape (n,)
        Actual values, all non-zero.
    y_pred : array_like of shape (n,)
        Predicted values.

    Returns
    -------
    float
        The mean percentage error, in percent.

    Examples
    --------
    >>> mean_percentage_error([4, 4, 6], [2, 2, 3])   # the diagonal of Figure 1.4 against its row totals
    50.0
    """
    y, e = _forecast_errors(y_true, y_pred, nonzero_truth=True)
    return float(100 * np.mean(e / y))


@checks(_same_length=[("y_true", "y_pred")], y_true=VALUES, y_pred=VALUES)
def mean_absolute_percentage_error(y_true, y_pred):
    r"""Mean absolute percentage error :math:`\frac{100}{n}\sum_i |y_i - \hat y_i| / |y_i|`.

    In percent; :func:`sklearn.metrics.mean_absolute_percentage_error` returns the same
    as a fraction (and divides by a tiny epsilon where :math:`y_i = 0`, where evalkit
    raises).

    Parameters
    ----------
    y_true : array_like of shape (n,)
        Actual values, all non-zero.
    y_pred : array_like of shape (n,)
        Predicted values.

    Returns
    -------
    float
        The mean absolute percentage error, in percent.

    Examples
    --------
    >>> mean_absolute_percentage_error([4, 4, 6], [2, 2, 3])
    50.0
    """
    y, e = _forecast_errors(y_true, y_pred, nonzero_truth=True)
    return float(100 * np.mean(np.abs(e) / np.abs(y)))


@checks(n_errors=Integer(0), n_leaves=Integer(1), n_samples=Integer(1), leaf_penalty=Real(0))
def pessimistic_error(n_errors, n_leaves, n_samples, *, leaf_penalty=0.5):
    r"""Pessimistic estimate of a decision tree's generalisation error (Tan, Steinbach & Kumar).

    .. math::
        e'(T) = \frac{e(T) + \Omega\,k}{N},

    the training errors :math:`e(T)` plus a penalty :math:`\Omega` per leaf (:math:`k`
    leaves), over the :math:`N` training examples: the graph-mining chapter's
    "pessimistic approach", which charges complexity.

    Parameters
    ----------
    n_errors : int
        Training examples the tree misclassifies.
    n_leaves : int
        Number of leaves, at least 1.
    n_samples : int
        Number of training examples.
    leaf_penalty : float, default 0.5
        :math:`\Omega`, the cost of one leaf in errors.

    Returns
    -------
    float
        The pessimistic error estimate.

    Examples
    --------
    Tan et al.'s example: 4 training errors in 24 records with 7 leaves, and 6 errors with 4
    leaves:

    >>> pessimistic_error(4, 7, 24), round(pessimistic_error(6, 4, 24), 4)
    (0.3125, 0.3333)
    """
    if n_errors > n_samples:
        raise ValueError(f"n_errors ({n_errors}) must not exceed n_samples ({n_samples})")
    return float((n_errors + leaf_penalty * n_leaves) / n_samples)
