"""Skill scores and chance-corrected agreement: Gilbert, Scott, Cohen, Peirce,
Krippendorff, Gwet, and Gandin & Murphy's equitable score for ordered classes."""
from __future__ import annotations

import numpy as np

from .._checks import Array, Choice, checks
from ._common import CM, ZERO_DIVISION, per_class, pow2_scaled, ratio, square
from .rates import accuracy

__all__ = [
    "gilbert_skill_score",
    "scotts_pi",
    "cohens_kappa",
    "peirce_skill_score",
    "alpha_reliability",
    "gwet_chance_agreement",
    "gwet_ac1",
    "gandin_murphy_skill_score",
    "gandin_murphy_weights",
]


@checks(cm=CM, zero_division=ZERO_DIVISION)
def gilbert_skill_score(cm, *, zero_division="warn"):
    r"""Per class, Gilbert's skill score (equitable threat score).

    .. math::
        GSS^L = \frac{f_{LL} - e_L}{\sum_{i = L \text{ or } j = L} f_{ij} - e_L},\qquad
        e_L = \frac{\sum_j f_{Lj}\,\sum_i f_{iL}}{T},

    the critical success index corrected for the hits expected by chance.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).
    zero_division : 'warn' or float, default 'warn'
        Returned when the denominator is zero; ``'warn'`` returns NaN and emits an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    ndarray of shape (k,)
        Gilbert's skill score, one per class in the order of ``cm``.

    Examples
    --------
    >>> gilbert_skill_score([[2, 1, 1], [1, 2, 1], [1, 2, 3]]).round(4).tolist()
    [0.1765, 0.1026, 0.1463]
    """
    m = square(cm)
    d, rows, cols = np.diag(m), m.sum(axis=1), m.sum(axis=0)
    chance = rows * cols / m.sum()
    return per_class(d - chance, rows + cols - d - chance, "Gilbert skill score", zero_division)


def _agreement(m):
    t = m.sum()
    return np.trace(m) / t, m.sum(axis=1) / t, m.sum(axis=0) / t


@checks(cm=CM)
def scotts_pi(cm):
    r"""Scott's :math:`\pi`: agreement corrected for chance from the pooled class proportions.

    .. math::
        \pi = \frac{P_o - e(\pi)}{1 - e(\pi)},\qquad
        e(\pi) = \sum_k \Big(\frac{\sum_j f_{kj} + \sum_i f_{ik}}{2T}\Big)^2.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).

    Returns
    -------
    float
        Scott's pi, at most 1 (NaN, with a warning, if chance agreement is 1).

    Examples
    --------
    >>> round(scotts_pi([[2, 1, 1], [1, 2, 1], [1, 2, 3]]), 4)
    0.2432
    >>> round(scotts_pi([[4, 1], [2, 1]]), 4)   # the source prints 0.14 (rounding inside)
    0.1273
    """
    po, r, c = _agreement(square(cm))
    pe = np.sum(((r + c) / 2) ** 2)
    return float(ratio(po - pe, 1 - pe, "Scott's pi", "warn"))


@checks(cm=CM)
def cohens_kappa(cm):
    r"""Cohen's :math:`\kappa` (the Heidke skill score).

    .. math::
        \kappa = \frac{P_o - e(\kappa)}{1 - e(\kappa)},\qquad
        e(\kappa) = \sum_k \frac{\sum_j f_{kj}}{T}\,\frac{\sum_i f_{ik}}{T}.

    Equals :func:`sklearn.metrics.cohen_kappa_score`.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).

    Returns
    -------
    float
        Cohen's kappa, at most 1 (NaN, with a warning, if chance agreement is 1).

    Examples
    --------
    >>> round(cohens_kappa([[4, 1], [2, 1]]), 4)
    0.1429
    >>> round(cohens_kappa([[2, 1, 1], [1, 2, 1], [1, 2, 3]]), 4)   # the source prints 0.3
    0.2462
    """
    po, r, c = _agreement(square(cm))
    pe = np.sum(r * c)
    return float(ratio(po - pe, 1 - pe, "Cohen's kappa", "warn"))


