"""The area under the ROC curve for more than two classes: one-vs-rest and one-vs-one.

Scott's lecture: "ROC analysis possible (though tricky) with multi-class problems". The
two usual reductions are

* **one-vs-rest** (Provost & Domingos): each class against all others, scored by its own
  column; the AUCs are averaged, equally (``'macro'``) or weighted by the class's
  prevalence (``'weighted'``);
* **one-vs-one** (Hand & Till, 2001): for each pair of classes, only their examples,
  the mean of the AUC of ``a`` against ``b`` (column ``a``) and of ``b`` against ``a``
  (column ``b``), averaged over pairs, equally or weighted by the pair's prevalence.

Both equal :func:`sklearn.metrics.roc_auc_score` with ``multi_class='ovr'`` / ``'ovo'``
(tested); unlike scikit-learn, the scores need not be probabilities summing to 1.
"""
from __future__ import annotations

from itertools import combinations

import numpy as np

from .._checks import Array, Choice, checks
from .roc import roc_auc

__all__ = ["MULTICLASS_AVERAGES", "MULTICLASS_SCHEMES", "multiclass_roc_auc"]

MULTICLASS_SCHEMES = ("ovr", "ovo")
MULTICLASS_AVERAGES = ("macro", "weighted")


@checks(_same_length=[("y_true", "y_score")], y_true=Array(ndim=1, kind="label"),
        y_score=Array(ndim=2, kind="real"), multi_class=Choice(*MULTICLASS_SCHEMES),
        average=Choice(*MULTICLASS_AVERAGES), labels=Array(ndim=1, kind="label", none=True))
def multiclass_roc_auc(y_true, y_score, *, multi_class="ovr", average="macro", labels=None):
    """Multi-class area under the ROC curve, one-vs-rest or one-vs-one (Hand & Till).

    Parameters
    ----------
    y_true : array_like of shape (n,)
        Class labels.
    y_score : array_like of shape (n, n_classes)
        A score per class (higher: more likely that class); column ``j`` belongs to
        ``labels[j]``.
    multi_class : {'ovr', 'ovo'}, default 'ovr'
    average : {'macro', 'weighted'}, default 'macro'
    labels : array_like, optional
        The classes, in the order of ``y_score``'s columns; by default the sorted unique
        values of ``y_true`` (as in scikit-learn). Every class must occur in ``y_true``.

    Returns
    -------
    float

    Examples
    --------
    >>> y = [0, 0, 1, 1, 2, 2]
    >>> scores = [[.8, .1, .1], [.4, .4, .2], [.2, .6, .2], [.3, .3, .4], [.1, .2, .7], [.2, .5, .3]]
    >>> round(multiclass_roc_auc(y, scores), 4), round(multiclass_roc_auc(y, scores, multi_class="ovo"), 4)
    (0.875, 0.875)
    """
    y = np.asarray(y_true)
    s = np.asarray(y_score, dtype=float)
    if y.ndim != 1 or y.size == 0:
        raise ValueError(f"y_true must be a non-empty 1-D array of labels; got shape {y.shape}")
    classes = np.unique(y) if labels is None else np.asarray(labels)
    if s.ndim != 2 or s.shape != (y.size, classes.size):
        raise ValueError(f"y_score must have shape (n_samples, n_classes) = ({y.size}, {classes.size}); got {s.shape}")
    if classes.size < 3:
        raise ValueError(f"multiclass_roc_auc needs at least 3 classes; got {classes.size} (use roc_auc for two)")
    if not np.isfinite(s).all():
        raise ValueError("y_score must be finite")
    missing = [c for c in classes.tolist() if not np.any(y == c)]
    if missing or np.unique(classes).size != classes.size:
        raise ValueError(f"labels must be distinct and each must occur in y_true; missing {missing}")
    member = y[:, None] == classes[None, :]
    if multi_class == "ovr":
        scores = np.array([roc_auc(member[:, j], s[:, j]) for j in range(classes.size)])
        weights = member.mean(axis=0)
    else:
        pairs = list(combinations(range(classes.size), 2))
        scores = np.empty(len(pairs))
        weights = np.empty(len(pairs))
        for k, (a, b) in enumerate(pairs):
            both = member[:, a] | member[:, b]
            scores[k] = (roc_auc(member[both, a], s[both, a]) + roc_auc(member[both, b], s[both, b])) / 2
            weights[k] = both.mean()
    return float(np.average(scores, weights=None if average == "macro" else weights))
