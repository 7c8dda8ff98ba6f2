"""Experiments of the graph-mining chapter on performance metrics (the ``graph-metrics`` part).

The chapters of the part call these functions; ``evalkit reproduce graph-metrics-...``
runs them from the shell. The source reports worked examples, not experiments, so its
``"paper"`` scale is the book's (or a larger number of permutations or samples, where an
experiment has one), as each ``paper_cost`` states.

.. rubric:: Data set-ups

:func:`cora_giant_component`, :func:`louvain_partition`, :func:`network_partitions`,
:func:`cora_holdout`, :func:`cora_words_pca`.

.. rubric:: Experiments

graph-metrics-community-validation
    External and internal validation of Louvain communities against known classes.
graph-metrics-validation-schemes
    Holdout, 10-fold, leave-one-out and random subsampling of naive Bayes on Cora's words.
graph-metrics-imbalance
    What resampling the training folds does to the metrics of a rare-class task.
graph-metrics-tree-depth
    Training and test error of decision trees of growing depth (over-fitting).
graph-metrics-cora-confusion
    The multi-class confusion matrix of a Cora node classifier (words and neighbours' words).
graph-metrics-kmeans-sse
    The SSE of k-means after each number of iterations from the same initial centres.
graph-metrics-cohesion-significance
    Monte Carlo p-values of the cohesion of the largest Louvain communities of Cora.
graph-metrics-word-enrichment
    Hypergeometric enrichment of every word in the largest communities, Holm-adjusted.
graph-metrics-label-noise
    How label noise moves the Jaccard coefficient and the purity of a fixed partition.
"""
from __future__ import annotations

import numpy as np

from .. import clustering as cl
from .. import curves, metrics, stats
from ._experiment import experiment, result_rows

__all__ = [
    "cohesion_significance",
    "community_validation",
    "cora_confusion",
    "cora_giant_component",
    "cora_holdout",
    "cora_words_pca",
    "difference_coverage",
    "imbalance",
    "imbalance_class_sizes",
    "missing_value_imputation",
    "kmeans_sse",
    "label_noise",
    "louvain_partition",
    "network_partitions",
    "overlapping_pair_table",
    "tree_depth",
    "validation_schemes",
    "word_enrichment",
]


# ------------------------------------------------------------------ data set-ups


def louvain_partition(graph, nodes, *, seed=1):
    """Louvain communities of ``graph`` (networkx, ``seed``) as one label per node of ``nodes``."""
    import networkx as nx

    return cl.partition_labels(nx.community.louvain_communities(graph, seed=seed), nodes)


def cora_giant_component(cora=None):
    """The sorted node ids of the giant connected component of Cora's citation graph."""
    import networkx as nx

    from .. import datasets

    cora = datasets.load_cora() if cora is None else cora
    return sorted(max(nx.connected_components(cora.graph), key=len))


def network_partitions():
    """Political books and Cora's giant component: known classes, Louvain communities, distances.

    Returns
    -------
    dict
        Network name -> ``dict(classes=, communities=, distance=)`` (node labels, community
        labels and the condensed shortest-path distances, over the sorted nodes).
    """
    import networkx as nx
    from scipy.spatial.distance import squareform

    from .. import datasets
    from ..graph import as_adjacency, bfs_distances

    polbooks = datasets.load_polbooks()
    cora = datasets.load_cora()
    giant = cora.graph.subgraph(max(nx.connected_components(cora.graph), key=len))
    networks = {"political books": (polbooks.graph, polbooks.labels), "Cora (giant component)": (giant, cora.labels)}
    found = {}
    for name, (graph, classes) in networks.items():
        nodes = sorted(graph.nodes)
        communities = louvain_partition(graph, nodes, seed=1)
        A, _ = as_adjacency(graph, nodes=nodes)
        distance = bfs_distances(A, np.arange(len(nodes)))
        found[name] = dict(classes=classes[nodes], communities=communities, distance=squareform(distance, checks=False))
    return found


def cora_holdout(cora=None, *, test_size=1 / 3, seed=0):
    """Cora's word features split once, stratified: ``(Xtr, Xte, ytr, yte)``."""
    from sklearn.model_selection import train_test_split

    from .. import datasets

    cora = datasets.load_cora() if cora is None else cora
    return train_test_split(cora.features, cora.labels, test_size=test_size, random_state=seed, stratify=cora.labels)


def cora_words_pca(features, *, n_components=50, seed=0):
    """Cora's dense word features projected on their first ``n_components`` principal components."""
    from sklearn.decomposition import PCA

    return PCA(n_components=n_components, random_state=seed).fit_transform(features)


