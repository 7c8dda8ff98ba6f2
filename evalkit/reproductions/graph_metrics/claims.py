"""Our values of the claims of Padmanabhan & Jenkins, *Performance metrics for graph mining tasks*.

Each function recomputes one group of the source's worked examples, R outputs and
statements and returns ``{claim id: our value}`` for the claims of the registry
``evalkit/reproductions/graph_metrics/claims.toml`` (registry key ``gm``). The chapters of
the ``graph-metrics`` part pass these to :func:`evalkit.claims.record` (numbers) and
:func:`evalkit.claims.conclude` (qualitative claims, with the sentences of
:data:`SENTENCES`). The source's values are never typed here: the inputs are the
source's data (its confusion matrices, tables and example counts), the outputs are ours.

Examples
--------
>>> from evalkit.reproductions.graph_metrics import claims as gmc
>>> ours = gmc.binary_claims()
>>> round(ours["gm.r-2x2.g-mean"], 4), ours["gm.sec1-2-2.tpr-words"]
(0.5164, False)
"""
from __future__ import annotations

import numpy as np

from ... import clustering as cl
from ... import curves, metrics, stats
from ..._checks import Instance, Integer, Values, checks

__all__ = [
    "FIGURE_1_2_VERTICES",
    "FIGURE_1_4",
    "SENTENCES",
    "TABLE_1_1",
    "binary_claims",
    "notes_error_claims",
    "claims_frame",
    "clustering_claims",
    "cost_claims",
    "multilevel_claims",
    "pair_interval_coverage",
    "significance_claims",
    "split",
]

#: Figure 1.2.1: the actual and the predicted class of the 8 vertices.
FIGURE_1_2_VERTICES = {"actual": list("+++++---"), "predicted": list("++++-++-")}
#: Figure 1.4: the 3 x 3 example (rows actual, columns predicted).
FIGURE_1_4 = np.array([[2, 1, 1], [1, 2, 1], [1, 2, 3]])
#: Table 1.1: actual class and the predictions of M1 and M2 (exercises 1, 2 and 4).
TABLE_1_1 = {"actual": list("+--+++-+"), "M1": list("+-++-+++"), "M2": list("++-+--++")}
#: Figure 1.16: the cost matrix and the confusion matrix of M_y (M_x is Figure 1.2's).
COST_1_16 = np.array([[-20, 100], [45, -10]])
M_Y = np.array([[3, 2], [2, 1]])
#: Table 1.2: the cost matrix of exercise 2.
COST_1_2 = np.array([[0, 0], [-145, 120]])


def _example_record():
    from ... import claims

    return claims.judge("gm.fig1-2.accuracy", 0.5)


def _figure_1_2():
    return metrics.confusion_matrix(FIGURE_1_2_VERTICES["actual"], FIGURE_1_2_VERTICES["predicted"],
                                    labels=["+", "-"])


def _chance_matrix(cm):
    """The matrix of independent actual and predicted classes with ``cm``'s marginals."""
    m = np.asarray(cm, dtype=float)
    return np.outer(m.sum(axis=1), m.sum(axis=0)) / m.sum()


def scotts_chance(cm):
    r"""Scott's chance agreement :math:`e(\pi) = \sum_k ((r_k + c_k) / 2T)^2` (1.20, 1.21)."""
    m = np.asarray(cm, dtype=float)
    return float(np.sum(((m.sum(axis=1) + m.sum(axis=0)) / (2 * m.sum())) ** 2))


def kappa_chance(cm):
    r"""Cohen's chance agreement :math:`e(\kappa) = \sum_k r_k c_k / T^2` (1.22)."""
    m = np.asarray(cm, dtype=float)
    return float(np.sum(m.sum(axis=1) * m.sum(axis=0)) / m.sum() ** 2)