@checks(cm=CM)
def peirce_skill_score(cm):
    r"""Peirce's skill score (Hanssen-Kuipers discriminant, true skill statistic).

    .. math::
        PSS = \frac{P_o - \sum_k p(a_k)\,p(p_k)}{1 - \sum_k p(a_k)^2},

    like Heidke's (:func:`cohens_kappa`) but with the chance term of the denominator
    computed as if the predictions had the actual class distribution. For a 2x2 matrix
    it is TPR - FPR (Youden's J, PyCM's ``BM`` of the positive class).

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).

    Returns
    -------
    float
        Peirce's skill score, at most 1 (NaN, with a warning, if undefined).

    Examples
    --------
    >>> round(peirce_skill_score([[4, 1], [2, 1]]), 4)   # 0.8 - 2/3
    0.1333
    """
    po, r, c = _agreement(square(cm))
    return float(ratio(po - np.sum(r * c), 1 - np.sum(r * r), "Peirce skill score", "warn"))


@checks(cm=CM, definition=Choice("krippendorff", "source"))
def alpha_reliability(cm, *, definition="krippendorff"):
    r"""Alpha reliability of predictions against actual classes.

    ``definition='krippendorff'`` (default): Krippendorff's :math:`\alpha` for two
    "coders" (actual, predicted) and nominal data, :math:`1 - D_o / D_e` with
    observed disagreement :math:`D_o` = error rate and expected disagreement
    :math:`D_e = 1 - \sum_k n_k(n_k - 1) / (n(n-1))` from the pooled counts
    :math:`n_k` (row plus column sums, :math:`n = 2T`). Equals PyCM's
    ``Krippendorff Alpha``.

    ``definition='source'``: the source's equations (1.28)-(1.31),
    :math:`1 - ER / e(\alpha)` with :math:`e(\alpha) = \sum_k \sum_j f_{kj}\sum_i f_{ik} / T^2`,
    the chance *agreement* used where a chance *disagreement* belongs (and with
    :math:`T^2`, not the :math:`T` printed in (1.31)); this reproduces the source's
    worked example and its R package, but is not an agreement coefficient: a perfect
    classifier scores 1, a chance-level one does not score 0.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).
    definition : {'krippendorff', 'source'}, default 'krippendorff'
        Krippendorff's alpha, or the source's equations (1.28)-(1.31).

    Returns
    -------
    float
        The alpha reliability.

    Examples
    --------
    >>> m = [[2, 1, 1], [1, 2, 1], [1, 2, 3]]
    >>> round(alpha_reliability(m), 4), round(alpha_reliability(m, definition="source"), 4)
    (0.2703, -0.4848)
    """
    m = square(cm)
    _, top = pow2_scaled(cm)  # the factor m was divided by
    t = m.sum()
    err = (t - np.trace(m)) / t
    if definition == "source":
        chance = np.sum((m.sum(axis=1) / t) * (m.sum(axis=0) / t))
        return float(1 - ratio(err, chance, "alpha reliability", "warn"))
    pooled = m.sum(axis=1) + m.sum(axis=0)
    n = 2 * t
    one = 1.0 / top  # one example, on the scaled counts
    expected = 1 - np.sum((pooled / n) * ((pooled - one) / (n - one)))
    return float(1 - ratio(err, expected, "alpha reliability", "warn"))


@checks(cm=CM)
def gwet_chance_agreement(cm):
    r"""Gwet's probability of chance agreement :math:`e(\gamma)`.

    .. math::
        e(\gamma) = \frac{1}{k - 1}\sum_k \beta_k (1 - \beta_k),\qquad
        \beta_k = \frac{\sum_j f_{kj} + \sum_i f_{ik}}{2T};

    for two classes :math:`\beta_1(1-\beta_1) + \beta_2(1-\beta_2) = 2\beta_1(1-\beta_1)`,
    the source's (1.32)-(1.35). Never above 0.5.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).

    Returns
    -------
    float
        Gwet's chance agreement, in [0, 0.5].

    Examples
    --------
    >>> round(gwet_chance_agreement([[4, 1], [2, 1]]), 4)
    0.4297
    """
    m = square(cm)
    beta = (m.sum(axis=1) + m.sum(axis=0)) / (2 * m.sum())
    return float(np.sum(beta * (1 - beta)) / (m.shape[0] - 1))


