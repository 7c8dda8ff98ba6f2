"""Negative sampling, every scheme in one place, and the surrogate ranking simulation.

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
:func:`surrogate_auroc` is the ranking simulation of the paper's Table 2, and
:func:`surrogate_moments` what it converges to, in closed form.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from .._checks import Array, Instance, Integer, Real, checks
from .._results import result
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
_SURROGATE = dict(p_s=Integer(1), n_s=Integer(1), p_f=Integer(1), n_f=Integer(1), alpha=Real(0, 1, closed="right"),
                  beta=Real(1, None))

__all__ = ["SurrogateMoments", "SurrogateResult", "distance_mean_auroc", "draw_without_replacement",
           "sample_distance_balanced", "sample_negative_pairs", "sample_steered", "sample_uniform", "subsample_negatives",
           "subsampled_auroc_variance", "subsampled_aurocs", "surrogate_auroc", "surrogate_moments"]


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
    A = check_adjacency(A)
    n = A.shape[0]
    pos = np.sort(check_pairs(positives, n, "positives", nodes, takes_nodes=True), axis=1)
    n_neg = n * (n - 1) // 2 - A.nnz // 2 - pos.shape[0]
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or not 0 <= size <= n_neg:
        raise ValueError(f"size must be an integer in [0, {n_neg}] (the candidate negatives); got {size!r}")
    rng = np.random.default_rng(rng)
    r, c = sp.triu(A, k=1).nonzero()
    forbidden = np.union1d(pair_keys(r, c, n), pair_keys(pos[:, 0], pos[:, 1], n))
    kept = np.empty(0, dtype=np.int64)
    while kept.size < size:
        m = int(1.2 * (size - kept.size)) + 16
        u, v = rng.integers(0, n, m), rng.integers(0, n, m)
        ok = u != v
        keys = pair_keys(np.minimum(u, v)[ok], np.maximum(u, v)[ok], n)
        keys = keys[~np.isin(keys, forbidden)]
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


# ---------------------------------------------------------------------- surrogate


@checks(_same_length=[("auroc_sub", "auroc_full")], alpha=_SURROGATE["alpha"], beta=_SURROGATE["beta"],
        auroc_sub=Array(ndim=1, kind="real"), auroc_full=Array(ndim=1, kind="real"))
@result
class SurrogateResult:
    """The surrogate ranking simulation of Yang et al.'s Table 2 for one (alpha, beta).

    Parameters
    ----------
    alpha : float
        Top fraction of the ranking the positives take.
    beta : float
        Spread factor of the sub-problem's positives in the full problem.
    auroc_sub : ndarray
        Simulated AUROC of the sub-problem ``P_sub``.
    auroc_full : ndarray
        Simulated AUROC of the full problem ``P_full``.

    Examples
    --------
    >>> r = SurrogateResult(0.2, 10.0, np.array([0.9, 0.8]), np.array([0.95, 0.9]))
    >>> round(r.expected_auroc_sub, 2), r.difference.round(2).tolist()
    (0.85, [0.05, 0.1])
    """

    alpha: float
    beta: float
    auroc_sub: np.ndarray = field(repr=False)
    auroc_full: np.ndarray = field(repr=False)

    @property
    def difference(self):
        return self.auroc_full - self.auroc_sub

    @property
    def sigmas(self):
        """Mean difference in units of its standard deviation over the simulations."""
        d = self.difference
        return float(d.mean() / d.std(ddof=1))

    @property
    def expected_auroc_sub(self):
        return float(self.auroc_sub.mean())


def _auroc_from_position_sums(sums, p, n_total):
    """AUROC of rankings (no ties) from the sums of the 0-based positions of their ``p`` positives."""
    n = n_total - p
    return 1.0 - (sums - p * (p - 1) / 2) / (p * n)


def _surrogate_places(p_s, n_s, p_f, n_f, alpha, beta):
    """Check the surrogate's arguments; the numbers of top places each group of positives takes."""
    for name, v in (("p_s", p_s), ("n_s", n_s), ("p_f", p_f), ("n_f", n_f)):
        check_positive_int(v, name)
    if not (p_s <= p_f and n_s <= n_f):
        raise ValueError(f"the sub-problem must be part of the full one: need p_s <= p_f and n_s <= n_f; "
                         f"got p_s={p_s}, p_f={p_f}, n_s={n_s}, n_f={n_f}")
    if not 0 < alpha <= 1:
        raise ValueError(f"alpha must lie in (0, 1]; got {alpha!r}")
    if not beta >= 1:
        raise ValueError(f"beta must be at least 1; got {beta!r}")
    N_s, N_f = p_s + n_s, p_f + n_f
    m_sub = max(p_s, int(alpha * N_s))
    m1 = min(N_f, max(p_s, int(alpha * N_s * beta)))
    m2 = min(N_f, max(p_f, int(alpha * N_f)))
    return m_sub, m1, m2


