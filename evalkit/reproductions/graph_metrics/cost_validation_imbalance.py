"""The page ``cost-validation-imbalance``: validation schemes, cost, comparing error rates,
class imbalance, over-fitting, missing values and exercises 1, 2, 4 and 7.

The experiments run on Cora, the Pima diabetes data and exact binomial sums; :func:`ours`
turns their results, and the source's worked examples (a table of the page at a time,
:data:`SECTIONS`), into claim values.
"""
from __future__ import annotations

import numpy as np

from ... import curves, metrics, stats
from ..._checks import Array, Choice, Instance, Integer, Real, Seed, Text, Values, checks
from .._common import APPROXIMATELY_95, BOOK_PAPER, BOOK_PAPER_SMALL, int_seed
from .._experiment import experiment
from .setups import cora_holdout, figure_1_2_matrix
from .source import COST_1_16, M_Y, SECTION_1_6_2

__all__ = [
    "SECTIONS",
    "benefit_matrix",
    "difference_coverage",
    "imbalance",
    "imbalance_class_sizes",
    "missing_value_imputation",
    "occams_razor",
    "ours",
    "reduced_error",
    "same_signs_other_choice",
    "tree_depth",
    "validation_schemes",
]

#: The page's claims from the source's examples: section -> the claim ids, in the order shown.
SECTIONS = {
    "validation": ("gm.sec1-2-5.loo-1-fold", "gm.sec1-2-5.kfold-every-fold-tested"),
    "cost": ("gm.fig1-16.cost-mx", "gm.fig1-16.cost-my", "gm.r-cost.mx", "gm.r-cost.my", "gm.fig1-16.mx-better",
             "gm.sec1-6-1.maximisation"),
    "error-rates": ("gm.sec1-6-2.diff", "gm.sec1-6-2.variance", "gm.sec1-6-2.z", "gm.sec1-6-2.half-width",
                    "gm.sec1-6-2.not-significant"),
    "small-samples": ("gm.sec1-6-2.example-attainable",),
}


# -------------------------------------------------- validation, imbalance, over-fitting


@checks(scale=BOOK_PAPER, n_subsamples=Integer(1, none=True))
@experiment(
    "graph-metrics-validation-schemes",
    scales={"book": {"n_subsamples": 20}, "paper": {"n_subsamples": 20}},
    paper_cost="~30 s on 1 core (2,708 leave-one-out fits)",
)
def validation_schemes(*, n_subsamples: int = 20, seed: int = 0):
    """Accuracy of multinomial naive Bayes on Cora's words under four validation schemes.

    Parameters
    ----------
    n_subsamples : int
        Splits of the random subsampling (1/3 test each).
    seed : int
        Seed of the holdout split, the 10-fold partition and the subsampling.

    Returns
    -------
    pandas.DataFrame
        One row per scheme: models fitted, test examples per model, mean accuracy and the
        standard deviation of the per-split accuracies.


    Examples
    --------
    Leave-one-out fits 2,708 models (about 30 s):

    >>> res = validation_schemes(n_subsamples=2, seed=0)     # doctest: +SKIP
    >>> int(res.loc["leave-one-out", "models fitted"])      # doctest: +SKIP
    2708
    """
    import pandas as pd
    from sklearn.model_selection import KFold, LeaveOneOut, ShuffleSplit, cross_val_score
    from sklearn.naive_bayes import MultinomialNB

    from ... import datasets

    seed = int_seed(seed)
    cora = datasets.load_cora()
    X_words, y_cora = cora.features, cora.labels
    nb = MultinomialNB()
    Xtr, Xte, ytr, yte = cora_holdout(cora, seed=seed)
    holdout = nb.fit(Xtr, ytr).score(Xte, yte)
    subsampling = f"random subsampling ({n_subsamples} splits, 1/3 test)"
    schemes = {
        "holdout (1 split, 1/3 test)": np.array([holdout]),
        "10-fold": cross_val_score(nb, X_words, y_cora, cv=KFold(10, shuffle=True, random_state=seed)),
        "leave-one-out": cross_val_score(nb, X_words, y_cora, cv=LeaveOneOut()),
        subsampling: cross_val_score(
            nb, X_words, y_cora, cv=ShuffleSplit(n_splits=n_subsamples, test_size=1 / 3, random_state=seed)),
    }
    return pd.DataFrame(
        {
            "models fitted": {k: v.size for k, v in schemes.items()},
            "test examples per model": {"holdout (1 split, 1/3 test)": len(yte), "10-fold": len(y_cora) // 10,
                                        "leave-one-out": 1, subsampling: len(yte)},
            "mean accuracy": {k: v.mean() for k, v in schemes.items()},
            "spread of the per-split accuracies (s.d.)": {k: (v.std(ddof=1) if v.size > 1 else np.nan)
                                                          for k, v in schemes.items()},
        }
    )