@checks(n_random=Integer(1))
def binary_claims(*, seed=20260401, n_random=100_000):
    """Section 1.2.2 (Figure 1.2, its R output, the G-mean example), ROC space and the notes.

    Parameters
    ----------
    seed : int
        Seed of the simulated random models of Section 1.2.4.1.
    n_random : int
        Points classified by each simulated random model.

    Returns
    -------
    dict
        ``{claim id: our value}``; booleans for the qualitative claims.

    Examples
    --------
    >>> ours = binary_claims(seed=1, n_random=1000)
    >>> round(ours["gm.fig1-2.accuracy"], 3), round(ours["gm.sec1-2-4.random-50.fpr"], 4)
    (0.625, 0.5036)
    """
    M = _figure_1_2()
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
    grid = np.linspace(0.01, 1, 100)
    P, R = np.meshgrid(grid, grid)
    F = 2 * P * R / (P + R)
    ours["gm.sec1-2-2.f-close-to-1"] = bool(np.minimum(P, R)[F >= 0.95].min() >= 0.9)
    base = np.full(9, 0.8)
    moves = {name: [abs(mean(np.r_[base, outlier]) - mean(base)) for outlier in (0.01, 100.0)]
             for name, mean in (("harmonic", lambda x: x.size / np.sum(1 / x)), ("arithmetic", np.mean))}
    ours["gm.sec1-2-2.harmonic-not-outliers"] = bool(
        all(h < a for h, a in zip(moves["harmonic"], moves["arithmetic"])))
    all_positive = np.array([[95, 0], [5, 0]])
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
    scores = np.where(y, -1.0, 1.0) + rng.normal(0, 1, y.size)   # a model that ranks backwards
    auc = curves.roc_auc(y, scores)
    # the recommendation holds if a model with AUC below 0.5 carries no usable information
    ours["gm.sec1-2-4.auc-below-half"] = bool(not (auc < 0.5 and curves.roc_auc(y, -scores) > 0.5))
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
    prob = np.array([0.9, 0.8, 0.7, 0.6, 0.4, 0.7, 0.6, 0.2])
    ours["gm.notes.brier-squared"] = bool(
        np.isclose(metrics.brier_score(y_true, prob), np.mean(np.abs(prob - y_true) ** 2)))
    ours.update(notes_error_claims())
    return ours


@checks()
def notes_error_claims():
    """The notes' MAE variants and the Gandin-Murphy score, on Figure 1.4 (its diagonal against the row totals).

    Returns
    -------
    dict
        ``{claim id: bool}`` for ``gm.notes.median-absolute-error``,
        ``gm.notes.mean-percentage-error``, ``gm.notes.mape`` and ``gm.notes.gandin-murphy``.

    Examples
    --------
    >>> notes_error_claims()["gm.notes.gandin-murphy"]
    True
    """
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


