"""Graphs as sparse adjacency matrices: the one converter, the one checker, BFS distances.

Every evalkit function that takes a network takes the symmetric sparse adjacency matrix
these helpers produce (a :class:`scipy.sparse.csr_array`, the modern sparse API: ``@`` is
the matrix product, ``*`` element-wise, sums are 1-D arrays).

* :func:`as_adjacency` turns a networkx graph, an edge list with any hashable node ids, or
  a sparse matrix into ``(A, nodes)``: ``A`` the adjacency, ``nodes[i]`` the id of row ``i``.
* :func:`check_adjacency` validates an adjacency matrix a function was given.
* :func:`bfs_distance_blocks` runs breadth-first searches from many sources in chunks, so
  memory stays at ``chunk_size`` rows of distances whatever the size of the graph.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from ._checks import Anything, Array, Boolean, Choice, Either, GraphLike, Instance, Integer, Text, checks

__all__ = ["as_adjacency", "bfs_distance_blocks", "bfs_distances", "check_adjacency"]

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


def _edge_array(edges):
    edges = np.asarray(edges)
    if edges.size == 0:
        edges = edges.reshape(0, 2)
    if edges.ndim != 2 or edges.shape[1] != 2:
        raise ValueError(f"graph must be a networkx graph, a sparse matrix or an (m, 2) edge list; "
                         f"got an array of shape {edges.shape}")
    return edges


@checks(graph=Either(GraphLike(), Array(ndim=(1, 2), kind="label", min_size=0)),
        nodes=Array(ndim=1, kind="label", min_size=0, none=True),
        directed=Choice(*_DIRECTED),
        weight=Text(none=True),
        dtype=Instance(type, np.dtype, str, example=float))
def as_adjacency(graph, *, nodes=None, directed="error", weight=None, dtype=np.int8):
    """Symmetric sparse adjacency matrix of a graph, and the node id of each row.

    Parameters
    ----------
    graph : networkx.Graph, scipy sparse matrix or array_like of shape (m, 2)
        A networkx graph (a multigraph is an error: ``networkx.Graph(G)`` first), a square
        sparse matrix (its rows are the nodes ``0 .. n-1``), or an edge list of node ids
        of any hashable type that NumPy can sort. In an edge list a pair may appear more
        than once (repeated events): it is one edge. Self-loops are an error in graphs and
        edge lists and are dropped from matrices.
    nodes : array_like, optional
        Node ids fixing the order of the rows (default: the sorted ids). Every edge's end
        points must be among them. Not allowed with a matrix.
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
    nodes : ndarray
        ``nodes[i]`` is the id of row ``i``.

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
    """
    if directed not in _DIRECTED:
        raise ValueError(f"directed must be one of {_DIRECTED!r}; got {directed!r}")
    if weight is not None and not isinstance(weight, str):
        raise TypeError(f"weight must be None or an edge attribute name (str); got {type(weight).__name__}")
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
    if nx is not None and isinstance(graph, nx.Graph):
        if graph.is_multigraph():
            raise ValueError("graph must be a simple graph; got a multigraph (use networkx.Graph(graph))")
        if graph.is_directed() and directed == "error":
            raise ValueError("graph must be undirected; got a directed graph "
                             "(use graph.to_undirected(), or directed='symmetrize')")
        edges = np.empty((graph.number_of_edges(), 2), dtype=object)
        edges[:] = list(graph.edges()) or np.empty((0, 2))
        if weight is not None:
            weights = np.array([d.get(weight, 1.0) for _, _, d in graph.edges(data=True)], dtype=float)
        if nodes is None:
            nodes = np.array(sorted(graph.nodes()))
            if edges.size:
                edges = edges.astype(nodes.dtype)
    else:
        if weight is not None:
            raise ValueError("weight applies to networkx graphs and sparse matrices, not to edge lists")
        edges = _edge_array(graph)
    loops = edges[:, 0] == edges[:, 1]
    if loops.any():
        raise ValueError(f"graph has {int(loops.sum())} self-loop(s), e.g. node {edges[loops][0, 0]!r}; "
                         "remove them first")
    nodes = np.unique(edges) if nodes is None else np.asarray(nodes)
    if nodes.size and np.unique(nodes).size != nodes.size:
        raise ValueError("nodes must not repeat a node id")
    order = np.argsort(nodes, kind="stable")
    if edges.size:
        pos = np.searchsorted(nodes[order], edges.ravel())
        pos = np.minimum(pos, nodes.size - 1) if nodes.size else pos
        idx = order[pos] if nodes.size else pos
        if not nodes.size or not np.array_equal(nodes[idx], edges.ravel()):
            raise ValueError("every edge end point must be in nodes")
    else:
        idx = np.empty(0, dtype=np.int64)
    u, v = idx[0::2], idx[1::2]
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
    from scipy.sparse.csgraph import shortest_path

    sources = np.asarray(sources, dtype=np.int64)
    if sources.size == 0:
        return np.empty((0, A.shape[0]))
    if sources.max() >= A.shape[0]:
        raise ValueError(f"sources must be row indices in [0, {A.shape[0]}); got a maximum of {sources.max()}")
    return shortest_path(sp.csr_array(A), method="D", directed=False, unweighted=True, indices=sources)


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
