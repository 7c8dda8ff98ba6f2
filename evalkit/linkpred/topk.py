"""Top-K predictive rate of a ranking held as a score histogram, with ties handled explicitly."""
from __future__ import annotations

import numpy as np

from .._checks import Array, Instance, Integer, checks
from .._results import result
from .histogram import ScoreHistogram

__all__ = ["TopKRate", "top_k_rate"]


@checks(_same_length=[("k", "true_positives", "true_positives_low", "true_positives_high", "rate")],
        k=Array(ndim=1, kind="integer", low=1), true_positives=Array(ndim=1, kind="real", low=0),
        true_positives_low=Array(ndim=1, kind="count"), true_positives_high=Array(ndim=1, kind="count"),
        rate=Array(ndim=1, kind="real", low=0, high=1), n_positive=Integer(1), n_negative=Integer(0))
@result
class TopKRate:
    """Top-K predictive rate (the share of positives among the K highest-scored pairs).

    Parameters
    ----------
    k : ndarray of int
        The cut-offs.
    true_positives : ndarray of float
        Expected positives among the top ``k`` when tied scores are ordered at random.
    true_positives_low, true_positives_high : ndarray of int
        The fewest and the most positives the top ``k`` can hold over the orderings of
        the ties (negatives first, positives first).
    rate : ndarray of float
        ``true_positives / k``.
    n_positive : int
        Positives of the ranking.
    n_negative : int
        Negatives of the ranking.

    Examples
    --------
    >>> h = ScoreHistogram.from_unsorted([3.0, 1.0], [2.0, 1.0, 0.0], [1, 2, 1])
    >>> top_k_rate(h, 2).rate.tolist()
    [0.5]
    """

    k: np.ndarray
    true_positives: np.ndarray
    true_positives_low: np.ndarray
    true_positives_high: np.ndarray
    rate: np.ndarray
    n_positive: int
    n_negative: int

    @property
    def sensitivity(self):
        return self.true_positives / self.n_positive

    @property
    def specificity(self):
        """Expected ``TN / N`` with the top ``k`` predicted positive."""
        return 1.0 - (self.k - self.true_positives) / self.n_negative


@checks(histogram=Instance(ScoreHistogram, example=lambda: ScoreHistogram.from_unsorted([1.0], [0.0], [3])),
        k=Array(ndim=(1, 0), kind="any").with_example(lambda: np.array([1, 2])))
def top_k_rate(histogram, k):
    """Top-K predictive rate of a ranking held as a :class:`~evalkit.linkpred.ScoreHistogram`.

    Ties are handled explicitly: where the K-th place falls inside a group of tied
    scores, the rate is its expectation over random orderings of the group, and the
    range over all orderings is returned beside it.

    Parameters
    ----------
    histogram : ScoreHistogram
        The ranking: positives' scores and the negatives' histogram.
    k : int or array_like of int
        Each in ``[1, n_positive + n_negative]``.

    Returns
    -------
    TopKRate

    Examples
    --------
    Positives score 3 and 1; negatives 2, 1, 1, 0. The top 3 are 3 (+), 2 (-) and one of
    the three pairs tied at 1, a positive with probability 1/3.

    >>> h = ScoreHistogram.from_unsorted([3.0, 1.0], [2.0, 1.0, 0.0], [1, 2, 1])
    >>> r = top_k_rate(h, [1, 3])
    >>> r.true_positives.round(4).tolist(), r.true_positives_low.tolist(), r.true_positives_high.tolist()
    ([1.0, 1.3333], [1, 1], [1, 2])
    """
    k = np.atleast_1d(np.asarray(k))
    if not np.issubdtype(k.dtype, np.integer):
        raise TypeError(f"k must be integers; got dtype {k.dtype}")
    P, N = histogram.n_positive, histogram.n_negative
    if P == 0:
        raise ValueError("top_k_rate needs at least one positive")
    if k.size and (k.min() < 1 or k.max() > P + N):
        raise ValueError(f"k must lie in [1, {P + N}]; got values in [{k.min()}, {k.max()}]")
    values, tp, fp = histogram.cumulative_counts()  # descending score groups, cumulative counts
    size = tp + fp
    g = np.searchsorted(size, k, side="left")  # group holding the k-th place
    tp_before = np.where(g > 0, tp[np.maximum(g - 1, 0)], 0.0)
    size_before = np.where(g > 0, size[np.maximum(g - 1, 0)], 0.0)
    pos_g = tp[g] - tp_before
    neg_g = (fp[g] - np.where(g > 0, fp[np.maximum(g - 1, 0)], 0.0))
    r = k - size_before  # places taken from the straddling group
    expected = tp_before + r * pos_g / (pos_g + neg_g)
    low = tp_before + np.maximum(0, r - neg_g)
    high = tp_before + np.minimum(r, pos_g)
    return TopKRate(k.astype(np.int64), expected, low.astype(np.int64), high.astype(np.int64), expected / k, P, N)
