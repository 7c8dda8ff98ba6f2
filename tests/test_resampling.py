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


# ------------------------------------------- within-network splitters (Neville et al.)

from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import cross_val_score as _cvs  # noqa: E402

from evalkit.resampling import (  # noqa: E402
    EqualInstanceResampling,
    NetworkCrossValidation,
    RandomResampling,
    network_split_masks,
)

_sizes = st.integers(min_value=20, max_value=300)
_props = st.sampled_from([0.1, 0.2, 0.3, 0.5, 0.7, 0.8])


@settings(max_examples=60, deadline=None)
@given(n=_sizes, k=st.integers(2, 12), prop=_props, seed=st.integers(0, 2**32 - 1))
def test_ncv_folds_are_disjoint_cover_the_nodes_and_train_never_meets_its_fold(n, k, prop, seed):
    n_train = round(prop * n)
    if n_train > n - -(-n // k):
        with pytest.raises(ValueError, match="prop_labeled"):
            network_split_masks("ncv", n, n_splits=k, prop_labeled=prop, rng=seed)
        return
    train, test = network_split_masks("ncv", n, n_splits=k, prop_labeled=prop, n_repeats=2, rng=seed)
    np.testing.assert_array_equal(test.sum(axis=1), 1)  # every node in exactly one test fold
    assert test.sum(axis=2).max() - test.sum(axis=2).min() <= 1
    np.testing.assert_array_equal(train.sum(axis=2), n_train)
    assert not (train & test).any()


@settings(max_examples=60, deadline=None)
@given(n=_sizes, k=st.integers(2, 40), prop=_props, seed=st.integers(0, 2**32 - 1))
def test_ers_tests_every_node_equally_often(n, k, prop, seed):
    train, test = network_split_masks("ers", n, n_splits=k, prop_labeled=prop, rng=seed)
    n_test = n - round(prop * n)
    np.testing.assert_array_equal(test.sum(axis=2), n_test)
    times = test[0].sum(axis=0)
    if (k * n_test) % n == 0:
        np.testing.assert_array_equal(times, k * n_test // n)
    else:
        assert times.max() - times.min() == 1
    np.testing.assert_array_equal(train, ~test)


@settings(max_examples=40, deadline=None)
@given(n=_sizes, k=st.integers(2, 40), prop=_props, seed=st.integers(0, 2**32 - 1))
def test_rrs_test_sets_have_the_requested_size(n, k, prop, seed):
    train, test = network_split_masks("rrs", n, n_splits=k, prop_labeled=prop, rng=seed)
    np.testing.assert_array_equal(train.sum(axis=2), round(prop * n))
    np.testing.assert_array_equal(train, ~test)


def test_rrs_tests_each_node_uniformly():
    _, test = network_split_masks("rrs", 50, n_splits=20, prop_labeled=0.3, n_repeats=500, rng=1)
    share = test.mean(axis=(0, 1))  # each node: P(tested) = 35/50, 10,000 draws
    assert np.abs(share - 0.7).max() < 6 * np.sqrt(0.7 * 0.3 / 10_000)


def test_splitters_follow_scikit_learns_protocol():
    X, y = np.random.default_rng(0).normal(size=(120, 3)), np.arange(120) % 2
    for cv in (RandomResampling(5, prop_labeled=0.5, rng=0), EqualInstanceResampling(6, prop_labeled=0.5, rng=0),
               NetworkCrossValidation(6, prop_labeled=0.5, rng=0)):
        scores = _cvs(LogisticRegression(), X, y, cv=cv)
        assert scores.shape == (cv.get_n_splits(),)
        # an integer seed gives the same splits on every call, like scikit-learn's random_state
        first = [te.tolist() for _, te in cv.split(X)]
        assert first == [te.tolist() for _, te in cv.split(X)]
    import networkx as nx

    g = nx.karate_club_graph()
    folds = list(NetworkCrossValidation(5, prop_labeled=0.4, rng=2).split_with_inference(g))
    for tr, te, inf in folds:
        assert len(tr) == round(0.4 * 34) and set(te) <= set(inf) and not set(tr) & set(inf)
        assert len(tr) + len(inf) == 34
    assert sorted(np.concatenate([te for _, te, _ in folds]).tolist()) == list(range(34))


def test_network_splitter_errors():
    with pytest.raises(ValueError, match="prop_labeled"):
        RandomResampling(5, prop_labeled=1.5)
    with pytest.raises(ValueError, match="procedure"):
        network_split_masks("kfold", 10)
    with pytest.raises(ValueError, match="prop_labeled=0.95"):
        network_split_masks("ncv", 100, n_splits=10, prop_labeled=0.95)
    with pytest.raises(TypeError, match="X must be"):
        list(RandomResampling(2, prop_labeled=0.5).split(3))
    with pytest.raises(ValueError, match="n_splits"):
        NetworkCrossValidation(1, prop_labeled=0.5)


@pytest.mark.parametrize("splitter", [RandomResampling, EqualInstanceResampling, NetworkCrossValidation])
def test_network_splitters_declare_their_checks(splitter):
    assert set(splitter.__evalkit_checks__) == {"n_splits", "prop_labeled", "rng"}
    with pytest.raises(TypeError, match="n_splits"):
        splitter(2.5)
    with pytest.raises(ValueError, match="n_splits"):
        splitter(1)
    with pytest.raises(ValueError, match="prop_labeled"):
        splitter(5, prop_labeled=np.nan)
    with pytest.raises(TypeError, match="prop_labeled"):
        splitter(5, prop_labeled=True)
    with pytest.raises(TypeError, match="rng"):
        splitter(5, rng="seed")
    with pytest.raises(ValueError, match="rng"):
        splitter(5, rng=-1)
    assert splitter(5, prop_labeled=np.float64(0.3), rng=np.random.default_rng(0)).n_splits == 5


def test_split_scores_and_masks_check_their_arguments():
    from sklearn.model_selection import KFold
    from sklearn.naive_bayes import GaussianNB

    X, y = np.random.default_rng(0).normal(size=(20, 2)), np.arange(20) % 2
    with pytest.raises(TypeError, match="estimators"):
        split_scores([GaussianNB()], X, y, KFold(2))
    with pytest.raises(ValueError, match="estimators"):
        split_scores({}, X, y, KFold(2))
    with pytest.raises(TypeError, match="cv must be a splitter"):
        split_scores({"nb": GaussianNB()}, X, y, 2)
    with pytest.raises(ValueError, match="^y must be"):
        split_scores({"nb": GaussianNB()}, X, np.where(y == 1, np.nan, 0.0), KFold(2))
    with pytest.raises(ValueError, match="n_repeats"):
        subsample_test_masks(10, 3, n_repeats=0)
    with pytest.raises(TypeError, match="n_splits"):
        stratified_fold_ids(y, 2.0)
    with pytest.raises(ValueError, match="prop_labeled"):
        network_split_masks("rrs", 10, prop_labeled=0.0)
