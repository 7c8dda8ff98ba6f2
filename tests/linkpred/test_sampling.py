"""Tests of evalkit.linkpred.sampling: negative sampling schemes."""
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit import linkpred
from evalkit.graph import as_adjacency
from evalkit.linkpred import ScoreHistogram


from helpers.linkpred import (distance_histograms, histogram_sets, random_graph, random_positives, random_task,
                             relabelled_task)


def test_subsampling_at_rate_one_is_the_full_evaluation():
    g, A = random_graph(3, n=40, p=0.1)
    pos = random_positives(A, np.random.default_rng(0), 10)
    h = linkpred.score_histogram(A, pos, "adamic_adar")
    full = h.evaluate()
    for r in h.subsample_negatives(1.0, n_repeats=3, rng=0):
        assert r == full


def test_subsampled_negatives_are_uniform_over_pairs():
    # The hypergeometric draw keeps each score group's share in expectation, and its
    # variance is the hypergeometric one (Theorem 4.1's X, one group against the rest).
    g, A = random_graph(5, n=60, p=0.08)
    pos = random_positives(A, np.random.default_rng(1), 12)
    h = linkpred.score_histogram(A, pos, "preferential_attachment")
    rng = np.random.default_rng(2)
    k = int(round(0.1 * h.n_negative))
    draws = np.array([rng.multivariate_hypergeometric(h.negative_counts, k, method="marginals") for _ in range(4000)])
    N, C = h.n_negative, h.negative_counts[-1]
    p = k / N
    var = C * (N - C) * p * (1 - p) / (N - 1)
    assert draws[:, -1].mean() == pytest.approx(k * C / N, abs=5 * np.sqrt(var / 4000))
    assert draws[:, -1].var() == pytest.approx(var, rel=0.1)
    aurocs = [r.auroc for r in h.subsample_negatives(0.1, n_repeats=200, rng=3)]
    assert np.mean(aurocs) == pytest.approx(h.evaluate().auroc, abs=5 * np.std(aurocs) / np.sqrt(200))


def test_sampling_bad_input():
    A, _ = as_adjacency([(0, 1), (1, 2), (2, 3)])
    h = linkpred.score_histogram(A, [(0, 2)], "common_neighbors")
    with pytest.raises(ValueError, match="rate"):
        h.subsample_negatives(0.0)
    with pytest.raises(ValueError, match="keeps no negative"):
        h.subsample_negatives(0.01)


def test_subsampled_auroc_variance_formula_matches_monte_carlo():
    g, A = random_graph(9, n=60, p=0.08)
    pos = random_positives(A, np.random.default_rng(5), 15)
    h = linkpred.score_histogram(A, pos, "adamic_adar")
    g_vals = h.auroc_contributions()
    assert np.average(g_vals, weights=h.negative_counts) == pytest.approx(h.evaluate().auroc, abs=1e-12)
    for rate in (0.02, 0.2):
        aurocs = np.array([r.auroc for r in h.subsample_negatives(rate, n_repeats=3000, rng=6)])
        var = h.subsampled_auroc_variance(rate)
        # the sample variance of 3000 draws is within ~10% of the truth
        assert aurocs.var(ddof=1) == pytest.approx(var, rel=0.12)
    assert h.subsampled_auroc_variance(1.0) == 0.0


def test_a_negative_pair_sampler_draws_as_sample_negative_pairs():
    # one sampler, many draws from one rng: the same pairs as a call of sample_negative_pairs per draw
    g, A = random_graph(8, n=30, p=0.2)
    pos = random_positives(A, np.random.default_rng(1), 6)
    sampler = linkpred.NegativePairSampler(A, pos)
    a, b = np.random.default_rng(4), np.random.default_rng(4)
    for size in (1, 20, 0, 50):
        np.testing.assert_array_equal(sampler.sample(size, rng=a), linkpred.sample_negative_pairs(A, pos, size, rng=b))
    with pytest.raises(ValueError, match="size must be an integer in"):
        sampler.sample(sampler.n_negative + 1, rng=0)


