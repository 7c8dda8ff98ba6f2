"""Tests of evalkit.reproductions.link_prediction: the data set-ups are defined once, every experiment is
registered with a command-line form, and the experiments run (on the small stand-in network)."""
import argparse

import numpy as np
import pandas as pd
import pytest

from evalkit import claims, linkpred
from evalkit.reproductions import _experiment
from evalkit.reproductions import link_prediction as yang

NAMES = ("yang-table1", "yang-task-sizes", "yang-imbalance", "yang-theorem41", "yang-auroc-variance", "yang-corollary43", "yang-fig7",
         "yang-fig8", "yang-orderings", "yang-propflow-weighting", "yang-fig10", "yang-table2", "yang-fig11", "yang-table3", "yang-steering",
         "yang-new-nodes", "yang-theorem61", "yang-fig14", "yang-fig15", "yang-time-slices")
SMALL = ("email-Eu-core",)


def test_registered_with_presets():
    for name in NAMES:
        spec = _experiment.REGISTRY[name]
        assert spec.source == "yang" and {"book", "paper"} <= set(spec.scales) and spec.paper_cost
    table2 = _experiment.REGISTRY["yang-table2"].scales
    assert table2["paper"] == {"simulations": 100_000, "seed": 0}      # the old CLI's defaults
    assert table2["book"] == {"simulations": 400, "seed": 2015}        # the distance chapter's run


@pytest.mark.parametrize("name", NAMES)
def test_command_line_form(name):
    spec = _experiment.REGISTRY[name]
    parser = argparse.ArgumentParser()
    _experiment.add_experiment_parser(parser.add_subparsers(), spec)
    args = parser.parse_args([name, "--scale", "paper"])
    assert args.experiment is spec


def test_utc_and_periods():
    assert yang.utc(2000) == 946684800
    assert yang.periods("Condmat") == {"start": yang.utc(1995), "split": yang.utc(2000), "end": yang.utc(2001)}
    with pytest.raises(ValueError, match="network must be one of"):
        yang.periods("DBLP")
    with pytest.raises(ValueError, match="end must be one of"):
        yang.periods("Condmat", end="max+1")


def test_open_and_closed_label_periods_give_the_same_task(shared_data):
    ev = yang.events("email-Eu-core")
    closed = yang.periods("email-Eu-core", end="last event")
    assert closed["end"] == int(ev.time.max()) + 1 and "end" not in yang.periods("email-Eu-core")
    a, b = yang.task("email-Eu-core"), yang.task("email-Eu-core", end="last event")
    assert np.array_equal(a.positives, b.positives) and (a.adjacency != b.adjacency).nnz == 0
    assert yang.task("email-Eu-core") is a                                       # built once


def test_distance_experiments_on_a_stand_in(shared_data):
    orderings = yang.orderings(networks=SMALL)
    assert set(orderings.columns) >= {"both orderings", "mean", "2-hop pairs"}
    fig10 = yang.fig10(networks=SMALL)
    h = yang.distance_histograms("email-Eu-core")["propflow"]
    assert fig10.loc[("email-Eu-core", "PropFlow"), "all"] == h.pooled().evaluate().auroc
    assert yang.fig11(networks=SMALL).shape[0] == 2
    a = yang.table3(networks=SMALL, repetitions=2)
    b = yang.table3(networks=SMALL, repetitions=2)
    assert a["table3"].equals(b["table3"])                                       # seeded
    assert np.isclose(a["fig13"]["fair"].sum(), 1) and np.isclose(a["fig13"]["kaggle"].sum(), 1)
    steer = yang.steering(network="email-Eu-core", targets=(0.7,))
    assert abs(steer.loc[0.7, "expected AUROC of the scheme"] - 0.7) < 0.01


def test_table2_closed_form_and_the_counts_it_implies(shared_data):
    counts = yang.table2_counts("email-Eu-core")
    t = yang.task("email-Eu-core")
    assert counts["p_f"] + counts["n_f"] == t.n_candidates and counts["p_f"] == len(t.positives)
    closed = yang.table2_closed_form(networks=SMALL, alphas=(0.5,), betas=(1, 2))
    direct = linkpred.surrogate_moments(*counts.values(), 0.5, 2).sigmas
    assert closed.set_index("beta").loc[2, "sigmas"] == direct
    # a table made from known counts gives those counts back (to the grid's resolution)
    truth = {"p_s": 600, "n_s": 79_000, "p_f": 2_400, "n_f": 5_000_000 - 2_400}
    alphas, betas = (0.2, 0.5, 0.9), (10, 30, 50)
    table = pd.DataFrame([[linkpred.surrogate_moments(*truth.values(), a, b).sigmas for b in betas] for a in alphas],
                         index=alphas, columns=betas)
    n_nodes = 3163   # 3163 * 3162 / 2 = 5,000,703 pairs
    implied = yang.table2_implied(table, n_nodes=n_nodes, share=0.25, alphas=alphas, betas=betas)
    assert implied["rms"] < 0.05
    assert implied["N_f / N_s"] == pytest.approx(5_000_000 / 79_600, rel=0.03)
    assert implied["counts"]["p_s"] == pytest.approx(600, rel=0.05)
    with pytest.raises(ValueError, match="share"):
        yang.table2_implied(table, n_nodes=n_nodes, share=1.5, alphas=alphas, betas=betas)


