"""The variance formulas of Neville et al.'s Theorems 1-3, and a Monte Carlo of their model.

:func:`variance_correlated` (Theorem 1), :func:`variance_overlap` (Theorem 2),
:func:`variance_observed` and :func:`variance_underestimate` (Theorem 3, in the form of its
proof and of its statement); :func:`simulate_mean_variance` draws every instance of the
model the proofs assume.
"""
from __future__ import annotations

import numpy as np

from .._checks import Array, Choice, Either, Integer, Real, checks
from .._results import result
from . import _common as _c

__all__ = [
    "MeanVarianceEstimate",
    "simulate_mean_variance",
    "variance_correlated",
    "variance_observed",
    "variance_overlap",
    "variance_underestimate",
]


def _whole(low):
    """A whole number >= ``low``, or an array of them (the theorems' arguments broadcast)."""
    return Either(Integer(low), Array(kind="integer", low=low))


def _real(low=None, high=None):
    """A real number in ``[low, high]``, or an array of them."""
    return Either(Real(low, high), Array(low=low, high=high))


#: declared checks shared by the theorems' formulas
_N, _G, _C = _whole(1), _whole(1), _whole(0)
_RHO = _real(-1, 1)
_SIGMA2 = _real(0)


def _check_theorem_args(n, g, rho, c):
    n = np.asarray(n, dtype=float)
    g = np.asarray(g, dtype=float)
    rho = np.asarray(rho, dtype=float)
    c = np.asarray(c, dtype=float)
    if np.any(g > n):
        raise ValueError("g (group size) must not exceed n (sample size)")
    if np.any(c > n):
        raise ValueError("c (common instances) must not exceed n (sample size)")
    # g errors with pairwise correlation rho have a covariance matrix only for rho >= -1/(g-1)
    rho_min = np.where(g > 1, -1.0 / np.maximum(g - 1, 1), -1.0)
    if np.any(rho < rho_min):
        raise ValueError(
            f"rho must be at least -1/(g - 1) for groups of size g (no g errors are more negatively "
            f"correlated; the variance would be negative); got rho={rho.tolist()!r} with g={g.tolist()!r}"
        )
    return n, g, rho, c


@checks(n=_N, g=_G, rho=_RHO, sigma2=_SIGMA2)
def variance_correlated(n, g, rho, sigma2=1.0):
    r"""Theorem 1: variance of a mean error over ``n`` instances in groups of size ``g``.

    :math:`\operatorname{Var}_{corr}(\bar X) = \frac{\sigma^2}{n}\,[1 + \rho (g - 1)]`, where
    :math:`\rho` is the correlation of errors within a group (errors independent across
    groups). Arguments broadcast.

    Parameters
    ----------
    n : int or array_like of int
        Sample size (at least 1).
    g : int or array_like of int
        Group size, from 1 to ``n``.
    rho : float or array_like
        Correlation of errors within a group, from :math:`-1/(g-1)` (the smallest
        correlation ``g`` errors can share) to 1.
    sigma2 : float or array_like, default 1.0
        Variance of one instance's error (non-negative).

    Returns
    -------
    float or ndarray
        The variance of the mean error (an array when an argument is one).

    Examples
    --------
    >>> variance_correlated(300, 10, 0.2, 0.09)
    0.00084
    """
    n, g, rho, _ = _check_theorem_args(n, g, rho, 0)
    return _c.scalar(np.asarray(sigma2, dtype=float) / n * (1 + rho * (g - 1)))


@checks(n=_N, c=_C, sigma2=_SIGMA2)
def variance_overlap(n, c, sigma2=1.0):
    r"""Theorem 2: variance of a mean error when ``c`` of its ``n`` instances are common to every sample.

    :math:`\operatorname{Var}_{ovlp}(\bar X) = \frac{\sigma^2}{n}\,[1 - c/n]` (instances
    independent; the common ones are fixed values and do not vary between samples).

    Parameters
    ----------
    n : int or array_like of int
        Sample size (at least 1).
    c : int or array_like of int
        Instances common to every sample, from 0 to ``n``.
    sigma2 : float or array_like, default 1.0
        Variance of one instance's error (non-negative).

    Returns
    -------
    float or ndarray
        The variance of the mean error (an array when an argument is one).

    Examples
    --------
    >>> round(variance_overlap(300, 270, 1.0), 10)
    0.0003333333
    """
    n, _, _, c = _check_theorem_args(n, 1, 0, c)
    return _c.scalar(np.asarray(sigma2, dtype=float) / n * (1 - c / n))


