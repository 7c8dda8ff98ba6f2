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


def _random_weights(seed, n=25, p=0.15, *, weighted=True, directed=False):
    rng = np.random.default_rng(seed)
    W = (rng.random((n, n)) < p) * (rng.integers(1, 4, (n, n)) if weighted else 1)
    np.fill_diagonal(W, 0)
    if not directed:
        W = np.triu(W, 1)
        W = W + W.T
    return W.astype(float)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("max_length", [1, 2, 3, 5])
@pytest.mark.parametrize("weighted", [True, False])
def test_propflow_equals_lpmade_loop_pair_by_pair(seed, max_length, weighted):
    W = _random_weights(seed, weighted=weighted)
    S = linkpred.propflow(sp.csr_matrix(W), max_length=max_length, symmetrize=None).toarray()
    for s in range(W.shape[0]):
        np.testing.assert_array_equal(S[s], propflow_reference(W, s, max_length))  # bit for bit
    M = linkpred.propflow(sp.csr_matrix(W), max_length=max_length).toarray()
    np.testing.assert_allclose(M, (S + S.T) / 2, rtol=1e-13, atol=0)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("weighted", [True, False])
def test_the_compiled_loop_follows_out_edges_of_a_directed_network(seed, weighted):
    from evalkit.linkpred._propflow import propflow_rows

    W = _random_weights(seed, p=0.2, weighted=weighted, directed=True)
    assert (W != W.T).any()
    indptr, indices, data = propflow_rows(sp.csr_array(W), np.arange(W.shape[0]), 4)
    S = sp.csr_array((data, indices, indptr), shape=W.shape).toarray()
    for s in range(W.shape[0]):
        np.testing.assert_array_equal(S[s], propflow_reference(W, s, 4))


def test_propflow_follows_lpmade_order_within_a_step():
    # Triangle 0-1-2 plus a tail 2-3. From 0, nodes 1 and 2 are both found at step 1 and
    # adjacent: node 1 (taken first) passes 1/4 to 2 before 2 pushes, so 2 pushes 3/4 (LPmade),
    # not the 1/2 it held when the step began (a level-synchronous flow).
    W = nx.to_numpy_array(nx.Graph([(0, 1), (1, 2), (0, 2), (2, 3)]), nodelist=range(4))
    ours = linkpred.propflow(sp.csr_matrix(W), max_length=2, symmetrize=None).toarray()[0]
    np.testing.assert_array_equal(ours, propflow_reference(W, 0, 2))
    assert ours[3] == pytest.approx(0.75 / 3)
    # the order of the step's nodes matters: numbered the other way round, 1 and 2 swap roles
    swapped = nx.to_numpy_array(nx.Graph([(0, 2), (2, 1), (0, 1), (1, 3)]), nodelist=range(4))
    assert linkpred.propflow(sp.csr_matrix(swapped), max_length=2, symmetrize=None).toarray()[0, 3] \
        == pytest.approx(0.5 / 3)


def test_propflow_with_unsorted_indices_takes_neighbours_in_node_order():
    W = _random_weights(3, weighted=True)
    sorted_ = sp.csr_array(W)
    shuffled = sorted_.copy()
    rng = np.random.default_rng(0)
    for v in range(W.shape[0]):   # the same matrix, its stored entries permuted within each row
        lo, hi = shuffled.indptr[v], shuffled.indptr[v + 1]
        order = lo + rng.permutation(hi - lo)
        shuffled.indices[lo:hi], shuffled.data[lo:hi] = shuffled.indices[order], shuffled.data[order]
    shuffled.has_sorted_indices = False
    np.testing.assert_array_equal(linkpred.propflow(shuffled, symmetrize=None).toarray(),
                                  linkpred.propflow(sorted_, symmetrize=None).toarray())


@pytest.mark.parametrize("seed", range(3))
def test_propflow_rows_of_given_sources_are_those_rows_of_the_whole_matrix(seed):
    W = sp.csr_array(_random_weights(seed, weighted=True))
    whole = linkpred.propflow(W, max_length=4, symmetrize=None)
    sources = np.random.default_rng(seed).permutation(W.shape[0])[:9]
    part = linkpred.propflow(W, max_length=4, symmetrize=None, sources=sources)
    assert part.shape == (9, W.shape[0])
    np.testing.assert_array_equal(part.toarray(), whole.toarray()[sources])
    assert linkpred.propflow(W, symmetrize=None, sources=[]).shape == (0, W.shape[0])


