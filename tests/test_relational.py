"""Tests of evalkit.relational: theorems by Monte Carlo and SymPy, classifiers against plain loops, peers."""
import networkx as nx
import numpy as np
import pytest
from scipy import stats as sst

from evalkit import relational as rel

# ------------------------------------------------------------------ Theorems 1-3


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


# --------------------------------------------------------- simulated classifiers


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


def test_t_test_rejections_equal_scipy():
    rng = np.random.default_rng(0)
    a = rng.normal(0.8, 0.05, size=(400, 10))
    b = a + rng.normal(0.01, 0.03, size=(400, 10))
    p_rel = sst.ttest_rel(a, b, axis=1).pvalue
    p_ind = sst.ttest_ind(a, b, axis=1).pvalue
    np.testing.assert_array_equal(rel.t_test_rejections(a, b, paired=True), p_rel < 0.05)
    np.testing.assert_array_equal(rel.t_test_rejections(a, b, paired=False, alpha=0.1), p_ind < 0.1)
    assert rel.t_test_rejections([0.1, 0.2, 0.3], [0.0, 0.1, 0.2])  # constant difference: reject
    assert not rel.t_test_rejections([0.1, 0.2, 0.3], [0.1, 0.2, 0.3])


def test_vectorised_multivariate_hypergeometric_matches_numpy():
    rng = np.random.default_rng(5)
    colors = np.array([12, 30, 7, 0, 51])
    ours = rel._multivariate_hypergeometric(np.broadcast_to(colors, (40_000, 5)), 37, rng)
    ref = rng.multivariate_hypergeometric(colors, 37, size=40_000)
    assert (ours.sum(axis=1) == 37).all() and (ours <= colors).all()
    se = ref.std(axis=0) * np.sqrt(2 / 40_000) + 1e-12
    assert (np.abs(ours.mean(axis=0) - ref.mean(axis=0)) < 5 * se + 1e-9).all()
    np.testing.assert_allclose(ours.var(axis=0), ref.var(axis=0), rtol=0.05, atol=1e-9)


def test_group_counts_of_rrs_are_those_of_real_test_masks():
    rng = np.random.default_rng(11)
    labels = rng.integers(0, 10, size=(1, 300))
    drawn = rel._fold_group_counts("rrs", np.repeat(labels, 4000, axis=0), 10, 0.7, 1, 10, rng)[:, 0]
    _, test = rel.network_split_masks("rrs", 300, n_splits=2, prop_labeled=0.7, n_repeats=2000, rng=rng)
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


# ------------------------------------------------------------------- networks


def test_latent_group_model_follows_its_parameters():
    nets = [rel.latent_group_model(300, rng=s) for s in range(20)]
    pos = np.mean([n.labels.mean() for n in nets])
    assert abs(pos - 0.70) < 0.03  # P(+) = 0.75 * 0.9 + 0.25 * 0.1
    within, pairs = 0, 0
    for n in nets:
        a = n.adjacency
        assert (a != a.T).nnz == 0 and a.diagonal().sum() == 0
        type_a = n.group_type[n.group] == "A"
        same = (n.group[:, None] == n.group[None, :]) & type_a[:, None] & type_a[None, :]
        np.fill_diagonal(same, False)
        within += a.toarray()[same].sum()
        pairs += same.sum()
    assert abs(within / pairs - 0.6) < 0.02


def _wvrn_loop(g, y, train, n_iter=99):
    """Straightforward per-node relaxation labelling of wvRN (the reference)."""
    n = g.number_of_nodes()
    prior = (sum(y[i] for i in range(n) if train[i]) + 1) / (train.sum() + 2)
    p = [float(y[i]) if train[i] else prior for i in range(n)]
    beta = 1.0
    for _ in range(n_iter):
        beta *= 0.99
        new = []
        for i in range(n):
            if train[i]:
                new.append(p[i])
                continue
            nb = list(g.neighbors(i))
            m = sum(p[j] for j in nb) / len(nb) if nb else prior
            new.append(beta * m + (1 - beta) * p[i])
        p = new
    return np.array(p)


def _nbc_loop(g, y, train, n_iter=99):
    n = g.number_of_nodes()
    prior = (sum(y[i] for i in range(n) if train[i]) + 1) / (train.sum() + 2)
    cnt = np.zeros((2, 2))
    for u, v in g.edges:
        if train[u] and train[v]:
            cnt[y[u], y[v]] += 1
            cnt[y[v], y[u]] += 1
    like = {c: (cnt[c, 1] + 1) / (cnt[c].sum() + 2) for c in (0, 1)}  # P(neighbour + | c)
    p = [float(y[i]) if train[i] else prior for i in range(n)]
    beta = 1.0
    for _ in range(n_iter):
        beta *= 0.99
        new = []
        for i in range(n):
            if train[i]:
                new.append(p[i])
                continue
            log_pos, log_neg = np.log(prior), np.log(1 - prior)
            for j in g.neighbors(i):
                log_pos += p[j] * np.log(like[1]) + (1 - p[j]) * np.log(1 - like[1])
                log_neg += p[j] * np.log(like[0]) + (1 - p[j]) * np.log(1 - like[0])
            m = 1 / (1 + np.exp(log_neg - log_pos))
            new.append(beta * m + (1 - beta) * p[i])
        p = new
    return np.array(p)


