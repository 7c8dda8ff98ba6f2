"""Tests of evalkit.linkpred.topk: the top-K predictive rate."""
import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, roc_auc_score

from evalkit import linkpred
from evalkit.graph import as_adjacency
from evalkit.datasets import TemporalEdges
from evalkit.linkpred import ScoreHistogram


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


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=8), st.lists(st.integers(0, 4), min_size=1, max_size=12))
def test_top_k_rate_against_enumerated_orderings(pos, neg):
    h = ScoreHistogram.from_unsorted(np.array(pos, float), *np.unique(np.array(neg, float), return_counts=True))
    scores = np.r_[np.array(pos, float), np.array(neg, float)]
    y = np.r_[np.ones(len(pos)), np.zeros(len(neg))]
    k = np.arange(1, scores.size + 1)
    r = linkpred.top_k_rate(h, k)
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
    r = linkpred.top_k_rate(h, h.n_positive)
    # specificity counted directly: negatives below the 50th highest score
    thr = np.sort(np.r_[pos, neg])[::-1][49]
    tn = (neg < thr).sum()
    assert r.specificity[0] == pytest.approx(tn / neg.size)
    assert r.specificity[0] == pytest.approx(1 - (1 - r.rate[0]) * h.n_positive / h.n_negative)
    assert r.sensitivity[0] == pytest.approx(r.rate[0])


def test_top_k_rate_errors():
    h = ScoreHistogram.from_unsorted([1.0], [0.0], [3])
    with pytest.raises(ValueError, match=r"k must lie in \[1, 4\]"):
        linkpred.top_k_rate(h, 5)
    with pytest.raises(TypeError, match="k must be integers"):
        linkpred.top_k_rate(h, 1.5)
    with pytest.raises(TypeError, match="ScoreHistogram"):
        linkpred.top_k_rate([1, 2], 1)
