"""The performance-measures page (``chapters/scott/performance-measures.md``): confusion
matrices, ROC and precision-recall curves, their areas and their uncertainty.

The lecture's examples (its imbalanced test set, its ten scored examples) are in
:mod:`~evalkit.reproductions.scott.source`. Its figures of single-point classifiers are
lost from the source text, so the experiments apply the lecture's methods to the Pima
diabetes data with scikit-learn's learners (stand-ins: a linear SVM, an entropy-split tree
for ID3, Gaussian naive Bayes) and to Cora for the multi-class AUC.

Experiments: ``scott-roc-analysis`` (:func:`roc_analysis`), ``scott-auc-interval-coverage``
(:func:`auc_interval_coverage`), ``scott-cora-multiclass-auc`` (:func:`cora_multiclass_auc`);
the imbalanced example's confusion matrices (:func:`imbalanced_confusion_matrices`) and the
operating conditions of the iso-performance section (:data:`ISO_SCENARIOS`); :func:`ours`
turns the page's results into the values of its claims (``scott.imbalanced.*``,
``scott.roc.*``, ``scott.auc.*``, ``scott.pr.*``).
"""
from __future__ import annotations

import numpy as np

from ... import curves, metrics
from ..._checks import Choice, Instance, Integer, Jobs, Real, Seed, Values, checks
from ..._parallel import parallel_map
from .._common import APPROXIMATELY_95, int_seed
from .._experiment import experiment
from .setups import load_diabetes
from .source import IMBALANCED_EXAMPLE, ROC_EXAMPLES

__all__ = [
    "APPROXIMATELY_95",
    "ISO_SCENARIOS",
    "auc_interval_coverage",
    "cora_multiclass_auc",
    "hull_mixing",
    "imbalanced_confusion_matrices",
    "ours",
    "roc_analysis",
    "roc_learners",
]

#: the operating conditions of the iso-performance section: class sizes (or shares) and costs,
#: the keywords of :func:`evalkit.curves.roc_optimal_point`
ISO_SCENARIOS = {
    "equal costs, balanced (the example)": dict(n_positive=5, n_negative=5),
    "negatives 10x more common": dict(n_positive=1, n_negative=10),
    "positives 10x more common": dict(n_positive=10, n_negative=1),
    "negatives 10x more common, a missed positive costs 20x": dict(n_positive=1, n_negative=10, cost_fn=20),
}


@checks()
def imbalanced_confusion_matrices():
    """Confusion matrices ``[[tp, fn], [fp, tn]]`` of the lecture's imbalanced example's hypotheses.

    Returns
    -------
    dict of str -> ndarray of int, shape (2, 2)
        Hypothesis -> its confusion matrix (:data:`~evalkit.reproductions.scott.source.IMBALANCED_EXAMPLE`).

    Examples
    --------
    >>> imbalanced_confusion_matrices()["h1"].tolist()
    [[2, 18], [15, 965]]
    """
    p, n = IMBALANCED_EXAMPLE["n_positive"], IMBALANCED_EXAMPLE["n_negative"]
    return {name: np.array([[tp, p - tp], [n - tn, tn]])
            for name, (tp, tn) in IMBALANCED_EXAMPLE["hypotheses"].items()}


@checks()
def roc_learners(seed=0):
    """The stand-ins for the lecture's classifiers: a scored SVM, and ID3 and naive Bayes as single points.

    Parameters
    ----------
    seed : int
        Seed of the tree.

    Returns
    -------
    dict of str -> estimator
        Unfitted scikit-learn classifiers by name.

    Examples
    --------
    >>> sorted(roc_learners(seed=0))
    ['ID3 (entropy tree)', 'SVM', 'naive Bayes']
    """
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import LinearSVC
    from sklearn.tree import DecisionTreeClassifier

    seed = int_seed(seed)
    return {
        "SVM": make_pipeline(StandardScaler(), LinearSVC(C=1.0, random_state=seed)),
        "ID3 (entropy tree)": DecisionTreeClassifier(criterion="entropy", random_state=seed),
        "naive Bayes": GaussianNB(),
    }


