"""Tests of evalkit.reproductions.graph_metrics.clustering_metrics (the page clustering-metrics)."""
import pytest

from evalkit import claims
from evalkit.reproductions import get_experiment
from evalkit.reproductions.graph_metrics import clustering_metrics


def test_sections_are_disjoint_and_ours_returns_them_in_order():
    seen = set()
    for section, ids in clustering_metrics.SECTIONS.items():
        assert not seen & set(ids), section
        seen |= set(ids)
        assert tuple(clustering_metrics.ours(section=section)) == ids


@pytest.mark.parametrize("section", clustering_metrics.SECTIONS)
def test_claim_values_have_the_registry_types(section):
    for cid, value in clustering_metrics.ours(section=section).items():
        claims.judge(cid, value)


def test_experiment_has_its_presets():
    spec = get_experiment("graph-metrics-community-validation")
    assert spec.source == "graph_metrics" and {"book", "paper"} <= set(spec.scales)
