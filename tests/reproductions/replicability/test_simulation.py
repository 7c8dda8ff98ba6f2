"""Tests of evalkit.reproductions.replicability.simulation: Table 5 (the simulation), Type I error on real data, the recipe."""
import csv

import numpy as np
import pytest

from evalkit import learners
from evalkit.cli import main
from evalkit.datasets import random_bayes_net
from evalkit.reproductions import get_experiment, result_rows
from evalkit.reproductions import replicability as bf

NAMES = ("bouckaert-frank-null-copies", "bouckaert-frank-table5", "bouckaert-frank-recipe")


@pytest.fixture(scope="module")
def small():
    sources = [random_bayes_net(9, rng=0), random_bayes_net(9, n_arcs=6, rng=1)]
    return sources, bf.run_simulation(sources, n_training_sets=3, repetitions=3, learners="counts", seed=2)


@pytest.mark.parametrize("name", NAMES)
def test_registered_with_book_and_paper_presets(name):
    spec = get_experiment(name)
    assert {"book", "paper"} <= set(spec.scales) and spec.paper_cost
    assert get_experiment("bouckaert-frank") is get_experiment("bouckaert-frank-tables1-4")


def test_book_presets_are_the_papers_read_from_the_store():
    null = get_experiment("bouckaert-frank-null-copies")
    assert null.scales["book"] == null.scales["paper"] and null.stored == ({"scale": "paper"},)
    assert null.scales["paper"]["datasets"] == tuple(bf.PAPER_DATASET_NAMES)
    assert null.scales["binder"]["datasets"] == tuple(list(bf.PAPER_DATASET_NAMES)[::9])
    t5 = get_experiment("bouckaert-frank-table5")
    assert t5.scales["book"] == t5.scales["paper"] and t5.stored == ({"scale": "paper"},)
    assert t5.scales["paper"]["training_sets"] == 1000 and t5.scales["binder"]["training_sets"] == 10
    assert t5.scales["book"]["learners"] == t5.scales["binder"]["learners"] == t5.scales["small"]["learners"] == "weka"
    assert t5.scales["book"]["source_seed"] == 0 and t5.scales["book"]["seed"] == 1
    assert t5.reduction("book") is None and "training_sets=10" in t5.reduction("binder")


def test_shapes_ranges_and_null_source(small):
    sources, res = small
    assert res.accuracy.shape == (2, 3, 2)
    np.testing.assert_allclose(res.accuracy[0], 0.5, atol=1e-12)   # no arcs: both learners at 50%
    assert res.accuracy_difference()[0] == pytest.approx(0.0, abs=1e-10)
    for test in bf.SIMULATION_TESTS:
        k = res.rejections(test)
        assert k.shape == (2, 3) and k.min() >= 0 and k.max() <= 3
        assert (res.rejections(test, 0.01) <= k).all() and (k <= res.rejections(test, 0.10)).all()
        c = res.consistency(test)
        assert ((0 <= c) & (c <= 100)).all()
        assert ((0 <= res.rejection_rate(test)) & (res.rejection_rate(test) <= 1)).all()


def test_same_seed_same_numbers_whatever_n_jobs(small):
    sources, res = small
    again = bf.run_simulation(sources, n_training_sets=3, repetitions=3, learners="counts", seed=2, n_jobs=2)
    np.testing.assert_array_equal(res.accuracy, again.accuracy)
    for test in bf.SIMULATION_TESTS:
        np.testing.assert_array_equal(res.pvalues[test], again.pvalues[test])


