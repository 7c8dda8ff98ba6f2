"""The framework chapter, Section 3.2: the AUROC as a probability -- the area under the ROC curve against the
probability that a random positive outscores a random negative (ties one half), over all candidate pairs --
and dominance -- one precision-recall curve dominates another exactly when its ROC curve does (Davis &
Goadrich 2006), checked on the chapter's curves with the precision-recall curve interpolated three ways."""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ...._checks import Choice, Instance, checks
from ....curves import roc_dominates

__all__ = ["PR_INTERPOLATIONS", "auroc_as_probability", "dominance", "ours", "pr_dominates"]

#: how a precision-recall curve is drawn between its points: "davis-goadrich" (true and false positive
#: counts change linearly, the achievable curve), "linear" (straight lines in PR space), "step" (the
#: precision of the next point, whose area is the average precision)
PR_INTERPOLATIONS = ("davis-goadrich", "linear", "step")


def _example_histograms():
    from ....linkpred import ScoreHistogram

    return {"example": ScoreHistogram.from_unsorted([2.0, 1.0], [1.0, 0.0], [1, 3])}


@checks(histograms=Instance(Mapping, example=_example_histograms))
def auroc_as_probability(histograms):
    """For each score histogram, the area under its ROC curve and the probability that a positive outscores a negative.

    The area is the trapezoids under :meth:`~evalkit.linkpred.ScoreHistogram.roc_curve`; the
    probability is the mean over the negatives of the share of positives above each, ties
    counting one half (:meth:`~evalkit.linkpred.ScoreHistogram.auroc_contributions`): two
    computations that share nothing but the counts.

    Parameters
    ----------
    histograms : dict of str -> ScoreHistogram
        Name -> the scores of all candidate pairs.

    Returns
    -------
    pandas.DataFrame
        One row per histogram: ``area``, ``probability`` and their ``difference``.

    Examples
    --------
    >>> auroc_as_probability(_example_histograms()).round(4).to_dict("records")
    [{'area': 0.9375, 'probability': 0.9375, 'difference': 0.0}]
    """
    import pandas as pd

    rows = {}
    for name, h in histograms.items():
        fpr, tpr = h.roc_curve()
        area = float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2))
        probability = float(np.average(h.auroc_contributions(), weights=h.negative_counts))
        rows[name] = {"area": area, "probability": probability, "difference": area - probability}
    return pd.DataFrame(rows).T


def _precision_envelope(tp, fp, grid, interpolation):
    """The lowest and highest precision of one PR curve at each true-positive count of ``grid`` (sorted).

    ``tp`` and ``fp`` are the cumulative counts at the curve's thresholds (non-decreasing). Where
    several thresholds share a TP count the curve drops vertically: its highest precision there
    is where it arrives, its lowest where it leaves. Below the first recall with positives, the
    linear and step curves keep the first point's precision; the Davis-Goadrich curve runs from
    the last point with no positive. A first grid count of 0 stands for recall 0+, the limit.
    """
    with_positives = tp > 0
    start_fp = float(fp[~with_positives].max()) if (~with_positives).any() else 0.0
    tp, fp = tp[with_positives].astype(float), fp[with_positives].astype(float)
    precision = tp / (tp + fp)
    if grid[0] == 0:      # recall 0+, the limit: a Davis-Goadrich curve that starts with negatives starts at 0
        start = 0.0 if interpolation == "davis-goadrich" and start_fp > 0 else precision[0]
        low, high = _precision_envelope(np.r_[0, tp], np.r_[start_fp, fp], grid[1:], interpolation)
        return np.r_[start, low], np.r_[start, high]
    first = np.searchsorted(tp, grid, side="left")       # the first point with TP >= g
    last = np.searchsorted(tp, grid, side="right") - 1   # the last point with TP <= g
    at = np.minimum(first, tp.size - 1)
    on_point = tp[at] == grid
    if interpolation == "step":
        high = precision[at]
        return np.where(on_point, precision[np.maximum(last, 0)], high), high
    before = first - 1                                   # the segment from point first - 1 to point first
    if interpolation == "linear":
        prev_r = np.where(before >= 0, tp[np.maximum(before, 0)], 0.0)
        prev_p = np.where(before >= 0, precision[np.maximum(before, 0)], precision[0])
        share = (grid - prev_r) / np.where(tp[at] > prev_r, tp[at] - prev_r, 1.0)
        between = prev_p + share * (precision[at] - prev_p)
    else:                                                # false positives linear in true positives
        prev_t = np.where(before >= 0, tp[np.maximum(before, 0)], 0.0)
        prev_f = np.where(before >= 0, fp[np.maximum(before, 0)], start_fp)
        share = (grid - prev_t) / np.where(tp[at] > prev_t, tp[at] - prev_t, 1.0)
        false_pos = prev_f + share * (fp[at] - prev_f)
        between = grid / (grid + false_pos)
    high = np.where(on_point, precision[at], between)
    low = np.where(on_point, precision[np.maximum(last, 0)], between)
    return low, high


def _example_histogram():
    return next(iter(_example_histograms().values()))


@checks(first=Instance("ScoreHistogram", example=_example_histogram),
        second=Instance("ScoreHistogram", example=_example_histogram),
        interpolation=Choice(*PR_INTERPOLATIONS))
