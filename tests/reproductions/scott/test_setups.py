"""Tests of evalkit.reproductions.scott.setups: the shared data and the table cells' levels."""
import pytest

from evalkit.reproductions.scott import setups


def test_level_parser_rejects_ids_without_a_level():
    with pytest.raises(ValueError, match="level"):
        setups.table_level("scott.ci-example.lower")
    assert setups.table_level("scott.t-table.df1.c975") == 0.975
    assert setups.table_level("scott.z-table1.c68") == 0.68


def test_load_diabetes_is_pima(shared_data):
    X, y = setups.load_diabetes()
    assert X.shape == (768, 8) and set(y.tolist()) == {0, 1}