@checks()
def multilevel_claims():
    """Section 1.2.3: Figure 1.4 (text and R output), the chance-corrected agreements of Figure 1.2.

    Returns
    -------
    dict
        ``{claim id: our value}``; booleans for the qualitative claims.

    Examples
    --------
    >>> round(multilevel_claims()["gm.fig1-4.kappa"], 4)
    0.2462
    """
    F = FIGURE_1_4
    M = _figure_1_2()
    ours = {"gm.fig1-4.total": int(F.sum())}
    for k in range(3):
        ours[f"gm.fig1-4.actual-sum.class{k + 1}"] = int(F[k].sum())
        ours[f"gm.fig1-4.predicted-sum.class{k + 1}"] = int(F[:, k].sum())
        ours[f"gm.fig1-7.expected-diagonal.class{k + 1}"] = int(np.diag(F.sum(axis=1))[k, k])   # Figure 1.6-1.7: perfect classification
    csi, hr, bias, gss = (metrics.critical_success_index(F), metrics.hit_rate(F), metrics.bias(F),
                          metrics.gilbert_skill_score(F))
    ours.update({
        "gm.fig1-4.csi-class1": csi[0], "gm.fig1-4.hit-rate-class1": hr[0], "gm.fig1-4.bias-class2": bias[1],
        "gm.fig1-4.bias-under-predicting": bool(bias[1] > 1),     # the source's own reading of phi > 1
        "gm.fig1-4.mae": metrics.diagonal_mae(F),                  # equation 1.15 as printed
        "gm.fig1-4.gss-class1": gss[0],
        "gm.fig1-2.e-pi": scotts_chance(M), "gm.fig1-2.pi": metrics.scotts_pi(M),
        "gm.fig1-2.e-kappa": kappa_chance(M), "gm.fig1-2.kappa": metrics.cohens_kappa(M),
        "gm.fig1-4.kappa": metrics.cohens_kappa(F),
        "gm.fig1-2.alpha": metrics.alpha_reliability(M, definition="source"),
    })
    perfect = np.diag(F.sum(axis=1))
    ours["gm.sec1-2-3.kappa-scale"] = bool(
        np.isclose(metrics.cohens_kappa(perfect), 1) and np.isclose(metrics.cohens_kappa(_chance_matrix(F)), 0))
    ours["gm.sec1-2-3.alpha-zero-random"] = bool(
        np.isclose(metrics.alpha_reliability(_chance_matrix(F), definition="source"), 0))
    beta = (M.sum(axis=1) + M.sum(axis=0)) / (2 * M.sum())
    ours["gm.fig1-2.beta1"] = float(beta[0])
    ours["gm.fig1-2.e-gamma"] = metrics.gwet_chance_agreement(M)
    ours["gm.eq1-35.beta-sum"] = bool(np.isclose(beta.sum(), 1)
                                      and np.isclose(metrics.gwet_chance_agreement(M), 2 * beta[0] * (1 - beta[0])))
    b = np.linspace(0, 1, 1001)
    ours["gm.sec1-2-3.gwet-max-half"] = bool(np.max(2 * b * (1 - b)) <= 0.5 + 1e-12)
    for k in range(3):
        ours[f"gm.r-multilevel.csi.class{k + 1}"] = csi[k]
        ours[f"gm.r-multilevel.hit-rate.class{k + 1}"] = hr[k]
        ours[f"gm.r-multilevel.bias.class{k + 1}"] = bias[k]
        ours[f"gm.r-multilevel.gss.class{k + 1}"] = gss[k]
    ours.update({
        "gm.r-multilevel.mae": metrics.diagonal_mae(F, denominator="total"),
        "gm.r-multilevel.pi": metrics.scotts_pi(F),
        "gm.r-multilevel.kappa": metrics.cohens_kappa(F),
        "gm.r-multilevel.alpha": metrics.alpha_reliability(F, definition="source"),
    })
    return ours


