"""The page ``clustering-metrics``: evaluating clusterings against known classes and without them.

The claims are computed from the source's worked examples (Figures 1.11, 1.13 and 1.14)
and from small simulated clusterings for the stated ranges; :func:`ours` returns those of
one of the page's tables at a time (:data:`SECTIONS`). The experiment
:func:`~evalkit.reproductions.graph_metrics.community_validation` evaluates Louvain communities of two real networks.
"""
from __future__ import annotations

import numpy as np

from ... import clustering as cl
from ..._checks import Array, Choice, Instance, Integer, Values, checks
from .._common import BOOK_PAPER_SMALL
from .._experiment import experiment
from .setups import cora_words_pca, network_partitions
from .source import FIGURE_1_11, FIGURE_1_13, FIGURE_1_14_IDEAL, FIGURE_1_14_OBSERVED

__all__ = ["SECTIONS", "cluster_count_trends", "community_validation", "ours"]

#: The page's claims tables: section -> the claim ids it shows, in the order shown.
SECTIONS = {
    "pairs": ("gm.fig1-11.rand", "gm.fig1-11.jaccard", "gm.r-contingency.rand", "gm.r-contingency.jaccard"),
    "matching": tuple(cid for k in (1, 2, 3) for cid in (
        f"gm.fig1-13.entropy.cluster{k}", f"gm.fig1-13.purity.cluster{k}", f"gm.r-matching.entropy.cluster{k}",
        f"gm.r-matching.purity.cluster{k}"))
    + tuple(f"gm.fig1-13.size.cluster{k}" for k in (1, 2, 3))
    + ("gm.fig1-13.total", "gm.fig1-13.total-entropy", "gm.fig1-13.total-purity", "gm.r-matching.total-entropy",
       "gm.r-matching.total-purity", "gm.sec1-3-1.entropy-range", "gm.sec1-3-1.purity-range"),
    "mantel": ("gm.fig1-14.ideal-observed", "gm.eq1-43.mantel-range"),
    "properties": ("gm.eq1-46.separation-range", "gm.eq1-50.c-index-range", "gm.eq1-49.dunn-range",
                   "gm.eq1-47.silhouette-range"),
}


@checks(scale=BOOK_PAPER_SMALL, permutations=Integer(0, none=True))
@experiment(
    "graph-metrics-community-validation",
    # the source computes Mantel's r_M without a test; the book's permutation test takes
    # the source's J of Section 1.5.1 (about 1,000 random draws; 999 makes (R+1)/(J+1) = 0.001)
    scales={"book": {"permutations": 999}, "paper": {"permutations": 999}, "small": {"permutations": 9}},
    paper_cost="~30 s on 1 core (Cora's all-pairs shortest paths and 999 Mantel permutations)",
)
def community_validation(*, permutations: int = 999, seed: int = 20260501):
    """External and internal validation of Louvain communities on political books and Cora.

    Parameters
    ----------
    permutations : int
        Permutations of the Mantel test.
    seed : int
        Seed of the Mantel permutations (the same for both networks).

    Returns
    -------
    pandas.DataFrame
        One column per network; rows: sizes, Rand, Jaccard, entropy, purity, Mantel r and
        p, silhouette, Dunn index, C-index.


    Examples
    --------
    >>> res = community_validation(scale="small", seed=1)      # 9 Mantel permutations
    >>> round(float(res.loc["Rand", "political books"]), 3)
    0.836
    """
    import pandas as pd

    rows = {}
    for name, f in network_partitions().items():
        table = cl.pair_confusion(f["classes"], f["communities"])
        mm = cl.matching_matrix(f["classes"], f["communities"])
        mantel = cl.mantel_test(f["classes"], f["communities"], permutations=permutations, rng=seed)
        rows[name] = {
            "nodes": f["classes"].size, "classes": mm.shape[0], "communities": mm.shape[1],
            "Rand": cl.rand_statistic(table), "Jaccard": cl.jaccard_coefficient(table),
            "total entropy (bits)": cl.total_entropy(mm), "total purity": cl.total_purity(mm),
            "Mantel r (ideal vs observed)": mantel.statistic,
            f"Mantel p ({permutations} permutations)": mantel.pvalue,
            "silhouette (shortest paths)": cl.silhouette(f["distance"], f["communities"]),
            "Dunn index": cl.dunn_index(f["distance"], f["communities"]),
            "C-index": cl.c_index(f["distance"], f["communities"]),
        }
    return pd.DataFrame(rows)


