"""The surrogate ranking simulation of Yang, Lichtenwalter & Chawla (2015), Table 2.

:func:`surrogate_auroc` simulates the AUROC of a sampled test set and of the whole one when
the positives' places among the negatives follow the paper's surrogate ranking, and
:func:`surrogate_moments` gives what it converges to, in closed form.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .._checks import Array, Integer, Real, checks
from .._results import result
from .._validation import check_positive_int

__all__ = ["SurrogateMoments", "SurrogateResult", "surrogate_auroc", "surrogate_moments"]

_SURROGATE = dict(p_s=Integer(1), n_s=Integer(1), p_f=Integer(1), n_f=Integer(1), alpha=Real(0, 1, closed="right"),
                  beta=Real(1, None))


# ---------------------------------------------------------------------- surrogate


@checks(_same_length=[("auroc_sub", "auroc_full")], alpha=_SURROGATE["alpha"], beta=_SURROGATE["beta"],
        auroc_sub=Array(ndim=1, kind="real"), auroc_full=Array(ndim=1, kind="real"))
@result
class SurrogateResult:
    """The surrogate ranking simulation of Yang et al.'s Table 2 for one (alpha, beta).

    Parameters
    ----------
    alpha : float
        Top fraction of the ranking the positives take.
    beta : float
        Spread factor of the sub-problem's positives in the full problem.
    auroc_sub : ndarray
        Simulated AUROC of the sub-problem ``P_sub``.
    auroc_full : ndarray
        Simulated AUROC of the full problem ``P_full``.

    Examples
    --------
    >>> r = SurrogateResult(0.2, 10.0, np.array([0.9, 0.8]), np.array([0.95, 0.9]))
    >>> round(r.expected_auroc_sub, 2), r.difference.round(2).tolist()
    (0.85, [0.05, 0.1])
    """

    alpha: float
    beta: float
    auroc_sub: np.ndarray = field(repr=False)
    auroc_full: np.ndarray = field(repr=False)

    @property
    def difference(self):
        return self.auroc_full - self.auroc_sub

    @property
    def sigmas(self):
        """Mean difference in units of its standard deviation over the simulations."""
        d = self.difference
        return float(d.mean() / d.std(ddof=1))

    @property
    def expected_auroc_sub(self):
        return float(self.auroc_sub.mean())


def _auroc_from_position_sums(sums, p, n_total):
    """AUROC of rankings (no ties) from the sums of the 0-based positions of their ``p`` positives."""
    n = n_total - p
    return 1.0 - (sums - p * (p - 1) / 2) / (p * n)


def _surrogate_places(p_s, n_s, p_f, n_f, alpha, beta):
    """Check the surrogate's arguments; the numbers of top places each group of positives takes."""
    for name, v in (("p_s", p_s), ("n_s", n_s), ("p_f", p_f), ("n_f", n_f)):
        check_positive_int(v, name)
    if not (p_s <= p_f and n_s <= n_f):
        raise ValueError(f"the sub-problem must be part of the full one: need p_s <= p_f and n_s <= n_f; "
                         f"got p_s={p_s}, p_f={p_f}, n_s={n_s}, n_f={n_f}")
    if not 0 < alpha <= 1:
        raise ValueError(f"alpha must lie in (0, 1]; got {alpha!r}")
    if not beta >= 1:
        raise ValueError(f"beta must be at least 1; got {beta!r}")
    N_s, N_f = p_s + n_s, p_f + n_f
    m_sub = max(p_s, int(alpha * N_s))
    m1 = min(N_f, max(p_s, int(alpha * N_s * beta)))
    m2 = min(N_f, max(p_f, int(alpha * N_f)))
    return m_sub, m1, m2


@checks(**_SURROGATE, n_simulations=Integer(2))
def surrogate_auroc(p_s, n_s, p_f, n_f, alpha, beta, *, n_simulations=1000, rng=None):
    """Simulate the AUROC of a sub-problem and of the full problem (Yang et al., Section 4.2).

    In ``P_sub`` (``p_s`` positives, ``n_s`` negatives) the positives take random places
    among the top ``alpha (p_s + n_s)`` of the ranking. In ``P_full`` (``p_f`` positives,
    ``n_f`` negatives, ``P_sub`` a part of it) ``p_s`` positives take random places among
    the top ``alpha (p_s + n_s) beta`` and the other ``p_f - p_s`` random free places among
    the top ``alpha (p_f + n_f)``. Places are drawn without replacement (exactly), and
    the AUROC of a ranking without ties follows from the positives' places.
    :func:`surrogate_moments` gives what the simulation converges to.

    Parameters
    ----------
    p_s, n_s : int
        Positives and negatives of the sub-problem.
    p_f, n_f : int
        Positives and negatives of the full problem (``p_s <= p_f``, ``n_s <= n_f``).
    alpha : float
        Top fraction of the ranking the positives take, in (0, 1].
    beta : float
        Spread factor, at least 1, of the sub-problem's positives in the full problem.
    n_simulations : int, default 1000
        Simulated rankings (at least 2).
    rng : seed or Generator, optional
        Source of randomness.

    Returns
    -------
    SurrogateResult

    Examples
    --------
    >>> r = surrogate_auroc(100, 10_000, 400, 1_000_000, 0.2, 10, n_simulations=200, rng=0)
    >>> round(r.expected_auroc_sub, 2), bool(r.sigmas > 2)
    (0.9, True)
    """
    m_sub, m1, m2 = _surrogate_places(p_s, n_s, p_f, n_f, alpha, beta)
    n_simulations = check_positive_int(n_simulations, "n_simulations", minimum=2)
    rng = np.random.default_rng(rng)
    sub = np.empty(n_simulations)
    full = np.empty(n_simulations)
    for i in range(n_simulations):
        sub[i] = rng.choice(m_sub, p_s, replace=False, shuffle=False).sum()
        first = np.sort(rng.choice(m1, p_s, replace=False, shuffle=False))
        # the others: p_f - p_s of the places in [0, m2) not taken by the first ones
        taken = first[first < m2]
        x = rng.choice(m2 - taken.size, p_f - p_s, replace=False, shuffle=False)
        x = x + np.searchsorted(taken - np.arange(taken.size), x, side="right")
        full[i] = first.sum() + x.sum()
    return SurrogateResult(float(alpha), float(beta), _auroc_from_position_sums(sub, p_s, p_s + n_s),
                           _auroc_from_position_sums(full, p_f, p_f + n_f))


