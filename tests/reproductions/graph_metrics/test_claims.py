"""The registry of the graph-metrics source (claims.toml) against what the pages compute."""
import pytest

from evalkit import claims
from evalkit.reproductions.graph_metrics import (
    binary_metrics,
    clustering_metrics,
    cost_validation_imbalance,
    multilevel_metrics,
    significance_enrichment,
)

PAGES = (binary_metrics, multilevel_metrics, cost_validation_imbalance, clustering_metrics, significance_enrichment)
#: claims each page computes from its results (the chapter's experiments), not from the source's examples
FROM_RESULTS = {
    binary_metrics: {"gm.sec1-2-4.upper-right-rule"},
    clustering_metrics: {"gm.sec1-3-2.silhouette-k"},
    cost_validation_imbalance: {"gm.sec1-6-2.example-large-enough", "gm.sec1-8.training-error-optimistic",
                                "gm.sec1-8.pessimistic", "gm.sec1-8.missing-values", "gm.sec1-8.reduced-error",
                                "gm.sec1-8.occams-razor"},
    significance_enrichment: {"gm.sec1-4.pv-all-one", "gm.sec1-4.pv-more-higher", "gm.sec1-4.sse-decreases",
                              "gm.ex5.answerable", "gm.ex6.answerable"},
}


@pytest.fixture(scope="module")
def all_ours():
    ours = {}
    for page in PAGES:
        for section in page.SECTIONS:
            found = page.ours(section=section)
            assert not set(found) & set(ours), "a claim is computed twice"
            ours.update(found)
    return ours


def test_the_pages_cover_every_attempted_claim_once(all_ours):
    attempted = {c.id for c in claims.claims_of("gm.") if c.not_attempted is None}
    from_results = set().union(*FROM_RESULTS.values())
    assert not from_results & set(all_ours)
    assert set(all_ours) | from_results == attempted


def test_every_qualitative_claim_has_its_sentences():
    for claim in claims.claims_of("gm."):
        if claim.not_attempted is None and isinstance(claim.value, bool):
            assert claim.if_true and claim.if_false, claim.id


def test_r_outputs_are_reproduced_except_the_hit_rates(all_ours):
    for cid, value in all_ours.items():
        if cid.startswith("gm.r-") and ".hit-rate." not in cid:
            assert claims.judge(cid, value).verdict == "reproduced", cid


def test_the_source_errors_are_what_the_chapters_say(all_ours):
    differing = {cid for cid, v in all_ours.items() if not claims.judge(cid, v).within_tolerance}
    assert differing == {
        "gm.sec1-2-2.tpr-words", "gm.sec1-2-2.tnr-words", "gm.sec1-2-2.fpr-words", "gm.sec1-2-2.fnr-words",
        "gm.sec1-2-2.precision-specificity", "gm.sec1-2-2.harmonic-not-outliers",
        "gm.fig1-4.bias-under-predicting", "gm.fig1-4.mae", "gm.fig1-2.pi", "gm.fig1-4.kappa",
        "gm.sec1-2-3.alpha-zero-random", "gm.r-multilevel.hit-rate.class1", "gm.r-multilevel.hit-rate.class2",
        "gm.r-multilevel.hit-rate.class3", "gm.sec1-2-5.loo-1-fold", "gm.fig1-13.entropy.cluster3",
        "gm.sec1-3-1.entropy-range", "gm.eq1-46.separation-range", "gm.sec1-5-2.pairs-extension", "gm.sec1-9.pvalue",
        "gm.sec1-6-2.example-attainable",
    }
    # each names the section of its chapter that shows the source is wrong (a standing note of the registry)
    assert all(claims.judge(cid, all_ours[cid]).verdict == "source-error" for cid in differing)
