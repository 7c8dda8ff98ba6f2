"""Tests of evalkit.reproductions.replicability.source, and of the source's registry: every claim computed or given a reason."""
import numpy as np
import pytest

from evalkit import claims, stats
from evalkit.reproductions import replicability as bf
from evalkit.reproductions.replicability import measures, table5_claims, uci_tables
from evalkit.reproductions.replicability.uci_tables import controls


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


def _fake_uci_result():
    """A ReplicationResult whose 5x2cv counts are the paper's Table 1 (every test)."""
    counts = {}
    for test in list(bf.SUMMARY_CLAIMS) + ["corrected 10x10 CV"]:
        counts[test] = {pair: np.array(bf.PAPER_TABLE_1[pair]) for pair in bf.PAIR_SLUGS}
    return bf.ReplicationResult(tuple(bf.PAPER_DATASET_NAMES), 10, counts, 0, 0.0)


@pytest.fixture(scope="module")
def small_simulation():
    return bf.table5(scale="small")


def test_every_bf_claim_has_a_computation_or_a_reason(small_simulation):
    fake = _fake_uci_result()
    check, _ = measures.paper_table1_check()
    directions = {"5x2cv": {pair: np.zeros((len(fake.datasets), 2), dtype=int) for pair in bf.PAIR_SLUGS}}
    with_directions = bf.ReplicationResult(fake.datasets, fake.repetitions, fake.counts, 0, 0.0, directions)
    computed = (set(uci_tables.ours(tables=fake, reading=fake, conclusions=fake))
                | set(controls.ours(directions=with_directions, stratification=0.0))
                | set(table5_claims.ours(table5=small_simulation, reading=small_simulation, type1=small_simulation,
                                         recommendation=small_simulation))
                | set(measures.ours(floor=stats.replicability(np.arange(11), 10), table1=check))
                | {c.id for c in claims.claims_of("bf.table1.")
                   if c.id.endswith((".instances", ".attributes", ".classes"))})
    for claim in claims.claims_of("bf."):
        assert (claim.id in computed) != (claim.not_attempted is not None), claim.id


def test_every_qualitative_bf_claim_has_its_two_sentences_in_the_registry():
    for claim in claims.claims_of("bf."):
        if claim.kind == "qualitative" and claim.not_attempted is None:
            assert claim.if_true and claim.if_false, claim.id
