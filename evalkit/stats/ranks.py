"""Rank tests: the Wilcoxon signed-rank test, over many experiments at once.

:func:`wilcoxon_signed_rank_test` is the test Neville et al. (2011) ran beside the paired
t test ("no substantive differences"). It follows :func:`scipy.stats.wilcoxon` with its
defaults (zeros dropped, no continuity correction) and decides the p-value's method row by
row, where scipy decides it once for the whole array.
"""
from __future__ import annotations

import functools

import numpy as np
from scipy import stats as _st

from .._checks import Array, Choice, Either, checks
from .._results import result

__all__ = ["WilcoxonResult", "wilcoxon_signed_rank_test"]

#: above this many non-zero differences the p-value is the normal approximation
_EXACT_MAX = 50
#: with ties or zeros, the conditional (permutation) distribution is used up to this many pairs
#: (scipy's rule: its permutation test then enumerates all 2**n sign patterns)
_CONDITIONAL_MAX = 13


@checks(statistic=Array(kind="real", low=0), pvalue=Array(kind="real", low=0, high=1),
        n_nonzero=Array(kind="count"),
        method=Either(Choice("exact", "conditional", "asymptotic"), Array(kind="label")))
@result
class WilcoxonResult:
    r"""Result of :func:`wilcoxon_signed_rank_test`.

    Parameters
    ----------
    statistic : float or ndarray
        :math:`\min(W^+, W^-)` for ``alternative='two-sided'``, :math:`W^+` otherwise (the sum
        of the ranks of the positive differences), as :func:`scipy.stats.wilcoxon`.
    pvalue : float or ndarray
        The p-value(s).
    n_nonzero : int or ndarray
        Number of non-zero differences (the sample size the test uses).
    method : str or ndarray of str
        ``'exact'``, ``'conditional'`` (exact given the ties and zeros) or ``'asymptotic'``.
    alternative : str
        ``'two-sided'``, ``'less'`` or ``'greater'``.

    Examples
    --------
    >>> from evalkit.stats import wilcoxon_signed_rank_test
    >>> res = wilcoxon_signed_rank_test([1.0, 2.0, 3.0, 4.0, 5.0], alternative="greater")
    >>> res.statistic, res.pvalue, res.method
    (15.0, 0.03125, 'exact')
    """

    statistic: float
    pvalue: float
    n_nonzero: int
    method: str
    alternative: str = "two-sided"


@functools.lru_cache(maxsize=4096)
def _null_distribution(doubled_ranks):
    """Exact null distribution of 2 W+ for the given doubled ranks: (support, pmf)."""
    total = sum(doubled_ranks)
    counts = np.zeros(total + 1)
    counts[0] = 1.0
    for r in doubled_ranks:
        shifted = np.zeros_like(counts)
        shifted[r:] = counts[: total + 1 - r]
        counts = counts + shifted
    return counts / counts.sum()


def _exact_pvalue(doubled_ranks, doubled_w_plus, alternative):
    pmf = _null_distribution(tuple(sorted(doubled_ranks)))
    cdf = np.cumsum(pmf)
    w = int(round(doubled_w_plus))
    less = cdf[w]
    greater = pmf[w:].sum()  # the upper tail summed directly: 1 - cdf[w - 1] loses tiny tails to rounding
    # 1 - cdf can fall a rounding error below 0 (or a cdf above 1): clip to a probability
    if alternative == "less":
        return float(np.clip(less, 0.0, 1.0))
    if alternative == "greater":
        return float(np.clip(greater, 0.0, 1.0))
    return float(np.clip(2.0 * min(less, greater), 0.0, 1.0))


@checks(x=Array(kind="real"), y=Array(kind="real", none=True),
        method=Choice("auto", "exact", "asymptotic"))
