"""Cluster properties without known classes: cohesion, separation, silhouette, Dunn, C-index, SSE.

Also the preserved variability of a projection. Distance-based indices take a condensed
distance vector (as returned by ``scipy.spatial.distance.pdist``) or a square matrix.
Every public name is importable from :mod:`evalkit.clustering`.
"""
from __future__ import annotations

import numpy as np
from scipy.spatial.distance import squareform

from .._checks import Array, Choice, Integer, checks
from ._common import (
    LABELS as _LABELS,
    DISTANCES as _DISTANCES,
    SQUARE as _SQUARE,
    label_codes as _labels,
    condensed as _condensed,
    same_cluster_mask as _same_cluster_mask,
)

__all__ = [
    "c_index",
    "cohesion",
    "dunn_index",
    "preserved_variability",
    "separation",
    "silhouette",
    "sse",
]




def _square_proximity(matrix, n_expected):
    s = np.asarray(matrix, dtype=float)
    if s.ndim != 2 or s.shape != (n_expected, n_expected):
        raise ValueError(f"the proximity matrix must be {n_expected} x {n_expected}; got shape {s.shape}")
    if not np.isfinite(s).all():
        raise ValueError("the proximity matrix must be finite")
    return s


@checks(proximity=_SQUARE, labels=_LABELS)
def cohesion(proximity, labels):
    r"""The source's cohesion (1.45): mean over clusters of the mean proximity within the cluster.

    .. math:: \frac1W \sum_i \frac{\sum_{x, y \in g_i} prox(x, y)}{|g_i|^2}

    The inner sum runs over all ordered pairs *including* x = y, as the source's
    :math:`|g_i|^2` denominator implies.

    Parameters
    ----------
    proximity : array_like of shape (n, n)
        Pairwise proximities (similarities) of the n points.
    labels : array_like of shape (n,)
        Cluster of each point.

    Returns
    -------
    float
        The cohesion.

    Examples
    --------
    >>> s = [[1, .8, .1], [.8, 1, .2], [.1, .2, 1]]
    >>> round(cohesion(s, [0, 0, 1]), 4)   # ((1 + .8 + .8 + 1) / 4 + 1) / 2
    0.95
    """
    codes = _labels(labels, "labels")
    s = _square_proximity(proximity, codes.size)
    w = codes.max() + 1
    values = [s[np.ix_(codes == g, codes == g)].mean() for g in range(w)]
    return float(np.mean(values))


@checks(proximity=_SQUARE, labels=_LABELS)
def separation(proximity, labels):
    r"""Mean, over pairs of distinct clusters, of the mean proximity between their points.

    .. math:: \frac{1}{W(W-1)} \sum_{i \ne j} \frac{\sum_{x\in g_i, y \in g_j} prox(x, y)}{|g_i||g_j|}

    The source's equation (1.46) multiplies this by 2: its double sum already runs over
    ordered pairs of clusters, so the factor 2 double counts, and the result can exceed
    the largest proximity. Pass the result times 2 to reproduce the printed formula.

    Parameters
    ----------
    proximity : array_like of shape (n, n)
        Pairwise proximities (similarities) of the n points.
    labels : array_like of shape (n,)
        Cluster of each point.

    Returns
    -------
    float
        The separation (at least 2 clusters).

    Examples
    --------
    >>> s = [[1, .8, .1], [.8, 1, .2], [.1, .2, 1]]
    >>> round(separation(s, [0, 0, 1]), 4)
    0.15
    """
    codes = _labels(labels, "labels")
    s = _square_proximity(proximity, codes.size)
    w = codes.max() + 1
    if w < 2:
        raise ValueError("separation needs at least 2 clusters")
    onehot = np.eye(w)[codes]
    sizes = onehot.sum(axis=0)
    block_means = (onehot.T @ s @ onehot) / np.outer(sizes, sizes)
    off = ~np.eye(w, dtype=bool)
    return float(block_means[off].mean())


