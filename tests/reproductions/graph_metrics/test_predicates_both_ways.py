"""The graph-metrics pages' qualitative claims seen both ways: True on a confirming input, False
on a counter-example.

The pages compute these claims from the source's worked examples, which ``ours`` reads from
its module (the data of :mod:`~evalkit.reproductions.graph_metrics.source`) and checks against
evalkit's measures. An input is changed here by replacing, for one call of the page's real
``ours``, one of those data or measures (:func:`_ours_of`); the predicates themselves are never
replaced. Numbers of the source are taken from its module, never typed.
"""
import functools
from types import SimpleNamespace

import numpy as np
import pytest

from evalkit import clustering as cl
from evalkit import metrics
from evalkit.reproductions.graph_metrics import (
    binary_metrics,
    clustering_metrics,
    cost_validation_imbalance,
    multilevel_metrics,
    setups,
    significance_enrichment,
    source,
)
from helpers.predicates import assert_each_refuted

# evalkit's own measures, kept before any replacement (the wrong ones below are built from them)
confusion_matrix, f_measure, precision = metrics.confusion_matrix, metrics.f_measure, metrics.precision
true_positive_rate, false_positive_rate = metrics.true_positive_rate, metrics.false_positive_rate
mean_percentage_error, scotts_pi = metrics.mean_percentage_error, metrics.scotts_pi
range_claims = clustering_metrics._range_claims


def _ours_of(page):
    """``page.ours(section=...)``, with what the other keywords name replaced for the call.

    Each other keyword is an attribute path from ``page`` (``"FIGURE_1_4"``,
    ``"metrics.f_measure"``) and its value the replacement; all are restored afterwards.
    """
    def ours(*, section, **replaced):
        with pytest.MonkeyPatch.context() as patch:
            for path, value in replaced.items():
                *owners, name = path.split(".")
                patch.setattr(functools.reduce(getattr, owners, page), name, value)   # raises for a wrong path
            return page.ours(section=section)

    return ours


# ---------------------------------------------------------------------- binary-metrics

def test_orientation_fails_for_confusion_matrices_with_the_predictions_in_rows():
    def transposed(*args, **kwargs):
        return confusion_matrix(*args, **kwargs).T

    assert_each_refuted(_ours_of(binary_metrics), {"section": "matrix"},
                        {"gm.fig1-1.orientation": {"metrics.confusion_matrix": transposed}})


def test_verbal_definitions_hold_where_every_cell_is_equal_and_fail_on_figure_1_2():
    # read literally, each verbal definition puts other cells of the matrix in place of the
    # formula's: the two readings agree where those cells are equal, as in a matrix of equal cells
    def equal_cells():
        return np.full((2, 2), 2)

    cases = {cid: {"figure_1_2_matrix": setups.figure_1_2_matrix} for cid in binary_metrics.SECTIONS["verbal"]}
    assert_each_refuted(_ours_of(binary_metrics), {"section": "verbal", "figure_1_2_matrix": equal_cells}, cases)


def test_gmean_example_shows_nothing_when_the_classes_are_balanced():
    # the same all-positive model on as many negatives as positives: its accuracy is no longer high
    n_positive = source.GMEAN_EXAMPLE[0].sum()
    balanced = np.array([[n_positive, 0], [n_positive, 0]])
    assert_each_refuted(_ours_of(binary_metrics), {"section": "f-and-g-mean"},
                        {"gm.gmean-example.less-prone": {"GMEAN_EXAMPLE": balanced}})


def test_notes_fail_for_the_wrong_measure_or_an_example_that_cannot_show_them():
    def precision_recall_swapped(cm, *, beta=1.0, **kwargs):       # F_beta weighting precision beta times
        return f_measure(cm, beta=1 / beta, **kwargs)

    def recall_weighted_double(cm, *, beta=1.0, **kwargs):         # F_1 that is F_2
        return f_measure(cm, beta=2 * beta, **kwargs)

    def likelihood_ratio(cm, **kwargs):
        return true_positive_rate(cm) / false_positive_rate(cm)

    def of_predicted(y, f):
        return float(100 * np.mean((y - f) / f))

    figure_1_4 = source.FIGURE_1_4
    cases = {
        "gm.notes.fbeta-to-precision": {"metrics.f_measure": precision_recall_swapped},
        "gm.notes.fbeta-to-recall": {"metrics.f_measure": precision_recall_swapped},
        "gm.notes.f1-equal-weights": {"metrics.f_measure": recall_weighted_double},
        # equal actual and predicted class totals: the chance terms coincide, Peirce = Heidke
        "gm.notes.peirce-vs-heidke": {"FIGURE_1_4": figure_1_4 + figure_1_4.T},
        # the likelihood ratio TPR / FPR is not the ratio of the odds
        "gm.notes.odds-ratio": {"metrics.odds_ratio": likelihood_ratio},
        "gm.notes.brier-squared": {"metrics.brier_score": lambda y, p, **kw: float(np.mean(np.abs(p - y)))},   # the MAE
        "gm.notes.median-absolute-error": {"metrics.median_absolute_error": lambda y, f: float(np.mean(np.abs(y - f)))},
        # percentages of the predicted, not the actual, values
        "gm.notes.mean-percentage-error": {"metrics.mean_percentage_error": of_predicted},
        # a MAPE without the absolute values: signed errors cancel as in the MPE
        "gm.notes.mape": {"metrics.mean_absolute_percentage_error": mean_percentage_error},
        # weights that tell no mistake from another
        "gm.notes.gandin-murphy": {"metrics.gandin_murphy_weights": lambda counts: np.eye(len(counts))},
    }
    assert_each_refuted(_ours_of(binary_metrics), {"section": "notes"}, cases)


