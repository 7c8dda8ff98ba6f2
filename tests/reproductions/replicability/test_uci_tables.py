"""Tests of evalkit.reproductions.replicability.uci_tables: Tables 1-4 on the UCI data, their comparisons and claims."""
import csv

import numpy as np
import pytest

from evalkit import claims
from evalkit.cli import main
from evalkit.reproductions import get_experiment, result_rows
from evalkit.reproductions import replicability as bf
from evalkit.reproductions.replicability import uci_tables
from evalkit.reproductions.replicability.uci_tables import nn_ties


def _fake_uci_result():
    """A ReplicationResult whose 5x2cv counts are the paper's Table 1 (every test)."""
    counts = {}
    for test in list(bf.SUMMARY_CLAIMS) + ["corrected 10x10 CV"]:
        counts[test] = {pair: np.array(bf.PAPER_TABLE_1[pair]) for pair in bf.PAIR_SLUGS}
    return bf.ReplicationResult(tuple(bf.PAPER_DATASET_NAMES), 10, counts, 0, 0.0)


@pytest.mark.parametrize("name", ["bouckaert-frank-tables1-4"])
def test_registered_with_book_and_paper_presets(name):
    spec = get_experiment(name)
    assert {"book", "paper"} <= set(spec.scales) and spec.paper_cost
    assert get_experiment("bouckaert-frank") is get_experiment("bouckaert-frank-tables1-4")


def test_book_preset_is_what_the_chapter_runs():
    assert get_experiment("bouckaert-frank-tables1-4").scales["book"] == {
        "datasets": tuple(bf.PAPER_DATASET_NAMES), "repetitions": 10, "learners": "weka", "null_copies": False,
        "seed": 0}


@pytest.mark.usefixtures("shared_data")
def test_cli_writes_the_tables(tmp_path):
    out = tmp_path / "bf.csv"
    main(["reproduce", "bouckaert-frank", "--datasets", "iris", "--repetitions", "2", "--out", str(out)])
    rows = list(csv.DictReader(out.open()))
    assert {r["test"] for r in rows} >= {"5x2cv", "corrected 10x10 CV"} and "non_rejections[iris]" in rows[0]


@pytest.mark.usefixtures("shared_data")
def test_tables1_4_small_equals_run_replication():
    res = bf.tables1_4(scale="small", datasets=("iris",))
    direct = bf.run_replication(["iris"], repetitions=2, seed=0)
    for test, per_pair in direct.counts.items():
        for pair, counts in per_pair.items():
            np.testing.assert_array_equal(res.counts[test][pair], counts)
    rows = result_rows(res)
    assert len(rows) == len(res.counts) * 3 and "non_rejections[iris]" in rows[0]
    null = bf.tables1_4(scale="small", datasets=("iris",), null_copies=True)
    assert set(null.counts["5x2cv"]) == {"tree A vs tree B"}


@pytest.mark.usefixtures("shared_data")
def test_uci_comparison_tables_on_a_fake_full_result():
    names = tuple(bf.PAPER_DATASET_NAMES)
    counts = {test: {f"{a} vs {b}": np.array(bf.PAPER_TABLE_1[f"{a} vs {b}"]) for a, b in bf.PAIRS}
              for test in bf.PAPER_SUMMARIES}
    res = bf.ReplicationResult(names, 10, counts, 0, 0.0)
    t1 = bf.table1_comparison(res)
    assert t1.shape == (27, 6) and (t1[("NB vs NN", "paper")] == t1[("NB vs NN", "ours")]).all()
    assert bf.table1_comparison(res, standins=res).shape == (27, 9)
    summary = bf.summary_comparison(res, standins=res)
    row = summary.loc[("5x2cv", "NB vs C4.5")]
    assert row["consistent (ours)"] == row["consistent (paper)"] == row["consistent (stand-ins)"] == 9
    ours, paper = bf.mean_replicability(res)
    assert len(ours) == len(paper) == len(bf.REPLICABILITY_ORDER)
    cv_wins, paper_wins, n = bf.effort_comparison(res)
    assert n == 12 and 0 <= cv_wins <= n and 0 <= paper_wins <= n