def overlapping_pair_table(membership, klass, *, unknown="*"):
    """Pair table ``[[u11, u10], [u01, u00]]`` of overlapping clusters against known classes.

    A pair of labelled vertices (class not ``unknown``) counts as "same cluster" when their
    cluster sets intersect; rows: same class / different class.

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


# ------------------------------------------------------------ clustering metrics


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


# -------------------------------------------------- validation, imbalance, over-fitting


@experiment(
    "graph-metrics-validation-schemes",
    scales={"book": {"n_subsamples": 20}, "paper": {"n_subsamples": 20}},
    paper_cost="~30 s on 1 core (2,708 leave-one-out fits)",
)
def validation_schemes(*, n_subsamples: int = 20, seed: int = 0):
    """Accuracy of multinomial naive Bayes on Cora's words under four validation schemes.

    Parameters
    ----------
    n_subsamples : int
        Splits of the random subsampling (1/3 test each).
    seed : int
        Seed of the holdout split, the 10-fold partition and the subsampling.

    Returns
    -------
    pandas.DataFrame
        One row per scheme: models fitted, test examples per model, mean accuracy and the
        standard deviation of the per-split accuracies.
    """
    import pandas as pd
    from sklearn.model_selection import KFold, LeaveOneOut, ShuffleSplit, cross_val_score
    from sklearn.naive_bayes import MultinomialNB

    from .. import datasets

    cora = datasets.load_cora()
    X_words, y_cora = cora.features, cora.labels
    nb = MultinomialNB()
    Xtr, Xte, ytr, yte = cora_holdout(cora, seed=seed)
    holdout = nb.fit(Xtr, ytr).score(Xte, yte)
    subsampling = f"random subsampling ({n_subsamples} splits, 1/3 test)"
    schemes = {
        "holdout (1 split, 1/3 test)": np.array([holdout]),
        "10-fold": cross_val_score(nb, X_words, y_cora, cv=KFold(10, shuffle=True, random_state=seed)),
        "leave-one-out": cross_val_score(nb, X_words, y_cora, cv=LeaveOneOut()),
        subsampling: cross_val_score(
            nb, X_words, y_cora, cv=ShuffleSplit(n_splits=n_subsamples, test_size=1 / 3, random_state=seed)),
    }
    return pd.DataFrame(
        {
            "models fitted": {k: v.size for k, v in schemes.items()},
            "test examples per model": {"holdout (1 split, 1/3 test)": len(yte), "10-fold": len(y_cora) // 10,
                                        "leave-one-out": 1, subsampling: len(yte)},
            "mean accuracy": {k: v.mean() for k, v in schemes.items()},
            "spread of the per-split accuracies (s.d.)": {k: (v.std(ddof=1) if v.size > 1 else np.nan)
                                                          for k, v in schemes.items()},
        }
    )


@experiment(
    "graph-metrics-imbalance",
    scales={"book": {"n_splits": 5}, "paper": {"n_splits": 5}},
    paper_cost="~1 min on 1 core",
)
def imbalance(*, minority: str = "Rule_Learning", n_splits: int = 5, seed: int = 0):
    """One Cora class against the rest: logistic regression with and without resampling the training folds.

    Parameters
    ----------
    minority : str
        The Cora class that is the positive (rare) class.
    n_splits : int
        Folds of the stratified cross-validation.
    seed : int
        Seed of the folds and of the samplers.

    Returns
    -------
    pandas.DataFrame
        One row per sampler (none, random over-sampling, random under-sampling, SMOTE);
        threshold metrics at probability 0.5, ROC AUC with its 95% DeLong interval and
        DeLong's test against no resampling (the same papers, so the AUCs are
        correlated), and average precision.
    """
    import pandas as pd
    from imblearn.over_sampling import SMOTE, RandomOverSampler
    from imblearn.pipeline import make_pipeline
    from imblearn.under_sampling import RandomUnderSampler
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_val_predict

    from .. import datasets

    cora = datasets.load_cora()
    is_rule = (np.array(cora.classes)[cora.labels] == minority).astype(int)
    X = cora.features.astype(float)
    folds = StratifiedKFold(n_splits, shuffle=True, random_state=seed)
    samplers = {
        "no resampling": None,
        "random over-sampling": RandomOverSampler(random_state=seed),
        "random under-sampling": RandomUnderSampler(random_state=seed),
        "SMOTE": SMOTE(random_state=seed),
    }
    results = {}
    probabilities = {}
    for name, sampler in samplers.items():
        steps = ([sampler] if sampler is not None else []) + [LogisticRegression(max_iter=2000)]
        prob = cross_val_predict(make_pipeline(*steps), X, is_rule, cv=folds, method="predict_proba")[:, 1]
        probabilities[name] = prob
        cm = metrics.confusion_matrix(is_rule, (prob >= 0.5).astype(int))
        interval = curves.roc_auc_confidence_interval(is_rule, prob)
        versus = curves.delong_test(is_rule, prob, probabilities["no resampling"])
        results[name] = {
            "accuracy": metrics.accuracy(cm),
            "true positive rate": metrics.true_positive_rate(cm),
            "true negative rate": metrics.true_negative_rate(cm),
            "precision": metrics.precision(cm),
            "F1": metrics.f_measure(cm),
            "G-mean": metrics.g_mean(cm),
            "Cohen's kappa": metrics.cohens_kappa(cm),
            "ROC AUC": interval.auc,
            "ROC AUC 95% low (DeLong)": interval.low,
            "ROC AUC 95% high (DeLong)": interval.high,
            "DeLong p vs no resampling": versus.pvalue,
            "average precision": curves.average_precision(is_rule, prob),
        }
    return pd.DataFrame(results).T


def imbalance_class_sizes(*, minority: str = "Rule_Learning"):
    """Number of positives (papers of class ``minority``) and negatives (all others) in Cora.

    Parameters
    ----------
    minority : str
        The Cora class that is the positive class of :func:`imbalance`.

    Returns
    -------
    tuple of int
        ``(n_positive, n_negative)``.
    """
    from .. import datasets

    cora = datasets.load_cora()
    is_minority = np.array(cora.classes)[cora.labels] == minority
    if not is_minority.any():
        raise ValueError(f"minority must be one of Cora's classes {list(cora.classes)}; got {minority!r}")
    return int(is_minority.sum()), int((~is_minority).sum())


@experiment(
    "graph-metrics-tree-depth",
    scales={"book": {"depths": (1, 2, 4, 8, 16, 32, 0)}, "paper": {"depths": (1, 2, 4, 8, 16, 32, 0)}},
    paper_cost="~10 s on 1 core",
)
def tree_depth(*, depths: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 0), seed: int = 0):
    """Training and test error of decision trees of growing depth on Cora's words (one holdout split).

    Parameters
    ----------
    depths : tuple of int
        Maximum depths of the trees; 0 means unlimited.
    seed : int
        Seed of the holdout split and of the trees.

    Returns
    -------
    pandas.DataFrame
        Index ``max depth`` ("unlimited" for 0); number of leaves, training error,
        the pessimistic error estimate (:func:`evalkit.metrics.pessimistic_error`, half an
        error per leaf) and test error.
    """
    import pandas as pd
    from sklearn.tree import DecisionTreeClassifier

    Xtr, Xte, ytr, yte = cora_holdout(seed=seed)
    errors = []
    for d in [None if d == 0 else d for d in depths]:
        tree = DecisionTreeClassifier(max_depth=d, random_state=seed).fit(Xtr, ytr)
        wrong = int(np.sum(tree.predict(Xtr) != ytr))
        errors.append({"max depth": "unlimited" if d is None else d, "leaves": int(tree.get_n_leaves()),
                       "training error": wrong / len(ytr),
                       "pessimistic error": metrics.pessimistic_error(wrong, int(tree.get_n_leaves()), len(ytr)),
                       "test error": 1 - tree.score(Xte, yte)})
    return pd.DataFrame(errors).set_index("max depth")


# ------------------------------------------------------------- multi-level metrics


@experiment(
    "graph-metrics-cora-confusion",
    scales={"book": {"test_size": 1 / 3}, "paper": {"test_size": 1 / 3}},
    paper_cost="~10 s on 1 core",
)
def cora_confusion(*, test_size: float = 1 / 3, seed: int = 0):
    """Confusion matrix of a Cora node classifier: logistic regression on words and neighbours' words.

    Each paper's features are its words and the mean word vector of its citation
    neighbours; one stratified holdout split.

    Parameters
    ----------
    test_size : float
        Share of the papers held out.
    seed : int
        Seed of the split.

    Returns
    -------
    pandas.DataFrame
        The confusion matrix (rows actual, columns predicted), labelled with the class names.
    """
    import networkx as nx
    import pandas as pd
    import scipy.sparse as sp
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split

    from .. import datasets

    cora = datasets.load_cora()
    n = cora.graph.number_of_nodes()
    A = nx.to_scipy_sparse_array(cora.graph, nodelist=range(n), format="csr")
    neighbour_mean = sp.diags(1.0 / np.maximum(A.sum(axis=1), 1)) @ A @ cora.features
    X = sp.hstack([cora.features, neighbour_mean]).tocsr()
    y = cora.labels
    train, test = train_test_split(np.arange(n), test_size=test_size, random_state=seed, stratify=y)
    model = LogisticRegression(max_iter=2000).fit(X[train], y[train])
    cm = metrics.confusion_matrix(y[test], model.predict(X[test]), labels=list(range(len(cora.classes))))
    return pd.DataFrame(cm, index=pd.Index(cora.classes, name="actual"),
                        columns=pd.Index(cora.classes, name="predicted"))


# ------------------------------------------------------- significance and enrichment


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
    """
    import pandas as pd
    from sklearn.cluster import KMeans

    from .. import datasets

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
    from .. import datasets

    cora = datasets.load_cora()
    features = cora.features.toarray().astype(float)
    giant = cora_giant_component(cora)
    X = features[giant]
    X = X / np.linalg.norm(X, axis=1, keepdims=True)
    communities = louvain_partition(cora.graph.subgraph(giant), giant, seed=1)
    return cora, features, giant, X @ X.T, communities


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


