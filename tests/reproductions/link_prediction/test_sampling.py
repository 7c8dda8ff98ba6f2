"""Tests of evalkit.reproductions.link_prediction.sampling: the experiments run (on the small stand-in
network), the stable rate's odds match a simulation, and the page's claim values."""
import argparse

import numpy as np
import pandas as pd
import pytest

from evalkit import claims, linkpred
from evalkit.reproductions import _experiment
from evalkit.reproductions.link_prediction import sampling, setups
from helpers.predicates import assert_each_refuted

NAMES = ("link-prediction-theorem41", "link-prediction-auroc-variance", "link-prediction-corollary43",
         "link-prediction-fig7", "link-prediction-fig8", "link-prediction-balanced-sampling")
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


def test_sampling_experiments_on_a_stand_in(shared_data):
    fig7 = sampling.fig7(networks=SMALL, rates=(1e-2, 1.0), n_repeats=3)
    full = fig7[fig7.p == 1.0]
    t = setups.task("email-Eu-core")
    pa = linkpred.evaluate_all_pairs(t.adjacency, t.positives, "preferential_attachment").auroc
    assert full.set_index("predictor").loc["PA", "mean"] == pytest.approx(pa)   # p = 1 is the full evaluation
    cor = sampling.corollary43(networks=SMALL, n_repeats=5)
    assert cor.loc["email-Eu-core", "negatives N"] == t.n_candidates - len(t.positives)


def test_bad_arguments_are_refused_before_any_data_is_loaded():
    with pytest.raises(ValueError, match="rates"):
        sampling.fig7(rates=(0.0, 1.0))


def test_stable_rate_odds_match_a_simulation_of_the_ranges():
    # two predictors at three rates; each cell's 100 draws normal with the given sd:
    # the frequency of each simulated stable rate matches the computed odds
    frame = pd.DataFrame({"network": "n", "predictor": ["PA"] * 3 + ["AA"] * 3, "p": [0.01, 0.1, 1.0] * 2,
                          "sd": [0.0021, 0.0016, 0.0, 0.0030, 0.0012, 0.0]})
    odds = sampling.stable_rate_odds(frame, limit=0.01, n_repeats=100).loc["n"]
    assert abs(odds.sum() - 1) < 1e-9
    rng = np.random.default_rng(5)
    n_sim = 4000
    ranges = np.ptp(rng.normal(size=(n_sim, 6, 100)) * frame["sd"].to_numpy()[None, :, None], axis=2)
    ok = ranges <= 0.01
    at_rate = {p: ok[:, (frame["p"] == p).to_numpy()].all(axis=1) for p in (0.01, 0.1, 1.0)}
    stable = np.where(at_rate[0.01] & at_rate[0.1], 0.01, np.where(at_rate[0.1], 0.1, 1.0))
    for p in (0.01, 0.1, 1.0):
        freq = (stable == p).mean()
        assert abs(freq - odds[p]) < 4 * np.sqrt(odds[p] * (1 - odds[p]) / n_sim) + 1e-3, (p, freq, odds[p])


def test_stable_rate_odds_name_missing_columns():
    with pytest.raises(ValueError, match="fig7 must have the columns network, p and sd"):
        sampling.stable_rate_odds(pd.DataFrame({"network": ["n"], "p": [0.1]}))


def test_ours(sampling_values):
    ours = sampling_values
    assert ours["yang.thm41.statement"] and ours["yang.cor43.statement"] and ours["yang.cor43.facebook-above-condmat"]
    assert ours["yang.fig7.condmat.stable-rate"] == pytest.approx(1e-4)
    assert ours["yang.fig7.facebook.stable-rate"] == pytest.approx(1e-1)
    assert ours["yang.fig8.dblp.stable-rate"] == pytest.approx(1e-4)
    assert ours["yang.fig7.condmat.pa-most-susceptible"] and ours["yang.fig7.facebook.pf-most-susceptible"]
    assert ours["yang.fig7.variance-grows"] and ours["yang.fig7.mean-stable"]


def test_a_stable_rate_the_odds_cannot_decide_is_inconclusive(sampling_inputs):
    fig7 = sampling_inputs["fig7"].copy()
    condmat = fig7.network == "Condmat"
    fig7.loc[condmat & (fig7.p == 1e-4), "sd"] = 0.01      # ranges about 0.05: never stable
    fig7.loc[condmat & (fig7.p == 1e-3), "sd"] = 0.002     # ranges about 0.01: a coin flip
    odds = sampling.stable_rate_odds(fig7).loc["Condmat"]
    stated = claims.source_value("yang.fig7.condmat.stable-rate")          # the paper's 1%
    assert 1 - sampling.STABLE_LEVEL < odds[stated] < sampling.STABLE_LEVEL
    assert sampling.decided_stable_rate(odds, stated=stated) is None
    ours = sampling.ours(**{**sampling_inputs, "fig7": fig7})
    assert ours["yang.fig7.condmat.stable-rate"] is None
    assert claims.judge("yang.fig7.condmat.stable-rate", None).verdict == "inconclusive"
    # the draw itself still reads a rate (its ranges, not redrawn here): the record no longer reports it
    assert sampling.stable_rate(fig7[condmat & (fig7.predictor == "PA")]) == pytest.approx(1e-4)
    # odds that all but exclude the stated rate decide against it, with the likeliest rate
    fig7.loc[condmat & (fig7.p == 1e-3), "sd"] = 0.0005
    assert sampling.ours(**{**sampling_inputs, "fig7": fig7})["yang.fig7.condmat.stable-rate"] == pytest.approx(1e-3)
    with pytest.raises(ValueError, match="odds"):
        sampling.decided_stable_rate(pd.Series(dtype=float))


