"""Tests of evalkit.reproductions.link_prediction.distance: the experiments run (on the small stand-in
network), the paper's surrogate ranking simulation (Table 2) and its closed form, and the page's claim
values."""
import argparse
import warnings

import numpy as np
import pandas as pd
import pytest

from evalkit import linkpred
from evalkit.reproductions import _experiment
from evalkit.reproductions.link_prediction import distance, setups
from evalkit.reproductions.link_prediction.distance import surrogate
from helpers.predicates import assert_each_refuted

NAMES = ("link-prediction-orderings", "link-prediction-propflow-weighting", "link-prediction-fig10",
         "link-prediction-table2", "link-prediction-fig11", "link-prediction-table3", "link-prediction-table3-lpmade", "link-prediction-walk-inflation",
         "link-prediction-steering")
SMALL = ("email-Eu-core",)


@pytest.mark.parametrize("name", NAMES)
def test_registered_with_presets_and_a_command_line_form(name):
    spec = _experiment.REGISTRY[name]
    assert spec.source == "link_prediction" and {"book", "paper"} <= set(spec.scales) and spec.paper_cost
    assert _experiment.REGISTRY["yang" + name[len("link-prediction"):]] is spec     # the version-2 name
    parser = argparse.ArgumentParser()
    _experiment.add_experiment_parser(parser.add_subparsers(), spec)
    args = parser.parse_args([name, "--scale", "paper"])
    assert args.experiment is spec


def test_table2_presets():
    table2 = _experiment.REGISTRY["link-prediction-table2"]
    assert table2.scales["paper"] == {"simulations": 100_000, "seed": 0}   # the old CLI's defaults
    assert table2.scales["book"] == table2.scales["paper"]                  # read from the results store
    assert table2.stored == ({"scale": "paper"},)


def test_table2_units_pool_to_the_whole_simulation():
    from evalkit.reproductions.link_prediction.distance import surrogate

    counts, seed = (152, 342491, 302, 1658058), np.random.SeedSequence(3)
    whole = surrogate.surrogate_auroc(*counts, 0.5, 10, n_simulations=300, rng=seed)
    d = whole.difference
    parts = [{"n": len(x), "mean_sub": float(s.mean()), "mean_full": float(f.mean()), "mean_difference": float(x.mean()),
              "m2_difference": float(((x - x.mean()) ** 2).sum())}
             for s, f, x in zip(*(np.array_split(a, [70, 200]) for a in (whole.auroc_sub, whole.auroc_full, d)))]
    pooled = surrogate._pooled(parts)
    assert pooled["sigmas"] == pytest.approx(whole.sigmas, rel=1e-12)
    assert pooled["mean_auroc_sub"] == pytest.approx(whole.auroc_sub.mean(), rel=1e-12)
    assert pooled["mean_auroc_full"] == pytest.approx(whole.auroc_full.mean(), rel=1e-12)
    # a unit is the same simulation as surrogate_auroc with its seed
    unit = surrogate._table2_unit(counts, 0.5, 10, 300, np.random.SeedSequence(3))
    assert unit["mean_difference"] == float(d.mean()) and unit["n"] == 300


def test_distance_experiments_on_a_stand_in(shared_data):
    orderings = distance.orderings(networks=SMALL)
    assert set(orderings.columns) >= {"both orderings", "mean", "2-hop pairs"}
    fig10 = distance.fig10(networks=SMALL)
    h = setups.distance_histograms("email-Eu-core")["propflow"]
    assert fig10.loc[("email-Eu-core", "PropFlow"), "all"] == h.pooled().evaluate().auroc
    assert distance.fig11(networks=SMALL).shape[0] == 2
    a = distance.table3(networks=SMALL, repetitions=2)
    b = distance.table3(networks=SMALL, repetitions=2)
    assert a["table3"].equals(b["table3"])                                       # seeded
    assert np.isclose(a["fig13"]["fair"].sum(), 1) and np.isclose(a["fig13"]["kaggle"].sum(), 1)
    steer = distance.steering(network="email-Eu-core", targets=(0.7,))
    assert abs(steer.loc[0.7, "expected AUROC of the scheme"] - 0.7) < 0.01