@checks(scale=BOOK_PAPER, minority=Text(), n_splits=Integer(2, none=True))
@experiment(
    "graph-metrics-imbalance",
    scales={"book": {"n_splits": 5}, "paper": {"n_splits": 5}},
    paper_cost="~1 min on 1 core",
)
def imbalance(*, minority: str = "Rule_Learning", n_splits: int = 5, seed: int = 0):
    """One Cora class against the rest: logistic regression with and without resampling the training folds.

    Parameters
    ----------
    minority : str
        The Cora class that is the positive (rare) class.
    n_splits : int
        Folds of the stratified cross-validation.
    seed : int
        Seed of the folds and of the samplers.

    Returns
    -------
    pandas.DataFrame
        One row per sampler (none, random over-sampling, random under-sampling, SMOTE);
        threshold metrics at probability 0.5, ROC AUC with its 95% DeLong interval and
        DeLong's test against no resampling (the same papers, so the AUCs are
        correlated), and average precision.


    Examples
    --------
    >>> res = imbalance(n_splits=2, seed=0)
    >>> round(float(res.loc["no resampling", "ROC AUC"]), 3)
    0.941
    """
    import pandas as pd
    from imblearn.over_sampling import SMOTE, RandomOverSampler
    from imblearn.pipeline import make_pipeline
    from imblearn.under_sampling import RandomUnderSampler
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_val_predict

    from ... import datasets

    seed = int_seed(seed)
    cora = datasets.load_cora()
    is_rule = (np.array(cora.classes)[cora.labels] == minority).astype(int)
    X = cora.features.astype(float)
    folds = StratifiedKFold(n_splits, shuffle=True, random_state=seed)
    samplers = {
        "no resampling": None,
        "random over-sampling": RandomOverSampler(random_state=seed),
        "random under-sampling": RandomUnderSampler(random_state=seed),
        "SMOTE": SMOTE(random_state=seed),
    }
    results = {}
    probabilities = {}
    for name, sampler in samplers.items():
        steps = ([sampler] if sampler is not None else []) + [LogisticRegression(max_iter=2000)]
        prob = cross_val_predict(make_pipeline(*steps), X, is_rule, cv=folds, method="predict_proba")[:, 1]
        probabilities[name] = prob
        cm = metrics.confusion_matrix(is_rule, (prob >= 0.5).astype(int))
        interval = curves.roc_auc_confidence_interval(is_rule, prob)
        versus = curves.delong_test(is_rule, prob, probabilities["no resampling"])
        results[name] = {
            "accuracy": metrics.accuracy(cm),
            "true positive rate": metrics.true_positive_rate(cm),
            "true negative rate": metrics.true_negative_rate(cm),
            "precision": metrics.precision(cm),
            "F1": metrics.f_measure(cm),
            "G-mean": metrics.g_mean(cm),
            "Cohen's kappa": metrics.cohens_kappa(cm),
            "ROC AUC": interval.auc,
            "ROC AUC 95% low (DeLong)": interval.low,
            "ROC AUC 95% high (DeLong)": interval.high,
            "DeLong p vs no resampling": versus.pvalue,
            "average precision": curves.average_precision(is_rule, prob),
        }
    return pd.DataFrame(results).T


@checks(minority=Text())
def imbalance_class_sizes(*, minority: str = "Rule_Learning"):
    """Number of positives (papers of class ``minority``) and negatives (all others) in Cora.

    Parameters
    ----------
    minority : str
        The Cora class that is the positive class of :func:`imbalance`.

    Returns
    -------
    tuple of int
        ``(n_positive, n_negative)``.


    Examples
    --------
    >>> imbalance_class_sizes(minority="Rule_Learning")
    (180, 2528)
    """
    from ... import datasets

    cora = datasets.load_cora()
    is_minority = np.array(cora.classes)[cora.labels] == minority
    if not is_minority.any():
        raise ValueError(f"minority must be one of Cora's classes {list(cora.classes)}; got {minority!r}")
    return int(is_minority.sum()), int((~is_minority).sum())


