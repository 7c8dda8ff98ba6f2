"""Tests of evalkit.reproductions.replicability.table5_claims: the simulation page's claim values,
the reading of Table 5 decided with the Monte Carlo error."""
import numpy as np
import pytest

from evalkit import claims
from evalkit.reproductions import replicability as bf
from evalkit.reproductions.replicability import table5_claims


@pytest.fixture(scope="module")
def small_simulation():
    return bf.table5(scale="small")


def test_table5_claims_cover_table5(small_simulation):
    ours = table5_claims.ours(table5=small_simulation)
    assert set(ours) == {c.id for c in claims.claims_of("bf.table5.")}
    assert all(0 <= v <= 100 for v in ours.values())
    assert ours["bf.table5.accuracy.source1"] == pytest.approx(0.0, abs=1e-9)


def test_simulation_predicates(small_simulation):
    preds = table5_claims.ours(reading=small_simulation, type1=small_simulation, recommendation=small_simulation)
    assert len(preds) == 9
    for cid, decision in preds.items():
        assert isinstance(decision, claims.Decision) and claims.get_claim(cid).value is True
    (rec,) = claims.record_all({cid: decision}, **bf.table5.experiment.provenance("paper"))
    assert rec.data == claims.standin("random-bans") and rec.scale is None
    assert table5_claims.ours() == {}


def _result(p_values, n_sets=10, runs=10):
    p = {t: np.full((4, n_sets, runs), 0.5) for t in bf.SIMULATION_TESTS}
    p.update(p_values)
    return bf.SimulationResult(np.full((4, n_sets, 2), 0.5), p, 0.05, 0.0)


def test_type1_predicates_on_a_confirming_a_counter_and_an_undecided_example():
    calm = _result({})                                   # never rejects: decidedly not above 5%
    assert {cid: d.holds for cid, d in table5_claims.ours(type1=calm).items()} == {
        "bf.sec2.reuse-inflates-type1": False, "bf.sec4_3.cv10-inflated-type1": False,
        "bf.sec4_3.cv10x10-uncorrected-high-type1": False}
    wrong = _result({"10x10-fold CV, uncorrected": np.full((4, 10, 10), 0.01),
                     "10-fold CV, uncorrected": np.full((4, 10, 10), 0.01)})    # always rejects a true null
    assert all(d.holds for d in table5_claims.ours(type1=wrong).values())
    # rejecting on one training set in ten: a rate of 0.1 from ten sets cannot tell 5% from 10%
    some = np.full((4, 10, 10), 0.5)
    some[0, 0] = 0.01
    edge = table5_claims.ours(type1=_result({"10x10-fold CV, uncorrected": some}))
    assert edge["bf.sec2.reuse-inflates-type1"].holds is None
    assert claims.judge("bf.sec2.reuse-inflates-type1", edge["bf.sec2.reuse-inflates-type1"].holds).verdict \
        == "inconclusive"


def test_reading_predicates_follow_the_consistencies():
    # every test consistent everywhere: no worst source below 50%, no gaps
    reading = table5_claims.ours(reading=_result({}))
    assert reading["bf.sec4_4.low-consistency"].holds is False
    assert reading["bf.sec4_4.resampling100-dramatic"].holds is False
    # the 10-run tests agree on half the sets of source 3, the 100-run one on all: a 50-point gap
    half = np.full((4, 10, 10), 0.5)
    half[2, :5, :5] = 0.01                               # five sets with mixed outcomes
    reading = table5_claims.ours(reading=_result({"5x2cv": half[:, :, :10], "resampled corrected, 10 runs": half,
                                                  "10-fold CV, uncorrected": half}))
    assert reading["bf.sec4_4.low-consistency"].holds is None       # 50% of ten sets is not decidedly below 50%
