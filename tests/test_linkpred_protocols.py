"""Tests of evalkit.linkpred_protocols: by-distance evaluation against enumeration, sampling
schemes (property tests), top-K with ties, orderings, time slices, the surrogate simulation."""
import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, roc_auc_score

from evalkit import linkpred
from evalkit import linkpred_protocols as lpp
from evalkit.datasets import TemporalEdges
from evalkit.linkpred import ScoreHistogram


def _random_task(seed, n=40, p=0.08):
    rng = np.random.default_rng(seed)
    G = nx.gnp_random_graph(n, p, seed=int(seed))
    G.add_edge(n, n + 1)  # a separate component: pairs at distance inf
    A, nodes = linkpred.undirected_adjacency(G)
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


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("name", ["preferential_attachment", "common_neighbors", "adamic_adar", "jaccard", "propflow"])
def test_distance_histograms_equal_enumeration(seed, name):
    A, nodes, dist, cand, pos = _random_task(seed)
    deg = np.asarray(A.sum(axis=1)).ravel()
    if name == "preferential_attachment":
        score = lambda u, v: float(deg[u] * deg[v])
    else:
        M = linkpred.PREDICTORS[name](A).toarray()
        score = lambda u, v: float(M[u, v])
    dh = lpp.distance_score_histograms(A, pos, [name], chunk_size=7)[name]
    want = _enumerated(A, nodes, dist, cand, pos, score)
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
    A, nodes, dist, cand, pos = _random_task(5)
    S = linkpred.common_neighbors(A)
    both = lpp.distance_score_histograms(A, pos, {"cn": S})
    one = lpp.distance_score_histograms(A, pos, "common_neighbors")
    for a, b in zip(both["cn"].histograms, one["common_neighbors"].histograms):
        np.testing.assert_array_equal(a.negative_counts, b.negative_counts)
    with pytest.raises(ValueError, match="predictors must name"):
        lpp.distance_score_histograms(A, pos, ["katz"])
    with pytest.raises(TypeError, match="sparse matrix"):
        lpp.distance_score_histograms(A, pos, {"x": np.zeros(A.shape)})
    with pytest.raises(ValueError, match="symmetric"):
        lpp.distance_score_histograms(A, pos, {"pf": linkpred.propflow(A, symmetrize=None)})


def test_per_distance_evaluation_and_removal_of_near_negatives():
    A, nodes, dist, cand, pos = _random_task(3)
    dh = lpp.distance_score_histograms(A, pos, ["preferential_attachment"])["preferential_attachment"]
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


# ------------------------------------------------------------------ sampling schemes

histogram_sets = st.lists(
    st.tuples(st.integers(0, 6),                                    # positives at the distance
              st.lists(st.integers(1, 40), min_size=1, max_size=5)),  # negative counts per value
    min_size=2, max_size=5)


def _dh(spec):
    hs = []
    for i, (m, counts) in enumerate(spec):
        values = np.arange(len(counts), dtype=float) + i
        hs.append(ScoreHistogram(np.full(m, float(i) + 0.5), values, np.array(counts, np.int64)))
    return lpp.DistanceHistograms(np.arange(2.0, 2.0 + len(spec)), tuple(hs))


@settings(max_examples=60, deadline=None)
@given(histogram_sets, st.sampled_from([0.5, 1.0, 3.0]), st.integers(0, 2**32 - 1))
def test_distance_balanced_sampling_balances_each_distance(spec, ratio, seed):
    dh = _dh(spec)
    s = dh.sample_distance_balanced(ratio=ratio, rng=seed)
    want = np.minimum(np.round(ratio * dh.n_positive), dh.n_negative)
    np.testing.assert_array_equal(s.n_negative, want)
    np.testing.assert_array_equal(s.n_positive, dh.n_positive)  # every positive kept
    for a, b in zip(s.histograms, dh.histograms):  # never more of a value than exist
        full = dict(zip(b.negative_values, b.negative_counts))
        assert all(c <= full[v] for v, c in zip(a.negative_values, a.negative_counts))


