"""scikit-learn stand-ins for the Weka 3.3 learners of Bouckaert & Frank, on ARFF data.

* :class:`ArffPreprocessor` -- imputation, one-hot encoding over the ARFF header's values,
  optional range scaling, in plain NumPy;
* :func:`learners_for` -- naive Bayes, a C4.5-like tree and 1-nearest-neighbour;
* :func:`standin_split_scores` -- the three of them on every split of a design, fast;
* :class:`ReseededPerFit` and :func:`identical_learners_for` -- two exchangeable copies of
  one randomised learner, a comparison where the null hypothesis holds
  (:func:`identical_split_scores`: both on every split of a design, fast).
"""
from __future__ import annotations

import numpy as np

from .._checks import Anything, Array, Boolean, Either, Instance, Integer, Text, Values, checks


def _tiny_arff():
    from ..datasets import parse_arff

    return parse_arff("@relation t\n@attribute x real\n@attribute c {a, b}\n@data\n1, a\n2, b\n3, a\n")


_ARFF = Instance("ArffData", example=_tiny_arff)

__all__ = ["ArffPreprocessor", "ReseededPerFit", "identical_learners_for", "identical_split_scores", "learners_for",
           "standin_split_scores"]

#: a feature matrix as the learners take it: rows of real numbers, NaN for a missing value
_FEATURES = Array(ndim=2, kind="real", missing=True)
#: what a wrapper hands to the estimator it wraps, which checks it
_PASSED_ON = Anything("passed to the wrapped estimator, which checks it")



@checks(n_values=Values(of=Integer(0)), scale=Boolean())
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

    Examples
    --------
    >>> pre = ArffPreprocessor([0, 2]).fit(np.array([[1.0, 0], [3.0, np.nan], [2.0, 1]]))
    >>> pre.transform(np.array([[5.0, 1]])).tolist()
    [[5.0, 0.0, 1.0]]
    """

    def __init__(self, n_values, scale=False):
        self.n_values = n_values
        self.scale = scale

    @checks(deep=Boolean())
    def get_params(self, deep=True):
        return {"n_values": self.n_values, "scale": self.scale}

    def set_params(self, **params):
        for k, v in params.items():
            setattr(self, k, v)
        return self

    @checks(_same_length=[("X", "y")], X=_FEATURES, y=Array(ndim=1, kind="label", none=True))
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

    @checks(X=_FEATURES)
    def transform(self, X):
        X = np.asarray(X, dtype=float)
        nv = np.asarray(self.n_values)
        filled = np.where(np.isnan(X), self.fill_, X)
        numeric = nv == 0
        n_numeric = int(numeric.sum())
        nominal = np.flatnonzero(~numeric)
        out = np.zeros((X.shape[0], n_numeric + int(nv[nominal].sum())))
        if n_numeric:
            num = filled[:, numeric]
            out[:, :n_numeric] = (num - self.min_) / self.span_ if self.scale else num
        if nominal.size:  # one-hot blocks after the numeric columns, one per nominal attribute, in order
            offsets = n_numeric + np.concatenate([[0], np.cumsum(nv[nominal])[:-1]])
            out[np.arange(X.shape[0])[:, None], offsets + filled[:, nominal].astype(int)] = (
                1 / np.sqrt(2.0) if self.scale else 1.0)
        return out

    @checks(_same_length=[("X", "y")], X=_FEATURES, y=Array(ndim=1, kind="label", none=True))
    def fit_transform(self, X, y=None):
        return self.fit(X, y).transform(X)


@checks(data=_ARFF)
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

    Parameters
    ----------
    data : ArffData
        The data set (its header gives the nominal attributes' values).

    Returns
    -------
    dict of str -> sklearn.pipeline.Pipeline
        ``"NB"``, ``"C4.5"`` and ``"NN"``, unfitted.

    Examples
    --------
    >>> sorted(learners_for(_tiny_arff()))
    ['C4.5', 'NB', 'NN']
    """
    from sklearn.pipeline import make_pipeline

    n_values = _n_values(data)
    nb, tree, nn = _standin_models()
    return {
        "NB": make_pipeline(ArffPreprocessor(n_values), nb),
        "C4.5": make_pipeline(ArffPreprocessor(n_values), tree),
        "NN": make_pipeline(ArffPreprocessor(n_values, scale=True), nn),
    }


