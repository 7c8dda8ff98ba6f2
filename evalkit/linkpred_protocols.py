"""Link prediction evaluation protocols: by distance, by time, sampling schemes, top-K, orderings.

The engine of :mod:`evalkit.linkpred` scores every candidate pair of a network without
enumerating them. This module splits that evaluation the ways Yang, Lichtenwalter & Chawla
(2015, Sections 3.4-7) ask for:

* by **geodesic distance** (:func:`distance_score_histograms`): one breadth-first search
  from every node, shared by all predictors, gives the score histogram of the negatives
  and the positives' scores at each distance 2, 3, ..., ``inf``
  (:class:`DistanceHistograms`);
* by **sampling scheme**: uniform negative sampling
  (:meth:`DistanceHistograms.sample_uniform`), the distance-balanced "Kaggle" scheme
  (:meth:`DistanceHistograms.sample_distance_balanced`), and a distance-only scheme
  steered to a chosen AUROC (:meth:`DistanceHistograms.sample_steered`); every draw is
  an exact draw without replacement over the histograms;
* by **time**: :func:`temporal_slices` cuts the label period into slices over one
  feature network;
* by **rank**: :func:`top_k_rate` with ties handled explicitly;
* by **ordering** of a directional predictor: :func:`evaluate_orderings`;

and the surrogate ranking simulation of the paper's Table 2 (:func:`surrogate_auroc`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from ._validation import check_positive_int
from .curves import roc_auc_and_average_precision
from .linkpred import (PREDICTORS, LinkPredictionTask, PairEvaluation, ScoreHistogram, _bfs_rows,
                       _check_adjacency, _check_pairs, _check_positive_pairs, _draw_without_replacement,
                       _feature_network, _label_pairs, _pair_keys, pair_scores)

__all__ = [
    "DistanceHistograms",
    "OrderingEvaluation",
    "SurrogateResult",
    "TopKRate",
    "distance_score_histograms",
    "evaluation_report",
    "evaluate_orderings",
    "is_directional",
    "merge_histograms",
    "surrogate_auroc",
    "temporal_slices",
    "top_k_rate",
    "two_hop_pairs",
]


# ------------------------------------------------------------------------ histograms


def merge_histograms(histograms):
    """Pool several :class:`~evalkit.linkpred.ScoreHistogram` (disjoint sets of pairs) into one.

    Examples
    --------
    >>> from evalkit.linkpred import ScoreHistogram
    >>> a = ScoreHistogram.from_unsorted([2.0], [1.0], [3])
    >>> b = ScoreHistogram.from_unsorted([], [1.0, 0.0], [1, 5])
    >>> m = merge_histograms([a, b])
    >>> m.positive_scores.tolist(), m.negative_values.tolist(), m.negative_counts.tolist()
    ([2.0], [0.0, 1.0], [5, 4])
    """
    histograms = list(histograms)
    if not histograms:
        raise ValueError("histograms must hold at least one ScoreHistogram")
    return ScoreHistogram.from_unsorted(np.concatenate([h.positive_scores for h in histograms]),
                                        np.concatenate([h.negative_values for h in histograms]),
                                        np.concatenate([h.negative_counts for h in histograms]))


def _evaluate_or_nan(h):
    if h.n_positive == 0 or h.n_negative == 0:
        return PairEvaluation(np.nan, np.nan, np.nan, h.n_positive, h.n_negative, 0)
    return h.evaluate()


@dataclass(frozen=True)
class DistanceHistograms:
    """One predictor's scores of all candidate pairs, split by geodesic distance.

    Attributes
    ----------
    distance : ndarray of float
        2, 3, ... and ``inf`` (pairs in different components): the distances at which a
        candidate pair lies, increasing.
    histograms : tuple of ScoreHistogram
        The pairs at each distance: positives' scores and the negatives' histogram.
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

    def pooled(self, *, max_distance=None):
        """All pairs (or those at distance <= ``max_distance``) as one ScoreHistogram."""
        keep = np.ones(len(self), bool) if max_distance is None else self.distance <= max_distance
        if not keep.any():
            raise ValueError(f"no candidate pair at distance <= {max_distance}")
        return merge_histograms(h for h, k in zip(self.histograms, keep) if k)

    def without_negatives_below(self, distance):
        """All positives, and only the negatives at distance >= ``distance`` (the paper's Fig. 11)."""
        parts = [h if d >= distance else ScoreHistogram(h.positive_scores, np.zeros(0), np.zeros(0, np.int64))
                 for d, h in zip(self.distance, self.histograms)]
        return merge_histograms(parts)

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

    # ------------------------------------------------------------------ sampling schemes

    def _with_counts(self, drawn):
        out = []
        for h, k in zip(self.histograms, drawn):
            keep = k > 0
            out.append(ScoreHistogram(h.positive_scores, h.negative_values[keep], k[keep].astype(np.int64)))
        return DistanceHistograms(self.distance, tuple(out))

    def sample_uniform(self, size, *, rng=None):
        """Keep every positive and ``size`` negatives drawn uniformly from all negatives.

        The fair scheme: every negative pair is equally likely whatever its distance, so
        the expected number drawn at each distance is proportional to the negatives there.
        """
        total = int(self.n_negative.sum())
        size = _check_size(size, total, "size")
        rng = np.random.default_rng(rng)
        counts = np.concatenate([h.negative_counts for h in self.histograms])
        drawn = _draw_without_replacement(counts, size, rng)
        return self._with_counts(np.split(drawn, np.cumsum([h.negative_counts.size for h in self.histograms])[:-1]))

    def sample_distance_balanced(self, *, ratio=1.0, rng=None):
        """Keep every positive; at each distance draw ``ratio`` negatives per positive there.

        The scheme of the Kaggle link prediction competition (Narayanan et al. 2011) as
        Yang et al. describe it: the test set is balanced within each distance. A
        distance with ``m`` positives gets ``min(round(ratio * m), N_l)`` of its ``N_l``
        negatives, drawn uniformly within the distance; a distance without positives
        gets none.
        """
        if isinstance(ratio, bool) or not isinstance(ratio, (int, float, np.integer, np.floating)) or not ratio > 0:
            raise ValueError(f"ratio must be a positive number; got {ratio!r}")
        rng = np.random.default_rng(rng)
        want = np.minimum(np.round(ratio * self.n_positive).astype(np.int64), self.n_negative)
        return self._with_counts([_draw_without_replacement(h.negative_counts, int(k), rng)
                                  for h, k in zip(self.histograms, want)])

    def distance_mean_auroc(self):
        """For each distance, the mean over its negatives of the fraction of *all* positives above them.

        A test set that keeps every positive and ``c_l`` negatives drawn uniformly within
        each distance ``l`` has expected AUROC ``sum_l c_l a_l / sum_l c_l``, with ``a_l``
        this value: the AUROC of a distance-sampled test set is a weighted mean of it.
        """
        pooled_pos = ScoreHistogram(np.concatenate([h.positive_scores for h in self.histograms]),
                                    np.zeros(0), np.zeros(0, np.int64))
        out = np.full(len(self), np.nan)
        for i, h in enumerate(self.histograms):
            if h.n_negative:
                g = ScoreHistogram(pooled_pos.positive_scores, h.negative_values,
                                   h.negative_counts).auroc_contributions()
                out[i] = np.sum(g * h.negative_counts) / h.n_negative
        return out

    def sample_steered(self, target_auroc, *, size=None, rng=None):
        """A distance-only sampling scheme whose expected AUROC is ``target_auroc``.

        Every positive is kept, and ``c_l`` negatives are drawn uniformly within each
        distance, with ``c_l`` proportional to ``m_l exp(theta a_l)`` (``m_l`` the
        positives at distance ``l``, ``a_l`` from :meth:`distance_mean_auroc`), capped by
        the negatives available, summing to ``size`` (default: as many as positives).
        ``theta`` is found by bisection. Like the Kaggle scheme, the sample only chooses
        how many negatives to take at each distance, yet it can be set to give any AUROC
        between the hardest and the easiest distance's: the demonstration that such
        schemes measure the sampling, not the predictor.

        Returns
        -------
        sample : DistanceHistograms
        expected_auroc : float
            The exact expected AUROC of the scheme (the sample's AUROC differs from it by
            sampling noise only).
        """
        a = self.distance_mean_auroc()
        m = self.n_positive.astype(float)
        avail = self.n_negative
        ok = (m > 0) & (avail > 0)
        if ok.sum() < 2:
            raise ValueError("steering needs at least two distances with both positives and negatives")
        size = int(m.sum()) if size is None else _check_size(size, int(avail[ok].sum()), "size")
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
        sample = self._with_counts([_draw_without_replacement(h.negative_counts, int(k), rng)
                                    for h, k in zip(self.histograms, c)])
        return sample, expected(c)


