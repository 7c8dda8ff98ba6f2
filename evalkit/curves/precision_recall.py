"""Precision-recall curves, their areas (step-wise and Davis-Goadrich), and top-k rates."""
from __future__ import annotations

import numpy as np

from .._checks import Array, Choice, Integer, Real, checks
from .._validation import POS_LABEL, check_binary_scores
from ._ranking import CUMULATIVE_COUNTS, Y_SCORE, Y_TRUE, threshold_counts

__all__ = [
    "PR_INTERPOLATIONS",
    "areas_from_counts",
    "average_precision",
    "davis_goadrich_area",
    "pr_auc",
    "pr_curve_interpolated",
    "precision_recall_curve",
    "roc_auc_and_average_precision",
    "top_k_predictive_rate",
]

PR_INTERPOLATIONS = ("step", "davis-goadrich")


@checks(_same_length=[("y_true", "y_score")], y_true=Y_TRUE, y_score=Y_SCORE, pos_label=POS_LABEL)
def precision_recall_curve(y_true, y_score, *, pos_label=None):
    """Precision and recall at every distinct threshold (descending thresholds).

    Parameters
    ----------
    y_true : array_like of shape (n,)
        Labels of two classes; the positive one is ``pos_label``. Both classes must occur.
    y_score : array_like of shape (n,)
        Finite scores; higher means more likely positive.
    pos_label : int, float, bool or str, optional
        The positive class, the one ``y_score`` scores. Default: 1 (True) when ``y_true``
        is bool, {0, 1} or {-1, 1}; any other two labels need it (a ValueError otherwise),
        as in scikit-learn and :func:`evalkit.metrics.confusion_matrix`.

    Returns
    -------
    precision, recall, thresholds : ndarray
        One entry per distinct score, thresholds decreasing, recall increasing.
        No artificial end point is added (scikit-learn appends precision 1 at recall 0,
        orders by increasing threshold and stops at the first threshold with full recall).

    Examples
    --------
    >>> p, r, t = precision_recall_curve([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> p.round(3).tolist(), r.tolist(), t.tolist()
    ([1.0, 0.667, 0.5], [0.5, 1.0, 1.0], [0.9, 0.8, 0.1])
    """
    pos, s = check_binary_scores(y_true, y_score, pos_label)
    thresholds, tp, fp, n_pos, _ = threshold_counts(pos, s)
    return tp / (tp + fp), tp / n_pos, thresholds


@checks(_same_length=[("y_true", "y_score")], y_true=Y_TRUE, y_score=Y_SCORE, pos_label=POS_LABEL)
def average_precision(y_true, y_score, *, pos_label=None):
    r"""Average precision: :math:`\sum_k (R_k - R_{k-1})\,P_k` over distinct thresholds.

    The step-wise area under the precision-recall curve, tied scores forming one step.
    Equals :func:`sklearn.metrics.average_precision_score`.

    Parameters
    ----------
    y_true : array_like of shape (n,)
        Labels of two classes; the positive one is ``pos_label``. Both classes must occur.
    y_score : array_like of shape (n,)
        Finite scores; higher means more likely positive.
    pos_label : int, float, bool or str, optional
        The positive class, the one ``y_score`` scores. Default: 1 (True) when ``y_true``
        is bool, {0, 1} or {-1, 1}; any other two labels need it (a ValueError otherwise),
        as in scikit-learn and :func:`evalkit.metrics.confusion_matrix`.

    Returns
    -------
    float
        The average precision, in (0, 1].

    Examples
    --------
    >>> average_precision([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    0.8333333333333333
    """
    pos, s = check_binary_scores(y_true, y_score, pos_label)
    _, tp, fp, n_pos, _ = threshold_counts(pos, s)
    gained = np.diff(tp, prepend=0)
    return float(np.sum(gained * (tp / (tp + fp))) / n_pos)


@checks(_same_length=[("tp", "fp")], tp=CUMULATIVE_COUNTS, fp=CUMULATIVE_COUNTS,
        n_pos=Real(0, None, closed="neither"), n_neg=Real(0, None, closed="neither"))
