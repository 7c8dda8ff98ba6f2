"""Tests of evalkit.relational.models: network models: the latent group model and disjoint subnetworks."""
import networkx as nx
import numpy as np
import pytest

from evalkit import relational as rel


def test_latent_group_model_follows_its_parameters():
    nets = [rel.latent_group_model(300, rng=s) for s in range(20)]
    pos = np.mean([n.labels.mean() for n in nets])
    assert abs(pos - 0.70) < 0.03  # P(+) = 0.75 * 0.9 + 0.25 * 0.1
    within, pairs = 0, 0
    for n in nets:
        a = n.adjacency
        assert (a != a.T).nnz == 0 and a.diagonal().sum() == 0
        type_a = n.group_type[n.group] == "A"
        same = (n.group[:, None] == n.group[None, :]) & type_a[:, None] & type_a[None, :]
        np.fill_diagonal(same, False)
        within += a.toarray()[same].sum()
        pairs += same.sum()
    assert abs(within / pairs - 0.6) < 0.02


def test_disjoint_subnetworks_partition_the_nodes():
    g = nx.connected_caveman_graph(12, 8)
    y = np.arange(96) % 2
    parts = rel.disjoint_subnetworks(g, y, 4, rng=0)
    assert sum(a.shape[0] for a, _ in parts) == 96
    assert sum(a.nnz for a, _ in parts) / 2 > 0.9 * g.number_of_edges()
    with pytest.raises(ValueError, match="communities"):
        rel.disjoint_subnetworks(g, y, 50, rng=0)


def test_stratified_subnetworks_balance_the_labels():
    g = nx.connected_caveman_graph(12, 8)
    y = np.repeat([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0], 8)  # pure caves: 3 positive, 9 negative
    by_size = rel.disjoint_subnetworks(g, y, 3, rng=0)
    stratified = rel.disjoint_subnetworks(g, y, 3, stratify=True, rng=0)
    assert [lab.sum() for _, lab in stratified] == [8, 8, 8]  # one positive cave each
    assert [a.shape[0] for a, _ in stratified] == [32, 32, 32]
    assert np.ptp([lab.mean() for _, lab in by_size]) >= np.ptp([lab.mean() for _, lab in stratified])
    with pytest.raises(ValueError, match="resolution"):
        rel.disjoint_subnetworks(g, y, 3, resolution=0)


def test_latent_group_model_unstated_choices():
    eq = rel.latent_group_model(300, group_sizes="equal", label_draw="share", rng=3)
    sizes = np.bincount(eq.group)
    assert sizes.min() == sizes.max() == 10
    for g, kind in enumerate(eq.group_type):  # exactly the rounded expected positives per group
        assert eq.labels[eq.group == g].sum() == (9 if kind == "A" else 1)
    # links across groups of different types: the four rules' expected counts, on one draw each
    counts = {}
    for rule in ("either", "mean", "lower", "higher"):
        net = rel.latent_group_model(600, link_rule=rule, rng=4)
        b = net.group_type[net.group] == "B"
        rows, cols = _upper_pairs(net.adjacency)
        mixed = (b[rows] != b[cols]) & (net.group[rows] != net.group[cols])
        pairs = b.sum() * (~b).sum()
        counts[rule] = mixed.sum() / pairs
    assert counts["lower"] == pytest.approx(0.003, rel=0.25)
    assert counts["higher"] == pytest.approx(0.013, rel=0.15)
    assert counts["mean"] == pytest.approx(0.008, rel=0.15)
    assert counts["either"] == pytest.approx(1 - 0.997 * 0.987, rel=0.15)
    with pytest.raises(ValueError, match="link_rule"):
        rel.latent_group_model(50, link_rule="both")
    with pytest.raises(ValueError, match="group_sizes"):
        rel.latent_group_model(50, group_sizes="poisson")
    with pytest.raises(ValueError, match="label_draw"):
        rel.latent_group_model(50, label_draw="group")


def _upper_pairs(a):
    import scipy.sparse as sp

    upper = sp.triu(a, k=1).tocoo()
    return upper.row, upper.col
