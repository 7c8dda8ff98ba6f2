"""Tests of evalkit.stats.multiple: multiple comparisons."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit.stats import (
    bonferroni,
    familywise_error,
    holm,
    simulate_familywise_error,
)


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
    with pytest.raises(ValueError, match="pvalues must be"):
        holm([0.1, 1.2])
    with pytest.raises(ValueError, match="pvalues must be.*too few entries"):
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


def test_multiple_declared_checks():
    with pytest.raises(ValueError, match="pvalues must be"):
        holm([0.1, np.nan])
    with pytest.raises(TypeError, match="correlation must be"):
        simulate_familywise_error(3, correlation="0.5", n_trials=10, rng=0)
    with pytest.raises(ValueError, match="dependence must be"):
        familywise_error(0.05, 3, dependence="positive")
