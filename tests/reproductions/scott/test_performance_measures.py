"""Tests of evalkit.reproductions.scott.performance_measures: the ROC experiments at a small scale,
the lecture's examples, and ours()."""
import numpy as np
import pandas as pd
import pytest

from evalkit import claims, curves
from evalkit.reproductions.scott import performance_measures, source


def lecture_examples():
    labels = np.array([label == "+" for label in source.ROC_EXAMPLES["label"]])
    return labels, np.array(source.ROC_EXAMPLES["confidence"])


def test_imbalanced_accuracies_and_their_ranking():
    cms = performance_measures.imbalanced_confusion_matrices()
    assert all(cm.sum() == 1000 and cm[0].sum() == 20 for cm in cms.values())
    acc = performance_measures.ours(imbalanced=cms)
    assert set(acc) == {"scott.imbalanced.h1", "scott.imbalanced.always-negative", "scott.imbalanced.h2"}
    assert acc["scott.imbalanced.h1"] == pytest.approx((2 + 965) / 1000)
    assert {claims.judge(cid, v).verdict for cid, v in acc.items()} == {"reproduced"}
    # the lecture's three classifiers, their accuracies as computed: the best-looking one finds no positive
    computed = [acc["scott.imbalanced.h1"], acc["scott.imbalanced.always-negative"], acc["scott.imbalanced.h2"]]
    ranking = pd.DataFrame({"accuracy": computed, "true positive rate": [0.1, 0.0, 0.95]},
                           index=["h1", "always-negative", "h2"])
    assert performance_measures.ours(accuracy_ranking=ranking) == {"scott.imbalanced.accuracy-misleads": True}
    fair = ranking.assign(accuracy=[0.95, 0.94, 0.99])
    assert performance_measures.ours(accuracy_ranking=fair) == {"scott.imbalanced.accuracy-misleads": False}


def test_the_lecture_examples_confirm_the_roc_and_pr_claims():
    pair = lecture_examples()
    ours = performance_measures.ours(roc_curve=pair, operating_point=pair, precision_recall=pair)
    assert set(ours) == {"scott.auc.formula", "scott.auc.best-worst",
                         "scott.roc.iso-slope", "scott.roc.hull", "scott.pr.tradeoff", "scott.pr.f-beta"}
    assert all(ours.values())


def test_the_auc_formula_fails_with_ties():
    # tied scores: the slide's strict pair count is below the area (which counts a tie as 1/2)
    ours = performance_measures.ours(roc_curve=([True, False, True, False], [1.0, 1.0, 0.5, 0.2]))
    assert ours["scott.auc.formula"] is False
    with pytest.raises(ValueError, match="roc_curve"):
        performance_measures.ours(roc_curve=([True, False],))


def test_roc_analysis_points_and_slopes(shared_data):
    result = performance_measures.roc_analysis(test_size=1 / 3, tree_depth=3, seed=1)
    assert set(result["beats"]) == {"ID3 (entropy tree)", "naive Bayes"}
    assert result["points"][["FPR", "TPR"]].to_numpy().min() >= 0
    assert len(result["y_test"]) == len(result["scores"]["SVM"])
    # a point beats the curve exactly where it lies above every curve point at that slope
    fpr, tpr, _ = curves.roc_curve(result["y_test"], result["scores"]["SVM"])
    f, t = result["points"].loc["naive Bayes", ["FPR", "TPR"]]
    expected = t - result["slopes"] * f > (tpr[None, :] - result["slopes"][:, None] * fpr[None, :]).max(axis=1) + 1e-12
    assert (result["beats"]["naive Bayes"] == expected).all()
    ours = performance_measures.ours(diabetes_roc=result, containment=result)
    assert list(ours) == ["scott.roc.single-point", "scott.roc.cost-curves", "scott.roc.relabel-tree",
                          "scott.pr.containment"]
    assert ours["scott.roc.single-point"] and ours["scott.roc.cost-curves"] and ours["scott.pr.containment"]
    wrong = dict(result, beats={name: ~beats for name, beats in result["beats"].items()})
    assert performance_measures.ours(diabetes_roc=wrong)["scott.roc.single-point"] is False


def test_auc_interval_coverage_is_reproducible_and_sane():
    a = performance_measures.auc_interval_coverage(sizes=(5, 30), aucs=(0.75,), n_trials=200, seed=3)
    b = performance_measures.auc_interval_coverage(sizes=(5, 30), aucs=(0.75,), n_trials=200, seed=3)
    assert a.equals(b)
    assert set(a["method"]) == {"DeLong", "Hanley-McNeil"}
    assert a["coverage"].between(0.5, 1).all()
    assert performance_measures.ours(auc_coverage=a.assign(coverage=0.95)) == {"scott.auc.normal": True}
    assert performance_measures.ours(auc_coverage=a.assign(coverage=0.9)) == {"scott.auc.normal": False}


def test_cora_multiclass_auc_equals_scikit_learn(shared_data):
    table = performance_measures.cora_multiclass_auc(test_size=0.5, seed=2)
    assert (table["evalkit"] - table["scikit-learn"]).abs().max() < 1e-12
    assert performance_measures.ours(multiclass=table) == {"scott.auc.multiclass": True}
    off = table.assign(evalkit=table["evalkit"] + 1e-6)
    assert performance_measures.ours(multiclass=off) == {"scott.auc.multiclass": False}


def test_auc_coverage_units_pool_to_the_whole_sample():
    from scipy import stats as sst

    rng = np.random.default_rng(4)
    x = rng.gamma(2.0, size=3500)
    units = []
    for block in np.array_split(x, [1000, 2000, 3000]):
        centred = block - block.mean()
        units.append({"n": block.size, "mean": block.mean(), "m2": np.sum(centred ** 2), "m3": np.sum(centred ** 3)})
    n, mean, m2, m3 = performance_measures._pooled_moments(units)
    assert n == x.size and mean == pytest.approx(x.mean(), rel=1e-13)
    assert np.sqrt(n) * m3 / m2 ** 1.5 == pytest.approx(sst.skew(x), rel=1e-12)
    # two units (1,000 test sets and 500) run serially or side by side: the same table
    a = performance_measures.auc_interval_coverage(sizes=(5,), aucs=(0.75,), n_trials=1500, seed=3, n_jobs=1)
    b = performance_measures.auc_interval_coverage(sizes=(5,), aucs=(0.75,), n_trials=1500, seed=3, n_jobs=2)
    assert a.equals(b)


def test_hull_mixing_lands_on_the_segments():
    res = performance_measures.hull_mixing(n_draws=4000, seed=3)
    assert len(res) == 3 * 4                       # four hull segments of the ten examples, three weights
    assert (res["|z|"] < 4).all()
    # the targets are the segments' points: w of the way from B to A
    w = res.index.get_level_values("w").to_numpy()
    assert np.all((res["target FPR"] >= 0) & (res["target FPR"] <= 1)) and set(w) == {0.25, 0.5, 0.75}
    with pytest.raises(ValueError, match="weights"):
        performance_measures.hull_mixing(weights=(0.0,))
