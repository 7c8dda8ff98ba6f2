"""evalkit 1 names of evalkit.relational that moved still work, with a DeprecationWarning."""
import networkx as nx
import numpy as np
import pytest

from evalkit import relational as rel


def test_as_adjacency_keeps_its_old_behaviour():
    g = nx.DiGraph()
    g.add_edge(0, 1, weight=2.5)
    g.add_edge(1, 2)
    g.add_edge(2, 2)  # a self-loop: dropped
    with pytest.warns(DeprecationWarning, match="evalkit.relational.as_adjacency"):
        as_adjacency = rel.as_adjacency
    a = as_adjacency(g)
    assert a.dtype == float and a.format == "csr"
    assert a.toarray().tolist() == [[0.0, 2.5, 0.0], [2.5, 0.0, 1.0], [0.0, 1.0, 0.0]]
    assert as_adjacency(np.array([[0, 1], [0, 0]])).toarray().tolist() == [[0.0, 1.0], [1.0, 0.0]]
    with pytest.raises(TypeError, match="networkx graph or a square"):
        as_adjacency("not a graph")


def test_moved_names_forward():
    from evalkit.reproductions import network_cv as neville
    from evalkit.resampling import network_split_masks

    with pytest.warns(DeprecationWarning, match="reproductions.network_cv.PAPER_TABLE_5"):
        assert rel.PAPER_TABLE_5 is neville.PAPER_TABLE_5
    with pytest.warns(DeprecationWarning, match="network_split_masks"):
        assert rel.network_split_masks is network_split_masks
    with pytest.warns(DeprecationWarning, match="t_test_rejections"):
        t_test_rejections = rel.t_test_rejections
    assert t_test_rejections([[0.8, 0.82, 0.81]], [[0.7, 0.71, 0.72]]).tolist() == [True]
    assert "as_adjacency" in dir(rel) and "wvrn" in dir(rel)
    with pytest.raises(AttributeError):
        rel.no_such_name
