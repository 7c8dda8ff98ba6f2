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


# ------------------------------------------------------------------------ PropFlow

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
    A, _ = linkpred.undirected_adjacency([(0, 1), (1, 2)])
    with pytest.raises(ValueError, match="max_length"):
        linkpred.propflow(A, max_length=0)
    with pytest.raises(ValueError, match="symmetrize"):
        linkpred.propflow(A, symmetrize="max")
    with pytest.raises(ValueError, match="non-negative"):
        linkpred.propflow(-A)


# ----------------------------------------------------------- sampling and distances

def test_subsampling_at_rate_one_is_the_full_evaluation():
    g, A = _random_graph(3, n=40, p=0.1)
    pos = _random_positives(A, np.random.default_rng(0), 10)
    h = linkpred.score_histogram(A, pos, "adamic_adar")
    full = h.evaluate()
    for r in h.subsample_negatives(1.0, n_repeats=3, rng=0):
        assert r == full


def test_subsampled_negatives_are_uniform_over_pairs():
    # The hypergeometric draw keeps each score group's share in expectation, and its
    # variance is the hypergeometric one (Theorem 4.1's X, one group against the rest).
    g, A = _random_graph(5, n=60, p=0.08)
    pos = _random_positives(A, np.random.default_rng(1), 12)
    h = linkpred.score_histogram(A, pos, "preferential_attachment")
    rng = np.random.default_rng(2)
    k = int(round(0.1 * h.n_negative))
    draws = np.array([rng.multivariate_hypergeometric(h.negative_counts, k, method="marginals") for _ in range(4000)])
    N, C = h.n_negative, h.negative_counts[-1]
    p = k / N
    var = C * (N - C) * p * (1 - p) / (N - 1)
    assert draws[:, -1].mean() == pytest.approx(k * C / N, abs=5 * np.sqrt(var / 4000))
    assert draws[:, -1].var() == pytest.approx(var, rel=0.1)
    aurocs = [r.auroc for r in h.subsample_negatives(0.1, n_repeats=200, rng=3)]
    assert np.mean(aurocs) == pytest.approx(h.evaluate().auroc, abs=5 * np.std(aurocs) / np.sqrt(200))


def test_distance_counts_equal_networkx():
    g, A = _random_graph(7, n=35, p=0.07)
    pos = _random_positives(A, np.random.default_rng(4), 8)
    got = linkpred.distance_counts(A, pos, chunk_size=6).as_dict()
    lengths = dict(nx.all_pairs_shortest_path_length(g))
    ref = {}
    pos_set = {tuple(sorted(p)) for p in pos.tolist()}
    for u, v in itertools.combinations(range(35), 2):
        d = float(lengths[u].get(v, np.inf))
        if d == 1:
            continue
        c, p = ref.get(d, (0, 0))
        ref[d] = (c + 1, p + ((u, v) in pos_set))
    assert got == ref


def test_sampling_bad_input():
    A, _ = linkpred.undirected_adjacency([(0, 1), (1, 2), (2, 3)])
    h = linkpred.score_histogram(A, [(0, 2)], "common_neighbors")
    with pytest.raises(ValueError, match="rate"):
        h.subsample_negatives(0.0)
    with pytest.raises(ValueError, match="keeps no negative"):
        h.subsample_negatives(0.01)


def test_subsampled_auroc_variance_formula_matches_monte_carlo():
    g, A = _random_graph(9, n=60, p=0.08)
    pos = _random_positives(A, np.random.default_rng(5), 15)
    h = linkpred.score_histogram(A, pos, "adamic_adar")
    g_vals = h.auroc_contributions()
    assert np.average(g_vals, weights=h.negative_counts) == pytest.approx(h.evaluate().auroc, abs=1e-12)
    for rate in (0.02, 0.2):
        aurocs = np.array([r.auroc for r in h.subsample_negatives(rate, n_repeats=3000, rng=6)])
        var = h.subsampled_auroc_variance(rate)
        # the sample variance of 3000 draws is within ~10% of the truth
        assert aurocs.var(ddof=1) == pytest.approx(var, rel=0.12)
    assert h.subsampled_auroc_variance(1.0) == 0.0


def test_sampled_negative_pairs_are_uniform_distinct_candidates():
    g, A = _random_graph(11, n=12, p=0.3)
    pos = _random_positives(A, np.random.default_rng(0), 3)
    dense = A.toarray()
    pos_set = {tuple(sorted(p)) for p in pos.tolist()}
    cand = [(u, v) for u, v in itertools.combinations(range(12), 2) if not dense[u, v] and (u, v) not in pos_set]
    counts = dict.fromkeys(cand, 0)
    rng = np.random.default_rng(1)
    for _ in range(3000):
        pairs = linkpred.sample_negative_pairs(A, pos, 5, rng=rng)
        assert len({tuple(p) for p in pairs.tolist()}) == 5
        for p in pairs.tolist():
            counts[tuple(p)] += 1                       # KeyError if not a candidate negative
    expected = 3000 * 5 / len(cand)
    freq = np.array(list(counts.values()))
    assert np.abs(freq - expected).max() < 5 * np.sqrt(expected)
    with pytest.raises(ValueError, match="size"):
        linkpred.sample_negative_pairs(A, pos, len(cand) + 1)


