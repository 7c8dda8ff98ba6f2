"""All-pairs scores in row blocks, each block reduced to a score histogram as soon as it is computed.

The score matrix of a neighbourhood predictor has a stored entry for every pair within two
hops, which on a power-law network is far more than the network itself (about
``1.8 x 10^9`` pairs on a million nodes of mean degree 10), while its score histogram is
small. :func:`block_score_histogram` never holds the matrix: rows ``lo:hi`` of it are
computed from the adjacency (walks of length up to ``L`` for Katz, a power iteration for
rooted PageRank), only the pairs ``u < v`` that are not edges are kept, and the block is
reduced at once to the positives' scores and the negatives' value counts. Common
neighbours, Adamic/Adar and Jaccard, sums over the wedges ``u - w - v``, go through a
counting kernel (:mod:`evalkit.linkpred._wedges`) that walks the wedges of the block's rows
once and sorts each touched pair out at once, with the bits of the sparse product
``A[lo:hi] @ A[:, lo:]`` and without building it; common neighbours are counted in the
kernel, the float scores sorted once per block. Blocks are merged
exactly (counts add), so the histogram is the same whatever the blocks, ``n_jobs`` or the
back end. Sums of floating-point weights are snapped (:func:`~evalkit.linkpred.snap_float_ties`)
once, over the union of every block's distinct values, so a tie split by rounding is merged
across blocks as it is in one matrix. PropFlow, which depends on the ordering of a pair, is
evaluated as the mean of both orderings: each block's directed rows go to temporary files,
one per partition (the block of the pair's smaller node), and each partition, which then
holds both orderings of its pairs, is reduced alone.

The block size comes from a memory budget (``max_memory``): each row's stored entries are
bounded beforehand by its number of walks (``(A^l 1)[u]``, at most ``n``), and rows are
grouped so that a block's bound times the bytes each entry costs while it is reduced fits
the budget (shared by the parallel workers). One row whose bound alone exceeds the budget
is a block of its own. A wedge predictor whose rows all fit one block of the whole budget
is evaluated in this process, as one block: the kernel is done before worker processes
would have started.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from .._parallel import parallel_imap
from ._common import memory_bytes, snap_sorted_ties
from ._propflow import propflow_rows
from ._wedges import ADAMIC_ADAR, COMMON_NEIGHBORS, JACCARD, WedgeRows, sorted_counts, wedge_block

__all__ = ["BLOCK_PREDICTORS", "block_score_histogram", "columns_from", "row_blocks", "scorer", "snapped_values",
           "upper_entries"]

_BYTES_PER_ENTRY = 48  # the product's entry (8 + 8), masks, kept copies and the sort of the reduction


def columns_from(A, lo):
    """``A[:, lo:]`` of a csr array with sorted indices, in one pass (each row keeps a suffix)."""
    keep = A.indices >= lo
    kept_before = np.r_[0, np.cumsum(keep, dtype=np.int64)]
    return sp.csr_array((A.data[keep], A.indices[keep] - lo, kept_before[A.indptr]), shape=(A.shape[0], A.shape[1] - lo))


class _Scorer:
    """Rows of one predictor's all-pairs score matrix (``rows(lo, hi, first_col)``)."""

    snap = False          # sums of floating-point weights: snap ties over all blocks
    integer_valued = False
    directed = False      # scores that depend on the ordering: the mean of the two is evaluated
    wedge_kind = None     # a sum over wedges: the counting kernel of _wedges reduces its blocks

    def __init__(self, A):
        self.A = A
        self.n = A.shape[0]
        self.deg = A.sum(axis=1)

    def wedge_worth(self):
        """What each wedge ``u - w - v`` adds to its pair's score, at ``[u, w]`` (the kernel's ``W``)."""
        return self.A

    def node_worth(self):
        """What a wedge through each middle node adds (``W``'s column values; the kernel's ``node_worth``)."""
        return np.ones(self.n)

    def walks(self, length):
        """Per row, an upper bound on the entries of rows of ``A^l``, ``l <= length`` (at most ``n`` each)."""
        x = np.ones(self.n)
        bound = np.zeros(self.n)
        for _ in range(length):
            x = self.A @ x
            bound += np.minimum(x, self.n)
        return bound

    def row_entries(self):
        return self.walks(2)