# ------------------------------------------------------------ comparing error rates


@experiment(
    "graph-metrics-difference-coverage",
    scales={"book": {"n_points": 25}, "paper": {"n_points": 97}, "small": {"n_points": 5}},
    paper_cost="~1 min on 1 core",
    rows=lambda result: result.to_dict("records"),
)
def difference_coverage(*, n_points: int = 25, confidence_level: float = 0.95, second_error: float = 0.7):
    """Exact coverage of the three intervals for a difference of error rates at the source's sizes.

    Section 1.6.2's example compares an error on 5 examples with one on 1,000 (the second
    error fixed at its 0.7); exercise 4 compares two models on 8 examples each (equal
    true errors). Coverage by summing binomial probabilities over every outcome
    (:func:`evalkit.stats.difference_interval_coverage`).

    Parameters
    ----------
    n_points : int
        True errors of the first model, evenly spaced from 0.02 to 0.98.
    confidence_level : float
        Nominal coverage.
    second_error : float
        True error of the second model in the 5-vs-1,000 set-up.

    Returns
    -------
    pandas.DataFrame
        Columns ``set-up``, ``true error``, ``method``, ``coverage``.
    """
    import pandas as pd

    grid = np.linspace(0.02, 0.98, n_points)
    setups = {"5 vs 1,000 (Section 1.6.2)": (grid, 5, second_error, 1000),
              "8 vs 8 (exercise 4)": (grid, 8, grid, 8)}
    rows = []
    for setup, (p1, n1, p2, n2) in setups.items():
        for method in stats.DIFFERENCE_METHODS:
            cover = stats.difference_interval_coverage(p1, n1, p2, n2, confidence_level=confidence_level,
                                                       method=method)
            rows += [{"set-up": setup, "true error": float(p), "method": method, "coverage": float(c)}
                     for p, c in zip(grid, cover)]
    return pd.DataFrame(rows)


