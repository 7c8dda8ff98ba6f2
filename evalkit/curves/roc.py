"""ROC curves and their areas, the convex hull and the cost-optimal operating point.

Inputs follow scikit-learn: ``(y_true, y_score)``, with ``y_true`` holding two classes
and a higher score meaning "more likely positive". The positive class is ``pos_label=``,
or 1 (True) for bool, {0, 1} or {-1, 1} labels; any other labels without ``pos_label``
are a ValueError (scikit-learn's rule, the same in :func:`evalkit.metrics.confusion_matrix`). Tied scores are never broken arbitrarily: all examples with the same
score enter the curve together, as one step (a diagonal segment).
"""
from __future__ import annotations

import numbers

import numpy as np

from .._checks import Real, checks
from .._validation import POS_LABEL, check_binary_scores
from ._ranking import RATES, Y_SCORE, Y_TRUE, check_roc_points, split_sorted, threshold_counts

__all__ = ["roc_auc", "roc_convex_hull", "roc_curve", "roc_dominates", "roc_optimal_point"]


@checks(_same_length=[("y_true", "y_score")], y_true=Y_TRUE, y_score=Y_SCORE, pos_label=POS_LABEL)
def roc_curve(y_true, y_score, *, pos_label=None):
    """Receiver operating characteristic: false and true positive rates at every threshold.

    One point per distinct score (no point is dropped), plus the origin. The classifier
    at threshold ``t`` predicts positive when ``score >= t``.

    Parameters
    ----------
    y_true : array_like of shape (n,)
        Labels of two classes; the positive one is ``pos_label``.
    y_score : array_like of shape (n,)
        Finite scores; higher means more likely positive.
    pos_label : int, float, bool or str, optional
        The positive class, the one ``y_score`` scores. Default: 1 (True) when ``y_true``
        is bool, {0, 1} or {-1, 1}; any other two labels need it (a ValueError otherwise),
        as in scikit-learn and :func:`evalkit.metrics.confusion_matrix`.

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
    pos, s = check_binary_scores(y_true, y_score, pos_label)
    thresholds, tp, fp, n_pos, n_neg = threshold_counts(pos, s)
    return (
        np.concatenate([[0.0], fp / n_neg]),
        np.concatenate([[0.0], tp / n_pos]),
        np.concatenate([[np.inf], thresholds]),
    )


@checks(_same_length=[("y_true", "y_score")], y_true=Y_TRUE, y_score=Y_SCORE, pos_label=POS_LABEL)
def roc_auc(y_true, y_score, *, pos_label=None):
    r"""Area under the ROC curve, with ties counted as one half.

    Equals the trapezoidal area under :func:`roc_curve` and the pairwise-ranking form
    on Scott's slide, with a tied pair counting 1/2:

    .. math::
        \mathrm{AUC} = \frac{1}{|P|\,|N|}\sum_{x_+\in P}\sum_{x_-\in N}
        \Big(I[h(x_+) > h(x_-)] + \tfrac12 I[h(x_+) = h(x_-)]\Big),

    the Mann-Whitney statistic :math:`U / (|P||N|)`. Computed in
    :math:`O(n \log n)` without enumerating pairs.

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
        The area, in [0, 1].

    Examples
    --------
    The ten examples of Scott's lecture (5 positives, 5 negatives):

    >>> scores = [169.752, 109.2, 19.21, 1.905, -2.75, -12.64, -29.124, -83.222, -91.554, -128.212]
    >>> labels = [1, 1, 0, 1, 1, 0, 0, 0, 1, 0]
    >>> roc_auc(labels, scores)
    0.76

    Labels other than bool, {0, 1} or {-1, 1} name their positive class:

    >>> roc_auc(["neg", "pos", "pos"], [0.2, 0.9, 0.1], pos_label="pos")
    0.5
    """
    pos, s = check_binary_scores(y_true, y_score, pos_label)
    pos_sorted, neg_sorted = split_sorted(pos, s)
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


@checks(_same_length=[("fpr", "tpr")], fpr=RATES, tpr=RATES)
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
    fpr, tpr = check_roc_points(fpr, tpr)
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


@checks(_same_length=[("fpr", "tpr")], fpr=RATES, tpr=RATES,
        n_positive=Real(0, None, closed="neither"), n_negative=Real(0, None, closed="neither"),
        cost_fp=Real(0, None, closed="neither"), cost_fn=Real(0, None, closed="neither"))
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
    fpr, tpr = check_roc_points(fpr, tpr)
    for name, v in (("n_positive", n_positive), ("n_negative", n_negative), ("cost_fp", cost_fp), ("cost_fn", cost_fn)):
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or not v > 0:
            raise ValueError(f"{name} must be a positive number; got {v!r}")
    slope = cost_fp * n_negative / (cost_fn * n_positive)
    value = tpr - slope * fpr
    best = np.flatnonzero(value >= value.max() - 1e-12)
    return int(best[np.argmin(fpr[best])])


@checks(_same_length=[("fpr_1", "tpr_1"), ("fpr_2", "tpr_2")],
        fpr_1=RATES, tpr_1=RATES, fpr_2=RATES, tpr_2=RATES)
def roc_dominates(fpr_1, tpr_1, fpr_2, tpr_2):
    """Whether ROC curve 1 lies nowhere below ROC curve 2 (curve 1 *contains* curve 2).

    Both curves are taken as the piecewise-linear paths through their points in order of
    increasing FPR (as :func:`roc_curve` returns them), so comparing them at the union of
    their breakpoints is exact. By Davis & Goadrich (2006, Theorem 3.2), on the same test
    set a curve dominates in ROC space exactly when it dominates in precision-recall
    space: Scott's "compare curves based on containment".

    Parameters
    ----------
    fpr_1, tpr_1, fpr_2, tpr_2 : array_like
        The two curves' points, each running from FPR 0 to FPR 1.

    Returns
    -------
    bool

    Examples
    --------
    >>> roc_dominates([0, 0.2, 1], [0, 0.8, 1], [0, 0.5, 1], [0, 0.7, 1])
    True
    >>> roc_dominates([0, 0.5, 1], [0, 0.7, 1], [0, 0.2, 1], [0, 0.8, 1])
    False
    """
    curves = []
    for name, (f, t) in (("fpr_1", (fpr_1, tpr_1)), ("fpr_2", (fpr_2, tpr_2))):
        f, t = check_roc_points(f, t)
        if f[0] != 0 or f[-1] != 1 or np.any(np.diff(f) < 0):
            raise ValueError(f"{name} must increase from 0 to 1 (a whole ROC curve); got {f.tolist()[:5]}...")
        curves.append((f, t))
    grid = np.union1d(curves[0][0], curves[1][0])
    low_1, high_1 = _step_values(grid, *curves[0])
    low_2, high_2 = _step_values(grid, *curves[1])
    return bool(np.all(low_1 >= low_2 - 1e-12) and np.all(high_1 >= high_2 - 1e-12))


def _step_values(grid, f, t):
    """The curve's lowest and highest TPR at each grid FPR (they differ where the curve steps up vertically)."""
    first = np.minimum(np.searchsorted(f, grid, side="left"), f.size - 1)
    last = np.searchsorted(f, grid, side="right") - 1
    between = np.interp(grid, f, t)
    low = np.where(f[first] == grid, t[first], between)
    high = np.where((last >= 0) & (f[np.maximum(last, 0)] == grid), t[np.maximum(last, 0)], between)
    return low, high
