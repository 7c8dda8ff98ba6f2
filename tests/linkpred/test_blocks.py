"""Tests of evalkit.linkpred._blocks: all-pairs scores in row blocks (whole-matrix path, networkx, dense references)."""
import itertools

import joblib
import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from evalkit import linkpred
from evalkit.graph import as_adjacency, check_adjacency
from evalkit.linkpred._blocks import BLOCK_PREDICTORS, columns_from, row_blocks, scorer
from evalkit.linkpred._common import memory_bytes, memory_limit
from evalkit.linkpred.histogram import score_histogram
from helpers.linkpred import random_positives


def _graph(seed):
    """Random graphs of both kinds the issue names: sparse uniform and clustered power-law."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 160))
    g = nx.powerlaw_cluster_graph(n, 3, 0.3, seed=seed) if seed % 2 else nx.gnp_random_graph(n, 0.06, seed=seed)
    A, _ = as_adjacency(g, nodes=list(range(n)))
    return A, random_positives(A, rng, int(rng.integers(1, 30)))


def _same(a, b):
    return (np.array_equal(a.positive_scores, b.positive_scores) and np.array_equal(a.negative_values, b.negative_values)
            and np.array_equal(a.negative_counts, b.negative_counts))


@pytest.mark.parametrize("predictor", sorted(BLOCK_PREDICTORS))
@pytest.mark.parametrize("seed", range(6))
def test_blocks_give_exactly_the_whole_matrix_histogram(predictor, seed):
    """Any budget (one block, one row per block, between) and any n_jobs: the whole-matrix histogram, bit for bit."""
    A, positives = _graph(seed)
    whole = score_histogram(A, positives, linkpred.PREDICTORS[predictor](A))
    for max_memory in (1, 20_000, None):
        for n_jobs in (1, 2):
            blocked = score_histogram(A, positives, predictor, max_memory=max_memory, n_jobs=n_jobs)
            assert _same(whole, blocked), (max_memory, n_jobs)


def test_a_wedge_predictor_whose_rows_fit_one_block_of_the_budget_starts_no_workers(monkeypatch):
    """Within the whole budget in one block, ``n_jobs`` is not used; split over several, it is."""
    import evalkit.linkpred._blocks as blocks

    seen = []
    real = blocks.parallel_imap
    monkeypatch.setattr(blocks, "parallel_imap", lambda f, tasks, **kw: seen.append((len(tasks), kw["n_jobs"]))
                        or real(f, tasks, **kw))
    A, positives = _graph(3)
    for predictor in ("common_neighbors", "adamic_adar", "jaccard", "katz"):
        assert _same(score_histogram(A, positives, predictor, n_jobs=2),
                     score_histogram(A, positives, predictor, max_memory=5_000, n_jobs=2))
    assert seen[0::2] == [(1, 1)] * 3 + [(1, 2)] and all(n > 1 and jobs == 2 for n, jobs in seen[1::2])


def test_blocks_under_a_threading_configuration_and_with_a_progress_bar():
    A, positives = _graph(3)
    serial = score_histogram(A, positives, "adamic_adar", max_memory=5_000, n_jobs=1)
    with joblib.parallel_config(backend="threading", n_jobs=2):
        threaded = score_histogram(A, positives, "adamic_adar", max_memory=5_000)
    assert _same(serial, threaded)
    assert _same(serial, score_histogram(A, positives, "adamic_adar", max_memory=5_000, progress=True))


def test_adamic_adar_float_ties_are_snapped_across_blocks():
    """Two pairs whose common neighbours have degrees 2, 3, 4, added in opposite orders, tie exactly.

    Pair (0, 1) shares nodes 2 (degree 2), 3 (degree 3), 4 (degree 4); pair (5, 6) shares
    7 (degree 4), 8 (degree 3), 9 (degree 2): the same three terms summed in the opposite
    order, which differ in the last bit unsnapped. With one row per block the two pairs
    are reduced in different blocks and must still tie.
    """
    edges = [(0, 2), (1, 2), (0, 3), (1, 3), (3, 10), (0, 4), (1, 4), (4, 11), (4, 12),
             (5, 7), (6, 7), (7, 13), (7, 14), (5, 8), (6, 8), (8, 15), (5, 9), (6, 9)]
    A, _ = as_adjacency(edges, nodes=list(range(16)))
    A = check_adjacency(A)
    deg = A.sum(axis=1)
    raw = A @ sp.diags_array(np.where(deg > 1, 1 / np.log(np.maximum(deg, 2)), 0)) @ A
    assert raw[0, 1] != raw[5, 6] and raw[0, 1] == pytest.approx(raw[5, 6], rel=1e-15)  # split by rounding
    h = score_histogram(A, [(0, 1)], "adamic_adar", max_memory=1, n_jobs=1)
    assert len(row_blocks(scorer(A, "adamic_adar").row_entries(), 1)) == 16        # one row per block
    tied = h.negative_counts[h.negative_values == h.positive_scores[0]]
    assert tied.tolist() == [1]                                                      # (5, 6) ties with (0, 1)
    assert h.evaluate().auroc == linkpred.evaluate_all_pairs(A, [(0, 1)], linkpred.adamic_adar(A)).auroc


@pytest.mark.parametrize("seed", range(4))
def test_katz_equals_the_dense_walk_sum(seed):
    g = nx.gnp_random_graph(25, 0.15, seed=seed)
    A, _ = as_adjacency(g, nodes=list(range(25)))
    D = A.toarray().astype(float)
    for beta, max_length in ((0.005, 5), (0.1, 3), (0.5, 1)):
        ref = sum(beta ** k * np.linalg.matrix_power(D, k) for k in range(1, max_length + 1))
        np.fill_diagonal(ref, 0)
        got = linkpred.katz(A, beta=beta, max_length=max_length).toarray()
        np.testing.assert_allclose(got, ref, rtol=1e-12, atol=0)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("restart", [0.15, 0.5])
def test_rooted_pagerank_equals_networkx(seed, restart):
    g = nx.gnp_random_graph(20, 0.2, seed=seed)
    g.add_node(20)  # an isolated node scores 0 with everyone
    A, _ = as_adjacency(g, nodes=list(range(21)))
    directed = linkpred.rooted_pagerank(A, restart=restart, symmetrize=None).toarray()
    for u in g:
        if g.degree(u) == 0:
            assert not directed[u].any() and not directed[:, u].any()
            continue
        ref = nx.pagerank(g, alpha=1 - restart, personalization={u: 1}, tol=1e-15, max_iter=100_000)
        ref = np.array([0.0 if v == u else ref[v] for v in range(21)])
        np.testing.assert_allclose(directed[u], ref, rtol=0, atol=1e-10)
    mean = linkpred.rooted_pagerank(A, restart=restart).toarray()
    np.testing.assert_allclose(mean, (directed + directed.T) / 2, rtol=1e-9, atol=1e-14)
    assert (mean == mean.T).all()


def test_columns_from_and_row_blocks():
    A, _ = _graph(1)
    A = check_adjacency(A)
    for lo in (0, 1, 17, A.shape[0] - 1, A.shape[0]):
        assert (columns_from(A, lo) != A[:, lo:]).nnz == 0
    entries = np.array([4.0, 1.0, 1.0, 10.0, 2.0, 2.0])
    blocks = row_blocks(entries, 5)
    assert blocks == [(0, 2), (2, 3), (3, 4), (4, 6)]
    assert [b[0] for b in blocks[1:]] == [b[1] for b in blocks[:-1]] and blocks[-1][1] == entries.size
    for budget in (1, 3, 7, 100):
        for lo, hi in row_blocks(entries, budget):
            assert hi - lo == 1 or entries[lo:hi].sum() <= budget


def test_memory_budget_parsing_and_errors():
    assert memory_bytes(None) == min(1 << 30, memory_limit() // 8)
    assert memory_bytes("512MB") == 512 * 10**6 and memory_bytes("2GiB") == 2 << 30 and memory_bytes(1e6) == 10**6
    assert memory_bytes(" 1.5 kb") == 1500
    A, positives = _graph(0)
    for bad, error in (("lots", ValueError), ("5 parsecs", ValueError), (0, ValueError), (True, TypeError),
                       (float("inf"), ValueError)):
        with pytest.raises(error, match="max_memory"):
            linkpred.evaluate_all_pairs(A, positives, "common_neighbors", max_memory=bad)


def test_katz_and_rooted_pagerank_by_name_equal_enumeration():
    from helpers.linkpred import brute_force

    A, positives = _graph(5)
    for name in ("katz", "rooted_pagerank"):
        got = linkpred.evaluate_all_pairs(A, positives, name, max_memory=30_000, n_jobs=2)
        auroc, ap, dg, n_pos, n_neg = brute_force(A, positives, name)
        assert (got.n_positive, got.n_negative) == (n_pos, n_neg)
        assert got.auroc == pytest.approx(auroc, abs=1e-12) and got.aupr == pytest.approx(dg, abs=1e-12)


def test_every_block_predictor_is_a_named_predictor():
    assert set(BLOCK_PREDICTORS) <= set(linkpred.PREDICTORS)
    assert all(name in linkpred.PREDICTORS for name in itertools.chain(BLOCK_PREDICTORS, ["propflow"]))


@pytest.mark.parametrize("seed", range(4))
def test_distance_histograms_from_row_blocks_equal_those_of_whole_matrices(seed):
    """Scores computed per BFS chunk (by name) give exactly the histograms of the same matrices given whole."""
    A, positives = _graph(seed)
    names = ["common_neighbors", "adamic_adar", "jaccard", "katz", "rooted_pagerank"]
    by_name = linkpred.distance_score_histograms(A, positives, names, chunk_size=7)
    given = linkpred.distance_score_histograms(A, positives, {n: linkpred.PREDICTORS[n](A) for n in names},
                                               chunk_size=11)
    for name in names:
        assert np.array_equal(by_name[name].distance, given[name].distance)
        assert all(_same(a, b) for a, b in zip(by_name[name].histograms, given[name].histograms)), name


@pytest.mark.parametrize("predictor", ["common_neighbors", "adamic_adar", "jaccard"])
@pytest.mark.parametrize("seed", range(3))
def test_the_wedge_kernel_gives_the_bits_of_the_sparse_product_path(predictor, seed, monkeypatch):
    """The counting kernel against the product path it replaces, on clustered graphs of thousands of nodes."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1500, 4000))
    g = nx.powerlaw_cluster_graph(n, 4, 0.4, seed=seed)
    A, _ = as_adjacency(g, nodes=list(range(n)))
    positives = random_positives(A, rng, 200)
    kernel = score_histogram(A, positives, predictor, max_memory="2MB", n_jobs=1)
    monkeypatch.setattr(BLOCK_PREDICTORS[predictor], "wedge_kind", None)      # the sparse-product path
    product = score_histogram(A, positives, predictor, max_memory="2MB", n_jobs=1)
    assert _same(kernel, product)


