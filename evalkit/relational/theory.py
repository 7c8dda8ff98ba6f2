"""The variance formulas of Neville et al.'s Theorems 1-3, and a Monte Carlo of their model.

:func:`variance_correlated` (Theorem 1), :func:`variance_overlap` (Theorem 2),
:func:`variance_observed` and :func:`variance_underestimate` (Theorem 3, in the form of its
proof and of its statement); :func:`simulate_mean_variance` draws every instance of the
model the proofs assume.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import check_choice, check_positive_int, check_probability
from . import _common as _c

__all__ = [
    "MeanVarianceEstimate",
    "simulate_mean_variance",
    "variance_correlated",
    "variance_observed",
    "variance_overlap",
    "variance_underestimate",
]


def _check_theorem_args(n, g, rho, c):
    n = _c.real(n, "n", low=1)
    g = _c.real(g, "g", low=1)
    rho = _c.real(rho, "rho", low=-1, high=1)
    c = _c.real(c, "c", low=0)
    if np.any(g > n):
        raise ValueError("g (group size) must not exceed n (sample size)")
    if np.any(c > n):
        raise ValueError("c (common instances) must not exceed n (sample size)")
    return n, g, rho, c


def variance_correlated(n, g, rho, sigma2=1.0):
    r"""Theorem 1: variance of a mean error over ``n`` instances in groups of size ``g``.

    :math:`\operatorname{Var}_{corr}(\bar X) = \frac{\sigma^2}{n}\,[1 + \rho (g - 1)]`, where
    :math:`\rho` is the correlation of errors within a group (errors independent across
    groups). Arguments broadcast.

    Examples
    --------
    >>> variance_correlated(300, 10, 0.2, 0.09)
    0.00084
    """
    n, g, rho, _ = _check_theorem_args(n, g, rho, 0)
    return _c.scalar(np.asarray(sigma2, dtype=float) / n * (1 + rho * (g - 1)))


def variance_overlap(n, c, sigma2=1.0):
    r"""Theorem 2: variance of a mean error when ``c`` of its ``n`` instances are common to every sample.

    :math:`\operatorname{Var}_{ovlp}(\bar X) = \frac{\sigma^2}{n}\,[1 - c/n]` (instances
    independent; the common ones are fixed values and do not vary between samples).

    Examples
    --------
    >>> round(variance_overlap(300, 270, 1.0), 10)
    0.0003333333
    """
    n, _, _, c = _check_theorem_args(n, 1, 0, c)
    return _c.scalar(np.asarray(sigma2, dtype=float) / n * (1 - c / n))


def variance_observed(n, g, rho, c, sigma2=1.0):
    r"""Variance with both overlap and correlation (the first half of Theorem 3's proof).

    :math:`\operatorname{Var}_{obs}(\bar X) = \frac{\sigma^2}{n}\,[1 - \tfrac{c}{n}]
    \,\bigl(1 + [1 - \tfrac{c}{n-1}]\,\rho (g-1)\bigr)`: the ``n - c`` varying instances
    share a group with each other with probability :math:`(g-1)/(n-1)` per pair (groups of
    size ``g`` assigned at random).

    Examples
    --------
    >>> round(variance_observed(300, 10, 0.2, 0, 1.0) - variance_correlated(300, 10, 0.2), 15)
    0.0
    """
    n, g, rho, c = _check_theorem_args(n, g, rho, c)
    if np.any(n < 2):
        raise ValueError("n must be at least 2")
    return _c.scalar(np.asarray(sigma2, dtype=float) / n * (1 - c / n) * (1 + (1 - c / (n - 1)) * rho * (g - 1)))


def variance_underestimate(n, g, rho, c, sigma2=1.0, *, form="proof"):
    r"""Theorem 3: how much overlap and correlation make a t test underestimate the null variance.

    :math:`\Delta = \operatorname{Var}_{corr} - \operatorname{Var}_{obs}`.

    Parameters
    ----------
    n, g, rho, c, sigma2 : float or array_like
        Sample size, group size, within-group error correlation, instances common to every
        sample, and the variance of one instance's error.
    form : {'proof', 'statement'}, default 'proof'
        ``'proof'``: the expression the paper's proof arrives at (and that equals
        ``variance_correlated - variance_observed``),
        :math:`\frac{\sigma^2}{n}\frac{c}{n}\bigl(1 + \rho(g-1)[1 + \frac{n-c}{n-1}]\bigr)`.
        ``'statement'``: the expression printed in the theorem's statement,
        :math:`\frac{\sigma^2}{n}\frac{c}{n}\bigl(1 + \rho(g-1)[\frac{c-1}{c} + \frac{n-c-1}{n}]\bigr)`,
        which differs from its own proof (the book's chapter shows which one is right).

    Examples
    --------
    >>> d = variance_underestimate(300, 10, 0.2, 270)
    >>> round(d, 6), round(variance_correlated(300, 10, 0.2) - variance_observed(300, 10, 0.2, 270), 6)
    (0.008942, 0.008942)
    >>> round(variance_underestimate(300, 10, 0.2, 270, form="statement"), 6)
    0.008902
    """
    check_choice(form, "form", ("proof", "statement"))
    n, g, rho, c = _check_theorem_args(n, g, rho, c)
    s2 = np.asarray(sigma2, dtype=float)
    if form == "proof":
        bracket = 1 + (n - c) / (n - 1)
    else:
        if np.any(c == 0):
            raise ValueError("form='statement' is undefined for c = 0 (it divides by c)")
        bracket = (c - 1) / c + (n - c - 1) / n
    return _c.scalar(s2 / n * (c / n) * (1 + rho * (g - 1) * bracket))


@dataclass(frozen=True)
class MeanVarianceEstimate:
    """Monte Carlo estimate of the variance of a mean error (:func:`simulate_mean_variance`).

    Attributes
    ----------
    variance : float
        Sample variance of the simulated means.
    std_error : float
        Its Monte Carlo standard error, :math:`\\operatorname{sd}((\\bar X - m)^2)/\\sqrt{N}`.
    sigma2 : float
        Variance of one instance's error under the simulated distribution.
    n_samples : int
    """

    variance: float
    std_error: float
    sigma2: float
    n_samples: int


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
    c : int, default 0
    distribution : {'bernoulli', 'normal'}, default 'bernoulli'
        ``'bernoulli'``: 0-1 errors with mean ``mean``; an instance copies its group's
        shared draw with probability :math:`\\sqrt\\rho`, otherwise draws its own, which
        gives within-group correlation exactly ``rho``. ``'normal'``: unit-variance
        normals :math:`\\sqrt\\rho Z_{group} + \\sqrt{1-\\rho} E_i`.
    mean : float, default 0.1
        Error rate of the Bernoulli errors.
    n_samples : int, default 20000
    rng : seed or Generator

    Returns
    -------
    MeanVarianceEstimate

    Examples
    --------
    >>> est = simulate_mean_variance(100, 10, 0.5, 40, n_samples=4000, rng=0)
    >>> theory = variance_observed(100, 10, 0.5, 40, est.sigma2)
    >>> abs(est.variance - theory) < 4 * est.std_error
    True
    """
    n = check_positive_int(n, "n", minimum=2)
    g = check_positive_int(g, "g")
    if n % g:
        raise ValueError(f"g must divide n (groups of equal size); got n={n}, g={g}")
    c = check_positive_int(c, "c", minimum=0)
    if c >= n:
        raise ValueError(f"c must be smaller than n={n}; got {c}")
    rho = float(_c.real(rho, "rho", low=0, high=1))
    check_choice(distribution, "distribution", ("bernoulli", "normal"))
    mu = float(check_probability(mean, "mean"))
    n_samples = check_positive_int(n_samples, "n_samples", minimum=2)
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
