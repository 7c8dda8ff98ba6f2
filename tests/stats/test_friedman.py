"""Tests of evalkit.stats.friedman: against scipy.stats.friedmanchisquare and scikit-posthocs on random
inputs, and against the worked example of Demsar (2006), Table 6 and Section 3.2.2."""
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats as st

from evalkit.stats import friedman

sp = pytest.importorskip("scikit_posthocs")

#: Demsar (2006): Table 6 (AUC of C4.5, C4.5+m, C4.5+cf and C4.5+m+cf on 14 data sets, and the ranks it
#: prints), Table 5(a) and the statistics of Section 3.2.2, as printed (a data file: its numbers are another
#: paper's, not the book's sources')
DEMSAR = json.loads((Path(__file__).parent / "data" / "demsar2006.json").read_text())
DEMSAR_AUC = np.array(DEMSAR["auc"])
DEMSAR_RANKS = np.array(DEMSAR["ranks"], dtype=float)


def _random_scores(rng, n, k, ties):
    scores = rng.normal(size=(n, k))
    return np.round(scores, 1) if ties else scores


# --------------------------------------------------------------------------- Demsar's worked example
def test_demsars_average_ranks_and_friedman_statistics():
    """Section 3.2.2: the average ranks, chi2_F and F_F, which exceeds the critical F(3, 39)."""
    res = friedman.friedman_test(-DEMSAR_RANKS, tie_correction=False)   # the printed ranks, as scores
    assert res.average_ranks.round(3).tolist() == DEMSAR["average_ranks"]
    assert round(res.statistic, 2) == DEMSAR["chi2_F"]
    assert round(res.iman_davenport_statistic, 2) == DEMSAR["F_F"]
    assert round(st.f.ppf(0.95, 3, 39), 2) == DEMSAR["F_critical_3_39"] and res.iman_davenport_pvalue < 0.05
    # from the printed AUCs the voting data set ties: its two 0.975s share rank 2.5
    assert friedman.average_ranks(DEMSAR_AUC).round(3).tolist() == DEMSAR["average_ranks_of_the_printed_aucs"]


def test_demsars_critical_differences_and_holm_against_c45():
    """Nemenyi's CD at 0.05 and 0.10; Holm against C4.5 rejects two, Bonferroni-Dunn one."""
    assert round(friedman.nemenyi_critical_difference(4, 14), 2) == DEMSAR["nemenyi_cd_05"]
    assert round(friedman.nemenyi_critical_difference(4, 14, alpha=0.10), 2) == DEMSAR["nemenyi_cd_10"]
    nemenyi = friedman.nemenyi_test(-DEMSAR_RANKS)
    assert not nemenyi.significant.any()                       # "not powerful enough" at 0.05
    at_10 = friedman.nemenyi_test(-DEMSAR_RANKS, alpha=0.10)
    assert at_10.significant[0, 1] and at_10.significant[0, 3] and not at_10.significant[0, 2]
    holm = friedman.control_comparison(-DEMSAR_RANKS, control=0)
    printed = DEMSAR["holm_versus_c45"]
    assert [DEMSAR["names"][j] for j in holm.others] == printed["others"]
    assert (-holm.z).tolist() == pytest.approx(printed["z"], abs=2e-3)      # Demsar rounds the standard error
    assert holm.pvalues.tolist() == pytest.approx(printed["p"], abs=1.5e-3)  # C4.5+cf: 0.608 here
    assert holm.reject.tolist() == [True, False, True]        # Holm rejects C4.5+m+cf and C4.5+m
    dunn = friedman.control_comparison(-DEMSAR_RANKS, control=0, method="bonferroni")
    assert dunn.reject.tolist() == [False, False, True]      # Bonferroni-Dunn: C4.5+m "just below" the CD


def test_studentized_range_quantiles_are_demsars_table_5a():
    ours = [friedman.nemenyi_critical_difference(k, 6) / np.sqrt(k * (k + 1) / 36) for k in range(2, 11)]
    assert np.allclose(ours, DEMSAR["table_5a_q05"], atol=1.5e-3)


# --------------------------------------------------------------------------- peers on random inputs
@pytest.mark.parametrize("seed", range(20))
def test_friedman_equals_scipy(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(3, 30)), int(rng.integers(3, 9))
    scores = _random_scores(rng, n, k, ties=seed % 2 == 0)
    ours = friedman.friedman_test(scores)
    theirs = st.friedmanchisquare(*scores.T)
    assert ours.statistic == pytest.approx(theirs.statistic, rel=1e-10)
    assert ours.pvalue == pytest.approx(theirs.pvalue, rel=1e-8, abs=1e-300)
    # Iman-Davenport's F from scipy's chi2
    f = (n - 1) * theirs.statistic / (n * (k - 1) - theirs.statistic)
    assert ours.iman_davenport_statistic == pytest.approx(f, rel=1e-10)


