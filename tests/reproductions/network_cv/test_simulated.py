"""Tests of evalkit.reproductions.network_cv.simulated: Table 7's formulas, Fig. 2 and Section 5's
unshown runs with the simulated classifiers, and their claims."""
import numpy as np
import pandas as pd
import pytest

from evalkit import claims
from evalkit import relational as rel
from evalkit.reproductions import _experiment
from evalkit.reproductions.network_cv import simulated


def test_formulas_table():
    table = simulated.group_formulas(scale="small")
    assert table.shape == (12, 6)
    np.testing.assert_allclose(table["error rate, corrected"], table.index.get_level_values("P(err)"))
    p_mg, p_other = rel.group_error_probabilities(0.1, 0.9, formula="printed")
    assert table.loc[(0.1, 0.9), "error rate, printed"] == pytest.approx(0.1 * p_mg + 0.9 * p_other)
    assert table.loc[(0.1, 0.9), "error rate, printed"] > 2.5 * 0.1  # far from the stated P(err)


def test_fig2_small_and_parallel_equals_serial():
    kw = dict(scale="small", prop_labeled=(0.1, 0.9), p_err=(0.1,), err_corr=(0.0, 1.0), n_trials=50)
    serial = simulated.fig2(**kw)
    parallel = simulated.fig2(n_jobs=2, **kw)
    for key in ("2a", "2b"):
        assert serial[key].equals(parallel[key])
    assert set(serial["2a"].procedure) == {"rrs", "ers", "ncv"} and len(serial["2b"]) == 6


def test_section5_variants_small():
    res = simulated.section5_variants(scale="small", exponents=(1.0,), n_resamples=(5, 10), n_trials=50)
    assert set(res) == {"skewed", "dietterich", "folds"}
    assert len(res["skewed"]) == 15 and set(res["skewed"].exponent) == {1.0}
    assert len(res["dietterich"]) == 15 and res["dietterich"].error_correlation.isna().all()
    assert len(res["folds"]) == 8 and set(res["folds"].procedure) == {"rrs", "ers"}
    assert res["skewed"].type1_error.between(0, 1).all()


def test_fig2_claims_on_the_small_run():
    ours = simulated.ours(formulas=simulated.group_formulas(scale="small"), fig2=simulated.fig2(scale="small", n_trials=50))
    p_mg, p_other = rel.group_error_probabilities(0.1, 0.9, formula="printed")
    assert ours["neville.table7.error-rate"] == pytest.approx(0.1 * p_mg + 0.9 * p_other)
    (rec,) = claims.record_all({"neville.table7.error-rate": ours["neville.table7.error-rate"]})
    assert rec.verdict == "source-error"  # the registry's standing note
    with pytest.raises(ValueError, match="formulas and fig2"):
        simulated.ours(fig2={"2a": None, "2b": None})


def test_section5_predicates(fake_variant):
    like = {"rrs": (0.4, 0.3, 0.2, 0.15, 0.1), "ers": (0.35, 0.3, 0.2, 0.1, 0.08), "ncv": (0.05,) * 5}
    assert simulated.like_fig2a(fake_variant(like)) == {"resampling rises": True, "ncv low": True}
    flat = {**like, "rrs": (0.06, 0.06, 0.06, 0.06, 0.058)}  # within two standard errors
    assert simulated.like_fig2a(fake_variant(flat))["resampling rises"] is False
    assert simulated.like_fig2a(fake_variant({**like, "ncv": (0.05, 0.05, 0.09, 0.05, 0.05)}))["ncv low"] is False
    skewed = pd.concat([fake_variant(like, exponent=1.0), fake_variant(flat, exponent=2.0)])
    variants = {"skewed": skewed, "dietterich": fake_variant(flat),
                "folds": pd.DataFrame({"procedure": "rrs", "prop_labeled": 0.9, "n_resamples": [5, 10, 20, 30, 50],
                                       "type1_error": [0.05, 0.07, 0.06, 0.1, 0.14], "n_trials": 1000,
                                       "n_simulations": 10})}
    assert simulated.ours(variants=variants) == {"neville.sec5.skewed-groups-similar": True,
                                                 "neville.sec5.dietterich-similar": False,
                                                 "neville.sec3.folds-increase-type1": True}
    assert not simulated.ours(variants=variants, exponent=2.0)["neville.sec5.skewed-groups-similar"]
    variants["folds"]["type1_error"] = [0.14, 0.1, 0.06, 0.07, 0.05]
    assert not simulated.ours(variants=variants)["neville.sec3.folds-increase-type1"]
    with pytest.raises(ValueError, match="exponent"):
        simulated.ours(variants=variants, exponent=3.0)


def test_bad_arguments_are_refused_before_anything_runs():
    with pytest.raises(ValueError, match="n_trials"):
        simulated.fig2(scale="small", n_trials=0)
    with pytest.raises(ValueError, match="exponent"):
        simulated.ours(variants={}, exponent=-1.0)
    assert simulated.fig2.experiment is _experiment.REGISTRY["network-cv-fig2"]
