"""Loaders for the book's real data sets, each verified against its sha256.

Every file has a canonical public URL and a sha256 in a registry. A file is looked
up in the cache directory (``$EVALKIT_DATA``, default ``~/.cache/evalkit``), then in
``../shared/datasets`` beside the repository, then downloaded into the cache.
Set ``EVALKIT_OFFLINE=1`` to forbid downloads. A missing file raises
:class:`DatasetNotFoundError` naming the file, its URL and where to put it; a file
whose hash does not match raises :class:`ChecksumMismatchError`: a corrupt copy is
never silently replaced by another.

Examples
--------
>>> from evalkit import datasets
>>> soy = datasets.load_arff("soybean")      # scipy.io.arff rejects this file
>>> soy.shape, len(soy.target_names)
((683, 36), 19)
>>> msgs = datasets.load_temporal_edges("CollegeMsg")
>>> msgs.n_events, msgs.n_nodes
(59835, 1899)
"""
from __future__ import annotations

import gzip
import re
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx
import numpy as np
import scipy.sparse as sp

from ._arff import ArffAttribute, ArffData, ArffError, parse_arff
from ._fetch import (
    ChecksumMismatchError,
    DatasetNotFoundError,
    cache_dir,
    fetch_file,
    search_dirs,
)
from ._registry import REGISTRY

__all__ = [
    "ArffAttribute",
    "ArffData",
    "ArffError",
    "ChecksumMismatchError",
    "DatasetNotFoundError",
    "LabeledNetwork",
    "TEMPORAL_NETWORKS",
    "TemporalEdges",
    "TemporalHypergraph",
    "UCI_DATASETS",
    "cache_dir",
    "fetch",
    "info",
    "list_files",
    "load_arff",
    "load_citeseer",
    "load_condmat",
    "load_cora",
    "load_enron_roles",
    "load_enron_simplices",
    "load_polbooks",
    "load_temporal_edges",
    "parse_arff",
    "search_dirs",
]

UCI_DATASETS = tuple(sorted(p[4:-8] for p in REGISTRY if p.startswith("uci/")))
"""The 27 Weka UCI data sets of Bouckaert & Frank (2004), by Weka name."""

TEMPORAL_NETWORKS = (
    "CollegeMsg",
    "email-Eu-core-temporal",
    "email-Eu-core-temporal-Dept1",
    "email-Eu-core-temporal-Dept2",
    "email-Eu-core-temporal-Dept3",
    "email-Eu-core-temporal-Dept4",
    "ia-reality-call",
    "sx-mathoverflow",
    "sx-mathoverflow-a2q",
)
"""Timestamped edge lists ``SRC DST TIME`` available to :func:`load_temporal_edges`."""

# Benson's times are milliseconds since Julia's DateTime epoch (year 0).
_JULIA_EPOCH_TO_UNIX_MS = 62_135_683_200_000


def list_files():
    """Every registered data file, as the relative paths :func:`fetch` accepts.

    >>> len(list_files())
    53
    """
    return sorted(REGISTRY)


def info(path):
    """Registry entry of a data file: its URLs, sha256 and archive member.

    >>> info("uci/iris.arff.gz").sha256[:12]
    '284a90f1a1ba'
    """
    _check_registered(path)
    return REGISTRY[path]


def _check_registered(path):
    if not isinstance(path, str):
        raise TypeError(f"path must be a str naming a registered data file; got {type(path).__name__}")
    if path not in REGISTRY:
        close = [p for p in REGISTRY if Path(path).name.split(".")[0] in p]
        hint = f"; did you mean {close[:3]}?" if close else "; see evalkit.datasets.list_files()"
        raise ValueError(f"path {path!r} is not a registered data file{hint}")


def fetch(path, *, download=None):
    """Local path to a verified copy of a registered data file.

    Parameters
    ----------
    path : str
        A registered relative path, e.g. ``'uci/iris.arff.gz'`` (see :func:`list_files`).
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

    Returns
    -------
    pathlib.Path

    Raises
    ------
    DatasetNotFoundError
        The file is nowhere locally and cannot be downloaded.
    ChecksumMismatchError
        The copy found (or downloaded) does not have the registered sha256.
    """
    _check_registered(path)
    return fetch_file(REGISTRY[path], download=download)


