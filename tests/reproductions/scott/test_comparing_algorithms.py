"""Tests of evalkit.reproductions.scott.comparing_algorithms: the learner comparisons on the Pima
diabetes data at a tiny scale, the t table, the family-wise error, and ours()."""
import numpy as np
import pandas as pd
import pytest
from scipy import stats as sst

from evalkit import claims, stats
from evalkit.stats import friedman
from evalkit.reproductions.scott import comparing_algorithms


def ids(prefix):
    return {c.id for c in claims.claims_of(prefix) if c.not_attempted is None}


def test_familywise_error_simulation_small():
    fwer = comparing_algorithms.familywise_error_simulation(scale="small")
    direct = stats.simulate_familywise_error(4, correlation=0.5, n_trials=2000, rng=20260301)
    assert fwer.loc[0.5].to_dict() == direct
    assert (fwer["bonferroni"] <= fwer["uncorrected"]).all()
    assert comparing_algorithms.ours(familywise_simulation=fwer) == {"scott.multiple.account": True}
    uncorrected_fine = fwer.assign(uncorrected=0.04)
    assert comparing_algorithms.ours(familywise_simulation=uncorrected_fine) == {"scott.multiple.account": False}


@pytest.mark.slow
def test_learner_comparisons_on_diabetes(shared_data):
    table = comparing_algorithms.fold_errors(n_splits=5, seed=1)
    assert table.shape == (5, 3)
    runs = comparing_algorithms.partition_seeds(scale="small", n_splits=5)
    assert runs.index.tolist() == [0, 1] and runs["p-value"].between(0, 1).all()
    mc = comparing_algorithms.multiple_comparisons(n_splits=3)
    assert (mc["Holm: reject?"] >= mc["Bonferroni: reject?"]).all()


@pytest.mark.slow
def test_training_bias_on_diabetes(shared_data):
    bias = comparing_algorithms.training_bias(n_splits=3, seed=1)
    assert len(bias) == 2 * 3 and set(bias["learner"]) == {"naive Bayes", "decision tree"}
    tree = bias[bias["learner"] == "decision tree"]
    assert (tree["trained on V_i, tested on V_i"] == 0).all()   # a full tree fits its training data
    table = comparing_algorithms.fold_errors(n_splits=3, seed=1)
    np.testing.assert_allclose(tree["trained on T_i, tested on V_i"], table["decision tree"])
    ours = comparing_algorithms.ours(training_bias=bias)
    assert list(ours) == ["scott.kfold.train-on-test-fold", "scott.error.bias", "scott.goals.dont-test-on-training"]
    assert ours["scott.error.bias"] and ours["scott.goals.dont-test-on-training"]


def test_training_bias_predicates_on_made_up_errors():
    rows = [{"learner": name, "fold": i, "trained on T_i, tested on V_i": 0.3 + 0.01 * i,
             "trained on T_i, tested on T_i": train, "trained on V_i, tested on V_i": on_v + 0.01 * i}
            for name, train, on_v in (("a", 0.1, 0.3), ("b", 0.2, 0.0)) for i in range(3)]
    ours = comparing_algorithms.ours(training_bias=pd.DataFrame(rows))
    assert ours == {"scott.kfold.train-on-test-fold": False, "scott.error.bias": True,
                    "scott.goals.dont-test-on-training": True}
    for row in rows:
        row["trained on T_i, tested on T_i"] = 0.5                     # training error above held-out
        row["trained on V_i, tested on V_i"] = row["trained on T_i, tested on V_i"]
    ours = comparing_algorithms.ours(training_bias=pd.DataFrame(rows))
    assert ours == {"scott.kfold.train-on-test-fold": True, "scott.error.bias": False,
                    "scott.goals.dont-test-on-training": False}


def test_fold_error_predicates():
    rng = np.random.default_rng(0)
    nb, tree = rng.uniform(0.2, 0.3, 10), rng.uniform(0.2, 0.3, 10)
    table = pd.DataFrame({"naive Bayes": nb, "decision tree": tree, "p_i = difference": nb - tree})
    ours = comparing_algorithms.ours(fold_errors=table)
    assert ours["scott.ttest.bound"] is True
    assert ours["scott.compare.single-test-set"] == bool(((nb - tree) > 0).any() and ((nb - tree) < 0).any())
    one_sided = table.assign(**{"decision tree": nb + 0.05, "p_i = difference": -0.05 + 0.001 * np.arange(10)})
    assert comparing_algorithms.ours(fold_errors=one_sided)["scott.compare.single-test-set"] is False