def test_propflow_walks_on_the_weighted_network_and_the_others_do_not_change(shared_data):
    t = yang.task("email-Eu-core")
    # the weights are message counts: at least 1 where there is an edge, more on busy pairs
    assert ((t.weights != 0) != (t.adjacency != 0)).nnz == 0 and t.weights.data.min() == 1
    assert t.weights.data.max() > 1
    weighted = yang.directed_propflow("email-Eu-core")
    np.testing.assert_allclose(weighted.toarray(), linkpred.propflow(t.weights, symmetrize=None).toarray())
    flat = yang.directed_propflow("email-Eu-core", weighted=False)
    assert abs(weighted - flat).max() > 0.01
    w, u = yang.distance_histograms("email-Eu-core"), yang.distance_histograms("email-Eu-core", weighted=False)
    assert w["preferential_attachment"] is u["preferential_attachment"] and w["propflow"] is not u["propflow"]
    table = yang.propflow_weighting(networks=SMALL)
    row = table.loc[("email-Eu-core", "AUROC, all pairs (Fig. 10)")]
    assert row["weighted"] == yang.fig10(networks=SMALL).loc[("email-Eu-core", "PropFlow"), "all"]
    assert row["unweighted"] == yang.fig10(networks=SMALL, weighted=False).loc[("email-Eu-core", "PropFlow"), "all"]
    assert np.isclose(row["difference"], row["weighted"] - row["unweighted"])
    # the paper's numbers for Enron, which email-Eu-core stands in for: Table 3 only
    assert table["claim"].dropna().to_dict() == {
        ("email-Eu-core", "AUROC, fair sample (Table 3)"): "yang.table3.enron.pf.fair",
        ("email-Eu-core", "AUROC, Kaggle sample (Table 3)"): "yang.table3.enron.pf.kaggle"}
    assert yang.PROPFLOW_CLAIMS[("CollegeMsg", "AUROC, fair sample (Table 3)")] == "yang.table3.facebook.pf.fair"


def test_condmat_is_weighted_as_lpmade_weights_it(shared_data):
    # every Condmat paper of k >= 2 distinct authors adds 1 to each author's weighted degree
    ev = yang.events("Condmat")
    assert ev.weight is not None and set(np.round(1 / ev.weight + 1).astype(int)) <= set(range(2, 200))


def test_measures_experiments_on_a_stand_in(shared_data):
    check = yang.theorem61(networks=SMALL)
    assert check["difference"].abs().max() < 1e-9
    new = yang.new_nodes(networks=SMALL)
    assert new.loc[("email-Eu-core", "testing network"), "nodes"] >= new.loc[("email-Eu-core", "training network"),
                                                                              "nodes"]
    fig14 = yang.fig14(networks=SMALL, n_k=20)
    assert set(fig14["rates"].predictor) == set(yang.MEASURE_PREDICTORS)
    aupr = yang.aupr_by_distance(networks=SMALL)
    assert aupr.loc[("email-Eu-core", "PA"), "all pairs"] > 0
    slices = yang.time_slices(networks=SMALL, n_slices=2)
    assert len(slices) == 2 * 2 * 3 and yang.slice_positives("email-Eu-core", n_slices=2)


def test_sampling_experiments_on_a_stand_in(shared_data):
    fig7 = yang.fig7(networks=SMALL, rates=(1e-2, 1.0), n_repeats=3)
    full = fig7[fig7.p == 1.0]
    t = yang.task("email-Eu-core")
    pa = linkpred.evaluate_all_pairs(t.adjacency, t.positives, "preferential_attachment").auroc
    assert full.set_index("predictor").loc["PA", "mean"] == pytest.approx(pa)   # p = 1 is the full evaluation
    cor = yang.corollary43(networks=SMALL, n_repeats=5)
    assert cor.loc["email-Eu-core", "negatives N"] == t.n_candidates - len(t.positives)
    assert yang.class_imbalance(networks=SMALL).loc["email-Eu-core", "constant score: AUROC"] == 0.5
    assert yang.task_sizes(networks=SMALL).loc["email-Eu-core", "nodes"] == t.n_nodes