def _n_values(data):
    """For each feature column of ``data``, its number of declared nominal values (0: numeric)."""
    target = data.attributes[data.target]
    return [len(a.values) if a.kind == "nominal" else 0 for a in data.attributes if a is not target]


def _standin_models():
    """The three unfitted scikit-learn models of :func:`learners_for`, without preprocessing."""
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.tree import DecisionTreeClassifier

    return (GaussianNB(), DecisionTreeClassifier(criterion="entropy", min_samples_leaf=2, random_state=0),
            KNeighborsClassifier(n_neighbors=1))


@checks(data=_ARFF, cv=Anything("a splitter is duck-typed (anything with split(X, y)); the body checks for split"))
def standin_split_scores(data, cv):
    """Accuracies of the three stand-ins of :func:`learners_for` on every split of ``cv``, computed fast.

    The same numbers as ``split_scores(learners_for(data), X, y, cv)`` of
    :mod:`evalkit.resampling` (``X``, ``y``: the cases of ``data`` whose class is known),
    about 1.6 times faster on Bouckaert & Frank's 27 data sets: the preprocessing is fitted
    once per split and shared by the three learners (nearest neighbour's scaled columns are
    the same fit, scaled), each model is refitted in place instead of cloned, the accuracy
    is the share of correct predictions (what ``score`` computes), and scikit-learn's
    per-call checks of parameters and of finite inputs are skipped: the parameters are
    fixed here and the preprocessed columns have no missing values.

    Parameters
    ----------
    data : ArffData
        The data set; cases with a missing class are left out, as in ``run_replication``
        (:mod:`evalkit.reproductions.replicability`).
    cv : scikit-learn splitter
        Anything with ``split(X, y)``, e.g. ``RepeatedStratifiedKFold(n_splits=10, n_repeats=10)``.

    Returns
    -------
    SplitScores
        Columns ``"NB"``, ``"C4.5"`` and ``"NN"`` (see :mod:`evalkit.resampling`).

    Examples
    --------
    >>> from sklearn.model_selection import RepeatedStratifiedKFold
    >>> from evalkit import datasets
    >>> from evalkit.resampling import split_scores
    >>> iris = datasets.load_arff("iris")
    >>> cv = RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=0)
    >>> fast = standin_split_scores(iris, cv)
    >>> fast.names, fast.scores.shape
    (('NB', 'C4.5', 'NN'), (10, 3))
    >>> bool((fast.scores == split_scores(learners_for(iris), iris.X, iris.y, cv).scores).all())
    True
    """
    models = _standin_models()
    return _split_scores(data, cv, ("NB", "C4.5", "NN"), lambda plain, scaled, y_train: (
        [model.fit(x_train, y_train) for model, (x_train, _) in zip(models, (plain, plain, scaled))],
        (plain[1], plain[1], scaled[1])))


def _split_scores(data, cv, names, fit):
    """Every split of ``cv`` on ``data``'s cases with a known class: the preprocessing fitted
    once per split (``plain`` and nearest neighbour's ``scaled`` columns, each a (train, test)
    pair), ``fit(plain, scaled, y_train)`` returning the fitted models and their test columns,
    each scored by its share of correct predictions; scikit-learn's per-call checks of
    parameters and of finite inputs skipped (fixed parameters, no missing values left)."""
    from sklearn import config_context

    from ..resampling import SplitScores

    if not hasattr(cv, "split"):
        raise TypeError(f"cv must be a splitter with a split(X, y) method; got {type(cv).__name__}")
    keep = data.y >= 0
    X, y = data.X[keep], data.y[keep]
    preprocessor = ArffPreprocessor(_n_values(data))
    splits = list(cv.split(X, y))
    scores = np.empty((len(splits), len(names)))
    with config_context(assume_finite=True, skip_parameter_validation=True):
        for s, (train, test) in enumerate(splits):
            preprocessor.set_params(scale=False).fit(X[train])
            plain = preprocessor.transform(X[train]), preprocessor.transform(X[test])
            preprocessor.set_params(scale=True)  # the same fit, scaled for nearest neighbour
            scaled = preprocessor.transform(X[train]), preprocessor.transform(X[test])
            fitted, tests = fit(plain, scaled, y[train])
            scores[s] = [np.mean(model.predict(x_test) == y[test]) for model, x_test in zip(fitted, tests)]
    n_train = np.array([len(train) for train, _ in splits], dtype=int)
    n_test = np.array([len(test) for _, test in splits], dtype=int)
    return SplitScores(scores, tuple(names), n_train, n_test)