def test_sampled_negative_pairs_are_uniform_distinct_candidates():
    g, A = random_graph(11, n=12, p=0.3)
    pos = random_positives(A, np.random.default_rng(0), 3)
    dense = A.toarray()
    pos_set = {tuple(sorted(p)) for p in pos.tolist()}
    cand = [(u, v) for u, v in itertools.combinations(range(12), 2) if not dense[u, v] and (u, v) not in pos_set]
    counts = dict.fromkeys(cand, 0)
    rng = np.random.default_rng(1)
    for _ in range(3000):
        pairs = linkpred.sample_negative_pairs(A, pos, 5, rng=rng)
        assert len({tuple(p) for p in pairs.tolist()}) == 5
        for p in pairs.tolist():
            counts[tuple(p)] += 1                       # KeyError if not a candidate negative
    expected = 3000 * 5 / len(cand)
    freq = np.array(list(counts.values()))
    assert np.abs(freq - expected).max() < 5 * np.sqrt(expected)
    with pytest.raises(ValueError, match="size"):
        linkpred.sample_negative_pairs(A, pos, len(cand) + 1)


def test_index_sampling_path_has_the_exact_variance():
    # many distinct scores and few draws: subsample_negatives draws negatives by index
    rng = np.random.default_rng(8)
    h = linkpred.ScoreHistogram.from_unsorted(rng.normal(1.0, 1.0, 30), rng.normal(size=4000),
                                              rng.integers(1, 5, 4000))
    rate = 50 / h.n_negative                       # k = 50 < 4000 score values
    aurocs = np.array([r.auroc for r in h.subsample_negatives(rate, n_repeats=3000, rng=9)])
    assert aurocs.var(ddof=1) == pytest.approx(h.subsampled_auroc_variance(rate), rel=0.12)
    assert aurocs.mean() == pytest.approx(h.evaluate().auroc, abs=5 * aurocs.std() / np.sqrt(3000))


@settings(max_examples=60, deadline=None)
@given(histogram_sets, st.sampled_from([0.5, 1.0, 3.0]), st.integers(0, 2**32 - 1))
def test_distance_balanced_sampling_balances_each_distance(spec, ratio, seed):
    dh = distance_histograms(spec)
    s = dh.sample_distance_balanced(ratio=ratio, rng=seed)
    want = np.minimum(np.round(ratio * dh.n_positive), dh.n_negative)
    np.testing.assert_array_equal(s.n_negative, want)
    np.testing.assert_array_equal(s.n_positive, dh.n_positive)  # every positive kept
    for a, b in zip(s.histograms, dh.histograms):  # never more of a value than exist
        full = dict(zip(b.negative_values, b.negative_counts))
        assert all(c <= full[v] for v, c in zip(a.negative_values, a.negative_counts))


