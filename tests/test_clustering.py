"""Tests of evalkit.clustering against scikit-learn, scikit-bio and brute force."""
import itertools
import tracemalloc
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.distance import pdist, squareform
from sklearn import metrics as skm
from sklearn.cluster import KMeans

from evalkit import claims
from evalkit import clustering as cl


def random_partitions(rng, n, k1, k2):
    return rng.integers(0, k1, n), rng.integers(0, k2, n)


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 4)), min_size=2, max_size=60))
@settings(max_examples=200, deadline=None)
def test_pair_confusion_is_the_brute_force_count_and_half_of_sklearn(pairs):
    a = np.array([p[0] for p in pairs])
    b = np.array([p[1] for p in pairs])
    table = cl.pair_confusion(a, b)
    brute = np.zeros((2, 2), int)
    for i, j in itertools.combinations(range(len(a)), 2):
        brute[0 if a[i] == a[j] else 1, 0 if b[i] == b[j] else 1] += 1
    np.testing.assert_array_equal(table, brute)
    # scikit-learn counts ordered pairs, table [[C00, C01], [C10, C11]] (C11: same in both)
    sk = skm.cluster.pair_confusion_matrix(a, b)
    assert sk[1, 1] == 2 * table[0, 0] and sk[0, 0] == 2 * table[1, 1]
    assert sk[1, 0] == 2 * table[0, 1] and sk[0, 1] == 2 * table[1, 0]
    assert cl.rand_statistic(table) == pytest.approx(skm.rand_score(a, b))


def test_source_examples():
    assert claims.judge("gm.fig1-11.rand", cl.rand_statistic([[9, 4], [3, 12]])).verdict == "reproduced"
    assert claims.judge("gm.fig1-11.jaccard", cl.jaccard_coefficient([[9, 4], [3, 12]])).verdict == "reproduced"
    mm = [[2, 0, 1], [0, 2, 1]]
    assert cl.cluster_entropy(mm).tolist() == [0, 0, 1]
    assert cl.total_entropy(mm) == pytest.approx(1 / 3)
    assert cl.cluster_purity(mm).tolist() == [1, 1, 0.5]
    assert cl.total_purity(mm) == pytest.approx(5 / 6)


def test_entropy_and_purity_match_sklearn_building_blocks():
    rng = np.random.default_rng(0)
    a, b = random_partitions(rng, 500, 4, 6)
    mm = cl.matching_matrix(a, b)
    np.testing.assert_array_equal(mm, skm.cluster.contingency_matrix(a, b))
    # total entropy = conditional entropy H(class | cluster) in bits
    h_class = -np.sum(np.bincount(a) / 500 * np.log2(np.bincount(a) / 500))
    mi_bits = skm.mutual_info_score(a, b) / np.log(2)
    assert cl.total_entropy(mm) == pytest.approx(h_class - mi_bits)
    assert cl.total_purity(mm) == pytest.approx(np.sum(np.max(mm, axis=0)) / 500)
    assert cl.cluster_entropy([[4, 4, 4], [0, 4, 4], [0, 0, 4]])[2] == pytest.approx(np.log2(3))  # > 1 for 3 classes


def test_mantel_matches_scikit_bio_and_the_label_fast_path():
    skbio_mantel = pytest.importorskip("skbio.stats.distance").mantel
    rng = np.random.default_rng(1)
    pts = rng.normal(size=(30, 3))
    x = squareform(pdist(pts))
    y = squareform(pdist(pts + rng.normal(scale=0.8, size=pts.shape)))
    ours = cl.mantel_test(x, y, permutations=199, rng=0)
    ref_stat, ref_p, _ = skbio_mantel(x, y, method="pearson", permutations=199, alternative="greater")
    assert ours.statistic == pytest.approx(ref_stat, abs=1e-12)
    assert abs(ours.pvalue - ref_p) <= 0.05  # different permutations, both Monte Carlo estimates
    a, b = random_partitions(rng, 40, 3, 3)
    b[:20] = a[:20]  # some agreement
    fast = cl.mantel_test(a, b, permutations=0)
    slow = cl.mantel_test(cl.co_membership_matrix(a), cl.co_membership_matrix(b), permutations=0)
    assert fast.statistic == pytest.approx(slow.statistic, abs=1e-12)
    iu = np.triu_indices(40, 1)
    assert fast.statistic == pytest.approx(
        np.corrcoef(cl.co_membership_matrix(a)[iu], cl.co_membership_matrix(b)[iu])[0, 1], abs=1e-12
    )
    same_seed = [cl.mantel_test(a, b, permutations=99, rng=5).pvalue for _ in range(2)]
    assert same_seed[0] == same_seed[1]


