"""Tests of evalkit.linkpred.topk: the top-K predictive rate."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit import linkpred
from evalkit.linkpred import ScoreHistogram


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=8), st.lists(st.integers(0, 4), min_size=1, max_size=12))
def test_top_k_rate_against_enumerated_orderings(pos, neg):
    h = ScoreHistogram.from_unsorted(np.array(pos, float), *np.unique(np.array(neg, float), return_counts=True))
    scores = np.r_[np.array(pos, float), np.array(neg, float)]
    y = np.r_[np.ones(len(pos)), np.zeros(len(neg))]
    k = np.arange(1, scores.size + 1)
    r = linkpred.top_k_rate(h, k)
    # ties broken against (for) the positives
    worst = y[np.lexsort((y, -scores))]
    best = y[np.lexsort((-y, -scores))]
    np.testing.assert_array_equal(r.true_positives_low, np.cumsum(worst))
    np.testing.assert_array_equal(r.true_positives_high, np.cumsum(best))
    # expectation over random tie orderings: each tied item equally likely to be in the top k
    expected = []
    for kk in k:
        t = np.sort(scores)[::-1][kk - 1]
        above = scores > t
        tied = scores == t
        expected.append(y[above].sum() + (kk - above.sum()) * y[tied].mean())
    np.testing.assert_allclose(r.true_positives, expected)
    np.testing.assert_allclose(r.rate, r.true_positives / k)


def test_theorem_6_1_at_k_equal_to_the_positives():
    rng = np.random.default_rng(0)
    pos, neg = rng.normal(1, 1, 50), rng.normal(0, 1, 5000)
    h = ScoreHistogram.from_unsorted(pos, neg, np.ones(neg.size, np.int64))
    r = linkpred.top_k_rate(h, h.n_positive)
    # specificity counted directly: negatives below the 50th highest score
    thr = np.sort(np.r_[pos, neg])[::-1][49]
    tn = (neg < thr).sum()
    assert r.specificity[0] == pytest.approx(tn / neg.size)
    assert r.specificity[0] == pytest.approx(1 - (1 - r.rate[0]) * h.n_positive / h.n_negative)
    assert r.sensitivity[0] == pytest.approx(r.rate[0])


def test_top_k_rate_errors():
    h = ScoreHistogram.from_unsorted([1.0], [0.0], [3])
    with pytest.raises(ValueError, match=r"k must lie in \[1, 4\]"):
        linkpred.top_k_rate(h, 5)
    with pytest.raises(TypeError, match="k must be integers"):
        linkpred.top_k_rate(h, 1.5)
    with pytest.raises(TypeError, match="ScoreHistogram"):
        linkpred.top_k_rate([1, 2], 1)


def test_top_k_rate_bad_k_shape():
    h = ScoreHistogram.from_unsorted([1.0], [0.0], [3])
    with pytest.raises(ValueError, match="k must be"):
        linkpred.top_k_rate(h, [[1, 2]])
    with pytest.raises(TypeError, match="histogram must be an instance of ScoreHistogram"):
        linkpred.top_k_rate(None, 1)
