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
