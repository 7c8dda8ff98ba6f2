"""Graphs as sparse adjacency matrices: the one converter, the one checker, BFS distances.

Every evalkit function that takes a network takes the symmetric sparse adjacency matrix
these helpers produce (a :class:`scipy.sparse.csr_array`, the modern sparse API: ``@`` is
the matrix product, ``*`` element-wise, sums are 1-D arrays).

* :func:`as_adjacency` turns a networkx graph, an edge list with any hashable node ids
  (numbers, strings, tuples, mixed), or a sparse matrix into ``(A, nodes)``: ``A`` the
  adjacency, ``nodes[i]`` the id of row ``i``.
* :func:`pair_indices` turns node-id pairs into row indices of ``A``: the one converter
  behind the ``nodes=`` argument of the link-prediction functions that take pairs.
* :func:`check_adjacency` validates an adjacency matrix a function was given.
* :func:`bfs_distance_blocks` runs breadth-first searches from many sources in chunks, so
  memory stays at ``chunk_size`` rows of distances whatever the size of the graph.
"""
from __future__ import annotations

import math

import numpy as np
import scipy.sparse as sp

from ._checks import (Anything, Array, Boolean, Choice, Constraint, Either, GraphLike, Instance, Integer, Text,
                      checks, describe_value)

__all__ = ["as_adjacency", "bfs_distance_blocks", "bfs_distances", "check_adjacency", "pair_indices"]

_DIRECTED = ("error", "symmetrize")


def _path_adjacency():
    """A valid example adjacency: the path 0 - 1 - 2."""
    return sp.csr_array(np.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]], dtype=float))


def _sparse_matrix():
    """Constraint: a scipy sparse matrix or array (squareness and the rest checked in the body)."""
    c = Instance(sp.sparray, sp.spmatrix, example=_path_adjacency)
    c.description = "a scipy sparse adjacency matrix (see evalkit.graph.as_adjacency)"
    return c


_SOURCES = Array(ndim=1, kind="integer", low=0, min_size=0)