@checks()
def cost_claims():
    """Sections 1.2.5 and 1.6 (cross-validation, cost, error rates) and exercises 1, 2, 4, 7.

    Returns
    -------
    dict
        ``{claim id: our value}``; booleans for the qualitative claims.

    Examples
    --------
    >>> float(cost_claims()["gm.fig1-16.cost-mx"])
    100.0
    """
    from scipy.stats import norm
    from sklearn.model_selection import KFold, LeaveOneOut

    Mx = _figure_1_2()
    cost_x, cost_y = metrics.total_cost(Mx, COST_1_16), metrics.total_cost(M_Y, COST_1_16)
    ours = {"gm.fig1-16.cost-mx": cost_x, "gm.fig1-16.cost-my": cost_y, "gm.fig1-16.mx-better": bool(cost_x < cost_y),
            "gm.r-cost.mx": cost_x, "gm.r-cost.my": cost_y}
    diff = stats.error_difference_interval(0.7, 1000, 0.5, 5, confidence_level=0.95)
    ours.update({
        "gm.sec1-6-2.diff": abs(diff.difference), "gm.sec1-6-2.variance": diff.std_error ** 2,
        "gm.sec1-6-2.z": float(norm.ppf(0.975)), "gm.sec1-6-2.half-width": diff.high - diff.difference,
        "gm.sec1-6-2.not-significant": bool(diff.low < 0 < diff.high),
    })
    X = np.zeros((8, 1))
    ours["gm.sec1-2-5.loo-1-fold"] = bool(LeaveOneOut().get_n_splits(X) == 1)
    tested = np.concatenate([test for _, test in KFold(4).split(X)])
    ours["gm.sec1-2-5.kfold-every-fold-tested"] = bool(np.array_equal(np.sort(tested), np.arange(8)))
    cm1 = metrics.confusion_matrix(TABLE_1_1["actual"], TABLE_1_1["M1"], labels=["+", "-"])
    cm2 = metrics.confusion_matrix(TABLE_1_1["actual"], TABLE_1_1["M2"], labels=["+", "-"])
    basic = [[f(cm) for f in (metrics.accuracy, metrics.error_rate, metrics.true_positive_rate,
                              metrics.true_negative_rate, metrics.precision)] for cm in (cm1, cm2)]
    ours["gm.ex1.answerable"] = bool(np.isfinite(basic).all())
    c1, c2 = metrics.total_cost(cm1, COST_1_2), metrics.total_cost(cm2, COST_1_2)
    ours["gm.ex2.answerable"] = bool((c1 < c2) != (metrics.accuracy(cm1) > metrics.accuracy(cm2)))
    ex4 = stats.error_difference_interval(metrics.error_rate(cm1), 8, metrics.error_rate(cm2), 8,
                                          confidence_level=0.989)
    ours["gm.ex4.answerable"] = bool(np.isfinite([ex4.low, ex4.high]).all())
    q = [np.prod([metrics.true_positive_rate(cm), metrics.true_negative_rate(cm), metrics.precision(cm),
                  metrics.precision(cm, positive=False)]) ** 0.25 for cm in (cm1, cm2)]
    ours["gm.ex7.answerable"] = bool(all(0 <= v <= 1 for v in q))
    return ours


@checks()
def clustering_claims():
    """Section 1.3: Figures 1.11, 1.13, 1.14 (text and R output) and the stated ranges.

    Returns
    -------
    dict
        ``{claim id: our value}``; booleans for the qualitative claims.

    Examples
    --------
    >>> round(clustering_claims()["gm.fig1-11.rand"], 4)
    0.75
    """
    table = np.array([[9, 4], [3, 12]])    # Figure 1.11
    mm = np.array([[2, 0, 1], [0, 2, 1]])  # Figure 1.13
    ours = {"gm.fig1-11.rand": cl.rand_statistic(table), "gm.fig1-11.jaccard": cl.jaccard_coefficient(table),
            "gm.r-contingency.rand": cl.rand_statistic(table), "gm.r-contingency.jaccard": cl.jaccard_coefficient(table)}
    entropy, purity = cl.cluster_entropy(mm), cl.cluster_purity(mm)
    for k in range(3):
        for prefix in ("gm.fig1-13", "gm.r-matching"):
            ours[f"{prefix}.entropy.cluster{k + 1}"] = float(entropy[k])
            ours[f"{prefix}.purity.cluster{k + 1}"] = float(purity[k])
    for k, size in enumerate(mm.sum(axis=0)):
        ours[f"gm.fig1-13.size.cluster{k + 1}"] = int(size)
    ours["gm.fig1-13.total"] = int(mm.sum())
    for prefix in ("gm.fig1-13", "gm.r-matching"):
        ours[f"{prefix}.total-entropy"] = cl.total_entropy(mm)
        ours[f"{prefix}.total-purity"] = cl.total_purity(mm)
    three_classes = np.array([[1], [1], [1]])
    ours["gm.sec1-3-1.entropy-range"] = bool(cl.cluster_entropy(three_classes)[0] <= 1)
    rng = np.random.default_rng(0)
    random_mm = rng.integers(0, 5, size=(3, 50)) + np.eye(3, 50, dtype=int)
    pur = cl.cluster_purity(random_mm)
    ours["gm.sec1-3-1.purity-range"] = bool(((pur >= 1 / 3 - 1e-12) & (pur <= 1)).all()
                                            and np.isclose(cl.cluster_purity(three_classes)[0], 1 / 3))
    X = np.array([[1, 1, 0], [1, 1, 0], [0, 0, 1]])
    Y = np.array([[1, 0, 1], [0, 1, 0], [1, 0, 1]])
    ours["gm.fig1-14.ideal-observed"] = bool(np.array_equal(cl.co_membership_matrix([1, 1, 2]), X)
                                             and np.array_equal(cl.co_membership_matrix([1, 2, 1]), Y))
    labels = rng.integers(0, 3, 30)
    noisy = np.where(rng.random(30) < 0.3, rng.integers(0, 3, 30), labels)
    r_self = cl.mantel_test(labels, labels, permutations=0).statistic
    r_noisy = cl.mantel_test(labels, noisy, permutations=0).statistic
    ours["gm.eq1-43.mantel-range"] = bool(np.isclose(r_self, 1) and -1 <= r_noisy <= 1)
    two = np.array([0, 0, 1, 1])
    ones = np.ones((4, 4))
    ours["gm.eq1-46.separation-range"] = bool(0 <= cl.cohesion(ones, two) <= 1 and 2 * cl.separation(ones, two) <= 1)
    pts = rng.normal(size=(30, 2)) + np.repeat(np.array([[0, 0], [4, 0], [0, 4]]), 10, axis=0)
    groups = np.repeat(np.arange(3), 10)
    from scipy.spatial.distance import pdist

    d = pdist(pts)
    shuffled = rng.permutation(groups)
    ours["gm.eq1-50.c-index-range"] = bool(all(0 <= cl.c_index(d, g) <= 1 for g in (groups, shuffled)))
    ours["gm.eq1-49.dunn-range"] = bool(all(0 <= cl.dunn_index(d, g) < np.inf for g in (groups, shuffled)))
    ours["gm.eq1-47.silhouette-range"] = bool(all(-1 <= cl.silhouette(d, g, definition=defn) <= 1
                                                  for g in (groups, shuffled) for defn in ("rousseeuw", "source")))
    return ours


