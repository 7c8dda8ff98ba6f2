"""Tests of evalkit.linkpred.histogram: score histograms and exact all-pairs evaluation (enumeration + scikit-learn)."""
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
from helpers.linkpred import brute_force, random_graph, random_positives, relabelled_task


@pytest.mark.parametrize("predictor", sorted(linkpred.PREDICTORS))
@pytest.mark.parametrize("seed", range(6))
def test_exact_evaluation_equals_enumeration(predictor, seed):
    rng = np.random.default_rng(seed)
    g, A = random_graph(seed, n=int(rng.integers(8, 40)), p=float(rng.uniform(0.05, 0.3)))
    positives = random_positives(A, rng, int(rng.integers(1, 15)))
    # give half of the positives in the order (v, u): a pair is unordered
    positives[::2] = positives[::2, ::-1]
    got = linkpred.evaluate_all_pairs(A, positives, predictor)
    auroc, ap, dg, n_pos, n_neg = brute_force(A, positives, predictor)
    assert (got.n_positive, got.n_negative) == (n_pos, n_neg)
    assert got.auroc == pytest.approx(auroc, abs=1e-12)
    assert got.average_precision == pytest.approx(ap, abs=1e-12)
    assert got.aupr == pytest.approx(dg, abs=1e-12)
    assert got.n_distinct_scores <= n_pos + n_neg


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_custom_score_matrix_equals_enumeration(seed):
    rng = np.random.default_rng(seed)
    g, A = random_graph(int(rng.integers(0, 1000)), n=15, p=0.2)
    n = A.shape[0]
    # a symmetric score matrix with a few stored (possibly negative or tied) values
    r = sp.random(n, n, density=0.2, random_state=rng, data_rvs=lambda k: rng.integers(-2, 3, k).astype(float))
    S = sp.triu(r, k=1)
    S = (S + S.T).tocsr()
    positives = random_positives(A, rng, 4)
    got = linkpred.evaluate_all_pairs(A, positives, S)
    dense, full = A.toarray(), S.toarray()
    pos = {tuple(p) for p in np.sort(positives, axis=1).tolist()}
    y = np.array([(u, v) in pos for u, v in itertools.combinations(range(n), 2) if not dense[u, v]])
    s = np.array([full[u, v] for u, v in itertools.combinations(range(n), 2) if not dense[u, v]])
    assert got.auroc == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    assert got.average_precision == pytest.approx(average_precision_score(y, s), abs=1e-12)


def test_bad_input():
    with pytest.raises(ValueError, match="undirected"):
        as_adjacency(nx.DiGraph([(0, 1)]))
    with pytest.raises(ValueError, match="self-loop"):
        as_adjacency([(0, 1), (2, 2)])
    with pytest.raises(ValueError, match="multigraph"):
        as_adjacency(nx.MultiGraph([(0, 1)]))
    A, _ = as_adjacency([(0, 1), (1, 2), (2, 3)])
    with pytest.raises(ValueError, match="already edges"):
        linkpred.evaluate_all_pairs(A, [(0, 1)], "common_neighbors")
    with pytest.raises(ValueError, match="each pair once"):
        linkpred.evaluate_all_pairs(A, [(0, 2), (2, 0)], "common_neighbors")
    with pytest.raises(ValueError, match="self-pairs"):
        linkpred.evaluate_all_pairs(A, [(0, 0)], "common_neighbors")
    with pytest.raises(ValueError, match="predictor must be one of"):
        linkpred.evaluate_all_pairs(A, [(0, 2)], "simrank")
    with pytest.raises(ValueError, match="row indices"):
        linkpred.evaluate_all_pairs(A, [(0, 9)], "jaccard")
    with pytest.raises(ValueError, match="symmetric"):
        linkpred.common_neighbors(sp.csr_matrix(np.triu(np.ones((3, 3)), 1)))
    with pytest.raises(TypeError, match="sparse"):
        linkpred.common_neighbors(np.zeros((3, 3)))
    with pytest.raises(ValueError, match="positives and negatives"):
        linkpred.evaluate_all_pairs(A, np.zeros((0, 2), dtype=int), "jaccard")


def test_histogram_curves_equal_enumerated_curves():
    g, A = random_graph(13, n=30, p=0.15)
    pos = random_positives(A, np.random.default_rng(3), 8)
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


def test_score_histogram_refuses_nan_scores():
    # NaN scores used to be accepted and an AUROC reported
    with pytest.raises(ValueError, match="positive_scores must be .*NaN"):
        linkpred.ScoreHistogram.from_unsorted([np.nan, 1.0], [0.0, 2.0], [1, 1])
    with pytest.raises(ValueError, match="values must be .*NaN"):
        linkpred.ScoreHistogram.from_unsorted([1.0], [np.nan, 2.0], [1, 1])
    with pytest.raises(ValueError, match="counts must be"):
        linkpred.ScoreHistogram.from_unsorted([1.0], [0.0, 2.0], [1, -1])
    with pytest.raises(ValueError, match="values and counts must have the same length"):
        linkpred.ScoreHistogram.from_unsorted([1.0], [0.0, 2.0], [1])
    with pytest.raises(ValueError, match="positive_scores must be"):
        linkpred.ScoreHistogram(np.array([np.nan]), np.array([0.0]), np.array([1]))
    with pytest.raises(TypeError, match=r"histograms\[0\] must be"):
        linkpred.merge_histograms([3])
    h = linkpred.ScoreHistogram.from_unsorted([1.0], [0.0], [2])
    assert h == linkpred.ScoreHistogram.from_unsorted([1.0], [0.0, 0.0], [1, 1])


