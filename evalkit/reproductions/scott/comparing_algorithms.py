"""The comparing-algorithms page (``chapters/scott/comparing-algorithms.md``): the lecture's
K-fold cross-validated paired t test on the Pima diabetes data, its t table, and multiple comparisons.

Experiments: ``scott-training-bias`` (:func:`training_bias`), ``scott-fold-errors``
(:func:`fold_errors`), ``scott-partition-seeds`` (:func:`partition_seeds`),
``scott-familywise-error`` (:func:`familywise_error_simulation`),
``scott-multiple-comparisons`` (:func:`multiple_comparisons`), ``scott-several-datasets``
(:func:`several_datasets`: the five learners on the UCI data sets, for the Friedman test) and
``scott-rank-tests-null`` (:func:`rank_tests_null`: their family-wise error when no learner is
better); the learners (:func:`comparison_learners`, :func:`contenders`, :func:`five_learners`) and
the multiple-comparisons slide's chances (:func:`familywise_chances`); :func:`ours` turns the
page's results into the values of its claims (``scott.kfold.train-on-test-fold``,
``scott.error.bias``, ``scott.goals.dont-test-on-training``, ``scott.compare.single-test-set``,
``scott.ttest.bound``, ``scott.t-table.*``, ``scott.multiple.*``).
"""
from __future__ import annotations

import numpy as np

from ... import claims, datasets, stats
from ..._checks import Boolean, Choice, Instance, Integer, Jobs, Real, Seed, Values, checks
from ..._parallel import parallel_map
from .._common import BOOK_PAPER, int_seed
from .._experiment import experiment
from .setups import load_diabetes, table_level
from .source import TEN_VERSUS_ELEVEN

# the presets of this page's experiments ("binder": the smaller scale a reader sets at the top of the page)
_SCALES = Choice("book", "paper", "binder", "small")

__all__ = [
    "comparison_learners",
    "contenders",
    "familywise_chances",
    "familywise_error_simulation",
    "five_learners",
    "fold_errors",
    "multiple_comparisons",
    "ours",
    "partition_seeds",
    "rank_tests_null",
    "several_datasets",
    "ten_versus_eleven",
    "training_bias",
]

#: L^1 of the multiple-comparisons slide: the control of the comparisons on several data sets
CONTROL = "logistic regression"


@checks()
def comparison_learners():
    """The chapter's two learners: naive Bayes (``L1``) and a decision tree (``L2``).

    Returns
    -------
    dict of str -> estimator
        Unfitted scikit-learn classifiers by name.

    Examples
    --------
    >>> sorted(comparison_learners())
    ['decision tree', 'naive Bayes']
    """
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    return {"naive Bayes": GaussianNB(), "decision tree": DecisionTreeClassifier(random_state=0)}


@checks()
def contenders():
    """The four learners logistic regression is compared with in the multiple-comparisons section.

    Returns
    -------
    dict of str -> estimator
        Unfitted scikit-learn classifiers by name.

    Examples
    --------
    >>> sorted(contenders())
    ['15-nearest neighbours', 'decision tree', 'naive Bayes', 'random forest']
    """
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    return {
        "decision tree": DecisionTreeClassifier(random_state=0),
        "naive Bayes": GaussianNB(),
        "15-nearest neighbours": make_pipeline(StandardScaler(), KNeighborsClassifier(15)),
        "random forest": RandomForestClassifier(n_estimators=100, random_state=0),
    }


def _fold_error_arrays(X, y, learners, n_splits, seed):
    from sklearn.model_selection import KFold, cross_val_score

    folds = KFold(n_splits=n_splits, shuffle=True, random_state=int_seed(seed))  # the same folds for every learner
    return {name: 1 - cross_val_score(model, X, y, cv=folds) for name, model in learners.items()}


