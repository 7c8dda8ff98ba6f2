r"""Cost curves (Drummond & Holte, 2006): ROC points as lines of expected cost.

Scott's lecture names cost curves as the alternative to ROC. A classifier with false
positive rate FPR and true positive rate TPR has, at *probability cost*

.. math::
    \mathrm{PC}(+) = \frac{p(+)\,C(-|+)}{p(+)\,C(-|+) + p(-)\,C(+|-)},

the normalised expected cost :math:`(1-\mathrm{TPR})\,\mathrm{PC}(+) + \mathrm{FPR}\,(1-\mathrm{PC}(+))`:
a straight line from :math:`(0, \mathrm{FPR})` to :math:`(1, 1-\mathrm{TPR})`. The lower
envelope of the lines is the best achievable cost at every class ratio and cost ratio;
it is the cost-space image of the ROC convex hull, and the area under it is the
expected cost when PC(+) is uniform. Unlike ROC space, cost space shows by how much one
classifier beats another, and for which operating conditions.
"""
from __future__ import annotations

import numpy as np

from .._checks import Array, Real, checks
from .._results import result
from ._ranking import RATES, check_roc_points
from .roc import roc_convex_hull

__all__ = ["CostCurve", "cost_curve", "probability_cost"]


@checks(_same_length=[("probability_cost", "normalized_cost")],
        probability_cost=Array(ndim=1, kind="real", low=0, high=1, min_size=2),
        normalized_cost=Array(ndim=1, kind="real", low=0, high=1, min_size=2),
        lines=Array(ndim=2, kind="real", low=0, high=1),
        operating_points=Array(ndim=1, kind="integer", low=-2),
        area=Real(0, 1))
@result
class CostCurve:
    """Result of :func:`cost_curve`.

    Parameters
    ----------
    probability_cost : ndarray
        PC(+) at the vertices of the lower envelope, increasing from 0 to 1.
    normalized_cost : ndarray
        The envelope's normalised expected cost at those vertices.
    lines : ndarray of shape (n_points, 2)
        Each ROC point's line as its cost at PC(+) = 0 and at PC(+) = 1, i.e.
        ``(fpr, 1 - tpr)``.
    operating_points : ndarray of int
        For each envelope segment (between consecutive vertices), the index of the ROC
        point whose line it is; -1 for the trivial "always negative" and -2 for
        "always positive" classifiers when they are not among the points.
    area : float
        Area under the envelope: the expected normalised cost when PC(+) is uniform on
        [0, 1].

    Examples
    --------
    >>> cc = cost_curve([0.2], [0.7])
    >>> round(cc.area, 4), round(float(cc.cost_at(0.5)), 2)
    (0.1869, 0.25)
    """

    probability_cost: np.ndarray
    normalized_cost: np.ndarray
    lines: np.ndarray
    operating_points: np.ndarray
    area: float

    @checks(probability_cost=Array(kind="real", low=0, high=1))
    def cost_at(self, probability_cost):
        """The envelope's normalised expected cost at the given PC(+) (exact: it is piecewise linear)."""
        pc = np.asarray(probability_cost, dtype=float)
        if not np.isfinite(pc).all() or pc.min(initial=0) < 0 or pc.max(initial=0) > 1:
            raise ValueError("probability_cost must lie in [0, 1]")
        return np.interp(pc, self.probability_cost, self.normalized_cost)


@checks(p_positive=Array(kind="real", low=0, high=1),
        cost_fn=Real(0, None, closed="neither"), cost_fp=Real(0, None, closed="neither"))