def areas_from_counts(tp, fp, n_pos, n_neg):
    """AUROC (ties one half) and average precision from cumulative counts at descending thresholds.

    Parameters
    ----------
    tp, fp : array_like
        Cumulative true and false positives at each distinct threshold, highest first
        (the last entries are ``n_pos`` and ``n_neg``): non-negative, non-decreasing,
        at most ``n_pos`` / ``n_neg``. A leading threshold with no example yet
        (``tp = fp = 0``) adds nothing to either area (it is not a 0/0).
    n_pos, n_neg : int or float
        Numbers of positives and negatives, positive.

    Returns
    -------
    auroc, average_precision : float

    Examples
    --------
    >>> areas_from_counts([1, 2, 2], [0, 1, 2], 2, 2)
    (0.875, 0.8333333333333333)
    """
    tp, fp = _check_cumulative(tp, fp, n_pos, n_neg)
    d_tp = np.diff(tp, prepend=0.0)
    d_fp = np.diff(fp, prepend=0.0)
    auroc = float(np.sum(d_tp * (n_neg - fp + 0.5 * d_fp)) / (float(n_pos) * float(n_neg)))
    # a threshold with no example yet (tp = fp = 0) gains no recall: it adds nothing (not 0/0)
    precision = np.divide(tp, tp + fp, out=np.zeros_like(tp), where=(tp + fp) > 0)
    ap = float(np.sum(d_tp * precision) / n_pos)
    return auroc, ap


def _check_cumulative(tp, fp, n_pos, n_neg=None):
    """Cumulative counts as floats: non-decreasing and at most the class sizes."""
    tp = np.asarray(tp, dtype=float)
    fp = np.asarray(fp, dtype=float)
    for name, counts, total in (("tp", tp, n_pos), ("fp", fp, n_neg)):
        if np.any(np.diff(counts) < 0):
            raise ValueError(f"{name} must be cumulative counts (non-decreasing); got {counts.tolist()[:6]}")
        if total is not None and counts[-1] > total * (1 + 1e-12):
            raise ValueError(f"{name} must not exceed {'n_pos' if name == 'tp' else 'n_neg'} = {total!r}; "
                             f"got {name}[-1] = {counts[-1]!r}")
    return tp, fp


@checks(_same_length=[("y_true", "y_score")], y_true=Y_TRUE, y_score=Y_SCORE, pos_label=POS_LABEL)
def roc_auc_and_average_precision(y_true, y_score, *, pos_label=None):
    """:func:`roc_auc` and :func:`average_precision` from one pass over the sorted scores.

    Both areas come from the same cumulative counts of true and false positives at each
    distinct threshold, so the scores are sorted once for the two (scikit-learn's
    ``roc_auc_score`` and ``average_precision_score`` each sort them again).

    Parameters
    ----------
    y_true : array_like of shape (n,)
        Labels of two classes; the positive one is ``pos_label``. Both classes must occur.
    y_score : array_like of shape (n,)
        Finite scores; higher means more likely positive.
    pos_label : int, float, bool or str, optional
        The positive class, the one ``y_score`` scores. Default: 1 (True) when ``y_true``
        is bool, {0, 1} or {-1, 1}; any other two labels need it (a ValueError otherwise),
        as in scikit-learn and :func:`evalkit.metrics.confusion_matrix`.

    Returns
    -------
    auroc, average_precision : float

    Examples
    --------
    >>> roc_auc_and_average_precision([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    (0.875, 0.8333333333333333)
    """
    pos, s = check_binary_scores(y_true, y_score, pos_label)
    _, tp, fp, n_pos, n_neg = threshold_counts(pos, s)
    return areas_from_counts(tp, fp, n_pos, n_neg)


@checks(_same_length=[("tp", "fp")], tp=CUMULATIVE_COUNTS, fp=CUMULATIVE_COUNTS,
        n_pos=Real(0, None, closed="neither"))
