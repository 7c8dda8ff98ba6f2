"""Confusion matrices: building one from labels, collapsing it to one class, its
diagonal's distance from a perfect classification and its total cost."""
from __future__ import annotations

import math

import numpy as np

from .._checks import Array, Choice, Integer, checks
from .._validation import POS_LABEL, distinct_labels, positive_class
from ._common import CM, LABELS, pow2_scaled, square

__all__ = [
    "confusion_matrix",
    "one_vs_rest",
    "diagonal_mae",
    "total_cost",
]


@checks(_same_length=[("y_true", "y_pred")], y_true=LABELS, y_pred=LABELS,
        labels=Array(ndim=1, kind="label", none=True), pos_label=POS_LABEL)
def confusion_matrix(y_true, y_pred, *, labels=None, pos_label=None):
    """Count matrix: ``cm[i, j]`` = examples of actual class ``labels[i]`` predicted ``labels[j]``.

    For two classes the matrix is in the orientation of the binary metrics
    (:func:`true_positive_rate`, :func:`precision`, ...), **positive class first**:
    ``[[TP, FN], [FP, TN]]`` (scikit-learn's ``confusion_matrix`` with
    ``labels=[positive, negative]``). Which class is positive follows scikit-learn's rule,
    the same as in :mod:`evalkit.curves`: ``pos_label``, or 1 (True) for labels in
    {0, 1}, {-1, 1} or booleans; any other two labels without ``pos_label`` are an error.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n,)
        Actual and predicted class labels.
    labels : sequence, optional
        Class order of rows and columns, kept as given (for two labels the first is the
        positive class of the binary metrics; scikit-learn's habit ``labels=[0, 1]`` makes 0
        the positive class). Default: for at most two distinct labels,
        ``[positive, negative]`` as chosen by ``pos_label``; for more, the sorted distinct
        labels of both arrays.
    pos_label : int, float, bool or str, optional
        The positive class of a two-class problem. Default: 1 (True) when the labels
        found are a subset of {0, 1}, {-1, 1} or the booleans; any other labels
        (``{'neg', 'pos'}``, ``{1, 2}``) need it. It must be one of the two labels found
        (with a single label found it may name the absent class). With ``labels`` it must
        be ``labels[0]`` of two labels; with more than two classes it must be None.

    Returns
    -------
    ndarray of int64, shape (k, k)
        Counts, rows actual and columns predicted; (2, 2) ``[[TP, FN], [FP, TN]]`` for a
        two-class problem without ``labels`` (also when only one class occurs).

    Examples
    --------
    >>> confusion_matrix([1, 1, 0, 0, 0], [1, 0, 0, 0, 1])   # [[TP, FN], [FP, TN]]
    array([[1, 1],
           [1, 2]])
    >>> confusion_matrix([1, 1, -1, -1, -1], [1, -1, -1, -1, 1])   # 1 is positive
    array([[1, 1],
           [1, 2]])
    >>> confusion_matrix(["pos", "pos", "neg"], ["pos", "neg", "neg"], pos_label="pos")
    array([[1, 1],
           [0, 1]])
    >>> confusion_matrix(["a", "b", "b", "c"], ["a", "a", "b", "c"])   # three classes: sorted
    array([[1, 0, 0],
           [1, 1, 0],
           [0, 0, 1]])
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
        present = distinct_labels(t, p)
        if len(present) <= 2:
            positive = positive_class(present, pos_label, "y_true and y_pred")
            index = {positive: 0}
            index.update({v: 1 for v in present if v not in index})  # the negative class, if it occurs
            k = 2
        else:
            if pos_label is not None:
                raise ValueError(f"pos_label={pos_label!r} applies to two classes; y_true and y_pred have "
                                 f"{len(present)} labels {present[:10]}: leave pos_label out (rows and columns "
                                 "in sorted order) and collapse a class with one_vs_rest")
            index = {v: i for i, v in enumerate(present)}
            k = len(present)
    else:
        labels = np.asarray(labels)
        if len(distinct_labels(labels)) != labels.size:
            raise ValueError(f"labels must be a non-empty sequence of distinct class labels; got {labels!r}")
        order = labels.tolist()
        if pos_label is not None:
            if len(order) != 2:
                raise ValueError(f"pos_label={pos_label!r} applies to two classes; labels has {len(order)} "
                                 f"entries {order[:10]}: leave pos_label out")
            if pos_label not in order:
                raise ValueError(f"pos_label={pos_label!r} is not in labels {order}")
            if not pos_label == order[0]:
                raise ValueError(f"labels={order} puts {order[0]!r} first (the positive class of the binary "
                                 f"metrics) but pos_label={pos_label!r}: give labels={order[::-1]} or leave out "
                                 "one of the two")
        index = {v: i for i, v in enumerate(order)}
        k = len(order)
    try:
        ti = np.array([index[v] for v in t.tolist()], dtype=np.int64)
        pi = np.array([index[v] for v in p.tolist()], dtype=np.int64)
    except KeyError as exc:
        raise ValueError(f"label {exc.args[0]!r} occurs in y_true or y_pred but not in labels "
                         f"{list(index)}") from None
    return np.bincount(ti * k + pi, minlength=k * k).reshape(k, k)


@checks(cm=CM, label_index=Integer(0))
def one_vs_rest(cm, label_index):
    """Collapse a k x k matrix to the 2x2 ``[[TP, FN], [FP, TN]]`` of one class.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).
    label_index : int
        Index of the class taken as positive, in ``0 .. k - 1``.

    Returns
    -------
    ndarray of shape (2, 2)
        ``[[TP, FN], [FP, TN]]`` of that class: int64 for integer ``cm`` (an error if the
        sums exceed int64), float for float ``cm`` (an error if they overflow float64).

    Examples
    --------
    >>> one_vs_rest([[2, 1, 1], [1, 2, 1], [1, 2, 3]], 0).tolist()
    [[2, 2], [2, 8]]
    """
    square(cm)  # shape and entries
    m = np.asarray(cm)
    k = m.shape[0]
    i = int(label_index)
    if not 0 <= i < k:
        raise ValueError(f"label_index must be an integer in 0..{k - 1}; got {label_index!r}")
    others = np.arange(k) != i
    if np.issubdtype(m.dtype, np.integer):
        # exact sums in Python integers; refuse what int64 cannot hold
        big = m.astype(object)
        cells = [big[i, i], big[i, others].sum(), big[others, i].sum(), big[np.ix_(others, others)].sum()]
        if max(cells) > np.iinfo(np.int64).max:
            raise ValueError("cm: the one-vs-rest counts exceed the int64 range; pass cm as floats")
        return np.array(cells, dtype=np.int64).reshape(2, 2)
    m = m.astype(float)  # float counts stay floats
    with np.errstate(over="ignore"):
        out = np.array([[m[i, i], m[i, others].sum()], [m[others, i].sum(), m[np.ix_(others, others)].sum()]])
    if not np.isfinite(out).all():
        raise ValueError("cm: the one-vs-rest counts overflow float64 (sums above 1.8e308)")
    return out


@checks(cm=CM, denominator=Choice("classes", "total"))
def diagonal_mae(cm, *, denominator="classes"):
    r"""Mean absolute difference between the diagonal and a perfect classification.

    The source's equation (1.15): :math:`\frac1N \sum_i |f_{ii} - q_{ii}|`, where
    :math:`q_{ii} = \sum_j f_{ij}` is the diagonal of the perfect ("expected") matrix and
    N the number of classes (``denominator='classes'``). The source's worked example and
    its R package divide by the number of examples T instead (``denominator='total'``),
    which makes the value equal to the error rate.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).
    denominator : {'classes', 'total'}, default 'classes'
        Divide by the number of classes (the source's equation) or of examples.

    Returns
    -------
    float
        The mean absolute gap between the diagonal and the row totals.

    Examples
    --------
    >>> m = [[2, 1, 1], [1, 2, 1], [1, 2, 3]]
    >>> round(diagonal_mae(m), 4), diagonal_mae(m, denominator="total")
    (2.3333, 0.5)
    """
    m = square(cm)
    _, top = pow2_scaled(cm)  # the factor m was divided by
    gap = np.abs(np.diag(m) - m.sum(axis=1)).sum()
    if denominator == "classes":
        return float(gap / m.shape[0] * top)
    return float(gap / m.sum())


@checks(cm=CM, cost_matrix=Array(ndim=2, kind="real", square=True, min_size=4))
def total_cost(cm, cost_matrix):
    r"""Total cost :math:`C_M = \sum_{i,j} c_{ij} f_{ij}` of a confusion matrix.

    ``cost_matrix[i, j]`` is the cost of predicting class j for an example of class i,
    in the same class order as ``cm``.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).
    cost_matrix : array_like of shape (k, k)
        ``cost_matrix[i, j]``: the cost of predicting class j for an example of class i.

    Returns
    -------
    float
        The total cost.

    Raises
    ------
    OverflowError
        Where the total exceeds the largest float (no product or partial sum overflows:
        both matrices are scaled by powers of two first, which is exact).

    Examples
    --------
    >>> total_cost([[4, 1], [2, 1]], [[-20, 100], [45, -10]])   # the source's M_x
    100.0
    """
    m, m_scale = pow2_scaled(square(cm, scaled=False))
    c = np.asarray(cost_matrix, dtype=float)
    if c.shape != m.shape:
        raise ValueError(f"cost_matrix must have the shape of cm {m.shape}; got {c.shape}")
    # both scaled by powers of two (exact), so that no product or partial sum overflows;
    # only a total beyond the largest float is an error
    c_scale = pow2_scaled(np.abs(c))[1]
    total = float(np.sum((c / c_scale) * m))
    try:
        return math.ldexp(total, math.frexp(m_scale)[1] + math.frexp(c_scale)[1] - 2)
    except OverflowError:
        raise OverflowError("the total cost exceeds the largest float (1.8e308); rescale cm or cost_matrix") from None