@checks(scale=BOOK_PAPER, depths=Values(Integer(0), none=True))
@experiment(
    "graph-metrics-tree-depth",
    scales={"book": {"depths": (1, 2, 4, 8, 16, 32, 0)}, "paper": {"depths": (1, 2, 4, 8, 16, 32, 0)}},
    paper_cost="~10 s on 1 core",
    uses={"data": "gm-cora-words", "learners": "gm-sklearn-tree"},
)
def tree_depth(*, depths: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 0), seed: int = 0):
    """Training and test error of decision trees of growing depth on Cora's words (one holdout split).

    Parameters
    ----------
    depths : tuple of int
        Maximum depths of the trees; 0 means unlimited.
    seed : int
        Seed of the holdout split and of the trees.

    Returns
    -------
    pandas.DataFrame
        Index ``max depth`` ("unlimited" for 0); number of leaves, training error,
        the pessimistic error estimate (:func:`evalkit.metrics.pessimistic_error`, half an
        error per leaf) and test error.


    Examples
    --------
    >>> res = tree_depth(depths=(2,), seed=0)
    >>> int(res.loc[2, "leaves"]), round(float(res.loc[2, "test error"]), 3)
    (4, 0.618)
    """
    import pandas as pd
    from sklearn.tree import DecisionTreeClassifier

    seed = int_seed(seed)
    Xtr, Xte, ytr, yte = cora_holdout(seed=seed)
    errors = []
    for d in [None if d == 0 else d for d in depths]:
        tree = DecisionTreeClassifier(max_depth=d, random_state=seed).fit(Xtr, ytr)
        wrong = int(np.sum(tree.predict(Xtr) != ytr))
        errors.append({"max depth": "unlimited" if d is None else d, "leaves": int(tree.get_n_leaves()),
                       "training error": wrong / len(ytr),
                       "pessimistic error": metrics.pessimistic_error(wrong, int(tree.get_n_leaves()), len(ytr)),
                       "test error": 1 - tree.score(Xte, yte)})
    return pd.DataFrame(errors).set_index("max depth")


@checks(scale=BOOK_PAPER, depths=Values(Integer(0)), validation_size=Real(0, 1, closed="neither"), seed=Seed())
@experiment(
    "graph-metrics-reduced-error",
    scales={"book": {"depths": (1, 2, 4, 8, 16, 32, 0)}, "paper": {"depths": (1, 2, 4, 8, 16, 32, 0)}},
    paper_cost="~8 s on 1 core",
    uses={"data": "gm-cora-words", "learners": "gm-sklearn-tree"},
)
def reduced_error(*, depths: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 0), validation_size: float = 1 / 3, seed: int = 0):
    """Section 1.8's reduced-error approach: part of the training set held out to estimate the generalisation error.

    The training papers of :func:`tree_depth`'s split are divided again (stratified): the
    trees of growing depth are fitted on one part, and the other, the *validation set*,
    estimates their generalisation error; the test papers, never seen, give the error the
    estimate is for. Occam's razor then picks, among the trees whose validation error is
    within one standard error of the lowest, the one with the fewest leaves.

    Parameters
    ----------
    depths : tuple of int
        Maximum depths of the trees; 0 means unlimited.
    validation_size : float
        Share of the training papers held out as the validation set.
    seed : int
        Seed of both splits and of the trees.

    Returns
    -------
    pandas.DataFrame
        Index ``max depth``; ``leaves``, ``training error`` (on the part fitted),
        ``validation error``, its binomial ``validation s.e.``, ``test error`` and its
        ``test s.e.``; ``chosen`` marks the tree of lowest validation error (``"lowest"``) and
        Occam's (``"simplest within 1 s.e."``), which may be the same (``"both"``).

    Examples
    --------
    >>> res = reduced_error(depths=(2, 8), seed=0)
    >>> res["leaves"].tolist(), res["chosen"].tolist()
    ([4, 33], ['', 'both'])
    """
    import pandas as pd
    from sklearn.model_selection import train_test_split
    from sklearn.tree import DecisionTreeClassifier

    seed = int_seed(seed)
    Xtr, Xte, ytr, yte = cora_holdout(seed=seed)
    Xfit, Xval, yfit, yval = train_test_split(Xtr, ytr, test_size=validation_size, stratify=ytr, random_state=seed)
    rows = []
    for d in [None if d == 0 else d for d in depths]:
        tree = DecisionTreeClassifier(max_depth=d, random_state=seed).fit(Xfit, yfit)
        val, test = 1 - tree.score(Xval, yval), 1 - tree.score(Xte, yte)
        rows.append({"max depth": "unlimited" if d is None else d, "leaves": int(tree.get_n_leaves()),
                     "training error": 1 - tree.score(Xfit, yfit),
                     "validation error": val, "validation s.e.": np.sqrt(val * (1 - val) / len(yval)),
                     "test error": test, "test s.e.": np.sqrt(test * (1 - test) / len(yte))})
    frame = pd.DataFrame(rows).set_index("max depth")
    lowest = frame["validation error"].idxmin()
    within = frame[frame["validation error"] <= frame.loc[lowest, "validation error"]
                   + frame.loc[lowest, "validation s.e."]]
    simplest = within["leaves"].idxmin()
    frame["chosen"] = ["both" if i == lowest == simplest else "lowest" if i == lowest
                       else "simplest within 1 s.e." if i == simplest else "" for i in frame.index]
    return frame


