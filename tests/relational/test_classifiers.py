"""Tests of evalkit.relational.classifiers: wvRN and network-only Bayes against plain per-node loops; perturbation."""
import networkx as nx
import numpy as np
import pytest

from evalkit import relational as rel
from evalkit.resampling import network_split_masks


def _wvrn_loop(g, y, train, n_iter=99):
    """Straightforward per-node relaxation labelling of wvRN (the reference)."""
    n = g.number_of_nodes()
    prior = (sum(y[i] for i in range(n) if train[i]) + 1) / (train.sum() + 2)
    p = [float(y[i]) if train[i] else prior for i in range(n)]
    beta = 1.0
    for _ in range(n_iter):
        beta *= 0.99
        new = []
        for i in range(n):
            if train[i]:
                new.append(p[i])
                continue
            nb = list(g.neighbors(i))
            m = sum(p[j] for j in nb) / len(nb) if nb else prior
            new.append(beta * m + (1 - beta) * p[i])
        p = new
    return np.array(p)


def _nbc_loop(g, y, train, n_iter=99):
    n = g.number_of_nodes()
    prior = (sum(y[i] for i in range(n) if train[i]) + 1) / (train.sum() + 2)
    cnt = np.zeros((2, 2))
    for u, v in g.edges:
        if train[u] and train[v]:
            cnt[y[u], y[v]] += 1
            cnt[y[v], y[u]] += 1
    like = {c: (cnt[c, 1] + 1) / (cnt[c].sum() + 2) for c in (0, 1)}  # P(neighbour + | c)
    p = [float(y[i]) if train[i] else prior for i in range(n)]
    beta = 1.0
    for _ in range(n_iter):
        beta *= 0.99
        new = []
        for i in range(n):
            if train[i]:
                new.append(p[i])
                continue
            log_pos, log_neg = np.log(prior), np.log(1 - prior)
            for j in g.neighbors(i):
                log_pos += p[j] * np.log(like[1]) + (1 - p[j]) * np.log(1 - like[1])
                log_neg += p[j] * np.log(like[0]) + (1 - p[j]) * np.log(1 - like[0])
            m = 1 / (1 + np.exp(log_neg - log_pos))
            new.append(beta * m + (1 - beta) * p[i])
        p = new
    return np.array(p)


def test_classifiers_equal_plain_loops_on_many_splits():
    net = rel.latent_group_model(60, rng=2)
    g = nx.from_scipy_sparse_array(net.adjacency)
    train, _ = network_split_masks("rrs", 60, n_splits=4, prop_labeled=0.3, rng=3)
    p_w = rel.wvrn(net.adjacency, net.labels, train[0])
    p_n = rel.network_only_bayes(g, net.labels, train[0])
    for s in range(4):
        np.testing.assert_allclose(p_w[s], _wvrn_loop(g, net.labels, train[0, s]), atol=1e-12)
        np.testing.assert_allclose(p_n[s], _nbc_loop(g, net.labels, train[0, s]), atol=1e-10)
    single = rel.wvrn(g, net.labels, train[0, 1])
    np.testing.assert_allclose(single, p_w[1])


def test_classifiers_without_collective_inference_use_labelled_neighbours_only():
    g = nx.path_graph(5)
    y = np.array([1, 0, 1, 1, 0])
    train = np.array([True, False, False, True, True])
    p = rel.wvrn(g, y, train, collective=False)
    assert p.tolist() == [1.0, 1.0, 1.0, 1.0, 0.0]  # node 1: labelled neighbour 0 only; node 2: node 3 only
    p = rel.network_only_bayes(g, y, train, collective=False)
    assert p[0] == 1 and p[4] == 0 and 0 < p[1] < 1


def test_perturb_predictions():
    p = np.full(100_000, 0.9)
    out = rel.perturb_predictions(p, 0.3, rng=0)
    assert abs(np.isclose(out, 0.1).mean() - 0.3) < 0.01
    with pytest.raises(ValueError, match="rate"):
        rel.perturb_predictions(p, 1.2)