class _CommonNeighbors(_Scorer):
    integer_valued = True
    wedge_kind = COMMON_NEIGHBORS

    def rows(self, lo, hi, first_col):
        return self.A[lo:hi] @ columns_from(self.A, first_col)


class _AdamicAdar(_Scorer):
    snap = True
    wedge_kind = ADAMIC_ADAR

    def __init__(self, A):
        super().__init__(A)
        w = np.zeros(self.n)
        w[self.deg > 1] = 1.0 / np.log(self.deg[self.deg > 1])
        # the weighted rows as the whole-matrix product A @ diag(w) @ A orders them, so that
        # every sum adds its terms in the same order (and gives the same bits) as there
        weighted = sp.csr_array(A @ sp.diags_array(w))
        self.w = w
        if np.array_equal(weighted.data, w[weighted.indices]):
            # a 0/1 network: a wedge is worth its middle node's w; keep the rows' order only
            self.wedge_rows = WedgeRows(weighted.indptr, weighted.indices)
        else:
            self.wedge_rows = weighted

    @property
    def weighted(self):
        """``A @ diag(w)`` with its rows in the product's order."""
        W = self.wedge_rows
        if W.data is not None:
            return W
        return sp.csr_array((self.w[W.indices], W.indices, W.indptr), shape=(self.n, self.n))

    def wedge_worth(self):
        return self.wedge_rows

    def node_worth(self):
        return self.w

    def rows(self, lo, hi, first_col):
        return self.weighted[lo:hi] @ columns_from(self.A, first_col)


class _Jaccard(_Scorer):
    wedge_kind = JACCARD

    def rows(self, lo, hi, first_col):
        cn = (self.A[lo:hi] @ columns_from(self.A, first_col)).tocoo()
        deg = self.deg
        data = cn.data / (deg[cn.row + lo] + deg[cn.col + first_col] - cn.data)
        return sp.csr_array((data, (cn.row, cn.col)), shape=cn.shape)


class _Katz(_Scorer):
    snap = True

    def __init__(self, A, *, beta=0.005, max_length=5):
        super().__init__(A)
        self.beta, self.max_length = float(beta), int(max_length)

    def row_entries(self):
        return np.minimum(self.walks(self.max_length), self.n)

    def rows(self, lo, hi, first_col):
        walks = self.A[lo:hi]
        total = self.beta * walks
        for length in range(2, self.max_length + 1):
            walks = walks @ self.A                       # walk counts: integers, exact in float64
            total = total + self.beta ** length * walks
        return columns_from(sp.csr_array(total), first_col)


class _RootedPageRank(_Scorer):
    snap = True

    def __init__(self, A, *, restart=0.15, symmetrize="mean", tol=1e-12):
        super().__init__(A)
        self.restart, self.symmetrize = float(restart), symmetrize
        # the walk's mass not yet restarted after t steps is (1 - restart)^t: a fixed number of
        # iterations bounds every score's error by tol, whatever rows a block holds
        self.n_iter = max(1, int(np.ceil(np.log(tol) / np.log1p(-self.restart))))
        inv = np.zeros(self.n)
        inv[self.deg > 0] = 1.0 / self.deg[self.deg > 0]
        self.PT = sp.csr_array((sp.diags_array(inv) @ A).T)   # transition matrix, transposed

    def row_entries(self):
        return np.full(self.n, float(self.n))   # dense rows: the iterates, the scores and their sparse copy

    def rows(self, lo, hi, first_col):
        m = hi - lo
        start = np.zeros((self.n, m))
        start[np.arange(lo, hi), np.arange(m)] = 1.0
        start[:, self.deg[lo:hi] == 0] = 0.0          # an isolated source: no other node scores
        x = start.copy()
        for _ in range(self.n_iter):
            x = (1.0 - self.restart) * (self.PT @ x) + self.restart * start
        scores = x.T[:, first_col:]
        if self.symmetrize == "mean":
            # reversibility of the walk on an undirected graph: pi_v(u) = pi_u(v) d(u) / d(v)
            d_row, d_col = self.deg[lo:hi, None], self.deg[None, first_col:]
            with np.errstate(divide="ignore", invalid="ignore"):
                scores = np.where(d_col > 0, scores * 0.5 * (1.0 + d_row / d_col), 0.0)
        return sp.csr_array(scores)


