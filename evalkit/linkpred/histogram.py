"""Score histograms and exact evaluation over all candidate pairs, without enumerating them.

Of the ``~|V|^2 / 2`` candidate pairs, almost all share a few score values: every pair
without a common neighbour has common-neighbour, Adamic/Adar and Jaccard score 0, and the
degree product takes one value per pair of degrees. :func:`score_histogram` therefore
holds the scores as the list of positive scores and the histogram of the negatives
(value -> count) (:class:`ScoreHistogram`), and :func:`evaluate_all_pairs` computes AUROC
(ties count one half), average precision (step-wise, tied scores one step, as
scikit-learn) and the area under the PR curve with Davis & Goadrich's interpolation
(exact, by tie group). The results equal scikit-learn on the enumerated pairs (tested).

A named predictor's score matrix is never held whole: rows ``lo:hi`` of it are computed
from the adjacency (``A[lo:hi] @ A[:, lo:]`` for common neighbours, with the degree weights
of Adamic/Adar, walks up to length ``L`` for Katz, a power iteration for rooted PageRank),
only the pairs ``u < v`` that are not edges are kept, and the block is reduced at once to
the positives' scores and the negatives' value counts; blocks are merged exactly and float
ties snapped once over all blocks, so the histogram is the whole matrix's, bit for bit,
whatever the block size (``max_memory``), ``n_jobs`` or back end. Each row's stored entries
are bounded beforehand by its number of walks, which sizes the blocks. PropFlow depends on
the ordering of a pair and is evaluated as the mean of both: the directed rows of each block
are written to temporary files, one per block of the pair's smaller node, and each such
partition, which then holds both orderings of its pairs, is reduced alone (disk: 16 bytes
per stored directed score, freed at the end).

The candidate pairs are all unordered pairs ``{u, v}``, ``u != v``, of the feature
network's nodes that are *not* edges of it. Nothing is sampled and no positive is
dropped: a positive with no score (zero common neighbours, say) is counted with score 0,
where it ties with every unscored negative.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from .._checks import Array, Boolean, Choice, Either, Instance, Integer, Jobs, Real, Values, checks
from .._results import result
from ..curves import areas_from_counts, davis_goadrich_area
from ..graph import check_adjacency
from ._common import (MemoryBudget, check_positive_pairs, is_symmetric, node_pairs_constraint, nodes_constraint,
                      sparse_constraint)
from ._blocks import BLOCK_PREDICTORS, block_score_histogram, scorer

_AREA = Real(0, 1, allow_nan=True)
_SCORES = Array(ndim=1, kind="real", finite=False, min_size=0)
_COUNTS = Array(ndim=1, kind="count", min_size=0)
_MEMORY = MemoryBudget()
from .predictors import PREDICTORS

#: a predictor's name, or a sparse score matrix (its shape and symmetry are checked in the body)
_PREDICTOR = Either(Choice(*PREDICTORS).with_example("common_neighbors"), sparse_constraint("a scipy sparse score matrix"))

__all__ = ["PairEvaluation", "ScoreHistogram", "draw_without_replacement", "evaluate_all_pairs",
           "merge_histograms", "score_histogram", "subsample_negatives", "subsampled_auroc_variance",
           "subsampled_aurocs"]


@checks(auroc=_AREA, average_precision=_AREA, aupr=_AREA, n_positive=Integer(0), n_negative=Integer(0),
        n_distinct_scores=Integer(0))
@dataclass(frozen=True)
class PairEvaluation:
    """Threshold-curve areas of a predictor over every candidate pair.

    Parameters
    ----------
    auroc : float
        Area under the ROC curve, ties counting one half (NaN where undefined).
    average_precision : float
        Step-wise area under the PR curve (scikit-learn's ``average_precision_score``).
    aupr : float
        Area under the PR curve with Davis & Goadrich's interpolation (exact).
    n_positive : int
        Positive pairs.
    n_negative : int
        Negative pairs.
    n_distinct_scores : int
        Tie groups the evaluation worked with (instead of ``n_positive + n_negative`` pairs).

    Examples
    --------
    >>> r = PairEvaluation(0.75, 0.5, 0.5, 1, 4, 2)
    >>> r.auroc, r.n_negative
    (0.75, 4)
    """

    auroc: float
    average_precision: float
    aupr: float
    n_positive: int
    n_negative: int
    n_distinct_scores: int


def grouped_areas(pos_scores, neg_values, neg_counts):
    """AUROC, AP and Davis-Goadrich AUPR from positive scores and a negative score histogram.

    Returns the fields of :class:`PairEvaluation`, in order.
    """
    values = np.unique(np.concatenate([pos_scores, neg_values]))[::-1]  # descending
    pos = np.zeros(values.size)
    neg = np.zeros(values.size)
    np.add.at(pos, values.size - 1 - np.searchsorted(values[::-1], pos_scores), 1)
    np.add.at(neg, values.size - 1 - np.searchsorted(values[::-1], neg_values), neg_counts)
    n_pos, n_neg = pos.sum(), neg.sum()
    if n_pos == 0 or n_neg == 0:
        raise ValueError(f"evaluation needs positives and negatives; got {int(n_pos)} and {int(n_neg)}")
    tp, fp = np.cumsum(pos), np.cumsum(neg)
    auroc, ap = areas_from_counts(tp, fp, n_pos, n_neg)
    aupr = davis_goadrich_area(tp, fp, n_pos)
    return auroc, ap, aupr, int(n_pos), int(n_neg), int(values.size)


@checks(_same_length=[("negative_values", "negative_counts")], positive_scores=_SCORES, negative_values=_SCORES,
        negative_counts=_COUNTS)
@result
class ScoreHistogram:
    """Scores of all candidate pairs: the positives' scores, and the negatives' as a histogram.

    Parameters
    ----------
    positive_scores : ndarray of float
        The score of each positive pair (NaN is an error).
    negative_values : ndarray of float
        Distinct negative scores, increasing.
    negative_counts : ndarray of int64
        How many negative pairs have each value (all positive).

    Examples
    --------
    >>> h = ScoreHistogram.from_unsorted([2.0, 1.0], [1.0, 0.0], [1, 3])
    >>> h.n_positive, h.n_negative, h.evaluate().auroc
    (2, 4, 0.9375)
    """

    positive_scores: np.ndarray = field(repr=False)
    negative_values: np.ndarray = field(repr=False)
    negative_counts: np.ndarray = field(repr=False)

    def __post_init__(self):
        v = np.asarray(self.negative_values)
        if v.size > 1 and not np.all(v[1:] > v[:-1]):
            raise ValueError("negative_values must be distinct and increasing (ScoreHistogram.from_unsorted takes "
                             "them in any order)")

    @classmethod
    @checks(_same_length=[("values", "counts")], positive_scores=_SCORES, values=_SCORES, counts=_COUNTS)
    def from_unsorted(cls, positive_scores, values, counts):
        """Build from negative values in any order, repeated values summed, zero counts dropped.

        Parameters
        ----------
        positive_scores : array_like of float
            The positives' scores (NaN is an error).
        values : array_like of float
            Negative score values, in any order, possibly repeated (NaN is an error).
        counts : array_like of int
            How many negative pairs have each value (non-negative).

        Returns
        -------
        ScoreHistogram

        Examples
        --------
        >>> h = ScoreHistogram.from_unsorted([1.0], [0.0, 2.0, 0.0], [1, 1, 2])
        >>> h.negative_values.tolist(), h.negative_counts.tolist()
        ([0.0, 2.0], [3, 1])
        """
        values = np.asarray(values, dtype=float)
        counts = np.asarray(counts).astype(np.int64)
        if values.ndim == 1 and values.size == counts.size and np.all(values[1:] > values[:-1]):
            keep = counts > 0     # sorted and distinct already (the block path's): no sort
            return cls(np.asarray(positive_scores, dtype=float), values[keep], counts[keep])
        order = np.argsort(values, kind="stable")
        values, counts = values[order], counts[order]
        uniq, inv = np.unique(values, return_inverse=True)
        counts = np.bincount(inv, weights=counts, minlength=uniq.size).astype(np.int64)
        keep = counts > 0
        return cls(np.asarray(positive_scores, dtype=float), uniq[keep], counts[keep])

    @property
    def n_positive(self):
        return int(self.positive_scores.size)

    @property
    def n_negative(self):
        return int(self.negative_counts.sum())

    def evaluate(self):
        """AUROC, average precision and Davis-Goadrich AUPR over all pairs (:class:`PairEvaluation`)."""
        return PairEvaluation(*grouped_areas(self.positive_scores, self.negative_values, self.negative_counts))

    def _require(self, *, positives, negatives, what):
        if (positives and not self.n_positive) or (negatives and not self.n_negative):
            need = " and ".join(w for w, on in (("positives", positives), ("negatives", negatives)) if on)
            raise ValueError(f"{what} needs {need}; this histogram has {self.n_positive} positives and "
                             f"{self.n_negative} negatives")

    def cumulative_counts(self):
        """Distinct scores (descending) and the cumulative positives and negatives scoring at least each.

        Examples
        --------
        >>> h = ScoreHistogram.from_unsorted([2.0, 1.0], [1.0, 0.0], [1, 3])
        >>> [a.tolist() for a in h.cumulative_counts()]
        [[2.0, 1.0, 0.0], [1.0, 2.0, 2.0], [0.0, 1.0, 4.0]]
        """
        values = np.unique(np.concatenate([self.positive_scores, self.negative_values]))[::-1]
        pos = np.zeros(values.size)
        neg = np.zeros(values.size)
        np.add.at(pos, values.size - 1 - np.searchsorted(values[::-1], self.positive_scores), 1)
        np.add.at(neg, values.size - 1 - np.searchsorted(values[::-1], self.negative_values), self.negative_counts)
        return values, np.cumsum(pos), np.cumsum(neg)

    def roc_curve(self):
        """False and true positive rates at every distinct score (descending), from the origin.

        Examples
        --------
        >>> h = ScoreHistogram.from_unsorted([2.0, 1.0], [1.0, 0.0], [1, 3])
        >>> fpr, tpr = h.roc_curve()
        >>> fpr.tolist(), tpr.tolist()
        ([0.0, 0.0, 0.25, 1.0], [0.0, 0.5, 1.0, 1.0])
        """
        self._require(positives=True, negatives=True, what="an ROC curve")
        _, tp, fp = self.cumulative_counts()
        return np.r_[0.0, fp / fp[-1]], np.r_[0.0, tp / tp[-1]]

    def precision_recall_curve(self):
        """Recall and precision at every distinct score (descending thresholds), as :func:`evalkit.curves.precision_recall_curve`.

        Without negatives the precision is 1 at every threshold; without positives the
        curve is undefined (a ValueError).
        """
        self._require(positives=True, negatives=False, what="a precision-recall curve")
        _, tp, fp = self.cumulative_counts()
        return tp / tp[-1], tp / (tp + fp)

    def auroc_contributions(self):
        """For each negative score value, the fraction of positives it loses to (ties count one half).

        The AUROC is the mean of this quantity over all negatives (weighted by
        ``negative_counts``); on a uniform sample of the negatives it is the sample mean.
        Without negatives the result is empty; without positives it is undefined (a ValueError).
        """
        self._require(positives=True, negatives=False, what="the AUROC's contributions")
        pos = np.sort(self.positive_scores)
        above = pos.size - np.searchsorted(pos, self.negative_values, side="right")
        tied = np.searchsorted(pos, self.negative_values, side="right") - np.searchsorted(pos, self.negative_values)
        return (above + 0.5 * tied) / pos.size

    @checks(cuts=Array(ndim=1, kind="real", finite=False, min_size=0, none=True))
    def rank_compressed(self, cuts=None):
        """The same ranking in fewer bins: the negatives between two neighbouring ``cuts`` merged.

        Every threshold curve and area depends on the scores only through the order of the
        positives among the negatives, so the negatives whose values lie strictly between
        two neighbouring cut values (every positive score among them) can be counted as one
        bin, placed at the group's largest value; negatives tied with a cut value keep
        their own bin. PropFlow's millions of distinct negative scores become at most ``2C
        + 1`` bins for ``C`` cut values.

        Exact on the result: :meth:`evaluate` (AUROC, AP, AUPR, up to the rounding of
        their sums), the ROC and precision-recall curves (the points dropped lie on the
        segments between the points kept: runs of negatives only), the AUROC
        contributions of the negatives, and draws of negatives by index
        (:func:`subsampled_aurocs` and :func:`subsample_negatives` where fewer negatives
        are drawn than there are bins: the same items from the same ``rng``). Not
        kept: the negatives' own values (``negative_values`` holds each group's largest),
        so the number of distinct scores and counts over a range of values are the
        original's only at the cuts. Histograms compressed with the same cuts, which hold
        every positive score of each, pool exactly (:func:`merge_histograms`).

        Parameters
        ----------
        cuts : array_like of float, optional
            The values between which negatives are merged; must include every positive
            score. Default: the positive scores.

        Returns
        -------
        ScoreHistogram

        Examples
        --------
        >>> h = ScoreHistogram.from_unsorted([0.5, 2.0], [0.1, 0.2, 0.5, 0.7, 0.9, 3.0], [1, 2, 1, 1, 1, 4])
        >>> c = h.rank_compressed()
        >>> c.negative_values.tolist(), c.negative_counts.tolist()
        ([0.2, 0.5, 0.9, 3.0], [3, 1, 2, 4])
        >>> c.evaluate().auroc == h.evaluate().auroc
        True
        """
        cuts = np.unique(self.positive_scores if cuts is None else np.asarray(cuts, dtype=float))
        if not np.isin(self.positive_scores, cuts).all():
            raise ValueError("cuts must include every positive score (else the merged negatives could straddle one)")
        values, counts = self.negative_values, self.negative_counts
        if values.size == 0:
            return self
        gap = np.searchsorted(cuts, values, side="left")           # cuts[gap - 1] < value <= cuts[gap]
        tied = np.zeros(values.size, bool)
        inside = gap < cuts.size
        tied[inside] = cuts[gap[inside]] == values[inside]
        group = 2 * gap + tied                                      # non-decreasing, as the values increase
        last = np.r_[group[1:] != group[:-1], True]
        starts = np.r_[0, np.flatnonzero(last)[:-1] + 1]
        return ScoreHistogram(self.positive_scores, values[last], np.add.reduceat(counts, starts))

    @checks(rate=Real(0, 1, closed="right"))
    def subsampled_auroc_variance(self, rate):
        """Exact variance of the AUROC when ``round(rate * n_negative)`` negatives are sampled uniformly.

        See :func:`evalkit.linkpred.subsampled_auroc_variance`.
        """
        return subsampled_auroc_variance(self, rate)

    @checks(rate=Real(0, 1, closed="right"), n_repeats=Integer(1))
    def subsampled_aurocs(self, rate, *, n_repeats=100, rng=None):
        """The AUROC of each test set :meth:`subsample_negatives` draws, alone (much faster).

        See :func:`evalkit.linkpred.subsampled_aurocs`.

        Returns
        -------
        ndarray of float
        """
        return subsampled_aurocs(self, rate, n_repeats=n_repeats, rng=rng)

    @checks(rate=Real(0, 1, closed="right"), n_repeats=Integer(1))
    def subsample_negatives(self, rate, *, n_repeats=100, rng=None):
        """Evaluate on test sets that keep all positives and a uniform sample of the negatives.

        See :func:`evalkit.linkpred.subsample_negatives`.

        Returns
        -------
        list of PairEvaluation
        """
        return subsample_negatives(self, rate, n_repeats=n_repeats, rng=rng)


@checks(histograms=Values(of=Instance(ScoreHistogram, example=lambda: ScoreHistogram.from_unsorted([1.0], [0.0], [2]))))
def merge_histograms(histograms):
    """Pool several :class:`ScoreHistogram` (disjoint sets of pairs) into one.

    Parameters
    ----------
    histograms : sequence of ScoreHistogram
        At least one; their pairs must be disjoint.

    Returns
    -------
    ScoreHistogram
        All positives' scores and the summed negative histogram.

    Examples
    --------
    >>> a = ScoreHistogram.from_unsorted([2.0], [1.0], [3])
    >>> b = ScoreHistogram.from_unsorted([], [1.0, 0.0], [1, 5])
    >>> m = merge_histograms([a, b])
    >>> m.positive_scores.tolist(), m.negative_values.tolist(), m.negative_counts.tolist()
    ([2.0], [0.0, 1.0], [5, 4])
    """
    return ScoreHistogram.from_unsorted(np.concatenate([h.positive_scores for h in histograms]),
                                        np.concatenate([h.negative_values for h in histograms]),
                                        np.concatenate([h.negative_counts for h in histograms]))


@checks(A=sparse_constraint(), positives=node_pairs_constraint(), nodes=nodes_constraint(),
        predictor=_PREDICTOR,
        max_memory=_MEMORY, n_jobs=Jobs(), progress=Boolean())
def evaluate_all_pairs(A, positives, predictor, *, nodes=None, max_memory=None, n_jobs=None, progress=False):
    """Evaluate a predictor on every candidate pair of ``A`` exactly, without enumerating them.

    Rules as :func:`score_histogram`; equals ``score_histogram(...).evaluate()``.

    Parameters
    ----------
    A : scipy sparse matrix
        The feature network (see :func:`evalkit.graph.as_adjacency`); its non-edges are the candidates.
    positives : array_like, shape (m, 2)
        Candidate pairs linked in the label period, each pair once: row indices of ``A``,
        or node ids when ``nodes`` is given (e.g. ``list(G_test.edges())``).
    predictor : str or scipy sparse matrix
        A name of ``PREDICTORS``, or a sparse symmetric score matrix.
    nodes : array_like, optional
        The node id of each row of ``A`` (the ``nodes`` of :func:`evalkit.graph.as_adjacency`):
        ``positives`` are then node-id pairs (:func:`evalkit.graph.pair_indices`).
    max_memory : int or str, optional
        Memory budget of the score blocks held at once (bytes, or a string such as
        ``'512MB'``; default 1 GiB, or an eighth of the memory this process may use where
        that is less), shared by the parallel jobs. A named predictor's score matrix is
        never held whole: its rows are computed in blocks that fit the budget,
        each reduced to a histogram at once (see the module docstring); the result does
        not depend on the budget.
    n_jobs : int or None, default None
        Parallel jobs over the blocks (see ``Jobs`` in ``evalkit._checks``: None defers to
        the active ``joblib.parallel_config``, e.g. a Dask cluster); the result does not
        depend on it. Common neighbours, Adamic/Adar and Jaccard on a graph whose rows fit
        one block of the whole budget are evaluated in this process whatever ``n_jobs``
        (faster than starting workers: 0.1 s for 25,000 nodes).
    progress : bool, default False
        Show a progress bar over the blocks.

    Returns
    -------
    PairEvaluation

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (3, 4), (0, 2)])
    >>> r = evaluate_all_pairs(A, [(0, 3)], "common_neighbors")
    >>> r.n_positive, r.n_negative, r.auroc   # beats 2 negatives, ties 2: (2 + 2/2) / 4
    (1, 4, 0.75)

    With node ids of any hashable type, give the node order:

    >>> A, nodes = as_adjacency([("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("a", "c")])
    >>> evaluate_all_pairs(A, [("a", "d")], "common_neighbors", nodes=nodes).auroc
    0.75
    """
    return score_histogram(A, positives, predictor, nodes=nodes, max_memory=max_memory, n_jobs=n_jobs,
                           progress=progress).evaluate()


@checks(A=sparse_constraint(), positives=node_pairs_constraint(), nodes=nodes_constraint(),
        predictor=_PREDICTOR,
        max_memory=_MEMORY, n_jobs=Jobs(), progress=Boolean())
def score_histogram(A, positives, predictor, *, nodes=None, max_memory=None, n_jobs=None, progress=False):
    """The scores of every candidate pair of ``A``, as positive scores and a negative histogram.

    The negatives are never enumerated: their scores are counted per distinct value
    (see the module docstring).

    Parameters
    ----------
    A : scipy sparse matrix
        The feature network (see :func:`evalkit.graph.as_adjacency`); its non-edges are the candidates.
    positives : array_like, shape (m, 2)
        Candidate pairs that are linked in the label period (row indices of ``A``, or node
        ids when ``nodes`` is given; each pair once, in either order; a pair that is an edge
        of ``A`` or a self-pair is an error).
    predictor : str or sparse matrix
        A name of ``PREDICTORS``, or a sparse symmetric score matrix
        (unstored pairs score 0, as do the neighbourhood predictors' pairs without a shared
        neighbour).
    nodes : array_like, optional
        The node id of each row of ``A`` (the ``nodes`` of :func:`evalkit.graph.as_adjacency`):
        ``positives`` are then node-id pairs (:func:`evalkit.graph.pair_indices`).
    max_memory : int or str, optional
        Memory budget of the score blocks held at once (bytes, or a string such as
        ``'512MB'``; default 1 GiB, or an eighth of the memory this process may use where
        that is less), shared by the parallel jobs. A named predictor's score matrix is
        never held whole: its rows are computed in blocks that fit the budget,
        each reduced to a histogram at once (see the module docstring); the result does
        not depend on the budget.
    n_jobs : int or None, default None
        Parallel jobs over the blocks (see ``Jobs`` in ``evalkit._checks``: None defers to
        the active ``joblib.parallel_config``, e.g. a Dask cluster); the result does not
        depend on it. Common neighbours, Adamic/Adar and Jaccard on a graph whose rows fit
        one block of the whole budget are evaluated in this process whatever ``n_jobs``
        (faster than starting workers: 0.1 s for 25,000 nodes).
    progress : bool, default False
        Show a progress bar over the blocks.

    Returns
    -------
    ScoreHistogram

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (3, 4), (0, 2)])
    >>> h = score_histogram(A, [(0, 3)], "common_neighbors")
    >>> h.positive_scores.tolist(), h.negative_values.tolist(), h.negative_counts.tolist()
    ([1.0], [0.0, 1.0], [2, 2])
    """
    A = check_adjacency(A)
    n = A.shape[0]
    pos = check_positive_pairs(A, positives, nodes)
    n_edges = A.nnz // 2
    n_candidates = n * (n - 1) // 2 - n_edges
    n_neg_total = n_candidates - pos.shape[0]

    if isinstance(predictor, str):
        if predictor == "preferential_attachment":
            return degree_product_histogram(A, pos, n_neg_total)
        if predictor in BLOCK_PREDICTORS:
            return ScoreHistogram.from_unsorted(*block_score_histogram(
                A, pos, scorer(A, predictor), n_neg_total, max_memory=max_memory, n_jobs=n_jobs, progress=progress))
        S = PREDICTORS[predictor](A)
    else:
        if predictor.shape != A.shape:
            raise TypeError(f"predictor must be a name or a sparse matrix of shape {A.shape}")
        if not is_symmetric(predictor):
            raise ValueError("predictor matrix must be symmetric (undirected scores)")
        # read in row blocks, as a named predictor's rows: the whole upper triangle is never copied
        return ScoreHistogram.from_unsorted(*block_score_histogram(
            A, pos, scorer(A, None, matrix=predictor), n_neg_total, max_memory=max_memory, n_jobs=n_jobs,
            progress=progress))
    # Scores of candidates: upper triangle without the feature network's edges.
    U = sp.triu(S, k=1).tocsr()
    U = (U - U.multiply(A)).tocsr()
    U.eliminate_zeros()
    pos_scores = np.asarray(U[pos[:, 0], pos[:, 1]]).ravel() if pos.size else np.zeros(0)
    values, counts = np.unique(U.data, return_counts=True)
    # remove the positives' own (non-zero) scores from the negative histogram
    nz = pos_scores[pos_scores != 0]
    if nz.size:
        pv, pc = np.unique(nz, return_counts=True)
        counts = counts.copy()
        counts[np.searchsorted(values, pv)] -= pc
    n_zero_neg = n_neg_total - counts.sum()
    values = np.r_[values, 0.0]
    counts = np.r_[counts, n_zero_neg]
    return ScoreHistogram.from_unsorted(pos_scores, values, counts)


def degree_product_histogram(A, pos, n_neg_total):
    """Preferential attachment over all candidate pairs: counted per pair of degrees.

    ``A`` is a checked adjacency, ``pos`` the checked positives (rows ``u < v``) and
    ``n_neg_total`` the number of negatives (a consistency check).
    """
    deg = A.sum(axis=1).astype(np.int64)
    dvals, dinv, dcount = np.unique(deg, return_inverse=True, return_counts=True)
    # all unordered node pairs per degree pair (i <= j over distinct degree values)
    i, j = np.triu_indices(dvals.size)
    pairs_count = np.where(i == j, dcount[i] * (dcount[i] - 1) // 2, dcount[i] * dcount[j])
    key = i * dvals.size + j
    # minus the edges of A, per degree pair
    er, ec = sp.triu(A, k=1).nonzero()
    a, b = np.minimum(dinv[er], dinv[ec]), np.maximum(dinv[er], dinv[ec])
    edge_key, edge_count = np.unique(a * dvals.size + b, return_counts=True)
    pairs_count = pairs_count.copy()
    pairs_count[np.searchsorted(key, edge_key)] -= edge_count
    # minus the positives
    a, b = np.minimum(dinv[pos[:, 0]], dinv[pos[:, 1]]), np.maximum(dinv[pos[:, 0]], dinv[pos[:, 1]])
    pos_key, pos_count = np.unique(a * dvals.size + b, return_counts=True)
    pairs_count[np.searchsorted(key, pos_key)] -= pos_count
    products = (dvals[i] * dvals[j]).astype(np.float64)
    values, inv = np.unique(products, return_inverse=True)
    counts = np.bincount(inv, weights=pairs_count, minlength=values.size)
    if counts.sum() != n_neg_total:  # pragma: no cover - an internal consistency check
        raise RuntimeError("degree-product histogram does not add up to the number of negatives")
    pos_scores = (deg[pos[:, 0]] * deg[pos[:, 1]]).astype(np.float64)
    return ScoreHistogram.from_unsorted(pos_scores, values, counts.astype(np.int64))


# ------------------------------------------------------------------ uniform sampling of the negatives
# Test sets that keep every positive and a uniform sample of the negatives (Yang et al.,
# Sections 4.1-4.2): every draw is exact, without replacement, over the score values.

def _example_histogram():
    return ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [3, 1])


_HIST = Instance(ScoreHistogram, example=_example_histogram)
_RATE = Real(0, 1, closed="right")


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
    draws = RepeatedDraws(counts, k)
    return draws.counted(draws.draw(rng))


class RepeatedDraws:
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
    n_repeats = int(n_repeats)
    rng = np.random.default_rng(rng)
    k = int(round(rate * histogram.n_negative))
    if k == 0:
        raise ValueError(f"rate={rate} keeps no negative out of {histogram.n_negative}")
    draws = RepeatedDraws(histogram.negative_counts.astype(np.int64), k)
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
    n_repeats = int(n_repeats)
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
    draws = RepeatedDraws(np.add.reduceat(counts, starts), k, by_index=k < counts.size and k < histogram.n_negative)
    run_contributions = contributions[starts]
    out = np.empty(n_repeats)
    for i in range(n_repeats):
        drawn = draws.draw(rng)
        out[i] = (run_contributions[drawn].sum() if draws.by_index else drawn @ run_contributions) / k
    return out
