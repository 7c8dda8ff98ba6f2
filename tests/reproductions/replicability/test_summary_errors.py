"""Tests of evalkit.reproductions.replicability.uci_tables.summary_errors: the summary rows' test-retest noise."""
from math import comb

import numpy as np
import pytest

from evalkit import stats
from evalkit.reproductions.replicability import PAPER_DATASET_NAMES, ReplicationResult
from evalkit.reproductions.replicability.uci_tables import summary_errors


def _result(k):
    counts = {"5x2cv": {p: np.asarray(k) for p in ("NB vs C4.5", "NB vs NN", "C4.5 vs NN")}}
    return ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)


def test_the_noise_matches_the_binomial_model():
    k = np.full(27, 5)                        # every data set split evenly: p = 5.5 / 11 = 0.5
    errors = summary_errors.summary_standard_errors(_result(k), draws=20000, rng=3)
    # a data set is consistent on a rerun with probability 2 / 2**10: the count over 27 is binomial
    p = 2 * 0.5 ** 10
    assert errors["bf.table1.nb-c45.consistent"]["std_error"] == pytest.approx(np.sqrt(27 * p * (1 - p)), rel=0.05)
    r = stats.replicability(np.arange(11), 10)
    weights = np.array([comb(10, i) for i in range(11)]) / 2 ** 10          # k ~ Binomial(10, 1/2)
    sd_one = np.sqrt(weights @ r ** 2 - (weights @ r) ** 2)
    assert errors["bf.table1.nb-c45.r"]["std_error"] == pytest.approx(sd_one / np.sqrt(27), rel=0.05)
    assert errors["bf.table1.nb-c45.r"]["source_std_error"] == errors["bf.table1.nb-c45.r"]["std_error"]


def test_a_data_set_whose_runs_all_agreed_can_disagree_on_a_rerun():
    errors = summary_errors.summary_standard_errors(_result(np.full(27, 10)), draws=2000, rng=0)
    assert errors["bf.table1.nb-nn.consistent"]["std_error"] > 0


def test_same_seed_same_numbers():
    res = _result(np.arange(27) % 11)
    assert summary_errors.summary_standard_errors(res, draws=300, rng=5) == \
        summary_errors.summary_standard_errors(res, draws=300, rng=5)


def _uniform_result(k_by_test, default):
    """A ReplicationResult in which test t gives every data set and pair the count k_by_test.get(t, default)."""
    from evalkit.reproductions.replicability import PAIR_SLUGS, SUMMARY_CLAIMS

    counts = {t: {pair: np.full(27, k_by_test.get(t, default)) for pair in PAIR_SLUGS}
              for t in list(SUMMARY_CLAIMS) + ["corrected 10x10 CV"]}
    return ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)


def _decided(result, part, cid):
    return summary_errors.decided_predicates(**{part: result})[cid].holds


def test_thresholds_are_decided_with_the_rows_test_retest_noise():
    """Each threshold predicate says True on a confirming run, False on a counter-example, and
    None where the rerun noise cannot tell (every test equally replicable)."""
    thresholds = ("bf.sec4_2.r-09-at-100", "bf.sec4_2.almost-80pct-at-100", "bf.sec4_3.table4-r-above-09")
    below = ("bf.sec4_1.consistent-below-half", "bf.sec4_1.almost-below-66")
    consistent, inconsistent = _uniform_result({}, 10), _uniform_result({}, 5)   # R = 1, R = 4/9
    for result, holds in ((consistent, True), (inconsistent, False)):
        preds = summary_errors.decided_predicates(reading=result, conclusions=result)
        assert [preds[c].holds for c in thresholds] == [holds] * 3
        assert [preds[c].holds for c in below] == [not holds] * 2
        assert preds["bf.sec4_1.r-low"].holds is None and preds["bf.sec4_3.cv10x10-best"].holds is None
    assert _decided(_uniform_result({"5x2cv": 5}, 10), "conclusions", "bf.sec4_1.r-low") is True
    assert _decided(_uniform_result({"5x2cv": 10}, 5), "conclusions", "bf.sec4_1.r-low") is False
    rising = {f"resampled corrected, {n} runs": k for n, k in ((10, 5), (20, 3), (50, 1), (100, 0))}  # R rises
    falling = {t: 5 - k for t, k in rising.items()}                                                  # R falls
    assert _decided(_uniform_result(rising, 5), "conclusions", "bf.sec4_2.more-runs-more-replicable") is True
    assert _decided(_uniform_result(falling, 5), "conclusions", "bf.sec4_2.more-runs-more-replicable") is False
    fewer = _uniform_result({"10-fold CV, uncorrected": 5, "resampled corrected, 100 runs": 10}, 5)
    more = _uniform_result({"10-fold CV, uncorrected": 10, "resampled corrected, 100 runs": 5}, 5)
    assert _decided(fewer, "conclusions", "bf.sec4_3.cv10-less-than-resampling100") is True
    assert _decided(more, "conclusions", "bf.sec4_3.cv10-less-than-resampling100") is False


def test_decided_predicates_replace_bools_of_the_page_for_the_same_claims():
    from evalkit import claims
    from evalkit.reproductions.replicability import uci_tables

    result = _uniform_result({}, 7)
    for part in ("reading", "conclusions"):
        plain, decided = uci_tables.ours(**{part: result}), summary_errors.decided_predicates(**{part: result})
        assert set(decided) < set(plain)
        assert all(isinstance(plain[cid], bool) and claims.get_claim(cid).value is True for cid in decided)
        # where the noise decides, the decision agrees with the plain reading
        assert all(d.holds is None or d.holds == plain[cid] for cid, d in decided.items())
