"""The page ``binary-metrics``: the 2x2 confusion matrix, its metrics, the bibliographic notes, ROC space.

Every claim of the page but one is computed from the source's worked examples
(:mod:`~evalkit.reproductions.graph_metrics.source`); the upper-right rule of Figure 1.9
is tried on the four models of the class-imbalance experiment (:func:`~evalkit.reproductions.graph_metrics.imbalance`).
:func:`ours` returns the claims of one of the page's tables at a time (:data:`SECTIONS`).
"""
from __future__ import annotations

import numpy as np

from ... import curves, metrics
from ..._checks import Choice, Function, Instance, Integer, Real, Seed, Values, checks
from .setups import figure_1_2_matrix
from .source import FIGURE_1_2_VERTICES, FIGURE_1_4, GMEAN_EXAMPLE

__all__ = ["SECTIONS", "backwards_model", "ours", "roc_points"]

_METRICS = ("accuracy", "error-rate", "tpr", "tnr", "fpr", "fnr", "precision-pos", "precision-neg", "f-pos",
            "f-neg", "g-mean")

#: The page's claims tables: section -> the claim ids it shows, in the order shown.
SECTIONS = {
    "matrix": tuple(f"gm.fig1-2.{k}" for k in ("tp", "fn", "fp", "tn", "a", "b", "c", "d", "total"))
    + ("gm.fig1-1.orientation",),
    "metrics": tuple(f"gm.fig1-2.{k}" for k in _METRICS) + tuple(f"gm.r-2x2.{k}" for k in _METRICS),
    "verbal": ("gm.sec1-2-2.tpr-words", "gm.sec1-2-2.tnr-words", "gm.sec1-2-2.fpr-words", "gm.sec1-2-2.fnr-words",
               "gm.sec1-2-2.precision-specificity"),
    "f-and-g-mean": ("gm.gmean-example.accuracy", "gm.gmean-example.tpr", "gm.gmean-example.tnr",
                     "gm.gmean-example.g-mean", "gm.sec1-2-2.f-close-to-1", "gm.sec1-2-2.harmonic-not-outliers",
                     "gm.gmean-example.less-prone"),
    "notes": tuple(f"gm.notes.{k}" for k in (
        "fbeta-to-precision", "fbeta-to-recall", "f1-equal-weights", "peirce-vs-heidke", "odds-ratio",
        "brier-squared", "median-absolute-error", "mean-percentage-error", "mape", "gandin-murphy")),
    "roc": ("gm.sec1-2-4.random-50.fpr", "gm.sec1-2-4.random-50.tpr", "gm.sec1-2-4.random-80.fpr",
            "gm.sec1-2-4.random-80.tpr", "gm.sec1-2-4.auc-diagonal", "gm.sec1-2-4.negation",
            "gm.sec1-2-4.perfect-point"),
}

#: Probabilities attached to Figure 1.2's eight predictions for the Brier score (illustrative,
#: consistent with the predictions; the source gives none).
_PROBABILITIES = np.array([0.9, 0.8, 0.7, 0.6, 0.4, 0.7, 0.6, 0.2])


