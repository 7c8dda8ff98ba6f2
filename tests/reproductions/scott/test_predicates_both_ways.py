"""Scott's qualitative claims seen both ways: each claim function says True on a confirming input
and False on a counter-example changed from it in one meaningful respect.

The claim functions are the pages' ``ours(...)``; the inputs are the lecture's ten scored
examples, small simulations, and synthetic stand-ins for ``roc_analysis``'s result (seeded
numpy Generators, no data files).
"""
import numpy as np
import pandas as pd
import pytest

from evalkit import curves, metrics
from evalkit.reproductions.scott import estimating_error, performance_measures, source

SEED = 20260411


def lecture_examples():
    """The lecture's ten examples as ``(is_positive, score)``."""
    labels = np.array([label == "+" for label in source.ROC_EXAMPLES["label"]])
    return labels, np.array(source.ROC_EXAMPLES["confidence"], dtype=float)


def roc_analysis_stand_in(leaf_positive_rates, *, n=400, seed=SEED):
    """A result shaped like :func:`performance_measures.roc_analysis`'s, from a simulated test set.

    The shallow tree's leaves have the given shares of positives; each example falls into a
    random leaf and is positive with its leaf's share, and the leaf's share is its score
    (the leaf frequency). An SVM-like score, naive Bayes-like probabilities and an ID3-like
    single point are drawn around the labels.
    """
    rng = np.random.default_rng(seed)
    rates = np.asarray(leaf_positive_rates, dtype=float)
    leaf = rng.integers(rates.size, size=n)
    y = rng.random(n) < rates[leaf]
    svm = rng.normal(np.where(y, 1.0, -0.5), 1.0)
    nb = 1 / (1 + np.exp(-rng.normal(np.where(y, 1.0, -1.0), 1.5)))
    leaf_frequency = rates[leaf]
    id3 = rng.normal(np.where(y, 0.8, -0.8), 1.0) >= 0
    rows = {}
    for name, predicted in (("ID3 (entropy tree)", id3), ("naive Bayes", nb >= 0.5),
                            ("shallow tree, majority labels", leaf_frequency > 0.5), ("SVM at threshold 0", svm >= 0)):
        cm = metrics.confusion_matrix(y, predicted)
        rows[name] = {"FPR": metrics.false_positive_rate(cm), "TPR": metrics.true_positive_rate(cm)}
    points = pd.DataFrame(rows).T
    slopes = np.logspace(-2, 2, 801)
    fpr, tpr, _ = curves.roc_curve(y, svm)
    best_on_curve = np.max(tpr[None, :] - slopes[:, None] * fpr[None, :], axis=1)
    beats = {name: points.loc[name, "TPR"] - slopes * points.loc[name, "FPR"] > best_on_curve + 1e-12
             for name in ("ID3 (entropy tree)", "naive Bayes")}
    scores = {"SVM": svm, "naive Bayes": nb, "shallow tree (leaf frequencies)": leaf_frequency}
    return {"y_test": y, "scores": scores, "points": points, "slopes": slopes, "beats": beats}


# --- scott.pr.tradeoff ---------------------------------------------------------------------------

def test_pr_tradeoff_holds_on_the_lecture_examples_and_fails_when_the_top_example_is_negative():
    labels, scores = lecture_examples()
    assert performance_measures.ours(precision_recall=(labels, scores))["scott.pr.tradeoff"] is True
    # swap the labels of x1 (+) and x3 (-): the most confident prediction is now wrong, so precision
    # starts at 0 and can only rise as the threshold falls: nothing is traded for recall
    swapped = labels.copy()
    swapped[[0, 2]] = labels[[2, 0]]
    assert swapped.sum() == labels.sum()
    precision, _, _ = curves.precision_recall_curve(swapped, scores)
    assert precision[0] == 0 and precision[-1] > 0
    assert performance_measures.ours(precision_recall=(swapped, scores))["scott.pr.tradeoff"] is False


# --- scott.pr.f-beta -----------------------------------------------------------------------------

def test_f_beta_matches_the_formula_and_fails_for_an_f_beta_with_precision_and_recall_swapped(monkeypatch):
    labels, scores = lecture_examples()
    assert performance_measures.ours(precision_recall=(labels, scores))["scott.pr.f-beta"] is True
    right = metrics.f_measure

    def swapped(cm, *, beta=1.0):                         # weighs precision beta times as much as recall
        return right(cm, beta=1 / beta)

    monkeypatch.setattr(performance_measures.metrics, "f_measure", swapped)
    assert performance_measures.ours(precision_recall=(labels, scores))["scott.pr.f-beta"] is False


