"""Multiple comparisons: Bonferroni, Holm, and the family-wise error rate (exact and simulated)."""
from __future__ import annotations


import numpy as np
from scipy import stats as _st

from .._checks import Array, Choice, Integer, Real, checks
from .._results import result

__all__ = ["MultipleTestResult", "bonferroni", "familywise_error", "holm", "simulate_familywise_error"]


@checks(_same_length=[("reject", "pvalues_adjusted")], reject=Array(ndim=1, kind="binary"),
        pvalues_adjusted=Array(ndim=1, kind="real", low=0, high=1), alpha=Real(0, 1, closed="neither"),
        method=Choice("bonferroni", "holm"))
@result
class MultipleTestResult:
    """Result of :func:`bonferroni` and :func:`holm`.

    Parameters
    ----------
    reject : ndarray of bool
        Which null hypotheses are rejected at family-wise level ``alpha``.
    pvalues_adjusted : ndarray
        Adjusted p-values: reject hypothesis ``i`` exactly when ``pvalues_adjusted[i] <= alpha``.
    alpha : float
        Family-wise significance level, strictly between 0 and 1.
    method : str
        ``'bonferroni'`` or ``'holm'``.

    Examples
    --------
    >>> from evalkit.stats import holm
    >>> holm([0.01, 0.04]).reject.tolist()
    [True, True]
    """

    reject: np.ndarray
    pvalues_adjusted: np.ndarray
    alpha: float
    method: str


def _check_pvalues(pvalues, alpha):
    return np.asarray(pvalues, dtype=float), float(alpha)


@checks(pvalues=Array(ndim=1, kind="real", low=0, high=1), alpha=Real(0, 1, closed="neither"))
def bonferroni(pvalues, *, alpha=0.05):
    """Bonferroni correction: reject where ``m * p <= alpha`` for ``m`` tests.

    Controls the family-wise error rate at ``alpha`` under any dependence.

    Parameters
    ----------
    pvalues : array_like of shape (m,)
        The p-values of the ``m`` tests, in [0, 1].
    alpha : float, default 0.05
        Family-wise significance level, strictly between 0 and 1.

    Returns
    -------
    MultipleTestResult
        Rejections and adjusted p-values.

    Examples
    --------
    >>> from evalkit.stats import bonferroni
    >>> res = bonferroni([0.01, 0.02, 0.03, 0.2])
    >>> res.reject.tolist(), res.pvalues_adjusted.tolist()
    ([True, False, False, False], [0.04, 0.08, 0.12, 0.8])
    """
    p, alpha = _check_pvalues(pvalues, alpha)
    adj = np.minimum(1.0, p * p.size)
    return MultipleTestResult(adj <= alpha, adj, alpha, "bonferroni")


@checks(pvalues=Array(ndim=1, kind="real", low=0, high=1), alpha=Real(0, 1, closed="neither"))
def holm(pvalues, *, alpha=0.05):
    r"""Holm's step-down correction (Holm, 1979): uniformly more powerful than Bonferroni.

    Sort the p-values, :math:`p_{(1)} \le \dots \le p_{(m)}`; reject
    :math:`H_{(1)}, \dots, H_{(j)}` for the largest ``j`` such that
    :math:`p_{(i)} \le \alpha / (m - i + 1)` for every ``i <= j``. Controls the
    family-wise error rate at ``alpha`` under any dependence.

    Parameters
    ----------
    pvalues : array_like of shape (m,)
        The p-values of the ``m`` tests, in [0, 1].
    alpha : float, default 0.05
        Family-wise significance level, strictly between 0 and 1.

    Returns
    -------
    MultipleTestResult
        Rejections and adjusted p-values.

    Examples
    --------
    >>> from evalkit.stats import holm
    >>> res = holm([0.01, 0.02, 0.03, 0.2])
    >>> res.reject.tolist(), res.pvalues_adjusted.round(2).tolist()
    ([True, False, False, False], [0.04, 0.06, 0.06, 0.2])
    >>> holm([0.01, 0.012, 0.013, 0.2]).reject.tolist()
    [True, True, True, False]
    """
    p, alpha = _check_pvalues(pvalues, alpha)
    m = p.size
    order = np.argsort(p, kind="stable")
    stepped = np.maximum.accumulate(np.minimum(1.0, (m - np.arange(m)) * p[order]))
    adj = np.empty(m)
    adj[order] = stepped
    return MultipleTestResult(adj <= alpha, adj, alpha, "holm")