def test_collegemsg_is_the_papers_facebook(shared_data):
    # identified by its counts: the whole period's undirected edges equal Facebook's
    ident = yang.identify_networks()
    assert ident.loc["CollegeMsg", "is"] == "Facebook" and ident.loc["Condmat", "is"] == "Condmat"
    assert (ident["is"] != "").sum() == 2                  # nothing else is one of the paper's networks
    # the feature period before 1 September 2004 (Pacific) holds the paper's node count
    nodes, edges = (int(claims.source_value(f"yang.table1.facebook.{k}")) for k in ("nodes", "edges"))
    after, until = yang.feature_period_window("CollegeMsg", nodes)
    assert after.timestamp() < yang.FACEBOOK_SPLIT <= until.timestamp()
    assert yang.task("CollegeMsg").n_nodes == nodes
    # counted by hand: the nodes of the messages before the split, the pairs of all messages
    ev = yang.events("CollegeMsg")
    before = ev.time < yang.FACEBOOK_SPLIT
    assert np.union1d(ev.src[before], ev.dst[before]).size == nodes
    loops = ev.src == ev.dst
    assert len({frozenset(p) for p in zip(ev.src[~loops], ev.dst[~loops])}) == edges
    with pytest.raises(ValueError, match="n_nodes must be between"):
        yang.feature_period_window("CollegeMsg", 10**6)
    with pytest.raises(ValueError, match="name must be one of"):
        yang.feature_period_window("Facebook", 10)


def test_table1_puts_each_paper_network_beside_ours(shared_data):
    t1 = yang.table1()
    assert list(t1.index) == ["Condmat", "DBLP", "Enron", "Facebook"]
    assert t1.loc["DBLP", "our network"] == "Condmat" and t1.loc["Enron", "our network"] == "email-Eu-core"
    for net in ("Condmat", "Facebook"):         # the paper's networks, counted as the paper counts them
        assert t1.loc[net, "relation"] == "is"
        assert t1.loc[net, "nodes"] == t1.loc[net, "paper: nodes"]
        assert t1.loc[net, "edges"] == t1.loc[net, "paper: edges"]
    cm = yang.task("Condmat")
    assert t1.loc["Condmat", "feature-network edges"] == cm.n_edges < t1.loc["Condmat", "edges"]
    assert t1.loc["Enron", "nodes / paper's"] == pytest.approx(yang.task("email-Eu-core").n_nodes
                                                             / claims.source_value("yang.table1.enron.nodes"))


def test_labels_name_the_papers_networks():
    assert yang.label("CollegeMsg") == "CollegeMsg (Facebook)"
    assert yang.label("Enron (Benson)") == "Enron (Benson)"
    with pytest.raises(ValueError, match="network must be one of"):
        yang.label("DBLP")


def test_bad_arguments_are_refused_before_any_data_is_loaded():
    # declared checks (issue 22): an unknown network is named before the other networks are loaded
    with pytest.raises(ValueError, match=r"networks\[1\] must be one of"):
        yang.fig10(networks=("Condmat", "DBLP"))
    with pytest.raises(ValueError, match="scale"):
        yang.table1(scale="small")
    with pytest.raises(ValueError, match="rates"):
        yang.fig7(rates=(0.0, 1.0))
    with pytest.raises(ValueError, match="end must be one of"):
        yang.task("Condmat", end="max+1")
    with pytest.raises(ValueError, match="n_nodes"):
        yang.table2_implied(pd.DataFrame([[3.0]], index=[0.5], columns=[10]), n_nodes=50, share=0.5,
                            alphas=(0.5,), betas=(10,))
    with pytest.raises(TypeError, match="n_nodes"):
        yang.table2_implied(pd.DataFrame([[3.0]], index=[0.5], columns=[10]), n_nodes=1000.0, share=0.5,
                            alphas=(0.5,), betas=(10,))
    with pytest.raises(ValueError, match="name must be one of"):
        yang.directed_propflow("DBLP")


def test_stable_rate_odds_match_a_simulation_of_the_ranges():
    # two predictors at three rates; each cell's 100 draws normal with the given sd:
    # the frequency of each simulated stable rate matches the computed odds
    import pandas as pd

    frame = pd.DataFrame({"network": "n", "predictor": ["PA"] * 3 + ["AA"] * 3, "p": [0.01, 0.1, 1.0] * 2,
                          "sd": [0.0021, 0.0016, 0.0, 0.0030, 0.0012, 0.0]})
    odds = yang.stable_rate_odds(frame, limit=0.01, n_repeats=100).loc["n"]
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
    import pandas as pd

    with pytest.raises(ValueError, match="fig7 must have the columns network, p and sd"):
        yang.stable_rate_odds(pd.DataFrame({"network": ["n"], "p": [0.1]}))