def _example_claims(seed, n_random):
    """Every claim of the source's examples: ``{claim id: our value}``."""
    M = figure_1_2_matrix()
    tp, fn, fp, tn = M.ravel()
    swapped = M[::-1, ::-1]
    values = {
        "accuracy": metrics.accuracy(M), "error-rate": metrics.error_rate(M),
        "tpr": metrics.true_positive_rate(M), "tnr": metrics.true_negative_rate(M),
        "fpr": metrics.false_positive_rate(M), "fnr": metrics.false_negative_rate(M),
        "precision-pos": metrics.precision(M), "precision-neg": metrics.precision(M, positive=False),
        "f-pos": metrics.f_measure(M), "f-neg": metrics.f_measure(swapped), "g-mean": metrics.g_mean(M),
    }
    ours = {"gm.fig1-1.orientation": bool(
        metrics.confusion_matrix(["+", "-"], ["-", "-"], labels=["+", "-"])[0, 1] == 1)}
    ours.update({"gm.fig1-2.tp": int(tp), "gm.fig1-2.fn": int(fn), "gm.fig1-2.fp": int(fp),
                 "gm.fig1-2.tn": int(tn), "gm.fig1-2.total": int(M.sum()),
                 "gm.fig1-2.a": int(tp + fp), "gm.fig1-2.b": int(fn + tn),
                 "gm.fig1-2.c": int(tp + fn), "gm.fig1-2.d": int(fp + tn)})
    ours.update({f"gm.fig1-2.{k}": v for k, v in values.items()})
    ours.update({f"gm.r-2x2.{k}": v for k, v in values.items()})
    # the verbal definitions, read literally, against the formulas
    ours["gm.sec1-2-2.tpr-words"] = bool(np.isclose(tp / (tp + fp), values["tpr"]))
    ours["gm.sec1-2-2.tnr-words"] = bool(np.isclose(tn / (tn + fn), values["tnr"]))
    ours["gm.sec1-2-2.fpr-words"] = bool(np.isclose(tn / (fn + tn), values["fpr"]))
    ours["gm.sec1-2-2.fnr-words"] = bool(np.isclose(fp / (tp + fp), values["fnr"]))
    ours["gm.sec1-2-2.precision-specificity"] = bool(np.isclose(values["precision-pos"], values["tnr"]))
    ours["gm.sec1-2-2.f-close-to-1"] = _f_close_to_1()
    ours["gm.sec1-2-2.harmonic-not-outliers"] = _harmonic_not_outliers()
    all_positive = GMEAN_EXAMPLE
    ours.update({
        "gm.gmean-example.accuracy": metrics.accuracy(all_positive),
        "gm.gmean-example.tpr": metrics.true_positive_rate(all_positive),
        "gm.gmean-example.tnr": metrics.true_negative_rate(all_positive),
        "gm.gmean-example.g-mean": metrics.g_mean(all_positive),
    })
    ours["gm.gmean-example.less-prone"] = bool(
        metrics.accuracy(all_positive) >= 0.95 and metrics.g_mean(all_positive) == 0)
    # ROC space: random models that predict "positive" a share of the time, ignoring the input
    rng = np.random.default_rng(seed)
    labels = rng.random(n_random) < 0.3
    for share in (50, 80):
        cm = metrics.confusion_matrix(labels, rng.random(n_random) < share / 100)
        ours[f"gm.sec1-2-4.random-{share}.fpr"] = metrics.false_positive_rate(cm)
        ours[f"gm.sec1-2-4.random-{share}.tpr"] = metrics.true_positive_rate(cm)
    negated = M[:, ::-1]
    ours["gm.sec1-2-4.negation"] = bool(
        np.isclose(metrics.false_positive_rate(M), metrics.true_negative_rate(negated))
        and np.isclose(metrics.true_positive_rate(M), metrics.false_negative_rate(negated)))
    corners = {(0.0, 1.0): [[5, 0], [0, 3]], (0.0, 0.0): [[0, 5], [0, 3]], (1.0, 1.0): [[5, 0], [3, 0]]}
    ours["gm.sec1-2-4.perfect-point"] = all(
        (metrics.false_positive_rate(cm), metrics.true_positive_rate(cm)) == point for point, cm in corners.items())
    y = rng.random(1000) < 0.4
    ours["gm.sec1-2-4.auc-diagonal"] = curves.roc_auc(y, np.zeros(y.size))
    # the bibliographic notes
    p, r = values["precision-pos"], values["tpr"]
    ours["gm.notes.fbeta-to-precision"] = bool(abs(metrics.f_measure(M, beta=0.001) - p) < 1e-3)
    ours["gm.notes.fbeta-to-recall"] = bool(abs(metrics.f_measure(M, beta=1000) - r) < 1e-3)
    ours["gm.notes.f1-equal-weights"] = bool(np.isclose(metrics.f_measure(M, beta=1), 2 * p * r / (p + r)))
    F4 = FIGURE_1_4 / FIGURE_1_4.sum()
    rows, cols = F4.sum(axis=1), F4.sum(axis=0)
    numerator = np.trace(F4) - np.sum(rows * cols)
    ours["gm.notes.peirce-vs-heidke"] = bool(
        np.isclose(metrics.peirce_skill_score(FIGURE_1_4) * (1 - np.sum(rows ** 2)), numerator)
        and np.isclose(metrics.cohens_kappa(FIGURE_1_4) * (1 - np.sum(rows * cols)), numerator)
        and not np.isclose(metrics.peirce_skill_score(FIGURE_1_4), metrics.cohens_kappa(FIGURE_1_4)))
    ours["gm.notes.odds-ratio"] = bool(np.isclose(metrics.odds_ratio(M), (tp / fn) / (fp / tn)))
    y_true = np.array([a == "+" for a in FIGURE_1_2_VERTICES["actual"]], dtype=float)
    ours["gm.notes.brier-squared"] = bool(
        np.isclose(metrics.brier_score(y_true, _PROBABILITIES), np.mean(np.abs(_PROBABILITIES - y_true) ** 2)))
    ours.update(_notes_error_claims())
    return ours


