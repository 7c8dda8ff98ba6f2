"""Candidate pairs by geodesic distance: pair distances, counts, by-distance score histograms.

One breadth-first search from every node (:func:`evalkit.graph.bfs_distance_blocks`,
``chunk_size`` sources at a time, so memory stays at ``chunk_size x n`` distances) gives
the distance of every candidate pair; nothing else is enumerated. Yang, Lichtenwalter &
Chawla (2015, Section 4.2) ask for the evaluation split this way:

* :func:`pair_distances` and :func:`distance_counts` (candidates and positives at each
  distance 2, 3, ..., ``inf``);
* :func:`distance_score_histograms`: the score histogram of the negatives and the
  positives' scores at each distance, for several predictors from one search
  (:class:`DistanceHistograms`);
* :func:`evaluation_report`: the evaluation the paper recommends, in one call.
"""
from __future__ import annotations

from dataclasses import field

import numpy as np
import scipy.sparse as sp

from .._checks import Array, Boolean, Either, Instance, Integer, Real, Text, Values, checks
from .._results import result
from ..graph import bfs_distance_blocks, check_adjacency
from ._common import (check_pairs, check_positive_pairs, check_size, is_symmetric, node_pairs_constraint, nodes_constraint,
                      pair_keys, sparse_constraint)
from .histogram import PairEvaluation, ScoreHistogram, draw_without_replacement, merge_histograms
from ._blocks import BLOCK_PREDICTORS, scorer, snapped_values, upper_entries
from .predictors import PREDICTORS

_DISTANCES = Array(ndim=1, kind="real", finite=False, low=2, min_size=0)
_HIST = Instance(ScoreHistogram, example=lambda: ScoreHistogram.from_unsorted([1.0], [0.0], [2]))
_PREDICTORS = Either(Text(), Values(of=Text()), Instance(dict, example=lambda: {"common_neighbors": None}))

__all__ = ["DistanceCounts", "DistanceHistograms", "distance_counts", "distance_mean_auroc", "distance_score_histograms",
           "evaluation_report", "pair_distances", "sample_distance_balanced", "sample_steered", "sample_uniform"]


@checks(A=sparse_constraint(), pairs=node_pairs_constraint(), nodes=nodes_constraint(), chunk_size=Integer(1))
def pair_distances(A, pairs, *, nodes=None, chunk_size=512):
    """Geodesic (hop) distance of each pair in the network ``A`` (``inf`` if disconnected).

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency (see :func:`evalkit.graph.as_adjacency`).
    pairs : array_like, shape (m, 2)
        Row indices of ``A``, or node ids when ``nodes`` is given.
    nodes : array_like, optional
        The node id of each row of ``A`` (the ``nodes`` of :func:`evalkit.graph.as_adjacency`):
        ``pairs`` are then node-id pairs (:func:`evalkit.graph.pair_indices`).
    chunk_size : int, default 512
        Breadth-first searches run together (an integer >= 1; memory ``chunk_size x n``).

    Returns
    -------
    ndarray of float, shape (m,)
        The hop distance of each pair, ``inf`` for pairs in different components.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (3, 4)])
    >>> pair_distances(A, [(0, 2), (0, 3)]).tolist()
    [2.0, inf]
    >>> A, nodes = as_adjacency([("a", "b"), ("b", "c"), ("x", "y")])
    >>> pair_distances(A, [("a", "c"), ("a", "x")], nodes=nodes).tolist()
    [2.0, inf]
    """
    A = check_adjacency(A)
    pairs = check_pairs(pairs, A.shape[0], "pairs", nodes, takes_nodes=True)
    out = np.empty(pairs.shape[0])
    sources, inv = np.unique(pairs[:, 0], return_inverse=True)
    lo = 0
    for block_sources, block in bfs_distance_blocks(A, sources, chunk_size=chunk_size):
        sel = (inv >= lo) & (inv < lo + block_sources.size)
        out[sel] = block[inv[sel] - lo, pairs[sel, 1]]
        lo += block_sources.size
    return out