def test_classifiers_equal_plain_loops_on_many_splits():
    net = rel.latent_group_model(60, rng=2)
    g = nx.from_scipy_sparse_array(net.adjacency)
    train, _ = rel.network_split_masks("rrs", 60, n_splits=4, prop_labeled=0.3, rng=3)
    p_w = rel.wvrn(net.adjacency, net.labels, train[0])
    p_n = rel.network_only_bayes(g, net.labels, train[0])
    for s in range(4):
        np.testing.assert_allclose(p_w[s], _wvrn_loop(g, net.labels, train[0, s]), atol=1e-12)
        np.testing.assert_allclose(p_n[s], _nbc_loop(g, net.labels, train[0, s]), atol=1e-10)
    single = rel.wvrn(g, net.labels, train[0, 1])
    np.testing.assert_allclose(single, p_w[1])


def test_classifiers_without_collective_inference_use_labelled_neighbours_only():
    g = nx.path_graph(5)
    y = np.array([1, 0, 1, 1, 0])
    train = np.array([True, False, False, True, True])
    p = rel.wvrn(g, y, train, collective=False)
    assert p.tolist() == [1.0, 1.0, 1.0, 1.0, 0.0]  # node 1: labelled neighbour 0 only; node 2: node 3 only
    p = rel.network_only_bayes(g, y, train, collective=False)
    assert p[0] == 1 and p[4] == 0 and 0 < p[1] < 1


def test_label_autocorrelation_equals_networkx_assortativity():
    rng = np.random.default_rng(0)
    for s in range(5):
        g = nx.gnm_random_graph(80, 200, seed=s)
        y = rng.integers(0, 2, size=80)
        nx.set_node_attributes(g, {i: int(y[i]) for i in range(80)}, "y")
        ref = nx.numeric_assortativity_coefficient(g, "y")
        assert rel.label_autocorrelation(g, y) == pytest.approx(ref, abs=1e-12)
    net = rel.latent_group_model(300, rng=1)
    g = nx.from_scipy_sparse_array(net.adjacency)
    nx.set_node_attributes(g, {i: int(v) for i, v in enumerate(net.labels)}, "y")
    assert rel.label_autocorrelation(net.adjacency, net.labels) == pytest.approx(
        nx.numeric_assortativity_coefficient(g, "y"), abs=1e-12)


def test_error_correlation_equals_corrcoef_over_linked_pairs():
    g = nx.gnm_random_graph(60, 150, seed=3)
    rng = np.random.default_rng(1)
    err = rng.integers(0, 2, size=(3, 60))
    mask = rng.random((3, 60)) < 0.6
    ours = rel.error_correlation(g, err, mask)
    for k in range(3):
        pairs = [(u, v) for u, v in g.edges if mask[k, u] and mask[k, v]]
        x = [err[k, u] for u, v in pairs] + [err[k, v] for u, v in pairs]
        z = [err[k, v] for u, v in pairs] + [err[k, u] for u, v in pairs]
        assert ours[k] == pytest.approx(np.corrcoef(x, z)[0, 1], abs=1e-12)
    assert np.isnan(rel.error_correlation(g, np.zeros(60)))
    with pytest.raises(ValueError, match="binarise"):
        rel.label_autocorrelation(g, np.arange(60) % 3)


def test_perturb_predictions():
    p = np.full(100_000, 0.9)
    out = rel.perturb_predictions(p, 0.3, rng=0)
    assert abs(np.isclose(out, 0.1).mean() - 0.3) < 0.01
    with pytest.raises(ValueError, match="rate"):
        rel.perturb_predictions(p, 1.2)


def test_calibration_and_comparison():
    nets = [rel.latent_group_model(300, rng=s) for s in range(6)]
    cal = rel.calibrate_handicap(nets[2:], 0.3, rng=0)
    assert abs(cal.difference) <= 0.005 and 0 <= cal.rate <= 1
    assert cal.accuracy[cal.handicapped] >= max(cal.accuracy.values())
    a = rel.compare_classifiers(nets[0], cal, procedure="rrs", prop_labeled=0.3, n_trials=30, rng=5)
    b = rel.compare_classifiers(nets[0], cal, procedure="rrs", prop_labeled=0.3, n_trials=30, rng=5)
    np.testing.assert_array_equal(a.accuracy_a, b.accuracy_a)
    assert a.models[0] == cal.handicapped and 0 <= a.rejection_rate() <= 1
    # a much worse second model is detected nearly always
    far = rel.compare_classifiers(nets[0], cal, procedure="rrs", prop_labeled=0.3, n_trials=30, worse_rate=0.4, rng=5)
    assert far.rejection_rate("paired") > 0.9
    rows = rel.within_network_study(nets[:1], nets[2:], prop_labeled=[0.2], n_trials=10, rng=0)
    assert {r["procedure"] for r in rows} == {"rrs", "ncv"} and all(0 <= r["paired"] <= 1 for r in rows)
    with pytest.raises(TypeError, match="CalibrationResult"):
        rel.compare_classifiers(nets[0], 0.1, procedure="ncv", prop_labeled=0.3)


def test_disjoint_subnetworks_partition_the_nodes():
    g = nx.connected_caveman_graph(12, 8)
    y = np.arange(96) % 2
    parts = rel.disjoint_subnetworks(g, y, 4, rng=0)
    assert sum(a.shape[0] for a, _ in parts) == 96
    assert sum(a.nnz for a, _ in parts) / 2 > 0.9 * g.number_of_edges()
    with pytest.raises(ValueError, match="communities"):
        rel.disjoint_subnetworks(g, y, 50, rng=0)
