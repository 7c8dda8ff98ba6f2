"""Tests of evalkit.stats.pvalues: Monte Carlo, enrichment and McNemar p-values."""
import numpy as np
import pytest
from scipy import stats as sst

from evalkit.stats import (
    enrichment_pvalue,
    mcnemar_test,
    monte_carlo_pvalue,
)


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


def test_enrichment_pvalue_empty_population_is_an_error():
    # a population of 0 items used to give a silent NaN
    with pytest.raises(ValueError, match="population must be"):
        enrichment_pvalue(0, 0, 0, 0)


def test_monte_carlo_pvalue_declared_checks():
    with pytest.raises(TypeError, match="observed must be"):
        monte_carlo_pvalue("0.5", [0.1, 0.2])
    with pytest.raises(ValueError, match="null_statistics must be"):
        monte_carlo_pvalue(0.5, [0.1, np.nan])
    with pytest.raises(TypeError, match="plus_one must be"):
        monte_carlo_pvalue(0.5, [0.1, 0.2], plus_one=1)


@pytest.mark.parametrize("argument", ["k", "population", "successes", "sample"])
@pytest.mark.parametrize("huge, error", [(1e308, ValueError), (2 ** 63, ValueError), (2 ** 64, TypeError)])
def test_enrichment_pvalue_refuses_counts_without_an_int64_form(argument, huge, error):
    values = {"k": 1, "population": 20, "successes": 10, "sample": 10}
    values[argument] = huge
    with pytest.raises(error, match=f"^{argument} must be"):   # 2**64 has no NumPy integer form at all
        enrichment_pvalue(**values)
