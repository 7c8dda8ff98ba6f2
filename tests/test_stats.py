"""Tests of evalkit.stats: the error confidence interval and its coverage."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sst

from evalkit.stats import (
    corrected_repeated_cv_t_test,
    corrected_resampled_t_test,
    five_by_two_cv_t_test,
    mcnemar_test,
    replicability,
    replicability_summary,
    resampled_t_test,
    enrichment_pvalue,
    monte_carlo_pvalue,
    error_difference_interval,
    bonferroni,
    coverage_map,
    familywise_error,
    holm,
    paired_t_test,
    simulate_familywise_error,
    t_critical_value,
    error_confidence_interval,
    interval_coverage,
    simulate_interval_coverage,
)


def test_lecture_example_matches_slide():
    # Scott, lecture 4: 12 of 40 wrong -> [0.158, 0.442] at 95%
    ci = error_confidence_interval(12, 40)
    assert ci.error == pytest.approx(0.30)
    assert round(ci.low, 3) == 0.158 and round(ci.high, 3) == 0.442


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
        (dict(n_errors=-1, n_samples=4), ValueError, "n_errors must be >= 0"),
        (dict(n_errors=1, n_samples=0), ValueError, "n_samples must be >= 1"),
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


# ------------------------------------------------------------ coverage map, t tests


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
    with pytest.raises(ValueError, match="df must be positive"):
        t_critical_value(0.9, 0)


@pytest.mark.parametrize("alternative", ["two-sided", "less", "greater"])
def test_paired_t_test_matches_scipy_on_random_inputs(alternative):
    rng = np.random.default_rng(11)
    for _ in range(100):
        k = int(rng.integers(2, 40))
        x = rng.normal(size=k)
        y = x + rng.normal(rng.normal(0, 0.5), rng.uniform(0.1, 2), size=k)
        level = float(rng.uniform(0.5, 0.99))
        ours = paired_t_test(x, y, alternative=alternative, confidence_level=level)
        ref = sst.ttest_rel(x, y, alternative=alternative)
        assert ours.statistic == pytest.approx(ref.statistic, rel=1e-12)
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-10, abs=1e-300)
        assert ours.df == ref.df
        ci = ref.confidence_interval(confidence_level=level)
        assert ours.low == pytest.approx(ci.low, rel=1e-10) and ours.high == pytest.approx(ci.high, rel=1e-10)


def test_paired_t_test_is_the_lecture_bound():
    # p + t_{c,K-1} s_p with s_p = sqrt(sum (p_i - p)^2 / (K (K - 1)))
    rng = np.random.default_rng(2)
    e1, e2 = rng.uniform(0.1, 0.3, 10), rng.uniform(0.1, 0.3, 10)
    d = e1 - e2
    s_p = np.sqrt(((d - d.mean()) ** 2).sum() / (10 * 9))
    res = paired_t_test(e1, e2, alternative="less", confidence_level=0.95)
    assert res.std_error == pytest.approx(s_p)
    assert res.high == pytest.approx(d.mean() + sst.t.ppf(0.95, 9) * s_p)
    assert (res.high < 0) == (res.pvalue < 0.05)


def test_paired_t_test_zero_variance_is_documented_not_nan():
    res = paired_t_test([0.2, 0.3, 0.4], [0.3, 0.4, 0.5], alternative="less")
    assert res.statistic == -np.inf and res.pvalue == 0.0 and res.low == -np.inf
    same = paired_t_test([0.2, 0.3], [0.2, 0.3])
    assert same.statistic == 0.0 and same.pvalue == 1.0


@pytest.mark.parametrize(
    "x, y, match",
    [([1.0], [2.0], "at least 2 pairs"), ([1, 2], [1, 2, 3], "same length"), ([1, np.nan], [1, 2], "finite")],
)
def test_paired_t_test_bad_input(x, y, match):
    with pytest.raises(ValueError, match=match):
        paired_t_test(x, y)


# ------------------------------------------------------------- multiple comparisons


def holm_by_definition(p, alpha):
    order = np.argsort(p)
    reject = np.zeros(len(p), bool)
    for rank, i in enumerate(order):
        if p[i] <= alpha / (len(p) - rank):
            reject[i] = True
        else:
            break
    return reject


@given(st.lists(st.floats(0, 1), min_size=1, max_size=12), st.sampled_from([0.01, 0.05, 0.1]))
@settings(max_examples=300, deadline=None)
def test_holm_and_bonferroni_by_definition(pvalues, alpha):
    p = np.array(pvalues)
    h = holm(p, alpha=alpha)
    np.testing.assert_array_equal(h.reject, holm_by_definition(p, alpha))
    np.testing.assert_array_equal(h.reject, h.pvalues_adjusted <= alpha)
    b = bonferroni(p, alpha=alpha)
    np.testing.assert_array_equal(b.reject, p * len(p) <= alpha)
    assert np.all(b.reject <= h.reject)  # Holm rejects everything Bonferroni does


def test_multiple_test_bad_input():
    with pytest.raises(ValueError, match="pvalues must lie in"):
        holm([0.1, 1.2])
    with pytest.raises(ValueError, match="non-empty"):
        bonferroni([])
    with pytest.raises(ValueError, match="alpha"):
        holm([0.1], alpha=5)


def test_familywise_error_formulas_and_simulation():
    assert familywise_error(0.05, 4) == pytest.approx(1 - 0.95**4)
    assert familywise_error(0.05, 4, dependence="any") == pytest.approx(0.2)
    sim = simulate_familywise_error(4, n_trials=200_000, rng=3)
    assert abs(sim["uncorrected"] - familywise_error(0.05, 4)) < 4 * sim["standard_error"]
    assert sim["bonferroni"] <= 0.05 + 4 * sim["standard_error"]
    corr = simulate_familywise_error(4, correlation=0.5, n_trials=200_000, rng=4)
    assert corr["uncorrected"] < sim["uncorrected"]  # positive dependence: fewer family-wise errors
    with pytest.raises(ValueError, match="correlation"):
        simulate_familywise_error(4, correlation=1.0)


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


def test_monte_carlo_pvalue():
    null = np.arange(100) / 100
    assert monte_carlo_pvalue(0.95, null, plus_one=False) == 0.05
    assert monte_carlo_pvalue(0.95, null) == pytest.approx(6 / 101)
    assert monte_carlo_pvalue(2.0, null) == pytest.approx(1 / 101)  # never 0 with the +1
    assert monte_carlo_pvalue(2.0, null, plus_one=False) == 0.0
    assert monte_carlo_pvalue(0.0, null, alternative="less") == pytest.approx(2 / 101)
    # the +1 estimate gives a test of exact level under the null (North et al.)
    rng = np.random.default_rng(0)
    rejections = [monte_carlo_pvalue(rng.normal(), rng.normal(size=19)) <= 0.05 for _ in range(20000)]
    assert np.mean(rejections) == pytest.approx(0.05, abs=0.006)
    with pytest.raises(ValueError, match="null_statistics"):
        monte_carlo_pvalue(1.0, [])


def test_enrichment_pvalue_matches_scipy_hypergeom():
    rng = np.random.default_rng(1)
    for _ in range(200):
        pop = int(rng.integers(2, 300))
        succ = int(rng.integers(0, pop + 1))
        samp = int(rng.integers(1, pop + 1))
        lo, hi = max(0, samp - (pop - succ)), min(succ, samp)
        k = int(rng.integers(lo, hi + 1))
        assert enrichment_pvalue(k, pop, succ, samp) == pytest.approx(sst.hypergeom.sf(k - 1, pop, succ, samp))
        assert enrichment_pvalue(k, pop, succ, samp, kind="point") == pytest.approx(sst.hypergeom.pmf(k, pop, succ, samp))
    with pytest.raises(ValueError, match="k must not exceed"):
        enrichment_pvalue(6, 20, 5, 10)


# ------------------------------------------- resampling tests and replicability


def test_five_by_two_matches_mlxtend_on_the_same_splits():
    mlx = pytest.importorskip("mlxtend.evaluate")
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold
    from sklearn.tree import DecisionTreeClassifier

    from evalkit import datasets

    data = datasets.load_arff("diabetes")
    X, y = data.X, data.y
    a, b = LogisticRegression(max_iter=1000), DecisionTreeClassifier(random_state=0)
    t_ref, p_ref = mlx.paired_ttest_5x2cv(estimator1=a, estimator2=b, X=X, y=y, random_seed=1)
    # mlxtend draws each run's seed from RandomState(random_seed).randint(0, 32767) and splits
    # with train_test_split(test_size=0.5); reproduce its differences exactly
    from sklearn.model_selection import train_test_split

    seeds = np.random.RandomState(1)
    d = np.empty((5, 2))
    for i in range(5):
        X1, X2, y1, y2 = train_test_split(X, y, test_size=0.5, random_state=seeds.randint(low=0, high=32767))
        for j, (tr, te) in enumerate([((X1, y1), (X2, y2)), ((X2, y2), (X1, y1))]):
            d[i, j] = a.fit(*tr).score(*te) - b.fit(*tr).score(*te)
    ours = five_by_two_cv_t_test(d)
    assert ours.statistic == pytest.approx(t_ref, rel=1e-12)
    assert ours.pvalue == pytest.approx(p_ref, rel=1e-9)
    assert StratifiedKFold  # imported for readers: the book's designs stratify, mlxtend's does not


def test_resampled_t_test_is_scipy_one_sample():
    rng = np.random.default_rng(7)
    d = rng.normal(0.01, 0.03, size=(10, 10))
    for alt in ("two-sided", "less", "greater"):
        ref = sst.ttest_1samp(d.ravel(), 0.0, alternative=alt)
        ours = resampled_t_test(d, alternative=alt)
        assert ours.statistic == pytest.approx(ref.statistic) and ours.pvalue == pytest.approx(ref.pvalue)


def test_corrected_tests_by_hand():
    rng = np.random.default_rng(8)
    d = rng.normal(0.02, 0.05, size=100)
    n1, n2 = 900, 100
    t_hand = d.mean() / np.sqrt((1 / 100 + n2 / n1) * d.var(ddof=1))
    r = corrected_resampled_t_test(d, n_train=n1, n_test=n2)
    assert r.statistic == pytest.approx(t_hand) and r.df == 99
    assert r.pvalue == pytest.approx(2 * sst.t.sf(abs(t_hand), 99))
    paper = corrected_resampled_t_test(d, n_train=n1, n_test=n2, df=100)  # the paper prints n
    assert paper.statistic == r.statistic and paper.pvalue < r.pvalue
    cv = corrected_repeated_cv_t_test(d.reshape(10, 10), n_train=n1, n_test=n2)
    assert cv.statistic == pytest.approx(t_hand) and cv.df == 99
    # the correction shrinks the statistic relative to the naive test
    assert abs(cv.statistic) < abs(resampled_t_test(d).statistic)
    with pytest.raises(ValueError, match="df must be a positive number"):
        corrected_resampled_t_test(d, n_train=9, n_test=1, df=0)
    with pytest.raises(ValueError, match=r"shape \(5, 2\)"):
        five_by_two_cv_t_test(np.zeros((2, 5)))


def test_mcnemar_matches_mlxtend_and_scipy():
    mlx = pytest.importorskip("mlxtend.evaluate")
    for b, c in [(12, 4), (3, 9), (0, 7), (101, 77)]:
        table = np.array([[50, b], [c, 40]])  # mlxtend: [[both right, 1 right 2 wrong], [1 wrong 2 right, both wrong]]
        chi2, p = mlx.mcnemar(table, corrected=True)
        ours = mcnemar_test(b, c)
        assert ours.statistic == pytest.approx(chi2) and ours.pvalue == pytest.approx(p)
        _, p_exact = mlx.mcnemar(table, exact=True)
        assert mcnemar_test(b, c, exact=True).pvalue == pytest.approx(p_exact)
        assert mcnemar_test(b, c, exact=True).pvalue == pytest.approx(sst.binomtest(b, b + c).pvalue)
    assert mcnemar_test(0, 0).pvalue == 1.0
    # deliberate difference: with n_01 == n_10 the continuity-corrected statistic is 0 here
    # (no evidence either way); mlxtend (and statsmodels) return (0 - 1)^2 / (b + c) > 0
    chi2, _ = mlx.mcnemar(np.array([[50, 20], [20, 40]]), corrected=True)
    assert chi2 == pytest.approx(1 / 40) and mcnemar_test(20, 20).statistic == 0.0


def test_replicability_measures():
    assert replicability(0, 10) == replicability(10, 10) == 1.0
    assert replicability(5, 10) == pytest.approx(40 / 90)
    # R(k, n) is the probability that two distinct runs, drawn at random, agree
    k, n = 3, 10
    outcomes = [1] * k + [0] * (n - k)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    assert replicability(k, n) == pytest.approx(np.mean([outcomes[i] == outcomes[j] for i, j in pairs]))
    s = replicability_summary([10, 10, 9, 1, 0, 5], 10)
    assert (s.consistent, s.almost_consistent) == (3, 5)
    with pytest.raises(ValueError, match="must not exceed"):
        replicability_summary([11], 10)


def test_unpaired_t_test_equals_scipy_ttest_ind_on_random_inputs():
    from scipy import stats as st

    from evalkit.stats import unpaired_t_test

    rng = np.random.default_rng(7)
    for _ in range(50):
        x = rng.normal(size=rng.integers(2, 15))
        y = rng.normal(0.3, 2.0, size=rng.integers(2, 15))
        for alt in ("two-sided", "less", "greater"):
            ours, ref = unpaired_t_test(x, y, alternative=alt), st.ttest_ind(x, y, alternative=alt)
            assert ours.statistic == pytest.approx(ref.statistic, rel=1e-12)
            assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-10, abs=1e-300)
            assert ours.df == ref.df


def test_unpaired_t_test_constant_samples_and_errors():
    from evalkit.stats import unpaired_t_test

    assert unpaired_t_test([0.8, 0.8], [0.7, 0.7]).pvalue == 0.0  # scipy: nan
    assert unpaired_t_test([0.8, 0.8], [0.8, 0.8]).pvalue == 1.0
    with pytest.raises(ValueError, match="at least 2"):
        unpaired_t_test([0.8], [0.7, 0.6])
    with pytest.raises(ValueError, match="x must be"):
        unpaired_t_test([[0.8, 0.7]], [0.7, 0.6])
