"""Evaluating a clustering against known classes: pair counts, matching matrix, co-membership.

The pair contingency table and the Rand and Jaccard statistics computed from it, the
matching matrix with cluster entropy and purity, and the co-membership matrix of a
partition. Every public name is importable from :mod:`evalkit.clustering`.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from .._checks import Anything, Instance, Values, checks
from ._common import (
    LABELS as _LABELS,
    PAIR_TABLE as _PAIR_TABLE,
    MATCHING as _MATCHING,
    label_codes as _labels,
    two_labelings as _two_labelings,
    comb2 as _comb2,
)

__all__ = [
    "cluster_entropy",
    "cluster_purity",
    "co_membership_matrix",
    "jaccard_coefficient",
    "matching_matrix",
    "pair_confusion",
    "partition_labels",
    "rand_statistic",
    "total_entropy",
    "total_purity",
]


# ------------------------------------------------------------- prior knowledge


@checks(communities=Instance(Iterable, example=lambda: [{"a"}, {"b"}]),
        nodes=Values(of=Anything("node ids: any hashable object"), min_len=1).with_example(lambda: ["a", "b"]))
def partition_labels(communities, nodes):
    """Label vector from a partition given as node sets (networkx's community functions).

    Parameters
    ----------
    communities : iterable of sets
        Disjoint groups of nodes, e.g. ``networkx.community.louvain_communities(G)``.
    nodes : sequence
        The order of the nodes in the output.

    Returns
    -------
    ndarray of int
        ``labels[i]`` is the index of the community holding ``nodes[i]``.

    Examples
    --------
    >>> partition_labels([{"b", "c"}, {"a"}], ["a", "b", "c"]).tolist()
    [1, 0, 0]
    """
    try:
        where = {v: i for i, v in enumerate(nodes)}
    except TypeError:
        raise TypeError(f"nodes must hold hashable node ids; got {nodes!r:.80}") from None
    if len(where) != len(nodes):
        raise ValueError("nodes must not repeat a node")
    labels = np.full(len(where), -1, dtype=np.int64)
    for c, members in enumerate(communities):
        if isinstance(members, (str, bytes)) or not isinstance(members, Iterable):
            raise TypeError(f"communities must be an iterable of node sets; community {c} is {members!r:.80}")
        for v in members:
            try:
                known = v in where
            except TypeError:
                raise TypeError(f"communities: community {c} holds an unhashable {v!r:.80}") from None
            if not known:
                raise ValueError(f"community {c} holds {v!r}, which is not in nodes")
            if labels[where[v]] != -1:
                raise ValueError(f"node {v!r} is in more than one community")
            labels[where[v]] = c
    if (labels == -1).any():
        missing = [n for n, lab in zip(nodes, labels) if lab == -1][:5]
        raise ValueError(f"nodes missing from every community, e.g. {missing}")
    return labels


@checks(_same_length=[("labels_true", "labels_pred")], labels_true=_LABELS, labels_pred=_LABELS)
def pair_confusion(labels_true, labels_pred):
    r"""Contingency table of the :math:`n(n-1)/2` unordered pairs of points.

    ``[[u11, u10], [u01, u00]]``: rows "same class" / "different class", columns "same
    cluster" / "different cluster" (the source's Figure 1.10). Computed from the
    class-by-cluster counts in O(n) memory.

    scikit-learn's ``pair_confusion_matrix`` counts *ordered* pairs (every count doubled)
    and orders the table ``[[C00, C01], [C10, C11]]``.

    Parameters
    ----------
    labels_true : array_like of shape (n,)
        Known class of each point (any labels), ``n >= 2``.
    labels_pred : array_like of shape (n,)
        Cluster of each point (any labels).

    Returns
    -------
    ndarray of int64, shape (2, 2)
        ``[[u11, u10], [u01, u00]]``.

    Examples
    --------
    >>> pair_confusion([0, 0, 1, 1], [0, 0, 0, 1]).tolist()
    [[1, 1], [2, 2]]
    """
    a, b = _two_labelings(labels_true, labels_pred)
    counts = np.zeros((a.max() + 1, b.max() + 1), dtype=np.int64)
    np.add.at(counts, (a, b), 1)
    u11 = int(_comb2(counts).sum())
    same_class = int(_comb2(counts.sum(axis=1)).sum())
    same_cluster = int(_comb2(counts.sum(axis=0)).sum())
    total = a.size * (a.size - 1) // 2
    u10 = same_class - u11
    u01 = same_cluster - u11
    return np.array([[u11, u10], [u01, total - u11 - u10 - u01]], dtype=np.int64)


def _pair_table(table):
    t = np.asarray(table, dtype=float)
    if t.shape != (2, 2) or not np.isfinite(t).all() or (t < 0).any() or t.max() == 0:
        raise ValueError(f"table must be a 2x2 pair count table [[u11, u10], [u01, u00]]; got {table!r}")
    with np.errstate(over="ignore"):
        overflows = not np.isfinite(t.sum())
    if overflows:                     # counts near the float maximum: the measures are ratios, so scale them
        t = t / t.max()
    return t.ravel()


@checks(table=_PAIR_TABLE)
def rand_statistic(table):
    r"""Rand statistic :math:`(u_{11} + u_{00}) / (u_{11} + u_{10} + u_{01} + u_{00})`.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        Pair counts from :func:`pair_confusion`. Equals scikit-learn's ``rand_score``.

    Returns
    -------
    float
        The Rand statistic, in [0, 1].

    Examples
    --------
    >>> rand_statistic([[9, 4], [3, 12]])   # the source's Figure 1.11
    0.75
    """
    u11, u10, u01, u00 = _pair_table(table)
    return float((u11 + u00) / (u11 + u10 + u01 + u00))


@checks(table=_PAIR_TABLE)
def jaccard_coefficient(table):
    r"""Jaccard coefficient :math:`u_{11} / (u_{11} + u_{10} + u_{01})` of a pair table.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        Pair counts ``[[u11, u10], [u01, u00]]`` from :func:`pair_confusion`.

    Returns
    -------
    float
        The Jaccard coefficient, in [0, 1].

    Examples
    --------
    >>> jaccard_coefficient([[9, 4], [3, 12]])
    0.5625
    """
    u11, u10, u01, _ = _pair_table(table)
    if u11 + u10 + u01 == 0:
        raise ValueError("the Jaccard coefficient is undefined when no pair is together in either partition")
    return float(u11 / (u11 + u10 + u01))


@checks(_same_length=[("labels_true", "labels_pred")], labels_true=_LABELS, labels_pred=_LABELS)
def matching_matrix(labels_true, labels_pred):
    """Class-by-cluster counts: ``m[i, j]`` points of class ``i`` in cluster ``j``.

    Rows follow the sorted distinct classes, columns the sorted distinct clusters.

    Parameters
    ----------
    labels_true : array_like of shape (n,)
        Known class of each point (any labels), ``n >= 2``.
    labels_pred : array_like of shape (n,)
        Cluster of each point (any labels).

    Returns
    -------
    ndarray of int64, shape (n_classes, n_clusters)
        Class-by-cluster counts.

    Examples
    --------
    >>> matching_matrix(["a", "a", "b", "b", "a", "b"], [1, 3, 2, 2, 1, 3]).tolist()
    [[2, 0, 1], [0, 2, 1]]
    """
    a, b = _two_labelings(labels_true, labels_pred)
    m = np.zeros((a.max() + 1, b.max() + 1), dtype=np.int64)
    np.add.at(m, (a, b), 1)
    return m


def _matching(mm):
    m = np.asarray(mm, dtype=float)
    if m.ndim != 2 or m.size == 0 or not np.isfinite(m).all() or (m < 0).any():
        raise ValueError("mm must be a 2-D matching matrix of non-negative counts (classes x clusters)")
    with np.errstate(over="ignore"):
        overflows = not np.isfinite(m.sum())
    if overflows:                     # counts near the float maximum: the measures are ratios, so scale them
        m = m / m.max()
    sizes = m.sum(axis=0)
    if (sizes == 0).any():
        raise ValueError(f"mm has empty clusters (all-zero columns {np.flatnonzero(sizes == 0).tolist()})")
    return m, sizes


@checks(mm=_MATCHING)
def cluster_entropy(mm):
    r"""Entropy of each cluster, :math:`E_j = -\sum_i p_{ij}\log_2 p_{ij}`, :math:`p_{ij} = m_{ij}/m_j`.

    0 for a cluster of one class; at most :math:`\log_2 V` for V classes (1 only when
    V = 2).

    Parameters
    ----------
    mm : array_like of shape (n_classes, n_clusters)
        Matching matrix (:func:`matching_matrix`): non-negative counts, no empty cluster.

    Returns
    -------
    ndarray of shape (n_clusters,)
        The entropy (bits) of each cluster.

    Examples
    --------
    >>> cluster_entropy([[2, 0, 1], [0, 2, 1]]).tolist()   # the source's Figure 1.13
    [0.0, 0.0, 1.0]
    """
    m, sizes = _matching(mm)
    p = m / sizes
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(p > 0, p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
    return -terms.sum(axis=0) + 0.0


@checks(mm=_MATCHING)
def total_entropy(mm):
    r"""Size-weighted mean cluster entropy, :math:`TE = \sum_j (m_j / M) E_j`.

    Parameters
    ----------
    mm : array_like of shape (n_classes, n_clusters)
        Matching matrix (:func:`matching_matrix`): non-negative counts, no empty cluster.

    Returns
    -------
    float
        The size-weighted mean cluster entropy, in bits.

    Examples
    --------
    >>> round(total_entropy([[2, 0, 1], [0, 2, 1]]), 4)
    0.3333
    """
    m, sizes = _matching(mm)
    return float(np.sum(sizes / sizes.sum() * cluster_entropy(m)))


@checks(mm=_MATCHING)
def cluster_purity(mm):
    r"""Purity of each cluster, :math:`Pu_j = \max_i p_{ij}`, between 1/V and 1.

    Parameters
    ----------
    mm : array_like of shape (n_classes, n_clusters)
        Matching matrix (:func:`matching_matrix`): non-negative counts, no empty cluster.

    Returns
    -------
    ndarray of shape (n_clusters,)
        The purity of each cluster.

    Examples
    --------
    >>> cluster_purity([[2, 0, 1], [0, 2, 1]]).tolist()
    [1.0, 1.0, 0.5]
    """
    m, sizes = _matching(mm)
    return m.max(axis=0) / sizes


@checks(mm=_MATCHING)
def total_purity(mm):
    r"""Size-weighted mean purity, :math:`TPu = \sum_j (m_j/M)\,Pu_j` (fraction of points in their cluster's majority class).

    Parameters
    ----------
    mm : array_like of shape (n_classes, n_clusters)
        Matching matrix (:func:`matching_matrix`): non-negative counts, no empty cluster.

    Returns
    -------
    float
        The size-weighted mean purity, in [0, 1].

    Examples
    --------
    >>> round(total_purity([[2, 0, 1], [0, 2, 1]]), 4)
    0.8333
    """
    m, sizes = _matching(mm)
    return float(m.max(axis=0).sum() / sizes.sum())


@checks(labels=_LABELS)
def co_membership_matrix(labels):
    """The T x T 0/1 matrix with 1 where two points share a label (the source's ideal/observed matrix).

    Builds an n x n matrix; :func:`mantel_test` on label vectors does not need it.

    Parameters
    ----------
    labels : array_like of shape (n,)
        Label of each point, ``n >= 2``.

    Returns
    -------
    ndarray of int64, shape (n, n)
        1 where the two points share a label, else 0.

    Examples
    --------
    >>> co_membership_matrix([0, 0, 1]).tolist()
    [[1, 1, 0], [1, 1, 0], [0, 0, 1]]
    """
    codes = _labels(labels, "labels")
    return (codes[:, None] == codes[None, :]).astype(np.int64)
