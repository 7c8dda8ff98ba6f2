"""AUC confidence intervals and DeLong's test against direct sums over all pairs."""
import numpy as np
import pytest

from evalkit import curves


def _psi(x, y):
    return (x > y) + 0.5 * (x == y)


def delong_reference(y, scores):
    """DeLong et al. (1988) written out literally: placements by double loops, sample covariances.

    ``scores`` is a list of score vectors; returns (aucs, covariance matrix).
    """
    y = np.asarray(y, bool)
    m, n = y.sum(), (~y).sum()
    v10 = np.array([[np.mean([_psi(xp, xn) for xn in s[~y]]) for xp in s[y]] for s in scores])
    v01 = np.array([[np.mean([_psi(xp, xn) for xp in s[y]]) for xn in s[~y]] for s in scores])
    s10 = np.atleast_2d(np.cov(v10))
    s01 = np.atleast_2d(np.cov(v01))
    return v10.mean(axis=1), s10 / m + s01 / n


@pytest.mark.parametrize("seed", range(8))
def test_delong_interval_equals_reference_with_ties(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(6, 60))
    y = rng.random(n) < rng.uniform(0.2, 0.8)
    y[:2], y[2:4] = True, False
    score = rng.integers(0, 6, n) + y * rng.integers(0, 3, n)   # many ties
    auc, cov = delong_reference(y, [score.astype(float)])
    ci = curves.roc_auc_confidence_interval(y, score, confidence_level=0.9)
    assert ci.auc == pytest.approx(auc[0])
    assert ci.auc == pytest.approx(curves.roc_auc(y, score))
    assert ci.std_error == pytest.approx(np.sqrt(cov[0, 0]))
    z = 1.6448536269514722
    assert (ci.low, ci.high) == pytest.approx((auc[0] - z * ci.std_error, auc[0] + z * ci.std_error))


@pytest.mark.parametrize("seed", range(8))
def test_delong_test_equals_reference_with_ties(seed):
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(8, 50))
    y = rng.random(n) < 0.5
    y[:2], y[2:4] = True, False
    a = np.round(y + rng.normal(0, 1, n), 1)
    b = np.round(a + rng.normal(0, 0.7, n), 0)
    aucs, cov = delong_reference(y, [a, b])
    res = curves.delong_test(y, a, b)
    se = np.sqrt(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])
    assert (res.auc_1, res.auc_2) == pytest.approx(tuple(aucs))
    assert res.std_error == pytest.approx(se)
    assert res.statistic == pytest.approx((aucs[0] - aucs[1]) / se)
    from scipy import stats
    assert res.pvalue == pytest.approx(2 * stats.norm.sf(abs(res.statistic)))
    assert res.correlation == pytest.approx(cov[0, 1] / np.sqrt(cov[0, 0] * cov[1, 1]))
    greater = curves.delong_test(y, a, b, alternative="greater")
    less = curves.delong_test(y, a, b, alternative="less")
    assert greater.pvalue + less.pvalue == pytest.approx(1.0)


def test_hanley_mcneil_hand_computation():
    # A = 0.76, |P| = |N| = 5: Q1 = 0.76/1.24, Q2 = 2 * 0.76**2 / 1.76
    q1, q2 = 0.76 / 1.24, 2 * 0.76**2 / 1.76
    var = (0.76 * 0.24 + 4 * (q1 - 0.76**2) + 4 * (q2 - 0.76**2)) / 25
    scores = [169.752, 109.2, 19.21, 1.905, -2.75, -12.64, -29.124, -83.222, -91.554, -128.212]
    labels = [1, 1, 0, 1, 1, 0, 0, 0, 1, 0]
    ci = curves.roc_auc_confidence_interval(labels, scores, method="hanley-mcneil")
    assert ci.std_error == pytest.approx(np.sqrt(var))


def test_degenerate_inputs_have_documented_results():
    y = [1, 1, 0, 0]
    perfect = curves.roc_auc_confidence_interval(y, [4, 3, 2, 1])
    assert (perfect.auc, perfect.std_error, perfect.low, perfect.high) == (1.0, 0.0, 1.0, 1.0)
    same = curves.delong_test(y, [4, 3, 2, 1], [4, 3, 2, 1])
    assert (same.statistic, same.pvalue) == (0.0, 1.0)
    with pytest.raises(ValueError, match="at least 2 positives"):
        curves.roc_auc_confidence_interval([1, 0, 0], [3, 2, 1])
    with pytest.raises(ValueError, match="method"):
        curves.roc_auc_confidence_interval(y, [4, 3, 2, 1], method="bootstrap")
    with pytest.raises(ValueError, match="alternative"):
        curves.delong_test(y, [4, 3, 2, 1], [1, 2, 3, 4], alternative="bigger")
    with pytest.raises(ValueError, match="confidence_level"):
        curves.roc_auc_confidence_interval(y, [4, 3, 2, 1], confidence_level=95)


def test_delong_correlation_is_a_correlation():
    # clipped to [-1, 1]: the ratio of covariances can round just past 1 for equal rankings
    rng = np.random.default_rng(3)
    y = rng.random(40) < 0.5
    s = y + rng.normal(size=40)
    res = curves.delong_test(y, s, 2 * s + 1)
    assert -1.0 <= res.correlation <= 1.0 and res.correlation == pytest.approx(1.0)
    with pytest.raises(ValueError, match="confidence_level must be"):
        curves.roc_auc_confidence_interval(y, s, confidence_level=95)
