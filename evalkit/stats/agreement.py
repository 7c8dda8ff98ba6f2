"""Replicability of a test: Bouckaert & Frank's R(k, n) and the consistency counts over data sets.

(The module is not named ``replicability`` so that it cannot shadow the function
:func:`replicability` in :mod:`evalkit.stats`.)
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._checks import Array, Integer, Real, checks
from ._common import as_int64_counts
from ._common import scalar_or_array as _scalar_or_array

__all__ = ["ReplicabilitySummary", "replicability", "replicability_summary"]


@checks(k=Array(kind="count"), n=Integer(2))
def replicability(k, n):
    r"""Bouckaert & Frank's :math:`R(k, n)`: probability that two of n runs of a test agree.

    .. math:: R(k, n) = \frac{\binom{k}{2} + \binom{n-k}{2}}{\binom{n}{2}}
                      = \frac{k(k-1) + (n-k)(n-k-1)}{n(n-1)}

    for a test that rejects in ``k`` of ``n`` runs (never below about 0.5).

    Parameters
    ----------
    k : int or array_like of int
        Number of runs (of ``n``) in which the test rejects, ``0 <= k <= n``.
    n : int
        Number of runs, at least 2.

    Returns
    -------
    float or ndarray
        :math:`R(k, n)`, a float for a scalar ``k``.

    Examples
    --------
    >>> from evalkit.stats import replicability
    >>> replicability(10, 10), round(replicability(5, 10), 4)
    (1.0, 0.4444)
    """
    n = int(n)
    k = as_int64_counts(k, "k")
    if np.any(k > n):
        raise ValueError(f"k must not exceed n = {n}")
    return _scalar_or_array((k * (k - 1) + (n - k) * (n - k - 1)) / (n * (n - 1)))


@checks(consistent=Integer(0), almost_consistent=Integer(0), replicability=Real(0, 1))
@dataclass(frozen=True)
class ReplicabilitySummary:
    r"""Result of :func:`replicability_summary`: the paper's three summary rows.

    Parameters
    ----------
    consistent : int
        Data sets on which all n runs agree (k = 0 or k = n).
    almost_consistent : int
        Data sets on which at most one run disagrees (k in {0, 1, n - 1, n}).
    replicability : float
        :math:`R = \sum_k (i_k/m)\,R(k, n)`, the mean of R(k, n) over the m data sets.

    Examples
    --------
    >>> from evalkit.stats import replicability_summary
    >>> replicability_summary([10, 10], 10).consistent
    2
    """

    consistent: int
    almost_consistent: int
    replicability: float


@checks(non_rejections=Array(ndim=1, kind="count"), n=Integer(2))
def replicability_summary(non_rejections, n):
    """Consistency counts and the replicability R over data sets (Bouckaert & Frank, Table 1).

    Parameters
    ----------
    non_rejections : array_like of int
        For each data set, how many of the ``n`` runs did *not* reject (or did; the
        measures are symmetric).
    n : int
        Runs per data set (10 in the paper).

    Returns
    -------
    ReplicabilitySummary
        The consistency counts and the mean replicability.

    Examples
    --------
    >>> from evalkit.stats import replicability_summary
    >>> replicability_summary([10, 0, 9, 5], 10)
    ReplicabilitySummary(consistent=2, almost_consistent=3, replicability=0.8111111111111111)
    """
    n = int(n)
    k = as_int64_counts(non_rejections, "non_rejections")
    if np.any(k > n):
        raise ValueError(f"non_rejections must not exceed n = {n}")
    consistent = int(np.sum((k == 0) | (k == n)))
    almost = int(np.sum((k <= 1) | (k >= n - 1)))
    return ReplicabilitySummary(consistent, almost, float(np.mean(replicability(k, n))))