@checks(distances=_DISTANCES, labels=_LABELS, definition=Choice("rousseeuw", "source"))
def silhouette(distances, labels, *, definition="rousseeuw"):
    r"""Mean silhouette coefficient over all points.

    ``definition='rousseeuw'`` (default, Rousseeuw 1987; scikit-learn's
    ``silhouette_score``): :math:`s(d) = (b - a) / \max(a, b)` with ``a`` the mean
    distance from d to the other points of its cluster and ``b`` the smallest mean
    distance from d to the points of *another single cluster*. Points in singleton
    clusters score 0.

    ``definition='source'``: the graph-mining chapter's (1.47), where
    :math:`\mu_{inter}` is the mean distance to *all* points outside d's cluster. With
    more than two clusters this mixes near and far clusters and differs from the
    silhouette.

    Parameters
    ----------
    distances : array_like
        Condensed vector or square matrix of pairwise distances.
    labels : array_like
        Cluster of each point; at least 2 clusters.
    definition : {'rousseeuw', 'source'}, default 'rousseeuw'
        Rousseeuw's silhouette or the source's equation (1.47).

    Returns
    -------
    float
        The mean silhouette coefficient, in [-1, 1].

    Examples
    --------
    >>> from scipy.spatial.distance import pdist
    >>> X = [[0, 0], [0, 1], [5, 5], [5, 6], [10, 0]]
    >>> round(silhouette(pdist(X), [0, 0, 1, 1, 2]), 4)
    0.6869
    """
    codes = _labels(labels, "labels")
    d, n = _condensed(distances, codes.size)
    w = codes.max() + 1
    if w < 2 or w >= n:
        raise ValueError(f"silhouette needs 2 <= number of clusters < number of points; got {w} clusters, {n} points")
    full = squareform(d)
    onehot = np.eye(w)[codes]
    sums = full @ onehot  # n x w: total distance from each point to each cluster
    sizes = onehot.sum(axis=0)
    own = sizes[codes]
    a = np.where(own > 1, sums[np.arange(n), codes] / np.maximum(own - 1, 1), 0.0)
    if definition == "rousseeuw":
        means = sums / sizes
        means[np.arange(n), codes] = np.inf
        b = means.min(axis=1)
    else:
        b = (sums.sum(axis=1) - sums[np.arange(n), codes]) / (n - own)
    with np.errstate(invalid="ignore", divide="ignore"):
        s = np.where(own > 1, (b - a) / np.maximum(a, b), 0.0)
    return float(np.nan_to_num(s).mean())


@checks(distances=_DISTANCES, labels=_LABELS)
def dunn_index(distances, labels):
    """Dunn index: the smallest distance between points of different clusters over the largest within a cluster.

    Parameters
    ----------
    distances : array_like
        Condensed vector (``scipy.spatial.distance.pdist``) or square matrix of pairwise
        distances.
    labels : array_like of shape (n,)
        Cluster of each point.

    Returns
    -------
    float
        The Dunn index (inf when every within-cluster distance is 0).

    Examples
    --------
    >>> from scipy.spatial.distance import pdist
    >>> round(dunn_index(pdist([[0, 0], [0, 1], [5, 5], [5, 6]]), [0, 0, 1, 1]), 4)
    6.4031
    """
    codes = _labels(labels, "labels")
    d, _ = _condensed(distances, codes.size)
    same = _same_cluster_mask(codes)
    if not same.any():
        raise ValueError("the Dunn index needs a cluster with at least two points")
    if same.all():
        raise ValueError("the Dunn index needs at least two clusters")
    return float(d[~same].min() / d[same].max()) if d[same].max() > 0 else float("inf")