def _read_text(path, *, download=None):
    raw = fetch(path, download=download).read_bytes()
    if path.endswith(".gz"):
        raw = gzip.decompress(raw)
    return raw.decode("utf-8")


def _read_columns(path, n_columns, dtype=np.int64, *, download=None):
    text = _read_text(path, download=download)
    arr = np.array(text.split(), dtype=dtype)
    if arr.size % n_columns:
        raise ValueError(f"{path}: expected {n_columns} whitespace-separated columns per line")
    return arr.reshape(-1, n_columns)


# --------------------------------------------------------------------------- ARFF


def load_arff(name, *, download=None):
    """One of the 27 UCI data sets in Weka's ARFF form.

    Parameters
    ----------
    name : str
        Weka name, one of :data:`UCI_DATASETS` (e.g. ``'iris'``, ``'soybean'``).

    Returns
    -------
    ArffData
        ``.X`` features (float; nominal attributes as integer codes; NaN missing),
        ``.y`` class codes, ``.target_names``, ``.attributes``.

    Notes
    -----
    Follows Weka: an unquoted ``?`` is missing, a quoted ``'?'`` is a category
    (``anneal`` declares ``'?'`` as a value of most of its nominal attributes, so it
    has no missing values in this reading).

    Examples
    --------
    >>> iris = load_arff("iris")
    >>> iris.X.shape, iris.target_names
    ((150, 4), ['Iris-setosa', 'Iris-versicolor', 'Iris-virginica'])
    """
    if name not in UCI_DATASETS:
        raise ValueError(f"name must be one of the UCI data sets {list(UCI_DATASETS)}; got {name!r}")
    return parse_arff(_read_text(f"uci/{name}.arff.gz", download=download))


# ---------------------------------------------------------------- temporal graphs


@dataclass(frozen=True)
class TemporalEdges:
    """Timestamped edge events ``(src[i], dst[i], time[i])``, sorted by time (stable).

    Attributes
    ----------
    name : str
    src : ndarray of int64
        Source node id of each event, as in the data file.
    dst : ndarray of int64
        Destination node id of each event.
    time : ndarray of int64
        Seconds (Unix time, or seconds from the start where the source withholds dates).
    directed : bool
    """

    name: str
    src: np.ndarray = field(repr=False)
    dst: np.ndarray = field(repr=False)
    time: np.ndarray = field(repr=False)
    directed: bool = True

    @property
    def n_events(self):
        return int(self.src.size)

    @property
    def nodes(self):
        """Sorted distinct node ids that occur in an event."""
        return np.union1d(self.src, self.dst)

    @property
    def n_nodes(self):
        return int(self.nodes.size)

    def between(self, start=None, end=None):
        """The events with ``start <= time < end`` (either bound may be None)."""
        lo = 0 if start is None else np.searchsorted(self.time, start, side="left")
        hi = self.n_events if end is None else np.searchsorted(self.time, end, side="left")
        return TemporalEdges(self.name, self.src[lo:hi], self.dst[lo:hi], self.time[lo:hi], self.directed)

    def to_graph(self, start=None, end=None, *, directed=False, self_loops=False):
        """Static graph of the events in ``[start, end)``; edge ``weight`` = number of events.

        Examples
        --------
        >>> g = load_temporal_edges("CollegeMsg").to_graph(directed=True)
        >>> g.number_of_nodes(), g.number_of_edges()
        (1899, 20296)
        """
        ev = self.between(start, end)
        u, v = ev.src, ev.dst
        if not self_loops:
            keep = u != v
            u, v = u[keep], v[keep]
        if not directed:
            u, v = np.minimum(u, v), np.maximum(u, v)
        pairs, counts = np.unique(np.stack([u, v], axis=1), axis=0, return_counts=True) if u.size else (
            np.empty((0, 2), dtype=np.int64),
            np.empty(0, dtype=np.int64),
        )
        g = nx.DiGraph() if directed else nx.Graph()
        g.add_nodes_from(ev.nodes.tolist())
        g.add_weighted_edges_from(zip(pairs[:, 0].tolist(), pairs[:, 1].tolist(), counts.tolist()))
        return g

    def __repr__(self):
        span = (self.time[-1] - self.time[0]) / 86400 if self.n_events else 0.0
        return f"TemporalEdges(name={self.name!r}, n_events={self.n_events}, n_nodes={self.n_nodes}, span_days={span:.1f})"


