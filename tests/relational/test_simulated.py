"""Tests of evalkit.relational.simulated: the group-based simulated classifiers and their Type I error study."""
import numpy as np
import pytest
from scipy import stats as sst

from evalkit import relational as rel
from evalkit.relational.simulated import _fold_group_counts, _multivariate_hypergeometric
from evalkit.resampling import network_split_masks
from evalkit.stats import t_test_rejections


@pytest.mark.parametrize("p_err", [0.1, 0.2, 0.3, 0.4])
@pytest.mark.parametrize("err_corr", [0.0, 0.2, 0.6, 1.0])
def test_corrected_formula_gives_the_stated_error_rate(p_err, err_corr):
    p_mg, p_other = rel.group_error_probabilities(p_err, err_corr)
    share = round(10 * p_err) / 10  # M / NG of the groups are chosen
    assert share * p_mg + (1 - share) * p_other == pytest.approx(p_err)
    if err_corr == 0:
        assert p_mg == pytest.approx(p_err) and p_other == pytest.approx(p_err)


def test_printed_formula_does_not():
    p_mg, p_other = rel.group_error_probabilities(0.1, 0.9, formula="printed")
    assert 0.1 * p_mg + 0.9 * p_other == pytest.approx(0.271)
    assert rel.group_error_probabilities(0.4, 0.0, formula="printed")[1] > 1  # not even a probability
    with pytest.raises(ValueError, match="not a probability"):
        rel.group_based_classification(np.full((2, 10), 5), 0.4, 0.0, formula="printed", rng=0)


def test_group_based_classifiers_have_equal_error_and_err_on_their_own_halves():
    counts = np.full((40_000, 10), 30)
    a, b = rel.group_based_classification(counts, 0.2, 0.8, rng=3)
    n = counts.sum()
    se = np.sqrt(0.2 * 0.8 / n) * 10  # generous: errors are correlated within a set
    assert abs(a.sum() / n - 0.2) < se and abs(b.sum() / n - 0.2) < se
    p_mg, p_other = rel.group_error_probabilities(0.2, 0.8)
    # A's chosen groups are among 0-4: groups 5-9 always err at P(MG')
    assert a[:, 5:].sum() / counts[:, 5:].sum() == pytest.approx(p_other, abs=5e-4)
    assert b[:, :5].sum() / counts[:, :5].sum() == pytest.approx(p_other, abs=5e-4)
    with pytest.raises(ValueError, match="more than its half"):
        rel.group_based_classification(counts[:2], 0.6, 0.1, rng=0)


def test_vectorised_multivariate_hypergeometric_matches_numpy():
    rng = np.random.default_rng(5)
    colors = np.array([12, 30, 7, 0, 51])
    ours = _multivariate_hypergeometric(np.broadcast_to(colors, (40_000, 5)), 37, rng)
    ref = rng.multivariate_hypergeometric(colors, 37, size=40_000)
    assert (ours.sum(axis=1) == 37).all() and (ours <= colors).all()
    se = ref.std(axis=0) * np.sqrt(2 / 40_000) + 1e-12
    assert (np.abs(ours.mean(axis=0) - ref.mean(axis=0)) < 5 * se + 1e-9).all()
    np.testing.assert_allclose(ours.var(axis=0), ref.var(axis=0), rtol=0.05, atol=1e-9)


def test_group_counts_of_rrs_are_those_of_real_test_masks():
    rng = np.random.default_rng(11)
    labels = rng.integers(0, 10, size=(1, 300))
    drawn = _fold_group_counts("rrs", np.repeat(labels, 4000, axis=0), 10, 0.7, 1, 10, rng)[:, 0]
    _, test = network_split_masks("rrs", 300, n_splits=2, prop_labeled=0.7, n_repeats=2000, rng=rng)
    masked = np.stack([np.bincount(labels[0][m], minlength=10) for m in test.reshape(-1, 300)])
    se = masked.std(axis=0) / np.sqrt(4000)
    assert (np.abs(drawn.mean(axis=0) - masked.mean(axis=0)) < 6 * se * np.sqrt(2)).all()


def test_group_simulation_null_without_correlation_and_inflation_with_it():
    for proc in ("rrs", "ers", "ncv"):
        res = rel.simulate_group_type1_error(proc, prop_labeled=0.3, err_corr=0.0, n_trials=2000, n_simulations=1, rng=4)
        assert abs(res.type1_error[0] - 0.05) < 5 * np.sqrt(0.05 * 0.95 / 2000)
        assert abs(res.mean_error_correlation[0]) < 0.03
    rrs = rel.simulate_group_type1_error("rrs", prop_labeled=0.1, n_trials=1000, n_simulations=1, rng=5)
    ncv = rel.simulate_group_type1_error("ncv", prop_labeled=0.1, n_trials=1000, n_simulations=1, rng=5)
    assert rrs.type1_error[0] > 0.3 and ncv.type1_error[0] < 0.1


def test_group_simulation_is_reproducible_and_parallel_equals_serial():
    kw = dict(prop_labeled=(0.1, 0.9), n_trials=300, n_simulations=3, rng=9)
    a = rel.simulate_group_type1_error("ers", **kw)
    b = rel.simulate_group_type1_error("ers", n_jobs=2, **kw)
    np.testing.assert_array_equal(a.rejection_rate, b.rejection_rate)
    np.testing.assert_array_equal(a.error_correlation, b.error_correlation)
    with pytest.raises(ValueError, match="prop_labeled"):
        rel.simulate_group_type1_error("rrs", prop_labeled=1.0)
    with pytest.raises(ValueError, match="procedure"):
        rel.simulate_group_type1_error("cv")