def test_f_close_to_1_fails_for_the_larger_of_precision_and_recall():
    def larger(cm):                  # near 1 as soon as one of the two is: no harmonic mean
        return max(precision(cm), true_positive_rate(cm))

    wrong = functools.partial(binary_metrics._f_close_to_1, f=larger)
    assert_each_refuted(_ours_of(binary_metrics), {"section": "f-and-g-mean"},
                        {"gm.sec1-2-2.f-close-to-1": {"_f_close_to_1": wrong}})


def test_the_harmonic_mean_resists_a_large_outlier_not_a_small_one():
    small, large = binary_metrics._OUTLIERS

    def adding(*outliers):
        return {"_harmonic_not_outliers": functools.partial(binary_metrics._harmonic_not_outliers, outliers=outliers)}

    assert_each_refuted(_ours_of(binary_metrics), {"section": "f-and-g-mean", **adding(large)},
                        {"gm.sec1-2-2.harmonic-not-outliers": adding(small)})


def test_roc_corners_and_negation_fail_with_the_axes_swapped():
    swapped = {"metrics.false_positive_rate": true_positive_rate, "metrics.true_positive_rate": false_positive_rate}
    assert_each_refuted(_ours_of(binary_metrics), {"section": "roc"},
                        {"gm.sec1-2-4.negation": swapped, "gm.sec1-2-4.perfect-point": swapped})


# ---------------------------------------------------------------------- multilevel-metrics

def test_class_2_is_under_predicted_in_figure_1_4_transposed_not_in_figure_1_4():
    # transposed, class 2 is predicted fewer times than it occurs (bias > 1); as printed, more
    assert_each_refuted(_ours_of(multilevel_metrics), {"section": "per-class", "FIGURE_1_4": source.FIGURE_1_4.T},
                        {"gm.fig1-4.bias-under-predicting": {"FIGURE_1_4": source.FIGURE_1_4}})


def test_kappa_scale_fails_for_scotts_pi_and_gwets_two_class_form_for_three_classes():
    cases = {
        # Scott's pi is not 0 for random predictions whose actual and predicted totals differ
        "gm.sec1-2-3.kappa-scale": {"metrics.cohens_kappa": scotts_pi},
        # (1.35) is a two-class identity: with Figure 1.4's three classes beta_1 + beta_2 < 1
        "gm.eq1-35.beta-sum": {"figure_1_2_matrix": lambda: source.FIGURE_1_4},
    }
    assert_each_refuted(_ours_of(multilevel_metrics), {"section": "whole"}, cases)


def test_gwet_max_half_fails_for_scotts_chance_agreement():
    # Scott's e(pi) is 1 on a matrix of a single class
    scotts = functools.partial(multilevel_metrics._gwet_max_half, chance=multilevel_metrics._scotts_chance)
    assert_each_refuted(_ours_of(multilevel_metrics), {"section": "whole"},
                        {"gm.sec1-2-3.gwet-max-half": {"_gwet_max_half": scotts}})


def test_the_sources_alpha_is_zero_for_random_predictions_only_where_chance_agreement_is_one_half():
    # classes 1:1:4 on both sides: chance agreement (1 + 1 + 16) / 36 = 1/2, so 1 - ER / e(alpha) = 0
    one_one_four = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 6]])
    assert_each_refuted(_ours_of(multilevel_metrics), {"section": "whole", "FIGURE_1_4": one_one_four},
                        {"gm.sec1-2-3.alpha-zero-random": {"FIGURE_1_4": source.FIGURE_1_4}})


# ---------------------------------------------------------------------- cost-validation-imbalance

def _validation(**schemes):
    return {"_validation_claims": functools.partial(cost_validation_imbalance._validation_claims, **schemes)}


