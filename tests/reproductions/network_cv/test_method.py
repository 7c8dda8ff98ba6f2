"""Tests of evalkit.reproductions.network_cv.method: Neville et al.'s calibrated within-network comparison
and Table 5's protocol."""
import numpy as np
import pytest

from evalkit import relational as rel
from evalkit.reproductions.network_cv import method


def test_calibration_and_comparison():
    nets = [rel.latent_group_model(300, rng=s) for s in range(6)]
    cal = method.calibrate_handicap(nets[2:], 0.3, rng=0)
    assert abs(cal.difference) <= 0.005 and 0 <= cal.rate <= 1
    assert cal.accuracy[cal.handicapped] >= max(cal.accuracy.values())
    a = method.compare_classifiers(nets[0], cal, procedure="rrs", prop_labeled=0.3, n_trials=30, rng=5)
    b = method.compare_classifiers(nets[0], cal, procedure="rrs", prop_labeled=0.3, n_trials=30, rng=5)
    np.testing.assert_array_equal(a.accuracy_a, b.accuracy_a)
    assert a.models[0] == cal.handicapped and 0 <= a.rejection_rate() <= 1
    # a much worse second model is detected nearly always
    far = method.compare_classifiers(nets[0], cal, procedure="rrs", prop_labeled=0.3, n_trials=30, worse_rate=0.4, rng=5)
    assert far.rejection_rate("paired") > 0.9
    rows = method.within_network_study(nets[:1], nets[2:], prop_labeled=[0.2], n_trials=10, rng=0)
    assert {r["procedure"] for r in rows} == {"rrs", "ncv"} and all(0 <= r["paired"] <= 1 for r in rows)
    with pytest.raises(TypeError, match="CalibrationResult"):
        method.compare_classifiers(nets[0], 0.1, procedure="ncv", prop_labeled=0.3)


def test_inference_confined_to_the_test_set():
    nets = [rel.latent_group_model(300, rng=s) for s in range(5)]
    cal = method.calibrate_handicap(nets[1:], 0.3, rng=0)
    # RS tests every unlabelled node: confining inference to the test set changes nothing
    kw = dict(procedure="rrs", prop_labeled=0.3, n_trials=10, rng=5)
    np.testing.assert_array_equal(method.compare_classifiers(nets[0], cal, inference="test", **kw).accuracy_a,
                                  method.compare_classifiers(nets[0], cal, **kw).accuracy_a)
    # NCV: the same splits, other predictions
    kw["procedure"] = "ncv"
    shared = method.compare_classifiers(nets[0], cal, **kw)
    alone = method.compare_classifiers(nets[0], cal, inference="test", **kw)
    assert shared.accuracy_a.shape == alone.accuracy_a.shape and not np.array_equal(shared.accuracy_b,
                                                                                    alone.accuracy_b)
    cal_alone = method.calibrate_handicap(nets[1:], 0.3, inference="test", rng=0)
    assert abs(cal_alone.difference) <= 0.005 and cal_alone.accuracy != cal.accuracy
    rows = method.within_network_study(nets[:1], nets[1:], prop_labeled=[0.3], procedures=("ncv",), n_trials=5,
                                    inference="test", rng=0)
    assert len(rows) == 1 and 0 <= rows[0]["paired"] <= 1
    with pytest.raises(ValueError, match="inference"):
        method.compare_classifiers(nets[0], cal, procedure="ncv", prop_labeled=0.3, inference="fold")


def test_comparison_trials_wilcoxon_and_variance_terms():
    from scipy import stats as sst

    rng = np.random.default_rng(64)
    shared = rng.normal(0.8, 0.03, size=(200, 10))  # both models see the same split difficulty
    a = shared + rng.normal(0, 0.01, size=shared.shape)
    b = shared + rng.normal(0, 0.01, size=shared.shape)
    trials = method.ComparisonTrials("rrs", a, b, ("wvrn", "nbc"), 0.0)
    expected = np.mean([sst.wilcoxon(x, y).pvalue < 0.05 for x, y in zip(a, b)])
    assert trials.rejection_rate("wilcoxon") == pytest.approx(expected)
    terms = trials.variance_terms()
    # positively correlated accuracies: the paired estimate is the smaller one, and it is
    # right here (independent trials), the unpaired one far too large
    assert terms["accuracy_correlation"] == pytest.approx(0.9, abs=0.05)
    assert terms["paired"] < terms["unpaired"] / 5
    truth = 2 * 0.01**2 / 10  # the variance of a trial's mean difference
    assert terms["paired"] == pytest.approx(truth, rel=0.1)
    assert terms["mean_difference"] == pytest.approx(truth, rel=0.3)  # 200 trials: ~10% sd
    d = a - b
    assert terms["paired"] == pytest.approx(np.mean(d.var(axis=1, ddof=1) / 10))
    assert terms["unpaired"] == pytest.approx(np.mean((a.var(axis=1, ddof=1) + b.var(axis=1, ddof=1)) / 10))
    with pytest.raises(ValueError, match="test"):
        trials.rejection_rate("sign")


def test_study_arguments_are_checked():
    net = rel.latent_group_model(60, rng=0)
    with pytest.raises(ValueError, match="labels"):
        method.error_correlation_study(net.adjacency, np.where(net.labels == 1, np.nan, 0.0), n_splits=2, rng=0)
    with pytest.raises(ValueError, match="models"):
        method.error_correlation_study(net.adjacency, net.labels, models=("wvrn", "svm"), n_splits=2, rng=0)
    with pytest.raises(ValueError, match="networks"):
        method.calibrate_handicap([], 0.3)
    with pytest.raises(ValueError, match="prop_labeled"):
        method.calibrate_handicap([net], 1.3)
    with pytest.raises(ValueError, match="labels must be 0/1"):
        method.calibrate_handicap([(net.adjacency, np.full(60, 2))], 0.3)
    trials = method.ComparisonTrials("rrs", np.full((2, 3), 0.8), np.full((2, 3), 0.7), ("wvrn", "nbc"), 0.0)
    with pytest.raises(ValueError, match="test"):
        trials.rejection_rate("z")
    with pytest.raises(ValueError, match="accuracy_a"):
        method.ComparisonTrials("rrs", np.full((2, 3), 1.8), np.full((2, 3), 0.7), ("wvrn", "nbc"), 0.0)


def test_study_units_are_independent_of_the_number_of_jobs():
    nets = [rel.latent_group_model(120, rng=s) for s in range(4)]
    kw = dict(prop_labeled=[0.2, 0.4], worse_rates=(0.0, 0.2), n_trials=4, n_samples=3, rng=11)
    serial = method.within_network_study(nets[:1], nets[1:], n_jobs=1, **kw)
    parallel = method.within_network_study(nets[:1], nets[1:], n_jobs=2, **kw)
    assert serial == parallel and len(serial) == 2 * 2 * 2
    # a Generator passed in is spawned from, like a seed: the same streams for the same state
    assert method.within_network_study(nets[:1], nets[1:], **dict(kw, rng=np.random.default_rng(11))) == serial
    # each row's calibration is its level's, shared across rates
    handicap = {(r["prop_labeled"], r["worse_rate"]): r["handicap"] for r in serial}
    assert handicap[0.2, 0.0] == handicap[0.2, 0.2] and handicap[0.4, 0.0] == handicap[0.4, 0.2]
