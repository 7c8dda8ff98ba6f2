"""Link prediction tasks from timestamped events: temporal snapshots and time slices.

A task is a feature network (the past) and the links to predict (the candidate pairs
linked in the label period), as in Yang, Lichtenwalter & Chawla's framework (2015,
Fig. 1). A network is an undirected simple graph held as a symmetric sparse adjacency
matrix over nodes ``0 .. n-1`` (:func:`evalkit.graph.as_adjacency`), with the original
node ids kept beside it.
"""
from __future__ import annotations

from dataclasses import field

import numpy as np
import scipy.sparse as sp

from .._checks import Array, Boolean, Choice, Instance, Integer, Real, checks
from .._results import result
from ..graph import as_adjacency
from ._common import pairs_constraint, sparse_constraint


def _toy_events():
    """A valid example of events for the declarations."""
    from ..datasets import TemporalEdges

    return TemporalEdges("toy", np.array([1, 2, 3, 1, 4, 2]), np.array([2, 3, 1, 4, 4, 1]), np.array([0, 1, 2, 5, 6, 7]))


_EVENTS = Instance("TemporalEdges", example=_toy_events)

__all__ = ["LinkPredictionTask", "temporal_slices", "temporal_task"]


@checks(adjacency=sparse_constraint(), nodes=Array(ndim=1, kind="label").with_example(lambda: np.arange(4)),
        positives=pairs_constraint(), n_new_node_pairs=Integer(0), n_repeated_pairs=Integer(0),
        weights=sparse_constraint("a scipy sparse weight matrix", none=True))
