"""Tests of evalkit.reproductions.graph_metrics.significance_enrichment (the page significance-enrichment)."""
import numpy as np
import pandas as pd
import pytest

from evalkit import claims
from evalkit import clustering as cl
from evalkit.reproductions import get_experiment, graph_metrics
from evalkit.reproductions.graph_metrics import significance_enrichment as page
from evalkit.reproductions.graph_metrics import source


def test_sections_are_disjoint_and_ours_returns_them_in_order():
    seen = set()
    for section, ids in page.SECTIONS.items():
        assert not seen & set(ids), section
        seen |= set(ids)
        assert tuple(page.ours(section=section)) == ids
    assert page.ours() == {}


@pytest.mark.parametrize("section", page.SECTIONS)
def test_claim_values_have_the_registry_types(section):
    for cid, value in page.ours(section=section).items():
        claims.judge(cid, value)


def test_experiments_have_their_presets():
    for name in ("kmeans-sse", "cohesion-significance", "word-enrichment", "label-noise"):
        spec = get_experiment(f"graph-metrics-{name}")
        assert spec.source == "graph_metrics" and {"book", "paper"} <= set(spec.scales)


def test_overlapping_pair_table_is_the_source_exercise():
    membership, klass = source.TABLE_1_3_MEMBERSHIP, source.TABLE_1_3_CLASS
    table = graph_metrics.overlapping_pair_table(membership, klass)
    assert table.sum() == 10   # 5 labelled vertices, 10 pairs
    # same as pair_confusion when the clusters do not overlap
    single = {v: {min(c)} for v, c in membership.items()}
    known = [v for v in single if klass[v] != "*"]
    ref = cl.pair_confusion([klass[v] for v in known], [min(single[v]) for v in known])
    np.testing.assert_array_equal(graph_metrics.overlapping_pair_table(single, klass), ref)


def test_result_predicates_say_false_and_true():
    assert page.ours(preserved_variability=[0.5, 0.9, 1.0]) == {"gm.sec1-4.pv-all-one": True,
                                                                 "gm.sec1-4.pv-more-higher": True}
    assert page.ours(preserved_variability=[0.5, 0.4, 0.9]) == {"gm.sec1-4.pv-all-one": False,
                                                                 "gm.sec1-4.pv-more-higher": False}
    for sse, expected in (([3.0, 2.0, 2.0], True), ([3.0, 2.0, 2.5], False)):
        kmeans = {"sse": pd.DataFrame({"sse": sse})}
        assert page.ours(kmeans=kmeans) == {"gm.sec1-4.sse-decreases": expected}
    index = ["Louvain communities", "every paper alone"]
    for alone_jaccard, expected in ((0.0, True), (0.1, False)):
        partitions = pd.DataFrame({"entropy": [0.5, 0.0], "purity": [0.8, 1.0], "Jaccard": [0.4, alone_jaccard]},
                                  index=index)
        assert page.ours(partitions=partitions) == {"gm.ex5.answerable": expected}
    assert page.ours(adjusted_pvalues=[[0.5, 0.01], [1.0, 1.0]]) == {"gm.ex6.answerable": True}
    assert page.ours(adjusted_pvalues=[[0.5, 0.06], [1.0, 1.0]]) == {"gm.ex6.answerable": False}


def test_pair_interval_coverage_depends_on_the_clustering_and_the_reading():
    # |S| = the sample's points, as (1.54) defines it: wide enough on the book's first clustering
    assert page.pair_interval_coverage(n_draws=100, trials="points") >= 0.9
    # |S| = its pairs, which share points: far too narrow
    assert page.pair_interval_coverage(n_draws=100, trials="pairs") < 0.8
    # scattered errors (two classes, a tenth of the points flipped): even the points reading undercovers
    flipped = page.pair_interval_coverage(n_draws=2000, trials="points", n_classes=2, reassigned=0.2, n_sample=100)
    assert flipped < 0.95 - 3 * np.sqrt(0.95 * 0.05 / 2000)
    with pytest.raises(ValueError, match="trials"):
        page.pair_interval_coverage(trials="edges")


def test_the_pair_extension_claim_fails_when_one_clustering_undercovers():
    table = page.pair_interval_table()
    assert list(table.columns) == ["|S| = points", "|S| = pairs"] and len(table) == len(page.PAIR_INTERVAL_SETUPS)
    assert table["|S| = points"].min() < 0.95 - 3 * np.sqrt(0.95 * 0.05 / 4000)
    assert page.ours(section="interval")["gm.sec1-5-2.pairs-extension"] is False


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
