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


def test_range_claims_find_a_counter_example_in_a_wrong_measure():
    import numpy as np

    from evalkit import clustering as cl

    def search(**wrong):
        return clustering_metrics._range_claims(np.random.default_rng(0), n_cases=40, **wrong)

    assert all(search().values())                 # evalkit's measures stay in their stated ranges
    broken = {
        "gm.sec1-3-1.purity-range": {"purity": lambda mm: cl.cluster_purity(mm) * 0.3},     # below 1/V
        "gm.eq1-43.mantel-range": {"mantel": lambda a, b, permutations: type(
            "R", (), {"statistic": 1.5 * cl.mantel_test(a, b, permutations=permutations).statistic})()},
        "gm.eq1-50.c-index-range": {"c_index": lambda d, g: cl.c_index(d, g) - 0.5},
        "gm.eq1-49.dunn-range": {"dunn": lambda d, g: -cl.dunn_index(d, g) - 1},
        "gm.eq1-47.silhouette-range": {"silhouette": lambda d, g, definition: 2 * cl.silhouette(d, g, definition=definition)
                                       + np.sign(cl.silhouette(d, g, definition=definition))},
    }
    for cid, wrong in broken.items():
        found = search(**wrong)
        assert found[cid] is False, cid
        assert all(v for k, v in found.items() if k != cid), cid      # only that claim falls
