"""Tests of evalkit.reproductions.network_cv.setups: the latent-group networks and the pieces of Cora."""
import numpy as np
import pytest

from evalkit import relational as rel
from evalkit.reproductions.network_cv import setups


def test_latent_group_networks_follow_the_book_seeds():
    cal, ev = setups.latent_group_networks(300, n_calibration=3, n_evaluation=1)
    rng = np.random.default_rng(2010)
    ref = [rel.latent_group_model(300, rng=rng) for _ in range(4)]
    for ours, theirs in zip(cal + ev, ref):
        assert (ours.adjacency != theirs.adjacency).nnz == 0 and np.array_equal(ours.labels, theirs.labels)


@pytest.mark.slow
def test_cora_pieces():
    louvain = [lab.mean() for _, lab in setups.cora_pieces(partition="louvain")]
    assert np.ptp(louvain) > 0.2  # packed by size only, the pieces' shares of positives differ widely
    with pytest.raises(ValueError, match="partition"):
        setups.cora_pieces(partition="random")
