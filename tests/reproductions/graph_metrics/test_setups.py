"""Tests of evalkit.reproductions.graph_metrics.setups and .source."""
import numpy as np

from evalkit.reproductions.graph_metrics import figure_1_2_matrix, source


def test_figure_1_2_matrix_is_the_vertices_confusion_matrix():
    M = figure_1_2_matrix()
    np.testing.assert_array_equal(M, [[4, 1], [2, 1]])
    assert M.sum() == len(source.FIGURE_1_2_VERTICES["actual"]) == 8


def test_source_tables_have_consistent_shapes():
    assert len(set(map(len, source.TABLE_1_1.values()))) == 1
    assert set(source.TABLE_1_3_MEMBERSHIP) == set(source.TABLE_1_3_CLASS)
    for m in (source.FIGURE_1_14_IDEAL, source.FIGURE_1_14_OBSERVED):
        np.testing.assert_array_equal(m, m.T)
