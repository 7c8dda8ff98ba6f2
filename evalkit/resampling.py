"""Running learners on resampling designs once, and reusing the results for every test.

The designs themselves are scikit-learn's splitters: ``RepeatedStratifiedKFold(n_splits=2,
n_repeats=5)`` is Dietterich's 5x2 design, ``RepeatedStratifiedKFold(n_splits=10,
n_repeats=r)`` the r x 10-fold design, ``ShuffleSplit`` / ``StratifiedShuffleSplit``
random subsampling. :func:`split_scores` fits every learner once per split and records
its score, so that every pair of learners and every test on that design reuses the same
fits (a loop of ``cross_val_score`` per pair would fit each learner again for each pair).
"""
from __future__ import annotations

import numpy as np

from ._checks import (Anything, Array, Choice, Constraint, Either, Function, Instance, Integer, Real, Text, Values,
                      checks)
from ._parallel import parallel_map
from ._results import result

__all__ = [
    "EqualInstanceResampling",
    "NetworkCrossValidation",
    "RandomResampling",
    "SplitScores",
    "network_split_masks",
    "split_scores",
    "stratified_fold_ids",
    "subsample_test_masks",
]

#: a learner of a result: its name or its index
_LEARNER = Either(Text(), Integer(0))



@checks(scores=Array(ndim=2, finite=False), names=Values(Text()), n_train=Array(ndim=1, kind="count"),
        n_test=Array(ndim=1, kind="count"), _same_length=[("scores", "n_train", "n_test")])
@result
class SplitScores:
    """Scores of several learners on the same splits.

    Parameters
    ----------
    scores : ndarray, shape (n_splits, n_learners)
        ``scores[s, j]``: accuracy (or the chosen score) of learner ``j`` on split ``s``.
    names : tuple of str
        Name of each learner (column of ``scores``).
    n_train : ndarray of int, shape (n_splits,)
        Training set size of each split.
    n_test : ndarray of int, shape (n_splits,)
        Test set size of each split.

    Examples
    --------
    >>> import numpy as np
    >>> res = SplitScores(np.array([[0.9, 0.8], [0.7, 0.75]]), ("a", "b"), np.array([5, 5]), np.array([5, 5]))
    >>> res.differences("a", "b").round(2).tolist()
    [0.1, -0.05]
    """

    scores: np.ndarray
    names: tuple
    n_train: np.ndarray
    n_test: np.ndarray

    @checks(a=_LEARNER, b=_LEARNER)
    def differences(self, a, b):
        """Score of learner ``a`` minus learner ``b`` on each split (names or indices)."""
        ia = self.names.index(a) if isinstance(a, str) else int(a)
        ib = self.names.index(b) if isinstance(b, str) else int(b)
        return self.scores[:, ia] - self.scores[:, ib]


def _fit_score(estimators, X, y, train, test, scoring):
    from sklearn.base import clone

    out = []
    for est in estimators:
        model = clone(est).fit(X[train], y[train])
        out.append(scoring(model, X[test], y[test]) if scoring else model.score(X[test], y[test]))
    return out


def _example_estimators():
    from sklearn.dummy import DummyClassifier

    return {"dummy": DummyClassifier()}


@checks(estimators=Instance(dict, example=_example_estimators),
        X=Array(ndim=2, kind="any", sparse=True), y=Array(ndim=1, kind="label"),
        cv=Anything("a splitter is duck-typed (anything with split(X, y)); the body checks for split"),
        scoring=Function(none=True))
