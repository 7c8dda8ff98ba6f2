"""Tests of evalkit.reproductions.graph_metrics.multilevel_metrics (the page multilevel-metrics)."""
import pytest

from evalkit import claims, metrics
from evalkit.reproductions import get_experiment
from evalkit.reproductions.graph_metrics import multilevel_metrics, source


def test_sections_are_disjoint_and_ours_returns_them_in_order():
    seen = set()
    for section, ids in multilevel_metrics.SECTIONS.items():
        assert not seen & set(ids), section
        seen |= set(ids)
        assert tuple(multilevel_metrics.ours(section=section)) == ids


@pytest.mark.parametrize("section", multilevel_metrics.SECTIONS)
def test_claim_values_have_the_registry_types(section):
    for cid, value in multilevel_metrics.ours(section=section).items():
        claims.judge(cid, value)


def test_the_r_package_prints_one_vs_rest_accuracies_as_hit_rates():
    for k in range(3):
        ovr = metrics.accuracy(metrics.one_vs_rest(source.FIGURE_1_4, k))
        assert abs(ovr - claims.source_value(f"gm.r-multilevel.hit-rate.class{k + 1}")) < 1e-7


def test_experiment_has_its_presets():
    spec = get_experiment("graph-metrics-cora-confusion")
    assert spec.source == "graph_metrics" and {"book", "paper"} <= set(spec.scales)
