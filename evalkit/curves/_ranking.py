"""Sorting and counting shared by the curve modules (sorted scores, counts at each threshold)."""
from __future__ import annotations

import numpy as np

from .._checks import Array

__all__ = ["CUMULATIVE_COUNTS", "RATES", "Y_SCORE", "Y_TRUE", "check_roc_points", "split_sorted", "threshold_counts"]


def split_sorted(pos, s):
    return np.sort(s[pos]), np.sort(s[~pos])


def threshold_counts(pos, s):
    """Distinct thresholds (descending) and the counts of positives / negatives scoring >= each."""
    pos_sorted, neg_sorted = split_sorted(pos, s)
    all_sorted = np.sort(s)
    last = np.empty(all_sorted.size, dtype=bool)
    np.not_equal(all_sorted[1:], all_sorted[:-1], out=last[:-1])
    last[-1] = True
    thresholds = all_sorted[last]  # ascending, distinct
    del all_sorted, last
    tp = pos_sorted.size - np.searchsorted(pos_sorted, thresholds, side="left")
    fp = neg_sorted.size - np.searchsorted(neg_sorted, thresholds, side="left")
    return thresholds[::-1], tp[::-1], fp[::-1], pos_sorted.size, neg_sorted.size


def check_roc_points(fpr, tpr):
    fpr = np.asarray(fpr, dtype=float)
    tpr = np.asarray(tpr, dtype=float)
    if fpr.ndim != 1 or fpr.shape != tpr.shape or fpr.size == 0:
        raise ValueError(f"fpr and tpr must be 1-D arrays of the same non-zero length; got {fpr.shape}, {tpr.shape}")
    if not (np.isfinite(fpr).all() and np.isfinite(tpr).all()):
        raise ValueError("fpr and tpr must be finite")
    if fpr.min() < 0 or fpr.max() > 1 or tpr.min() < 0 or tpr.max() > 1:
        raise ValueError("fpr and tpr must be rates in [0, 1]")
    return fpr, tpr


# Declared argument checks shared by the public curve functions (see evalkit._checks).
#: labels; check_binary_scores then requires two classes and resolves pos_label (evalkit._validation.positive_class)
Y_TRUE = Array(ndim=1, kind="label")
#: finite real scores, one per example
Y_SCORE = Array(ndim=1, kind="real")
#: ROC rates (false or true positive rates) in [0, 1]
RATES = Array(ndim=1, kind="real", low=0, high=1)
#: cumulative counts of true / false positives at descending thresholds (histogram counts may be weighted)
CUMULATIVE_COUNTS = Array(ndim=1, kind="real", low=0)
