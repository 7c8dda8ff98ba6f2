"""Timestamped networks: edge events (SNAP, Network Repository) and hypergraphs (Condmat, Enron).

Examples
--------
>>> from evalkit import datasets
>>> msgs = datasets.load_temporal_edges("CollegeMsg")
>>> msgs.n_events, msgs.n_nodes
(59835, 1899)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import networkx as nx
import numpy as np

from .._checks import Array, Boolean, Choice, Instance, Integer, Real, Text, checks
from .._results import result
from .fetching import read_columns, read_text

_DOWNLOAD = Boolean(none=True)

__all__ = [
    "PAIR_WEIGHTINGS",
    "TEMPORAL_NETWORKS",
    "TemporalEdges",
    "TemporalHypergraph",
    "load_condmat",
    "load_enron_simplices",
    "load_temporal_edges",
]

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

PAIR_WEIGHTINGS = ("count", "newman", "inverse_size")
"""How :meth:`TemporalHypergraph.pairwise` weights the pairs of a hyperedge of ``k`` nodes:
1 each (``'count'``), ``1 / (k - 1)`` (``'newman'``: Newman's collaboration weight, the rule of
LPmade's Condmat script) or ``1 / k`` (``'inverse_size'``)."""

# Benson's times are milliseconds since Julia's DateTime epoch (year 0).
_JULIA_EPOCH_TO_UNIX_MS = 62_135_683_200_000


@checks(_same_length=[("src", "dst", "time")], name=Text(empty=True),
        src=Array(ndim=1, kind="integer", min_size=0), dst=Array(ndim=1, kind="integer", min_size=0),
        time=Array(ndim=1, min_size=0), directed=Boolean(),
        weight=Array(ndim=1, finite=False, min_size=0, none=True))
@result
class TemporalEdges:
    """Timestamped edge events ``(src[i], dst[i], time[i])``, sorted by time (stable).

    Parameters
    ----------
    name : str
        The network's name.
    src : ndarray of int64
        Source node id of each event, as in the data file.
    dst : ndarray of int64
        Destination node id of each event.
    time : ndarray of int64
        Seconds (Unix time, or seconds from the start where the source withholds dates).
    directed : bool
        Whether an event goes from ``src`` to ``dst`` (else it joins them).
    weight : ndarray of float, optional
        Weight of each event; None means 1 each. Where events are summed into a network
        (:meth:`to_graph`, :func:`evalkit.linkpred.temporal_task`), a pair's weight is the
        sum of its events' weights: the number of events (messages) when ``weight`` is None.

    Examples
    --------
    >>> ev = TemporalEdges("toy", np.array([1, 2, 1]), np.array([2, 3, 3]), np.array([5, 6, 7]))
    >>> ev.n_events, ev.n_nodes, ev.between(6).n_events
    (3, 3, 2)
    """

    name: str
    src: np.ndarray = field(repr=False)
    dst: np.ndarray = field(repr=False)
    time: np.ndarray = field(repr=False)
    directed: bool = True
    weight: np.ndarray = field(default=None, repr=False)

    def __post_init__(self):
        if self.weight is not None:
            w = np.asarray(self.weight, dtype=np.float64)
            if w.shape != np.shape(self.src):
                raise ValueError(f"weight must have one value per event ({np.size(self.src)}); got shape {w.shape}")
            if not np.all(np.isfinite(w)) or (w <= 0).any():
                raise ValueError("weight must hold positive finite numbers")
            object.__setattr__(self, "weight", w)

    @property
    def weights(self):
        """The weight of each event (ones where ``weight`` is None)."""
        return np.ones(self.src.size) if self.weight is None else self.weight

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

    @checks(start=Real(none=True), end=Real(none=True))
    def between(self, start=None, end=None):
        """The events with ``start <= time < end`` (either bound may be None)."""
        lo = 0 if start is None else np.searchsorted(self.time, start, side="left")
        hi = self.n_events if end is None else np.searchsorted(self.time, end, side="left")
        weight = None if self.weight is None else self.weight[lo:hi]
        return TemporalEdges(self.name, self.src[lo:hi], self.dst[lo:hi], self.time[lo:hi], self.directed, weight)

    @checks(start=Real(none=True), end=Real(none=True), directed=Boolean(), self_loops=Boolean())
    def to_graph(self, start=None, end=None, *, directed=False, self_loops=False):
        """Static graph of the events in ``[start, end)``; edge ``weight`` = sum of its events' weights.

        Without event weights that is the number of events on the pair (in either direction
        when ``directed=False``).

        Examples
        --------
        >>> g = load_temporal_edges("CollegeMsg").to_graph(directed=True)
        >>> g.number_of_nodes(), g.number_of_edges()
        (1899, 20296)
        """
        ev = self.between(start, end)
        u, v, w = ev.src, ev.dst, ev.weights
        if not self_loops:
            keep = u != v
            u, v, w = u[keep], v[keep], w[keep]
        if not directed:
            u, v = np.minimum(u, v), np.maximum(u, v)
        if u.size:
            pairs, inverse = np.unique(np.stack([u, v], axis=1), axis=0, return_inverse=True)
            totals = np.bincount(inverse.ravel(), weights=w, minlength=len(pairs))
            if ev.weight is None:
                totals = totals.astype(np.int64)
        else:
            pairs, totals = np.empty((0, 2), dtype=np.int64), np.empty(0, dtype=np.int64)
        g = nx.DiGraph() if directed else nx.Graph()
        g.add_nodes_from(ev.nodes.tolist())
        g.add_weighted_edges_from(zip(pairs[:, 0].tolist(), pairs[:, 1].tolist(), totals.tolist()))
        return g

    def __repr__(self):
        span = (self.time[-1] - self.time[0]) / 86400 if self.n_events else 0.0
        return f"TemporalEdges(name={self.name!r}, n_events={self.n_events}, n_nodes={self.n_nodes}, span_days={span:.1f})"


def _sorted_events(name, src, dst, time, directed):
    order = np.argsort(time, kind="stable")
    return TemporalEdges(name, src[order], dst[order], time[order], directed)


@checks(name=Text(), download=_DOWNLOAD)
def load_temporal_edges(name, *, download=None):
    """A timestamped network from SNAP or Network Repository (``SRC DST TIME`` lines).

    Parameters
    ----------
    name : str
        One of ``TEMPORAL_NETWORKS``.
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

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
    cols = read_columns(f"temporal/{name}.txt.gz", 3, download=download)
    return _sorted_events(name, cols[:, 0], cols[:, 1], cols[:, 2], True)


@checks(name=Text(empty=True), offsets=Array(ndim=1, kind="count").with_example(lambda: np.array([0, 2])),
        members=Array(ndim=1, kind="integer", min_size=0).with_example(lambda: np.array([1, 2])),
        times=Array(ndim=1, min_size=0).with_example(lambda: np.array([0])), node_names=Instance(dict, example={}))
@result
class TemporalHypergraph:
    """Timestamped hyperedges (papers, e-mails): each is a set of nodes with a time.

    Hyperedge ``i`` has nodes ``members[offsets[i]:offsets[i + 1]]`` and time ``times[i]``
    (Unix seconds).

    Parameters
    ----------
    name : str
        The data set's name.
    offsets : ndarray of int64, shape (n_hyperedges + 1,)
        Where each hyperedge's members start in ``members`` (non-decreasing, from 0).
    members : ndarray of int64
        The node ids of every hyperedge, one after the other.
    times : ndarray of int64
        The time of each hyperedge.
    node_names : dict
        Node id -> name (author name, e-mail address).

    Examples
    --------
    >>> h = TemporalHypergraph("toy", np.array([0, 3, 5]), np.array([1, 2, 3, 4, 5]), np.array([10, 20]), {})
    >>> h.n_hyperedges, h.hyperedge(1).tolist()
    (2, [4, 5])
    """

    def __post_init__(self):
        offsets = np.asarray(self.offsets)
        if offsets[0] != 0 or np.any(np.diff(offsets) < 0) or offsets[-1] != np.size(self.members):
            raise ValueError(f"offsets must rise from 0 to len(members) = {np.size(self.members)}; got "
                             f"{offsets[:3].tolist()}...{offsets[-1:].tolist()}")
        if offsets.size != np.size(self.times) + 1:
            raise ValueError(f"offsets must have one more entry than times ({np.size(self.times) + 1}); "
                             f"got {offsets.size}")

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

    @checks(i=Integer())
    def hyperedge(self, i):
        """The nodes of hyperedge ``i`` (``0 <= i < n_hyperedges``; negative counts from the end)."""
        n = self.n_hyperedges
        if isinstance(i, (bool, np.bool_)) or not isinstance(i, (int, np.integer)):
            raise TypeError(f"i must be an integer; got {i!r}")
        if not -n <= i < n:
            raise ValueError(f"i must be in [-{n}, {n}) (the hyperedges); got {i}")
        i = int(i) % n
        return self.members[self.offsets[i] : self.offsets[i + 1]]

    @checks(weighting=Choice(*PAIR_WEIGHTINGS))
    def pairwise(self, *, weighting="count"):
        """Expand every hyperedge into undirected pair events ``u < v`` at its time.

        A hyperedge of ``k`` distinct nodes gives ``k(k-1)/2`` pair events. A node listed
        twice in one hyperedge (11 Condmat papers name an author twice) is counted once
        and gives no self-pair (``k`` counts distinct nodes).

        Parameters
        ----------
        weighting : {'count', 'newman', 'inverse_size'}, default 'count'
            The weight of each pair event of a hyperedge of ``k`` nodes: 1, ``1 / (k - 1)``
            or ``1 / k`` (see ``PAIR_WEIGHTINGS``). Networks built from the events sum
            them, so with ``'newman'`` a pair's weight is the sum over its joint papers of
            ``1 / (k - 1)``, and every paper adds exactly 1 to each author's total weight.

        Returns
        -------
        TemporalEdges
            Undirected events sorted by time, with ``weight`` (None for ``'count'``).

        Examples
        --------
        >>> h = TemporalHypergraph("toy", np.array([0, 3, 5]), np.array([1, 2, 3, 4, 5]),
        ...                        np.array([10, 20]), {})
        >>> ev = h.pairwise(weighting="newman")
        >>> ev.src.tolist(), ev.dst.tolist(), ev.time.tolist(), ev.weight.tolist()
        ([1, 1, 2, 4], [2, 3, 3, 5], [10, 10, 10, 20], [0.5, 0.5, 0.5, 1.0])
        """
        if weighting not in PAIR_WEIGHTINGS:
            raise ValueError(f"weighting must be one of {PAIR_WEIGHTINGS}; got {weighting!r}")
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
        weight = None
        if weighting != "count":
            # k = distinct nodes of the hyperedge = the number of its pair events' end points
            n_pairs = np.bincount(rows[:, 0], minlength=self.n_hyperedges)[rows[:, 0]]
            k = np.rint((1 + np.sqrt(1 + 8 * n_pairs)) / 2)
            weight = 1 / (k - 1) if weighting == "newman" else 1 / k
        order = np.argsort(rows[:, 3], kind="stable")
        return TemporalEdges(self.name, rows[order, 1], rows[order, 2], rows[order, 3], False,
                             None if weight is None else weight[order])

    def __repr__(self):
        return f"TemporalHypergraph(name={self.name!r}, n_hyperedges={self.n_hyperedges}, n_nodes={len(self.node_names)})"


@checks(download=_DOWNLOAD)
def load_condmat(*, download=None):
    """The arXiv cond-mat co-authorship hypergraph of LPmade (Lichtenwalter & Chawla).

    The Condmat network of Yang, Lichtenwalter & Chawla (2014): 17,636 authors and
    23,709 timestamped papers (1995-2000, plus two stray records from 1992 and 1993).

    Parameters
    ----------
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

    Returns
    -------
    TemporalHypergraph
        One hyperedge per paper, its authors the nodes.

    Examples
    --------
    >>> cm = load_condmat()
    >>> cm.n_hyperedges, len(cm.node_names)
    (23709, 17636)
    """
    text = read_text("temporal/cond-mat.hg2.gz", download=download)
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


@checks(download=_DOWNLOAD)
def load_enron_simplices(*, download=None):
    """Benson et al.'s timestamped Enron e-mails as simplices (one per e-mail).

    Times are converted from milliseconds since Julia's DateTime epoch to Unix seconds.

    Parameters
    ----------
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

    Returns
    -------
    TemporalHypergraph
        One hyperedge per e-mail, its sender and recipients the nodes.

    Examples
    --------
    >>> en = load_enron_simplices()
    >>> en.n_hyperedges, int(en.sizes.sum())
    (10883, 26841)
    """
    base = "temporal/email-Enron/email-Enron-"
    nverts = read_columns(base + "nverts.txt.gz", 1, download=download).ravel()
    members = read_columns(base + "simplices.txt.gz", 1, download=download).ravel()
    times_ms = read_columns(base + "times.txt.gz", 1, download=download).ravel()
    if nverts.sum() != members.size or nverts.size != times_ms.size:
        raise ValueError("email-Enron: nverts, simplices and times files disagree in length")
    labels = read_text(base + "node-labels.txt.gz", download=download).split()
    names = {int(labels[i]): labels[i + 1] for i in range(0, len(labels), 2)}
    offsets = np.concatenate([[0], np.cumsum(nverts)]).astype(np.int64)
    times = (times_ms - _JULIA_EPOCH_TO_UNIX_MS) // 1000
    return TemporalHypergraph("email-Enron", offsets, members, times, names)
