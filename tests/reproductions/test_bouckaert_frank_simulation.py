"""Tests of evalkit.reproductions.bouckaert_frank, Table 5 (the simulation), at a tiny scale."""
import csv

import numpy as np
import pytest

from evalkit.datasets import random_bayes_net
from evalkit.reproductions import bouckaert_frank as sim
from evalkit.cli import main


@pytest.fixture(scope="module")
def small():
    sources = [random_bayes_net(9, rng=0), random_bayes_net(9, n_arcs=6, rng=1)]
    return sources, sim.run_simulation(sources, n_training_sets=3, repetitions=3, seed=2)


def test_shapes_ranges_and_null_source(small):
    sources, res = small
    assert res.accuracy.shape == (2, 3, 2)
    np.testing.assert_allclose(res.accuracy[0], 0.5, atol=1e-12)   # no arcs: both learners at 50%
    assert res.accuracy_difference()[0] == pytest.approx(0.0, abs=1e-10)
    for test in sim.SIMULATION_TESTS:
        k = res.rejections(test)
        assert k.shape == (2, 3) and k.min() >= 0 and k.max() <= 3
        assert (res.rejections(test, 0.01) <= k).all() and (k <= res.rejections(test, 0.10)).all()
        c = res.consistency(test)
        assert ((0 <= c) & (c <= 100)).all()
        assert ((0 <= res.rejection_rate(test)) & (res.rejection_rate(test) <= 1)).all()


def test_same_seed_same_numbers_whatever_n_jobs(small):
    sources, res = small
    again = sim.run_simulation(sources, n_training_sets=3, repetitions=3, seed=2, n_jobs=2)
    np.testing.assert_array_equal(res.accuracy, again.accuracy)
    for test in sim.SIMULATION_TESTS:
        np.testing.assert_array_equal(res.pvalues[test], again.pvalues[test])


def test_uncorrected_tests_reject_a_true_null_far_too_often():
    # Source 1: the null hypothesis holds exactly. The uncorrected 10x10 CV t test treats
    # 100 overlapping folds as independent; its rejection rate must be far above 5%,
    # the corrected test's near or below it (30 training sets x 3 runs = 90 outcomes).
    res = sim.run_simulation([random_bayes_net(9, rng=5)], n_training_sets=30, repetitions=3, seed=0)
    assert res.rejection_rate("10x10-fold CV, uncorrected")[0] > 0.25
    assert res.rejection_rate("corrected 10x10 CV")[0] < 0.15


def test_rejection_rate_error_counts_training_sets_not_runs(small):
    _, res = small
    test = "10x10-fold CV, uncorrected"
    per_set = res.rejections(test) / res.repetitions
    np.testing.assert_allclose(res.rejection_rate_std_error(test), per_set.std(axis=1, ddof=1) / np.sqrt(3))


def test_sources_match_their_targets():
    sources, pilot = sim.simulation_sources(targets=(2.0, 6.0), tolerance=0.5, rng=3)
    assert len(sources) == 3 and sources[0].n_arcs == 0
    assert all(abs(abs(d) - t) <= 0.5 for d, t in zip(pilot[1:], (2.0, 6.0)))
    with pytest.raises(ValueError, match="no source"):
        sim.simulation_sources(targets=(60.0,), max_candidates=3)


def test_cli_table5(tmp_path):
    out = tmp_path / "t5.csv"
    main(["reproduce", "bouckaert-frank-table5", "--training-sets", "2", "--repetitions", "2", "--out", str(out)])
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 4 * len(sim.SIMULATION_TESTS)
    assert {r["source"] for r in rows} == {"1", "2", "3", "4"}


def test_bad_arguments():
    with pytest.raises(ValueError, match="n_train"):
        sim.run_simulation(n_training_sets=1, n_train=10)
    with pytest.raises(ValueError, match="level"):
        sim.run_simulation(n_training_sets=1, level=1.5)
