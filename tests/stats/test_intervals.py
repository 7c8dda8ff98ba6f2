"""Tests of evalkit.stats.intervals: the error confidence interval, its coverage, critical values, the difference interval."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sst

from evalkit import claims
from evalkit.stats import (
    coverage_map,
    error_confidence_interval,
    error_difference_interval,
    interval_coverage,
    simulate_interval_coverage,
    t_critical_value,
)


def test_lecture_example_matches_slide():
    # Scott, lecture 4: 12 of 40 wrong; the slide's interval, from the claims registry
    ci = error_confidence_interval(12, 40)
    for claim_id, ours in [("scott.ci-example.error", ci.error), ("scott.ci-example.lower", ci.low),
                           ("scott.ci-example.upper", ci.high)]:
        assert claims.judge(claim_id, ours).verdict == "reproduced"


def test_normal_interval_is_the_textbook_formula():
    rng = np.random.default_rng(1)
    n = rng.integers(1, 500, size=200)
    r = rng.integers(0, n + 1)
    for level in (0.5, 0.8, 0.95, 0.99):
        ci = error_confidence_interval(r, n, confidence_level=level)
        p = r / n
        z = sst.norm.ppf(0.5 + level / 2)
        np.testing.assert_allclose(ci.low, p - z * np.sqrt(p * (1 - p) / n), rtol=0, atol=1e-14)
        np.testing.assert_allclose(ci.high, p + z * np.sqrt(p * (1 - p) / n), rtol=0, atol=1e-14)


@pytest.mark.parametrize("method", ["wilson", "exact"])
@pytest.mark.parametrize("alternative", ["two-sided", "less", "greater"])
def test_matches_scipy_binomtest_on_random_inputs(method, alternative):
    # reference: scipy.stats.binomtest(r, n, alternative=...).proportion_ci(level, method)
    rng = np.random.default_rng(2)
    for _ in range(150):
        n = int(rng.integers(1, 400))
        r = int(rng.integers(0, n + 1))
        level = float(rng.uniform(0.5, 0.999))
        ref = sst.binomtest(r, n, alternative=alternative).proportion_ci(confidence_level=level, method=method)
        ci = error_confidence_interval(r, n, confidence_level=level, method=method, alternative=alternative)
        assert ci.low == pytest.approx(ref.low, abs=1e-10)
        assert ci.high == pytest.approx(ref.high, abs=1e-10)


def test_broadcasting_and_scalars():
    ci = error_confidence_interval([[0], [5]], [10, 20, 40], method="wilson")
    assert np.shape(ci.low) == (2, 3)
    scalar = error_confidence_interval(3, 10)
    assert isinstance(scalar.low, float) and isinstance(scalar.n_errors, int)
    assert "ErrorConfidenceInterval(error=0.3" in repr(scalar)


def test_degenerate_counts_have_documented_bounds():
    zero = error_confidence_interval(0, 25, method="exact")
    full = error_confidence_interval(25, 25, method="exact")
    assert zero.low == 0.0 and 0 < zero.high < 1
    assert full.high == 1.0 and 0 < full.low < 1
    wald = error_confidence_interval(0, 25)  # zero width: the normal interval's known failure
    assert wald.low == wald.high == 0.0


@given(
    n=st.integers(1, 2000),
    frac=st.floats(0, 1),
    level=st.floats(0.01, 0.999),
    method=st.sampled_from(["normal", "wilson", "exact"]),
)
@settings(max_examples=200, deadline=None)
def test_interval_contains_estimate_and_shrinks_with_level(n, frac, level, method):
    r = int(round(frac * n))
    ci = error_confidence_interval(r, n, confidence_level=level, method=method)
    assert ci.low <= ci.error + 1e-12 and ci.error - 1e-12 <= ci.high
    wider = error_confidence_interval(r, n, confidence_level=min(0.9999, level + 0.0005), method=method)
    assert wider.low <= ci.low + 1e-12 and wider.high >= ci.high - 1e-12


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        (dict(n_errors=5, n_samples=4), ValueError, "must not exceed"),
        (dict(n_errors=-1, n_samples=4), ValueError, "n_errors must be.*negative counts"),
        (dict(n_errors=1, n_samples=0), ValueError, "n_samples must be"),
        (dict(n_errors=1.5, n_samples=4), ValueError, "whole numbers"),
        (dict(n_errors="3", n_samples=4), TypeError, "n_errors"),
        (dict(n_errors=1, n_samples=4, confidence_level=95), ValueError, "0.95, not 95"),
        (dict(n_errors=1, n_samples=4, method="wald"), ValueError, "method must be one of"),
        (dict(n_errors=1, n_samples=4, alternative="upper"), ValueError, "alternative must be one of"),
        (dict(n_errors=[1, 2], n_samples=[3, 4, 5]), ValueError, "broadcast"),
    ],
)
def test_bad_input_names_the_argument(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        error_confidence_interval(**kwargs)


def test_exact_coverage_by_direct_enumeration():
    # coverage = sum of binomial probabilities of the r whose interval covers p
    n, p = 30, 0.1
    cis = [error_confidence_interval(r, n) for r in range(n + 1)]
    direct = sum(sst.binom.pmf(r, n, p) for r, c in enumerate(cis) if c.low <= p <= c.high)
    assert interval_coverage(p, n) == pytest.approx(direct, abs=1e-13)


def test_clopper_pearson_never_undercovers():
    # a theorem: the exact interval's coverage is >= its level for every p and N
    p = np.linspace(0.001, 0.999, 301)
    for n in (5, 17, 30, 100):
        assert np.all(interval_coverage(p, n, method="exact") >= 0.95 - 1e-12)


def test_normal_interval_undercovers_at_small_error_despite_n_30():
    assert interval_coverage(0.02, 30) < 0.5  # r = 0 happens 55% of the time: a zero-width interval


@pytest.mark.parametrize("method", ["normal", "wilson", "exact"])
def test_simulation_agrees_with_exact_coverage(method):
    exact = interval_coverage(0.15, 50, method=method)
    sim = simulate_interval_coverage(0.15, 50, n_trials=40_000, method=method, rng=123)
    assert abs(sim.coverage - exact) < 5 * max(sim.standard_error, 1e-3)


def test_simulation_is_reproducible_and_uses_no_global_state():
    np.random.seed(0)
    a = simulate_interval_coverage(0.3, 40, n_trials=500, rng=7)
    np.random.seed(99)
    b = simulate_interval_coverage(0.3, 40, n_trials=500, rng=7)
    assert a.coverage == b.coverage
    np.testing.assert_array_equal(a.intervals.n_errors, b.intervals.n_errors)


def test_coverage_validates_arguments():
    with pytest.raises(ValueError, match="true_error"):
        interval_coverage(1.5, 10)
    with pytest.raises(TypeError, match="n_samples"):
        interval_coverage(0.5, 10.0)
    with pytest.raises(ValueError, match="n_trials"):
        simulate_interval_coverage(0.5, 10, n_trials=0)


def test_coverage_map_rows_are_interval_coverage():
    p = np.linspace(0.01, 0.5, 7)
    cmap = coverage_map(p, [10, 40, 200], method="wilson")
    assert cmap.shape == (3, 7)
    np.testing.assert_allclose(cmap[1], interval_coverage(p, 40, method="wilson"))


def test_t_critical_values_match_scipy():
    for df in (1, 4, 9, 13, 100):
        for level in (0.6, 0.9, 0.95, 0.995):
            assert t_critical_value(level, df, alternative="less") == pytest.approx(sst.t.ppf(level, df))
            assert t_critical_value(level, df) == pytest.approx(sst.t.ppf(0.5 + level / 2, df))
    with pytest.raises(ValueError, match="df must be"):
        t_critical_value(0.9, 0)


def test_error_difference_interval():
    r = error_difference_interval(0.7, 1000, 0.5, 5)
    se = np.sqrt(0.5 * 0.5 / 5 + 0.7 * 0.3 / 1000)
    assert r.std_error == pytest.approx(se)
    assert (r.low, r.high) == pytest.approx((0.2 - 1.959964 * se, 0.2 + 1.959964 * se), abs=1e-6)
    assert not r.significant
    assert error_difference_interval(0.1, 5000, 0.2, 5000).significant
    with pytest.raises(ValueError, match="error_1"):
        error_difference_interval(1.5, 10, 0.2, 10)
    with pytest.raises(ValueError, match="n_2"):
        error_difference_interval(0.5, 10, 0.2, 0)


def test_critical_values_and_coverage_map_declared_checks():
    from evalkit.stats import coverage_map, normal_critical_value, t_critical_value

    with pytest.raises(ValueError, match="confidence_level and df must broadcast"):
        t_critical_value([0.9, 0.95], [1, 2, 3])
    with pytest.raises(ValueError, match="confidence_level must be"):
        normal_critical_value(np.nan)
    # whole-number float sizes used to fail inside interval_coverage with a TypeError
    np.testing.assert_allclose(coverage_map([0.1], [10.0, 20.0]), coverage_map([0.1], [10, 20]))
    with pytest.raises(ValueError, match="n_samples must be"):
        coverage_map([0.1], [10.5])