def _beats_hull(fpr_point, tpr_point, fpr, tpr, slopes):
    """For each iso-performance slope, whether the single point beats every point of the curve."""
    best_curve = np.max(tpr[None, :] - slopes[:, None] * fpr[None, :], axis=1)
    return tpr_point - slopes * fpr_point > best_curve + 1e-12


@checks(scale=Choice("book", "paper"), test_size=Real(0, 1, closed="neither", none=True),
        tree_depth=Integer(1, none=True))
@experiment(
    "scott-roc-analysis",
    scales={"book": {"test_size": 1 / 3, "tree_depth": 4}, "paper": {"test_size": 1 / 3, "tree_depth": 4}},
    paper_cost="~1 s on 1 core",
    rows=lambda result: result["points"].reset_index().to_dict("records"),
    uses={"data": "pima-for-lost-figure",
          "learners": {"SVM": "sklearn-linear-svm", "ID3": "sklearn-entropy-tree-for-id3", "NB": "sklearn-gaussian-nb",
                       "tree": "sklearn-depth4-tree"}},
)
def roc_analysis(*, test_size: float = 1 / 3, tree_depth: int = 4, seed: int = 0):
    """ROC analysis on the Pima diabetes data: a scored SVM against two single-point classifiers.

    Parameters
    ----------
    test_size : float
        Share of the examples held out (stratified).
    tree_depth : int
        Depth of the tree whose leaves are re-labelled.
    seed : int
        Seed of the split and the learners.

    Returns
    -------
    dict
        ``y_test``; ``scores`` (the SVM's decision values, naive Bayes' probabilities, the
        shallow tree's leaf frequencies, each on the test set); ``points`` (DataFrame: FPR
        and TPR of the single-point classifiers and of the default-labelled shallow tree);
        ``slopes`` and ``beats`` (for each single-point classifier, whether it beats the
        SVM's curve at each iso-performance slope :math:`|N|/|P|` of a log grid).


    Examples
    --------
    >>> res = roc_analysis(seed=0)
    >>> round(float(res["points"].loc["naive Bayes", "TPR"]), 3)
    0.618
    """
    import pandas as pd
    from sklearn.model_selection import train_test_split
    from sklearn.tree import DecisionTreeClassifier

    seed = int_seed(seed)
    X, y = load_diabetes()
    y = np.asarray(y) == 1                            # tested positive for diabetes
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=test_size, stratify=y, random_state=seed)
    learners = roc_learners(seed)
    for model in learners.values():
        model.fit(X_train, y_train)
    shallow = DecisionTreeClassifier(criterion="entropy", max_depth=tree_depth, random_state=seed).fit(X_train, y_train)
    scores = {
        "SVM": learners["SVM"].decision_function(X_test),
        "naive Bayes": learners["naive Bayes"].predict_proba(X_test)[:, 1],
        "shallow tree (leaf frequencies)": shallow.predict_proba(X_test)[:, 1],
    }
    rows = {}
    for name, predicted in (("ID3 (entropy tree)", learners["ID3 (entropy tree)"].predict(X_test)),
                            ("naive Bayes", learners["naive Bayes"].predict(X_test)),
                            ("shallow tree, majority labels", shallow.predict(X_test)),
                            ("SVM at threshold 0", scores["SVM"] >= 0)):
        cm = metrics.confusion_matrix(y_test, np.asarray(predicted, bool))
        rows[name] = {"FPR": metrics.false_positive_rate(cm), "TPR": metrics.true_positive_rate(cm)}
    points = pd.DataFrame(rows).T
    fpr, tpr, _ = curves.roc_curve(y_test, scores["SVM"])
    slopes = np.logspace(-2, 2, 801)
    beats = {name: _beats_hull(points.loc[name, "FPR"], points.loc[name, "TPR"], fpr, tpr, slopes)
             for name in ("ID3 (entropy tree)", "naive Bayes")}
    return {"y_test": y_test, "scores": scores, "points": points, "slopes": slopes, "beats": beats}