def _balanced(pf_dev, pa_dev, aupr_mean=0.8, auroc_mean=0.8003):
    index = pd.MultiIndex.from_tuples([(n, p) for n in ("Condmat", "CollegeMsg") for p in ("PA", "AA", "PF")])
    frame = pd.DataFrame({"AUROC, all pairs": 0.8, "AUROC, mean of the samples": auroc_mean,
                          "AUROC, largest deviation": 0.005, "AUPR, all pairs": 0.002,
                          "AUPR, mean of the samples": aupr_mean}, index=index)
    frame.loc[("Condmat", "PF"), "AUROC, largest deviation"] = pf_dev
    frame.loc[("Condmat", "PA"), "AUROC, largest deviation"] = pa_dev
    return frame


def test_balanced_sampling_claims_say_false_on_counter_examples(sampling_inputs):
    sampling_inputs = {k: v for k, v in sampling_inputs.items() if k != "balanced"}
    confirming = sampling.ours(**sampling_inputs, balanced=_balanced(0.008, 0.012))
    assert confirming["yang.s4.1.balanced-deviation.propflow"] and confirming["yang.s4.1.balanced-deviation.pa"]
    assert confirming["yang.s4.1.aupr-responds-to-sampling"]
    counter = sampling.ours(**sampling_inputs, balanced=_balanced(0.0045, 0.0093, aupr_mean=0.0025))
    assert not counter["yang.s4.1.balanced-deviation.propflow"] and not counter["yang.s4.1.balanced-deviation.pa"]
    assert not counter["yang.s4.1.aupr-responds-to-sampling"]             # the AUPR barely moves
    moved = sampling.ours(**sampling_inputs, balanced=_balanced(0.0045, 0.0093, auroc_mean=0.83))
    assert not moved["yang.s4.1.aupr-responds-to-sampling"]               # the AUROC moves too


def test_balanced_sampling_units(shared_data):
    table = sampling.balanced_sampling(networks=("email-Eu-core",), n_repeats=5)
    row = table.loc[("email-Eu-core", "PA")]
    t = setups.task("email-Eu-core")
    assert row["rate"] == pytest.approx(len(t.positives) / (t.n_candidates - len(t.positives)))   # balance
    assert 0 <= row["AUROC, largest deviation"] and row["AUROC, exact SD"] > 0
    assert row["AUPR, mean of the samples"] > row["AUPR, all pairs"]


def test_fig8_does_not_depend_on_n_jobs(shared_data):
    # one unit per network (the stored run's units), in any process
    kwargs = {"networks": ("email-Eu-core", "CollegeMsg"), "rates": (0.1, 1.0), "n_repeats": 3}
    serial, parallel = sampling.fig8(**kwargs, n_jobs=1), sampling.fig8(**kwargs, n_jobs=2)
    pd.testing.assert_frame_equal(serial, parallel)
    assert list(serial["network"].unique()) == list(kwargs["networks"])


def test_sampling_predicates_fail_on_counter_examples(sampling_inputs):
    """The fake run confirms Section 4.1's predicates (test_ours); each of these inputs refutes one."""
    theorem = sampling_inputs["theorem"]
    fig7, fig8 = sampling_inputs["fig7"], sampling_inputs["fig8"]
    off_formula = theorem.assign(ratio=[0.97, 1.6, 0.99])                     # measured variance 60% off
    flat_theorem = theorem.assign(**{"Theorem 4.1": [1e-8, 1e-7, 1e-6]})      # variance falls as p falls
    wobbly = fig7.assign(mean=np.where(fig7.p == 1e-3, 0.81, fig7["mean"]))    # mean 0.01 off at p = 0.001
    shrinking = fig7.assign(min=fig7["mean"] - (fig7.p * 0.01), max=fig7["mean"] + (fig7.p * 0.01))
    swapped_cor = sampling_inputs["corollary"].iloc[::-1].set_axis(sampling_inputs["corollary"].index)
    cases = {
        "yang.eq1.variance": {"theorem": off_formula},
        "yang.thm41.linear-in-inverse-p": {"theorem": off_formula},
        "yang.thm41.statement": {"theorem": flat_theorem},
        "yang.s8.guideline4": {"theorem": flat_theorem},
        "yang.cor43.statement": {"corollary_z": np.array([0.5, -3.4])},
        "yang.cor43.facebook-above-condmat": {"corollary": swapped_cor},
        "yang.fig7.mean-stable": {"fig7": wobbly},
        "yang.fig7.variance-grows": {"fig7": shrinking},
        "yang.fig7.condmat.pa-most-susceptible": {"fig7": fig7.assign(predictor=fig7.predictor.where(
            fig7.network != "Condmat", fig7.predictor.map({"PA": "PF", "PF": "PA"})))},
        "yang.fig8.supervised-same": {"fig8": fig8.assign(mean=np.where(fig8.p == 1e-3, 0.81, fig8["mean"]))},
    }
    assert_each_refuted(sampling.ours, sampling_inputs, cases)
