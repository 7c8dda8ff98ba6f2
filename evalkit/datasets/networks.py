"""Networks whose nodes carry class labels: LINQS Cora and CiteSeer, political books, Enron roles."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import networkx as nx
import numpy as np
import scipy.sparse as sp

from .._checks import Anything, Array, Boolean, GraphLike, Text, Values, checks
from .._results import result
from .fetching import read_columns, read_text

_DOWNLOAD = Boolean(none=True)

__all__ = ["LabeledNetwork", "load_citeseer", "load_cora", "load_enron_roles", "load_polbooks"]


@checks(_same_length=[("labels", "node_ids")], name=Text(empty=True), graph=GraphLike(),
        labels=Array(ndim=1, kind="integer", low=-1, min_size=0),
        classes=Values(of=Anything("class names: any label"), min_len=0),
        node_ids=Values(of=Anything("identifiers as in the data file"), min_len=0),
        features=Array(ndim=2, sparse=True, min_size=0, none=True))
@result
class LabeledNetwork:
    """A graph whose nodes carry class labels (and perhaps features).

    Parameters
    ----------
    name : str
        The data set's name.
    graph : networkx.Graph or networkx.DiGraph
        Nodes are ``0..n-1``, in the order of ``labels``.
    labels : ndarray of int64
        Class code of each node (``-1`` if unknown).
    classes : list of str
        Class names; ``labels`` index into it.
    node_ids : list
        Original identifier of each node (paper id, book title, e-mail address).
    features : scipy.sparse.csr_matrix or None
        Node features (binary word occurrences for Cora and CiteSeer).

    Examples
    --------
    >>> net = LabeledNetwork("toy", nx.path_graph(3), np.array([0, 1, -1]), ["a", "b"], ["x", "y", "z"])
    >>> net
    LabeledNetwork(name='toy', n_nodes=3, n_edges=2, classes=['a', 'b'])
    """

    name: str
    graph: nx.Graph = field(repr=False)
    labels: np.ndarray = field(repr=False)
    classes: list
    node_ids: list = field(repr=False)
    features: sp.csr_matrix | None = field(default=None, repr=False)

    def __repr__(self):
        return (
            f"LabeledNetwork(name={self.name!r}, n_nodes={self.graph.number_of_nodes()}, "
            f"n_edges={self.graph.number_of_edges()}, classes={self.classes})"
        )


def _graph_from_pairs(n, u, v, directed):
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(n))
    keep = u != v
    g.add_edges_from(zip(u[keep].tolist(), v[keep].tolist()))
    return g


def _load_linqs(name, directed, download):
    rows = read_text(f"labeled/{name}/{name}.content.gz", download=download).splitlines()
    ids, labels, indptr, indices = [], [], [0], []
    for row in rows:
        if not row.strip():
            continue
        parts = row.split("\t")
        ids.append(parts[0])
        labels.append(parts[-1])
        words = np.flatnonzero(np.array(parts[1:-1], dtype=np.int8))
        indices.append(words)
        indptr.append(indptr[-1] + words.size)
    n_words = len(rows[0].split("\t")) - 2
    features = sp.csr_matrix(
        (np.ones(indptr[-1], dtype=np.int8), np.concatenate(indices), np.array(indptr)),
        shape=(len(ids), n_words),
    )
    classes = sorted(set(labels))
    code = {c: i for i, c in enumerate(classes)}
    index = {pid: i for i, pid in enumerate(ids)}
    cites = read_text(f"labeled/{name}/{name}.cites.gz", download=download).split()
    cited, citing = cites[0::2], cites[1::2]
    known = [(index[b], index[a]) for a, b in zip(cited, citing) if a in index and b in index]
    arr = np.array(known, dtype=np.int64).reshape(-1, 2)
    graph = _graph_from_pairs(len(ids), arr[:, 0], arr[:, 1], directed)
    return LabeledNetwork(name, graph, np.array([code[c] for c in labels]), classes, ids, features)


@checks(directed=Boolean(), download=_DOWNLOAD)
def load_cora(*, directed=False, download=None):
    """LINQS Cora: 2,708 machine-learning papers in 7 classes, their citations and words.

    Parameters
    ----------
    directed : bool, default False
        If True, a DiGraph with edges citing -> cited.
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

    Returns
    -------
    LabeledNetwork
        The citation graph, the papers' classes and their word features.

    Examples
    --------
    >>> cora = load_cora()
    >>> cora.graph.number_of_nodes(), cora.graph.number_of_edges(), cora.features.shape
    (2708, 5278, (2708, 1433))
    """
    return _load_linqs("cora", directed, download)


@checks(directed=Boolean(), download=_DOWNLOAD)
def load_citeseer(*, directed=False, download=None):
    """LINQS CiteSeer: 3,312 papers in 6 classes, their citations and words.

    The 17 citation lines that name a paper absent from the content file and the
    124 self-citations are dropped, leaving 4,536 undirected edges.

    Parameters
    ----------
    directed : bool, default False
        If True, a DiGraph with edges citing -> cited.
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

    Returns
    -------
    LabeledNetwork
        The citation graph, the papers' classes and their word features.

    Examples
    --------
    >>> cs = load_citeseer()
    >>> cs.graph.number_of_nodes(), cs.graph.number_of_edges(), len(cs.classes)
    (3312, 4536, 6)
    """
    return _load_linqs("citeseer", directed, download)


@checks(download=_DOWNLOAD)
def load_polbooks(*, download=None):
    """Krebs' books on US politics (co-purchases), labelled liberal/neutral/conservative by Newman.

    Parameters
    ----------
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

    Returns
    -------
    LabeledNetwork
        The co-purchase graph and the books' political leaning.

    Examples
    --------
    >>> pb = load_polbooks()
    >>> pb.graph.number_of_edges(), pb.classes, np.bincount(pb.labels).tolist()
    (441, ['c', 'l', 'n'], [49, 43, 13])
    """
    g = nx.parse_gml(read_text("labeled/polbooks/polbooks.gml.gz", download=download).splitlines(), label="id")
    nodes = sorted(g.nodes)
    values = [g.nodes[n]["value"] for n in nodes]
    classes = sorted(set(values))
    graph = nx.relabel_nodes(g, {n: i for i, n in enumerate(nodes)})
    graph = nx.Graph(graph)
    return LabeledNetwork(
        "polbooks", graph, np.array([classes.index(v) for v in values]), classes, [g.nodes[n]["label"] for n in nodes]
    )


@checks(download=_DOWNLOAD)
def load_enron_roles(*, download=None):
    """Enron core employees: weighted e-mail graph with job titles as labels.

    Graph: Benson's email-Enron-full projection (edge ``weight``: e-mails shared).
    Labels: the job title of the employee whose mailbox matches the local part of
    the node's e-mail address (Shetty & Adibi's list); ``'N/A'`` where the list says
    N/A, NA or ``xxx``, and ``-1`` (unknown) where the address matches no mailbox.

    Parameters
    ----------
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

    Returns
    -------
    LabeledNetwork
        The weighted e-mail graph and the employees' job titles.

    Examples
    --------
    >>> er = load_enron_roles()
    >>> er.graph.number_of_edges(), int((er.labels >= 0).sum())
    (2583, 134)
    """
    base = "labeled/enron-roles/"
    addresses = read_text(base + "email-Enron-full-node-labels.txt.gz", download=download).split()
    address = {int(addresses[i]): addresses[i + 1] for i in range(0, len(addresses), 2)}
    titles = {}
    for line in read_text(base + "employees.txt.gz", download=download).splitlines():
        if not line.strip():
            continue
        mailbox, _, rest = line.partition("\t")
        parts = re.split(r"\s{2,}", rest.strip())
        title = parts[1] if len(parts) > 1 else "N/A"
        titles[mailbox.strip()] = "N/A" if title in ("NA", "N/A") else title
    edges = read_columns(base + "email-Enron-full-proj-graph.txt.gz", 3, download=download)
    ids = sorted(address)
    index = {k: i for i, k in enumerate(ids)}
    node_titles = [titles.get(address[k].split("@")[0]) for k in ids]
    classes = sorted({t for t in node_titles if t is not None})
    labels = np.array([classes.index(t) if t is not None else -1 for t in node_titles], dtype=np.int64)
    graph = nx.Graph()
    graph.add_nodes_from(range(len(ids)))
    graph.add_weighted_edges_from((index[u], index[v], int(w)) for u, v, w in edges.tolist())
    return LabeledNetwork("enron-roles", graph, labels, classes, [address[k] for k in ids])
