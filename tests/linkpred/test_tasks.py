"""Tests of evalkit.linkpred.tasks: temporal tasks and time slices."""

import numpy as np
import pytest

from evalkit import linkpred
from evalkit.datasets import TemporalEdges


from helpers.linkpred import toy_events


def test_temporal_task_counts_every_label_pair():
    ev = TemporalEdges("toy", np.array([1, 2, 3, 1, 4, 2, 3, 3]), np.array([2, 3, 1, 4, 4, 1, 5, 2]),
                       np.array([0, 1, 2, 5, 6, 7, 8, 9]))
    task = linkpred.temporal_task(ev, split=5)
    # label period: (1,4) new node 4; (4,4) self-loop, ignored; (2,1) repeated; (3,5) new node;
    # (3,2) repeated
    assert task.n_new_node_pairs == 2 and task.n_repeated_pairs == 2 and len(task.positives) == 0
    assert task.n_candidates == 0


def test_temporal_task_on_collegemsg(shared_data):
    from evalkit.datasets import load_temporal_edges

    ev = load_temporal_edges("CollegeMsg")
    split = int(np.quantile(ev.time, 0.5))
    task = linkpred.temporal_task(ev, split=split)
    assert task.n_candidates + task.n_edges == task.n_nodes * (task.n_nodes - 1) // 2
    u, v = task.positives.T
    assert (u < v).all() and not np.asarray(task.adjacency[u, v]).any()
    r = linkpred.evaluate_all_pairs(task.adjacency, task.positives, "adamic_adar")
    assert r.n_positive == len(task.positives) and 0.5 < r.auroc < 1


def test_empty_snapshots_are_clear_errors():
    ev = TemporalEdges("toy", np.array([1, 2, 3]), np.array([2, 3, 1]), np.array([5, 6, 7]))
    with pytest.raises(ValueError, match="feature period"):
        linkpred.temporal_task(ev, split=5)                 # nothing before time 5
    task = linkpred.temporal_task(ev, split=100)            # nothing in the label period
    assert len(task.positives) == 0
    with pytest.raises(ValueError, match="positives and negatives"):
        linkpred.evaluate_all_pairs(task.adjacency, task.positives, "common_neighbors")
    with pytest.raises(ValueError, match="end must be after split"):
        linkpred.temporal_task(ev, split=6, end=6)


def test_temporal_slices_share_the_feature_network_and_partition_the_label_period():
    ev = toy_events()
    tasks, bounds = linkpred.temporal_slices(ev, split=600, end=1000, n_slices=4)
    whole = linkpred.temporal_task(ev, split=600, end=1000)
    assert bounds.tolist() == [600, 700, 800, 900, 1000]
    for t in tasks:
        assert (t.adjacency != whole.adjacency).nnz == 0
    union = np.unique(np.concatenate([t.positives for t in tasks]), axis=0)
    np.testing.assert_array_equal(union, np.unique(whole.positives, axis=0))
    cum, _ = linkpred.temporal_slices(ev, split=600, end=1000, n_slices=4, cumulative=True)
    np.testing.assert_array_equal(np.unique(cum[-1].positives, axis=0), np.unique(whole.positives, axis=0))
    assert all(len(a.positives) <= len(b.positives) for a, b in zip(cum, cum[1:]))
    with pytest.raises(ValueError, match="end must be given"):
        linkpred.temporal_slices(ev, split=600, end=None)


def test_new_nodes_included_as_isolated_candidates():
    ev = TemporalEdges("toy", np.array([1, 2, 1, 5]), np.array([2, 3, 3, 1]), np.array([0, 1, 5, 6]))
    ex = linkpred.temporal_task(ev, split=5)
    inc = linkpred.temporal_task(ev, split=5, new_nodes="include")
    assert ex.n_new_node_pairs == 1 and inc.n_new_node_pairs == 0
    assert inc.nodes.tolist() == [1, 2, 3, 5]
    assert sorted(map(tuple, inc.positives.tolist())) == [(0, 2), (0, 3)]
    assert inc.adjacency[3].nnz == 0 and inc.n_edges == ex.n_edges
    with pytest.raises(ValueError, match="new_nodes must be"):
        linkpred.temporal_task(ev, split=5, new_nodes="maybe")
