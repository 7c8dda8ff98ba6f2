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