def wilcoxon_signed_rank_test(x, y=None, *, alternative="two-sided", method="auto"):
    r"""Wilcoxon signed-rank test of paired scores, for one experiment or many at once.

    The differences ``x - y`` (or ``x`` when ``y`` is None) that are exactly zero are dropped
    (Wilcoxon's rule, scipy's default ``zero_method='wilcox'``); the others are ranked by
    absolute value (average ranks for ties) and :math:`W^+` sums the ranks of the positive
    ones. The p-value, decided for each experiment (row) separately with ``method='auto'``:

    - ``'exact'``: no ties and no zeros and at most 50 pairs: the exact null distribution;
    - ``'conditional'``: ties or zeros and at most 13 pairs: the exact distribution of
      :math:`W^+` given the observed ranks, over all sign patterns (what
      :func:`scipy.stats.wilcoxon` computes with its permutation test);
    - ``'asymptotic'`` otherwise: the normal approximation with the tie correction of the
      variance and no continuity correction.

    Parameters
    ----------
    x : array_like, shape (..., k)
        Scores of the first classifier on ``k`` paired splits (or the differences, if ``y``
        is None); leading axes index experiments.
    y : array_like, shape (..., k), optional
    alternative : {'two-sided', 'less', 'greater'}
    method : {'auto', 'exact', 'asymptotic'}
        ``'exact'`` uses the exact distribution given the ranks (``'exact'`` or
        ``'conditional'``) whatever ``k``.

    Returns
    -------
    WilcoxonResult
        Scalars for 1-D input, arrays of shape ``(...)`` otherwise. When every difference
        is zero there is no evidence of a difference: the statistic is 0 and the p-value 1
        (scipy returns NaN).

    Examples
    --------
    >>> from evalkit.stats import wilcoxon_signed_rank_test
    >>> a = [0.81, 0.79, 0.84, 0.80, 0.83, 0.82, 0.85, 0.78]
    >>> b = [0.78, 0.80, 0.79, 0.77, 0.80, 0.76, 0.79, 0.77]
    >>> res = wilcoxon_signed_rank_test(a, b)
    >>> float(res.statistic), round(res.pvalue, 4), res.method   # two differences tie at 0.03
    (1.5, 0.0234, 'conditional')
    >>> many = wilcoxon_signed_rank_test([a, a[::-1]], [b, b])   # one test per row
    >>> many.n_nonzero.tolist(), many.pvalue.round(2).tolist()
    ([8, 5], [0.02, 0.06])
    """
    d = _differences(x, y)
    k = d.shape[-1]
    flat = d.reshape(-1, k)
    nonzero = flat != 0
    m = nonzero.sum(axis=1)
    absd = np.where(nonzero, np.abs(flat), np.inf)  # zeros rank last, and are then ignored
    ranks = _st.rankdata(absd, axis=1)  # average ranks; the m non-zero ones get 1..m
    ranks = np.where(nonzero, ranks, 0.0)
    w_plus = np.where(flat > 0, ranks, 0.0).sum(axis=1)
    w_minus = np.where(flat < 0, ranks, 0.0).sum(axis=1)
    tie_term = np.array([_tie_term(a[z]) for a, z in zip(absd, nonzero)])
    has_ties = tie_term > 0
    has_zeros = m < k

    if method == "exact":
        use_exact = np.ones(len(flat), dtype=bool)
    elif method == "asymptotic":
        use_exact = np.zeros(len(flat), dtype=bool)
    else:
        clean = ~has_ties & ~has_zeros
        use_exact = (clean & (k <= _EXACT_MAX)) | (~clean & (k <= _CONDITIONAL_MAX))
    pvalue = np.empty(len(flat))
    labels = np.empty(len(flat), dtype=object)
    for i in range(len(flat)):
        if m[i] == 0:
            pvalue[i], labels[i] = 1.0, "exact"
        elif use_exact[i]:
            doubled = np.rint(2 * ranks[i][nonzero[i]]).astype(int)
            pvalue[i] = _exact_pvalue(tuple(doubled.tolist()), 2 * w_plus[i], alternative)
            labels[i] = "conditional" if (has_ties[i] or has_zeros[i]) else "exact"
        else:
            mean = m[i] * (m[i] + 1) / 4
            sd = np.sqrt((m[i] * (m[i] + 1) * (2 * m[i] + 1) - tie_term[i] / 2) / 24)
            z = (w_plus[i] - mean) / sd
            pvalue[i] = _normal_pvalue(z, alternative)
            labels[i] = "asymptotic"
    statistic = np.minimum(w_plus, w_minus) if alternative == "two-sided" else w_plus
    shape = d.shape[:-1]
    if not shape:
        return WilcoxonResult(float(statistic[0]), float(pvalue[0]), int(m[0]), str(labels[0]), alternative)
    return WilcoxonResult(statistic.reshape(shape), pvalue.reshape(shape), m.reshape(shape),
                          labels.reshape(shape).astype(str), alternative)


def _tie_term(values):
    _, counts = np.unique(values, return_counts=True)
    return float(np.sum(counts.astype(float) ** 3 - counts))


def _normal_pvalue(z, alternative):
    if alternative == "less":
        return float(_st.norm.cdf(z))
    if alternative == "greater":
        return float(_st.norm.sf(z))
    return float(min(1.0, 2 * _st.norm.sf(abs(z))))


def _differences(x, y):
    a = np.asarray(x, dtype=float)
    if y is not None:
        b = np.asarray(y, dtype=float)
        if a.shape != b.shape:
            raise ValueError(f"x and y must have the same shape (paired values); got {a.shape} and {b.shape}")
        a = a - b
    if a.ndim < 1 or a.shape[-1] < 1:
        raise ValueError(f"x must have shape (..., k) with k >= 1 pairs; got {a.shape}")
    return a