@pytest.mark.parametrize("seed", range(20))
def test_nemenyi_equals_scikit_posthocs(seed):
    rng = np.random.default_rng(100 + seed)
    n, k = int(rng.integers(3, 30)), int(rng.integers(3, 9))
    scores = _random_scores(rng, n, k, ties=seed % 2 == 0)
    ours = friedman.nemenyi_test(scores)
    theirs = sp.posthoc_nemenyi_friedman(pd.DataFrame(scores)).to_numpy()
    np.testing.assert_allclose(ours.pvalues, theirs, rtol=1e-6, atol=1e-9)
    assert ((ours.pvalues <= 0.05) == ours.significant)[~np.eye(k, dtype=bool)].all()


@pytest.mark.parametrize("seed", range(10))
def test_holm_against_a_control_equals_the_computation_by_hand_and_statsmodels(seed):
    """The z statistics by hand from the ranks, and Holm's adjustment by statsmodels."""
    from statsmodels.stats.multitest import multipletests

    rng = np.random.default_rng(200 + seed)
    n, k = int(rng.integers(5, 30)), int(rng.integers(3, 8))
    scores = _random_scores(rng, n, k, ties=True)
    ranks = st.rankdata(-scores, axis=1).mean(axis=0)
    control = int(rng.integers(k))
    res = friedman.control_comparison(scores, control=control)
    others = [j for j in range(k) if j != control]
    z = (ranks[others] - ranks[control]) / np.sqrt(k * (k + 1) / (6 * n))
    np.testing.assert_allclose(res.z, z, rtol=1e-12)
    p = 2 * st.norm.sf(np.abs(z))
    reject, adjusted, _, _ = multipletests(p, alpha=0.05, method="holm")
    np.testing.assert_allclose(res.pvalues_adjusted, adjusted, rtol=1e-10)
    assert res.reject.tolist() == reject.tolist()


# --------------------------------------------------------------------------- edges and bad input
def test_all_alike_and_perfect_agreement():
    tied = friedman.friedman_test(np.ones((5, 3)))
    assert (tied.statistic, tied.pvalue, tied.iman_davenport_pvalue) == (0.0, 1.0, 1.0)
    same = friedman.friedman_test([[3.0, 2.0, 1.0]] * 6)
    assert same.iman_davenport_statistic == np.inf and same.iman_davenport_pvalue == 0.0
    assert same.statistic == pytest.approx(12.0)


def test_direction_of_the_scores():
    errors = [[0.1, 0.2, 0.3]] * 4
    assert friedman.average_ranks(errors, higher_is_better=False).tolist() == [1.0, 2.0, 3.0]
    assert friedman.average_ranks(errors).tolist() == [3.0, 2.0, 1.0]


def test_groups_are_the_maximal_runs_within_the_critical_difference():
    res = friedman.NemenyiResult(np.ones((4, 4)), np.array([1.0, 1.5, 2.4, 3.5]), 1.0, 0.05)
    assert res.groups == [[0, 1], [1, 2]]       # {2, 3} spans 1.1 >= CD: no group
    assert friedman.NemenyiResult(np.ones((3, 3)), np.array([1.0, 2.0, 3.0]), 5.0, 0.05).groups == [[0, 1, 2]]


@pytest.mark.parametrize("bad, match", [
    ([[1.0, 2.0]], "scores"),                        # one data set
    ([[1.0], [2.0], [3.0], [4.0]], "scores"),        # one algorithm
    ([[1.0, np.nan], [2.0, 3.0]], "scores"),
])
def test_bad_scores_are_named(bad, match):
    with pytest.raises((TypeError, ValueError), match=match):
        friedman.friedman_test(bad)


def test_a_control_outside_the_columns_is_named():
    with pytest.raises(ValueError, match="control"):
        friedman.control_comparison(np.ones((4, 3)), control=3)


def test_evalkit_stats_exports_the_friedman_family():
    import evalkit.stats
    from evalkit.stats import friedman

    for name in friedman.__all__:
        assert getattr(evalkit.stats, name) is getattr(friedman, name)
        assert name in evalkit.stats.__all__
