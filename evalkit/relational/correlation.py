"""Correlation over the links of a network: of classifier errors, and of labels.

:func:`error_correlation` is the paper's :math:`\\phi` of 0-1 errors over linked pairs of
evaluated nodes; :func:`label_autocorrelation` the relational autocorrelation of a binary
label (Neville et al. Table 5).
"""
from __future__ import annotations

import numpy as np

from . import _common as _c

__all__ = ["error_correlation", "label_autocorrelation"]


def error_correlation(graph, errors, mask=None):
    r"""Correlation of 0-1 errors over linked pairs of evaluated nodes (the paper's :math:`\phi`).

    The Pearson correlation (phi coefficient for 0/1 values) of ``errors[i]`` and
    ``errors[j]`` over all ordered pairs ``(i, j)`` of linked nodes that are both in
    ``mask`` (each undirected link counted both ways; weights ignored).

    Parameters
    ----------
    graph : networkx graph or (sparse) adjacency
    errors : array_like, shape (n,) or (n_cases, n)
        1 where a node is misclassified, 0 where it is right.
    mask : array_like of bool, same shape, optional
        The nodes evaluated (e.g. the test set); default all.

    Returns
    -------
    float or ndarray of shape (n_cases,)
        NaN where undefined (no linked pair, or constant errors).

    Examples
    --------
    >>> import networkx as nx
    >>> round(error_correlation(nx.path_graph(6), [1, 1, 1, 0, 0, 0]), 3)
    0.6
    """
    a = _c.adjacency(graph)
    a.data[:] = 1.0
    x = np.asarray(errors, dtype=float)
    one = x.ndim == 1
    x = np.atleast_2d(x)
    if x.shape[-1] != a.shape[0]:
        raise ValueError(f"errors must have {a.shape[0]} entries per case (one per node); got shape {x.shape}")
    m = np.ones_like(x, dtype=bool) if mask is None else np.broadcast_to(np.atleast_2d(np.asarray(mask, dtype=bool)), x.shape)
    r = _c.link_phi(a, x.T, m.T)
    return float(r[0]) if one else r


def label_autocorrelation(graph, labels):
    """Relational autocorrelation of a binary label: its correlation across linked nodes.

    The Pearson correlation of ``labels[i]`` and ``labels[j]`` over ordered linked pairs
    (Jensen & Neville's relational autocorrelation for a binary class); nodes with a
    negative label (unknown) are left out. Equals networkx's
    ``numeric_assortativity_coefficient`` on the labelled subgraph.

    Examples
    --------
    >>> import networkx as nx
    >>> round(label_autocorrelation(nx.path_graph(6), [1, 1, 1, 0, 0, -1]), 3)
    0.5
    """
    y = np.asarray(labels)
    if y.ndim != 1:
        raise ValueError(f"labels must be 1-D; got shape {y.shape}")
    known = y >= 0
    if not np.isin(y[known], (0, 1)).all():
        raise ValueError("labels must be 0/1 (negative for unknown); binarise a multi-class label first")
    return error_correlation(graph, np.where(known, y, 0), known)