@checks(scale=BOOK_PAPER_SMALL, cluster_counts=Values(Integer(2), min_len=3), n_components=Integer(2),
        n_init=Integer(1))
@experiment(
    "graph-metrics-cluster-count",
    scales={"book": {"cluster_counts": tuple(range(2, 13)), "n_init": 10},
            "paper": {"cluster_counts": tuple(range(2, 13)), "n_init": 10},
            "small": {"cluster_counts": (2, 3, 4), "n_init": 1}},
    paper_cost="~15 s on 1 core (k-means 11 times, 10 starts each, and the silhouettes of 2,708 papers)",
    uses={"data": "gm-cora-kmeans-k"},
)
def cluster_count_trends(*, cluster_counts: tuple[int, ...] = tuple(range(2, 13)), n_components: int = 50,
                         n_init: int = 10, seed: int = 0):
    """Cohesion, separation and the silhouette of k-means on Cora's words as the number of clusters grows.

    Section 1.5 of the graph-mining chapter: the silhouette coefficient, "unlike cohesion
    and separation, is independent of the number of clusters present". Cohesion (the SSE,
    1.44) can only improve as clusters are added to an optimal clustering, and so can
    separation (the between-cluster sum of squares, which is the total sum of squares minus
    the SSE); the silhouette compares each point's own cluster with the nearest other one
    and has no such trend.

    Parameters
    ----------
    cluster_counts : tuple of int
        The numbers of clusters (at least three of them, each at least 2).
    n_components : int
        Principal components of Cora's word counts clustered (as the significance page's k-means).
    n_init : int
        Starts of k-means per number of clusters (scikit-learn's ``n_init``); the best is kept.
    seed : int
        Seed of k-means' starts.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``clusters``: ``cohesion (SSE)``, ``separation (SS between)`` and
        ``mean silhouette`` (Rousseeuw's, Euclidean distances).

    Examples
    --------
    >>> trends = cluster_count_trends(scale="small", seed=0)   # 2, 3 and 4 clusters, one start each
    >>> trends["cohesion (SSE)"].is_monotonic_decreasing
    True
    """
    import pandas as pd
    from scipy.spatial.distance import pdist, squareform
    from sklearn.cluster import KMeans

    from ... import datasets

    Z = cora_words_pca(datasets.load_cora().features.toarray().astype(float), n_components=n_components, seed=0)
    distances = squareform(pdist(Z))
    total = float(((Z - Z.mean(axis=0)) ** 2).sum())
    rows = {}
    for k in cluster_counts:
        km = KMeans(k, n_init=n_init, random_state=seed).fit(Z)
        sse = cl.sse(Z, km.labels_, centers=km.cluster_centers_)
        rows[k] = {"cohesion (SSE)": sse, "separation (SS between)": total - sse,
                   "mean silhouette": cl.silhouette(distances, km.labels_)}
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("clusters")


