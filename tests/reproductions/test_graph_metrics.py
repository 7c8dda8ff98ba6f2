"""Tests of evalkit.reproductions.graph_metrics at a tiny scale."""
import numpy as np
import pytest

from evalkit import clustering as cl
from evalkit.reproductions import get_experiment, graph_metrics


def test_overlapping_pair_table_is_the_source_exercise():
    membership = {1: {1, 2}, 2: {1}, 3: {2, 3}, 4: {3}, 5: {2}, 6: {4}, 7: {4, 5}, 8: {3, 5}}
    klass = {1: "+", 2: "*", 3: "-", 4: "*", 5: "-", 6: "+", 7: "*", 8: "+"}
    table = graph_metrics.overlapping_pair_table(membership, klass)
    assert table.sum() == 10   # 5 labelled vertices, 10 pairs
    # same as pair_confusion when the clusters do not overlap
    single = {v: {min(c)} for v, c in membership.items()}
    known = [v for v in single if klass[v] != "*"]
    ref = cl.pair_confusion([klass[v] for v in known], [min(single[v]) for v in known])
    np.testing.assert_array_equal(graph_metrics.overlapping_pair_table(single, klass), ref)


def test_every_experiment_has_its_presets():
    for name in ("community-validation", "validation-schemes", "imbalance", "tree-depth", "cora-confusion",
                 "kmeans-sse", "cohesion-significance", "word-enrichment", "label-noise"):
        spec = get_experiment(f"graph-metrics-{name}")
        assert spec.source == "graph_metrics" and {"book", "paper"} <= set(spec.scales)


@pytest.mark.slow
def test_cora_experiments_small(shared_data):
    sse = graph_metrics.kmeans_sse(scale="small")
    assert sse["sse"].shape == (3, 1) and (np.diff(sse["sse"]["sse"]) <= 1e-9).all()
    cohesion = graph_metrics.cohesion_significance(scale="small")
    assert len(cohesion) == 2 and (cohesion["p = (R+1)/(J+1)"] >= 1 / 20).all()
    noisy = graph_metrics.label_noise(noise=(0.0, 0.5))
    assert noisy.loc[0.5, "purity"] < noisy.loc[0.0, "purity"]
    enrichment = graph_metrics.word_enrichment(scale="small")
    assert (enrichment["significant"]["Holm-adjusted p"] <= 0.05).all()
    depth = graph_metrics.tree_depth(depths=(1, 0))
    assert depth.index.tolist() == [1, "unlimited"] and depth.loc["unlimited", "training error"] < 0.05
