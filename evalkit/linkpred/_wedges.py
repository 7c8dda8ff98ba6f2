"""A counting kernel over the wedges of a row block: the neighbourhood predictors without a sparse product (private).

For common neighbours, Adamic/Adar and Jaccard, the scores of rows ``lo:hi`` are sums over
the wedges ``u - w - v``: each row ``u`` walks its neighbours ``w`` and their neighbours
``v > u``, adding what the wedge is worth to a dense accumulator ``acc[v]`` (1 for common
neighbours and Jaccard, ``1 / log d_w`` for Adamic/Adar). The additions happen in the
order scipy's sparse product ``W[lo:hi] @ A`` makes them (the neighbours ``w`` in the
order of the row of ``W``, the matrix of the wedges' worth, each sum started from 0), so
every score has the bits of the product's. Each touched pair is
then sorted out at once: a candidate (not an edge of the network) or an edge, and the
accumulator reset; the positives of the row read theirs first. Common neighbours are
counted in the kernel (a histogram of the integer scores); a float score reached by one
wedge only, most of them, is that wedge's worth and is counted by its key (the middle node
for Adamic/Adar, ``d_u + d_v`` for Jaccard); the other float scores are kept and sorted
once. Nothing else is built: no product matrix, no coordinate copies, no masks.
"""
from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from ._common import kernel_input

__all__ = ["COMMON_NEIGHBORS", "ADAMIC_ADAR", "JACCARD", "WedgeRows", "sorted_counts", "wedge_block"]

#: the kinds of score the kernel computes
COMMON_NEIGHBORS, ADAMIC_ADAR, JACCARD = 0, 1, 2


class WedgeRows(NamedTuple):
    """The rows of the wedges' worth ``W`` without its values: each wedge is worth its middle node's ``node_worth``.

    For Adamic/Adar on a 0/1 network, ``W = A @ diag(1 / log d)`` has at ``[u, w]`` the
    worth of ``w`` itself: only the order of its rows (the product's) need be kept, not a
    float per edge (72 MB on a million nodes of mean degree 10, in every worker).
    """

    indptr: np.ndarray
    indices: np.ndarray
    data: None = None


@numba.njit(cache=True, nogil=True)
def _wedge_block(indptr, indices, w_indptr, w_indices, w_data, node_worth, lo, hi, deg, kind, keep_edges, pos_start,
                 pos_cols, capacity):
    n = indptr.size - 1
    acc = np.zeros(n)
    neighbour = np.zeros(n, np.bool_)
    touched = np.empty(n, np.int64)
    counting = kind == COMMON_NEIGHBORS and not keep_edges     # integer scores: counted, not kept
    histogram = np.zeros(n + 1 if counting else 0, np.int64)
    # a candidate reached by one wedge only (most of them) has that wedge's worth as its
    # score: counted by its middle node (Adamic/Adar) or by d_u + d_v (Jaccard), not kept
    # Adamic/Adar: the first wedge's middle node; one wedge only iff the sum is its worth
    # (a second wedge adds at least 1 / log n, never lost in the sum); Jaccard: iff the count is 1
    via = np.empty(n if kind == ADAMIC_ADAR else 0, np.int64)
    by_key = np.zeros(n if kind == ADAMIC_ADAR else (2 * int(deg.max()) + 1 if kind == JACCARD else 0), np.int64)
    # the candidates' values fill this from the front, the edges' from the back: the pairs
    # touched, candidates and edges together, are at most ``capacity``
    kept = np.empty(0 if counting and not keep_edges else capacity)
    scores = np.zeros(pos_cols.size)
    k = 0
    e = 0
    for u in range(lo, hi):
        t = 0
        for jj in range(indptr[u], indptr[u + 1]):
            neighbour[indices[jj]] = True
        for jj in range(w_indptr[u], w_indptr[u + 1]):
            w = w_indices[jj]
            x = w_data[jj] if w_data.size else node_worth[w]   # no data: a 0/1 network's worth by node
            for kk in range(indptr[w], indptr[w + 1]):
                v = indices[kk]
                if v > u:
                    if acc[v] == 0.0:
                        touched[t] = v
                        t += 1
                        if kind == ADAMIC_ADAR:
                            via[v] = w
                    acc[v] += x
        for p in range(pos_start[u - lo], pos_start[u - lo + 1]):
            v = pos_cols[p]
            if acc[v] != 0.0:
                scores[p] = acc[v] / ((deg[u] + deg[v]) - acc[v]) if kind == JACCARD else acc[v]
        for i in range(t):
            v = touched[i]
            a = acc[v]
            if neighbour[v]:
                if keep_edges:
                    e += 1
                    kept[kept.size - e] = a / ((deg[u] + deg[v]) - a) if kind == JACCARD else a
            elif counting:
                histogram[np.int64(a)] += 1
            elif kind == JACCARD and a == 1.0:
                by_key[np.int64(deg[u] + deg[v])] += 1
            elif kind == ADAMIC_ADAR and a == node_worth[via[v]]:
                by_key[via[v]] += 1
            else:
                kept[k] = a / ((deg[u] + deg[v]) - a) if kind == JACCARD else a
                k += 1
            acc[v] = 0.0
        for jj in range(indptr[u], indptr[u + 1]):
            neighbour[indices[jj]] = False
    if counting:
        present = np.flatnonzero(histogram)
        return present.astype(np.float64), kept[kept.size - e:], scores, histogram[present], present[:0], present[:0]
    keys = np.flatnonzero(by_key)
    return kept[:k], kept[kept.size - e:], scores, np.zeros(0, np.int64), keys, by_key[keys]


