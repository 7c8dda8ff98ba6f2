"""Tests of evalkit.linkpred.distance: evaluation by geodesic distance."""
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
    dh = linkpred.distance_score_histograms(A, pos, [name], chunk_size=7)[name]
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
    both = linkpred.distance_score_histograms(A, pos, {"cn": S})
    one = linkpred.distance_score_histograms(A, pos, "common_neighbors")
    for a, b in zip(both["cn"].histograms, one["common_neighbors"].histograms):
        np.testing.assert_array_equal(a.negative_counts, b.negative_counts)
    with pytest.raises(ValueError, match="predictors must name"):
        linkpred.distance_score_histograms(A, pos, ["katz"])
    with pytest.raises(TypeError, match="sparse matrix"):
        linkpred.distance_score_histograms(A, pos, {"x": np.zeros(A.shape)})
    with pytest.raises(ValueError, match="symmetric"):
        linkpred.distance_score_histograms(A, pos, {"pf": linkpred.propflow(A, symmetrize=None)})


def test_per_distance_evaluation_and_removal_of_near_negatives():
    A, nodes, dist, cand, pos = _random_task(3)
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
    A, nodes, dist, cand, pos = _random_task(8)
    r = linkpred.evaluation_report(A, pos, ["preferential_attachment", "adamic_adar"])
    for name in ("preferential_attachment", "adamic_adar"):
        ref = linkpred.evaluate_all_pairs(A, pos, name)
        row = r.loc[(name, "all")]
        assert row["auroc"] == pytest.approx(ref.auroc) and row["aupr"] == pytest.approx(ref.aupr)
        assert row["baseline_precision"] == pytest.approx(len(pos) / (ref.n_positive + ref.n_negative))
    assert list(r.columns[:2]) == ["aupr", "average_precision"]  # AUPR first, as recommended
