"""Tests of the source's side of Yang et al.'s claims: the registry (claims.toml, with the sentences of the
qualitative claims and the standing notes), source.py, and that the pages' ``ours`` cover every attempted
claim once."""
import re
from pathlib import Path

import pandas as pd
import pytest

from evalkit import claims
from evalkit.reproductions.link_prediction import provenance, setups, source

#: the sections a note may name: the errata and the chapters' explanations
_BOOK = Path(__file__).resolve().parents[3]
#: the labels of the link-prediction chapters and the errata, read from the pages themselves
SECTIONS = {m.group(1) for page in [*(_BOOK / "chapters" / "link-prediction").glob("*.md"),
                                    _BOOK / "chapters" / "appendices" / "errata.md"]
            for m in re.finditer(r"^\(([\w-]+)\)=$", page.read_text(), flags=re.M)}


def test_registry_inventory():
    cs = claims.claims_of("yang.")
    assert len(cs) >= 150
    ids = [c.id for c in cs]
    assert len(ids) == len(set(ids))
    assert {c.kind for c in cs} <= set(claims.KINDS)
    # Table 1 cell by cell, Table 2 and Table 3 cell by cell, the nine guidelines
    assert sum(i.startswith("yang.table1.") for i in ids) == 12
    assert sum(i.startswith("yang.table2.a") for i in ids) == 40
    assert sum(i.startswith("yang.table3.") and i.count(".") == 4 for i in ids) == 24
    assert sum(i.startswith("yang.s8.guideline") for i in ids) == 9
    assert isinstance(claims.source_value("yang.table1.condmat.nodes"), float)
    assert all(c.not_attempted for c in cs if c.id.startswith("yang.table3.dblp."))


def test_standing_notes_and_derived_provenance():
    """Each record's data comes from what its claim reads (provenance.networks_read) and the declarations."""
    enron = "email-Eu-core in place of Enron"
    opts = provenance.options(dict.fromkeys((
        "yang.table3.enron.pf.fair", "yang.table3.condmat.pf.kaggle", "yang.cor43.statement",
        "yang.cor43.facebook-above-condmat", "yang.thm41.statement", "yang.fig8.dblp.stable-rate",
        "yang.fig17.auroc-fluctuates", "yang.table2.a02.b10", "yang.s8.guideline4", "yang.s4.2.walk-inflation")))
    assert opts["yang.table3.enron.pf.fair"]["data"] == enron
    assert opts["yang.table3.condmat.pf.kaggle"] == {"scale": None, "data": None}   # the paper's (weighted) network
    assert claims.get_claim("yang.table3.condmat.pf.kaggle").explanation == "lp-kaggle"
    assert claims.get_claim("yang.table2.a02.b10").explanation == "lp-table2-why"
    assert opts["yang.cor43.statement"]["data"] == enron
    assert opts["yang.cor43.facebook-above-condmat"]["data"] is None   # CollegeMsg and Condmat: no stand-in
    assert opts["yang.thm41.statement"] == {"scale": None, "data": None}
    assert opts["yang.s8.guideline4"]["data"] == enron                  # it reads Fig. 7's curves, email-Eu-core's too
    fig8 = opts["yang.fig8.dblp.stable-rate"]["data"]
    assert fig8.startswith("Condmat in place of DBLP; scikit-learn's gradient boosting") and "Enron" not in fig8
    assert opts["yang.fig17.auroc-fluctuates"]["data"].endswith(claims.standin("benson-enron-for-enron"))
    assert claims.standin("email-eu-core-for-enron") not in opts["yang.fig17.auroc-fluctuates"]["data"]
    assert opts["yang.table2.a02.b10"]["data"] == claims.standin("condmat-counts-for-dblp")
    assert opts["yang.s4.2.walk-inflation"]["data"].endswith(claims.standin("rooted-pagerank-not-on-condmat"))
    thm = claims.get_claim("yang.thm41.statement")
    assert (thm.explanation, thm.source_error) == (None, None)


def test_the_stand_in_networks_are_the_setups_stand_ins():
    """provenance.NETWORKS names a stand-in for exactly the paper's networks setups.PAPER_NETWORKS replaces."""
    declared = provenance.NETWORKS.uses["data"]
    for paper, (ours, relation) in setups.PAPER_NETWORKS.items():
        assert (paper in declared) == (relation == "stand-in"), paper
        if paper in declared:
            assert claims.standin(declared[paper]).startswith(f"{ours} in place of {paper}")


def test_every_claim_the_pages_record_has_its_reads_decided():
    """A claim that names no network must be listed: networks_read raises rather than guess."""
    with pytest.raises(KeyError, match="say there what it reads"):
        provenance.networks_read("yang.s9.new-claim")
    recorded = [c.id for c in claims.claims_of("yang.") if c.not_attempted is None]
    assert all(isinstance(provenance.networks_read(cid), tuple) for cid in recorded)


def test_every_label_is_a_known_section():
    labels = {c.explanation or c.source_error for c in claims.claims_of("yang.")} - {None}
    assert "lp-kaggle" in SECTIONS and "errata-yang" in SECTIONS   # the pages were read
    assert labels <= SECTIONS


def test_the_qualitative_claims_the_prose_states_have_their_sentences():
    for cid in ("yang.fig10.pa.pooled-above", "yang.fig10.pf.pooled-above", "yang.table3.kaggle-higher",
                "yang.s8.guideline3", "yang.fig15.aupr-increases", "yang.s5.same-effect"):
        if_true, if_false = claims.sentences(cid)
        assert not if_true.startswith("Our results agree") and if_true != if_false


def test_record_all_derives_verdicts_from_the_notes():
    paper_nodes = claims.source_value("yang.table1.condmat.nodes")
    records = claims.record_all({"yang.table1.condmat.nodes": paper_nodes, "yang.s3.3.balanced-baselines": False,
                                 "yang.table1.condmat.density": 4.2e-4, "yang.table1.condmat.edges": 40321})
    verdicts = {r.claim.id: r.verdict for r in records}
    assert verdicts == {"yang.table1.condmat.nodes": "reproduced", "yang.s3.3.balanced-baselines": "source-error",
                        "yang.table1.condmat.density": "source-error", "yang.table1.condmat.edges": "not-reproduced"}


def test_source_prints_nothing_we_compute_from():
    assert [n for n in vars(source) if not n.startswith("__")] == []


def test_the_pages_cover_every_attempted_claim_once(framework_values, sampling_values, distance_values,
                                                    measures_values):
    from evalkit.reproductions.link_prediction.framework import calibration

    calibrated = calibration.ours(pd.DataFrame({"ratio, 95% low": [8.0], "ratio, 95% high": [12.0]}, index=["n"]))
    from evalkit.reproductions.link_prediction.framework import threshold_curves

    dominance = pd.DataFrame({"ROC": [False], **{f"PR ({i})": [False] for i in threshold_curves.PR_INTERPOLATIONS}})
    probability = threshold_curves.ours(pd.DataFrame({"difference": [0.0]}), dominance)
    found = [*framework_values, *sampling_values, *distance_values, *measures_values, *calibrated, *probability]
    assert len(found) == len(set(found))
    attempted = {c.id for c in claims.claims_of("yang.") if not c.not_attempted}
    table2 = {i for i in attempted if i.startswith("yang.table2.a")}
    # the synthetic Table 2 has 4 of the 40 cells; the others come from the same comprehension
    assert set(found) - table2 <= attempted
    assert attempted - table2 - set(found) == set()
