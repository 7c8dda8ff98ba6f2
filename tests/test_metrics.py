"""Tests of evalkit.metrics against scikit-learn, in the sources' [[TP, FN], [FP, TN]] orientation."""
import warnings

import numpy as np
import pytest
from sklearn import metrics as skm

from evalkit import metrics


def random_binary(rng, n=200):
    y = rng.random(n) < rng.uniform(0.1, 0.9)
    p = np.where(rng.random(n) < 0.7, y, ~y)
    return y.astype(int), p.astype(int)


@pytest.mark.parametrize("seed", range(30))
def test_binary_metrics_match_sklearn(seed):
    rng = np.random.default_rng(seed)
    y, p = random_binary(rng)
    cm = metrics.confusion_matrix(y, p)
    # ours is sklearn's with labels=[1, 0]: positive class first
    np.testing.assert_array_equal(cm, skm.confusion_matrix(y, p, labels=[1, 0]))
    assert metrics.accuracy(cm) == pytest.approx(skm.accuracy_score(y, p))
    assert metrics.error_rate(cm) == pytest.approx(1 - skm.accuracy_score(y, p))
    assert metrics.true_positive_rate(cm) == pytest.approx(skm.recall_score(y, p))
    assert metrics.true_negative_rate(cm) == pytest.approx(skm.recall_score(y, p, pos_label=0))
    assert metrics.precision(cm) == pytest.approx(skm.precision_score(y, p))
    assert metrics.precision(cm, positive=False) == pytest.approx(skm.precision_score(y, p, pos_label=0))
    for beta in (0.5, 1, 2, 3.7):
        assert metrics.f_measure(cm, beta=beta) == pytest.approx(skm.fbeta_score(y, p, beta=beta))
    assert metrics.false_positive_rate(cm) + metrics.true_negative_rate(cm) == pytest.approx(1)
    assert metrics.false_negative_rate(cm) + metrics.true_positive_rate(cm) == pytest.approx(1)


def test_multiclass_confusion_matrix_matches_sklearn():
    rng = np.random.default_rng(3)
    y = rng.choice(["cat", "dog", "eel"], 300)
    p = rng.choice(["cat", "dog", "eel"], 300)
    np.testing.assert_array_equal(metrics.confusion_matrix(y, p), skm.confusion_matrix(y, p))
    labels = ["eel", "cat", "dog"]
    np.testing.assert_array_equal(
        metrics.confusion_matrix(y, p, labels=labels), skm.confusion_matrix(y, p, labels=labels)
    )


def test_scott_imbalanced_example():
    # 20 positives, 980 negatives; h1: 2/20 and 965/980 right; always negative; h2: 19/20, 930/980
    h1, always_neg, h2 = [[2, 18], [15, 965]], [[0, 20], [0, 980]], [[19, 1], [50, 930]]
    assert metrics.accuracy(h1) == pytest.approx(0.967)
    assert metrics.accuracy(always_neg) == pytest.approx(0.980)
    assert metrics.accuracy(h2) == pytest.approx(0.949)
    assert metrics.true_positive_rate(h2) > metrics.true_positive_rate(h1) > metrics.true_positive_rate(always_neg)


def test_zero_denominator_warns_and_is_documented():
    with pytest.warns(metrics.UndefinedMetricWarning, match="precision is undefined"):
        assert np.isnan(metrics.precision([[0, 20], [0, 980]]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert metrics.precision([[0, 20], [0, 980]], zero_division=0.0) == 0.0
    with pytest.raises(ValueError, match="zero_division"):
        metrics.precision([[0, 20], [0, 980]], zero_division="zero")


@pytest.mark.parametrize(
    "cm, exc, match",
    [
        ([[1, 2, 3]], ValueError, "2x2"),
        ([[1, -2], [3, 4]], ValueError, "non-negative"),
        ([["a", "b"], ["c", "d"]], TypeError, "counts"),
        ([[1, np.nan], [3, 4]], ValueError, "finite"),
    ],
)
def test_bad_matrices(cm, exc, match):
    with pytest.raises(exc, match=match):
        metrics.accuracy(cm)


def test_confusion_matrix_errors():
    with pytest.raises(ValueError, match="same length"):
        metrics.confusion_matrix([1, 0], [1])
    with pytest.raises(ValueError, match="empty"):
        metrics.confusion_matrix([], [])
    with pytest.raises(ValueError, match="not in labels"):
        metrics.confusion_matrix([1, 2], [1, 2], labels=[1])
    with pytest.raises(ValueError, match="beta must be a positive number"):
        metrics.f_measure([[1, 1], [1, 1]], beta=0)
