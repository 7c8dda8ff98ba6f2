"""Bad values that got through the declared checks once, each tried again where it got through.

A user's battery of bad inputs (wrong types, NaN/inf, empty, huge values, wrong shapes,
bools, sparse inputs) found these callables accepting a bad value, or failing with an
unrelated error. Each test gives that value again and expects a clear error naming the
argument, or the documented result. Where a value was kept on purpose, the test says why.
"""
from __future__ import annotations

import warnings

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from evalkit import clustering, curves, linkpred, metrics, relational
from evalkit.datasets import BinaryBayesNet, TemporalEdges, TemporalHypergraph
from evalkit.linkpred import DistanceHistograms, ScoreHistogram
from evalkit.metrics import UndefinedMetricWarning

NAN_SPARSE = sp.csr_array(np.array([[0.0, np.nan], [np.nan, 0.0]]))
INF_SPARSE = sp.csr_array(np.array([[0.0, np.inf], [np.inf, 0.0]]))


# ----- methods of result and data classes --------------------------------------------------

def _events():
    return TemporalEdges("toy", np.array([1, 2, 3]), np.array([2, 3, 1]), np.array([5.0, 6.0, 7.0]))


@pytest.mark.parametrize("bound", [np.nan, np.inf, -np.inf])
def test_temporal_edges_refuse_a_bound_that_is_not_a_finite_time(bound):
    with pytest.raises(ValueError, match="start"):
        _events().between(start=bound)
    with pytest.raises(ValueError, match="end"):
        _events().to_graph(end=bound)
    assert _events().between(6.0, None).n_events == 2          # finite bounds, and None, still work


def test_a_hyperedge_index_is_an_integer_in_range_and_negative_counts_from_the_end():
    h = TemporalHypergraph("toy", np.array([0, 3, 5]), np.array([1, 2, 3, 4, 5]), np.array([10, 20]), {})
    with pytest.raises(TypeError, match="i must be an integer"):
        h.hyperedge(True)
    with pytest.raises(ValueError, match="i must be in"):
        h.hyperedge(2)
    # kept on purpose: -1 is the last hyperedge, as for Python's sequences (documented)
    assert h.hyperedge(-1).tolist() == h.hyperedge(1).tolist() == [4, 5]


def test_score_histogram_curves_need_the_positives_and_negatives_they_divide_by():
    no_positives = ScoreHistogram.from_unsorted([], [1.0, 0.0], [2, 3])
    no_negatives = ScoreHistogram.from_unsorted([1.0, 2.0], [], [])
    for call in (no_positives.roc_curve, no_negatives.roc_curve, no_positives.precision_recall_curve,
                 no_positives.auroc_contributions):
        with pytest.raises(ValueError, match="needs positives"):
            call()
    recall, precision = no_negatives.precision_recall_curve()      # documented: precision 1 throughout
    assert precision.tolist() == [1.0, 1.0] and recall.tolist() == [0.5, 1.0]
    assert no_negatives.auroc_contributions().size == 0
    with pytest.raises(ValueError, match="negative_values must be distinct and increasing"):
        ScoreHistogram(np.array([1.0]), np.array([1.0, 0.0]), np.array([1, 1]))


def test_distance_histogram_sampling_methods_check_their_arguments():
    h = DistanceHistograms(np.array([2.0, 3.0]), (ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [3, 1]),
                                                    ScoreHistogram.from_unsorted([0.2], [0.0, 0.1], [4, 2])))
    with pytest.raises(ValueError, match="size"):
        h.sample_uniform(0)
    with pytest.raises(ValueError, match="target_auroc"):
        h.sample_steered(1.5)
    with pytest.raises(ValueError, match="ratio"):
        h.sample_distance_balanced(ratio=-1.0)


def test_binary_bayes_net_accuracy_refuses_none():
    net = BinaryBayesNet(((-1,),), (np.array([0.2, 0.8]),))
    with pytest.raises(TypeError, match="predictions"):
        net.accuracy(None)


