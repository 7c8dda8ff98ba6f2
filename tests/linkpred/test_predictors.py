"""Tests of evalkit.linkpred.predictors: the link predictors (networkx, reference PropFlow implementations)."""
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


@pytest.mark.parametrize("seed", range(5))
def test_predictors_equal_networkx(seed):
    g, A = _random_graph(seed)
    cn, aa, jc = linkpred.common_neighbors(A), linkpred.adamic_adar(A), linkpred.jaccard(A)
    pairs = list(nx.non_edges(g))
    for (u, v, ref) in nx.adamic_adar_index(g, pairs):
        assert aa[u, v] == pytest.approx(ref, abs=1e-12)
    for (u, v, ref) in nx.jaccard_coefficient(g, pairs):
        assert jc[u, v] == pytest.approx(ref, abs=1e-12)
    for (u, v, ref) in nx.preferential_attachment(g, pairs):
        assert linkpred.preferential_attachment(A, [(u, v)])[0] == ref
    for u, v in pairs:
        assert cn[u, v] == len(list(nx.common_neighbors(g, u, v)))
    assert cn.diagonal().sum() == 0 and (cn != cn.T).nnz == 0


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("max_length", [1, 2, 3, 5])
def test_propflow_equals_level_synchronous_reference(seed, max_length):
    rng = np.random.default_rng(seed)
    g = nx.gnp_random_graph(25, 0.15, seed=seed)
    for u, v in g.edges():
        g[u][v]["weight"] = float(rng.integers(1, 4))
    W = nx.to_numpy_array(g, nodelist=range(25))
    S = linkpred.propflow(sp.csr_matrix(W), max_length=max_length, symmetrize=None, chunk_size=7).toarray()
    for s in range(25):
        np.testing.assert_allclose(S[s], _propflow_reference(W, s, max_length, True), atol=1e-12)
    M = linkpred.propflow(sp.csr_matrix(W), max_length=max_length).toarray()
    np.testing.assert_allclose(M, (S + S.T) / 2, atol=1e-12)


def test_propflow_equals_lpmade_order_when_no_level_has_an_inner_edge():
    # On a tree no edge joins two nodes of the same BFS level: both definitions agree.
    g = nx.random_labeled_tree(30, seed=4) if hasattr(nx, "random_labeled_tree") else nx.random_tree(30, seed=4)
    W = nx.to_numpy_array(g, nodelist=range(30))
    S = linkpred.propflow(sp.csr_matrix(W), max_length=4, symmetrize=None).toarray()
    for s in range(30):
        np.testing.assert_allclose(S[s], _propflow_reference(W, s, 4, False), atol=1e-12)


def test_propflow_differs_from_lpmade_order_on_a_triangle():
    # Triangle 0-1-2 plus a tail 2-3. From 0, nodes 1 and 2 are both at level 1 and
    # adjacent: in LPmade's loop, node 1 (processed first) passes mass to 2 before 2 pushes.
    W = nx.to_numpy_array(nx.Graph([(0, 1), (1, 2), (0, 2), (2, 3)]), nodelist=range(4))
    ours = linkpred.propflow(sp.csr_matrix(W), max_length=2, symmetrize=None).toarray()[0]
    lpmade = _propflow_reference(W, 0, 2, False)
    np.testing.assert_allclose(ours, _propflow_reference(W, 0, 2, True), atol=1e-12)
    assert ours[3] == pytest.approx(0.5 / 3)        # 2 pushes its 1/2 (+1/4 arrives too late)
    assert lpmade[3] == pytest.approx(0.75 / 3)     # LPmade: 2 pushes 1/2 + 1/4


def test_propflow_bad_input():
    A, _ = as_adjacency([(0, 1), (1, 2)])
    with pytest.raises(ValueError, match="max_length"):
        linkpred.propflow(A, max_length=0)
    with pytest.raises(ValueError, match="symmetrize"):
        linkpred.propflow(A, symmetrize="max")
    with pytest.raises(ValueError, match="non-negative"):
        linkpred.propflow(-A)


def test_pair_scores_lookup():
    g, A = _random_graph(2, n=20, p=0.2)
    S = linkpred.adamic_adar(A)
    pairs = np.array(list(itertools.combinations(range(20), 2)))
    np.testing.assert_array_equal(linkpred.pair_scores(S, pairs), S.toarray()[pairs[:, 0], pairs[:, 1]])


def test_mean_of_orderings_is_propflow_mean():
    A, *_ = _random_task(9)
    S = linkpred.propflow(A, symmetrize=None)
    M = linkpred.mean_of_orderings(S)
    np.testing.assert_allclose(M.toarray(), (S.toarray() + S.toarray().T) / 2, atol=1e-12)
    assert (M != linkpred.propflow(A)).nnz == 0
    with pytest.raises(ValueError, match="square"):
        linkpred.mean_of_orderings(sp.csr_matrix(np.ones((2, 3))))