@checks(alpha=Real(0, 1, closed="neither"), n_tests=Integer(1),
        dependence=Choice("independent", "any"))
def familywise_error(alpha, n_tests, *, dependence="independent"):
    r"""Probability of at least one false rejection among ``n_tests`` true null hypotheses.

    ``dependence='independent'`` gives the exact :math:`1 - (1 - \alpha)^m`;
    ``'any'`` gives the union (Bonferroni) bound :math:`\min(1, m\alpha)`, which holds
    whatever the dependence and is what Scott's "20% chance at least one is wrong" is.

    Parameters
    ----------
    alpha : float
        Level of each test, strictly between 0 and 1.
    n_tests : int
        Number of tests ``m``, at least 1.
    dependence : {'independent', 'any'}, default 'independent'
        Exact value for independent tests, or the union bound for any dependence.

    Returns
    -------
    float
        The family-wise error rate.

    Examples
    --------
    >>> from evalkit.stats import familywise_error
    >>> round(familywise_error(0.05, 4), 4), familywise_error(0.05, 4, dependence="any")
    (0.1855, 0.2)
    """
    alpha, m = float(alpha), int(n_tests)
    if dependence == "independent":
        return 1.0 - (1.0 - alpha) ** m
    return min(1.0, m * alpha)


@checks(n_tests=Integer(1), correlation=Real(0, 1, closed="left"),
        alpha=Real(0, 1, closed="neither"), n_trials=Integer(1))
def simulate_familywise_error(n_tests, *, correlation=0.0, alpha=0.05, n_trials=100_000, rng=None):
    """Monte Carlo family-wise error of ``n_tests`` one-sided z tests whose nulls are all true.

    The test statistics are standard normal with a common pairwise ``correlation``
    (0.5 is the case of one algorithm compared with several others on the same data:
    each comparison shares the first algorithm's noise). Each trial records whether any
    null is rejected, without correction, with Bonferroni and with Holm.

    Parameters
    ----------
    n_tests : int
        Number of tests ``m``, at least 1.
    correlation : float, default 0
        Common pairwise correlation of the test statistics, in [0, 1).
    alpha : float, default 0.05
        Level of each test, strictly between 0 and 1.
    n_trials : int, default 100000
        Number of simulated families.
    rng : None, int or numpy.random.Generator
        Seed or generator (anything :func:`numpy.random.default_rng` accepts).

    Returns
    -------
    dict
        ``{'uncorrected': rate, 'bonferroni': rate, 'holm': rate, 'standard_error': s}``,
        ``s`` the largest Monte Carlo standard error of the three.

    Examples
    --------
    >>> from evalkit.stats import simulate_familywise_error
    >>> r = simulate_familywise_error(4, n_trials=50_000, rng=1)
    >>> abs(r["uncorrected"] - 0.1855) < 4 * r["standard_error"]
    True
    >>> round(r["uncorrected"], 4)   # the same seed gives the same number
    0.1844
    """
    m, t = int(n_tests), int(n_trials)
    alpha = float(alpha)
    rho = float(correlation)
    rng = np.random.default_rng(rng)
    z = np.sqrt(rho) * rng.standard_normal((t, 1)) + np.sqrt(1.0 - rho) * rng.standard_normal((t, m))
    p = _st.norm.sf(z)
    p_sorted = np.sort(p, axis=1)
    uncorrected = (p_sorted[:, 0] <= alpha).mean()
    bonf = (p_sorted[:, 0] <= alpha / m).mean()
    # Holm rejects something iff it rejects the smallest p-value: p_(1) <= alpha / m
    holm_rate = bonf
    rates = {"uncorrected": float(uncorrected), "bonferroni": float(bonf), "holm": float(holm_rate)}
    rates["standard_error"] = float(max(np.sqrt(r * (1 - r) / t) for r in rates.values()))
    return rates