def _sorted_events(name, src, dst, time, directed):
    order = np.argsort(time, kind="stable")
    return TemporalEdges(name, src[order], dst[order], time[order], directed)


def load_temporal_edges(name, *, download=None):
    """A timestamped network from SNAP or Network Repository (``SRC DST TIME`` lines).

    Parameters
    ----------
    name : str
        One of :data:`TEMPORAL_NETWORKS`.

    Returns
    -------
    TemporalEdges
        Directed events sorted by time; self-loop events are kept (``to_graph`` drops them
        by default).

    Examples
    --------
    >>> eu = load_temporal_edges("email-Eu-core-temporal-Dept3")
    >>> eu.n_nodes, eu.n_events
    (89, 12216)
    """
    if name not in TEMPORAL_NETWORKS:
        raise ValueError(f"name must be one of {list(TEMPORAL_NETWORKS)}; got {name!r}")
    cols = _read_columns(f"temporal/{name}.txt.gz", 3, download=download)
    return _sorted_events(name, cols[:, 0], cols[:, 1], cols[:, 2], True)


@dataclass(frozen=True)
class TemporalHypergraph:
    """Timestamped hyperedges (papers, e-mails): each is a set of nodes with a time.

    Hyperedge ``i`` has nodes ``members[offsets[i]:offsets[i + 1]]`` and time ``times[i]``
    (Unix seconds).

    Attributes
    ----------
    name : str
    offsets : ndarray of int64, shape (n_hyperedges + 1,)
    members : ndarray of int64
    times : ndarray of int64
    node_names : dict
        Node id -> name (author name, e-mail address).
    """

    name: str
    offsets: np.ndarray = field(repr=False)
    members: np.ndarray = field(repr=False)
    times: np.ndarray = field(repr=False)
    node_names: dict = field(repr=False)

    @property
    def sizes(self):
        return np.diff(self.offsets)

    @property
    def n_hyperedges(self):
        return int(self.times.size)

    def hyperedge(self, i):
        return self.members[self.offsets[i] : self.offsets[i + 1]]

    def pairwise(self):
        """Expand every hyperedge into undirected pair events ``u < v`` at its time.

        A hyperedge of ``k`` distinct nodes gives ``k(k-1)/2`` pair events. A node listed
        twice in one hyperedge (11 Condmat papers name an author twice) is counted once
        and gives no self-pair.

        Returns
        -------
        TemporalEdges
            Undirected events sorted by time.

        Examples
        --------
        >>> h = TemporalHypergraph("toy", np.array([0, 3, 5]), np.array([1, 2, 2, 4, 5]),
        ...                        np.array([10, 20]), {})
        >>> ev = h.pairwise()
        >>> ev.src.tolist(), ev.dst.tolist(), ev.time.tolist()
        ([1, 4], [2, 5], [10, 20])
        """
        src, dst, tim, hid = [], [], [], []
        sizes = self.sizes
        for k in np.unique(sizes):
            if k < 2:
                continue
            idx = np.flatnonzero(sizes == k)
            block = self.members[self.offsets[idx][:, None] + np.arange(k)[None, :]]
            iu, ju = np.triu_indices(k, 1)
            a, b = block[:, iu].ravel(), block[:, ju].ravel()
            keep = a != b
            src.append(np.minimum(a, b)[keep])
            dst.append(np.maximum(a, b)[keep])
            tim.append(np.repeat(self.times[idx], iu.size)[keep])
            hid.append(np.repeat(idx, iu.size)[keep])
        if not src:
            empty = np.empty(0, dtype=np.int64)
            return TemporalEdges(self.name, empty, empty, empty, False)
        rows = np.stack([np.concatenate(x) for x in (hid, src, dst, tim)], axis=1)
        rows = np.unique(rows, axis=0)  # one event per pair and hyperedge
        return _sorted_events(self.name, rows[:, 1], rows[:, 2], rows[:, 3], False)

    def __repr__(self):
        return f"TemporalHypergraph(name={self.name!r}, n_hyperedges={self.n_hyperedges}, n_nodes={len(self.node_names)})"


