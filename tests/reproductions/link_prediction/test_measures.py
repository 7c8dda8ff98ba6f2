"""Tests of evalkit.reproductions.link_prediction.measures: the experiments run (on the small stand-in
network), and the page's claim values."""
import argparse
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from evalkit.reproductions import _experiment
from evalkit.reproductions.link_prediction import measures
from helpers.predicates import assert_each_refuted

NAMES = ("link-prediction-new-nodes", "link-prediction-theorem61", "link-prediction-fig14", "link-prediction-fig15",
         "link-prediction-time-slices")
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


def test_measures_experiments_on_a_stand_in(shared_data):
    check = measures.theorem61(networks=SMALL)
    assert check["difference"].abs().max() < 1e-9
    new = measures.new_nodes(networks=SMALL)
    assert new.loc[("email-Eu-core", "testing network"), "nodes"] >= new.loc[("email-Eu-core", "training network"),
                                                                              "nodes"]
    fig14 = measures.fig14(networks=SMALL, n_k=20)
    assert set(fig14["rates"].predictor) == set(measures.MEASURE_PREDICTORS)
    aupr = measures.aupr_by_distance(networks=SMALL)
    assert aupr.loc[("email-Eu-core", "PA"), "all pairs"] > 0
    slices = measures.time_slices(networks=SMALL, n_slices=2)
    assert len(slices) == 2 * 2 * 3 and measures.slice_positives("email-Eu-core", n_slices=2)
    # the sampled curves are the slices' own: the ROC's area is the AUROC (up to the grid), and a
    # precision never exceeds 1 nor falls below the slice's base rate at recall 1
    for row in slices.itertuples():
        assert np.trapezoid(row.ROC, measures.ROC_FPR_GRID) == pytest.approx(row.AUROC, abs=5e-3)
        assert row.ROC[0] >= 0 and row.ROC[-1] == pytest.approx(1.0)
        assert 0 < min(row.PR) and max(row.PR) <= 1


def test_ours(measures_values):
    ours = measures_values
    assert ours["yang.s5.same-effect"] is False and ours["yang.s8.guideline9"]
    assert ours["yang.s5.training-network"] is False
    assert ours["yang.thm61.statement"] and ours["yang.fig14.enron.pa-pf-reversal"] and ours["yang.s8.guideline2"]
    assert ours["yang.fig14.k-changes-ranking"]
    assert ours["yang.fig15.aupr-l2-above-all"] and ours["yang.fig15.aupr-declines"]
    assert ours["yang.fig15.aupr-increases"] is False
    assert ours["yang.fig17.auroc-fluctuates"] and ours["yang.fig19.aupr-rises"]


def test_fluctuates_needs_most_slice_curves_to_change_direction(measures_inputs):
    temporal = measures_inputs["temporal"].copy()
    slices = temporal.index.get_level_values(2) == "slice"
    temporal.loc[slices, "AUROC changes direction"] = [True] + [False] * (slices.sum() - 1)   # one curve wiggles
    assert measures.ours(**{**measures_inputs, "temporal": temporal})["yang.fig17.auroc-fluctuates"] is False


def test_the_imbalance_bound_is_judged_where_its_premise_holds(measures_inputs):
    from types import SimpleNamespace

    tasks = dict(measures_inputs["tasks"])
    # a dense label period (more new links than vertices) below the bound does not count against it
    tasks["email-Eu-core"] = SimpleNamespace(n_candidates=400_000, positives=np.arange(1700), n_nodes=959)
    assert measures.ours(**{**measures_inputs, "tasks": tasks})["yang.s7.imbalance-bound"] is True
    # a sparse one below the bound does
    tasks["email-Eu-core"] = SimpleNamespace(n_candidates=100_000, positives=np.arange(300), n_nodes=959)
    assert measures.ours(**{**measures_inputs, "tasks": tasks})["yang.s7.imbalance-bound"] is False
    # no sparse network: nothing to judge on
    dense = {n: SimpleNamespace(n_candidates=400_000, positives=np.arange(1700), n_nodes=959) for n in tasks}
    assert measures.ours(**{**measures_inputs, "tasks": dense})["yang.s7.imbalance-bound"] is False