class _PropFlow(_Scorer):
    """Directed PropFlow rows, row = source (see :func:`evalkit.linkpred.propflow`); ``directed``: needs both orderings."""

    directed = True

    def __init__(self, A, *, max_length=5, weights=None):
        super().__init__(A)
        W = sp.csr_array(A if weights is None else weights)
        W.sort_indices()
        self.W, self.max_length = W, int(max_length)

    def row_entries(self):
        return np.minimum(self.walks(self.max_length), float(self.n))

    def rows(self, lo, hi, first_col):
        indptr, indices, data = propflow_rows(self.W, np.arange(lo, hi), self.max_length)
        return columns_from(sp.csr_array((data, indices, indptr), shape=(hi - lo, self.n)), first_col)


class _Given(_Scorer):
    """A score matrix computed elsewhere (symmetric, already snapped where it needs to be)."""

    def __init__(self, A, S):
        super().__init__(A)
        self.S = sp.csr_array(S)
        self.S.sort_indices()

    def row_entries(self):
        return np.diff(self.S.indptr).astype(float)

    def rows(self, lo, hi, first_col):
        return columns_from(self.S[lo:hi], first_col)


BLOCK_PREDICTORS = {"common_neighbors": _CommonNeighbors, "adamic_adar": _AdamicAdar, "jaccard": _Jaccard,
                    "katz": _Katz, "rooted_pagerank": _RootedPageRank, "propflow": _PropFlow}
"""The predictors computed in row blocks, by name."""


def scorer(A, name, **params):
    """The block scorer of a predictor of :data:`BLOCK_PREDICTORS` on a checked adjacency ``A``.

    ``name=None`` with ``matrix=S`` serves the rows of a score matrix computed elsewhere.
    """
    if name is None:
        return _Given(A, params["matrix"])
    return BLOCK_PREDICTORS[name](A, **params)


def upper_entries(s, lo, hi):
    """The stored scores of rows ``lo:hi`` at pairs ``u < v``: (local rows, global columns, values)."""
    r, c, v = _upper(sp.csr_array(s.rows(lo, hi, lo)))
    return r, c + lo, v


def snapped_values(values, also):
    """``values`` snapped (:func:`~evalkit.linkpred.snap_float_ties`) over the union of ``values`` and ``also``."""
    everything = np.union1d(values, also)
    return snap_sorted_ties(everything)[np.searchsorted(everything, values)]   # union1d sorts


def row_blocks(row_entries, budget_entries):
    """Contiguous ``(lo, hi)`` row ranges whose summed entry bounds stay within ``budget_entries``.

    A row whose bound alone exceeds the budget is a block of its own.

    Examples
    --------
    >>> row_blocks(np.array([3.0, 3.0, 5.0, 1.0, 9.0]), 6)
    [(0, 2), (2, 4), (4, 5)]
    """
    n = len(row_entries)
    blocks, lo = [], 0
    cumulative = np.r_[0.0, np.cumsum(row_entries)]
    while lo < n:
        hi = int(np.searchsorted(cumulative, cumulative[lo] + budget_entries, side="right")) - 1
        hi = min(n, max(hi, lo + 1))
        blocks.append((lo, hi))
        lo = hi
    return blocks


