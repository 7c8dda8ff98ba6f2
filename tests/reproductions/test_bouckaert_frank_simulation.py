"""Tests of evalkit.reproductions.replicability, Table 5 (the simulation), at a tiny scale."""
import csv

import numpy as np
import pytest

from evalkit.datasets import random_bayes_net
from evalkit.reproductions import replicability as sim
from evalkit.cli import main


@pytest.fixture(scope="module")
def small():
    sources = [random_bayes_net(9, rng=0), random_bayes_net(9, n_arcs=6, rng=1)]
    return sources, sim.run_simulation(sources, n_training_sets=3, repetitions=3, learners="counts", seed=2)


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
    again = sim.run_simulation(sources, n_training_sets=3, repetitions=3, learners="counts", seed=2, n_jobs=2)
    np.testing.assert_array_equal(res.accuracy, again.accuracy)
    for test in sim.SIMULATION_TESTS:
        np.testing.assert_array_equal(res.pvalues[test], again.pvalues[test])


def test_uncorrected_tests_reject_a_true_null_far_too_often():
    # Source 1: the null hypothesis holds exactly. The uncorrected 10x10 CV t test treats
    # 100 overlapping folds as independent; its rejection rate must be far above 5%,
    # the corrected test's near or below it (30 training sets x 3 runs = 90 outcomes).
    res = sim.run_simulation([random_bayes_net(9, rng=5)], n_training_sets=30, repetitions=3, learners="counts",
                             seed=0)
    assert res.rejection_rate("10x10-fold CV, uncorrected")[0] > 0.25
    assert res.rejection_rate("corrected 10x10 CV")[0] < 0.15


def test_rejection_rate_error_counts_training_sets_not_runs(small):
    _, res = small
    test = "10x10-fold CV, uncorrected"
    per_set = res.rejections(test) / res.repetitions
    np.testing.assert_allclose(res.rejection_rate_std_error(test), per_set.std(axis=1, ddof=1) / np.sqrt(3))


def test_exceeds_level_allows_for_the_monte_carlo_error(small):
    _, res = small
    test = "10x10-fold CV, uncorrected"
    rate, se = res.rejection_rate(test, 0.05), res.rejection_rate_std_error(test, 0.05)
    np.testing.assert_array_equal(res.exceeds_level(test, 0.05), rate - 2 * se > 0.05)
    np.testing.assert_array_equal(res.exceeds_level(test, 0.05, n_std_errors=0), rate > 0.05)
    # a level the rate cannot reach is never exceeded
    assert not res.exceeds_level(test, 1.0).any()
    with pytest.raises(ValueError, match="n_std_errors"):
        res.exceeds_level(test, n_std_errors=-1)
    with pytest.raises(ValueError, match="level"):
        res.exceeds_level(test, 1.5)


@pytest.mark.parametrize("learners", ["weka", "counts"])
def test_sources_match_their_targets(learners):
    sources, pilot = sim.simulation_sources(targets=(2.0, 6.0), tolerance=0.5, learners=learners, rng=3)
    assert len(sources) == 3 and sources[0].n_arcs == 0
    assert all(abs(abs(d) - t) <= 0.5 for d, t in zip(pilot[1:], (2.0, 6.0)))
    # the pilot difference is the one the named learners produce
    again = sim.pilot_accuracy_difference(sources[1], learners=learners, n_pilot=3, rng=0)
    other = sim.pilot_accuracy_difference(sources[1], learners={"weka": "counts", "counts": "weka"}[learners],
                                          n_pilot=3, rng=0)
    assert np.isfinite(again) and again != other
    with pytest.raises(ValueError, match="no source"):
        sim.simulation_sources(targets=(60.0,), learners=learners, max_candidates=3)


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
    with pytest.raises(ValueError, match="learners must be one of"):
        sim.run_simulation(n_training_sets=1, learners="sklearn")
    with pytest.raises(ValueError, match="learners must be one of"):
        sim.pilot_accuracy_difference(random_bayes_net(9, rng=0), learners="J48")


# ------------------------------------------------------------------ with Weka's learners

