"""Tests of evalkit.relational.study: the calibrated within-network comparison."""
import numpy as np
import pytest

from evalkit import relational as rel


def test_calibration_and_comparison():
    nets = [rel.latent_group_model(300, rng=s) for s in range(6)]
    cal = rel.calibrate_handicap(nets[2:], 0.3, rng=0)
    assert abs(cal.difference) <= 0.005 and 0 <= cal.rate <= 1
    assert cal.accuracy[cal.handicapped] >= max(cal.accuracy.values())
    a = rel.compare_classifiers(nets[0], cal, procedure="rrs", prop_labeled=0.3, n_trials=30, rng=5)
    b = rel.compare_classifiers(nets[0], cal, procedure="rrs", prop_labeled=0.3, n_trials=30, rng=5)
    np.testing.assert_array_equal(a.accuracy_a, b.accuracy_a)
    assert a.models[0] == cal.handicapped and 0 <= a.rejection_rate() <= 1
    # a much worse second model is detected nearly always
    far = rel.compare_classifiers(nets[0], cal, procedure="rrs", prop_labeled=0.3, n_trials=30, worse_rate=0.4, rng=5)
    assert far.rejection_rate("paired") > 0.9
    rows = rel.within_network_study(nets[:1], nets[2:], prop_labeled=[0.2], n_trials=10, rng=0)
    assert {r["procedure"] for r in rows} == {"rrs", "ncv"} and all(0 <= r["paired"] <= 1 for r in rows)
    with pytest.raises(TypeError, match="CalibrationResult"):
        rel.compare_classifiers(nets[0], 0.1, procedure="ncv", prop_labeled=0.3)