def test_table2_closed_form_and_the_counts_it_implies(shared_data):
    counts = distance.table2_counts("email-Eu-core")
    t = setups.task("email-Eu-core")
    assert counts["p_f"] + counts["n_f"] == t.n_candidates and counts["p_f"] == len(t.positives)
    closed = distance.table2_closed_form(networks=SMALL, alphas=(0.5,), betas=(1, 2))
    direct = surrogate.surrogate_moments(*counts.values(), 0.5, 2).sigmas
    assert closed.set_index("beta").loc[2, "sigmas"] == direct
    # a table made from known counts gives those counts back (to the grid's resolution)
    truth = {"p_s": 600, "n_s": 79_000, "p_f": 2_400, "n_f": 5_000_000 - 2_400}
    alphas, betas = (0.2, 0.5, 0.9), (10, 30, 50)
    table = pd.DataFrame([[surrogate.surrogate_moments(*truth.values(), a, b).sigmas for b in betas] for a in alphas],
                         index=alphas, columns=betas)
    n_nodes = 3163   # 3163 * 3162 / 2 = 5,000,703 pairs
    implied = distance.table2_implied(table, n_nodes=n_nodes, share=0.25, alphas=alphas, betas=betas)
    assert implied["rms"] < 0.05
    assert implied["N_f / N_s"] == pytest.approx(5_000_000 / 79_600, rel=0.03)
    assert implied["counts"]["p_s"] == pytest.approx(600, rel=0.05)
    with pytest.raises(ValueError, match="share"):
        distance.table2_implied(table, n_nodes=n_nodes, share=1.5, alphas=alphas, betas=betas)


def test_propflow_weighting_does_not_depend_on_n_jobs(shared_data):
    # one unit per network and weighting (the stored run's units), in any process
    pd.testing.assert_frame_equal(distance.propflow_weighting(networks=SMALL, n_jobs=1),
                                  distance.propflow_weighting(networks=SMALL, n_jobs=2))


def test_propflow_weighting_puts_the_weighted_beside_the_01_numbers(shared_data):
    table = distance.propflow_weighting(networks=SMALL)
    row = table.loc[("email-Eu-core", "AUROC, all pairs (Fig. 10)")]
    assert row["weighted"] == distance.fig10(networks=SMALL).loc[("email-Eu-core", "PropFlow"), "all"]
    assert row["unweighted"] == distance.fig10(networks=SMALL, weighted=False).loc[("email-Eu-core", "PropFlow"),
                                                                                   "all"]
    assert np.isclose(row["difference"], row["weighted"] - row["unweighted"])
    # the paper's numbers for Enron, which email-Eu-core stands in for: Table 3 only
    assert table["claim"].dropna().to_dict() == {
        ("email-Eu-core", "AUROC, fair sample (Table 3)"): "yang.table3.enron.pf.fair",
        ("email-Eu-core", "AUROC, Kaggle sample (Table 3)"): "yang.table3.enron.pf.kaggle"}
    assert distance.PROPFLOW_CLAIMS[("CollegeMsg", "AUROC, fair sample (Table 3)")] == "yang.table3.facebook.pf.fair"


def test_bad_arguments_are_refused_before_any_data_is_loaded():
    # declared checks (issue 22): an unknown network is named before the other networks are loaded
    with pytest.raises(ValueError, match=r"networks\[1\] must be one of"):
        distance.fig10(networks=("Condmat", "DBLP"))
    with pytest.raises(ValueError, match="n_nodes"):
        distance.table2_implied(pd.DataFrame([[3.0]], index=[0.5], columns=[10]), n_nodes=50, share=0.5,
                                alphas=(0.5,), betas=(10,))
    with pytest.raises(TypeError, match="n_nodes"):
        distance.table2_implied(pd.DataFrame([[3.0]], index=[0.5], columns=[10]), n_nodes=1000.0, share=0.5,
                                alphas=(0.5,), betas=(10,))