def test_adamic_adar_keeps_the_wedge_rows_without_values_only_where_each_wedge_is_worth_its_middle_node():
    """On a 0/1 network the kernel reads each wedge's worth by node: the same bits as the values of ``A @ diag(w)``."""
    from evalkit.linkpred._wedges import ADAMIC_ADAR, WedgeRows, wedge_block

    g = nx.powerlaw_cluster_graph(600, 3, 0.3, seed=5)
    A = check_adjacency(as_adjacency(g, nodes=list(range(600)))[0])
    s = scorer(A, "adamic_adar")
    assert isinstance(s.wedge_worth(), WedgeRows) and s.wedge_worth().data is None
    pos = random_positives(A, np.random.default_rng(5), 50)
    pos = pos[np.argsort(pos[:, 0], kind="stable")]
    capacity = int(np.minimum(A @ s.deg, A.shape[0]).sum())
    by_node = wedge_block(A, s.wedge_worth(), 0, 600, ADAMIC_ADAR, s.deg, pos, keep_edges=True, capacity=capacity,
                          node_worth=s.node_worth())
    by_value = wedge_block(A, s.weighted, 0, 600, ADAMIC_ADAR, s.deg, pos, keep_edges=True, capacity=capacity,
                           node_worth=s.node_worth())
    assert all(np.array_equal(a, b) for a, b in zip(by_node, by_value))
    weighted = scorer(A * 2.0, "adamic_adar")                 # wedges not worth their middle node's w: values kept
    assert not isinstance(weighted.wedge_worth(), WedgeRows)
    assert np.array_equal(weighted.wedge_worth().data, 2.0 * weighted.w[weighted.wedge_worth().indices])


