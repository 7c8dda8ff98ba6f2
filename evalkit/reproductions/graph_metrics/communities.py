"""Clustering experiments of the graph-metrics part: validation of Louvain communities, the
SSE of k-means, the significance of cohesion, word enrichment and label noise.
"""
from __future__ import annotations

import numpy as np

from ... import clustering as cl
from ... import stats
from ..._checks import Integer, Real, Values, checks
from .._experiment import experiment, result_rows
from ._common import BOOK_PAPER, BOOK_PAPER_SMALL
from .setups import cora_giant_component, cora_words_pca, louvain_partition, network_partitions

__all__ = [
    "cohesion_significance",
    "community_validation",
    "kmeans_sse",
    "label_noise",
    "word_enrichment",
]


# ------------------------------------------------------------ clustering metrics


@checks(scale=BOOK_PAPER_SMALL, permutations=Integer(0, none=True))
@experiment(
    "graph-metrics-community-validation",
    scales={"book": {"permutations": 999}, "paper": {"permutations": 9999}, "small": {"permutations": 9}},
    paper_cost="~2 min on 1 core (Cora's all-pairs shortest paths and 9,999 Mantel permutations)",
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


# ------------------------------------------------------- significance and enrichment


@checks(scale=BOOK_PAPER_SMALL, n_clusters=Integer(1), n_components=Integer(1), max_iterations=Integer(1, none=True))
@experiment(
    "graph-metrics-kmeans-sse",
    scales={"book": {"max_iterations": 30}, "paper": {"max_iterations": 30}, "small": {"max_iterations": 3}},
    paper_cost="~10 s on 1 core",
    rows=lambda result: result_rows(result["sse"]),
)
def kmeans_sse(*, n_clusters: int = 7, n_components: int = 50, max_iterations: int = 30, seed: int = 20260601):
    """SSE of k-means on Cora's principal components after 1, 2, ... iterations from the same centres.

    Parameters
    ----------
    n_clusters : int
        k of k-means.
    n_components : int
        Principal components of Cora's word features kept.
    max_iterations : int
        The largest number of iterations.
    seed : int
        Seed of the choice of the initial centres (among the papers).

    Returns
    -------
    dict
        ``"sse"``: DataFrame indexed by ``iterations``; ``"Z"``: the projected papers;
        ``"labels"``, ``"centers"``: the clustering after ``max_iterations``.


    Examples
    --------
    >>> res = kmeans_sse(scale="small", seed=1)               # 3 iterations
    >>> res["sse"]["sse"].round(1).tolist()
    [12801.3, 12329.0, 12111.5]
    """
    import pandas as pd
    from sklearn.cluster import KMeans

    from ... import datasets

    features = datasets.load_cora().features.toarray().astype(float)
    Z = cora_words_pca(features, n_components=n_components, seed=0)
    init = Z[np.random.default_rng(seed).choice(len(Z), n_clusters, replace=False)]
    trajectory = []
    for it in range(1, max_iterations + 1):
        km = KMeans(n_clusters, init=init, n_init=1, max_iter=it, tol=0, random_state=0).fit(Z)
        trajectory.append(cl.sse(Z, km.labels_, centers=km.cluster_centers_))
    sse = pd.DataFrame({"sse": trajectory}, index=pd.RangeIndex(1, max_iterations + 1, name="iterations"))
    return {"sse": sse, "Z": Z, "labels": km.labels_, "centers": km.cluster_centers_}


def _giant_cosine_communities():
    """Cora, its giant component, the cosine similarity of its papers' words and its Louvain communities."""
    from ... import datasets

    cora = datasets.load_cora()
    features = cora.features.toarray().astype(float)
    giant = cora_giant_component(cora)
    X = features[giant]
    X = X / np.linalg.norm(X, axis=1, keepdims=True)
    communities = louvain_partition(cora.graph.subgraph(giant), giant, seed=1)
    return cora, features, giant, X @ X.T, communities


@checks(scale=BOOK_PAPER_SMALL, n_communities=Integer(1), n_samples=Integer(1, none=True))
@experiment(
    "graph-metrics-cohesion-significance",
    scales={"book": {"n_samples": 999}, "paper": {"n_samples": 9999}, "small": {"n_samples": 19, "n_communities": 2}},
    paper_cost="~1 min on 1 core",
)
def cohesion_significance(*, n_communities: int = 8, n_samples: int = 999, seed: int = 20260602):
    """Monte Carlo p-values of the cohesion of the largest Louvain communities of Cora's giant component.

    Cohesion is the mean cosine similarity of the word vectors of a community's papers;
    the null distribution is that of random sets of papers of the same size.

    Parameters
    ----------
    n_communities : int
        The largest communities tested.
    n_samples : int
        Random sets J per community.
    seed : int
        Seed of the random sets (one generator, communities in order of size).

    Returns
    -------
    pandas.DataFrame
        Index ``community``; its size, cohesion, the mean of the null, R and both p-values.


    Examples
    --------
    >>> res = cohesion_significance(scale="small", seed=1)    # 2 communities, 19 random sets
    >>> res["p = (R+1)/(J+1)"].tolist()
    [0.05, 0.05]
    """
    import pandas as pd

    _, _, _, cosine, communities = _giant_cosine_communities()
    largest = np.argsort(-np.bincount(communities))[:n_communities]
    rng = np.random.default_rng(seed)
    rows = []
    for c in largest:
        members = np.flatnonzero(communities == c)
        iu = np.triu_indices(members.size, 1)
        observed = cosine[np.ix_(members, members)][iu].mean()
        null = cl.random_subset_cohesion(cosine, members.size, n_samples=n_samples, rng=rng)
        rows.append({"community": int(c), "papers": members.size, "cohesion": observed,
                     "mean of the null": null.mean(), "R (null >= observed)": int((null >= observed).sum()),
                     "p = R/J (source)": stats.monte_carlo_pvalue(observed, null, plus_one=False),
                     "p = (R+1)/(J+1)": stats.monte_carlo_pvalue(observed, null)})
    return pd.DataFrame(rows).set_index("community")


@checks(scale=BOOK_PAPER_SMALL, n_communities=Integer(1, none=True), alpha=Real(0, 1, closed="neither"))
@experiment(
    "graph-metrics-word-enrichment",
    scales={"book": {"n_communities": 8}, "paper": {"n_communities": 8}, "small": {"n_communities": 1}},
    paper_cost="~20 s on 1 core",
)
def word_enrichment(*, n_communities: int = 8, alpha: float = 0.05):
    """Hypergeometric enrichment of every word in the largest Louvain communities of Cora, Holm-adjusted.

    Parameters
    ----------
    n_communities : int
        The largest communities tested.
    alpha : float
        Family-wise level of Holm's correction over all words and communities.

    Returns
    -------
    dict
        ``"tests"``: one row per community and word (counts, p, Holm-adjusted p);
        ``"significant"``: the rows with adjusted p <= alpha; ``"topic"``: the majority
        class of each community.


    Examples
    --------
    >>> res = word_enrichment(scale="small")                # the largest community only
    >>> res["tests"].shape, len(res["significant"])
    ((1433, 6), 29)
    """
    import pandas as pd

    cora, features, giant, _, communities = _giant_cosine_communities()
    largest = np.argsort(-np.bincount(communities))[:n_communities]
    has_word = features[giant] > 0
    papers_with_word = has_word.sum(axis=0)
    results = []
    for c in largest:
        members = communities == c
        k = has_word[members].sum(axis=0)
        p_tail = stats.enrichment_pvalue(k, len(giant), papers_with_word, int(members.sum()))
        results.append(pd.DataFrame({"community": int(c), "word": np.arange(k.size), "in community": k,
                                     "in network": papers_with_word, "p": p_tail}))
    tests = pd.concat(results, ignore_index=True)
    tests["Holm-adjusted p"] = stats.holm(tests["p"].to_numpy(), alpha=alpha).pvalues_adjusted
    significant = tests[tests["Holm-adjusted p"] <= alpha]
    topic = pd.Series(np.array(cora.classes)[cora.labels[giant]]).groupby(communities).agg(
        lambda s: s.value_counts().index[0])
    return {"tests": tests, "significant": significant,
            "topic": topic.rename("majority topic").rename_axis("community").to_frame()}


@checks(scale=BOOK_PAPER, noise=Values(Real(0, 1), none=True))
@experiment(
    "graph-metrics-label-noise",
    scales={"book": {"noise": (0.0, 0.01, 0.1)}, "paper": {"noise": (0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5)}},
    paper_cost="~10 s on 1 core",
)
def label_noise(*, noise: tuple[float, ...] = (0.0, 0.01, 0.1), seed: int = 20260603):
    """Jaccard coefficient and purity of Cora's Louvain communities as the known labels get noisier.

    A share ``noise`` of the papers of the giant component get a uniformly random class.

    Parameters
    ----------
    noise : tuple of float
        Shares of relabelled papers (one generator, in this order).
    seed : int
        Seed of the relabelling.

    Returns
    -------
    pandas.DataFrame
        Index ``label noise``; Jaccard coefficient and total purity.


    Examples
    --------
    >>> res = label_noise(noise=(0.1,), seed=1)
    >>> round(float(res.loc[0.1, "Jaccard"]), 3)
    0.191
    """
    import pandas as pd

    cora, _, giant, _, communities = _giant_cosine_communities()
    y_giant = cora.labels[giant]
    rng = np.random.default_rng(seed)
    rows = []
    for share in noise:
        flipped = y_giant.copy()
        hit = rng.random(flipped.size) < share
        flipped[hit] = rng.integers(0, len(cora.classes), hit.sum())
        t = cl.pair_confusion(flipped, communities)
        rows.append({"label noise": share, "Jaccard": cl.jaccard_coefficient(t),
                     "purity": cl.total_purity(cl.matching_matrix(flipped, communities))})
    return pd.DataFrame(rows).set_index("label noise")