def test_directional_claims_need_the_walks_directional_and_the_rest_not(distance_inputs):
    def values(entry, directional):
        table = distance_inputs["directional"].copy()
        table[entry] = directional
        return distance.ours(**{**distance_inputs, "directional": table})

    assert values("common neighbours", True)["yang.s3.4.propflow-directional"] is False
    assert values("PropFlow (one ordering)", False)["yang.s3.4.propflow-directional"] is False
    assert values("hitting time (one ordering)", False)["yang.s3.4.hitting-time-directional"] is False
    assert values("hitting time (one ordering)", False)["yang.s3.4.propflow-directional"] is True


def test_ours(distance_values):
    ours = distance_values
    assert ours["yang.s3.4.propflow-directional"] and ours["yang.fig5.from-vb"] and ours["yang.fig5.from-va"]
    assert ours["yang.s3.4.hitting-time-directional"]
    assert ours["yang.s4.2.condmat.l2-negatives-at-balance"] == pytest.approx(214000 * 4500 / 9.6e7)
    assert ours["yang.fig10.pa.pooled-above"] is False         # distance 5 beats the pooled pairs
    assert ours["yang.fig10.condmat.pf-inflation"] == pytest.approx(0.8 / 0.59 - 1)
    assert ours["yang.fig10.condmat.pf-above-pa-only-at-2"] is False
    assert ours["yang.table2.a03.b50"] == 5.2 and ours["yang.table2.falls-with-beta"]
    assert ours["yang.table3.kaggle-higher"] is False and ours["yang.table3.max-gain"] == pytest.approx(0.6 / 0.7 - 1)
    assert ours["yang.fig9.decay"]                # 400, 200, 100, 50: a factor 1/2 per step
    assert ours["yang.fig11.increases"] and ours["yang.s4.3.arbitrary-auroc"]
    # PA rises steadily over the distances with >= 100 positives (2-4): not unstable
    assert ours["yang.fig10.dblp.pa-unstable-pf-monotone"] is False


def test_dblp_pattern_needs_pa_unstable_and_propflow_falling(distance_inputs):
    fig10 = distance_inputs["fig10"].copy()
    fig10.loc[("Condmat", "PA"), [2.0, 3.0, 4.0]] = [0.60, 0.66, 0.63]         # PA rises, then falls
    ours = distance.ours(**{**distance_inputs, "fig10": fig10})
    assert ours["yang.fig10.dblp.pa-unstable-pf-monotone"] is True             # PropFlow: 0.59, 0.55, 0.52
    fig10.loc[("Condmat", "PropFlow"), [2.0, 3.0, 4.0]] = [0.52, 0.55, 0.59]   # PropFlow only rises
    assert distance.ours(**{**distance_inputs, "fig10": fig10})["yang.fig10.dblp.pa-unstable-pf-monotone"] is False


