"""Tests of evalkit.reproductions.link_prediction.framework: the paper's networks identified, Table 1, the
tasks' sizes and class imbalance (on the small stand-in network), and the page's claim values."""
import argparse

import numpy as np
import pytest

from evalkit import claims
from evalkit.reproductions import _experiment
from evalkit.reproductions.link_prediction import framework, setups

NAMES = ("link-prediction-table1", "link-prediction-task-sizes", "link-prediction-imbalance")
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


def test_collegemsg_is_the_papers_facebook(shared_data):
    # identified by its counts: the whole period's undirected edges equal Facebook's
    ident = framework.identify_networks()
    assert ident.loc["CollegeMsg", "is"] == "Facebook" and ident.loc["Condmat", "is"] == "Condmat"
    assert (ident["is"] != "").sum() == 2                  # nothing else is one of the paper's networks
    # the feature period before 1 September 2004 (Pacific) holds the paper's node count
    nodes, edges = (int(claims.source_value(f"yang.table1.facebook.{k}")) for k in ("nodes", "edges"))
    after, until = framework.feature_period_window("CollegeMsg", nodes)
    assert after.timestamp() < setups.FACEBOOK_SPLIT <= until.timestamp()
    assert setups.task("CollegeMsg").n_nodes == nodes
    # counted by hand: the nodes of the messages before the split, the pairs of all messages
    ev = setups.events("CollegeMsg")
    before = ev.time < setups.FACEBOOK_SPLIT
    assert np.union1d(ev.src[before], ev.dst[before]).size == nodes
    loops = ev.src == ev.dst
    assert len({frozenset(p) for p in zip(ev.src[~loops], ev.dst[~loops])}) == edges
    with pytest.raises(ValueError, match="n_nodes must be between"):
        framework.feature_period_window("CollegeMsg", 10**6)
    with pytest.raises(ValueError, match="name must be one of"):
        framework.feature_period_window("Facebook", 10)


def test_table1_puts_each_paper_network_beside_ours(shared_data):
    t1 = framework.table1()
    assert list(t1.index) == ["Condmat", "DBLP", "Enron", "Facebook"]
    assert t1.loc["DBLP", "our network"] == "Condmat" and t1.loc["Enron", "our network"] == "email-Eu-core"
    for net in ("Condmat", "Facebook"):         # the paper's networks, counted as the paper counts them
        assert t1.loc[net, "relation"] == "is"
        assert t1.loc[net, "nodes"] == t1.loc[net, "paper: nodes"]
        assert t1.loc[net, "edges"] == t1.loc[net, "paper: edges"]
    cm = setups.task("Condmat")
    assert t1.loc["Condmat", "feature-network edges"] == cm.n_edges < t1.loc["Condmat", "edges"]
    assert t1.loc["Enron", "nodes / paper's"] == pytest.approx(setups.task("email-Eu-core").n_nodes
                                                             / claims.source_value("yang.table1.enron.nodes"))


def test_framework_experiments_on_a_stand_in(shared_data):
    t = setups.task("email-Eu-core")
    assert framework.class_imbalance(networks=SMALL).loc["email-Eu-core", "constant score: AUROC"] == 0.5
    assert framework.task_sizes(networks=SMALL).loc["email-Eu-core", "nodes"] == t.n_nodes


def test_bad_arguments_are_refused_before_any_data_is_loaded():
    with pytest.raises(ValueError, match="scale"):
        framework.table1(scale="small")


def test_ours(framework_values):
    ours = framework_values
    assert ours["yang.table1.condmat.density"] == pytest.approx(2 * 99 / (100 * 99))
    assert ours["yang.table1.condmat.edges"] == 120 and not any(k.startswith("yang.table1.dblp") for k in ours)
    assert ours["yang.s3.3.balanced-baselines"] is False      # recall of the trivial predictors is 0 and 1
    assert ours["yang.s3.3.accuracy-near-one"] and ours["yang.s3.3.precision-baseline"]
    assert ours["yang.fig3.distributions-differ"]
    assert ours["yang.fig7.condmat.imbalance-order"] == pytest.approx(np.log10(20_000))


def test_ours_leaves_out_the_parts_not_given():
    assert framework.ours() == {}
    fig3 = framework.ours(spans={"adamic_adar": 1.0, "preferential_attachment": 1.5},
                          distinct={"adamic_adar": 50, "preferential_attachment": 60})
    assert fig3 == {"yang.fig3.distributions-differ": False}


def test_calibration_claim_needs_an_interval_that_excludes_the_factor():
    import pandas as pd

    from evalkit.reproductions.link_prediction.framework import calibration

    frame = pd.DataFrame({"ratio, 95% low": [8.6, np.nan], "ratio, 95% high": [13.7, np.nan]}, index=["a", "b"])
    assert calibration.ours(frame) == {"yang.s3.1.degree-product-calibration": False}   # 10 inside; b undecided
    frame.loc["b"] = [1.3, 8.5]
    assert calibration.ours(frame) == {"yang.s3.1.degree-product-calibration": True}


def test_degree_product_calibration_counts_the_bands(shared_data):
    from evalkit.reproductions.link_prediction import setups
    from evalkit.reproductions.link_prediction.framework import calibration

    table = calibration.degree_product_calibration(("email-Eu-core",), low=100, factor=3)
    h = setups.distance_histograms("email-Eu-core")["preferential_attachment"].pooled()
    lo, hi = 100 * 10 ** -0.1, 100 * 10 ** 0.1
    assert table.loc["email-Eu-core", "positives near 100"] == ((h.positive_scores >= lo) & (h.positive_scores < hi)).sum()
    with pytest.raises(ValueError, match="half_width"):
        calibration.degree_product_calibration(("email-Eu-core",), half_width=2)


