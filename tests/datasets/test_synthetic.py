"""Tests of evalkit.datasets.synthetic: exact joint distributions and ancestral sampling."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit.datasets.synthetic import BinaryBayesNet, pattern_bits, random_bayes_net


@pytest.mark.parametrize("n_arcs", [None, 0, 3, 10])
def test_joint_is_a_distribution_with_class_prior_one_half(n_arcs):
    net = random_bayes_net(6, n_arcs=n_arcs, rng=1)
    j = net.joint()
    assert j.shape == (64, 2) and (j >= 0).all()
    assert j.sum() == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(j.sum(axis=0), [0.5, 0.5], atol=1e-12)


def test_ban_structure_is_acyclic_and_has_the_class_everywhere():
    net = random_bayes_net(9, n_arcs=12, rng=0)
    assert net.n_arcs == 9 + 12
    for j, par in enumerate(net.parents):
        assert par[0] == -1 and all(0 <= i < j for i in par[1:])
        assert net.cpts[j].shape == (2 ** len(par),)


@pytest.mark.parametrize("n_arcs", [None, 4])
def test_sample_frequencies_match_the_joint(n_arcs):
    net = random_bayes_net(4, n_arcs=n_arcs, rng=2)
    n = 200_000
    p, y = net.sample(n, rng=3)
    freq = np.zeros((16, 2))
    np.add.at(freq, (p, y), 1)
    freq /= n
    j = net.joint()
    se = np.sqrt(j * (1 - j) / n)
    assert (np.abs(freq - j) <= 5 * se + 1e-12).all()   # 5 Monte Carlo standard errors


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_without_arcs_every_classifier_is_at_one_half(seed, pred_seed):
    net = random_bayes_net(5, rng=seed)
    pred = np.random.default_rng(pred_seed).integers(0, 2, 32)
    assert net.accuracy(pred) == pytest.approx(0.5, abs=1e-12)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 15), st.integers(0, 2**32 - 1))
def test_bayes_accuracy_is_a_ceiling(seed, n_arcs, pred_seed):
    net = random_bayes_net(6, n_arcs=n_arcs, rng=seed)
    pred = np.random.default_rng(pred_seed).integers(0, 2, (5, 64))
    assert (net.accuracy(pred) <= net.bayes_accuracy() + 1e-12).all()


def test_same_seed_same_network_and_sample():
    a, b = random_bayes_net(5, n_arcs=3, rng=7), random_bayes_net(5, n_arcs=3, rng=7)
    assert a.parents == b.parents and all(np.array_equal(x, z) for x, z in zip(a.cpts, b.cpts))
    np.testing.assert_array_equal(a.sample(50, rng=1)[0], b.sample(50, rng=1)[0])


def test_pattern_bits_encoding():
    bits = pattern_bits(3)
    np.testing.assert_array_equal((bits * [1, 2, 4]).sum(axis=1), np.arange(8))


def test_bad_input():
    with pytest.raises(ValueError, match="n_arcs"):
        random_bayes_net(4, n_arcs=7)          # only 6 possible arcs among 4 attributes
    with pytest.raises(ValueError, match="n_attributes"):
        random_bayes_net(0)
    net = random_bayes_net(3, rng=0)
    with pytest.raises(ValueError, match="predictions"):
        net.accuracy([0, 1])
    with pytest.raises(ValueError, match="n must"):
        net.sample(0)
    assert isinstance(net, BinaryBayesNet)