@pytest.mark.usefixtures("shared_data")
def test_cell_comparison_counts_the_cells_of_each_table():
    names = tuple(bf.PAPER_DATASET_NAMES)
    counts = {test: {f"{a} vs {b}": np.array(bf.PAPER_TABLE_1[f"{a} vs {b}"]) for a, b in bf.PAIRS}
              for test in bf.PAPER_SUMMARIES}
    counts["corrected 10x10 CV, level 0.025"] = counts["corrected 10x10 CV, level 0.01"]
    counts["5x2cv"] = {pair: c.copy() for pair, c in counts["5x2cv"].items()}
    counts["5x2cv"]["NB vs NN"][0] += 3      # anneal: 4 -> 7
    counts["5x2cv"]["NB vs NN"][1] -= 1      # arrhythmia: 9 -> 8
    res = bf.ReplicationResult(names, 10, counts, 0, 0.0)
    cells = bf.cell_differences(res)
    # Table 1: 81 counts + 3 x 3 summary cells; Tables 2-4: 4 columns x 3 pairs x 3 rows each
    assert (cells["table"] == "Table 1").sum() == 81 + 9
    assert all((cells["table"] == t).sum() == 36 for t in ("Table 2", "Table 3", "Table 4"))
    by_pair = bf.cell_comparison(res)
    nb_nn = by_pair.loc[("Table 1", "NB vs NN")]
    assert nb_nn["count cells"] == 27 and nb_nn["exact"] == 25 and nb_nn["off by >= 3"] == 1
    assert nb_nn["mean |difference|"] == pytest.approx(4 / 27)
    assert by_pair.loc[("Table 1", "NB vs C4.5")]["exact"] == 27
    per_table = bf.cell_comparison(res, by=("table",))
    assert list(per_table.index) == ["Table 1", "Table 2", "Table 3", "Table 4"]
    assert per_table.loc["Table 1", "count cells"] == 81 and per_table.loc["Table 2", "count cells"] == 24
    assert per_table.loc["Table 2", "R cells"] == 12


def test_uci_claims_cover_tables_1_to_4():
    ours = uci_tables.ours(tables=_fake_uci_result())
    wanted = {c.id for prefix in ("bf.table1.", "bf.table2.", "bf.table3.", "bf.table4.", "bf.sec4_3.")
              for c in claims.claims_of(prefix)
              if c.is_numeric and not c.id.endswith((".instances", ".attributes", ".classes"))}
    wanted |= {"bf.sec4_1.nb-c45-same-but-vehicle", "bf.sec4_1.nb-c45-differ-19"}
    assert set(ours) == wanted
    # the paper's own columns give the paper's 5x2cv summary and text numbers
    summary = [f"bf.table1.{p}.{r}" for p in bf.PAIR_SLUGS.values() for r in ("consistent", "almost-consistent", "r")]
    for cid in summary + [f"bf.table1.{ds}.{p}" for ds in bf.PAPER_DATASET_NAMES for p in bf.PAIR_SLUGS.values()]:
        assert claims.judge(cid, ours[cid]).within_tolerance, cid    # reproduced (-standin where NN is involved)
    assert claims.judge("bf.sec4_1.nb-c45-differ-19", ours["bf.sec4_1.nb-c45-differ-19"]).verdict == "reproduced"
    assert claims.judge("bf.sec4_1.nb-c45-same-but-vehicle",
                        ours["bf.sec4_1.nb-c45-same-but-vehicle"]).verdict == "reproduced"


def test_uci_claims_need_the_27_data_sets():
    res = _fake_uci_result()
    with pytest.raises(ValueError, match="27"):
        uci_tables.ours(tables=bf.ReplicationResult(res.datasets[:3], 10, res.counts, 0, 0.0))