def _example_claims():
    """Every claim of the source's examples and stated ranges: ``{claim id: our value}``."""
    table = FIGURE_1_11
    mm = FIGURE_1_13
    ours = {"gm.fig1-11.rand": cl.rand_statistic(table), "gm.fig1-11.jaccard": cl.jaccard_coefficient(table),
            "gm.r-contingency.rand": cl.rand_statistic(table), "gm.r-contingency.jaccard": cl.jaccard_coefficient(table)}
    entropy, purity = cl.cluster_entropy(mm), cl.cluster_purity(mm)
    for k in range(3):
        for prefix in ("gm.fig1-13", "gm.r-matching"):
            ours[f"{prefix}.entropy.cluster{k + 1}"] = float(entropy[k])
            ours[f"{prefix}.purity.cluster{k + 1}"] = float(purity[k])
    for k, size in enumerate(mm.sum(axis=0)):
        ours[f"gm.fig1-13.size.cluster{k + 1}"] = int(size)
    ours["gm.fig1-13.total"] = int(mm.sum())
    for prefix in ("gm.fig1-13", "gm.r-matching"):
        ours[f"{prefix}.total-entropy"] = cl.total_entropy(mm)
        ours[f"{prefix}.total-purity"] = cl.total_purity(mm)
    ours["gm.sec1-3-1.entropy-range"] = _entropy_range()
    rng = np.random.default_rng(0)
    X = FIGURE_1_14_IDEAL
    Y = FIGURE_1_14_OBSERVED
    ours["gm.fig1-14.ideal-observed"] = bool(np.array_equal(cl.co_membership_matrix([1, 1, 2]), X)
                                             and np.array_equal(cl.co_membership_matrix([1, 2, 1]), Y))
    ours["gm.eq1-46.separation-range"] = _separation_range()
    ours.update(_range_claims(rng))
    return ours


@checks(n_classes=Integer(2, 10))
def _entropy_range(*, n_classes=3):
    """Section 1.3.1.2: the entropy of a cluster lies between 0 and 1.

    Searched over every cluster of ``n_classes`` classes with 0 to 2 points of each (the
    even split, of the largest entropy, among them).

    Parameters
    ----------
    n_classes : int, default 3
        Classes, from 2 to 10.

    Returns
    -------
    bool
        Whether no cluster's entropy leaves [0, 1].

    Examples
    --------
    >>> _entropy_range(), _entropy_range(n_classes=2)      # at most log2(3) for three classes
    (False, True)
    """
    columns = np.stack(np.meshgrid(*[np.arange(3)] * n_classes, indexing="ij")).reshape(n_classes, -1)
    entropy = cl.cluster_entropy(columns[:, columns.sum(axis=0) > 0])
    return bool(((entropy >= -1e-12) & (entropy <= 1 + 1e-12)).all())


@checks(proximity=Array(ndim=2, square=True, low=0, high=1), labels=Array(ndim=1, kind="label"),
        _same_length=[("proximity", "labels")])
def _separation_range(*, proximity=np.ones((4, 4)), labels=(0, 0, 1, 1)):
    """Equations 1.45-1.46: cohesion and separation take values in 0 to 1 for proximities.

    Separation as printed, twice :func:`evalkit.clustering.separation`.

    Parameters
    ----------
    proximity : array_like of shape (n, n), default all ones
        Proximities, in [0, 1].
    labels : array_like of shape (n,), default (0, 0, 1, 1)
        Cluster of each point, at least two clusters.

    Returns
    -------
    bool
        Whether the cohesion and the printed separation of ``labels`` on ``proximity`` are in [0, 1].

    Examples
    --------
    >>> _separation_range(), _separation_range(proximity=cl.co_membership_matrix([0, 0, 1, 1]))
    (False, True)
    """
    return bool(0 <= cl.cohesion(proximity, labels) <= 1 and 0 <= 2 * cl.separation(proximity, labels) <= 1)


#: Random cases each stated range is searched over for a counter-example
RANGE_CASES = 200


