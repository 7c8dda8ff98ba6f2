"""Naive Bayes and a C4.5-like decision tree for binary attributes, fitted on many training sets at once.

With binary attributes a training set is summarised without loss by its count table:
how many cases of each class show each attribute pattern. Both learners here take a stack
of count tables, ``counts[s, q, c]`` for training set ``s``, pattern ``q`` and class ``c``,
and return each fitted classifier's prediction for each pattern, ``pred[s, q]``. All the
training sets of a resampling experiment (the 210 splits of one repetition of Bouckaert &
Frank's designs, or all ten repetitions) are fitted in one vectorised call; the test
accuracy of split ``s`` is then a lookup of its test cases' patterns in ``pred[s]``.

* :func:`naive_bayes_predict` -- naive Bayes with Laplace estimates (add one to every
  count), as Weka's ``NaiveBayes`` uses for nominal attributes.
* :func:`decision_tree_predict` -- a top-down tree on information gain with binary
  splits, leaves of at least ``min_leaf`` cases and no split without positive gain.
  It differs from C4.5 (Weka's J48) in three ways, stated so nobody mistakes it for J48:
  it splits on information gain, not gain ratio (on binary attributes the split
  information of a balanced split equals 1, so the two mostly agree); it has no
  pessimistic pruning; ties between equally good attributes go to the lowest index.
  It is the tree of :func:`evalkit.learners.learners_for` (scikit-learn's entropy tree
  with ``min_samples_leaf=2``) up to tie-breaking and the zero-gain stop, which
  scikit-learn lacks; a test checks the two agree where no ties occur.

Ties between the classes (equal posterior, equal leaf counts) predict class 0, like Weka's
``Utils.maxIndex``.
"""
from __future__ import annotations

import numpy as np

from .._checks import Array, Integer, checks

__all__ = ["decision_tree_predict", "naive_bayes_predict"]


def _check(counts, bits):
    counts = np.asarray(counts, dtype=float)
    bits = np.asarray(bits)
    if counts.ndim != 3 or counts.shape[2] != 2:
        raise ValueError(f"counts must have shape (n_sets, n_patterns, 2); got {counts.shape}")
    if (counts < 0).any() or not np.isfinite(counts).all():
        raise ValueError("counts must be finite and non-negative")
    if bits.ndim != 2 or bits.shape[0] != counts.shape[1] or not np.isin(bits, (0, 1)).all():
        raise ValueError(f"bits must be a 0/1 array of shape ({counts.shape[1]}, n_attributes); got {bits.shape}")
    return counts, bits.astype(np.int8)


@checks(counts=Array(ndim=3, kind="any").with_example(lambda: np.ones((1, 2, 2))),
        bits=Array(ndim=2, kind="binary").with_example(lambda: np.array([[0], [1]])))
def naive_bayes_predict(counts, bits):
    """Naive Bayes with Laplace estimates, fitted on each count table and applied to every pattern.

    Parameters
    ----------
    counts : array_like, shape (n_sets, n_patterns, 2)
        ``counts[s, q, c]``: cases of class ``c`` with pattern ``q`` in training set ``s``.
    bits : array_like of 0/1, shape (n_patterns, n_attributes)
        The attribute values of each pattern (e.g. :func:`evalkit.datasets.pattern_bits`).

    Returns
    -------
    ndarray of int8, shape (n_sets, n_patterns)

    Notes
    -----
    :math:`P(c) = (n_c + 1) / (n + 2)` and :math:`P(x_j = v | c) = (n_{jvc} + 1) / (n_c + 2)`;
    the prediction maximises :math:`\\log P(c) + \\sum_j \\log P(x_j | c)`.

    Examples
    --------
    >>> import numpy as np
    >>> bits = np.array([[0], [1]])                # one attribute, two patterns
    >>> counts = np.array([[[8, 2], [1, 9]]])      # x=0 mostly class 0, x=1 mostly class 1
    >>> naive_bayes_predict(counts, bits)
    array([[0, 1]], dtype=int8)
    """
    counts, bits = _check(counts, bits)
    n_c = counts.sum(axis=1)  # (S, 2)
    n1 = np.einsum("sqc,qj->sjc", counts, bits.astype(float))  # (S, k, 2): x_j = 1 and class c
    log1 = np.log((n1 + 1.0) / (n_c[:, None, :] + 2.0))
    log0 = np.log((n_c[:, None, :] - n1 + 1.0) / (n_c[:, None, :] + 2.0))
    prior = np.log((n_c + 1.0) / (n_c.sum(axis=1, keepdims=True) + 2.0))
    score = prior[:, None, :] + log0.sum(axis=1)[:, None, :] + np.einsum("qj,sjc->sqc", bits.astype(float), log1 - log0)
    return (score[..., 1] > score[..., 0]).astype(np.int8)