def load_condmat(*, download=None):
    """The arXiv cond-mat co-authorship hypergraph of LPmade (Lichtenwalter & Chawla).

    The Condmat network of Yang, Lichtenwalter & Chawla (2014): 17,636 authors and
    23,709 timestamped papers (1995-2000, plus two stray records from 1992 and 1993).

    Examples
    --------
    >>> cm = load_condmat()
    >>> cm.n_hyperedges, len(cm.node_names)
    (23709, 17636)
    """
    text = _read_text("temporal/cond-mat.hg2.gz", download=download)
    lines = text.splitlines()
    m = re.match(r"\*Vertices:\s*(\d+)", lines[0])
    if m is None:
        raise ValueError("cond-mat.hg2: first line is not '*Vertices: N'")
    n_vertices = int(m.group(1))
    names = {}
    for line in lines[1 : 1 + n_vertices]:
        idx, _, name = line.partition(" ")
        names[int(idx)] = name
    header = lines[1 + n_vertices]
    m = re.match(r"\*Hyperedges:\s*(\d+)", header)
    if m is None:
        raise ValueError(f"cond-mat.hg2: expected '*Hyperedges: M' after the vertices, got {header!r}")
    n_edges = int(m.group(1))
    times, sizes, members = [], [], []
    for line in lines[2 + n_vertices :]:
        if not line.strip():
            continue
        head, _, rest = line.partition("[")
        t, k = head.split()
        ids = rest.rstrip().rstrip("]").split()
        if int(k) != len(ids):
            raise ValueError(f"cond-mat.hg2: hyperedge {line!r} declares {k} members")
        times.append(int(t))
        sizes.append(len(ids))
        members.extend(int(i) for i in ids)
    if len(times) != n_edges:
        raise ValueError(f"cond-mat.hg2: header says {n_edges} hyperedges, found {len(times)}")
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    return TemporalHypergraph("cond-mat", offsets, np.array(members, dtype=np.int64), np.array(times, dtype=np.int64), names)


def load_enron_simplices(*, download=None):
    """Benson et al.'s timestamped Enron e-mails as simplices (one per e-mail).

    Times are converted from milliseconds since Julia's DateTime epoch to Unix seconds.

    Examples
    --------
    >>> en = load_enron_simplices()
    >>> en.n_hyperedges, int(en.sizes.sum())
    (10883, 26841)
    """
    base = "temporal/email-Enron/email-Enron-"
    nverts = _read_columns(base + "nverts.txt.gz", 1, download=download).ravel()
    members = _read_columns(base + "simplices.txt.gz", 1, download=download).ravel()
    times_ms = _read_columns(base + "times.txt.gz", 1, download=download).ravel()
    if nverts.sum() != members.size or nverts.size != times_ms.size:
        raise ValueError("email-Enron: nverts, simplices and times files disagree in length")
    labels = _read_text(base + "node-labels.txt.gz", download=download).split()
    names = {int(labels[i]): labels[i + 1] for i in range(0, len(labels), 2)}
    offsets = np.concatenate([[0], np.cumsum(nverts)]).astype(np.int64)
    times = (times_ms - _JULIA_EPOCH_TO_UNIX_MS) // 1000
    return TemporalHypergraph("email-Enron", offsets, members, times, names)


# -------------------------------------------------------------- labeled networks