@checks(scale=BOOK_PAPER, n_splits=Integer(2, none=True))
@experiment(
    "scott-fold-errors",
    scales={"book": {"n_splits": 10, "seed": 2026}, "paper": {"n_splits": 10, "seed": 2026}},
    paper_cost="~1 s on 1 core",
)
def fold_errors(*, n_splits: int = 10, seed: int = 2026):
    """Test-fold errors of naive Bayes and a decision tree on the Pima diabetes data, same folds.

    Parameters
    ----------
    n_splits : int
        Folds K of the cross-validation.
    seed : int
        Seed of the (shuffled) partition.

    Returns
    -------
    pandas.DataFrame
        Index ``fold i`` (1..K), the two learners' errors and their difference ``p_i``.


    Examples
    --------
    >>> fold_errors(n_splits=3, seed=1)["p_i = difference"].round(3).tolist()
    [-0.074, -0.004, -0.035]
    """
    import pandas as pd

    X, y = load_diabetes()
    errors = _fold_error_arrays(X, y, comparison_learners(), n_splits, seed)
    table = pd.DataFrame(errors, index=pd.RangeIndex(1, n_splits + 1, name="fold i"))
    table["p_i = difference"] = table["naive Bayes"] - table["decision tree"]
    return table


@checks(scale=BOOK_PAPER, n_splits=Integer(2, none=True))
@experiment(
    "scott-training-bias",
    scales={"book": {"n_splits": 10, "seed": 2026}, "paper": {"n_splits": 10, "seed": 2026}},
    paper_cost="~1 s on 1 core",
)
def training_bias(*, n_splits: int = 10, seed: int = 2026):
    """Errors of the two learners on held-out folds and on the data they were trained on.

    For each fold ``i`` of ``KFold(n_splits, shuffle=True, random_state=seed)`` and each
    of :func:`comparison_learners`: the error on ``V_i`` of the hypothesis trained on
    ``T_i`` (the K-fold procedure as it must be), its error on ``T_i`` itself (the
    training error), and the error on ``V_i`` of the hypothesis trained on ``V_i`` (the
    procedure as the lecture's slide prints it).

    Parameters
    ----------
    n_splits : int
        Folds K of the cross-validation.
    seed : int
        Seed of the (shuffled) partition.

    Returns
    -------
    pandas.DataFrame
        One row per learner and fold: ``learner, fold, trained on T_i, tested on V_i``,
        ``trained on T_i, tested on T_i`` and ``trained on V_i, tested on V_i``.


    Examples
    --------
    >>> res = training_bias(n_splits=3, seed=1)
    >>> res.shape, float(res["trained on T_i, tested on T_i"].iloc[1])    # the tree learns its training data
    ((6, 5), 0.0)
    """
    import pandas as pd
    from sklearn.base import clone
    from sklearn.model_selection import KFold

    X, y = load_diabetes()
    rows = []
    folds = KFold(n_splits=n_splits, shuffle=True, random_state=int_seed(seed))
    for i, (train, test) in enumerate(folds.split(X), 1):
        for name, model in comparison_learners().items():
            on_t = clone(model).fit(X[train], y[train])
            on_v = clone(model).fit(X[test], y[test])
            rows.append({"learner": name, "fold": i,
                         "trained on T_i, tested on V_i": np.mean(on_t.predict(X[test]) != y[test]),
                         "trained on T_i, tested on T_i": np.mean(on_t.predict(X[train]) != y[train]),
                         "trained on V_i, tested on V_i": np.mean(on_v.predict(X[test]) != y[test])})
    return pd.DataFrame(rows)