def test_t_test_rejections_equal_scipy():
    rng = np.random.default_rng(0)
    a = rng.normal(0.8, 0.05, size=(400, 10))
    b = a + rng.normal(0.01, 0.03, size=(400, 10))
    p_rel = sst.ttest_rel(a, b, axis=1).pvalue
    p_ind = sst.ttest_ind(a, b, axis=1).pvalue
    np.testing.assert_array_equal(t_test_rejections(a, b, paired=True), p_rel < 0.05)
    np.testing.assert_array_equal(t_test_rejections(a, b, paired=False, alpha=0.1), p_ind < 0.1)
    assert t_test_rejections([0.1, 0.2, 0.3], [0.0, 0.1, 0.2])  # constant difference: reject
    assert not t_test_rejections([0.1, 0.2, 0.3], [0.1, 0.2, 0.3])


def test_skewed_group_weights_are_zipf_within_equal_halves():
    w = rel.skewed_group_weights(10, exponent=1.0)
    assert w[:5].sum() == pytest.approx(0.5) and w[5:].sum() == pytest.approx(0.5)
    np.testing.assert_allclose(w[:5] / w[0], 1 / np.arange(1, 6))
    np.testing.assert_allclose(rel.skewed_group_weights(6, exponent=0.0), np.full(6, 1 / 6))
    with pytest.raises(ValueError, match="even"):
        rel.skewed_group_weights(5)
    with pytest.raises(ValueError, match="exponent"):
        rel.skewed_group_weights(10, exponent=-1)


def test_skewed_groups_keep_the_null_and_unequal_halves_are_refused():
    w = rel.skewed_group_weights(10, exponent=2.0)
    for proc in ("rrs", "ncv"):
        res = rel.simulate_group_type1_error(proc, prop_labeled=0.3, err_corr=0.0, group_weights=w, n_trials=2000,
                                             n_simulations=1, rng=4)
        assert abs(res.type1_error[0] - 0.05) < 5 * np.sqrt(0.05 * 0.95 / 2000)
    # uniform weights given explicitly draw other numbers but the same distribution as the default
    explicit = rel.simulate_group_type1_error("rrs", prop_labeled=0.1, group_weights=np.ones(10), n_trials=1000,
                                              n_simulations=1, rng=5)
    default = rel.simulate_group_type1_error("rrs", prop_labeled=0.1, n_trials=1000, n_simulations=1, rng=5)
    assert abs(explicit.type1_error[0] - default.type1_error[0]) < 5 * np.sqrt(0.25 / 1000)
    with pytest.raises(ValueError, match="both halves"):
        rel.simulate_group_type1_error("rrs", group_weights=[2, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    with pytest.raises(ValueError, match="group_weights must be 10"):
        rel.simulate_group_type1_error("rrs", group_weights=[1, 1])


def test_instance_simulation_against_a_loop_reference():
    # one trial by hand: fixed errors of the sample, read through every test set
    res = rel.simulate_instance_type1_error("ncv", prop_labeled=0.5, n_trials=3000, n_simulations=1, rng=1)
    assert abs(res.type1_error[0] - 0.05) < 5 * np.sqrt(0.05 * 0.95 / 3000)  # disjoint folds: a valid test
    assert np.isnan(res.error_correlation).all()
    rng = np.random.default_rng(0)
    rejections = []
    for _ in range(400):
        err = rng.random((2, 300)) < 0.1
        _, test = network_split_masks("rrs", 300, n_splits=30, prop_labeled=0.5, rng=rng)
        rate = np.array([[e[m].mean() for m in test[0]] for e in err])
        rejections.append(sst.ttest_rel(rate[0], rate[1]).pvalue < 0.05)
    ours = rel.simulate_instance_type1_error("rrs", prop_labeled=0.5, n_trials=2000, n_simulations=1, rng=2)
    loop = np.mean(rejections)
    assert abs(ours.type1_error[0] - loop) < 4 * np.sqrt(loop * (1 - loop) * (1 / 400 + 1 / 2000))
    assert ours.type1_error[0] > 0.4  # overlapping test sets re-read one sample's chance difference


def test_instance_simulation_reproducible_parallel_and_checked():
    kw = dict(prop_labeled=(0.1, 0.9), n_trials=200, n_simulations=3, rng=9)
    a = rel.simulate_instance_type1_error("ers", **kw)
    b = rel.simulate_instance_type1_error("ers", n_jobs=2, **kw)
    np.testing.assert_array_equal(a.rejection_rate, b.rejection_rate)
    with pytest.raises(ValueError, match="p_err"):
        rel.simulate_instance_type1_error("rrs", p_err=1.0)
    with pytest.raises(ValueError, match="procedure"):
        rel.simulate_instance_type1_error("cv")


def test_simulation_arguments_are_checked_and_results_compare_safely():
    with pytest.raises(ValueError, match="test"):
        rel.simulate_group_type1_error("ncv", test="wilcoxon")
    with pytest.raises(ValueError, match="p_err"):
        rel.group_error_probabilities(1.0, 0.5)
    with pytest.raises(ValueError, match="err_corr"):
        rel.group_based_classification(np.full((2, 10), 5), 0.1, np.nan, rng=0)
    with pytest.raises(ValueError, match="procedures"):
        rel.simulate_group_type1_grid(procedures=("rrs", "cv"))
    kw = dict(prop_labeled=0.5, n_trials=20, n_simulations=2, rng=0)
    assert rel.simulate_group_type1_error("ncv", **kw) == rel.simulate_group_type1_error("ncv", **kw)
    assert rel.simulate_instance_type1_error("ncv", **kw) == rel.simulate_instance_type1_error("ncv", **kw)