#: simulated test sets per unit of :func:`auc_interval_coverage` (a unit of the results store)
_AUC_BLOCK = 1000


def _auc_coverage_unit(n, auc, n_trials, seed, confidence_level):
    """One block of :func:`auc_interval_coverage`: the hits of each interval and the AUCs' central moments."""
    from scipy import special

    rng = np.random.default_rng(seed)
    shift = np.sqrt(2) * special.ndtri(auc)
    labels = np.r_[np.ones(n, bool), np.zeros(n, bool)]
    hits = {"DeLong": 0, "Hanley-McNeil": 0}
    estimates = np.empty(n_trials)
    for t in range(n_trials):
        score = np.r_[rng.normal(shift, 1, n), rng.normal(0, 1, n)]
        for label, method in (("DeLong", "delong"), ("Hanley-McNeil", "hanley-mcneil")):
            ci = curves.roc_auc_confidence_interval(labels, score, confidence_level=confidence_level, method=method)
            hits[label] += int(ci.low <= auc <= ci.high)
        estimates[t] = ci.auc
    centred = estimates - estimates.mean()
    return {"hits": hits, "n": n_trials, "mean": float(estimates.mean()),
            "m2": float(np.sum(centred ** 2)), "m3": float(np.sum(centred ** 3))}


def _pooled_moments(units):
    """Count, mean and central sums of squares and cubes of the blocks pooled in order (Pébay, 2008)."""
    n, mean, m2, m3 = 0, 0.0, 0.0, 0.0
    for u in units:
        nb = u["n"]
        total = n + nb
        delta = u["mean"] - mean
        m3 += (u["m3"] + delta ** 3 * n * nb * (n - nb) / total ** 2
               + 3 * delta * (n * u["m2"] - nb * m2) / total)
        m2 += u["m2"] + delta ** 2 * n * nb / total
        mean += delta * nb / total
        n = total
    return n, mean, m2, m3


@checks(scale=Choice("book", "paper", "binder", "small"), sizes=Values(Integer(2)),
        aucs=Values(Real(0, 1, closed="neither")), n_trials=Integer(1, none=True), n_jobs=Jobs())