@checks(**_SURROGATE, n_simulations=Integer(2))
def surrogate_auroc(p_s, n_s, p_f, n_f, alpha, beta, *, n_simulations=1000, rng=None):
    """Simulate the AUROC of a sub-problem and of the full problem (Yang et al., Section 4.2).

    In ``P_sub`` (``p_s`` positives, ``n_s`` negatives) the positives take random places
    among the top ``alpha (p_s + n_s)`` of the ranking. In ``P_full`` (``p_f`` positives,
    ``n_f`` negatives, ``P_sub`` a part of it) ``p_s`` positives take random places among
    the top ``alpha (p_s + n_s) beta`` and the other ``p_f - p_s`` random free places among
    the top ``alpha (p_f + n_f)``. Places are drawn without replacement (exactly), and
    the AUROC of a ranking without ties follows from the positives' places.
    :func:`surrogate_moments` gives what the simulation converges to.

    Parameters
    ----------
    p_s, n_s : int
        Positives and negatives of the sub-problem.
    p_f, n_f : int
        Positives and negatives of the full problem (``p_s <= p_f``, ``n_s <= n_f``).
    alpha : float
        Top fraction of the ranking the positives take, in (0, 1].
    beta : float
        Spread factor, at least 1, of the sub-problem's positives in the full problem.
    n_simulations : int, default 1000
        Simulated rankings (at least 2).
    rng : seed or Generator, optional
        Source of randomness.

    Returns
    -------
    SurrogateResult

    Examples
    --------
    >>> r = surrogate_auroc(100, 10_000, 400, 1_000_000, 0.2, 10, n_simulations=200, rng=0)
    >>> round(r.expected_auroc_sub, 2), bool(r.sigmas > 2)
    (0.9, True)
    """
    m_sub, m1, m2 = _surrogate_places(p_s, n_s, p_f, n_f, alpha, beta)
    n_simulations = check_positive_int(n_simulations, "n_simulations", minimum=2)
    rng = np.random.default_rng(rng)
    sub = np.empty(n_simulations)
    full = np.empty(n_simulations)
    for i in range(n_simulations):
        sub[i] = rng.choice(m_sub, p_s, replace=False, shuffle=False).sum()
        first = np.sort(rng.choice(m1, p_s, replace=False, shuffle=False))
        # the others: p_f - p_s of the places in [0, m2) not taken by the first ones
        taken = first[first < m2]
        x = rng.choice(m2 - taken.size, p_f - p_s, replace=False, shuffle=False)
        x = x + np.searchsorted(taken - np.arange(taken.size), x, side="right")
        full[i] = first.sum() + x.sum()
    return SurrogateResult(float(alpha), float(beta), _auroc_from_position_sums(sub, p_s, p_s + n_s),
                           _auroc_from_position_sums(full, p_f, p_f + n_f))


@checks(alpha=_SURROGATE["alpha"], beta=_SURROGATE["beta"], mean_sub=Real(), mean_full=Real(), sd_sub=Real(0, None),
        sd_full=Real(0, None))
@dataclass(frozen=True)
class SurrogateMoments:
    """Means and standard deviations of the surrogate's two AUROCs (:func:`surrogate_moments`).

    ``sigmas`` is the mean difference (full minus sub) over the standard deviation of
    the difference: what :attr:`SurrogateResult.sigmas` converges to.

    Parameters
    ----------
    alpha : float
        Top fraction of the ranking the positives take.
    beta : float
        Spread factor of the sub-problem's positives in the full problem.
    mean_sub : float
        Mean AUROC of the sub-problem.
    mean_full : float
        Mean AUROC of the full problem.
    sd_sub : float
        Standard deviation of the sub-problem's AUROC.
    sd_full : float
        Standard deviation of the full problem's AUROC.

    Examples
    --------
    >>> SurrogateMoments(0.2, 10.0, 0.90, 0.93, 0.006, 0.008).sigmas
    3.0
    """

    alpha: float
    beta: float
    mean_sub: float
    mean_full: float
    sd_sub: float
    sd_full: float

    @property
    def sigmas(self):
        """Mean difference in units of its standard deviation."""
        return (self.mean_full - self.mean_sub) / float(np.hypot(self.sd_sub, self.sd_full))