@checks(n_population=Integer(2), n_sample=Integer(2), n_draws=Integer(1))
def pair_interval_coverage(*, n_population=5000, n_sample=40, n_draws=400, seed=20260604):
    """Coverage of the 95% binomial interval of Section 1.5.2 applied to misgrouped pairs.

    A population of points in 4 classes is clustered with 30% of the points put in a
    random cluster; the true pair error is the population's share of misgrouped pairs.
    Each draw samples ``n_sample`` points, computes the share of their pairs that are
    misgrouped and the interval (1.54) with :math:`|S|` = the number of pairs.

    Parameters
    ----------
    n_population : int, default 5000
        Points of the population.
    n_sample : int, default 40
        Points per draw.
    n_draws : int, default 400
        Samples drawn.
    seed : int, default 20260604
        Seed of the population and of the draws.

    Returns
    -------
    float
        The share of the draws whose interval contains the true pair error.

    Examples
    --------
    >>> pair_interval_coverage(n_draws=50, seed=1)
    0.46
    """
    rng = np.random.default_rng(seed)
    classes = rng.integers(0, 4, n_population)
    clusters = np.where(rng.random(n_population) < 0.3, rng.integers(0, 4, n_population), classes)

    def pair_error(a, b):
        t = cl.pair_confusion(a, b)
        return (t[0, 1] + t[1, 0]) / t.sum()

    true = pair_error(classes, clusters)
    n_pairs = n_sample * (n_sample - 1) // 2
    hits = 0
    for _ in range(n_draws):
        s = rng.choice(n_population, n_sample, replace=False)
        e = pair_error(classes[s], clusters[s])
        ci = stats.error_confidence_interval(round(e * n_pairs), n_pairs)
        hits += bool(ci.low <= true <= ci.high)
    return float(hits / n_draws)