def test_the_wedge_kernel_scores_a_positive_that_is_an_edge_and_one_it_never_touches():
    from evalkit.linkpred._wedges import COMMON_NEIGHBORS, JACCARD, wedge_block

    A = check_adjacency(sp.csr_array(np.array([[0, 1, 1, 0, 0], [1, 0, 1, 1, 0], [1, 1, 0, 1, 0],
                                               [0, 1, 1, 0, 0], [0, 0, 0, 0, 0]])))
    deg = A.sum(axis=1)
    pos = np.array([[0, 2], [0, 3], [0, 4]])                         # an edge, a 2-hop pair, an isolated node
    values, counts, edges, scores = wedge_block(A, A, 0, 1, COMMON_NEIGHBORS, deg, pos, keep_edges=True, capacity=8)
    assert scores.tolist() == [1.0, 2.0, 0.0]                         # the edge (0, 2) shares node 1
    assert values.tolist() == [2.0] and counts.tolist() == [1] and sorted(edges.tolist()) == [1.0, 1.0]
    values, counts, _, scores = wedge_block(A, A, 0, 1, JACCARD, deg, pos, keep_edges=False, capacity=8)
    assert scores[1] == 2.0 / (deg[0] + deg[3] - 2.0) and values.tolist() == [scores[1]]
    values, counts, _, _ = wedge_block(A, A, 0, 4, COMMON_NEIGHBORS, deg, pos, keep_edges=False, capacity=0)
    assert values.tolist() == [2.0] and counts.tolist() == [1]      # (0, 3), counted in the kernel