def test_random_subsampling_does_not_test_every_example_once():
    from sklearn.model_selection import ShuffleSplit

    quarters = ShuffleSplit(4, test_size=0.25, random_state=0)       # four random test sets, overlapping
    assert_each_refuted(_ours_of(cost_validation_imbalance), {"section": "validation"},
                        {"gm.sec1-2-5.kfold-every-fold-tested": _validation(k_fold=quarters)})


def test_leaving_one_example_out_once_is_1_fold_leave_one_out_is_not():
    from sklearn.model_selection import LeaveOneOut, PredefinedSplit

    test_fold = np.r_[0, np.full(3, -1)]                             # the first example tested, the others trained on
    n = test_fold.size
    assert_each_refuted(_ours_of(cost_validation_imbalance),
                        {"section": "validation", **_validation(leave_one_out=PredefinedSplit(test_fold), n_examples=n)},
                        {"gm.sec1-2-5.loo-1-fold": _validation(leave_one_out=LeaveOneOut(), n_examples=n)})


def test_mx_is_not_better_than_a_model_without_errors():
    perfect = np.diag(source.M_Y.sum(axis=1))
    assert_each_refuted(_ours_of(cost_validation_imbalance), {"section": "cost"},
                        {"gm.fig1-16.mx-better": {"M_Y": perfect}})


def test_the_difference_is_significant_with_a_hundred_times_the_examples_of_m1():
    example = source.SECTION_1_6_2
    assert_each_refuted(_ours_of(cost_validation_imbalance), {"section": "error-rates"},
                        {"gm.sec1-6-2.not-significant": {"SECTION_1_6_2": {**example, "n_1": 100 * example["n_1"]}}})


def test_an_error_rate_is_attainable_on_its_examples_only_as_a_multiple_of_one_over_their_number():
    example = source.SECTION_1_6_2
    nearest = {**example, "error_1": round(example["error_1"] * example["n_1"]) / example["n_1"]}
    assert_each_refuted(_ours_of(cost_validation_imbalance), {"section": "small-samples", "SECTION_1_6_2": nearest},
                        {"gm.sec1-6-2.example-attainable": {"SECTION_1_6_2": example}})


# ---------------------------------------------------------------------- clustering-metrics

def _wrong(**measures):
    """The pages' search for a range counter-example, run with ``measures`` in place of evalkit's."""
    return {"_range_claims": functools.partial(range_claims, **measures)}


def _wrong_mantel(a, b, permutations):
    return SimpleNamespace(statistic=1.5 * cl.mantel_test(a, b, permutations=permutations).statistic)


def _wrong_silhouette(d, g, definition):
    s = cl.silhouette(d, g, definition=definition)
    return 2 * s + np.sign(s)


def test_purity_range_search_finds_a_purity_below_one_over_v():
    assert_each_refuted(_ours_of(clustering_metrics), {"section": "matching"},
                        {"gm.sec1-3-1.purity-range": _wrong(purity=lambda mm: cl.cluster_purity(mm) * 0.3)})


def test_mantel_claims_fail_for_a_matrix_that_is_not_co_membership_and_a_statistic_beyond_one():
    # the observed matrix with zeros on its diagonal (an adjacency, not a co-membership, matrix)
    no_self = source.FIGURE_1_14_OBSERVED - np.eye(3, dtype=int)
    assert_each_refuted(_ours_of(clustering_metrics), {"section": "mantel"},
                        {"gm.fig1-14.ideal-observed": {"FIGURE_1_14_OBSERVED": no_self},
                         "gm.eq1-43.mantel-range": _wrong(mantel=_wrong_mantel)})


def test_cluster_entropy_stays_within_0_and_1_for_two_classes_not_three():
    def classes(n):
        return {"_entropy_range": functools.partial(clustering_metrics._entropy_range, n_classes=n)}

    assert_each_refuted(_ours_of(clustering_metrics), {"section": "matching", **classes(2)},
                        {"gm.sec1-3-1.entropy-range": classes(3)})


def test_printed_separation_leaves_0_to_1_where_the_clusters_are_as_close_as_their_points():
    labels = np.repeat([0, 1], 2)

    def on(proximity):
        return {"_separation_range": functools.partial(clustering_metrics._separation_range, proximity=proximity,
                                                       labels=labels)}

    # proximity 1 within the clusters and 0 between them: separation 0; 1 everywhere: twice the mean, 2
    assert_each_refuted(_ours_of(clustering_metrics), {"section": "properties", **on(cl.co_membership_matrix(labels))},
                        {"gm.eq1-46.separation-range": on(np.ones((labels.size, labels.size)))})


def test_internal_measure_range_searches_find_values_out_of_range():
    cases = {
        "gm.eq1-50.c-index-range": _wrong(c_index=lambda d, g: cl.c_index(d, g) - 0.5),
        "gm.eq1-49.dunn-range": _wrong(dunn=lambda d, g: -cl.dunn_index(d, g) - 1),
        "gm.eq1-47.silhouette-range": _wrong(silhouette=_wrong_silhouette),
    }
    assert_each_refuted(_ours_of(clustering_metrics), {"section": "properties"}, cases)