def _upper(S):
    """The entries of a block ``S[lo:hi, lo:]`` (local indices) whose global column exceeds the global row."""
    S = S.tocoo()
    keep = S.col > S.row                             # column lo + c > row lo + r
    return S.row[keep], S.col[keep], S.data[keep]


def _counts(values, integer_valued):
    """Distinct values and their counts (a bincount for small integers)."""
    if integer_valued and values.size and values.max() < 1 << 24:
        counts = np.bincount(values.astype(np.int64))
        present = np.flatnonzero(counts)
        return present.astype(float), counts[present]
    return np.unique(values, return_counts=True)


def _reduce_wedge_block(s, lo, hi, block_pos, pos_index):
    """:func:`_reduce_block` for a sum over wedges, by the counting kernel (the same values, bit for bit)."""
    counted = s.integer_valued and not s.snap        # the kernel counts integer scores itself
    capacity = 0 if counted else int(np.minimum(s.A[lo:hi] @ s.deg, s.n).sum())   # wedges bound the pairs touched
    values, counts, edge_data, scores = wedge_block(s.A, s.wedge_worth(), lo, hi, s.wedge_kind, s.deg, block_pos,
                                                    keep_edges=s.snap, capacity=capacity, node_worth=s.node_worth())
    edge_values = sorted_counts(edge_data)[0] if s.snap else np.zeros(0)
    return values, counts, edge_values, pos_index, scores


def _reduce_block(s, lo, hi, block_pos, pos_index):
    """One block: the candidates' value counts, the edges' distinct values, the positives' raw scores."""
    if s.wedge_kind is not None:
        return _reduce_wedge_block(s, lo, hi, block_pos, pos_index)
    S = sp.csr_array(s.rows(lo, hi, lo))
    width = S.shape[1]
    _, _, data = _upper(S)
    values, counts = _counts(data, s.integer_valued)
    # the feature network's edges are not candidates: take their stored scores out (linear-time products)
    _, _, edge_data = _upper(S.multiply(columns_from(s.A[lo:hi], lo)))
    if edge_data.size:
        ev, ec = np.unique(edge_data, return_counts=True)
        counts = counts.copy()
        counts[np.searchsorted(values, ev)] -= ec
    edge_values = np.unique(edge_data) if s.snap else np.zeros(0)
    # the positives of this block (rows u < v with u in lo:hi): their stored scores, 0 where none
    p = block_pos - lo
    scores = np.zeros(p.shape[0])
    if p.size:
        marks = sp.csr_array((np.ones(p.shape[0]), (p[:, 0], p[:, 1])), shape=S.shape)
        found = S.multiply(marks).tocoo()
        keys = found.row.astype(np.int64) * width + found.col
        want = p[:, 0] * width + p[:, 1]
        order = np.argsort(keys)
        at = np.minimum(np.searchsorted(keys[order], want), max(keys.size - 1, 0))
        hit = keys[order][at] == want if keys.size else np.zeros(want.size, bool)
        scores[hit] = found.data[order[at[hit]]]
    keep = counts > 0
    return values[keep], counts[keep], edge_values, pos_index, scores