class NodeIds(Constraint):
    """Argument check: node ids (numbers, strings, tuples: any hashable but NaN), or ``(u, v)`` pairs of them.

    An array is read along its first axis: a 1-D array holds ids, an ``(m, 2)`` array ``m``
    pairs. Any other sequence (a list, a networkx node or edge view) is iterated, so a list
    of tuples holds tuple ids (``pairs=False``) or pairs (``pairs=True``). Whether the ids
    are known (and row indices in range) is checked by the function.

    A constraint for ``@checks`` (:mod:`evalkit._checks`), declared by the node-id
    arguments here and in :mod:`evalkit.linkpred`; not in ``__all__`` (no user API).
    """

    def __init__(self, *, pairs=False, min_size=0, none=False):
        self.pairs, self.min_size, self.none = pairs, min_size, none
        self.description = ("a sequence of (u, v) pairs of hashable node ids (an (m, 2) array or a list of 2-tuples)"
                            if pairs else "a sequence of hashable node ids (a 1-D array or a list)")
        if min_size:
            self.description += f" with at least {min_size} entr{'y' if min_size == 1 else 'ies'}"

    def _shaped(self, arr):
        if self.pairs and arr.size == 0:
            arr = arr.reshape(0, 2)
        return arr.ndim == (2 if self.pairs else 1) and (not self.pairs or arr.shape[1] == 2)

    def check(self, value, name):
        # unordered containers are refused; callables are not (networkx's edge views are callable)
        if (isinstance(value, (str, bytes, dict, set, frozenset))
                or not hasattr(value, "__len__") or not hasattr(value, "__iter__")):
            self.fail(name, value, TypeError)
        arr = value if isinstance(value, np.ndarray) else None
        if arr is None:
            try:
                arr = np.asarray(value)
            except (TypeError, ValueError):  # ragged: ids or pairs of different lengths
                arr = None
            if arr is not None and (arr.dtype == object or not self._shaped(arr)):
                arr = None  # iterate instead (e.g. a list of tuple ids, an edge view)
        elif not self._shaped(arr):
            self.fail(name, value, detail=f"shape {arr.shape}")
        if arr is not None:
            n, ids = arr.shape[0], arr.ravel()
        else:
            items = list(value)
            n, ids = len(items), items
            if self.pairs:
                for item in items:
                    if isinstance(item, (str, bytes)) or not hasattr(item, "__len__") or len(item) != 2:
                        self.fail(name, value, detail=f"{describe_value(item)} is not a pair (u, v)")
                ids = [x for item in items for x in item]
        if n < self.min_size:
            self.fail(name, value, detail="too few entries")
        if isinstance(ids, np.ndarray) and ids.dtype != object:
            if ids.dtype.kind in "fc" and np.isnan(ids).any():
                self.fail(name, value, detail="NaN is not a node id")
            return
        for x in ids:
            try:
                hash(x)
            except TypeError:
                self.fail(name, value, TypeError, detail=f"node id {describe_value(x)} is not hashable")
            if isinstance(x, (float, np.floating)) and math.isnan(x):
                self.fail(name, value, detail="NaN is not a node id")

    def invalid(self):
        bad = super().invalid() + [("abc", "a string"), (len, "a function")]
        if self.pairs:
            bad += [(np.array([[np.nan, 1.0], [0.0, 2.0]]), "NaN"), (np.ones((2, 3)), "not pairs"),
                    ([(0, 1, 2)], "a triple"), ([([0], 1)], "an unhashable id")]
        else:
            bad += [(np.array([np.nan, 1.0]), "NaN"), (np.ones((2, 2)), "2-D"), ([[0], [1]], "unhashable ids")]
        if self.min_size:
            bad.append((np.empty((0, 2) if self.pairs else 0), "empty"))
        return bad

    def generic_valid(self):
        return np.array([[0, 2], [1, 3]]) if self.pairs else np.arange(4)


def _edge_array(edges):
    edges = np.asarray(edges)
    if edges.size == 0:
        edges = edges.reshape(0, 2)
    if edges.ndim != 2 or edges.shape[1] != 2:
        raise ValueError(f"graph must be a networkx graph, a sparse matrix or an (m, 2) edge list; "
                         f"got an array of shape {edges.shape}")
    return edges


def _id_array(ids):
    """Node ids as a 1-D array: numbers or strings where all ids are, else an object array.

    A list of tuples stays one id per entry (never a 2-D array), and mixed ids such as
    ``[1, "a"]`` keep their types (NumPy alone would turn ``1`` into ``"1"``).
    """
    ids = list(ids)
    try:
        arr = np.asarray(ids)
    except (TypeError, ValueError):
        arr = None
    if arr is not None and arr.ndim == 1 and (
            arr.dtype.kind in "biuf"
            or (arr.dtype.kind == "U" and all(isinstance(x, str) for x in ids))
            or (arr.dtype.kind == "S" and all(isinstance(x, bytes) for x in ids))):
        return arr
    return np.fromiter(ids, dtype=object, count=len(ids))


def _pair_array(pairs, name):
    """``(m, 2)`` array of node-id pairs (a number or string array where every id is one, else objects)."""
    if isinstance(pairs, np.ndarray):
        arr = pairs.reshape(0, 2) if pairs.size == 0 else pairs
        if arr.ndim != 2 or arr.shape[1] != 2:
            raise ValueError(f"{name} must be an (m, 2) array of node-id pairs; got an array of shape {pairs.shape}")
        return arr
    try:
        arr = np.asarray(pairs)
    except (TypeError, ValueError):  # ragged: e.g. tuple ids of different lengths
        arr = None
    if arr is not None and arr.ndim == 2 and arr.shape[1] == 2 and arr.dtype.kind in "biuf":
        return arr  # numbers only (NumPy turns a mix of numbers and strings into strings: not here)
    items = [tuple(p) for p in pairs]
    if any(len(p) != 2 for p in items):
        bad = next(p for p in items if len(p) != 2)
        raise ValueError(f"{name} must hold (u, v) pairs of node ids; got {bad!r}")
    flat = _id_array([x for p in items for x in p])
    return flat.reshape(len(items), 2)