def test_mantel_on_3000_points_stays_linear_in_memory_for_labels():
    rng = np.random.default_rng(2)
    a, b = random_partitions(rng, 3000, 5, 5)
    tracemalloc.start()
    cl.mantel_test(a, b, permutations=20, rng=0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 3000 * 3000 * 8 / 10  # far below one dense n x n float matrix


def test_c_index_on_3000_points_builds_no_square_matrix():
    rng = np.random.default_rng(3)
    d = pdist(rng.normal(size=(3000, 2)))
    labels = rng.integers(0, 4, 3000)
    tracemalloc.start()
    cl.c_index(d, labels)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 3000 * 3000 * 8  # less than one n x n float matrix (the input is half of one)


def brute_c_index(points, labels):
    d = {(i, j): np.linalg.norm(points[i] - points[j]) for i, j in itertools.combinations(range(len(points)), 2)}
    within = [v for (i, j), v in d.items() if labels[i] == labels[j]]
    allv = sorted(d.values())
    b = len(within)
    return (sum(within) - sum(allv[:b])) / (sum(allv[-b:]) - sum(allv[:b]))


def brute_dunn(points, labels):
    pairs = list(itertools.combinations(range(len(points)), 2))
    inter = min(np.linalg.norm(points[i] - points[j]) for i, j in pairs if labels[i] != labels[j])
    intra = max(np.linalg.norm(points[i] - points[j]) for i, j in pairs if labels[i] == labels[j])
    return inter / intra


@pytest.mark.parametrize("seed", range(10))
def test_dunn_and_c_index_against_brute_force(seed):
    rng = np.random.default_rng(seed)
    pts = rng.normal(size=(12, 2))
    labels = rng.integers(0, 3, 12)
    labels[:3] = [0, 1, 2]
    labels[3] = 0
    assert cl.c_index(pdist(pts), labels) == pytest.approx(brute_c_index(pts, labels))
    assert cl.dunn_index(squareform(pdist(pts)), labels) == pytest.approx(brute_dunn(pts, labels))


@pytest.mark.parametrize("seed", range(10))
def test_silhouette_matches_sklearn(seed):
    rng = np.random.default_rng(seed)
    pts = rng.normal(size=(80, 3))
    labels = rng.integers(0, 4, 80)
    labels[0] = 4  # a singleton cluster scores 0 in both
    ref = skm.silhouette_score(pts, labels)
    assert cl.silhouette(pdist(pts), labels) == pytest.approx(ref, abs=1e-12)
    assert cl.silhouette(squareform(pdist(pts)), labels) == pytest.approx(ref, abs=1e-12)


def test_source_silhouette_differs_with_three_or_more_clusters():
    pts = np.array([[0, 0], [0, 1], [3, 0], [3, 1], [30, 0], [30, 1.0]])
    labels = [0, 0, 1, 1, 2, 2]
    assert cl.silhouette(pdist(pts), labels, definition="source") > cl.silhouette(pdist(pts), labels)
    two = [0, 0, 1, 1, 1, 1]
    assert cl.silhouette(pdist(pts), two, definition="source") == pytest.approx(cl.silhouette(pdist(pts), two))


def test_cohesion_separation_by_brute_force():
    rng = np.random.default_rng(4)
    s = rng.random((9, 9))
    s = (s + s.T) / 2
    labels = np.array([0, 0, 0, 1, 1, 2, 2, 2, 2])
    groups = [np.flatnonzero(labels == g) for g in range(3)]
    coh = np.mean([np.mean([s[x, y] for x in g for y in g]) for g in groups])
    sep = np.mean([np.mean([s[x, y] for x in gi for y in gj]) for i, gi in enumerate(groups)
                   for j, gj in enumerate(groups) if i != j])
    assert cl.cohesion(s, labels) == pytest.approx(coh)
    assert cl.separation(s, labels) == pytest.approx(sep)


def test_sse_is_kmeans_inertia():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(200, 3))
    km = KMeans(4, n_init=3, random_state=0).fit(X)
    assert cl.sse(X, km.labels_) == pytest.approx(km.inertia_, rel=1e-6)
    assert cl.sse(X, km.labels_, centers=km.cluster_centers_) == pytest.approx(km.inertia_, rel=1e-9)