def test_weka_run_is_wekas_learners_on_wekas_splits():
    """Accuracies are Weka's NaiveBayes and J48 on the training set; p-values are the tests on
    the accuracies of Weka's own designs (5 x 2-fold, 100 subsamples, 10 x 10-fold)."""
    from evalkit.datasets import ArffData
    from evalkit.datasets.synthetic import pattern_bits
    from evalkit.learners import weka
    from evalkit.reproductions.replicability.simulation import _binary_header, _pvalues

    net = random_bayes_net(9, n_arcs=8, rng=4)
    res = sim.run_simulation([net], n_training_sets=1, repetitions=1, learners="weka", seed=7)
    rng = np.random.default_rng(np.random.SeedSequence(7).spawn(1)[0])   # training set 0 of source 0
    patterns, y = net.sample(300, rng=rng)
    bits, header = pattern_bits(9), _binary_header(9)
    learners = [weka.WEKA_LEARNERS["NB"], weka.WEKA_LEARNERS["C4.5"]]
    expected = [net.accuracy(weka.WekaClassifier(*lrn, attributes=header).fit(bits[patterns], y).predict(bits))
                for lrn in learners]
    np.testing.assert_allclose(res.accuracy[0, 0], expected, rtol=0, atol=1e-12)
    seeds = rng.integers(0, 2 ** 31 - 1, size=(1, 115))[0]
    cases = weka.to_instances(ArffData("s", header, np.column_stack([bits[patterns], y]).astype(float), 9))
    diff = [a[:, 0] - a[:, 1] for a in (
        weka.weka_design_accuracies(cases, ("cv", 2), seeds[:5], learners)[0],
        weka.weka_design_accuracies(cases, ("split", 90), seeds[5:105], learners)[0],
        weka.weka_design_accuracies(cases, ("cv", 10), seeds[105:], learners)[0])]
    expected_p = _pvalues(diff[0].reshape(5, 2), diff[1], diff[2].reshape(10, 10), 300)
    np.testing.assert_allclose([res.pvalues[t][0, 0, 0] for t in sim.SIMULATION_TESTS], expected_p, rtol=1e-12)


def test_weka_naive_bayes_is_the_count_naive_bayes_and_j48_is_not_the_count_tree():
    # The same seed draws the same training sets whatever the learners: naive Bayes's exact
    # accuracy must agree to the last bit, the tree's not (J48 prunes).
    sources = [random_bayes_net(9, n_arcs=10, rng=s) for s in (11, 12)]
    kwargs = dict(n_training_sets=2, repetitions=1, seed=3)
    wk = sim.run_simulation(sources, learners="weka", **kwargs)
    ct = sim.run_simulation(sources, learners="counts", **kwargs)
    assert wk.learners == "weka" and ct.learners == "counts"
    np.testing.assert_allclose(wk.accuracy[..., 0], ct.accuracy[..., 0], rtol=0, atol=1e-12)
    assert not np.allclose(wk.accuracy[..., 1], ct.accuracy[..., 1])


def test_weka_run_does_not_depend_on_n_jobs():
    sources = [random_bayes_net(9, n_arcs=5, rng=2)]
    kwargs = dict(n_training_sets=2, repetitions=1, learners="weka", seed=5)
    one, two = sim.run_simulation(sources, n_jobs=1, **kwargs), sim.run_simulation(sources, n_jobs=2, **kwargs)
    np.testing.assert_array_equal(one.accuracy, two.accuracy)
    for test in sim.SIMULATION_TESTS:
        np.testing.assert_array_equal(one.pvalues[test], two.pvalues[test])


def test_count_learner_agreement_with_weka():
    """The count naive Bayes is Weka's NaiveBayes; the count tree is close to J48 on the informative sources."""
    sources, _ = sim.simulation_sources()
    agreement = sim.count_learner_agreement(sources, training_sets=2, rng=5)
    assert list(agreement.index) == [1, 2, 3, 4]
    np.testing.assert_array_equal(agreement["NB patterns predicted differently (max)"], 0)
    assert ((agreement["tree agreement (min)"] > 0) & (agreement["tree agreement (mean)"] <= 1)).all()
    assert (agreement.loc[2:, "tree agreement (mean)"] > 0.85).all()
    with pytest.raises(ValueError, match="training_sets"):
        sim.count_learner_agreement(sources, training_sets=0)