def _comparable(a, b):
    """Whether two non-object id arrays can be matched by sorting (both numbers, or both strings)."""
    kinds = {a.dtype.kind, b.dtype.kind}
    return kinds <= set("biuf") or kinds in ({"U"}, {"S"})


def _positions(ids, nodes):
    """Row of each id of the 1-D array ``ids`` in ``nodes`` (ids are matched by equality and hash); -1 where unknown."""
    if ids.dtype != object and nodes.dtype != object and _comparable(ids, nodes):
        if nodes.size == 0:
            return np.full(ids.size, -1, dtype=np.int64)
        order = np.argsort(nodes, kind="stable")
        idx = order[np.minimum(np.searchsorted(nodes[order], ids), nodes.size - 1)]
        return np.where(nodes[idx] == ids, idx, -1).astype(np.int64)
    lookup = {x: i for i, x in enumerate(nodes.tolist())}
    return np.fromiter((lookup.get(x, -1) for x in ids.tolist()), dtype=np.int64, count=ids.size)


def _check_unique(nodes):
    n_distinct = np.unique(nodes).size if nodes.dtype != object else len(set(nodes.tolist()))
    if n_distinct != nodes.size:
        raise ValueError("nodes must not repeat a node id")


def _sorted_if_comparable(ids):
    """The ids sorted where Python can compare them all, else in the order given."""
    try:
        return sorted(ids)
    except TypeError:  # e.g. ints mixed with strings
        return list(ids)


def _unknown_text(ids, pos, what):
    """``'2 unknown ids: 'a', (0, 1)'``: the distinct ids that ``pos`` did not find (three shown)."""
    missing = list(dict.fromkeys(ids[pos < 0].tolist()))
    shown = ", ".join(repr(x) for x in missing[:3]) + (", ..." if len(missing) > 3 else "")
    return f"{len(missing)} {what} id{'s' if len(missing) > 1 else ''}: {shown}"


@checks(pairs=NodeIds(pairs=True), nodes=NodeIds(), name=Text())
def pair_indices(pairs, nodes, *, name="pairs"):
    """Row indices of node-id pairs: the ``(m, 2)`` array that evalkit's pair arguments take.

    The one converter from node ids to rows, used by the link-prediction functions whose
    ``nodes=`` is given (e.g. :func:`evalkit.linkpred.evaluate_all_pairs`).

    Parameters
    ----------
    pairs : array_like, shape (m, 2), or sequence of (u, v) pairs
        Node-id pairs: an ``(m, 2)`` array, or any sequence of 2-tuples of hashable ids
        (tuples, strings, numbers, mixed), e.g. ``list(G.edges())``.
    nodes : array_like or sequence
        The node id of each row, e.g. the ``nodes`` returned by :func:`as_adjacency`. Ids
        match by equality (as in a dict or a networkx graph: ``1 == 1.0``).
    name : str, default 'pairs'
        The argument's name, for error messages.

    Returns
    -------
    ndarray of int64, shape (m, 2)
        ``nodes[out]`` gives back the ids of ``pairs``.

    Examples
    --------
    >>> import networkx as nx
    >>> A, nodes = as_adjacency(nx.grid_2d_graph(2, 2))
    >>> nodes.tolist()
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    >>> pair_indices([((0, 0), (1, 1)), ((0, 1), (1, 0))], nodes).tolist()
    [[0, 3], [1, 2]]
    >>> pair_indices([(0, "b")], [0, "a"], name="positives")
    Traceback (most recent call last):
    ...
    ValueError: positives must hold ids of nodes; 1 unknown id: 'b'
    """
    nodes = _id_array(nodes)
    _check_unique(nodes)
    arr = _pair_array(pairs, name)
    ids = arr.ravel()
    pos = _positions(ids, nodes)
    if (pos < 0).any():
        raise ValueError(f"{name} must hold ids of nodes; {_unknown_text(ids, pos, 'unknown')}")
    return pos.reshape(-1, 2)