@checks(_same_length=[("distance", "candidates", "positives")], distance=_DISTANCES,
        candidates=Array(ndim=1, kind="count", min_size=0), positives=Array(ndim=1, kind="count", min_size=0))
@result
class DistanceCounts:
    """Candidate pairs and positives per geodesic distance.

    Parameters
    ----------
    distance : ndarray of float
        2, 3, ... and ``inf`` (pairs in different components) where any candidate lies.
    candidates : ndarray of int64
        Candidate pairs (non-edges) at each distance.
    positives : ndarray of int64
        Positives at each distance.

    Examples
    --------
    >>> c = DistanceCounts(np.array([2.0, np.inf]), np.array([3, 5]), np.array([1, 0]))
    >>> c.negatives.tolist(), c.as_dict()
    ([2, 5], {2.0: (3, 1), inf: (5, 0)})
    """

    distance: np.ndarray
    candidates: np.ndarray
    positives: np.ndarray

    @property
    def negatives(self):
        return self.candidates - self.positives

    def as_dict(self):
        """``distance -> (candidates, positives)``."""
        return {float(d): (int(c), int(p)) for d, c, p in zip(self.distance, self.candidates, self.positives)}


@checks(A=sparse_constraint(), positives=node_pairs_constraint(), nodes=nodes_constraint(), chunk_size=Integer(1))
def distance_counts(A, positives, *, nodes=None, chunk_size=512):
    """Count the candidate pairs and the positives at each geodesic distance.

    Runs a breadth-first search from every node (in chunks of ``chunk_size`` sources, so
    memory stays at ``chunk_size x n`` distances); each unordered pair is counted once.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network.
    positives : array_like, shape (m, 2)
        Candidate pairs linked in the label period (row indices, or node ids when ``nodes``
        is given).
    nodes : array_like, optional
        The node id of each row of ``A`` (the ``nodes`` of :func:`evalkit.graph.as_adjacency`):
        ``positives`` are then node-id pairs (:func:`evalkit.graph.pair_indices`).
    chunk_size : int, default 512
        Sources per breadth-first-search block (an integer >= 1).

    Returns
    -------
    DistanceCounts

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (4, 5)])
    >>> distance_counts(A, [(0, 2), (0, 4)]).as_dict()
    {2.0: (2, 1), 3.0: (1, 0), inf: (8, 1)}
    """
    A = check_adjacency(A)
    n = A.shape[0]
    pos = check_pairs(positives, n, "positives", nodes, takes_nodes=True)
    hist = {}
    for block_sources, D in bfs_distance_blocks(A, chunk_size=chunk_size):
        upper = np.arange(n)[None, :] > block_sources[:, None]
        vals, cnt = np.unique(D[upper], return_counts=True)
        for v, c in zip(vals, cnt):
            hist[v] = hist.get(v, 0) + int(c)
    hist.pop(1.0, None)  # edges are not candidates
    dist = np.array(sorted(hist))
    cand = np.array([hist[d] for d in dist], dtype=np.int64)
    pd = pair_distances(A, pos, chunk_size=chunk_size) if pos.size else np.zeros(0)
    if (pd <= 1).any():
        raise ValueError("positives must be candidate pairs (not edges, not self-pairs)")
    npos = np.array([(pd == d).sum() for d in dist], dtype=np.int64)
    return DistanceCounts(dist, cand, npos)


def _evaluate_or_nan(h):
    if h.n_positive == 0 or h.n_negative == 0:
        return PairEvaluation(np.nan, np.nan, np.nan, h.n_positive, h.n_negative, 0)
    return h.evaluate()


@checks(_same_length=[("distance", "histograms")], distance=Array(ndim=1, kind="real", finite=False, low=2),
        histograms=Values(of=_HIST))