def test_calibration_gap_refuses_a_rate_outside_zero_one():
    from evalkit.reproductions.network_cv.method import CalibrationResult

    cal = CalibrationResult("wvrn", 0.1, {"wvrn": 0.8, "nbc": 0.75}, 0.002, 10)
    for bad in (np.nan, 1.5):
        with pytest.raises(ValueError, match="worse_rate"):
            cal.gap(bad)


# ----- counts: never bools; sums that would overflow ------------------------------------------

HUGE = np.array([[1e308, 1e308], [1e308, 1e308]])


def test_huge_float_counts_give_finite_values_without_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        values = [metrics.diagonal_mae(HUGE), clustering.rand_statistic(HUGE), clustering.total_entropy(HUGE),
                  clustering.total_purity(HUGE)]
        fpr, tpr, _ = curves.roc_curve(np.array([0, 1, 0, 1]), np.array([1e308, -1e308, 1e308, -1e308]))
    assert np.isfinite(values).all() and np.isfinite(fpr).all() and np.isfinite(tpr).all()
    # the tables are uniform: the purity of two equal clusters of two equal classes is 1/2
    assert clustering.total_purity(HUGE) == clustering.total_purity(np.ones((2, 2))) == 0.5


def test_total_cost_scales_instead_of_overflowing_and_says_so_when_the_total_itself_overflows():
    assert metrics.total_cost(HUGE, [[1.0, -1.0], [-1.0, 1.0]]) == 0.0        # the products would overflow
    with pytest.raises(OverflowError, match="total cost exceeds the largest float"):
        metrics.total_cost(HUGE, [[0.0, 1.0], [1.0, 0.0]])
    rng = np.random.default_rng(0)
    for _ in range(200):                                                       # otherwise the plain sum, bit for bit
        cm, cost = rng.integers(0, 50, (3, 3)), rng.normal(size=(3, 3)) * rng.choice([1e-5, 1.0, 1e5])
        assert metrics.total_cost(cm, cost) == float(np.sum(cm * cost))


def test_clustering_sse_says_when_its_sum_overflows():
    with pytest.raises(OverflowError, match="X is too large"):
        clustering.sse(np.array([[1e308, 1e308], [-1e308, -1e308]]), np.array([0, 0]))


@pytest.mark.parametrize("function", [clustering.rand_statistic, clustering.jaccard_coefficient,
                                      clustering.cluster_entropy, clustering.total_entropy,
                                      clustering.cluster_purity, clustering.total_purity])
def test_booleans_are_not_counts(function):
    with pytest.raises(TypeError, match="booleans are not counts"):
        function(np.array([[True, False], [False, True]]))


# ----- other values that got through ----------------------------------------------------------

def test_huge_counts_of_the_replicability_statistics_are_refused():
    from evalkit import stats

    with pytest.raises(ValueError, match="k must be below 2\\*\\*63"):
        stats.enrichment_pvalue(1e308, 10, 5, 3)
    with pytest.raises(ValueError, match="k must be below 2\\*\\*63"):
        stats.replicability(1e308, 10)


def test_f_measure_with_infinite_beta_is_the_recall_on_purpose():
    cm = [[19, 1], [50, 930]]
    assert metrics.f_measure(cm, beta=np.inf) == metrics.true_positive_rate(cm)   # documented: the limit, the recall


def test_preserved_variability_of_degenerate_eigenvalues():
    with pytest.raises(ValueError, match="must not all be zero"):
        clustering.preserved_variability(np.zeros(4), 2)
    assert clustering.preserved_variability(np.ones(4), 2) == 0.5       # equal eigenvalues: k of n


@pytest.mark.parametrize("S", [NAN_SPARSE, INF_SPARSE], ids=["nan", "inf"])
def test_sparse_score_matrices_must_be_finite(S):
    with pytest.raises(ValueError, match="S must be"):
        linkpred.pair_scores(S, [[0, 1]])
    with pytest.raises(ValueError, match="S must be"):
        linkpred.mean_of_orderings(S)