@checks(graph=Either(GraphLike(), NodeIds(pairs=True)),
        nodes=NodeIds(none=True),
        directed=Choice(*_DIRECTED),
        weight=Text(none=True),
        dtype=Instance(type, np.dtype, str, example=float))
def as_adjacency(graph, *, nodes=None, directed="error", weight=None, dtype=np.int8):
    """Symmetric sparse adjacency matrix of a graph, and the node id of each row.

    Parameters
    ----------
    graph : networkx.Graph, scipy sparse matrix, or edge list
        A networkx graph (a multigraph is an error: ``networkx.Graph(G)`` first), a square
        sparse matrix (its rows are the nodes ``0 .. n-1``), or an edge list: an ``(m, 2)``
        array or a sequence of ``(u, v)`` pairs (e.g. ``list(G.edges())``) of node ids of
        any hashable type (numbers, strings, tuples, mixed). In an edge list a pair may
        appear more than once (repeated events): it is one edge. Self-loops (an edge from a
        node to itself) are an error in graphs and edge lists and are dropped from matrices.
    nodes : array_like or sequence, optional
        Node ids fixing the order of the rows. Every node of a networkx graph and every end
        point of an edge list must be among them (an error naming ``nodes`` otherwise);
        ids not in the graph are isolated rows. Not allowed with a matrix. Default: the
        ids sorted where Python can compare them all (numbers, strings, tuples of those);
        otherwise (e.g. ints mixed with strings) the graph's own node order
        (``list(G.nodes)``), or the order of first appearance in the edge list (row by row,
        ``u`` before ``v``).
    directed : {'error', 'symmetrize'}, default 'error'
        What to do with a directed graph or an asymmetric matrix: refuse it, or count a
        link either way (weights: the larger of the two directions).
    weight : str, optional
        Edge attribute holding the weight (networkx graphs; 1 where absent). Default: an
        unweighted 0/1 matrix. Sparse matrices keep their values when ``weight`` is given.
    dtype : numpy dtype, default int8
        Type of the matrix entries (float is used for weights whatever is given).

    Returns
    -------
    A : scipy.sparse.csr_array, shape (n, n)
        Symmetric, zero diagonal, sorted indices, no explicit zeros.
    nodes : ndarray, shape (n,)
        ``nodes[i]`` is the id of row ``i``: a number or string array where every id is one,
        else an object array (tuple or mixed ids). :func:`pair_indices` turns node-id pairs
        into rows of ``A``.

    Examples
    --------
    >>> A, nodes = as_adjacency([(10, 20), (20, 30), (20, 10)])
    >>> A.toarray().tolist(), nodes.tolist()
    ([[0, 1, 0], [1, 0, 1], [0, 1, 0]], [10, 20, 30])
    >>> import networkx as nx
    >>> G = nx.DiGraph([("a", "b"), ("b", "a"), ("b", "c")])
    >>> A, nodes = as_adjacency(G, directed="symmetrize", dtype=float)
    >>> A.toarray().tolist(), nodes.tolist()
    ([[0.0, 1.0, 0.0], [1.0, 0.0, 1.0], [0.0, 1.0, 0.0]], ['a', 'b', 'c'])

    Tuple ids (a grid) are sorted; ids that cannot be compared keep their first appearance:

    >>> A, nodes = as_adjacency(nx.grid_2d_graph(2, 2))
    >>> nodes.tolist(), int(A.sum())
    ([(0, 0), (0, 1), (1, 0), (1, 1)], 8)
    >>> A, nodes = as_adjacency([("b", 1), (1, (0, 0))])
    >>> nodes.tolist()
    ['b', 1, (0, 0)]
    """
    if weight is not None:
        dtype = np.float64
    if sp.issparse(graph):
        if nodes is not None:
            raise ValueError("nodes must be None when graph is a matrix (its rows are the nodes 0..n-1)")
        if graph.ndim != 2 or graph.shape[0] != graph.shape[1]:
            raise ValueError(f"graph as a matrix must be square; got shape {graph.shape}")
        A = sp.csr_array(graph, dtype=np.float64)
        if weight is None:
            A = (A != 0).astype(np.float64)
        if directed == "error" and (abs(A - A.T) > 0).nnz:
            raise ValueError("graph must be symmetric (an undirected graph); got an asymmetric matrix "
                             "(use directed='symmetrize' to count a link either way)")
        A = A.maximum(A.T).tocsr()
        A.setdiag(0)
        A.eliminate_zeros()
        A.sort_indices()
        return sp.csr_array(A, dtype=dtype), np.arange(A.shape[0])
    try:
        import networkx as nx
    except ImportError:  # pragma: no cover - networkx is a dependency
        nx = None
    weights = None
    graph_nodes = None
    if nx is not None and isinstance(graph, nx.Graph):
        if graph.is_multigraph():
            raise ValueError("graph must be a simple graph; got a multigraph (use networkx.Graph(graph))")
        if graph.is_directed() and directed == "error":
            raise ValueError("graph must be undirected; got a directed graph "
                             "(use graph.to_undirected(), or directed='symmetrize')")
        edges = _pair_array(list(graph.edges()), "graph")
        if weight is not None:
            weights = np.array([d.get(weight, 1.0) for _, _, d in graph.edges(data=True)], dtype=float)
        graph_nodes = _id_array(graph.nodes())
        if nodes is None:
            nodes = _id_array(_sorted_if_comparable(graph_nodes.tolist()))
    else:
        if weight is not None:
            raise ValueError("weight applies to networkx graphs and sparse matrices, not to edge lists")
        if isinstance(graph, np.ndarray):
            edges = _edge_array(graph)
        else:
            edges = _pair_array(graph, "graph")
        if nodes is None:
            flat = edges.ravel()
            if flat.dtype != object:
                nodes = np.unique(flat)
            else:  # first appearance, then sorted if the ids can all be compared
                nodes = _id_array(_sorted_if_comparable(list(dict.fromkeys(flat.tolist()))))
    nodes = _id_array(nodes)
    _check_unique(nodes)
    if graph_nodes is not None and graph_nodes.size:
        pos = _positions(graph_nodes, nodes)
        if (pos < 0).any():
            raise ValueError(f"nodes must hold every node of graph; {_unknown_text(graph_nodes, pos, 'missing')}")
    ids = edges.ravel()
    pos = _positions(ids, nodes)
    if (pos < 0).any():
        raise ValueError(f"nodes must hold every edge end point of graph; {_unknown_text(ids, pos, 'missing')}")
    u, v = pos[0::2], pos[1::2]
    loops = u == v
    if loops.any():
        raise ValueError(f"graph has {int(loops.sum())} self-loop(s), e.g. node {nodes[u[loops][:1]].tolist()[0]!r}; "
                         "remove them first")
    n = nodes.size
    w = np.ones(u.size) if weights is None else weights
    A = sp.coo_array((np.r_[w, w], (np.r_[u, v], np.r_[v, u])), shape=(n, n)).tocsr()
    if weights is None:
        A.data[:] = 1.0  # repeated pairs collapse to one edge
    else:  # both directions were added (and a pair listed twice): keep the larger weight
        B = sp.coo_array((w, (u, v)), shape=(n, n)).tocsr()
        A = B.maximum(B.T).tocsr()
    A.eliminate_zeros()
    A.sort_indices()
    return sp.csr_array(A, dtype=dtype), nodes