@result
class DistanceHistograms:
    """One predictor's scores of all candidate pairs, split by geodesic distance.

    Parameters
    ----------
    distance : ndarray of float
        2, 3, ... and ``inf`` (pairs in different components): the distances at which a
        candidate pair lies, increasing.
    histograms : tuple of ScoreHistogram
        The pairs at each distance: positives' scores and the negatives' histogram.

    Examples
    --------
    >>> h = ScoreHistogram.from_unsorted([1.0], [0.0], [2])
    >>> dh = DistanceHistograms(np.array([2.0]), (h,))
    >>> len(dh), dh.n_negative.tolist(), dh[2.0].evaluate().auroc
    (1, [2], 1.0)
    """

    distance: np.ndarray
    histograms: tuple = field(repr=False)

    def __post_init__(self):
        if len(self.distance) != len(self.histograms):
            raise ValueError("distance and histograms must have the same length")

    def __len__(self):
        return len(self.histograms)

    def __getitem__(self, distance):
        i = np.flatnonzero(self.distance == distance)
        if i.size == 0:
            raise KeyError(f"no candidate pair at distance {distance!r}; distances: {self.distance.tolist()}")
        return self.histograms[i[0]]

    @property
    def n_positive(self):
        """Positives per distance (ndarray of int)."""
        return np.array([h.n_positive for h in self.histograms], dtype=np.int64)

    @property
    def n_negative(self):
        """Negatives per distance (ndarray of int)."""
        return np.array([h.n_negative for h in self.histograms], dtype=np.int64)

    @checks(max_distance=Real(none=True, allow_inf=True))
    def pooled(self, *, max_distance=None):
        """All pairs (or those at distance <= ``max_distance``) as one ScoreHistogram."""
        keep = np.ones(len(self), bool) if max_distance is None else self.distance <= max_distance
        if not keep.any():
            raise ValueError(f"no candidate pair at distance <= {max_distance}")
        return merge_histograms([h for h, k in zip(self.histograms, keep) if k])

    @checks(distance=Real(allow_inf=True))
    def without_negatives_below(self, distance):
        """All positives, and only the negatives at distance >= ``distance`` (the paper's Fig. 11)."""
        parts = [h if d >= distance else ScoreHistogram(h.positive_scores, np.zeros(0), np.zeros(0, np.int64))
                 for d, h in zip(self.distance, self.histograms)]
        return merge_histograms(parts)

    def rank_compressed(self):
        """The same rankings, each distance's negatives merged between the positive scores of all distances.

        :meth:`ScoreHistogram.rank_compressed` at every distance, with the positive scores
        of every distance as the cuts, so that :meth:`pooled` and
        :meth:`without_negatives_below` stay exact. What it keeps and what it does not:
        see there.

        Returns
        -------
        DistanceHistograms

        Examples
        --------
        >>> near = ScoreHistogram.from_unsorted([0.6], [0.1, 0.2, 0.7], [1, 1, 1])
        >>> far = ScoreHistogram.from_unsorted([0.3], [0.1, 0.4, 0.5], [2, 1, 1])
        >>> c = DistanceHistograms(np.array([2.0, 3.0]), (near, far)).rank_compressed()
        >>> c[2.0].negative_counts.tolist(), c[3.0].negative_counts.tolist()
        ([2, 1], [2, 2])
        >>> c.pooled().evaluate().auroc == DistanceHistograms(c.distance, (near, far)).pooled().evaluate().auroc
        True
        """
        cuts = np.unique(np.concatenate([h.positive_scores for h in self.histograms]))
        return DistanceHistograms(self.distance, tuple(h.rank_compressed(cuts) for h in self.histograms))

    def evaluate(self):
        """AUROC, AP and AUPR at each distance, as a dict ``distance -> PairEvaluation``.

        A distance without positives (or without negatives) has no threshold curve: its
        areas are ``nan`` and its counts are reported as they are.
        """
        return {float(d): _evaluate_or_nan(h) for d, h in zip(self.distance, self.histograms)}

    def to_frame(self):
        """The per-distance evaluation, plus a row ``'all'`` for the pooled pairs, as a DataFrame."""
        import pandas as pd

        rows = {**self.evaluate(), "all": self.pooled().evaluate()}
        df = pd.DataFrame([r.__dict__ for r in rows.values()], index=pd.Index(list(rows), name="distance"))
        return df.drop(columns="n_distinct_scores")

    # sampling schemes: the functions below

    @checks(size=Integer(1))
    def sample_uniform(self, size, *, rng=None):
        """Every positive and ``size`` negatives drawn uniformly: :func:`evalkit.linkpred.sample_uniform`."""
        return sample_uniform(self, size, rng=rng)

    @checks(ratio=Real(0, closed="neither"))
    def sample_distance_balanced(self, *, ratio=1.0, rng=None):
        """The Kaggle scheme, balanced within each distance: :func:`evalkit.linkpred.sample_distance_balanced`."""
        return sample_distance_balanced(self, ratio=ratio, rng=rng)

    def distance_mean_auroc(self):
        """Per distance, the negatives' mean share of all positives above them: :func:`evalkit.linkpred.distance_mean_auroc`."""
        return distance_mean_auroc(self)

    @checks(target_auroc=Real(0, 1), size=Integer(1, none=True))
    def sample_steered(self, target_auroc, *, size=None, rng=None):
        """A distance-only scheme with expected AUROC ``target_auroc``: :func:`evalkit.linkpred.sample_steered`."""
        return sample_steered(self, target_auroc, size=size, rng=rng)