# ------------------------------------------------------------ comparing error rates


@checks(scale=BOOK_PAPER_SMALL, n_splits=Integer(2), depths=Values(Integer(0)), seed=Seed())
@experiment(
    "graph-metrics-occams-razor",
    scales={"book": {"n_splits": 20}, "paper": {"n_splits": 20}, "small": {"n_splits": 2}},
    paper_cost="~40 s on 1 core (20 splits of Cora, 7 trees each)",
    uses={"data": "gm-cora-words", "learners": "gm-sklearn-tree"},
)
def occams_razor(*, n_splits: int = 20, depths: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 0), seed: int = 0):
    """Occam's razor against the lowest validation error, over many splits of Cora.

    :func:`reduced_error` on ``n_splits`` splits (seeds ``seed``, ``seed + 1``, ...): on each,
    the tree of lowest validation error and Occam's choice, the tree with the fewest leaves
    among those whose validation error is within one standard error of the lowest, and
    both trees' errors on the test papers.

    Parameters
    ----------
    n_splits : int
        Splits of Cora (each: test papers, then validation papers out of the training ones).
    depths : tuple of int
        Maximum depths of the trees; 0 means unlimited.
    seed : int
        Seed of the first split.

    Returns
    -------
    pandas.DataFrame
        One row per split: ``leaves`` and ``test error`` of the ``lowest`` and the
        ``simplest`` tree, and ``difference`` (simplest minus lowest test error).

    Examples
    --------
    >>> res = occams_razor(scale="small", depths=(2, 8), seed=0)     # 2 splits
    >>> res.columns.tolist()
    ['lowest leaves', 'simplest leaves', 'lowest test error', 'simplest test error', 'difference']
    """
    import pandas as pd

    seed = int_seed(seed)
    rows = []
    for i in range(n_splits):
        frame = reduced_error(depths=depths, seed=seed + i)
        lowest = frame.index[frame["chosen"].isin(["lowest", "both"])][0]
        simplest = frame.index[frame["chosen"].isin(["simplest within 1 s.e.", "both"])][0]
        rows.append({"lowest leaves": int(frame.loc[lowest, "leaves"]),
                     "simplest leaves": int(frame.loc[simplest, "leaves"]),
                     "lowest test error": float(frame.loc[lowest, "test error"]),
                     "simplest test error": float(frame.loc[simplest, "test error"])})
    out = pd.DataFrame(rows).rename_axis("split")
    out["difference"] = out["simplest test error"] - out["lowest test error"]
    return out


