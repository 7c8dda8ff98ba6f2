"""Tests of evalkit.learners.standins: the scikit-learn stand-ins for Weka's learners."""
import numpy as np
import pytest

from evalkit import datasets, learners

pytestmark = pytest.mark.usefixtures("shared_data")


@pytest.mark.parametrize("name", ["labor", "soybean", "anneal"])
def test_learners_handle_nominal_and_missing_values(name):
    data = datasets.load_arff(name)
    keep = data.y >= 0
    for learner in learners.learners_for(data).values():
        learner.fit(data.X[keep], data.y[keep])
        assert learner.score(data.X[keep], data.y[keep]) > 0.5


def test_preprocessor_equals_scikit_learn_column_transformer():
    from sklearn.compose import ColumnTransformer
    from sklearn.impute import SimpleImputer
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import MinMaxScaler, OneHotEncoder

    data = datasets.load_arff("labor")  # numeric and nominal attributes, many missing values
    X = data.X
    target = data.attributes[data.target]
    nv = [len(a.values) if a.kind == "nominal" else 0 for a in data.attributes if a is not target]
    num = [j for j, v in enumerate(nv) if v == 0]
    nom = [j for j, v in enumerate(nv) if v > 0]
    train, test = X[:40], X[40:]
    for scale in (False, True):
        ref = ColumnTransformer([
            ("num", make_pipeline(SimpleImputer(strategy="mean"), *([MinMaxScaler()] if scale else [])), num),
            ("nom", make_pipeline(SimpleImputer(strategy="most_frequent"),
                                  OneHotEncoder(categories=[list(range(nv[j])) for j in nom],
                                                sparse_output=False, handle_unknown="ignore")), nom),
        ]).fit(train)
        ours = learners.ArffPreprocessor(nv, scale=scale).fit(train)
        expected = ref.transform(test)
        if scale:
            expected[:, len(num):] /= np.sqrt(2)
        np.testing.assert_allclose(ours.transform(test), expected, atol=1e-12)


def test_identical_learners_differ_split_by_split_yet_are_reproducible():
    data = datasets.load_arff("vote")
    keep = data.y >= 0
    X, y = data.X[keep], data.y[keep]
    models = learners.identical_learners_for(data)
    a, b = (m.fit(X[:300], y[:300]).predict(X[300:]) for m in models.values())
    assert (a != b).any()                       # different seeds per copy
    again = learners.identical_learners_for(data)["tree A"].fit(X[:300], y[:300]).predict(X[300:])
    np.testing.assert_array_equal(a, again)     # same data, same copy: same tree


@pytest.mark.parametrize("name", ["anneal", "colic", "soybean", "iris", "vowel", "labor"])
def test_standin_split_scores_equal_split_scores_of_the_pipelines(name):
    # anneal, colic, soybean and labor have missing values and nominal attributes; the
    # fast path must give exactly the pipelines' accuracies, split by split
    from sklearn.model_selection import RepeatedStratifiedKFold, ShuffleSplit

    from evalkit.resampling import split_scores

    data = datasets.load_arff(name)
    for cv in (RepeatedStratifiedKFold(n_splits=2, n_repeats=3, random_state=7),
               ShuffleSplit(n_splits=5, test_size=0.1, random_state=7)):
        fast = learners.standin_split_scores(data, cv)
        slow = split_scores(learners.learners_for(data), data.X, data.y, cv)
        assert fast.names == slow.names
        np.testing.assert_array_equal(fast.scores, slow.scores)
        np.testing.assert_array_equal(fast.n_train, slow.n_train)
        np.testing.assert_array_equal(fast.n_test, slow.n_test)


def test_standin_split_scores_leave_out_cases_without_a_class():
    from sklearn.model_selection import KFold

    from evalkit.resampling import split_scores

    rng = np.random.default_rng(3)
    rows = "\n".join(f"{x:.3f}, {rng.choice(['a', 'b'])}, {rng.choice(['p', 'q', '?'])}" for x in rng.random(40))
    data = datasets.parse_arff("@relation t\n@attribute x real\n@attribute u {a, b}\n"
                               f"@attribute c {{p, q}}\n@data\n{rows}\n")
    known = data.y >= 0
    assert not known.all()
    fast = learners.standin_split_scores(data, KFold(3))
    slow = split_scores(learners.learners_for(data), data.X[known], data.y[known], KFold(3))
    np.testing.assert_array_equal(fast.scores, slow.scores)
    assert (fast.n_train + fast.n_test == known.sum()).all()


def test_standin_split_scores_names_a_bad_splitter():
    with pytest.raises(TypeError, match="cv must be a splitter"):
        learners.standin_split_scores(datasets.load_arff("iris"), object())


@pytest.mark.parametrize("name", ["anneal", "colic", "vowel"])
def test_identical_split_scores_equal_split_scores_of_the_pipelines(name):
    # the copies' seeds hash the preprocessed training columns: the fast path must give the
    # pipelines' accuracies exactly, split by split, and the two copies must differ somewhere
    from sklearn.model_selection import RepeatedStratifiedKFold

    from evalkit.resampling import split_scores

    data = datasets.load_arff(name)
    keep = data.y >= 0
    cv = RepeatedStratifiedKFold(n_splits=2, n_repeats=4, random_state=5)
    fast = learners.identical_split_scores(data, cv)
    slow = split_scores(learners.identical_learners_for(data), data.X[keep], data.y[keep], cv)
    assert fast.names == slow.names == ("tree A", "tree B")
    np.testing.assert_array_equal(fast.scores, slow.scores)
    assert (fast.scores[:, 0] != fast.scores[:, 1]).any()
