"""Tests of evalkit.linkpred.orderings: directional predictors and orderings."""
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


def test_orderings_against_sklearn_and_directionality():
    A, nodes, dist, cand, pos = _random_task(6)
    S = linkpred.propflow(A, symmetrize=None)
    assert linkpred.is_directional(S)
    for name in ("common_neighbors", "adamic_adar", "jaccard"):
        assert not linkpred.is_directional(linkpred.PREDICTORS[name](A))
    pairs = linkpred.two_hop_pairs(A)
    want = {(u, v) for u, v in cand if dist[nodes[u]].get(nodes[v]) == 2}
    assert {tuple(p) for p in pairs.tolist()} == want
    two_hop_pos = np.array([p for p in pos.tolist() if tuple(p) in want] or [tuple(pairs[0])])
    r = linkpred.evaluate_orderings(S, pairs, two_hop_pos)
    D = S.toarray()
    y = np.isin(pairs[:, 0] * 10**6 + pairs[:, 1], two_hop_pos[:, 0] * 10**6 + two_hop_pos[:, 1])
    f, b = D[pairs[:, 0], pairs[:, 1]], D[pairs[:, 1], pairs[:, 0]]
    assert r["mean"].auroc == pytest.approx(roc_auc_score(y, (f + b) / 2))
    assert r["both orderings"].auroc == pytest.approx(roc_auc_score(np.r_[y, y], np.r_[f, b]))
    assert r["both orderings"].average_precision == pytest.approx(average_precision_score(np.r_[y, y], np.r_[f, b]))
    assert r["v to u"].auroc == pytest.approx(roc_auc_score(y, b))
    with pytest.raises(ValueError, match="every positive must be one of pairs"):
        linkpred.evaluate_orderings(S, pairs[1:], pairs[:1])