@checks(n=_whole(2), g=_G, rho=_RHO, c=_C, sigma2=_SIGMA2)
def variance_observed(n, g, rho, c, sigma2=1.0):
    r"""Variance with both overlap and correlation (the first half of Theorem 3's proof).

    :math:`\operatorname{Var}_{obs}(\bar X) = \frac{\sigma^2}{n}\,[1 - \tfrac{c}{n}]
    \,\bigl(1 + [1 - \tfrac{c}{n-1}]\,\rho (g-1)\bigr)`: the ``n - c`` varying instances
    share a group with each other with probability :math:`(g-1)/(n-1)` per pair (groups of
    size ``g`` assigned at random).

    Parameters
    ----------
    n : int or array_like of int
        Sample size (at least 2).
    g : int or array_like of int
        Group size, from 1 to ``n``.
    rho : float or array_like
        Correlation of errors within a group, from :math:`-1/(g-1)` to 1.
    c : int or array_like of int
        Instances common to every sample, from 0 to ``n``.
    sigma2 : float or array_like, default 1.0
        Variance of one instance's error (non-negative).

    Returns
    -------
    float or ndarray
        The variance of the mean error (an array when an argument is one).

    Examples
    --------
    >>> round(variance_observed(300, 10, 0.2, 0, 1.0) - variance_correlated(300, 10, 0.2), 15)
    0.0
    """
    n, g, rho, c = _check_theorem_args(n, g, rho, c)
    return _c.scalar(np.asarray(sigma2, dtype=float) / n * (1 - c / n) * (1 + (1 - c / (n - 1)) * rho * (g - 1)))


@checks(n=_whole(2), g=_G, rho=_RHO, c=_C, sigma2=_SIGMA2, form=Choice("proof", "statement"))
def variance_underestimate(n, g, rho, c, sigma2=1.0, *, form="proof"):
    r"""Theorem 3: how much overlap and correlation make a t test underestimate the null variance.

    :math:`\Delta = \operatorname{Var}_{corr} - \operatorname{Var}_{obs}`.

    Parameters
    ----------
    n : int or array_like of int
        Sample size (at least 2).
    g : int or array_like of int
        Group size, from 1 to ``n``.
    rho : float or array_like
        Within-group error correlation, from :math:`-1/(g-1)` to 1.
    c : int or array_like of int
        Instances common to every sample, from 0 to ``n``.
    sigma2 : float or array_like, default 1.0
        Variance of one instance's error (non-negative).
    form : {'proof', 'statement'}, default 'proof'
        ``'proof'``: the expression the paper's proof arrives at (and that equals
        ``variance_correlated - variance_observed``),
        :math:`\frac{\sigma^2}{n}\frac{c}{n}\bigl(1 + \rho(g-1)[1 + \frac{n-c}{n-1}]\bigr)`.
        ``'statement'``: the expression printed in the theorem's statement,
        :math:`\frac{\sigma^2}{n}\frac{c}{n}\bigl(1 + \rho(g-1)[\frac{c-1}{c} + \frac{n-c-1}{n}]\bigr)`,
        which differs from its own proof (the book's chapter shows which one is right).

    Returns
    -------
    float or ndarray
        :math:`\Delta` (an array when an argument is one).

    Examples
    --------
    >>> d = variance_underestimate(300, 10, 0.2, 270)
    >>> round(d, 6), round(variance_correlated(300, 10, 0.2) - variance_observed(300, 10, 0.2, 270), 6)
    (0.008942, 0.008942)
    >>> round(variance_underestimate(300, 10, 0.2, 270, form="statement"), 6)
    0.008902
    """
    n, g, rho, c = _check_theorem_args(n, g, rho, c)
    s2 = np.asarray(sigma2, dtype=float)
    if form == "proof":
        bracket = 1 + (n - c) / (n - 1)
    else:
        if np.any(c == 0):
            raise ValueError("form='statement' is undefined for c = 0 (it divides by c)")
        bracket = (c - 1) / c + (n - c - 1) / n
    return _c.scalar(s2 / n * (c / n) * (1 + rho * (g - 1) * bracket))