def test_auroc_as_probability_against_sklearn_and_a_counter_example():
    import pandas as pd
    from sklearn.metrics import roc_auc_score

    from evalkit.linkpred import ScoreHistogram
    from evalkit.reproductions.link_prediction.framework import threshold_curves

    rng = np.random.default_rng(0)
    pos, neg = rng.integers(0, 5, 30).astype(float), rng.integers(0, 5, 200).astype(float)   # many ties
    values, counts = np.unique(neg, return_counts=True)
    table = threshold_curves.auroc_as_probability({"x": ScoreHistogram.from_unsorted(pos, values, counts)})
    want = roc_auc_score(np.r_[np.ones(30), np.zeros(200)], np.r_[pos, neg])
    assert table.loc["x", "area"] == pytest.approx(want) and table.loc["x", "probability"] == pytest.approx(want)
    dominance = threshold_curves.dominance({"x": _histogram(pos, neg), "y": _histogram(pos - 1, neg)})
    assert threshold_curves.ours(table, dominance)["yang.s3.2.auroc-probability"] is True
    assert threshold_curves.ours(pd.DataFrame({"difference": [0.0, 0.01]}), dominance)[
        "yang.s3.2.auroc-probability"] is False
    assert threshold_curves.ours(table, dominance)["yang.s3.2.pr-roc-dominance"] is True
    disagreeing = dominance.assign(**{"PR (davis-goadrich)": ~dominance["ROC"]})
    assert threshold_curves.ours(table, disagreeing)["yang.s3.2.pr-roc-dominance"] is False


def _histogram(pos, neg):
    from evalkit.linkpred import ScoreHistogram

    values, counts = np.unique(neg, return_counts=True)
    return ScoreHistogram.from_unsorted(np.asarray(pos, dtype=float), values.astype(float), counts)


def _dense_precision(h, recall, interpolation):
    """Reference: precision at many recalls, from evalkit.curves (Davis-Goadrich) or numpy (linear, step)."""
    from evalkit.curves import pr_curve_interpolated

    pos, values, counts = h.positive_scores, h.negative_values, h.negative_counts
    y = np.r_[np.ones(pos.size), np.zeros(int(counts.sum()))]
    s = np.r_[pos, np.repeat(values, counts)]
    if interpolation == "davis-goadrich":
        return pr_curve_interpolated(y, s, recall)
    r, p = h.precision_recall_curve()
    r, p = r[r > 0], p[r > 0]
    out = []
    for g in recall:                       # walk the drawn path, point by point, to the segment that reaches g
        value = p[0]                       # before the first point: its precision
        for i in range(1, r.size):
            if r[i - 1] < g <= r[i]:
                value = p[i] if interpolation == "step" else p[i - 1] + (g - r[i - 1]) / (r[i] - r[i - 1]) * (
                    p[i] - p[i - 1])
                break
        out.append(value)
    return np.array(out)


@pytest.mark.parametrize("seed", range(30))
def test_pr_dominance_equals_roc_dominance_under_davis_goadrich_and_agrees_with_a_dense_grid(seed):
    from evalkit.reproductions.link_prediction.framework import threshold_curves

    rng = np.random.default_rng(seed)
    pos, neg = rng.integers(0, 6, 12).astype(float), rng.integers(0, 6, 60).astype(float)
    first = _histogram(pos, neg)
    demoted = pos.copy()                   # positives moved down: a curve the first dominates
    lower = rng.random(pos.size) < 0.4
    demoted[lower] -= rng.integers(1, 4, lower.sum())
    other = rng.integers(0, 6, 12).astype(float)    # an unrelated curve, usually crossing
    curves = {"first": first, "demoted": _histogram(demoted, neg), "other": _histogram(other, neg)}
    table = threshold_curves.dominance(curves)
    assert table.loc[("first", "demoted"), "ROC"]                      # the dominating branch is exercised
    np.testing.assert_array_equal(table["ROC"], table["PR (davis-goadrich)"])     # Davis & Goadrich, Thm 3.2
    grid = np.linspace(1e-6, 1, 401)
    for (a, b), row in table.iterrows():
        for interpolation in threshold_curves.PR_INTERPOLATIONS:
            if row[f"PR ({interpolation})"]:       # exact dominance: no grid recall may show the second above
                above = _dense_precision(curves[b], grid, interpolation) - _dense_precision(curves[a], grid,
                                                                                             interpolation)
                assert above.max() <= 1e-12, (a, b, interpolation)


def test_pr_dominance_sees_the_start_of_a_curve_that_opens_with_negatives():
    from evalkit.reproductions.link_prediction.framework import threshold_curves

    opens_with_negative = _histogram([2.0, 2.0, 1.0], [3.0, 0.0, 0.0, 0.0])   # precision 0 at recall 0+
    clean = _histogram([3.0, 2.0, 1.0], [2.5, 0.0, 0.0, 0.0])
    # drawn as steps or lines from the first positive on, the first curve's start is not drawn
    assert not threshold_curves.pr_dominates(opens_with_negative, clean)
    assert threshold_curves.pr_dominates(clean, opens_with_negative)
    with pytest.raises(ValueError, match="share a test set"):
        threshold_curves.pr_dominates(clean, _histogram([1.0], [0.0]))
    with pytest.raises(ValueError, match="interpolation"):
        threshold_curves.pr_dominates(clean, clean, interpolation="spline")