@checks(scale=_SCALES, n_partitions=Integer(1, none=True), n_splits=Integer(2))
@experiment(
    "scott-partition-seeds",
    scales={"book": {"n_partitions": 100}, "paper": {"n_partitions": 100},
            "binder": {"n_partitions": 2}, "small": {"n_partitions": 2}},
    paper_cost="~25 s on 1 core",
)
def partition_seeds(*, n_partitions: int = 100, n_splits: int = 10, confidence_level: float = 0.95):
    """The lecture's paired t test of naive Bayes against a decision tree on differently seeded partitions.

    Partition ``seed`` is ``KFold(n_splits, shuffle=True, random_state=seed)`` for seed
    0, 1, ..., both learners on the same folds; the test is one-sided (``'less'``: naive
    Bayes has the lower error).

    Parameters
    ----------
    n_partitions : int
        Number of partitions (seeds 0 .. n_partitions - 1).
    n_splits : int
        Folds K of each partition.
    confidence_level : float
        Confidence of the one-sided bound.

    Returns
    -------
    pandas.DataFrame
        Index ``partition seed``; the mean difference ``p``, the bound ``p + t s_p``, the
        p-value and whether naive Bayes is better at that confidence.


    Examples
    --------
    >>> partition_seeds(scale="small", n_splits=3)["p-value"].round(3).tolist()   # seeds 0 and 1
    [0.161, 0.102]
    """
    import pandas as pd

    X, y = load_diabetes()
    learners = comparison_learners()
    runs = []
    for seed in range(n_partitions):
        e = _fold_error_arrays(X, y, learners, n_splits, seed)
        r = stats.paired_t_test(e["naive Bayes"], e["decision tree"], alternative="less",
                                confidence_level=confidence_level)
        runs.append({"partition seed": seed, "p": r.mean_difference, "bound p + t s_p": r.high,
                     "p-value": r.pvalue, "L1 better at 95%?": r.high < 0})
    return pd.DataFrame(runs).set_index("partition seed")


@checks(scale=_SCALES, n_tests=Integer(1), correlations=Values(Real(0, 1, closed="left")),
        alpha=Real(0, 1, closed="neither"), n_trials=Integer(1, none=True))
@experiment(
    "scott-familywise-error",
    scales={"book": {"n_trials": 4_000_000}, "paper": {"n_trials": 4_000_000},
            "binder": {"n_trials": 2000}, "small": {"n_trials": 2000}},
    paper_cost="~9 s and 0.5 GB on 1 core",
)
def familywise_error_simulation(*, n_tests: int = 4, correlations: tuple[float, ...] = (0.0, 0.5),
                                alpha: float = 0.05, n_trials: int = 4_000_000, seed: int = 20260301):
    """Simulated family-wise error of one-sided tests whose nulls all hold, for several correlations.

    Each correlation runs :func:`evalkit.stats.simulate_familywise_error` with the same seed.

    Parameters
    ----------
    n_tests : int
        Number of tests in the family.
    correlations : tuple of float
        Pairwise correlations of the test statistics (0.5: one learner against several).
    alpha : float
        Level of each test.
    n_trials : int
        Simulated families per correlation.
    seed : int
        Seed of each simulation.

    Returns
    -------
    pandas.DataFrame
        Index ``correlation``; the rates ``uncorrected``, ``bonferroni``, ``holm`` and the
        Monte Carlo ``standard_error``.

    Examples
    --------
    >>> from evalkit.reproductions.scott import familywise_error_simulation
    >>> familywise_error_simulation(scale="small", seed=20260301).round(2)["uncorrected"].tolist()
    [0.18, 0.13]
    """
    import pandas as pd

    rows = {rho: stats.simulate_familywise_error(n_tests, correlation=rho, alpha=alpha, n_trials=n_trials, rng=seed)
            for rho in correlations}
    return pd.DataFrame(rows).T.rename_axis("correlation")


