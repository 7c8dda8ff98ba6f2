"""Negative sampling, every scheme in one place.

Test sets that keep every positive and a sample of the negatives (Yang, Lichtenwalter &
Chawla 2015, Sections 4.1-4.3):

* pairs drawn by rejection from all node pairs: :func:`sample_negative_pairs` (for
  training sets, or to check the histogram samplers with actual pairs);
* uniform sampling over a score histogram, repeated: :func:`subsample_negatives`, with
  the exact variance of the sampled AUROC, :func:`subsampled_auroc_variance`;
* over the by-distance histograms of :func:`~evalkit.linkpred.distance_score_histograms`:
  uniform (:func:`sample_uniform`), balanced within each distance, the Kaggle scheme
  (:func:`sample_distance_balanced`), and a distance-only scheme steered to a chosen
  AUROC (:func:`sample_steered`, with :func:`distance_mean_auroc`).

Every histogram draw is an exact draw without replacement
(:func:`draw_without_replacement`, a multivariate hypergeometric draw over the score
values). The methods of :class:`~evalkit.linkpred.ScoreHistogram` and
:class:`~evalkit.linkpred.DistanceHistograms` of the same names call these functions.
The ranking simulation of the paper's Table 2 is in :mod:`evalkit.linkpred.surrogate`.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from .._checks import Array, Instance, Integer, Real, checks
from .._validation import check_positive_int
from ..graph import check_adjacency
from ._common import check_pairs, check_size, node_pairs_constraint, nodes_constraint, pair_keys, sparse_constraint
from .distance import DistanceHistograms
from .histogram import PairEvaluation, ScoreHistogram, grouped_areas

def _example_histogram():
    return ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [3, 1])


def _example_distance_histograms():
    h2 = ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [3, 1])
    h3 = ScoreHistogram.from_unsorted([0.2], [0.0, 0.1], [4, 2])
    return DistanceHistograms(np.array([2.0, 3.0]), (h2, h3))


_HIST = Instance(ScoreHistogram, example=_example_histogram)
_DHIST = Instance(DistanceHistograms, example=_example_distance_histograms)
_RATE = Real(0, 1, closed="right")

__all__ = ["NegativePairSampler", "distance_mean_auroc", "draw_without_replacement", "sample_distance_balanced",
           "sample_negative_pairs", "sample_steered", "sample_uniform", "subsample_negatives",
           "subsampled_auroc_variance", "subsampled_aurocs"]


@checks(counts=Array(ndim=1, kind="count"), k=Integer(0))
def draw_without_replacement(counts, k, rng):
    """How many of ``k`` items drawn uniformly without replacement fall in each bucket of ``counts``.

    Parameters
    ----------
    counts : array_like of int
        Items in each bucket.
    k : int
        Items drawn, at most ``sum(counts)``.
    rng : seed or numpy.random.Generator
        Source of randomness.

    Returns
    -------
    ndarray of int64
        Items drawn from each bucket (summing to ``k``).

    Examples
    --------
    >>> draw_without_replacement([3, 0, 2], 5, np.random.default_rng(0)).tolist()
    [3, 0, 2]
    >>> draw_without_replacement([3, 0, 2], 3, rng=0).tolist()
    [1, 0, 2]
    """
    counts = np.asarray(counts).astype(np.int64)
    total = int(counts.sum())
    if k > total:
        raise ValueError(f"k must be at most the number of items, {total}; got {k!r}")
    rng = np.random.default_rng(rng)
    draws = _Draws(counts, k)
    return draws.counted(draws.draw(rng))


class _Draws:
    """Repeated draws of ``k`` of the items of ``counts`` without replacement (arguments checked).

    ``draw(rng)`` returns the bucket of each item drawn (``k`` of them) where ``k`` is less
    than the number of buckets (drawn by index: few draws, many buckets), else the items
    drawn from each bucket (a multivariate hypergeometric draw, or every item when ``k``
    is all of them). The cumulative counts are computed once for all the draws. ``by_index``
    forces the choice (``k`` below the number of items).
    """

    def __init__(self, counts, k, by_index=None):
        self.counts, self.k = counts, int(k)
        self.total = int(counts.sum())
        self.by_index = self.k < counts.size and self.k < self.total if by_index is None else bool(by_index)
        self.cumulative = np.cumsum(counts) if self.by_index else None

    def draw(self, rng):
        if self.k == self.total:
            return self.counts.copy()
        if self.by_index:
            idx = rng.choice(self.total, size=self.k, replace=False, shuffle=False)
            return np.searchsorted(self.cumulative, idx, side="right")
        return rng.multivariate_hypergeometric(self.counts, self.k, method="marginals")

    def counted(self, drawn):
        """The items drawn from each bucket, from what :meth:`draw` returned."""
        return np.bincount(drawn, minlength=self.counts.size) if self.by_index else drawn


@checks(A=sparse_constraint(), positives=node_pairs_constraint(), size=Integer(0), nodes=nodes_constraint())
def sample_negative_pairs(A, positives, size, *, nodes=None, rng=None):
    """Draw ``size`` distinct negative pairs uniformly from all candidate negatives of ``A``.

    Candidate negatives are the non-edges of ``A`` that are not in ``positives``. Pairs
    are drawn uniformly among all unordered node pairs and rejected if they are an edge,
    a positive, a self-pair or already drawn, until ``size`` are kept; every candidate
    negative is equally likely and none appears twice.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network.
    positives : array_like, shape (m, 2)
        Pairs that are not negatives (row indices, or node ids when ``nodes`` is given).
    size : int
        Pairs to draw, at most the number of candidate negatives.
    nodes : array_like, optional
        The node id of each row of ``A`` (the ``nodes`` of :func:`evalkit.graph.as_adjacency`):
        ``positives`` are then node-id pairs (:func:`evalkit.graph.pair_indices`).
    rng : seed or numpy.random.Generator, optional
        Source of randomness.

    Returns
    -------
    ndarray of int64, shape (size, 2), each row ``u < v``
        Row indices of ``A`` (``nodes[pairs]`` gives their node ids).

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (3, 4)])
    >>> pairs = sample_negative_pairs(A, [(0, 2)], 3, rng=0)
    >>> pairs.shape, bool((pairs[:, 0] < pairs[:, 1]).all())
    ((3, 2), True)
    """
    return NegativePairSampler(A, positives, nodes=nodes).sample(size, rng=rng)


@checks(A=sparse_constraint(), positives=node_pairs_constraint(), nodes=nodes_constraint())
class NegativePairSampler:
    """Repeated draws of :func:`sample_negative_pairs` on one network, its forbidden pairs found once.

    ``NegativePairSampler(A, positives).sample(size, rng=rng)`` is
    ``sample_negative_pairs(A, positives, size, rng=rng)``; a sampler drawing many test
    sets sorts the edges and positives (the pairs a draw rejects) once instead of at
    every draw. Draws from the same ``rng`` are the same.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network.
    positives : array_like, shape (m, 2)
        Pairs that are not negatives (row indices, or node ids when ``nodes`` is given).
    nodes : array_like, optional
        The node id of each row of ``A``: ``positives`` are then node-id pairs.

    Attributes
    ----------
    n_negative : int
        The candidate negatives.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (3, 4)])
    >>> sampler = NegativePairSampler(A, [(0, 2)])
    >>> sampler.n_negative
    5
    >>> rng = np.random.default_rng(0)
    >>> sampler.sample(3, rng=rng).tolist() == sample_negative_pairs(A, [(0, 2)], 3, rng=0).tolist()
    True
    """

    def __init__(self, A, positives, *, nodes=None):
        A = check_adjacency(A)
        self._n = n = A.shape[0]
        pos = np.sort(check_pairs(positives, n, "positives", nodes, takes_nodes=True), axis=1)
        self.n_negative = n * (n - 1) // 2 - A.nnz // 2 - pos.shape[0]
        r, c = sp.triu(A, k=1).nonzero()
        self._forbidden = np.union1d(pair_keys(r, c, n), pair_keys(pos[:, 0], pos[:, 1], n))

    def sample(self, size, *, rng=None):
        """``size`` distinct negative pairs, drawn uniformly (see :func:`sample_negative_pairs`).

        Parameters
        ----------
        size : int
            Pairs to draw, at most ``n_negative``.
        rng : seed or numpy.random.Generator, optional
            Source of randomness.

        Returns
        -------
        ndarray of int64, shape (size, 2), each row ``u < v``
        """
        n = self._n
        if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or not 0 <= size <= self.n_negative:
            raise ValueError(f"size must be an integer in [0, {self.n_negative}] (the candidate negatives); "
                             f"got {size!r}")
        rng = np.random.default_rng(rng)
        kept = np.empty(0, dtype=np.int64)
        while kept.size < size:
            m = int(1.2 * (size - kept.size)) + 16
            u, v = rng.integers(0, n, m), rng.integers(0, n, m)
            ok = u != v
            keys = pair_keys(np.minimum(u, v)[ok], np.maximum(u, v)[ok], n)
            keys = keys[~np.isin(keys, self._forbidden)]
            # keep the first occurrence of each new key, in drawing order
            keys = keys[~np.isin(keys, kept)]
            _, first = np.unique(keys, return_index=True)
            kept = np.concatenate([kept, keys[np.sort(first)]])
        kept = kept[:size]
        return np.stack([kept // n, kept % n], axis=1)


def _check_rate(rate):
    if isinstance(rate, bool) or not isinstance(rate, (int, float, np.floating)) or not 0 < rate <= 1:
        raise ValueError(f"rate must be a number in (0, 1]; got {rate!r}")


@checks(histogram=_HIST, rate=_RATE)
def subsampled_auroc_variance(histogram, rate):
    """Exact variance of the AUROC when ``round(rate * n_negative)`` negatives are sampled uniformly.

    The sampled AUROC is the mean of
    :meth:`~evalkit.linkpred.ScoreHistogram.auroc_contributions` over a sample drawn
    without replacement, so its variance is ``sigma^2 / k * (N - k) / (N - 1)``, with
    ``sigma^2`` the variance of the contributions over all ``N`` negatives: Theorem 4.1
    of Yang et al. with the AUROC in place of a fixed-threshold rate (there the
    contributions are 0 or 1, and ``sigma^2 = C (N - C) / N^2``).

    Parameters
    ----------
    histogram : ScoreHistogram
        All pairs: the positives' scores and the negatives' histogram.
    rate : float in (0, 1]
        Fraction of the negatives kept.

    Returns
    -------
    float
        The variance of the AUROC over the uniform samples.

    Examples
    --------
    >>> h = ScoreHistogram.from_unsorted([1.0], [0.0, 2.0], [1, 1])
    >>> subsampled_auroc_variance(h, 0.5)
    0.25
    """
    _check_rate(rate)
    g, w = histogram.auroc_contributions(), histogram.negative_counts.astype(float)
    N = w.sum()
    k = round(rate * N)
    if k == 0:
        raise ValueError(f"rate={rate} keeps no negative out of {int(N)}")
    mean = np.sum(w * g) / N
    sigma2 = np.sum(w * (g - mean) ** 2) / N
    return float(sigma2 / k * (N - k) / (N - 1)) if N > 1 else 0.0


@checks(histogram=_HIST, rate=_RATE, n_repeats=Integer(1))
def subsample_negatives(histogram, rate, *, n_repeats=100, rng=None):
    """Evaluate on test sets that keep all positives and a uniform sample of the negatives.

    Each repetition draws ``round(rate * n_negative)`` negatives uniformly without
    replacement from all negative pairs, which is a multivariate hypergeometric draw
    over the histogram's score values: exact, with no pair enumerated. (When fewer
    negatives are drawn than there are score values, the negatives are drawn by index
    and bucketed, the same distribution at lower cost.)

    Parameters
    ----------
    histogram : ScoreHistogram
        All pairs: the positives' scores and the negatives' histogram.
    rate : float in (0, 1]
        Fraction of the negatives kept (the paper's "negative class sample
        percentage" divided by 100).
    n_repeats : int, default 100
        Test sets drawn.
    rng : seed or Generator, optional
        Source of randomness.

    Returns
    -------
    list of PairEvaluation

    Examples
    --------
    >>> h = ScoreHistogram.from_unsorted([1.0], [0.0, 2.0], [5, 5])
    >>> [r.auroc for r in subsample_negatives(h, 1.0, n_repeats=2, rng=0)]
    [0.5, 0.5]
    """
    _check_rate(rate)
    n_repeats = check_positive_int(n_repeats, "n_repeats")
    rng = np.random.default_rng(rng)
    k = int(round(rate * histogram.n_negative))
    if k == 0:
        raise ValueError(f"rate={rate} keeps no negative out of {histogram.n_negative}")
    draws = _Draws(histogram.negative_counts.astype(np.int64), k)
    out = []
    for _ in range(n_repeats):
        drawn = draws.counted(draws.draw(rng))
        keep = drawn > 0
        out.append(PairEvaluation(*grouped_areas(histogram.positive_scores,
                                                 histogram.negative_values[keep], drawn[keep])))
    return out


@checks(histogram=_HIST, rate=_RATE, n_repeats=Integer(1))
def subsampled_aurocs(histogram, rate, *, n_repeats=100, rng=None):
    """The AUROC of each test set of :func:`subsample_negatives`, without the rest of the evaluation.

    The AUROC of a test set is the mean, over its negatives, of
    :meth:`~evalkit.linkpred.ScoreHistogram.auroc_contributions` (the fraction of the
    positives that outscore a negative, ties counting one half): a dot product with the
    drawn counts instead of a whole evaluation. It depends only on how many negatives of
    each contribution are drawn, and the negatives between two neighbouring positive scores
    share one, so they are drawn as one bucket (at most ``2P + 1`` buckets for ``P``
    positives, against millions of score values for PropFlow).

    Where ``k`` (the negatives kept) is below the number of distinct negative values, the
    negatives are drawn by index, with the same draws from the same ``rng`` as
    :func:`subsample_negatives`: the same test sets, and ``[r.auroc for r in
    subsample_negatives(...)]`` up to rounding in the last bits. Otherwise one multivariate
    hypergeometric draw over the buckets replaces :func:`subsample_negatives`'s draw over
    the values: the same distribution of AUROCs (a multivariate hypergeometric draw summed
    over groups of its colours is the draw over the groups), other random numbers, so other
    test sets, except where no two values share a contribution.

    Parameters
    ----------
    histogram : ScoreHistogram
        All pairs: the positives' scores and the negatives' histogram.
    rate : float in (0, 1]
        Fraction of the negatives kept.
    n_repeats : int, default 100
        Test sets drawn.
    rng : seed or Generator, optional
        Source of randomness.

    Returns
    -------
    ndarray of float, shape (n_repeats,)

    Examples
    --------
    >>> h = ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [30, 10])
    >>> subsampled_aurocs(h, 0.5, n_repeats=3, rng=0).round(3).tolist()
    [0.8, 0.7, 0.75]
    >>> [round(r.auroc, 3) for r in subsample_negatives(h, 0.5, n_repeats=3, rng=0)]
    [0.8, 0.7, 0.75]
    """
    _check_rate(rate)
    n_repeats = check_positive_int(n_repeats, "n_repeats")
    rng = np.random.default_rng(rng)
    k = int(round(rate * histogram.n_negative))
    if k == 0:
        raise ValueError(f"rate={rate} keeps no negative out of {histogram.n_negative}")
    contributions = histogram.auroc_contributions()
    counts = histogram.negative_counts.astype(np.int64)
    # The AUROC depends only on how many drawn negatives have each contribution, so runs of
    # neighbouring values with equal contribution (the negatives between two positive scores:
    # at most 2P + 1 runs, against millions of values for PropFlow) are drawn as one bucket.
    # By index, an item falls in the run of its value: the same draws, the same AUROCs. By
    # bucket (k at least the number of values), one multivariate hypergeometric draw over the
    # runs has the distribution of the draw over the values, summed by run, at a fraction of
    # the cost, but it draws other random numbers (the same ones where no values merge).
    starts = np.flatnonzero(np.r_[True, contributions[1:] != contributions[:-1]])
    draws = _Draws(np.add.reduceat(counts, starts), k, by_index=k < counts.size and k < histogram.n_negative)
    run_contributions = contributions[starts]
    out = np.empty(n_repeats)
    for i in range(n_repeats):
        drawn = draws.draw(rng)
        out[i] = (run_contributions[drawn].sum() if draws.by_index else drawn @ run_contributions) / k
    return out


# ------------------------------------------------------------------ by distance


def _with_counts(dh, drawn):
    out = []
    for h, k in zip(dh.histograms, drawn):
        keep = k > 0
        out.append(ScoreHistogram(h.positive_scores, h.negative_values[keep], k[keep].astype(np.int64)))
    return DistanceHistograms(dh.distance, tuple(out))


@checks(histograms=_DHIST, size=Integer(1))
def sample_uniform(histograms, size, *, rng=None):
    """Keep every positive and ``size`` negatives drawn uniformly from all negatives.

    The fair scheme: every negative pair is equally likely whatever its distance, so
    the expected number drawn at each distance is proportional to the negatives there.

    Parameters
    ----------
    histograms : DistanceHistograms
        All pairs, by distance.
    size : int
        Negatives drawn, in ``[1, n_negative]``.
    rng : seed or Generator, optional
        Source of randomness.

    Returns
    -------
    DistanceHistograms
        Every positive, and the drawn negatives.

    Examples
    --------
    >>> from evalkit.linkpred import DistanceHistograms
    >>> h = ScoreHistogram.from_unsorted([1.0], [0.0], [4])
    >>> dh = DistanceHistograms(np.array([2.0, 3.0]), (h, h))
    >>> sample_uniform(dh, 8, rng=0).n_negative.tolist()
    [4, 4]
    """
    total = int(histograms.n_negative.sum())
    size = check_size(size, total, "size")
    rng = np.random.default_rng(rng)
    counts = np.concatenate([h.negative_counts for h in histograms.histograms])
    drawn = draw_without_replacement(counts, size, rng)
    return _with_counts(histograms, np.split(drawn, np.cumsum([h.negative_counts.size
                                                               for h in histograms.histograms])[:-1]))


@checks(histograms=_DHIST, ratio=Real(0, None, closed="neither"))
def sample_distance_balanced(histograms, *, ratio=1.0, rng=None):
    """Keep every positive; at each distance draw ``ratio`` negatives per positive there.

    The scheme of the Kaggle link prediction competition (Narayanan et al. 2011) as
    Yang et al. describe it: the test set is balanced within each distance. A
    distance with ``m`` positives gets ``min(round(ratio * m), N_l)`` of its ``N_l``
    negatives, drawn uniformly within the distance; a distance without positives
    gets none.

    Parameters
    ----------
    histograms : DistanceHistograms
        All pairs, by distance.
    ratio : float, default 1.0
        Negatives drawn per positive at each distance (positive).
    rng : seed or Generator, optional
        Source of randomness.

    Returns
    -------
    DistanceHistograms
        Every positive, and the drawn negatives.

    Examples
    --------
    >>> from evalkit.linkpred import DistanceHistograms
    >>> h = ScoreHistogram.from_unsorted([1.0], [0.0], [4])
    >>> dh = DistanceHistograms(np.array([2.0, 3.0]), (h, h))
    >>> sample_distance_balanced(dh, ratio=2, rng=0).n_negative.tolist()
    [2, 2]
    """
    rng = np.random.default_rng(rng)
    want = np.minimum(np.round(ratio * histograms.n_positive).astype(np.int64), histograms.n_negative)
    return _with_counts(histograms, [draw_without_replacement(h.negative_counts, int(k), rng)
                                     for h, k in zip(histograms.histograms, want)])


@checks(histograms=_DHIST)
def distance_mean_auroc(histograms):
    """For each distance, the mean over its negatives of the fraction of *all* positives above them.

    A test set that keeps every positive and ``c_l`` negatives drawn uniformly within
    each distance ``l`` has expected AUROC ``sum_l c_l a_l / sum_l c_l``, with ``a_l``
    this value: the AUROC of a distance-sampled test set is a weighted mean of it.

    Parameters
    ----------
    histograms : DistanceHistograms
        All pairs, by distance.

    Returns
    -------
    ndarray of float
        One value per distance (``nan`` at a distance without negatives).

    Examples
    --------
    >>> from evalkit.linkpred import DistanceHistograms
    >>> dh = DistanceHistograms(np.array([2.0, 3.0]), (ScoreHistogram.from_unsorted([1.0], [2.0], [1]),
    ...                                                 ScoreHistogram.from_unsorted([1.0], [0.0], [1])))
    >>> distance_mean_auroc(dh).tolist()
    [0.0, 1.0]
    """
    pooled_pos = ScoreHistogram(np.concatenate([h.positive_scores for h in histograms.histograms]),
                                np.zeros(0), np.zeros(0, np.int64))
    out = np.full(len(histograms), np.nan)
    for i, h in enumerate(histograms.histograms):
        if h.n_negative:
            g = ScoreHistogram(pooled_pos.positive_scores, h.negative_values,
                               h.negative_counts).auroc_contributions()
            out[i] = np.sum(g * h.negative_counts) / h.n_negative
    return out


@checks(histograms=_DHIST, target_auroc=Real(0, 1), size=Integer(1, none=True))
def sample_steered(histograms, target_auroc, *, size=None, rng=None):
    """A distance-only sampling scheme whose expected AUROC is ``target_auroc``.

    Every positive is kept, and ``c_l`` negatives are drawn uniformly within each
    distance, with ``c_l`` proportional to ``m_l exp(theta a_l)`` (``m_l`` the
    positives at distance ``l``, ``a_l`` from :func:`distance_mean_auroc`), capped by
    the negatives available, summing to ``size`` (default: as many as positives).
    ``theta`` is found by bisection. Like the Kaggle scheme, the sample only chooses
    how many negatives to take at each distance, yet it can be set to give any AUROC
    between the hardest and the easiest distance's: the demonstration that such
    schemes measure the sampling, not the predictor.

    Parameters
    ----------
    histograms : DistanceHistograms
        All pairs, by distance (at least two distances with positives and negatives).
    target_auroc : float
        Strictly between the hardest and the easiest distance's mean AUROC.
    size : int, optional
        Negatives drawn in all (default: as many as positives).
    rng : seed or Generator, optional
        Source of randomness.

    Returns
    -------
    sample : DistanceHistograms
    expected_auroc : float
        The exact expected AUROC of the scheme (the sample's AUROC differs from it by
        sampling noise only).

    Examples
    --------
    >>> from evalkit.linkpred import DistanceHistograms
    >>> dh = DistanceHistograms(np.array([2.0, 3.0]), (ScoreHistogram.from_unsorted([1.0] * 5, [2.0], [50]),
    ...                                                 ScoreHistogram.from_unsorted([1.0] * 5, [0.0], [50])))
    >>> sample, expected = sample_steered(dh, 0.5, size=20, rng=0)
    >>> sample.n_negative.tolist(), expected
    ([10, 10], 0.5)
    """
    a = distance_mean_auroc(histograms)
    m = histograms.n_positive.astype(float)
    avail = histograms.n_negative
    ok = (m > 0) & (avail > 0)
    if ok.sum() < 2:
        raise ValueError("steering needs at least two distances with both positives and negatives")
    size = int(m.sum()) if size is None else check_size(size, int(avail[ok].sum()), "size")
    lo, hi = np.nanmin(a[ok]), np.nanmax(a[ok])
    if not lo < target_auroc < hi:
        raise ValueError(f"target_auroc must lie strictly between the hardest and the easiest distance's "
                         f"mean AUROC, ({lo:.4f}, {hi:.4f}); got {target_auroc!r}")

    def counts(theta):
        w = np.where(ok, m * np.exp(theta * (np.where(ok, a, 0) - hi)), 0.0)
        c = np.minimum(np.floor(size * w / w.sum()).astype(np.int64), avail)
        return c

    def expected(c):
        return float(np.sum(c[ok] * a[ok]) / c[ok].sum())

    t_lo, t_hi = -1.0, 1.0
    while expected(counts(t_lo)) > target_auroc and t_lo > -1e7:
        t_lo *= 2
    while expected(counts(t_hi)) < target_auroc and t_hi < 1e7:
        t_hi *= 2
    for _ in range(200):
        mid = 0.5 * (t_lo + t_hi)
        if expected(counts(mid)) < target_auroc:
            t_lo = mid
        else:
            t_hi = mid
    c = counts(t_hi)
    rng = np.random.default_rng(rng)
    sample = _with_counts(histograms, [draw_without_replacement(h.negative_counts, int(k), rng)
                                       for h, k in zip(histograms.histograms, c)])
    return sample, expected(c)
