"""Tests of evalkit.linkpred.predictors: the link predictors (networkx, reference PropFlow implementations)."""
import itertools

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from evalkit import linkpred
from evalkit.graph import as_adjacency


from helpers.linkpred import propflow_reference, random_graph, random_task


@pytest.mark.parametrize("seed", range(5))
def test_predictors_equal_networkx(seed):
    g, A = random_graph(seed)
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
        np.testing.assert_allclose(S[s], propflow_reference(W, s, max_length, True), atol=1e-12)
    M = linkpred.propflow(sp.csr_matrix(W), max_length=max_length).toarray()
    np.testing.assert_allclose(M, (S + S.T) / 2, atol=1e-12)


def test_propflow_equals_lpmade_order_when_no_level_has_an_inner_edge():
    # On a tree no edge joins two nodes of the same BFS level: both definitions agree.
    g = nx.random_labeled_tree(30, seed=4) if hasattr(nx, "random_labeled_tree") else nx.random_tree(30, seed=4)
    W = nx.to_numpy_array(g, nodelist=range(30))
    S = linkpred.propflow(sp.csr_matrix(W), max_length=4, symmetrize=None).toarray()
    for s in range(30):
        np.testing.assert_allclose(S[s], propflow_reference(W, s, 4, False), atol=1e-12)


def test_propflow_differs_from_lpmade_order_on_a_triangle():
    # Triangle 0-1-2 plus a tail 2-3. From 0, nodes 1 and 2 are both at level 1 and
    # adjacent: in LPmade's loop, node 1 (processed first) passes mass to 2 before 2 pushes.
    W = nx.to_numpy_array(nx.Graph([(0, 1), (1, 2), (0, 2), (2, 3)]), nodelist=range(4))
    ours = linkpred.propflow(sp.csr_matrix(W), max_length=2, symmetrize=None).toarray()[0]
    lpmade = propflow_reference(W, 0, 2, False)
    np.testing.assert_allclose(ours, propflow_reference(W, 0, 2, True), atol=1e-12)
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
    g, A = random_graph(2, n=20, p=0.2)
    S = linkpred.adamic_adar(A)
    pairs = np.array(list(itertools.combinations(range(20), 2)))
    np.testing.assert_array_equal(linkpred.pair_scores(S, pairs), S.toarray()[pairs[:, 0], pairs[:, 1]])


def test_score_lookup_serves_many_sets_of_pairs_as_pair_scores():
    g, A = random_graph(4, n=25, p=0.15)
    S = linkpred.adamic_adar(A)
    lookup = linkpred.ScoreLookup(S)
    rng = np.random.default_rng(2)
    for _ in range(5):
        pairs = rng.integers(0, 25, (30, 2))
        np.testing.assert_array_equal(lookup(pairs), linkpred.pair_scores(S, pairs))
        np.testing.assert_array_equal(lookup(pairs), S.toarray()[pairs[:, 0], pairs[:, 1]])
    with pytest.raises(ValueError, match="square"):
        linkpred.ScoreLookup(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="pairs"):
        lookup([(0, 25)])


def test_mean_of_orderings_is_propflow_mean():
    A, *_ = random_task(9)
    S = linkpred.propflow(A, symmetrize=None)
    M = linkpred.mean_of_orderings(S)
    np.testing.assert_allclose(M.toarray(), (S.toarray() + S.toarray().T) / 2, atol=1e-12)
    assert (M != linkpred.propflow(A)).nnz == 0
    with pytest.raises(ValueError, match="square"):
        linkpred.mean_of_orderings(sp.csr_matrix(np.ones((2, 3))))


def test_snap_float_ties_refuses_nan():
    # the NaN used to be overwritten by a neighbouring value
    with pytest.raises(ValueError, match="values must be .*NaN"):
        linkpred.snap_float_ties([np.nan, 0.3, 0.5])
    assert linkpred.snap_float_ties([np.inf, 0.3, 0.3 + 1e-15]).tolist() == [np.inf, 0.3, 0.3]


def test_predictor_arguments_are_checked():
    A, _ = as_adjacency([(0, 1), (1, 2)])
    for chunk_size in (0, -1):
        with pytest.raises(ValueError, match="chunk_size must be an integer >= 1"):
            linkpred.propflow(A, chunk_size=chunk_size)
    with pytest.raises(TypeError, match="A must be a scipy sparse"):
        linkpred.common_neighbors([[0, 1], [1, 0]])
    with pytest.raises(ValueError, match="pairs must be row indices"):
        linkpred.pair_scores(A, [(0, 3)])
    with pytest.raises(ValueError, match="S must be square"):
        linkpred.pair_scores(sp.csr_array((3, 4)), [(0, 3)])
    with pytest.raises(ValueError, match="pairs must be"):
        linkpred.preferential_attachment(A, [(0, -1)])
