"""The ROC material of Scott's lecture on real learners: single-point classifiers, cost curves,
re-labelled trees, PR containment, multi-class AUC, and the uncertainty of the AUC.

The lecture's figures (an SVM's curve against ID3 and naive Bayes as single points) are
images lost from the source text, so these experiments apply the lecture's methods to
the Pima diabetes data of the comparing-algorithms chapter with scikit-learn's learners
(stand-ins: a linear SVM, an entropy-split tree for ID3, Gaussian naive Bayes) and to
Cora for the multi-class AUC. Every name is re-exported by
:mod:`evalkit.reproductions.scott` (this is its submodule ``roc``).
"""
from __future__ import annotations

import numpy as np

from ... import curves, metrics
from ..._checks import Choice, Integer, Real, Values, checks
from .._experiment import experiment
from ._common import int_seed

__all__ = [
    "auc_interval_coverage",
    "cora_multiclass_auc",
    "roc_learners",
    "roc_analysis",
]


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

    from ... import datasets

    seed = int_seed(seed)
    data = datasets.load_arff("diabetes")
    y = np.asarray(data.y) == 1                       # tested positive for diabetes
    X_train, X_test, y_train, y_test = train_test_split(data.X, y, test_size=test_size, stratify=y, random_state=seed)
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


@checks(scale=Choice("book", "paper", "small"), sizes=Values(Integer(2)),
        aucs=Values(Real(0, 1, closed="neither")), n_trials=Integer(1, none=True))
@experiment(
    "scott-auc-interval-coverage",
    scales={"book": {"n_trials": 2000}, "paper": {"n_trials": 20_000}, "small": {"n_trials": 100}},
    paper_cost="~3 min on 1 core",
    rows=lambda result: result.to_dict("records"),
)
def auc_interval_coverage(*, sizes: tuple[int, ...] = (5, 11, 30, 100), aucs: tuple[float, ...] = (0.6, 0.75, 0.9),
                          n_trials: int = 2000, confidence_level: float = 0.95, seed: int = 20261124,
                          progress: bool = False):
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
        Simulated test sets per size and AUC.
    confidence_level : float
        Nominal coverage.
    seed : int
        Seed of the simulation (one stream per size and AUC).
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        One row per size, true AUC and method (DeLong, Hanley-McNeil): coverage, its
        Monte Carlo standard error, and the skewness of the simulated AUCs.


    Examples
    --------
    >>> res = auc_interval_coverage(sizes=(5,), aucs=(0.75,), n_trials=20, seed=1)
    >>> res["coverage"].tolist()
    [0.95, 0.95]
    """
    import pandas as pd
    from scipy import special
    from scipy import stats as sst
    from tqdm.auto import tqdm

    cells = [(n, a) for n in sizes for a in aucs]
    streams = np.random.SeedSequence(seed).spawn(len(cells))
    rows = []
    for (n, auc), stream in tqdm(list(zip(cells, streams)), disable=not progress, desc="AUC coverage"):
        rng = np.random.default_rng(stream)
        shift = np.sqrt(2) * special.ndtri(auc)
        labels = np.r_[np.ones(n, bool), np.zeros(n, bool)]
        hits = {"DeLong": 0, "Hanley-McNeil": 0}
        estimates = np.empty(n_trials)
        for t in range(n_trials):
            score = np.r_[rng.normal(shift, 1, n), rng.normal(0, 1, n)]
            for label, method in (("DeLong", "delong"), ("Hanley-McNeil", "hanley-mcneil")):
                ci = curves.roc_auc_confidence_interval(labels, score, confidence_level=confidence_level, method=method)
                hits[label] += ci.low <= auc <= ci.high
            estimates[t] = ci.auc
        for label, count in hits.items():
            coverage = count / n_trials
            rows.append({"|P| = |N|": n, "true AUC": auc, "method": label, "coverage": coverage,
                         "Monte Carlo s.e.": np.sqrt(coverage * (1 - coverage) / n_trials),
                         "skewness of the AUC": float(sst.skew(estimates))})
    return pd.DataFrame(rows)


@checks(scale=Choice("book", "paper"), test_size=Real(0, 1, closed="neither", none=True))
@experiment(
    "scott-cora-multiclass-auc",
    scales={"book": {"test_size": 1 / 3}, "paper": {"test_size": 1 / 3}},
    paper_cost="~2 s on 1 core",
    rows=lambda result: result.reset_index().to_dict("records"),
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