@experiment(
    "scott-auc-interval-coverage",
    scales={"book": {"n_trials": 20_000}, "paper": {"n_trials": 20_000}, "binder": {"n_trials": 1000},
            "small": {"n_trials": 100}},
    paper_cost="~4 min on 1 core (240 units of 1,000 test sets; the book reads the stored run); "
               "\"binder\" (1,000 test sets a point) ~15 s",
    rows=lambda result: result.to_dict("records"),
    stored=({"scale": "paper"},), data=(),
)
def auc_interval_coverage(*, sizes: tuple[int, ...] = (5, 11, 30, 100), aucs: tuple[float, ...] = (0.6, 0.75, 0.9),
                          n_trials: int = 20_000, confidence_level: float = 0.95, seed: int = 20261124,
                          n_jobs: int | None = None, progress: bool = False):
    r"""Coverage of the AUC's normal-approximation intervals by class size: are ten examples a class enough?

    Scores are binormal: negatives :math:`N(0, 1)`, positives :math:`N(d, 1)` with
    :math:`d = \sqrt2\,\Phi^{-1}(\mathrm{AUC})`, so the true AUC is known exactly.

    Parameters
    ----------
    sizes : tuple of int
        Class sizes :math:`|P| = |N|` simulated.
    aucs : tuple of float
        True AUCs simulated.
    n_trials : int
        Simulated test sets per size and AUC, in units of 1,000 (the last one shorter),
        each with its own seed spawned from ``seed``, point by point.
    confidence_level : float
        Nominal coverage.
    seed : int
        Seed of the units' seeds.
    n_jobs : int or None, default None
        Parallel jobs over the units (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The results
        do not depend on it.
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        One row per size, true AUC and method (DeLong, Hanley-McNeil): coverage, its
        Monte Carlo standard error, and the skewness of the simulated AUCs (pooled over
        the units: the biased estimate of :func:`scipy.stats.skew`).


    Examples
    --------
    >>> res = auc_interval_coverage(sizes=(5,), aucs=(0.75,), n_trials=20, seed=1)
    >>> res["coverage"].tolist()
    [0.95, 0.95]
    """
    import pandas as pd

    cells = [(n, a) for n in sizes for a in aucs]
    blocks = [len(b) for b in np.array_split(np.arange(n_trials), -(-n_trials // _AUC_BLOCK))]
    seeds = np.random.SeedSequence(seed).spawn(len(cells) * len(blocks))
    tasks = [(n, a, size, seeds[i * len(blocks) + j], confidence_level)
             for i, (n, a) in enumerate(cells) for j, size in enumerate(blocks)]
    units = parallel_map(_auc_coverage_unit, tasks, n_jobs=n_jobs, progress=progress, desc="AUC coverage units")
    rows = []
    for i, (n, auc) in enumerate(cells):
        part = units[i * len(blocks):(i + 1) * len(blocks)]
        count, _, m2, m3 = _pooled_moments(part)
        skewness = float(np.sqrt(count) * m3 / m2 ** 1.5) if m2 > 0 else float("nan")
        for label in ("DeLong", "Hanley-McNeil"):
            coverage = sum(u["hits"][label] for u in part) / n_trials
            rows.append({"|P| = |N|": n, "true AUC": auc, "method": label, "coverage": coverage,
                         "Monte Carlo s.e.": np.sqrt(coverage * (1 - coverage) / n_trials),
                         "skewness of the AUC": skewness})
    return pd.DataFrame(rows)


@checks(scale=Choice("book", "paper"), test_size=Real(0, 1, closed="neither", none=True))
@experiment(
    "scott-cora-multiclass-auc",
    scales={"book": {"test_size": 1 / 3}, "paper": {"test_size": 1 / 3}},
    paper_cost="~2 s on 1 core",
    rows=lambda result: result.reset_index().to_dict("records"),
    uses={"data": "cora-seven-topics", "learners": "sklearn-multinomial-nb"},
)
def cora_multiclass_auc(*, test_size: float = 1 / 3, seed: int = 0):
    """Multi-class AUC of a naive Bayes classifier of Cora's seven topics, by evalkit and scikit-learn.

    Parameters
    ----------
    test_size : float
        Share of the papers held out (stratified).
    seed : int
        Seed of the split.

    Returns
    -------
    pandas.DataFrame
        Index: the four reductions (one-vs-rest / one-vs-one, macro / weighted);
        columns ``evalkit`` and ``scikit-learn``.


    Examples
    --------
    >>> res = cora_multiclass_auc(seed=0)
    >>> round(float(res.loc["ovr, macro", "evalkit"]), 4)
    0.9486
    """
    import pandas as pd
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import MultinomialNB

    from ... import datasets

    cora = datasets.load_cora()
    X, y = cora.features, cora.labels
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=test_size, stratify=y,
                                                        random_state=int_seed(seed))
    prob = MultinomialNB().fit(X_train, y_train).predict_proba(X_test)
    rows = {}
    for scheme in ("ovr", "ovo"):
        for average in ("macro", "weighted"):
            rows[f"{scheme}, {average}"] = {
                "evalkit": curves.multiclass_roc_auc(y_test, prob, multi_class=scheme, average=average),
                "scikit-learn": roc_auc_score(y_test, prob, multi_class=scheme, average=average),
            }
    return pd.DataFrame(rows).T.rename_axis("reduction")


@checks(weights=Values(Real(0, 1, closed="neither")), n_draws=Integer(2), seed=Seed())
def hull_mixing(*, weights=(0.25, 0.5, 0.75), n_draws=10_000, seed=20260412):
    """"Can use as a classifier any part of the hull since can randomly select between two classifiers".

    On the lecture's ten examples (:data:`~evalkit.reproductions.scott.source.ROC_EXAMPLES`):
    for each segment of the convex hull of their ROC points, between the classifiers ``A`` and
    ``B`` at its ends (the score thresholds of its two vertices), a randomized classifier
    predicts with ``A`` with probability ``w`` and with ``B`` otherwise, a coin flip per
    example. Over ``n_draws`` draws of the flips its mean rates are compared with the point
    ``w A + (1 - w) B`` of the segment, in Monte Carlo standard errors. (By linearity of
    expectation this holds for any two classifiers, so it illustrates the slide rather than
    tests it: ``scott.roc.hull-mixing`` is not recorded.)

    Parameters
    ----------
    weights : tuple of float
        The probabilities ``w`` of using ``A``, each strictly between 0 and 1.
    n_draws : int
        Draws of the coin flips per segment and weight.
    seed : int

    Returns
    -------
    pandas.DataFrame
        Index (segment, ``w``); the segment's point (``target FPR``, ``target TPR``), the
        mean rates of the draws (``FPR``, ``TPR``), their standard errors and ``|z|``, the
        larger of the two distances in standard errors.

    Examples
    --------
    >>> res = hull_mixing(n_draws=2000, seed=1)
    >>> len(res) > 0, bool((res["|z|"] < 4).all())
    (True, True)
    """
    import pandas as pd

    is_pos = np.array([label == "+" for label in ROC_EXAMPLES["label"]])
    score = np.asarray(ROC_EXAMPLES["confidence"], dtype=float)
    fpr, tpr, thresholds = curves.roc_curve(is_pos, score)
    hull = curves.roc_convex_hull(fpr, tpr)
    rng = np.random.default_rng(int_seed(seed))
    rows = {}
    for a, b in zip(hull[:-1], hull[1:]):
        pred_a, pred_b = score >= thresholds[a], score >= thresholds[b]
        for w in weights:
            use_a = rng.random((n_draws, score.size)) < w            # a coin flip per example and draw
            pred = np.where(use_a, pred_a, pred_b)
            draw_tpr = pred[:, is_pos].mean(axis=1)
            draw_fpr = pred[:, ~is_pos].mean(axis=1)
            target = (w * fpr[a] + (1 - w) * fpr[b], w * tpr[a] + (1 - w) * tpr[b])
            se = (draw_fpr.std(ddof=1) / np.sqrt(n_draws), draw_tpr.std(ddof=1) / np.sqrt(n_draws))
            z = [abs(m - t) / e if e > 0 else (0.0 if m == t else np.inf)
                 for m, t, e in zip((draw_fpr.mean(), draw_tpr.mean()), target, se)]
            rows[(f"({fpr[a]:.1f}, {tpr[a]:.1f})-({fpr[b]:.1f}, {tpr[b]:.1f})", w)] = {
                "target FPR": target[0], "target TPR": target[1], "FPR": draw_fpr.mean(), "TPR": draw_tpr.mean(),
                "FPR s.e.": se[0], "TPR s.e.": se[1], "|z|": max(z)}
    return pd.DataFrame(rows).T.rename_axis(["segment", "w"])


def _labels_and_scores(pair, name):
    """``(labels, scores)`` as a boolean and a float array, or a ValueError naming ``name``."""
    if len(pair) != 2:
        raise ValueError(f"{name} must be a pair (labels, scores); got {len(pair)} items")
    return np.asarray(pair[0], dtype=bool), np.asarray(pair[1], dtype=float)


@checks(imbalanced=Instance(dict, none=True), accuracy_ranking=Instance("DataFrame", none=True),
        roc_curve=Instance(tuple, none=True), auc_coverage=Instance("DataFrame", none=True),
        operating_point=Instance(tuple, none=True), diabetes_roc=Instance(dict, none=True),
        precision_recall=Instance(tuple, none=True), containment=Instance(dict, none=True),
        multiclass=Instance("DataFrame", none=True))
def ours(*, imbalanced=None, accuracy_ranking=None, roc_curve=None, auc_coverage=None, operating_point=None,
         diabetes_roc=None, precision_recall=None, containment=None, multiclass=None):
    """Our values of the page's claims, from its results; a part left out (None) adds none.

    Parameters
    ----------
    imbalanced : dict, optional
        :func:`imbalanced_confusion_matrices`: ``scott.imbalanced.{h1, always-negative, h2}``,
        the accuracies (:func:`evalkit.metrics.accuracy`).
    accuracy_ranking : pandas.DataFrame, optional
        The imbalanced example's rates, one row per hypothesis with the columns
        ``accuracy`` and ``true positive rate``: ``scott.imbalanced.accuracy-misleads``
        (accuracy ranks always-negative, which finds no positive, first and h2, which finds
        the most, last).
    roc_curve : tuple, optional
        The lecture's ten examples as ``(is_positive, score)``: ``scott.auc.formula`` (the slide's pair count, the trapezoidal area
        and :func:`evalkit.curves.roc_auc` agree) and ``scott.auc.best-worst``.
    auc_coverage : pandas.DataFrame, optional
        :func:`auc_interval_coverage`'s result: ``scott.auc.normal``, whether past ten
        examples a class every interval covers at least ``APPROXIMATELY_95`` (93%).
    operating_point : tuple, optional
        The lecture's ten examples as ``(is_positive, score)``: ``scott.roc.iso-slope``
        (with equal costs the line of slope :math:`|N|/|P|` picks a point of least expected cost)
        and ``scott.roc.hull`` (every scenario of :data:`ISO_SCENARIOS` picks a point of the
        convex hull, and not all the same).
    diabetes_roc : dict, optional
        :func:`roc_analysis`'s result: ``scott.roc.single-point`` (the hull comparison of a
        single point and the cost-space comparison agree at every slope),
        ``scott.roc.cost-curves`` (the cost envelope equals the expected cost of the point
        the iso-performance line picks) and ``scott.roc.relabel-tree`` (the majority
        labelling is a point of the leaves' curve, and another labelling costs less under
        some condition).
    precision_recall : tuple, optional
        The lecture's ten examples as ``(is_positive, score)``: ``scott.pr.tradeoff``
        (lowering the threshold trades precision for recall) and ``scott.pr.f-beta``
        (:func:`evalkit.metrics.f_measure` equals the lecture's formula at threshold 0, and
        a larger beta moves it towards recall).
    containment : dict, optional
        :func:`roc_analysis`'s result: ``scott.pr.containment``, whether containment of the
        SVM's and naive Bayes' curves in PR space (on 1,000 recalls) and in ROC space agree.
    multiclass : pandas.DataFrame, optional
        :func:`cora_multiclass_auc`'s result: ``scott.auc.multiclass``, whether evalkit's
        multi-class AUCs equal scikit-learn's.

    Returns
    -------
    dict
        ``{claim id: our value}``, in the page's order.

    Examples
    --------
    >>> ours(imbalanced=imbalanced_confusion_matrices())["scott.imbalanced.h1"]
    0.967
    >>> from evalkit.reproductions.scott import source
    >>> labels = [label == "+" for label in source.ROC_EXAMPLES["label"]]
    >>> ours(operating_point=(labels, source.ROC_EXAMPLES["confidence"]))
    {'scott.roc.iso-slope': True, 'scott.roc.hull': True}
    """
    values = {}
    if imbalanced is not None:
        values.update({f"scott.imbalanced.{name}": float(metrics.accuracy(cm)) for name, cm in imbalanced.items()})
    if accuracy_ranking is not None:
        acc, tpr_of = accuracy_ranking["accuracy"], accuracy_ranking["true positive rate"]
        values["scott.imbalanced.accuracy-misleads"] = bool(
            acc.idxmax() == "always-negative" and tpr_of["always-negative"] == 0
            and acc.idxmin() == "h2" and tpr_of.idxmax() == "h2")
    if roc_curve is not None:
        is_pos, score = _labels_and_scores(roc_curve, "roc_curve")
        fpr, tpr, _ = curves.roc_curve(is_pos, score)
        pair_count = sum(p > n for p in score[is_pos] for n in score[~is_pos]) / (is_pos.sum() * (~is_pos).sum())
        area = np.trapezoid(tpr, fpr)
        auc = curves.roc_auc(is_pos, score)
        values["scott.auc.formula"] = bool(np.isclose(pair_count, area) and np.isclose(area, auc))
        reversed_auc = curves.roc_auc(is_pos, -score)
        perfect_auc = curves.roc_auc(is_pos, is_pos.astype(float))   # every positive above every negative
        values["scott.auc.best-worst"] = bool(np.isclose(reversed_auc, 1 - auc) and perfect_auc == 1)
    if auc_coverage is not None:
        over_ten = auc_coverage[auc_coverage["|P| = |N|"] > 10]
        values["scott.auc.normal"] = bool(over_ten["coverage"].min() >= APPROXIMATELY_95)
    if operating_point is not None:
        is_pos, score = _labels_and_scores(operating_point, "operating_point")
        fpr, tpr, _ = curves.roc_curve(is_pos, score)
        hull = curves.roc_convex_hull(fpr, tpr)
        # expected cost of every ROC point in the first scenario (equal costs, 5 and 5), brute force
        cost = (1 - tpr) * 5 + fpr * 5
        values["scott.roc.iso-slope"] = bool(
            np.isclose(cost[curves.roc_optimal_point(fpr, tpr, n_positive=5, n_negative=5)], cost.min()))
        chosen = [curves.roc_optimal_point(fpr, tpr, **kw) for kw in ISO_SCENARIOS.values()]
        on_hull = bool(np.isin(chosen, hull).all())
        values["scott.roc.hull"] = bool(on_hull and len({(fpr[i], tpr[i]) for i in chosen}) > 1)
    if diabetes_roc is not None:
        y_test, points, slopes = diabetes_roc["y_test"], diabetes_roc["points"], diabetes_roc["slopes"]
        svm_fpr, svm_tpr, _ = curves.roc_curve(y_test, diabetes_roc["scores"]["SVM"])
        # cost space: the same comparison through the SVM's cost curve (PC(+) = 1 / (1 + slope) for equal costs)
        svm_cost = curves.cost_curve(svm_fpr, svm_tpr)
        pc = 1 / (1 + slopes)
        agree = []
        for name in ("ID3 (entropy tree)", "naive Bayes"):
            f, t = points.loc[name, "FPR"], points.loc[name, "TPR"]
            cheaper = (1 - t) * pc + f * (1 - pc) < svm_cost.cost_at(pc) - 1e-12
            agree.append(bool(np.array_equal(cheaper, diabetes_roc["beats"][name])))
        two_segment = [curves.roc_auc(y_test, (diabetes_roc["scores"]["SVM"] >= 0).astype(float)),
                       (1 + points.loc["SVM at threshold 0", "TPR"] - points.loc["SVM at threshold 0", "FPR"]) / 2]
        values["scott.roc.single-point"] = bool(all(agree) and np.isclose(*two_segment))
        duality = []
        for p_pos, miss_cost in [(p, c) for p in (0.1, 0.35, 0.5, 0.8) for c in (1, 5)]:  # P(+), cost of a miss
            i = curves.roc_optimal_point(svm_fpr, svm_tpr, n_positive=p_pos, n_negative=1 - p_pos, cost_fn=miss_cost)
            x_pc = curves.probability_cost(p_pos, cost_fn=miss_cost)
            duality.append(np.isclose(svm_cost.cost_at(x_pc), (1 - svm_tpr[i]) * x_pc + svm_fpr[i] * (1 - x_pc)))
        values["scott.roc.cost-curves"] = bool(all(duality))
        leaf_fpr, leaf_tpr, _ = curves.roc_curve(y_test, diabetes_roc["scores"]["shallow tree (leaf frequencies)"])
        default = points.loc["shallow tree, majority labels"]
        on_curve = bool(np.any(np.isclose(leaf_fpr, default["FPR"]) & np.isclose(leaf_tpr, default["TPR"])))
        best_relabelled = np.max(leaf_tpr[None, :] - slopes[:, None] * leaf_fpr[None, :], axis=1)
        gain = best_relabelled - (default["TPR"] - slopes * default["FPR"])
        values["scott.roc.relabel-tree"] = bool(on_curve and gain.max() > 1e-12)
    if precision_recall is not None:
        is_pos, score = _labels_and_scores(precision_recall, "precision_recall")
        precision, recall, pr_thresholds = curves.precision_recall_curve(is_pos, score)
        order = np.argsort(pr_thresholds)[::-1]   # from the highest threshold to the lowest
        values["scott.pr.tradeoff"] = bool((np.diff(recall[order]) >= 0).all()
                                           and precision[order][-1] < precision[order][0])
        cm0 = metrics.confusion_matrix(is_pos, score >= 0)
        prec0, rec0 = metrics.precision(cm0), metrics.true_positive_rate(cm0)
        betas = (0.5, 1, 2)
        f_beta = {b: metrics.f_measure(cm0, beta=b) for b in betas}
        # the lecture's formula in P and R; 0 where P = R = 0 (no true positive), as F from the counts
        formula = {b: (1 + b**2) * prec0 * rec0 / (b**2 * prec0 + rec0) if b**2 * prec0 + rec0 > 0 else 0.0
                   for b in betas}
        values["scott.pr.f-beta"] = bool(np.allclose(list(f_beta.values()), list(formula.values()))
                                         and abs(f_beta[2] - rec0) <= abs(f_beta[0.5] - rec0))
    if containment is not None:
        y_test, recall_grid = containment["y_test"], np.linspace(1e-3, 1, 1000)
        svm_score, nb_score = containment["scores"]["SVM"], containment["scores"]["naive Bayes"]
        svm_fpr, svm_tpr, _ = curves.roc_curve(y_test, svm_score)
        nb_fpr, nb_tpr, _ = curves.roc_curve(y_test, nb_score)
        in_roc = {"SVM contains naive Bayes": curves.roc_dominates(svm_fpr, svm_tpr, nb_fpr, nb_tpr),
                  "naive Bayes contains SVM": curves.roc_dominates(nb_fpr, nb_tpr, svm_fpr, svm_tpr)}
        pr_svm = curves.pr_curve_interpolated(y_test, svm_score, recall_grid)
        pr_nb = curves.pr_curve_interpolated(y_test, nb_score, recall_grid)
        in_pr = {"SVM contains naive Bayes": bool(np.all(pr_svm >= pr_nb - 1e-12)),
                 "naive Bayes contains SVM": bool(np.all(pr_nb >= pr_svm - 1e-12))}
        values["scott.pr.containment"] = bool(in_roc == in_pr)
    if multiclass is not None:
        values["scott.auc.multiclass"] = bool(np.allclose(multiclass["evalkit"], multiclass["scikit-learn"],
                                                          rtol=0, atol=1e-12))
    return values
