"""Tests of evalkit.learners.counts: naive Bayes against scikit-learn, the tree against a plain recursive reference."""
import math

import numpy as np
import pytest

from evalkit.datasets import pattern_bits, random_bayes_net
from evalkit.learners.counts import decision_tree_predict, naive_bayes_predict


def _random_counts(rng, n_sets=5, k=4, n=60):
    bits = pattern_bits(k)
    counts = np.zeros((n_sets, bits.shape[0], 2))
    for s in range(n_sets):
        net = random_bayes_net(k, n_arcs=int(rng.integers(0, k)), rng=rng)
        p, y = net.sample(n, rng=rng)
        np.add.at(counts, (s, p, y), 1)
    return counts, bits


def _reference_tree(counts, bits, min_leaf):
    """One tree, grown recursively with the textbook entropy formula; ties to the lowest attribute."""
    def entropy(c):
        n = sum(c)
        return -sum(x / n * math.log2(x / n) for x in c if x > 0) if n else 0.0

    pred = np.zeros(len(bits), dtype=np.int8)

    def grow(members):
        total = counts[members].sum(axis=0)
        n = total.sum()
        gains = []
        for j in range(bits.shape[1]):
            one = members[bits[members, j] == 1]
            zero = members[bits[members, j] == 0]
            c1, c0 = counts[one].sum(axis=0), counts[zero].sum(axis=0)
            if c1.sum() < min_leaf or c0.sum() < min_leaf:
                gains.append(-np.inf)
                continue
            gains.append(entropy(total) - (c1.sum() * entropy(c1) + c0.sum() * entropy(c0)) / n)
        best = max(gains) if gains else -np.inf
        if best * n <= 1e-9 * max(n, 1):
            pred[members] = int(total[1] > total[0])
            return
        j = next(i for i, g in enumerate(gains) if g * n >= best * n - 1e-9 * max(n, 1))
        grow(members[bits[members, j] == 1])
        grow(members[bits[members, j] == 0])

    grow(np.arange(len(bits)))
    return pred


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("min_leaf", [1, 2, 5])
def test_tree_equals_recursive_reference(seed, min_leaf):
    counts, bits = _random_counts(np.random.default_rng(seed))
    got = decision_tree_predict(counts, bits, min_leaf=min_leaf)
    for s in range(counts.shape[0]):
        np.testing.assert_array_equal(got[s], _reference_tree(counts[s], bits, min_leaf))


def test_tree_agrees_with_scikit_learn_where_no_split_is_tied():
    # scikit-learn's entropy tree breaks ties between attributes at random and also splits
    # at zero gain; on a strongly structured source with 300 cases it grows the same tree
    # almost everywhere: the predictions agree on most patterns.
    from sklearn.tree import DecisionTreeClassifier

    bits = pattern_bits(9)
    net = random_bayes_net(9, n_arcs=8, rng=3)
    agree = []
    for t in range(20):
        p, y = net.sample(300, rng=t)
        counts = np.zeros((1, 512, 2))
        np.add.at(counts, (0, p, y), 1)
        ours = decision_tree_predict(counts, bits)[0]
        theirs = DecisionTreeClassifier(criterion="entropy", min_samples_leaf=2, random_state=0).fit(bits[p], y).predict(bits)
        # on the training cases themselves both trees are grown from the same counts
        agree.append(np.mean(ours[p] == theirs[p]))
    assert np.mean(agree) > 0.95


def test_batched_equals_one_at_a_time():
    counts, bits = _random_counts(np.random.default_rng(11), n_sets=12)
    stacked = decision_tree_predict(counts, bits)
    nb = naive_bayes_predict(counts, bits)
    for s in range(counts.shape[0]):
        np.testing.assert_array_equal(stacked[s], decision_tree_predict(counts[s:s + 1], bits)[0])
        np.testing.assert_array_equal(nb[s], naive_bayes_predict(counts[s:s + 1], bits)[0])


@pytest.mark.parametrize("seed", range(6))
def test_naive_bayes_equals_scikit_learn_categorical_nb(seed):
    from sklearn.naive_bayes import CategoricalNB

    rng = np.random.default_rng(seed)
    counts, bits = _random_counts(rng, n_sets=4, k=5, n=80)
    ours = naive_bayes_predict(counts, bits)
    for s in range(counts.shape[0]):
        q, c = np.nonzero(counts[s])
        X = np.repeat(bits[q], counts[s][q, c].astype(int), axis=0)
        y = np.repeat(c, counts[s][q, c].astype(int))
        n_c = np.bincount(y, minlength=2)
        model = CategoricalNB(alpha=1.0, min_categories=2, class_prior=(n_c + 1) / (n_c.sum() + 2)).fit(X, y)
        logp = model.predict_joint_log_proba(bits)
        decided = np.abs(logp[:, 1] - logp[:, 0]) > 1e-9   # exact ties: ours predicts class 0
        np.testing.assert_array_equal(ours[s][decided], logp[decided].argmax(axis=1))
        assert (ours[s][~decided] == 0).all()


def test_learners_beat_chance_on_an_informative_source_and_not_on_noise():
    bits = pattern_bits(9)
    for n_arcs, low, high in ((None, 0.5 - 1e-12, 0.5 + 1e-12), (5, 0.6, 1.0)):
        net = random_bayes_net(9, n_arcs=n_arcs, rng=4)
        p, y = net.sample(300, rng=0)
        counts = np.zeros((1, 512, 2))
        np.add.at(counts, (0, p, y), 1)
        for predict in (naive_bayes_predict, decision_tree_predict):
            acc = net.accuracy(predict(counts, bits))[0]
            assert low <= acc <= min(high, net.bayes_accuracy() + 1e-12)


def test_bad_input():
    bits = pattern_bits(2)
    with pytest.raises(ValueError, match="counts must be a 3-D"):
        naive_bayes_predict(np.zeros((4, 2)), bits)
    with pytest.raises(ValueError, match="non-negative"):
        decision_tree_predict(-np.ones((1, 4, 2)), bits)
    with pytest.raises(ValueError, match="bits must be"):
        decision_tree_predict(np.ones((1, 4, 2)), bits[:3])
    with pytest.raises(ValueError, match="min_leaf"):
        decision_tree_predict(np.ones((1, 4, 2)), bits, min_leaf=0)