@checks()
def significance_claims():
    """Sections 1.5 and 1.9: the Monte Carlo p-value, the confidence interval, enrichment.

    Returns
    -------
    dict
        ``{claim id: our value}``; booleans for the qualitative claims.

    Examples
    --------
    >>> round(significance_claims()["gm.sec1-5-1.pvalue"], 4)
    0.011
    """
    from scipy.stats import norm

    null = np.r_[np.full(10, 0.9), np.full(990, 0.1)]   # R = 10 of J = 1,000 at or above 0.85
    p = stats.monte_carlo_pvalue(0.85, null)
    ci = stats.error_confidence_interval(100 - 50, 100)
    tail = stats.enrichment_pvalue(5, 20, 10, 10)
    return {
        "gm.sec1-5-1.pvalue": p, "gm.sec1-5-1.significant": bool(p <= 0.05),
        "gm.sec1-5-2.error-rate": ci.error, "gm.sec1-5-2.z": float(norm.ppf(0.975)),
        "gm.sec1-5-2.std-error": float(np.sqrt(ci.error * (1 - ci.error) / 100)),
        "gm.sec1-5-2.half-width": float(ci.high - ci.error),
        "gm.sec1-5-2.pairs-extension": bool(pair_interval_coverage() >= 0.9),
        "gm.sec1-9.point-probability": stats.enrichment_pvalue(5, 20, 10, 10, kind="point"),
        "gm.sec1-9.pvalue": tail, "gm.sec1-9.not-enriched": bool(tail > 0.05),
    }


@checks(records=Values(Instance("Record", example=_example_record)), digits=Integer(1, 17))
def claims_frame(records, *, digits=7):
    """:func:`evalkit.claims.table` to ``digits`` significant digits (the definitions'
    values are compared with the paper's to more digits than the other chapters show).

    Parameters
    ----------
    records : sequence of Record
        Judged claims (:func:`evalkit.claims.judge` or :func:`evalkit.claims.record`).
    digits : int, default 7
        Significant digits of the numbers shown.

    Returns
    -------
    pandas.DataFrame
        The table, ``evalkit`` and ``difference`` as text.

    Examples
    --------
    >>> from evalkit import claims
    >>> claims_frame([claims.judge("gm.fig1-2.accuracy", 0.625)])["evalkit"].tolist()
    ['0.625']
    """
    from ... import claims

    return claims.table(records, digits=digits)


@checks(ours=Instance(dict, example=lambda: {"gm.fig1-2.accuracy": 0.5, "gm.fig1-11.rand": True}))
def split(ours):
    """``(numbers, predicates)``: the numeric and the boolean entries of a ``{claim id: value}`` dict.

    Parameters
    ----------
    ours : dict
        ``{claim id: our value}``.

    Returns
    -------
    numbers, predicates : dict
        The numeric entries, and the boolean ones (as bool).

    Examples
    --------
    >>> split({"gm.fig1-2.accuracy": 0.625, "gm.fig1-1.orientation": True})
    ({'gm.fig1-2.accuracy': 0.625}, {'gm.fig1-1.orientation': True})
    """
    numbers = {k: v for k, v in ours.items() if not isinstance(v, (bool, np.bool_))}
    return numbers, {k: bool(v) for k, v in ours.items() if isinstance(v, (bool, np.bool_))}


