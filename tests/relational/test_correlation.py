"""Tests of evalkit.relational.correlation: error correlation and label autocorrelation against networkx and numpy."""
import networkx as nx
import numpy as np
import pytest

from evalkit import relational as rel


def test_label_autocorrelation_equals_networkx_assortativity():
    rng = np.random.default_rng(0)
    for s in range(5):
        g = nx.gnm_random_graph(80, 200, seed=s)
        y = rng.integers(0, 2, size=80)
        nx.set_node_attributes(g, {i: int(y[i]) for i in range(80)}, "y")
        ref = nx.numeric_assortativity_coefficient(g, "y")
        assert rel.label_autocorrelation(g, y) == pytest.approx(ref, abs=1e-12)
    net = rel.latent_group_model(300, rng=1)
    g = nx.from_scipy_sparse_array(net.adjacency)
    nx.set_node_attributes(g, {i: int(v) for i, v in enumerate(net.labels)}, "y")
    assert rel.label_autocorrelation(net.adjacency, net.labels) == pytest.approx(
        nx.numeric_assortativity_coefficient(g, "y"), abs=1e-12)


def test_error_correlation_equals_corrcoef_over_linked_pairs():
    g = nx.gnm_random_graph(60, 150, seed=3)
    rng = np.random.default_rng(1)
    err = rng.integers(0, 2, size=(3, 60))
    mask = rng.random((3, 60)) < 0.6
    ours = rel.error_correlation(g, err, mask)
    for k in range(3):
        pairs = [(u, v) for u, v in g.edges if mask[k, u] and mask[k, v]]
        x = [err[k, u] for u, v in pairs] + [err[k, v] for u, v in pairs]
        z = [err[k, v] for u, v in pairs] + [err[k, u] for u, v in pairs]
        assert ours[k] == pytest.approx(np.corrcoef(x, z)[0, 1], abs=1e-12)
    assert np.isnan(rel.error_correlation(g, np.zeros(60)))
    with pytest.raises(ValueError, match="binarise"):
        rel.label_autocorrelation(g, np.arange(60) % 3)


def test_label_autocorrelation_contingency_equals_scipy_association():
    from scipy.stats.contingency import association

    from evalkit.relational import latent_group_model

    net = latent_group_model(200, rng=8)
    y = net.labels
    rows, cols = net.adjacency.nonzero()  # ordered linked pairs
    table = np.zeros((2, 2), dtype=int)
    np.add.at(table, (y[rows], y[cols]), 1)
    phi = rel.label_autocorrelation(net.adjacency, y)
    assert abs(phi) == pytest.approx(association(table, method="cramer"))  # |phi| of a 2x2 table
    c = association(table, method="pearson")  # Pearson's contingency coefficient C
    assert rel.label_autocorrelation(net.adjacency, y, measure="contingency") == pytest.approx(c / np.sqrt(0.5))
    with pytest.raises(ValueError, match="measure"):
        rel.label_autocorrelation(net.adjacency, y, measure="moran")


def test_label_autocorrelation_refuses_nan_labels():
    # evalkit 2.0 read a NaN label as "unknown" (NaN >= 0 is False) without a word
    g = nx.path_graph(6)
    with pytest.raises(ValueError, match="labels"):
        rel.label_autocorrelation(g, [1, 1, np.nan, 0, 0, 0])
    with pytest.raises(ValueError, match="errors"):
        rel.error_correlation(g, [1, 1, 2, 0, 0, 0])
    assert rel.label_autocorrelation(g, [True, True, True, False, False, False]) == pytest.approx(
        rel.label_autocorrelation(g, [1, 1, 1, 0, 0, 0]))
