"""Yang, Lichtenwalter & Chawla's qualitative claims seen both ways: for each claim the other page tests
see only one way, its page's ``ours`` says True on a small confirming input and False on the input changed
so that the claim's statement is untrue. Grouped by page: framework, measures, distance."""
import numpy as np
import pandas as pd
import pytest

from evalkit import claims
from evalkit.reproductions.link_prediction import distance, framework, measures
from helpers.predicates import assert_each_refuted


# ---------------------------------------------------------------- framework (Section 3.3, Section 4.1)

def _imbalance(negatives_per_positive):
    """class_imbalance's table for networks with these class ratios, each baseline at its exact value."""
    ratio = pd.Series(negatives_per_positive, dtype=float)
    prior = 1 / (1 + ratio)
    return pd.DataFrame({"negatives per positive": ratio, "all-negative: accuracy": ratio / (1 + ratio),
                         "constant score: AUROC": 0.5, "random: precision": prior,
                         "all-positive: precision": prior, "constant score: AUPR": prior})


def test_baselines_follow_the_class_ratio_and_fail_where_they_do_not():
    imbalance = _imbalance({"Condmat": 20_000, "CollegeMsg": 5_000, "email-Eu-core": 800})
    mild = _imbalance({"Condmat": 9, "CollegeMsg": 4, "email-Eu-core": 800})     # most networks near balance
    auroc_off = imbalance.copy()
    auroc_off.loc["CollegeMsg", "constant score: AUROC"] = 0.6                   # a random ranking above 0.5
    uncalibrated = imbalance.assign(**{"random: precision": 0.5})               # precision blind to the ratio
    cases = {
        "yang.s3.3.accuracy-near-one": {"imbalance": mild},
        "yang.s4.1.imbalance-thousands": {"imbalance": mild},
        "yang.s3.3.auroc-baseline": {"imbalance": auroc_off},
        "yang.s3.3.precision-baseline": {"imbalance": uncalibrated},
    }
    assert_each_refuted(framework.ours, {"imbalance": imbalance}, cases)


def test_balanced_baselines_hold_only_where_every_trivial_measure_is_one_half():
    computed = framework.trivial_baselines(n_positive=500, n_negative=500)
    halves = {measure: 0.5 for measure in computed}       # what the paper says balanced problems give
    assert framework.ours(balanced=halves) == {"yang.s3.3.balanced-baselines": True}
    # evalkit's measures of the trivial predictors: their recalls are 0 and 1 by construction
    assert computed["all-negative: recall"] == 0 and computed["all-positive: recall"] == 1
    assert framework.ours(balanced=computed) == {"yang.s3.3.balanced-baselines": False}


def test_accuracy_near_one_needs_most_networks_above_it():
    # one network of three far from balance is not "most": accuracy near 1 is then the exception
    one_of_three = _imbalance({"Condmat": 20_000, "CollegeMsg": 9, "email-Eu-core": 4})
    values = framework.ours(imbalance=one_of_three)
    assert values["yang.s3.3.accuracy-near-one"] is False and values["yang.s4.1.imbalance-thousands"] is False


# ---------------------------------------------------------------- measures (Section 5)

def _new_nodes(like, drops):
    """``like`` (new_nodes's table) with each predictor's testing-network AUROC its training one less ``drops``."""
    frame = like.copy()
    for column, drop in drops.items():
        train = frame.xs("training network", level=1)[column]
        frame.loc[(slice(None), "testing network"), column] = (train - drop).to_numpy()
    return frame


def test_same_effect_needs_every_predictor_to_lose_about_the_same(measures_inputs):
    columns = [c for c in measures_inputs["new_nodes"].columns if c.startswith("AUROC")]
    equal = _new_nodes(measures_inputs["new_nodes"], dict.fromkeys(columns, 0.1))
    unequal = _new_nodes(equal, {**dict.fromkeys(columns, 0.1), columns[0]: 0.15})   # one loses 0.05 more
    inputs = {**measures_inputs, "new_nodes": equal}
    assert_each_refuted(measures.ours, inputs, {"yang.s5.same-effect": {"new_nodes": unequal}})
    assert measures.ours(**{**inputs, "new_nodes": unequal})["yang.s8.guideline9"] is True   # all still fall


def test_training_network_needs_condmats_candidates_to_be_the_papers_negatives(measures_inputs):
    paper = claims.source_value("yang.s4.2.condmat.negatives")

    def with_candidates(count):
        frame = measures_inputs["new_nodes"].copy()
        frame.loc[("Condmat", "training network"), "candidates"] = count
        return frame

    inputs = {**measures_inputs, "new_nodes": with_candidates(paper)}
    # 2% more candidates: the pairs a testing network's new nodes would add
    cases = {"yang.s5.training-network": {"new_nodes": with_candidates(paper * 1.02)}}
    assert_each_refuted(measures.ours, inputs, cases)


# ---------------------------------------------------------------- distance (Section 4.2, Fig. 10; Section 7.1)

#: the distance at which Fig. 10's Condmat curve peaks in the claim: read off its id, not typed
_BEST_ID = "yang.s7.1.condmat.best-distance-7"
_BEST = float(_BEST_ID.rsplit("-", 1)[-1])
_DISTANCES = (2.0, 3.0, 4.0, 5.0, _BEST)