@checks(A=Anything("checked in the body, whose message names the caller's argument (name=)"), name=Text(),
        weighted=Boolean())
def check_adjacency(A, *, name="A", weighted=False):
    """Validate a symmetric sparse adjacency matrix; return it as a float ``csr_array``.

    Parameters
    ----------
    A : scipy sparse matrix or array
        Square, symmetric, zero diagonal (see :func:`as_adjacency`).
    name : str, default 'A'
        The argument's name, for error messages.
    weighted : bool, default False
        Keep the entries (non-negative weights) or return the 0/1 pattern.

    Returns
    -------
    scipy.sparse.csr_array of float64, sorted indices, no explicit zeros

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> check_adjacency(sp.csr_array([[0, 2], [2, 0]])).toarray().tolist()
    [[0.0, 1.0], [1.0, 0.0]]
    >>> check_adjacency(sp.csr_array([[0, 1], [0, 0]]))
    Traceback (most recent call last):
    ...
    ValueError: A must be symmetric (an undirected graph)
    """
    if not sp.issparse(A) or A.ndim != 2 or A.shape[0] != A.shape[1]:
        raise TypeError(f"{name} must be a square scipy sparse adjacency matrix (see evalkit.graph.as_adjacency); "
                        f"got {type(A).__name__}{getattr(A, 'shape', '')}")
    B = sp.csr_array(A, dtype=np.float64, copy=True)  # never modify the caller's matrix
    B.sum_duplicates()
    if not np.isfinite(B.data).all():
        raise ValueError(f"{name} must have finite entries")
    if B.diagonal().any():
        raise ValueError(f"{name} must have no self-loops (a zero diagonal)")
    if (B != B.T).nnz:
        raise ValueError(f"{name} must be symmetric (an undirected graph)")
    if weighted:
        if (B.data < 0).any():
            raise ValueError(f"{name} must have non-negative weights")
    else:
        B.data[:] = 1.0 * (B.data != 0)
    B.eliminate_zeros()
    B.sort_indices()
    return B