# --- scott.roc.hull ------------------------------------------------------------------------------

def test_roc_hull_offers_different_optima_on_the_lecture_examples_but_one_for_a_perfect_ranking():
    labels, scores = lecture_examples()
    assert performance_measures.ours(operating_point=(labels, scores))["scott.roc.hull"] is True
    # a perfect ranking of the same ten examples: the hull is (0, 0), (0, 1), (1, 1), and every
    # operating condition of ISO_SCENARIOS picks the same classifier, (0, 1)
    perfect = np.where(labels, 100.0, -100.0) + np.arange(10)[::-1]
    fpr, tpr, _ = curves.roc_curve(labels, perfect)
    chosen = {curves.roc_optimal_point(fpr, tpr, **kw) for kw in performance_measures.ISO_SCENARIOS.values()}
    assert {(fpr[i], tpr[i]) for i in chosen} == {(0.0, 1.0)}
    assert performance_measures.ours(operating_point=(labels, perfect))["scott.roc.hull"] is False


# --- scott.roc.relabel-tree ----------------------------------------------------------------------

def test_relabelling_a_tree_helps_with_mixed_leaves_but_not_with_pure_ones():
    mixed = roc_analysis_stand_in((0.1, 0.3, 0.45, 0.6, 0.8, 0.95))
    assert performance_measures.ours(diabetes_roc=mixed)["scott.roc.relabel-tree"] is True
    # the same tree shape with pure leaves: the majority labelling classifies the test set
    # perfectly, (0, 1), and no other labelling of the leaves is cheaper at any slope
    pure = roc_analysis_stand_in((0.0, 0.0, 0.0, 1.0, 1.0, 1.0))
    assert pure["points"].loc["shallow tree, majority labels"].tolist() == [0.0, 1.0]
    assert performance_measures.ours(diabetes_roc=pure)["scott.roc.relabel-tree"] is False


def test_relabel_tree_fails_when_the_labelling_is_not_a_point_of_the_leaves_curve():
    result = roc_analysis_stand_in((0.1, 0.3, 0.45, 0.6, 0.8, 0.95))
    assert performance_measures.ours(diabetes_roc=result)["scott.roc.relabel-tree"] is True
    # label the leaves by something other than a threshold on their frequencies (the middle
    # leaves positive, the extreme ones negative): that point is off the leaves' ROC curve
    y, freq = result["y_test"], result["scores"]["shallow tree (leaf frequencies)"]
    cm = metrics.confusion_matrix(y, (freq > 0.2) & (freq < 0.7))
    points = result["points"].copy()
    points.loc["shallow tree, majority labels"] = [metrics.false_positive_rate(cm), metrics.true_positive_rate(cm)]
    off_curve = dict(result, points=points)
    assert performance_measures.ours(diabetes_roc=off_curve)["scott.roc.relabel-tree"] is False


# --- scott.error.variance ------------------------------------------------------------------------

def test_sample_error_varies_for_a_fallible_hypothesis_but_not_for_one_that_never_errs():
    fallible = estimating_error.sample_error_simulation(n_samples=40, true_error=0.3, n_trials=1000, seed=SEED)
    assert estimating_error.ours(sample_error=fallible, n_trials=1000)["scott.error.variance"] is True
    # true error 0: every test set has 0 mistakes, so the sample error always equals the true error
    flawless = estimating_error.sample_error_simulation(n_samples=40, true_error=0.0, n_trials=1000, seed=SEED)
    assert flawless["distribution"].loc[0, "binomial"] == 1
    values = estimating_error.ours(sample_error=flawless, n_trials=1000)
    assert values["scott.error.variance"] is False
    assert values["scott.error.unbiased"] is True   # still unbiased: only the variance claim fails


# --- claims that check evalkit's own curves: refuted by a wrong implementation -------------------
# scott.auc.best-worst, scott.roc.iso-slope, scott.roc.cost-curves and scott.pr.containment state
# identities that hold for any scores; what they check is that evalkit's curves obey them. Their counter-examples
# replace, for one call, the evalkit function the claim checks by a plausible wrong one.