def _check_size(size, total, name):
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or not 0 < size <= total:
        raise ValueError(f"{name} must be an integer in [1, {total}]; got {size!r}")
    return int(size)


def distance_score_histograms(A, positives, predictors=("preferential_attachment", "propflow"), *,
                              chunk_size=512, progress=False):
    """Score histograms of every candidate pair, split by geodesic distance, for several predictors.

    One breadth-first search from every node (``chunk_size`` sources at a time, so memory
    stays at ``chunk_size x n`` distances) is shared by all predictors. Nothing is
    enumerated beyond the BFS rows: preferential attachment is counted per (distance,
    degree, degree); a sparse score (common neighbours, Adamic/Adar, Jaccard, PropFlow)
    is looked up at its stored entries, and the pairs it does not store score 0 and are
    counted per distance.

    Parameters
    ----------
    A : sparse adjacency (see :func:`evalkit.linkpred.undirected_adjacency`)
    positives : array_like of int, shape (m, 2)
        Candidate pairs linked in the label period.
    predictors : sequence of str, or dict of name -> sparse symmetric score matrix or None
        Names of :data:`evalkit.linkpred.PREDICTORS` (computed here), or matrices
        computed elsewhere (``None`` for a name: computed here).
    chunk_size : int
    progress : bool
        Show a progress bar (tqdm) over the BFS chunks.

    Returns
    -------
    dict of name -> DistanceHistograms

    Examples
    --------
    A path 0-1-2-3 and a separate edge 4-5; the positive (0, 2) is two hops apart.

    >>> from evalkit.linkpred import undirected_adjacency
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (2, 3), (4, 5)])
    >>> dh = distance_score_histograms(A, [(0, 2)], ["common_neighbors"])["common_neighbors"]
    >>> dh.distance.tolist(), dh.n_positive.tolist(), dh.n_negative.tolist()
    ([2.0, 3.0, inf], [1, 0, 0], [1, 1, 8])
    >>> dh[2.0].evaluate().auroc    # (0, 2) and (1, 3) both have one common neighbour
    0.5
    """
    A = _check_adjacency(A)
    n = A.shape[0]
    pos = _check_positive_pairs(A, positives)
    chunk_size = check_positive_int(chunk_size, "chunk_size")
    if isinstance(predictors, str):
        predictors = [predictors]
    if not isinstance(predictors, dict):
        predictors = {name: None for name in predictors}
    named = {}
    for name, S in predictors.items():
        if S is None:
            if name not in PREDICTORS:
                raise ValueError(f"predictors must name entries of {list(PREDICTORS)}; got {name!r}")
            S = None if name == "preferential_attachment" else PREDICTORS[name](A)
        elif not sp.issparse(S) or S.shape != A.shape:
            raise TypeError(f"predictors[{name!r}] must be a sparse matrix of shape {A.shape} or None")
        named[name] = S
    deg = np.asarray(A.sum(axis=1)).ravel().astype(np.int64)
    dvals, dinv = np.unique(deg, return_inverse=True)
    nd = dvals.size
    pos_keys = _pair_keys(pos[:, 0], pos[:, 1], n)
    # sparse scores of the candidates: upper triangle, minus the feature network's edges
    upper = {}
    for name, S in named.items():
        if S is None:
            continue
        S = sp.csr_matrix(S)
        if (S != S.T).nnz:
            raise ValueError(f"score matrix {name!r} must be symmetric (undirected scores)")
        U = sp.triu(S, k=1).tocsr()
        U = (U - U.multiply(A)).tocsr()
        U.eliminate_zeros()
        upper[name] = U
    # accumulators; distance code 0 stands for inf (self-pairs are excluded by u < v)
    total = np.zeros(0, np.int64)
    pa = np.zeros(0, np.int64)
    sparse_parts = {name: [] for name in upper}
    pos_code = np.zeros(pos.shape[0], np.int64)
    order = np.argsort(pos[:, 0], kind="stable")
    starts = range(0, n, chunk_size)
    if progress:
        from tqdm.auto import tqdm

        starts = tqdm(starts, desc="BFS chunks", total=len(starts))
    for lo in starts:
        hi = min(n, lo + chunk_size)
        D = _bfs_rows(A, np.arange(lo, hi))
        code = np.where(np.isinf(D), 0, D).astype(np.int64)
        cols = np.arange(n)
        cand = (cols[None, :] > np.arange(lo, hi)[:, None]) & (code != 1)
        c = code[cand]
        total = _add(total, np.bincount(c))
        if "preferential_attachment" in named and named["preferential_attachment"] is None:
            du = np.broadcast_to(dinv[lo:hi, None], cand.shape)[cand]
            dv = np.broadcast_to(dinv[None, :], cand.shape)[cand]
            pa = _add(pa, np.bincount((c * nd + np.minimum(du, dv)) * nd + np.maximum(du, dv)))
        sel = order[(pos[order, 0] >= lo) & (pos[order, 0] < hi)]
        pos_code[sel] = code[pos[sel, 0] - lo, pos[sel, 1]]
        for name, U in upper.items():
            block = U[lo:hi].tocoo()
            sparse_parts[name].append((code[block.row, block.col], block.data,
                                       _pair_keys(block.row + lo, block.col, n)))
    codes = np.flatnonzero(total)
    if codes.size == 0:
        raise ValueError("A has no candidate pair (it is complete)")
    codes = np.r_[codes[codes > 0], codes[codes == 0]]  # finite distances first, inf last
    distance = np.where(codes == 0, np.inf, codes).astype(float)
    pos_dist = np.where(pos_code == 0, np.inf, pos_code).astype(float)

    out = {}
    for name in named:
        if name in upper:
            pos_scores = pair_scores(upper[name], pos) if pos.size else np.zeros(0)
            cc = np.concatenate([p[0] for p in sparse_parts[name]]) if sparse_parts[name] else np.zeros(0, np.int64)
            vv = np.concatenate([p[1] for p in sparse_parts[name]]) if sparse_parts[name] else np.zeros(0)
            kk = np.concatenate([p[2] for p in sparse_parts[name]]) if sparse_parts[name] else np.zeros(0, np.int64)
            is_neg = ~np.isin(kk, pos_keys)
            cc, vv = cc[is_neg], vv[is_neg]
            hists = []
            for code_, dist in zip(codes, distance):
                at = pos_dist == dist
                ps = pos_scores[at]
                nz = vv[cc == code_]
                n_zero = int(total[code_]) - at.sum() - nz.size
                hists.append(ScoreHistogram.from_unsorted(ps, np.r_[nz, 0.0], np.r_[np.ones(nz.size, np.int64), n_zero]))
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
                hists.append(ScoreHistogram.from_unsorted(pos_scores[pos_dist == dist], products[keep], counts[keep]))
        out[name] = DistanceHistograms(distance, tuple(hists))
    return out


