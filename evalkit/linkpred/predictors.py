"""Link predictors on sparse adjacency matrices: neighbourhood, degree and PropFlow scores.

Every predictor takes the symmetric sparse adjacency matrix of the feature network (see
:func:`evalkit.graph.as_adjacency`) and returns the scores of all pairs as a sparse
``csr_array`` (pairs it does not store score 0), except preferential attachment, whose
all-pairs matrix is dense: it scores given pairs, and :func:`~evalkit.linkpred.score_histogram`
evaluates it over all pairs from the degree histogram, and :func:`hitting_time`, which returns
the dense matrix of the walk's expected hitting times (the score is their negative).
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from .._checks import Array, Boolean, Choice, Either, Integer, Real, checks
from ..graph import check_adjacency
from ._common import (check_pairs, pair_keys, pairs_constraint, snap_sorted_ties, snap_ties, sparse_constraint,
                      transposed_data)
from ._blocks import scorer
from ._propflow import propflow_rows

_SCORES = Either(sparse_constraint("a scipy sparse score matrix"), Array(ndim=2, kind="real"))

__all__ = ["PREDICTORS", "ScoreLookup", "adamic_adar", "common_neighbors", "hitting_time", "jaccard", "katz",
           "mean_of_orderings",
           "pair_scores", "preferential_attachment", "propflow", "rooted_pagerank", "snap_float_ties"]


def _without_diagonal(S):
    S = sp.csr_array(S)
    S.setdiag(0)
    S.eliminate_zeros()
    return S


@checks(A=sparse_constraint())
def common_neighbors(A):
    """Common-neighbour counts ``|Γ(u) ∩ Γ(v)|`` of all pairs: the sparse matrix ``A @ A`` off the diagonal.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network (see :func:`evalkit.graph.as_adjacency`).

    Returns
    -------
    scipy.sparse.csr_array, shape (n, n)
        The scores of all pairs (unstored pairs score 0), zero diagonal.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (0, 3), (3, 2)])
    >>> float(common_neighbors(A)[0, 2])
    2.0
    """
    A = check_adjacency(A)
    return _without_diagonal(A @ A)


@checks(values=Array(kind="real", finite=False, min_size=0), rtol=Real(0, None))
def snap_float_ties(values, *, rtol=1e-12):
    """Merge values that differ only by floating-point summation noise.

    Sums of the same terms added in different orders can differ in the last bits, which
    would split a true tie into several score levels and change tie-sensitive measures
    (average precision, AUPR). The sorted values are cut into runs whose consecutive
    gaps are at most ``rtol * max(1, |value|)``; every value of a run is replaced by the
    run's smallest. Distinct true scores closer than that are not expected from the
    predictors here.

    Parameters
    ----------
    values : array_like of float
        The scores (any shape; NaN is an error, infinities are kept).
    rtol : float, default 1e-12
        Relative gap up to which consecutive sorted values are one run.

    Returns
    -------
    ndarray of float
        ``values`` with every run replaced by its smallest value, same shape.

    Examples
    --------
    >>> v = np.array([0.1 + 0.2, 0.3, 0.5])
    >>> v[0] == v[1], snap_float_ties(v)[0] == snap_float_ties(v)[1]
    (np.False_, np.True_)
    """
    return snap_ties(values, rtol=rtol)


@checks(A=sparse_constraint())
def adamic_adar(A):
    """Adamic/Adar scores ``sum over common neighbours n of 1 / log|Γ(n)|`` of all pairs (sparse).

    A node of degree 1 is the neighbour of one node only and is never a common
    neighbour, so the logarithm is never 0. The sparse product adds the terms of
    different pairs in different orders, so pairs with the same common-neighbour degrees
    can differ in the last bits; the scores are passed through :func:`snap_float_ties`
    so that such pairs tie exactly.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network (see :func:`evalkit.graph.as_adjacency`).

    Returns
    -------
    scipy.sparse.csr_array, shape (n, n)
        The scores of all pairs (unstored pairs score 0), zero diagonal.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (0, 3), (3, 2)])
    >>> round(float(adamic_adar(A)[0, 2]), 6)       # two common neighbours of degree 2: 2 / log 2
    2.88539
    """
    A = check_adjacency(A)
    deg = A.sum(axis=1)
    w = np.zeros_like(deg)
    w[deg > 1] = 1.0 / np.log(deg[deg > 1])
    S = _without_diagonal(A @ sp.diags_array(w) @ A)
    S.data = snap_float_ties(S.data)
    return S


@checks(A=sparse_constraint())
def jaccard(A):
    """Jaccard coefficients ``|Γ(u) ∩ Γ(v)| / |Γ(u) ∪ Γ(v)|`` of all pairs (sparse; 0 where nothing is shared).

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network (see :func:`evalkit.graph.as_adjacency`).

    Returns
    -------
    scipy.sparse.csr_array, shape (n, n)
        The scores of all pairs (unstored pairs score 0), zero diagonal.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (0, 3), (3, 2), (2, 4)])
    >>> round(float(jaccard(A)[0, 2]), 4)          # shared {1, 3}, union {1, 3, 4}
    0.6667
    """
    A = check_adjacency(A)
    cn = _without_diagonal(A @ A).tocoo()
    deg = A.sum(axis=1)
    data = cn.data / (deg[cn.row] + deg[cn.col] - cn.data)
    return sp.csr_array((data, (cn.row, cn.col)), shape=cn.shape)


@checks(A=sparse_constraint(), pairs=pairs_constraint())
def preferential_attachment(A, pairs):
    """Degree products ``|Γ(u)| |Γ(v)|`` of the given pairs.

    The degree product of *all* pairs is a dense matrix; :func:`~evalkit.linkpred.evaluate_all_pairs`
    evaluates it over all pairs exactly from the degree histogram instead.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network.
    pairs : array_like of int, shape (m, 2)
        Row indices of ``A``.

    Returns
    -------
    ndarray of float, shape (m,)
        The degree product of each pair.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3)])
    >>> preferential_attachment(A, [(0, 3), (1, 3)]).tolist()
    [1.0, 2.0]
    """
    A = check_adjacency(A)
    pairs = check_pairs(pairs, A.shape[0], "pairs")
    deg = A.sum(axis=1)
    return deg[pairs[:, 0]] * deg[pairs[:, 1]]


@checks(A=sparse_constraint("a scipy sparse symmetric weight matrix"), max_length=Integer(1),
        symmetrize=Choice("mean", none=True), sources=Array(ndim=1, kind="integer", low=0, min_size=0, none=True))
def propflow(A, *, max_length=5, symmetrize="mean", sources=None):
    """PropFlow scores of all pairs within ``max_length`` hops (Lichtenwalter et al. 2010).

    PropFlow(u, v) is the probability mass that reaches ``v`` from ``u`` in a
    breadth-first, outward-moving flow, computed as the authors' own tool, LPmade
    (``PropFlowLinkPredictor::generateScore``), computes it: ``u`` starts with mass 1 and
    is the only node of the search list; at each of ``max_length`` steps the nodes of the
    list are taken in order, and each passes the mass it holds at that moment (with what
    it received earlier in the same step from a node before it in the list) to all its
    neighbours in proportion to the edge weights; every neighbour's score grows (nodes
    found before too), and the nodes found for the first time form the next list, in the
    order they were found. The score of ``v`` is the mass it holds at the end. Neighbours
    are taken in increasing node number, as LPmade takes them in increasing vertex number
    (it numbers the vertices in increasing order of the ids in its input file), so the
    scores depend on how the nodes are numbered wherever two nodes of one step's list are
    adjacent.

    The loop is compiled (Numba) and runs per source; a test compares it pair by pair with
    a plain transcription of LPmade's loop on random weighted and 0/1 graphs, directed and
    undirected.

    Parameters
    ----------
    A : sparse symmetric matrix
        Adjacency; stored values are the edge weights (the transition probabilities are
        proportional to them). Use :func:`evalkit.graph.as_adjacency` for an unweighted graph.
    max_length : int, default 5
        Number of steps (LPmade's ``l``); pairs farther apart score 0.
    symmetrize : {'mean', None}, default 'mean'
        PropFlow is directional: PropFlow(u, v) != PropFlow(v, u) in general. ``'mean'``
        returns the symmetric matrix of the mean of the two orderings (the undirected
        score evaluated by :func:`~evalkit.linkpred.evaluate_all_pairs`); ``None`` returns
        the directed scores, row = source.
    sources : array_like of int, optional
        Only the rows of these sources, in this order (row ``i`` holds the scores from
        ``sources[i]``), for evaluating a large network a block of sources at a time;
        needs ``symmetrize=None``. Default: every node, row = node.

    Returns
    -------
    scipy.sparse.csr_array, shape (n, n), zero diagonal
        (shape ``(len(sources), n)`` given ``sources``, the source's own score left out)
        12 bytes per pair within ``max_length`` hops (Condmat: 31.7 million pairs,
        0.38 GB). To evaluate PropFlow over all pairs without holding this matrix, give
        :func:`~evalkit.linkpred.evaluate_all_pairs` the name ``"propflow"``: it computes
        the rows in blocks within a memory budget.

    Examples
    --------
    A path 0 - 1 - 2: from 0, node 1 receives 1 and passes it on, half back to 0, half
    to 2; from 2 the same, mirrored.

    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2)])
    >>> propflow(A, max_length=2, symmetrize=None).toarray()
    array([[0. , 1. , 0.5],
           [0.5, 0. , 0.5],
           [0.5, 1. , 0. ]])

    The row of node 2 alone:

    >>> propflow(A, max_length=2, symmetrize=None, sources=[2]).toarray()
    array([[0.5, 1. , 0. ]])
    """
    W = check_adjacency(A, weighted=True)
    n = W.shape[0]
    if sources is None:
        sources = np.arange(n)
    else:
        if symmetrize is not None:
            raise ValueError("sources needs symmetrize=None (the mean of the orderings needs every row)")
        sources = np.asarray(sources, dtype=np.int64)
        if sources.size and sources.max() >= n:
            raise ValueError(f"sources must be node indices below {n} (the number of nodes); got {sources.max()}")
    indptr, indices, data = propflow_rows(W, sources, max_length)
    index = np.int32 if max(n, indptr[-1]) < np.iinfo(np.int32).max else np.int64
    S = sp.csr_array((data, indices.astype(index, copy=False), indptr.astype(index)), shape=(sources.size, n))
    return mean_of_orderings(S) if symmetrize == "mean" else S


@checks(S=_SCORES, overwrite_s=Boolean())
def mean_of_orderings(S, *, overwrite_s=False):
    """The symmetric score ``(S[u, v] + S[v, u]) / 2`` of a directional score matrix.

    One way (Yang et al., Section 3.4) of giving an undirected pair one score; the mean is
    passed through :func:`snap_float_ties` so that pairs whose two orderings sum to the
    same value in a different order tie exactly.

    Parameters
    ----------
    S : scipy sparse matrix or array_like, shape (n, n)
        Directional scores, row = source (e.g. ``propflow(A, symmetrize=None)``).
    overwrite_s : bool, default False
        Let the result take over ``S``'s arrays (its values are then overwritten), as
        scipy.linalg's ``overwrite_a``: where ``S`` is a canonical float CSR array whose
        pattern is symmetric (PropFlow's), this saves a copy of ``S`` (Condmat's PropFlow:
        0.38 GB); elsewhere ``S`` is left alone either way.

    Returns
    -------
    scipy.sparse.csr_array, shape (n, n)
        The symmetric mean score.

    Examples
    --------
    >>> S = sp.csr_array(np.array([[0, 1.0], [0.5, 0]]))
    >>> mean_of_orderings(S).toarray()
    array([[0.  , 0.75],
           [0.75, 0.  ]])
    """
    given = S
    S = sp.csr_array(S)
    if S.shape[0] != S.shape[1]:
        raise ValueError(f"S must be square; got shape {S.shape}")
    if not S.has_canonical_format:   # sorted indices, no duplicates (on a copy: the caller's is left alone)
        S = S.copy()
        S.sum_duplicates()
    data = transposed_data(S)
    if data is not None:
        # the same pattern both ways (PropFlow's reach is symmetric): the values are added in
        # place, and (a + b) / 2 is the same number at (u, v) and (v, u), so only the upper
        # triangle's values are snapped and each lower entry takes the snapped value of its
        # equal (the runs and their representatives are those of the whole matrix, where
        # each value appears twice): about half the memory of snapping every entry
        reuse = overwrite_s and sp.issparse(given) and S.data.dtype == np.float64
        if reuse:                                  # a + b == b + a: the same numbers either way
            S.data += data
            data = S.data
        else:
            data += S.data
        data *= 0.5
        rows = np.repeat(np.arange(S.shape[0], dtype=S.indices.dtype), np.diff(S.indptr))
        upper = data[S.indices >= rows]
        del rows
        upper.sort()
        snapped = snap_sorted_ties(upper)
        moved = snapped != upper                   # the values snapping changes
        old, first = np.unique(upper[moved], return_index=True)
        new = snapped[moved][first]
        del upper, snapped, moved
        if old.size:
            import pandas as pd

            lookup = pd.Index(old)                 # a hash table: one lookup per entry
            for lo in range(0, data.size, 1 << 22):
                part = data[lo:lo + (1 << 22)]
                at = lookup.get_indexer(part)
                hit = at >= 0
                part[hit] = new[at[hit]]
        M = sp.csr_array((data, S.indices if reuse else S.indices.copy(), S.indptr if reuse else S.indptr.copy()),
                         shape=S.shape)
    else:
        M = ((S + S.T) * 0.5).tocsr()
        M.data = snap_float_ties(M.data)
    M.eliminate_zeros()
    return M


@checks(A=sparse_constraint(), beta=Real(0, None, closed="neither"), max_length=Integer(1))
def katz(A, *, beta=0.005, max_length=5):
    """Truncated Katz scores ``sum over l = 1..max_length of beta^l (A^l)[u, v]`` of all pairs (sparse).

    The number of walks of each length ``l`` from ``u`` to ``v``, weighted by ``beta^l``
    and summed up to ``max_length`` (LPmade's Katz predictor, whose defaults these are:
    ``l = 5``, ``beta = 0.005``). Walks, not paths: a walk may revisit nodes. The walk
    counts are integers, exact in float64; their weighted sums are passed through
    :func:`snap_float_ties`. On a large network the rows of ``A^5`` are nearly dense: use
    :func:`~evalkit.linkpred.evaluate_all_pairs` with ``"katz"``, which computes the rows
    in blocks and never holds the matrix.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network (see :func:`evalkit.graph.as_adjacency`).
    beta : float, default 0.005
        Weight per step (> 0).
    max_length : int, default 5
        The longest walk counted.

    Returns
    -------
    scipy.sparse.csr_array, shape (n, n)
        The scores of all pairs (unstored pairs score 0), zero diagonal.

    Examples
    --------
    A path 0 - 1 - 2: one walk of length 2 from 0 to 2, none of length 3, two of length 4.

    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2)])
    >>> float(katz(A, beta=0.5, max_length=4)[0, 2])     # 0.5^2 + 2 * 0.5^4
    0.375
    """
    A = check_adjacency(A)
    S = _without_diagonal(scorer(A, "katz", beta=beta, max_length=max_length).rows(0, A.shape[0], 0))
    S.data = snap_float_ties(S.data)
    return S


@checks(A=sparse_constraint(), restart=Real(0, 1, closed="neither"), symmetrize=Choice("mean", none=True),
        tol=Real(0, 1, closed="neither"))
def rooted_pagerank(A, *, restart=0.15, symmetrize="mean", tol=1e-12):
    """Rooted PageRank of all pairs: where a random walk from ``u`` that restarts at ``u`` spends its time.

    ``RPR(u, v)`` is the stationary probability of ``v`` for a walk that at each step
    returns to ``u`` with probability ``restart`` and otherwise moves to a uniformly chosen
    neighbour (networkx's personalised :func:`networkx.pagerank` with ``alpha = 1 -
    restart``). LPmade estimates it by simulating the walk (visit counts, restart 0.15, its
    default here); evalkit computes it by power iteration, with a fixed number of steps
    that bounds the error of every score by ``tol``. The walk on an undirected graph is
    reversible, ``RPR(v, u) = RPR(u, v) d(u) / d(v)``, so the symmetric mean of the two
    orderings comes from one of them. The scores are dense (every pair of a connected
    component scores), so this is for networks of thousands of nodes; passed through
    :func:`snap_float_ties`.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network (see :func:`evalkit.graph.as_adjacency`).
    restart : float, default 0.15
        Probability of returning to the source at each step (in (0, 1)).
    symmetrize : {'mean', None}, default 'mean'
        ``'mean'``: ``(RPR(u, v) + RPR(v, u)) / 2``; ``None``: the directed scores, row = source.
    tol : float, default 1e-12
        Bound on the error of every score.

    Returns
    -------
    scipy.sparse.csr_array, shape (n, n)
        The scores of all pairs (pairs in different components score 0), zero diagonal.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2)])
    >>> S = rooted_pagerank(A, symmetrize=None)
    >>> round(float(S[0, 1]), 4), round(float(S[1, 0]), 4)    # RPR(1, 0) = RPR(0, 1) * 1 / 2
    (0.4595, 0.2297)
    """
    A = check_adjacency(A)
    s = scorer(A, "rooted_pagerank", restart=restart, symmetrize=symmetrize, tol=tol)
    S = _without_diagonal(s.rows(0, A.shape[0], 0))
    if symmetrize == "mean":  # each pair's mean from its row u < v, mirrored: exactly symmetric
        upper = sp.triu(S, k=1)
        S = sp.csr_array(upper + upper.T)
    S.data = snap_float_ties(S.data)
    return S


@checks(A=sparse_constraint("a scipy sparse symmetric weight matrix"))
def hitting_time(A):
    """Expected hitting times of a random walk: ``H[u, v]``, the mean number of steps from ``u`` to first reach ``v``.

    The walk moves from a node to a neighbour with probability proportional to the edge
    weight. As a link predictor the score of ``(u, v)`` is ``-H[u, v]`` (Liben-Nowell &
    Kleinberg 2007): a target reached quickly is a likely link. Hitting time is
    directional, ``H[u, v] != H[v, u]`` in general (Yang et al., Section 3.4, name it with
    PropFlow), while the commute time ``H[u, v] + H[v, u]`` is symmetric: it is the
    network's volume (the sum of the weighted degrees) times the effective resistance
    between ``u`` and ``v`` (Chandra et al. 1989).

    Computed exactly, per connected component, from the pseudo-inverse ``L+`` of the
    Laplacian ``L = D - W`` (Fouss et al. 2007): ``H[u, v] = x[u] - x[v] + vol (L+[v, v] -
    L+[u, v])`` with ``x = L+ d``. The matrix is dense and a component of ``m`` nodes costs
    O(m^3) time, so this is for networks of thousands of nodes.

    Parameters
    ----------
    A : sparse symmetric matrix
        Adjacency; stored values are the edge weights. Use :func:`evalkit.graph.as_adjacency`
        for an unweighted graph.

    Returns
    -------
    ndarray of float, shape (n, n)
        ``H[u, v]``, row = source: 0 on the diagonal, ``inf`` between components.

    Examples
    --------
    A path 0 - 1 - 2: from the middle, a walk needs 3 steps on average to reach an end; from
    an end, 4 to reach the other end.

    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2)])
    >>> hitting_time(A).round(6)
    array([[0., 1., 4.],
           [3., 0., 3.],
           [4., 1., 0.]])
    """
    W = check_adjacency(A, weighted=True)
    n = W.shape[0]
    H = np.full((n, n), np.inf)
    degree = np.asarray(W.sum(axis=1)).ravel()
    _, component = sp.csgraph.connected_components(W, directed=False)
    for nodes in np.split(np.argsort(component, kind="stable"), np.flatnonzero(np.diff(np.sort(component))) + 1):
        m, d = nodes.size, degree[nodes]
        L = np.diag(d) - W[nodes][:, nodes].toarray()
        pinv = np.linalg.inv(L + 1.0 / m) - 1.0 / m     # L + J/m is invertible; its inverse is L+ + J/m
        x = pinv @ d
        block = x[:, None] - x[None, :] + d.sum() * (np.diag(pinv)[None, :] - pinv)
        np.fill_diagonal(block, 0.0)
        H[np.ix_(nodes, nodes)] = block
    return H


PREDICTORS = {"common_neighbors": common_neighbors, "adamic_adar": adamic_adar, "jaccard": jaccard,
              "preferential_attachment": preferential_attachment, "propflow": propflow, "katz": katz,
              "rooted_pagerank": rooted_pagerank}
"""The predictors :func:`~evalkit.linkpred.evaluate_all_pairs` accepts by name."""


@checks(S=_SCORES, pairs=pairs_constraint())
def pair_scores(S, pairs):
    """The entries ``S[u, v]`` of a sparse score matrix for many pairs at once (0 where not stored).

    Parameters
    ----------
    S : scipy sparse matrix or array_like, shape (n, n)
        Scores, e.g. of a predictor of ``PREDICTORS``.
    pairs : array_like of int, shape (m, 2)
        Row and column indices.

    Returns
    -------
    ndarray of float, shape (m,)
        ``S[u, v]`` for each pair.

    Examples
    --------
    >>> S = sp.csr_array(np.array([[0, 2.0], [2.0, 0]]))
    >>> pair_scores(S, [(0, 1), (1, 1)]).tolist()
    [2.0, 0.0]
    """
    return ScoreLookup(S)(pairs)


@checks(S=_SCORES)
class ScoreLookup:
    """:func:`pair_scores` for many sets of pairs of one score matrix, its entries sorted once.

    ``ScoreLookup(S)(pairs)`` is ``pair_scores(S, pairs)``; looking up many test sets in one
    matrix sorts its stored entries once instead of at every call.

    Parameters
    ----------
    S : scipy sparse matrix or array_like, shape (n, n)
        Scores, e.g. of a predictor of ``PREDICTORS``.

    Examples
    --------
    >>> lookup = ScoreLookup(sp.csr_array(np.array([[0, 2.0], [2.0, 0]])))
    >>> lookup([(0, 1), (1, 1)]).tolist(), lookup([(1, 0)]).tolist()
    ([2.0, 0.0], [2.0])
    """

    def __init__(self, S):
        S = sp.csr_array(S)
        if S.shape[0] != S.shape[1]:
            raise ValueError(f"S must be square; got shape {S.shape}")
        self._n = S.shape[0]
        coo = S.tocoo()
        keys = pair_keys(coo.row, coo.col, S.shape[1])
        order = np.argsort(keys)
        self._keys, self._data = keys[order], coo.data[order]

    def __call__(self, pairs):
        """``S[u, v]`` for each pair ``(u, v)`` of ``pairs`` (0 where not stored), as :func:`pair_scores`."""
        pairs = check_pairs(pairs, self._n, "pairs")
        want = pair_keys(pairs[:, 0], pairs[:, 1], self._n)
        keys, data = self._keys, self._data
        if keys.size == 0:
            return np.zeros(want.size)
        i = np.minimum(np.searchsorted(keys, want), keys.size - 1)
        return np.where(keys[i] == want, data[i], 0.0)