def _xlogx(n):
    """``n log2 n`` elementwise, 0 at 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(n > 0, n * np.log2(np.where(n > 0, n, 1.0)), 0.0)


@checks(counts=Array(ndim=3, kind="any").with_example(lambda: np.ones((1, 2, 2))),
        bits=Array(ndim=2, kind="binary").with_example(lambda: np.array([[0], [1]])), min_leaf=Integer(1))
def decision_tree_predict(counts, bits, *, min_leaf=2):
    """A C4.5-like tree (information gain, binary splits, no pruning) fitted on each count table.

    The trees of all count tables are grown together, one level at a time: at each level
    the cases of every open node of every tree are grouped with one sort, the class counts
    of every candidate split come from one segmented sum, and each node either splits on
    its best attribute or becomes a leaf.

    Parameters
    ----------
    counts : array_like, shape (n_sets, n_patterns, 2)
        ``counts[s, q, c]``: cases of class ``c`` with pattern ``q`` in training set ``s``.
    bits : array_like of 0/1, shape (n_patterns, n_attributes)
        The attribute values of each pattern.
    min_leaf : int, default 2
        Fewest training cases in each branch of a split (C4.5's ``-M 2``).

    Returns
    -------
    ndarray of int8, shape (n_sets, n_patterns)
        Predictions for every pattern, including patterns absent from the training set
        (they follow the tree to a leaf).

    Examples
    --------
    >>> import numpy as np
    >>> bits = np.array([[0, 0], [1, 0], [0, 1], [1, 1]])
    >>> and_ = [[5, 0], [5, 0], [5, 0], [0, 5]]      # class = x0 AND x1
    >>> xor = [[5, 0], [0, 5], [0, 5], [5, 0]]       # class = x0 XOR x1
    >>> decision_tree_predict(np.array([and_, xor]), bits)
    array([[0, 0, 0, 1],
           [0, 0, 0, 0]], dtype=int8)

    On XOR no single attribute has positive gain, so the root stays a leaf (as in C4.5).
    """
    counts, bits = _check(counts, bits)
    n_sets, n_pat, _ = counts.shape
    k = bits.shape[1]
    pred = np.zeros(n_sets * n_pat, dtype=np.int8)
    rows = np.arange(n_sets * n_pat)            # open rows: (set, pattern) flattened
    wt = np.ascontiguousarray(counts.reshape(-1, 2).T, dtype=np.float32)  # exact for counts < 2**24
    bitst = np.ascontiguousarray(bits.T, dtype=np.float32)
    # A row's key orders it by (set, node); node paths are kept as integers < 2**depth.
    key = rows // n_pat
    for depth in range(k + 1):
        if rows.size == 0:
            break
        order = np.argsort(key, kind="stable")
        rows, key = rows[order], key[order]
        first = np.r_[True, key[1:] != key[:-1]]
        starts = np.flatnonzero(first)
        group = np.cumsum(first) - 1
        # Segmented sums along the last (contiguous) axis are far faster than along axis 0.
        wr = wt[:, rows]                                                # (2, R)
        br = bitst[:, rows % n_pat]                                     # (k, R)
        total = np.add.reduceat(wr, starts, axis=1).T.astype(float)     # (G, 2)
        n1 = np.add.reduceat((br[:, None, :] * wr[None, :, :]).reshape(2 * k, -1), starts, axis=1)
        n1 = n1.T.reshape(-1, k, 2).astype(float)                       # (G, k, 2): x_j = 1, class c
        n0 = total[:, None, :] - n1
        s1, s0 = n1.sum(axis=2), n0.sum(axis=2)
        # size * (entropy(node) - weighted entropy(children)), from sum n log n terms;
        # the node's own term is the same for all attributes and is added for the threshold.
        own = _xlogx(total.sum(axis=1)) - _xlogx(total).sum(axis=1)
        children = _xlogx(s1) - _xlogx(n1).sum(axis=2) + _xlogx(s0) - _xlogx(n0).sum(axis=2)
        gain = np.where((s1 >= min_leaf) & (s0 >= min_leaf), own[:, None] - children, -np.inf)
        # Ties (up to rounding) go to the lowest attribute index.
        tol = 1e-9 * np.maximum(total.sum(axis=1), 1)
        top = gain.max(axis=1)
        best = (gain >= (top - tol)[:, None]).argmax(axis=1)
        split = top > tol
        leaf_rows = ~split[group]
        pred[rows[leaf_rows]] = (total[group[leaf_rows], 1] > total[group[leaf_rows], 0])
        keep = ~leaf_rows
        g = group[keep]
        rows = rows[keep]
        bit = br[best[g], np.flatnonzero(keep)].astype(np.int64)
        key = key[keep] * 2 + bit
    return pred.reshape(n_sets, n_pat)