#: Largest count of the 2x2 matrices :func:`_f_close_to_1` searches
_F_GRID_COUNT = 10
#: The outliers :func:`_harmonic_not_outliers` adds: one very small and one very large value
_OUTLIERS = (0.01, 100.0)


@checks(f=Function())
def _f_close_to_1(*, f=metrics.f_measure):
    """Section 1.2.2.2: the F-measure is close to 1 only when precision and recall both are.

    Searched over every 2x2 matrix ``[[TP, FN], [FP, 0]]`` with ``1 <= TP`` and counts up
    to :data:`_F_GRID_COUNT` (a grid of precisions and recalls): the claim holds when every
    matrix whose ``f`` reaches 0.95 has precision and recall of at least 0.9.

    Parameters
    ----------
    f : callable, default :func:`evalkit.metrics.f_measure`
        The measure, called on each matrix.

    Returns
    -------
    bool
        Whether no matrix has ``f >= 0.95`` and precision or recall below 0.9.

    Examples
    --------
    >>> _f_close_to_1(), _f_close_to_1(f=lambda cm: max(metrics.precision(cm), metrics.true_positive_rate(cm)))
    (True, False)
    """
    counts = np.arange(_F_GRID_COUNT + 1)
    tp, fn, fp = (a.ravel() for a in np.meshgrid(counts[1:], counts, counts, indexing="ij"))
    F = np.array([f(np.array([[a, b], [c, 0]])) for a, b, c in zip(tp, fn, fp)])
    lower = np.minimum(tp / (tp + fp), tp / (tp + fn))          # the smaller of precision and recall
    return bool(lower[F >= 0.95].min() >= 0.9)


@checks(outliers=Values(Real(0, None, closed="neither")))
def _harmonic_not_outliers(*, outliers=_OUTLIERS):
    """Section 1.2.2.2: the harmonic mean, unlike the arithmetic mean, is not affected by outliers.

    Each outlier is added in turn to nine values of 0.8; the claim holds when the harmonic
    mean moves less than the arithmetic mean for every one of them.

    Parameters
    ----------
    outliers : sequence of float, default (0.01, 100.0)
        The outliers, each ``> 0`` (the harmonic mean of positive values).

    Returns
    -------
    bool
        Whether the harmonic mean moves less than the arithmetic mean for each outlier.

    Examples
    --------
    >>> _harmonic_not_outliers(), _harmonic_not_outliers(outliers=(100.0,))    # resists only large values
    (False, True)
    """
    base = np.full(9, 0.8)
    moves = {name: [abs(mean(np.r_[base, outlier]) - mean(base)) for outlier in outliers]
             for name, mean in (("harmonic", lambda x: x.size / np.sum(1 / x)), ("arithmetic", np.mean))}
    return bool(all(h < a for h, a in zip(moves["harmonic"], moves["arithmetic"])))


