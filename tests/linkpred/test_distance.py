"""Tests of evalkit.linkpred.distance: evaluation by geodesic distance."""
import itertools

import networkx as nx
import numpy as np
import pytest
from sklearn.metrics import average_precision_score, roc_auc_score

from evalkit import linkpred


from helpers.linkpred import enumerated, random_graph, random_positives, random_task, relabelled_task


def test_distance_counts_equal_networkx():
    g, A = random_graph(7, n=35, p=0.07)
    pos = random_positives(A, np.random.default_rng(4), 8)
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


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("name", ["preferential_attachment", "common_neighbors", "adamic_adar", "jaccard", "propflow"])
def test_distance_histograms_equal_enumeration(seed, name):
    A, nodes, dist, cand, pos = random_task(seed)
    deg = np.asarray(A.sum(axis=1)).ravel()
    if name == "preferential_attachment":
        score = lambda u, v: float(deg[u] * deg[v])
    else:
        M = linkpred.PREDICTORS[name](A).toarray()
        score = lambda u, v: float(M[u, v])
    dh = linkpred.distance_score_histograms(A, pos, [name], chunk_size=7)[name]
    want = enumerated(A, nodes, dist, cand, pos, score)
    assert sorted(want) == dh.distance.tolist()
    for d, (ps, neg) in want.items():
        h = dh[d]
        np.testing.assert_allclose(np.sort(h.positive_scores), ps)
        got = dict(zip(h.negative_values.tolist(), h.negative_counts.tolist()))
        assert set(got) == {k for k, c in neg.items() if c}
        for k, c in neg.items():
            assert got[k] == c
    # pooled = the all-pairs engine
    ref = linkpred.evaluate_all_pairs(A, pos, name)
    got = dh.pooled().evaluate()
    assert got.auroc == pytest.approx(ref.auroc) and got.aupr == pytest.approx(ref.aupr)


def test_distance_histograms_several_predictors_and_matrices():
    A, nodes, dist, cand, pos = random_task(5)
    S = linkpred.common_neighbors(A)
    both = linkpred.distance_score_histograms(A, pos, {"cn": S})
    one = linkpred.distance_score_histograms(A, pos, "common_neighbors")
    for a, b in zip(both["cn"].histograms, one["common_neighbors"].histograms):
        np.testing.assert_array_equal(a.negative_counts, b.negative_counts)
    with pytest.raises(ValueError, match="predictors must name"):
        linkpred.distance_score_histograms(A, pos, ["simrank"])
    with pytest.raises(TypeError, match="sparse matrix"):
        linkpred.distance_score_histograms(A, pos, {"x": np.zeros(A.shape)})
    with pytest.raises(ValueError, match="symmetric"):
        linkpred.distance_score_histograms(A, pos, {"pf": linkpred.propflow(A, symmetrize=None)})


def test_per_distance_evaluation_and_removal_of_near_negatives():
    A, nodes, dist, cand, pos = random_task(3)
    dh = linkpred.distance_score_histograms(A, pos, ["preferential_attachment"])["preferential_attachment"]
    deg = np.asarray(A.sum(axis=1)).ravel()
    pos_set = {tuple(p) for p in pos.tolist()}
    d = np.array([dist[nodes[u]].get(nodes[v], np.inf) for u, v in cand])
    y = np.array([(u, v) in pos_set for u, v in cand])
    s = np.array([deg[u] * deg[v] for u, v in cand], float)
    for ell, r in dh.evaluate().items():
        at = d == ell
        if y[at].any() and (~y[at]).any():
            assert r.auroc == pytest.approx(roc_auc_score(y[at], s[at]))
            assert r.average_precision == pytest.approx(average_precision_score(y[at], s[at]))
        else:
            assert np.isnan(r.auroc) and r.n_positive == y[at].sum()
    keep = y | (d >= 3)
    got = dh.without_negatives_below(3).evaluate()
    assert got.auroc == pytest.approx(roc_auc_score(y[keep], s[keep]))
    assert got.n_negative == (~y & (d >= 3)).sum()
    frame = dh.to_frame()
    assert list(frame.index)[-1] == "all" and frame.loc["all", "n_positive"] == len(pos)
    with pytest.raises(KeyError, match="no candidate pair at distance"):
        dh[1.0]


def test_evaluation_report_matches_the_engine():
    A, nodes, dist, cand, pos = random_task(8)
    r = linkpred.evaluation_report(A, pos, ["preferential_attachment", "adamic_adar"])
    for name in ("preferential_attachment", "adamic_adar"):
        ref = linkpred.evaluate_all_pairs(A, pos, name)
        row = r.loc[(name, "all")]
        assert row["auroc"] == pytest.approx(ref.auroc) and row["aupr"] == pytest.approx(ref.aupr)
        assert row["baseline_precision"] == pytest.approx(len(pos) / (ref.n_positive + ref.n_negative))
    assert list(r.columns[:2]) == ["aupr", "average_precision"]  # AUPR first, as recommended