def test_rises_with_is_spearmans_sign_and_false_without_a_rank_correlation():
    rises_with = distance._rises_with
    assert rises_with([1, 2, 3], [0.1, 0.3, 0.2]) and not rises_with([1, 2, 3], [0.3, 0.2, 0.1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # scipy would warn (ConstantInputWarning) and give NaN
        assert not rises_with([1, 2, 3], [0.2, 0.2, 0.2])
        assert not rises_with([5, 5, 5], [0.1, 0.2, 0.3])


# ---------------------------------------------------------------- the surrogate simulation (Table 2)

def test_surrogate_expectations():
    p_s, n_s, p_f, n_f, alpha, beta = 30, 970, 100, 99_900, 0.4, 5
    r = surrogate.surrogate_auroc(p_s, n_s, p_f, n_f, alpha, beta, n_simulations=3000, rng=0)
    # P_sub: positions uniform among the top M, so E[AUROC] = 1 - (M - p) / (2 n)
    M = int(alpha * (p_s + n_s))
    e_sub = 1 - (M - p_s) / (2 * n_s)
    assert abs(r.auroc_sub.mean() - e_sub) < 5 * r.auroc_sub.std() / np.sqrt(3000)
    # P_full: the first p_s places uniform in [0, m1), the rest uniform over the free places of [0, m2)
    m1, m2 = int(alpha * (p_s + n_s) * beta), int(alpha * (p_f + n_f))
    mean_free = (m2 * (m2 - 1) / 2 - p_s * (m1 - 1) / 2) / (m2 - p_s)
    e_sum = p_s * (m1 - 1) / 2 + (p_f - p_s) * mean_free
    e_full = 1 - (e_sum - p_f * (p_f - 1) / 2) / (p_f * n_f)
    assert abs(r.auroc_full.mean() - e_full) < 5 * r.auroc_full.std() / np.sqrt(3000)
    assert r.sigmas > 0
    assert np.array_equal(r.auroc_sub, surrogate.surrogate_auroc(p_s, n_s, p_f, n_f, alpha, beta,
                                                           n_simulations=3000, rng=0).auroc_sub)


@pytest.mark.parametrize("args", [(30, 970, 100, 99_900, 0.4, 5),          # the usual case
                                  (100, 10_000, 400, 1_000_000, 0.9, 50),  # beta (p_s + n_s) above p_f + n_f
                                  (152, 342_491, 302, 1_658_058, 0.3, 10)])  # the sign reverses
def test_surrogate_moments_are_what_the_simulation_converges_to(args):
    n = 4000
    m = surrogate.surrogate_moments(*args)
    r = surrogate.surrogate_auroc(*args, n_simulations=n, rng=3)
    for mean, sd, sims in ((m.mean_sub, m.sd_sub, r.auroc_sub), (m.mean_full, m.sd_full, r.auroc_full)):
        assert abs(sims.mean() - mean) < 4 * sd / np.sqrt(n)
        # the standard deviation of a sample SD is about sd / sqrt(2 n); the variance is approximate
        assert abs(sims.std(ddof=1) / sd - 1) < 4 / np.sqrt(2 * n) + 0.01
    assert m.sigmas == pytest.approx(r.sigmas, rel=0.05)
    assert np.sign(m.sigmas) == np.sign(r.sigmas)


def test_surrogate_moments_closed_form_limit():
    # few positives beside their places: sigmas ~ s sqrt(3 p_s) (1 - beta r) / sqrt(1 + s(1-s) + s^2 beta^2 r^2)
    p_s, n_s, p_f, n_f, beta = 1000, 10_000_000, 4000, 1_000_000_000, 20
    s, r = p_s / p_f, (p_s + n_s) / (p_f + n_f)
    approx = s * np.sqrt(3 * p_s) * (1 - beta * r) / np.sqrt(1 + s * (1 - s) + (s * beta * r) ** 2)
    for alpha in (0.2, 0.9):                                   # alpha cancels
        assert surrogate.surrogate_moments(p_s, n_s, p_f, n_f, alpha, beta).sigmas == pytest.approx(approx, rel=0.01)
    with pytest.raises(ValueError, match="alpha must be"):
        surrogate.surrogate_moments(1, 10, 5, 100, 0, 10)


def test_surrogate_places_are_distinct():
    # as many places as positives: only distinct places fill them, and the AUROC is exactly 1
    r = surrogate.surrogate_auroc(5, 5, 20, 20, 0.5, 1, n_simulations=50, rng=1)
    assert np.allclose(r.auroc_full, 1.0) and np.allclose(r.auroc_sub, 1.0)
    r = surrogate.surrogate_auroc(3, 7, 12, 28, 0.3, 2, n_simulations=50, rng=1)
    assert np.allclose(r.auroc_full, 1.0)


def test_surrogate_errors():
    with pytest.raises(ValueError, match="part of the full one"):
        surrogate.surrogate_auroc(10, 10, 5, 100, 0.5, 10)
    with pytest.raises(ValueError, match="alpha must be"):
        surrogate.surrogate_auroc(1, 10, 5, 100, 1.5, 10)
    with pytest.raises(ValueError, match="beta must be"):
        surrogate.surrogate_auroc(1, 10, 5, 100, 0.5, 0.5)



def test_surrogate_refuses_too_few_simulations():
    with pytest.raises(ValueError, match="n_simulations must be an integer >= 2"):
        surrogate.surrogate_auroc(10, 100, 20, 1000, 0.2, 2, n_simulations=1)


def test_table3_lpmade_at_two_steps_reaches_exactly_the_two_hop_positives(shared_data):
    # PropFlow with l = 2 on positive weights reaches a pair iff it is within 2 steps: the share of
    # the positive orderings it reaches is Condmat's share of positives at distance 2
    table = distance.table3_lpmade(scale="small")
    assert list(table.index) == [2]
    t = setups.task("Condmat")
    pairs = linkpred.two_hop_pairs(t.adjacency)
    n = t.n_nodes
    pos = np.sort(t.positives, axis=1)
    two_hop = np.isin(pos[:, 0] * n + pos[:, 1], pairs[:, 0] * n + pairs[:, 1]).mean()
    assert table.loc[2, "reached"] == pytest.approx(two_hop, abs=1e-12)
    # the streamed AUROCs are those of the histograms over the same pairs
    S = linkpred.propflow(t.weights, max_length=2, symmetrize=None)
    ordered = linkpred.ordered_pair_histogram(t.adjacency, t.positives, S).evaluate().auroc
    mean = linkpred.score_histogram(t.adjacency, t.positives, linkpred.mean_of_orderings(S)).evaluate().auroc
    assert table.loc[2, "ordered"] == pytest.approx(ordered, abs=1e-12)
    assert table.loc[2, "mean"] == pytest.approx(mean, abs=1e-12)
    # the nodes new in 2000 add zero-scored positives and negatives: they pull the AUROC towards 1/2 from above
    assert 0.5 < table.loc[2, "ordered, new nodes"] < table.loc[2, "ordered"] < 1


def test_best_distance_counts_only_distances_with_enough_positives():
    auroc = pd.Series({2.0: 0.58, 4.0: 0.69, 7.0: 0.70, 12.0: 0.74, 13.0: 0.95, np.inf: 0.99})
    positives = {2.0: 1200, 4.0: 648, 7.0: 273, 12.0: 3, 13.0: 1, np.inf: 437}
    best, margin = distance.best_distance(auroc, positives)
    assert best == 7.0 and margin == pytest.approx(0.01)                        # confirming case
    assert distance.best_distance(auroc, positives, min_positives=1)[0] == 13.0  # a single positive would win
    positives[7.0] = 50
    assert distance.best_distance(auroc, positives)[0] == 4.0                  # counter-example
    assert distance.best_distance(auroc, positives, min_positives=10_000) == (None, pytest.approx(float("nan"), nan_ok=True))


def test_decays_exponentially_needs_a_fall_at_every_step_and_a_constant_rate():
    d = [2.0, 3.0, 4.0, 5.0, 6.0, np.inf]
    assert distance.decays_exponentially(d, [1000, 300, 90, 27, 8, 500])            # confirming: 0.3 per step
    assert not distance.decays_exponentially(d, [1200, 650, 648, 637, 448, 437])     # Condmat: flat from 3 to 5
    assert not distance.decays_exponentially(d, [152, 147, 3, 0, 0, 10])             # CollegeMsg: flat, then a cliff
    assert distance.decays_exponentially(d, [1646, 81, 2, 0, 0, 5])                  # email-Eu-core
    assert not distance.decays_exponentially(d, [1000, 500, 30, 25, 8, 0])           # falls, but not by a constant factor
    assert not distance.decays_exponentially(d, [1000, 500, 30, 25, 8, 0], min_r2=0.99, min_step=0.5)
    assert not distance.decays_exponentially(d, [0, 0, 0, 0, 0, 9])


@pytest.mark.parametrize("seed", range(5))
def test_wins_count_the_positives_above_each_negative_ties_one_half(seed):
    from evalkit.reproductions.link_prediction.distance import lpmade

    rng = np.random.default_rng(seed)
    positives = np.sort(np.round(rng.uniform(0, 1, 50), 1))          # many ties
    negatives = np.round(rng.uniform(0, 1, 3000), 1)
    want = sum((positives > x).sum() + 0.5 * (positives == x).sum() for x in negatives)
    lpmade._CHUNK, chunk = 7, lpmade._CHUNK                           # several chunks
    try:
        assert lpmade._wins(positives, negatives) == want
    finally:
        lpmade._CHUNK = chunk


def test_walk_inflation_needs_katz_and_rooted_pagerank_above_pa_on_every_network(distance_inputs, distance_values,
                                                                                walks_table):
    assert distance_values["yang.s4.2.walk-inflation"] is True           # Katz 0.3, PageRank 0.25 > PA 0.1
    below = distance.ours(**{**distance_inputs, "walks": walks_table(katz_lead=0.05)})   # Katz below PA
    assert below["yang.s4.2.walk-inflation"] is False


def test_distance_predicates_fail_on_counter_examples(distance_inputs):
    """The fake results confirm the chapter's predicates; each of these inputs refutes one."""
    from types import SimpleNamespace

    d = distance_inputs
    flat_decay = {n: {"preferential_attachment": SimpleNamespace(
        distance=np.array([2.0, 3.0, 4.0, 5.0, np.inf]), n_positive=np.array([100, 100, 100, 100, 10]),
        n_negative=np.array([1e4, 1e4, 1e4, 1e4, 1e8]))} for n in d["by_distance"]}      # no decay, one imbalance
    def with_column(frame, column, value):
        frame = frame.copy()
        frame[column] = value
        return frame

    fig11_falls = with_column(d["fig11"], 4.0, 0.79)                                       # AUROC dips at 4
    fig11_early = with_column(d["fig11"], 4.0, 0.83)                                       # conspicuous already at 4
    table2_weak = d["table2"] - 7                                                           # below 2 sigmas
    table2_flat = with_column(d["table2"], 50, d["table2"][10])                             # no fall with beta
    table2_alpha = d["table2"].copy()
    table2_alpha.loc[0.3] += 3                                                             # alpha moves it by 3
    kaggle_aa = d["table3"].copy()
    kaggle_aa.loc["Adamic/Adar", (slice(None), "Kaggle")] = 0.9                            # AA gains, not PA
    small_gap = d["fig10"].assign(all=d["fig10"][2.0] + 0.01)
    cases = {
        "yang.fig5.from-vb": {"fig5": np.array([[0, 1 / 3], [0.5, 0]])},
        "yang.fig5.from-va": {"fig5": np.array([[0, 0.5], [1.0, 0]])},
        "yang.s3.4.mean-above-both": {"orderings": d["orderings"].assign(mean=0.5)},
        "yang.s8.guideline6": {"orderings": d["orderings"].assign(**{c: 0.55 for c in d["orderings"].columns})},
        "yang.fig9.decay": {"by_distance": flat_decay},
        "yang.s8.imbalance-differs-by-distance": {"by_distance": flat_decay},
        "yang.fig11.increases": {"fig11": fig11_falls},
        "yang.fig11.condmat.conspicuous-after-4": {"fig11": fig11_early},
        "yang.table2.significant": {"table2": table2_weak},
        "yang.table2.falls-with-beta": {"table2": table2_flat},
        "yang.table2.insensitive-to-alpha": {"table2": table2_alpha},
        "yang.table3.pa-benefits": {"table3": kaggle_aa},
        "yang.fig12.condmat-fair": {"fig13": d["fig13"].assign(fair=0.05)},
        "yang.s4.3.arbitrary-auroc": {"steering": d["steering"].assign(**{"AUROC of the drawn test set": [0.6, 0.7]})},
        "yang.s8.guideline5": {"a_l": np.array([0.5, 0.55])},
        "yang.s8.guideline3": {"fig10": small_gap},
    }
    assert_each_refuted(distance.ours, d, cases)