@checks(distances=_DISTANCES, labels=_LABELS)
def c_index(distances, labels):
    r"""C-index (Hubert & Schultz): :math:`(K - K_{min}) / (K_{max} - K_{min})`, to be minimised.

    K is the sum of the b within-cluster distances; :math:`K_{min}` and
    :math:`K_{max}` are the sums of the b smallest and the b largest of all pairwise
    distances. Uses the condensed distances (n(n-1)/2 values) and a partial sort; no
    n x n matrix is built.

    Parameters
    ----------
    distances : array_like
        Condensed vector (``scipy.spatial.distance.pdist``) or square matrix of pairwise
        distances.
    labels : array_like of shape (n,)
        Cluster of each point.

    Returns
    -------
    float
        The C-index, in [0, 1] (0 when all distances are equal).

    Examples
    --------
    >>> from scipy.spatial.distance import pdist
    >>> c_index(pdist([[0, 0], [0, 1], [5, 5], [5, 6]]), [0, 0, 1, 1])
    0.0
    """
    codes = _labels(labels, "labels")
    d, _ = _condensed(distances, codes.size)
    same = _same_cluster_mask(codes)
    b = int(same.sum())
    if b == 0 or b == d.size:
        raise ValueError("the C-index needs within-cluster pairs and between-cluster pairs")
    k = d[same].sum()
    k_min = np.partition(d, b - 1)[:b].sum()
    k_max = np.partition(d, d.size - b)[d.size - b :].sum()
    return float((k - k_min) / (k_max - k_min)) if k_max > k_min else 0.0


@checks(_same_length=[("X", "labels")], X=Array(ndim=2, kind="real"), labels=_LABELS,
        centers=Array(ndim=2, kind="real", none=True))
def sse(X, labels, *, centers=None):
    r"""Sum of squared distances from each point to its cluster's centre, :math:`\sum_i\sum_{d\in g_i}\|d - m_i\|^2`.

    ``centers`` default to the cluster means (then this equals k-means' inertia).

    Parameters
    ----------
    X : array_like of shape (n, d)
        The points.
    labels : array_like of shape (n,)
        Cluster of each point.
    centers : array_like of shape (n_clusters, d), optional
        Cluster centres, in the order of the sorted distinct labels; default the means.

    Returns
    -------
    float
        The sum of squared errors.

    Examples
    --------
    >>> sse([[0, 0], [0, 2], [5, 5]], [0, 0, 1])
    2.0
    """
    codes = _labels(labels, "labels")
    x = np.asarray(X, dtype=float)
    if x.ndim != 2 or x.shape[0] != codes.size:
        raise ValueError(f"X must have shape (n_points, n_features) with n_points = {codes.size}; got {x.shape}")
    w = codes.max() + 1
    if centers is None:
        c = np.vstack([x[codes == g].mean(axis=0) for g in range(w)])
    else:
        c = np.asarray(centers, dtype=float)
        if c.shape != (w, x.shape[1]):
            raise ValueError(f"centers must have shape ({w}, {x.shape[1]}); got {c.shape}")
    with np.errstate(over="ignore", invalid="ignore"):
        total = float(np.sum((x - c[codes]) ** 2))
    if not np.isfinite(total):
        raise OverflowError("X is too large: the sum of squared distances exceeds the largest float "
                            f"({np.finfo(float).max:.3g}); rescale X (the SSE scales with its square)")
    return total


@checks(eigenvalues=Array(ndim=1, kind="real"), k=Integer(1))
def preserved_variability(eigenvalues, k):
    r"""Share of the total variance kept by the k largest eigenvalues, :math:`\sum_{i\le k}\lambda_i / \sum_j \lambda_j`.

    Parameters
    ----------
    eigenvalues : array_like of shape (m,)
        Non-negative eigenvalues (any order).
    k : int
        How many of the largest to keep, ``1 <= k <= m``.

    Returns
    -------
    float
        The share of the total, in [0, 1].

    Raises
    ------
    ValueError
        When an eigenvalue is negative, every eigenvalue is zero, or ``k`` exceeds their number.

    Examples
    --------
    >>> preserved_variability([4, 3, 2, 1], 2)
    0.7
    """
    lam = np.sort(np.asarray(eigenvalues, dtype=float))[::-1]
    if lam[-1] < -1e-9 * max(lam[0], 1):
        raise ValueError("eigenvalues must be a non-empty 1-D array of non-negative numbers")
    if k > lam.size:
        raise ValueError(f"k must be an integer between 1 and {lam.size}; got {k!r}")
    if lam[0] <= 0:
        raise ValueError("eigenvalues must not all be zero: there is no variance to preserve")
    lam = lam / lam[0]                  # a ratio: scaled so that eigenvalues near the float maximum do not overflow
    return float(lam[:k].sum() / lam.sum())