def test_single_wedge_candidates_counted_by_key_have_the_bits_of_the_sums():
    """A path graph: every 2-hop candidate has one wedge, so the kernel keeps no float value at all."""
    from evalkit.linkpred._wedges import ADAMIC_ADAR, JACCARD, wedge_block

    g = nx.path_graph(12)
    g.add_edges_from([(3, 20), (3, 21), (7, 22)])                    # middle nodes of several degrees
    A, _ = as_adjacency(g, nodes=sorted(g))
    A = check_adjacency(A)
    s = scorer(A, "adamic_adar")
    values, counts, _, _ = wedge_block(A, s.wedge_worth(), 0, A.shape[0], ADAMIC_ADAR, s.deg, np.zeros((0, 2)),
                                       keep_edges=True, capacity=0, node_worth=s.node_worth())
    U = sp.triu(s.weighted @ A, k=1).tocsr()
    U = (U - U.multiply(A)).tocsr()
    U.eliminate_zeros()
    expected_values, expected_counts = np.unique(U.data, return_counts=True)
    assert np.array_equal(values, expected_values) and np.array_equal(counts, expected_counts)
    values, counts, _, _ = wedge_block(A, A, 0, A.shape[0], JACCARD, s.deg, np.zeros((0, 2)), keep_edges=False,
                                       capacity=0)
    cn = sp.triu(A @ A, k=1).tocsr()
    cn = (cn - cn.multiply(A)).tocoo()
    cn.eliminate_zeros()
    assert (cn.data == 1).all()                                      # one wedge each
    jaccard = cn.data / ((s.deg[cn.row] + s.deg[cn.col]) - cn.data)   # the product path's formula
    expected_values, expected_counts = np.unique(jaccard, return_counts=True)
    assert np.array_equal(values, expected_values) and np.array_equal(counts, expected_counts)


def test_the_memory_limit_is_the_smallest_cgroup_limit_on_the_path(tmp_path, monkeypatch):
    machine = 64 << 30
    monkeypatch.setattr("os.sysconf", lambda name: {"SC_PAGE_SIZE": 4096, "SC_PHYS_PAGES": machine // 4096}[name])
    root = tmp_path / "cgroup"
    leaf = root / "user" / "session"
    leaf.mkdir(parents=True)
    (root / "user" / "memory.max").write_text("2147483648\n")       # v2: a limit above the leaf
    (leaf / "memory.max").write_text("max\n")                       # the leaf itself unlimited
    v2 = tmp_path / "v2"
    v2.write_text("0::/user/session\n")
    assert memory_limit(_cgroup_file=v2, _root=root) == 2 << 30
    v1_leaf = root / "memory" / "binder"
    v1_leaf.mkdir(parents=True)
    (v1_leaf / "memory.limit_in_bytes").write_text(str(3 << 30))
    v1 = tmp_path / "v1"
    v1.write_text("9:name=systemd:/\n4:memory:/binder\n0::/\n")
    assert memory_limit(_cgroup_file=v1, _root=root) == 3 << 30
    assert memory_limit(_cgroup_file=tmp_path / "absent", _root=root) == machine    # no cgroup: the machine
    monkeypatch.setattr("evalkit.linkpred._common.memory_limit", lambda: 2 << 30)
    assert memory_bytes(None) == 256 << 20                          # a Binder session: 2 GB / 8