def _range_claims(rng, n_cases=RANGE_CASES, *, purity=cl.cluster_purity, mantel=cl.mantel_test, c_index=cl.c_index,
                  dunn=cl.dunn_index, silhouette=cl.silhouette):
    """The stated ranges of purity, Mantel, C-index, Dunn and silhouette, searched for a counter-example.

    Each range is a claim about every input, so its predicate is a search: ``n_cases``
    random inputs (matching matrices with 2 to 6 classes, some clusters of a single
    class; labelings and point clouds of 6 to 40 points in 2 to 5 groups, separated or
    not, some groups of one point), and the claim holds when no input leaves the range.
    The measures are parameters so that a test can hand in a wrong one and see the search
    find the counter-example.

    Returns
    -------
    dict
        ``{claim id: bool}`` for the five range claims.
    """
    from scipy.spatial.distance import pdist

    purity_ok = mantel_ok = c_ok = dunn_ok = silhouette_ok = True
    for _ in range(n_cases):
        n_classes = int(rng.integers(2, 7))
        mm = rng.integers(0, 6, size=(n_classes, int(rng.integers(1, 8)))) * (rng.random((n_classes, 1)) < 0.8)
        mm[rng.integers(n_classes), :] += 1                     # no empty cluster
        pur = purity(mm)
        purity_ok &= bool(((pur >= 1 / n_classes - 1e-12) & (pur <= 1 + 1e-12)).all())
        n, k = int(rng.integers(6, 41)), int(rng.integers(2, 6))
        groups = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])   # every group present
        other = np.where(rng.random(n) < rng.random(), rng.integers(0, k, n), groups)
        if len(np.unique(other)) > 1 and len(np.unique(groups)) > 1:
            r = mantel(groups, other, permutations=0).statistic
            mantel_ok &= bool(-1 - 1e-12 <= r <= 1 + 1e-12)
        centres = rng.normal(scale=float(rng.choice([0.0, 1.0, 5.0])), size=(k, 2))
        d = pdist(centres[groups] + rng.normal(size=(n, 2)))
        c_ok &= bool(-1e-12 <= c_index(d, groups) <= 1 + 1e-12)
        dunn_ok &= bool(0 <= dunn(d, groups) < np.inf)
        silhouette_ok &= all(-1 - 1e-12 <= silhouette(d, groups, definition=defn) <= 1 + 1e-12
                             for defn in ("rousseeuw", "source"))
    identical = mantel(np.repeat([0, 1, 2], 5), np.repeat([0, 1, 2], 5), permutations=0).statistic
    return {"gm.sec1-3-1.purity-range": purity_ok, "gm.eq1-43.mantel-range": mantel_ok and bool(np.isclose(identical, 1)),
            "gm.eq1-50.c-index-range": c_ok, "gm.eq1-49.dunn-range": dunn_ok, "gm.eq1-47.silhouette-range": silhouette_ok}


@checks(section=Choice(*SECTIONS, none=True), trends=Instance("DataFrame", none=True))
def ours(*, section=None, trends=None):
    """Our values of the claims of one of the page's tables, from the source's examples, or of the k-means trends.

    Parameters
    ----------
    section : str, optional
        One of :data:`SECTIONS`: those claims, from the source's examples.
    trends : pandas.DataFrame, optional
        :func:`cluster_count_trends`'s result: ``gm.sec1-3-2.silhouette-k``, true when cohesion
        improves at every added cluster and the mean silhouette does not move one way only
        (it rises at one step and falls at another).

    Returns
    -------
    dict
        ``{claim id: our value}``, numbers and booleans, in the order of the table.

    Examples
    --------
    >>> ours(section="pairs")["gm.fig1-11.rand"]
    0.75
    >>> import pandas as pd
    >>> trends = pd.DataFrame({"cohesion (SSE)": [9.0, 7.0, 6.0], "mean silhouette": [0.3, 0.4, 0.2]})
    >>> ours(trends=trends)
    {'gm.sec1-3-2.silhouette-k': True}
    """
    found = {}
    if section is not None:
        every = _example_claims()
        found.update({cid: every[cid] for cid in SECTIONS[section]})
    if trends is not None:
        steps = np.diff(trends["mean silhouette"].to_numpy(dtype=float))
        cohesion_improves = bool((np.diff(trends["cohesion (SSE)"].to_numpy(dtype=float)) < 0).all())
        found["gm.sec1-3-2.silhouette-k"] = cohesion_improves and bool((steps > 0).any() and (steps < 0).any())
    return found