# ------------------------------------------------------------------ missing values


@experiment(
    "graph-metrics-missing-values",
    scales={"book": {"hidden_share": 0.2}, "paper": {"hidden_share": 0.2}},
    paper_cost="~1 s on 1 core",
    rows=lambda result: result.reset_index().to_dict("records"),
)
def missing_value_imputation(*, hidden_share: float = 0.2, seed: int = 0):
    """How far mean, median and most-frequent imputation land from the values they replace.

    On the Pima diabetes data (the numeric attributes whose zeros are not missing-value
    codes), a share of the values is hidden at random, imputed from the remaining ones
    with scikit-learn's ``SimpleImputer``, and compared with the hidden truth.

    Parameters
    ----------
    hidden_share : float
        Share of each attribute's values hidden.
    seed : int
        Seed of the hidden positions.

    Returns
    -------
    pandas.DataFrame
        One row per attribute and strategy: the root mean squared imputation error in
        units of the attribute's standard deviation, and the share of imputed values off
        by more than half a standard deviation.
    """
    import pandas as pd
    from sklearn.impute import SimpleImputer

    from .. import datasets

    data = datasets.load_arff("diabetes")
    names = list(data.feature_names)
    # the attributes where 0 is a possible value (pregnancies, pedigree, age); elsewhere 0 codes "missing"
    keep = [i for i, name in enumerate(names) if name in ("preg", "pedi", "age")]
    X = np.asarray(data.X, dtype=float)[:, keep]
    rng = np.random.default_rng(seed)
    hidden = rng.random(X.shape) < hidden_share
    rows = []
    for strategy in ("mean", "median", "most_frequent"):
        imputed = SimpleImputer(strategy=strategy).fit_transform(np.where(hidden, np.nan, X))
        for j, i in enumerate(keep):
            truth, guess = X[hidden[:, j], j], imputed[hidden[:, j], j]
            sd = X[~hidden[:, j], j].std()
            rows.append({"attribute": names[i], "strategy": strategy,
                         "RMSE / s.d.": float(np.sqrt(np.mean((truth - guess) ** 2)) / sd),
                         "share off by > s.d./2": float(np.mean(np.abs(truth - guess) > sd / 2))})
    return pd.DataFrame(rows).set_index(["attribute", "strategy"])
