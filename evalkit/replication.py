"""Bouckaert & Frank (2004), reproduced: replicability of significance tests on UCI data.

For each data set and each of ``repetitions`` random seeds, three learners (naive Bayes,
a C4.5-like tree, 1-nearest-neighbour) are fitted once per split of three designs, and
every test of the paper is run on the resulting score differences for every pair of
learners:

* 5 x 2-fold CV -> the 5x2cv paired t test (Table 1);
* 100 random 90/10 subsamples -> the corrected resampled t test on the first 10, 20, 50
  and 100 (Table 2);
* 10 x 10-fold stratified CV -> the paired t test on the first 10-fold run and on all 100
  folds (Section 4.3), and the corrected repeated CV test on the first 1, 2, 5 and 10 runs
  (Table 3) and at four significance levels (Table 4).

The result counts, per data set, pair and test, how many of the repetitions did *not*
reject the null hypothesis, the numbers the paper tabulates.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from . import stats
from .datasets import UCI_DATASETS, load_arff
from .resampling import split_scores

__all__ = ["ArffPreprocessor", "ReseededPerFit", "identical_learners_for", "LEARNER_NAMES", "PAIRS", "PAPER_DATASET_NAMES", "PAPER_SUMMARIES", "PAPER_TABLE_1", "ReplicationResult", "learners_for", "run_replication", "summary_tables"]

LEARNER_NAMES = ("NB", "C4.5", "NN")
PAIRS = (("NB", "C4.5"), ("NB", "NN"), ("C4.5", "NN"))
RESAMPLING_RUNS = (10, 20, 50, 100)
CV_RUNS = (1, 2, 5, 10)
LEVELS = (0.01, 0.025, 0.05, 0.10)


class ArffPreprocessor:
    """Impute, one-hot encode and optionally range-scale the columns of an ArffData's X.

    A scikit-learn transformer (``fit`` / ``transform`` / ``get_params``) written in plain
    NumPy because scikit-learn's ColumnTransformer + SimpleImputer + OneHotEncoder cost
    about 80% of the experiment's time on these small data sets. The categories of each
    nominal attribute come from the ARFF header (known before any data is seen); the
    imputation values (mean / most frequent) and the numeric ranges are learned from the
    training data only.

    Parameters
    ----------
    n_values : sequence of int
        For each feature column, the number of declared nominal values, or 0 for numeric.
    scale : bool, default False
        Scale numeric columns to [0, 1] by their training range and one-hot columns by
        1/sqrt(2) (Weka IB1's per-attribute distance of at most 1).
    """

    def __init__(self, n_values, scale=False):
        self.n_values = n_values
        self.scale = scale

    def get_params(self, deep=True):
        return {"n_values": self.n_values, "scale": self.scale}

    def set_params(self, **params):
        for k, v in params.items():
            setattr(self, k, v)
        return self

    def fit(self, X, y=None):
        X = np.asarray(X, dtype=float)
        nv = np.asarray(self.n_values)
        self.fill_ = np.zeros(X.shape[1])
        for j in range(X.shape[1]):
            col = X[:, j][~np.isnan(X[:, j])]
            if col.size == 0:
                self.fill_[j] = 0.0
            elif nv[j] > 0:
                self.fill_[j] = np.bincount(col.astype(int), minlength=nv[j]).argmax()
            else:
                self.fill_[j] = col.mean()
        filled = np.where(np.isnan(X), self.fill_, X)
        numeric = nv == 0
        self.min_ = filled[:, numeric].min(axis=0) if numeric.any() else np.zeros(0)
        span = filled[:, numeric].max(axis=0) - self.min_ if numeric.any() else np.zeros(0)
        self.span_ = np.where(span > 0, span, 1.0)
        return self

    def transform(self, X):
        X = np.asarray(X, dtype=float)
        nv = np.asarray(self.n_values)
        filled = np.where(np.isnan(X), self.fill_, X)
        numeric = nv == 0
        parts = []
        if numeric.any():
            num = filled[:, numeric]
            parts.append((num - self.min_) / self.span_ if self.scale else num)
        weight = 1 / np.sqrt(2.0) if self.scale else 1.0
        for j in np.flatnonzero(~numeric):
            parts.append(np.eye(nv[j])[filled[:, j].astype(int)] * weight)
        return np.hstack(parts) if parts else np.zeros((X.shape[0], 0))

    def fit_transform(self, X, y=None):
        return self.fit(X, y).transform(X)


def learners_for(data):
    """scikit-learn stand-ins for Weka 3.3's NaiveBayes, J48 (C4.5) and IB1 on an ArffData.

    Preprocessing (:class:`ArffPreprocessor`, fitted on each training set only): missing
    values are imputed (mean for numeric, most frequent for nominal attributes); nominal
    attributes are one-hot encoded over their declared values. For nearest neighbour,
    numeric attributes are scaled to [0, 1] by their training range and one-hot columns
    by 1/sqrt(2), so that each attribute contributes at most 1 to the squared Euclidean
    distance, as in Weka's IB1.

    Differences from Weka: NB is Gaussian on every column, including the one-hot
    indicators (Weka uses frequency tables for nominal attributes); the tree makes
    binary splits on one-hot columns with the entropy criterion and leaves of at least 2
    examples, but no C4.5 pessimistic pruning; missing values are imputed rather than
    handled inside the learners.
    """
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.tree import DecisionTreeClassifier

    target = data.attributes[data.target]
    n_values = [len(a.values) if a.kind == "nominal" else 0 for a in data.attributes if a is not target]
    return {
        "NB": make_pipeline(ArffPreprocessor(n_values), GaussianNB()),
        "C4.5": make_pipeline(ArffPreprocessor(n_values),
                              DecisionTreeClassifier(criterion="entropy", min_samples_leaf=2, random_state=0)),
        "NN": make_pipeline(ArffPreprocessor(n_values, scale=True), KNeighborsClassifier(n_neighbors=1)),
    }


try:  # scikit-learn is an optional dependency of evalkit; this module's learners need it
    from sklearn.base import BaseEstimator as _BaseEstimator
    from sklearn.base import ClassifierMixin as _ClassifierMixin
except ImportError:  # pragma: no cover
    _BaseEstimator = _ClassifierMixin = object


class ReseededPerFit(_ClassifierMixin, _BaseEstimator):
    """A randomised learner that draws a fresh seed, a function of its training data and ``copy``, at each fit.

    Two copies (say ``copy="A"`` and ``copy="B"``) of the same randomised algorithm are
    exchangeable: on any data set their expected accuracies over random partitions are
    equal, so a test comparing them has a true null hypothesis, yet their predictions
    differ split by split. This gives a Type I error measurement on real data. The seed
    is derived by hashing the training data, so runs are reproducible and independent of
    ``n_jobs``.

    Parameters
    ----------
    estimator : scikit-learn estimator with a ``random_state`` parameter
    copy : str or int
        Names the copy; enters the seed.

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> X = np.random.default_rng(0).random((60, 5)); y = (X[:, 0] > 0.5).astype(int)
    >>> tree = DecisionTreeClassifier(max_features=1)
    >>> a1, a2 = ReseededPerFit(tree, "A").fit(X, y), ReseededPerFit(tree, "A").fit(X, y)
    >>> b = ReseededPerFit(tree, "B").fit(X, y)
    >>> a1.estimator_.random_state == a2.estimator_.random_state != b.estimator_.random_state
    True
    """

    def __init__(self, estimator, copy=0):
        self.estimator = estimator
        self.copy = copy

    def fit(self, X, y):
        import hashlib

        from sklearn.base import clone

        h = hashlib.sha256(np.ascontiguousarray(X).tobytes() + np.ascontiguousarray(y).tobytes()
                           + str(self.copy).encode()).digest()
        seed = int.from_bytes(h[:8], "little")
        self.estimator_ = clone(self.estimator).set_params(random_state=seed % 2**32)
        self.estimator_.fit(X, y)
        self.classes_ = self.estimator_.classes_
        return self

    def predict(self, X):
        return self.estimator_.predict(X)


def identical_learners_for(data):
    """Two copies of one randomised learner on an ArffData: a comparison where the null hypothesis holds.

    The learner is a randomised decision tree (scikit-learn's ``DecisionTreeClassifier``
    with entropy, leaves of at least 2 and ``max_features="sqrt"``: each node chooses its
    split among a random subset of the attributes, as in a random forest) on the
    preprocessing of :func:`learners_for`, each copy wrapped in :class:`ReseededPerFit`. Use with
    ``run_replication(..., learners=identical_learners_for)``: every rejection is a Type I
    error.
    """
    from sklearn.pipeline import make_pipeline
    from sklearn.tree import DecisionTreeClassifier

    target = data.attributes[data.target]
    n_values = [len(a.values) if a.kind == "nominal" else 0 for a in data.attributes if a is not target]
    tree = DecisionTreeClassifier(criterion="entropy", max_features="sqrt", min_samples_leaf=2)
    return {f"tree {c}": make_pipeline(ArffPreprocessor(n_values), ReseededPerFit(tree, copy=c)) for c in ("A", "B")}


@dataclass(frozen=True)
class ReplicationResult:
    """Non-rejection counts: ``counts[test][pair]`` is an int array over ``datasets``."""

    datasets: tuple
    repetitions: int
    counts: dict
    fits: int
    seconds: float


def _pvalues_one_repetition(data, learners, seed, n_jobs):
    from sklearn.model_selection import RepeatedStratifiedKFold, ShuffleSplit

    X = data.X
    y = data.y
    keep = y >= 0  # drop examples whose class is missing
    X, y = X[keep], y[keep]
    with warnings.catch_warnings():
        # The paper's design uses 10 folds on every data set, also where a class has
        # fewer than 10 members; scikit-learn warns about it, as expected.
        warnings.filterwarnings("ignore", message="The least populated class", category=UserWarning)
        five = split_scores(learners, X, y, RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=seed), n_jobs=n_jobs)
        resamp = split_scores(learners, X, y, ShuffleSplit(n_splits=100, test_size=0.1, random_state=seed), n_jobs=n_jobs)
        cv = split_scores(learners, X, y, RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=seed), n_jobs=n_jobs)
    fits = len(learners) * (10 + 100 + 100)
    out = {}
    names = list(learners)
    for a, b in [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]:
        pair = f"{a} vs {b}"
        p = {}
        p["5x2cv"] = stats.five_by_two_cv_t_test(five.differences(a, b).reshape(5, 2)).pvalue
        d = resamp.differences(a, b)
        for n in RESAMPLING_RUNS:
            p[f"resampled corrected, {n} runs"] = stats.corrected_resampled_t_test(
                d[:n], n_train=int(resamp.n_train[0]), n_test=int(resamp.n_test[0])).pvalue
        d = cv.differences(a, b).reshape(10, 10)
        n_train, n_test = int(np.median(cv.n_train)), int(np.median(cv.n_test))
        p["10-fold CV, uncorrected"] = stats.resampled_t_test(d[0]).pvalue
        p["10x10-fold CV, uncorrected"] = stats.resampled_t_test(d).pvalue
        for r in CV_RUNS:
            p[f"corrected {r}x10 CV"] = stats.corrected_repeated_cv_t_test(d[:r], n_train=n_train, n_test=n_test).pvalue
        out[pair] = p
    return out, fits


def run_replication(datasets=UCI_DATASETS, *, repetitions=10, learners=None, n_jobs=None, progress=False, seed=0):
    """Run the paper's experiment on the given UCI data sets (see the module docstring).

    Parameters
    ----------
    datasets : sequence of str
        Weka names from :data:`evalkit.datasets.UCI_DATASETS`.
    repetitions : int, default 10
        Random partitionings per data set (the paper: 10).
    learners : callable, optional
        ``learners(data) -> dict of name -> estimator``; default :func:`learners_for` (the
        paper's three). Every pair of learners, in dict order, is compared.
    n_jobs : int, optional
        Parallel jobs for the fits (joblib).
    progress : bool
        Progress bar over data sets.
    seed : int
        Repetition ``i`` of a data set uses seed ``seed + i`` for all its designs.

    Returns
    -------
    ReplicationResult
        Counts of non-rejections at the 5% level (and, for the corrected 10x10 CV test, at
        1%, 2.5%, 5% and 10%) per test, pair and data set.
    """
    import time

    from ._validation import check_positive_int

    repetitions = check_positive_int(repetitions, "repetitions", minimum=2)
    unknown = [d for d in datasets if d not in UCI_DATASETS]
    if unknown:
        raise ValueError(f"datasets must be UCI data set names {list(UCI_DATASETS)}; unknown: {unknown}")
    start = time.perf_counter()
    datasets = tuple(datasets)
    tests = None
    counts = {}
    fits = 0
    iterator = datasets
    if progress:
        from tqdm.auto import tqdm

        iterator = tqdm(datasets, desc="data sets")
    for di, name in enumerate(iterator):
        data = load_arff(name)
        models = (learners or learners_for)(data)
        for rep in range(repetitions):
            pvals, f = _pvalues_one_repetition(data, models, seed + rep, n_jobs)
            fits += f
            for pair, per_test in pvals.items():
                for test, p in per_test.items():
                    levels = LEVELS if test == "corrected 10x10 CV" else (0.05,)
                    for level in levels:
                        key = test if level == 0.05 else f"{test}, level {level:g}"
                        arr = counts.setdefault(key, {}).setdefault(pair, np.zeros(len(datasets), dtype=int))
                        arr[di] += int(p >= level)
    return ReplicationResult(datasets, repetitions, counts, fits, time.perf_counter() - start)


def summary_tables(result):
    """Consistent / almost consistent / R for every test and pair, as a nested dict."""
    out = {}
    for test, per_pair in result.counts.items():
        out[test] = {pair: stats.replicability_summary(k, result.repetitions) for pair, k in per_pair.items()}
    return out


# The paper's published numbers (Bouckaert & Frank 2004), for comparison in the book.
PAPER_DATASET_NAMES = {
    "anneal": "anneal", "arrhythmia": "arrhythmia", "audiology": "audiology", "autos": "autos",
    "balance-scale": "balance-scale", "breast-cancer": "breast-cancer", "credit-a": "credit-rating",
    "ecoli": "ecoli", "credit-g": "German credit", "glass": "glass", "heart-statlog": "heart-statlog",
    "hepatitis": "hepatitis", "colic": "horse-colic", "heart-h": "Hungarian heart disease",
    "ionosphere": "ionosphere", "iris": "iris", "labor": "labor", "lymph": "lymphography",
    "diabetes": "pima-diabetes", "primary-tumor": "primary-tumor", "sonar": "sonar", "soybean": "soybean",
    "vehicle": "vehicle", "vote": "vote", "vowel": "vowel", "breast-w": "Wisconsin breast cancer", "zoo": "zoo",
}
"""Weka file name -> the paper's data set name, in the order of the paper's Table 1."""

PAPER_TABLE_1 = {  # non-rejections of the 5x2cv test in 10 runs, rows in PAPER_DATASET_NAMES order
    "NB vs C4.5": [4, 9, 5, 10, 1, 10, 6, 7, 9, 6, 4, 9, 8, 10, 10, 10, 8, 9, 10, 7, 10, 8, 0, 4, 4, 8, 10],
    "NB vs NN": [4, 9, 10, 7, 4, 9, 8, 10, 6, 6, 5, 10, 10, 10, 10, 10, 10, 10, 6, 3, 9, 8, 0, 9, 0, 9, 10],
    "C4.5 vs NN": [10, 2, 8, 10, 7, 8, 10, 10, 10, 9, 9, 10, 7, 10, 8, 10, 10, 10, 7, 10, 6, 9, 9, 7, 0, 10, 8],
}

PAPER_SUMMARIES = {  # test -> pair -> (consistent, almost consistent, R)
    "5x2cv": {"NB vs C4.5": (9, 14, 0.737), "NB vs NN": (12, 17, 0.783), "C4.5 vs NN": (13, 17, 0.816)},
    "resampled corrected, 10 runs": {"NB vs C4.5": (15, 16, 0.801), "NB vs NN": (12, 20, 0.835), "C4.5 vs NN": (12, 18, 0.819)},
    "resampled corrected, 20 runs": {"NB vs C4.5": (14, 19, 0.843), "NB vs NN": (15, 21, 0.865), "C4.5 vs NN": (14, 17, 0.825)},
    "resampled corrected, 50 runs": {"NB vs C4.5": (19, 22, 0.892), "NB vs NN": (18, 22, 0.882), "C4.5 vs NN": (18, 22, 0.878)},
    "resampled corrected, 100 runs": {"NB vs C4.5": (21, 23, 0.922), "NB vs NN": (20, 23, 0.899), "C4.5 vs NN": (23, 24, 0.935)},
    "corrected 1x10 CV": {"NB vs C4.5": (16, 18, 0.821), "NB vs NN": (18, 19, 0.858), "C4.5 vs NN": (13, 18, 0.814)},
    "corrected 2x10 CV": {"NB vs C4.5": (20, 21, 0.889), "NB vs NN": (20, 21, 0.890), "C4.5 vs NN": (19, 23, 0.904)},
    "corrected 5x10 CV": {"NB vs C4.5": (21, 23, 0.928), "NB vs NN": (23, 23, 0.939), "C4.5 vs NN": (22, 24, 0.928)},
    "corrected 10x10 CV": {"NB vs C4.5": (24, 25, 0.962), "NB vs NN": (23, 24, 0.942), "C4.5 vs NN": (22, 24, 0.928)},
    "corrected 10x10 CV, level 0.01": {"NB vs C4.5": (22, 23, 0.927), "NB vs NN": (23, 24, 0.939), "C4.5 vs NN": (23, 23, 0.943)},
    "corrected 10x10 CV, level 0.025": {"NB vs C4.5": (23, 24, 0.936), "NB vs NN": (24, 27, 0.978), "C4.5 vs NN": (24, 24, 0.953)},
    "corrected 10x10 CV, level 0.1": {"NB vs C4.5": (21, 22, 0.915), "NB vs NN": (23, 23, 0.939), "C4.5 vs NN": (20, 24, 0.919)},
    # Section 4.3 gives only the consistent counts of the uncorrected CV tests
    "10-fold CV, uncorrected": {"NB vs C4.5": (15, None, None), "NB vs NN": (16, None, None), "C4.5 vs NN": (14, None, None)},
    "10x10-fold CV, uncorrected": {"NB vs C4.5": (25, None, None), "NB vs NN": (24, None, None), "C4.5 vs NN": (18, None, None)},
}
"""Summary rows of Tables 1-4 and Section 4.3 (Table 4's 5% column is Table 3's 10-run column)."""