@settings(max_examples=25, deadline=None)
@given(histogram_sets, st.integers(0, 2**32 - 1))
def test_uniform_sampling_preserves_the_distance_distribution_in_expectation(spec, seed):
    dh = distance_histograms(spec)
    N = dh.n_negative
    size = max(1, int(N.sum()) // 3)
    reps = 400
    drawn = np.array([dh.sample_uniform(size, rng=np.random.default_rng([seed, r])).n_negative for r in range(reps)])
    assert (drawn.sum(axis=1) == size).all()
    expected = size * N / N.sum()
    # hypergeometric variance of the count at each distance
    var = size * (N / N.sum()) * (1 - N / N.sum()) * (N.sum() - size) / max(N.sum() - 1, 1)
    se = np.sqrt(var / reps)
    assert np.all(np.abs(drawn.mean(axis=0) - expected) <= 6 * se + 1e-9)


def test_uniform_sampling_of_everything_is_the_whole_set_and_errors():
    dh = distance_histograms([(2, [3, 4]), (1, [5])])
    s = dh.sample_uniform(12, rng=0)
    np.testing.assert_array_equal(s.n_negative, dh.n_negative)
    with pytest.raises(ValueError, match="size must be an integer"):
        dh.sample_uniform(13)
    with pytest.raises(ValueError, match=r"ratio must be a real number in \(0, inf\)"):
        dh.sample_distance_balanced(ratio=0)


def test_steered_sampling_reaches_the_target():
    A, nodes, dist, cand, pos = random_task(4, n=80, p=0.05)
    dh = linkpred.distance_score_histograms(A, pos, ["preferential_attachment"])["preferential_attachment"]
    a = dh.distance_mean_auroc()
    ok = (dh.n_positive > 0) & (dh.n_negative > 0)
    lo, hi = np.nanmin(a[ok]), np.nanmax(a[ok])
    # the weighted-mean identity: a distance-sampled test set's AUROC is the weighted mean of a_l
    full = dh.pooled().evaluate().auroc
    assert full == pytest.approx(np.sum(a * dh.n_negative) / dh.n_negative.sum())
    for target in (lo + 0.3 * (hi - lo), lo + 0.7 * (hi - lo)):
        sample, expected = dh.sample_steered(target, size=int(dh.n_negative[ok].sum() // 2), rng=1)
        assert expected == pytest.approx(target, abs=0.02)
        assert sample.n_positive.sum() == dh.n_positive.sum()
    with pytest.raises(ValueError, match="target_auroc must lie"):
        dh.sample_steered(hi + 0.01)


def test_draw_without_replacement_checks_and_takes_a_seed():
    assert linkpred.draw_without_replacement([3, 0, 2], 5, 0).tolist() == [3, 0, 2]
    with pytest.raises(ValueError, match="k must be at most"):
        linkpred.draw_without_replacement([3, 0, 2], 6, 0)
    with pytest.raises(ValueError, match="counts must be"):
        linkpred.draw_without_replacement([3, -1], 1, 0)
    with pytest.raises(TypeError, match="histogram must be an instance of ScoreHistogram"):
        linkpred.subsample_negatives([1, 2], 0.5)


def test_negative_sampling_takes_node_id_positives():
    A, nodes, rows, ids = relabelled_task(2)
    drawn = linkpred.sample_negative_pairs(A, ids, 40, nodes=nodes, rng=3)
    np.testing.assert_array_equal(drawn, linkpred.sample_negative_pairs(A, rows, 40, rng=3))
    assert not {frozenset(p) for p in nodes[drawn].tolist()} & {frozenset(p) for p in ids}
    with pytest.raises(ValueError, match="positives must hold ids of nodes; 1 unknown id: 12345"):
        linkpred.sample_negative_pairs(A, [(ids[0][0], 12345)], 5, nodes=nodes, rng=0)


def _random_histogram(rng, interleaved=False):
    values = np.unique(rng.integers(0, 200, 150)).astype(float) / 10
    if interleaved:   # a positive between every two negative values: no two share a contribution
        positives = (values[:-1] + values[1:]) / 2
    else:             # 40 positives: runs of negative values between two of them share one
        positives = rng.integers(0, 200, 40) / 10
    return ScoreHistogram.from_unsorted(positives, values, rng.integers(1, 60, values.size))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("rate", [0.001, 0.01, 0.05, 0.5, 1.0])
@pytest.mark.parametrize("interleaved", [False, True])
def test_subsampled_aurocs_are_the_aurocs_of_subsample_negatives(seed, rate, interleaved):
    # by index (fewer kept than values), all kept, or where no two values share a
    # contribution: the same draws from the same seed as subsample_negatives
    h = _random_histogram(np.random.default_rng(seed), interleaved)
    k = round(rate * h.n_negative)
    if k == 0:
        pytest.skip("no negative kept")
    fast = linkpred.subsampled_aurocs(h, rate, n_repeats=25, rng=seed)
    full = [r.auroc for r in linkpred.subsample_negatives(h, rate, n_repeats=25, rng=seed)]
    np.testing.assert_array_equal(fast, h.subsampled_aurocs(rate, n_repeats=25, rng=seed))
    if k < h.negative_values.size or k == h.n_negative or interleaved:
        np.testing.assert_allclose(fast, full, rtol=0, atol=1e-12)
    else:   # by bucket, values merged: other draws (the next test checks their distribution)
        assert not np.allclose(fast, full, rtol=0, atol=1e-12)
    assert rate == 1.0 or np.ptp(fast) > 0   # the draws differ: the test can tell draws apart


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("rate", [0.05, 0.3])
def test_subsampled_aurocs_by_bucket_have_the_distribution_of_subsample_negatives(seed, rate):
    # values merged into buckets of equal contribution: the AUROCs' mean is the whole
    # AUROC and their variance the exact finite-population variance; and the two methods'
    # draws agree in distribution (two-sample Kolmogorov-Smirnov)
    from scipy import stats

    h = _random_histogram(np.random.default_rng(seed))
    assert round(rate * h.n_negative) >= h.negative_values.size   # by bucket
    n = 4000
    fast = linkpred.subsampled_aurocs(h, rate, n_repeats=n, rng=seed)
    exact_var = h.subsampled_auroc_variance(rate)
    assert abs(fast.mean() - h.evaluate().auroc) < 5 * np.sqrt(exact_var / n)
    assert abs(fast.var(ddof=1) / exact_var - 1) < 5 * np.sqrt(2 / (n - 1))
    full = [r.auroc for r in linkpred.subsample_negatives(h, rate, n_repeats=1000, rng=seed + 100)]
    assert stats.ks_2samp(fast, full).pvalue > 0.001
