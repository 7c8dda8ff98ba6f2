"""Tests of evalkit.reproductions.replicability.summary_errors: the summary rows' test-retest noise."""
from math import comb

import numpy as np
import pytest

from evalkit import stats
from evalkit.reproductions.replicability import PAPER_DATASET_NAMES, ReplicationResult, summary_errors


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
