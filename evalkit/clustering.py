"""Evaluating clusterings: against prior knowledge, and from the clusters alone.

Prior knowledge (known classes): the pair contingency table and the Rand and Jaccard
statistics computed from it, the matching matrix with cluster entropy and purity, and
the Mantel test between the ideal (class) and observed (cluster) co-membership
matrices. Cluster properties: cohesion and separation, the silhouette, the Dunn index,
the C-index, the sum of squared errors and preserved variability.

Pairwise quantities are computed from counts wherever possible (the pair table from the
class-by-cluster contingency counts, the Mantel test between two partitions from the
pair table of each permutation), so they cost O(n) memory, not O(n^2). Distance-based
indices take a condensed distance vector (as returned by ``scipy.spatial.distance.pdist``)
or a square matrix.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np
from scipy.spatial.distance import squareform

__all__ = [
    "MantelResult",
    "c_index",
    "cluster_entropy",
    "cluster_purity",
    "co_membership_matrix",
    "cohesion",
    "dunn_index",
    "jaccard_coefficient",
    "mantel_test",
    "matching_matrix",
    "pair_confusion",
    "partition_labels",
    "preserved_variability",
    "rand_statistic",
    "random_subset_cohesion",
    "separation",
    "silhouette",
    "sse",
    "total_entropy",
    "total_purity",
]


# ------------------------------------------------------------------ validation


def _labels(labels, name):
    arr = np.asarray(labels)
    if arr.ndim != 1 or arr.size < 2:
        raise ValueError(f"{name} must be a 1-D sequence of at least 2 labels; got shape {arr.shape}")
    _, codes = np.unique(arr, return_inverse=True)
    return codes


def _two_labelings(labels_true, labels_pred):
    a = _labels(labels_true, "labels_true")
    b = _labels(labels_pred, "labels_pred")
    if a.size != b.size:
        raise ValueError(f"labels_true and labels_pred must have the same length; got {a.size} and {b.size}")
    return a, b


def _comb2(x):
    x = np.asarray(x, dtype=np.int64)
    return x * (x - 1) // 2


def _condensed(distances, n_expected=None):
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


def _same_cluster_mask(codes):
    """Boolean mask over the condensed pairs (i < j, row-major) of equal labels, O(n^2) bits."""
    n = codes.size
    return np.concatenate([codes[i + 1 :] == codes[i] for i in range(n - 1)]) if n > 1 else np.zeros(0, bool)


# ------------------------------------------------------------- prior knowledge


def partition_labels(communities, nodes):
    """Label vector from a partition given as node sets (networkx's community functions).

    Parameters
    ----------
    communities : iterable of sets
        Disjoint groups of nodes, e.g. ``networkx.community.louvain_communities(G)``.
    nodes : sequence
        The order of the nodes in the output.

    Returns
    -------
    ndarray of int
        ``labels[i]`` is the index of the community holding ``nodes[i]``.

    Examples
    --------
    >>> partition_labels([{"b", "c"}, {"a"}], ["a", "b", "c"]).tolist()
    [1, 0, 0]
    """
    where = {v: i for i, v in enumerate(nodes)}
    labels = np.full(len(where), -1, dtype=np.int64)
    for c, members in enumerate(communities):
        for v in members:
            if v not in where:
                raise ValueError(f"community {c} holds {v!r}, which is not in nodes")
            if labels[where[v]] != -1:
                raise ValueError(f"node {v!r} is in more than one community")
            labels[where[v]] = c
    if (labels == -1).any():
        missing = [n for n, lab in zip(nodes, labels) if lab == -1][:5]
        raise ValueError(f"nodes missing from every community, e.g. {missing}")
    return labels


def pair_confusion(labels_true, labels_pred):
    r"""Contingency table of the :math:`n(n-1)/2` unordered pairs of points.

    ``[[u11, u10], [u01, u00]]``: rows "same class" / "different class", columns "same
    cluster" / "different cluster" (the source's Figure 1.10). Computed from the
    class-by-cluster counts in O(n) memory.

    scikit-learn's ``pair_confusion_matrix`` counts *ordered* pairs (every count doubled)
    and orders the table ``[[C00, C01], [C10, C11]]``.

    Examples
    --------
    >>> pair_confusion([0, 0, 1, 1], [0, 0, 0, 1]).tolist()
    [[1, 1], [2, 2]]
    """
    a, b = _two_labelings(labels_true, labels_pred)
    counts = np.zeros((a.max() + 1, b.max() + 1), dtype=np.int64)
    np.add.at(counts, (a, b), 1)
    u11 = int(_comb2(counts).sum())
    same_class = int(_comb2(counts.sum(axis=1)).sum())
    same_cluster = int(_comb2(counts.sum(axis=0)).sum())
    total = a.size * (a.size - 1) // 2
    u10 = same_class - u11
    u01 = same_cluster - u11
    return np.array([[u11, u10], [u01, total - u11 - u10 - u01]], dtype=np.int64)


def _pair_table(table):
    t = np.asarray(table, dtype=float)
    if t.shape != (2, 2) or not np.isfinite(t).all() or (t < 0).any() or t.sum() == 0:
        raise ValueError(f"table must be a 2x2 pair count table [[u11, u10], [u01, u00]]; got {table!r}")
    return t.ravel()


def rand_statistic(table):
    r"""Rand statistic :math:`(u_{11} + u_{00}) / (u_{11} + u_{10} + u_{01} + u_{00})`.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        Pair counts from :func:`pair_confusion`. Equals scikit-learn's ``rand_score``.

    Examples
    --------
    >>> rand_statistic([[9, 4], [3, 12]])   # the source's Figure 1.11
    0.75
    """
    u11, u10, u01, u00 = _pair_table(table)
    return float((u11 + u00) / (u11 + u10 + u01 + u00))


def jaccard_coefficient(table):
    r"""Jaccard coefficient :math:`u_{11} / (u_{11} + u_{10} + u_{01})` of a pair table.

    Examples
    --------
    >>> jaccard_coefficient([[9, 4], [3, 12]])
    0.5625
    """
    u11, u10, u01, _ = _pair_table(table)
    if u11 + u10 + u01 == 0:
        raise ValueError("the Jaccard coefficient is undefined when no pair is together in either partition")
    return float(u11 / (u11 + u10 + u01))


def matching_matrix(labels_true, labels_pred):
    """Class-by-cluster counts: ``m[i, j]`` points of class ``i`` in cluster ``j``.

    Rows follow the sorted distinct classes, columns the sorted distinct clusters.

    Examples
    --------
    >>> matching_matrix(["a", "a", "b", "b", "a", "b"], [1, 3, 2, 2, 1, 3]).tolist()
    [[2, 0, 1], [0, 2, 1]]
    """
    a, b = _two_labelings(labels_true, labels_pred)
    m = np.zeros((a.max() + 1, b.max() + 1), dtype=np.int64)
    np.add.at(m, (a, b), 1)
    return m


def _matching(mm):
    m = np.asarray(mm, dtype=float)
    if m.ndim != 2 or m.size == 0 or not np.isfinite(m).all() or (m < 0).any():
        raise ValueError("mm must be a 2-D matching matrix of non-negative counts (classes x clusters)")
    sizes = m.sum(axis=0)
    if (sizes == 0).any():
        raise ValueError(f"mm has empty clusters (all-zero columns {np.flatnonzero(sizes == 0).tolist()})")
    return m, sizes


def cluster_entropy(mm):
    r"""Entropy of each cluster, :math:`E_j = -\sum_i p_{ij}\log_2 p_{ij}`, :math:`p_{ij} = m_{ij}/m_j`.

    0 for a cluster of one class; at most :math:`\log_2 V` for V classes (1 only when
    V = 2).

    Examples
    --------
    >>> cluster_entropy([[2, 0, 1], [0, 2, 1]]).tolist()   # the source's Figure 1.13
    [0.0, 0.0, 1.0]
    """
    m, sizes = _matching(mm)
    p = m / sizes
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(p > 0, p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
    return -terms.sum(axis=0) + 0.0


def total_entropy(mm):
    r"""Size-weighted mean cluster entropy, :math:`TE = \sum_j (m_j / M) E_j`.

    Examples
    --------
    >>> round(total_entropy([[2, 0, 1], [0, 2, 1]]), 4)
    0.3333
    """
    m, sizes = _matching(mm)
    return float(np.sum(sizes / sizes.sum() * cluster_entropy(m)))


def cluster_purity(mm):
    r"""Purity of each cluster, :math:`Pu_j = \max_i p_{ij}`, between 1/V and 1.

    Examples
    --------
    >>> cluster_purity([[2, 0, 1], [0, 2, 1]]).tolist()
    [1.0, 1.0, 0.5]
    """
    m, sizes = _matching(mm)
    return m.max(axis=0) / sizes


def total_purity(mm):
    r"""Size-weighted mean purity, :math:`TPu = \sum_j (m_j/M)\,Pu_j` (fraction of points in their cluster's majority class).

    Examples
    --------
    >>> round(total_purity([[2, 0, 1], [0, 2, 1]]), 4)
    0.8333
    """
    m, sizes = _matching(mm)
    return float(m.max(axis=0).sum() / sizes.sum())


def co_membership_matrix(labels):
    """The T x T 0/1 matrix with 1 where two points share a label (the source's ideal/observed matrix).

    Builds an n x n matrix; :func:`mantel_test` on label vectors does not need it.

    Examples
    --------
    >>> co_membership_matrix([0, 0, 1]).tolist()
    [[1, 1, 0], [1, 1, 0], [0, 0, 1]]
    """
    codes = _labels(labels, "labels")
    return (codes[:, None] == codes[None, :]).astype(np.int64)


@dataclass(frozen=True)
class MantelResult:
    """Result of :func:`mantel_test`.

    Attributes
    ----------
    statistic : float
        Pearson correlation of the upper-triangle entries of the two matrices.
    pvalue : float
        Permutation p-value, ``(R + 1) / (permutations + 1)``.
    permutations : int
    alternative : str
    """

    statistic: float
    pvalue: float
    permutations: int
    alternative: str


def _is_symmetric(m, chunk=256):
    """Symmetry check in row blocks (no n x n temporary)."""
    n = m.shape[0]
    return all(np.allclose(m[i : i + chunk], m[:, i : i + chunk].T) for i in range(0, n, chunk))


def _phi_from_pairs(t):
    u11, u10, u01, u00 = (float(v) for v in t.ravel())
    den = np.sqrt((u11 + u10) * (u01 + u00) * (u11 + u01) * (u10 + u00))
    return (u11 * u00 - u10 * u01) / den if den > 0 else np.nan


def _matrix_stat_factory(x, y, chunk=256):
    """Correlation of upper triangles of x and y[p][:, p], computed in row chunks."""
    n = x.shape[0]
    m = n * (n - 1) / 2
    xs = (x.sum() - np.trace(x)) / 2
    ys = (y.sum() - np.trace(y)) / 2
    xq = (np.einsum("ij,ij->", x, x) - np.sum(np.diag(x) ** 2)) / 2  # no n x n temporary
    yq = (np.einsum("ij,ij->", y, y) - np.sum(np.diag(y) ** 2)) / 2
    sx = np.sqrt(xq / m - (xs / m) ** 2)
    sy = np.sqrt(yq / m - (ys / m) ** 2)
    diag_x = np.diag(x)
    diag_y = np.diag(y)

    def stat(p):
        cross = 0.0
        for start in range(0, n, chunk):
            rows = slice(start, min(n, start + chunk))
            cross += np.sum(x[rows] * y[p[rows]][:, p])
        cross = (cross - np.sum(diag_x * diag_y[p])) / 2
        return (cross / m - (xs / m) * (ys / m)) / (sx * sy)

    return stat


def mantel_test(x, y, *, permutations=999, alternative="greater", rng=None):
    r"""Mantel test: correlation of two symmetric matrices, with a permutation p-value.

    The statistic is the Pearson correlation of the :math:`n(n-1)/2` entries above the
    diagonal (the source's equation 1.43, which is this correlation). The p-value permutes
    the points of ``y`` (rows and columns together) and counts permutations whose
    statistic is at least as extreme, ``(R + 1) / (permutations + 1)`` (North et al.).

    Parameters
    ----------
    x, y : array_like
        Square symmetric matrices of the same size, or 1-D label vectors, taken as their
        co-membership matrices (1 = same label) without building them: the statistic is
        then the phi coefficient of :func:`pair_confusion`, O(n) per permutation.
    permutations : int, default 999
    alternative : {'greater', 'less', 'two-sided'}, default 'greater'
    rng : None, int or numpy.random.Generator

    Returns
    -------
    MantelResult

    Notes
    -----
    With matrices, the products are accumulated in row blocks, so no further n x n
    matrix is built besides the two inputs. Equals ``skbio.stats.distance.mantel``
    (Pearson) for the statistic, and for the p-value given the same permutations.

    Examples
    --------
    >>> x = [[1, 1, 0], [1, 1, 0], [0, 0, 1]]   # the source's Figure 1.14, ideal
    >>> y = [[1, 0, 1], [0, 1, 0], [1, 0, 1]]   # observed
    >>> mantel_test(x, y, permutations=0).statistic
    -0.5
    >>> round(mantel_test([0, 0, 1], [0, 1, 0], permutations=0).statistic, 6)
    -0.5
    """
    if alternative not in ("greater", "less", "two-sided"):
        raise ValueError(f"alternative must be 'greater', 'less' or 'two-sided'; got {alternative!r}")
    if isinstance(permutations, bool) or not isinstance(permutations, numbers.Integral) or permutations < 0:
        raise ValueError(f"permutations must be a non-negative integer; got {permutations!r}")
    rng = np.random.default_rng(rng)
    xa, ya = np.asarray(x), np.asarray(y)
    if xa.ndim == 1 and ya.ndim == 1:
        a, b = _two_labelings(xa, ya)
        n = a.size

        def stat(p):
            return _phi_from_pairs(pair_confusion(a, b[p]))

    elif xa.ndim == 2 and ya.ndim == 2:
        if xa.shape != ya.shape or xa.shape[0] != xa.shape[1] or xa.shape[0] < 3:
            raise ValueError(f"x and y must be square matrices of the same size (n >= 3); got {xa.shape}, {ya.shape}")
        xf, yf = np.asarray(xa, dtype=float), np.asarray(ya, dtype=float)  # no copy if already float
        if not (_is_symmetric(xf) and _is_symmetric(yf)):
            raise ValueError("x and y must be symmetric")
        n = xf.shape[0]
        stat = _matrix_stat_factory(xf, yf)
    else:
        raise ValueError("x and y must both be square matrices or both be 1-D label vectors")
    identity = np.arange(n)
    observed = float(stat(identity))
    if not np.isfinite(observed):
        raise ValueError("the correlation is undefined: one matrix has constant entries above the diagonal")
    if permutations == 0:
        return MantelResult(observed, float("nan"), 0, alternative)
    null = np.array([stat(rng.permutation(n)) for _ in range(permutations)])
    if alternative == "greater":
        extreme = np.sum(null >= observed - 1e-12)
    elif alternative == "less":
        extreme = np.sum(null <= observed + 1e-12)
    else:
        extreme = np.sum(np.abs(null) >= abs(observed) - 1e-12)
    return MantelResult(observed, float((extreme + 1) / (permutations + 1)), int(permutations), alternative)


# ---------------------------------------------------------- cluster properties


def _square_proximity(matrix, n_expected):
    s = np.asarray(matrix, dtype=float)
    if s.ndim != 2 or s.shape != (n_expected, n_expected):
        raise ValueError(f"the proximity matrix must be {n_expected} x {n_expected}; got shape {s.shape}")
    if not np.isfinite(s).all():
        raise ValueError("the proximity matrix must be finite")
    return s


def cohesion(proximity, labels):
    r"""The source's cohesion (1.45): mean over clusters of the mean proximity within the cluster.

    .. math:: \frac1W \sum_i \frac{\sum_{x, y \in g_i} prox(x, y)}{|g_i|^2}

    The inner sum runs over all ordered pairs *including* x = y, as the source's
    :math:`|g_i|^2` denominator implies.

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


def separation(proximity, labels):
    r"""Mean, over pairs of distinct clusters, of the mean proximity between their points.

    .. math:: \frac{1}{W(W-1)} \sum_{i \ne j} \frac{\sum_{x\in g_i, y \in g_j} prox(x, y)}{|g_i||g_j|}

    The source's equation (1.46) multiplies this by 2: its double sum already runs over
    ordered pairs of clusters, so the factor 2 double counts, and the result can exceed
    the largest proximity. Pass the result times 2 to reproduce the printed formula.

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

    Examples
    --------
    >>> from scipy.spatial.distance import pdist
    >>> X = [[0, 0], [0, 1], [5, 5], [5, 6], [10, 0]]
    >>> round(silhouette(pdist(X), [0, 0, 1, 1, 2]), 4)
    0.6869
    """
    if definition not in ("rousseeuw", "source"):
        raise ValueError(f"definition must be 'rousseeuw' or 'source'; got {definition!r}")
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


def dunn_index(distances, labels):
    """Dunn index: the smallest distance between points of different clusters over the largest within a cluster.

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


def c_index(distances, labels):
    r"""C-index (Hubert & Schultz): :math:`(K - K_{min}) / (K_{max} - K_{min})`, to be minimised.

    K is the sum of the b within-cluster distances; :math:`K_{min}` and
    :math:`K_{max}` are the sums of the b smallest and the b largest of all pairwise
    distances. Uses the condensed distances (n(n-1)/2 values) and a partial sort; no
    n x n matrix is built.

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


def sse(X, labels, *, centers=None):
    r"""Sum of squared distances from each point to its cluster's centre, :math:`\sum_i\sum_{d\in g_i}\|d - m_i\|^2`.

    ``centers`` default to the cluster means (then this equals k-means' inertia).

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
    return float(np.sum((x - c[codes]) ** 2))


def preserved_variability(eigenvalues, k):
    r"""Share of the total variance kept by the k largest eigenvalues, :math:`\sum_{i\le k}\lambda_i / \sum_j \lambda_j`.

    Examples
    --------
    >>> preserved_variability([4, 3, 2, 1], 2)
    0.7
    """
    lam = np.sort(np.asarray(eigenvalues, dtype=float))[::-1]
    if lam.ndim != 1 or lam.size == 0 or not np.isfinite(lam).all() or lam[-1] < -1e-9 * max(lam[0], 1):
        raise ValueError("eigenvalues must be a non-empty 1-D array of non-negative numbers")
    if isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 1 <= k <= lam.size:
        raise ValueError(f"k must be an integer between 1 and {lam.size}; got {k!r}")
    return float(lam[:k].sum() / lam.sum())


def random_subset_cohesion(similarity, size, *, n_samples=1000, rng=None):
    """Mean pairwise similarity (distinct pairs) of random subsets: the null for a cluster's cohesion.

    The Monte Carlo procedure of the graph-mining chapter (Section 1.5.1): draw
    ``n_samples`` subsets of ``size`` points uniformly without replacement and score
    each by its average pairwise similarity. Pass the result to
    :func:`evalkit.stats.monte_carlo_pvalue` with the observed cluster's score.

    Returns
    -------
    ndarray of shape (n_samples,)

    Examples
    --------
    >>> s = np.eye(4) + 0.5 * (1 - np.eye(4))
    >>> random_subset_cohesion(s, 3, n_samples=2, rng=0).tolist()
    [0.5, 0.5]
    """
    s = np.asarray(similarity, dtype=float)
    if s.ndim != 2 or s.shape[0] != s.shape[1]:
        raise ValueError(f"similarity must be a square matrix; got shape {s.shape}")
    n = s.shape[0]
    if isinstance(size, bool) or not isinstance(size, numbers.Integral) or not 2 <= size <= n:
        raise ValueError(f"size must be an integer between 2 and {n}; got {size!r}")
    rng = np.random.default_rng(rng)
    out = np.empty(n_samples)
    iu = np.triu_indices(size, 1)
    for t in range(n_samples):
        idx = rng.choice(n, size=size, replace=False)
        out[t] = s[np.ix_(idx, idx)][iu].mean()
    return out
