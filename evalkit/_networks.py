"""Networks as the relational classifiers and Neville et al.'s protocol take them (private module).

What :mod:`evalkit.relational` and :mod:`evalkit.reproductions.network_cv` share: the
networks the classifiers accept (:func:`adjacency`, :func:`as_network`, :func:`binary`), the
phi coefficient over links (:func:`link_phi`) and a context that silences the warnings of
``nanmean`` over empty slices (:class:`quiet_nanmean`).
"""
from __future__ import annotations

import warnings

import numpy as np
import scipy.sparse as sp

from .graph import as_adjacency as _graph_as_adjacency

__all__ = ["adjacency", "as_network", "binary", "link_phi", "quiet_nanmean"]


def adjacency(graph):
    """Symmetric float adjacency (``csr_array``) of a networkx graph or a square matrix.

    :func:`evalkit.graph.as_adjacency` with ``directed='symmetrize'`` and the ``weight``
    edge attribute kept (1 where absent); self-loops are dropped and a dense square array
    is read as a matrix, as evalkit 1's ``relational.as_adjacency`` did.

    Examples
    --------
    >>> import networkx as nx
    >>> adjacency(nx.path_graph(3)).toarray().tolist()
    [[0.0, 1.0, 0.0], [1.0, 0.0, 1.0], [0.0, 1.0, 0.0]]
    """
    import networkx as nx

    if isinstance(graph, np.ndarray):
        if graph.ndim != 2 or graph.shape[0] != graph.shape[1]:
            raise ValueError(f"the adjacency matrix must be square; got shape {graph.shape}")
        graph = sp.csr_array(graph, dtype=float)
    elif isinstance(graph, nx.Graph):
        if nx.number_of_selfloops(graph):
            graph = graph.copy()
            graph.remove_edges_from(list(nx.selfloop_edges(graph)))
    elif not sp.issparse(graph):
        raise TypeError(f"graph must be a networkx graph or a square (sparse) matrix; got {type(graph).__name__}")
    a, _ = _graph_as_adjacency(graph, directed="symmetrize", weight="weight", dtype=float)
    return a


def as_network(network):
    """(adjacency, labels) from a network object or a (graph, labels) pair."""
    if hasattr(network, "adjacency") and hasattr(network, "labels"):
        a, y = network.adjacency, network.labels
    elif isinstance(network, (tuple, list)) and len(network) == 2:
        a, y = network
    else:
        raise TypeError("network must have .adjacency and .labels, or be a pair (graph or adjacency, labels)")
    a = adjacency(a)
    y = np.asarray(y)
    if y.shape != (a.shape[0],) or not np.isin(y, (0, 1)).all():
        raise ValueError(f"labels must be 0/1, one per node ({a.shape[0]}); got shape {y.shape}")
    if np.unique(y).size < 2:
        raise ValueError(f"labels must hold both classes, 0 and 1: a network whose nodes are all {int(y[0])} "
                         "leaves its classifiers nothing to tell apart")
    return a, y.astype(np.int64)


def binary(a):
    """A copy of the sparse matrix ``a`` with every stored entry set to 1."""
    b = a.copy()
    b.data[:] = 1.0
    return b


def link_phi(a, x, mask):
    """Pearson correlation of ``x`` over ordered linked pairs with both ends in ``mask``; columns = cases."""
    m = mask.astype(float)
    xm = x * m
    pairs = (m * (a @ m)).sum(axis=0)
    sx = (xm * (a @ m)).sum(axis=0)
    sxx = (xm * (a @ xm)).sum(axis=0)
    sx2 = (xm * x * (a @ m)).sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = sx / pairs
        var = sx2 / pairs - mean**2
        r = (sxx / pairs - mean**2) / var
    r[~np.isfinite(r) | (pairs == 0)] = np.nan
    return r


class quiet_nanmean:
    """Context manager: ignore RuntimeWarnings (``nanmean`` of an all-NaN slice)."""

    def __enter__(self):
        self._w = warnings.catch_warnings()
        self._w.__enter__()
        warnings.simplefilter("ignore", RuntimeWarning)

    def __exit__(self, *exc):
        self._w.__exit__(*exc)