@pytest.mark.parametrize("chunk_size, error", [(-1, ValueError), (0, ValueError), (1.5, TypeError), (True, TypeError)])
def test_chunk_size_must_be_a_positive_integer(chunk_size, error):
    # chunk_size=-1 used to return uninitialised memory from pair_distances
    from evalkit.graph import as_adjacency

    A, _ = as_adjacency([(0, 1), (1, 2), (3, 4)])
    with pytest.raises(error, match="chunk_size must be an integer >= 1"):
        linkpred.pair_distances(A, [(0, 2), (0, 3)], chunk_size=chunk_size)
    with pytest.raises(error, match="chunk_size"):
        linkpred.distance_counts(A, [(0, 2)], chunk_size=chunk_size)
    with pytest.raises(error, match="chunk_size"):
        linkpred.distance_score_histograms(A, [(0, 2)], ["common_neighbors"], chunk_size=chunk_size)
    assert linkpred.pair_distances(A, [(0, 2), (0, 3)], chunk_size=1).tolist() == [2.0, np.inf]


def test_bad_pairs_and_adjacency_name_the_argument():
    from evalkit.graph import as_adjacency

    A, _ = as_adjacency([(0, 1), (1, 2), (3, 4)])
    with pytest.raises(ValueError, match="pairs must be row indices in"):
        linkpred.pair_distances(A, [(0, 5)])
    with pytest.raises(ValueError, match="pairs must be"):
        linkpred.pair_distances(A, [(0, -1)])
    with pytest.raises(TypeError, match="A must be a scipy sparse"):
        linkpred.pair_distances(A.toarray().tolist(), [(0, 2)])
    with pytest.raises(TypeError, match="predictors must be"):
        linkpred.distance_score_histograms(A, [(0, 2)], 3)


@pytest.mark.parametrize("seed", range(3))
def test_node_id_pairs_give_the_row_index_result(seed):
    A, nodes, rows, ids = relabelled_task(seed, n=25, p=0.1)
    np.testing.assert_array_equal(linkpred.pair_distances(A, ids, nodes=nodes, chunk_size=4),
                                  linkpred.pair_distances(A, rows, chunk_size=4))
    assert linkpred.distance_counts(A, ids, nodes=nodes) == linkpred.distance_counts(A, rows)
    predictors = ["preferential_attachment", "common_neighbors"]
    by_ids = linkpred.distance_score_histograms(A, ids, predictors, nodes=nodes)
    assert by_ids == linkpred.distance_score_histograms(A, rows, predictors)
    report = linkpred.evaluation_report(A, np.array(ids, dtype=object), predictors, nodes=nodes)
    assert report.equals(linkpred.evaluation_report(A, rows, predictors))


def test_unknown_node_ids_name_the_argument():
    A, nodes, rows, ids = relabelled_task(1, n=20)
    with pytest.raises(ValueError, match=r"pairs must hold ids of nodes; 1 unknown id: \('n', 99\)"):
        linkpred.pair_distances(A, [(nodes[0], ("n", 99))], nodes=nodes)
    with pytest.raises(ValueError, match="positives must hold ids of nodes; 1 unknown id: '0'"):
        linkpred.distance_counts(A, [("0", "1")], nodes=nodes)  # "1" is a node, "0" is not: ("n", 0) is


@pytest.mark.parametrize("seed", [0, 4])
def test_rank_compressed_distance_histograms_keep_each_distance_and_the_pooled_ranking(seed):
    A, nodes, dist, cand, pos = random_task(seed)
    given = {"propflow": linkpred.propflow(A), "adamic_adar": None}
    full = linkpred.distance_score_histograms(A, pos, given, chunk_size=7)
    # a given matrix is compressed block by block, a named predictor at the end: both as compressing after
    got = linkpred.distance_score_histograms(A, pos, given, chunk_size=7, rank_compressed=True)
    for name in given:
        want = full[name].rank_compressed()
        assert sum(h.negative_values.size for h in got[name].histograms) < sum(
            h.negative_values.size for h in full[name].histograms)
        for a, b in zip(got[name].histograms, want.histograms):
            np.testing.assert_array_equal(a.negative_values, b.negative_values)
            np.testing.assert_array_equal(a.negative_counts, b.negative_counts)
        for pick in (lambda d: d.pooled(), lambda d: d.without_negatives_below(3), lambda d: d.pooled(max_distance=3)):
            assert pick(got[name]).evaluate().aupr == pytest.approx(pick(full[name]).evaluate().aupr, rel=1e-12)
            assert pick(got[name]).evaluate().auroc == pytest.approx(pick(full[name]).evaluate().auroc, rel=1e-12)
    for only in (["propflow"], "propflow"):
        only = linkpred.distance_score_histograms(A, pos, given, chunk_size=7, rank_compressed=only)
        for a, b in zip(only["adamic_adar"].histograms, full["adamic_adar"].histograms):
            np.testing.assert_array_equal(a.negative_values, b.negative_values)
        for a, b in zip(only["propflow"].histograms, got["propflow"].histograms):
            np.testing.assert_array_equal(a.negative_values, b.negative_values)
    with pytest.raises(ValueError, match="rank_compressed must name predictors"):
        linkpred.distance_score_histograms(A, pos, given, rank_compressed=["katz"])