@result
class LinkPredictionTask:
    """A feature network and the links to predict.

    Parameters
    ----------
    adjacency : scipy.sparse.csr_array
        The feature network over ``nodes``, unweighted (0/1): the structure the
        neighbourhood predictors (common neighbours, Adamic/Adar, preferential attachment)
        and the distances are defined on.
    nodes : ndarray
        Original node ids of the rows.
    positives : ndarray of int, shape (m, 2)
        Candidate pairs (row indices, ``u < v``) linked in the label period, each once.
    n_new_node_pairs : int
        Pairs first linked in the label period with an end point absent from the feature
        network: not candidates (nothing can score them), counted here.
    n_repeated_pairs : int
        Label-period pairs that were already edges of the feature network: not candidates.
    weights : scipy.sparse.csr_array, optional
        The same network weighted: each edge's weight is the sum of the weights of its
        feature-period events (``evalkit.datasets.TemporalEdges.weight``; the number of
        events where the events carry none). The weights PropFlow walks on
        (``propflow(task.weights)``). None for a task built without events.

    Examples
    --------
    >>> from evalkit.graph import as_adjacency
    >>> A, nodes = as_adjacency([(0, 1), (1, 2), (2, 3)])
    >>> LinkPredictionTask(A, nodes, np.array([[0, 2]]), 0, 0)
    LinkPredictionTask(n_nodes=4, n_edges=3, n_positives=1, n_candidates=3, n_new_node_pairs=0, n_repeated_pairs=0)
    """

    adjacency: sp.csr_array = field(repr=False)
    nodes: np.ndarray = field(repr=False)
    positives: np.ndarray = field(repr=False)
    n_new_node_pairs: int
    n_repeated_pairs: int
    weights: sp.csr_array = field(default=None, repr=False)

    @property
    def n_nodes(self):
        return int(self.nodes.size)

    @property
    def n_edges(self):
        return int(self.adjacency.nnz // 2)

    @property
    def n_candidates(self):
        n = self.n_nodes
        return n * (n - 1) // 2 - self.n_edges

    def __repr__(self):
        return (f"LinkPredictionTask(n_nodes={self.n_nodes}, n_edges={self.n_edges}, "
                f"n_positives={len(self.positives)}, n_candidates={self.n_candidates}, "
                f"n_new_node_pairs={self.n_new_node_pairs}, n_repeated_pairs={self.n_repeated_pairs})")


@checks(events=_EVENTS, split=Real(), end=Real(none=True), start=Real(none=True),
        new_nodes=Choice("exclude", "include"))
def temporal_task(events, split, end=None, *, start=None, new_nodes="exclude"):
    """Feature network from the events in ``[start, split)``, positives from ``[split, end)``.

    Directed events are read as undirected pairs; self-loop events are ignored; a pair
    occurring several times is one edge (or one positive) of ``adjacency``, and its weight
    in ``weights`` is the sum of its events' weights (with unweighted events, the number
    of events on the pair in either direction: messages, joint papers). A label-period pair is a
    positive only if both nodes are in the feature network and the pair is not already
    an edge there; the others are counted in the task (``n_new_node_pairs``,
    ``n_repeated_pairs``), never silently lost.

    ``new_nodes="include"`` builds the candidates from the *testing* network instead
    (Yang et al., Section 5): the nodes first seen in the label period join the feature
    network as isolated nodes, so the pairs that involve them are candidates, and the
    ones linked in the label period are positives (``n_new_node_pairs`` is then 0).

    Parameters
    ----------
    events : evalkit.datasets.TemporalEdges
        E.g. ``load_temporal_edges("CollegeMsg")`` or ``load_condmat().pairwise()``.
    split : int
        First time of the label period (same unit as ``events.time``; finite). A split
        after the last event (an empty label period) is an error.
    end : int, optional
        End of the label period (default: after the last event; finite).
    start : int, optional
        Start of the feature period (default: the first event; finite).
    new_nodes : {'exclude', 'include'}, default 'exclude'
        Whether nodes absent from the feature network are left out of the candidates (the
        recommendation problem) or included as isolated nodes (the query problem).

    Returns
    -------
    LinkPredictionTask

    Examples
    --------
    >>> from evalkit.datasets import TemporalEdges
    >>> ev = TemporalEdges("toy", np.array([1, 2, 3, 1, 4, 2]), np.array([2, 3, 1, 4, 4, 1]),
    ...                    np.array([0, 1, 2, 5, 6, 7]))
    >>> task = temporal_task(ev, split=5)
    >>> task.nodes.tolist(), task.positives.tolist(), task.n_new_node_pairs, task.n_repeated_pairs
    ([1, 2, 3], [], 1, 1)
    >>> task.weights.toarray().tolist()  # (1, 2) was linked twice: events 1->2 and 2->1
    [[0.0, 1.0, 1.0], [1.0, 0.0, 1.0], [1.0, 1.0, 0.0]]
    """
    if end is not None and end <= split:
        raise ValueError(f"end must be after split; got split={split}, end={end}")
    lab = events.between(split, end)
    if lab.n_events == 0 and (events.n_events == 0 or split > events.time.max()):
        last = events.time.max() if events.n_events else None
        raise ValueError(f"split must not be after the last event (time {last}): the label period "
                         f"[split, end) would hold no event; got split={split}")
    extra = np.r_[lab.src, lab.dst] if new_nodes == "include" else None
    A, nodes, W = _feature_network(events, start, split, extra_nodes=extra)
    return LinkPredictionTask(A, nodes, *_label_pairs(A, nodes, lab), weights=W)


def _feature_network(events, start, split, *, extra_nodes=None):
    """Unweighted and weighted adjacency of the feature period, and the node ids."""
    feat = events.between(start, split)
    fu, fv, fw = feat.src, feat.dst, feat.weights
    keep = fu != fv
    if not keep.any():
        raise ValueError("the feature period [start, split) holds no edge between distinct nodes")
    fu, fv, fw = fu[keep], fv[keep], fw[keep]
    nodes = np.union1d(fu, fv) if extra_nodes is None else np.union1d(np.union1d(fu, fv), extra_nodes)
    A, nodes = as_adjacency(np.stack([fu, fv], axis=1), nodes=nodes)
    u, v = np.searchsorted(nodes, fu), np.searchsorted(nodes, fv)
    n = nodes.size
    upper = sp.csr_array(sp.coo_array((fw, (np.minimum(u, v), np.maximum(u, v))), shape=(n, n)))  # sums repeats
    W = sp.csr_array(upper + upper.T)  # exactly symmetric
    W.sort_indices()
    return A, nodes, W


def _label_pairs(A, nodes, lab):
    """Positives (rows, u < v), new-node pairs and repeated pairs of label-period events."""
    lu, lv = lab.src, lab.dst
    keep = lu != lv
    pairs = np.unique(np.sort(np.stack([lu[keep], lv[keep]], axis=1), axis=1), axis=0)
    pairs = pairs.reshape(-1, 2)
    pos_u = np.searchsorted(nodes, pairs[:, 0])
    pos_v = np.searchsorted(nodes, pairs[:, 1])
    known = (pos_u < nodes.size) & (pos_v < nodes.size)
    known[known] &= (nodes[pos_u[known]] == pairs[known, 0]) & (nodes[pos_v[known]] == pairs[known, 1])
    u, v = pos_u[known], pos_v[known]
    linked = np.asarray(A[u, v]).ravel() > 0 if u.size else np.zeros(0, dtype=bool)
    positives = np.stack([u[~linked], v[~linked]], axis=1)
    return positives, int((~known).sum()), int(linked.sum())


@checks(events=_EVENTS, split=Real(), end=Real(none=True), n_slices=Integer(1), cumulative=Boolean(),
        start=Real(none=True))
def temporal_slices(events, split, end, *, n_slices=5, cumulative=False, start=None):
    """One feature network, and the label period ``[split, end)`` cut into equal-duration slices.

    Slice ``i`` covers ``[split + i d, split + (i + 1) d)`` with ``d = (end - split) /
    n_slices``. Every task shares the feature network of ``[start, split)`` (so the
    candidates are the same); the positives of task ``i`` are the candidates linked in
    slice ``i`` (``cumulative=False``, Yang et al.'s Fig. 16-1) or in slices ``0..i``
    (``cumulative=True``, Fig. 16-2). A pair linked in two slices is a positive of both.

    Parameters
    ----------
    events : evalkit.datasets.TemporalEdges
        Timestamped events.
    split : int
        First time of the label period (finite).
    end : int
        End of the label period (must be given, after ``split``).
    n_slices : int, default 5
        Number of slices (an integer >= 1).
    cumulative : bool, default False
        Positives of slice ``i`` from slices ``0..i`` instead of slice ``i`` alone.
    start : int, optional
        Start of the feature period (default: the first event).

    Returns
    -------
    tasks : list of LinkPredictionTask
        One task per slice.
    bounds : ndarray of int, shape (n_slices + 1,)
        The slices' boundaries.

    Examples
    --------
    >>> from evalkit.datasets import TemporalEdges
    >>> ev = TemporalEdges("toy", np.array([1, 2, 3, 1, 1]), np.array([2, 3, 4, 3, 4]),
    ...                    np.array([0, 1, 2, 10, 15]))
    >>> tasks, bounds = temporal_slices(ev, split=10, end=20, n_slices=2)
    >>> [t.positives.tolist() for t in tasks], bounds.tolist()
    ([[[0, 2]], [[0, 3]]], [10, 15, 20])
    """
    if end is None or end <= split:
        raise ValueError(f"end must be given and after split; got split={split}, end={end}")
    A, nodes, W = _feature_network(events, start, split)
    bounds = np.round(np.linspace(split, end, n_slices + 1)).astype(np.int64)
    tasks = []
    for i in range(n_slices):
        lab = events.between(int(bounds[0] if cumulative else bounds[i]), int(bounds[i + 1]))
        tasks.append(LinkPredictionTask(A, nodes, *_label_pairs(A, nodes, lab), weights=W))
    return tasks, bounds
