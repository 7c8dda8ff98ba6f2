"""Tests of evalkit.linkpred: predictors against networkx, exact all-pairs evaluation against enumeration + scikit-learn."""
import itertools

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, roc_auc_score

from evalkit import curves, linkpred
from evalkit.datasets import TemporalEdges


def _random_graph(seed, n=30, p=0.12):
    g = nx.gnp_random_graph(n, p, seed=seed)
    A, nodes = linkpred.undirected_adjacency(g)
    return g, A


def _random_positives(A, rng, m):
    n = A.shape[0]
    dense = A.toarray()
    cand = [(u, v) for u, v in itertools.combinations(range(n), 2) if not dense[u, v]]
    pick = rng.choice(len(cand), size=min(m, len(cand)), replace=False)
    return np.array([cand[i] for i in pick])


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


@pytest.mark.parametrize("predictor", sorted(linkpred.PREDICTORS))
@pytest.mark.parametrize("seed", range(6))
def test_exact_evaluation_equals_enumeration(predictor, seed):
    rng = np.random.default_rng(seed)
    g, A = _random_graph(seed, n=int(rng.integers(8, 40)), p=float(rng.uniform(0.05, 0.3)))
    positives = _random_positives(A, rng, int(rng.integers(1, 15)))
    # give half of the positives in the order (v, u): a pair is unordered
    positives[::2] = positives[::2, ::-1]
    got = linkpred.evaluate_all_pairs(A, positives, predictor)
    auroc, ap, dg, n_pos, n_neg = _brute_force(A, positives, predictor)
    assert (got.n_positive, got.n_negative) == (n_pos, n_neg)
    assert got.auroc == pytest.approx(auroc, abs=1e-12)
    assert got.average_precision == pytest.approx(ap, abs=1e-12)
    assert got.aupr == pytest.approx(dg, abs=1e-12)
    assert got.n_distinct_scores <= n_pos + n_neg


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_custom_score_matrix_equals_enumeration(seed):
    rng = np.random.default_rng(seed)
    g, A = _random_graph(int(rng.integers(0, 1000)), n=15, p=0.2)
    n = A.shape[0]
    # a symmetric score matrix with a few stored (possibly negative or tied) values
    r = sp.random(n, n, density=0.2, random_state=rng, data_rvs=lambda k: rng.integers(-2, 3, k).astype(float))
    S = sp.triu(r, k=1)
    S = (S + S.T).tocsr()
    positives = _random_positives(A, rng, 4)
    got = linkpred.evaluate_all_pairs(A, positives, S)
    dense, full = A.toarray(), S.toarray()
    pos = {tuple(p) for p in np.sort(positives, axis=1).tolist()}
    y = np.array([(u, v) in pos for u, v in itertools.combinations(range(n), 2) if not dense[u, v]])
    s = np.array([full[u, v] for u, v in itertools.combinations(range(n), 2) if not dense[u, v]])
    assert got.auroc == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    assert got.average_precision == pytest.approx(average_precision_score(y, s), abs=1e-12)


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


def test_bad_input():
    with pytest.raises(ValueError, match="undirected"):
        linkpred.undirected_adjacency(nx.DiGraph([(0, 1)]))
    with pytest.raises(ValueError, match="self-loop"):
        linkpred.undirected_adjacency([(0, 1), (2, 2)])
    with pytest.raises(ValueError, match="multigraph"):
        linkpred.undirected_adjacency(nx.MultiGraph([(0, 1)]))
    A, _ = linkpred.undirected_adjacency([(0, 1), (1, 2), (2, 3)])
    with pytest.raises(ValueError, match="already edges"):
        linkpred.evaluate_all_pairs(A, [(0, 1)], "common_neighbors")
    with pytest.raises(ValueError, match="each pair once"):
        linkpred.evaluate_all_pairs(A, [(0, 2), (2, 0)], "common_neighbors")
    with pytest.raises(ValueError, match="self-pairs"):
        linkpred.evaluate_all_pairs(A, [(0, 0)], "common_neighbors")
    with pytest.raises(ValueError, match="predictor must be one of"):
        linkpred.evaluate_all_pairs(A, [(0, 2)], "katz")
    with pytest.raises(ValueError, match="row indices"):
        linkpred.evaluate_all_pairs(A, [(0, 9)], "jaccard")
    with pytest.raises(ValueError, match="symmetric"):
        linkpred.common_neighbors(sp.csr_matrix(np.triu(np.ones((3, 3)), 1)))
    with pytest.raises(TypeError, match="sparse"):
        linkpred.common_neighbors(np.zeros((3, 3)))
    with pytest.raises(ValueError, match="positives and negatives"):
        linkpred.evaluate_all_pairs(A, np.zeros((0, 2), dtype=int), "jaccard")