@settings(max_examples=25, deadline=None)
@given(histogram_sets, st.integers(0, 2**32 - 1))
def test_uniform_sampling_preserves_the_distance_distribution_in_expectation(spec, seed):
    dh = _dh(spec)
    N = dh.n_negative
    size = max(1, int(N.sum()) // 3)
    reps = 400
    drawn = np.array([dh.sample_uniform(size, rng=np.random.default_rng([seed, r])).n_negative for r in range(reps)])
    assert (drawn.sum(axis=1) == size).all()
    expected = size * N / N.sum()
    # hypergeometric variance of the count at each distance
    var = size * (N / N.sum()) * (1 - N / N.sum()) * (N.sum() - size) / max(N.sum() - 1, 1)
    se = np.sqrt(var / reps)
    assert np.all(np.abs(drawn.mean(axis=0) - expected) <= 6 * se + 1e-9)


def test_uniform_sampling_of_everything_is_the_whole_set_and_errors():
    dh = _dh([(2, [3, 4]), (1, [5])])
    s = dh.sample_uniform(12, rng=0)
    np.testing.assert_array_equal(s.n_negative, dh.n_negative)
    with pytest.raises(ValueError, match="size must be an integer"):
        dh.sample_uniform(13)
    with pytest.raises(ValueError, match="ratio must be a positive number"):
        dh.sample_distance_balanced(ratio=0)


def test_steered_sampling_reaches_the_target():
    A, nodes, dist, cand, pos = _random_task(4, n=80, p=0.05)
    dh = lpp.distance_score_histograms(A, pos, ["preferential_attachment"])["preferential_attachment"]
    a = dh.distance_mean_auroc()
    ok = (dh.n_positive > 0) & (dh.n_negative > 0)
    lo, hi = np.nanmin(a[ok]), np.nanmax(a[ok])
    # the weighted-mean identity: a distance-sampled test set's AUROC is the weighted mean of a_l
    full = dh.pooled().evaluate().auroc
    assert full == pytest.approx(np.sum(a * dh.n_negative) / dh.n_negative.sum())
    for target in (lo + 0.3 * (hi - lo), lo + 0.7 * (hi - lo)):
        sample, expected = dh.sample_steered(target, size=int(dh.n_negative[ok].sum() // 2), rng=1)
        assert expected == pytest.approx(target, abs=0.02)
        assert sample.n_positive.sum() == dh.n_positive.sum()
    with pytest.raises(ValueError, match="target_auroc must lie"):
        dh.sample_steered(hi + 0.01)


# ------------------------------------------------------------------------------ top K

@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=8), st.lists(st.integers(0, 4), min_size=1, max_size=12))
def test_top_k_rate_against_enumerated_orderings(pos, neg):
    h = ScoreHistogram.from_unsorted(np.array(pos, float), *np.unique(np.array(neg, float), return_counts=True))
    scores = np.r_[np.array(pos, float), np.array(neg, float)]
    y = np.r_[np.ones(len(pos)), np.zeros(len(neg))]
    k = np.arange(1, scores.size + 1)
    r = lpp.top_k_rate(h, k)
    # ties broken against (for) the positives
    worst = y[np.lexsort((y, -scores))]
    best = y[np.lexsort((-y, -scores))]
    np.testing.assert_array_equal(r.true_positives_low, np.cumsum(worst))
    np.testing.assert_array_equal(r.true_positives_high, np.cumsum(best))
    # expectation over random tie orderings: each tied item equally likely to be in the top k
    expected = []
    for kk in k:
        t = np.sort(scores)[::-1][kk - 1]
        above = scores > t
        tied = scores == t
        expected.append(y[above].sum() + (kk - above.sum()) * y[tied].mean())
    np.testing.assert_allclose(r.true_positives, expected)
    np.testing.assert_allclose(r.rate, r.true_positives / k)


def test_theorem_6_1_at_k_equal_to_the_positives():
    rng = np.random.default_rng(0)
    pos, neg = rng.normal(1, 1, 50), rng.normal(0, 1, 5000)
    h = ScoreHistogram.from_unsorted(pos, neg, np.ones(neg.size, np.int64))
    r = lpp.top_k_rate(h, h.n_positive)
    # specificity counted directly: negatives below the 50th highest score
    thr = np.sort(np.r_[pos, neg])[::-1][49]
    tn = (neg < thr).sum()
    assert r.specificity[0] == pytest.approx(tn / neg.size)
    assert r.specificity[0] == pytest.approx(1 - (1 - r.rate[0]) * h.n_positive / h.n_negative)
    assert r.sensitivity[0] == pytest.approx(r.rate[0])


def test_top_k_rate_errors():
    h = ScoreHistogram.from_unsorted([1.0], [0.0], [3])
    with pytest.raises(ValueError, match=r"k must lie in \[1, 4\]"):
        lpp.top_k_rate(h, 5)
    with pytest.raises(TypeError, match="k must be integers"):
        lpp.top_k_rate(h, 1.5)
    with pytest.raises(TypeError, match="ScoreHistogram"):
        lpp.top_k_rate([1, 2], 1)


# ------------------------------------------------------------------------ orderings

def test_orderings_against_sklearn_and_directionality():
    A, nodes, dist, cand, pos = _random_task(6)
    S = linkpred.propflow(A, symmetrize=None)
    assert lpp.is_directional(S)
    for name in ("common_neighbors", "adamic_adar", "jaccard"):
        assert not lpp.is_directional(linkpred.PREDICTORS[name](A))
    pairs = lpp.two_hop_pairs(A)
    want = {(u, v) for u, v in cand if dist[nodes[u]].get(nodes[v]) == 2}
    assert {tuple(p) for p in pairs.tolist()} == want
    two_hop_pos = np.array([p for p in pos.tolist() if tuple(p) in want] or [tuple(pairs[0])])
    r = lpp.evaluate_orderings(S, pairs, two_hop_pos)
    D = S.toarray()
    y = np.isin(pairs[:, 0] * 10**6 + pairs[:, 1], two_hop_pos[:, 0] * 10**6 + two_hop_pos[:, 1])
    f, b = D[pairs[:, 0], pairs[:, 1]], D[pairs[:, 1], pairs[:, 0]]
    assert r["mean"].auroc == pytest.approx(roc_auc_score(y, (f + b) / 2))
    assert r["both orderings"].auroc == pytest.approx(roc_auc_score(np.r_[y, y], np.r_[f, b]))
    assert r["both orderings"].average_precision == pytest.approx(average_precision_score(np.r_[y, y], np.r_[f, b]))
    assert r["v to u"].auroc == pytest.approx(roc_auc_score(y, b))
    with pytest.raises(ValueError, match="every positive must be one of pairs"):
        lpp.evaluate_orderings(S, pairs[1:], pairs[:1])


# ------------------------------------------------------------------------------ time

def _toy_events():
    rng = np.random.default_rng(0)
    src, dst = rng.integers(0, 30, 400), rng.integers(0, 30, 400)
    return TemporalEdges("toy", src, dst, np.sort(rng.integers(0, 1000, 400)))


def test_temporal_slices_share_the_feature_network_and_partition_the_label_period():
    ev = _toy_events()
    tasks, bounds = lpp.temporal_slices(ev, split=600, end=1000, n_slices=4)
    whole = linkpred.temporal_task(ev, split=600, end=1000)
    assert bounds.tolist() == [600, 700, 800, 900, 1000]
    for t in tasks:
        assert (t.adjacency != whole.adjacency).nnz == 0
    union = np.unique(np.concatenate([t.positives for t in tasks]), axis=0)
    np.testing.assert_array_equal(union, np.unique(whole.positives, axis=0))
    cum, _ = lpp.temporal_slices(ev, split=600, end=1000, n_slices=4, cumulative=True)
    np.testing.assert_array_equal(np.unique(cum[-1].positives, axis=0), np.unique(whole.positives, axis=0))
    assert all(len(a.positives) <= len(b.positives) for a, b in zip(cum, cum[1:]))
    with pytest.raises(ValueError, match="end must be given"):
        lpp.temporal_slices(ev, split=600, end=None)


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


# ------------------------------------------------------------------------ surrogate

def test_surrogate_expectations():
    p_s, n_s, p_f, n_f, alpha, beta = 30, 970, 100, 99_900, 0.4, 5
    r = lpp.surrogate_auroc(p_s, n_s, p_f, n_f, alpha, beta, n_simulations=3000, rng=0)
    # P_sub: positions uniform among the top M, so E[AUROC] = 1 - (M - p) / (2 n)
    M = int(alpha * (p_s + n_s))
    e_sub = 1 - (M - p_s) / (2 * n_s)
    assert abs(r.auroc_sub.mean() - e_sub) < 5 * r.auroc_sub.std() / np.sqrt(3000)
    # P_full: the first p_s places uniform in [0, m1), the rest uniform over the free places of [0, m2)
    m1, m2 = int(alpha * (p_s + n_s) * beta), int(alpha * (p_f + n_f))
    mean_free = (m2 * (m2 - 1) / 2 - p_s * (m1 - 1) / 2) / (m2 - p_s)
    e_sum = p_s * (m1 - 1) / 2 + (p_f - p_s) * mean_free
    e_full = 1 - (e_sum - p_f * (p_f - 1) / 2) / (p_f * n_f)
    assert abs(r.auroc_full.mean() - e_full) < 5 * r.auroc_full.std() / np.sqrt(3000)
    assert r.sigmas > 0
    assert np.array_equal(r.auroc_sub, lpp.surrogate_auroc(p_s, n_s, p_f, n_f, alpha, beta,
                                                           n_simulations=3000, rng=0).auroc_sub)


def test_surrogate_places_are_distinct():
    # as many places as positives: only distinct places fill them, and the AUROC is exactly 1
    r = lpp.surrogate_auroc(5, 5, 20, 20, 0.5, 1, n_simulations=50, rng=1)
    assert np.allclose(r.auroc_full, 1.0) and np.allclose(r.auroc_sub, 1.0)
    r = lpp.surrogate_auroc(3, 7, 12, 28, 0.3, 2, n_simulations=50, rng=1)
    assert np.allclose(r.auroc_full, 1.0)


def test_surrogate_errors():
    with pytest.raises(ValueError, match="part of the full one"):
        lpp.surrogate_auroc(10, 10, 5, 100, 0.5, 10)
    with pytest.raises(ValueError, match="alpha must lie"):
        lpp.surrogate_auroc(1, 10, 5, 100, 1.5, 10)
    with pytest.raises(ValueError, match="beta must be at least 1"):
        lpp.surrogate_auroc(1, 10, 5, 100, 0.5, 0.5)


def test_evaluation_report_matches_the_engine():
    A, nodes, dist, cand, pos = _random_task(8)
    r = lpp.evaluation_report(A, pos, ["preferential_attachment", "adamic_adar"])
    for name in ("preferential_attachment", "adamic_adar"):
        ref = linkpred.evaluate_all_pairs(A, pos, name)
        row = r.loc[(name, "all")]
        assert row["auroc"] == pytest.approx(ref.auroc) and row["aupr"] == pytest.approx(ref.aupr)
        assert row["baseline_precision"] == pytest.approx(len(pos) / (ref.n_positive + ref.n_negative))
    assert list(r.columns[:2]) == ["aupr", "average_precision"]  # AUPR first, as recommended


def test_mean_of_orderings_is_propflow_mean():
    A, *_ = _random_task(9)
    S = linkpred.propflow(A, symmetrize=None)
    M = linkpred.mean_of_orderings(S)
    np.testing.assert_allclose(M.toarray(), (S.toarray() + S.toarray().T) / 2, atol=1e-12)
    assert (M != linkpred.propflow(A)).nnz == 0
    with pytest.raises(ValueError, match="square"):
        linkpred.mean_of_orderings(sp.csr_matrix(np.ones((2, 3))))
