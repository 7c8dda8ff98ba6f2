"""Tests of evalkit.linkpred.tasks: temporal tasks and time slices."""
import itertools

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, roc_auc_score

from evalkit import curves, linkpred
from evalkit.graph import as_adjacency
from evalkit.datasets import TemporalEdges


from evalkit import linkpred
from evalkit.linkpred import ScoreHistogram


def _random_graph(seed, n=30, p=0.12):
    g = nx.gnp_random_graph(n, p, seed=seed)
    A, nodes = as_adjacency(g)
    return g, A


def _random_positives(A, rng, m):
    n = A.shape[0]
    dense = A.toarray()
    cand = [(u, v) for u, v in itertools.combinations(range(n), 2) if not dense[u, v]]
    pick = rng.choice(len(cand), size=min(m, len(cand)), replace=False)
    return np.array([cand[i] for i in pick])


def _brute_force(A, positives, predictor):
    """Every candidate pair enumerated with its score, evaluated by scikit-learn and evalkit.curves."""
    n = A.shape[0]
    dense = A.toarray()
    if predictor == "preferential_attachment":
        deg = dense.sum(axis=1)
        score = np.outer(deg, deg).astype(float)
    else:
        score = linkpred.PREDICTORS[predictor](A).toarray()
    pos = {tuple(sorted(p)) for p in positives.tolist()}
    y, s = [], []
    for u, v in itertools.combinations(range(n), 2):
        if not dense[u, v]:
            y.append((u, v) in pos)
            s.append(score[u, v])
    y, s = np.array(y), np.array(s)
    return (roc_auc_score(y, s), average_precision_score(y, s),
            curves.pr_auc(y, s, interpolation="davis-goadrich"), int(y.sum()), int((~y).sum()))


def _propflow_reference(W, source, max_length, synchronous):
    """Per-source PropFlow written out node by node.

    synchronous=False is LPmade's loop: a node pushes the mass it holds when it is
    processed, including mass received earlier in the same step. synchronous=True pushes
    the mass held when the step began (evalkit's definition)."""
    n = W.shape[0]
    scores = np.zeros(n)
    scores[source] = 1.0
    found = {source}
    search = [source]
    for _ in range(max_length):
        held = scores.copy()
        new_search = []
        for v in search:
            mass = held[v] if synchronous else scores[v]
            nbrs = np.flatnonzero(W[v])
            total = W[v, nbrs].sum()
            for u in nbrs:
                scores[u] += mass * W[v, u] / total
                if u not in found:
                    found.add(u)
                    new_search.append(u)
        search = new_search
    scores[source] = 0.0
    return scores


def _toy_temporal(seed, n=45, m=260):
    rng = np.random.default_rng(seed)
    # a growing network with some locality: later edges prefer nodes at distance 2
    g = nx.gnm_random_graph(n, m // 2, seed=seed)
    src, dst = [u for u, v in g.edges()], [v for u, v in g.edges()]
    for _ in range(m - m // 2):
        u = int(rng.integers(n))
        nb = list(g.neighbors(u))
        two = {w for x in nb for w in g.neighbors(x)} - set(nb) - {u}
        v = int(rng.choice(sorted(two))) if two and rng.random() < 0.7 else int(rng.integers(n))
        if v != u:
            g.add_edge(u, v)
            src.append(u)
            dst.append(v)
    t = np.arange(len(src))
    return TemporalEdges("toy", np.array(src), np.array(dst), t, directed=False)


def _random_task(seed, n=40, p=0.08):
    rng = np.random.default_rng(seed)
    G = nx.gnp_random_graph(n, p, seed=int(seed))
    G.add_edge(n, n + 1)  # a separate component: pairs at distance inf
    A, nodes = as_adjacency(G)
    dist = dict(nx.all_pairs_shortest_path_length(G))
    cand = [(u, v) for u in range(A.shape[0]) for v in range(u + 1, A.shape[0]) if not A[u, v]]
    pick = rng.choice(len(cand), size=12, replace=False)
    pos = np.array([cand[i] for i in pick])
    return A, nodes, dist, cand, pos


def _enumerated(A, nodes, dist, cand, pos, S):
    """distance -> (sorted positive scores, {value: count} of negatives), by brute force."""
    pos_set = {tuple(p) for p in pos.tolist()}
    out = {}
    for u, v in cand:
        d = float(dist[nodes[u]].get(nodes[v], np.inf))
        s = S(u, v)
        ps, neg = out.setdefault(d, ([], {}))
        if (u, v) in pos_set:
            ps.append(s)
        else:
            neg[s] = neg.get(s, 0) + 1
    return {d: (sorted(ps), neg) for d, (ps, neg) in out.items()}


histogram_sets = st.lists(
    st.tuples(st.integers(0, 6),                                    # positives at the distance
              st.lists(st.integers(1, 40), min_size=1, max_size=5)),  # negative counts per value
    min_size=2, max_size=5)


def _dh(spec):
    hs = []
    for i, (m, counts) in enumerate(spec):
        values = np.arange(len(counts), dtype=float) + i
        hs.append(ScoreHistogram(np.full(m, float(i) + 0.5), values, np.array(counts, np.int64)))
    return linkpred.DistanceHistograms(np.arange(2.0, 2.0 + len(spec)), tuple(hs))


def _toy_events():
    rng = np.random.default_rng(0)
    src, dst = rng.integers(0, 30, 400), rng.integers(0, 30, 400)
    return TemporalEdges("toy", src, dst, np.sort(rng.integers(0, 1000, 400)))


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
    ev = _toy_events()
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
