"""Graphs, tasks and brute-force references shared by the tests of evalkit.linkpred."""
import itertools

import networkx as nx
import numpy as np
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, roc_auc_score

from evalkit import curves, linkpred
from evalkit.datasets import TemporalEdges
from evalkit.graph import as_adjacency
from evalkit.linkpred import ScoreHistogram


def random_graph(seed, n=30, p=0.12):
    g = nx.gnp_random_graph(n, p, seed=seed)
    A, nodes = as_adjacency(g)
    return g, A


def relabelled_task(seed, n=30, p=0.12, m=8):
    """A random graph whose node ids are tuples, strings and ints (not mutually comparable).

    Returns ``(A, nodes, rows, ids)``: the adjacency and node order of :func:`as_adjacency`,
    ``m`` positives as row indices and the same positives as a list of node-id pairs."""
    g = nx.gnp_random_graph(n, p, seed=seed)
    g.add_edge(n, n + 1)  # a separate component: pairs at distance inf
    mixed = {i: ("n", i) if i % 3 == 0 else str(i) if i % 3 == 1 else i for i in g}
    A, nodes = as_adjacency(nx.relabel_nodes(g, mixed))
    rows = random_positives(A, np.random.default_rng(seed), m)
    ids = [(nodes[u], nodes[v]) for u, v in rows.tolist()]
    return A, nodes, rows, ids


def random_positives(A, rng, m):
    n = A.shape[0]
    dense = A.toarray()
    cand = [(u, v) for u, v in itertools.combinations(range(n), 2) if not dense[u, v]]
    pick = rng.choice(len(cand), size=min(m, len(cand)), replace=False)
    return np.array([cand[i] for i in pick])


def brute_force(A, positives, predictor):
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


def propflow_reference(W, source, max_length):
    """Per-source PropFlow, LPmade's loop (PropFlowLinkPredictor::generateScore) written out node by node.

    A node of the search list pushes the mass it holds when it is processed, including mass
    received earlier in the same step; neighbours in increasing node number (row ``v`` of
    ``W``: the out-edges of ``v``)."""
    W = np.asarray(W, dtype=float)
    n = W.shape[0]
    scores = np.zeros(n)
    scores[source] = 1.0
    found = {source}
    search = [source]
    for _ in range(max_length):
        new_search = []
        for v in search:
            mass = scores[v]
            nbrs = np.flatnonzero(W[v])
            total = 0.0
            for u in nbrs:
                total += W[v, u]
            for u in nbrs:
                scores[u] += mass * (W[v, u] / total)
                if u not in found:
                    found.add(u)
                    new_search.append(u)
        search = new_search
    scores[source] = 0.0
    return scores


def toy_temporal(seed, n=45, m=260):
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


def random_task(seed, n=40, p=0.08):
    rng = np.random.default_rng(seed)
    G = nx.gnp_random_graph(n, p, seed=int(seed))
    G.add_edge(n, n + 1)  # a separate component: pairs at distance inf
    A, nodes = as_adjacency(G)
    dist = dict(nx.all_pairs_shortest_path_length(G))
    cand = [(u, v) for u in range(A.shape[0]) for v in range(u + 1, A.shape[0]) if not A[u, v]]
    pick = rng.choice(len(cand), size=12, replace=False)
    pos = np.array([cand[i] for i in pick])
    return A, nodes, dist, cand, pos


def enumerated(A, nodes, dist, cand, pos, S):
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


def distance_histograms(spec):
    hs = []
    for i, (m, counts) in enumerate(spec):
        values = np.arange(len(counts), dtype=float) + i
        hs.append(ScoreHistogram(np.full(m, float(i) + 0.5), values, np.array(counts, np.int64)))
    return linkpred.DistanceHistograms(np.arange(2.0, 2.0 + len(spec)), tuple(hs))


def toy_events():
    rng = np.random.default_rng(0)
    src, dst = rng.integers(0, 30, 400), rng.integers(0, 30, 400)
    return TemporalEdges("toy", src, dst, np.sort(rng.integers(0, 1000, 400)))