def _notes_error_claims():
    """The notes' MAE variants and the Gandin-Murphy score, on Figure 1.4 (its diagonal against the row totals)."""
    expected, observed = FIGURE_1_4.sum(axis=1), np.diag(FIGURE_1_4)     # q_ii and f_ii of Figure 1.7
    errors = np.abs(expected - observed).astype(float)
    outlier = errors.copy()
    outlier[np.argmax(outlier)] *= 10
    ours = {}
    # the median resists one large error, the mean does not
    ours["gm.notes.median-absolute-error"] = bool(
        metrics.median_absolute_error(expected, expected - outlier) == metrics.median_absolute_error(expected, observed)
        and np.mean(outlier) > np.mean(errors))
    # per-class error-rate percentage, averaged over the classes: 100 x (1 - mean hit rate)
    ours["gm.notes.mean-percentage-error"] = bool(np.isclose(
        metrics.mean_percentage_error(expected, observed), 100 * (1 - np.mean(metrics.hit_rate(FIGURE_1_4)))))
    # on the diagonal every error has one sign, so MAPE = MPE; on the class counts (predicted
    # against actual, Section 1.2.3's bias) signs differ and only the absolute version adds up
    actual_counts, predicted_counts = FIGURE_1_4.sum(axis=1), FIGURE_1_4.sum(axis=0)
    ours["gm.notes.mape"] = bool(
        np.isclose(metrics.mean_absolute_percentage_error(expected, observed),
                   metrics.mean_percentage_error(expected, observed))
        and metrics.mean_absolute_percentage_error(actual_counts, predicted_counts)
        > abs(metrics.mean_percentage_error(actual_counts, predicted_counts)))
    # a different weight for each cell: the off-diagonal weights are not all equal, a mistake
    # two classes off costs more than one class off; and equitable: constant and chance
    # predictions score 0, perfect ones 1
    actual = FIGURE_1_4.sum(axis=1)
    weights = metrics.gandin_murphy_weights(actual)
    off = weights[~np.eye(3, dtype=bool)]
    constant = np.zeros((3, 3))
    constant[:, 2] = actual
    ours["gm.notes.gandin-murphy"] = bool(
        np.ptp(off) > 0 and weights[0, 2] < min(weights[0, 1], weights[1, 2])
        and np.isclose(metrics.gandin_murphy_skill_score(constant), 0.0)
        and np.isclose(metrics.gandin_murphy_skill_score(np.outer(actual, predicted_counts) / actual.sum()), 0.0)
        and np.isclose(metrics.gandin_murphy_skill_score(np.diag(actual)), 1.0))
    return ours


@checks(seed=Seed(), n=Integer(2))
def backwards_model(*, seed=20260401, n=1000):
    """A simulated model that ranks the classes backwards: its AUC, and the AUC of its negated scores.

    The labels are positive with probability 0.4; a positive scores ``-1`` plus standard
    normal noise and a negative ``+1`` plus noise, so the model ranks most negatives above
    most positives (Section 1.2.4.3's "AUC less than or equal to 0.5").

    Parameters
    ----------
    seed : int, default 20260401
        Seed of the labels and the noise.
    n : int, default 1000
        Points.

    Returns
    -------
    dict
        ``"auc"`` and ``"negated auc"`` (``1 - auc``: the same ranking read the other way).

    Examples
    --------
    >>> aucs = backwards_model(seed=1)
    >>> aucs["auc"] < 0.5 < aucs["negated auc"], round(aucs["auc"] + aucs["negated auc"], 12)
    (True, 1.0)
    """
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    if y.all() or not y.any():
        raise ValueError(f"n must give both classes; n={n} with seed {seed} gave one")
    scores = np.where(y, -1.0, 1.0) + rng.normal(0, 1, n)
    return {"auc": curves.roc_auc(y, scores), "negated auc": curves.roc_auc(y, -scores)}