def sorted_counts(values):
    """Distinct values and their counts, as ``np.unique(values, return_counts=True)``, sorting ``values`` in place.

    Examples
    --------
    >>> sorted_counts(np.array([3.0, 1.0, 3.0]))
    (array([1., 3.]), array([1, 2]))
    """
    values.sort()
    if not values.size:
        return values, np.zeros(0, np.int64)
    first = np.flatnonzero(np.r_[True, values[1:] != values[:-1]])
    return values[first], np.diff(np.r_[first, values.size])


def wedge_block(A, W, lo, hi, kind, deg, block_pos, *, keep_edges, capacity, node_worth=None):
    """The scores of rows ``lo:hi`` at pairs ``u < v``: the candidates' value counts, the edges' values, the positives'.

    Parameters
    ----------
    A : scipy.sparse.csr_array
        The 0/1 adjacency (float64, sorted indices), as :func:`~evalkit.graph.check_adjacency` returns it.
    W : scipy.sparse.csr_array or WedgeRows
        What each wedge ``u - w - v`` is worth, at ``W[u, w]``: ``A`` itself for common
        neighbours and Jaccard, ``A @ diag(1 / log d)`` for Adamic/Adar (its rows walked in
        their stored order, as the product walks them); a :class:`WedgeRows` (no values)
        where each wedge is worth ``node_worth`` of its middle node.
    lo, hi : int
        The rows.
    kind : int
        ``COMMON_NEIGHBORS``, ``ADAMIC_ADAR`` or ``JACCARD``.
    deg : ndarray of float, shape (n,)
        The degrees (Jaccard's union size).
    block_pos : ndarray of int, shape (m, 2)
        The positives of the block (``lo <= u < hi``, ``u < v``), sorted by ``u``.
    keep_edges : bool
        Keep the edges' values too (for float scores, whose ties are snapped over every stored value).
    capacity : int
        At least the number of pairs the rows touch (an upper bound, e.g. from ``A @ A @ 1``);
        0 will do for common neighbours without ``keep_edges`` (counted, never kept).
    node_worth : ndarray of float, shape (n,), optional
        For Adamic/Adar: what a wedge through each middle node is worth (``W``'s column
        values), the score of a candidate reached by one wedge.

    Returns
    -------
    values : ndarray of float
        The distinct scores of the candidate pairs (non-edges) the rows touch, in order.
    counts : ndarray of int
        How many candidates have each.
    edges : ndarray of float
        The scores of the edges, in no particular order (empty unless ``keep_edges``).
    scores : ndarray of float, shape (m,)
        Each positive's score (0 where the rows touch it not).

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> A = sp.csr_array(np.array([[0, 1, 1, 0], [1, 0, 1, 1], [1, 1, 0, 1], [0, 1, 1, 0]], float))
    >>> values, counts, edges, scores = wedge_block(A, A, 0, 4, COMMON_NEIGHBORS, A.sum(axis=1), np.array([[0, 3]]),
    ...                                             keep_edges=True, capacity=16)
    >>> values.tolist(), counts.tolist(), sorted(edges.tolist()), scores.tolist()
    ([2.0], [1], [1.0, 1.0, 1.0, 1.0, 2.0], [2.0])
    """
    block_pos = np.asarray(block_pos, dtype=np.int64).reshape(-1, 2)
    pos_start = np.searchsorted(block_pos[:, 0], np.arange(lo, hi + 1)).astype(np.int64)
    deg = np.ascontiguousarray(deg, dtype=np.float64)
    worth = np.ascontiguousarray(np.ones(0) if node_worth is None else node_worth, dtype=np.float64)
    if kind == ADAMIC_ADAR and worth.size != A.shape[0]:
        raise ValueError("node_worth must give every node's worth for Adamic/Adar")
    # every input read-only (see kernel_input): one compilation serves this process and the workers
    data, edges, scores, counts, keys, key_counts = _wedge_block(
        *map(kernel_input, (A.indptr, A.indices, W.indptr, W.indices)),
        kernel_input(np.zeros(0) if W.data is None else W.data, np.float64),
        kernel_input(worth), int(lo), int(hi), kernel_input(deg), int(kind), bool(keep_edges),
        kernel_input(pos_start), kernel_input(block_pos[:, 1]), int(capacity))
    if kind == COMMON_NEIGHBORS and not keep_edges:
        return data, counts, edges, scores
    values, counts = sorted_counts(data)
    if keys.size:   # the candidates reached by one wedge: its worth, with the bits the kernel would have given
        single = node_worth[keys] if kind == ADAMIC_ADAR else 1.0 / (keys.astype(np.float64) - 1.0)
        values, inverse = np.unique(np.r_[values, single], return_inverse=True)
        counts = np.bincount(inverse, weights=np.r_[counts, key_counts], minlength=values.size).astype(np.int64)
    return values, counts, edges, scores