def split_scores(estimators, X, y, cv, *, scoring=None, n_jobs=None, progress=False):
    """Fit each learner once on each split of ``cv`` and score it on the split's test set.

    Parameters
    ----------
    estimators : dict of name -> scikit-learn estimator
        Cloned before each fit; the originals are not modified.
    X : array_like or sparse matrix, shape (n, n_features)
        The cases.
    y : array_like, shape (n,)
        Their classes (or targets).
    cv : scikit-learn splitter
        Anything with ``split(X, y)``, e.g. ``RepeatedStratifiedKFold(n_splits=2, n_repeats=5,
        random_state=0)`` for the 5x2 design.
    scoring : callable, optional
        ``scoring(estimator, X_test, y_test)``; default the estimator's ``score`` (accuracy
        for classifiers).
    n_jobs : int or None, default None
        Parallel jobs over the splits (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The scores
        do not depend on it.
    progress : bool, default False
        Show a progress bar (tqdm) over the splits.

    Returns
    -------
    SplitScores
        The score of every learner on every split, and the splits' sizes.

    Examples
    --------
    >>> from sklearn.model_selection import RepeatedStratifiedKFold
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from evalkit import datasets
    >>> iris = datasets.load_arff("iris")
    >>> res = split_scores({"nb": GaussianNB(), "tree": DecisionTreeClassifier(random_state=0)},
    ...                    iris.X, iris.y, RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=0))
    >>> res.scores.shape, res.differences("nb", "tree").shape
    ((10, 2), (10,))
    """
    if not estimators:
        raise ValueError("estimators must be a non-empty dict of name -> estimator; got an empty dict")
    if not hasattr(cv, "split"):
        raise TypeError(f"cv must be a splitter with a split(X, y) method; got {type(cv).__name__}")
    X = np.asarray(X) if not hasattr(X, "tocsr") else X.tocsr()
    y = np.asarray(y)
    if X.shape[0] != y.shape[0]:
        raise ValueError(f"X and y must have the same number of rows; got {X.shape[0]} and {y.shape[0]}")
    splits = list(cv.split(X, y))
    names = tuple(estimators)
    ests = [estimators[n] for n in names]
    rows = parallel_map(_fit_score, [(ests, X, y, tr, te, scoring) for tr, te in splits], n_jobs=n_jobs,
                        progress=progress, desc="splits", leave=False)
    return SplitScores(
        scores=np.array(rows, dtype=float),
        names=names,
        n_train=np.array([len(tr) for tr, _ in splits]),
        n_test=np.array([len(te) for _, te in splits]),
    )


@checks(y=Array(ndim=1, kind="label"), n_splits=Integer(2), n_repeats=Integer(1))
def stratified_fold_ids(y, n_splits, *, n_repeats=1, rng=None):
    """Fold labels of ``n_repeats`` independent stratified k-fold partitions, drawn at once.

    Within each repetition the cases are shuffled within their class, the classes laid
    end to end, and the folds dealt round-robin, so every fold gets its class's share up
    to one case and fold sizes differ by at most one. (scikit-learn's ``StratifiedKFold``
    balances the same way but draws one partition per call; this draws all of them in
    one vectorised step, for simulations that need thousands.)

    Parameters
    ----------
    y : array_like of int, shape (n,)
        Class of each case.
    n_splits : int
        Number of folds.
    n_repeats : int, default 1
        Number of independent partitions.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts).

    Returns
    -------
    ndarray of int, shape (n_repeats, n)
        ``ids[r, i]``: the fold (0 .. n_splits - 1) of case ``i`` in repetition ``r``;
        fold ``f`` of repetition ``r`` tests on ``ids[r] == f``.

    Examples
    --------
    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 0, 1, 1, 1, 1, 1, 1])
    >>> ids = stratified_fold_ids(y, 2, n_repeats=3, rng=0)
    >>> [np.bincount(ids[r][y == 1]).tolist() for r in range(3)]
    [[3, 3], [3, 3], [3, 3]]
    """
    y = np.asarray(y)
    n_splits, n_repeats = int(n_splits), int(n_repeats)
    if n_splits > y.size:
        raise ValueError(f"n_splits={n_splits} is larger than the number of cases {y.size}")
    rng = np.random.default_rng(rng)
    keys = rng.random((n_repeats, y.size))
    order = np.lexsort((keys, np.broadcast_to(y, keys.shape)), axis=-1)
    ids = np.empty_like(order)
    np.put_along_axis(ids, order, np.broadcast_to(np.arange(y.size) % n_splits, order.shape), axis=-1)
    return ids


