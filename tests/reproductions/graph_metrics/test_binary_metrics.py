"""Tests of evalkit.reproductions.graph_metrics.binary_metrics (the page binary-metrics)."""
import pandas as pd
import pytest

from evalkit import claims
from evalkit.reproductions.graph_metrics import binary_metrics, roc_points


def test_sections_are_disjoint_and_ours_returns_them_in_order():
    seen = set()
    for section, ids in binary_metrics.SECTIONS.items():
        assert not seen & set(ids), section
        seen |= set(ids)
        assert tuple(binary_metrics.ours(section=section)) == ids
    assert binary_metrics.ours() == {}


@pytest.mark.parametrize("section", binary_metrics.SECTIONS)
def test_claim_values_have_the_registry_types(section):
    for cid, value in binary_metrics.ours(section=section).items():
        claims.judge(cid, value)   # raises for a bool given to a numeric claim and vice versa


def test_the_random_models_are_the_only_draws_and_depend_on_the_seed():
    a, b = binary_metrics.ours(section="roc", seed=1, n_random=1000), binary_metrics.ours(section="roc", seed=2,
                                                                                            n_random=1000)
    assert a["gm.sec1-2-4.random-50.fpr"] != b["gm.sec1-2-4.random-50.fpr"]
    assert binary_metrics.ours(section="metrics", seed=1) == binary_metrics.ours(section="metrics", seed=2)


def _models(tpr, tnr):
    return pd.DataFrame({"true positive rate": tpr, "true negative rate": tnr}, index=["a", "b", "c"])


def test_upper_right_rule_predicate_says_false_and_true():
    # the liberal model c is furthest upper right but errs most at a 1:9 class ratio
    liberal = roc_points(_models([0.5, 0.6, 0.95], [0.99, 0.98, 0.5]), class_sizes=(10, 90))
    assert binary_metrics.ours(models=liberal) == {"gm.sec1-2-4.upper-right-rule": False}
    # a model that dominates is both furthest upper right and of least cost
    dominating = roc_points(_models([0.5, 0.6, 0.95], [0.9, 0.9, 0.99]), class_sizes=(10, 90))
    assert binary_metrics.ours(models=dominating) == {"gm.sec1-2-4.upper-right-rule": True}


def test_roc_points_columns():
    points = roc_points(_models([0.5, 0.6, 0.9], [0.9, 0.8, 0.5]), class_sizes=(1, 1))
    assert points["FPR"].round(6).tolist() == [0.1, 0.2, 0.5]
    assert points["expected errors per example"].round(6).tolist() == [0.3, 0.3, 0.3]
