"""Multiple comparisons: Bonferroni, Holm, and the family-wise error rate (exact and simulated)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats as _st

from .._validation import check_choice, check_confidence_level, check_positive_int

__all__ = ["MultipleTestResult", "bonferroni", "familywise_error", "holm", "simulate_familywise_error"]


@dataclass(frozen=True)
class MultipleTestResult:
    """Result of :func:`bonferroni` and :func:`holm`.

    Attributes
    ----------
    reject : ndarray of bool
        Which null hypotheses are rejected at family-wise level ``alpha``.
    pvalues_adjusted : ndarray
        Adjusted p-values: reject hypothesis ``i`` exactly when ``pvalues_adjusted[i] <= alpha``.
    alpha : float
    method : str
    """

    reject: np.ndarray
    pvalues_adjusted: np.ndarray
    alpha: float
    method: str


def _check_pvalues(pvalues, alpha):
    p = np.asarray(pvalues, dtype=float)
    if p.ndim != 1 or p.size == 0:
        raise ValueError(f"pvalues must be a non-empty 1-D sequence; got {pvalues!r}")
    if not np.isfinite(p).all() or (p < 0).any() or (p > 1).any():
        raise ValueError(f"pvalues must lie in [0, 1]; got {pvalues!r}")
    alpha = check_confidence_level(alpha, "alpha")
    return p, alpha


def bonferroni(pvalues, *, alpha=0.05):
    """Bonferroni correction: reject where ``m * p <= alpha`` for ``m`` tests.

    Controls the family-wise error rate at ``alpha`` under any dependence.

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


def holm(pvalues, *, alpha=0.05):
    r"""Holm's step-down correction (Holm, 1979): uniformly more powerful than Bonferroni.

    Sort the p-values, :math:`p_{(1)} \le \dots \le p_{(m)}`; reject
    :math:`H_{(1)}, \dots, H_{(j)}` for the largest ``j`` such that
    :math:`p_{(i)} \le \alpha / (m - i + 1)` for every ``i <= j``. Controls the
    family-wise error rate at ``alpha`` under any dependence.

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


def familywise_error(alpha, n_tests, *, dependence="independent"):
    r"""Probability of at least one false rejection among ``n_tests`` true null hypotheses.

    ``dependence='independent'`` gives the exact :math:`1 - (1 - \alpha)^m`;
    ``'any'`` gives the union (Bonferroni) bound :math:`\min(1, m\alpha)`, which holds
    whatever the dependence and is what Scott's "20% chance at least one is wrong" is.

    Examples
    --------
    >>> from evalkit.stats import familywise_error
    >>> round(familywise_error(0.05, 4), 4), familywise_error(0.05, 4, dependence="any")
    (0.1855, 0.2)
    """
    alpha = check_confidence_level(alpha, "alpha")
    m = check_positive_int(n_tests, "n_tests")
    check_choice(dependence, "dependence", ("independent", "any"))
    if dependence == "independent":
        return 1.0 - (1.0 - alpha) ** m
    return min(1.0, m * alpha)


def simulate_familywise_error(n_tests, *, correlation=0.0, alpha=0.05, n_trials=100_000, rng=None):
    """Monte Carlo family-wise error of ``n_tests`` one-sided z tests whose nulls are all true.

    The test statistics are standard normal with a common pairwise ``correlation``
    (0.5 is the case of one algorithm compared with several others on the same data:
    each comparison shares the first algorithm's noise). Each trial records whether any
    null is rejected, without correction, with Bonferroni and with Holm.

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
    """
    m = check_positive_int(n_tests, "n_tests")
    t = check_positive_int(n_trials, "n_trials")
    alpha = check_confidence_level(alpha, "alpha")
    rho = float(correlation)
    if not 0.0 <= rho < 1.0:
        raise ValueError(f"correlation must lie in [0, 1); got {correlation!r}")
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