@checks(scale=BOOK_PAPER_SMALL, n_points=Integer(1, none=True), second_error=Real(0, 1))
@experiment(
    "graph-metrics-difference-coverage",
    scales={"book": {"n_points": 97}, "paper": {"n_points": 97}, "small": {"n_points": 5}},
    # nearly all of it the exact method's intervals of the likely outcomes, whatever the number of points
    paper_cost="~1 min on 1 core",
    rows=lambda result: result.to_dict("records"),
)
def difference_coverage(*, n_points: int = 97, confidence_level: float = 0.95, second_error: float = 0.7):
    """Exact coverage of the three intervals for a difference of error rates at the source's sizes.

    Section 1.6.2's example compares an error on 5 examples with one on 1,000 (the second
    error fixed at its 0.7); exercise 4 compares two models on 8 examples each (equal
    true errors). Coverage by summing binomial probabilities over every outcome
    (:func:`evalkit.stats.difference_interval_coverage`).

    Parameters
    ----------
    n_points : int
        True errors of the first model, evenly spaced from 0.02 to 0.98.
    confidence_level : float
        Nominal coverage.
    second_error : float
        True error of the second model in the 5-vs-1,000 set-up.

    Returns
    -------
    pandas.DataFrame
        Columns ``set-up``, ``true error``, ``method``, ``coverage``.


    Examples
    --------
    Exact sums over every outcome of 1,000 trials take a few seconds per point:

    >>> res = difference_coverage(scale="small")             # doctest: +SKIP
    >>> sorted(res["set-up"].unique())                       # doctest: +SKIP
    ['5 vs 1,000 (Section 1.6.2)', '8 vs 8 (exercise 4)']
    """
    import pandas as pd

    grid = np.linspace(0.02, 0.98, n_points)
    setups = {"5 vs 1,000 (Section 1.6.2)": (grid, 5, second_error, 1000),
              "8 vs 8 (exercise 4)": (grid, 8, grid, 8)}
    rows = []
    for setup, (p1, n1, p2, n2) in setups.items():
        for method in stats.DIFFERENCE_METHODS:
            cover = stats.difference_interval_coverage(p1, n1, p2, n2, confidence_level=confidence_level,
                                                       method=method)
            rows += [{"set-up": setup, "true error": float(p), "method": method, "coverage": float(c)}
                     for p, c in zip(grid, cover)]
    return pd.DataFrame(rows)


# ------------------------------------------------------------------ missing values


@checks(scale=BOOK_PAPER, hidden_share=Real(0, 1, closed="neither", none=True))
@experiment(
    "graph-metrics-missing-values",
    scales={"book": {"hidden_share": 0.2}, "paper": {"hidden_share": 0.2}},
    paper_cost="~1 s on 1 core",
    rows=lambda result: result.reset_index().to_dict("records"),
    uses={"data": "gm-pima-hidden"},
)
def missing_value_imputation(*, hidden_share: float = 0.2, seed: int = 0):
    """How far mean, median and most-frequent imputation land from the values they replace.

    On the Pima diabetes data (the numeric attributes whose zeros are not missing-value
    codes), a share of the values is hidden at random, imputed from the remaining ones
    with scikit-learn's ``SimpleImputer``, and compared with the hidden truth.

    Parameters
    ----------
    hidden_share : float
        Share of each attribute's values hidden.
    seed : int
        Seed of the hidden positions.

    Returns
    -------
    pandas.DataFrame
        One row per attribute and strategy: the root mean squared imputation error in
        units of the attribute's standard deviation, and the share of imputed values off
        by more than half a standard deviation.


    Examples
    --------
    >>> res = missing_value_imputation(seed=1)
    >>> round(float(res.loc[("preg", "mean"), "RMSE / s.d."]), 3)
    1.066
    """
    import pandas as pd
    from sklearn.impute import SimpleImputer

    from ... import datasets

    data = datasets.load_arff("diabetes")
    names = list(data.feature_names)
    # the attributes where 0 is a possible value (pregnancies, pedigree, age); elsewhere 0 codes "missing"
    keep = [i for i, name in enumerate(names) if name in ("preg", "pedi", "age")]
    X = np.asarray(data.X, dtype=float)[:, keep]
    rng = np.random.default_rng(seed)
    hidden = rng.random(X.shape) < hidden_share
    rows = []
    for strategy in ("mean", "median", "most_frequent"):
        imputed = SimpleImputer(strategy=strategy).fit_transform(np.where(hidden, np.nan, X))
        for j, i in enumerate(keep):
            truth, guess = X[hidden[:, j], j], imputed[hidden[:, j], j]
            sd = X[~hidden[:, j], j].std()
            rows.append({"attribute": names[i], "strategy": strategy,
                         "RMSE / s.d.": float(np.sqrt(np.mean((truth - guess) ** 2)) / sd),
                         "share off by > s.d./2": float(np.mean(np.abs(truth - guess) > sd / 2))})
    return pd.DataFrame(rows).set_index(["attribute", "strategy"])