def test_snap_float_ties_of_nothing_is_nothing():
    assert linkpred.snap_float_ties([]).size == 0


def test_relaxation_labeling_names_known_when_its_shape_differs():
    with pytest.raises(ValueError, match="known must have the shape of initial"):
        relational.relaxation_labeling(lambda p: p, np.array([0.5, 0.5, 0.5]), np.array([1, 0]))


@pytest.mark.parametrize("seed", [2**64, 2**70])
def test_seeds_above_64_bits_are_refused(seed):
    with pytest.raises(ValueError, match="rng"):
        relational.latent_group_model(20, rng=seed)
    with pytest.raises(ValueError, match="rng"):
        relational.disjoint_subnetworks(nx.path_graph(4), np.array([1, 0, 1, 0]), 2, rng=seed)
    from evalkit.reproductions.replicability.setups import simulation_sources

    with pytest.raises(ValueError, match="rng"):
        simulation_sources(targets=(), rng=seed)       # empty targets: a pilot of no source, on purpose


def test_replication_seeds_leave_room_for_scikit_learn():
    from evalkit.reproductions.replicability import run_replication, run_simulation

    with pytest.raises(ValueError, match="seed"):
        run_replication(["labor"], seed=2**64)
    with pytest.raises(ValueError, match="seed must be at most 2\\*\\*32 - repetitions"):
        run_replication(["labor"], repetitions=10, seed=2**32 - 5)           # refused before any work
    with pytest.raises(ValueError, match="seed"):
        run_simulation(n_training_sets=1, seed=2**64)


def test_error_correlation_names_a_mask_of_the_wrong_shape_and_warns_when_undefined():
    g = nx.cycle_graph(10)
    with pytest.raises(ValueError, match="mask must have the shape of errors"):
        relational.error_correlation(g, np.array([1, 0] * 5), np.array([1, 1]))
    for constant in (np.zeros(10, int), np.ones(10, int)):
        with pytest.warns(UndefinedMetricWarning, match="undefined"):
            assert np.isnan(relational.error_correlation(g, constant))
        with pytest.warns(UndefinedMetricWarning, match="undefined"):
            assert np.isnan(relational.label_autocorrelation(g, constant))


@pytest.mark.parametrize("graph", [NAN_SPARSE, INF_SPARSE], ids=["nan", "inf"])
def test_sparse_networks_with_non_finite_weights_are_refused(graph):
    from evalkit.reproductions.network_cv.method import error_correlation_study

    labels = np.array([1, 0])
    for call in (lambda: relational.error_correlation(graph, labels),
                 lambda: relational.label_autocorrelation(graph, labels),
                 lambda: relational.disjoint_subnetworks(graph, labels, 1),
                 lambda: error_correlation_study(graph, labels)):
        with pytest.raises(ValueError, match="graph must be .*non-finite weights"):
            call()


def test_empty_lists_are_refused_where_nothing_could_be_done():
    from evalkit.learners.standins import ArffPreprocessor
    from evalkit.reproductions.network_cv.method import within_network_study

    with pytest.raises(ValueError, match="n_values"):
        ArffPreprocessor([])
    with pytest.raises(ValueError, match="networks"):
        within_network_study([], [], prop_labeled=0.5)


def test_a_network_of_one_class_is_refused_by_the_classifier_comparisons():
    from evalkit.reproductions.network_cv.method import within_network_study

    g = nx.connected_watts_strogatz_graph(60, 4, 0.1, seed=1)
    both = (g, np.r_[np.zeros(30, int), np.ones(30, int)])
    for one_class in (np.zeros(60, int), np.ones(60, int)):
        with pytest.raises(ValueError, match="labels must hold both classes"):
            within_network_study([(g, one_class)], [both], prop_labeled=0.5, n_trials=2, n_samples=2)
        with pytest.raises(ValueError, match="labels must hold both classes"):
            within_network_study([both], [(g, one_class)], prop_labeled=0.5, n_trials=2, n_samples=2)