def davis_goadrich_area(tp, fp, n_pos):
    """Exact area under the PR curve interpolated as Davis & Goadrich (2006) prescribe.

    Between consecutive points A and B of the curve, true positives grow from TP_A to
    TP_B while false positives grow linearly with them, FP(x) = FP_A + s (x - TP_A),
    s = (FP_B - FP_A) / (TP_B - TP_A); precision is x / (x + FP(x)). Its integral over
    recall x / P has the closed form used here. The curve starts at (TP, FP) = (0, 0),
    which makes the first segment horizontal at the first point's precision.

    Parameters
    ----------
    tp, fp : array_like
        Cumulative true and false positives at each distinct threshold, highest first
        (non-negative, non-decreasing, ``tp`` at most ``n_pos``).
    n_pos : int or float
        Number of positives, positive.

    Returns
    -------
    float

    Examples
    --------
    >>> round(davis_goadrich_area(np.array([1, 2]), np.array([0, 2]), 2), 4)
    0.8207
    """
    tp, fp = _check_cumulative(tp, fp, n_pos)
    tp_a = np.concatenate([[0.0], tp[:-1]])
    fp_a = np.concatenate([[0.0], fp[:-1]])
    tp_b, fp_b = tp, fp
    step = tp_b > tp_a
    tp_a, fp_a, tp_b, fp_b = tp_a[step], fp_a[step], tp_b[step], fp_b[step]
    slope = (fp_b - fp_a) / (tp_b - tp_a)
    a = 1.0 + slope
    c = fp_a - slope * tp_a

    def antiderivative(x):
        with np.errstate(divide="ignore", invalid="ignore"):
            log_term = np.where(c == 0, 0.0, c / a**2 * np.log(np.where(c == 0, 1.0, a * x + c)))
        return x / a - log_term

    return float(np.sum(antiderivative(tp_b) - antiderivative(tp_a)) / n_pos)


@checks(_same_length=[("y_true", "y_score")], y_true=Y_TRUE, y_score=Y_SCORE, interpolation=Choice(*PR_INTERPOLATIONS),
        pos_label=POS_LABEL)
def pr_auc(y_true, y_score, *, interpolation, pos_label=None):
    """Area under the precision-recall curve, with the interpolation named explicitly.

    Parameters
    ----------
    y_true, y_score : array_like
        As in :func:`roc_curve`.
    interpolation : {'step', 'davis-goadrich'}
        ``'step'``: precision is held constant between recall levels, which gives
        :func:`average_precision`. ``'davis-goadrich'``: between two points the true
        and false positive *counts* are interpolated linearly, the interpolation
        Davis & Goadrich (2006) show to be the correct one; the area is integrated
        exactly. Linear interpolation of precision in PR space is not offered: the
        straight line between two PR points is not achievable by any classifier, and
        lies above the achievable curve wherever precision falls with recall (the usual
        case), so it overstates the area there (Davis & Goadrich, 2006).
    pos_label : int, float, bool or str, optional
        The positive class, the one ``y_score`` scores. Default: 1 (True) when ``y_true``
        is bool, {0, 1} or {-1, 1}; any other two labels need it (a ValueError otherwise),
        as in scikit-learn and :func:`evalkit.metrics.confusion_matrix`.

    Returns
    -------
    float
        The area under the precision-recall curve.

    Examples
    --------
    >>> y, s = [1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1]
    >>> round(pr_auc(y, s, interpolation="step"), 4)
    0.8333
    >>> round(pr_auc(y, s, interpolation="davis-goadrich"), 4)
    0.8873
    """
    if interpolation == "step":
        return average_precision(y_true, y_score, pos_label=pos_label)
    pos, s = check_binary_scores(y_true, y_score, pos_label)
    _, tp, fp, n_pos, _ = threshold_counts(pos, s)
    return davis_goadrich_area(tp, fp, n_pos)


