"""Tests of evalkit.resampling against scikit-learn's cross_val_score on the same splits."""
import numpy as np
import pytest
from sklearn.model_selection import RepeatedStratifiedKFold, ShuffleSplit, cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from evalkit import datasets
from evalkit.resampling import split_scores


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
