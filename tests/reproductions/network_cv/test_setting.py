"""Tests of evalkit.reproductions.network_cv.setting: the overlap of the resampling procedures
(Tables 1-3) and Section 3's survey counts."""
import pandas as pd
import pytest

from evalkit import claims
from evalkit.reproductions.network_cv import setting


def test_overlap_small():
    table = setting.resampling_overlap(scale="small", prop_labeled=(0.5,))
    ncv = table[table.procedure == "NCV"].iloc[0]
    assert ncv["times tested: min"] == ncv["max"] == 1


def test_overlap_claims_on_the_small_run():
    ours = setting.ours(setting.resampling_overlap(scale="small").set_index(["labelled", "procedure"]))
    assert ours["neville.sec2.cv-k10-labelled"] == pytest.approx(0.9)
    assert ours["neville.sec2.ncv-disjoint"] and ours["neville.sec2.ers-equal-counts"]
    assert ours["neville.sec8.ncv-inference-sets-overlap"]


def test_survey_counts_from_the_citation_list_and_table4():
    assert setting.survey_papers("1, 7-9, 12") == [1, 7, 8, 9, 12]
    got = setting.ours(survey=True)
    assert got["neville.sec3.papers"] == len(setting.survey_papers())
    assert got["neville.sec3.dependent-set-size"] + got["neville.sec3.independent-set-size"] == got["neville.sec3.papers"]
    assert got["neville.sec3.dependent-set-size"] == claims.source_value("neville.table4.vary.yes-within")
    assert got["neville.sec3.overlap-count"] == 13
    # counted from the paper's own Table 4 and citation list (its data: no stand-in); the printed count is
    # the source's error (the registry's standing note)
    verdicts = {r.claim.id: r.verdict for r in claims.record_all(got)}
    assert verdicts["neville.sec3.dependent-set-size"] == "source-error"
    assert verdicts["neville.sec3.papers"] == "reproduced"


def test_ours_leaves_out_the_parts_not_given():
    assert setting.ours() == {}
    assert set(setting.ours(survey=True)) == {c for c in setting.ours(survey=True) if c.startswith("neville.sec3.")}


def test_claim_functions_refuse_bad_arguments():
    with pytest.raises(ValueError, match="n_nodes"):
        setting.ours(pd.DataFrame({"x": [1]}), n_nodes=5)
    with pytest.raises(TypeError, match="survey"):
        setting.ours(survey="yes")
    with pytest.raises(ValueError, match="prop_labeled"):
        setting.resampling_overlap(prop_labeled=(0.5, 1.0))