def _add(acc, counts):
    if counts.size > acc.size:
        acc = np.r_[acc, np.zeros(counts.size - acc.size, np.int64)]
    acc[:counts.size] += counts
    return acc


def _named_predictors(A, predictors):
    """name -> scorer of its rows (row blocks, as in :mod:`evalkit.linkpred.histogram`), or None for preferential attachment."""
    if isinstance(predictors, str):
        predictors = [predictors]
    if not isinstance(predictors, dict):
        predictors = {name: None for name in predictors}
    named = {}
    for name, S in predictors.items():
        if S is None:
            if name not in PREDICTORS:
                raise ValueError(f"predictors must name entries of {list(PREDICTORS)}; got {name!r}")
            if name == "preferential_attachment":
                named[name] = None
                continue
            # row blocks, except for PropFlow, whose mean of two orderings needs the whole matrix here
            S = None if name in BLOCK_PREDICTORS and not BLOCK_PREDICTORS[name].directed else PREDICTORS[name](A)
        elif not sp.issparse(S) or S.shape != A.shape:
            raise TypeError(f"predictors[{name!r}] must be a sparse matrix of shape {A.shape} or None")
        elif not is_symmetric(S):
            raise ValueError(f"score matrix {name!r} must be symmetric (undirected scores)")
        named[name] = scorer(A, name) if S is None else scorer(A, None, matrix=S)
    return named


def _rank_compressed_counts(codes, values, counts, cuts):
    """(code, value, count) sorted by code and value, the values between neighbouring cuts merged per code.

    As :meth:`ScoreHistogram.rank_compressed` does at each code (each group at its largest value).
    """
    gap = np.searchsorted(cuts, values, side="left")
    tied = np.zeros(values.size, bool)
    inside = gap < cuts.size
    tied[inside] = cuts[gap[inside]] == values[inside]
    group = codes * (2 * cuts.size + 2) + 2 * gap + tied           # non-decreasing
    last = np.r_[group[1:] != group[:-1], True] if group.size else np.zeros(0, bool)
    starts = np.r_[0, np.flatnonzero(last)[:-1] + 1] if group.size else np.zeros(0, np.int64)
    return codes[last], values[last], np.add.reduceat(counts, starts) if group.size else counts


def _code_value_counts(codes, values):
    """Distinct (distance code, value) pairs and how many times each occurs."""
    if codes.size == 0:
        return codes, values, np.zeros(0, np.int64)
    order = np.lexsort((values, codes))
    codes, values = codes[order], values[order]
    new = np.r_[True, (codes[1:] != codes[:-1]) | (values[1:] != values[:-1])]
    starts = np.flatnonzero(new)
    return codes[starts], values[starts], np.diff(np.r_[starts, codes.size])