@checks(scale=BOOK_PAPER, n_splits=Integer(2, none=True), alpha=Real(0, 1, closed="neither"))
@experiment(
    "scott-multiple-comparisons",
    scales={"book": {"n_splits": 10, "seed": 2026}, "paper": {"n_splits": 10, "seed": 2026}},
    paper_cost="~3 s on 1 core",
)
def multiple_comparisons(*, n_splits: int = 10, seed: int = 2026, alpha: float = 0.05):
    """Logistic regression against the four :func:`contenders` on the same folds, with Bonferroni and Holm.

    Parameters
    ----------
    n_splits : int
        Folds K of the cross-validation.
    seed : int
        Seed of the (shuffled) partition, shared by every learner.
    alpha : float
        Family-wise level.

    Returns
    -------
    pandas.DataFrame
        Index ``logistic regression vs``; the one-sided paired-t p-value (logistic
        regression has the lower error), the adjusted p-values and the rejections.


    Examples
    --------
    >>> multiple_comparisons(n_splits=3, seed=1)["p-value"].round(3).tolist()
    [0.02, 0.087, 0.113, 0.413]
    """
    import pandas as pd
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import KFold, cross_val_score
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y = load_diabetes()
    folds = KFold(n_splits=n_splits, shuffle=True, random_state=int_seed(seed))
    l1 = make_pipeline(StandardScaler(), LogisticRegression())
    e1 = 1 - cross_val_score(l1, X, y, cv=folds)
    pvalues = {name: stats.paired_t_test(e1, 1 - cross_val_score(m, X, y, cv=folds), alternative="less").pvalue
               for name, m in contenders().items()}
    p = np.array(list(pvalues.values()))
    bonf, holm = stats.bonferroni(p, alpha=alpha), stats.holm(p, alpha=alpha)
    return pd.DataFrame({
        "p-value": p,
        "uncorrected: reject?": p <= alpha,
        "Bonferroni adjusted p": bonf.pvalues_adjusted, "Bonferroni: reject?": bonf.reject,
        "Holm adjusted p": holm.pvalues_adjusted, "Holm: reject?": holm.reject,
    }, index=pd.Index(list(pvalues), name="logistic regression vs"))


@checks(sizes=Values(Integer(2)), confidence_level=Real(0, 1, closed="neither"))
def ten_versus_eleven(*, sizes=(30, 100, 300, 1000, 3000, 10000), confidence_level=0.95):
    """The lecture's opening question: is a tree with error 10% absolutely better than an ANN with 11%?

    Each error is an estimate from its own test set (independent test sets of ``n`` examples
    each): the normal confidence interval of their difference
    (:func:`evalkit.stats.error_difference_interval`, the interval of the lecture's later
    slides applied to a difference), at each size, and the smallest size at which it
    excludes 0.

    Parameters
    ----------
    sizes : tuple of int
        Test set sizes to show.
    confidence_level : float, default 0.95

    Returns
    -------
    dict
        ``"errors"``: the question's two errors (:data:`~evalkit.reproductions.scott.source.TEN_VERSUS_ELEVEN`);
        ``"intervals"``: a DataFrame by test set size (``low``, ``high``, ``significant``);
        ``"n_needed"``: the smallest size whose interval excludes 0.

    Examples
    --------
    >>> res = ten_versus_eleven(sizes=(30, 1000))
    >>> res["intervals"]["significant"].tolist(), res["n_needed"]
    ([False, False], 7219)
    """
    import pandas as pd

    tree, ann = TEN_VERSUS_ELEVEN["tree"], TEN_VERSUS_ELEVEN["ANN"]

    def interval(n):
        return stats.error_difference_interval(ann, n, tree, n, confidence_level=confidence_level)

    low, high = 2, 2
    while not interval(high).significant:       # the half-width shrinks as 1/sqrt(n): double, then bisect
        low, high = high, high * 2
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if interval(mid).significant else (mid, high)
    rows = {n: {"low": interval(n).low, "high": interval(n).high, "significant": bool(interval(n).significant)}
            for n in sizes}
    return {"errors": dict(TEN_VERSUS_ELEVEN), "n_needed": int(high),
            "intervals": pd.DataFrame(rows).T.rename_axis("examples in each test set")}


