"""A supervised link predictor scored over every candidate pair, as a score histogram."""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from .._checks import Anything, Boolean, Instance, Integer, checks
from ..graph import check_adjacency
from ._common import check_pairs, pair_keys
from .histogram import ScoreHistogram, degree_product_histogram
from .predictors import adamic_adar, common_neighbors, jaccard, pair_scores, propflow
from .sampling import sample_negative_pairs
from .tasks import LinkPredictionTask

__all__ = ["FEATURES", "supervised_score_histogram"]

FEATURES = ("common_neighbors", "adamic_adar", "jaccard", "preferential_attachment", "propflow")
"""The pair features of the supervised predictor, in column order."""


class _FeatureMaps:
    """The sparse score matrices of one network, computed once, and feature rows for any pairs."""

    def __init__(self, A, max_length, weights=None):
        self.A = check_adjacency(A)
        self.deg = self.A.sum(axis=1)
        walk = self.A if weights is None else check_adjacency(weights, name="weights", weighted=True)
        if walk.shape != self.A.shape:
            raise ValueError(f"weights must have the adjacency's shape {self.A.shape}; got {walk.shape}")
        self.maps = [common_neighbors(self.A), adamic_adar(self.A), jaccard(self.A),
                     propflow(walk, max_length=max_length)]

    def rows(self, pairs):
        cn, aa, jc, pf = (pair_scores(S, pairs) for S in self.maps)
        pa = self.deg[pairs[:, 0]] * self.deg[pairs[:, 1]]
        return np.column_stack([cn, aa, jc, pa, pf])


def _example_task():
    from ._common import path_adjacency

    return LinkPredictionTask(path_adjacency(), np.arange(4), np.array([[0, 2]]), 0, 0)


_TASK = Instance(LinkPredictionTask, example=_example_task)


@checks(train=_TASK, test=_TASK, model=Anything("a scikit-learn classifier, cloned and checked by scikit-learn"),
        max_length=Integer(2), weighted=Boolean(), negatives_per_positive=Integer(1))
def supervised_score_histogram(train, test, *, model=None, max_length=3, weighted=False, negatives_per_positive=20,
                               rng=None):
    """Score every candidate pair of ``test`` with a classifier trained on ``train``, as a histogram.

    The classifier sees the five features of ``FEATURES`` (PropFlow with
    ``max_length`` steps, on the tasks' weighted networks if ``weighted``; the other
    four on the unweighted structure). It is trained on the positives of the ``train`` task and a
    uniform sample of ``negatives_per_positive`` times as many of its negatives (training
    sets may be sampled; only the test set must not be). Every candidate pair of ``test``
    is then scored without enumerating all of them: pairs more than ``max_length`` hops
    apart have all neighbourhood features 0, so their score depends on the degree product
    alone and is computed once per degree-product value, for as many pairs as have it;
    the pairs within ``max_length`` hops (the stored entries of the PropFlow matrix) are
    scored one by one.

    Parameters
    ----------
    train : LinkPredictionTask
        The task the classifier is trained on, e.g. features 1995-1998 / labels 1999.
    test : LinkPredictionTask
        The task whose candidate pairs are scored, e.g. features 1995-1999 / labels 2000.
    model : scikit-learn classifier, optional
        Default ``HistGradientBoostingClassifier(random_state=0)``; cloned before fitting.
    max_length : int, default 3
        At least 2, so that every pair with a common neighbour is "near". Every pair
        within ``max_length`` hops is scored one by one, so the cost grows with it.
    weighted : bool, default False
        PropFlow walks on ``train.weights`` and ``test.weights`` (which must be set)
        instead of the 0/1 adjacency.
    negatives_per_positive : int, default 20
        Training negatives sampled per training positive.
    rng : seed or Generator
        For the training negatives.

    Returns
    -------
    ScoreHistogram
        Scores are the classifier's probability of the positive class.

    Examples
    --------
    >>> from evalkit.datasets import TemporalEdges
    >>> from sklearn.linear_model import LogisticRegression
    >>> ev = TemporalEdges("toy", np.array([0, 1, 2, 3, 0, 1, 4, 0, 2, 3, 1]),
    ...                    np.array([1, 2, 3, 4, 4, 3, 5, 2, 4, 5, 5]), np.arange(11))
    >>> from evalkit.linkpred import temporal_task
    >>> train, test = temporal_task(ev, split=6, end=9), temporal_task(ev, split=9)
    >>> h = supervised_score_histogram(train, test, model=LogisticRegression(), max_length=2, rng=0)
    >>> h.n_positive, h.n_negative
    (2, 4)
    """
    from sklearn.base import clone
    from sklearn.ensemble import HistGradientBoostingClassifier

    negatives_per_positive, max_length = int(negatives_per_positive), int(max_length)
    rng = np.random.default_rng(rng)
    model = clone(model) if model is not None else HistGradientBoostingClassifier(random_state=0)
    # --- training set: all positives, sampled negatives
    for name, t in (("train", train), ("test", test)):
        if weighted and getattr(t, "weights", None) is None:
            raise ValueError(f"weighted=True needs {name}.weights (a task built from events); {name} has none")
    fm = _FeatureMaps(train.adjacency, max_length, train.weights if weighted else None)
    n_train_neg = min(negatives_per_positive * len(train.positives),
                      train.n_candidates - len(train.positives))
    neg = sample_negative_pairs(train.adjacency, train.positives, int(n_train_neg), rng=rng)
    X = np.vstack([fm.rows(np.sort(train.positives, axis=1)), fm.rows(neg)])
    y = np.r_[np.ones(len(train.positives)), np.zeros(len(neg))]
    model.fit(X, y)
    # --- test: near pairs enumerated, far pairs grouped by degree product
    fm = _FeatureMaps(test.adjacency, max_length, test.weights if weighted else None)
    A, n = fm.A, fm.A.shape[0]
    pos = np.sort(check_pairs(test.positives, n, "positives"), axis=1)
    near = sp.triu(fm.maps[3], k=1).tocsr()
    near = (near - near.multiply(A)).tocsr()
    near.eliminate_zeros()
    r, c = near.nonzero()
    near_keys = pair_keys(r, c, n)
    pos_keys = pair_keys(pos[:, 0], pos[:, 1], n)
    is_pos_near = np.isin(near_keys, pos_keys)
    near_neg = np.stack([r[~is_pos_near], c[~is_pos_near]], axis=1)
    proba = lambda Z: model.predict_proba(Z)[:, list(model.classes_).index(1.0)]  # noqa: E731
    pos_scores = proba(fm.rows(pos))
    near_scores = proba(fm.rows(near_neg)) if near_neg.size else np.zeros(0)
    # far negatives: all negatives per degree product, minus the near ones
    all_neg = degree_product_histogram(A, pos, test.n_candidates - pos.shape[0])
    far_values = all_neg.negative_values
    far_counts = all_neg.negative_counts.copy()
    near_pa = fm.deg[near_neg[:, 0]] * fm.deg[near_neg[:, 1]] if near_neg.size else np.zeros(0)
    v, cnt = np.unique(near_pa, return_counts=True)
    far_counts[np.searchsorted(far_values, v)] -= cnt
    keep = far_counts > 0
    far_rows = np.column_stack([np.zeros((keep.sum(), 3)), far_values[keep], np.zeros(keep.sum())])
    far_scores = proba(far_rows) if keep.any() else np.zeros(0)
    values = np.r_[near_scores, far_scores]
    counts = np.r_[np.ones(near_scores.size, dtype=np.int64), far_counts[keep]]
    return ScoreHistogram.from_unsorted(pos_scores, values, counts)