@checks(A=sparse_constraint(), positives=node_pairs_constraint(), predictors=_PREDICTORS, nodes=nodes_constraint(),
        chunk_size=Integer(1), rank_compressed=Either(Boolean(), Text(), Values(of=Text(), min_len=0)), progress=Boolean())
def distance_score_histograms(A, positives, predictors=("preferential_attachment", "propflow"), *,
                              nodes=None, chunk_size=256, rank_compressed=False, progress=False):
    """Score histograms of every candidate pair, split by geodesic distance, for several predictors.

    One breadth-first search from every node (``chunk_size`` sources at a time, so memory
    stays at ``chunk_size x n`` distances) is shared by all predictors. Nothing is
    enumerated beyond the BFS rows: preferential attachment is counted per (distance,
    degree, degree); the rows of a sparse score (common neighbours, Adamic/Adar, Jaccard,
    Katz, rooted PageRank) are computed for each BFS chunk of sources, as
    :func:`~evalkit.linkpred.score_histogram` computes its row blocks, and reduced to value
    counts per distance at once (PropFlow's symmetric matrix and matrices given here are
    read row by row); the pairs without a stored score score 0 and are counted per
    distance.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency (see :func:`evalkit.graph.as_adjacency`).
    positives : array_like, shape (m, 2)
        Candidate pairs linked in the label period (row indices, or node ids when ``nodes``
        is given).
    predictors : str, sequence of str, or dict of name -> sparse symmetric score matrix or None
        Names of ``PREDICTORS`` (computed here), or matrices
        computed elsewhere (``None`` for a name: computed here).
    nodes : array_like, optional
        The node id of each row of ``A`` (the ``nodes`` of :func:`evalkit.graph.as_adjacency`):
        ``positives`` are then node-id pairs (:func:`evalkit.graph.pair_indices`).
    chunk_size : int, default 256
        Sources per breadth-first-search block (an integer >= 1); the histograms do not
        depend on it. Each block holds its distances and the predictors' rows of its
        sources (Condmat: 0.2 GB less at 256 than at 512, and no slower).
    rank_compressed : bool, str or sequence of str, default False
        Return these predictors' histograms (all of them: True) rank-compressed
        (:meth:`DistanceHistograms.rank_compressed`: the same rankings in a few bins per
        positive). A score matrix given is compressed block by block, so that the
        millions of distinct scores of PropFlow are never held at once.
    progress : bool, default False
        Show a progress bar (tqdm) over the BFS chunks.

    Returns
    -------
    dict of name -> DistanceHistograms

    Examples
    --------
    A path 0-1-2-3 and a separate edge 4-5; the positive (0, 2) is two hops apart.

    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (4, 5)])
    >>> dh = distance_score_histograms(A, [(0, 2)], ["common_neighbors"])["common_neighbors"]
    >>> dh.distance.tolist(), dh.n_positive.tolist(), dh.n_negative.tolist()
    ([2.0, 3.0, inf], [1, 0, 0], [1, 1, 8])
    >>> dh[2.0].evaluate().auroc    # (0, 2) and (1, 3) both have one common neighbour
    0.5
    """
    A = check_adjacency(A)
    n = A.shape[0]
    pos = check_positive_pairs(A, positives, nodes)
    named = _named_predictors(A, predictors)
    if isinstance(rank_compressed, str):
        rank_compressed = [rank_compressed]
    compressed = set(named) if rank_compressed is True else set(rank_compressed or ())
    if compressed - set(named):
        raise ValueError(f"rank_compressed must name predictors of {sorted(named)}; got {sorted(compressed - set(named))}")
    deg = A.sum(axis=1).astype(np.int64)
    dvals, dinv = np.unique(deg, return_inverse=True)
    nd = dvals.size
    sparse = {name: s for name, s in named.items() if s is not None}
    # a given matrix's positive scores are known before the search: its blocks are compressed at once
    block_cuts = {name: np.unique(np.asarray(s.S[pos[:, 0], pos[:, 1]], dtype=float).ravel())
                  for name, s in sparse.items() if name in compressed and hasattr(s, "S") and not s.snap}
    # accumulators; distance code 0 stands for inf (self-pairs are excluded by u < v)
    total = np.zeros(0, np.int64)
    pa = np.zeros(0, np.int64)
    parts = {name: [] for name in sparse}          # per block: (code, raw value, count) of the negatives
    edge_values = {name: [] for name in sparse}    # the edges' raw values: float ties are snapped over all
    pos_raw = {name: np.zeros(pos.shape[0]) for name in sparse}
    pos_code = np.zeros(pos.shape[0], np.int64)
    order = np.argsort(pos[:, 0], kind="stable")
    cols = np.arange(n)
    for block_sources, D in bfs_distance_blocks(A, chunk_size=chunk_size, progress=progress):
        lo, hi = int(block_sources[0]), int(block_sources[-1]) + 1
        code = np.where(np.isinf(D), 0, D).astype(np.int64)
        cand = (cols[None, :] > block_sources[:, None]) & (code != 1)
        c = code[cand]
        total = _add(total, np.bincount(c))
        if "preferential_attachment" in named and named["preferential_attachment"] is None:
            du = np.broadcast_to(dinv[lo:hi, None], cand.shape)[cand]
            dv = np.broadcast_to(dinv[None, :], cand.shape)[cand]
            pa = _add(pa, np.bincount((c * nd + np.minimum(du, dv)) * nd + np.maximum(du, dv)))
        sel = order[(pos[order, 0] >= lo) & (pos[order, 0] < hi)]
        pos_code[sel] = code[pos[sel, 0] - lo, pos[sel, 1]]
        sel_keys = pair_keys(pos[sel, 0], pos[sel, 1], n)
        for name, s in sparse.items():
            r, col, v = upper_entries(s, lo, hi)           # this block's rows of the score matrix, u < v
            entry_code = code[r, col]
            edge = entry_code == 1                         # edges of A are not candidates
            if s.snap:
                edge_values[name].append(np.unique(v[edge]))
            r, col, v, entry_code = r[~edge], col[~edge], v[~edge], entry_code[~edge]
            keys = pair_keys(r + lo, col, n)
            is_pos = np.isin(keys, sel_keys)
            if is_pos.any():
                where = dict(zip(sel_keys.tolist(), sel.tolist()))
                pos_raw[name][[where[k] for k in keys[is_pos].tolist()]] = v[is_pos]
            counted = _code_value_counts(entry_code[~is_pos], v[~is_pos])
            parts[name].append(_rank_compressed_counts(*counted, block_cuts[name]) if name in block_cuts else counted)
    codes = np.flatnonzero(total)
    if codes.size == 0:
        raise ValueError("A has no candidate pair (it is complete)")
    codes = np.r_[codes[codes > 0], codes[codes == 0]]  # finite distances first, inf last
    distance = np.where(codes == 0, np.inf, codes).astype(float)
    pos_dist = np.where(pos_code == 0, np.inf, pos_code).astype(float)

    out = {}
    for name in named:
        if name in sparse:
            cc = np.concatenate([p[0] for p in parts[name]]) if parts[name] else np.zeros(0, np.int64)
            vv = np.concatenate([p[1] for p in parts[name]]) if parts[name] else np.zeros(0)
            nn = np.concatenate([p[2] for p in parts[name]]) if parts[name] else np.zeros(0, np.int64)
            pos_scores = pos_raw[name]
            if sparse[name].snap:  # over every stored value: negatives', edges' and positives' (raw)
                stored = pos_scores != 0
                everything = np.unique(np.concatenate(edge_values[name] + [pos_scores[stored], vv]))
                vv = snapped_values(vv, everything)
                pos_scores = pos_scores.copy()
                pos_scores[stored] = snapped_values(pos_scores[stored], everything)
            hists = []
            for code_, dist in zip(codes, distance):
                at = pos_dist == dist
                here = cc == code_
                values, counts = vv[here], nn[here]
                n_zero = int(total[code_]) - at.sum() - int(counts.sum())
                hists.append(ScoreHistogram.from_unsorted(pos_scores[at], np.r_[values, 0.0], np.r_[counts, n_zero]))
        else:
            pa_full = np.zeros((total.size, nd, nd), np.int64)
            pa_full.reshape(-1)[:pa.size] = pa
            pos_scores = (deg[pos[:, 0]] * deg[pos[:, 1]]).astype(float)
            a, b = np.minimum(dinv[pos[:, 0]], dinv[pos[:, 1]]), np.maximum(dinv[pos[:, 0]], dinv[pos[:, 1]])
            np.subtract.at(pa_full, (pos_code, a, b), 1)
            products = (dvals[:, None] * dvals[None, :]).astype(float).ravel()
            hists = []
            for code_, dist in zip(codes, distance):
                counts = pa_full[code_].ravel()
                keep = counts > 0
                hists.append(ScoreHistogram.from_unsorted(pos_scores[pos_dist == dist], products[keep],
                                                          counts[keep]))
        out[name] = DistanceHistograms(distance, tuple(hists))
        if name in compressed:
            out[name] = out[name].rank_compressed()
    return out


