"""Tests of evalkit.reproductions.link_prediction.setups: the data set-ups are defined once, and the scores
several pages share (PropFlow, the histograms by distance) are computed on the weighted networks."""
import numpy as np
import pytest

from evalkit import linkpred
from evalkit.reproductions.link_prediction import setups


def test_utc_and_periods():
    assert setups.utc(2000) == 946684800
    assert setups.periods("Condmat") == {"start": setups.utc(1995), "split": setups.utc(2000),
                                         "end": setups.utc(2001)}
    with pytest.raises(ValueError, match="network must be one of"):
        setups.periods("DBLP")
    with pytest.raises(ValueError, match="end must be one of"):
        setups.periods("Condmat", end="max+1")


def test_open_and_closed_label_periods_give_the_same_task(shared_data):
    ev = setups.events("email-Eu-core")
    closed = setups.periods("email-Eu-core", end="last event")
    assert closed["end"] == int(ev.time.max()) + 1 and "end" not in setups.periods("email-Eu-core")
    a, b = setups.task("email-Eu-core"), setups.task("email-Eu-core", end="last event")
    assert np.array_equal(a.positives, b.positives) and (a.adjacency != b.adjacency).nnz == 0
    assert setups.task("email-Eu-core") is a                                       # built once


def test_propflow_walks_on_the_weighted_network_and_the_others_do_not_change(shared_data):
    t = setups.task("email-Eu-core")
    # the weights are message counts: at least 1 where there is an edge, more on busy pairs
    assert ((t.weights != 0) != (t.adjacency != 0)).nnz == 0 and t.weights.data.min() == 1
    assert t.weights.data.max() > 1
    weighted = setups.directed_propflow("email-Eu-core")
    np.testing.assert_allclose(weighted.toarray(), linkpred.propflow(t.weights, symmetrize=None).toarray())
    flat = setups.directed_propflow("email-Eu-core", weighted=False)
    assert abs(weighted - flat).max() > 0.01
    w, u = setups.distance_histograms("email-Eu-core"), setups.distance_histograms("email-Eu-core", weighted=False)
    assert w["preferential_attachment"] is u["preferential_attachment"] and w["propflow"] is not u["propflow"]


def test_condmat_is_weighted_as_lpmade_weights_it(shared_data):
    # every Condmat paper of k >= 2 distinct authors adds 1 to each author's weighted degree
    ev = setups.events("Condmat")
    assert ev.weight is not None and set(np.round(1 / ev.weight + 1).astype(int)) <= set(range(2, 200))


def test_labels_name_the_papers_networks():
    assert setups.label("CollegeMsg") == "CollegeMsg (Facebook)"
    assert setups.label("Enron (Benson)") == "Enron (Benson)"
    with pytest.raises(ValueError, match="network must be one of"):
        setups.label("DBLP")


def test_bad_arguments_are_refused_before_any_data_is_loaded():
    with pytest.raises(ValueError, match="end must be one of"):
        setups.task("Condmat", end="max+1")
    with pytest.raises(ValueError, match="name must be one of"):
        setups.directed_propflow("DBLP")
