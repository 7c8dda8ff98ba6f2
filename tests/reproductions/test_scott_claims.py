"""Tests of evalkit.reproductions.scott.claims: every claim it maps, computed from the right function."""
import numpy as np
import pytest
from scipy import stats as sst

from evalkit import claims
from evalkit.reproductions.scott import claims as scott_claims


def ids(prefix):
    return {c.id for c in claims.claims_of(prefix) if c.not_attempted is None}


def test_t_table_values_cover_every_cell_and_are_scipy_quantiles():
    ours = scott_claims.t_table_values()
    assert set(ours) == ids("scott.t-table.") and len(ours) == 13 * 8
    # reference: scipy.stats.t.ppf(level, df)
    assert ours["scott.t-table.df9.c950"] == pytest.approx(sst.t.ppf(0.95, 9))
    assert ours["scott.t-table.df1.c600"] == pytest.approx(sst.t.ppf(0.6, 1))
    assert ours["scott.t-table.df13.c995"] == pytest.approx(sst.t.ppf(0.995, 13))
    verdicts = {claims.judge(cid, v).verdict for cid, v in ours.items()}
    assert verdicts == {"reproduced"}


def test_z_table_values_cover_the_three_rows_and_the_80_percent():
    ours = scott_claims.z_table_values()
    expected = ids("scott.z-table1.") | ids("scott.z-table2.") | ids("scott.z-one-sided.") | {"scott.normal.z80"}
    assert set(ours) == expected and len(ours) == 22
    assert ours["scott.z-table1.c95"] == pytest.approx(sst.norm.ppf(0.975))   # two-sided
    assert ours["scott.z-one-sided.c95"] == pytest.approx(sst.norm.ppf(0.95))  # one-sided
    assert ours["scott.z-one-sided.c50"] == pytest.approx(0.0, abs=1e-12)
    # the only cells outside the printed rounding: z_68 (the lecture's 1.00 is for 68.27%)
    differ = {cid for cid, v in ours.items() if not claims.judge(cid, v).within_tolerance}
    assert differ == {"scott.z-table1.c68", "scott.z-table2.c68"}


def test_one_sided_formula_check_shows_the_printed_formula_is_wrong():
    check = scott_claims.one_sided_formula_check()
    assert check.index.tolist() == [50, 68, 80, 90, 95, 98, 99]
    assert check["corrected formula agrees"].all()
    assert not check["printed formula agrees"].all()
    assert check.loc[90, "printed formula z_{100-(100-c)/2}"] == pytest.approx(sst.norm.ppf(0.975))


def test_ci_example_familywise_and_imbalanced_values():
    assert set(scott_claims.ci_example_values()) == ids("scott.ci-example.")
    ci = scott_claims.ci_example_values()
    z_95 = claims.source_value("scott.z-table1.c95")   # the slide's rounded quantile
    half = z_95 * np.sqrt(0.3 * 0.7 / 40)              # the slide's formula
    assert ci["scott.ci-example.lower"] == pytest.approx(0.3 - half, abs=1e-4)
    fw = scott_claims.familywise_values()
    assert set(fw) == {"scott.multiple.per-test", "scott.multiple.at-least-one", "scott.multiple.overall-confidence"}
    assert fw["scott.multiple.at-least-one"] == pytest.approx(1 - 0.95 ** 4)
    assert fw["scott.multiple.per-test"] == pytest.approx(0.05)
    acc = scott_claims.imbalanced_values()
    assert set(acc) == {"scott.imbalanced.h1", "scott.imbalanced.always-negative", "scott.imbalanced.h2"}
    assert acc["scott.imbalanced.h1"] == pytest.approx((2 + 965) / 1000)
    cms = scott_claims.imbalanced_confusion_matrices()
    assert all(cm.sum() == 1000 and cm[0].sum() == 20 for cm in cms.values())


def test_level_parser_rejects_ids_without_a_level():
    with pytest.raises(ValueError, match="level"):
        scott_claims._level("scott.ci-example.lower")
    assert scott_claims._level("scott.t-table.df1.c975") == 0.975


def test_registry_is_complete_and_figures_without_values_are_not_attempted():
    source = claims.load_registry()["scott"]
    assert len(source.claims) >= 150
    assert all(c.not_attempted for c in source.claims.values() if c.id.endswith("figure"))