@checks(A=sparse_constraint(), positives=node_pairs_constraint(), predictors=_PREDICTORS, nodes=nodes_constraint(),
        chunk_size=Integer(1), progress=Boolean())
def evaluation_report(A, positives, predictors=("preferential_attachment", "propflow", "adamic_adar"), *,
                      nodes=None, chunk_size=256, progress=False):
    """Evaluate link predictors the way Yang et al. recommend, in one call.

    Every candidate pair, nothing sampled; the evaluation split by geodesic distance, with
    the pooled pairs last; the area under the precision-recall curve first, with the
    precision a random ranking would have (the baseline) beside it; AUROC last.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network.
    positives : array_like, shape (m, 2)
        Candidate pairs linked in the label period (row indices, or node ids when ``nodes``
        is given).
    predictors : str, sequence of str, or dict of name -> sparse matrix or None
        As :func:`distance_score_histograms`.
    nodes : array_like, optional
        The node id of each row of ``A`` (the ``nodes`` of :func:`evalkit.graph.as_adjacency`):
        ``positives`` are then node-id pairs (:func:`evalkit.graph.pair_indices`).
    chunk_size : int, default 256
        Sources per breadth-first-search block (see :func:`distance_score_histograms`).
    progress : bool, default False
        Show a progress bar over the BFS chunks.

    Returns
    -------
    pandas.DataFrame
        Index (predictor, distance); columns ``aupr`` (Davis-Goadrich), ``average_precision``,
        ``baseline_precision`` (positives / pairs), ``auroc``, ``n_positive``, ``n_negative``.
        A distance without positives has ``nan`` areas.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (3, 4), (0, 2)])
    >>> r = evaluation_report(A, [(0, 3), (1, 4)], ["common_neighbors"])
    >>> r.loc[("common_neighbors", "all"), ["n_positive", "n_negative"]].tolist()
    [2, 3]
    """
    import pandas as pd

    # the report needs the rankings only: compressed (a few bins per positive, PropFlow's millions of values never held)
    hists = distance_score_histograms(A, positives, predictors, nodes=nodes, chunk_size=chunk_size,
                                      rank_compressed=True, progress=progress)
    frames = {}
    for name, dh in hists.items():
        df = dh.to_frame()
        df["baseline_precision"] = df["n_positive"] / (df["n_positive"] + df["n_negative"])
        frames[name] = df[["aupr", "average_precision", "baseline_precision", "auroc", "n_positive", "n_negative"]]
    return pd.concat(frames, names=["predictor"])


def _example_distance_histograms():
    h2 = ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [3, 1])
    h3 = ScoreHistogram.from_unsorted([0.2], [0.0, 0.1], [4, 2])
    return DistanceHistograms(np.array([2.0, 3.0]), (h2, h3))


_DHIST = Instance(DistanceHistograms, example=_example_distance_histograms)


# ------------------------------------------------------------------ sampling schemes by distance


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