def test_best_worst_auc_fails_for_an_auc_that_gives_ties_no_half_credit(monkeypatch):
    labels = np.array([True, False, True, False, True, False])
    tied = np.array([0.9, 0.9, 0.5, 0.5, 0.2, 0.1])      # two positive-negative ties
    assert performance_measures.ours(roc_curve=(labels, tied))["scott.auc.best-worst"] is True

    def strict_auc(y_true, y_score):                      # counts only pairs ranked strictly right
        y, s = np.asarray(y_true, bool), np.asarray(y_score, float)
        return float(np.mean(s[y][:, None] > s[~y][None, :]))

    monkeypatch.setattr(performance_measures.curves, "roc_auc", strict_auc)
    assert performance_measures.ours(roc_curve=(labels, tied))["scott.auc.best-worst"] is False


def test_iso_slope_fails_for_an_operating_point_that_weighs_false_positives_double(monkeypatch):
    labels, scores = lecture_examples()
    assert performance_measures.ours(operating_point=(labels, scores))["scott.roc.iso-slope"] is True
    right = curves.roc_optimal_point

    def doubled(fpr, tpr, *, n_positive, n_negative, **costs):   # the line of slope 2 |N|/|P|
        return right(fpr, tpr, n_positive=n_positive, n_negative=2 * n_negative, **costs)

    fpr, tpr, _ = curves.roc_curve(labels, scores)
    assert doubled(fpr, tpr, n_positive=5, n_negative=5) != right(fpr, tpr, n_positive=5, n_negative=5)
    monkeypatch.setattr(performance_measures.curves, "roc_optimal_point", doubled)
    assert performance_measures.ours(operating_point=(labels, scores))["scott.roc.iso-slope"] is False


def test_cost_curves_fail_for_an_envelope_that_is_the_upper_one(monkeypatch):
    result = roc_analysis_stand_in((0.1, 0.3, 0.45, 0.6, 0.8, 0.95))
    assert performance_measures.ours(diabetes_roc=result)["scott.roc.cost-curves"] is True
    right = curves.cost_curve

    class UpperEnvelope:                                   # the costliest line, not the cheapest
        def __init__(self, fpr, tpr):
            self.fpr, self.tpr = np.asarray(fpr, float), np.asarray(tpr, float)

        def cost_at(self, pc):
            pc = np.asarray(pc, float)[..., None]
            return np.max((1 - self.tpr) * pc + self.fpr * (1 - pc), axis=-1)

    fpr, tpr, _ = curves.roc_curve(result["y_test"], result["scores"]["SVM"])
    assert not np.allclose(UpperEnvelope(fpr, tpr).cost_at(0.5), right(fpr, tpr).cost_at(0.5))
    monkeypatch.setattr(performance_measures.curves, "cost_curve", UpperEnvelope)
    assert performance_measures.ours(diabetes_roc=result)["scott.roc.cost-curves"] is False


def test_containment_fails_for_a_pr_curve_that_plots_the_false_discovery_rate(monkeypatch):
    rng = np.random.default_rng(SEED)
    y = rng.random(300) < 0.4
    svm = rng.normal(np.where(y, 1.0, 0.0), 1.0)
    perfect = np.where(y, 10.0, -10.0)                    # naive Bayes ranks perfectly: it contains the SVM
    seen = {"y_test": y, "scores": {"SVM": svm, "naive Bayes": perfect}}
    assert performance_measures.ours(containment=seen) == {"scott.pr.containment": True}
    right = curves.pr_curve_interpolated

    def false_discovery(y_true, y_score, recall_grid):   # 1 - precision: containment turns round
        return 1 - right(y_true, y_score, recall_grid)

    monkeypatch.setattr(performance_measures.curves, "pr_curve_interpolated", false_discovery)
    assert performance_measures.ours(containment=seen) == {"scott.pr.containment": False}


def test_f_beta_is_defined_where_every_positive_prediction_at_threshold_0_is_wrong():
    # some predicted positive, none right: P = R = 0, the formula's 0/0 taken as F's 0 (it raised before)
    labels = np.array([True, True, False, False, False])
    scores = np.array([-1.0, -2.0, 1.0, 0.5, -3.0])
    assert performance_measures.ours(precision_recall=(labels, scores))["scott.pr.f-beta"] is True