# ------------------------------------------------------------------ cost: the maximisation form


@checks(cost_matrix=Array(ndim=2, square=True, kind="real", min_size=4))
def benefit_matrix(cost_matrix):
    r"""The maximisation form of a cost matrix: :math:`b_{ij} = \min_{k \ne i} c_{ik} - c_{ij}`.

    Section 1.6.1 of the graph-mining chapter: "we can transform the problem to a
    maximization problem by assigning positive costs to correct classifications and
    assigning 0 or less costs to misclassifications". Subtracting each cost from a
    constant per actual class leaves every comparison of models tested on the same data
    unchanged (their confusion matrices have the same row sums), and this constant, the
    row's cheapest mistake, gives the stated signs whenever a correct classification
    costs less than every mistake of its row: the best mistake is worth 0.

    Parameters
    ----------
    cost_matrix : array_like, shape (k, k)
        ``cost_matrix[i, j]``: the cost of predicting class j for an example of class i.

    Returns
    -------
    ndarray, shape (k, k)
        The benefits; the model of most benefit is the model of least cost.

    Examples
    --------
    Figure 1.16's costs (rewards -20 and -10 for correct classifications):

    >>> benefit_matrix([[-20, 100], [45, -10]]).tolist()
    [[120.0, 0.0], [0.0, 55.0]]
    """
    c = np.asarray(cost_matrix, dtype=float)
    off = np.where(np.eye(len(c), dtype=bool), np.inf, c)
    return off.min(axis=1, keepdims=True) - c


@checks(first=Array(ndim=2, square=True, kind="count"), second=Array(ndim=2, square=True, kind="count"),
        cost_matrix=Array(ndim=2, square=True, kind="real"), largest=Integer(1), n_draws=Integer(1), seed=Seed())
def same_signs_other_choice(first, second, cost_matrix, *, largest=100, n_draws=100_000, seed=0):
    """A benefit matrix with the stated signs that prefers the other model than ``cost_matrix`` does, or None.

    Draws integer benefit matrices with every correct classification worth 1 to
    ``largest`` and every mistake 0 to ``-largest`` (the signs Section 1.6.1 states), and
    returns the first under which the model of most benefit is not the model of least
    cost: the signs alone do not make a maximisation problem equivalent to the costs
    (:func:`benefit_matrix` does). None when no draw does (as when one model dominates the
    other: at least as many hits of every class and no more mistakes of any kind).

    Parameters
    ----------
    first, second : array_like, shape (k, k)
        Two models' confusion matrices on the same data.
    cost_matrix : array_like, shape (k, k)
        The costs.
    largest : int, default 100
        The largest benefit (and the most negative) drawn.
    n_draws : int, default 100000
        Benefit matrices drawn.
    seed : int or numpy.random.Generator, default 0
        Seed of the draws.

    Returns
    -------
    ndarray or None
        The first benefit matrix found.

    Examples
    --------
    Figure 1.2's model dominates M_y, so no benefit matrix prefers M_y; two models that
    trade a false positive for a false negative can be ranked either way:

    >>> same_signs_other_choice([[4, 1], [2, 1]], [[3, 2], [2, 1]], [[-20, 100], [45, -10]]) is None
    True
    >>> same_signs_other_choice([[4, 1], [2, 1]], [[3, 2], [1, 2]], [[-20, 100], [45, -10]], seed=0).tolist()
    [[16.0, -4.0], [-7.0, 26.0]]
    """
    first, second = np.asarray(first, dtype=float), np.asarray(second, dtype=float)
    if first.shape != second.shape or first.shape != np.shape(cost_matrix):
        raise ValueError(f"first, second and cost_matrix must have one shape; got {first.shape}, {second.shape} "
                         f"and {np.shape(cost_matrix)}")
    cheaper_first = metrics.total_cost(first, cost_matrix) < metrics.total_cost(second, cost_matrix)
    k = len(first)
    rng = np.random.default_rng(seed)
    draws = -rng.integers(0, largest + 1, size=(n_draws, k, k)).astype(float)
    draws[:, np.arange(k), np.arange(k)] = rng.integers(1, largest + 1, size=(n_draws, k))
    gain = np.einsum("dij,ij->d", draws, first - second)          # benefit of first minus second
    other = (gain <= 0) if cheaper_first else (gain >= 0)
    return draws[np.argmax(other)] if other.any() else None