try:  # scikit-learn is a dependency of evalkit-book; this module's learners are its estimators
    from sklearn.base import BaseEstimator as _BaseEstimator
    from sklearn.base import ClassifierMixin as _ClassifierMixin
except ImportError as exc:  # pragma: no cover - a broken installation
    raise ImportError("evalkit.learners.standins needs scikit-learn (a dependency of evalkit-book): "
                      "pip install scikit-learn") from exc


def _tree():
    from sklearn.tree import DecisionTreeClassifier

    return DecisionTreeClassifier()


@checks(estimator=Instance("BaseEstimator", example=_tree), copy=Either(Text(), Integer()))
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
        The randomised learner, cloned at each fit.
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

    @checks(X=_PASSED_ON, y=_PASSED_ON)
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

    @checks(X=_PASSED_ON)
    def predict(self, X):
        return self.estimator_.predict(X)


@checks(data=_ARFF)
def identical_learners_for(data):
    """Two copies of one randomised learner on an ArffData: a comparison where the null hypothesis holds.

    The learner is a randomised decision tree (scikit-learn's ``DecisionTreeClassifier``
    with entropy, leaves of at least 2 and ``max_features="sqrt"``: each node chooses its
    split among a random subset of the attributes, as in a random forest) on the
    preprocessing of :func:`learners_for`, each copy wrapped in :class:`ReseededPerFit`. Use with
    ``run_replication(..., learners=identical_learners_for)`` (:mod:`evalkit.reproductions.replicability`): every rejection is a Type I
    error.

    Parameters
    ----------
    data : ArffData
        The data set (its header gives the nominal attributes' values).

    Returns
    -------
    dict of str -> sklearn.pipeline.Pipeline
        ``"tree A"`` and ``"tree B"``, unfitted.

    Examples
    --------
    >>> sorted(identical_learners_for(_tiny_arff()))
    ['tree A', 'tree B']
    """
    from sklearn.pipeline import make_pipeline

    n_values = _n_values(data)
    return {f"tree {c}": make_pipeline(ArffPreprocessor(n_values), ReseededPerFit(_random_tree(), copy=c))
            for c in ("A", "B")}


def _random_tree():
    from sklearn.tree import DecisionTreeClassifier

    return DecisionTreeClassifier(criterion="entropy", max_features="sqrt", min_samples_leaf=2)


@checks(data=_ARFF, cv=Anything("a splitter is duck-typed (anything with split(X, y)); the body checks for split"))
def identical_split_scores(data, cv):
    """Accuracies of the two copies of :func:`identical_learners_for` on every split of ``cv``, computed fast.

    The same numbers as ``split_scores(identical_learners_for(data), X, y, cv)`` of
    :mod:`evalkit.resampling` (``X``, ``y``: the cases of ``data`` whose class is known),
    computed as :func:`standin_split_scores` computes the stand-ins': the preprocessing fitted
    once per split for both copies, and each copy's seed drawn as :class:`ReseededPerFit`
    draws it, from the same preprocessed training columns.

    Parameters
    ----------
    data : ArffData
        The data set; cases with a missing class are left out.
    cv : scikit-learn splitter
        Anything with ``split(X, y)``.

    Returns
    -------
    SplitScores
        Columns ``"tree A"`` and ``"tree B"``.

    Examples
    --------
    >>> from sklearn.model_selection import KFold
    >>> from evalkit import datasets
    >>> from evalkit.resampling import split_scores
    >>> iris = datasets.load_arff("iris")
    >>> fast = identical_split_scores(iris, KFold(3, shuffle=True, random_state=0))
    >>> slow = split_scores(identical_learners_for(iris), iris.X, iris.y, KFold(3, shuffle=True, random_state=0))
    >>> fast.names, bool((fast.scores == slow.scores).all())
    (('tree A', 'tree B'), True)
    """
    copies = [ReseededPerFit(_random_tree(), copy=c) for c in ("A", "B")]
    return _split_scores(data, cv, ("tree A", "tree B"), lambda plain, scaled, y_train: (
        [copy.fit(plain[0], y_train) for copy in copies], (plain[1], plain[1])))
