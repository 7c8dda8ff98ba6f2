"""p-values that are not t tests: Monte Carlo (empirical), hypergeometric enrichment, McNemar."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats as _st

from .._checks import Array, Boolean, Choice, Integer, Real, checks
from ._common import as_int64_counts
from ._common import scalar_or_array as _scalar_or_array

__all__ = ["McNemarResult", "enrichment_pvalue", "mcnemar_test", "monte_carlo_pvalue"]


@checks(observed=Real(), null_statistics=Array(ndim=1, kind="real"), plus_one=Boolean())
def monte_carlo_pvalue(observed, null_statistics, *, alternative="greater", plus_one=True):
    r"""Empirical p-value of an observed statistic against statistics simulated under the null.

    With ``R`` of the ``J`` null statistics at least as extreme as the observed one,
    ``plus_one=True`` (default) returns :math:`(R + 1)/(J + 1)`, the estimate North,
    Curtis & Sham (2002) show to be correct: it counts the observed statistic as one
    draw from the null, is never 0, and gives a test of exact level. ``plus_one=False``
    returns the naive :math:`R/J` of the graph-mining chapter (Section 1.5.1), which can
    be 0 and makes the test anti-conservative.

    Parameters
    ----------
    observed : float
        The observed statistic (finite).
    null_statistics : array_like of shape (J,)
        Finite statistics simulated under the null hypothesis.
    alternative : {'greater', 'less', 'two-sided'}, default 'greater'
        Which null statistics count as at least as extreme (``'two-sided'``: as far from
        the null's mean).
    plus_one : bool, default True
        Return :math:`(R + 1)/(J + 1)` instead of :math:`R/J`.

    Returns
    -------
    float
        The empirical p-value.

    Examples
    --------
    The graph-mining chapter's example: 10 of 1,000 random clusters score at least 0.85.

    >>> from evalkit.stats import monte_carlo_pvalue
    >>> null = [0.9] * 10 + [0.1] * 990
    >>> monte_carlo_pvalue(0.85, null, plus_one=False), round(monte_carlo_pvalue(0.85, null), 5)
    (0.01, 0.01099)
    """
    null = np.asarray(null_statistics, dtype=float)
    obs = float(observed)
    if alternative == "greater":
        r = np.sum(null >= obs)
    elif alternative == "less":
        r = np.sum(null <= obs)
    else:
        centre = np.mean(null)
        r = np.sum(np.abs(null - centre) >= abs(obs - centre))
    j = null.size
    return float((r + 1) / (j + 1)) if plus_one else float(r / j)


@checks(k=Array(kind="count"), population=Array(kind="count", low=1), successes=Array(kind="count"),
        sample=Array(kind="count"), kind=Choice("tail", "point"))
def enrichment_pvalue(k, population, successes, sample, *, kind="tail"):
    r"""Hypergeometric p-value of seeing ``k`` annotated items in a sample (functional enrichment).

    A population of ``population`` items holds ``successes`` annotated ones; a sample
    (cluster) of ``sample`` items holds ``k``. ``kind='tail'`` (default) is the
    enrichment p-value :math:`P(X \ge k)`; ``kind='point'`` is the probability
    :math:`P(X = k)` that the graph-mining chapter's equation (1.58) computes, which is
    not a p-value (it can be small even when k is exactly the expected count).

    All four counts broadcast, so one call scores many terms or clusters.

    Parameters
    ----------
    k : int or array_like of int
        Annotated items in the sample.
    population : int or array_like of int
        Size of the population, at least 1.
    successes : int or array_like of int
        Annotated items in the population.
    sample : int or array_like of int
        Size of the sample (cluster).
    kind : {'tail', 'point'}, default 'tail'
        :math:`P(X \ge k)` or :math:`P(X = k)`.

    Returns
    -------
    float or ndarray
        The probability, a float for scalar input.

    Examples
    --------
    The chapter's example: population 20 with 10 annotated, a cluster of 10 with 5.

    >>> from evalkit.stats import enrichment_pvalue
    >>> round(enrichment_pvalue(5, 20, 10, 10, kind="point"), 4), round(enrichment_pvalue(5, 20, 10, 10), 4)
    (0.3437, 0.6719)
    """
    arrs = {name: as_int64_counts(v, name)
            for name, v in (("k", k), ("population", population), ("successes", successes), ("sample", sample))}
    try:
        kk, pop, succ, samp = np.broadcast_arrays(arrs["k"], arrs["population"], arrs["successes"], arrs["sample"])
    except ValueError:
        raise ValueError("k, population, successes and sample must broadcast together") from None
    if np.any(succ > pop) or np.any(samp > pop):
        raise ValueError("successes and sample must not exceed population")
    if np.any(kk > np.minimum(succ, samp)):
        raise ValueError("k must not exceed successes or sample")
    if kind == "point":
        return _scalar_or_array(_st.hypergeom.pmf(kk, pop, succ, samp))
    return _scalar_or_array(_st.hypergeom.sf(kk - 1, pop, succ, samp))



@checks(statistic=Real(0, None), pvalue=Real(0, 1), exact=Boolean())
@dataclass(frozen=True)
class McNemarResult:
    """Result of :func:`mcnemar_test`: ``statistic`` (chi-squared, or the smaller count when exact) and ``pvalue``.

    Parameters
    ----------
    statistic : float
        The chi-squared statistic, or the smaller count for the exact test.
    pvalue : float
        The p-value.
    exact : bool
        Whether the exact binomial test was used.

    Examples
    --------
    >>> from evalkit.stats import mcnemar_test
    >>> mcnemar_test(0, 0)
    McNemarResult(statistic=0.0, pvalue=1.0, exact=False)
    """

    statistic: float
    pvalue: float
    exact: bool


@checks(n_01=Integer(0), n_10=Integer(0), exact=Boolean(), correction=Boolean())
def mcnemar_test(n_01, n_10, *, exact=False, correction=True):
    r"""McNemar's test on one test set: do two classifiers err on different examples equally often?

    ``n_01`` examples are misclassified by the first classifier only and ``n_10`` by the
    second only. The chi-squared version (Dietterich's) uses
    :math:`(|n_{01} - n_{10}| - 1)^2 / (n_{01} + n_{10})` with 1 degree of freedom
    (``correction=False`` drops the continuity correction); ``exact=True`` uses the
    two-sided binomial test of :math:`n_{01}` in :math:`n_{01} + n_{10}` trials with p = 1/2.
    When :math:`n_{01} = n_{10}` the corrected statistic is 0 (no evidence either way);
    mlxtend and statsmodels apply the correction there too and return
    :math:`1/(n_{01} + n_{10})`.

    Parameters
    ----------
    n_01 : int
        Examples misclassified by the first classifier only.
    n_10 : int
        Examples misclassified by the second classifier only.
    exact : bool, default False
        Use the exact binomial test instead of the chi-squared approximation.
    correction : bool, default True
        Apply the continuity correction (chi-squared version only).

    Returns
    -------
    McNemarResult
        Statistic and p-value (statistic 0 and p-value 1 when ``n_01 + n_10 = 0``).

    Examples
    --------
    >>> from evalkit.stats import mcnemar_test
    >>> r = mcnemar_test(12, 4)
    >>> round(r.statistic, 4), round(r.pvalue, 4)
    (3.0625, 0.0801)
    >>> round(mcnemar_test(12, 4, exact=True).pvalue, 4)
    0.0768
    """
    b, c = int(n_01), int(n_10)
    if b + c == 0:
        return McNemarResult(0.0, 1.0, exact)
    if exact:
        return McNemarResult(float(min(b, c)), float(_st.binomtest(b, b + c, 0.5).pvalue), True)
    stat = (abs(b - c) - (1 if correction else 0)) ** 2 / (b + c)
    if correction and abs(b - c) < 1:
        stat = 0.0
    return McNemarResult(float(stat), float(_st.chi2.sf(stat, 1)), False)