def _example_imbalance():
    import pandas as pd

    return pd.DataFrame({"true positive rate": [0.5, 0.9], "true negative rate": [0.99, 0.8]},
                        index=["no resampling", "random under-sampling"])


@checks(imbalance=Instance("DataFrame", example=_example_imbalance), class_sizes=Values(Integer(1), min_len=2))
def roc_points(imbalance, *, class_sizes):
    """The models of a two-class task as points of ROC space, with the upper-right rule's and the expected cost's scores.

    Parameters
    ----------
    imbalance : pandas.DataFrame
        One row per model with the columns ``true positive rate`` and ``true negative
        rate`` (as :func:`~evalkit.reproductions.graph_metrics.imbalance` returns them).
    class_sizes : tuple of int
        ``(n_positive, n_negative)`` of the task.

    Returns
    -------
    pandas.DataFrame
        One row per model: ``FPR``, ``TPR``, ``FPR + TPR (upper-right)`` and
        ``expected errors per example`` (with equal costs, at the task's class ratio).

    Examples
    --------
    >>> points = roc_points(_example_imbalance(), class_sizes=(10, 90))
    >>> points["FPR + TPR (upper-right)"].idxmax(), points["expected errors per example"].idxmin()
    ('random under-sampling', 'no resampling')
    """
    import pandas as pd

    n_pos, n_neg = class_sizes
    models = pd.DataFrame({"FPR": 1 - imbalance["true negative rate"], "TPR": imbalance["true positive rate"]})
    models["FPR + TPR (upper-right)"] = models["FPR"] + models["TPR"]
    models["expected errors per example"] = (n_pos * (1 - models["TPR"]) + n_neg * models["FPR"]) / (n_pos + n_neg)
    return models


@checks(section=Choice(*SECTIONS, none=True),
        models=Instance("DataFrame", none=True, example=lambda: roc_points(_example_imbalance(), class_sizes=(10, 90))),
        n_random=Integer(1))
def ours(*, section=None, models=None, seed=20260401, n_random=100_000):
    """Our values of the page's claims: one table's worth of the source's examples, and the upper-right rule.

    Parameters
    ----------
    section : str, optional
        One of :data:`SECTIONS`: the claims of that table, computed from the source's
        examples; None leaves them out.
    models : pandas.DataFrame, optional
        Models in ROC space as :func:`~evalkit.reproductions.graph_metrics.roc_points` returns them: the claim
        ``gm.sec1-2-4.upper-right-rule`` (the upper-right choice is the model of least
        expected cost); None leaves it out.
    seed : int, default 20260401
        Seed of the simulated random models and scores of ROC space (``section="roc"``).
    n_random : int, default 100000
        Points classified by each simulated random model.

    Returns
    -------
    dict
        ``{claim id: our value}``, numbers and booleans, in the order of the table.

    Examples
    --------
    >>> found = ours(section="roc", seed=1, n_random=1000)
    >>> round(found["gm.sec1-2-4.random-50.fpr"], 4)
    0.5036
    >>> ours(models=roc_points(_example_imbalance(), class_sizes=(10, 90)))
    {'gm.sec1-2-4.upper-right-rule': False}
    """
    found = {}
    if section is not None:
        every = _example_claims(seed, n_random)
        found.update({cid: every[cid] for cid in SECTIONS[section]})
    if models is not None:
        upper_right = models["FPR + TPR (upper-right)"].idxmax()
        least_cost = models["expected errors per example"].idxmin()
        found["gm.sec1-2-4.upper-right-rule"] = bool(upper_right == least_cost)
    return found