@checks()
def five_learners():
    """The slide's five learners: logistic regression (``L^1``, the control) and the four :func:`contenders`.

    Returns
    -------
    dict of str -> estimator
        Unfitted scikit-learn classifiers by name, the control first.

    Examples
    --------
    >>> list(five_learners())[0], len(five_learners())
    ('logistic regression', 5)
    """
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    return {CONTROL: make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)), **contenders()}


def _dataset_accuracies(name, n_splits, seed):
    """One UCI data set: each of the five learners' mean accuracy over the same K folds (a unit of the run)."""
    import warnings

    from sklearn.model_selection import StratifiedKFold
    from sklearn.pipeline import make_pipeline

    from ...learners.standins import ArffPreprocessor
    from ...resampling import split_scores

    data = datasets.load_arff(name)
    keep = data.y >= 0                                   # cases whose class is known
    target = data.attributes[data.target]
    n_values = [len(a.values) if a.kind == "nominal" else 0 for a in data.attributes if a is not target]
    pipelines = {learner: make_pipeline(ArffPreprocessor(n_values, scale=True), model)
                 for learner, model in five_learners().items()}
    folds = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=int_seed(seed))
    with warnings.catch_warnings():        # a class with fewer cases than folds: StratifiedKFold warns, and copes
        warnings.filterwarnings("ignore", message="The least populated class", category=UserWarning)
        warnings.filterwarnings("ignore", message="lbfgs failed to converge")
        scores = split_scores(pipelines, data.X[keep], data.y[keep], folds)
    return dict(zip(scores.names, scores.scores.mean(axis=0).tolist()))


@checks(scale=_SCALES, data_sets=Values(Choice(*datasets.UCI_DATASETS), none=True), n_splits=Integer(2, none=True),
        seed=Seed(), n_jobs=Jobs())
@experiment(
    "scott-several-datasets",
    scales={"book": {"data_sets": datasets.UCI_DATASETS, "n_splits": 10, "seed": 2026},
            "paper": {"data_sets": datasets.UCI_DATASETS, "n_splits": 10, "seed": 2026},
            "binder": {"data_sets": ("breast-w", "diabetes", "glass", "ionosphere", "iris", "sonar", "vote", "zoo"),
                       "n_splits": 10, "seed": 2026},
            "small": {"data_sets": ("iris", "labor", "zoo", "glass"), "n_splits": 3, "seed": 2026}},
    paper_cost="~30 CPU-s, 15 s on 2 cores (27 units, one per data set; the book reads the stored run); "
               "\"binder\" ~5 s",
    stored=({"scale": "paper"},), spot_check=1, data=("uci/",),
    uses={"data": "uci-for-several-datasets", "learners": "sklearn-five-learners"},
)
def several_datasets(*, data_sets: tuple[str, ...] = datasets.UCI_DATASETS, n_splits: int = 10, seed: int = 2026,
                     n_jobs: int | None = None, progress: bool = False):
    """The slide's five learners on several data sets: each one's mean accuracy in K-fold cross-validation.

    The lecture compares ``L^1`` with four others on one data set and names no test for more;
    Demsar (2006) compares ``k`` learners on ``N`` data sets by their ranks
    (:func:`evalkit.stats.friedman_test`). Here: the 27 UCI data sets of Bouckaert & Frank
    (``evalkit.datasets.UCI_DATASETS``), each preprocessed as the replicability part's
    stand-ins are (missing values imputed, nominal attributes one-hot, columns scaled to
    [0, 1]; fitted on each training set), the same stratified folds for every learner.

    Parameters
    ----------
    data_sets : tuple of str
        UCI data sets (Weka's names).
    n_splits : int
        Folds K.
    seed : int
        Seed of each data set's partition (the same for every learner).
    n_jobs : int or None
        Parallel jobs over the data sets (joblib); the results do not depend on it.
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        One row per data set, one column per learner (:func:`five_learners`' order): the mean
        accuracy over the K folds.

    Examples
    --------
    >>> several_datasets(scale="small", seed=2026).round(2).loc["iris"].tolist()
    [0.96, 0.95, 0.95, 0.95, 0.95]
    """
    import pandas as pd

    units = parallel_map(_dataset_accuracies, [(name, n_splits, seed) for name in data_sets], n_jobs=n_jobs,
                         progress=progress, desc="five learners, K-fold CV")
    return pd.DataFrame(units, index=pd.Index(list(data_sets), name="data set"))