class _Merged:
    """Exact merge of block results; pending blocks are folded in when they reach a quarter of the merged part.

    A fold sorts the merged and pending values together: folding before the pending part
    grows large keeps that sort, the peak memory of the merge, near the merged part's size.
    """

    def __init__(self, n_positive):
        self.values, self.counts, self.edge_values = np.zeros(0), np.zeros(0, np.int64), np.zeros(0)
        self.pending = []
        self.pending_size = 0
        self.positive_scores = np.zeros(n_positive)

    def add(self, result):
        values, counts, edge_values, pos_index, scores = result
        self.positive_scores[pos_index] = scores
        self.pending.append((values, counts, edge_values))
        self.pending_size += values.size + edge_values.size
        if self.pending_size > max(self.values.size // 4, 1 << 20):
            self.fold()

    def fold(self):
        if not self.pending:
            return
        values = np.concatenate([self.values] + [p[0] for p in self.pending])
        counts = np.concatenate([self.counts] + [p[1] for p in self.pending])
        order = np.argsort(values, kind="stable")
        values, counts = values[order], counts[order]
        del order
        first = np.flatnonzero(np.r_[True, values[1:] != values[:-1]]) if values.size else np.zeros(0, np.int64)
        self.values, self.counts = values[first], np.add.reduceat(counts, first) if first.size else counts
        self.edge_values = np.unique(np.concatenate([self.edge_values] + [p[2] for p in self.pending]))
        self.pending, self.pending_size = [], 0


def _snapped(values, counts, edge_values, positive_scores):
    """Snap float ties over every stored value (candidates' and edges'), as one matrix's data would be.

    ``values`` (sorted, distinct) and their ``counts`` come back snapped and merged; the
    union of every stored value is built and snapped once, and both the candidates' values
    and the positives' scores are looked up in it.
    """
    everything = np.union1d(values, edge_values)   # sorted
    snapped = snap_sorted_ties(everything)
    values_snapped = snapped[np.searchsorted(everything, values)]
    stored = positive_scores != 0
    positive_scores = positive_scores.copy()
    positive_scores[stored] = snapped[np.searchsorted(everything, positive_scores[stored])]
    del everything, snapped
    # values are sorted, so their snapped values are too: merge the runs that became equal
    first = np.flatnonzero(np.r_[True, values_snapped[1:] != values_snapped[:-1]]) if values.size else np.zeros(0, int)
    return values_snapped[first], (np.add.reduceat(counts, first) if first.size else counts), positive_scores


def _directed_block(s, lo, hi, starts):
    """Directed rows ``lo:hi`` as (pair key ``a * n + b`` with ``a < b``, value), grouped by the block of ``a``."""
    S = sp.csr_array(s.rows(lo, hi, 0)).tocoo()
    u = S.row.astype(np.int64) + lo
    v = S.col.astype(np.int64)
    a, b = np.minimum(u, v), np.maximum(u, v)
    part = (np.searchsorted(starts, a, side="right") - 1).astype(np.int32)
    order = np.argsort(part, kind="stable")
    bounds = np.searchsorted(part[order], np.arange(len(starts) + 1))
    keys, values = (a * s.n + b)[order], S.data[order]
    return [(p, keys[bounds[p]:bounds[p + 1]], values[bounds[p]:bounds[p + 1]])
            for p in range(len(starts)) if bounds[p + 1] > bounds[p]]


def _reduce_mean_partition(s, keys, values, block_pos, pos_index):
    """A partition's pairs: the mean of their two orderings, reduced as :func:`_reduce_block` reduces a block."""
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    first = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]]) if keys.size else np.zeros(0, np.int64)
    mean = np.add.reduceat(values, first) * 0.5 if keys.size else np.zeros(0)   # a + b == b + a exactly
    keys = keys[first]
    a, b = keys // s.n, keys % s.n
    edge = np.asarray(s.A[a, b]).ravel() != 0 if keys.size else np.zeros(0, bool)
    values, counts = np.unique(mean[~edge], return_counts=True)
    edge_values = np.unique(mean[edge])
    want = block_pos[:, 0] * s.n + block_pos[:, 1]
    at = np.minimum(np.searchsorted(keys, want), max(keys.size - 1, 0))
    hit = keys[at] == want if keys.size else np.zeros(want.size, bool)
    scores = np.zeros(want.size)
    scores[hit] = mean[at[hit]]
    return values, counts, edge_values, pos_index, scores