# ------------------------------------------------------------------ claims


def _example_claims():
    """Every claim of the source's examples: ``{claim id: our value}``."""
    from scipy.stats import norm

    Mx = figure_1_2_matrix()
    cost_x, cost_y = metrics.total_cost(Mx, COST_1_16), metrics.total_cost(M_Y, COST_1_16)
    ours = {"gm.fig1-16.cost-mx": cost_x, "gm.fig1-16.cost-my": cost_y, "gm.fig1-16.mx-better": bool(cost_x < cost_y),
            "gm.r-cost.mx": cost_x, "gm.r-cost.my": cost_y}
    benefits = benefit_matrix(COST_1_16)
    mistakes = ~np.eye(len(benefits), dtype=bool)
    signs = bool((np.diag(benefits) > 0).all() and (benefits[mistakes] <= 0).all())
    same_choice = bool((metrics.total_cost(Mx, benefits) > metrics.total_cost(M_Y, benefits)) == (cost_x < cost_y))
    ours["gm.sec1-6-1.maximisation"] = signs and same_choice
    ex = SECTION_1_6_2
    diff = stats.error_difference_interval(ex["error_2"], ex["n_2"], ex["error_1"], ex["n_1"], confidence_level=0.95)
    ours.update({
        "gm.sec1-6-2.diff": abs(diff.difference), "gm.sec1-6-2.variance": diff.std_error ** 2,
        "gm.sec1-6-2.z": float(norm.ppf(0.975)), "gm.sec1-6-2.half-width": diff.high - diff.difference,
        "gm.sec1-6-2.not-significant": bool(diff.low < 0 < diff.high),
    })
    # an error rate measured on n_1 examples is a multiple of 1/n_1
    ours["gm.sec1-6-2.example-attainable"] = float(ex["error_1"] * ex["n_1"]).is_integer()
    ours.update(_validation_claims())
    return ours


#: A scikit-learn splitter, named so that the check imports no scikit-learn (an optional dependency)
_SPLITTER = Instance("BaseCrossValidator", "BaseShuffleSplit", none=True)


@checks(k_fold=_SPLITTER, leave_one_out=_SPLITTER, n_examples=Integer(2))
def _validation_claims(*, k_fold=None, leave_one_out=None, n_examples=8):
    """Section 1.2.5's k-fold and leave-one-out validation, run on ``n_examples`` examples.

    The schemes default to None, not to scikit-learn objects, so that importing this
    module needs no scikit-learn.

    Parameters
    ----------
    k_fold : scikit-learn splitter, optional
        The k-fold validation: ``gm.sec1-2-5.kfold-every-fold-tested`` holds when its test
        sets together hold every example exactly once. None: ``KFold(4)``.
    leave_one_out : scikit-learn splitter, optional
        The leave-one-out validation: ``gm.sec1-2-5.loo-1-fold`` holds when it is 1-fold,
        one split, whose test set is a single example. None: ``LeaveOneOut()``.
    n_examples : int, default 8
        Examples split.

    Returns
    -------
    dict
        ``{claim id: bool}`` for the two claims.

    Examples
    --------
    >>> from sklearn.model_selection import PredefinedSplit
    >>> once = PredefinedSplit([0, -1, -1, -1])            # one example left out, once
    >>> _validation_claims(), _validation_claims(leave_one_out=once, n_examples=4)["gm.sec1-2-5.loo-1-fold"]
    ({'gm.sec1-2-5.loo-1-fold': False, 'gm.sec1-2-5.kfold-every-fold-tested': True}, True)
    """
    from sklearn.model_selection import KFold, LeaveOneOut

    k_fold = KFold(4) if k_fold is None else k_fold
    leave_one_out = LeaveOneOut() if leave_one_out is None else leave_one_out
    X = np.zeros((n_examples, 1))
    folds = [test for _, test in leave_one_out.split(X)]
    tested = np.concatenate([test for _, test in k_fold.split(X)])
    return {"gm.sec1-2-5.loo-1-fold": bool(len(folds) == 1 and folds[0].size == 1),
            "gm.sec1-2-5.kfold-every-fold-tested": bool(np.array_equal(np.sort(tested), np.arange(n_examples)))}