@checks(scale=_SCALES, n_datasets=Integer(2), n_learners=Integer(2), n_families=Integer(1, none=True),
        alpha=Real(0, 1, closed="neither"), seed=Seed())
@experiment(
    "scott-rank-tests-null",
    scales={"book": {"n_families": 20_000, "seed": 20260303}, "paper": {"n_families": 20_000, "seed": 20260303},
            "binder": {"n_families": 5_000, "seed": 20260303}, "small": {"n_families": 500, "seed": 20260303}},
    paper_cost="~1 s on 1 core",
    uses={"data": "exchangeable-learners"},
)
def rank_tests_null(*, n_datasets: int = 27, n_learners: int = 5, n_families: int = 20_000, alpha: float = 0.05,
                    seed: int = 20260303):
    """The family-wise error of the rank tests when no learner is better: four tests against ``L^1``.

    Each simulated family has ``n_learners`` learners on ``n_datasets`` data sets whose scores are
    exchangeable (independent draws from one distribution), so every rejection is an error. The
    ``n_learners - 1`` comparisons with the control (:func:`evalkit.stats.control_comparison`'s
    ``z`` statistics, two-sided) are decided uncorrected, with Holm's step-down procedure, and with
    Holm's only after the Friedman test (Iman and Davenport's F) rejects.

    Parameters
    ----------
    n_datasets : int
        ``N`` (27: the UCI data sets of :func:`several_datasets`).
    n_learners : int
        ``k`` (5: the slide's ``L^1`` and four others).
    n_families : int
        Simulated families.
    alpha : float
        The level of each procedure.
    seed : int
        Seed of the simulated families.

    Returns
    -------
    pandas.DataFrame
        Index ``"uncorrected"``, ``"Holm"``, ``"Friedman, then Holm"``; columns ``familywise error``
        (the share of families with at least one rejection) and ``standard_error``.

    Examples
    --------
    >>> rank_tests_null(scale="small", seed=20260303).round(3)["familywise error"].tolist()
    [0.16, 0.036, 0.016]
    """
    import pandas as pd

    from ...stats import control_comparison, friedman_test

    rng = np.random.default_rng(int_seed(seed))
    scores = rng.random((n_families, n_datasets, n_learners))       # exchangeable: no learner better
    errors = {"uncorrected": np.empty(n_families, bool), "Holm": np.empty(n_families, bool),
              "Friedman, then Holm": np.empty(n_families, bool)}
    for f in range(n_families):                  # evalkit's own tests, one family at a time
        versus = control_comparison(scores[f], control=0, alpha=alpha)
        friedman = friedman_test(scores[f], tie_correction=False)
        errors["uncorrected"][f] = bool((versus.pvalues <= alpha).any())
        errors["Holm"][f] = bool(versus.reject.any())
        errors["Friedman, then Holm"][f] = errors["Holm"][f] and friedman.iman_davenport_pvalue <= alpha
    rate = {name: float(e.mean()) for name, e in errors.items()}
    return pd.DataFrame({"familywise error": rate,
                         "standard_error": {name: np.sqrt(r * (1 - r) / n_families) for name, r in rate.items()}})