def test_uci_predicates_are_bools_of_qualitative_claims():
    preds = {**uci_tables.ours(reading=_fake_uci_result()), **uci_tables.ours(conclusions=_fake_uci_result())}
    for cid, holds in preds.items():
        assert isinstance(holds, bool) and claims.get_claim(cid).value is True
    assert preds["bf.sec4_1.anneal-sensitive"] and preds["bf.sec4_1.iris-hungarian-no-difference"]
    # the paper's own Table 2 has two drops, not the one its text says
    assert preds["bf.sec4_2.only-exception"] is False
    assert bf.partition_dependent(_fake_uci_result())["NB vs C4.5"] == 27 - 9


def test_ours_leaves_out_the_parts_not_given():
    res = _fake_uci_result()
    assert uci_tables.ours() == {}
    assert set(uci_tables.ours(reading=res)).isdisjoint(uci_tables.ours(conclusions=res))
    assert not any(isinstance(v, bool) for v in uci_tables.ours(tables=res).values())


def test_the_uci_claims_carry_their_standing_notes_and_derive_their_standins():
    # every cell differs for the reason of the chapter's section; the stand-in (IBk for IB1) is
    # declared by the experiment and reaches exactly the claims that read nearest neighbour
    ours = uci_tables.ours(tables=_fake_uci_result(), reading=_fake_uci_result(),
                           conclusions=_fake_uci_result())
    options = uci_tables.tables1_4.experiment.claim_provenance(ours, "paper", reads=nn_ties.learners_read)
    for cid in ours:
        claim = claims.get_claim(cid)
        if not isinstance(ours[cid], bool):
            assert claim.explanation == "bf-uci-differences", cid
        nb_c45 = ".nb-c45." in cid or cid.endswith(".nb-c45") or cid in (
            "bf.sec4_1.anneal-sensitive", "bf.sec4_1.nb-c45-same-but-vehicle", "bf.sec4_1.nb-c45-differ-19")
        if cid == "bf.sec4_2.only-exception":
            assert claim.source_error == "errata-bf" and options[cid]["data"] is None
        else:
            assert (options[cid]["data"] is None) == nb_c45, cid
            assert options[cid]["data"] in (None, claims.standin("ibk-for-ib1")) and options[cid]["scale"] is None


def test_claims_said_not_to_read_nearest_neighbour_ignore_its_counts():
    """learners_read is a rule written beside the computation: check it against the computation,
    by changing only the pairs with NN and seeing which claims move."""
    base = _fake_uci_result()
    rng = np.random.default_rng(7)
    before = uci_tables.ours(tables=base, reading=base, conclusions=base)
    moved = set()
    for _ in range(20):
        counts = {test: {pair: (rng.integers(0, 11, 27) if "NN" in pair else k) for pair, k in by_pair.items()}
                  for test, by_pair in base.counts.items()}
        other = bf.ReplicationResult(base.datasets, base.repetitions, counts, 0, 0.0)
        after = uci_tables.ours(tables=other, reading=other, conclusions=other)
        moved |= {cid for cid in before if after[cid] != before[cid]}
    assert moved and all("NN" in nn_ties.learners_read(cid) for cid in moved)


@pytest.mark.usefixtures("shared_data")
def test_property_claims_match_all_but_the_attribute_slips():
    props = uci_tables.ours(properties=uci_tables.dataset_properties())
    assert set(props) == {c.id for c in claims.claims_of("bf.table1.")
                          if c.id.endswith((".instances", ".attributes", ".classes"))}
    noted = {cid for cid in props
             if claims.get_claim(cid).explanation or claims.get_claim(cid).source_error}
    assert noted == {f"bf.table1.{ds}.attributes" for ds in ("arrhythmia", "credit-a", "ecoli", "zoo")}
    for cid, v in props.items():
        rec = claims.judge(cid, v)
        assert rec.verdict in ("reproduced", "source-error", "differs-explained"), cid
        assert (rec.verdict == "reproduced") == (cid not in noted or rec.within_tolerance)


