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


# ------------------------------------------------------------------ claims of the registry
from evalkit import claims  # noqa: E402
from evalkit.reproductions.graph_metrics import claims as gmc  # noqa: E402

CLAIM_FUNCTIONS = (gmc.binary_claims, gmc.multilevel_claims, gmc.cost_claims, gmc.clustering_claims,
                   gmc.significance_claims)
#: claims the chapters compute from Cora or the political books (not from the source's examples)
COMPUTED_IN_CHAPTERS = {"gm.ex3.answerable", "gm.ex5.answerable", "gm.ex6.answerable", "gm.sec1-4.pv-all-one",
                        "gm.sec1-4.pv-more-higher", "gm.sec1-4.sse-decreases", "gm.sec1-8.training-error-optimistic",
                        "gm.sec1-2-4.upper-right-rule", "gm.sec1-6-2.example-attainable",
                        "gm.sec1-6-2.example-large-enough", "gm.sec1-8.pessimistic", "gm.sec1-8.missing-values"}


@pytest.fixture(scope="module")
def all_ours():
    ours = {}
    for function in CLAIM_FUNCTIONS:
        found = function()
        assert not set(found) & set(ours), "a claim is computed by two functions"
        ours.update(found)
    return ours


def test_claim_functions_cover_every_attempted_claim(all_ours):
    attempted = {c.id for c in claims.claims_of("gm.") if c.not_attempted is None}
    assert set(all_ours) == attempted - COMPUTED_IN_CHAPTERS
    assert all(claims.get_claim(cid).not_attempted is None for cid in COMPUTED_IN_CHAPTERS)


def test_claim_values_have_the_registry_types(all_ours):
    for cid, value in all_ours.items():
        claims.judge(cid, value)   # raises for a bool given to a numeric claim and vice versa


def test_every_qualitative_claim_has_its_sentences(all_ours):
    _, predicates = gmc.split(all_ours)
    assert set(predicates) <= set(gmc.SENTENCES)
    assert all(len(pair) == 2 and all(pair) for pair in gmc.SENTENCES.values())


def test_r_outputs_are_reproduced_except_the_hit_rates(all_ours):
    for cid, value in all_ours.items():
        if cid.startswith("gm.r-") and ".hit-rate." not in cid:
            assert claims.judge(cid, value).verdict == "reproduced", cid
    # the package prints the one-vs-rest accuracies under the name "Hit Rate"
    from evalkit import metrics
    for k in range(3):
        ovr = metrics.accuracy(metrics.one_vs_rest(gmc.FIGURE_1_4, k))
        assert abs(ovr - claims.source_value(f"gm.r-multilevel.hit-rate.class{k + 1}")) < 1e-7


def test_the_source_errors_are_what_the_chapters_say(all_ours):
    differing = {cid for cid, v in all_ours.items() if claims.judge(cid, v).verdict != "reproduced"}
    assert differing == {
        "gm.sec1-2-2.tpr-words", "gm.sec1-2-2.tnr-words", "gm.sec1-2-2.fpr-words", "gm.sec1-2-2.fnr-words",
        "gm.sec1-2-2.precision-specificity", "gm.sec1-2-2.harmonic-not-outliers", "gm.sec1-2-4.auc-below-half",
        "gm.fig1-4.bias-under-predicting", "gm.fig1-4.mae", "gm.fig1-2.pi", "gm.fig1-4.kappa",
        "gm.sec1-2-3.alpha-zero-random", "gm.r-multilevel.hit-rate.class1", "gm.r-multilevel.hit-rate.class2",
        "gm.r-multilevel.hit-rate.class3", "gm.sec1-2-5.loo-1-fold", "gm.fig1-13.entropy.cluster3",
        "gm.sec1-3-1.entropy-range", "gm.eq1-46.separation-range", "gm.sec1-5-2.pairs-extension", "gm.sec1-9.pvalue",
    }


def test_pair_interval_undercovers():
    assert gmc.pair_interval_coverage(n_draws=100) < 0.8


def test_difference_coverage_small():
    table = graph_metrics.difference_coverage(n_points=3)
    assert set(table["method"]) == {"normal", "newcombe", "exact"}
    exact = table[table["method"] == "exact"]["coverage"]
    assert (exact >= 0.95 - 1e-9).all()


def test_missing_value_imputation_and_class_sizes(shared_data):
    table = graph_metrics.missing_value_imputation(hidden_share=0.3, seed=1)
    assert table.index.get_level_values("strategy").unique().tolist() == ["mean", "median", "most_frequent"]
    assert (table["RMSE / s.d."] > 0).all()
    n_pos, n_neg = graph_metrics.imbalance_class_sizes(minority="Rule_Learning")
    assert n_pos + n_neg == 2708 and n_pos < n_neg
    with pytest.raises(ValueError, match="minority"):
        graph_metrics.imbalance_class_sizes(minority="Astrology")