#: The sentences that state our conclusion on each qualitative claim computed here:
#: ``{claim id: (if the predicate holds, if it fails)}``.
SENTENCES = {
    "gm.fig1-1.orientation": ("evalkit's confusion matrices have the source's orientation (actual in rows, predicted in columns).",
                              "evalkit's confusion matrices are transposed with respect to the source's."),
    "gm.sec1-2-2.tpr-words": ("The verbal definition of the true positive rate matches formula (1.3).",
                              "Read literally, the verbal definition of the true positive rate is the precision, not formula (1.3)."),
    "gm.sec1-2-2.tnr-words": ("The verbal definition of the true negative rate matches formula (1.4).",
                              "Read literally, the verbal definition of the true negative rate is the negative predictive value P−, not formula (1.4)."),
    "gm.sec1-2-2.fpr-words": ("The verbal definition of the false positive rate matches formula (1.5).",
                              "The verbal definition of the false positive rate does not describe formula (1.5)."),
    "gm.sec1-2-2.fnr-words": ("The verbal definition of the false negative rate matches formula (1.6).",
                              "The verbal definition of the false negative rate does not describe formula (1.6)."),
    "gm.sec1-2-2.precision-specificity": ("Precision equals the specificity on the example.",
                                          "Precision is not specificity: on the example P+ and the true negative rate differ."),
    "gm.sec1-2-2.f-close-to-1": ("The F-measure reaches 0.95 only when both precision and recall are at least 0.9.",
                                 "The F-measure can be close to 1 with precision or recall far from 1."),
    "gm.sec1-2-2.harmonic-not-outliers": ("The harmonic mean moves less than the arithmetic mean for both a very small and a very large outlier.",
                                          "The harmonic mean resists a large outlier but is dragged down by a small one far more than the arithmetic mean: 'not affected by outliers' holds only for large values."),
    "gm.gmean-example.less-prone": ("On the all-positive model accuracy is high while the G-mean is 0, as the source says.",
                                    "The all-positive example does not separate accuracy and the G-mean."),
    "gm.sec1-2-4.negation": ("Negating a model reflects its ROC point through the centre, as the source says.",
                             "Negation does not act on the ROC point as the source says."),
    "gm.sec1-2-4.perfect-point": ("The corners of ROC space are where the source puts them.",
                                  "The corners of ROC space are not where the source puts them."),
    "gm.sec1-2-4.auc-below-half": ("A model with AUC below 0.5 is useless.",
                                   "A model with AUC below 0.5 is not useless: its negated scores have AUC above 0.5."),
    "gm.notes.fbeta-to-precision": ("F-beta tends to the precision as beta goes to 0.", "F-beta does not tend to the precision."),
    "gm.notes.fbeta-to-recall": ("F-beta tends to the recall as beta grows without bound.", "F-beta does not tend to the recall."),
    "gm.notes.f1-equal-weights": ("F1 is the chapter's F-measure.", "F1 is not the chapter's F-measure."),
    "gm.notes.peirce-vs-heidke": ("On Figure 1.4 Peirce's and Heidke's scores share their numerator and differ in the denominator's chance term.",
                                  "Peirce's and Heidke's scores differ in more than the denominator's chance term."),
    "gm.notes.odds-ratio": ("The odds ratio (TP x TN)/(FP x FN) is the odds of a hit among the positives over the odds of a false alarm among the negatives.",
                            "The odds ratio is not that ratio of odds."),
    "gm.notes.median-absolute-error": (
        "Multiplying the largest of Figure 1.4's per-class errors by ten leaves the median absolute error unchanged "
        "and moves the mean: the median resists outliers.",
        "The median absolute error does not resist an outlying error here."),
    "gm.notes.mean-percentage-error": (
        "On Figure 1.4 the mean percentage error of the diagonal is 100 times one minus the mean per-class hit rate: "
        "each class's error-rate percentage, averaged over the classes, as the notes say.",
        "The mean percentage error is not the average of the per-class error-rate percentages."),
    "gm.notes.mape": (
        "On the diagonal all errors have one sign and MAPE equals MPE; on the predicted against the actual class "
        "counts, signed errors cancel in the MPE and only the absolute version measures their size.",
        "The mean absolute percentage error is not the MPE with absolute per-class errors."),
    "gm.notes.gandin-murphy": (
        "For Figure 1.4's classes the Gandin-Murphy weights differ from cell to cell, a mistake two classes off "
        "costing more than one class off; constant and chance predictions score 0 and perfect ones 1.",
        "The Gandin-Murphy score does not weight the cells differently, or is not equitable."),
    "gm.notes.brier-squared": ("The Brier score is the mean of the squared differences.", "The Brier score is not the mean squared difference."),
    "gm.fig1-4.bias-under-predicting": ("The bias of Class 2 is above 1: under-prediction, as the text says.",
                                        "The bias of Class 2 is below 1, which by the text's own definition is over-prediction, not under-prediction."),
    "gm.sec1-2-3.kappa-scale": ("Cohen's kappa is 1 for a perfect matrix and 0 for independent actual and predicted classes.",
                                "Cohen's kappa does not have the stated scale."),
    "gm.sec1-2-3.alpha-zero-random": ("The source's alpha is 0 for independent actual and predicted classes.",
                                      "The source's alpha is not 0 for independent actual and predicted classes: it is no chance-corrected coefficient."),
    "gm.eq1-35.beta-sum": ("beta_1 + beta_2 = 1 and (1.35) equals (1.32).", "(1.35) does not follow from (1.32)."),
    "gm.sec1-2-3.gwet-max-half": ("Gwet's two-class chance agreement never exceeds 0.5.", "Gwet's chance agreement can exceed 0.5."),
    "gm.fig1-16.mx-better": ("M_x costs less than M_y.", "M_x does not cost less than M_y."),
    "gm.sec1-6-2.not-significant": ("The interval contains 0: the difference is not significant.", "The interval excludes 0."),
    "gm.sec1-2-5.loo-1-fold": ("Leave-one-out is 1-fold validation.",
                               "Leave-one-out is not 1-fold validation: it has one fold per example (k = n)."),
    "gm.sec1-2-5.kfold-every-fold-tested": ("Every example is tested exactly once by k-fold validation.",
                                            "k-fold validation does not test every example once."),
    "gm.ex1.answerable": ("Every basic metric is defined for both models of Table 1.1.", "Some basic metric is undefined for Table 1.1."),
    "gm.ex2.answerable": ("The cost comparison and the accuracy comparison of Table 1.1 disagree.",
                          "The cost comparison and the accuracy comparison of Table 1.1 agree."),
    "gm.ex4.answerable": ("The interval of Section 1.6.2 can be computed at 98.9%.", "The interval cannot be computed."),
    "gm.ex7.answerable": ("The combined measure Q lies in [0, 1] for both models.", "The combined measure is not bounded."),
    "gm.sec1-3-1.entropy-range": ("A cluster's entropy never exceeds 1.",
                                  "A cluster's entropy can exceed 1: an even split over three classes has entropy log2(3)."),
    "gm.sec1-3-1.purity-range": ("Purity lies between 1/V and 1.", "Purity leaves the range [1/V, 1]."),
    "gm.fig1-14.ideal-observed": ("Figure 1.14's matrices are the co-membership matrices of the classes (1, 1, 2) and the clusters (1, 2, 1).",
                                  "Figure 1.14's matrices are not co-membership matrices."),
    "gm.eq1-43.mantel-range": ("The Mantel statistic is 1 for identical matrices and stays in [-1, 1].", "The Mantel statistic leaves [-1, 1]."),
    "gm.eq1-46.separation-range": ("Cohesion and separation as printed stay in [0, 1].",
                                   "Separation as printed in (1.46) reaches 2 for proximities in [0, 1]: the factor 2 double counts."),
    "gm.eq1-50.c-index-range": ("The C-index stays in [0, 1].", "The C-index leaves [0, 1]."),
    "gm.eq1-49.dunn-range": ("The Dunn index is non-negative and finite.", "The Dunn index leaves [0, infinity)."),
    "gm.eq1-47.silhouette-range": ("Both silhouettes stay in [-1, 1].", "A silhouette leaves [-1, 1]."),
    "gm.sec1-5-1.significant": ("The p-value is below 0.05: the cluster's score is significant.", "The p-value is above 0.05."),
    "gm.sec1-5-2.pairs-extension": ("The binomial interval over pairs covers the true pair error at about its level.",
                                    "The binomial interval over pairs covers the true pair error far less often than 95%: pairs sharing points are not independent trials."),
    "gm.sec1-9.not-enriched": ("The term does not significantly enrich the cluster (the upper-tail p-value exceeds 0.05).",
                               "The term enriches the cluster."),
}