def test_t_table_covers_every_cell_and_is_scipy_quantiles():
    ours = comparing_algorithms.ours(t_table=True)
    assert set(ours) == ids("scott.t-table.") and len(ours) == 13 * 8
    # reference: scipy.stats.t.ppf(level, df)
    assert ours["scott.t-table.df9.c950"] == pytest.approx(sst.t.ppf(0.95, 9))
    assert ours["scott.t-table.df1.c600"] == pytest.approx(sst.t.ppf(0.6, 1))
    assert ours["scott.t-table.df13.c995"] == pytest.approx(sst.t.ppf(0.995, 13))
    assert {claims.judge(cid, v).verdict for cid, v in ours.items()} == {"reproduced"}


def test_familywise_chances_and_their_claims():
    chances = comparing_algorithms.familywise_chances()
    assert chances["at least one"] == 0.2 and chances["overall confidence"] == pytest.approx(0.8)
    assert chances["at least one, independent"] == pytest.approx(1 - 0.95 ** 4)
    assert chances["per test"] == pytest.approx(0.05)
    # the bound is sharp: four 5% tests that are never wrong together are wrong 20% of the time
    u = np.random.default_rng(3).random(200_000)
    wrong = np.stack([(0.05 * i <= u) & (u < 0.05 * (i + 1)) for i in range(4)])
    assert wrong.mean(axis=1) == pytest.approx([0.05] * 4, abs=0.003)
    assert wrong.any(axis=0).mean() == pytest.approx(chances["at least one"], abs=0.005)
    ours = comparing_algorithms.ours(familywise=chances)
    assert list(ours) == ["scott.multiple.per-test", "scott.multiple.at-least-one",
                          "scott.multiple.overall-confidence"]
    records = [claims.judge(cid, v) for cid, v in ours.items()]
    assert [r.verdict for r in records] == ["reproduced"] * 3
    # the independent-tests reading would not reproduce the slide: the chance is below 20%
    assert claims.judge("scott.multiple.at-least-one", chances["at least one, independent"]).verdict != "reproduced"
    with pytest.raises(ValueError, match="alpha"):
        comparing_algorithms.familywise_chances(alpha=1.5)


def test_several_datasets_small_is_the_five_learners_mean_accuracy():
    several = comparing_algorithms.several_datasets(scale="small")
    assert list(several.columns) == list(comparing_algorithms.five_learners())
    assert list(several.index) == ["iris", "labor", "zoo", "glass"]
    assert ((several > 0.3) & (several <= 1)).all().all()


def test_rank_tests_null_matches_the_stats_functions_on_one_family():
    """The vectorised simulation's z and Friedman statistics are evalkit.stats' on the same ranks."""
    null = comparing_algorithms.rank_tests_null(scale="small")
    assert null["familywise error"]["uncorrected"] > null["familywise error"]["Holm"] >= \
        null["familywise error"]["Friedman, then Holm"]
    rng = np.random.default_rng(3)
    scores = rng.random((27, 5))
    ranks = (-scores).argsort(axis=1).argsort(axis=1) + 1.0
    mean = ranks.mean(axis=0)
    z = (mean[1:] - mean[0]) / np.sqrt(5 * 6 / (6 * 27))
    assert np.allclose(friedman.control_comparison(scores, control=0).z, z)


def test_other_tests_claim_both_ways():
    """Holds where Holm keeps the error below 5% and uncorrected exceeds it; fails where Holm does not."""
    def frame(uncorrected, holm, friedman_holm, se=0.002):
        return pd.DataFrame({"familywise error": [uncorrected, holm, friedman_holm], "standard_error": [se] * 3},
                            index=["uncorrected", "Holm", "Friedman, then Holm"])

    decide = lambda f: comparing_algorithms.ours(rank_tests=f)["scott.multiple.other-tests"].holds   # noqa: E731
    assert decide(frame(0.17, 0.037, 0.023)) is True
    assert decide(frame(0.17, 0.08, 0.023)) is False       # a correction that lets errors through
    assert decide(frame(0.04, 0.03, 0.02)) is False        # nothing to correct: uncorrected already below 5%
    assert decide(frame(0.17, 0.049, 0.02)) is None        # within the Monte Carlo error of 5%


def test_ten_versus_eleven_both_ways(monkeypatch):
    """The size needed is where the normal interval of the difference first excludes 0; the claim fails
    where the lecture's minimum test set (30) would already tell the errors apart."""
    res = comparing_algorithms.ten_versus_eleven(sizes=(30,))
    n = res["n_needed"]
    diff = lambda k: stats.error_difference_interval(0.11, k, 0.10, k)   # noqa: E731
    assert diff(n).significant and not diff(n - 1).significant
    assert comparing_algorithms.ours(ten_vs_eleven=res) == {"scott.compare.ten-vs-eleven": True}
    monkeypatch.setitem(comparing_algorithms.TEN_VERSUS_ELEVEN, "ANN", 0.60)
    far = comparing_algorithms.ten_versus_eleven(sizes=(30,))
    assert far["n_needed"] <= 30 and far["intervals"]["significant"].all()
    assert comparing_algorithms.ours(ten_vs_eleven=far) == {"scott.compare.ten-vs-eleven": False}
