"""The page ``significance-enrichment``: preserved variability, SSE, Monte Carlo p-values,
confidence intervals, functional enrichment and exercises 3, 5, 6 and 8.

The experiments run on Cora's words and Louvain communities; :func:`ours` turns their
results, the chapter's own computations on Cora and the political books, and the
source's worked examples (a table of the page at a time, :data:`SECTIONS`) into claim
values.
"""
from __future__ import annotations

import numpy as np

from ... import clustering as cl
from ... import stats
from ..._checks import Anything, Array, Choice, Instance, Integer, Real, Seed, Values, checks
from .._common import BOOK_PAPER, BOOK_PAPER_SMALL
from .._experiment import experiment, result_rows
from .setups import cora_giant_component, cora_words_pca, louvain_partition
from .source import SECTION_1_5_1, SECTION_1_5_2, SECTION_1_9

__all__ = [
    "SECTIONS",
    "cohesion_significance",
    "kmeans_sse",
    "label_noise",
    "ours",
    "overlapping_pair_table",
    "PAIR_INTERVAL_SETUPS",
    "PAIR_INTERVAL_TRIALS",
    "pair_interval_coverage",
    "pair_interval_table",
    "word_enrichment",
]

#: The page's claims tables from the source's examples: section -> the claim ids, in the order shown.
SECTIONS = {
    "monte-carlo": ("gm.sec1-5-1.pvalue", "gm.sec1-5-1.significant"),
    "interval": ("gm.sec1-5-2.error-rate", "gm.sec1-5-2.z", "gm.sec1-5-2.std-error", "gm.sec1-5-2.half-width",
                 "gm.sec1-5-2.pairs-extension"),
    "enrichment": ("gm.sec1-9.point-probability", "gm.sec1-9.pvalue", "gm.sec1-9.not-enriched"),
}


@checks(scale=BOOK_PAPER_SMALL, n_clusters=Integer(1), n_components=Integer(1), max_iterations=Integer(1, none=True))
@experiment(
    "graph-metrics-kmeans-sse",
    scales={"book": {"max_iterations": 30}, "paper": {"max_iterations": 30}, "small": {"max_iterations": 3}},
    paper_cost="~10 s on 1 core",
    rows=lambda result: result_rows(result["sse"]),
    uses={"data": "gm-cora-kmeans"},
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
    # the source's J: "randomly sampling J (e.g., J ≈ 1,000) subsets" (Section 1.5.1); 999 makes
    # the smallest (R+1)/(J+1) 0.001
    scales={"book": {"n_samples": 999}, "paper": {"n_samples": 999}, "small": {"n_samples": 19, "n_communities": 2}},
    paper_cost="~10 s on 1 core",
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
    scales={"book": {"noise": (0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5)},
            "paper": {"noise": (0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5)}},
    paper_cost="~10 s on 1 core",
)
def label_noise(*, noise: tuple[float, ...] = (0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5), seed: int = 20260603):
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


#: what :math:`|S|` of interval (1.54) counts when the error is a share of misgrouped pairs
PAIR_INTERVAL_TRIALS = ("points", "pairs")


@checks(n_population=Integer(2), n_sample=Integer(2), n_draws=Integer(1), trials=Choice(*PAIR_INTERVAL_TRIALS),
        n_classes=Integer(2), reassigned=Real(0, 1))
def pair_interval_coverage(*, n_population=5000, n_sample=40, n_draws=400, seed=20260604, trials="points",
                           n_classes=4, reassigned=0.3):
    """Coverage of the 95% binomial interval of Section 1.5.2 applied to misgrouped pairs.

    A population of points in ``n_classes`` classes is clustered with a share
    ``reassigned`` of the points put in a uniformly random cluster (their own class's
    among them); the true pair error is the population's share of misgrouped pairs. Each
    draw samples ``n_sample`` points, computes the share of their pairs that are misgrouped
    and the interval (1.54). The source does not say what :math:`|S|` is for pairs: its
    definition, the number of points of the sample (``trials="points"``), or the number of
    their pairs (``"pairs"``), which treats the pairs as independent trials. Neither is
    right in general: the pair error is an average over pairs that share points (a
    U-statistic), whose variance the binomial formula does not give.

    Parameters
    ----------
    n_population : int, default 5000
        Points of the population.
    n_sample : int, default 40
        Points per draw.
    n_draws : int, default 400
        Samples drawn.
    seed : int, default 20260604
        Seed of the population and of the draws (the same draws for either ``trials``).
    trials : {'points', 'pairs'}, default 'points'
        What :math:`|S|` counts.
    n_classes : int, default 4
        Classes (and clusters).
    reassigned : float, default 0.3
        Share of the points put in a random cluster.

    Returns
    -------
    float
        The share of the draws whose interval contains the true pair error.

    Examples
    --------
    >>> pair_interval_coverage(n_draws=50, seed=1, trials="pairs")
    0.46
    """
    rng = np.random.default_rng(seed)
    classes = rng.integers(0, n_classes, n_population)
    clusters = np.where(rng.random(n_population) < reassigned, rng.integers(0, n_classes, n_population), classes)

    def pair_error(a, b):
        t = cl.pair_confusion(a, b)
        return (t[0, 1] + t[1, 0]) / t.sum()

    true = pair_error(classes, clusters)
    n_trials = n_sample * (n_sample - 1) // 2 if trials == "pairs" else n_sample
    z = stats.normal_critical_value(0.95)
    hits = 0
    for _ in range(n_draws):
        s = rng.choice(n_population, n_sample, replace=False)
        e = pair_error(classes[s], clusters[s])
        half = z * np.sqrt(e * (1 - e) / n_trials)   # (1.54) at 95%, on the unrounded pair error
        hits += bool(e - half <= true <= e + half)
    return float(hits / n_draws)