def test_propflow_bad_input():
    A, _ = as_adjacency([(0, 1), (1, 2)])
    with pytest.raises(ValueError, match="max_length"):
        linkpred.propflow(A, max_length=0)
    with pytest.raises(ValueError, match="symmetrize"):
        linkpred.propflow(A, symmetrize="max")
    with pytest.raises(ValueError, match="non-negative"):
        linkpred.propflow(-A)
    with pytest.raises(ValueError, match="sources needs symmetrize=None"):
        linkpred.propflow(A, sources=[0])
    with pytest.raises(ValueError, match="sources must be node indices below 3"):
        linkpred.propflow(A, symmetrize=None, sources=[0, 3])
    with pytest.raises(ValueError, match="sources"):
        linkpred.propflow(A, symmetrize=None, sources=[-1])
    with pytest.raises(ValueError, match="sources"):
        linkpred.propflow(A, symmetrize=None, sources=[0.5])


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
    with pytest.raises(TypeError, match="chunk_size"):   # gone: the sources run one by one, compiled
        linkpred.propflow(A, chunk_size=8)
    with pytest.raises(TypeError, match="A must be a scipy sparse"):
        linkpred.common_neighbors([[0, 1], [1, 0]])
    with pytest.raises(ValueError, match="pairs must be row indices"):
        linkpred.pair_scores(A, [(0, 3)])
    with pytest.raises(ValueError, match="S must be square"):
        linkpred.pair_scores(sp.csr_array((3, 4)), [(0, 3)])
    with pytest.raises(ValueError, match="pairs must be"):
        linkpred.preferential_attachment(A, [(0, -1)])


def test_propflow_treats_a_stored_zero_as_no_edge():
    D = _random_weights(5, weighted=True)
    u, v = np.argwhere(np.triu(D) > 0)[0]
    D0 = D.copy()
    D0[u, v] = D0[v, u] = 0.0
    rows, cols = np.nonzero(D)
    with_zero = sp.csr_array((D0[rows, cols], (rows, cols)), shape=D.shape)   # (u, v) stored as 0: no edge
    assert with_zero.nnz == np.count_nonzero(D)
    without = sp.csr_array(D0)
    np.testing.assert_array_equal(linkpred.propflow(with_zero, symmetrize=None).toarray(),
                                  linkpred.propflow(without, symmetrize=None).toarray())


def _mean_of_orderings_by_definition(S):
    S = sp.csr_array(S)
    M = ((S + S.T) * 0.5).tocsr()
    M.data = linkpred.snap_float_ties(M.data)
    M.eliminate_zeros()
    return M


def _same_csr(a, b):
    a, b = sp.csr_array(a), sp.csr_array(b)
    a.sort_indices()
    b.sort_indices()
    return (np.array_equal(a.indptr, b.indptr) and np.array_equal(a.indices, b.indices)
            and np.array_equal(a.data, b.data))


@pytest.mark.parametrize("seed", range(8))
def test_mean_of_orderings_equals_its_definition_bit_for_bit(seed):
    # PropFlow's pattern is symmetric: the in-place path, which snaps the upper triangle only
    W = _random_weights(seed, n=40, p=0.2, weighted=True)
    S = linkpred.propflow(sp.csr_array(W), max_length=3, symmetrize=None)
    assert _same_csr(linkpred.mean_of_orderings(S), _mean_of_orderings_by_definition(S))
    # an asymmetric pattern: the general path
    A = sp.random_array((30, 30), density=0.1, rng=seed, format="csr")
    assert _same_csr(linkpred.mean_of_orderings(A), _mean_of_orderings_by_definition(A))


def test_mean_of_orderings_snaps_sums_that_differ_in_the_last_bit():
    # 0.1 + 0.2 and 0.3 + 0.0 (halved): one tie split by rounding, which snapping merges, on
    # a matrix with a symmetric pattern
    rows, cols = [0, 1, 2, 3, 0, 2], [1, 0, 3, 2, 2, 0]
    S = sp.csr_array((np.array([0.1, 0.2, 0.3, 1e-300, 0.5, 0.5]), (rows, cols)), shape=(4, 4))
    raw = ((S + S.T) * 0.5).toarray()
    assert raw[0, 1] != raw[2, 3]                      # split by rounding
    M = linkpred.mean_of_orderings(S)
    assert M[0, 1] == M[1, 0] == M[2, 3] == M[3, 2]
    assert _same_csr(M, _mean_of_orderings_by_definition(S))


def test_mean_of_orderings_leaves_a_non_canonical_input_alone():
    S = sp.csr_array((np.array([0.5, 0.25, 0.25, 1.0]), np.array([2, 1, 1, 0]), np.array([0, 3, 4, 4])),
                     shape=(3, 3))   # row 0: unsorted, with a duplicate
    before = (S.indices.copy(), S.data.copy())
    M = linkpred.mean_of_orderings(S)
    assert np.array_equal(S.indices, before[0]) and np.array_equal(S.data, before[1])
    assert _same_csr(M, _mean_of_orderings_by_definition(S))


