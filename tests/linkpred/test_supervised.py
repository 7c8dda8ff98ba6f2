"""Tests of evalkit.linkpred.supervised: the supervised score histogram."""
import itertools

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, roc_auc_score

from evalkit import curves, linkpred
from evalkit.linkpred import supervised
from evalkit.graph import as_adjacency
from evalkit.datasets import TemporalEdges


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
    fm_train = supervised._FeatureMaps(train.adjacency, 2)
    neg = linkpred.sample_negative_pairs(train.adjacency, train.positives,
                                         min(20 * len(train.positives), train.n_candidates - len(train.positives)),
                                         rng=np.random.default_rng(seed))
    X = np.vstack([fm_train.rows(np.sort(train.positives, axis=1)), fm_train.rows(neg)])
    fitted = make_pipeline(StandardScaler(), LogisticRegression()).fit(
        X, np.r_[np.ones(len(train.positives)), np.zeros(len(neg))])
    s = fitted.predict_proba(supervised._FeatureMaps(A, 2).rows(pairs))[:, 1]
    assert (h.n_positive, h.n_negative) == (int(y.sum()), int((~y).sum()))
    assert h.evaluate().auroc == pytest.approx(roc_auc_score(y, s), abs=1e-9)
    assert h.evaluate().average_precision == pytest.approx(average_precision_score(y, s), abs=1e-9)