#: the clusterings the pair interval is tried on: name -> pair_interval_coverage's arguments
PAIR_INTERVAL_SETUPS = {
    "4 classes, 30% of the points in a random cluster, samples of 40": {"n_classes": 4, "reassigned": 0.3,
                                                                        "n_sample": 40, "n_draws": 400},
    "2 classes, 10% of the points in the other cluster, samples of 100": {"n_classes": 2, "reassigned": 0.2,
                                                                          "n_sample": 100, "n_draws": 4000},
}


def _covers_its_level(coverage, level=0.95):
    """Whether no coverage of ``pair_interval_table`` is below ``level`` by more than 3 Monte Carlo standard errors."""
    draws = np.array([PAIR_INTERVAL_SETUPS[name]["n_draws"] for name in coverage.index])
    return bool(np.all(coverage.to_numpy() >= level - 3 * np.sqrt(level * (1 - level) / draws)))


@checks(seed=Seed())
def pair_interval_table(*, seed=20260604):
    """The pair interval's coverage on each of ``PAIR_INTERVAL_SETUPS``, with :math:`|S|` the points and the pairs.

    Parameters
    ----------
    seed : int, default 20260604
        Seed of every setup's population and draws.

    Returns
    -------
    pandas.DataFrame
        One row per setup; columns ``"|S| = points"`` and ``"|S| = pairs"``.

    Examples
    --------
    >>> table = pair_interval_table(seed=1)
    >>> table["|S| = points"].round(2).tolist(), table["|S| = pairs"].round(2).tolist()
    ([0.97, 0.85], [0.43, 0.14])
    """
    import pandas as pd

    return pd.DataFrame({name: {f"|S| = {trials}": pair_interval_coverage(seed=seed, trials=trials, **setup)
                                for trials in PAIR_INTERVAL_TRIALS}
                         for name, setup in PAIR_INTERVAL_SETUPS.items()}).T


@checks(membership=Instance(dict, example={1: {1}, 2: {1}, 3: {2}}),
        klass=Instance(dict, example={1: "+", 2: "+", 3: "-"}),
        unknown=Anything("the class value of an unlabelled vertex, compared with ==; any value"))
def overlapping_pair_table(membership, klass, *, unknown="*"):
    """Pair table ``[[u11, u10], [u01, u00]]`` of overlapping clusters against known classes.

    A pair of labelled vertices (class not ``unknown``) counts as "same cluster" when their
    cluster sets intersect; rows: same class / different class.

    Parameters
    ----------
    membership : dict
        Vertex -> set of its clusters.
    klass : dict
        Vertex -> its class.
    unknown : object, default "*"
        The class of an unlabelled vertex (left out of the pairs).

    Returns
    -------
    ndarray of int, shape (2, 2)
        The pair table.

    Examples
    --------
    >>> from evalkit.reproductions.graph_metrics import overlapping_pair_table
    >>> overlapping_pair_table({1: {1}, 2: {1}, 3: {2}}, {1: "+", 2: "+", 3: "-"}).tolist()
    [[1, 0], [0, 2]]
    """
    known = [v for v in membership if klass[v] != unknown]
    table = np.zeros((2, 2), dtype=int)
    for i, a in enumerate(known):
        for b in known[i + 1:]:
            table[0 if klass[a] == klass[b] else 1, 0 if membership[a] & membership[b] else 1] += 1
    return table