@checks(alpha=Real(0, 1, closed="neither"), n_tests=Integer(1))
def familywise_chances(*, alpha=0.05, n_tests=4):
    """The multiple-comparisons slide: one test's chance of error, and what the family of ``n_tests`` tests guarantees.

    The slide reasons "5% chance each one is wrong => 20% chance that at least one is
    wrong => overall confidence only 80%": the union (Bonferroni) bound. Whatever the
    dependence between the tests, the chance that at least one is wrong is at most
    ``min(1, n_tests * alpha)``, and the bound is sharp: tests that are never wrong together
    reach it. Read so, the slide's numbers are the largest chance of an error and the
    confidence the family is guaranteed; for independent tests the chance is
    ``1 - (1 - alpha) ** n_tests``, returned beside them.

    Parameters
    ----------
    alpha : float
        Level of each test (the lecture's 95% confidence).
    n_tests : int
        Tests in the family (``L^1`` against ``L^2, ..., L^5``).

    Returns
    -------
    dict
        ``"per test"`` (the chance that one test is wrong), ``"at least one"`` (the largest
        chance that at least one of ``n_tests`` tests is wrong, any dependence:
        :func:`evalkit.stats.familywise_error` with ``dependence="any"``), ``"overall
        confidence"`` (one minus that, the guaranteed confidence) and ``"at least one,
        independent"`` (the exact chance for independent tests).

    Examples
    --------
    >>> chances = familywise_chances(alpha=0.05, n_tests=4)
    >>> chances["at least one"], round(chances["overall confidence"], 2), round(chances["at least one, independent"], 4)
    (0.2, 0.8, 0.1855)
    """
    bound = stats.familywise_error(alpha, n_tests, dependence="any")
    return {"per test": stats.familywise_error(alpha, 1), "at least one": bound, "overall confidence": 1 - bound,
            "at least one, independent": stats.familywise_error(alpha, n_tests)}


@checks(training_bias=Instance("DataFrame", none=True), fold_errors=Instance("DataFrame", none=True),
        t_table=Boolean(), familywise=Instance(dict, none=True),
        familywise_simulation=Instance("DataFrame", none=True), rank_tests=Instance("DataFrame", none=True),
        ten_vs_eleven=Instance(dict, none=True))
