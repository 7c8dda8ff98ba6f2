"""Argument checks, pair keys, the memory budget and the snapping of float ties shared by the
modules of :mod:`evalkit.linkpred` (private).

The names here are public names of this private module: the other modules of the
subpackage import them; users do not need them.
"""
from __future__ import annotations

import numbers
import os
import re
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from .._checks import Array, Constraint, Instance
from ..graph import NodeIds, pair_indices

__all__ = ["DEFAULT_MAX_MEMORY", "MemoryBudget", "check_pairs", "check_positive_pairs", "check_size", "kernel_input",
           "is_symmetric", "memory_bytes", "memory_limit", "node_pairs_constraint", "nodes_constraint", "pair_keys",
           "pairs_constraint", "path_adjacency", "snap_ties", "sparse_constraint", "transposed_blocks",
           "transposed_data", "TRANSPOSE_BLOCK"]

DEFAULT_MAX_MEMORY = 1 << 30
"""The default memory budget of the blocks in flight (1 GiB, shared by the workers), or an
eighth of the memory this process may use where that is less (:func:`memory_limit`: a
Binder session's 2 GB gives 256 MB)."""

_UNITS = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12,
          "kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40}


def memory_bytes(max_memory, name="max_memory"):
    """A memory budget in bytes: a positive number of bytes, or a string such as ``'512MB'`` or ``'2GiB'``.

    ``None`` gives :data:`DEFAULT_MAX_MEMORY`, or an eighth of :func:`memory_limit` where that is less.
    """
    if max_memory is None:
        return min(DEFAULT_MAX_MEMORY, memory_limit() // 8)
    if isinstance(max_memory, str):
        m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([a-zA-Z]*)\s*", max_memory)
        if m is None or m.group(2).lower() not in _UNITS:
            raise ValueError(f"{name} must be a number of bytes or a string such as '512MB' or '2GiB'; "
                             f"got {max_memory!r}")
        value = float(m.group(1)) * _UNITS[m.group(2).lower()]
    elif isinstance(max_memory, numbers.Real) and not isinstance(max_memory, bool):
        value = float(max_memory)
    else:
        raise TypeError(f"{name} must be a number of bytes or a string such as '512MB'; got {max_memory!r}")
    if not np.isfinite(value) or value < 1:
        raise ValueError(f"{name} must be at least 1 byte; got {max_memory!r}")
    return int(value)


def memory_limit(*, _cgroup_file="/proc/self/cgroup", _root="/sys/fs/cgroup"):
    """The memory this process may use, in bytes: its memory cgroup's limit, else the machine's memory.

    A container (Binder, a CI runner) limits a process's memory by its control group (v2:
    ``memory.max``, v1: ``memory.limit_in_bytes``, the smallest along its path); without
    one the physical memory is the limit.

    Returns
    -------
    int

    Examples
    --------
    >>> memory_limit() > 0
    True
    """
    limits = [os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")]
    try:
        lines = Path(_cgroup_file).read_text().splitlines()
    except OSError:
        lines = []
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controllers == "":                                   # cgroup v2
            base, file = Path(_root), "memory.max"
        elif "memory" in controllers.split(","):                # cgroup v1
            base, file = Path(_root) / "memory", "memory.limit_in_bytes"
        else:
            continue
        here = base / path.lstrip("/")
        for folder in (here, *here.parents):
            if not folder.is_relative_to(base):
                break
            try:
                text = (folder / file).read_text().strip()
            except OSError:
                continue
            if text.isdigit():
                limits.append(int(text))
    return int(min(limits))


class MemoryBudget(Constraint):
    """Constraint of ``max_memory``: None, a number of bytes (>= 1), or a string such as ``'512MB'``."""

    description = "a number of bytes or a string such as '512MB' or '2GiB'"
    none = True

    def __init__(self):
        pass

    def check(self, value, name):
        memory_bytes(value, name)

    def invalid(self):
        return [(0, "zero bytes"), ("lots", "no number"), ("5 parsecs", "an unknown unit"), (True, "a bool")]

    def generic_valid(self):
        return "64MB"


def snap_ties(values, *, rtol=1e-12):
    """:func:`evalkit.linkpred.snap_float_ties` without its argument checks (for the modules here)."""
    v = np.asarray(values, dtype=float)
    if v.size < 2:
        return v.copy()
    if v.ndim != 1:
        return snap_ties(v.ravel(), rtol=rtol).reshape(v.shape)
    order = np.argsort(v, kind="stable")
    out = np.empty_like(v)
    out[order] = snap_sorted_ties(v[order], rtol=rtol)
    return out


def snap_sorted_ties(sv, *, rtol=1e-12):
    """:func:`snap_ties` of values already sorted in increasing order (no argument checks, no sort).

    Each run of values whose consecutive gaps are at most ``rtol`` times their size takes the
    run's first (smallest) value.
    """
    if sv.size < 2:
        return sv.copy()
    new_run = np.ones(sv.size, bool)
    for lo in range(1, sv.size, _SNAP_CHUNK):   # in chunks: temporaries of 4 million values at most
        here = sv[lo:lo + _SNAP_CHUNK]
        before = sv[lo - 1:lo - 1 + here.size]
        with np.errstate(invalid="ignore"):
            gap = here - before > rtol * np.maximum(1.0, np.abs(here))
        new_run[lo:lo + here.size] = gap | (np.isinf(here) & (here != before))  # an infinity is its own run
    starts = np.flatnonzero(new_run)
    return np.repeat(sv[starts], np.diff(np.r_[starts, sv.size]))


_SNAP_CHUNK = 1 << 22


TRANSPOSE_BLOCK = 1 << 22   # entries per block of the blocked transpose (the tests make it small)


def transposed_blocks(S):
    """``(first, last, values)``: the values of ``S.T``'s entries ``first:last`` in the order of ``S``'s.

    ``S`` is a square canonical CSR array; the transpose is computed ``TRANSPOSE_BLOCK``
    entries of columns at a time (``S[:, lo:hi].T``), never whole: its index arrays would
    double the memory of a large PropFlow matrix. Yields None (and stops) at the first
    block where the pattern of ``S.T`` differs from that of ``S``.
    """
    step = TRANSPOSE_BLOCK
    bounds = np.unique(np.r_[0, np.searchsorted(S.indptr, np.arange(step, S.nnz, step)), S.shape[0]])
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        rows = sp.csr_array(S[:, lo:hi].T)      # rows lo:hi of the transpose
        rows.sort_indices()
        first, last = S.indptr[lo], S.indptr[hi]
        if not (np.array_equal(rows.indptr, S.indptr[lo:hi + 1] - first)
                and np.array_equal(rows.indices, S.indices[first:last])):
            yield None
            return
        yield first, last, rows.data


def transposed_data(S):
    """The values of ``S.T`` in the order of ``S``'s (canonical CSR) entries, or None if its pattern is not symmetric."""
    out = np.empty(S.nnz, dtype=np.result_type(S.dtype, np.float64))
    for block in transposed_blocks(S):
        if block is None:
            return None
        first, last, values = block
        out[first:last] = values
    return out


def is_symmetric(S):
    """Whether a sparse matrix equals its transpose, checked a block of columns at a time.

    Examples
    --------
    >>> is_symmetric(sp.csr_array(np.array([[0, 1.0], [1.0, 0]]))), is_symmetric(sp.csr_array(np.eye(2, k=1)))
    (True, False)
    """
    S = sp.csr_array(S)
    if not S.has_canonical_format or (S.data == 0).any():   # on a copy: the caller's is left alone
        S = S.copy()
        S.sum_duplicates()
        S.eliminate_zeros()
    for block in transposed_blocks(S):
        if block is None or not np.array_equal(block[2], S.data[block[0]:block[1]]):
            return False
    return True


def kernel_input(a, dtype=None):
    """``a`` as a compiled kernel's input: contiguous, of ``dtype``, and always read-only.

    Numba compiles one machine code per signature, and a read-only array (what joblib's
    worker processes see of a memory-mapped argument) has another type than a writable
    one. With every input read-only, this process and the workers run the one
    compilation cached on disk, instead of each worker compiling a second (seconds) on
    its first task. No copy is made where ``a`` already has the layout and the type.

    Examples
    --------
    >>> a = np.arange(3)
    >>> view = kernel_input(a, np.int64)
    >>> view.flags.writeable, a.flags.writeable, np.shares_memory(a, view)
    (False, True, True)
    """
    view = np.ascontiguousarray(a, dtype=dtype).view()
    view.flags.writeable = False
    return view


def path_adjacency():
    """A valid example adjacency for declarations: the path 0 - 1 - 2 - 3."""
    return sp.csr_array(np.array([[0, 1, 0, 0], [1, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0]], dtype=float))


class _Sparse(Instance):
    """A scipy sparse matrix or array of finite numbers (its shape is checked in the body)."""

    def check(self, value, name):
        super().check(value, name)
        data = np.asarray(value.tocsr().data)
        if data.dtype.kind not in "biuf":
            self.fail(name, value, TypeError, detail=f"dtype {data.dtype}")
        if not np.isfinite(data).all():
            self.fail(name, value, detail="NaN or infinite entries")

    def invalid(self):
        bad = np.array([[0.0, 1.0], [1.0, 0.0]])
        return super().invalid() + [(sp.csr_array(np.where(bad == 1, np.nan, 0.0)), "NaN entries"),
                                    (sp.csr_array(np.where(bad == 1, np.inf, 0.0)), "infinite entries")]


def sparse_constraint(what="a scipy sparse adjacency matrix (see evalkit.graph.as_adjacency)", *, none=False):
    """Constraint: a scipy sparse matrix or array of finite numbers (its shape is checked in the body)."""
    c = _Sparse(sp.sparray, sp.spmatrix, none=none, example=path_adjacency)
    c.description = what + " (finite entries)"
    return c


def pairs_constraint(*, min_size=0):
    """Constraint: an ``(m, 2)`` array of non-negative integer row indices (the upper bound is checked in the body)."""
    return Array(ndim=2, kind="integer", low=0, min_size=min_size).with_example(lambda: np.array([[0, 2], [1, 3]]))


def node_pairs_constraint(*, min_size=0):
    """Constraint: pairs of row indices, or of node ids when the function's ``nodes`` is given (checked in the body)."""
    return NodeIds(pairs=True, min_size=min_size).with_example(lambda: np.array([[0, 2], [1, 3]]))


def nodes_constraint():
    """Constraint of a ``nodes=`` argument: the node id of each row (e.g. from :func:`evalkit.graph.as_adjacency`)."""
    return NodeIds(none=True)


def check_pairs(pairs, n, name, nodes=None, *, takes_nodes=False):
    """``pairs`` as an ``(m, 2)`` int64 array of row indices in ``[0, n)``.

    With ``nodes`` (the node id of each of the ``n`` rows) the pairs are node ids, turned into
    rows by :func:`evalkit.graph.pair_indices`; without, they are row indices (the errors
    point to ``nodes=`` where the calling function ``takes_nodes``).
    """
    if nodes is not None:
        if len(nodes) != n:
            raise ValueError(f"nodes must hold one node id per row of the network ({n}); got {len(nodes)}")
        return pair_indices(pairs, nodes, name=name)
    hint = " (node-id pairs need nodes=, the node id of each row)" if takes_nodes else ""
    try:
        p = np.asarray(pairs)
    except ValueError:  # ragged
        raise ValueError(f"{name} must be an (m, 2) array of row indices{hint}") from None
    if p.size == 0:
        p = p.reshape(0, 2).astype(np.int64)
    if p.ndim != 2 or p.shape[1] != 2:
        raise ValueError(f"{name} must have shape (m, 2); got {p.shape}{hint}")
    if not np.issubdtype(p.dtype, np.integer):
        raise TypeError(f"{name} must hold integer row indices; got dtype {p.dtype}{hint}")
    if p.size and (p.min() < 0 or p.max() >= n):
        raise ValueError(f"{name} must be row indices in [0, {n}); got values in [{p.min()}, {p.max()}]{hint}")
    return p.astype(np.int64)


def pair_keys(rows, cols, n):
    """One int64 key per ordered pair: ``row * n + col``."""
    return rows.astype(np.int64) * n + cols.astype(np.int64)


def check_positive_pairs(A, positives, nodes=None):
    """Positives as sorted rows ``u < v``: candidate pairs of ``A``, each once (node ids with ``nodes``)."""
    n = A.shape[0]
    pos = np.sort(check_pairs(positives, n, "positives", nodes, takes_nodes=True), axis=1)
    if (pos[:, 0] == pos[:, 1]).any():
        raise ValueError("positives must not contain self-pairs (u, u)")
    keys = pair_keys(pos[:, 0], pos[:, 1], n)
    if np.unique(keys).size != keys.size:
        raise ValueError("positives must list each pair once ((u, v) and (v, u) are the same pair)")
    if pos.size and (np.asarray(A[pos[:, 0], pos[:, 1]]).ravel() > 0).any():
        raise ValueError("positives must be candidate pairs: some are already edges of A")
    return pos


def check_size(size, total, name):
    """``size`` as an int in ``[1, total]``."""
    if isinstance(size, bool) or not isinstance(size, (numbers.Integral, np.integer)) or not 0 < size <= total:
        raise ValueError(f"{name} must be an integer in [1, {total}]; got {size!r}")
    return int(size)