@pytest.mark.parametrize("predictor", sorted(linkpred.PREDICTORS))
@pytest.mark.parametrize("seed", range(3))
def test_node_id_positives_give_the_row_index_result(predictor, seed):
    A, nodes, rows, ids = relabelled_task(seed)
    assert nodes.dtype == object  # tuples, strings and ints
    by_rows = linkpred.score_histogram(A, rows, predictor)
    by_ids = linkpred.score_histogram(A, ids, predictor, nodes=nodes)
    np.testing.assert_array_equal(by_ids.positive_scores, by_rows.positive_scores)
    np.testing.assert_array_equal(by_ids.negative_counts, by_rows.negative_counts)
    assert linkpred.evaluate_all_pairs(A, ids, predictor, nodes=nodes) == by_rows.evaluate()
    reversed_ids = [(v, u) for u, v in ids]  # either order, as with row indices
    assert linkpred.evaluate_all_pairs(A, reversed_ids, predictor, nodes=nodes) == by_rows.evaluate()


def test_node_id_positives_errors_name_the_argument():
    A, nodes, rows, ids = relabelled_task(0)
    with pytest.raises(ValueError, match=r"positives must hold ids of nodes; 1 unknown id: 'unknown'"):
        linkpred.evaluate_all_pairs(A, [(ids[0][0], "unknown")], "common_neighbors", nodes=nodes)
    with pytest.raises(ValueError, match=r"nodes must hold one node id per row of the network \(32\); got 31"):
        linkpred.evaluate_all_pairs(A, ids, "common_neighbors", nodes=nodes[:-1])
    with pytest.raises((TypeError, ValueError), match=r"positives must .*node-id pairs need nodes="):
        linkpred.evaluate_all_pairs(A, ids, "common_neighbors")  # ids without nodes=
    r, c = A.nonzero()
    with pytest.raises(ValueError, match="positives must be candidate pairs"):  # an edge of A, by its ids
        linkpred.score_histogram(A, [(nodes[r[0]], nodes[c[0]])], "jaccard", nodes=nodes)


@pytest.mark.parametrize("seed", range(5))
def test_a_rank_compressed_histogram_keeps_every_ranking_quantity(seed):
    rng = np.random.default_rng(seed)
    positives = rng.choice(np.round(rng.random(40), 2), 12)           # ties among the positives
    values = np.r_[rng.random(300), positives[:4]]                      # negatives tied with some positives
    h = linkpred.ScoreHistogram.from_unsorted(positives, values, rng.integers(1, 5, values.size))
    c = h.rank_compressed()
    assert c.negative_values.size < h.negative_values.size and c.n_negative == h.n_negative
    for got, want in zip(vars(c.evaluate()).items(), vars(h.evaluate()).items()):
        if got[0] != "n_distinct_scores":
            assert got[1] == pytest.approx(want[1], rel=1e-12)
    # the curves: the points kept are points of the original, the others lie on runs of negatives
    fpr, tpr = h.roc_curve()
    cfpr, ctpr = c.roc_curve()
    original = set(zip(fpr.round(12), tpr.round(12)))
    assert set(zip(cfpr.round(12), ctpr.round(12))) <= original
    kept = set(zip(cfpr.round(12), ctpr.round(12)))
    for f, t in zip(fpr.round(12), tpr.round(12)):   # a point dropped lies inside a horizontal run kept
        if (f, t) not in kept:
            same = cfpr[ctpr.round(12) == t].round(12)
            assert (same < f).any() and (same > f).any()
    recall, precision = h.precision_recall_curve()
    crecall, cprecision = c.precision_recall_curve()
    kept = np.r_[True, recall[1:] != recall[:-1]] & np.r_[recall[1:] != recall[:-1], True]
    assert set(zip(crecall.round(12), cprecision.round(12))) <= set(zip(recall.round(12), precision.round(12)))
    assert set(zip(recall[kept].round(12), precision[kept].round(12))) <= set(zip(crecall.round(12), cprecision.round(12)))
    # draws by index (fewer negatives than the compressed bins): the same negatives from the same seed
    rate = (c.negative_values.size - 1) / h.n_negative
    np.testing.assert_allclose(c.subsampled_aurocs(rate, n_repeats=20, rng=seed),
                               h.subsampled_aurocs(rate, n_repeats=20, rng=seed), rtol=1e-12)
    for a, b in zip(c.subsample_negatives(rate, n_repeats=5, rng=seed), h.subsample_negatives(rate, n_repeats=5, rng=seed)):
        assert a.aupr == pytest.approx(b.aupr, rel=1e-12) and a.auroc == pytest.approx(b.auroc, rel=1e-12)


def test_rank_compression_merges_only_between_cuts_and_needs_every_positive():
    h = linkpred.ScoreHistogram.from_unsorted([0.5], [0.1, 0.2, 0.5, 0.6, 0.7], [1, 1, 1, 1, 1])
    c = h.rank_compressed()
    assert c.negative_values.tolist() == [0.2, 0.5, 0.7] and c.negative_counts.tolist() == [2, 1, 2]
    c = h.rank_compressed([0.15, 0.5])
    assert c.negative_values.tolist() == [0.1, 0.2, 0.5, 0.7] and c.negative_counts.tolist() == [1, 1, 1, 2]
    with pytest.raises(ValueError, match="cuts must include every positive"):
        h.rank_compressed([0.4])
    with pytest.raises(ValueError, match="cuts"):
        h.rank_compressed([[0.5]])
