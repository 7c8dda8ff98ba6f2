"""Running learners on resampling designs once, and reusing the results for every test.

The designs themselves are scikit-learn's splitters: ``RepeatedStratifiedKFold(n_splits=2,
n_repeats=5)`` is Dietterich's 5x2 design, ``RepeatedStratifiedKFold(n_splits=10,
n_repeats=r)`` the r x 10-fold design, ``ShuffleSplit`` / ``StratifiedShuffleSplit``
random subsampling. :func:`split_scores` fits every learner once per split and records
its score, so that every pair of learners and every test on that design reuses the same
fits (a loop of ``cross_val_score`` per pair would fit each learner again for each pair).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["SplitScores", "split_scores", "stratified_fold_ids", "subsample_test_masks"]


@dataclass(frozen=True)
class SplitScores:
    """Scores of several learners on the same splits.

    Attributes
    ----------
    scores : ndarray, shape (n_splits, n_learners)
        ``scores[s, j]``: accuracy (or the chosen score) of learner ``j`` on split ``s``.
    names : tuple of str
    n_train, n_test : ndarray of int, shape (n_splits,)
        Training and test set sizes of each split.
    """

    scores: np.ndarray
    names: tuple
    n_train: np.ndarray
    n_test: np.ndarray

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


def split_scores(estimators, X, y, cv, *, scoring=None, n_jobs=None, progress=False):
    """Fit each learner once on each split of ``cv`` and score it on the split's test set.

    Parameters
    ----------
    estimators : dict of name -> scikit-learn estimator
        Cloned before each fit; the originals are not modified.
    X, y : array_like
    cv : scikit-learn splitter
        Anything with ``split(X, y)``, e.g. ``RepeatedStratifiedKFold(n_splits=2, n_repeats=5,
        random_state=0)`` for the 5x2 design.
    scoring : callable, optional
        ``scoring(estimator, X_test, y_test)``; default the estimator's ``score`` (accuracy
        for classifiers).
    n_jobs : int, optional
        Parallel jobs (joblib); None or 1 runs serially.
    progress : bool, default False
        Show a progress bar (tqdm) over the splits.

    Returns
    -------
    SplitScores

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
    if not isinstance(estimators, dict) or not estimators:
        raise TypeError("estimators must be a non-empty dict of name -> estimator")
    X = np.asarray(X) if not hasattr(X, "tocsr") else X.tocsr()
    y = np.asarray(y)
    if X.shape[0] != y.shape[0]:
        raise ValueError(f"X and y must have the same number of rows; got {X.shape[0]} and {y.shape[0]}")
    splits = list(cv.split(X, y))
    names = tuple(estimators)
    ests = [estimators[n] for n in names]
    iterator = splits
    if progress:
        from tqdm.auto import tqdm

        iterator = tqdm(splits, desc="splits", leave=False)
    if n_jobs in (None, 1):
        rows = [_fit_score(ests, X, y, tr, te, scoring) for tr, te in iterator]
    else:
        from joblib import Parallel, delayed

        rows = Parallel(n_jobs=n_jobs)(delayed(_fit_score)(ests, X, y, tr, te, scoring) for tr, te in iterator)
    return SplitScores(
        scores=np.array(rows, dtype=float),
        names=names,
        n_train=np.array([len(tr) for tr, _ in splits]),
        n_test=np.array([len(te) for _, te in splits]),
    )


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
    n_splits : int
    n_repeats : int, default 1
    rng : seed or Generator

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
    from ._validation import check_positive_int

    y = np.asarray(y)
    if y.ndim != 1:
        raise ValueError(f"y must be 1-D; got shape {y.shape}")
    n_splits = check_positive_int(n_splits, "n_splits", minimum=2)
    n_repeats = check_positive_int(n_repeats, "n_repeats")
    if n_splits > y.size:
        raise ValueError(f"n_splits={n_splits} is larger than the number of cases {y.size}")
    rng = np.random.default_rng(rng)
    keys = rng.random((n_repeats, y.size))
    order = np.lexsort((keys, np.broadcast_to(y, keys.shape)), axis=-1)
    ids = np.empty_like(order)
    np.put_along_axis(ids, order, np.broadcast_to(np.arange(y.size) % n_splits, order.shape), axis=-1)
    return ids


def subsample_test_masks(n, n_test, *, n_repeats=1, rng=None):
    """Test-set masks of ``n_repeats`` random subsamples: ``n_test`` of ``n`` cases each, without replacement.

    The training set of subsample ``r`` is ``~masks[r]`` (scikit-learn's ``ShuffleSplit``
    with ``test_size=n_test``, all drawn at once).

    Examples
    --------
    >>> m = subsample_test_masks(10, 3, n_repeats=4, rng=0)
    >>> m.shape, m.sum(axis=1).tolist()
    ((4, 10), [3, 3, 3, 3])
    """
    from ._validation import check_positive_int

    n = check_positive_int(n, "n", minimum=2)
    n_test = check_positive_int(n_test, "n_test")
    n_repeats = check_positive_int(n_repeats, "n_repeats")
    if n_test >= n:
        raise ValueError(f"n_test must be smaller than n={n}; got {n_test}")
    rng = np.random.default_rng(rng)
    ranks = np.argsort(np.argsort(rng.random((n_repeats, n)), axis=1), axis=1)
    return ranks < n_test
