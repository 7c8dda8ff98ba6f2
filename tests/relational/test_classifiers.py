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


def test_inference_mask_equals_running_on_the_induced_subgraph():
    net = rel.latent_group_model(80, rng=4)
    g = nx.from_scipy_sparse_array(net.adjacency)
    train, test = network_split_masks("ncv", 80, n_splits=5, prop_labeled=0.4, rng=6)
    train, test = train[0], test[0]
    for model, loop in ((rel.wvrn, _wvrn_loop), (rel.network_only_bayes, _nbc_loop)):
        p = model(net.adjacency, net.labels, train, inference_mask=test)
        for s in range(5):
            keep = np.flatnonzero(train[s] | test[s])
            sub = nx.convert_node_labels_to_integers(g.subgraph(keep.tolist()), ordering="sorted")
            ref = loop(sub, net.labels[keep], train[s][keep])
            np.testing.assert_allclose(p[s][keep], ref, atol=1e-10)
            assert np.isnan(np.delete(p[s], keep)).all()
        # every node in the inference set: the same as no mask
        np.testing.assert_allclose(model(g, net.labels, train, inference_mask=np.ones_like(train)),
                                   model(g, net.labels, train))
    with pytest.raises(ValueError, match="inference_mask"):
        rel.wvrn(g, net.labels, train, inference_mask=test[0])
    with pytest.raises(TypeError, match="inference_mask"):
        rel.wvrn(g, net.labels, train, inference_mask=test.astype(int))


def test_perturb_predictions():
    p = np.full(100_000, 0.9)
    out = rel.perturb_predictions(p, 0.3, rng=0)
    assert abs(np.isclose(out, 0.1).mean() - 0.3) < 0.01
    with pytest.raises(ValueError, match="rate"):
        rel.perturb_predictions(p, 1.2)


def _lbc_loop(g, y, train, aggregation="count", n_iter=10, C=1.0):
    """Node-by-node link-based classifier: scikit-learn's logistic regression and a plain ICA loop."""
    from sklearn.linear_model import LogisticRegression

    n = g.number_of_nodes()

    def features(i, label, known):
        pos = sum(1 for j in g.neighbors(i) if known[j] and label[j] == 1)
        neg = sum(1 for j in g.neighbors(i) if known[j] and label[j] == 0)
        if aggregation == "count":
            return [pos, neg]
        if aggregation == "proportion":
            return [pos / (pos + neg), neg / (pos + neg)] if pos + neg else [0.0, 0.0]
        if aggregation == "binary":
            return [float(pos > 0), float(neg > 0)]
        return [float(pos > neg), float(neg > pos)]

    rows = [i for i in range(n) if train[i]]
    model = LogisticRegression(C=C, tol=1e-12, max_iter=10_000)
    model.fit([features(i, y, train) for i in rows], [y[i] for i in rows])

    def predict(label, known):
        return np.array([y[i] if train[i] else model.predict_proba([features(i, label, known)])[0, 1]
                         for i in range(n)])

    p = predict(y, train)
    guess = [y[i] if train[i] else int(p[i] > 0.5) for i in range(n)]
    everyone = [True] * n
    for _ in range(n_iter):
        p = predict(guess, everyone)
        new = [y[i] if train[i] else int(p[i] > 0.5) for i in range(n)]
        if new == guess:
            break
        guess = new
    return p


@pytest.mark.parametrize("aggregation", ["count", "proportion", "binary", "mode"])
def test_link_based_classifier_equals_a_node_by_node_reference(aggregation):
    net = rel.latent_group_model(80, rng=4)
    g = nx.from_scipy_sparse_array(net.adjacency)
    train, _ = network_split_masks("rrs", 80, n_splits=3, prop_labeled=0.4, rng=5)
    ours = rel.link_based_classifier(net.adjacency, net.labels, train[0], aggregation=aggregation)
    for s in range(3):
        ref = _lbc_loop(g, net.labels, train[0, s], aggregation=aggregation)
        np.testing.assert_allclose(ours[s], ref, atol=1e-6)
    np.testing.assert_allclose(rel.link_based_classifier(g, net.labels, train[0, 2], aggregation=aggregation), ours[2])


def test_link_based_classifier_bootstrap_and_arguments():
    g = nx.path_graph(5)
    y = np.array([1, 0, 1, 1, 0])
    train = np.array([True, False, True, True, True])
    boot = rel.link_based_classifier(g, y, train, collective=False)
    collective_none = rel.link_based_classifier(g, y, train, n_iter=0)
    np.testing.assert_allclose(boot, collective_none)  # no ICA round: the bootstrap
    assert boot[[0, 2, 3, 4]].tolist() == [1.0, 1.0, 1.0, 0.0]
    with pytest.raises(ValueError, match="aggregation"):
        rel.link_based_classifier(g, y, train, aggregation="mean")
    with pytest.raises(ValueError, match="C must be a real number in \\(0, inf\\)"):
        rel.link_based_classifier(g, y, train, C=0)
    with pytest.raises(TypeError, match="train_mask must be boolean"):
        rel.link_based_classifier(g, y, train.astype(int))