@checks(n=Integer(2), n_test=Integer(1), n_repeats=Integer(1))
def subsample_test_masks(n, n_test, *, n_repeats=1, rng=None):
    """Test-set masks of ``n_repeats`` random subsamples: ``n_test`` of ``n`` cases each, without replacement.

    The training set of subsample ``r`` is ``~masks[r]`` (scikit-learn's ``ShuffleSplit``
    with ``test_size=n_test``, all drawn at once).

    Parameters
    ----------
    n : int
        Number of cases.
    n_test : int
        Test cases per subsample (smaller than ``n``).
    n_repeats : int, default 1
        Number of subsamples.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts).

    Returns
    -------
    ndarray of bool, shape (n_repeats, n)
        ``masks[r, i]``: whether case ``i`` is in the test set of subsample ``r``.

    Examples
    --------
    >>> m = subsample_test_masks(10, 3, n_repeats=4, rng=0)
    >>> m.shape, m.sum(axis=1).tolist()
    ((4, 10), [3, 3, 3, 3])
    """
    n, n_test, n_repeats = int(n), int(n_test), int(n_repeats)
    if n_test >= n:
        raise ValueError(f"n_test must be smaller than n={n}; got {n_test}")
    rng = np.random.default_rng(rng)
    ranks = np.argsort(np.argsort(rng.random((n_repeats, n)), axis=1), axis=1)
    return ranks < n_test


# ------------------------------------------------- within-network splitters (Neville et al.)

_PROCEDURES = ("rrs", "ers", "ncv")


def _n_nodes(X):
    """Number of nodes of a networkx graph, a (sparse) adjacency or feature matrix, or a sequence."""
    if hasattr(X, "number_of_nodes"):
        return X.number_of_nodes()
    if hasattr(X, "shape") and len(X.shape) >= 1:
        return int(X.shape[0])
    try:
        return len(X)
    except TypeError:
        raise TypeError(
            f"X must be a networkx graph, an adjacency or feature matrix, or a sequence of nodes; "
            f"got {type(X).__name__}"
        ) from None


