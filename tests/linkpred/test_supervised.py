"""Tests of evalkit.linkpred.supervised: the supervised score histogram."""
import dataclasses
import itertools

import numpy as np
import pytest
from sklearn.metrics import average_precision_score, roc_auc_score

from evalkit import linkpred
from evalkit.linkpred import supervised
from helpers.linkpred import toy_temporal


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_supervised_histogram_equals_scoring_every_pair(seed, weighted):
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    ev = toy_temporal(seed)
    n_ev = ev.n_events
    train = linkpred.temporal_task(ev, split=int(0.6 * n_ev), end=int(0.8 * n_ev))
    test = linkpred.temporal_task(ev, split=int(0.8 * n_ev))
    model = make_pipeline(StandardScaler(), LogisticRegression())
    h = linkpred.supervised_score_histogram(train, test, model=model, max_length=2, weighted=weighted, rng=seed)
    # brute force: features of every candidate pair of the test network, same fitted model
    A = test.adjacency
    n = A.shape[0]
    dense = A.toarray()
    pairs = np.array([(u, v) for u, v in itertools.combinations(range(n), 2) if not dense[u, v]])
    pos = {tuple(p) for p in np.sort(test.positives, axis=1).tolist()}
    y = np.array([tuple(p) in pos for p in pairs.tolist()])
    # refit the same model on the same training data (same rng) to score the pairs directly
    fm_train = supervised._FeatureMaps(train.adjacency, 2, train.weights if weighted else None)
    neg = linkpred.sample_negative_pairs(train.adjacency, train.positives,
                                         min(20 * len(train.positives), train.n_candidates - len(train.positives)),
                                         rng=np.random.default_rng(seed))
    X = np.vstack([fm_train.rows(np.sort(train.positives, axis=1)), fm_train.rows(neg)])
    fitted = make_pipeline(StandardScaler(), LogisticRegression()).fit(
        X, np.r_[np.ones(len(train.positives)), np.zeros(len(neg))])
    s = fitted.predict_proba(supervised._FeatureMaps(A, 2, test.weights if weighted else None).rows(pairs))[:, 1]
    assert (h.n_positive, h.n_negative) == (int(y.sum()), int((~y).sum()))
    assert h.evaluate().auroc == pytest.approx(roc_auc_score(y, s), abs=1e-9)
    assert h.evaluate().average_precision == pytest.approx(average_precision_score(y, s), abs=1e-9)


def test_weighted_needs_weights():
    ev = toy_temporal(0)
    n_ev = ev.n_events
    train = linkpred.temporal_task(ev, split=int(0.6 * n_ev), end=int(0.8 * n_ev))
    test = linkpred.temporal_task(ev, split=int(0.8 * n_ev))
    bare = dataclasses.replace(test, weights=None)
    with pytest.raises(ValueError, match="weighted=True needs test.weights"):
        linkpred.supervised_score_histogram(train, bare, weighted=True)
    # repeated events make the weights differ from the 0/1 pattern, and with them the PropFlow feature
    assert test.weights.data.max() > 1
    w = supervised._FeatureMaps(test.adjacency, 2, test.weights).maps[3]
    u = supervised._FeatureMaps(test.adjacency, 2).maps[3]
    assert abs(w - u).max() > 1e-6
