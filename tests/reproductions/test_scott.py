"""Tests of evalkit.reproductions.scott at a tiny scale: same numbers as the direct calls."""
import numpy as np
import pytest

from evalkit import stats
from evalkit.reproductions import get_experiment, scott


def test_ci_coverage_is_registered_under_both_names_with_the_cli_defaults():
    spec = get_experiment("ci-coverage")
    assert spec is get_experiment("scott-ci-coverage") and spec.name == "scott-ci-coverage"
    assert spec.scales["book"] == {"n_samples": 40, "n_trials": 10_000, "n_points": 9}
    defaults = {n: p.default for n, p in spec.parameters()}
    assert defaults == {"n_samples": 40, "n_trials": 10_000, "n_points": 9, "p_min": 0.1, "p_max": 0.9,
                        "confidence_level": 0.95, "seed": 0}


def test_ci_coverage_small():
    rows = scott.ci_coverage(scale="small")
    assert len(rows) == 9 and [r["method"] for r in rows[::3]] == list(stats.INTERVAL_METHODS)
    for r in rows:
        assert r["exact_coverage"] == pytest.approx(stats.interval_coverage(r["true_error"], 30, method=r["method"]))
        assert abs(r["simulated_coverage"] - r["exact_coverage"]) < 5 * max(r["monte_carlo_se"], 0.01)
    assert scott.ci_coverage(scale="small") == rows   # seeded


def test_coverage_curve_grid_and_map_are_interval_coverage():
    curve = scott.coverage_curve(n_samples=25, n_points=7)
    p = np.linspace(0.001, 0.999, 7)
    for m in stats.INTERVAL_METHODS:
        np.testing.assert_array_equal(curve[m].to_numpy(), stats.interval_coverage(p, 25, method=m))
    grid = scott.coverage_grid(n_samples=(30, 40), true_errors=(0.05, 0.3))
    assert grid.loc[0.05, 30] == stats.interval_coverage(0.05, 30)
    maps = scott.coverage_map(scale="small")
    np.testing.assert_array_equal(maps.maps["wilson"], stats.coverage_map(maps.p_grid, maps.n_grid, method="wilson"))
    assert maps.n_grid.tolist() == [10, 20, 30, 40]
    summary = maps.summary(level=0.93, n_min=30, p_min=0.1)
    assert summary.shape == (3, 3) and summary.index.tolist() == ["normal", "wilson", "exact"]
    assert maps.npq_mask(minimum=5).shape == maps.maps["normal"].shape
    assert len(maps.rows()) == 3 * 4 * 5


def test_coverage_map_default_grid_is_the_chapters():
    maps = scott.coverage_map(n_p=3)
    assert maps.n_grid.tolist() == list(range(10, 305, 5))


def test_sample_error_and_clt_small():
    res = scott.sample_error_simulation(scale="small")
    r = np.random.default_rng(20260201).binomial(40, 0.3, size=1000)
    assert res["summary"].loc["mean of the sample error", "simulation"] == (r / 40).mean()
    assert res["distribution"]["simulated"].sum() == pytest.approx(1.0)
    clt = scott.clt_simulation(scale="small")
    assert clt["skewness"].columns.tolist() == [5, 30, 200]
    assert sorted(clt["skewness"].index) == sorted(scott.CLT_LOSSES)
    widths = clt["histograms"]["right"] - clt["histograms"]["left"]
    mass = (clt["histograms"]["density"] * widths).groupby([clt["histograms"]["loss"],
                                                             clt["histograms"]["n_samples"]]).sum()
    assert (mass <= 1 + 1e-9).all() and (mass > 0.9).all()


def test_familywise_error_simulation_small():
    fwer = scott.familywise_error_simulation(scale="small")
    direct = stats.simulate_familywise_error(4, correlation=0.5, n_trials=2000, rng=20260301)
    assert fwer.loc[0.5].to_dict() == direct
    assert (fwer["bonferroni"] <= fwer["uncorrected"]).all()


@pytest.mark.slow
def test_learner_comparisons_on_diabetes(shared_data):
    table = scott.fold_errors(n_splits=5, seed=1)
    assert table.shape == (5, 3)
    runs = scott.partition_seeds(scale="small", n_splits=5)
    assert runs.index.tolist() == [0, 1] and runs["p-value"].between(0, 1).all()
    mc = scott.multiple_comparisons(n_splits=3)
    assert (mc["Holm: reject?"] >= mc["Bonferroni: reject?"]).all()


@pytest.mark.slow
def test_training_bias_on_diabetes(shared_data):
    bias = scott.training_bias(n_splits=3, seed=1)
    assert len(bias) == 2 * 3 and set(bias["learner"]) == {"naive Bayes", "decision tree"}
    tree = bias[bias["learner"] == "decision tree"]
    assert (tree["trained on V_i, tested on V_i"] == 0).all()   # a full tree fits its training data
    table = scott.fold_errors(n_splits=3, seed=1)
    np.testing.assert_allclose(tree["trained on T_i, tested on V_i"], table["decision tree"])


def test_roc_analysis_points_and_slopes(shared_data):
    result = scott.roc_analysis(test_size=1 / 3, tree_depth=3, seed=1)
    assert set(result["beats"]) == {"ID3 (entropy tree)", "naive Bayes"}
    assert result["points"][["FPR", "TPR"]].to_numpy().min() >= 0
    assert len(result["y_test"]) == len(result["scores"]["SVM"])
    # a point beats the curve exactly where it lies above every curve point at that slope
    from evalkit import curves
    fpr, tpr, _ = curves.roc_curve(result["y_test"], result["scores"]["SVM"])
    f, t = result["points"].loc["naive Bayes", ["FPR", "TPR"]]
    expected = t - result["slopes"] * f > (tpr[None, :] - result["slopes"][:, None] * fpr[None, :]).max(axis=1) + 1e-12
    assert (result["beats"]["naive Bayes"] == expected).all()


def test_auc_interval_coverage_is_reproducible_and_sane():
    a = scott.auc_interval_coverage(sizes=(5, 30), aucs=(0.75,), n_trials=200, seed=3)
    b = scott.auc_interval_coverage(sizes=(5, 30), aucs=(0.75,), n_trials=200, seed=3)
    assert a.equals(b)
    assert set(a["method"]) == {"DeLong", "Hanley-McNeil"}
    assert a["coverage"].between(0.5, 1).all()


def test_cora_multiclass_auc_equals_scikit_learn(shared_data):
    table = scott.cora_multiclass_auc(test_size=0.5, seed=2)
    assert (table["evalkit"] - table["scikit-learn"]).abs().max() < 1e-12