def _split_sizes(procedure, n, n_splits, prop_labeled):
    """Training- and test-set sizes of one split, with the checks that make them valid."""
    from ._validation import check_choice, check_positive_int

    check_choice(procedure, "procedure", _PROCEDURES)
    n = check_positive_int(n, "n", minimum=2)
    n_splits = check_positive_int(n_splits, "n_splits", minimum=2)
    if isinstance(prop_labeled, bool) or not 0.0 < float(prop_labeled) < 1.0:
        raise ValueError(f"prop_labeled must lie strictly between 0 and 1; got {prop_labeled!r}")
    n_train = int(round(float(prop_labeled) * n))
    if procedure == "ncv":
        if n_splits > n:
            raise ValueError(f"n_splits={n_splits} is larger than the number of nodes {n}")
        largest_fold = -(-n // n_splits)
        if not 1 <= n_train <= n - largest_fold:
            raise ValueError(
                f"prop_labeled={prop_labeled} asks for {n_train} labelled nodes, but network cross-validation "
                f"with {n_splits} folds can label between 1 and {n - largest_fold} of {n} nodes "
                f"(prop_labeled <= 1 - 1/n_splits)"
            )
        return n_train, None
    n_test = n - n_train
    if not 1 <= n_test < n:
        raise ValueError(f"prop_labeled={prop_labeled} leaves {n_test} of {n} nodes to test; need 1 .. {n - 1}")
    return n_train, n_test


@checks(procedure=Choice(*_PROCEDURES), n=Integer(2), n_splits=Integer(2), prop_labeled=Real(0, 1, closed="neither"),
        n_repeats=Integer(1))
def network_split_masks(procedure, n, *, n_splits=10, prop_labeled=0.5, n_repeats=1, rng=None):
    """Training and test masks of the within-network resampling procedures of Neville et al.

    All three procedures label ``round(prop_labeled * n)`` nodes per split:

    ``'rrs'``  simple random resampling (their Table 1): each test set is a uniform random
               sample of the ``n - n_train`` other nodes; test sets overlap.
    ``'ers'``  equal-instance resampling (Table 2): ``n_splits`` test sets of ``n - n_train``
               nodes such that every node is tested equally often: ``n_splits * n_test / n``
               times when that is a whole number, otherwise the floor or the ceiling of it.
    ``'ncv'``  network cross-validation (Table 3): ``n_splits`` disjoint test folds covering
               the nodes; each training set is a uniform sample of ``n_train`` nodes from the
               other folds, and the *inference set* (what collective inference labels) is every
               node not in the training set, the test fold included.

    Parameters
    ----------
    procedure : {'rrs', 'ers', 'ncv'}
        The resampling procedure.
    n : int
        Number of nodes.
    n_splits : int, default 10
        Number of splits (test sets, or folds).
    prop_labeled : float in (0, 1)
        Proportion of the nodes labelled (training) in each split.
    n_repeats : int, default 1
        Independent repetitions of the whole procedure, drawn at once.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts).

    Returns
    -------
    train : ndarray of bool, shape (n_repeats, n_splits, n)
        The training (labelled) nodes of each split; the inference set of a split is ``~train``.
    test : ndarray of bool, shape (n_repeats, n_splits, n)
        The test nodes of each split.

    Notes
    -----
    ERS deals the sorted pool of copies round-robin over the test sets, which is what the
    paper's greedy rule ("add the instance to the smallest test set that does not already
    contain it") does; the nodes are put in random order first, so that different seeds
    give different test sets.

    Examples
    --------
    >>> train, test = network_split_masks("ers", 300, n_splits=30, prop_labeled=0.9, rng=0)
    >>> train.shape, test[0].sum(axis=1)[:3].tolist(), sorted(set(test[0].sum(axis=0).tolist()))
    ((1, 30, 300), [30, 30, 30], [3])
    >>> train, test = network_split_masks("ncv", 300, prop_labeled=0.3, rng=0)
    >>> test[0].sum(axis=0).max(), train[0].sum(axis=1)[0], (train & test).any()
    (np.int64(1), np.int64(90), np.False_)
    """
    n_train, n_test = _split_sizes(procedure, n, n_splits, prop_labeled)
    n_repeats = int(n_repeats)
    rng = np.random.default_rng(rng)
    R, k = n_repeats, n_splits
    if procedure == "rrs":
        ranks = np.argsort(rng.random((R, k, n)), axis=-1)
        test = np.zeros((R, k, n), dtype=bool)
        np.put_along_axis(test, ranks[..., :n_test], True, axis=-1)
        return ~test, test
    if procedure == "ers":
        total = k * n_test
        base, extra = divmod(total, n)
        copies = np.full(n, base)
        copies[:extra] += 1
        position_node = np.repeat(np.arange(n), copies)  # the sorted pool, by position in the random order
        order = np.argsort(rng.random((R, n)), axis=-1)
        test = np.zeros((R, k, n), dtype=bool)
        r = np.repeat(np.arange(R), total)
        fold = np.tile(np.arange(total) % k, R)
        test[r, fold, order[:, position_node].ravel()] = True
        return ~test, test
    # ncv
    order = np.argsort(rng.random((R, n)), axis=-1)
    fold_of = np.empty((R, n), dtype=np.int64)
    np.put_along_axis(fold_of, order, np.broadcast_to(np.arange(n) % k, (R, n)), axis=-1)
    test = fold_of[:, None, :] == np.arange(k)[None, :, None]
    keys = rng.random((R, k, n))
    keys[test] = np.inf
    ranks = np.argsort(keys, axis=-1)[..., :n_train]
    train = np.zeros((R, k, n), dtype=bool)
    np.put_along_axis(train, ranks, True, axis=-1)
    return train, test


class _Nodes(Constraint):
    """``X`` of the network splitters: anything with a number of nodes (only that number is used)."""

    description = "a networkx graph, an adjacency or feature matrix, or a sequence of nodes"

    def __init__(self, *, none=False):
        self.none = none

    def check(self, value, name):
        if value is None or isinstance(value, (str, bytes, dict, set)):
            self.fail(name, value, TypeError)
        try:
            _n_nodes(value)
        except TypeError:
            self.fail(name, value, TypeError)

    def invalid(self):
        return super().invalid() + [("abc", "a string"), (3, "a number")]

    def generic_valid(self):
        return list(range(10))


#: what scikit-learn's splitter protocol passes and the network splitters ignore
_IGNORED = Anything("ignored, as scikit-learn's splitter protocol allows")


class _NetworkSplitter:
    _procedure = None

    def __init__(self, n_splits=10, *, prop_labeled=0.5, rng=None):
        from ._validation import check_positive_int

        self.n_splits = check_positive_int(n_splits, "n_splits", minimum=2)
        if isinstance(prop_labeled, bool) or not 0.0 < float(prop_labeled) < 1.0:
            raise ValueError(f"prop_labeled must lie strictly between 0 and 1; got {prop_labeled!r}")
        self.prop_labeled = float(prop_labeled)
        self.rng = rng

    def __repr__(self):
        return f"{type(self).__name__}(n_splits={self.n_splits}, prop_labeled={self.prop_labeled}, rng={self.rng!r})"

    @checks(X=_IGNORED, y=_IGNORED, groups=_IGNORED)
    def get_n_splits(self, X=None, y=None, groups=None):
        """Number of splits (scikit-learn's splitter protocol)."""
        return self.n_splits

    @checks(X=_Nodes())
    def masks(self, X):
        """``(train, test)`` boolean masks of shape ``(n_splits, n_nodes)``."""
        train, test = network_split_masks(
            self._procedure, _n_nodes(X), n_splits=self.n_splits, prop_labeled=self.prop_labeled, rng=self.rng
        )
        return train[0], test[0]

    @checks(X=_Nodes(), y=_IGNORED, groups=_IGNORED)
    def split(self, X, y=None, groups=None):
        """Yield ``(train_indices, test_indices)`` for each split.

        ``X`` is the network (networkx graph or sparse adjacency), a node feature matrix,
        or anything with a length; ``y`` and ``groups`` are ignored.
        """
        train, test = self.masks(X)
        for tr, te in zip(train, test):
            yield np.flatnonzero(tr), np.flatnonzero(te)


@checks(n_splits=Integer(2), prop_labeled=Real(0, 1, closed="neither"))
class RandomResampling(_NetworkSplitter):
    """Simple random resampling (RRS, Neville et al. Table 1) as a scikit-learn splitter.

    Each of ``n_splits`` test sets is a fresh uniform random sample of
    ``n - round(prop_labeled * n)`` nodes, the rest are labelled (training). Test sets overlap.

    Parameters
    ----------
    n_splits : int, default 10
        Number of splits.
    prop_labeled : float in (0, 1), default 0.5
        Proportion of the nodes labelled (training) in each split.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts); an int gives the
        same splits on every call of ``split``.

    Examples
    --------
    >>> cv = RandomResampling(5, prop_labeled=0.2, rng=0)
    >>> [(len(tr), len(te)) for tr, te in cv.split(range(10))][:2]
    [(2, 8), (2, 8)]
    """

    _procedure = "rrs"


@checks(n_splits=Integer(2), prop_labeled=Real(0, 1, closed="neither"))
class EqualInstanceResampling(_NetworkSplitter):
    """Equal-instance random resampling (ERS, Neville et al. Table 2) as a scikit-learn splitter.

    Test sets of ``n - round(prop_labeled * n)`` nodes that test every node equally often
    (up to one, when ``n_splits * n_test`` is not a multiple of ``n``).

    Parameters
    ----------
    n_splits : int, default 10
        Number of splits.
    prop_labeled : float in (0, 1), default 0.5
        Proportion of the nodes labelled (training) in each split.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts); an int gives the
        same splits on every call of ``split``.

    Examples
    --------
    >>> import numpy as np
    >>> cv = EqualInstanceResampling(30, prop_labeled=0.5, rng=0)
    >>> times = np.bincount(np.concatenate([te for _, te in cv.split(range(300))]))
    >>> times.min(), times.max()
    (np.int64(15), np.int64(15))
    """

    _procedure = "ers"


@checks(n_splits=Integer(2), prop_labeled=Real(0, 1, closed="neither"))
class NetworkCrossValidation(_NetworkSplitter):
    """Network cross-validation (NCV, Neville et al. Table 3) as a scikit-learn splitter.

    ``n_splits`` disjoint test folds; the training set of each is a uniform sample of
    ``round(prop_labeled * n)`` nodes of the other folds, and collective inference runs over
    the *inference set*, every node not in the training set.

    Parameters
    ----------
    n_splits : int, default 10
        Number of splits.
    prop_labeled : float in (0, 1), default 0.5
        Proportion of the nodes labelled (training) in each split.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts); an int gives the
        same splits on every call of ``split``.

    Examples
    --------
    >>> cv = NetworkCrossValidation(10, prop_labeled=0.3, rng=0)
    >>> tr, te, inf = next(cv.split_with_inference(range(100)))
    >>> len(tr), len(te), len(inf), set(te) <= set(inf)
    (30, 10, 70, True)
    """

    _procedure = "ncv"

    @checks(X=_Nodes())
    def split_with_inference(self, X):
        """Yield ``(train, test, inference)`` index arrays for each fold."""
        train, test = self.masks(X)
        for tr, te in zip(train, test):
            yield np.flatnonzero(tr), np.flatnonzero(te), np.flatnonzero(~tr)
