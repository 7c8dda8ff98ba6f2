"""Intervals for the difference of two error rates: Newcombe vs statsmodels, exact by brute force."""
import itertools

import numpy as np
import pytest
from scipy import stats as sst

from evalkit import stats

proportion = pytest.importorskip("statsmodels.stats.proportion")


@pytest.mark.parametrize("seed", range(10))
def test_newcombe_equals_statsmodels(seed):
    rng = np.random.default_rng(seed)
    n1, n2 = (int(v) for v in rng.integers(1, 300, 2))
    r1, r2 = int(rng.integers(0, n1 + 1)), int(rng.integers(0, n2 + 1))
    level = float(rng.choice([0.9, 0.95, 0.989]))
    ours = stats.error_difference_interval(r1 / n1, n1, r2 / n2, n2, confidence_level=level, method="newcombe")
    low, high = proportion.confint_proportions_2indep(r1, n1, r2, n2, method="newcomb", compare="diff",
                                                      alpha=1 - level)
    assert (ours.low, ours.high) == pytest.approx((low, high), abs=1e-10)


def _upper_tail_sup(r1, n1, r2, n2, delta, p2_grid):
    """sup over p2 of P(X1/n1 - X2/n2 >= observed) when p1 = p2 + delta, by enumerating every outcome."""
    d_obs = r1 / n1 - r2 / n2
    best = 0.0
    for p2 in p2_grid:
        p1 = p2 + delta
        if not 0 <= p1 <= 1:
            continue
        total = sum(sst.binom.pmf(a, n1, p1) * sst.binom.pmf(b, n2, p2)
                    for a, b in itertools.product(range(n1 + 1), range(n2 + 1)) if a / n1 - b / n2 >= d_obs - 1e-12)
        best = max(best, total)
    return best


@pytest.mark.parametrize("r1, n1, r2, n2", [(2, 6, 4, 5), (0, 4, 3, 7), (5, 5, 1, 6)])
def test_exact_lower_bound_is_where_the_exact_test_stops_rejecting(r1, n1, r2, n2):
    res = stats.error_difference_interval(r1 / n1, n1, r2 / n2, n2, method="exact")
    grid = np.linspace(0, 1, 801)
    if res.low > -1 + 1e-6:
        assert _upper_tail_sup(r1, n1, r2, n2, res.low - 0.01, grid) <= 0.025 + 1e-9   # rejected just below
    assert _upper_tail_sup(r1, n1, r2, n2, res.low + 0.01, grid) > 0.025               # accepted just above


@pytest.mark.parametrize("n1, n2", [(8, 8), (5, 40)])
def test_exact_interval_never_covers_less_than_nominal(n1, n2):
    p = np.linspace(0.03, 0.97, 9)
    p1, p2 = np.meshgrid(p, p)
    coverage = stats.difference_interval_coverage(p1, n1, p2, n2, method="exact")
    assert coverage.min() >= 0.95 - 1e-6


def test_coverage_matches_simulation():
    rng = np.random.default_rng(1)
    r1, r2 = rng.binomial(8, 0.2, 20_000), rng.binomial(8, 0.6, 20_000)
    hits = np.mean([stats.error_difference_interval(a / 8, 8, b / 8, 8, method="newcombe").low <= -0.4
                    <= stats.error_difference_interval(a / 8, 8, b / 8, 8, method="newcombe").high
                    for a, b in zip(r1[:3000], r2[:3000])])
    exact = stats.difference_interval_coverage(0.2, 8, 0.6, 8, method="newcombe")
    assert abs(hits - exact) < 4 * np.sqrt(exact * (1 - exact) / 3000)


def test_bad_input():
    with pytest.raises(ValueError, match="whole number of errors"):
        stats.error_difference_interval(0.5, 5, 0.7, 1000, method="newcombe")
    with pytest.raises(ValueError, match="method"):
        stats.error_difference_interval(0.4, 5, 0.7, 1000, method="wald")
    with pytest.raises(ValueError, match="min_probability"):
        stats.difference_interval_coverage(0.4, 5, 0.7, 10, min_probability=2)
    with pytest.raises(ValueError, match="n_1"):
        stats.difference_interval_coverage(0.4, 0, 0.7, 10)


def test_difference_declared_checks():
    with pytest.raises(ValueError, match="true_error_1 and true_error_2 must broadcast"):
        stats.difference_interval_coverage([0.1, 0.2], 5, [0.1, 0.2, 0.3], 5)
    with pytest.raises(ValueError, match="error_1 must be"):
        stats.error_difference_interval(np.nan, 5, 0.5, 10)
    with pytest.raises(TypeError, match="n_2 must be"):
        stats.error_difference_interval(0.2, 5, 0.5, 10.0)
    with pytest.raises(ValueError, match="min_probability must be"):
        stats.difference_interval_coverage(0.1, 5, 0.2, 5, min_probability=1.0)