@checks(A=_sparse_matrix(), sources=_SOURCES)
def bfs_distances(A, sources):
    """Hop distances from each source to every node (``inf`` where unreachable).

    Parameters
    ----------
    A : scipy sparse matrix
        Sparse adjacency (see :func:`as_adjacency`).
    sources : array_like of int
        Row indices of the nodes to start from.

    Returns
    -------
    ndarray of float, shape (len(sources), n)

    Examples
    --------
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (3, 4)])
    >>> bfs_distances(A, [0]).tolist()
    [[0.0, 1.0, 2.0, inf, inf]]
    """
    sources = np.asarray(sources, dtype=np.int64)
    if sources.size == 0:
        return np.empty((0, A.shape[0]))
    if sources.max() >= A.shape[0]:
        raise ValueError(f"sources must be row indices in [0, {A.shape[0]}); got a maximum of {sources.max()}")
    B = sp.csr_array(A)
    if (B != B.T).nnz:  # a directed pattern: its edges in either direction, as scipy's directed=False
        B = sp.csr_array(abs(B) + abs(B.T))
    out = np.empty((sources.size, A.shape[0]))
    for lo in range(0, sources.size, _BFS_WIDTH):
        out[lo:lo + _BFS_WIDTH] = _bit_parallel_bfs(B.indptr, B.indices, sources[lo:lo + _BFS_WIDTH])
    return out


_BFS_WIDTH = 1024  # sources searched together: one bit each in 16 words per node


