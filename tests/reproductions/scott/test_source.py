"""Tests of evalkit.reproductions.scott.source and of the registry of Scott's lecture."""
from evalkit import claims
from evalkit.reproductions.scott import source


def test_the_examples_are_as_the_lecture_prints_them():
    assert source.CI_EXAMPLE == {"mistakes": 12, "n_samples": 40}
    labels = source.ROC_EXAMPLES["label"]
    assert len(source.ROC_EXAMPLES["confidence"]) == len(labels) == 10 and labels.count("+") == 5
    assert list(source.ROC_EXAMPLES["confidence"]) == sorted(source.ROC_EXAMPLES["confidence"], reverse=True)
    ex = source.IMBALANCED_EXAMPLE
    assert ex["n_positive"] + ex["n_negative"] == 1000
    assert all(tp <= ex["n_positive"] and tn <= ex["n_negative"] for tp, tn in ex["hypotheses"].values())


def test_registry_is_complete_and_figures_without_values_are_not_attempted():
    registry = claims.load_registry()["scott"]
    assert len(registry.claims) >= 150
    assert all(c.not_attempted for c in registry.claims.values() if c.id.endswith("figure"))


def test_every_qualitative_claim_a_page_records_has_its_two_sentences():
    recorded = [c for c in claims.claims_of("scott.") if isinstance(c.value, bool) and c.not_attempted is None
                and c.if_true is not None]
    assert len(recorded) >= 28
    assert all(c.if_true.strip() and c.if_false.strip() and c.if_true != c.if_false for c in recorded)