def evaluation_report(A, positives, predictors=("preferential_attachment", "propflow", "adamic_adar"), *,
                      chunk_size=512, progress=False):
    """Evaluate link predictors the way Yang et al. recommend, in one call.

    Every candidate pair, nothing sampled; the evaluation split by geodesic distance, with
    the pooled pairs last; the area under the precision-recall curve first, with the
    precision a random ranking would have (the baseline) beside it; AUROC last.

    Parameters
    ----------
    A, positives, predictors, chunk_size, progress
        As :func:`distance_score_histograms`.

    Returns
    -------
    pandas.DataFrame
        Index (predictor, distance); columns ``aupr`` (Davis-Goadrich), ``average_precision``,
        ``baseline_precision`` (positives / pairs), ``auroc``, ``n_positive``, ``n_negative``.
        A distance without positives has ``nan`` areas.

    Examples
    --------
    >>> from evalkit.linkpred import undirected_adjacency
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (2, 3), (3, 4), (0, 2)])
    >>> r = evaluation_report(A, [(0, 3), (1, 4)], ["common_neighbors"])
    >>> r.loc[("common_neighbors", "all"), ["n_positive", "n_negative"]].tolist()
    [2, 3]
    """
    import pandas as pd

    hists = distance_score_histograms(A, positives, predictors, chunk_size=chunk_size, progress=progress)
    frames = {}
    for name, dh in hists.items():
        df = dh.to_frame()
        df["baseline_precision"] = df["n_positive"] / (df["n_positive"] + df["n_negative"])
        frames[name] = df[["aupr", "average_precision", "baseline_precision", "auroc", "n_positive", "n_negative"]]
    return pd.concat(frames, names=["predictor"])


