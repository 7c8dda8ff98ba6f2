"""Tests of evalkit.relational.theory: theorems 1-3 of Neville et al.: formulas by Monte Carlo and SymPy."""
import numpy as np
import pytest

from evalkit import relational as rel


@pytest.mark.parametrize(
    "n, g, rho, c, dist",
    [(30, 5, 0.0, 0, "bernoulli"), (30, 10, 0.5, 0, "normal"), (100, 10, 0.2, 0, "bernoulli"),
     (100, 1, 0.0, 60, "normal"), (60, 5, 0.0, 30, "bernoulli"), (60, 10, 0.9, 20, "normal"),
     (100, 10, 0.5, 90, "bernoulli"), (20, 10, 0.9, 2, "normal")],
)
def test_observed_variance_matches_monte_carlo(n, g, rho, c, dist):
    est = rel.simulate_mean_variance(n, g, rho, c, distribution=dist, n_samples=20_000, rng=n + c)
    theory = rel.variance_observed(n, g, rho, c, est.sigma2)
    # tolerance from the Monte Carlo error of the variance estimate (4.5 SE: ~7e-6 per case)
    assert abs(est.variance - theory) < 4.5 * est.std_error
    if c == 0:
        assert theory == pytest.approx(rel.variance_correlated(n, g, rho, est.sigma2))
    if rho == 0:
        assert theory == pytest.approx(rel.variance_overlap(n, c, est.sigma2))


def test_theorem3_proof_form_is_right_and_statement_form_is_not():
    n, g, rho, c = 20, 10, 0.9, 2
    corr = rel.simulate_mean_variance(n, g, rho, 0, distribution="normal", n_samples=200_000, rng=1)
    obs = rel.simulate_mean_variance(n, g, rho, c, distribution="normal", n_samples=200_000, rng=2)
    delta = corr.variance - obs.variance
    se = np.hypot(corr.std_error, obs.std_error)
    proof = rel.variance_underestimate(n, g, rho, c)
    statement = rel.variance_underestimate(n, g, rho, c, form="statement")
    assert abs(delta - proof) < 4.5 * se
    assert abs(delta - statement) > 8 * se


def test_theorem_proofs_symbolically():
    sympy = pytest.importorskip("sympy")
    n, c, g, rho, s2, m = sympy.symbols("n c g rho sigma2 m", positive=True)
    # Theorem 1: sum of the covariance matrix of m groups of g, over n^2
    var1 = (n * s2 + m * g * (g - 1) * rho * s2) / n**2
    assert sympy.simplify(var1.subs(m, n / g) - s2 / n * (1 + rho * (g - 1))) == 0
    # Theorem 3: Var_obs from its pair count, the form in the proof, and Delta
    var_obs = ((n - c) * s2 + (n - c) * (n - c - 1) * (g - 1) / (n - 1) * rho * s2) / n**2
    printed_obs = s2 / n * (1 - c / n) * (1 + (1 - c / (n - 1)) * rho * (g - 1))
    assert sympy.simplify(var_obs - printed_obs) == 0
    delta = s2 / n * (1 + rho * (g - 1)) - var_obs
    proof_end = s2 / n * (c / n) * (1 + rho * (g - 1) * (1 + (n - c) / (n - 1)))
    statement = s2 / n * (c / n) * (1 + rho * (g - 1) * ((c - 1) / c + (n - c - 1) / n))
    assert sympy.simplify(delta - proof_end) == 0
    gap = sympy.simplify((proof_end - statement) / (s2 / n * (c / n) * rho * (g - 1)))
    assert sympy.simplify(gap - (1 / c + (2 * n - c - 1) / (n * (n - 1)))) == 0


def test_variance_functions_validate():
    with pytest.raises(ValueError, match="rho"):
        rel.variance_correlated(10, 2, 1.5)
    with pytest.raises(ValueError, match="c \\(common"):
        rel.variance_overlap(10, 11)
    with pytest.raises(ValueError, match="form"):
        rel.variance_underestimate(10, 2, 0.1, 3, form="abstract")
    with pytest.raises(ValueError, match="g must divide n"):
        rel.simulate_mean_variance(10, 3, 0.1)
    np.testing.assert_allclose(rel.variance_correlated([10, 20], 2, 0.5), [0.15, 0.075])


def test_theorems_refuse_arguments_outside_their_domain():
    # evalkit 2.0: variance_correlated(3, 3, -1.0) returned a negative variance, and sigma2 was never checked
    with pytest.raises(ValueError, match="rho must be at least -1/\\(g - 1\\)"):
        rel.variance_correlated(3, 3, -1.0)
    with pytest.raises(ValueError, match="rho"):
        rel.variance_observed(10, 3, -0.6, 2)
    assert rel.variance_correlated(3, 3, -0.5) == pytest.approx(0.0)  # the smallest correlation 3 errors can share
    for func, args in ((rel.variance_correlated, (10, 2, 0.1)), (rel.variance_overlap, (10, 2)),
                       (rel.variance_observed, (10, 2, 0.1, 2)), (rel.variance_underestimate, (10, 2, 0.1, 2))):
        with pytest.raises(ValueError, match="sigma2"):
            func(*args, -1.0)
        with pytest.raises(ValueError, match="sigma2"):
            func(*args, np.nan)
        with pytest.raises(ValueError, match="^n must be"):
            func(0, *args[1:])
        with pytest.raises(ValueError, match="^n must be"):
            func(10.5, *args[1:])
        assert func(*args, 0.0) == 0.0
    with pytest.raises(ValueError, match="^g must be"):
        rel.variance_correlated(10, 2.5, 0.1)
    with pytest.raises(ValueError, match="^c must be"):
        rel.variance_overlap(10, -1)
    with pytest.raises(ValueError, match="^c must be"):
        rel.variance_underestimate(10, 2, 0.1, [1, 2.5])
    with pytest.raises(ValueError, match="rho"):
        rel.variance_correlated(10, 2, np.nan)
    with pytest.raises(TypeError, match="^n must be"):
        rel.simulate_mean_variance(10.0, 2, 0.1)
    with pytest.raises(ValueError, match="^mean must be"):
        rel.simulate_mean_variance(10, 2, 0.1, mean=1.5)
    # whole numbers given as floats (e.g. from a DataFrame) still broadcast
    np.testing.assert_allclose(rel.variance_underestimate(np.array([100.0]), 10.0, 0.5, np.array([1.0, 50.0])),
                               rel.variance_underestimate(100, 10, 0.5, [1, 50]))
