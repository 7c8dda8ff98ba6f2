"""Directional predictors: whether a score is directional, and the ways to rank its two orderings.

Yang, Lichtenwalter & Chawla (2015, Section 3.4): a predictor is *directional* if
``P(u, v) != P(v, u)`` for some pair; an undirected pair then has two scores, and how
they become one ranking changes the measured performance (:func:`evaluate_orderings`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from .._checks import Array, Either, Integer, Real, checks
from ..curves import roc_auc_and_average_precision
from ..graph import check_adjacency
from ._common import (check_pairs, check_positive_pairs, node_pairs_constraint, nodes_constraint, pair_keys,
                      sparse_constraint)

_SCORES = Either(sparse_constraint("a scipy sparse score matrix"), Array(ndim=2, kind="real"))
from .predictors import pair_scores

__all__ = ["OrderingEvaluation", "evaluate_orderings", "is_directional", "ordered_pair_histogram", "two_hop_pairs"]


@checks(S=_SCORES)
def is_directional(S):
    """Whether a score matrix is directional (Yang et al., Definition 3.1): ``S[u, v] != S[v, u]`` for some pair.

    Parameters
    ----------
    S : scipy sparse matrix or array_like, shape (n, n)
        Scores of ordered pairs, row = source.

    Returns
    -------
    bool
        True if some pair's two orderings score differently.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> from evalkit.linkpred import propflow, common_neighbors
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (1, 3)])
    >>> is_directional(common_neighbors(A)), is_directional(propflow(A, symmetrize=None))
    (False, True)
    """
    S = sp.csr_array(S)
    if S.shape[0] != S.shape[1]:
        raise ValueError(f"S must be square; got shape {S.shape}")
    D = (S - S.T).tocsr()
    D.eliminate_zeros()
    return bool(D.nnz)


@checks(A=sparse_constraint())
def two_hop_pairs(A):
    """The candidate pairs of ``A`` at distance exactly 2 (rows ``u < v``), sorted.

    Parameters
    ----------
    A : scipy sparse matrix
        Symmetric adjacency (see :func:`evalkit.graph.as_adjacency`).

    Returns
    -------
    ndarray of int64, shape (m, 2)
        The pairs with a common neighbour that are not edges, each once.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3)])
    >>> two_hop_pairs(A).tolist()
    [[0, 2], [1, 3]]
    """
    A = check_adjacency(A)
    B = sp.csr_array(A.astype(np.int64) @ A.astype(np.int64))
    B = sp.triu(B, k=1).tocsr()
    B = (B - B.multiply(A)).tocsr()
    B.eliminate_zeros()
    r, c = B.nonzero()
    keys = np.sort(pair_keys(r, c, A.shape[0]))
    return np.stack([keys // A.shape[0], keys % A.shape[0]], axis=1)


@checks(auroc=Real(0, 1, allow_nan=True), average_precision=Real(0, 1, allow_nan=True), n_instances=Integer(0),
        n_positive=Integer(0))
@dataclass(frozen=True)
class OrderingEvaluation:
    """AUROC and average precision of one way of turning a directional score into a ranking.

    Parameters
    ----------
    auroc : float
        Area under the ROC curve of the ranking.
    average_precision : float
        Average precision of the ranking.
    n_instances : int
        Instances ranked (twice the pairs for ``'both orderings'``).
    n_positive : int
        Positive instances among them.

    Examples
    --------
    >>> OrderingEvaluation(0.75, 0.5, 10, 2).auroc
    0.75
    """

    auroc: float
    average_precision: float
    n_instances: int
    n_positive: int


@checks(S=_SCORES, pairs=node_pairs_constraint(min_size=1), positives=node_pairs_constraint(), nodes=nodes_constraint())
def evaluate_orderings(S, pairs, positives, *, nodes=None):
    """Evaluate a directional predictor under the ways of resolving source and target.

    Parameters
    ----------
    S : sparse matrix, shape (n, n)
        Directed scores, row = source (e.g. ``propflow(A, symmetrize=None)``).
    pairs : array_like, shape (m, 2)
        The unordered candidate pairs to rank (e.g. :func:`two_hop_pairs`): row indices, or
        node ids when ``nodes`` is given.
    positives : array_like, shape (p, 2)
        The positives among them (a positive not in ``pairs`` is an error), given as ``pairs``.
    nodes : array_like, optional
        The node id of each row of ``S`` (the ``nodes`` of :func:`evalkit.graph.as_adjacency`):
        ``pairs`` and ``positives`` are then node-id pairs (:func:`evalkit.graph.pair_indices`).

    Returns
    -------
    dict of str -> OrderingEvaluation
        ``'both orderings'``: each pair ranked twice, once per ordering, with its label
        twice (the directed-network approach the paper argues against for research);
        ``'mean'``, ``'max'``, ``'min'``: one score per pair from the two orderings;
        ``'u to v'`` and ``'v to u'``: the lower (higher) row index as the source, an
        arbitrary choice that an implementation makes implicitly.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> from evalkit.linkpred import propflow
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (1, 3), (3, 4)])
    >>> S = propflow(A, symmetrize=None)
    >>> r = evaluate_orderings(S, two_hop_pairs(A), [(0, 2)])
    >>> sorted(r)
    ['both orderings', 'max', 'mean', 'min', 'u to v', 'v to u']
    """
    S = sp.csr_array(S)
    if S.shape[0] != S.shape[1]:
        raise ValueError(f"S must be square; got shape {S.shape}")
    pairs = np.sort(check_pairs(pairs, S.shape[0], "pairs", nodes, takes_nodes=True), axis=1)
    pos = np.sort(check_pairs(positives, S.shape[0], "positives", nodes, takes_nodes=True), axis=1)
    n = S.shape[0]
    keys = pair_keys(pairs[:, 0], pairs[:, 1], n)
    if np.unique(keys).size != keys.size:
        raise ValueError("pairs must list each unordered pair once")
    y = np.isin(keys, pair_keys(pos[:, 0], pos[:, 1], n))
    if y.sum() != pos.shape[0]:
        raise ValueError("every positive must be one of pairs")
    fwd = pair_scores(S, pairs)
    bwd = pair_scores(S, pairs[:, ::-1])
    rankings = {"both orderings": (np.r_[fwd, bwd], np.r_[y, y]), "mean": ((fwd + bwd) / 2, y),
                "max": (np.maximum(fwd, bwd), y), "min": (np.minimum(fwd, bwd), y),
                "u to v": (fwd, y), "v to u": (bwd, y)}
    out = {}
    for name, (s, lab) in rankings.items():
        auroc, ap = roc_auc_and_average_precision(lab.astype(int), s)
        out[name] = OrderingEvaluation(float(auroc), float(ap), int(lab.size), int(lab.sum()))
    return out


@checks(A=sparse_constraint(), positives=node_pairs_constraint(),
        S=sparse_constraint("a scipy sparse score matrix, row = source"), nodes=nodes_constraint())
def ordered_pair_histogram(A, positives, S, *, nodes=None):
    """Every *ordered* candidate pair of ``A`` scored by its own source, as a :class:`ScoreHistogram`.

    The two orderings ``(u, v)`` and ``(v, u)`` of every candidate pair are two instances,
    scored ``S[u, v]`` and ``S[v, u]``, each with the pair's label: the ``'both orderings'``
    ranking of :func:`evaluate_orderings` over *all* candidate pairs, without enumerating
    them (the negatives are counted per distinct score; unstored pairs score 0). This is
    what the paper's authors' tool, LPmade, evaluates for an undirected network when it
    is asked for all pairs (``predict -n 0``): every ordered non-edge pair of the training
    network's vertices, pairs in different components included, each ordering scored by
    its own source.

    Parameters
    ----------
    A : scipy sparse matrix
        The feature network, symmetric (see :func:`evalkit.graph.as_adjacency`); its
        non-edges are the candidates.
    positives : array_like, shape (m, 2)
        Candidate pairs linked in the label period, each unordered pair once (row indices,
        or node ids when ``nodes`` is given); both of its orderings are positive instances.
    S : scipy sparse matrix, shape (n, n)
        Directed scores, row = source (e.g. ``propflow(A, symmetrize=None)``).
    nodes : array_like, optional
        The node id of each row of ``A`` (the ``nodes`` of :func:`evalkit.graph.as_adjacency`).

    Returns
    -------
    ScoreHistogram
        ``2 m`` positive scores and the histogram of the ``n (n - 1) - 2 |E| - 2 m``
        negative instances.

    See Also
    --------
    evaluate_orderings : the same ranking, and the others, over given pairs.
    score_histogram : unordered pairs of a symmetric score.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> from evalkit.linkpred import propflow
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (1, 3), (3, 4)])
    >>> S = propflow(A, symmetrize=None)
    >>> h = ordered_pair_histogram(A, [(0, 2)], S)
    >>> h.n_positive, h.n_negative          # 2 orderings of 1 positive; 2 x (10 - 4 - 1) - 2
    (2, 10)
    >>> round(h.evaluate().auroc, 4) == round(evaluate_orderings(S, [(0, 2), (0, 3), (0, 4), (1, 4), (2, 3),
    ...                                        (2, 4)], [(0, 2)])["both orderings"].auroc, 4)
    True
    """
    from .histogram import ScoreHistogram

    A = check_adjacency(A)
    n = A.shape[0]
    pos = check_positive_pairs(A, positives, nodes)
    if S.shape != A.shape:
        raise ValueError(f"S must have the shape of A, {A.shape}; got {S.shape}")
    S = sp.csr_array(S)
    if not S.has_canonical_format:
        S = S.copy()
        S.sum_duplicates()
    if S.dtype.kind not in "biuf" or not np.isfinite(S.data).all():
        raise ValueError("S must hold finite real scores")
    # The histogram of every stored score, less the instances that are not candidates (self-pairs,
    # edges of A) and the positives; all other instances score 0. No copy of S is made.
    values, counts = np.unique(S.data, return_counts=True)
    excluded = np.r_[S.diagonal(), sp.csr_array(S.multiply(A != 0)).data]
    both = np.concatenate([pos, pos[:, ::-1]])
    pos_scores = np.asarray(S[both[:, 0], both[:, 1]], dtype=np.float64).ravel() if both.size else np.zeros(0)
    for removed in (excluded, pos_scores):
        removed = removed[removed != 0]
        if removed.size:
            rv, rc = np.unique(removed, return_counts=True)
            counts[np.searchsorted(values, rv)] -= rc
    nonzero = values != 0
    values, counts = values[nonzero].astype(np.float64), counts[nonzero]
    n_neg_total = n * (n - 1) - A.nnz - both.shape[0]
    return ScoreHistogram.from_unsorted(pos_scores, np.r_[values, 0.0], np.r_[counts, n_neg_total - counts.sum()])