@checks(variance=Real(0), std_error=Real(0), sigma2=Real(0), n_samples=Integer(2))
@result
class MeanVarianceEstimate:
    """Monte Carlo estimate of the variance of a mean error (:func:`simulate_mean_variance`).

    Parameters
    ----------
    variance : float
        Sample variance of the simulated means.
    std_error : float
        Its Monte Carlo standard error, :math:`\\operatorname{sd}((\\bar X - m)^2)/\\sqrt{N}`.
    sigma2 : float
        Variance of one instance's error under the simulated distribution.
    n_samples : int
        Number of simulated samples.

    Examples
    --------
    >>> MeanVarianceEstimate(0.001, 0.00002, 0.09, 20_000).n_samples
    20000
    """

    variance: float
    std_error: float
    sigma2: float
    n_samples: int


@checks(n=Integer(2), g=Integer(1), rho=Real(0, 1), c=Integer(0), distribution=Choice("bernoulli", "normal"),
        mean=Real(0, 1), n_samples=Integer(2))
def simulate_mean_variance(n, g, rho, c=0, *, distribution="bernoulli", mean=0.1, n_samples=20_000, rng=None):
    """Simulate the model of Theorems 1-3 and estimate the variance of the sample's mean error.

    Each simulated sample has ``n`` instances split at random into ``n / g`` groups of size
    ``g``; ``c`` of the instances are *common*: their values are the same in every sample
    (so they add no variance), the other ``n - c`` are drawn afresh, with correlation
    ``rho`` between instances of the same group and independence across groups. With
    ``c = 0`` this is Theorem 1, with ``rho = 0`` Theorem 2, and in general the
    ``Var_obs`` of Theorem 3's proof. Every instance is drawn (no shortcut through the
    formula being checked).

    Parameters
    ----------
    n, g : int
        Sample size and group size; ``g`` must divide ``n``.
    rho : float in [0, 1]
        Correlation of errors within a group.
    c : int, default 0
        Instances common to every sample (smaller than ``n``).
    distribution : {'bernoulli', 'normal'}, default 'bernoulli'
        ``'bernoulli'``: 0-1 errors with mean ``mean``; an instance copies its group's
        shared draw with probability :math:`\\sqrt\\rho`, otherwise draws its own, which
        gives within-group correlation exactly ``rho``. ``'normal'``: unit-variance
        normals :math:`\\sqrt\\rho Z_{group} + \\sqrt{1-\\rho} E_i`.
    mean : float, default 0.1
        Error rate of the Bernoulli errors.
    n_samples : int, default 20000
        Number of simulated samples.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts).

    Returns
    -------
    MeanVarianceEstimate
        The variance of the simulated means, its Monte Carlo standard error and
        the variance of one instance's error.

    Examples
    --------
    >>> est = simulate_mean_variance(100, 10, 0.5, 40, n_samples=4000, rng=0)
    >>> theory = variance_observed(100, 10, 0.5, 40, est.sigma2)
    >>> abs(est.variance - theory) < 4 * est.std_error
    True
    """
    n, g, c = int(n), int(g), int(c)
    if n % g:
        raise ValueError(f"g must divide n (groups of equal size); got n={n}, g={g}")
    if c >= n:
        raise ValueError(f"c must be smaller than n={n}; got {c}")
    rho, mu, n_samples = float(rho), float(mean), int(n_samples)
    rng = _c.rng(rng)
    m = n // g
    means = np.empty(n_samples)
    batch = max(1, 2_000_000 // n)
    for start in range(0, n_samples, batch):
        size = min(batch, n_samples - start)
        group = np.argsort(rng.random((size, n)), axis=1) // g  # a random assignment to m groups of g
        group = group[:, c:]  # the first c positions are the common instances: constants
        if distribution == "normal":
            z = rng.standard_normal((size, m))
            x = np.sqrt(rho) * np.take_along_axis(z, group, axis=1) + np.sqrt(1 - rho) * rng.standard_normal(group.shape)
        else:
            shared = rng.random((size, m)) < mu
            own = rng.random(group.shape) < mu
            copy = rng.random(group.shape) < np.sqrt(rho)
            x = np.where(copy, np.take_along_axis(shared, group, axis=1), own).astype(float)
        means[start : start + size] = x.sum(axis=1) / n
    dev = (means - means.mean()) ** 2
    sigma2 = 1.0 if distribution == "normal" else mu * (1 - mu)
    return MeanVarianceEstimate(
        float(means.var(ddof=1)), float(dev.std(ddof=1) / np.sqrt(n_samples)), sigma2, n_samples
    )