def test_dataset_properties_with_a_loader():
    from types import SimpleNamespace

    def fake(name):
        return SimpleNamespace(data=np.zeros((5, 4)), X=np.zeros((5, 3)), y=np.array([0, 1, 2, 2, -1]))

    props = uci_tables.dataset_properties(loader=fake)
    assert list(props) == list(bf.PAPER_DATASET_NAMES)
    assert props["zoo"] == {"instances": 5, "attributes": 3, "classes": 3}


def _uniform_counts(k_5x2cv, default=10):
    """A ReplicationResult whose 5x2cv counts are ``k_5x2cv`` (27 per pair) and every other test's ``default``."""
    counts = {t: {pair: np.full(27, default) for pair in bf.PAIR_SLUGS}
              for t in list(bf.SUMMARY_CLAIMS) + ["corrected 10x10 CV"]}
    counts["5x2cv"] = {pair: np.asarray(k_5x2cv) for pair in bf.PAIR_SLUGS}
    return bf.ReplicationResult(tuple(bf.PAPER_DATASET_NAMES), 10, counts, 0, 0.0)


def test_uci_reading_and_conclusions_fail_on_counter_examples():
    """The paper's Table 1 confirms these (test_uci_predicates_...); each of these runs refutes one."""
    consistent = _uniform_counts(np.full(27, 10))                     # 5x2cv never rejects: nothing varies
    reading = uci_tables.ours(reading=consistent)
    assert reading["bf.sec4_1.anneal-sensitive"] is False and reading["bf.sec4_1.most-rows-inconsistent"] is False
    assert uci_tables.ours(reading=_fake_uci_result())["bf.sec4_1.most-rows-inconsistent"] is True
    # the CV tests less consistent and less replicable than resampling at equal effort (CV splits 5 / 5)
    cv = {t: {pair: np.full(27, 5) for pair in bf.PAIR_SLUGS} for t in bf.SUMMARY_CLAIMS if "CV" in t}
    worse = _uniform_counts(np.full(27, 10))
    worse.counts.update(cv)
    conclusions = uci_tables.ours(conclusions=worse)
    assert conclusions["bf.sec4_3.cv-as-consistent-as-resampling"] is False
    assert conclusions["bf.sec4_3.cv-as-replicable-as-resampling"] is False
    assert conclusions["bf.sec4_3.cv10-as-consistent-as-resampling10"] is False
    assert uci_tables.ours(conclusions=consistent)["bf.sec4_3.cv-as-consistent-as-resampling"] is True
    # the significance level moves R by more than 0.05: level 0.01 never rejects, level 0.1 splits 5 / 5
    levels = _uniform_counts(np.full(27, 10))
    levels.counts["corrected 10x10 CV, level 0.1"] = {pair: np.full(27, 5) for pair in bf.PAIR_SLUGS}
    assert uci_tables.ours(conclusions=levels)["bf.sec4_3.level-no-major-impact"] is False
    assert uci_tables.ours(conclusions=consistent)["bf.sec4_3.level-no-major-impact"] is True


def test_per_dataset_counts_are_the_counts_behind_the_summary_rows():
    res = _fake_uci_result()
    summaries = uci_tables.summary_tables(res)
    for table in ("Table 2", "Table 3", "Table 4"):
        counts = uci_tables.per_dataset_counts(res, table=table)
        assert counts.shape == (27, 3 * len(uci_tables.TABLE_TESTS[table]))
        for (test, pair), column in counts.items():
            consistent = int(((column == 0) | (column == res.repetitions)).sum())
            assert consistent == summaries[test][pair].consistent, (test, pair)
    with pytest.raises(ValueError, match="table"):
        uci_tables.per_dataset_counts(res, table="Table 1")
