"""The fast count learners (evalkit.learners.counts) against Weka's NaiveBayes and J48.

Data: Bouckaert & Frank's simulated sources (``simulation_sources``: one source with no
arcs, three random BANs), training sets of 300 cases, test sets of 5,000, nine binary
attributes given to Weka as nominal attributes with values ("0", "1").

* Naive Bayes must predict exactly what Weka's NaiveBayes predicts. Ties: when both
  classes have the same posterior, Weka's ``classifyInstance`` takes the first maximum
  (``Utils.maxIndex``), class 0, and ``naive_bayes_predict`` predicts class 1 only when its
  score is strictly larger, so also class 0; a constructed exact tie checks both. On the
  simulated data no posterior lies within 1e-9 of 0.5, so floating-point rounding (Weka
  multiplies probabilities, evalkit adds logarithms) cannot flip a prediction; the test
  asserts that margin rather than assume it.
* The count tree is not J48 (information gain instead of gain ratio, no pruning, no
  collapsing, ties to the lowest attribute): the test measures how often the two predict
  the same class on the test cases and checks it against thresholds set from
  measurements (below).
"""
import numpy as np
import pytest

from evalkit.datasets import ArffAttribute, ArffData, pattern_bits
from evalkit.learners import weka
from evalkit.learners.counts import decision_tree_predict, naive_bayes_predict
from evalkit.reproductions.replicability.setups import simulation_sources

K = 9
N_TRAIN, N_TEST = 300, 5000
HEADER = tuple(ArffAttribute(f"x{j}", "nominal", ("0", "1")) for j in range(K)) + (
    ArffAttribute("class", "nominal", ("0", "1")),)
BITS = pattern_bits(K)


@pytest.fixture(scope="module")
def sources():
    """Four simulated sources as Table 5 selects them (seed 0), selected with the count learners:
    the sources on which the agreement thresholds below were measured (the book's Table 5
    now selects its sources with Weka's learners, which gives other BANs)."""
    nets, _ = simulation_sources(learners="counts")
    assert len(nets) == 4 and nets[0].n_arcs == 0
    return nets


def _training_sets(net, rng, n_sets):
    """(train patterns, train y, test patterns, count table (1, 2**K, 2)) for n_sets draws."""
    for _ in range(n_sets):
        patterns, y = net.sample(N_TRAIN, rng=rng)
        test, _ = net.sample(N_TEST, rng=rng)
        counts = np.zeros((1, BITS.shape[0], 2))
        np.add.at(counts, (0, patterns, y), 1)
        yield patterns, y, test, counts


def _weka_fit(learner, patterns, y, options=None):
    classname, default = weka.WEKA_LEARNERS[learner]
    return weka.WekaClassifier(classname, default if options is None else options,
                               attributes=HEADER).fit(BITS[patterns], y)


def test_naive_bayes_equals_weka_naive_bayes(sources):
    rng = np.random.default_rng(20240601)
    for s, net in enumerate(sources):
        for patterns, y, test, counts in _training_sets(net, rng, 5):
            ours = naive_bayes_predict(counts, BITS)[0]
            model = _weka_fit("NB", patterns, y)
            proba = model.predict_proba(BITS)
            assert np.abs(proba[:, 1] - 0.5).min() > 1e-9  # no near-ties: rounding cannot decide
            theirs = model.predict(BITS)
            np.testing.assert_array_equal(ours, theirs, err_msg=f"source {s + 1}, all patterns")
            np.testing.assert_array_equal(ours[test], theirs[test], err_msg=f"source {s + 1}, test cases")


def test_naive_bayes_ties_go_to_class_0_in_both():
    """Every case seen once with each class: identical class-conditional counts, posterior exactly 1/2."""
    patterns = np.repeat(np.array([0, 5, 7, 100, 300, 511]), 2)
    y = np.tile([0, 1], 6)
    counts = np.zeros((1, BITS.shape[0], 2))
    np.add.at(counts, (0, patterns, y), 1)
    model = _weka_fit("NB", patterns, y)
    np.testing.assert_array_equal(model.predict_proba(BITS), 0.5)
    np.testing.assert_array_equal(model.predict(BITS), 0)
    np.testing.assert_array_equal(naive_bayes_predict(counts, BITS)[0], 0)
    # Weka's own classifyInstance agrees (first maximum -> class 0)
    inst = weka.to_instances(ArffData("t", HEADER, np.column_stack([BITS[:3], np.zeros(3)]), -1))
    assert [float(model.model_.classifyInstance(inst.instance(i))) for i in range(3)] == [0.0, 0.0, 0.0]


def _tree_agreement(sources, options, seed=20240602, n_sets=10):
    """Agreement rate (fraction of test cases) of the count tree with J48, per source and training set."""
    rng = np.random.default_rng(seed)
    rates = np.empty((len(sources), n_sets))
    acc_diff = np.empty((len(sources), n_sets))
    for s, net in enumerate(sources):
        for i, (patterns, y, test, counts) in enumerate(_training_sets(net, rng, n_sets)):
            ours = decision_tree_predict(counts, BITS)[0]
            theirs = _weka_fit("C4.5", patterns, y, options).predict(BITS)
            rates[s, i] = np.mean(ours[test] == theirs[test])
            acc_diff[s, i] = net.accuracy(ours) - net.accuracy(theirs)
    return rates, acc_diff


def test_count_tree_agrees_with_j48(sources):
    """Agreement of the count tree with J48 (Weka's defaults) on test cases.

    Measured (10 training sets per source, several seeds): on the informative sources 2-4
    the mean agreement is 0.93-0.95 and no training set fell below 0.85; on source 1 (no
    arcs: every classifier has expected accuracy exactly 0.5) the two trees fit noise
    differently and agree on 0.72-0.78 of the cases on average, single sets down to 0.48.
    The thresholds leave a margin below those: mean >= 0.90 and every set >= 0.80 on
    sources 2-4, mean >= 0.60 on source 1. The expected accuracies of the two trees differ
    by less than 2 points on average on every source (J48 is better on source 4, where
    pruning helps); the test allows 3. Most of the disagreement is pruning: against J48
    without pruning and collapsing (-U -O) the agreement on sources 2-4 rises to 0.97-0.995.
    """
    rates, acc_diff = _tree_agreement(sources, None)
    print("\ncount tree vs J48 agreement per source (mean, min):",
          [(round(float(m), 4), round(float(lo), 4)) for m, lo in zip(rates.mean(axis=1), rates.min(axis=1))],
          "overall", round(float(rates.mean()), 4))
    print("accuracy of count tree minus J48, points per source:", np.round(100 * acc_diff.mean(axis=1), 2).tolist())
    assert (rates[1:].mean(axis=1) >= 0.90).all()
    assert (rates[1:] >= 0.80).all()
    assert rates[0].mean() >= 0.60
    assert (np.abs(acc_diff.mean(axis=1)) <= 0.03).all()
    np.testing.assert_array_equal(acc_diff[0], 0.0)  # source 1: both exactly 0.5


def test_count_tree_agrees_more_with_unpruned_j48(sources):
    rates, _ = _tree_agreement(sources, None)
    unpruned, _ = _tree_agreement(sources, ("-U", "-O", "-M", "2"))
    print("\ncount tree vs J48 -U -O agreement per source:", np.round(unpruned.mean(axis=1), 4).tolist())
    assert (unpruned.mean(axis=1) > rates.mean(axis=1)).all()
    assert (unpruned[1:].mean(axis=1) >= 0.95).all()
