"""The bibliographic notes' measures: Gandin-Murphy (Gerrity), MeAE, MPE, MAPE, the pessimistic error."""
import numpy as np
import pytest

from evalkit import metrics

sklearn_metrics = pytest.importorskip("sklearn.metrics")


def gerrity_by_hand(cm):
    """Gerrity (1992) / Wilks (2011, Section 8.3) written out with loops, 1-based as printed."""
    m = np.asarray(cm, float)
    k = m.shape[0]
    p = m.sum(axis=1) / m.sum()
    D = {r: (1 - p[:r].sum()) / p[:r].sum() for r in range(1, k)}
    s = np.zeros((k, k))
    for i in range(1, k + 1):
        for j in range(i, k + 1):
            value = sum(1 / D[r] for r in range(1, i)) - (j - i) + sum(D[r] for r in range(j, k))
            s[i - 1, j - 1] = s[j - 1, i - 1] = value / (k - 1)
    return float(np.sum(s * m) / m.sum())


@pytest.mark.parametrize("seed", range(10))
def test_gandin_murphy_equals_the_formula_written_out(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 6))
    cm = rng.integers(1, 20, (k, k))
    assert metrics.gandin_murphy_skill_score(cm) == pytest.approx(gerrity_by_hand(cm))


@pytest.mark.parametrize("seed", range(10))
def test_gandin_murphy_two_classes_is_peirce(seed):
    cm = np.random.default_rng(seed).integers(1, 30, (2, 2))
    assert metrics.gandin_murphy_skill_score(cm) == pytest.approx(metrics.peirce_skill_score(cm))


@pytest.mark.parametrize("k", [3, 4, 5])
def test_gandin_murphy_is_equitable(k):
    rng = np.random.default_rng(k)
    actual = rng.integers(5, 50, k).astype(float)
    perfect = np.diag(actual)
    assert metrics.gandin_murphy_skill_score(perfect) == pytest.approx(1.0)
    for _ in range(5):   # predictions independent of the actual class (random, or constant): expected score 0
        q = rng.dirichlet(np.ones(k))
        assert metrics.gandin_murphy_skill_score(np.outer(actual, q)) == pytest.approx(0.0, abs=1e-12)
    constant = np.zeros((k, k))
    constant[:, 0] = actual
    assert metrics.gandin_murphy_skill_score(constant) == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_forecast_errors_against_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    y = rng.uniform(1, 10, 50) * rng.choice([-1, 1], 50)
    f = y + rng.normal(0, 2, 50)
    assert metrics.median_absolute_error(y, f) == pytest.approx(sklearn_metrics.median_absolute_error(y, f))
    assert metrics.mean_absolute_percentage_error(y, f) == pytest.approx(
        100 * sklearn_metrics.mean_absolute_percentage_error(y, f))
    assert metrics.mean_percentage_error(y, f) == pytest.approx(100 * np.mean((y - f) / y))


def test_hand_computations_and_bad_input():
    assert metrics.mean_percentage_error([2, 4], [1, 5]) == pytest.approx(100 * (0.5 - 0.25) / 2)
    assert metrics.pessimistic_error(4, 7, 24) == 7.5 / 24
    assert metrics.pessimistic_error(10, 30, 1000, leaf_penalty=1) == 0.04
    with pytest.raises(ValueError, match="y_true must be non-zero"):
        metrics.mean_absolute_percentage_error([0, 1], [1, 1])
    with pytest.raises(ValueError, match="same length"):
        metrics.median_absolute_error([1, 2], [1])
    with pytest.raises(ValueError, match="n_leaves"):
        metrics.pessimistic_error(1, 0, 10)
    with pytest.raises(ValueError, match="must not exceed"):
        metrics.pessimistic_error(11, 1, 10)
    with pytest.raises(ValueError, match="every actual class"):
        metrics.gandin_murphy_skill_score([[1, 0, 0], [0, 0, 0], [0, 0, 1]])
