"""PropFlow as LPmade computes it: the per-source loop, compiled (private).

LPmade (github.com/rlichtenwalter/LPmade, ``netlib/LinkPredictor/PropFlowLinkPredictor.cpp``,
``generateScore``), the authors' own tool, computes the scores of one source like this:

* the source holds mass 1 and is the only node of the search list;
* ``l`` times: the nodes of the search list are taken in order; each passes the mass it
  holds *now* (with what it received earlier in this step from a node before it in the list)
  to all its neighbours in proportion to the edge weights (``input * (w / total)``, ``total``
  the sum of its weights in neighbour order); a neighbour's score grows whether it was found
  before or not (the source's too), and a neighbour not found before joins the next list,
  in the order it was found;
* the score of a node is the mass it holds at the end.

Neighbours are taken in increasing node number (LPmade's neighbour lists are sorted by its
internal vertex numbers, which follow the numbers of its input file). :func:`propflow_rows`
is that loop, compiled with Numba; it returns each source's scores as one CSR row.
"""
from __future__ import annotations

import numba
import numpy as np
import scipy.sparse as sp

from ._common import kernel_input

__all__ = ["propflow_rows"]


@numba.njit(cache=True, nogil=True)
def _reached(indptr, indices, sources, max_length):
    """The number of nodes within ``max_length`` hops of each source, itself left out."""
    n = indptr.size - 1
    found_by = np.full(n, -1, np.int64)
    search = np.empty(n, np.int64)
    new_search = np.empty(n, np.int64)
    counts = np.zeros(sources.size, np.int64)
    for i in range(sources.size):
        found_by[sources[i]] = i
        search[0] = sources[i]
        n_search, n_found = 1, 0
        for _ in range(max_length):
            n_new = 0
            for a in range(n_search):
                v = search[a]
                for k in range(indptr[v], indptr[v + 1]):
                    u = indices[k]
                    if found_by[u] != i:
                        found_by[u] = i
                        new_search[n_new] = u
                        n_new += 1
            if n_new == 0:
                break
            n_found += n_new
            search, new_search = new_search, search
            n_search = n_new
        counts[i] = n_found
    return counts


@numba.njit(cache=True, nogil=True)
def _rows(indptr, indices, weights, sources, max_length, ptr, cols, vals):
    n = indptr.size - 1
    total = np.zeros(n)
    for v in range(n):
        s = 0.0
        for k in range(indptr[v], indptr[v + 1]):
            s += weights[k]
        total[v] = s
    scores = np.zeros(n)
    found_by = np.full(n, -1, np.int64)      # the source (by its position in ``sources``) that found a node
    search = np.empty(n, np.int64)
    new_search = np.empty(n, np.int64)
    found = np.empty(n, np.int64)            # nodes found from the current source, in order
    for i in range(sources.size):
        source = sources[i]
        found_by[source] = i
        scores[source] = 1.0
        search[0] = source
        n_search, n_found = 1, 1
        found[0] = source
        for _ in range(max_length):
            n_new = 0
            for a in range(n_search):
                v = search[a]
                mass = scores[v]
                out = total[v]
                for k in range(indptr[v], indptr[v + 1]):
                    u = indices[k]
                    scores[u] += mass * (weights[k] / out)
                    if found_by[u] != i:
                        found_by[u] = i
                        new_search[n_new] = u
                        n_new += 1
                        found[n_found] = u
                        n_found += 1
            if n_new == 0:
                break
            search, new_search = new_search, search
            n_search = n_new
        row = np.sort(found[1:n_found])
        start = ptr[i]
        for j in range(row.size):            # every node found holds mass (the weights are positive)
            cols[start + j] = row[j]
            vals[start + j] = scores[row[j]]
        for j in range(n_found):
            scores[found[j]] = 0.0


def propflow_rows(W, sources, max_length):
    """LPmade's PropFlow scores from each of ``sources``: one CSR row per source, row = source.

    Parameters
    ----------
    W : scipy sparse matrix, shape (n, n)
        Weights, row = from (a directed network's out-edges; both directions of each edge
        of an undirected one).
    sources : array_like of int
        The sources, in the order of the rows returned.
    max_length : int
        LPmade's ``l``.

    Returns
    -------
    indptr, indices, data : ndarray
        The rows (columns sorted, the source's own score left out): ``indptr`` int64,
        ``indices`` int32 (int64 beyond 2^31 nodes), ``data`` float64, allocated once at their
        final size (a first pass counts the nodes each source reaches).

    Examples
    --------
    Node 0 joined to a triangle 1, 2, 3, three steps: node 1 passes its 1 to 0, 2 and 3
    (1/3 each); then 2 passes its 1/3 to 1 and 3 (1/6 each), and 3, which now holds 1/2,
    passes 1/4 to 1 and 1/4 to 2 (LPmade's loop: a level-synchronous flow would pass the
    1/3 that 3 held when the step began). Node 1 ends with 1 + 1/6 + 1/4:

    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (1, 3), (2, 3)])
    >>> ptr, cols, vals = propflow_rows(sp.csr_array(A, dtype=float), [0], 3)
    >>> cols.tolist(), [round(v, 4) for v in vals.tolist()]
    ([1, 2, 3], [1.4167, 0.5833, 0.5])
    """
    W = sp.csr_array(W)
    if not W.has_sorted_indices:   # LPmade takes the neighbours in increasing vertex number
        W = W.copy()
        W.sort_indices()
    sources = np.ascontiguousarray(sources, dtype=np.int64)
    if np.any(W.data < 0):
        raise ValueError("W must have non-negative weights")
    if np.any(W.data == 0):   # a stored zero is no edge
        W = W.copy()
        W.eliminate_zeros()
    # every input read-only (see kernel_input): one compilation serves this process and the workers
    indptr, indices = kernel_input(W.indptr, np.int64), kernel_input(W.indices, np.int64)
    sources = kernel_input(sources)
    # two passes: the number of nodes each source reaches, then the scores into arrays of that size
    ptr = np.zeros(sources.size + 1, np.int64)
    np.cumsum(_reached(indptr, indices, sources, int(max_length)), out=ptr[1:])
    index = np.int32 if W.shape[0] <= np.iinfo(np.int32).max else np.int64
    cols, vals = np.empty(ptr[-1], index), np.empty(ptr[-1])
    _rows(indptr, indices, kernel_input(W.data, np.float64), sources, int(max_length), ptr, cols, vals)
    return ptr, cols, vals
