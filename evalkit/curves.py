"""ROC and precision-recall curves, their areas, and top-k rates, with exact ties.

Inputs follow scikit-learn: ``(y_true, y_score)``, with ``y_true`` binary (bool,
{0, 1} or {-1, 1}; the positive class is True / 1) and a higher score meaning "more
likely positive". Tied scores are never broken arbitrarily: all examples with the same
score enter the curve together, as one step (ROC: a diagonal segment).

The implementation sorts the positive and the negative scores separately and counts
with binary searches, which is several times faster than scikit-learn on large inputs
(see ``benchmarks/curves.py``) and needs only a few copies of the input.
"""
from __future__ import annotations

import numbers

import numpy as np

from ._validation import check_binary_scores, check_choice

__all__ = [
    "areas_from_counts",
    "average_precision",
    "davis_goadrich_area",
    "pr_auc",
    "roc_auc_and_average_precision",
    "precision_recall_curve",
    "roc_auc",
    "roc_convex_hull",
    "roc_curve",
    "roc_optimal_point",
    "top_k_predictive_rate",
]

PR_INTERPOLATIONS = ("step", "davis-goadrich")


def _split_sorted(pos, s):
    return np.sort(s[pos]), np.sort(s[~pos])


def _threshold_counts(pos, s):
    """Distinct thresholds (descending) and the counts of positives / negatives scoring >= each."""
    pos_sorted, neg_sorted = _split_sorted(pos, s)
    all_sorted = np.sort(s)
    last = np.empty(all_sorted.size, dtype=bool)
    np.not_equal(all_sorted[1:], all_sorted[:-1], out=last[:-1])
    last[-1] = True
    thresholds = all_sorted[last]  # ascending, distinct
    del all_sorted, last
    tp = pos_sorted.size - np.searchsorted(pos_sorted, thresholds, side="left")
    fp = neg_sorted.size - np.searchsorted(neg_sorted, thresholds, side="left")
    return thresholds[::-1], tp[::-1], fp[::-1], pos_sorted.size, neg_sorted.size


def roc_curve(y_true, y_score):
    """Receiver operating characteristic: false and true positive rates at every threshold.

    One point per distinct score (no point is dropped), plus the origin. The classifier
    at threshold ``t`` predicts positive when ``score >= t``.

    Parameters
    ----------
    y_true : array_like of shape (n,)
        Binary labels: bool, {0, 1} or {-1, 1}; positive is True / 1.
    y_score : array_like of shape (n,)
        Finite scores; higher means more likely positive.

    Returns
    -------
    fpr, tpr : ndarray
        Increasing false / true positive rates, starting at 0.
    thresholds : ndarray
        Decreasing; ``thresholds[0]`` is ``inf`` (nothing predicted positive).

    Notes
    -----
    Equals ``sklearn.metrics.roc_curve(y_true, y_score, drop_intermediate=False)``.

    Examples
    --------
    >>> fpr, tpr, thr = roc_curve([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> fpr.tolist(), tpr.tolist(), thr.tolist()
    ([0.0, 0.0, 0.5, 1.0], [0.0, 0.5, 1.0, 1.0], [inf, 0.9, 0.8, 0.1])
    """
    pos, s = check_binary_scores(y_true, y_score)
    thresholds, tp, fp, n_pos, n_neg = _threshold_counts(pos, s)
    return (
        np.concatenate([[0.0], fp / n_neg]),
        np.concatenate([[0.0], tp / n_pos]),
        np.concatenate([[np.inf], thresholds]),
    )


def roc_auc(y_true, y_score):
    r"""Area under the ROC curve, with ties counted as one half.

    Equals the trapezoidal area under :func:`roc_curve` and the pairwise-ranking form
    on Scott's slide, with a tied pair counting 1/2:

    .. math::
        \mathrm{AUC} = \frac{1}{|P|\,|N|}\sum_{x_+\in P}\sum_{x_-\in N}
        \Big(I[h(x_+) > h(x_-)] + \tfrac12 I[h(x_+) = h(x_-)]\Big),

    the Mann-Whitney statistic :math:`U / (|P||N|)`. Computed in
    :math:`O(n \log n)` without enumerating pairs.

    Examples
    --------
    The ten examples of Scott's lecture (5 positives, 5 negatives):

    >>> scores = [169.752, 109.2, 19.21, 1.905, -2.75, -12.64, -29.124, -83.222, -91.554, -128.212]
    >>> labels = [1, 1, 0, 1, 1, 0, 0, 0, 1, 0]
    >>> roc_auc(labels, scores)
    0.76
    """
    pos, s = check_binary_scores(y_true, y_score)
    pos_sorted, neg_sorted = _split_sorted(pos, s)
    n_pos, n_neg = pos_sorted.size, neg_sorted.size
    # count, for the smaller class, how many of the other class lie below / tie
    if n_pos <= n_neg:
        below = np.searchsorted(neg_sorted, pos_sorted, side="left").sum(dtype=np.float64)
        upto = np.searchsorted(neg_sorted, pos_sorted, side="right").sum(dtype=np.float64)
        wins = below + 0.5 * (upto - below)  # negatives beaten by each positive
    else:
        above = n_pos - np.searchsorted(pos_sorted, neg_sorted, side="right")
        upto = n_pos - np.searchsorted(pos_sorted, neg_sorted, side="left")
        a, u = above.sum(dtype=np.float64), upto.sum(dtype=np.float64)
        wins = a + 0.5 * (u - a)  # positives beating each negative
    return float(wins / (float(n_pos) * float(n_neg)))


