"""Tests of evalkit.linkpred.tasks: temporal tasks and time slices."""

import numpy as np
import pytest

from evalkit import linkpred
from evalkit.datasets import TemporalEdges, TemporalHypergraph


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
    with pytest.raises(ValueError, match="split must not be after the last event"):
        linkpred.temporal_task(ev, split=100)               # nothing in the label period: an error
    task = linkpred.temporal_task(ev, split=6, end=7)       # label period [6, 7): only a new node's pair
    assert len(task.positives) == 0 and task.n_new_node_pairs == 1
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


def _reference_weights(hypergraph, weighting, start, split):
    # straightforward: every hyperedge in [start, split), each pair of its distinct members
    # adds 1, 1/(k-1) or 1/k
    out = {}
    for i in range(hypergraph.n_hyperedges):
        if not start <= hypergraph.times[i] < split:
            continue
        members = sorted(set(hypergraph.hyperedge(i).tolist()))
        k = len(members)
        w = {"count": 1.0, "newman": 1 / max(k - 1, 1), "inverse_size": 1 / k}[weighting]
        for a in range(k):
            for b in range(a + 1, k):
                out[members[a], members[b]] = out.get((members[a], members[b]), 0.0) + w
    return out


@pytest.mark.parametrize("weighting", ["count", "newman", "inverse_size"])
@pytest.mark.parametrize("seed", range(3))
def test_task_weights_sum_the_events_of_each_pair(weighting, seed):
    # random hypergraph: 60 hyperedges of 1-5 members (repeats allowed) over 15 nodes
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 6, 60)
    offsets = np.r_[0, np.cumsum(sizes)]
    h = TemporalHypergraph("toy", offsets, rng.integers(0, 15, offsets[-1]), np.sort(rng.integers(0, 100, 60)), {})
    task = linkpred.temporal_task(h.pairwise(weighting=weighting), split=70)
    ref = _reference_weights(h, weighting, 0, 70)
    W = task.weights.toarray()
    got = {(int(task.nodes[i]), int(task.nodes[j])): W[i, j] for i, j in zip(*np.nonzero(np.triu(W)))}
    assert got.keys() == ref.keys()
    np.testing.assert_allclose([got[k] for k in ref], list(ref.values()), rtol=1e-12)
    # the same structure as the unweighted adjacency, symmetric
    assert ((task.weights != 0) != (task.adjacency != 0)).nnz == 0 and (task.weights != task.weights.T).nnz == 0
    if weighting == "newman":
        # every paper of k >= 2 distinct authors adds exactly 1 to each author's weighted degree
        papers = [set(h.hyperedge(i).tolist()) for i in range(60) if h.times[i] < 70]
        expected = [sum(len(p) >= 2 and int(node) in p for p in papers) for node in task.nodes]
        np.testing.assert_allclose(W.sum(axis=1), expected, rtol=1e-12)


def test_message_networks_weigh_pairs_by_their_number_of_events():
    # 1->2 twice and 2->1 once: weight 3 in the undirected network; self-loops ignored
    ev = TemporalEdges("toy", np.array([1, 1, 2, 2, 3, 3]), np.array([2, 2, 1, 3, 3, 1]), np.arange(6))
    task = linkpred.temporal_task(ev, split=5)
    assert task.weights.toarray().tolist() == [[0, 3, 0], [3, 0, 1], [0, 1, 0]]
    assert ev.to_graph()[1][2]["weight"] == 3
    # the slices and the query task carry the same weights
    slices, _ = linkpred.temporal_slices(ev, split=5, end=6, n_slices=1)
    assert (slices[0].weights != task.weights).nnz == 0
    inc = linkpred.temporal_task(ev, split=4, new_nodes="include")
    assert inc.weights.shape == inc.adjacency.shape


def test_event_weights_are_checked():
    with pytest.raises(ValueError, match="weight must have one value per event"):
        TemporalEdges("toy", np.array([1, 2]), np.array([2, 3]), np.array([0, 1]), False, np.ones(3))
    with pytest.raises(ValueError, match="positive finite"):
        TemporalEdges("toy", np.array([1, 2]), np.array([2, 3]), np.array([0, 1]), False, np.array([1.0, 0.0]))
    h = TemporalHypergraph("toy", np.array([0, 2]), np.array([1, 2]), np.array([0]), {})
    with pytest.raises(ValueError, match="weighting must be one of"):
        h.pairwise(weighting="harmonic")


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_times_are_errors(bad):
    # split=nan used to return an empty task
    ev = TemporalEdges("toy", np.array([1, 2, 3]), np.array([2, 3, 1]), np.array([5, 6, 7]))
    with pytest.raises(ValueError, match="split must be"):
        linkpred.temporal_task(ev, split=bad)
    with pytest.raises(ValueError, match="end must be"):
        linkpred.temporal_task(ev, split=6, end=bad)
    with pytest.raises(ValueError, match="start must be"):
        linkpred.temporal_task(ev, split=6, start=bad)
    with pytest.raises(ValueError, match="split must be"):
        linkpred.temporal_slices(ev, split=bad, end=7)


def test_wrong_events_and_options_name_the_argument():
    ev = TemporalEdges("toy", np.array([1, 2, 3]), np.array([2, 3, 1]), np.array([5, 6, 7]))
    with pytest.raises(TypeError, match="events must be an instance of TemporalEdges"):
        linkpred.temporal_task([(1, 2, 5)], split=6)     # used to be an AttributeError
    with pytest.raises(TypeError, match="split must be"):
        linkpred.temporal_task(ev, split="6")
    with pytest.raises(ValueError, match="n_slices must be an integer >= 1"):
        linkpred.temporal_slices(ev, split=6, end=7, n_slices=0)