@dataclass(frozen=True)
class LabeledNetwork:
    """A graph whose nodes carry class labels (and perhaps features).

    Attributes
    ----------
    name : str
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
    rows = _read_text(f"labeled/{name}/{name}.content.gz", download=download).splitlines()
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
    cites = _read_text(f"labeled/{name}/{name}.cites.gz", download=download).split()
    cited, citing = cites[0::2], cites[1::2]
    known = [(index[b], index[a]) for a, b in zip(cited, citing) if a in index and b in index]
    arr = np.array(known, dtype=np.int64).reshape(-1, 2)
    graph = _graph_from_pairs(len(ids), arr[:, 0], arr[:, 1], directed)
    return LabeledNetwork(name, graph, np.array([code[c] for c in labels]), classes, ids, features)


def load_cora(*, directed=False, download=None):
    """LINQS Cora: 2,708 machine-learning papers in 7 classes, their citations and words.

    Parameters
    ----------
    directed : bool, default False
        If True, a DiGraph with edges citing -> cited.

    Examples
    --------
    >>> cora = load_cora()
    >>> cora.graph.number_of_nodes(), cora.graph.number_of_edges(), cora.features.shape
    (2708, 5278, (2708, 1433))
    """
    return _load_linqs("cora", directed, download)


def load_citeseer(*, directed=False, download=None):
    """LINQS CiteSeer: 3,312 papers in 6 classes, their citations and words.

    The 17 citation lines that name a paper absent from the content file and the
    124 self-citations are dropped, leaving 4,536 undirected edges.

    Examples
    --------
    >>> cs = load_citeseer()
    >>> cs.graph.number_of_nodes(), cs.graph.number_of_edges(), len(cs.classes)
    (3312, 4536, 6)
    """
    return _load_linqs("citeseer", directed, download)


def load_polbooks(*, download=None):
    """Krebs' books on US politics (co-purchases), labelled liberal/neutral/conservative by Newman.

    Examples
    --------
    >>> pb = load_polbooks()
    >>> pb.graph.number_of_edges(), pb.classes, np.bincount(pb.labels).tolist()
    (441, ['c', 'l', 'n'], [49, 43, 13])
    """
    g = nx.parse_gml(_read_text("labeled/polbooks/polbooks.gml.gz", download=download).splitlines(), label="id")
    nodes = sorted(g.nodes)
    values = [g.nodes[n]["value"] for n in nodes]
    classes = sorted(set(values))
    graph = nx.relabel_nodes(g, {n: i for i, n in enumerate(nodes)})
    graph = nx.Graph(graph)
    return LabeledNetwork(
        "polbooks", graph, np.array([classes.index(v) for v in values]), classes, [g.nodes[n]["label"] for n in nodes]
    )


def load_enron_roles(*, download=None):
    """Enron core employees: weighted e-mail graph with job titles as labels.

    Graph: Benson's email-Enron-full projection (edge ``weight``: e-mails shared).
    Labels: the job title of the employee whose mailbox matches the local part of
    the node's e-mail address (Shetty & Adibi's list); ``'N/A'`` where the list says
    N/A, NA or ``xxx``, and ``-1`` (unknown) where the address matches no mailbox.

    Examples
    --------
    >>> er = load_enron_roles()
    >>> er.graph.number_of_edges(), int((er.labels >= 0).sum())
    (2583, 134)
    """
    base = "labeled/enron-roles/"
    addresses = _read_text(base + "email-Enron-full-node-labels.txt.gz", download=download).split()
    address = {int(addresses[i]): addresses[i + 1] for i in range(0, len(addresses), 2)}
    titles = {}
    for line in _read_text(base + "employees.txt.gz", download=download).splitlines():
        if not line.strip():
            continue
        mailbox, _, rest = line.partition("\t")
        parts = re.split(r"\s{2,}", rest.strip())
        title = parts[1] if len(parts) > 1 else "N/A"
        titles[mailbox.strip()] = "N/A" if title in ("NA", "N/A") else title
    edges = _read_columns(base + "email-Enron-full-proj-graph.txt.gz", 3, download=download)
    ids = sorted(address)
    index = {k: i for i, k in enumerate(ids)}
    node_titles = [titles.get(address[k].split("@")[0]) for k in ids]
    classes = sorted({t for t in node_titles if t is not None})
    labels = np.array([classes.index(t) if t is not None else -1 for t in node_titles], dtype=np.int64)
    graph = nx.Graph()
    graph.add_nodes_from(range(len(ids)))
    graph.add_weighted_edges_from((index[u], index[v], int(w)) for u, v, w in edges.tolist())
    return LabeledNetwork("enron-roles", graph, labels, classes, [address[k] for k in ids])