def test_uncorrected_tests_reject_a_true_null_far_too_often():
    # Source 1: the null hypothesis holds exactly. The uncorrected 10x10 CV t test treats
    # 100 overlapping folds as independent; its rejection rate must be far above 5%,
    # the corrected test's near or below it (30 training sets x 3 runs = 90 outcomes).
    res = bf.run_simulation([random_bayes_net(9, rng=5)], n_training_sets=30, repetitions=3, learners="counts",
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


def test_cli_table5(tmp_path):
    out = tmp_path / "t5.csv"
    main(["reproduce", "bouckaert-frank-table5", "--training-sets", "2", "--repetitions", "2", "--out", str(out)])
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 4 * len(bf.SIMULATION_TESTS)
    assert {r["source"] for r in rows} == {"1", "2", "3", "4"}


def test_bad_arguments():
    with pytest.raises(ValueError, match="n_train"):
        bf.run_simulation(n_training_sets=1, n_train=10)
    with pytest.raises(ValueError, match="level"):
        bf.run_simulation(n_training_sets=1, level=1.5)
    with pytest.raises(ValueError, match="learners must be one of"):
        bf.run_simulation(n_training_sets=1, learners="sklearn")
    with pytest.raises(ValueError, match="learners must be one of"):
        bf.pilot_accuracy_difference(random_bayes_net(9, rng=0), learners="J48")


@pytest.mark.usefixtures("shared_data")
def test_null_copies_rejection_rates():
    res = bf.null_copies(scale="small")
    direct = bf.run_replication(["iris"], repetitions=2, learners=learners.identical_learners_for, seed=0)
    rates = res.rejection_rates("tree A vs tree B")
    assert not any("level" in t for t in rates) and all(0 <= r <= 1 for r in rates.values())
    for test, r in rates.items():
        assert r == 1 - direct.counts[test]["tree A vs tree B"].sum() / 2


def test_table5_small_and_its_tables():
    # the plumbing, with the fast learners (the Weka path: tests of the simulation module)
    res = bf.table5(scale="small", learners="counts", training_sets=3)
    assert res.learners == "counts"
    sources, pilot = bf.simulation_sources(learners="counts", rng=0)
    direct = bf.run_simulation(sources, n_training_sets=3, repetitions=2, learners="counts", seed=1)
    for test in bf.SIMULATION_TESTS:
        np.testing.assert_array_equal(res.pvalues[test], direct.pvalues[test])
    assert len(res.sources) == 4 and list(res.pilot_differences) == pilot
    assert len(result_rows(res)) == 4 * len(bf.SIMULATION_TESTS)
    assert bf.sources_table(res.sources, list(res.pilot_differences)).shape == (4, 4)
    t5 = bf.table5_comparison(res)
    assert t5.shape == (2 + 3 * len(bf.TABLE5_PAPER_ROWS), 5)
    assert t5.loc[("corrected 10x10 CV", "evalkit"), "min."] == res.consistency("corrected 10x10 CV").min()
    rates = bf.rejection_rate_table(res)
    assert rates.loc["5x2cv", "source 1"] == res.rejection_rate("5x2cv")[0]
    sweep = bf.level_sweep(res)
    assert sweep.loc["5x2cv", "level 0.01"] <= sweep.loc["5x2cv", "level 0.1"]
    assert bf.judged_table(res).shape == (len(bf.SIMULATION_TESTS), 3)


@pytest.fixture(scope="module")
def small_simulation():
    return bf.table5(scale="small")


@pytest.mark.usefixtures("shared_data")
def test_recipe_on_diabetes():
    rec = bf.recipe()
    assert rec.corrected.df == 99 and rec.uncorrected.pvalue < rec.corrected.pvalue
    assert len(result_rows(rec)) == 2


@pytest.mark.usefixtures("shared_data")
def test_recipe_same_seed_same_numbers_and_no_global_random_state():
    state = np.random.get_state()[1].copy()
    first, again = bf.recipe(seed=7), bf.recipe(seed=7)
    assert first == again
    assert np.array_equal(np.random.get_state()[1], state)


# ------------------------------------------------------------------ with Weka's learners


def test_weka_run_is_wekas_learners_on_wekas_splits():
    """Accuracies are Weka's NaiveBayes and J48 on the training set; p-values are the tests on
    the accuracies of Weka's own designs (5 x 2-fold, 100 subsamples, 10 x 10-fold)."""
    from evalkit.datasets import ArffData
    from evalkit.datasets.synthetic import pattern_bits
    from evalkit.learners import weka
    from evalkit.reproductions.replicability.setups import binary_header
    from evalkit.reproductions.replicability.method import _simulation_pvalues as _pvalues

    net = random_bayes_net(9, n_arcs=8, rng=4)
    res = bf.run_simulation([net], n_training_sets=1, repetitions=1, learners="weka", seed=7)
    rng = np.random.default_rng(np.random.SeedSequence(7).spawn(1)[0])   # training set 0 of source 0
    patterns, y = net.sample(300, rng=rng)
    bits, header = pattern_bits(9), binary_header(9)
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
    np.testing.assert_allclose([res.pvalues[t][0, 0, 0] for t in bf.SIMULATION_TESTS], expected_p, rtol=1e-12)


def test_weka_naive_bayes_is_the_count_naive_bayes_and_j48_is_not_the_count_tree():
    # The same seed draws the same training sets whatever the learners: naive Bayes's exact
    # accuracy must agree to the last bit, the tree's not (J48 prunes).
    sources = [random_bayes_net(9, n_arcs=10, rng=s) for s in (11, 12)]
    kwargs = dict(n_training_sets=2, repetitions=1, seed=3)
    wk = bf.run_simulation(sources, learners="weka", **kwargs)
    ct = bf.run_simulation(sources, learners="counts", **kwargs)
    assert wk.learners == "weka" and ct.learners == "counts"
    np.testing.assert_allclose(wk.accuracy[..., 0], ct.accuracy[..., 0], rtol=0, atol=1e-12)
    assert not np.allclose(wk.accuracy[..., 1], ct.accuracy[..., 1])


def test_weka_run_does_not_depend_on_n_jobs():
    sources = [random_bayes_net(9, n_arcs=5, rng=2)]
    kwargs = dict(n_training_sets=2, repetitions=1, learners="weka", seed=5)
    one, two = bf.run_simulation(sources, n_jobs=1, **kwargs), bf.run_simulation(sources, n_jobs=2, **kwargs)
    np.testing.assert_array_equal(one.accuracy, two.accuracy)
    for test in bf.SIMULATION_TESTS:
        np.testing.assert_array_equal(one.pvalues[test], two.pvalues[test])


def test_count_learner_agreement_with_weka():
    """The count naive Bayes is Weka's NaiveBayes; the count tree is close to J48 on the informative sources."""
    sources, _ = bf.simulation_sources()
    agreement = bf.count_learner_agreement(sources, training_sets=2, rng=5)
    assert list(agreement.index) == [1, 2, 3, 4]
    np.testing.assert_array_equal(agreement["NB patterns predicted differently (max)"], 0)
    assert ((agreement["tree agreement (min)"] > 0) & (agreement["tree agreement (mean)"] <= 1)).all()
    assert (agreement.loc[2:, "tree agreement (mean)"] > 0.85).all()
    with pytest.raises(ValueError, match="training_sets"):
        bf.count_learner_agreement(sources, training_sets=0)


@pytest.mark.parametrize("method", ["rejections", "consistency", "consistency_std_error", "rejection_rate",
                                    "rejection_rate_std_error"])
def test_simulation_result_methods_name_a_bad_test_or_level(method):
    res = bf.SimulationResult(np.full((4, 2, 2), 0.5), {t: np.full((4, 2, 3), 0.5) for t in bf.SIMULATION_TESTS},
                              0.05, 0.0)
    call = getattr(res, method)
    with pytest.raises(ValueError, match="^test must be one of"):
        call("6x2cv")
    for bad in (None, 3):
        with pytest.raises(TypeError, match="^test must be a non-empty string"):
            call(bad)
    for bad in (1.5, -0.1, float("nan")):
        with pytest.raises(ValueError, match="level"):
            call("5x2cv", bad)
    for bad in ("0.05", [0.05, 0.1], True):
        with pytest.raises(TypeError, match="^level must be a real number in \\[0, 1\\]"):
            call("5x2cv", bad)
    assert np.shape(call("5x2cv", np.float64(0.5))) in ((4,), (4, 2))