def _hitting_times_by_linear_solve(W):
    """Reference: for each target v, h[v] = 0 and h[u] = 1 + sum_w P[u, w] h[w] (one linear system per target)."""
    n = W.shape[0]
    P = W / W.sum(axis=1, keepdims=True)
    H = np.zeros((n, n))
    for v in range(n):
        others = np.flatnonzero(np.arange(n) != v)
        M = np.eye(n - 1) - P[np.ix_(others, others)]
        H[others, v] = np.linalg.solve(M, np.ones(n - 1))
    return H


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("weighted", [True, False])
def test_hitting_time_solves_the_walks_linear_systems(seed, weighted):
    g = nx.connected_watts_strogatz_graph(15, 4, 0.3, seed=seed)
    rng = np.random.default_rng(seed)
    for u, v in g.edges:
        g[u][v]["weight"] = float(rng.integers(1, 4)) if weighted else 1.0
    W = nx.to_numpy_array(g, nodelist=range(15))
    H = linkpred.hitting_time(sp.csr_array(W))
    np.testing.assert_allclose(H, _hitting_times_by_linear_solve(W), rtol=1e-9, atol=1e-9)
    assert linkpred.is_directional(H)


@pytest.mark.parametrize("seed", range(3))
def test_commute_time_is_the_volume_times_networkx_resistance_distance(seed):
    try:
        nx.resistance_distance(nx.path_graph(3), 0, 2)
    except AttributeError as exc:      # networkx 3.0's version calls np.product, which numpy 2 removed
        pytest.skip(f"networkx {nx.__version__}'s resistance_distance does not run on numpy {np.__version__}: {exc}")
    g = nx.connected_watts_strogatz_graph(15, 4, 0.3, seed=seed)
    rng = np.random.default_rng(seed)
    for u, v in g.edges:
        g[u][v]["weight"] = float(rng.integers(1, 4))
    W = nx.to_numpy_array(g, nodelist=range(15))
    H = linkpred.hitting_time(sp.csr_array(W))
    for u, v in [(0, 7), (3, 11), (5, 6)]:     # weights as conductances
        resistance = nx.resistance_distance(g, u, v, weight="weight", invert_weight=False)
        assert H[u, v] + H[v, u] == pytest.approx(W.sum() * resistance, rel=1e-9)


def test_hitting_time_is_infinite_between_components_and_zero_on_the_diagonal():
    A, _ = as_adjacency([(0, 1), (1, 2), (3, 4)], nodes=range(6))   # node 5 isolated
    H = linkpred.hitting_time(A)
    assert np.isinf(H[:3, 3:]).all() and np.isinf(H[3:, :3]).all() and np.isinf(H[5, :5]).all()
    np.testing.assert_array_equal(np.diag(H), 0)
    assert H[3, 4] == H[4, 3] == 1
    with pytest.raises(ValueError, match="non-negative|weight"):
        linkpred.hitting_time(-A)


@pytest.mark.parametrize("seed", range(4))
def test_mean_of_orderings_in_column_blocks_and_over_its_input(seed, monkeypatch):
    from evalkit.linkpred import _common

    monkeypatch.setattr(_common, "TRANSPOSE_BLOCK", 7)     # many blocks of the blocked transpose
    W = _random_weights(seed, n=40, p=0.2, weighted=True)
    S = linkpred.propflow(sp.csr_array(W), max_length=3, symmetrize=None)
    want = _mean_of_orderings_by_definition(S)
    assert _same_csr(linkpred.mean_of_orderings(S), want)
    taken = S.copy()
    M = linkpred.mean_of_orderings(taken, overwrite_s=True)
    assert _same_csr(M, want) and np.shares_memory(M.data, taken.data)   # the input's arrays taken over
    # an asymmetric pattern is left alone, overwrite or not
    A = sp.random_array((30, 30), density=0.1, rng=seed, format="csr")
    before = A.copy()
    assert _same_csr(linkpred.mean_of_orderings(A, overwrite_s=True), _mean_of_orderings_by_definition(A))
    assert _same_csr(A, before)


@pytest.mark.parametrize("seed", range(4))
def test_the_blocked_symmetry_check_equals_comparing_with_the_transpose(seed, monkeypatch):
    from evalkit.linkpred import _common

    monkeypatch.setattr(_common, "TRANSPOSE_BLOCK", 5)
    S = sp.random_array((25, 25), density=0.15, rng=seed, format="csr")
    sym = sp.csr_array(S + S.T)
    nearly = sym.copy()
    nearly.data[seed] += 1e-9                                   # one value off: not symmetric
    zeros = sym.copy()
    zeros.data[:3] = 0.0                                        # stored zeros on one side only
    for M in (S, sym, nearly, zeros):
        assert _common.is_symmetric(M) == ((M != M.T).nnz == 0)
