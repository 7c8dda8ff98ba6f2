"""Tests of evalkit.reproductions.scott.ci_test_error: the coverage experiments at a tiny scale, and ours()."""
import numpy as np
import pandas as pd
import pytest
from scipy import stats as sst

from evalkit import claims, stats
from evalkit.reproductions import get_experiment
from evalkit.reproductions.scott import ci_test_error


def ids(prefix):
    return {c.id for c in claims.claims_of(prefix) if c.not_attempted is None}


def test_ci_coverage_is_registered_under_both_names_with_the_cli_defaults():
    spec = get_experiment("ci-coverage")
    assert spec is get_experiment("scott-ci-coverage") and spec.name == "scott-ci-coverage"
    assert spec.scales["book"] == {"n_samples": 40, "n_trials": 10_000, "n_points": 9}
    defaults = {n: p.default for n, p in spec.parameters()}
    assert defaults == {"n_samples": 40, "n_trials": 10_000, "n_points": 9, "p_min": 0.1, "p_max": 0.9,
                        "confidence_level": 0.95, "seed": 0}


def test_ci_coverage_small():
    rows = ci_test_error.ci_coverage(scale="small")
    assert len(rows) == 9 and [r["method"] for r in rows[::3]] == list(stats.INTERVAL_METHODS)
    for r in rows:
        assert r["exact_coverage"] == pytest.approx(stats.interval_coverage(r["true_error"], 30, method=r["method"]))
        assert abs(r["simulated_coverage"] - r["exact_coverage"]) < 5 * max(r["monte_carlo_se"], 0.01)
    assert ci_test_error.ci_coverage(scale="small") == rows   # seeded


def test_coverage_curve_and_grid_are_interval_coverage():
    curve = ci_test_error.coverage_curve(n_samples=25, n_points=7)
    p = np.linspace(0.001, 0.999, 7)
    for m in stats.INTERVAL_METHODS:
        np.testing.assert_array_equal(curve[m].to_numpy(), stats.interval_coverage(p, 25, method=m))
    grid = ci_test_error.coverage_grid(n_samples=(30, 40), true_errors=(0.05, 0.3))
    assert grid.loc[0.05, 30] == stats.interval_coverage(0.05, 30)


def test_the_example_claims_are_the_lectures_interval():
    ours = ci_test_error.ours(example=stats.error_confidence_interval(12, 40))
    assert set(ours) == ids("scott.ci-example.")
    z_95 = claims.source_value("scott.z-table1.c95")   # the slide's rounded quantile
    half = z_95 * np.sqrt(0.3 * 0.7 / 40)              # the slide's formula
    assert ours["scott.ci-example.lower"] == pytest.approx(0.3 - half, abs=1e-4)
    assert {claims.judge(cid, v).verdict for cid, v in ours.items()} == {"reproduced"}


def test_normal_tables_cover_the_three_rows_and_the_80_percent():
    ours = ci_test_error.ours(normal_tables=True)
    expected = ids("scott.z-table1.") | ids("scott.z-table2.") | ids("scott.z-one-sided.") | {"scott.normal.z80"}
    assert set(ours) == expected and len(ours) == 22
    assert ours["scott.z-table1.c95"] == pytest.approx(sst.norm.ppf(0.975))   # two-sided
    assert ours["scott.z-one-sided.c95"] == pytest.approx(sst.norm.ppf(0.95))  # one-sided
    assert ours["scott.z-one-sided.c50"] == pytest.approx(0.0, abs=1e-12)
    # every cell within its tolerance; z_68 only by the rounding of its printed level
    records = {cid: claims.judge(cid, v) for cid, v in ours.items()}
    assert {r.verdict for r in records.values()} == {"reproduced"}
    for cid in ("scott.z-table1.c68", "scott.z-table2.c68"):
        claim = claims.get_claim(cid)
        assert abs(ours[cid] - claim.value) > 0.005 and claim.tolerance_reason   # beyond the two decimals
        low, high = sst.norm.ppf(1 - (1 - np.array([0.675, 0.685])) / 2)
        assert claim.value - claim.tolerance <= low and high <= claim.value + claim.tolerance


def test_one_sided_formula_check_shows_the_printed_formula_is_wrong():
    check = ci_test_error.one_sided_formula_check()
    assert check.index.tolist() == [50, 68, 80, 90, 95, 98, 99]
    assert check["corrected formula agrees"].all()
    assert not check["printed formula agrees"].all()
    assert check.loc[90, "printed formula z_{100-(100-c)/2}"] == pytest.approx(sst.norm.ppf(0.975))


def test_the_formula_predicate_says_true_on_a_confirming_case_and_false_on_the_lecture():
    assert ci_test_error.ours(formula=ci_test_error.one_sided_formula_check()) == {"scott.one-sided.formula": False}
    agreeing = pd.DataFrame({"printed formula agrees": [True, True]})
    assert ci_test_error.ours(formula=agreeing) == {"scott.one-sided.formula": True}
    assert ci_test_error.ours() == {}


def test_the_qualitative_claims_carry_their_sentences_in_the_registry():
    if_true, if_false = claims.sentences("scott.one-sided.formula")
    assert if_true.startswith("The printed formula reproduces") and "does not" in if_false