@pytest.mark.parametrize("classifier", [rel.wvrn, rel.network_only_bayes, rel.link_based_classifier])
def test_classifiers_refuse_labels_that_are_not_binary(classifier):
    # evalkit 2.0 returned "probabilities" of 2.0 and 1.5 for a label 2, and -9.2e18 for NaN
    g = nx.complete_bipartite_graph(3, 3)
    train = np.array([True, True, False, True, True, False])
    for bad in ([2, 1, 1, 0, 0, 0], [np.nan, 1, 1, 0, 0, 0], [1, 1, 1, 0, 0, -1]):
        with pytest.raises(ValueError, match="labels"):
            classifier(g, bad, train)
    with pytest.raises(ValueError, match="labels must have one entry per node"):
        classifier(g, [1, 1, 1, 0, 0], train)
    # unknown labels are the ones train_mask leaves out: their values are not read
    y = np.array([1, 1, 1, 0, 0, 0])
    np.testing.assert_array_equal(classifier(g, y, train), classifier(g, np.where(train, y, 1 - y), train))
    p = classifier(g, [True, True, True, False, False, False], train)  # booleans are binary labels
    assert ((p >= 0) & (p <= 1)).all()


def test_perturb_predictions_keeps_nan_and_refuses_non_probabilities():
    p = np.array([0.9, np.nan, 0.2])
    out = rel.perturb_predictions(p, 1.0, rng=0)
    assert np.isnan(out[1]) and out[[0, 2]].round(2).tolist() == [0.1, 0.8]
    with pytest.raises(ValueError, match="prob"):
        rel.perturb_predictions(np.array([0.5, 1.5]), 0.1, rng=0)
    with pytest.raises(ValueError, match="uniforms"):
        rel.perturb_predictions(np.array([0.5, 0.5]), 0.1, uniforms=[0.2, np.nan])


def _netkit_nbc_reference(g, y, train, q):
    """NetKit-SRL's NetworkOnlyBayes for one split, node by node (NetworkOnlyBayes.java: induceModel, estimate).

    ``q``: the current estimates of the unlabelled nodes (None: labelled neighbours only).
    """
    count = np.ones((2, 2))                         # count[neighbour class][node class], Laplace +1
    prior = np.ones(2)
    for u in g:
        if train[u]:
            prior[y[u]] += 1
            for v in g[u]:
                if train[v]:
                    count[y[v], y[u]] += 1
    prior /= prior.sum()
    cond = count / count.sum(axis=1, keepdims=True)  # P(node class | neighbour class)
    out = np.empty(len(y))
    for u in g:
        if train[u]:
            out[u] = y[u]
            continue
        score = prior.copy()
        for v in g[u]:
            if train[v]:
                score *= cond[y[v]]
            elif q is not None:
                score *= q[v] * cond[1] + (1 - q[v]) * cond[0]
        out[u] = score[1] / score.sum()
    return out


@pytest.mark.parametrize("seed", range(4))
def test_netkit_nbc_equals_netkits_loop_node_by_node(seed):
    rng = np.random.default_rng(seed)
    g = nx.gnp_random_graph(40, 0.12, seed=seed)
    y = rng.integers(0, 2, 40)
    train = rng.random(40) < 0.4
    # without collective inference: labelled neighbours only
    got = rel.network_only_bayes(g, y, train, collective=False, form="netkit")
    np.testing.assert_allclose(got, _netkit_nbc_reference(g, y, train, None), rtol=1e-12)
    # with it: one step of relaxation labelling (weight 0.99 on the new estimate) from the smoothed prior
    q = np.where(train, y, rng.random(40))
    one_step = rel.network_only_bayes(g, y, train, collective=True, n_iter=1, form="netkit")
    start = np.where(train, y, (y[train].sum() + 1) / (train.sum() + 2))
    want = np.where(train, y, 0.99 * _netkit_nbc_reference(g, y, train, start) + 0.01 * start)
    np.testing.assert_allclose(one_step, want, rtol=1e-10)
    assert not np.allclose(_netkit_nbc_reference(g, y, train, q), _netkit_nbc_reference(g, y, train, None))


def test_netkit_nbc_differs_from_the_likelihood_form_by_the_link_shares():
    # the classes' link ends differ (positives link more): the two forms give the hub other estimates
    g = nx.star_graph(6)                                   # hub 0, leaves 1..6
    g.add_edges_from([(1, 2), (2, 3), (3, 1)])
    y = np.array([0, 1, 1, 1, 0, 0, 1])
    train = np.array([False, True, True, True, True, True, True])
    paper = rel.network_only_bayes(g, y, train, collective=False)
    netkit = rel.network_only_bayes(g, y, train, collective=False, form="netkit")
    assert paper[0] != pytest.approx(netkit[0])
    np.testing.assert_allclose(netkit, _netkit_nbc_reference(g, y, train, None), rtol=1e-12)
