"""Tests of evalkit.stats.agreement: replicability R(k, n)."""
import numpy as np
import pytest

from evalkit.stats import (
    replicability,
    replicability_summary,
)


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


def test_agreement_declared_checks():
    with pytest.raises(ValueError, match="non_rejections must be"):
        replicability_summary([1, np.nan], 10)
    with pytest.raises(TypeError, match="n must be"):
        replicability(1, 10.0)


@pytest.mark.parametrize("huge", [1e308, 2 ** 63, [3, 1e300]])
def test_replicability_refuses_counts_without_an_int64_form(huge):
    with pytest.raises(ValueError, match="^k must be below 2\\*\\*63"):
        replicability(huge, 10)
    with pytest.raises(ValueError, match="^non_rejections must be below 2\\*\\*63"):
        replicability_summary(np.atleast_1d(huge), 10)
