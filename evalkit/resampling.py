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

__all__ = ["SplitScores", "split_scores"]


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
