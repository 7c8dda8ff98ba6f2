"""Tests of the registry evalkit/reproductions/network_cv/claims.toml: every claim that is not marked
not_attempted is mapped by exactly one page's ours(), with the claim's type, from small-scale results."""
import numpy as np
import pandas as pd
import pytest

from evalkit import claims
from evalkit.reproductions.network_cv import real_classifiers, real_data, setting, simulated, theorems


@pytest.fixture(scope="module")
def ours(fake_trials, fake_inference_trials, fake_power):
    overlap = setting.resampling_overlap(scale="small").set_index(["labelled", "procedure"])
    grid = theorems.theorem_grid(scale="small", n=(30,), g=(1, 5))
    delta = theorems.theorem3_delta(scale="small", c_max=3)
    fig3 = fake_trials((0.1, 0.2, 0.3, 0.4))
    measured = pd.DataFrame({"data set": ["Enron email", "Political books", "Cora"], "task": ["Executive?", "Neutral?", "x?"],
                             "error corr.": [0.01, 0.2, 0.3], "autocorr.": [0.02, 0.2, 0.6]})
    return [setting.ours(overlap), setting.ours(survey=True),
            theorems.ours(grid, delta, {"Thm 1: step": 0, "Thm 3: Var_corr - Var_obs -> statement's Delta": 1}),
            simulated.ours(formulas=simulated.group_formulas(scale="small"), fig2=simulated.fig2(scale="small", n_trials=50)),
            simulated.ours(variants=simulated.section5_variants(scale="small")),
            real_classifiers.ours(lgm=real_classifiers.lgm_properties(scale="small", n_calibration=4, n_error_networks=2)),
            real_classifiers.ours(fig3=fig3), real_classifiers.ours(inference=fake_inference_trials(0.0, 0.0)),
            real_classifiers.ours(power=fake_power, summary=(fig3, fake_power)),
            real_data.ours(measured=measured), real_data.ours(fig5=fake_trials((0.1, 0.2, 0.3, 0.4, 0.5)))]


def test_every_attempted_claim_is_mapped_exactly_once(ours):
    ids = [cid for part in ours for cid in part]
    assert len(ids) == len(set(ids))
    attempted = {c.id for c in claims.claims_of("neville.") if c.not_attempted is None}
    assert set(ids) == attempted


def test_values_have_the_claims_types(ours):
    for part in ours:
        for cid, value in part.items():
            claim = claims.get_claim(cid)
            if claim.is_numeric:
                assert isinstance(value, (int, float)) and not isinstance(value, bool), cid
            else:
                assert value is None or isinstance(value, (bool, claims.Decision)), cid   # None: undecided


def test_every_part_records_outside_a_kernel(ours):
    for part in ours:
        records = claims.record_all(part)
        assert [r.claim.id for r in records] == list(part)


def test_sentences_state_the_claim():
    if_true, if_false = claims.sentences("neville.sec2.ncv-disjoint")
    assert "agree" in if_true and "not" in if_false and "disjoint" in if_true


def test_registry_tolerances_have_reasons():
    for claim in claims.claims_of("neville."):
        if claim.is_numeric and claim.tolerance_reason is None:
            assert claim.tolerance <= 0.5 * 10 ** -0 or claim.not_attempted
    # P(+) is a mean over networks: judged with its standard error, at the printed rounding
    assert np.isclose(claims.get_claim("neville.sec6-2.positive").tolerance, 0.005)
