"""Confusion matrices and the metrics computed from them.

Binary metrics take a 2x2 count matrix in the sources' orientation: rows are the
actual class, columns the predicted class, **positive class first**::

    [[TP, FN],
     [FP, TN]]

This is the transpose-and-flip of scikit-learn's default for {0, 1} labels
(``[[TN, FP], [FN, TP]]``); :func:`confusion_matrix` puts the positive class first
for binary {0, 1} / boolean labels so that its output feeds these functions directly.

Multi-class ("multi-level") metrics take any k x k count matrix, rows actual and
columns predicted in the same class order. Per-class metrics return one value per
class, in that order (for a 2x2 matrix: positive, then negative).

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
    "alpha_reliability",
    "bias",
    "brier_score",
    "cohens_kappa",
    "critical_success_index",
    "diagonal_mae",
    "g_mean",
    "gandin_murphy_skill_score",
    "gandin_murphy_weights",
    "gilbert_skill_score",
    "gwet_ac1",
    "gwet_chance_agreement",
    "hit_rate",
    "mean_absolute_percentage_error",
    "mean_percentage_error",
    "median_absolute_error",
    "odds_ratio",
    "one_vs_rest",
    "pessimistic_error",
    "peirce_skill_score",
    "scotts_pi",
    "total_cost",
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


def _square(cm):
    m = np.asarray(cm)
    if m.ndim != 2 or m.shape[0] != m.shape[1] or m.shape[0] < 2:
        raise ValueError(f"cm must be a square k x k count matrix with k >= 2; got shape {m.shape}")
    if not (np.issubdtype(m.dtype, np.integer) or np.issubdtype(m.dtype, np.floating)) or m.dtype == bool:
        raise TypeError(f"cm must hold counts; got dtype {m.dtype}")
    if not np.isfinite(m).all() or (m < 0).any():
        raise ValueError("cm must hold finite, non-negative counts")
    if m.sum() == 0:
        raise ValueError("cm is all zeros: no example was classified")
    return m.astype(float)


def _per_class(num, den, name, zero_division):
    """num / den elementwise; zero denominators give zero_division (warned if 'warn')."""
    num = np.asarray(num, dtype=float)
    den = np.asarray(den, dtype=float)
    out = np.empty_like(num)
    ok = den != 0
    out[ok] = num[ok] / den[ok]
    if (~ok).any():
        out[~ok] = _ratio(0.0, 0.0, f"{name} of class index {np.flatnonzero(~ok).tolist()}", zero_division)
    return out


def accuracy(cm):
    r"""Proportion of correct predictions: :math:`\sum_i f_{ii} / T` ((TP + TN) / T for 2x2).

    >>> accuracy([[2, 18], [15, 965]])   # Scott's h1: 2/20 positives, 965/980 negatives
    0.967
    >>> round(accuracy([[2, 1, 1], [1, 2, 1], [1, 2, 3]]), 3)
    0.5
    """
    m = _square(cm)
    return float(np.trace(m) / m.sum())


def error_rate(cm):
    """Proportion of incorrect predictions, 1 - accuracy ((FP + FN) / T for 2x2).

    >>> round(error_rate([[2, 18], [15, 965]]), 3)
    0.033
    """
    m = _square(cm)
    return float((m.sum() - np.trace(m)) / m.sum())


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


def g_mean(cm, *, zero_division="warn"):
    r"""Geometric mean of the per-class recalls: :math:`\sqrt{TPR \times TNR}` for 2x2.

    For k classes, :math:`(\prod_L HR^L)^{1/k}` with :func:`hit_rate`; 0 as soon as one
    class is never recognised.

    >>> round(g_mean([[4, 1], [2, 1]]), 4)   # the source's Figure 1.2
    0.5164
    """
    hr = hit_rate(cm, zero_division=zero_division)
    return float(np.prod(hr) ** (1.0 / hr.size))


def one_vs_rest(cm, label_index):
    """Collapse a k x k matrix to the 2x2 ``[[TP, FN], [FP, TN]]`` of one class.

    >>> one_vs_rest([[2, 1, 1], [1, 2, 1], [1, 2, 3]], 0).tolist()
    [[2, 2], [2, 8]]
    """
    m = _square(cm)
    k = m.shape[0]
    if isinstance(label_index, bool) or not isinstance(label_index, numbers.Integral) or not 0 <= label_index < k:
        raise ValueError(f"label_index must be an integer in 0..{k - 1}; got {label_index!r}")
    tp = m[label_index, label_index]
    fn = m[label_index].sum() - tp
    fp = m[:, label_index].sum() - tp
    tn = m.sum() - tp - fn - fp
    return np.array([[tp, fn], [fp, tn]]).astype(np.int64 if np.all(np.mod(m, 1) == 0) else float)


def hit_rate(cm, *, zero_division="warn"):
    r"""Per class, :math:`HR^L = f_{LL} / \sum_j f_{Lj}`: the recall of each class.

    Also called probability of detection. For a 2x2 matrix: ``[TPR, TNR]``.

    >>> hit_rate([[2, 1, 1], [1, 2, 1], [1, 2, 3]]).round(3).tolist()
    [0.5, 0.5, 0.5]
    """
    m = _square(cm)
    return _per_class(np.diag(m), m.sum(axis=1), "hit rate", zero_division)


def critical_success_index(cm, *, zero_division="warn"):
    r"""Per class, :math:`CSI^L = f_{LL} / (\sum_j f_{Lj} + \sum_i f_{iL} - f_{LL})` (threat score).

    Correct predictions of L over every example that is L or predicted L; for the
    positive class of a 2x2 matrix, TP / (TP + FN + FP). PyCM calls it the Jaccard
    index ``J``; PyCM's ``CSI`` is a different quantity (classification success index).

    >>> critical_success_index([[2, 1, 1], [1, 2, 1], [1, 2, 3]]).round(4).tolist()
    [0.3333, 0.2857, 0.375]
    """
    m = _square(cm)
    d = np.diag(m)
    return _per_class(d, m.sum(axis=1) + m.sum(axis=0) - d, "critical success index", zero_division)


def bias(cm, *, zero_division="warn"):
    r"""Per class, :math:`\phi^L = \sum_j f_{Lj} / \sum_i f_{iL}`: actual over predicted count.

    :math:`\phi^L > 1`: class L is predicted less often than it occurs (under-prediction);
    :math:`\phi^L < 1`: over-prediction.

    >>> bias([[2, 1, 1], [1, 2, 1], [1, 2, 3]]).tolist()
    [1.0, 0.8, 1.2]
    """
    m = _square(cm)
    return _per_class(m.sum(axis=1), m.sum(axis=0), "bias", zero_division)


def gilbert_skill_score(cm, *, zero_division="warn"):
    r"""Per class, Gilbert's skill score (equitable threat score).

    .. math::
        GSS^L = \frac{f_{LL} - e_L}{\sum_{i = L \text{ or } j = L} f_{ij} - e_L},\qquad
        e_L = \frac{\sum_j f_{Lj}\,\sum_i f_{iL}}{T},

    the critical success index corrected for the hits expected by chance.

    >>> gilbert_skill_score([[2, 1, 1], [1, 2, 1], [1, 2, 3]]).round(4).tolist()
    [0.1765, 0.1026, 0.1463]
    """
    m = _square(cm)
    d, rows, cols = np.diag(m), m.sum(axis=1), m.sum(axis=0)
    chance = rows * cols / m.sum()
    return _per_class(d - chance, rows + cols - d - chance, "Gilbert skill score", zero_division)


def diagonal_mae(cm, *, denominator="classes"):
    r"""Mean absolute difference between the diagonal and a perfect classification.

    The source's equation (1.15): :math:`\frac1N \sum_i |f_{ii} - q_{ii}|`, where
    :math:`q_{ii} = \sum_j f_{ij}` is the diagonal of the perfect ("expected") matrix and
    N the number of classes (``denominator='classes'``). The source's worked example and
    its R package divide by the number of examples T instead (``denominator='total'``),
    which makes the value equal to the error rate.

    >>> m = [[2, 1, 1], [1, 2, 1], [1, 2, 3]]
    >>> round(diagonal_mae(m), 4), diagonal_mae(m, denominator="total")
    (2.3333, 0.5)
    """
    if denominator not in ("classes", "total"):
        raise ValueError(f"denominator must be 'classes' or 'total'; got {denominator!r}")
    m = _square(cm)
    gap = np.abs(np.diag(m) - m.sum(axis=1)).sum()
    return float(gap / (m.shape[0] if denominator == "classes" else m.sum()))


def _agreement(m):
    t = m.sum()
    return np.trace(m) / t, m.sum(axis=1) / t, m.sum(axis=0) / t


def scotts_pi(cm):
    r"""Scott's :math:`\pi`: agreement corrected for chance from the pooled class proportions.

    .. math::
        \pi = \frac{P_o - e(\pi)}{1 - e(\pi)},\qquad
        e(\pi) = \sum_k \Big(\frac{\sum_j f_{kj} + \sum_i f_{ik}}{2T}\Big)^2.

    >>> round(scotts_pi([[2, 1, 1], [1, 2, 1], [1, 2, 3]]), 4)
    0.2432
    >>> round(scotts_pi([[4, 1], [2, 1]]), 4)   # the source prints 0.14 (rounding inside)
    0.1273
    """
    po, r, c = _agreement(_square(cm))
    pe = np.sum(((r + c) / 2) ** 2)
    return float(_ratio(po - pe, 1 - pe, "Scott's pi", "warn"))


def cohens_kappa(cm):
    r"""Cohen's :math:`\kappa` (the Heidke skill score).

    .. math::
        \kappa = \frac{P_o - e(\kappa)}{1 - e(\kappa)},\qquad
        e(\kappa) = \sum_k \frac{\sum_j f_{kj}}{T}\,\frac{\sum_i f_{ik}}{T}.

    Equals :func:`sklearn.metrics.cohen_kappa_score`.

    >>> round(cohens_kappa([[4, 1], [2, 1]]), 4)
    0.1429
    >>> round(cohens_kappa([[2, 1, 1], [1, 2, 1], [1, 2, 3]]), 4)   # the source prints 0.3
    0.2462
    """
    po, r, c = _agreement(_square(cm))
    pe = np.sum(r * c)
    return float(_ratio(po - pe, 1 - pe, "Cohen's kappa", "warn"))


def peirce_skill_score(cm):
    r"""Peirce's skill score (Hanssen-Kuipers discriminant, true skill statistic).

    .. math::
        PSS = \frac{P_o - \sum_k p(a_k)\,p(p_k)}{1 - \sum_k p(a_k)^2},

    like Heidke's (:func:`cohens_kappa`) but with the chance term of the denominator
    computed as if the predictions had the actual class distribution. For a 2x2 matrix
    it is TPR - FPR (Youden's J, PyCM's ``BM`` of the positive class).

    >>> round(peirce_skill_score([[4, 1], [2, 1]]), 4)   # 0.8 - 2/3
    0.1333
    """
    po, r, c = _agreement(_square(cm))
    return float(_ratio(po - np.sum(r * c), 1 - np.sum(r * r), "Peirce skill score", "warn"))


def alpha_reliability(cm, *, definition="krippendorff"):
    r"""Alpha reliability of predictions against actual classes.

    ``definition='krippendorff'`` (default): Krippendorff's :math:`\alpha` for two
    "coders" (actual, predicted) and nominal data, :math:`1 - D_o / D_e` with
    observed disagreement :math:`D_o` = error rate and expected disagreement
    :math:`D_e = 1 - \sum_k n_k(n_k - 1) / (n(n-1))` from the pooled counts
    :math:`n_k` (row plus column sums, :math:`n = 2T`). Equals PyCM's
    ``Krippendorff Alpha``.

    ``definition='source'``: the source's equations (1.28)-(1.31),
    :math:`1 - ER / e(\alpha)` with :math:`e(\alpha) = \sum_k \sum_j f_{kj}\sum_i f_{ik} / T^2`,
    the chance *agreement* used where a chance *disagreement* belongs (and with
    :math:`T^2`, not the :math:`T` printed in (1.31)); this reproduces the source's
    worked example and its R package, but is not an agreement coefficient: a perfect
    classifier scores 1, a chance-level one does not score 0.

    >>> m = [[2, 1, 1], [1, 2, 1], [1, 2, 3]]
    >>> round(alpha_reliability(m), 4), round(alpha_reliability(m, definition="source"), 4)
    (0.2703, -0.4848)
    """
    if definition not in ("krippendorff", "source"):
        raise ValueError(f"definition must be 'krippendorff' or 'source'; got {definition!r}")
    m = _square(cm)
    t = m.sum()
    err = (t - np.trace(m)) / t
    if definition == "source":
        chance = np.sum(m.sum(axis=1) * m.sum(axis=0)) / t**2
        return float(1 - _ratio(err, chance, "alpha reliability", "warn"))
    pooled = m.sum(axis=1) + m.sum(axis=0)
    n = 2 * t
    expected = 1 - np.sum(pooled * (pooled - 1)) / (n * (n - 1))
    return float(1 - _ratio(err, expected, "alpha reliability", "warn"))


def gwet_chance_agreement(cm):
    r"""Gwet's probability of chance agreement :math:`e(\gamma)`.

    .. math::
        e(\gamma) = \frac{1}{k - 1}\sum_k \beta_k (1 - \beta_k),\qquad
        \beta_k = \frac{\sum_j f_{kj} + \sum_i f_{ik}}{2T};

    for two classes :math:`\beta_1(1-\beta_1) + \beta_2(1-\beta_2) = 2\beta_1(1-\beta_1)`,
    the source's (1.32)-(1.35). Never above 0.5.

    >>> round(gwet_chance_agreement([[4, 1], [2, 1]]), 4)
    0.4297
    """
    m = _square(cm)
    beta = (m.sum(axis=1) + m.sum(axis=0)) / (2 * m.sum())
    return float(np.sum(beta * (1 - beta)) / (m.shape[0] - 1))


def gwet_ac1(cm):
    """Gwet's AC1: agreement corrected with :func:`gwet_chance_agreement`. Equals PyCM's ``Gwet AC1``.

    >>> round(gwet_ac1([[2, 1, 1], [1, 2, 1], [1, 2, 3]]), 4)
    0.2533
    """
    po = accuracy(cm)
    pe = gwet_chance_agreement(cm)
    return float((po - pe) / (1 - pe))


def odds_ratio(cm, *, zero_division="warn"):
    """Diagnostic odds ratio (TP x TN) / (FP x FN) of a 2x2 matrix.

    The odds of a positive prediction among positives over the odds among negatives.

    >>> odds_ratio([[4, 1], [2, 1]])
    2.0
    """
    tp, fn, fp, tn = _binary(cm)
    return _ratio(tp * tn, fp * fn, "odds ratio", zero_division)


def total_cost(cm, cost_matrix):
    r"""Total cost :math:`C_M = \sum_{i,j} c_{ij} f_{ij}` of a confusion matrix.

    ``cost_matrix[i, j]`` is the cost of predicting class j for an example of class i,
    in the same class order as ``cm``.

    >>> total_cost([[4, 1], [2, 1]], [[-20, 100], [45, -10]])   # the source's M_x
    100.0
    """
    m = _square(cm)
    c = np.asarray(cost_matrix, dtype=float)
    if c.shape != m.shape:
        raise ValueError(f"cost_matrix must have the shape of cm {m.shape}; got {c.shape}")
    if not np.isfinite(c).all():
        raise ValueError("cost_matrix must be finite")
    return float(np.sum(c * m))


def brier_score(y_true, y_prob):
    r"""Brier score: mean squared difference between predicted probabilities and outcomes.

    Binary: ``y_true`` in {0, 1} (or bool) and ``y_prob`` the probability of class 1,
    :math:`\frac1n\sum (p_i - y_i)^2` (scikit-learn's ``brier_score_loss``). Multi-class:
    ``y_true`` integer class indices and ``y_prob`` of shape (n, k), Brier's original
    :math:`\frac1n\sum_i\sum_k (p_{ik} - [y_i = k])^2`.

    >>> brier_score([1, 0, 1], [0.9, 0.2, 0.6])
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
        if not set(np.unique(y).tolist()) <= {0, 1}:
            raise ValueError("y_true must be binary (0/1 or bool) when y_prob is 1-D")
        return float(np.mean((p - y.astype(float)) ** 2))
    if p.ndim != 2 or p.shape[0] != y.size:
        raise ValueError(f"y_prob must have shape (n,) or (n, k) with n = {y.size}; got {p.shape}")
    if not np.allclose(p.sum(axis=1), 1.0):
        raise ValueError("each row of y_prob must sum to 1")
    if not np.issubdtype(y.dtype, np.integer) or y.min() < 0 or y.max() >= p.shape[1]:
        raise ValueError(f"y_true must hold class indices 0..{p.shape[1] - 1}")
    onehot = np.zeros_like(p)
    onehot[np.arange(y.size), y] = 1.0
    return float(np.mean(np.sum((p - onehot) ** 2, axis=1)))


def gandin_murphy_skill_score(cm):
    r"""Gandin & Murphy's equitable skill score in Gerrity's form, for ordered classes.

    Each cell of the joint distribution :math:`p_{ij}` of actual class :math:`i` and
    predicted class :math:`j` gets its own weight :math:`s_{ij}` (the bibliographic notes:
    it "assigns a different weight to the joint probability"),
    :math:`GMSS = \sum_{ij} p_{ij} s_{ij}`, with (Gerrity, 1992; Wilks, 2011)

    .. math::
        D_r = \frac{1 - \sum_{i \le r} p_i}{\sum_{i \le r} p_i},\quad
        s_{ij} = \frac{1}{k-1}\Big(\sum_{r<i} D_r^{-1} - (j - i) + \sum_{r \ge j} D_r\Big)
        \ (i \le j),\quad s_{ji} = s_{ij},

    where :math:`p_i` is the actual class distribution. The score is *equitable*:
    every constant or random prediction scores 0 and a perfect one 1; a prediction one
    class off costs less than two classes off, so the classes' order (rows and columns
    of ``cm``) matters. For two classes it is Peirce's skill score.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, classes in their natural order.

    Examples
    --------
    >>> round(gandin_murphy_skill_score([[4, 1], [2, 1]]), 4)   # = peirce_skill_score: 0.8 - 2/3
    0.1333
    >>> round(gandin_murphy_skill_score([[2, 1, 1], [1, 2, 1], [1, 2, 3]]), 4)
    0.275
    """
    m = _square(cm)
    return float(np.sum(gandin_murphy_weights(m.sum(axis=1)) * m) / m.sum())


def gandin_murphy_weights(actual_counts):
    r"""The scoring matrix :math:`s_{ij}` of :func:`gandin_murphy_skill_score`.

    Parameters
    ----------
    actual_counts : array_like of shape (k,)
        How many examples of each (ordered) actual class, ``k >= 2``; all positive.

    Returns
    -------
    ndarray of shape (k, k)
        Symmetric; rewards on the diagonal, penalties growing with the distance
        :math:`|i - j|` between the actual and the predicted class.

    Examples
    --------
    >>> gandin_murphy_weights([4, 4, 6]).round(3)
    array([[ 1.625, -0.125, -1.   ],
           [-0.125,  0.575, -0.3  ],
           [-1.   , -0.3  ,  0.867]])
    """
    counts = np.asarray(actual_counts, dtype=float)
    if counts.ndim != 1 or counts.size < 2 or not np.isfinite(counts).all():
        raise ValueError(f"actual_counts must be a 1-D array of at least 2 class counts; got {actual_counts!r}")
    if np.any(counts <= 0):
        raise ValueError("cm: every actual class needs at least one example (the weights divide by "
                         f"its cumulative frequency); class counts are {counts.tolist()}")
    k = counts.size
    p = counts / counts.sum()
    cumulative = np.cumsum(p)[:-1]
    d = (1 - cumulative) / cumulative                            # D_1 .. D_{k-1}
    inv_before = np.concatenate([[0.0], np.cumsum(1 / d)])        # sum_{r < i} 1/D_r, i = 1..k
    d_from = np.concatenate([np.cumsum(d[::-1])[::-1], [0.0]])    # sum_{r >= j} D_r, j = 1..k
    i, j = np.meshgrid(np.arange(k), np.arange(k), indexing="ij")
    lo, hi = np.minimum(i, j), np.maximum(i, j)
    return (inv_before[lo] - (hi - lo) + d_from[hi]) / (k - 1)


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


def median_absolute_error(y_true, y_pred):
    r"""Median absolute error :math:`\mathrm{median}_i |y_i - \hat y_i|`.

    The bibliographic notes' MeAE: the mean absolute error's robust variant. Equals
    :func:`sklearn.metrics.median_absolute_error`.

    >>> median_absolute_error([3, 5, 2, 7], [2.5, 5, 4, 8])
    0.75
    """
    _, e = _forecast_errors(y_true, y_pred)
    return float(np.median(np.abs(e)))


def mean_percentage_error(y_true, y_pred):
    r"""Mean percentage error :math:`\frac{100}{n}\sum_i (y_i - \hat y_i) / y_i` (signed).

    Hyndman & Koehler's sign convention (error = actual - predicted): positive when the
    predictions fall short. Signed errors cancel, so MPE measures bias, not accuracy.

    >>> mean_percentage_error([4, 4, 6], [2, 2, 3])   # the diagonal of Figure 1.4 against its row totals
    50.0
    """
    y, e = _forecast_errors(y_true, y_pred, nonzero_truth=True)
    return float(100 * np.mean(e / y))


def mean_absolute_percentage_error(y_true, y_pred):
    r"""Mean absolute percentage error :math:`\frac{100}{n}\sum_i |y_i - \hat y_i| / |y_i|`.

    In percent; :func:`sklearn.metrics.mean_absolute_percentage_error` returns the same
    as a fraction (and divides by a tiny epsilon where :math:`y_i = 0`, where evalkit
    raises).

    >>> mean_absolute_percentage_error([4, 4, 6], [2, 2, 3])
    50.0
    """
    y, e = _forecast_errors(y_true, y_pred, nonzero_truth=True)
    return float(100 * np.mean(np.abs(e) / np.abs(y)))


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

    Examples
    --------
    Tan et al.'s example: 4 training errors in 24 records with 7 leaves, and 6 errors with 4
    leaves:

    >>> pessimistic_error(4, 7, 24), round(pessimistic_error(6, 4, 24), 4)
    (0.3125, 0.3333)
    """
    for name, v, low in (("n_errors", n_errors, 0), ("n_leaves", n_leaves, 1), ("n_samples", n_samples, 1)):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral) or v < low:
            raise ValueError(f"{name} must be an integer >= {low}; got {v!r}")
    if n_errors > n_samples:
        raise ValueError(f"n_errors ({n_errors}) must not exceed n_samples ({n_samples})")
    if isinstance(leaf_penalty, bool) or not isinstance(leaf_penalty, numbers.Real) or not leaf_penalty >= 0:
        raise ValueError(f"leaf_penalty must be a non-negative number; got {leaf_penalty!r}")
    return float((n_errors + leaf_penalty * n_leaves) / n_samples)
