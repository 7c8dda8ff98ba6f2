"""Tests of evalkit.resampling against scikit-learn's cross_val_score on the same splits."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.model_selection import RepeatedStratifiedKFold, ShuffleSplit, cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from evalkit import datasets
from evalkit.resampling import split_scores, stratified_fold_ids, subsample_test_masks


@pytest.fixture(scope="module")
def diabetes():
    d = datasets.load_arff("diabetes")
    return d.X, d.y


def test_scores_equal_cross_val_score_on_the_same_splits(diabetes, shared_data):
    X, y = diabetes
    learners = {"nb": GaussianNB(), "tree": DecisionTreeClassifier(random_state=0)}
    cv = RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=3)
    res = split_scores(learners, X, y, cv)
    for j, (name, est) in enumerate(learners.items()):
        np.testing.assert_allclose(res.scores[:, j], cross_val_score(est, X, y, cv=cv))
    np.testing.assert_allclose(res.differences("nb", "tree"), res.scores[:, 0] - res.scores[:, 1])
    assert res.n_train.sum() + res.n_test.sum() == 10 * len(y)
    parallel = split_scores(learners, X, y, cv, n_jobs=2)
    np.testing.assert_array_equal(parallel.scores, res.scores)


def test_random_subsampling_sizes(diabetes, shared_data):
    X, y = diabetes
    res = split_scores({"nb": GaussianNB()}, X, y, ShuffleSplit(n_splits=4, test_size=0.1, random_state=0))
    assert set(res.n_test) == {77} and set(res.n_train) == {691}


def test_bad_input():
    with pytest.raises(TypeError, match="dict"):
        split_scores([GaussianNB()], np.zeros((4, 1)), np.zeros(4), ShuffleSplit(2))
    with pytest.raises(ValueError, match="same number of rows"):
        split_scores({"nb": GaussianNB()}, np.zeros((4, 1)), np.zeros(3), ShuffleSplit(2))


# ---------------------------------------------------------------- vectorised designs


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=10, max_size=80), st.integers(2, 10), st.integers(0, 2**32 - 1))
def test_stratified_folds_balance_classes_and_sizes(labels, k, seed):
    y = np.array(labels)
    if k > y.size:
        return
    ids = stratified_fold_ids(y, k, n_repeats=3, rng=seed)
    assert ids.shape == (3, y.size) and ids.min() >= 0 and ids.max() < k
    for r in range(3):
        sizes = np.bincount(ids[r], minlength=k)
        assert sizes.max() - sizes.min() <= 1
        for c in np.unique(y):
            per_class = np.bincount(ids[r][y == c], minlength=k)
            assert per_class.max() - per_class.min() <= 1


def test_stratified_folds_are_reproducible_and_random():
    y = np.repeat([0, 1], 50)
    a = stratified_fold_ids(y, 10, n_repeats=2, rng=5)
    np.testing.assert_array_equal(a, stratified_fold_ids(y, 10, n_repeats=2, rng=5))
    assert not np.array_equal(a[0], a[1])


def test_subsample_masks():
    m = subsample_test_masks(30, 3, n_repeats=2000, rng=0)
    assert (m.sum(axis=1) == 3).all()
    # every case is tested with probability 3/30
    freq = m.mean(axis=0)
    assert np.abs(freq - 0.1).max() < 5 * np.sqrt(0.1 * 0.9 / 2000)


def test_design_bad_input():
    with pytest.raises(ValueError, match="n_splits"):
        stratified_fold_ids([0, 1, 0], 1)
    with pytest.raises(ValueError, match="larger than"):
        stratified_fold_ids([0, 1, 0], 4)
    with pytest.raises(ValueError, match="n_test"):
        subsample_test_masks(10, 10)