def _add(acc, counts):
    if counts.size > acc.size:
        acc = np.r_[acc, np.zeros(counts.size - acc.size, np.int64)]
    acc[:counts.size] += counts
    return acc


# ------------------------------------------------------------------------- orderings


def is_directional(S):
    """Whether a score matrix is directional (Yang et al., Definition 3.1): ``S[u, v] != S[v, u]`` for some pair.

    Examples
    --------
    >>> from evalkit.linkpred import undirected_adjacency, propflow, common_neighbors
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (1, 3)])
    >>> is_directional(common_neighbors(A)), is_directional(propflow(A, symmetrize=None))
    (False, True)
    """
    S = sp.csr_matrix(S)
    if S.shape[0] != S.shape[1]:
        raise ValueError(f"S must be square; got shape {S.shape}")
    D = (S - S.T).tocsr()
    D.eliminate_zeros()
    return bool(D.nnz)


def two_hop_pairs(A):
    """The candidate pairs of ``A`` at distance exactly 2 (rows ``u < v``), sorted.

    Examples
    --------
    >>> from evalkit.linkpred import undirected_adjacency
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (2, 3)])
    >>> two_hop_pairs(A).tolist()
    [[0, 2], [1, 3]]
    """
    A = _check_adjacency(A)
    B = sp.csr_matrix(A.astype(np.int64) @ A.astype(np.int64))
    B = sp.triu(B, k=1).tocsr()
    B = (B - B.multiply(A)).tocsr()
    B.eliminate_zeros()
    r, c = B.nonzero()
    keys = np.sort(_pair_keys(r, c, A.shape[0]))
    return np.stack([keys // A.shape[0], keys % A.shape[0]], axis=1)


@dataclass(frozen=True)
class OrderingEvaluation:
    """AUROC and average precision of one way of turning a directional score into a ranking."""

    auroc: float
    average_precision: float
    n_instances: int
    n_positive: int


def evaluate_orderings(S, pairs, positives):
    """Evaluate a directional predictor under the ways of resolving source and target.

    Parameters
    ----------
    S : sparse matrix, shape (n, n)
        Directed scores, row = source (e.g. ``propflow(A, symmetrize=None)``).
    pairs : array_like of int, shape (m, 2)
        The unordered candidate pairs to rank (e.g. :func:`two_hop_pairs`).
    positives : array_like of int, shape (p, 2)
        The positives among them (a positive not in ``pairs`` is an error).

    Returns
    -------
    dict of str -> OrderingEvaluation
        ``'both orderings'``: each pair ranked twice, once per ordering, with its label
        twice (the directed-network approach the paper argues against for research);
        ``'mean'``, ``'max'``, ``'min'``: one score per pair from the two orderings;
        ``'u to v'`` and ``'v to u'``: the lower (higher) row index as the source, an
        arbitrary choice that an implementation makes implicitly.

    Examples
    --------
    >>> from evalkit.linkpred import undirected_adjacency, propflow
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (1, 3), (3, 4)])
    >>> S = propflow(A, symmetrize=None)
    >>> r = evaluate_orderings(S, two_hop_pairs(A), [(0, 2)])
    >>> sorted(r)
    ['both orderings', 'max', 'mean', 'min', 'u to v', 'v to u']
    """
    S = sp.csr_matrix(S)
    pairs = np.sort(_check_pairs(pairs, S.shape[0], "pairs"), axis=1)
    pos = np.sort(_check_pairs(positives, S.shape[0], "positives"), axis=1)
    n = S.shape[0]
    keys = _pair_keys(pairs[:, 0], pairs[:, 1], n)
    if np.unique(keys).size != keys.size:
        raise ValueError("pairs must list each unordered pair once")
    y = np.isin(keys, _pair_keys(pos[:, 0], pos[:, 1], n))
    if y.sum() != pos.shape[0]:
        raise ValueError("every positive must be one of pairs")
    fwd = pair_scores(S, pairs)
    bwd = pair_scores(S, pairs[:, ::-1])
    rankings = {"both orderings": (np.r_[fwd, bwd], np.r_[y, y]), "mean": ((fwd + bwd) / 2, y),
                "max": (np.maximum(fwd, bwd), y), "min": (np.minimum(fwd, bwd), y),
                "u to v": (fwd, y), "v to u": (bwd, y)}
    out = {}
    for name, (s, lab) in rankings.items():
        auroc, ap = roc_auc_and_average_precision(lab.astype(int), s)
        out[name] = OrderingEvaluation(float(auroc), float(ap), int(lab.size), int(lab.sum()))
    return out


# ------------------------------------------------------------------------------ top K


@dataclass(frozen=True)
class TopKRate:
    """Top-K predictive rate (the share of positives among the K highest-scored pairs).

    Attributes
    ----------
    k : ndarray of int
    true_positives : ndarray of float
        Expected positives among the top ``k`` when tied scores are ordered at random.
    true_positives_low, true_positives_high : ndarray of int
        The fewest and the most positives the top ``k`` can hold over the orderings of
        the ties (negatives first, positives first).
    rate : ndarray of float
        ``true_positives / k``.
    n_positive, n_negative : int
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


def top_k_rate(histogram, k):
    """Top-K predictive rate of a ranking held as a :class:`~evalkit.linkpred.ScoreHistogram`.

    Ties are handled explicitly: where the K-th place falls inside a group of tied
    scores, the rate is its expectation over random orderings of the group, and the
    range over all orderings is returned beside it.

    Parameters
    ----------
    histogram : ScoreHistogram
    k : int or array_like of int
        Each in ``[1, n_positive + n_negative]``.

    Returns
    -------
    TopKRate

    Examples
    --------
    Positives score 3 and 1; negatives 2, 1, 1, 0. The top 3 are 3 (+), 2 (-) and one of
    the three pairs tied at 1, a positive with probability 1/3.

    >>> from evalkit.linkpred import ScoreHistogram
    >>> h = ScoreHistogram.from_unsorted([3.0, 1.0], [2.0, 1.0, 0.0], [1, 2, 1])
    >>> r = top_k_rate(h, [1, 3])
    >>> r.true_positives.round(4).tolist(), r.true_positives_low.tolist(), r.true_positives_high.tolist()
    ([1.0, 1.3333], [1, 1], [1, 2])
    """
    if not isinstance(histogram, ScoreHistogram):
        raise TypeError(f"histogram must be a ScoreHistogram; got {type(histogram).__name__}")
    k = np.atleast_1d(np.asarray(k))
    if not np.issubdtype(k.dtype, np.integer):
        raise TypeError(f"k must be integers; got dtype {k.dtype}")
    P, N = histogram.n_positive, histogram.n_negative
    if P == 0:
        raise ValueError("top_k_rate needs at least one positive")
    if k.size and (k.min() < 1 or k.max() > P + N):
        raise ValueError(f"k must lie in [1, {P + N}]; got values in [{k.min()}, {k.max()}]")
    values, tp, fp = histogram._cumulative()  # descending score groups, cumulative counts
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


# ------------------------------------------------------------------------------ time


def temporal_slices(events, split, end, *, n_slices=5, cumulative=False, start=None):
    """One feature network, and the label period ``[split, end)`` cut into equal-duration slices.

    Slice ``i`` covers ``[split + i d, split + (i + 1) d)`` with ``d = (end - split) /
    n_slices``. Every task shares the feature network of ``[start, split)`` (so the
    candidates are the same); the positives of task ``i`` are the candidates linked in
    slice ``i`` (``cumulative=False``, Yang et al.'s Fig. 16-1) or in slices ``0..i``
    (``cumulative=True``, Fig. 16-2). A pair linked in two slices is a positive of both.

    Returns
    -------
    list of LinkPredictionTask
    bounds : ndarray of int, shape (n_slices + 1,)

    Examples
    --------
    >>> from evalkit.datasets import TemporalEdges
    >>> ev = TemporalEdges("toy", np.array([1, 2, 3, 1, 1]), np.array([2, 3, 4, 3, 4]),
    ...                    np.array([0, 1, 2, 10, 15]))
    >>> tasks, bounds = temporal_slices(ev, split=10, end=20, n_slices=2)
    >>> [t.positives.tolist() for t in tasks], bounds.tolist()
    ([[[0, 2]], [[0, 3]]], [10, 15, 20])
    """
    n_slices = check_positive_int(n_slices, "n_slices")
    if end is None or end <= split:
        raise ValueError(f"end must be given and after split; got split={split}, end={end}")
    A, nodes = _feature_network(events, start, split)
    bounds = np.round(np.linspace(split, end, n_slices + 1)).astype(np.int64)
    tasks = []
    for i in range(n_slices):
        lab = events.between(int(bounds[0] if cumulative else bounds[i]), int(bounds[i + 1]))
        tasks.append(LinkPredictionTask(A, nodes, *_label_pairs(A, nodes, lab)))
    return tasks, bounds


# ---------------------------------------------------------------------- surrogate


@dataclass(frozen=True)
class SurrogateResult:
    """The surrogate ranking simulation of Yang et al.'s Table 2 for one (alpha, beta).

    Attributes
    ----------
    auroc_sub, auroc_full : ndarray
        Simulated AUROC of the sub-problem ``P_sub`` and of the full problem ``P_full``.
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


def surrogate_auroc(p_s, n_s, p_f, n_f, alpha, beta, *, n_simulations=1000, rng=None):
    """Simulate the AUROC of a sub-problem and of the full problem (Yang et al., Section 4.2).

    In ``P_sub`` (``p_s`` positives, ``n_s`` negatives) the positives take random places
    among the top ``alpha (p_s + n_s)`` of the ranking. In ``P_full`` (``p_f`` positives,
    ``n_f`` negatives, ``P_sub`` a part of it) ``p_s`` positives take random places among
    the top ``alpha (p_s + n_s) beta`` and the other ``p_f - p_s`` random free places among
    the top ``alpha (p_f + n_f)``. Places are drawn without replacement (exactly), and
    the AUROC of a ranking without ties follows from the positives' places.

    Returns
    -------
    SurrogateResult

    Examples
    --------
    >>> r = surrogate_auroc(100, 10_000, 400, 1_000_000, 0.2, 10, n_simulations=200, rng=0)
    >>> round(r.expected_auroc_sub, 2), bool(r.sigmas > 2)
    (0.9, True)
    """
    for name, v in (("p_s", p_s), ("n_s", n_s), ("p_f", p_f), ("n_f", n_f)):
        check_positive_int(v, name)
    if not (p_s <= p_f and n_s <= n_f):
        raise ValueError(f"the sub-problem must be part of the full one: need p_s <= p_f and n_s <= n_f; "
                         f"got p_s={p_s}, p_f={p_f}, n_s={n_s}, n_f={n_f}")
    if not 0 < alpha <= 1:
        raise ValueError(f"alpha must lie in (0, 1]; got {alpha!r}")
    if not beta >= 1:
        raise ValueError(f"beta must be at least 1; got {beta!r}")
    n_simulations = check_positive_int(n_simulations, "n_simulations", minimum=2)
    rng = np.random.default_rng(rng)
    N_s, N_f = p_s + n_s, p_f + n_f
    m_sub = max(p_s, int(alpha * N_s))
    m1 = min(N_f, max(p_s, int(alpha * N_s * beta)))
    m2 = min(N_f, max(p_f, int(alpha * N_f)))
    if m2 - p_s < p_f - p_s:  # pragma: no cover - guarded by m2 >= p_f
        raise ValueError("not enough places for the positives")
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
    return SurrogateResult(float(alpha), float(beta), _auroc_from_position_sums(sub, p_s, N_s),
                           _auroc_from_position_sums(full, p_f, N_f))
