"""Tests of evalkit.reproductions.replicability.method: the UCI runner (designs, tests, counts) at a tiny scale."""
import numpy as np
import pytest

from evalkit import learners
from evalkit.reproductions import replicability as bf
from evalkit.reproductions.replicability import method

pytestmark = pytest.mark.usefixtures("shared_data")


def test_run_replication_counts_are_in_range_and_reproducible():
    r1 = bf.run_replication(["iris"], repetitions=2, seed=3)
    r2 = bf.run_replication(["iris"], repetitions=2, seed=3)
    assert r1.fits == 3 * 210 * 2
    for test, per_pair in r1.counts.items():
        assert set(per_pair) == {"NB vs C4.5", "NB vs NN", "C4.5 vs NN"}
        for pair, counts in per_pair.items():
            assert 0 <= counts[0] <= 2
            np.testing.assert_array_equal(counts, r2.counts[test][pair])
    # a stricter level never rejects more often
    for pair in r1.counts["corrected 10x10 CV"]:
        assert r1.counts["corrected 10x10 CV, level 0.01"][pair][0] >= r1.counts["corrected 10x10 CV"][pair][0]
    tables = bf.summary_tables(r1)
    assert tables["5x2cv"]["NB vs NN"].replicability <= 1.0


def test_bad_arguments():
    with pytest.raises(ValueError, match="repetitions"):
        bf.run_replication(["iris"], repetitions=1)
    with pytest.raises(ValueError, match="datasets"):
        bf.run_replication(["irises"], repetitions=2)


def test_run_replication_with_identical_learners():
    r = bf.run_replication(["iris"], repetitions=2, learners=learners.identical_learners_for, seed=1)
    assert r.fits == 2 * 210 * 2
    assert set(r.counts["5x2cv"]) == {"tree A vs tree B"}


def test_weka_run_is_the_tests_on_weka_made_splits():
    """The default run: Weka's learners on Weka's splits (run seeds 1000 s + j), the tests on their accuracies."""
    from evalkit import datasets, stats
    from evalkit.learners import WEKA_LEARNERS, to_instances, weka_design_accuracies

    res = bf.run_replication(["labor"], repetitions=2, seed=4)
    assert res.fits == 3 * 210 * 2
    inst = to_instances(datasets.load_arff("labor"))
    expected = 0
    for rep_seed in (4, 5):
        acc, _, _ = weka_design_accuracies(inst, ("cv", 2), [1000 * rep_seed + j for j in range(1, 6)],
                                           [WEKA_LEARNERS["NB"], WEKA_LEARNERS["C4.5"]])
        p = stats.five_by_two_cv_t_test((acc[:, 0] - acc[:, 1]).reshape(5, 2)).pvalue
        expected += int(p >= 0.05)
    assert res.counts["5x2cv"]["NB vs C4.5"][0] == expected


def test_weka_run_does_not_depend_on_n_jobs():
    one = bf.run_replication(["iris", "labor"], repetitions=2, n_jobs=1)
    two = bf.run_replication(["iris", "labor"], repetitions=2, n_jobs=2)
    for test, per_pair in one.counts.items():
        for pair, counts in per_pair.items():
            np.testing.assert_array_equal(counts, two.counts[test][pair])


def test_standins_and_bad_learner_sets():
    r = bf.run_replication(["iris"], repetitions=2, learners="standins")
    assert r.fits == 3 * 210 * 2 and set(r.counts["5x2cv"]) == {"NB vs C4.5", "NB vs NN", "C4.5 vs NN"}
    with pytest.raises(ValueError, match="learners must be one of"):
        bf.run_replication(["iris"], repetitions=2, learners="sklearn")
    with pytest.raises(TypeError, match="learners must be one of"):
        bf.run_replication(["iris"], repetitions=2, learners=3)


def test_int_seed_keeps_ints_and_draws_from_generators():
    assert method.int_seed(5) == 5
    assert method.int_seed(np.random.default_rng(3)) == method.int_seed(np.random.default_rng(3))
    assert 0 <= method.int_seed(None) < 2 ** 31 - 1


def test_directions_count_each_rejection_by_the_learner_it_favoured():
    """The 5%-level rejections split by the sign of the statistic, recomputed from Weka's accuracies."""
    from evalkit import datasets, stats
    from evalkit.learners import WEKA_LEARNERS, to_instances, weka_design_accuracies

    res = bf.run_replication(["labor", "iris"], repetitions=3, seed=4)
    inst = to_instances(datasets.load_arff("labor"))
    first = second = 0
    for rep_seed in (4, 5, 6):
        acc, _, _ = weka_design_accuracies(inst, ("cv", 2), [1000 * rep_seed + j for j in range(1, 6)],
                                           [WEKA_LEARNERS["NB"], WEKA_LEARNERS["C4.5"]])
        t = stats.five_by_two_cv_t_test((acc[:, 0] - acc[:, 1]).reshape(5, 2))
        first += int(t.pvalue < 0.05 and t.statistic > 0)
        second += int(t.pvalue < 0.05 and t.statistic < 0)
    assert res.directions["5x2cv"]["NB vs C4.5"][0].tolist() == [first, second]
    for test, per_pair in res.directions.items():
        for pair, favoured in per_pair.items():
            # every rejection favours one learner: with the non-rejections they make the repetitions
            assert (favoured.sum(axis=1) + res.counts[test][pair] <= 3).all()
            assert favoured.shape == (2, 2) and (favoured >= 0).all()


def test_both_directions_lists_only_cells_with_rejections_either_way():
    counts = {"5x2cv": {"A vs B": np.array([6, 10, 8])}}
    directions = {"5x2cv": {"A vs B": np.array([[3, 1], [0, 0], [2, 0]])}}
    res = bf.ReplicationResult(("x", "y", "z"), 10, counts, 0, 0.0, directions)
    assert res.both_directions("5x2cv") == [{"pair": "A vs B", "dataset": "x", "first": 3, "second": 1,
                                              "non_rejections": 6}]
    with pytest.raises(ValueError, match="test must be one of"):
        res.both_directions("6x2cv")
    with pytest.raises(ValueError, match="no directions"):
        bf.ReplicationResult(("x",), 10, {"5x2cv": {"A vs B": np.array([6])}}, 0, 0.0).both_directions("5x2cv")


@pytest.mark.parametrize("learner_set", ["weka", "standins"])
def test_stratified_resampling_changes_only_the_random_subsamples(learner_set):
    plain = bf.run_replication(["labor"], repetitions=2, learners=learner_set, seed=2)
    strat = bf.run_replication(["labor"], repetitions=2, learners=learner_set, resampling="stratified", seed=2)
    for test in plain.counts:
        if not test.startswith("resampled corrected"):  # the CV designs are the same splits
            for pair in plain.counts[test]:
                np.testing.assert_array_equal(plain.counts[test][pair], strat.counts[test][pair])
    assert strat.fits == plain.fits


def test_bad_resampling_is_named():
    with pytest.raises(ValueError, match="resampling"):
        bf.run_replication(["iris"], repetitions=2, resampling="bootstrap")
