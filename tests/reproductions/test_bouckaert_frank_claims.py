"""Tests of evalkit.reproductions.replicability.claims: every registry claim has a computation or a reason."""
import numpy as np
import pytest

from evalkit import claims
from evalkit.reproductions import replicability as bf


def _fake_uci_result():
    """A ReplicationResult whose 5x2cv counts are the paper's Table 1 (every test)."""
    counts = {}
    for test in list(bf.SUMMARY_CLAIMS) + ["corrected 10x10 CV"]:
        counts[test] = {pair: np.array(bf.PAPER_TABLE_1[pair]) for pair in bf.PAIR_SLUGS}
    return bf.ReplicationResult(tuple(bf.PAPER_DATASET_NAMES), 10, counts, 0, 0.0)


def test_paper_tables_are_read_from_the_registry():
    assert bf.PAPER_TABLE_1["NB vs C4.5"][0] == claims.source_value("bf.table1.anneal.nb-c45")
    assert bf.PAPER_SUMMARIES["5x2cv"]["C4.5 vs NN"][2] == claims.source_value("bf.table1.c45-nn.r")
    assert bf.PAPER_TABLE_5["5x2cv"][3] == claims.source_value("bf.table5.5x2cv.source4")
    assert bf.PAPER_ACCURACY_DIFFERENCES == tuple(claims.source_value(f"bf.table5.accuracy.source{j}")
                                                  for j in (2, 3, 4))
    # Table 4's 5% column is Table 3's 10-run column
    for pair in bf.PAIR_SLUGS.values():
        for row in ("consistent", "almost-consistent", "r"):
            assert (claims.source_value(f"bf.table4.{pair}.alpha5.{row}")
                    == claims.source_value(f"bf.table3.{pair}.runs10.{row}"))


def test_uci_claims_cover_tables_1_to_4():
    ours = bf.uci_claims(_fake_uci_result())
    wanted = {c.id for prefix in ("bf.table1.", "bf.table2.", "bf.table3.", "bf.table4.", "bf.sec4_3.")
              for c in claims.claims_of(prefix)
              if c.is_numeric and not c.id.endswith((".instances", ".attributes", ".classes"))}
    wanted |= {"bf.sec4_1.nb-c45-same-but-vehicle", "bf.sec4_1.nb-c45-differ-19"}
    assert set(ours) == wanted
    # the paper's own columns give the paper's 5x2cv summary and text numbers
    summary = [f"bf.table1.{p}.{r}" for p in bf.PAIR_SLUGS.values() for r in ("consistent", "almost-consistent", "r")]
    for cid in summary + [f"bf.table1.{ds}.{p}" for ds in bf.PAPER_DATASET_NAMES for p in bf.PAIR_SLUGS.values()]:
        assert claims.judge(cid, ours[cid]).verdict == "reproduced", cid
    assert claims.judge("bf.sec4_1.nb-c45-differ-19", ours["bf.sec4_1.nb-c45-differ-19"]).verdict == "reproduced"
    assert claims.judge("bf.sec4_1.nb-c45-same-but-vehicle",
                        ours["bf.sec4_1.nb-c45-same-but-vehicle"]).verdict == "reproduced"


def test_uci_claims_need_the_27_data_sets():
    res = _fake_uci_result()
    with pytest.raises(ValueError, match="27"):
        bf.uci_claims(bf.ReplicationResult(res.datasets[:3], 10, res.counts, 0, 0.0))


def test_uci_predicates_are_bools_of_qualitative_claims():
    preds = bf.uci_predicates(_fake_uci_result())
    for cid, holds in preds.items():
        assert isinstance(holds, bool) and claims.get_claim(cid).value is True
    assert preds["bf.sec4_1.anneal-sensitive"] and preds["bf.sec4_1.iris-hungarian-no-difference"]
    assert bf.partition_dependent(_fake_uci_result())["NB vs C4.5"] == 27 - 9


@pytest.mark.usefixtures("shared_data")
def test_property_claims_match_all_but_the_attribute_slips():
    props = bf.property_claims()
    assert set(props) == {c.id for c in claims.claims_of("bf.table1.")
                          if c.id.endswith((".instances", ".attributes", ".classes"))}
    for cid, v in props.items():
        rec = claims.judge(cid, v, **bf.property_reason(cid))
        assert rec.verdict in ("reproduced", "source-error", "differs-explained"), cid
        assert (rec.verdict == "reproduced") == (bf.property_reason(cid) == {} or rec.within_tolerance)


def test_source_predicates():
    assert bf.source_predicates() == {"bf.sec2.r-formula": True, "bf.sec2.r-floor": False,
                                      "bf.sec4_2.only-exception": False}


@pytest.fixture(scope="module")
def small_simulation():
    return bf.table5(scale="small")


def test_table5_claims_cover_table5(small_simulation):
    ours = bf.table5_claims(small_simulation)
    assert set(ours) == {c.id for c in claims.claims_of("bf.table5.")}
    assert all(0 <= v <= 100 for v in ours.values())
    assert ours["bf.table5.accuracy.source1"] == pytest.approx(0.0, abs=1e-9)


def test_simulation_predicates(small_simulation):
    preds = bf.simulation_predicates(small_simulation)
    for cid, holds in preds.items():
        assert isinstance(holds, bool) and claims.get_claim(cid).value is True


def test_every_bf_claim_has_a_computation_or_a_reason(small_simulation):
    computed = (set(bf.uci_claims(_fake_uci_result())) | set(bf.uci_predicates(_fake_uci_result()))
                | set(bf.table5_claims(small_simulation)) | set(bf.simulation_predicates(small_simulation))
                | set(bf.source_predicates())
                | {c.id for c in claims.claims_of("bf.table1.")
                   if c.id.endswith((".instances", ".attributes", ".classes"))})
    for claim in claims.claims_of("bf."):
        assert (claim.id in computed) != (claim.not_attempted is not None), claim.id
