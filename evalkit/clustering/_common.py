"""Argument checks and label/distance helpers shared by the modules of :mod:`evalkit.clustering`."""
from __future__ import annotations

import numpy as np
from scipy.spatial.distance import squareform

from .._checks import Array

__all__ = [
    "DISTANCES",
    "LABELS",
    "MATCHING",
    "PAIR_TABLE",
    "SQUARE",
    "comb2",
    "condensed",
    "label_codes",
    "same_cluster_mask",
    "two_labelings",
]

# ------------------------------------------------------------------ validation

# Declared argument checks (the bodies add the checks that involve several arguments).
LABELS = Array(ndim=1, kind="label", min_size=2)
PAIR_TABLE = Array(ndim=2, kind="count")  # the body says "2x2 pair count table"; booleans are not counts
MATCHING = Array(ndim=2, kind="count")
DISTANCES = Array(ndim=(1, 2), kind="real", low=0)
SQUARE = Array(ndim=2, kind="real", square=True)


def label_codes(labels, name):
    arr = np.asarray(labels)
    if arr.ndim != 1 or arr.size < 2:
        raise ValueError(f"{name} must be a 1-D sequence of at least 2 labels; got shape {arr.shape}")
    _, codes = np.unique(arr, return_inverse=True)
    return codes


def two_labelings(labels_true, labels_pred):
    a = label_codes(labels_true, "labels_true")
    b = label_codes(labels_pred, "labels_pred")
    if a.size != b.size:
        raise ValueError(f"labels_true and labels_pred must have the same length; got {a.size} and {b.size}")
    return a, b


def comb2(x):
    x = np.asarray(x, dtype=np.int64)
    return x * (x - 1) // 2


def condensed(distances, n_expected=None):
    d = np.asarray(distances, dtype=float)
    if d.ndim == 2:
        if d.shape[0] != d.shape[1]:
            raise ValueError(f"distances must be a square matrix or a condensed vector; got shape {d.shape}")
        if not np.allclose(d, d.T) or np.any(np.diag(d) != 0):
            raise ValueError("a square distances matrix must be symmetric with a zero diagonal")
        d = squareform(d, checks=False)
    elif d.ndim != 1:
        raise ValueError(f"distances must be a square matrix or a condensed vector; got shape {d.shape}")
    n = int(round((1 + np.sqrt(1 + 8 * d.size)) / 2))
    if n * (n - 1) // 2 != d.size:
        raise ValueError(f"a condensed distance vector has length n(n-1)/2; got {d.size}")
    if n_expected is not None and n != n_expected:
        raise ValueError(f"distances describe {n} points but labels has {n_expected}")
    if not np.isfinite(d).all() or (d < 0).any():
        raise ValueError("distances must be finite and non-negative")
    return d, n


def same_cluster_mask(codes):
    """Boolean mask over the condensed pairs (i < j, row-major) of equal labels, O(n^2) bits."""
    n = codes.size
    return np.concatenate([codes[i + 1 :] == codes[i] for i in range(n - 1)]) if n > 1 else np.zeros(0, bool)


