"""Tests of evalkit.stats.ranks: the Wilcoxon signed-rank test against scipy.stats.wilcoxon."""
import numpy as np
import pytest
from scipy import stats as sst

from evalkit.stats import wilcoxon_signed_rank_test


def _random_differences(rng, k):
    kind = rng.integers(3)
    if kind == 0:
        return rng.normal(0.2, 1, k)  # no ties, no zeros
    if kind == 1:
        return rng.integers(-3, 4, k) / 30  # accuracies on 30 nodes: many ties and zeros
    return np.round(rng.normal(0.1, 1, k), 1)


@pytest.mark.parametrize("alternative", ["two-sided", "less", "greater"])
def test_matches_scipy_on_random_inputs(alternative):
    rng = np.random.default_rng(19)
    # scipy's reference enumerates 2**n sign patterns for a tied sample of n <= 13 (up to 2 s a call)
    for _ in range(150):
        k = int(rng.integers(2, 70))  # exact, conditional and asymptotic regimes
        d = _random_differences(rng, k)
        if not d.any():
            continue
        ours = wilcoxon_signed_rank_test(d, alternative=alternative)
        ref = sst.wilcoxon(d, alternative=alternative)
        assert ours.statistic == pytest.approx(ref.statistic)
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-12)


def test_rows_are_decided_one_by_one_like_scipy_on_each_row():
    rng = np.random.default_rng(5)
    a = rng.integers(20, 30, size=(20, 10)) / 30
    b = rng.integers(20, 30, size=(20, 10)) / 30
    a[0] = b[0] + np.arange(1, 11) / 100  # one clean row among tied ones
    res = wilcoxon_signed_rank_test(a, b)
    assert res.pvalue.shape == (20,)
    assert res.method[0] == "exact" and (res.method[1:] == "conditional").all()
    for i in range(20):
        if (a[i] != b[i]).any():
            assert res.pvalue[i] == pytest.approx(sst.wilcoxon(a[i], b[i]).pvalue, rel=1e-9)
    # the same differences given directly
    np.testing.assert_allclose(wilcoxon_signed_rank_test(a - b).pvalue, res.pvalue)


def test_methods_and_the_exact_null():
    # no ties: the exact null of W+ over n = 5 ranks has 2**5 equally likely sign patterns
    res = wilcoxon_signed_rank_test([1.0, 2.0, 3.0, 4.0, 5.0], alternative="greater")
    assert res.method == "exact" and res.statistic == 15 and res.pvalue == pytest.approx(1 / 32)
    assert wilcoxon_signed_rank_test(np.arange(1.0, 61.0)).method == "asymptotic"
    forced = wilcoxon_signed_rank_test(np.arange(1.0, 61.0), method="exact")
    assert forced.method == "exact" and forced.pvalue == pytest.approx(2 / 2**60)
    asym = wilcoxon_signed_rank_test([1.0, -2.0, 3.0, 4.0, 5.0], method="asymptotic")
    assert asym.pvalue == pytest.approx(sst.wilcoxon([1.0, -2.0, 3.0, 4.0, 5.0], method="asymptotic").pvalue)


def test_all_zero_differences_give_no_evidence():
    # deliberate difference from scipy, which returns NaN: no non-zero difference, p = 1
    res = wilcoxon_signed_rank_test([0.7, 0.8], [0.7, 0.8])
    assert (res.statistic, res.pvalue, res.n_nonzero) == (0.0, 1.0, 0)


def test_bad_input():
    with pytest.raises(ValueError, match="same shape"):
        wilcoxon_signed_rank_test([1.0, 2.0], [1.0])
    with pytest.raises(ValueError, match="x must be.*NaN"):
        wilcoxon_signed_rank_test([1.0, np.nan])
    with pytest.raises(ValueError, match="alternative"):
        wilcoxon_signed_rank_test([1.0, 2.0], alternative="bigger")
    with pytest.raises(ValueError, match="method"):
        wilcoxon_signed_rank_test([1.0, 2.0], method="permutation")
    with pytest.raises(TypeError, match="x must be"):
        wilcoxon_signed_rank_test("abc")
    with pytest.raises(ValueError, match="k >= 1"):
        wilcoxon_signed_rank_test(5.0)


def test_exact_upper_tail_is_never_negative():
    # 1 - cdf used to give a p-value of -8.9e-16 for the extreme upper tail of 60 ranks
    res = wilcoxon_signed_rank_test(np.arange(1.0, 61.0), method="exact", alternative="greater")
    assert res.pvalue == pytest.approx(1 / 2**60, rel=1e-9, abs=0)
    assert wilcoxon_signed_rank_test(np.arange(1.0, 61.0), method="exact").pvalue > 0
