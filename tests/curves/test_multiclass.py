"""Multi-class AUC against scikit-learn's roc_auc_score(multi_class=...)."""
import numpy as np
import pytest

from evalkit import curves

sklearn_metrics = pytest.importorskip("sklearn.metrics")


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("scheme", ["ovr", "ovo"])
@pytest.mark.parametrize("average", ["macro", "weighted"])
def test_equals_scikit_learn_with_ties(seed, scheme, average):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(3, 7))
    n = int(rng.integers(30, 200))
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)
    raw = np.round(rng.random((n, k)) + np.eye(k)[y] * rng.uniform(0, 1), 1)   # ties
    prob = raw / raw.sum(axis=1, keepdims=True)
    ours = curves.multiclass_roc_auc(y, prob, multi_class=scheme, average=average)
    theirs = sklearn_metrics.roc_auc_score(y, prob, multi_class=scheme, average=average)
    assert ours == pytest.approx(theirs, abs=1e-12)


def test_string_labels_and_column_order():
    y = np.array(["b", "a", "c", "a", "c", "b"])
    s = np.random.default_rng(0).random((6, 3))
    s /= s.sum(axis=1, keepdims=True)
    ours = curves.multiclass_roc_auc(y, s, labels=["a", "b", "c"])
    assert ours == pytest.approx(sklearn_metrics.roc_auc_score(y, s, multi_class="ovr", labels=["a", "b", "c"]))


def test_bad_input():
    with pytest.raises(ValueError, match="y_score must have shape"):
        curves.multiclass_roc_auc([0, 1, 2], np.ones((3, 2)))
    with pytest.raises(ValueError, match="at least 3 classes"):
        curves.multiclass_roc_auc([0, 1, 1], np.ones((3, 2)))
    with pytest.raises(ValueError, match="occur in y_true"):
        curves.multiclass_roc_auc([0, 1, 1, 0], np.ones((4, 3)), labels=[0, 1, 2])
    with pytest.raises(ValueError, match="multi_class"):
        curves.multiclass_roc_auc([0, 1, 2], np.eye(3), multi_class="ova")