def test_time_slices_do_not_depend_on_n_jobs(shared_data):
    # one unit per network and design (the stored run's units), in any process
    serial = measures.time_slices(networks=SMALL, n_slices=2, n_jobs=1)
    parallel = measures.time_slices(networks=SMALL, n_slices=2, n_jobs=2)
    pd.testing.assert_frame_equal(serial, parallel)
    assert list(serial["design"].unique()) == ["slice", "agglomerated"]


def test_new_nodes_do_not_depend_on_n_jobs(shared_data):
    kwargs = {"networks": ("email-Eu-core", "CollegeMsg")}
    serial, parallel = measures.new_nodes(**kwargs, n_jobs=1), measures.new_nodes(**kwargs, n_jobs=2)
    pd.testing.assert_frame_equal(serial, parallel)
    constructions = ("training network", "testing network")
    assert serial.index.tolist() == [(n, c) for n in kwargs["networks"] for c in constructions]


def test_measures_predicates_fail_on_counter_examples(measures_inputs):
    """The fake results confirm the chapter's predicates; each of these inputs refutes one."""
    confirmed = measures.ours(**measures_inputs)
    new_nodes, aupr, temporal = measures_inputs["new_nodes"], measures_inputs["aupr"], measures_inputs["temporal"]
    no_drop = new_nodes.copy()
    no_drop.loc[(slice(None), "testing network"), "AUROC PA"] = 0.9                     # the test network is easier
    reversals = measures_inputs["reversals"]
    only_one = reversals.assign(pair="CN / Katz").iloc[:1]                               # one network, no PA/PropFlow pair
    flat = aupr.assign(**{"l = 3": aupr["l = 2"], "all pairs": aupr["l = 2"] * 2})      # AUPR not above all pairs
    rising = aupr.assign(**{"l = 2": [0.0005, 0.001], "l = 3": [0.001, 0.002], "l = 4": [0.005, 0.01],
                            "l = 5": [0.01, 0.02]})
    agg_not_monotone = temporal.copy()
    agg_not_monotone.loc[(slice(None), slice(None), "agglomerated"), "AUPR monotone as the paper expects"] = False
    slice_not_monotone = temporal.copy()
    slice_not_monotone.loc[(slice(None), slice(None), "slice"), "AUPR monotone as the paper expects"] = False
    agg_auroc_monotone = temporal.assign(**{"AUROC monotone the same way": True})
    other_sets = dict(measures_inputs["hists"])
    other_sets[next(iter(other_sets))] = SimpleNamespace(n_positive=11, n_negative=1000)
    cases = {
        "yang.s8.guideline9": {"new_nodes": no_drop},
        "yang.thm61.statement": {"theorem61": pd.DataFrame({"difference": [0.0, 1e-6]})},
        "yang.fig14.k-changes-ranking": {"reversals": reversals.iloc[:0]},
        "yang.fig14.enron.pa-pf-reversal": {"reversals": only_one},
        "yang.s8.guideline2": {"reversals": only_one},
        "yang.fig15.aupr-l2-above-all": {"aupr": flat},
        "yang.fig15.aupr-declines": {"aupr": flat},
        "yang.s8.guideline1": {"aupr": flat},
        "yang.s8.guideline7": {"hists": other_sets},
        "yang.fig18.aupr-declines": {"temporal": slice_not_monotone},
        "yang.fig19.aupr-rises": {"temporal": agg_not_monotone},
        "yang.fig19.auroc-not-rising": {"temporal": agg_auroc_monotone},
    }
    assert_each_refuted(measures.ours, measures_inputs, cases)
    assert confirmed["yang.fig15.aupr-increases"] is False
    assert measures.ours(**{**measures_inputs, "aupr": rising})["yang.fig15.aupr-increases"] is True