def _fig10(n_nodes):
    """A Fig. 10 table on which the chapter's Fig. 10 claims hold.

    PA rises to its peak at the claimed distance, PropFlow falls from distance 2, where alone on Condmat it
    beats PA; the pooled AUROC is above every distance, PropFlow's above PA's, and its lead over distance 2
    grows with the network's size.
    """
    by_size = sorted(n_nodes, key=n_nodes.get)                     # smallest first
    pooled = dict(zip(by_size, (0.75, 0.8, 0.9)))
    rows = {}
    for net in n_nodes:
        rows[(net, "PA")] = dict(zip(_DISTANCES, (0.60, 0.62, 0.64, 0.66, 0.70)), all=pooled[net])
        rows[(net, "PropFlow")] = dict(zip(_DISTANCES, (0.65, 0.55, 0.52, 0.50, 0.48)), all=pooled[net] + 0.05)
    return pd.DataFrame.from_dict(rows, orient="index")


def _condmat_histograms(distance_inputs):
    """distance_inputs' by_distance with Condmat's PA histogram over distances 2 to the claimed one, each
    with enough positives to count (distance.MIN_POSITIVES)."""
    from types import SimpleNamespace

    d = np.array([2.0, 3.0, 4.0, 5.0, 6.0, _BEST, np.inf])
    positives = distance.MIN_POSITIVES * np.array([10, 6, 4, 3, 2, 1.5, 0.1])
    negatives = np.array([2e5, 2e6, 1e7, 3e7, 5e7, 6e7, 1e8])
    condmat = {"preferential_attachment": SimpleNamespace(distance=d, n_positive=positives, n_negative=negatives)}
    return {**distance_inputs["by_distance"], "Condmat": condmat}


def _set(frame, row, column, value):
    frame = frame.copy()
    frame.loc[row, column] = value
    return frame


def test_fig10_claims_hold_on_a_confirming_table_and_fail_one_by_one(distance_inputs):
    n_nodes = distance_inputs["n_nodes"]
    fig10 = _fig10(n_nodes)
    inputs = {**distance_inputs, "fig10": fig10, "by_distance": _condmat_histograms(distance_inputs)}
    smallest, largest = min(n_nodes, key=n_nodes.get), max(n_nodes, key=n_nodes.get)
    swapped_gap = fig10.copy()                                     # the smallest network has the largest gap
    swapped_gap.loc[(smallest, "PA"), "all"] = fig10.loc[(largest, "PA"), "all"]
    swapped_gap.loc[(largest, "PA"), "all"] = fig10.loc[(smallest, "PA"), "all"]
    cases = {
        # a single distance above the pooled pairs, on one network
        "yang.fig10.pa.pooled-above": {"fig10": _set(fig10, ("CollegeMsg", "PA"), 5.0, 0.95)},
        "yang.fig10.pf.pooled-above": {"fig10": _set(fig10, ("email-Eu-core", "PropFlow"), _BEST, 0.9)},
        # on Condmat PropFlow's pooled AUROC below PA's
        "yang.fig10.condmat.pf-above-pa-overall": {
            "fig10": _set(fig10, ("Condmat", "PropFlow"), "all", fig10.loc[("Condmat", "PA"), "all"] - 0.05)},
        # PropFlow beats PA at distance 3 as well
        "yang.fig10.condmat.pf-above-pa-only-at-2": {"fig10": _set(fig10, ("Condmat", "PropFlow"), 3.0, 0.65)},
        "yang.fig10.gap-shrinks-with-size": {"fig10": swapped_gap},
        # PA's Condmat curve peaks at distance 5, not at the claimed one
        _BEST_ID: {"fig10": _set(fig10, ("Condmat", "PA"), _BEST, 0.65)},
    }
    assert_each_refuted(distance.ours, inputs, cases)


def test_best_distance_claim_ignores_a_peak_with_too_few_positives(distance_inputs):
    fig10 = _fig10(distance_inputs["n_nodes"])
    by_distance = _condmat_histograms(distance_inputs)
    inputs = {**distance_inputs, "fig10": fig10, "by_distance": by_distance}
    assert distance.ours(**inputs)[_BEST_ID] is True
    h = by_distance["Condmat"]["preferential_attachment"]
    few = h.n_positive.copy()
    few[h.distance == _BEST] = distance.MIN_POSITIVES - 1           # the peak no longer counts
    thin = {**by_distance, "Condmat": {"preferential_attachment": type(h)(
        distance=h.distance, n_positive=few, n_negative=h.n_negative)}}
    assert distance.ours(**{**inputs, "by_distance": thin})[_BEST_ID] is False


@pytest.mark.parametrize("predictor", ["PA", "PropFlow"])
def test_gap_shrinks_with_size_needs_both_predictors(distance_inputs, predictor):
    n_nodes = distance_inputs["n_nodes"]
    fig10 = _fig10(n_nodes)
    flat = fig10.copy()
    for net in n_nodes:                                             # one predictor's gap the same everywhere
        flat.loc[(net, predictor), "all"] = flat.loc[(net, predictor), 2.0] + 0.2
    inputs = {**distance_inputs, "fig10": fig10}
    assert distance.ours(**inputs)["yang.fig10.gap-shrinks-with-size"] is True
    assert distance.ours(**{**inputs, "fig10": flat})["yang.fig10.gap-shrinks-with-size"] is False
