"""Negative pairs drawn from a network, for training and test sets.

:func:`sample_negative_pairs` draws distinct non-edges by rejection from all node pairs
(for training sets, or to check the histogram samplers with actual pairs);
:class:`NegativePairSampler` finds a network's forbidden pairs once for many draws.

The other schemes of Yang, Lichtenwalter & Chawla (2015, Sections 4.1-4.3) draw from score
histograms and live beside them: uniform sampling of the negatives with the exact variance
of the sampled AUROC in :mod:`evalkit.linkpred.histogram`
(:func:`~evalkit.linkpred.subsample_negatives`,
:func:`~evalkit.linkpred.subsampled_auroc_variance`,
:func:`~evalkit.linkpred.draw_without_replacement`), and the by-distance schemes in
:mod:`evalkit.linkpred.distance` (:func:`~evalkit.linkpred.sample_uniform`,
:func:`~evalkit.linkpred.sample_distance_balanced`, :func:`~evalkit.linkpred.sample_steered`,
:func:`~evalkit.linkpred.distance_mean_auroc`). The methods of
:class:`~evalkit.linkpred.ScoreHistogram` and :class:`~evalkit.linkpred.DistanceHistograms`
of the same names call them.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from .._checks import Integer, checks
from ..graph import check_adjacency
from ._common import check_pairs, node_pairs_constraint, nodes_constraint, pair_keys, sparse_constraint

__all__ = ["NegativePairSampler", "sample_negative_pairs"]


@checks(A=sparse_constraint(), positives=node_pairs_constraint(), size=Integer(0), nodes=nodes_constraint())
def sample_negative_pairs(A, positives, size, *, nodes=None, rng=None):
    """Draw ``size`` distinct negative pairs uniformly from all candidate negatives of ``A``.

    Candidate negatives are the non-edges of ``A`` that are not in ``positives``. Pairs
    are drawn uniformly among all unordered node pairs and rejected if they are an edge,
    a positive, a self-pair or already drawn, until ``size`` are kept; every candidate
    negative is equally likely and none appears twice.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network.
    positives : array_like, shape (m, 2)
        Pairs that are not negatives (row indices, or node ids when ``nodes`` is given).
    size : int
        Pairs to draw, at most the number of candidate negatives.
    nodes : array_like, optional
        The node id of each row of ``A`` (the ``nodes`` of :func:`evalkit.graph.as_adjacency`):
        ``positives`` are then node-id pairs (:func:`evalkit.graph.pair_indices`).
    rng : seed or numpy.random.Generator, optional
        Source of randomness.

    Returns
    -------
    ndarray of int64, shape (size, 2), each row ``u < v``
        Row indices of ``A`` (``nodes[pairs]`` gives their node ids).

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (3, 4)])
    >>> pairs = sample_negative_pairs(A, [(0, 2)], 3, rng=0)
    >>> pairs.shape, bool((pairs[:, 0] < pairs[:, 1]).all())
    ((3, 2), True)
    """
    return NegativePairSampler(A, positives, nodes=nodes).sample(size, rng=rng)


@checks(A=sparse_constraint(), positives=node_pairs_constraint(), nodes=nodes_constraint())
class NegativePairSampler:
    """Repeated draws of :func:`sample_negative_pairs` on one network, its forbidden pairs found once.

    ``NegativePairSampler(A, positives).sample(size, rng=rng)`` is
    ``sample_negative_pairs(A, positives, size, rng=rng)``; a sampler drawing many test
    sets sorts the edges and positives (the pairs a draw rejects) once instead of at
    every draw. Draws from the same ``rng`` are the same.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency of the feature network.
    positives : array_like, shape (m, 2)
        Pairs that are not negatives (row indices, or node ids when ``nodes`` is given).
    nodes : array_like, optional
        The node id of each row of ``A``: ``positives`` are then node-id pairs.

    Attributes
    ----------
    n_negative : int
        The candidate negatives.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (3, 4)])
    >>> sampler = NegativePairSampler(A, [(0, 2)])
    >>> sampler.n_negative
    5
    >>> rng = np.random.default_rng(0)
    >>> sampler.sample(3, rng=rng).tolist() == sample_negative_pairs(A, [(0, 2)], 3, rng=0).tolist()
    True
    """

    def __init__(self, A, positives, *, nodes=None):
        A = check_adjacency(A)
        self._n = n = A.shape[0]
        pos = np.sort(check_pairs(positives, n, "positives", nodes, takes_nodes=True), axis=1)
        self.n_negative = n * (n - 1) // 2 - A.nnz // 2 - pos.shape[0]
        r, c = sp.triu(A, k=1).nonzero()
        self._forbidden = np.union1d(pair_keys(r, c, n), pair_keys(pos[:, 0], pos[:, 1], n))

    @checks(size=Integer(0))
    def sample(self, size, *, rng=None):
        """``size`` distinct negative pairs, drawn uniformly (see :func:`sample_negative_pairs`).

        Parameters
        ----------
        size : int
            Pairs to draw, at most ``n_negative``.
        rng : seed or numpy.random.Generator, optional
            Source of randomness.

        Returns
        -------
        ndarray of int64, shape (size, 2), each row ``u < v``
        """
        n = self._n
        if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or not 0 <= size <= self.n_negative:
            raise ValueError(f"size must be an integer in [0, {self.n_negative}] (the candidate negatives); "
                             f"got {size!r}")
        rng = np.random.default_rng(rng)
        kept = np.empty(0, dtype=np.int64)
        while kept.size < size:
            m = int(1.2 * (size - kept.size)) + 16
            u, v = rng.integers(0, n, m), rng.integers(0, n, m)
            ok = u != v
            keys = pair_keys(np.minimum(u, v)[ok], np.maximum(u, v)[ok], n)
            keys = keys[~np.isin(keys, self._forbidden)]
            # keep the first occurrence of each new key, in drawing order
            keys = keys[~np.isin(keys, kept)]
            _, first = np.unique(keys, return_index=True)
            kept = np.concatenate([kept, keys[np.sort(first)]])
        kept = kept[:size]
        return np.stack([kept // n, kept % n], axis=1)