def ours(*, training_bias=None, fold_errors=None, t_table=False, familywise=None, familywise_simulation=None,
         rank_tests=None, ten_vs_eleven=None):
    """Our values of the page's claims, from its results; a part left out (None, False) adds none.

    Parameters
    ----------
    training_bias : pandas.DataFrame, optional
        :func:`training_bias`'s result: ``scott.kfold.train-on-test-fold`` (training on the
        test fold, as the slide prints it, estimates each learner's error as training on
        T_i does, within two standard errors of the held-out estimate), ``scott.error.bias``
        and ``scott.goals.dont-test-on-training`` (both learners' training error is below
        their held-out error).
    fold_errors : pandas.DataFrame, optional
        :func:`fold_errors`'s result: ``scott.compare.single-test-set`` (on some folds naive
        Bayes has the lower error, on others the tree) and ``scott.ttest.bound`` (the
        lecture's bound ``p + t_{0.95,K-1} s_p``, from its formulas, is the ``high`` of the
        one-sided paired t test, and below 0 exactly when the p-value is below 0.05).
    t_table : bool, default False
        True: every cell of the lecture's one-sided t table, ``scott.t-table.df<df>.c<level>``,
        from :func:`evalkit.stats.t_critical_value` (no experiment: the ids name the cells).
    familywise : dict, optional
        :func:`familywise_chances`' result: ``scott.multiple.{per-test, at-least-one,
        overall-confidence}``.
    familywise_simulation : pandas.DataFrame, optional
        :func:`familywise_error_simulation`'s result (with a correlation 0 row):
        ``scott.multiple.account``, whether uncorrected the family-wise error of
        independent tests is above 5% and with Bonferroni's correction not (three
        Monte Carlo standard errors either way).
    ten_vs_eleven : dict, optional
        :func:`ten_versus_eleven`'s result: ``scott.compare.ten-vs-eleven``, whether test sets
        of the lecture's minimum size (30) cannot tell the two errors apart (the size needed
        is larger).
    rank_tests : pandas.DataFrame, optional
        :func:`rank_tests_null`'s result: ``scott.multiple.other-tests``, decided with its
        Monte Carlo error (:func:`evalkit.claims.decide`): uncorrected, the four rank tests
        against ``L^1`` are wrong somewhere in more than 5% of the families where no learner
        is better, and with Holm's procedure (alone, and after Friedman's test) in less.

    Returns
    -------
    dict
        ``{claim id: our value}``, in the page's order.

    Examples
    --------
    >>> values = ours(t_table=True)
    >>> len(values), round(values["scott.t-table.df9.c950"], 4)
    (104, 1.8331)
    >>> ours(familywise=familywise_chances())["scott.multiple.at-least-one"]
    0.2
    >>> ours(familywise_simulation=familywise_error_simulation(scale="small", seed=20260301))
    {'scott.multiple.account': True}
    >>> ours(rank_tests=rank_tests_null(scale="binder"))["scott.multiple.other-tests"].holds
    True
    >>> ours(ten_vs_eleven=ten_versus_eleven())
    {'scott.compare.ten-vs-eleven': True}
    """
    values = {}
    if training_bias is not None:
        errors = training_bias.drop(columns="fold").groupby("learner")
        mean_error = errors.mean()
        fold_se = errors.sem()["trained on T_i, tested on V_i"]
        held_out = mean_error["trained on T_i, tested on V_i"]
        values["scott.kfold.train-on-test-fold"] = bool(
            (abs(mean_error["trained on V_i, tested on V_i"] - held_out) <= 2 * fold_se).all())
        optimistic = bool((mean_error["trained on T_i, tested on T_i"] < held_out).all())
        values["scott.error.bias"] = optimistic
        values["scott.goals.dont-test-on-training"] = optimistic
    if fold_errors is not None:
        d = fold_errors["p_i = difference"].to_numpy()
        k = len(d)
        values["scott.compare.single-test-set"] = bool((d > 0).any() and (d < 0).any())
        res = stats.paired_t_test(fold_errors["naive Bayes"].to_numpy(), fold_errors["decision tree"].to_numpy(),
                                  alternative="less", confidence_level=0.95)
        s_p = np.sqrt(((d - d.mean()) ** 2).sum() / (k * (k - 1)))   # the lecture's s_p
        t_95 = stats.t_critical_value(0.95, k - 1, alternative="less")
        values["scott.ttest.bound"] = bool(np.isclose(res.high, d.mean() + t_95 * s_p)
                                           and (res.high < 0) == (res.pvalue < 0.05))
    if t_table:
        for claim in claims.claims_of("scott.t-table."):
            df = int(claim.id.split(".")[2].removeprefix("df"))
            values[claim.id] = float(stats.t_critical_value(table_level(claim.id), df, alternative="less"))
    if familywise is not None:
        values.update({"scott.multiple.per-test": familywise["per test"],
                       "scott.multiple.at-least-one": familywise["at least one"],
                       "scott.multiple.overall-confidence": familywise["overall confidence"]})
    if ten_vs_eleven is not None:
        values["scott.compare.ten-vs-eleven"] = bool(ten_vs_eleven["n_needed"] > 30)
    if rank_tests is not None:
        rate, se = rank_tests["familywise error"], rank_tests["standard_error"]
        corrected = ["Holm", "Friedman, then Holm"]
        values["scott.multiple.other-tests"] = claims.all_of([
            claims.decide(rate["uncorrected"], 0.05, se["uncorrected"], side="above"),
            claims.decide(rate[corrected].to_numpy(), 0.05, se[corrected].to_numpy(), side="below")])
    if familywise_simulation is not None:
        independent = familywise_simulation.loc[0.0]
        three_se = 3 * independent["standard_error"]
        values["scott.multiple.account"] = bool(independent["uncorrected"] - three_se > 0.05
                                                >= independent["bonferroni"] - three_se)
    return values
