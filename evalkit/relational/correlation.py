"""Correlation over the links of a network: of classifier errors, and of labels.

:func:`error_correlation` is the paper's :math:`\\phi` of 0-1 errors over linked pairs of
evaluated nodes; :func:`label_autocorrelation` the relational autocorrelation of a binary
label (Neville et al. Table 5).
"""
from __future__ import annotations

import warnings

import numpy as np

from .._checks import Array, Choice, Either, GraphLike, checks
from ..metrics import UndefinedMetricWarning
from . import _common as _c

__all__ = ["error_correlation", "label_autocorrelation"]


@checks(graph=GraphLike(), errors=Array(ndim=(1, 2), kind="binary"), mask=Array(ndim=(1, 2), kind="binary", none=True))
def error_correlation(graph, errors, mask=None):
    r"""Correlation of 0-1 errors over linked pairs of evaluated nodes (the paper's :math:`\phi`).

    The Pearson correlation (phi coefficient for 0/1 values) of ``errors[i]`` and
    ``errors[j]`` over all ordered pairs ``(i, j)`` of linked nodes that are both in
    ``mask`` (each undirected link counted both ways; weights ignored).

    Parameters
    ----------
    graph : networkx graph or (sparse) adjacency
        The network.
    errors : array_like, shape (n,) or (n_cases, n)
        1 where a node is misclassified, 0 where it is right.
    mask : array_like of bool, same shape, optional
        The nodes evaluated (e.g. the test set); default all.

    Returns
    -------
    float or ndarray of shape (n_cases,)
        NaN where undefined (no linked pair, or constant errors: all 0 or all 1), with an
        :class:`~evalkit.metrics.UndefinedMetricWarning`.

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
    if mask is None:
        m = np.ones_like(x, dtype=bool)
    else:
        m = np.atleast_2d(np.asarray(mask, dtype=bool))
        if m.shape != x.shape:
            raise ValueError(f"mask must have the shape of errors {np.shape(errors)}; got {np.shape(mask)}")
    r = _c.link_phi(a, x.T, m.T)
    if np.isnan(r).any():
        warnings.warn("the correlation is undefined (no linked pair of evaluated nodes, or constant values); "
                      "returning NaN", UndefinedMetricWarning, stacklevel=2)
    return float(r[0]) if one else r


# labels: whole numbers (the body says "binarise" when a class other than 0/1 is given)
@checks(graph=GraphLike(), labels=Either(Array(ndim=1, kind="binary"), Array(ndim=1, kind="integer")), measure=Choice("phi", "contingency"))
def label_autocorrelation(graph, labels, *, measure="phi"):
    r"""Relational autocorrelation of a binary label: its correlation across linked nodes.

    ``measure='phi'`` (default): the Pearson correlation of ``labels[i]`` and
    ``labels[j]`` over ordered linked pairs, i.e. the :math:`\phi` coefficient of their
    2x2 table; nodes with a negative label (unknown) are left out. Equals networkx's
    ``numeric_assortativity_coefficient`` on the labelled subgraph.

    ``measure='contingency'``: Pearson's corrected contingency coefficient of the same
    table, :math:`C^* = C / C_{max}` with :math:`C = \sqrt{\chi^2 / (\chi^2 + N)}` and
    :math:`C_{max} = \sqrt{1/2}` for two classes, i.e.
    :math:`\sqrt{2\phi^2 / (1 + \phi^2)}`: unsigned, and above :math:`|\phi|` except at 0
    and 1. Neville et al. (2011) do not say which measure their autocorrelations use.

    Parameters
    ----------
    graph : networkx graph or (sparse) adjacency
        The network.
    labels : array_like of int, shape (n,)
        0 or 1 for every node, negative (e.g. -1) where the label is unknown.
    measure : {'phi', 'contingency'}, default 'phi'
        The measure of association (see above).

    Returns
    -------
    float
        The autocorrelation; NaN where undefined (no linked pair of labelled nodes, or a
        constant label: all 0 or all 1), with an :class:`~evalkit.metrics.UndefinedMetricWarning`.

    Examples
    --------
    >>> import networkx as nx
    >>> round(label_autocorrelation(nx.path_graph(6), [1, 1, 1, 0, 0, -1]), 3)
    0.467
    >>> round(label_autocorrelation(nx.path_graph(6), [1, 1, 1, 0, 0, -1], measure="contingency"), 3)
    0.598
    """
    y = np.asarray(labels)
    known = y >= 0
    if not np.isin(y[known], (0, 1)).all():
        raise ValueError("labels must be 0/1 (negative for unknown); binarise a multi-class label first")
    phi = error_correlation(graph, np.where(known, y, 0), known)
    if measure == "phi":
        return phi
    return float(np.sqrt(2 * phi**2 / (1 + phi**2)))
