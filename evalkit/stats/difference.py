r"""Confidence intervals for the difference of two error rates measured on independent test sets.

The graph-mining chapter (Section 1.6.2, after Tan, Steinbach & Kumar) compares two
models' error rates :math:`e_1 = r_1/n_1` and :math:`e_2 = r_2/n_2` from two *independent*
test sets with the normal interval
:math:`(e_1 - e_2) \pm z\sqrt{e_1(1-e_1)/n_1 + e_2(1-e_2)/n_2}`, and applies it with
:math:`n_1 = 5`. Two better intervals:

* **Newcombe's hybrid score interval** (Newcombe 1998, method 10) combines the two
  Wilson score intervals; it stays inside [-1, 1] and covers close to the nominal level
  even for small samples.
* An **exact** interval (Santner & Snell, 1980) inverts two one-sided exact tests of
  :math:`p_1 - p_2 = \delta` that order the outcomes by the observed difference, taking
  the supremum of each tail probability over the nuisance parameter. Its coverage never
  falls below the nominal level, but it errs on the wide side, most when the samples
  differ in size: the raw difference orders the outcomes of a 5-example test set
  and a 1000-example one as if they were equally precise.

:func:`difference_interval_coverage` computes the exact coverage of each method by
summing the binomial probabilities of every outcome.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import special

from .._checks import Array, Choice, Integer, Real, checks
from .intervals import error_confidence_interval, normal_critical_value

__all__ = [
    "DIFFERENCE_METHODS",
    "ErrorDifferenceInterval",
    "difference_interval_coverage",
    "error_difference_interval",
]

DIFFERENCE_METHODS = ("normal", "newcombe", "exact")
_GRID = 1001          # nuisance-parameter grid of the exact interval, refined around its optimum
_BISECTIONS = 48


@checks(difference=Real(-1, 1), std_error=Real(0, None), low=Real(allow_inf=True),
        high=Real(allow_inf=True), method=Choice(*DIFFERENCE_METHODS))
@dataclass(frozen=True)
class ErrorDifferenceInterval:
    r"""Result of :func:`error_difference_interval`.

    Parameters
    ----------
    difference : float
        ``error_1 - error_2`` (signed).
    std_error : float
        The normal approximation's :math:`\sqrt{e_1(1-e_1)/n_1 + e_2(1-e_2)/n_2}`,
        reported for every method.
    low : float
        Lower confidence bound for the true difference.
    high : float
        Upper confidence bound for the true difference.
    confidence_level : float
        Level of the interval, strictly between 0 and 1.
    method : str
        ``'normal'``, ``'newcombe'`` or ``'exact'``.

    Examples
    --------
    >>> from evalkit.stats import error_difference_interval
    >>> r = error_difference_interval(0.2, 100, 0.3, 100)
    >>> round(r.difference, 2), round(r.std_error, 4), r.significant
    (-0.1, 0.0608, False)
    """

    difference: float
    std_error: float
    low: float
    high: float
    confidence_level: float
    method: str = "normal"

    @property
    def significant(self):
        """True when the interval excludes 0."""
        return bool(self.low > 0 or self.high < 0)


def _whole_errors(error, n, name):
    r = error * n
    if abs(r - round(r)) > 1e-9 * max(1.0, n):
        raise ValueError(f"{name} * n must be a whole number of errors for methods 'newcombe' and 'exact' "
                         f"(an error rate on {n} examples is a multiple of 1/{n}); got {name} = {error!r}, "
                         f"{error!r} * {n} = {r:g}")
    return int(round(r))


def _newcombe(r1, n1, r2, n2, level):
    w1 = error_confidence_interval(r1, n1, confidence_level=level, method="wilson")
    w2 = error_confidence_interval(r2, n2, confidence_level=level, method="wilson")
    e1, e2 = np.asarray(r1) / n1, np.asarray(r2) / n2
    d = e1 - e2
    low = d - np.sqrt((e1 - w1.low) ** 2 + (w2.high - e2) ** 2)
    high = d + np.sqrt((w1.high - e1) ** 2 + (e2 - w2.low) ** 2)
    return low, high


def _pmf(x, n, p):
    """Binomial pmf for small n, broadcasting x against p."""
    return special.comb(n, x) * p ** x * (1 - p) ** (n - x)


def _exact_lower(r1, n1, r2, n2, tail):
    """Santner-Snell lower bounds for arrays of outcomes (r1, r2): min of p1 - p2 over the accepted region.

    The region is where P(X1 n2 - X2 n1 >= observed) > tail. The probability rises with p1
    and falls with p2, so for every value of the larger sample's parameter on a grid the
    boundary value of the smaller sample's parameter is found by bisection; the grid is then
    refined around the best grid point.
    """
    observed = r1 * n2 - r2 * n1                                   # (m,)
    small_is_1 = n1 <= n2
    n_small, n_large = (n1, n2) if small_is_1 else (n2, n1)
    xs = np.arange(n_small + 1)                                    # (k,)
    if small_is_1:   # X2 <= floor((x1 n2 - D) / n1): a cdf of the large sample, fixed while p1 is bisected
        limit = (xs[None, :] * n2 - observed[:, None]) // n1       # (m, k)
    else:            # X1 >= ceil((D + x2 n1) / n2)
        limit = -((-(observed[:, None] + xs[None, :] * n1)) // n2)

    def large_sample_terms(p_large):                                # (m, k, g)
        lim = limit[:, :, None]
        if small_is_1:
            inside = special.bdtr(np.clip(lim, 0, n_large), n_large, p_large)
            return np.where(lim < 0, 0.0, np.where(lim >= n_large, 1.0, inside))
        inside = special.bdtrc(np.clip(lim - 1, 0, n_large), n_large, p_large)
        return np.where(lim <= 0, 1.0, np.where(lim > n_large, 0.0, inside))

    def boundary(p_large):                                          # p_large (m, g) -> boundary of the small one
        terms = large_sample_terms(p_large[:, None, :])
        lo, hi = np.zeros(p_large.shape), np.ones(p_large.shape)
        for _ in range(_BISECTIONS):
            mid = (lo + hi) / 2
            prob = np.einsum("mkg,mkg->mg", _pmf(xs[None, :, None], n_small, mid[:, None, :]), terms)
            accepted = prob > tail
            if small_is_1:       # rises with p1: the boundary is the smallest accepted p1
                hi, lo = np.where(accepted, mid, hi), np.where(accepted, lo, mid)
            else:                # falls with p2: the boundary is the largest accepted p2
                lo, hi = np.where(accepted, mid, lo), np.where(accepted, hi, mid)
        def prob_at(p_small):
            return np.einsum("mkg,mkg->mg", _pmf(xs[None, :, None], n_small, np.full(p_large.shape, p_small)[:, None, :]),
                             terms)
        if small_is_1:   # p1 = 0 accepted: the boundary is 0; even p1 = 1 rejected: no accepted p1
            bound = np.where(prob_at(0.0) > tail, 0.0, np.where(prob_at(1.0) > tail, hi, np.inf))
            return bound - p_large                                  # p1 - p2
        return np.where(prob_at(0.0) > tail, p_large - lo, np.inf)  # no accepted p2 when even p2 = 0 is rejected

    grid = np.broadcast_to(np.linspace(0, 1, _GRID), (observed.size, _GRID))
    values = boundary(grid)
    best = np.argmin(values, axis=1)
    step = 1.0 / (_GRID - 1)
    fine = np.clip(grid[np.arange(observed.size), best][:, None] + np.linspace(-step, step, 101)[None, :], 0, 1)
    return np.minimum(values.min(axis=1), boundary(fine).min(axis=1))


def _exact(r1, n1, r2, n2, level, chunk=256):
    r1, r2 = np.atleast_1d(r1).astype(np.int64), np.atleast_1d(r2).astype(np.int64)
    tail = (1 - level) / 2
    low, high = np.empty(r1.size), np.empty(r1.size)
    for start in range(0, r1.size, chunk):
        part = slice(start, start + chunk)
        low[part] = _exact_lower(r1[part], n1, r2[part], n2, tail)
        high[part] = -_exact_lower(n1 - r1[part], n1, n2 - r2[part], n2, tail)   # by the symmetry x -> n - x
    return low, high


def _bounds(r1, n1, r2, n2, level, method):
    e1, e2 = np.asarray(r1, float) / n1, np.asarray(r2, float) / n2
    if method == "normal":
        half = float(normal_critical_value(level)) * np.sqrt(e1 * (1 - e1) / n1 + e2 * (1 - e2) / n2)
        return e1 - e2 - half, e1 - e2 + half
    if method == "newcombe":
        return _newcombe(r1, n1, r2, n2, level)
    return _exact(r1, n1, r2, n2, level)


@checks(error_1=Real(0, 1), n_1=Integer(1), error_2=Real(0, 1), n_2=Integer(1),
        method=Choice(*DIFFERENCE_METHODS))
def error_difference_interval(error_1, n_1, error_2, n_2, *, confidence_level=0.95, method="normal"):
    r"""Confidence interval for the difference of two error rates on independent test sets.

    Parameters
    ----------
    error_1, error_2 : float
        The two error rates, each measured on its own test set.
    n_1, n_2 : int
        The test sets' sizes.
    confidence_level : float, default 0.95
    method : {'normal', 'newcombe', 'exact'}, default 'normal'
        ``'normal'``: :math:`(e_1 - e_2) \pm z_c \sqrt{e_1(1-e_1)/n_1 + e_2(1-e_2)/n_2}`
        (Tan, Steinbach & Kumar; the graph-mining chapter's equations 1.56-1.57).
        ``'newcombe'``: Newcombe's hybrid score interval. ``'exact'``: Santner & Snell's
        exact interval (the supremum over the nuisance parameter is taken on a grid of
        1001 values refined around its optimum). The last two need whole numbers of
        errors, ``error_i * n_i``.

    Returns
    -------
    ErrorDifferenceInterval

    Notes
    -----
    Valid only for models tested on *different, independent* test sets; for two models
    tested on the same examples the errors are paired and McNemar's test applies. The
    Newcombe interval equals statsmodels'
    ``confint_proportions_2indep(..., method='newcomb', compare='diff')`` (tested).

    Examples
    --------
    The graph-mining chapter's example: error 0.5 on 5 examples against 0.7 on 1000.

    >>> from evalkit.stats import error_difference_interval
    >>> r = error_difference_interval(0.7, 1000, 0.5, 5)
    >>> round(r.difference, 2), round(r.high - r.difference, 3), r.significant
    (0.2, 0.439, False)

    An error of 0.5 is not possible on 5 examples; with 3 errors of 5 (0.6):

    >>> for method in ("normal", "newcombe", "exact"):
    ...     r = error_difference_interval(0.7, 1000, 0.6, 5, method=method)
    ...     print(f"{method:9s}[{r.low:.3f}, {r.high:.3f}]")
    normal   [-0.330, 0.530]
    newcombe [-0.184, 0.470]
    exact    [-0.401, 0.597]
    """
    confidence_level = float(confidence_level)
    e = [float(error_1), float(error_2)]
    n = [int(n_1), int(n_2)]
    se = float(np.sqrt(e[0] * (1 - e[0]) / n[0] + e[1] * (1 - e[1]) / n[1]))
    if method == "normal":
        low, high = _bounds(e[0] * n[0], n[0], e[1] * n[1], n[1], confidence_level, method)
    else:
        r = [_whole_errors(e[0], n[0], "error_1"), _whole_errors(e[1], n[1], "error_2")]
        low, high = _bounds(np.array([r[0]]), n[0], np.array([r[1]]), n[1], confidence_level, method)
    return ErrorDifferenceInterval(e[0] - e[1], se, float(np.squeeze(low)), float(np.squeeze(high)),
                                   confidence_level, method)


@checks(true_error_1=Array(kind="real", low=0, high=1), n_1=Integer(1),
        true_error_2=Array(kind="real", low=0, high=1), n_2=Integer(1), method=Choice(*DIFFERENCE_METHODS),
        min_probability=Real(0, 1, closed="left"))
def difference_interval_coverage(true_error_1, n_1, true_error_2, n_2, *, confidence_level=0.95, method="normal",
                                 min_probability=1e-12):
    r"""Exact coverage of an interval for the difference of two error rates.

    The probability, over the two independent binomial test-set outcomes, that the
    interval contains the true difference :math:`p_1 - p_2`: a sum over every outcome
    :math:`(r_1, r_2)` of :math:`b(r_1; n_1, p_1)\,b(r_2; n_2, p_2)` for the outcomes whose
    interval covers it.

    Parameters
    ----------
    true_error_1, true_error_2 : float or array_like
        True error rates; they broadcast against each other (one coverage per pair).
    n_1, n_2 : int
        Test-set sizes.
    confidence_level : float, default 0.95
    method : {'normal', 'newcombe', 'exact'}, default 'normal'
    min_probability : float, default 1e-12
        Outcomes less probable than this under every requested pair are skipped (the
        coverage is then accurate to their total probability, at most
        ``(n_1 + 1)(n_2 + 1) * min_probability``).

    Returns
    -------
    float or ndarray

    Examples
    --------
    The normal interval at the graph-mining chapter's sizes, 5 and 1000 examples:

    >>> from evalkit.stats import difference_interval_coverage
    >>> print(f"{difference_interval_coverage(0.5, 5, 0.7, 1000):.3f}")
    0.937
    >>> print(f"{difference_interval_coverage(0.1, 5, 0.7, 1000):.3f}")
    0.401
    """
    confidence_level = float(confidence_level)
    n1, n2 = int(n_1), int(n_2)
    p1, p2 = np.asarray(true_error_1, float), np.asarray(true_error_2, float)
    try:
        p1, p2 = np.broadcast_arrays(p1, p2)
    except ValueError:
        raise ValueError(f"true_error_1 and true_error_2 must broadcast together; got shapes {p1.shape} "
                         f"and {p2.shape}") from None
    flat1, flat2 = p1.ravel(), p2.ravel()
    x1, x2 = np.arange(n1 + 1), np.arange(n2 + 1)
    prob1 = np.exp(_log_pmf(x1[None, :], n1, flat1[:, None]))        # (q, n1 + 1)
    prob2 = np.exp(_log_pmf(x2[None, :], n2, flat2[:, None]))        # (q, n2 + 1)
    joint_max = (prob1[:, :, None] * prob2[:, None, :]).max(axis=0)  # (n1 + 1, n2 + 1)
    i1, i2 = np.nonzero(joint_max >= min_probability)
    low, high = _bounds(i1, n1, i2, n2, confidence_level, method)
    truth = (flat1 - flat2)[:, None]
    covered = (low[None, :] <= truth + 1e-12) & (truth - 1e-12 <= high[None, :])
    coverage = np.sum(prob1[:, i1] * prob2[:, i2] * covered, axis=1)
    return float(coverage[0]) if p1.ndim == 0 else coverage.reshape(p1.shape)


def _log_pmf(x, n, p):
    with np.errstate(divide="ignore", invalid="ignore"):
        out = special.gammaln(n + 1) - special.gammaln(x + 1) - special.gammaln(n - x + 1) \
            + special.xlogy(x, p) + special.xlog1py(n - x, -p)
    return out