@checks(_same_length=[("y_true", "y_score")], y_true=Y_TRUE, y_score=Y_SCORE, k=Integer(1), pos_label=POS_LABEL)
def top_k_predictive_rate(y_true, y_score, k, *, pos_label=None):
    """Fraction of positives among the ``k`` highest-scored examples (precision at k).

    Ties at the cut are not broken arbitrarily: the examples tied with the k-th score
    contribute their positive fraction, pro rata, which is the expected value under
    random tie-breaking.

    Parameters
    ----------
    y_true, y_score : array_like
        As in :func:`roc_curve`.
    k : int
        Number of top-ranked examples, ``1 <= k <= n``.
    pos_label : int, float, bool or str, optional
        The positive class, the one ``y_score`` scores. Default: 1 (True) when ``y_true``
        is bool, {0, 1} or {-1, 1}; any other two labels need it (a ValueError otherwise),
        as in scikit-learn and :func:`evalkit.metrics.confusion_matrix`.

    Returns
    -------
    float
        The (expected) fraction of positives among the top ``k``.

    Examples
    --------
    >>> top_k_predictive_rate([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1], 2)
    0.75
    """
    pos, s = check_binary_scores(y_true, y_score, pos_label)
    if k > s.size:
        raise ValueError(f"k must be an integer between 1 and {s.size} (the number of examples); got {k!r}")
    kth = np.partition(s, s.size - k)[s.size - k]
    above = s > kth
    tied = s == kth
    n_above = int(np.count_nonzero(above))
    pos_above = int(np.count_nonzero(pos & above))
    pos_tied = int(np.count_nonzero(pos & tied))
    return (pos_above + (k - n_above) * pos_tied / int(np.count_nonzero(tied))) / k


@checks(_same_length=[("y_true", "y_score")], y_true=Y_TRUE, y_score=Y_SCORE,
        recall=Array(kind="real", low=0, high=1, closed="right"), pos_label=POS_LABEL)
def pr_curve_interpolated(y_true, y_score, recall, *, pos_label=None):
    """Precision at any recall on the achievable (Davis-Goadrich) precision-recall curve.

    Between two thresholds the curve is what choosing at random between the two
    classifiers achieves: true and false positive *counts* change linearly, so precision
    :math:`TP / (TP + FP)` follows a hyperbola, not a straight line in PR space
    (Davis & Goadrich, 2006). Below the first threshold's recall, precision is that of
    the first block of examples.

    Parameters
    ----------
    y_true, y_score : array_like
        As in :func:`precision_recall_curve`.
    recall : array_like
        Recall values in (0, 1].
    pos_label : int, float, bool or str, optional
        The positive class, the one ``y_score`` scores. Default: 1 (True) when ``y_true``
        is bool, {0, 1} or {-1, 1}; any other two labels need it (a ValueError otherwise),
        as in scikit-learn and :func:`evalkit.metrics.confusion_matrix`.

    Returns
    -------
    ndarray
        Precision at each recall. Where thresholds that add only negatives share a
        recall, the curve drops vertically there; the value returned is the top of the
        drop.

    Examples
    --------
    Two positives tied with two negatives at the top, then two positives alone:

    >>> y, s = [1, 1, 0, 0, 1, 1], [2, 2, 2, 2, 1, 1]
    >>> pr_curve_interpolated(y, s, [0.25, 0.5, 0.75, 1.0]).round(3).tolist()
    [0.5, 0.5, 0.6, 0.667]
    """
    pos, s = check_binary_scores(y_true, y_score, pos_label)
    r = np.asarray(recall, dtype=float)
    if not np.isfinite(r).all() or r.size == 0 or r.min() <= 0 or r.max() > 1:
        raise ValueError("recall must be non-empty with values in (0, 1]")
    _, tp, fp, n_pos, _ = threshold_counts(pos, s)
    tp = np.concatenate([[0], tp]).astype(float)
    fp = np.concatenate([[0], fp]).astype(float)
    target = r * n_pos
    k = np.clip(np.searchsorted(tp, target, side="left"), 1, tp.size - 1)   # segment (k - 1, k)
    step = tp[k] - tp[k - 1]
    slope = np.where(step > 0, (fp[k] - fp[k - 1]) / np.where(step > 0, step, 1), 0.0)
    false_pos = fp[k - 1] + slope * (target - tp[k - 1])
    return target / (target + false_pos)
