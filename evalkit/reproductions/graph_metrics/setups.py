"""Data set-ups of the graph-metrics pages: the confusion matrix of Figure 1.2, Cora's giant
component, Louvain partitions, holdouts and the PCA of Cora's words.
"""
from __future__ import annotations

import numpy as np

from ... import clustering as cl
from ... import metrics
from ..._checks import Array, Instance, Integer, Real, checks
from .._common import int_seed
from .source import FIGURE_1_2_VERTICES

__all__ = [
    "cora_giant_component",
    "cora_holdout",
    "cora_words_pca",
    "figure_1_2_matrix",
    "louvain_partition",
    "network_partitions",
]

_CORA = Instance("LabeledNetwork", none=True)


def _graph_example():
    import networkx as nx

    return nx.path_graph(4)


@checks()
def figure_1_2_matrix():
    """The confusion matrix of the 8 vertices of Figure 1.2.1 (rows actual, columns predicted, + first).

    Returns
    -------
    ndarray of int, shape (2, 2)
        ``[[TP, FN], [FP, TN]]``.

    Examples
    --------
    >>> figure_1_2_matrix().tolist()
    [[4, 1], [2, 1]]
    """
    return metrics.confusion_matrix(FIGURE_1_2_VERTICES["actual"], FIGURE_1_2_VERTICES["predicted"],
                                    labels=["+", "-"])


@checks(graph=Instance("Graph", example=_graph_example), nodes=Array(ndim=1, kind="label").with_example([0, 1, 2, 3]))
def louvain_partition(graph, nodes, *, seed=1):
    """Louvain communities of ``graph`` (networkx, ``seed``) as one label per node of ``nodes``.

    Parameters
    ----------
    graph : networkx.Graph
        The network.
    nodes : sequence
        The nodes to label, in the order of the result.
    seed : int, default 1
        Seed of networkx's Louvain method.

    Returns
    -------
    ndarray of int
        The community of each node of ``nodes``.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.barbell_graph(4, 0)                  # two 4-cliques joined by an edge
    >>> louvain_partition(g, sorted(g), seed=1).tolist()
    [0, 0, 0, 0, 1, 1, 1, 1]
    """
    import networkx as nx

    return cl.partition_labels(nx.community.louvain_communities(graph, seed=int_seed(seed)), nodes)


@checks(cora=_CORA)
def cora_giant_component(cora=None):
    """The sorted node ids of the giant connected component of Cora's citation graph.

    Parameters
    ----------
    cora : LabeledNetwork, optional
        Cora as :func:`evalkit.datasets.load_cora` returns it (loaded when None).

    Returns
    -------
    list of int
        The node ids.

    Examples
    --------
    >>> len(cora_giant_component())
    2485
    """
    import networkx as nx

    from ... import datasets

    cora = datasets.load_cora() if cora is None else cora
    return sorted(max(nx.connected_components(cora.graph), key=len))


@checks()
def network_partitions():
    """Political books and Cora's giant component: known classes, Louvain communities, distances.

    Returns
    -------
    dict
        Network name -> ``dict(classes=, communities=, distance=)`` (node labels, community
        labels and the condensed shortest-path distances, over the sorted nodes).

    Examples
    --------
    >>> parts = network_partitions()
    >>> sorted(parts), parts["political books"]["classes"].size
    (['Cora (giant component)', 'political books'], 105)
    """
    import networkx as nx
    from scipy.spatial.distance import squareform

    from ... import datasets
    from ...graph import as_adjacency, bfs_distances

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


@checks(cora=_CORA, test_size=Real(0, 1, closed="neither"))
def cora_holdout(cora=None, *, test_size=1 / 3, seed=0):
    """Cora's word features split once, stratified: ``(Xtr, Xte, ytr, yte)``.

    Parameters
    ----------
    cora : LabeledNetwork, optional
        Cora as :func:`evalkit.datasets.load_cora` returns it (loaded when None).
    test_size : float, default 1/3
        Share of the papers held out.
    seed : int, default 0
        ``random_state`` of the split.

    Returns
    -------
    Xtr, Xte, ytr, yte
        Training and test features (sparse) and labels.

    Examples
    --------
    >>> Xtr, Xte, ytr, yte = cora_holdout(seed=0)
    >>> Xtr.shape[0], Xte.shape[0]
    (1805, 903)
    """
    from sklearn.model_selection import train_test_split

    from ... import datasets

    cora = datasets.load_cora() if cora is None else cora
    return train_test_split(cora.features, cora.labels, test_size=test_size, random_state=int_seed(seed),
                            stratify=cora.labels)


@checks(features=Array(ndim=2), n_components=Integer(1))
def cora_words_pca(features, *, n_components=50, seed=0):
    """Cora's dense word features projected on their first ``n_components`` principal components.

    Parameters
    ----------
    features : array-like, shape (n_papers, n_words)
        Dense word features.
    n_components : int, default 50
        Principal components kept.
    seed : int, default 0
        ``random_state`` of scikit-learn's PCA.

    Returns
    -------
    ndarray, shape (n_papers, n_components)
        The projected papers.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.random.default_rng(0).normal(size=(50, 4)) * [4.0, 2.0, 1.0, 0.5]   # distinct variances
    >>> Z = cora_words_pca(X, n_components=2, seed=0)
    >>> Z.shape, bool(Z[:, 0].var() > Z[:, 1].var() > 1)     # the first component carries the most variance
    ((50, 2), True)
    """
    from sklearn.decomposition import PCA

    return PCA(n_components=n_components, random_state=int_seed(seed)).fit_transform(features)
