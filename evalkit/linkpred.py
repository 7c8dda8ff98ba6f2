"""Link prediction: temporal snapshots, neighbourhood predictors on sparse matrices, and exact evaluation over all pairs.

Conventions
-----------
* A network is an undirected simple graph held as a symmetric scipy CSR adjacency
  matrix ``A`` (``A[u, v] = 1`` for an edge, no self-loops) over nodes ``0 .. n-1``;
  :func:`undirected_adjacency` builds it from a networkx graph or an edge list and keeps
  the original node ids.
* The candidate pairs are all unordered pairs ``{u, v}``, ``u != v``, of the feature
  network's nodes that are *not* edges of it: ``n (n - 1) / 2 - |E|`` pairs. The
  positives are the candidate pairs linked in the label period; every other candidate is
  a negative. Nothing is sampled and no positive is dropped: a positive with no score
  (zero common neighbours, say) is counted with score 0, where it ties with every
  unscored negative.
* Scores of undirected predictors are symmetric; a pair is scored once (``u < v``).

Exact evaluation without enumeration
------------------------------------
Of the ``~|V|^2 / 2`` candidate pairs, almost all share a few score values: every pair
without a common neighbour has common-neighbour, Adamic/Adar and Jaccard score 0, and the
degree product takes one value per pair of degrees. :func:`evaluate_all_pairs` therefore
works with the score *histogram* of the negatives (value -> count) and the list of
positive scores, and computes AUROC (ties count one half), average precision (step-wise,
tied scores one step, as scikit-learn) and the area under the PR curve with Davis &
Goadrich's interpolation (exact, by tie group). The results equal scikit-learn on the
enumerated pairs (tested).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from .curves import areas_from_counts, davis_goadrich_area

__all__ = [
    "LinkPredictionTask",
    "PairEvaluation",
    "PREDICTORS",
    "ScoreHistogram",
    "DistanceCounts",
    "FEATURES",
    "adamic_adar",
    "common_neighbors",
    "distance_counts",
    "evaluate_all_pairs",
    "jaccard",
    "mean_of_orderings",
    "pair_distances",
    "pair_scores",
    "preferential_attachment",
    "propflow",
    "sample_negative_pairs",
    "score_histogram",
    "snap_float_ties",
    "supervised_score_histogram",
    "temporal_task",
    "undirected_adjacency",
]


# ----------------------------------------------------------------------------- graphs


def undirected_adjacency(graph, *, nodes=None):
    """Symmetric 0/1 CSR adjacency of an undirected simple graph, and its node ids.

    Parameters
    ----------
    graph : networkx.Graph or array_like of shape (m, 2)
        An undirected networkx graph (a ``DiGraph`` or multigraph is an error: say how
        to make it undirected first, e.g. ``G.to_undirected()``), or an edge list of
        node ids. Self-loops are an error. In an edge list a pair may appear more than
        once (repeated events): it is one edge.
    nodes : array_like, optional
        Node ids, fixing the order of the matrix rows (default: sorted ids of the graph
        or edge list). Every edge's end points must be among them.

    Returns
    -------
    A : scipy.sparse.csr_matrix of int8, shape (n, n)
    nodes : ndarray
        ``nodes[i]`` is the original id of row ``i``.

    Examples
    --------
    >>> A, nodes = undirected_adjacency([(10, 20), (20, 30), (20, 10)])
    >>> A.toarray().tolist(), nodes.tolist()
    ([[0, 1, 0], [1, 0, 1], [0, 1, 0]], [10, 20, 30])
    """
    try:
        import networkx as nx
    except ImportError:  # pragma: no cover
        nx = None
    if nx is not None and isinstance(graph, nx.Graph):
        if graph.is_directed():
            raise ValueError("graph must be undirected; got a directed graph (use graph.to_undirected())")
        if graph.is_multigraph():
            raise ValueError("graph must be a simple graph; got a multigraph (use networkx.Graph(graph))")
        edges = np.array(list(graph.edges()), dtype=object).reshape(-1, 2)
        if nodes is None:
            nodes = np.array(sorted(graph.nodes()))
    else:
        edges = np.asarray(graph)
        if edges.size == 0:
            edges = edges.reshape(0, 2)
        if edges.ndim != 2 or edges.shape[1] != 2:
            raise ValueError(f"graph must be a networkx Graph or an (m, 2) edge list; got shape {edges.shape}")
    loops = edges[:, 0] == edges[:, 1]
    if loops.any():
        raise ValueError(f"graph has {int(loops.sum())} self-loop(s), e.g. node {edges[loops][0, 0]!r}; "
                         "remove them first (link prediction scores pairs of distinct nodes)")
    nodes = np.unique(edges) if nodes is None else np.asarray(nodes)
    if nodes.size and np.unique(nodes).size != nodes.size:
        raise ValueError("nodes must not repeat a node id")
    order = np.argsort(nodes, kind="stable")
    idx = order[np.searchsorted(nodes[order], edges.ravel())] if edges.size else np.empty(0, dtype=np.int64)
    if edges.size and not np.array_equal(nodes[idx], edges.ravel()):
        raise ValueError("every edge end point must be in nodes")
    u, v = idx[0::2], idx[1::2]
    n = nodes.size
    A = sp.coo_matrix((np.ones(2 * u.size, dtype=np.int8), (np.r_[u, v], np.r_[v, u])), shape=(n, n)).tocsr()
    A.data[:] = 1  # repeated pairs collapse to one edge
    A.sort_indices()
    return A, nodes


def _check_adjacency(A):
    if not sp.issparse(A) or A.ndim != 2 or A.shape[0] != A.shape[1]:
        raise TypeError("A must be a square scipy sparse adjacency matrix (see undirected_adjacency)")
    A = sp.csr_matrix(A)
    if A.diagonal().any():
        raise ValueError("A must have no self-loops (a zero diagonal)")
    if (A != A.T).nnz:
        raise ValueError("A must be symmetric (an undirected graph)")
    B = A.astype(np.float64)
    B.data[:] = 1.0
    B.eliminate_zeros()
    return B


# ------------------------------------------------------------------------- predictors


def _without_diagonal(S):
    S = sp.csr_matrix(S)
    S.setdiag(0)
    S.eliminate_zeros()
    return S


def common_neighbors(A):
    """Common-neighbour counts ``|Γ(u) ∩ Γ(v)|`` of all pairs: the sparse matrix ``A @ A`` off the diagonal.

    Examples
    --------
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (0, 3), (3, 2)])
    >>> float(common_neighbors(A)[0, 2])
    2.0
    """
    A = _check_adjacency(A)
    return _without_diagonal(A @ A)


def snap_float_ties(values, *, rtol=1e-12):
    """Merge values that differ only by floating-point summation noise.

    Sums of the same terms added in different orders can differ in the last bits, which
    would split a true tie into several score levels and change tie-sensitive measures
    (average precision, AUPR). The sorted values are cut into runs whose consecutive
    gaps are at most ``rtol * max(1, |value|)``; every value of a run is replaced by the
    run's smallest. Distinct true scores closer than that are not expected from the
    predictors here.

    Examples
    --------
    >>> v = np.array([0.1 + 0.2, 0.3, 0.5])
    >>> v[0] == v[1], snap_float_ties(v)[0] == snap_float_ties(v)[1]
    (np.False_, np.True_)
    """
    v = np.asarray(values, dtype=float)
    if v.size < 2:
        return v.copy()
    order = np.argsort(v, kind="stable")
    sv = v[order]
    new_run = np.r_[True, np.diff(sv) > rtol * np.maximum(1.0, np.abs(sv[1:]))]
    starts = np.flatnonzero(new_run)
    out = np.empty_like(v)
    out[order] = np.repeat(sv[starts], np.diff(np.r_[starts, sv.size]))
    return out


def adamic_adar(A):
    """Adamic/Adar scores ``sum over common neighbours n of 1 / log|Γ(n)|`` of all pairs (sparse).

    A node of degree 1 is the neighbour of one node only and is never a common
    neighbour, so the logarithm is never 0. The sparse product adds the terms of
    different pairs in different orders, so pairs with the same common-neighbour degrees
    can differ in the last bits; the scores are passed through :func:`snap_float_ties`
    so that such pairs tie exactly.

    Examples
    --------
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (0, 3), (3, 2)])
    >>> round(float(adamic_adar(A)[0, 2]), 6)       # two common neighbours of degree 2: 2 / log 2
    2.88539
    """
    A = _check_adjacency(A)
    deg = np.asarray(A.sum(axis=1)).ravel()
    w = np.zeros_like(deg)
    w[deg > 1] = 1.0 / np.log(deg[deg > 1])
    S = _without_diagonal(A @ sp.diags(w) @ A)
    S.data = snap_float_ties(S.data)
    return S


def jaccard(A):
    """Jaccard coefficients ``|Γ(u) ∩ Γ(v)| / |Γ(u) ∪ Γ(v)|`` of all pairs (sparse; 0 where nothing is shared).

    Examples
    --------
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (0, 3), (3, 2), (2, 4)])
    >>> round(float(jaccard(A)[0, 2]), 4)          # shared {1, 3}, union {1, 3, 4}
    0.6667
    """
    A = _check_adjacency(A)
    cn = _without_diagonal(A @ A).tocoo()
    deg = np.asarray(A.sum(axis=1)).ravel()
    data = cn.data / (deg[cn.row] + deg[cn.col] - cn.data)
    return sp.csr_matrix((data, (cn.row, cn.col)), shape=cn.shape)


def preferential_attachment(A, pairs):
    """Degree products ``|Γ(u)| |Γ(v)|`` of the given pairs.

    The degree product of *all* pairs is a dense matrix; :func:`evaluate_all_pairs`
    evaluates it over all pairs exactly from the degree histogram instead.

    Parameters
    ----------
    A : sparse adjacency
    pairs : array_like of int, shape (m, 2)
        Row indices of ``A``.

    Examples
    --------
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (2, 3)])
    >>> preferential_attachment(A, [(0, 3), (1, 3)]).tolist()
    [1.0, 2.0]
    """
    A = _check_adjacency(A)
    pairs = _check_pairs(pairs, A.shape[0], "pairs")
    deg = np.asarray(A.sum(axis=1)).ravel()
    return deg[pairs[:, 0]] * deg[pairs[:, 1]]


def _check_weighted(W):
    if not sp.issparse(W) or W.ndim != 2 or W.shape[0] != W.shape[1]:
        raise TypeError("A must be a square scipy sparse (weighted) adjacency matrix")
    W = sp.csr_matrix(W, dtype=np.float64)
    if W.diagonal().any():
        raise ValueError("A must have no self-loops (a zero diagonal)")
    if (W.data < 0).any() or not np.isfinite(W.data).all():
        raise ValueError("A's weights must be finite and non-negative")
    if abs(W - W.T).max() > 0 if W.nnz else False:
        raise ValueError("A must be symmetric (an undirected graph)")
    W.eliminate_zeros()
    return W


def propflow(A, *, max_length=5, symmetrize="mean", chunk_size=2048):
    """PropFlow scores of all pairs within ``max_length`` hops (Lichtenwalter et al. 2010).

    PropFlow(u, v) is the probability mass that reaches ``v`` from ``u`` in a
    breadth-first, outward-moving flow: ``u`` starts with mass 1; at step ``k`` every node
    first reached at step ``k`` (its BFS level) divides the mass it holds among all its
    neighbours in proportion to the edge weights; a node receives mass from every
    neighbour that pushes, but pushes once, at its own level. The score of ``v`` is the
    mass it holds at the end.

    **The definition evalkit uses is level-synchronous**: a node pushes the mass it held
    when its level's step began. The authors' C++ implementation (LPmade) processes the
    nodes of a level one after another and lets a node push mass it received *during*
    the same step from an earlier-processed node of its own level, so its scores depend on
    the order of the nodes within a level whenever two nodes of one level are adjacent.
    The two definitions agree exactly when no edge joins two nodes of the same BFS level
    of the source (trees, bipartite graphs); a test checks both facts against a
    straightforward per-source implementation of each.

    Parameters
    ----------
    A : sparse symmetric matrix
        Adjacency; stored values are the edge weights (the transition probabilities are
        proportional to them). Use :func:`undirected_adjacency` for an unweighted graph.
    max_length : int, default 5
        Number of steps (LPmade's ``l``); pairs farther apart score 0.
    symmetrize : {'mean', None}, default 'mean'
        PropFlow is directional: PropFlow(u, v) != PropFlow(v, u) in general. ``'mean'``
        returns the symmetric matrix of the mean of the two orderings (the undirected
        score evaluated by :func:`evaluate_all_pairs`); ``None`` returns the directed scores,
        row = source.
    chunk_size : int
        Sources processed together (memory grows with ``chunk_size`` times the number of
        nodes within ``max_length`` hops).

    Returns
    -------
    scipy.sparse.csr_matrix, shape (n, n), zero diagonal

    Examples
    --------
    A path 0 - 1 - 2: from 0, node 1 receives 1 and passes it on, half back to 0, half
    to 2; from 2 the same, mirrored.

    >>> A, _ = undirected_adjacency([(0, 1), (1, 2)])
    >>> propflow(A, max_length=2, symmetrize=None).toarray()
    array([[0. , 1. , 0.5],
           [0.5, 0. , 0.5],
           [0.5, 1. , 0. ]])
    """
    W = _check_weighted(A)
    if isinstance(max_length, bool) or not isinstance(max_length, (int, np.integer)) or max_length < 1:
        raise ValueError(f"max_length must be a positive integer; got {max_length!r}")
    if symmetrize not in ("mean", None):
        raise ValueError(f"symmetrize must be 'mean' or None; got {symmetrize!r}")
    n = W.shape[0]
    out_weight = np.asarray(W.sum(axis=1)).ravel()
    inv = np.zeros(n)
    inv[out_weight > 0] = 1.0 / out_weight[out_weight > 0]
    P = sp.diags(inv) @ W  # row-stochastic where a node has neighbours
    blocks = []
    for lo in range(0, n, chunk_size):
        hi = min(n, lo + chunk_size)
        m = hi - lo
        start = sp.csr_matrix((np.ones(m), (np.arange(m), np.arange(lo, hi))), shape=(m, n))
        scores = start.copy()
        found = start.copy()
        frontier = start.copy()
        for _ in range(max_length):
            if frontier.nnz == 0:
                break
            flow = frontier.multiply(scores) @ P          # each frontier node pushes what it holds
            scores = (scores + flow).tocsr()
            reached = flow.copy()
            reached.data[:] = 1.0
            new = (reached - reached.multiply(found)).tocsr()  # first reached at this step
            new.eliminate_zeros()
            found = (found + new).tocsr()
            frontier = new
        scores = scores.tolil()
        scores[np.arange(m), np.arange(lo, hi)] = 0
        blocks.append(scores.tocsr())
    S = sp.vstack(blocks).tocsr()
    S.eliminate_zeros()
    return mean_of_orderings(S) if symmetrize == "mean" else S


def mean_of_orderings(S):
    """The symmetric score ``(S[u, v] + S[v, u]) / 2`` of a directional score matrix.

    One way (Yang et al., Section 3.4) of giving an undirected pair one score; the mean is
    passed through :func:`snap_float_ties` so that pairs whose two orderings sum to the
    same value in a different order tie exactly.

    Examples
    --------
    >>> S = sp.csr_matrix(np.array([[0, 1.0], [0.5, 0]]))
    >>> mean_of_orderings(S).toarray()
    array([[0.  , 0.75],
           [0.75, 0.  ]])
    """
    S = sp.csr_matrix(S)
    if S.shape[0] != S.shape[1]:
        raise ValueError(f"S must be square; got shape {S.shape}")
    M = ((S + S.T) * 0.5).tocsr()
    M.data = snap_float_ties(M.data)
    M.eliminate_zeros()
    return M


PREDICTORS = {"common_neighbors": common_neighbors, "adamic_adar": adamic_adar, "jaccard": jaccard,
              "preferential_attachment": preferential_attachment, "propflow": propflow}
"""The predictors :func:`evaluate_all_pairs` accepts by name."""


# ---------------------------------------------------------------------- task building


def _check_pairs(pairs, n, name):
    p = np.asarray(pairs)
    if p.size == 0:
        p = p.reshape(0, 2)
    if p.ndim != 2 or p.shape[1] != 2:
        raise ValueError(f"{name} must have shape (m, 2); got {p.shape}")
    if not np.issubdtype(p.dtype, np.integer):
        raise TypeError(f"{name} must hold integer row indices; got dtype {p.dtype}")
    if p.size and (p.min() < 0 or p.max() >= n):
        raise ValueError(f"{name} must be row indices in [0, {n}); got values in [{p.min()}, {p.max()}]")
    return p.astype(np.int64)


@dataclass(frozen=True)
class LinkPredictionTask:
    """A feature network and the links to predict.

    Attributes
    ----------
    adjacency : scipy.sparse.csr_matrix
        The feature network over ``nodes``.
    nodes : ndarray
        Original node ids of the rows.
    positives : ndarray of int, shape (m, 2)
        Candidate pairs (row indices, ``u < v``) linked in the label period, each once.
    n_new_node_pairs : int
        Pairs first linked in the label period with an end point absent from the feature
        network: not candidates (nothing can score them), counted here.
    n_repeated_pairs : int
        Label-period pairs that were already edges of the feature network: not candidates.
    """

    adjacency: sp.csr_matrix = field(repr=False)
    nodes: np.ndarray = field(repr=False)
    positives: np.ndarray = field(repr=False)
    n_new_node_pairs: int
    n_repeated_pairs: int

    @property
    def n_nodes(self):
        return int(self.nodes.size)

    @property
    def n_edges(self):
        return int(self.adjacency.nnz // 2)

    @property
    def n_candidates(self):
        n = self.n_nodes
        return n * (n - 1) // 2 - self.n_edges

    def __repr__(self):
        return (f"LinkPredictionTask(n_nodes={self.n_nodes}, n_edges={self.n_edges}, "
                f"n_positives={len(self.positives)}, n_candidates={self.n_candidates}, "
                f"n_new_node_pairs={self.n_new_node_pairs}, n_repeated_pairs={self.n_repeated_pairs})")


def temporal_task(events, split, end=None, *, start=None, new_nodes="exclude"):
    """Feature network from the events in ``[start, split)``, positives from ``[split, end)``.

    Directed events are read as undirected pairs; self-loop events are ignored; a pair
    occurring several times is one edge (or one positive). A label-period pair is a
    positive only if both nodes are in the feature network and the pair is not already
    an edge there; the others are counted in the task (``n_new_node_pairs``,
    ``n_repeated_pairs``), never silently lost.

    ``new_nodes="include"`` builds the candidates from the *testing* network instead
    (Yang et al., Section 5): the nodes first seen in the label period join the feature
    network as isolated nodes, so the pairs that involve them are candidates, and the
    ones linked in the label period are positives (``n_new_node_pairs`` is then 0).

    Parameters
    ----------
    events : evalkit.datasets.TemporalEdges
        E.g. ``load_temporal_edges("CollegeMsg")`` or ``load_condmat().pairwise()``.
    split : int
        First time of the label period (same unit as ``events.time``).
    end, start : int, optional
        End of the label period and start of the feature period (default: all).
    new_nodes : {'exclude', 'include'}, default 'exclude'
        Whether nodes absent from the feature network are left out of the candidates (the
        recommendation problem) or included as isolated nodes (the query problem).

    Returns
    -------
    LinkPredictionTask

    Examples
    --------
    >>> from evalkit.datasets import TemporalEdges
    >>> ev = TemporalEdges("toy", np.array([1, 2, 3, 1, 4, 2]), np.array([2, 3, 1, 4, 4, 1]),
    ...                    np.array([0, 1, 2, 5, 6, 7]))
    >>> task = temporal_task(ev, split=5)
    >>> task.nodes.tolist(), task.positives.tolist(), task.n_new_node_pairs, task.n_repeated_pairs
    ([1, 2, 3], [], 1, 1)
    """
    if end is not None and end <= split:
        raise ValueError(f"end must be after split; got split={split}, end={end}")
    if new_nodes not in ("exclude", "include"):
        raise ValueError(f"new_nodes must be 'exclude' or 'include'; got {new_nodes!r}")
    A, nodes = _feature_network(events, start, split)
    lab = events.between(split, end)
    if new_nodes == "include":
        r, c = sp.triu(A, k=1).nonzero()
        A, nodes = undirected_adjacency(np.stack([nodes[r], nodes[c]], axis=1),
                                        nodes=np.union1d(nodes, np.r_[lab.src, lab.dst]))
    return LinkPredictionTask(A, nodes, *_label_pairs(A, nodes, lab))


def _feature_network(events, start, split):
    feat = events.between(start, split)
    fu, fv = feat.src, feat.dst
    keep = fu != fv
    if not keep.any():
        raise ValueError("the feature period [start, split) holds no edge between distinct nodes")
    return undirected_adjacency(np.stack([fu[keep], fv[keep]], axis=1))


def _label_pairs(A, nodes, lab):
    """Positives (rows, u < v), new-node pairs and repeated pairs of label-period events."""
    lu, lv = lab.src, lab.dst
    keep = lu != lv
    pairs = np.unique(np.sort(np.stack([lu[keep], lv[keep]], axis=1), axis=1), axis=0)
    pairs = pairs.reshape(-1, 2)
    pos_u = np.searchsorted(nodes, pairs[:, 0])
    pos_v = np.searchsorted(nodes, pairs[:, 1])
    known = (pos_u < nodes.size) & (pos_v < nodes.size)
    known[known] &= (nodes[pos_u[known]] == pairs[known, 0]) & (nodes[pos_v[known]] == pairs[known, 1])
    u, v = pos_u[known], pos_v[known]
    linked = np.asarray(A[u, v]).ravel() > 0 if u.size else np.zeros(0, dtype=bool)
    positives = np.stack([u[~linked], v[~linked]], axis=1)
    return positives, int((~known).sum()), int(linked.sum())


# ------------------------------------------------------------------ geodesic distance


def _bfs_rows(A, sources):
    from scipy.sparse.csgraph import shortest_path

    return shortest_path(A, method="D", directed=False, unweighted=True, indices=sources)


def pair_distances(A, pairs, *, chunk_size=512):
    """Geodesic (hop) distance of each pair in the network ``A`` (``inf`` if disconnected).

    Examples
    --------
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (3, 4)])
    >>> pair_distances(A, [(0, 2), (0, 3)]).tolist()
    [2.0, inf]
    """
    A = _check_adjacency(A)
    pairs = _check_pairs(pairs, A.shape[0], "pairs")
    out = np.empty(pairs.shape[0])
    sources, inv = np.unique(pairs[:, 0], return_inverse=True)
    for lo in range(0, sources.size, chunk_size):
        block = _bfs_rows(A, sources[lo:lo + chunk_size])
        sel = (inv >= lo) & (inv < lo + chunk_size)
        out[sel] = block[inv[sel] - lo, pairs[sel, 1]]
    return out


@dataclass(frozen=True)
class DistanceCounts:
    """Candidate pairs and positives per geodesic distance.

    Attributes
    ----------
    distance : ndarray of float
        2, 3, ... and ``inf`` (pairs in different components) where any candidate lies.
    candidates : ndarray of int64
        Candidate pairs (non-edges) at each distance.
    positives : ndarray of int64
        Positives at each distance.
    """

    distance: np.ndarray
    candidates: np.ndarray
    positives: np.ndarray

    @property
    def negatives(self):
        return self.candidates - self.positives

    def as_dict(self):
        return {float(d): (int(c), int(p)) for d, c, p in zip(self.distance, self.candidates, self.positives)}


def distance_counts(A, positives, *, chunk_size=512):
    """Count the candidate pairs and the positives at each geodesic distance.

    Runs a breadth-first search from every node (in chunks of ``chunk_size`` sources, so
    memory stays at ``chunk_size x n`` distances); each unordered pair is counted once.

    Examples
    --------
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (2, 3), (4, 5)])
    >>> distance_counts(A, [(0, 2), (0, 4)]).as_dict()
    {2.0: (2, 1), 3.0: (1, 0), inf: (8, 1)}
    """
    A = _check_adjacency(A)
    n = A.shape[0]
    pos = _check_pairs(positives, n, "positives")
    hist = {}
    for lo in range(0, n, chunk_size):
        hi = min(n, lo + chunk_size)
        D = _bfs_rows(A, np.arange(lo, hi))
        upper = np.arange(n)[None, :] > np.arange(lo, hi)[:, None]
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


# ------------------------------------------------------------------ exact evaluation


@dataclass(frozen=True)
class PairEvaluation:
    """Threshold-curve areas of a predictor over every candidate pair.

    Attributes
    ----------
    auroc : float
        Area under the ROC curve, ties counting one half.
    average_precision : float
        Step-wise area under the PR curve (scikit-learn's ``average_precision_score``).
    aupr : float
        Area under the PR curve with Davis & Goadrich's interpolation (exact).
    n_positive, n_negative : int
    n_distinct_scores : int
        Tie groups the evaluation worked with (instead of ``n_positive + n_negative`` pairs).
    """

    auroc: float
    average_precision: float
    aupr: float
    n_positive: int
    n_negative: int
    n_distinct_scores: int


def _grouped_areas(pos_scores, neg_values, neg_counts):
    """AUROC, AP and Davis-Goadrich AUPR from positive scores and a negative score histogram."""
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


def _check_positive_pairs(A, positives):
    """Positives as sorted rows ``u < v``: candidate pairs of ``A``, each once."""
    n = A.shape[0]
    pos = np.sort(_check_pairs(positives, n, "positives"), axis=1)
    if (pos[:, 0] == pos[:, 1]).any():
        raise ValueError("positives must not contain self-pairs (u, u)")
    keys = _pair_keys(pos[:, 0], pos[:, 1], n)
    if np.unique(keys).size != keys.size:
        raise ValueError("positives must list each pair once ((u, v) and (v, u) are the same pair)")
    if pos.size and (np.asarray(A[pos[:, 0], pos[:, 1]]).ravel() > 0).any():
        raise ValueError("positives must be candidate pairs: some are already edges of A")
    return pos


def _draw_without_replacement(counts, k, rng):
    """How many of ``k`` items drawn uniformly without replacement fall in each bucket of ``counts``."""
    counts = np.asarray(counts, dtype=np.int64)
    total = int(counts.sum())
    if k == total:
        return counts.copy()
    if k < counts.size:
        # few draws, many buckets: draw k distinct items by index and bucket them
        idx = rng.choice(total, size=k, replace=False, shuffle=False)
        return np.bincount(np.searchsorted(np.cumsum(counts), idx, side="right"), minlength=counts.size)
    return rng.multivariate_hypergeometric(counts, k, method="marginals")


def _pair_keys(rows, cols, n):
    return rows.astype(np.int64) * n + cols.astype(np.int64)


@dataclass(frozen=True)
class ScoreHistogram:
    """Scores of all candidate pairs: the positives' scores, and the negatives' as a histogram.

    Attributes
    ----------
    positive_scores : ndarray of float
    negative_values : ndarray of float
        Distinct negative scores, increasing.
    negative_counts : ndarray of int64
        How many negative pairs have each value (all positive).
    """

    positive_scores: np.ndarray = field(repr=False)
    negative_values: np.ndarray = field(repr=False)
    negative_counts: np.ndarray = field(repr=False)

    @classmethod
    def from_unsorted(cls, positive_scores, values, counts):
        values = np.asarray(values, dtype=float)
        counts = np.asarray(counts, dtype=np.int64)
        if (counts < 0).any():
            raise ValueError("negative counts must be non-negative")
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
        return PairEvaluation(*_grouped_areas(self.positive_scores, self.negative_values, self.negative_counts))

    def _cumulative(self):
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
        _, tp, fp = self._cumulative()
        return np.r_[0.0, fp / fp[-1]], np.r_[0.0, tp / tp[-1]]

    def precision_recall_curve(self):
        """Recall and precision at every distinct score (descending thresholds), as :func:`evalkit.curves.precision_recall_curve`."""
        _, tp, fp = self._cumulative()
        return tp / tp[-1], tp / (tp + fp)

    def auroc_contributions(self):
        """For each negative score value, the fraction of positives it loses to (ties count one half).

        The AUROC is the mean of this quantity over all negatives (weighted by
        ``negative_counts``); on a uniform sample of the negatives it is the sample mean.
        """
        pos = np.sort(self.positive_scores)
        above = pos.size - np.searchsorted(pos, self.negative_values, side="right")
        tied = np.searchsorted(pos, self.negative_values, side="right") - np.searchsorted(pos, self.negative_values)
        return (above + 0.5 * tied) / pos.size

    def subsampled_auroc_variance(self, rate):
        """Exact variance of the AUROC when ``round(rate * n_negative)`` negatives are sampled uniformly.

        The sampled AUROC is the mean of :meth:`auroc_contributions` over a sample drawn
        without replacement, so its variance is ``sigma^2 / k * (N - k) / (N - 1)``, with
        ``sigma^2`` the variance of the contributions over all ``N`` negatives: Theorem 4.1
        of Yang et al. with the AUROC in place of a fixed-threshold rate (there the
        contributions are 0 or 1, and ``sigma^2 = C (N - C) / N^2``).
        """
        if isinstance(rate, bool) or not isinstance(rate, (int, float, np.floating)) or not 0 < rate <= 1:
            raise ValueError(f"rate must be a number in (0, 1]; got {rate!r}")
        g, w = self.auroc_contributions(), self.negative_counts.astype(float)
        N = w.sum()
        k = round(rate * N)
        if k == 0:
            raise ValueError(f"rate={rate} keeps no negative out of {int(N)}")
        mean = np.sum(w * g) / N
        sigma2 = np.sum(w * (g - mean) ** 2) / N
        return float(sigma2 / k * (N - k) / (N - 1)) if N > 1 else 0.0

    def subsample_negatives(self, rate, *, n_repeats=100, rng=None):
        """Evaluate on test sets that keep all positives and a uniform sample of the negatives.

        Each repetition draws ``round(rate * n_negative)`` negatives uniformly without
        replacement from all negative pairs, which is a multivariate hypergeometric draw
        over the histogram's score values: exact, with no pair enumerated. (When fewer
        negatives are drawn than there are score values, the negatives are drawn by index
        and bucketed, the same distribution at lower cost.)

        Parameters
        ----------
        rate : float in (0, 1]
            Fraction of the negatives kept (the paper's "negative class sample
            percentage" divided by 100).
        n_repeats : int
        rng : seed or Generator

        Returns
        -------
        list of PairEvaluation
        """
        from ._validation import check_positive_int

        if isinstance(rate, bool) or not isinstance(rate, (int, float, np.floating)) or not 0 < rate <= 1:
            raise ValueError(f"rate must be a number in (0, 1]; got {rate!r}")
        n_repeats = check_positive_int(n_repeats, "n_repeats")
        rng = np.random.default_rng(rng)
        k = int(round(rate * self.n_negative))
        if k == 0:
            raise ValueError(f"rate={rate} keeps no negative out of {self.n_negative}")
        out = []
        for _ in range(n_repeats):
            drawn = _draw_without_replacement(self.negative_counts, k, rng)
            keep = drawn > 0
            out.append(PairEvaluation(*_grouped_areas(self.positive_scores, self.negative_values[keep], drawn[keep])))
        return out


def sample_negative_pairs(A, positives, size, *, rng=None):
    """Draw ``size`` distinct negative pairs uniformly from all candidate negatives of ``A``.

    Candidate negatives are the non-edges of ``A`` that are not in ``positives``. Pairs
    are drawn uniformly among all unordered node pairs and rejected if they are an edge,
    a positive, a self-pair or already drawn, until ``size`` are kept; every candidate
    negative is equally likely and none appears twice.

    Returns
    -------
    ndarray of int64, shape (size, 2), each row ``u < v``

    Examples
    --------
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (2, 3), (3, 4)])
    >>> pairs = sample_negative_pairs(A, [(0, 2)], 3, rng=0)
    >>> pairs.shape, bool((pairs[:, 0] < pairs[:, 1]).all())
    ((3, 2), True)
    """
    A = _check_adjacency(A)
    n = A.shape[0]
    pos = np.sort(_check_pairs(positives, n, "positives"), axis=1)
    n_neg = n * (n - 1) // 2 - A.nnz // 2 - pos.shape[0]
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or not 0 <= size <= n_neg:
        raise ValueError(f"size must be an integer in [0, {n_neg}] (the candidate negatives); got {size!r}")
    rng = np.random.default_rng(rng)
    r, c = sp.triu(A, k=1).nonzero()
    forbidden = np.union1d(_pair_keys(r, c, n), _pair_keys(pos[:, 0], pos[:, 1], n))
    kept = np.empty(0, dtype=np.int64)
    while kept.size < size:
        m = int(1.2 * (size - kept.size)) + 16
        u, v = rng.integers(0, n, m), rng.integers(0, n, m)
        ok = u != v
        keys = _pair_keys(np.minimum(u, v)[ok], np.maximum(u, v)[ok], n)
        keys = keys[~np.isin(keys, forbidden)]
        # keep the first occurrence of each new key, in drawing order
        keys = keys[~np.isin(keys, kept)]
        _, first = np.unique(keys, return_index=True)
        kept = np.concatenate([kept, keys[np.sort(first)]])
    kept = kept[:size]
    return np.stack([kept // n, kept % n], axis=1)


def pair_scores(S, pairs):
    """The entries ``S[u, v]`` of a sparse score matrix for many pairs at once (0 where not stored).

    Examples
    --------
    >>> S = sp.csr_matrix(np.array([[0, 2.0], [2.0, 0]]))
    >>> pair_scores(S, [(0, 1), (1, 1)]).tolist()
    [2.0, 0.0]
    """
    S = sp.csr_matrix(S)
    pairs = _check_pairs(pairs, S.shape[0], "pairs")
    coo = S.tocoo()
    keys = _pair_keys(coo.row, coo.col, S.shape[1])
    order = np.argsort(keys)
    keys, data = keys[order], coo.data[order]
    want = _pair_keys(pairs[:, 0], pairs[:, 1], S.shape[1])
    if keys.size == 0:
        return np.zeros(want.size)
    i = np.minimum(np.searchsorted(keys, want), keys.size - 1)
    return np.where(keys[i] == want, data[i], 0.0)


def evaluate_all_pairs(A, positives, predictor):
    """Evaluate a predictor on every candidate pair of ``A`` exactly, without enumerating them.

    Parameters and rules as :func:`score_histogram`; equals ``score_histogram(...).evaluate()``.

    Returns
    -------
    PairEvaluation

    Examples
    --------
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (2, 3), (3, 4), (0, 2)])
    >>> r = evaluate_all_pairs(A, [(0, 3)], "common_neighbors")
    >>> r.n_positive, r.n_negative, r.auroc   # beats 2 negatives, ties 2: (2 + 2/2) / 4
    (1, 4, 0.75)
    """
    return score_histogram(A, positives, predictor).evaluate()


def score_histogram(A, positives, predictor):
    """The scores of every candidate pair of ``A``, as positive scores and a negative histogram.

    The negatives are never enumerated: their scores are counted per distinct value
    (see the module docstring).

    Parameters
    ----------
    A : sparse adjacency (see :func:`undirected_adjacency`)
        The feature network; its non-edges are the candidates.
    positives : array_like of int, shape (m, 2)
        Candidate pairs that are linked in the label period (row indices; each pair once,
        in either order; a pair that is an edge of ``A`` or a self-pair is an error).
    predictor : str or sparse matrix
        A name of :data:`PREDICTORS`, or a sparse symmetric score matrix (unstored pairs
        score 0, as do the neighbourhood predictors' pairs without a shared neighbour).

    Returns
    -------
    ScoreHistogram

    Examples
    --------
    >>> A, _ = undirected_adjacency([(0, 1), (1, 2), (2, 3), (3, 4), (0, 2)])
    >>> h = score_histogram(A, [(0, 3)], "common_neighbors")
    >>> h.positive_scores.tolist(), h.negative_values.tolist(), h.negative_counts.tolist()
    ([1.0], [0.0, 1.0], [2, 2])
    """
    A = _check_adjacency(A)
    n = A.shape[0]
    pos = _check_positive_pairs(A, positives)
    n_edges = A.nnz // 2
    n_candidates = n * (n - 1) // 2 - n_edges
    n_neg_total = n_candidates - pos.shape[0]

    if isinstance(predictor, str):
        if predictor not in PREDICTORS:
            raise ValueError(f"predictor must be one of {list(PREDICTORS)} or a sparse score matrix; got {predictor!r}")
        if predictor == "preferential_attachment":
            return _degree_product_histogram(A, pos, n_neg_total)
        S = PREDICTORS[predictor](A)
    else:
        if not sp.issparse(predictor) or predictor.shape != A.shape:
            raise TypeError(f"predictor must be a name or a sparse matrix of shape {A.shape}")
        S = sp.csr_matrix(predictor)
        if (S != S.T).nnz:
            raise ValueError("predictor matrix must be symmetric (undirected scores)")
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


FEATURES = ("common_neighbors", "adamic_adar", "jaccard", "preferential_attachment", "propflow")
"""The pair features of the supervised predictor, in column order."""


class _FeatureMaps:
    """The sparse score matrices of one network, computed once, and feature rows for any pairs."""

    def __init__(self, A, max_length):
        self.A = _check_adjacency(A)
        self.deg = np.asarray(self.A.sum(axis=1)).ravel()
        self.maps = [common_neighbors(self.A), adamic_adar(self.A), jaccard(self.A),
                     propflow(self.A, max_length=max_length)]

    def rows(self, pairs):
        cn, aa, jc, pf = (pair_scores(S, pairs) for S in self.maps)
        pa = self.deg[pairs[:, 0]] * self.deg[pairs[:, 1]]
        return np.column_stack([cn, aa, jc, pa, pf])


def supervised_score_histogram(train, test, *, model=None, max_length=3, negatives_per_positive=20, rng=None):
    """Score every candidate pair of ``test`` with a classifier trained on ``train``, as a histogram.

    The classifier sees the five features of :data:`FEATURES` (PropFlow with
    ``max_length`` steps). It is trained on the positives of the ``train`` task and a
    uniform sample of ``negatives_per_positive`` times as many of its negatives (training
    sets may be sampled; only the test set must not be). Every candidate pair of ``test``
    is then scored without enumerating all of them: pairs more than ``max_length`` hops
    apart have all neighbourhood features 0, so their score depends on the degree product
    alone and is computed once per degree-product value, for as many pairs as have it;
    the pairs within ``max_length`` hops (the stored entries of the PropFlow matrix) are
    scored one by one.

    Parameters
    ----------
    train, test : LinkPredictionTask
        E.g. features 1995-1998 / labels 1999, and features 1995-1999 / labels 2000.
    model : scikit-learn classifier, optional
        Default ``HistGradientBoostingClassifier(random_state=0)``; cloned before fitting.
    max_length : int, default 3
        At least 2, so that every pair with a common neighbour is "near".
    negatives_per_positive : int, default 20
    rng : seed or Generator
        For the training negatives.

    Returns
    -------
    ScoreHistogram
        Scores are the classifier's probability of the positive class.
    """
    from sklearn.base import clone
    from sklearn.ensemble import HistGradientBoostingClassifier

    from ._validation import check_positive_int

    negatives_per_positive = check_positive_int(negatives_per_positive, "negatives_per_positive")
    max_length = check_positive_int(max_length, "max_length", minimum=2)
    rng = np.random.default_rng(rng)
    model = clone(model) if model is not None else HistGradientBoostingClassifier(random_state=0)
    # --- training set: all positives, sampled negatives
    fm = _FeatureMaps(train.adjacency, max_length)
    n_train_neg = min(negatives_per_positive * len(train.positives),
                      train.n_candidates - len(train.positives))
    neg = sample_negative_pairs(train.adjacency, train.positives, int(n_train_neg), rng=rng)
    X = np.vstack([fm.rows(np.sort(train.positives, axis=1)), fm.rows(neg)])
    y = np.r_[np.ones(len(train.positives)), np.zeros(len(neg))]
    model.fit(X, y)
    # --- test: near pairs enumerated, far pairs grouped by degree product
    fm = _FeatureMaps(test.adjacency, max_length)
    A, n = fm.A, fm.A.shape[0]
    pos = np.sort(_check_pairs(test.positives, n, "positives"), axis=1)
    near = sp.triu(fm.maps[3], k=1).tocsr()
    near = (near - near.multiply(A)).tocsr()
    near.eliminate_zeros()
    r, c = near.nonzero()
    near_keys = _pair_keys(r, c, n)
    pos_keys = _pair_keys(pos[:, 0], pos[:, 1], n)
    is_pos_near = np.isin(near_keys, pos_keys)
    near_neg = np.stack([r[~is_pos_near], c[~is_pos_near]], axis=1)
    proba = lambda Z: model.predict_proba(Z)[:, list(model.classes_).index(1.0)]
    pos_scores = proba(fm.rows(pos))
    near_scores = proba(fm.rows(near_neg)) if near_neg.size else np.zeros(0)
    # far negatives: all negatives per degree product, minus the near ones
    all_neg = _degree_product_histogram(A, pos, test.n_candidates - pos.shape[0])
    far_values = all_neg.negative_values
    far_counts = all_neg.negative_counts.copy()
    near_pa = fm.deg[near_neg[:, 0]] * fm.deg[near_neg[:, 1]] if near_neg.size else np.zeros(0)
    v, cnt = np.unique(near_pa, return_counts=True)
    far_counts[np.searchsorted(far_values, v)] -= cnt
    keep = far_counts > 0
    far_rows = np.column_stack([np.zeros((keep.sum(), 3)), far_values[keep], np.zeros(keep.sum())])
    far_scores = proba(far_rows) if keep.any() else np.zeros(0)
    values = np.r_[near_scores, far_scores]
    counts = np.r_[np.ones(near_scores.size, dtype=np.int64), far_counts[keep]]
    return ScoreHistogram.from_unsorted(pos_scores, values, counts)


def _degree_product_histogram(A, pos, n_neg_total):
    deg = np.asarray(A.sum(axis=1)).ravel().astype(np.int64)
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