def _uniform_sum_moments(p, m):
    """Mean and variance of the sum of ``p`` places drawn without replacement from ``0 .. m-1``."""
    return p * (m - 1) / 2, p * (m + 1) * (m - p) / 12


@checks(**_SURROGATE)
def surrogate_moments(p_s, n_s, p_f, n_f, alpha, beta):
    """What :func:`surrogate_auroc` converges to: the means and spreads of both AUROCs, in closed form.

    The AUROC of a ranking with ``p`` positives and ``n`` negatives is
    ``1 - (S - p (p - 1) / 2) / (p n)``, with ``S`` the sum of the positives' places
    (0-based). In ``P_sub``, ``S`` sums ``p_s`` places drawn without replacement from
    the top ``m = alpha (p_s + n_s)``: mean ``p_s (m - 1) / 2``, variance
    ``p_s (m + 1) (m - p_s) / 12``. In ``P_full`` the ``p_s`` places among the top
    ``m1 = alpha (p_s + n_s) beta`` have these moments, and the other ``p_f - p_s`` are
    drawn from the ``m2 = alpha (p_f + n_f)`` top places less those taken (their mean is
    exact in expectation; their variance is taken as if from all ``m2`` places and
    independent of the first group's, which neglects terms of relative order
    ``p_f / m2``). When the positives are few beside the places they take (``p_s`` much
    smaller than ``m``, ``p_f`` than ``m2``) and ``m1`` is at most ``p_f + n_f``, this
    gives, with ``s = p_s / p_f`` and
    ``r = (p_s + n_s) / (p_f + n_f)``,

    ``sigmas ~ s sqrt(3 p_s) (1 - beta r) / sqrt(1 + s (1 - s) + s**2 beta**2 r**2)``,

    free of ``alpha``: pooling raises the AUROC only while ``beta r < 1``.

    Parameters
    ----------
    p_s, n_s : int
        Positives and negatives of the sub-problem.
    p_f, n_f : int
        Positives and negatives of the full problem (``p_s <= p_f``, ``n_s <= n_f``).
    alpha : float
        Top fraction of the ranking the positives take, in (0, 1].
    beta : float
        Spread factor, at least 1, of the sub-problem's positives in the full problem.

    Returns
    -------
    SurrogateMoments

    Examples
    --------
    >>> m = surrogate_moments(100, 10_000, 400, 1_000_000, 0.2, 10)
    >>> round(m.mean_sub, 3), round(m.mean_full, 3), round(m.sigmas, 1)
    (0.904, 0.923, 3.0)
    """
    m_sub, m1, m2 = _surrogate_places(p_s, n_s, p_f, n_f, alpha, beta)
    mean_s, var_s = _uniform_sum_moments(p_s, m_sub)
    mean_1, var_1 = _uniform_sum_moments(p_s, m1)
    # the first group's expected number and place sum inside [0, m2), which the others avoid
    inside = p_s * min(m1, m2) / m1
    inside_sum = inside * (min(m1, m2) - 1) / 2
    p2 = p_f - p_s
    mean_2 = p2 * (m2 * (m2 - 1) / 2 - inside_sum) / (m2 - inside)
    var_2 = _uniform_sum_moments(p2, m2)[1] if p2 else 0.0

    def auroc(mean_sum, p, n):
        return 1.0 - (mean_sum - p * (p - 1) / 2) / (p * n)

    return SurrogateMoments(float(alpha), float(beta), auroc(mean_s, p_s, n_s), auroc(mean_1 + mean_2, p_f, n_f),
                            float(np.sqrt(var_s)) / (p_s * n_s), float(np.sqrt(var_1 + var_2)) / (p_f * n_f))
