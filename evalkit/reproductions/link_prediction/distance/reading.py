"""How the distance chapter reads the paper's words about curves by distance: "the best distance" among
the distances with enough positives, an "exponential" decay, a "monotonic" curve."""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ...._checks import Array, Instance, Integer, Real, checks

__all__ = ["DECAY_STEP", "MIN_POSITIVES", "best_distance", "decays_exponentially", "monotone"]


#: the fewest positives a distance needs for its AUROC to count in "the best distance": with k positives
#: and many negatives an AUROC near chance has a standard error of about sqrt(1 / (12 k)), 0.029 at 100
MIN_POSITIVES = 100


@checks(auroc=Instance("Series", example=lambda: __import__("pandas").Series({2.0: 0.6, 3.0: 0.7})),
        n_positive=Instance(Mapping, example=lambda: {2.0: 150, 3.0: 120}), min_positives=Integer(1))
def best_distance(auroc, n_positive, *, min_positives=MIN_POSITIVES):
    """The finite distance with the highest AUROC among those with at least ``min_positives`` positives.

    Parameters
    ----------
    auroc : pandas.Series
        AUROC by distance (a row of :func:`fig10` without ``"all"``; NaN where a distance has none).
    n_positive : Mapping of float -> int
        Positives at each distance.
    min_positives : int
        The fewest positives a distance needs to count.

    Returns
    -------
    tuple
        ``(distance, margin)``: the best distance (None if no distance counts) and its lead over
        the second best (NaN if fewer than two count).

    Examples
    --------
    >>> import pandas as pd
    >>> best_distance(pd.Series({2.0: 0.58, 4.0: 0.69, 7.0: 0.70, 13.0: 0.95}),
    ...               {2.0: 1000, 4.0: 600, 7.0: 300, 13.0: 1})    # distance 13 has one positive
    (7.0, 0.010000000000000009)
    """
    counted = auroc[[np.isfinite(float(d)) and n_positive.get(float(d), 0) >= min_positives for d in auroc.index]]
    counted = counted.dropna().astype(float).sort_values(ascending=False)
    if counted.empty:
        return None, float("nan")
    margin = float(counted.iloc[0] - counted.iloc[1]) if len(counted) > 1 else float("nan")
    return float(counted.index[0]), margin


#: an "exponential decay" must remove at least this share of the links at each step: a step that
#: removes less is flat, not a decay
DECAY_STEP = 0.1


@checks(distances=Array(ndim=1, kind="real", finite=False), counts=Array(ndim=1, low=0), last=Real(2),
        min_step=Real(0, 1), min_r2=Real(0, 1))
def decays_exponentially(distances, counts, *, last=5, min_step=DECAY_STEP, min_r2=0.9):
    """Whether counts by distance decay exponentially from distance 2 to ``last`` (Fig. 9's claim).

    Exponential decay is a constant factor per step below 1. Over the finite distances from
    2 to ``last`` (or to the last distance with a count), every step must remove at least
    ``min_step`` of the count, and the logarithm of the counts must be close to a line in the
    distance (coefficient of determination at least ``min_r2``; two points always are).

    Parameters
    ----------
    distances : array_like of float
        Distances (``inf`` allowed: ignored).
    counts : array_like of int
        The count at each distance.
    last : float
        The largest distance looked at.
    min_step : float
        The smallest share of the count a step must remove.
    min_r2 : float
        The smallest coefficient of determination of the log-linear fit.

    Returns
    -------
    bool

    Examples
    --------
    >>> decays_exponentially([2, 3, 4, 5], [1000, 300, 90, 27])            # a factor 0.3 per step
    True
    >>> decays_exponentially([2, 3, 4, 5], [1000, 650, 640, 630])          # flat from 3 to 5
    False
    """
    distances, counts = np.asarray(distances, dtype=float), np.asarray(counts, dtype=float)
    keep = np.isfinite(distances) & (distances >= 2) & (distances <= last)
    d, c = distances[keep], counts[keep]
    order = np.argsort(d)
    d, c = d[order], c[order]
    if not c.any():
        return False
    d, c = d[:np.flatnonzero(c)[-1] + 1], c[:np.flatnonzero(c)[-1] + 1]   # up to the last distance with a count
    if c.size < 2 or (c == 0).any() or not np.all(c[1:] <= (1 - min_step) * c[:-1]):
        return False
    if c.size == 2:
        return True
    y = np.log(c)
    fit = np.polyval(np.polyfit(d, y, 1), d)
    return bool(1 - np.sum((y - fit) ** 2) / np.sum((y - y.mean()) ** 2) >= min_r2)


@checks(values=Array(ndim=1, kind="any"))
def monotone(values):
    """Whether a curve never rises or never falls (NaN entries, distances without a value, are skipped).

    Parameters
    ----------
    values : array_like of float
        The curve, in order.

    Returns
    -------
    bool

    Examples
    --------
    >>> monotone([0.62, 0.60, 0.60, 0.56]), monotone([0.58, 0.64, 0.69, 0.68])
    (True, False)
    """
    v = np.asarray(values, dtype=float)
    d = np.diff(v[~np.isnan(v)])
    return bool((d <= 0).all() or (d >= 0).all())