def test_pair_scores_lookup():
    g, A = _random_graph(2, n=20, p=0.2)
    S = linkpred.adamic_adar(A)
    pairs = np.array(list(itertools.combinations(range(20), 2)))
    np.testing.assert_array_equal(linkpred.pair_scores(S, pairs), S.toarray()[pairs[:, 0], pairs[:, 1]])


def test_index_sampling_path_has_the_exact_variance():
    # many distinct scores and few draws: subsample_negatives draws negatives by index
    rng = np.random.default_rng(8)
    h = linkpred.ScoreHistogram.from_unsorted(rng.normal(1.0, 1.0, 30), rng.normal(size=4000),
                                              rng.integers(1, 5, 4000))
    rate = 50 / h.n_negative                       # k = 50 < 4000 score values
    aurocs = np.array([r.auroc for r in h.subsample_negatives(rate, n_repeats=3000, rng=9)])
    assert aurocs.var(ddof=1) == pytest.approx(h.subsampled_auroc_variance(rate), rel=0.12)
    assert aurocs.mean() == pytest.approx(h.evaluate().auroc, abs=5 * aurocs.std() / np.sqrt(3000))


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


@pytest.mark.parametrize("seed", range(3))
def test_supervised_histogram_equals_scoring_every_pair(seed):
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    ev = _toy_temporal(seed)
    n_ev = ev.n_events
    train = linkpred.temporal_task(ev, split=int(0.6 * n_ev), end=int(0.8 * n_ev))
    test = linkpred.temporal_task(ev, split=int(0.8 * n_ev))
    model = make_pipeline(StandardScaler(), LogisticRegression())
    h = linkpred.supervised_score_histogram(train, test, model=model, max_length=2, rng=seed)
    # brute force: features of every candidate pair of the test network, same fitted model
    A = test.adjacency
    n = A.shape[0]
    dense = A.toarray()
    pairs = np.array([(u, v) for u, v in itertools.combinations(range(n), 2) if not dense[u, v]])
    pos = {tuple(p) for p in np.sort(test.positives, axis=1).tolist()}
    y = np.array([tuple(p) in pos for p in pairs.tolist()])
    # refit the same model on the same training data (same rng) to score the pairs directly
    fm_train = linkpred._FeatureMaps(train.adjacency, 2)
    neg = linkpred.sample_negative_pairs(train.adjacency, train.positives,
                                         min(20 * len(train.positives), train.n_candidates - len(train.positives)),
                                         rng=np.random.default_rng(seed))
    X = np.vstack([fm_train.rows(np.sort(train.positives, axis=1)), fm_train.rows(neg)])
    fitted = make_pipeline(StandardScaler(), LogisticRegression()).fit(
        X, np.r_[np.ones(len(train.positives)), np.zeros(len(neg))])
    s = fitted.predict_proba(linkpred._FeatureMaps(A, 2).rows(pairs))[:, 1]
    assert (h.n_positive, h.n_negative) == (int(y.sum()), int((~y).sum()))
    assert h.evaluate().auroc == pytest.approx(roc_auc_score(y, s), abs=1e-9)
    assert h.evaluate().average_precision == pytest.approx(average_precision_score(y, s), abs=1e-9)


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


def test_histogram_curves_equal_enumerated_curves():
    g, A = _random_graph(13, n=30, p=0.15)
    pos = _random_positives(A, np.random.default_rng(3), 8)
    h = linkpred.score_histogram(A, pos, "adamic_adar")
    dense, S = A.toarray(), linkpred.adamic_adar(A).toarray()
    keyset = {tuple(p) for p in np.sort(pos, axis=1).tolist()}
    pairs = [(u, v) for u, v in itertools.combinations(range(30), 2) if not dense[u, v]]
    y = np.array([p in keyset for p in pairs])
    s = np.array([S[u, v] for u, v in pairs])
    fpr, tpr = h.roc_curve()
    ref_fpr, ref_tpr, _ = curves.roc_curve(y, s)
    np.testing.assert_allclose(fpr, ref_fpr, atol=1e-12)
    np.testing.assert_allclose(tpr, ref_tpr, atol=1e-12)
    recall, precision = h.precision_recall_curve()
    ref_p, ref_r, _ = curves.precision_recall_curve(y, s)   # same points, descending thresholds
    np.testing.assert_allclose(recall, ref_r, atol=1e-12)
    np.testing.assert_allclose(precision, ref_p, atol=1e-12)