@checks(cm=CM)
def gwet_ac1(cm):
    """Gwet's AC1: agreement corrected with :func:`gwet_chance_agreement`. Equals PyCM's ``Gwet AC1``.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, in the same class order, ``k >= 2``
        (non-negative; float counts allowed).

    Returns
    -------
    float
        Gwet's AC1, at most 1.

    Examples
    --------
    >>> round(gwet_ac1([[2, 1, 1], [1, 2, 1], [1, 2, 3]]), 4)
    0.2533
    """
    po = accuracy(cm)
    pe = gwet_chance_agreement(cm)
    return float((po - pe) / (1 - pe))


@checks(cm=CM)
def gandin_murphy_skill_score(cm):
    r"""Gandin & Murphy's equitable skill score in Gerrity's form, for ordered classes.

    Each cell of the joint distribution :math:`p_{ij}` of actual class :math:`i` and
    predicted class :math:`j` gets its own weight :math:`s_{ij}` (the bibliographic notes:
    it "assigns a different weight to the joint probability"),
    :math:`GMSS = \sum_{ij} p_{ij} s_{ij}`, with (Gerrity, 1992; Wilks, 2011)

    .. math::
        D_r = \frac{1 - \sum_{i \le r} p_i}{\sum_{i \le r} p_i},\quad
        s_{ij} = \frac{1}{k-1}\Big(\sum_{r<i} D_r^{-1} - (j - i) + \sum_{r \ge j} D_r\Big)
        \ (i \le j),\quad s_{ji} = s_{ij},

    where :math:`p_i` is the actual class distribution. The score is *equitable*:
    every constant or random prediction scores 0 and a perfect one 1; a prediction one
    class off costs less than two classes off, so the classes' order (rows and columns
    of ``cm``) matters. For two classes it is Peirce's skill score.

    Parameters
    ----------
    cm : array_like of shape (k, k)
        Counts, rows actual and columns predicted, classes in their natural order.

    Returns
    -------
    float
        The Gandin-Murphy (Gerrity) skill score, at most 1.

    Examples
    --------
    >>> round(gandin_murphy_skill_score([[4, 1], [2, 1]]), 4)   # = peirce_skill_score: 0.8 - 2/3
    0.1333
    >>> round(gandin_murphy_skill_score([[2, 1, 1], [1, 2, 1], [1, 2, 3]]), 4)
    0.275
    """
    m = square(cm)
    return float(np.sum(gandin_murphy_weights(m.sum(axis=1)) * (m / m.sum())))


@checks(actual_counts=Array(ndim=1, kind="real", low=0, min_size=2))
def gandin_murphy_weights(actual_counts):
    r"""The scoring matrix :math:`s_{ij}` of :func:`gandin_murphy_skill_score`.

    Parameters
    ----------
    actual_counts : array_like of shape (k,)
        How many examples of each (ordered) actual class, ``k >= 2``; all positive.

    Returns
    -------
    ndarray of shape (k, k)
        Symmetric; rewards on the diagonal, penalties growing with the distance
        :math:`|i - j|` between the actual and the predicted class.

    Examples
    --------
    >>> gandin_murphy_weights([4, 4, 6]).round(3)
    array([[ 1.625, -0.125, -1.   ],
           [-0.125,  0.575, -0.3  ],
           [-1.   , -0.3  ,  0.867]])
    """
    counts = np.asarray(actual_counts, dtype=float)
    if counts.ndim != 1 or counts.size < 2 or not np.isfinite(counts).all():
        raise ValueError(f"actual_counts must be a 1-D array of at least 2 class counts; got {actual_counts!r}")
    if np.any(counts <= 0):
        raise ValueError("cm: every actual class needs at least one example (the weights divide by "
                         f"its cumulative frequency); class counts are {counts.tolist()}")
    k = counts.size
    counts, _ = pow2_scaled(counts)  # the weights depend on proportions only; no overflow in the sum
    p = counts / counts.sum()
    cumulative = np.cumsum(p)[:-1]
    d = (1 - cumulative) / cumulative                            # D_1 .. D_{k-1}
    inv_before = np.concatenate([[0.0], np.cumsum(1 / d)])        # sum_{r < i} 1/D_r, i = 1..k
    d_from = np.concatenate([np.cumsum(d[::-1])[::-1], [0.0]])    # sum_{r >= j} D_r, j = 1..k
    i, j = np.meshgrid(np.arange(k), np.arange(k), indexing="ij")
    lo, hi = np.minimum(i, j), np.maximum(i, j)
    return (inv_before[lo] - (hi - lo) + d_from[hi]) / (k - 1)