@checks(alpha=_SURROGATE["alpha"], beta=_SURROGATE["beta"], mean_sub=Real(), mean_full=Real(), sd_sub=Real(0, None),
        sd_full=Real(0, None))
@dataclass(frozen=True)
class SurrogateMoments:
    """Means and standard deviations of the surrogate's two AUROCs (:func:`surrogate_moments`).

    ``sigmas`` is the mean difference (full minus sub) over the standard deviation of
    the difference: what :attr:`SurrogateResult.sigmas` converges to.

    Parameters
    ----------
    alpha : float
        Top fraction of the ranking the positives take.
    beta : float
        Spread factor of the sub-problem's positives in the full problem.
    mean_sub : float
        Mean AUROC of the sub-problem.
    mean_full : float
        Mean AUROC of the full problem.
    sd_sub : float
        Standard deviation of the sub-problem's AUROC.
    sd_full : float
        Standard deviation of the full problem's AUROC.

    Examples
    --------
    >>> SurrogateMoments(0.2, 10.0, 0.90, 0.93, 0.006, 0.008).sigmas
    3.0
    """

    alpha: float
    beta: float
    mean_sub: float
    mean_full: float
    sd_sub: float
    sd_full: float

    @property
    def sigmas(self):
        """Mean difference in units of its standard deviation."""
        return (self.mean_full - self.mean_sub) / float(np.hypot(self.sd_sub, self.sd_full))


def _uniform_sum_moments(p, m):
    """Mean and variance of the sum of ``p`` places drawn without replacement from ``0 .. m-1``."""
    return p * (m - 1) / 2, p * (m + 1) * (m - p) / 12


@checks(**_SURROGATE)
def surrogate_moments(p_s, n_s, p_f, n_f, alpha, beta):
    """What :func:`surrogate_auroc` converges to: the means and spreads of both AUROCs, in closed form.

    The AUROC of a ranking with ``p`` positives and ``n`` negatives is
    ``1 - (S - p (p - 1) / 2) / (p n)``, with ``S`` the sum of the positives' places
    (0-based). In ``P_sub``, ``S`` sums ``p_s`` places drawn without replacement from
    the top ``m = alpha (p_s + n_s)``: mean ``p_s (m - 1) / 2``, variance
    ``p_s (m + 1) (m - p_s) / 12``. In ``P_full`` the ``p_s`` places among the top
    ``m1 = alpha (p_s + n_s) beta`` have these moments, and the other ``p_f - p_s`` are
    drawn from the ``m2 = alpha (p_f + n_f)`` top places less those taken (their mean is
    exact in expectation; their variance is taken as if from all ``m2`` places and
    independent of the first group's, which neglects terms of relative order
    ``p_f / m2``). When the positives are few beside the places they take (``p_s`` much
    smaller than ``m``, ``p_f`` than ``m2``) and ``m1`` is at most ``p_f + n_f``, this
    gives, with ``s = p_s / p_f`` and
    ``r = (p_s + n_s) / (p_f + n_f)``,

    ``sigmas ~ s sqrt(3 p_s) (1 - beta r) / sqrt(1 + s (1 - s) + s**2 beta**2 r**2)``,

    free of ``alpha``: pooling raises the AUROC only while ``beta r < 1``.

    Parameters
    ----------
    p_s, n_s : int
        Positives and negatives of the sub-problem.
    p_f, n_f : int
        Positives and negatives of the full problem (``p_s <= p_f``, ``n_s <= n_f``).
    alpha : float
        Top fraction of the ranking the positives take, in (0, 1].
    beta : float
        Spread factor, at least 1, of the sub-problem's positives in the full problem.

    Returns
    -------
    SurrogateMoments

    Examples
    --------
    >>> m = surrogate_moments(100, 10_000, 400, 1_000_000, 0.2, 10)
    >>> round(m.mean_sub, 3), round(m.mean_full, 3), round(m.sigmas, 1)
    (0.904, 0.923, 3.0)
    """
    m_sub, m1, m2 = _surrogate_places(p_s, n_s, p_f, n_f, alpha, beta)
    mean_s, var_s = _uniform_sum_moments(p_s, m_sub)
    mean_1, var_1 = _uniform_sum_moments(p_s, m1)
    # the first group's expected number and place sum inside [0, m2), which the others avoid
    inside = p_s * min(m1, m2) / m1
    inside_sum = inside * (min(m1, m2) - 1) / 2
    p2 = p_f - p_s
    mean_2 = p2 * (m2 * (m2 - 1) / 2 - inside_sum) / (m2 - inside)
    var_2 = _uniform_sum_moments(p2, m2)[1] if p2 else 0.0

    def auroc(mean_sum, p, n):
        return 1.0 - (mean_sum - p * (p - 1) / 2) / (p * n)

    return SurrogateMoments(float(alpha), float(beta), auroc(mean_s, p_s, n_s), auroc(mean_1 + mean_2, p_f, n_f),
                            float(np.sqrt(var_s)) / (p_s * n_s), float(np.sqrt(var_1 + var_2)) / (p_f * n_f))