def test_preserved_variability_and_random_subsets():
    assert cl.preserved_variability([1, 4, 2, 3], 4) == 1.0
    assert cl.preserved_variability([1, 4, 2, 3], 1) == 0.4
    s = np.ones((6, 6))
    assert np.all(cl.random_subset_cohesion(s, 3, n_samples=5, rng=0) == 1.0)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: cl.pair_confusion([0, 1], [0, 1, 1]), "same length"),
        (lambda: cl.rand_statistic([[1, 2, 3]]), "2x2"),
        (lambda: cl.total_entropy([[1, 0], [2, 0]]), "empty clusters"),
        (lambda: cl.mantel_test([0, 1, 1], [[1]]), "both"),
        (lambda: cl.mantel_test([0, 0, 0], [0, 1, 1], permutations=0), "undefined"),
        (lambda: cl.silhouette(pdist([[0], [1], [2]]), [0, 0, 0]), "number of clusters"),
        (lambda: cl.c_index(pdist([[0], [1], [2]]), [0, 1, 2]), "within-cluster"),
        (lambda: cl.dunn_index(pdist([[0], [1], [2]]), [0, 0]), "describe 3 points"),
        (lambda: cl.preserved_variability([1, 2], 3), "k must be"),
        (lambda: cl.separation(np.eye(3), [0, 0, 0]), "at least 2 clusters"),
    ],
)
def test_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_partition_labels():
    assert cl.partition_labels([{2, 3}, {1}], [1, 2, 3]).tolist() == [1, 0, 0]
    with pytest.raises(ValueError, match="more than one community"):
        cl.partition_labels([{1, 2}, {2}], [1, 2])
    with pytest.raises(ValueError, match="missing"):
        cl.partition_labels([{1}], [1, 2])


