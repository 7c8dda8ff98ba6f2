"""Tests of evalkit.reproductions.replicability.setups: the UCI data sets and Table 5's data sources."""
import numpy as np
import pytest

from evalkit.datasets import random_bayes_net
from evalkit.reproductions import replicability as bf
from evalkit.reproductions.replicability import setups


@pytest.mark.parametrize("learners", ["weka", "counts"])
def test_sources_match_their_targets(learners):
    sources, pilot = bf.simulation_sources(targets=(2.0, 6.0), tolerance=0.5, learners=learners, rng=3)
    assert len(sources) == 3 and sources[0].n_arcs == 0
    assert all(abs(abs(d) - t) <= 0.5 for d, t in zip(pilot[1:], (2.0, 6.0)))
    # the pilot difference is the one the named learners produce
    again = bf.pilot_accuracy_difference(sources[1], learners=learners, n_pilot=3, rng=0)
    other = bf.pilot_accuracy_difference(sources[1], learners={"weka": "counts", "counts": "weka"}[learners],
                                          n_pilot=3, rng=0)
    assert np.isfinite(again) and again != other
    with pytest.raises(ValueError, match="no source"):
        bf.simulation_sources(targets=(60.0,), learners=learners, max_candidates=3)


def test_bad_arguments():
    with pytest.raises(ValueError, match="learners must be one of"):
        bf.pilot_accuracy_difference(random_bayes_net(9, rng=0), learners="J48")


@pytest.mark.usefixtures("shared_data")
def test_the_paper_data_sets_load_once_per_process():
    assert setups.PAPER_DATASETS == tuple(bf.PAPER_DATASET_NAMES) and len(setups.PAPER_DATASETS) == 27
    assert setups.uci_data("iris") is setups.uci_data("iris")
    assert [a.name for a in setups.binary_header(3)] == ["x0", "x1", "x2", "class"]