def precision_recall_curve(y_true, y_score):
    """Precision and recall at every distinct threshold (descending thresholds).

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
    pos, s = check_binary_scores(y_true, y_score)
    thresholds, tp, fp, n_pos, _ = _threshold_counts(pos, s)
    return tp / (tp + fp), tp / n_pos, thresholds


def average_precision(y_true, y_score):
    r"""Average precision: :math:`\sum_k (R_k - R_{k-1})\,P_k` over distinct thresholds.

    The step-wise area under the precision-recall curve, tied scores forming one step.
    Equals :func:`sklearn.metrics.average_precision_score`.

    Examples
    --------
    >>> average_precision([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    0.8333333333333333
    """
    pos, s = check_binary_scores(y_true, y_score)
    _, tp, fp, n_pos, _ = _threshold_counts(pos, s)
    gained = np.diff(tp, prepend=0)
    return float(np.sum(gained * (tp / (tp + fp))) / n_pos)


def areas_from_counts(tp, fp, n_pos, n_neg):
    """AUROC (ties one half) and average precision from cumulative counts at descending thresholds.

    Parameters
    ----------
    tp, fp : array_like
        Cumulative true and false positives at each distinct threshold, highest first
        (the last entries are ``n_pos`` and ``n_neg``).
    n_pos, n_neg : int or float
        Numbers of positives and negatives.

    Returns
    -------
    auroc, average_precision : float

    Examples
    --------
    >>> areas_from_counts([1, 2, 2], [0, 1, 2], 2, 2)
    (0.875, 0.8333333333333333)
    """
    tp = np.asarray(tp, dtype=float)
    fp = np.asarray(fp, dtype=float)
    d_tp = np.diff(tp, prepend=0.0)
    d_fp = np.diff(fp, prepend=0.0)
    auroc = float(np.sum(d_tp * (n_neg - fp + 0.5 * d_fp)) / (float(n_pos) * float(n_neg)))
    ap = float(np.sum(d_tp * (tp / (tp + fp))) / n_pos)
    return auroc, ap


def roc_auc_and_average_precision(y_true, y_score):
    """:func:`roc_auc` and :func:`average_precision` from one pass over the sorted scores.

    Both areas come from the same cumulative counts of true and false positives at each
    distinct threshold, so the scores are sorted once for the two (scikit-learn's
    ``roc_auc_score`` and ``average_precision_score`` each sort them again).

    Returns
    -------
    auroc, average_precision : float

    Examples
    --------
    >>> roc_auc_and_average_precision([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    (0.875, 0.8333333333333333)
    """
    pos, s = check_binary_scores(y_true, y_score)
    _, tp, fp, n_pos, n_neg = _threshold_counts(pos, s)
    return areas_from_counts(tp, fp, n_pos, n_neg)


def davis_goadrich_area(tp, fp, n_pos):
    """Exact area under the PR curve interpolated as Davis & Goadrich (2006) prescribe.

    Between consecutive points A and B of the curve, true positives grow from TP_A to
    TP_B while false positives grow linearly with them, FP(x) = FP_A + s (x - TP_A),
    s = (FP_B - FP_A) / (TP_B - TP_A); precision is x / (x + FP(x)). Its integral over
    recall x / P has the closed form used here. The curve starts at (TP, FP) = (0, 0),
    which makes the first segment horizontal at the first point's precision.

    Parameters
    ----------
    tp, fp : ndarray
        Cumulative true and false positives at each distinct threshold, highest first.
    n_pos : int or float
        Number of positives.

    Returns
    -------
    float

    Examples
    --------
    >>> round(davis_goadrich_area(np.array([1, 2]), np.array([0, 2]), 2), 4)
    0.8207
    """
    tp_a = np.concatenate([[0.0], tp[:-1]]).astype(float)
    fp_a = np.concatenate([[0.0], fp[:-1]]).astype(float)
    tp_b, fp_b = tp.astype(float), fp.astype(float)
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


def pr_auc(y_true, y_score, *, interpolation):
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

    Examples
    --------
    >>> y, s = [1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1]
    >>> round(pr_auc(y, s, interpolation="step"), 4)
    0.8333
    >>> round(pr_auc(y, s, interpolation="davis-goadrich"), 4)
    0.8873
    """
    check_choice(interpolation, "interpolation", PR_INTERPOLATIONS)
    if interpolation == "step":
        return average_precision(y_true, y_score)
    pos, s = check_binary_scores(y_true, y_score)
    _, tp, fp, n_pos, _ = _threshold_counts(pos, s)
    return davis_goadrich_area(tp, fp, n_pos)


def top_k_predictive_rate(y_true, y_score, k):
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

    Examples
    --------
    >>> top_k_predictive_rate([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1], 2)
    0.75
    """
    pos, s = check_binary_scores(y_true, y_score)
    if isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 1 <= k <= s.size:
        raise ValueError(f"k must be an integer between 1 and {s.size} (the number of examples); got {k!r}")
    kth = np.partition(s, s.size - k)[s.size - k]
    above = s > kth
    tied = s == kth
    n_above = int(np.count_nonzero(above))
    pos_above = int(np.count_nonzero(pos & above))
    pos_tied = int(np.count_nonzero(pos & tied))
    return (pos_above + (k - n_above) * pos_tied / int(np.count_nonzero(tied))) / k


def _check_roc_points(fpr, tpr):
    fpr = np.asarray(fpr, dtype=float)
    tpr = np.asarray(tpr, dtype=float)
    if fpr.ndim != 1 or fpr.shape != tpr.shape or fpr.size == 0:
        raise ValueError(f"fpr and tpr must be 1-D arrays of the same non-zero length; got {fpr.shape}, {tpr.shape}")
    if not (np.isfinite(fpr).all() and np.isfinite(tpr).all()):
        raise ValueError("fpr and tpr must be finite")
    if fpr.min() < 0 or fpr.max() > 1 or tpr.min() < 0 or tpr.max() > 1:
        raise ValueError("fpr and tpr must be rates in [0, 1]")
    return fpr, tpr


def roc_convex_hull(fpr, tpr):
    """Indices of the ROC points on the upper convex hull (the ROCCH).

    Every classifier on the hull is optimal for some class ratio and costs; points
    below it never are. Any point on a hull segment can be realised by choosing at
    random between the two classifiers at its ends.

    Parameters
    ----------
    fpr, tpr : array_like
        ROC points, e.g. from :func:`roc_curve`.

    Returns
    -------
    ndarray of int
        Indices into ``fpr`` / ``tpr`` of the hull's vertices, by increasing ``fpr``.

    Examples
    --------
    >>> roc_convex_hull([0, 0.1, 0.5, 0.6, 1], [0, 0.5, 0.6, 0.9, 1]).tolist()
    [0, 1, 3, 4]
    """
    fpr, tpr = _check_roc_points(fpr, tpr)
    order = np.lexsort((tpr, fpr))
    hull = []
    for i in order:
        while len(hull) >= 2:
            o, a = hull[-2], hull[-1]
            cross = (fpr[a] - fpr[o]) * (tpr[i] - tpr[o]) - (tpr[a] - tpr[o]) * (fpr[i] - fpr[o])
            if cross >= 0:  # a is not strictly above the segment o-i: drop it
                hull.pop()
            else:
                break
        hull.append(int(i))
    return np.array(hull, dtype=np.int64)


def roc_optimal_point(fpr, tpr, *, n_positive, n_negative, cost_fp=1.0, cost_fn=1.0):
    r"""The ROC point of least expected cost: where the iso-performance line touches the hull.

    Iso-performance lines in ROC space have slope
    :math:`m = \frac{c_{FP}\,|N|}{c_{FN}\,|P|}`; the optimal classifier maximises
    :math:`\mathrm{TPR} - m\,\mathrm{FPR}` (Scott's "line of slope :math:`|N|/|P|` dragged from
    (0, 1) towards the hull" when the costs are equal).

    Parameters
    ----------
    fpr, tpr : array_like
        ROC points.
    n_positive, n_negative : int or float
        Class sizes (or proportions) in the population the classifier will face.
    cost_fp, cost_fn : float, default 1
        Cost of a false positive and of a false negative.

    Returns
    -------
    int
        Index of the optimal point (the one with the smallest ``fpr`` among equals).

    Examples
    --------
    >>> fpr, tpr = [0, 0.1, 0.5, 1], [0, 0.6, 0.9, 1]
    >>> roc_optimal_point(fpr, tpr, n_positive=50, n_negative=50)
    1
    >>> roc_optimal_point(fpr, tpr, n_positive=70, n_negative=30)   # positives abundant
    2
    """
    fpr, tpr = _check_roc_points(fpr, tpr)
    for name, v in (("n_positive", n_positive), ("n_negative", n_negative), ("cost_fp", cost_fp), ("cost_fn", cost_fn)):
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or not v > 0:
            raise ValueError(f"{name} must be a positive number; got {v!r}")
    slope = cost_fp * n_negative / (cost_fn * n_positive)
    value = tpr - slope * fpr
    best = np.flatnonzero(value >= value.max() - 1e-12)
    return int(best[np.argmin(fpr[best])])