def test_mantel_on_3000_point_matrices_builds_no_further_square_matrix():
    rng = np.random.default_rng(6)
    pts = rng.normal(size=(3000, 2))
    x = squareform(pdist(pts))
    y = squareform(pdist(pts + rng.normal(size=pts.shape)))
    tracemalloc.start()
    res = cl.mantel_test(x, y, permutations=2, rng=0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 3000 * 3000 * 8 / 4  # the inputs aside, well under one n x n float matrix
    iu = np.triu_indices(3000, 1)
    assert res.statistic == pytest.approx(np.corrcoef(x[iu], y[iu])[0, 1], abs=1e-9)


@pytest.mark.parametrize("shift", [1e7, 1e8])
def test_mantel_statistic_is_shift_invariant(shift):
    rng = np.random.default_rng(1)
    pts = rng.normal(size=(30, 3))
    x = squareform(pdist(pts))
    y = squareform(pdist(pts + rng.normal(scale=0.8, size=pts.shape)))
    base = cl.mantel_test(x, y, permutations=0).statistic
    xs, ys = x + shift, y + shift
    np.fill_diagonal(xs, 0)
    np.fill_diagonal(ys, 0)
    shifted = cl.mantel_test(xs, ys, permutations=0).statistic  # raised "constant entries" at 1e8
    assert shifted == pytest.approx(base, abs=1e-7)  # the shifted entries keep ~1e-8 of each distance
    skbio_mantel = pytest.importorskip("skbio.stats.distance").mantel
    ref_stat, _, _ = skbio_mantel(xs, ys, method="pearson", permutations=0)
    assert shifted == pytest.approx(ref_stat, abs=1e-12)
    iu = np.triu_indices(30, 1)
    assert shifted == pytest.approx(np.corrcoef(xs[iu], ys[iu])[0, 1], abs=1e-12)


def test_mantel_statistic_stays_in_minus_one_one():
    x = squareform(pdist(np.random.default_rng(4).normal(size=(12, 2))))
    same, opposite = cl.mantel_test(x, x, permutations=0).statistic, cl.mantel_test(x, -x, permutations=0).statistic
    assert -1.0 <= opposite <= -1.0 + 1e-12 and 1.0 - 1e-12 <= same <= 1.0


@pytest.mark.parametrize(
    "call, exc, name",
    [
        (lambda: cl.partition_labels([{1}], [[1], [2]]), TypeError, "nodes"),
        (lambda: cl.partition_labels([1, 2], [1, 2]), TypeError, "communities"),
        (lambda: cl.partition_labels([{1}, {2}], [1, 1, 2]), ValueError, "nodes"),
        (lambda: cl.partition_labels(None, [1]), TypeError, "communities"),
        (lambda: cl.pair_confusion([[0, 1]], [[0, 1]]), ValueError, "labels_true"),
        (lambda: cl.rand_statistic([[1, -1], [1, 1]]), ValueError, "table"),
        (lambda: cl.cluster_entropy([1, 2, 3]), ValueError, "mm"),
        (lambda: cl.mantel_test([0, 1, 1], [0, 1, 1], permutations=-1), ValueError, "permutations"),
        (lambda: cl.mantel_test([0, 1, 1], [0, 1, 1], alternative="both"), ValueError, "alternative"),
        (lambda: cl.silhouette(pdist([[0], [1], [2]]), [0, 1, 1], definition="x"), ValueError, "definition"),
        (lambda: cl.sse([[0, 0], [1, 1]], [0, 1, 1]), ValueError, "same length"),
        (lambda: cl.sse([0, 1], [0, 1]), ValueError, "X"),
        (lambda: cl.preserved_variability([1, 2], 1.5), TypeError, "k"),
        (lambda: cl.random_subset_cohesion(np.eye(3), 2, n_samples=0), ValueError, "n_samples"),
        (lambda: cl.cohesion([1, 2], [0, 1]), ValueError, "proximity"),
        (lambda: cl.c_index(pdist([[0], [1], [2]]), None), TypeError, "labels"),
    ],
)
def test_bad_arguments_are_named(call, exc, name):
    with pytest.raises(exc, match=name):
        call()


# --------------------------------------------------------------------------- degenerate counts (issue 43)
@pytest.mark.parametrize("measure", [cl.rand_statistic, cl.jaccard_coefficient, cl.cluster_entropy,
                                     cl.total_entropy, cl.cluster_purity, cl.total_purity])
def test_booleans_are_not_counts(measure):
    with pytest.raises(TypeError, match="booleans are not counts"):
        measure(np.array([[True, False], [True, True]]))


@pytest.mark.parametrize("measure", [cl.rand_statistic, cl.jaccard_coefficient, cl.cluster_entropy,
                                     cl.total_entropy, cl.cluster_purity, cl.total_purity])
def test_counts_near_the_float_maximum_give_the_ratios_of_the_scaled_counts(measure):
    counts = np.array([[3.0, 1.0], [2.0, 4.0]])
    huge = counts * 1e307                      # sums past the largest float
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # no RuntimeWarning, no inf or NaN
        np.testing.assert_allclose(measure(huge), measure(counts), rtol=1e-12)


def test_preserved_variability_without_variance_and_near_the_float_maximum():
    with pytest.raises(ValueError, match="all be zero"):
        cl.preserved_variability([0.0, 0.0, 0.0], 1)
    assert cl.preserved_variability([1e308, 1e308, 1e308, 1e308], 2) == pytest.approx(0.5)
    assert cl.preserved_variability([2.0, 2.0], 1) == pytest.approx(0.5)


def test_sse_that_overflows_is_an_error_naming_x():
    with pytest.raises(OverflowError, match="X is too large"):
        cl.sse([[1e308, 0.0], [-1e308, 0.0]], [0, 1], centers=[[0.0, 0.0], [0.0, 0.0]])