def _bit_parallel_bfs(indptr, indices, sources):
    """Hop distances from every source at once: one bit per source in each node's frontier words.

    A level of all the searches together is one gather of the frontier words over the
    stored entries and one OR per row (``np.bitwise_or.reduceat``). A node is reached from
    a source at exactly one level, so the levels are kept as bit planes (plane ``p`` holds
    the pairs whose level has bit ``p`` set) and unpacked into distances once at the end.
    The same distances as ``scipy.sparse.csgraph.shortest_path(..., unweighted=True)``
    (every stored entry an edge).
    """
    n, k = indptr.size - 1, sources.size
    words = -(-k // 64)
    bit = np.zeros((k, words), np.uint64)
    bit[np.arange(k), np.arange(k) // 64] = np.uint64(1) << (np.arange(k) % 64).astype(np.uint64)
    frontier = np.zeros((n, words), np.uint64)
    np.bitwise_or.at(frontier, sources, bit)
    visited = frontier.copy()
    planes = []
    rows = np.flatnonzero(np.diff(indptr) > 0)  # reduceat needs non-empty segments
    level = 0
    while rows.size:
        level += 1
        reached = np.zeros_like(frontier)
        reached[rows] = np.bitwise_or.reduceat(frontier[indices], indptr[rows], axis=0)
        reached &= ~visited
        if not reached.any():
            break
        visited |= reached
        while level >> len(planes):
            planes.append(np.zeros_like(frontier))
        for p, plane in enumerate(planes):
            if level >> p & 1:
                plane |= reached
        frontier = reached

    def unpack(bits):  # (n, words) uint64 -> (n, k) 0/1: bit s of node v is entry (v, s)
        return np.unpackbits(bits.astype("<u8", copy=False).view(np.uint8), axis=1, bitorder="little")[:, :k]

    level_of = np.zeros((n, k), np.uint8 if len(planes) <= 8 else np.uint32)
    for p, plane in enumerate(planes):
        level_of |= unpack(plane).astype(level_of.dtype) << p
    distance = level_of.T.astype(float)
    distance[unpack(visited).T == 0] = np.inf
    return distance


@checks(A=_sparse_matrix(), sources=Array(ndim=1, kind="integer", low=0, min_size=0, none=True),
        chunk_size=Integer(1))
def bfs_distance_blocks(A, sources=None, *, chunk_size=512, progress=False):
    """Breadth-first searches from many sources, ``chunk_size`` sources at a time.

    Parameters
    ----------
    A : scipy sparse matrix
        Sparse adjacency (see :func:`as_adjacency`).
    sources : array_like of int, optional
        Default: every node, in order.
    chunk_size : int, default 512
        Sources per block: memory is ``chunk_size * n`` distances.
    progress : bool, default False
        Show a progress bar over the blocks.

    Returns
    -------
    iterator of tuple
        Pairs ``(block_sources, distances)``: the block's sources (ndarray of int) and
        their distances (ndarray of float, shape ``(len(block_sources), n)``). The
        arguments are checked when the function is called, before the first block.

    Examples
    --------
    >>> A, _ = as_adjacency([(0, 1), (1, 2)])
    >>> [(s.tolist(), d.tolist()) for s, d in bfs_distance_blocks(A, chunk_size=2)]
    [([0, 1], [[0.0, 1.0, 2.0], [1.0, 0.0, 1.0]]), ([2], [[2.0, 1.0, 0.0]])]
    """
    n = A.shape[0]
    sources = np.arange(n) if sources is None else np.asarray(sources, dtype=np.int64)
    if sources.size and sources.max() >= n:
        raise ValueError(f"sources must be row indices in [0, {n}); got a maximum of {sources.max()}")
    return _bfs_blocks(A, sources, int(chunk_size), progress)


def _bfs_blocks(A, sources, chunk_size, progress):
    """The generator of :func:`bfs_distance_blocks` (arguments already checked)."""
    from ._parallel import progress_bar

    starts = range(0, sources.size, int(chunk_size))
    for lo in progress_bar(starts, progress=progress, desc="BFS chunks", total=len(starts)):
        block = sources[lo:lo + chunk_size]
        yield block, bfs_distances(A, block)
