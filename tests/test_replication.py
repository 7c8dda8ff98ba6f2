"""Tests of evalkit.replication (Bouckaert & Frank's experiment) at a tiny scale."""
import csv

import numpy as np
import pytest

from evalkit import datasets, replication
from evalkit.cli import main

pytestmark = pytest.mark.usefixtures("shared_data")


@pytest.mark.parametrize("name", ["labor", "soybean", "anneal"])
def test_learners_handle_nominal_and_missing_values(name):
    data = datasets.load_arff(name)
    keep = data.y >= 0
    for learner in replication.learners_for(data).values():
        learner.fit(data.X[keep], data.y[keep])
        assert learner.score(data.X[keep], data.y[keep]) > 0.5


def test_run_replication_counts_are_in_range_and_reproducible():
    r1 = replication.run_replication(["iris"], repetitions=2, seed=3)
    r2 = replication.run_replication(["iris"], repetitions=2, seed=3)
    assert r1.fits == 3 * 210 * 2
    for test, per_pair in r1.counts.items():
        assert set(per_pair) == {"NB vs C4.5", "NB vs NN", "C4.5 vs NN"}
        for pair, counts in per_pair.items():
            assert 0 <= counts[0] <= 2
            np.testing.assert_array_equal(counts, r2.counts[test][pair])
    # a stricter level never rejects more often
    for pair in r1.counts["corrected 10x10 CV"]:
        assert r1.counts["corrected 10x10 CV, level 0.01"][pair][0] >= r1.counts["corrected 10x10 CV"][pair][0]
    tables = replication.summary_tables(r1)
    assert tables["5x2cv"]["NB vs NN"].replicability <= 1.0


def test_cli_writes_the_tables(tmp_path):
    out = tmp_path / "bf.csv"
    main(["reproduce", "bouckaert-frank", "--datasets", "iris", "--repetitions", "2", "--out", str(out)])
    rows = list(csv.DictReader(out.open()))
    assert {r["test"] for r in rows} >= {"5x2cv", "corrected 10x10 CV"} and "non_rejections[iris]" in rows[0]


def test_bad_arguments():
    with pytest.raises(ValueError, match="repetitions"):
        replication.run_replication(["iris"], repetitions=1)
    with pytest.raises(ValueError, match="unknown"):
        replication.run_replication(["irises"], repetitions=2)


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
        ours = replication.ArffPreprocessor(nv, scale=scale).fit(train)
        expected = ref.transform(test)
        if scale:
            expected[:, len(num):] /= np.sqrt(2)
        np.testing.assert_allclose(ours.transform(test), expected, atol=1e-12)


def test_identical_learners_differ_split_by_split_yet_are_reproducible():
    data = datasets.load_arff("vote")
    keep = data.y >= 0
    X, y = data.X[keep], data.y[keep]
    models = replication.identical_learners_for(data)
    a, b = (m.fit(X[:300], y[:300]).predict(X[300:]) for m in models.values())
    assert (a != b).any()                       # different seeds per copy
    again = replication.identical_learners_for(data)["tree A"].fit(X[:300], y[:300]).predict(X[300:])
    np.testing.assert_array_equal(a, again)     # same data, same copy: same tree


def test_run_replication_with_identical_learners():
    r = replication.run_replication(["iris"], repetitions=2, learners=replication.identical_learners_for, seed=1)
    assert r.fits == 2 * 210 * 2
    assert set(r.counts["5x2cv"]) == {"tree A vs tree B"}