# ---------------------------------------------------------------------- significance-enrichment

def test_a_cluster_beaten_by_ten_times_as_many_random_sets_is_not_significant():
    example = source.SECTION_1_5_1
    assert_each_refuted(_ours_of(significance_enrichment), {"section": "monte-carlo"},
                        {"gm.sec1-5-1.significant": {"SECTION_1_5_1": {**example, "R": 10 * example["R"]}}})


def test_a_cluster_of_only_annotated_genes_is_enriched():
    example = source.SECTION_1_9
    assert_each_refuted(_ours_of(significance_enrichment), {"section": "enrichment"},
                        {"gm.sec1-9.not-enriched": {"SECTION_1_9": {**example, "k": example["sample"]}}})


def test_the_pair_interval_covers_on_the_first_clustering_alone_not_on_both():
    every = significance_enrichment.PAIR_INTERVAL_SETUPS
    first = dict(list(every.items())[:1])
    assert_each_refuted(_ours_of(significance_enrichment), {"section": "interval", "PAIR_INTERVAL_SETUPS": first},
                        {"gm.sec1-5-2.pairs-extension": {"PAIR_INTERVAL_SETUPS": every}})


def _reduced_frame(validation, test, training, se=0.02):
    import pandas as pd

    return pd.DataFrame({"leaves": [2, 30, 300], "training error": training, "validation error": validation,
                         "validation s.e.": [se] * 3, "test error": test, "test s.e.": [se] * 3,
                         "chosen": ["", "both", ""]}, index=pd.Index([1, 8, "unlimited"], name="max depth"))


def test_reduced_error_holds_where_validation_tracks_test_and_training_does_not():
    ours = lambda frame: cost_validation_imbalance.ours(reduced=frame)["gm.sec1-8.reduced-error"]   # noqa: E731
    assert ours(_reduced_frame([0.6, 0.40, 0.35], [0.61, 0.41, 0.37], [0.6, 0.3, 0.0])) is True
    # the validation error misses the test error by far more than its sampling error
    assert ours(_reduced_frame([0.6, 0.40, 0.15], [0.61, 0.41, 0.37], [0.6, 0.3, 0.0])) is False
    # the training error of the deepest tree is as good an estimate: the validation set adds nothing
    assert ours(_reduced_frame([0.6, 0.40, 0.35], [0.61, 0.41, 0.37], [0.6, 0.4, 0.36])) is False


def test_the_maximisation_form_fails_where_a_correct_classification_costs_more_than_a_mistake():
    costs = source.COST_1_16.copy()
    costs[1, 1] = costs[1, 0] + 1              # a true negative dearer than a false positive: no sign pattern
    assert_each_refuted(_ours_of(cost_validation_imbalance), {"section": "cost"},
                        {"gm.sec1-6-1.maximisation": {"COST_1_16": costs}})


def test_the_silhouette_k_reading_both_ways():
    import pandas as pd

    def trends(sse, silhouette):
        return pd.DataFrame({"cohesion (SSE)": sse, "mean silhouette": silhouette})

    key = "gm.sec1-3-2.silhouette-k"
    assert clustering_metrics.ours(trends=trends([9.0, 7.0, 6.0, 5.0], [0.3, 0.4, 0.2, 0.25]))[key] is True
    assert clustering_metrics.ours(trends=trends([9.0, 7.0, 6.0, 5.0], [0.4, 0.3, 0.2, 0.1]))[key] is False  # one way
    assert clustering_metrics.ours(trends=trends([9.0, 7.0, 6.0, 5.0], [0.1, 0.2, 0.3, 0.4]))[key] is False
    assert clustering_metrics.ours(trends=trends([9.0, 7.0, 7.5, 5.0], [0.3, 0.4, 0.2, 0.25]))[key] is False  # SSE up


def test_occams_razor_both_ways():
    import pandas as pd

    def occam(lowest_leaves, simplest_leaves, difference):
        return pd.DataFrame({"lowest leaves": lowest_leaves, "simplest leaves": simplest_leaves,
                             "difference": difference})

    key = "gm.sec1-8.occams-razor"
    ours = cost_validation_imbalance.ours
    assert ours(occam=occam([10, 10, 10], [5, 10, 4], [0.01, -0.01, 0.0]))[key] is True
    assert ours(occam=occam([10, 10, 10], [5, 10, 4], [0.05, 0.06, 0.055]))[key] is False   # clearly worse
    assert ours(occam=occam([10, 10, 10], [10, 10, 10], [0.0, 0.0, 0.0]))[key] is False     # never a smaller tree