def _directed_mean_blocks(s, blocks, tasks, merged, n_jobs, progress):
    """Scores that depend on the ordering: the mean of both, through partitions spilled to disk.

    The directed rows of each block are written, as they arrive, to one file per
    partition (the block of the pair's smaller node); each partition then holds both
    orderings of its pairs and is reduced alone, so memory stays within a block's.
    """
    import tempfile
    from pathlib import Path

    starts = np.array([lo for lo, _ in blocks])
    with tempfile.TemporaryDirectory(prefix="evalkit-blocks-") as tmp:
        tmp = Path(tmp)
        spill = [(s, lo, hi, starts) for lo, hi in blocks]
        for _, pieces in parallel_imap(_directed_block, spill, n_jobs=n_jobs, progress=progress,
                                       desc=f"{type(s).__name__.strip('_')} blocks"):
            for p, keys, values in pieces:
                with open(tmp / f"{p}.keys", "ab") as fk, open(tmp / f"{p}.values", "ab") as fv:
                    keys.tofile(fk)
                    values.tofile(fv)
        for p, (_, _, _, block_pos, pos_index) in enumerate(tasks):
            path = tmp / f"{p}.keys"
            keys = np.fromfile(path, dtype=np.int64) if path.exists() else np.zeros(0, np.int64)
            values = np.fromfile(tmp / f"{p}.values", dtype=np.float64) if path.exists() else np.zeros(0)
            merged.add(_reduce_mean_partition(s, keys, values, block_pos, pos_index))


def block_score_histogram(A, pos, s, n_negative, *, max_memory=None, n_jobs=None, progress=False):
    """The score histogram of every candidate pair, computed in row blocks (see the module docstring).

    ``A`` is a checked adjacency, ``pos`` the checked positives (rows ``u < v``), ``s`` a
    scorer (:func:`scorer`) and ``n_negative`` the number of negatives. Returns the
    arguments of :meth:`ScoreHistogram.from_unsorted` (positive scores, values, counts),
    exactly those of the whole-matrix computation.
    """
    import joblib

    budget = memory_bytes(max_memory)
    workers = max(1, joblib.effective_n_jobs(n_jobs)) if n_jobs != 1 else 1
    entries = s.row_entries()
    blocks = row_blocks(entries, max(1, budget // (_BYTES_PER_ENTRY * workers)))
    if s.wedge_kind is not None and n_jobs != 1 and len(row_blocks(entries, max(1, budget // _BYTES_PER_ENTRY))) == 1:
        # the rows fit one block of the whole budget: the wedge kernel does them here, at once,
        # in less time than worker processes take to start (25,000 nodes: 0.05 s against 0.8 s)
        blocks, n_jobs = [(0, s.n)], 1
    order = np.argsort(pos[:, 0], kind="stable")
    starts = np.searchsorted(pos[order, 0], [lo for lo, _ in blocks] + [s.n])
    tasks = []
    for i, (lo, hi) in enumerate(blocks):
        index = order[starts[i]:starts[i + 1]]
        tasks.append((s, lo, hi, pos[index], index))
    merged = _Merged(pos.shape[0])
    if s.directed:
        _directed_mean_blocks(s, blocks, tasks, merged, n_jobs, progress)
    else:
        for _, result in parallel_imap(_reduce_block, tasks, n_jobs=n_jobs, progress=progress,
                                       desc=f"{type(s).__name__.strip('_')} blocks"):
            merged.add(result)
    merged.fold()
    values, counts, positive_scores = merged.values, merged.counts, merged.positive_scores
    if s.snap or s.directed:  # the mean of two orderings is snapped, as mean_of_orderings does
        values, counts, positive_scores = _snapped(values, counts, merged.edge_values, positive_scores)
    # the positives are candidates: take their own stored scores out of the negatives' counts
    stored = positive_scores[positive_scores != 0]
    if stored.size:
        pv, pc = np.unique(stored, return_counts=True)
        counts = counts.copy()
        counts[np.searchsorted(values, pv)] -= pc
    # the pairs no block stores score 0: their count goes in its sorted place, so that the
    # values stay sorted and distinct (ScoreHistogram.from_unsorted then sorts nothing)
    n_zero = n_negative - int(counts.sum())
    at = int(np.searchsorted(values, 0.0))
    if at < values.size and values[at] == 0.0:
        counts = counts.copy()
        counts[at] += n_zero
        return positive_scores, values, counts
    return positive_scores, np.insert(values, at, 0.0), np.insert(counts, at, n_zero)