def _example_tree_depth():
    import pandas as pd

    return pd.DataFrame({"leaves": [2, 400], "training error": [0.4, 0.0], "pessimistic error": [0.41, 0.11],
                         "test error": [0.45, 0.3]}, index=pd.Index([1, "unlimited"], name="max depth"))


@checks(section=Choice(*SECTIONS, none=True), coverage=Instance("DataFrame", none=True),
        tree_depth=Instance("DataFrame", none=True), imputation=Instance("DataFrame", none=True),
        reduced=Instance("DataFrame", none=True), occam=Instance("DataFrame", none=True))
def ours(*, section=None, coverage=None, tree_depth=None, imputation=None, reduced=None, occam=None):
    """Our values of the page's claims: one table's worth of the source's examples, and the experiments'.

    Parameters
    ----------
    section : str, optional
        One of :data:`SECTIONS`: those claims, computed from the source's examples; None
        leaves them out.
    coverage : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.graph_metrics.difference_coverage`'s result: ``gm.sec1-6-2.example-large-enough`` (the
        normal interval covers at least 93% at 5 and 1,000 examples).
    tree_depth : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.graph_metrics.tree_depth`'s result (its last row the unlimited tree):
        ``gm.sec1-8.training-error-optimistic`` and ``gm.sec1-8.pessimistic``.
    imputation : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.graph_metrics.missing_value_imputation`'s result: ``gm.sec1-8.missing-values``.
    reduced : pandas.DataFrame, optional
        :func:`reduced_error`'s result: ``gm.sec1-8.reduced-error``, whether the validation
        error estimates the test error at every depth (their difference within Bonferroni's
        5% bound over the depths, in standard errors of the difference) while the training
        error does not at the deepest tree.
    occam : pandas.DataFrame, optional
        :func:`occams_razor`'s result: ``gm.sec1-8.occams-razor``, whether Occam's choice is
        smaller on average and no worse on the test papers: its mean test error minus the
        lowest-validation tree's at most two standard errors of that mean difference (over
        the splits), with a different tree chosen on at least one split.

    Returns
    -------
    dict
        ``{claim id: our value}``, numbers and booleans; None arguments' claims left out.

    Examples
    --------
    >>> float(ours(section="cost")["gm.fig1-16.cost-mx"])
    100.0
    >>> ours(tree_depth=_example_tree_depth())
    {'gm.sec1-8.training-error-optimistic': True, 'gm.sec1-8.pessimistic': True}
    """
    found = {}
    if section is not None:
        every = _example_claims()
        found.update({cid: every[cid] for cid in SECTIONS[section]})
    if coverage is not None:
        at_example = coverage[(coverage["set-up"] == "5 vs 1,000 (Section 1.6.2)") & (coverage["method"] == "normal")]
        found["gm.sec1-6-2.example-large-enough"] = bool(float(at_example["coverage"].min()) >= APPROXIMATELY_95)
    if tree_depth is not None:
        unlimited = tree_depth.iloc[-1]
        found["gm.sec1-8.training-error-optimistic"] = bool(unlimited["test error"] - unlimited["training error"] > 0.1)
        found["gm.sec1-8.pessimistic"] = bool(tree_depth["pessimistic error"].idxmin() == tree_depth["test error"].idxmin())
    if imputation is not None:
        found["gm.sec1-8.missing-values"] = bool(imputation["RMSE / s.d."].min() >= 0.5)
    if reduced is not None:
        from scipy.stats import norm

        bound = float(norm.isf(0.05 / (2 * len(reduced))))       # Bonferroni over the depths
        z = (reduced["validation error"] - reduced["test error"]).abs() / np.hypot(reduced["validation s.e."],
                                                                                   reduced["test s.e."])
        deepest = reduced.iloc[-1]
        training_misses = (deepest["test error"] - deepest["training error"]) / deepest["test s.e."] > bound
        found["gm.sec1-8.reduced-error"] = bool((z <= bound).all() and training_misses)
    if occam is not None:
        differs = occam["simplest leaves"] != occam["lowest leaves"]
        diff = occam["difference"].to_numpy(dtype=float)
        se = diff.std(ddof=1) / np.sqrt(len(diff))
        found["gm.sec1-8.occams-razor"] = bool(differs.any() and occam["simplest leaves"].mean() < occam["lowest leaves"].mean()
                                               and diff.mean() <= 2 * se)
    return found