def pr_dominates(first, second, *, interpolation="davis-goadrich"):
    """Whether ``first``'s precision-recall curve lies nowhere below ``second``'s (the same test set).

    Both curves are compared at recall 0+ and at the union of their recall breakpoints,
    which is exact: between breakpoints the difference of two linear (or step) curves is linear (or
    constant), and under Davis & Goadrich's interpolation precision is ``t / (t + F(t))``
    with ``F`` linear in the true-positive count ``t``, so one curve is above the other
    exactly where its ``F`` is below. Where a curve drops vertically both its top and its
    bottom must be no lower than the other's. Precisions are compared to a relative 1e-12.

    Parameters
    ----------
    first, second : ScoreHistogram
        Scores of all candidate pairs of one test set (the same number of positives).
    interpolation : {'davis-goadrich', 'linear', 'step'}, default 'davis-goadrich'
        How each curve runs between its points (see ``PR_INTERPOLATIONS``).

    Returns
    -------
    bool

    Examples
    --------
    A curve whose two positives outrank every negative dominates one that ranks a negative first:

    >>> from evalkit.linkpred import ScoreHistogram
    >>> good = ScoreHistogram.from_unsorted([3.0, 2.0], [1.0], [4])
    >>> worse = ScoreHistogram.from_unsorted([2.0, 1.0], [3.0, 0.0], [1, 3])
    >>> pr_dominates(good, worse), pr_dominates(worse, good)
    (True, False)
    """
    if first.n_positive != second.n_positive:
        raise ValueError(f"first and second must share a test set; got {first.n_positive} and "
                         f"{second.n_positive} positives")
    counts = [h.cumulative_counts()[1:] for h in (first, second)]
    grid = np.union1d(0, np.union1d(counts[0][0], counts[1][0]))   # 0 for recall 0+
    low_1, high_1 = _precision_envelope(*counts[0], grid, interpolation)
    low_2, high_2 = _precision_envelope(*counts[1], grid, interpolation)
    # a relative tolerance: over all candidate pairs precisions are tiny (10^-4), and one false positive
    # more moves them by less than 10^-12
    return bool(np.all(low_1 >= low_2 * (1 - 1e-12)) and np.all(high_1 >= high_2 * (1 - 1e-12)))


@checks(histograms=Instance(Mapping, example=_example_histograms))
def dominance(histograms):
    """For every ordered pair of curves of one test set: does the first dominate in ROC space, and in PR space?

    ROC dominance is :func:`evalkit.curves.roc_dominates` on the two ROC curves; PR
    dominance is :func:`pr_dominates` under each of ``PR_INTERPOLATIONS``. Davis & Goadrich
    (2006, Theorem 3.2) prove the ROC and the Davis-Goadrich columns equal; the linear
    and step columns are what a precision-recall curve drawn with straight lines or steps
    shows.

    Parameters
    ----------
    histograms : dict of str -> ScoreHistogram
        Name -> the scores of all candidate pairs (one test set).

    Returns
    -------
    pandas.DataFrame
        Indexed by (``first``, ``second``), every ordered pair of distinct names: ``ROC`` and
        one boolean column per interpolation, ``PR (<interpolation>)``.

    Examples
    --------
    >>> from evalkit.linkpred import ScoreHistogram
    >>> table = dominance({"good": ScoreHistogram.from_unsorted([3.0, 2.0], [1.0], [4]),
    ...                    "worse": ScoreHistogram.from_unsorted([2.0, 1.0], [3.0, 0.0], [1, 3])})
    >>> table["ROC"].tolist(), table["PR (davis-goadrich)"].tolist()
    ([True, False], [True, False])
    """
    import pandas as pd

    curves = {name: h.roc_curve() for name, h in histograms.items()}
    rows = {}
    for a in histograms:
        for b in histograms:
            if a != b:
                row = {"ROC": roc_dominates(*curves[a], *curves[b])}
                for interpolation in PR_INTERPOLATIONS:
                    row[f"PR ({interpolation})"] = pr_dominates(histograms[a], histograms[b],
                                                                interpolation=interpolation)
                rows[(a, b)] = row
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.names = ["first", "second"]
    return table


def _example_frame():
    import pandas as pd

    return pd.DataFrame({"difference": [0.0, 1e-16]})


def _example_dominance():
    import pandas as pd

    index = pd.MultiIndex.from_tuples([("a", "b"), ("b", "a")], names=["first", "second"])
    return pd.DataFrame({"ROC": [True, False], **{f"PR ({i})": [True, False] for i in PR_INTERPOLATIONS}}, index=index)


@checks(table=Instance("DataFrame", example=_example_frame),
        dominance_table=Instance("DataFrame", example=_example_dominance))
def ours(table, dominance_table):
    """The claims of Section 3.2: the AUROC is the probability that a random positive scores above a random
    negative, and PR curves dominate exactly when their ROC curves do.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`auroc_as_probability`'s table.
    dominance_table : pandas.DataFrame
        :func:`dominance`'s table.

    Returns
    -------
    dict
        ``{"yang.s3.2.auroc-probability": bool, "yang.s3.2.pr-roc-dominance": bool}``: every area
        equals its probability to 1e-9; ROC dominance equals Davis-Goadrich PR dominance for every
        ordered pair.

    Examples
    --------
    >>> ours(_example_frame(), _example_dominance())
    {'yang.s3.2.auroc-probability': True, 'yang.s3.2.pr-roc-dominance': True}
    """
    return {"yang.s3.2.auroc-probability": bool((table["difference"].abs() < 1e-9).all()),
            "yang.s3.2.pr-roc-dominance": bool((dominance_table["ROC"]
                                                == dominance_table["PR (davis-goadrich)"]).all())}