def _example_claims():
    """Every claim of the source's examples of Sections 1.5 and 1.9: ``{claim id: our value}``."""
    from scipy.stats import norm

    R, J = SECTION_1_5_1["R"], SECTION_1_5_1["J"]
    null = np.r_[np.full(R, 0.9), np.full(J - R, 0.1)]   # R of J at or above 0.85
    p = stats.monte_carlo_pvalue(0.85, null)
    n = SECTION_1_5_2["n"]
    ci = stats.error_confidence_interval(n - SECTION_1_5_2["right"], n)
    tail = stats.enrichment_pvalue(**SECTION_1_9)
    return {
        "gm.sec1-5-1.pvalue": p, "gm.sec1-5-1.significant": bool(p <= 0.05),
        "gm.sec1-5-2.error-rate": ci.error, "gm.sec1-5-2.z": float(norm.ppf(0.975)),
        "gm.sec1-5-2.std-error": float(np.sqrt(ci.error * (1 - ci.error) / n)),
        "gm.sec1-5-2.half-width": float(ci.high - ci.error),
        # with |S| as (1.54) defines it, the points of the sample, on every clustering tried
        "gm.sec1-5-2.pairs-extension": _covers_its_level(pair_interval_table()["|S| = points"]),
        "gm.sec1-9.point-probability": stats.enrichment_pvalue(**SECTION_1_9, kind="point"),
        "gm.sec1-9.pvalue": tail, "gm.sec1-9.not-enriched": bool(tail > 0.05),
    }


def _example_kmeans():
    import pandas as pd

    return {"sse": pd.DataFrame({"sse": [3.0, 2.0, 2.0]}, index=pd.RangeIndex(1, 4, name="iterations"))}


def _example_partitions():
    import pandas as pd

    return pd.DataFrame({"clusters": [2, 4], "entropy": [0.5, 0.0], "purity": [0.8, 1.0], "Rand": [0.7, 0.5],
                         "Jaccard": [0.4, 0.0]}, index=["Louvain communities", "every paper alone"])


@checks(section=Choice(*SECTIONS, none=True), preserved_variability=Array(ndim=1, none=True),
        kmeans=Instance(dict, none=True, example=_example_kmeans),
        partitions=Instance("DataFrame", none=True, example=_example_partitions),
        adjusted_pvalues=Array(ndim=2, none=True))
def ours(*, section=None, preserved_variability=None, kmeans=None, partitions=None,
         adjusted_pvalues=None):
    """Our values of the page's claims: one table's worth of the source's examples, and the results'.

    Parameters
    ----------
    section : str, optional
        One of :data:`SECTIONS`: those claims, computed from the source's examples; None
        leaves them out.
    preserved_variability : array of float, optional
        The preserved variability for k = 1, 2, ... up to all the components:
        ``gm.sec1-4.pv-all-one`` and ``gm.sec1-4.pv-more-higher``.
    kmeans : dict, optional
        :func:`~evalkit.reproductions.graph_metrics.kmeans_sse`'s result: ``gm.sec1-4.sse-decreases``.
    partitions : pandas.DataFrame, optional
        Exercise 5's table (rows ``Louvain communities`` and ``every paper alone``; columns
        ``entropy``, ``purity``, ``Jaccard`` among others): ``gm.ex5.answerable``.
    adjusted_pvalues : array of float, shape (n_classes, n_communities), optional
        Exercise 6's Holm-adjusted enrichment p-values: ``gm.ex6.answerable``.

    Returns
    -------
    dict
        ``{claim id: our value}``, numbers and booleans; None arguments' claims left out.

    Examples
    --------
    >>> round(ours(section="monte-carlo")["gm.sec1-5-1.pvalue"], 4)
    0.011
    >>> ours(kmeans=_example_kmeans(), partitions=_example_partitions())
    {'gm.sec1-4.sse-decreases': True, 'gm.ex5.answerable': True}
    """
    found = {}
    if section is not None:
        every = _example_claims()
        found.update({cid: every[cid] for cid in SECTIONS[section]})
    if preserved_variability is not None:
        pv = np.asarray(preserved_variability)
        found["gm.sec1-4.pv-all-one"] = bool(np.isclose(pv[-1], 1))
        found["gm.sec1-4.pv-more-higher"] = bool((np.diff(pv) >= -1e-12).all())
    if kmeans is not None:
        trajectory = kmeans["sse"]["sse"].to_numpy()
        found["gm.sec1-4.sse-decreases"] = bool((np.diff(trajectory) <= 1e-9 * trajectory[0]).all())
    if partitions is not None:
        alone = partitions.loc["every paper alone"]
        found["gm.ex5.answerable"] = bool(alone["entropy"] == 0 and alone["purity"] == 1 and alone["Jaccard"] == 0)
    if adjusted_pvalues is not None:
        found["gm.ex6.answerable"] = bool((np.asarray(adjusted_pvalues) <= 0.05).any())
    return found