def probability_cost(p_positive, *, cost_fn=1.0, cost_fp=1.0):
    r"""PC(+), the x-axis of cost space, from the positive class's probability and the costs.

    Parameters
    ----------
    p_positive : float or array_like
        Probability of the positive class in the population the classifier will face.
    cost_fn, cost_fp : float, default 1
        Cost of a false negative, :math:`C(-|+)`, and of a false positive, :math:`C(+|-)`.

    Returns
    -------
    float or ndarray
        PC(+), a float for a scalar ``p_positive``.

    Examples
    --------
    >>> probability_cost(0.5), probability_cost(0.1, cost_fn=9)
    (0.5, 0.5)
    """
    p = np.asarray(p_positive, dtype=float)
    if not np.isfinite(p).all() or p.min(initial=0) < 0 or p.max(initial=0) > 1:
        raise ValueError(f"p_positive must be a probability in [0, 1]; got {p_positive!r}")
    for name, v in (("cost_fn", cost_fn), ("cost_fp", cost_fp)):
        if isinstance(v, bool) or not np.isscalar(v) or not np.isfinite(v) or not v > 0:
            raise ValueError(f"{name} must be a positive number; got {v!r}")
    value = p * cost_fn / (p * cost_fn + (1 - p) * cost_fp)
    return float(value) if value.ndim == 0 else value


@checks(_same_length=[("fpr", "tpr")], fpr=RATES, tpr=RATES)
def cost_curve(fpr, tpr):
    r"""The lines of ROC points in cost space and their lower envelope.

    Parameters
    ----------
    fpr, tpr : array_like
        ROC points (e.g. from :func:`evalkit.curves.roc_curve`, or a few single-point
        classifiers). The trivial classifiers, always negative (0, 0) and always
        positive (1, 1), are always available and are added when missing.

    Returns
    -------
    CostCurve

    Notes
    -----
    The envelope's vertices are where the lines of consecutive vertices of the ROC
    convex hull cross: between hull points :math:`i` and :math:`i+1`,
    :math:`\mathrm{PC} = \Delta\mathrm{FPR} / (\Delta\mathrm{FPR} + \Delta\mathrm{TPR})`,
    so the envelope is exact, with no grid.

    Examples
    --------
    One classifier with FPR 0.2 and TPR 0.7:

    >>> cc = cost_curve([0.2], [0.7])
    >>> cc.probability_cost.round(3).tolist(), cc.normalized_cost.round(3).tolist()
    ([0.0, 0.222, 0.727, 1.0], [0.0, 0.222, 0.273, 0.0])
    >>> cc.operating_points.tolist(), round(cc.area, 4)
    ([-1, 0, -2], 0.1869)
    """
    fpr, tpr = check_roc_points(fpr, tpr)
    index = np.arange(fpr.size)
    trivial = []
    if not np.any((fpr == 0) & (tpr == 0)):
        trivial.append((0.0, 0.0, -1))
    if not np.any((fpr == 1) & (tpr == 1)):
        trivial.append((1.0, 1.0, -2))
    all_fpr = np.concatenate([fpr, [t[0] for t in trivial]])
    all_tpr = np.concatenate([tpr, [t[1] for t in trivial]])
    all_index = np.concatenate([index, [t[2] for t in trivial]]).astype(np.int64)
    hull = roc_convex_hull(all_fpr, all_tpr)
    hf, ht = all_fpr[hull], all_tpr[hull]
    d_fpr, d_tpr = np.diff(hf), np.diff(ht)
    crossing = d_fpr / (d_fpr + d_tpr)
    x = np.concatenate([[0.0], crossing, [1.0]])
    # the envelope between crossings i-1 and i is the line of hull vertex i
    owner = np.arange(hull.size)
    y_left = hf[owner] + (1 - ht[owner] - hf[owner]) * x[:-1]
    y = np.concatenate([y_left, [1 - ht[-1]]])
    keep = np.concatenate([[True], np.diff(x) > 0])            # drop zero-width segments
    segments = np.flatnonzero(np.diff(x) > 0)
    x, y = x[keep], y[keep]
    lines = np.column_stack([fpr, 1 - tpr])
    return CostCurve(probability_cost=x, normalized_cost=y, lines=lines,
                     operating_points=all_index[hull][segments], area=float(np.trapezoid(y, x)))
