"""Within-network classification, and why comparing its classifiers needs care.

The pieces of Neville, Gallagher, Eliassi-Rad & Wang (2011), *Correcting evaluation bias
of relational classifiers with network cross validation*:

- the variance formulas of their Theorems 1-3 (:func:`variance_correlated`,
  :func:`variance_overlap`, :func:`variance_observed`, :func:`variance_underestimate`)
  and a Monte Carlo simulation of the model the proofs assume
  (:func:`simulate_mean_variance`);
- the group-based simulated classifiers of Section 5 (:func:`group_error_probabilities`,
  :func:`group_based_classification`) and the Type I error study built on them
  (:func:`simulate_group_type1_error`);
- the latent group model of Section 6.2 (:func:`latent_group_model`), the weighted-vote
  relational neighbour classifier (:func:`wvrn`) and the network-only Bayes classifier
  (:func:`network_only_bayes`) with relaxation labelling (:func:`relaxation_labeling`),
  run on many training sets at once (one column per split);
- error correlation and label autocorrelation over the links of a network
  (:func:`error_correlation`, :func:`label_autocorrelation`);
- the calibrated comparison of Sections 6 and 7 (:func:`calibrate_handicap`,
  :func:`compare_classifiers`, :func:`within_network_study`).

The splitters (RRS, ERS, NCV) live in :mod:`evalkit.resampling`.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp
from scipy import special
from scipy import stats as _st

from ._validation import check_choice, check_positive_int, check_probability
from .resampling import network_split_masks

__all__ = [
    "CalibrationResult",
    "ComparisonTrials",
    "GroupSimulationResult",
    "LatentGroupNetwork",
    "MeanVarianceEstimate",
    "as_adjacency",
    "calibrate_handicap",
    "compare_classifiers",
    "disjoint_subnetworks",
    "PAPER_TABLE_5",
    "error_correlation",
    "error_correlation_study",
    "group_based_classification",
    "group_error_probabilities",
    "label_autocorrelation",
    "latent_group_model",
    "network_only_bayes",
    "perturb_predictions",
    "relaxation_labeling",
    "simulate_group_type1_error",
    "simulate_group_type1_grid",
    "simulate_mean_variance",
    "t_test_rejections",
    "variance_correlated",
    "variance_observed",
    "variance_overlap",
    "variance_underestimate",
    "within_network_study",
    "wvrn",
]


def _rng(rng):
    return np.random.default_rng(rng)


def _real(value, name, *, low=None, high=None):
    arr = np.asarray(value, dtype=float)
    if np.isnan(arr).any() or (low is not None and (arr < low).any()) or (high is not None and (arr > high).any()):
        raise ValueError(f"{name} must lie in [{low}, {high}]; got {value!r}")
    return arr


def _scalar(x):
    x = np.asarray(x, dtype=float)
    return float(x) if x.ndim == 0 else x


# ----------------------------------------------------------------- Theorems 1-3


def _check_theorem_args(n, g, rho, c):
    n = _real(n, "n", low=1)
    g = _real(g, "g", low=1)
    rho = _real(rho, "rho", low=-1, high=1)
    c = _real(c, "c", low=0)
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
    return _scalar(np.asarray(sigma2, dtype=float) / n * (1 + rho * (g - 1)))


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
    return _scalar(np.asarray(sigma2, dtype=float) / n * (1 - c / n))


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
    return _scalar(np.asarray(sigma2, dtype=float) / n * (1 - c / n) * (1 + (1 - c / (n - 1)) * rho * (g - 1)))


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
    return _scalar(s2 / n * (c / n) * (1 + rho * (g - 1) * bracket))


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
    rho = float(_real(rho, "rho", low=0, high=1))
    check_choice(distribution, "distribution", ("bernoulli", "normal"))
    mu = float(check_probability(mean, "mean"))
    n_samples = check_positive_int(n_samples, "n_samples", minimum=2)
    rng = _rng(rng)
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


# ------------------------------------------------------ simulated classifiers (Section 5)


def group_error_probabilities(p_err, err_corr, *, formula="corrected"):
    r"""Misclassification probabilities of the group-based simulated classifier (Table 7).

    :math:`P(MG) = P(err) + errCorr\,(1 - P(err))` for instances of the groups chosen for
    misclassification, and for all other instances

    - ``formula='corrected'``: :math:`P(MG') = P(err)\,(1 - P(MG)) / (1 - P(err))`, which
      makes the overall error rate :math:`P(err)` when a share :math:`P(err)` of the
      instances is in the chosen groups;
    - ``formula='printed'``: the paper's :math:`P(MG') = P(err) + (1 - P(MG)) / (1 - P(err))`,
      which does not (and can exceed 1).

    Returns
    -------
    p_mg, p_other : float or ndarray

    Examples
    --------
    >>> [round(float(v), 3) for v in group_error_probabilities(0.1, 0.9)]
    [0.91, 0.01]
    >>> [round(float(v), 3) for v in group_error_probabilities(0.1, 0.9, formula="printed")]
    [0.91, 0.2]
    """
    check_choice(formula, "formula", ("corrected", "printed"))
    p = _real(p_err, "p_err", low=0, high=1)
    if np.any(p >= 1):
        raise ValueError(f"p_err must be smaller than 1; got {p_err!r}")
    e = _real(err_corr, "err_corr", low=0, high=1)
    p_mg = p + e * (1 - p)
    if formula == "corrected":
        p_other = p * (1 - p_mg) / (1 - p)
    else:
        p_other = p + (1 - p_mg) / (1 - p)
    return _scalar(p_mg), _scalar(p_other)


def _check_groups(n_groups, p_err):
    n_groups = check_positive_int(n_groups, "n_groups", minimum=2)
    if n_groups % 2:
        raise ValueError(f"n_groups must be even (classifier A errs on the first half, B on the second); got {n_groups}")
    m = int(round(n_groups * float(p_err)))
    if m > n_groups // 2:
        raise ValueError(
            f"p_err={p_err} asks each classifier to misclassify {m} of {n_groups} groups, "
            f"more than its half ({n_groups // 2}); use p_err <= 0.5"
        )
    return n_groups, m


def group_based_classification(group_counts, p_err, err_corr, *, formula="corrected", rng=None):
    """Simulate classifiers A and B on test sets described by their group counts (Table 7).

    For each test set, A picks ``M = round(n_groups * p_err)`` groups at random among the
    first half of the groups and B among the second half; each instance of a picked group
    is misclassified with probability ``P(MG)``, every other instance with ``P(MG')``
    (:func:`group_error_probabilities`). Instances are independent given those choices, so
    the errors of a group are drawn as one binomial count.

    Parameters
    ----------
    group_counts : array_like of int, shape (..., n_groups)
        Test instances of each group, for any number of test sets (leading axes).
    p_err, err_corr : float
    formula : {'corrected', 'printed'}
    rng : seed or Generator

    Returns
    -------
    errors_a, errors_b : ndarray of int, shape (..., n_groups)
        Misclassified test instances of each group, for A and for B.

    Examples
    --------
    >>> import numpy as np
    >>> counts = np.full((20000, 10), 30)
    >>> a, b = group_based_classification(counts, 0.1, 0.9, rng=0)
    >>> round(float(a.sum() / counts.sum()), 2), round(float(b.sum() / counts.sum()), 2)
    (0.1, 0.1)
    """
    counts = np.asarray(group_counts)
    if counts.ndim < 1 or not np.issubdtype(counts.dtype, np.integer) or (counts < 0).any():
        raise ValueError("group_counts must be an array of non-negative integers, groups on the last axis")
    n_groups, m = _check_groups(counts.shape[-1], p_err)
    p_mg, p_other = group_error_probabilities(p_err, err_corr, formula=formula)
    if not 0 <= p_other <= 1:
        raise ValueError(
            f"with formula={formula!r}, p_err={p_err} and err_corr={err_corr} give P(MG')={p_other:.4g}, "
            f"which is not a probability"
        )
    rng = _rng(rng)
    half = n_groups // 2
    lead = counts.shape[:-1]
    out = []
    for offset in (0, half):
        ranks = np.argsort(np.argsort(rng.random(lead + (half,)), axis=-1), axis=-1)
        chosen = np.zeros(lead + (n_groups,), dtype=bool)
        chosen[..., offset : offset + half] = ranks < m
        out.append(rng.binomial(counts, np.where(chosen, p_mg, p_other)))
    return out[0], out[1]


def t_test_rejections(a, b, *, paired=True, alpha=0.05):
    """Whether a two-sided t test rejects "equal means", for many experiments at once.

    Parameters
    ----------
    a, b : array_like, shape (..., k)
        Scores of two classifiers on ``k`` splits; leading axes index experiments.
    paired : bool, default True
        Paired t test on ``a - b`` (``k - 1`` df, = ``scipy.stats.ttest_rel``), or the
        unpaired pooled-variance test (``2k - 2`` df, = ``scipy.stats.ttest_ind``).
    alpha : float, default 0.05

    Returns
    -------
    ndarray of bool, shape (...)
        ``True`` where ``p < alpha``. Zero variance (all differences equal) rejects when the
        mean difference is not 0 and accepts when it is (scipy gives NaN there).

    Examples
    --------
    >>> t_test_rejections([[0.8, 0.82, 0.81], [0.8, 0.7, 0.9]], [[0.7, 0.71, 0.72], [0.7, 0.8, 0.8]]).tolist()
    [True, False]
    """
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.shape != b.shape or a.ndim < 1 or a.shape[-1] < 2:
        raise ValueError(f"a and b must have the same shape (..., k) with k >= 2; got {a.shape} and {b.shape}")
    alpha = float(check_probability(alpha, "alpha"))
    k = a.shape[-1]
    if paired:
        d = a - b
        mean = d.mean(axis=-1)
        se = d.std(axis=-1, ddof=1) / np.sqrt(k)
        df = k - 1
    else:
        mean = a.mean(axis=-1) - b.mean(axis=-1)
        se = np.sqrt((a.var(axis=-1, ddof=1) + b.var(axis=-1, ddof=1)) / k)
        df = 2 * k - 2
    scale = np.maximum(np.abs(a).max(axis=-1), np.abs(b).max(axis=-1))
    zero = se <= 64 * np.finfo(float).eps * np.maximum(scale, np.finfo(float).tiny)
    crit = _st.t.ppf(1 - alpha / 2, df)
    with np.errstate(divide="ignore", invalid="ignore"):
        reject = np.abs(mean) > crit * se
    return np.where(zero, np.abs(mean) > 64 * np.finfo(float).eps * scale, reject)


def _group_phi(counts, errors):
    """Phi coefficient of 0-1 errors over pairs of instances of the same group and test set.

    ``counts`` and ``errors`` have shape (trials, sets, groups); pairs are pooled over the
    sets (and over whatever was stacked there), phi is computed per group and averaged
    over the groups where it is defined.
    """
    n = counts.astype(float)
    s = errors.astype(float)
    pairs = (n * (n - 1)).sum(axis=1)
    sx = (s * (n - 1)).sum(axis=1)
    sxx = (s * (s - 1)).sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        q = sx / pairs
        phi = (sxx / pairs - q * q) / (q * (1 - q))
    phi[~np.isfinite(phi)] = np.nan
    with np.errstate(invalid="ignore"), _quiet_nanmean():
        return np.nanmean(phi, axis=-1)


class _quiet_nanmean:
    def __enter__(self):
        import warnings

        self._w = warnings.catch_warnings()
        self._w.__enter__()
        warnings.simplefilter("ignore", RuntimeWarning)

    def __exit__(self, *exc):
        self._w.__exit__(*exc)


def _multivariate_hypergeometric(colors, nsample, rng):
    """Vectorised multivariate hypergeometric draws: ``colors`` (..., G), ``nsample`` (...)."""
    colors = np.asarray(colors, dtype=np.int64)
    left_total = colors.sum(axis=-1)
    left_sample = np.broadcast_to(np.asarray(nsample, dtype=np.int64), left_total.shape).copy()
    out = np.empty_like(colors)
    for g in range(colors.shape[-1] - 1):
        good = colors[..., g]
        draw = rng.hypergeometric(good, left_total - good, left_sample)
        out[..., g] = draw
        left_total = left_total - good
        left_sample = left_sample - draw
    out[..., -1] = left_sample
    return out


def _fold_group_counts(procedure, labels, n_groups, prop, n_resamples, n_folds, rng):
    """Group counts of each test set, shape (trials, sets, groups)."""
    T, n = labels.shape
    if procedure == "rrs":
        n_test = n - int(round(prop * n))
        sample = np.stack([np.bincount(row, minlength=n_groups) for row in labels])
        colors = np.broadcast_to(sample[:, None, :], (T, n_resamples, n_groups))
        return _multivariate_hypergeometric(colors, n_test, rng)
    k = n_resamples if procedure == "ers" else n_folds
    # The instances' groups are i.i.d., so one test-set pattern applied to fresh labels has
    # the distribution of fresh patterns applied to fixed labels.
    _, test = network_split_masks(procedure, n, n_splits=k, prop_labeled=prop if procedure == "ers" else 0.5, rng=rng)
    onehot = (labels[:, :, None] == np.arange(n_groups)).astype(np.float32)
    return np.rint(np.matmul(test[0].astype(np.float32), onehot)).astype(np.int64)


def _simulate_one(procedure, props, p_err, err_corr, n_instances, n_groups, n_resamples, n_folds, n_trials,
                  test, alpha, formula, seed, batch):
    rng = _rng(seed)
    reject = np.zeros(len(props))
    phi_sum = np.zeros(len(props))
    phi_count = np.zeros(len(props))
    for start in range(0, n_trials, batch):
        size = min(batch, n_trials - start)
        ncv_counts = None
        for j, prop in enumerate(props):
            if procedure == "ncv":
                if ncv_counts is None:  # NCV: the same sample and folds for every proportion
                    labels = rng.integers(0, n_groups, size=(size, n_instances))
                    ncv_counts = _fold_group_counts("ncv", labels, n_groups, prop, n_resamples, n_folds, rng)
                counts = ncv_counts
            else:
                labels = rng.integers(0, n_groups, size=(size, n_instances))
                counts = _fold_group_counts(procedure, labels, n_groups, prop, n_resamples, n_folds, rng)
            err_a, err_b = group_based_classification(counts, p_err, err_corr, formula=formula, rng=rng)
            size_test = counts.sum(axis=-1)
            rate_a = err_a.sum(axis=-1) / size_test
            rate_b = err_b.sum(axis=-1) / size_test
            reject[j] += t_test_rejections(rate_a, rate_b, paired=(test == "paired"), alpha=alpha).sum()
            phi = _group_phi(np.concatenate([counts, counts], axis=1), np.concatenate([err_a, err_b], axis=1))
            ok = np.isfinite(phi)
            phi_sum[j] += phi[ok].sum()
            phi_count[j] += ok.sum()
    with np.errstate(invalid="ignore"):
        return reject / n_trials, phi_sum / phi_count


@dataclass(frozen=True)
class GroupSimulationResult:
    """Result of :func:`simulate_group_type1_error`.

    Attributes
    ----------
    procedure : str
    prop_labeled : ndarray, shape (P,)
    rejection_rate : ndarray, shape (n_simulations, P)
        Share of trials whose test rejected (all are Type I errors: A and B have equal
        error rates by construction).
    error_correlation : ndarray, shape (n_simulations, P)
        Mean measured phi coefficient of the errors of instances in the same group.
    p_err, err_corr : float
    test : str
    n_trials : int
    """

    procedure: str
    prop_labeled: np.ndarray
    rejection_rate: np.ndarray = field(repr=False)
    error_correlation: np.ndarray = field(repr=False)
    p_err: float
    err_corr: float
    test: str
    n_trials: int

    @property
    def type1_error(self):
        """Mean rejection rate over the simulations, per proportion labelled."""
        return self.rejection_rate.mean(axis=0)

    @property
    def type1_std(self):
        """Standard deviation of the rejection rate across simulations."""
        return self.rejection_rate.std(axis=0, ddof=1) if self.rejection_rate.shape[0] > 1 else np.zeros(self.prop_labeled.size)

    @property
    def mean_error_correlation(self):
        return np.nanmean(self.error_correlation, axis=0)


def simulate_group_type1_error(
    procedure,
    *,
    prop_labeled=(0.1, 0.3, 0.5, 0.7, 0.9),
    p_err=0.1,
    err_corr=0.9,
    n_instances=300,
    n_groups=10,
    n_resamples=30,
    n_folds=10,
    n_trials=1000,
    n_simulations=10,
    test="paired",
    alpha=0.05,
    formula="corrected",
    n_jobs=None,
    progress=False,
    rng=None,
):
    """Type I error of a resampling procedure with simulated classifiers (Neville et al. Table 6).

    Each trial draws a sample of ``n_instances`` instances, each in one of ``n_groups``
    groups uniformly at random, makes its test sets with ``procedure`` (RRS and ERS:
    ``n_resamples`` test sets of ``1 - prop_labeled`` of the sample, a new sample for every
    proportion; NCV: ``n_folds`` disjoint folds of one sample shared by all proportions),
    classifies every test set with :func:`group_based_classification`, and applies the t
    test to the per-set error rates of A and B. The classifiers have equal error rates, so
    every rejection is a Type I error.

    Parameters
    ----------
    procedure : {'rrs', 'ers', 'ncv'}
    prop_labeled : float or sequence of float
    p_err, err_corr : float
        The simulated classifiers' error rate and error correlation parameter.
    n_instances, n_groups, n_resamples, n_folds : int
    n_trials, n_simulations : int
        The paper: 10 simulations of 1000 trials.
    test : {'paired', 'unpaired'}
    alpha : float, default 0.05
    formula : {'corrected', 'printed'}
        See :func:`group_error_probabilities`.
    n_jobs : int, optional
        Simulations run in parallel (joblib).
    progress : bool
        Progress bar over the simulations.
    rng : seed or Generator

    Returns
    -------
    GroupSimulationResult

    Notes
    -----
    The counts of each group in a test set are what the classifiers and the error
    correlation depend on, so they are drawn directly: multivariate hypergeometric for an
    RRS test set (a uniform random subset of the sample), and one ERS or NCV pattern per
    batch applied to the i.i.d. group labels of fresh samples (which has the distribution
    of fresh patterns on a fixed sample). The test sets themselves are the ones
    :func:`evalkit.resampling.network_split_masks` makes.

    Examples
    --------
    >>> res = simulate_group_type1_error("ncv", prop_labeled=0.9, n_trials=200, n_simulations=2, rng=0)
    >>> res.rejection_rate.shape, bool(res.type1_error[0] < 0.15)
    ((2, 1), True)
    """
    check_choice(procedure, "procedure", ("rrs", "ers", "ncv"))
    check_choice(test, "test", ("paired", "unpaired"))
    props = np.atleast_1d(np.asarray(prop_labeled, dtype=float))
    if props.ndim != 1 or np.any(~(props > 0) | ~(props < 1)):
        raise ValueError(f"prop_labeled must be a proportion or 1-D sequence of proportions in (0, 1); got {prop_labeled!r}")
    n_instances = check_positive_int(n_instances, "n_instances", minimum=2)
    n_groups, _ = _check_groups(n_groups, p_err)
    n_resamples = check_positive_int(n_resamples, "n_resamples", minimum=2)
    n_folds = check_positive_int(n_folds, "n_folds", minimum=2)
    n_trials = check_positive_int(n_trials, "n_trials")
    n_simulations = check_positive_int(n_simulations, "n_simulations")
    p_mg, p_other = group_error_probabilities(p_err, err_corr, formula=formula)
    if not 0 <= p_other <= 1:
        raise ValueError(f"with formula={formula!r}, P(MG')={p_other:.4g} is not a probability")
    seeds = _rng(rng).spawn(n_simulations)
    args = (procedure, props, float(p_err), float(err_corr), n_instances, n_groups, n_resamples, n_folds,
            n_trials, test, alpha, formula)
    batch = 500
    iterator = seeds
    if progress:
        from tqdm.auto import tqdm

        iterator = tqdm(seeds, desc=f"{procedure} simulations", leave=False)
    if n_jobs in (None, 1):
        rows = [_simulate_one(*args, seed, batch) for seed in iterator]
    else:
        from joblib import Parallel, delayed

        rows = Parallel(n_jobs=n_jobs)(delayed(_simulate_one)(*args, seed, batch) for seed in iterator)
    return GroupSimulationResult(
        procedure, props, np.array([r[0] for r in rows]), np.array([r[1] for r in rows]),
        float(p_err), float(err_corr), test, n_trials,
    )


def simulate_group_type1_grid(
    *,
    procedures=("rrs", "ers", "ncv"),
    prop_labeled=(0.1, 0.3, 0.5, 0.7, 0.9),
    p_err=(0.1,),
    err_corr=(0.9,),
    n_trials=1000,
    n_simulations=10,
    test="paired",
    n_jobs=None,
    progress=False,
    rng=None,
    **kwargs,
):
    """:func:`simulate_group_type1_error` over a grid: the data of Neville et al. Fig. 2.

    Fig. 2a is ``prop_labeled=(0.1, ..., 0.9)`` at ``p_err=0.1, err_corr=0.9``; Fig. 2b is
    ``prop_labeled=0.9`` over ``p_err=(0.1, 0.2, 0.3, 0.4)`` x ``err_corr=(0, 0.2, ..., 1)``.
    Each cell gets its own independent stream from ``rng``.

    Returns
    -------
    list of dict
        One row per (procedure, p_err, err_corr, prop_labeled): ``type1_error`` (mean over
        simulations), ``type1_std`` (across simulations), ``error_correlation`` (mean
        measured phi), and the cell's parameters.

    Examples
    --------
    >>> rows = simulate_group_type1_grid(procedures=("ncv",), prop_labeled=0.9, err_corr=(0.0, 1.0),
    ...                                  n_trials=100, n_simulations=2, rng=0)
    >>> [(r["err_corr"], round(r["error_correlation"], 1)) for r in rows]
    [(0.0, -0.0), (1.0, 1.0)]
    """
    props = np.atleast_1d(np.asarray(prop_labeled, dtype=float))
    cells = [(proc, float(pe), float(ec)) for proc in procedures for pe in np.atleast_1d(p_err)
             for ec in np.atleast_1d(err_corr)]
    streams = _rng(rng).spawn(len(cells))
    iterator = zip(cells, streams)
    if progress:
        from tqdm.auto import tqdm

        iterator = tqdm(list(iterator), desc="Fig. 2 cells")
    rows = []
    for (proc, pe, ec), stream in iterator:
        res = simulate_group_type1_error(proc, prop_labeled=props, p_err=pe, err_corr=ec, n_trials=n_trials,
                                         n_simulations=n_simulations, test=test, n_jobs=n_jobs, rng=stream, **kwargs)
        for j, prop in enumerate(props):
            rows.append({
                "procedure": proc, "p_err": pe, "err_corr": ec, "prop_labeled": float(prop),
                "type1_error": float(res.type1_error[j]), "type1_std": float(res.type1_std[j]),
                "error_correlation": float(res.mean_error_correlation[j]),
                "n_trials": n_trials, "n_simulations": n_simulations,
            })
    return rows


# ------------------------------------------------------------ networks (Section 6.2)


def as_adjacency(graph):
    """Symmetric sparse adjacency (CSR, float, no self-loops) of a networkx graph or a square matrix.

    Directed graphs are symmetrised (a link either way counts); edge weights are kept
    (``weight`` attribute; 1 where absent).

    Examples
    --------
    >>> import networkx as nx
    >>> as_adjacency(nx.path_graph(3)).toarray().tolist()
    [[0.0, 1.0, 0.0], [1.0, 0.0, 1.0], [0.0, 1.0, 0.0]]
    """
    if hasattr(graph, "number_of_nodes"):
        import networkx as nx

        nodes = list(graph.nodes)
        if nodes != list(range(len(nodes))):
            nodes = sorted(nodes)
        a = nx.to_scipy_sparse_array(graph, nodelist=nodes, weight="weight", format="csr").astype(float)
    elif sp.issparse(graph) or isinstance(graph, np.ndarray):
        a = sp.csr_array(graph, dtype=float)
    else:
        raise TypeError(f"graph must be a networkx graph or a square (sparse) matrix; got {type(graph).__name__}")
    if a.shape[0] != a.shape[1]:
        raise ValueError(f"the adjacency matrix must be square; got shape {a.shape}")
    a = a.maximum(a.T).tocsr()
    a.setdiag(0)
    a.eliminate_zeros()
    return sp.csr_array(a)


@dataclass(frozen=True)
class LatentGroupNetwork:
    """A network drawn from :func:`latent_group_model`.

    Attributes
    ----------
    adjacency : scipy.sparse.csr_array, shape (n, n)
    labels : ndarray of int (0/1)
    group : ndarray of int
        Hidden group of each node.
    group_type : ndarray of str
        ``'A'`` or ``'B'``, the type of each group.
    """

    adjacency: sp.csr_array = field(repr=False)
    labels: np.ndarray = field(repr=False)
    group: np.ndarray = field(repr=False)
    group_type: np.ndarray = field(repr=False)

    @property
    def n_nodes(self):
        return self.adjacency.shape[0]

    def __repr__(self):
        return (
            f"LatentGroupNetwork(n_nodes={self.n_nodes}, n_edges={int(self.adjacency.nnz // 2)}, "
            f"n_groups={self.group_type.size}, positive={self.labels.mean():.3f})"
        )


def latent_group_model(
    n_nodes=300,
    *,
    group_size=10,
    p_type_a=0.75,
    p_positive=(0.9, 0.1),
    p_within=(0.6, 0.4),
    p_between=(0.003, 0.013),
    rng=None,
):
    """Draw a network from the latent group model of Neville et al. Section 6.2.

    Nodes fall into ``n_nodes / group_size`` hidden groups (each node joins a group
    uniformly at random, so sizes average ``group_size``); a group is of type A with
    probability ``p_type_a``, else B. A node is positive with probability
    ``p_positive[type]``; two nodes of the same group link with probability
    ``p_within[type]``; a node links to each node outside its group with probability
    ``p_between[its type]``.

    Parameters
    ----------
    n_nodes : int, default 300
    group_size : int, default 10
    p_type_a : float, default 0.75
    p_positive, p_within, p_between : pair of float
        (A, B) values; defaults are the paper's.
    rng : seed or Generator

    Returns
    -------
    LatentGroupNetwork

    Notes
    -----
    The paper gives the between-group link probability of each group type but not what a
    pair of nodes of different types does; here each endpoint proposes the link with its
    own probability and the link exists if either does, :math:`1-(1-p_i)(1-p_j)`.

    Examples
    --------
    >>> net = latent_group_model(300, rng=0)
    >>> net.n_nodes, net.group_type.size
    (300, 30)
    """
    n_nodes = check_positive_int(n_nodes, "n_nodes", minimum=2)
    group_size = check_positive_int(group_size, "group_size")
    p_type_a = float(check_probability(p_type_a, "p_type_a"))
    pos = check_probability(p_positive, "p_positive")
    within = check_probability(p_within, "p_within")
    between = check_probability(p_between, "p_between")
    for name, arr in (("p_positive", pos), ("p_within", within), ("p_between", between)):
        if arr.shape != (2,):
            raise ValueError(f"{name} must be a pair (type A, type B); got {arr.tolist()!r}")
    rng = _rng(rng)
    n_groups = max(1, int(round(n_nodes / group_size)))
    is_b = rng.random(n_groups) >= p_type_a
    group = rng.integers(0, n_groups, size=n_nodes)
    node_b = is_b[group].astype(int)
    labels = (rng.random(n_nodes) < pos[node_b]).astype(np.int64)
    iu, ju = np.triu_indices(n_nodes, k=1)
    same = group[iu] == group[ju]
    p_out_i, p_out_j = between[node_b[iu]], between[node_b[ju]]
    p_link = np.where(same, within[node_b[iu]], 1 - (1 - p_out_i) * (1 - p_out_j))
    keep = rng.random(iu.size) < p_link
    a = sp.coo_array((np.ones(keep.sum()), (iu[keep], ju[keep])), shape=(n_nodes, n_nodes))
    a = sp.csr_array(a + a.T)
    return LatentGroupNetwork(a, labels, group, np.where(is_b, "B", "A"))


# ------------------------------------------------------------ classifiers (Section 6.1)


def _as_network(network):
    """(adjacency, labels) from a network object or an (graph, labels) pair."""
    if hasattr(network, "adjacency") and hasattr(network, "labels"):
        a, y = network.adjacency, network.labels
    elif isinstance(network, (tuple, list)) and len(network) == 2:
        a, y = network
    else:
        raise TypeError("network must have .adjacency and .labels, or be a pair (graph or adjacency, labels)")
    a = as_adjacency(a)
    y = np.asarray(y)
    if y.shape != (a.shape[0],) or not np.isin(y, (0, 1)).all():
        raise ValueError(f"labels must be 0/1, one per node ({a.shape[0]}); got shape {y.shape}")
    return a, y.astype(np.int64)


def _train_matrix(train_mask, n):
    m = np.asarray(train_mask)
    if m.dtype != bool:
        raise TypeError(f"train_mask must be boolean; got dtype {m.dtype}")
    if m.shape[-1] != n or m.ndim not in (1, 2):
        raise ValueError(f"train_mask must have shape (n_nodes,) or (n_splits, n_nodes) with n_nodes={n}; got {m.shape}")
    return np.atleast_2d(m).T  # (n, T)


def relaxation_labeling(update, initial, known, *, n_iter=99, beta=1.0, decay=0.99):
    r"""Relaxation labelling (Macskassy & Provost 2007): simulated annealing of soft labels.

    Starting from ``initial``, repeat ``n_iter`` times
    :math:`p^{(t+1)} = \beta_{t+1} M(p^{(t)}) + (1 - \beta_{t+1})\,p^{(t)}` with
    :math:`\beta_{t+1} = \text{decay}\cdot\beta_t`, :math:`\beta_0 = \text{beta}`, keeping the
    ``known`` entries at their initial values.

    Parameters
    ----------
    update : callable
        ``update(p) -> p_new``, the relational model's estimate from the current ones.
    initial : ndarray
        Initial probabilities (known labels and the prior elsewhere).
    known : ndarray of bool, same shape
    n_iter : int, default 99
    beta, decay : float, defaults 1.0 and 0.99 (Macskassy & Provost's)

    Returns
    -------
    ndarray

    Examples
    --------
    >>> import numpy as np
    >>> p0 = np.array([1.0, 0.5, 0.5, 0.0]); known = np.array([True, False, False, True])
    >>> chain = lambda p: np.array([p[1], (p[0] + p[2]) / 2, (p[1] + p[3]) / 2, p[2]])
    >>> relaxation_labeling(chain, p0, known).round(2).tolist()
    [1.0, 0.67, 0.33, 0.0]
    """
    n_iter = check_positive_int(n_iter, "n_iter", minimum=0)
    initial = np.asarray(initial, dtype=float)
    known = np.broadcast_to(np.asarray(known, dtype=bool), initial.shape)
    p = initial.copy()
    free = (~known).astype(float)
    fixed = np.where(known, initial, 0.0)
    b = float(beta)
    for _ in range(n_iter):
        b *= decay
        new = update(p)
        # p <- known ? initial : b * new + (1 - b) * p, in place
        p *= 1 - b
        new *= b
        p += new
        p *= free
        p += fixed
    return p


def _prior(y, train):
    """Smoothed share of positives among the labelled nodes of each split, shape (T,)."""
    n_lab = train.sum(axis=0)
    return (y @ train + 1.0) / (n_lab + 2.0)


def _start(y, train, prior):
    return np.where(train, y[:, None].astype(float), prior[None, :])


def wvrn(graph, labels, train_mask, *, collective=True, n_iter=99):
    r"""Weighted-vote relational neighbour classifier (Macskassy & Provost), for many splits at once.

    :math:`P(y_i = + \mid N_i) = \frac{1}{Z}\sum_{j \in N_i} w_{ij} P(y_j = +)`; with
    ``collective=True`` the unlabelled nodes' estimates are refined by
    :func:`relaxation_labeling` (starting from the labelled share of positives),
    otherwise only labelled neighbours vote, once. Nodes with no (labelled) neighbour get
    the labelled share of positives (Laplace-smoothed).

    Parameters
    ----------
    graph : networkx graph or (sparse) adjacency matrix
    labels : array_like of 0/1, shape (n,)
        Only the entries of the training nodes are read.
    train_mask : array_like of bool, shape (n,) or (n_splits, n)
    collective : bool, default True
    n_iter : int, default 99

    Returns
    -------
    ndarray, shape like ``train_mask``
        :math:`P(y_i = +)` for every node (labelled nodes keep their label).

    Examples
    --------
    >>> import networkx as nx, numpy as np
    >>> g = nx.path_graph(4)
    >>> wvrn(g, [1, 0, 0, 0], np.array([True, False, False, True]), collective=False).round(2).tolist()
    [1.0, 1.0, 0.0, 0.0]
    """
    a = as_adjacency(graph)
    y = np.asarray(labels).astype(np.int64)
    shape = np.shape(train_mask)
    train = _train_matrix(train_mask, a.shape[0])
    prior = _prior(y, train)
    p0 = _start(y, train, prior)
    if collective:
        deg = np.asarray(a.sum(axis=1)).ravel()[:, None]

        inv_deg = np.where(deg > 0, 1.0 / np.maximum(deg, 1e-300), 0.0)
        isolated = np.where(deg > 0, 0.0, prior[None, :])

        def update(p):
            z = a @ p
            z *= inv_deg
            z += isolated
            return z

        p = relaxation_labeling(update, p0, train, n_iter=n_iter)
    else:
        votes = a @ (train * y[:, None])
        weight = a @ train.astype(float)
        with np.errstate(invalid="ignore", divide="ignore"):
            p = np.where(train, y[:, None], np.where(weight > 0, votes / weight, prior[None, :]))
    return p.T.reshape(shape)


def network_only_bayes(graph, labels, train_mask, *, collective=True, n_iter=99):
    r"""Network-only Bayes classifier (Macskassy & Provost), for many splits at once.

    :math:`P(+ \mid N_i) \propto P(+) \prod_{j \in N_i} P(\tilde y_j \mid +)`, with the
    class prior and the neighbour-class likelihoods :math:`P(c' \mid c)` estimated by
    maximum likelihood (Laplace-smoothed) from the links between labelled nodes of each
    split. Soft neighbour estimates enter as expected counts:
    :math:`\log\text{odds}_i = \log\frac{P(+)}{P(-)} + s_i \log\frac{P(+|+)}{P(+|-)} +
    (d_i - s_i)\log\frac{P(-|+)}{P(-|-)}` with :math:`s_i = \sum_j w_{ij} p_j` and
    :math:`d_i = \sum_j w_{ij}` (over labelled neighbours only when ``collective=False``).

    Parameters and returns as :func:`wvrn`.

    Examples
    --------
    >>> import networkx as nx, numpy as np
    >>> g = nx.complete_bipartite_graph(3, 3)   # every link joins the two classes
    >>> y = np.array([1, 1, 1, 0, 0, 0]); train = np.array([True, True, False, True, True, False])
    >>> (network_only_bayes(g, y, train) > 0.5).astype(int).tolist()
    [1, 1, 1, 0, 0, 0]
    """
    a = as_adjacency(graph)
    y = np.asarray(labels).astype(np.int64)
    shape = np.shape(train_mask)
    train = _train_matrix(train_mask, a.shape[0])
    prior = _prior(y, train)
    pos = (train & (y[:, None] == 1)).astype(float)
    neg = (train & (y[:, None] == 0)).astype(float)
    a_pos, a_neg = a @ pos, a @ neg
    c_pp = (pos * a_pos).sum(axis=0)
    c_pn = (pos * a_neg).sum(axis=0)
    c_nn = (neg * a_neg).sum(axis=0)
    p_pp = (c_pp + 1) / (c_pp + c_pn + 2)  # P(neighbour + | node +)
    p_pn = (c_pn + 1) / (c_pn + c_nn + 2)  # P(neighbour + | node -)
    w_pos = np.log(p_pp / p_pn)[None, :]
    w_neg = np.log((1 - p_pp) / (1 - p_pn))[None, :]
    base = np.log(prior / (1 - prior))[None, :]
    if collective:
        deg = np.asarray(a.sum(axis=1)).ravel()[:, None]

        offset = base + deg * w_neg
        slope = w_pos - w_neg

        def update(p):
            z = a @ p
            z *= slope
            z += offset
            return special.expit(z, out=z)

        p = relaxation_labeling(update, _start(y, train, prior), train, n_iter=n_iter)
    else:
        s = a_pos
        d = a_pos + a_neg
        p = np.where(train, y[:, None], special.expit(base + s * w_pos + (d - s) * w_neg))
    return p.T.reshape(shape)


def perturb_predictions(prob, rate, *, rng=None, uniforms=None):
    """Handicap a classifier: move a random share ``rate`` of its predictions to the opposite class.

    Each prediction is selected independently with probability ``rate`` and its
    probability ``p`` replaced by ``1 - p`` (Neville et al. Section 6.3, "perturbing those
    probabilities toward the opposite class").

    Parameters
    ----------
    prob : array_like
    rate : float in [0, 1]
    rng : seed or Generator
    uniforms : array_like, optional
        The uniform draws to select with (``u < rate``), for common random numbers across rates.

    Examples
    --------
    >>> import numpy as np
    >>> perturb_predictions(np.array([0.9, 0.8, 0.2]), 0.5, uniforms=[0.1, 0.7, 0.3]).round(2).tolist()
    [0.1, 0.8, 0.8]
    """
    p = np.asarray(prob, dtype=float)
    rate = float(check_probability(rate, "rate"))
    u = _rng(rng).random(p.shape) if uniforms is None else np.asarray(uniforms, dtype=float)
    if u.shape != p.shape:
        raise ValueError(f"uniforms must have the shape of prob {p.shape}; got {u.shape}")
    return np.where(u < rate, 1 - p, p)


# ----------------------------------------------------- correlation over links (Table 5)


def _link_phi(a, x, mask):
    """Pearson correlation of ``x`` over ordered linked pairs with both ends in ``mask``; columns = cases."""
    m = mask.astype(float)
    xm = x * m
    pairs = (m * (a @ m)).sum(axis=0)
    sx = (xm * (a @ m)).sum(axis=0)
    sxx = (xm * (a @ xm)).sum(axis=0)
    sx2 = (xm * x * (a @ m)).sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = sx / pairs
        var = sx2 / pairs - mean**2
        r = (sxx / pairs - mean**2) / var
    r[~np.isfinite(r) | (pairs == 0)] = np.nan
    return r


def error_correlation(graph, errors, mask=None):
    r"""Correlation of 0-1 errors over linked pairs of evaluated nodes (the paper's :math:`\phi`).

    The Pearson correlation (phi coefficient for 0/1 values) of ``errors[i]`` and
    ``errors[j]`` over all ordered pairs ``(i, j)`` of linked nodes that are both in
    ``mask`` (each undirected link counted both ways; weights ignored).

    Parameters
    ----------
    graph : networkx graph or (sparse) adjacency
    errors : array_like, shape (n,) or (n_cases, n)
        1 where a node is misclassified, 0 where it is right.
    mask : array_like of bool, same shape, optional
        The nodes evaluated (e.g. the test set); default all.

    Returns
    -------
    float or ndarray of shape (n_cases,)
        NaN where undefined (no linked pair, or constant errors).

    Examples
    --------
    >>> import networkx as nx
    >>> round(error_correlation(nx.path_graph(6), [1, 1, 1, 0, 0, 0]), 3)
    0.6
    """
    a = as_adjacency(graph)
    a.data[:] = 1.0
    x = np.asarray(errors, dtype=float)
    one = x.ndim == 1
    x = np.atleast_2d(x)
    if x.shape[-1] != a.shape[0]:
        raise ValueError(f"errors must have {a.shape[0]} entries per case (one per node); got shape {x.shape}")
    m = np.ones_like(x, dtype=bool) if mask is None else np.broadcast_to(np.atleast_2d(np.asarray(mask, dtype=bool)), x.shape)
    r = _link_phi(a, x.T, m.T)
    return float(r[0]) if one else r


#: Neville et al. Table 5: (data set, task) -> (error correlation, label autocorrelation).
PAPER_TABLE_5 = {
    ("Enron email", "Executive?"): (0.18, 0.17),
    ("Citeseer", "Neural nets?"): (0.23, 0.59),
    ("Political books", "Neutral?"): (0.25, 0.22),
    ("Cora", "Info. retrieval?"): (0.28, 0.61),
    ("Reality mining", "In study?"): (0.32, 0.79),
    ("Reality mining", "Student?"): (0.52, 0.91),
}


def error_correlation_study(graph, labels, *, prop_labeled=(0.1, 0.3, 0.5, 0.7, 0.9), n_splits=10, rng=None):
    """Error correlation of within-network classifiers on a labelled network (Neville et al. Table 5).

    For each proportion labelled, ``n_splits`` random labelled sets; wvRN and the
    network-only Bayes classifier, each with and without collective inference (relaxation
    labelling), predict the other nodes; the phi coefficient of their 0-1 errors over
    linked pairs of unlabelled nodes (:func:`error_correlation`) is averaged over splits.

    Parameters
    ----------
    graph : networkx graph or (sparse) adjacency
    labels : array_like of 0/1, shape (n,)
    prop_labeled : sequence of float
    n_splits : int, default 10
    rng : seed or Generator

    Returns
    -------
    dict
        ``'mean'``: the average over classifiers and proportions (the paper's number);
        ``'cells'``: list of dicts (model, collective, prop_labeled, error_correlation, accuracy).

    Examples
    --------
    >>> net = latent_group_model(300, rng=0)
    >>> res = error_correlation_study(net.adjacency, net.labels, n_splits=3, rng=0)
    >>> len(res["cells"]), 0 < res["mean"] < 1
    (20, True)
    """
    a = as_adjacency(graph)
    y = np.asarray(labels)
    if y.shape != (a.shape[0],) or not np.isin(y, (0, 1)).all():
        raise ValueError(f"labels must be 0/1, one per node ({a.shape[0]}); got shape {y.shape}")
    y = y.astype(np.int64)
    n_splits = check_positive_int(n_splits, "n_splits")
    rng = _rng(rng)
    binary = _binary(a)
    cells = []
    for prop in np.atleast_1d(prop_labeled):
        train, _ = network_split_masks("rrs", a.shape[0], n_splits=max(n_splits, 2), prop_labeled=float(prop), rng=rng)
        train = train[0, :n_splits].T
        for collective in (False, True):
            for model, fn in (("wvrn", wvrn), ("nbc", network_only_bayes)):
                prob = fn(a, y, train.T, collective=collective).T
                correct = _correct(prob, y, train)
                with _quiet_nanmean():
                    phi = float(np.nanmean(_link_phi(binary, (~correct).astype(float), ~train)))
                cells.append({"model": model, "collective": collective, "prop_labeled": float(prop),
                              "error_correlation": phi, "accuracy": float(_accuracy(correct, ~train).mean())})
    with _quiet_nanmean():
        mean = float(np.nanmean([c["error_correlation"] for c in cells]))
    return {"mean": mean, "cells": cells}


def label_autocorrelation(graph, labels):
    """Relational autocorrelation of a binary label: its correlation across linked nodes.

    The Pearson correlation of ``labels[i]`` and ``labels[j]`` over ordered linked pairs
    (Jensen & Neville's relational autocorrelation for a binary class); nodes with a
    negative label (unknown) are left out. Equals networkx's
    ``numeric_assortativity_coefficient`` on the labelled subgraph.

    Examples
    --------
    >>> import networkx as nx
    >>> round(label_autocorrelation(nx.path_graph(6), [1, 1, 1, 0, 0, -1]), 3)
    0.5
    """
    y = np.asarray(labels)
    if y.ndim != 1:
        raise ValueError(f"labels must be 1-D; got shape {y.shape}")
    known = y >= 0
    if not np.isin(y[known], (0, 1)).all():
        raise ValueError("labels must be 0/1 (negative for unknown); binarise a multi-class label first")
    return error_correlation(graph, np.where(known, y, 0), known)


# ------------------------------------------------- calibrated comparison (Sections 6, 7)

_MODELS = ("wvrn", "nbc")


def _predict(a, y, train, collective=True):
    """P(+) of both models, shape (n, T) each."""
    return {
        "wvrn": wvrn(a, y, train.T, collective=collective).T,
        "nbc": network_only_bayes(a, y, train.T, collective=collective).T,
    }


def _correct(prob, y, train):
    """1 where the prediction (P(+) > 1/2; ties to the labelled majority) is right, shape (n, T)."""
    majority = (y @ train) * 2 >= train.sum(axis=0)
    pred = np.where(prob == 0.5, majority[None, :], prob > 0.5)
    return pred == y[:, None].astype(bool)


def _accuracy(correct, test):
    return (correct & test).sum(axis=0) / test.sum(axis=0)


@dataclass(frozen=True)
class CalibrationResult:
    """Result of :func:`calibrate_handicap`.

    Attributes
    ----------
    handicapped : str
        The better model before the handicap (``'wvrn'`` or ``'nbc'``).
    rate : float
        Share of its predictions to perturb.
    accuracy : dict
        Mean test accuracy of each model on the calibration splits, before the handicap.
    difference : float
        Mean accuracy of the handicapped model minus the other's, after the handicap.
    n_splits : int
    """

    handicapped: str
    rate: float
    accuracy: dict
    difference: float
    n_splits: int

    def gap(self, worse_rate):
        """Expected accuracy gap (handicapped minus other) when the other model is perturbed by ``worse_rate``.

        Uses the linear effect of random flips on accuracy, :math:`acc - r(2acc - 1)`.
        """
        other = next(m for m in _MODELS if m != self.handicapped)
        acc_h = self.accuracy[self.handicapped]
        acc_o = self.accuracy[other]
        return (acc_h - self.rate * (2 * acc_h - 1)) - (acc_o - worse_rate * (2 * acc_o - 1))


def calibrate_handicap(networks, prop_labeled, *, n_repeats=1, n_folds=10, tolerance=0.005, rng=None):
    """Find the handicap that makes wvRN and nBC equally accurate (Neville et al. Section 6.3).

    Both models run on ``n_repeats`` network cross-validations of every calibration
    network; the better one's predictions are then perturbed
    (:func:`perturb_predictions`) at the smallest rate whose mean accuracy difference on
    those splits is within ``tolerance`` (searched exactly over the perturbation draws).

    Parameters
    ----------
    networks : sequence of networks
        Each with ``.adjacency`` and ``.labels`` (0/1), or a pair ``(graph, labels)``.
    prop_labeled : float
    n_repeats : int, default 1
        NCV repetitions per network (the paper: 1 on 50 synthetic networks, 10 on 5 real ones).
    n_folds : int, default 10
    tolerance : float, default 0.005
    rng : seed or Generator

    Returns
    -------
    CalibrationResult

    Examples
    --------
    >>> nets = [latent_group_model(300, rng=s) for s in range(3)]
    >>> cal = calibrate_handicap(nets, 0.3, rng=0)
    >>> cal.handicapped in ("wvrn", "nbc"), abs(cal.difference) <= 0.005
    (True, True)
    """
    rng = _rng(rng)
    correct = {m: [] for m in _MODELS}
    tests = []
    for network in networks:
        a, y = _as_network(network)
        train, test = network_split_masks("ncv", a.shape[0], n_splits=n_folds, prop_labeled=prop_labeled,
                                          n_repeats=n_repeats, rng=rng)
        train = train.reshape(-1, a.shape[0]).T
        test = test.reshape(-1, a.shape[0]).T
        probs = _predict(a, y, train)
        for m in _MODELS:
            correct[m].append(np.where(test, _correct(probs[m], y, train), False))
        tests.append(test)
    n_split_total = sum(t.shape[1] for t in tests)
    if n_split_total == 0:
        raise ValueError("networks must hold at least one network")
    test_sizes = np.concatenate([t.sum(axis=0) for t in tests])
    acc = {m: float(np.mean(np.concatenate([(c.sum(axis=0)) for c in correct[m]]) / test_sizes)) for m in _MODELS}
    better = max(_MODELS, key=lambda m: acc[m])
    other = next(m for m in _MODELS if m != better)
    # Exact accuracy of the better model as the rate grows: a flipped prediction changes
    # correctness; draw one uniform per test prediction and sort.
    weights, deltas, u = [], [], []
    offset = 0
    for c, t in zip(correct[better], tests):
        cols = np.nonzero(t)
        w = 1.0 / (t.sum(axis=0)[cols[1]] * n_split_total)
        weights.append(w)
        deltas.append(np.where(c[cols], -w, w))
        u.append(rng.random(w.size))
        offset += t.shape[1]
    u = np.concatenate(u)
    order = np.argsort(u)
    curve = acc[better] + np.concatenate([[0.0], np.cumsum(np.concatenate(deltas)[order])])
    gaps = curve - acc[other]
    ok = np.flatnonzero(np.abs(gaps) <= tolerance)
    idx = int(ok[0]) if ok.size else int(np.argmin(np.abs(gaps)))
    rate = 0.0 if idx == 0 else float(u[order][idx - 1])
    return CalibrationResult(better, rate, acc, float(gaps[idx]), n_split_total)


@dataclass(frozen=True)
class ComparisonTrials:
    """Accuracies of the two models over repeated trials (:func:`compare_classifiers`).

    Attributes
    ----------
    procedure : str
    accuracy_a, accuracy_b : ndarray, shape (n_trials, n_samples)
        Model A is the handicapped (calibrated) one, B the other.
    models : tuple of str
        Names of A and B.
    error_correlation : float
        Mean phi of the 0-1 errors over linked test pairs (both models, all splits).
    """

    procedure: str
    accuracy_a: np.ndarray = field(repr=False)
    accuracy_b: np.ndarray = field(repr=False)
    models: tuple
    error_correlation: float

    def rejection_rate(self, test="paired", alpha=0.05):
        """Share of trials where the t test finds the models different."""
        check_choice(test, "test", ("paired", "unpaired"))
        return float(t_test_rejections(self.accuracy_a, self.accuracy_b, paired=test == "paired", alpha=alpha).mean())

    @property
    def mean_difference(self):
        return float((self.accuracy_a - self.accuracy_b).mean())


def compare_classifiers(network, calibration, *, procedure, prop_labeled, n_trials=100, n_samples=10,
                        worse_rate=0.0, rng=None):
    """Run the calibrated wvRN-vs-nBC comparison of Neville et al. Section 6.4 on one network.

    Each trial samples the network ``n_samples`` times (``'rrs'``: repeated random
    sampling, test = every unlabelled node; ``'ncv'``: ``n_samples``-fold network
    cross-validation, test = one fold, collective inference over every unlabelled node),
    runs both models with relaxation labelling, perturbs the calibrated model's
    predictions at ``calibration.rate`` and the other's at ``worse_rate`` (power
    experiments), and records each model's test accuracy. All trials run at once.

    Returns
    -------
    ComparisonTrials

    Examples
    --------
    >>> nets = [latent_group_model(300, rng=s) for s in range(3)]
    >>> cal = calibrate_handicap(nets[1:], 0.3, rng=0)
    >>> res = compare_classifiers(nets[0], cal, procedure="ncv", prop_labeled=0.3, n_trials=20, rng=1)
    >>> res.accuracy_a.shape, 0 <= res.rejection_rate("unpaired") <= 1
    ((20, 10), True)
    """
    check_choice(procedure, "procedure", ("rrs", "ncv"))
    if not isinstance(calibration, CalibrationResult):
        raise TypeError("calibration must be the CalibrationResult of calibrate_handicap")
    n_trials = check_positive_int(n_trials, "n_trials")
    n_samples = check_positive_int(n_samples, "n_samples", minimum=2)
    worse_rate = float(check_probability(worse_rate, "worse_rate"))
    rng = _rng(rng)
    a, y = _as_network(network)
    n = a.shape[0]
    train, test = network_split_masks(procedure, n, n_splits=n_samples, prop_labeled=prop_labeled,
                                      n_repeats=n_trials, rng=rng)
    train = train.reshape(-1, n).T
    test = test.reshape(-1, n).T
    probs = _predict(a, y, train)
    first = calibration.handicapped
    second = next(m for m in _MODELS if m != first)
    acc, phis = {}, []
    for m, rate in ((first, calibration.rate), (second, worse_rate)):
        p = perturb_predictions(probs[m], rate, rng=rng)
        correct = _correct(p, y, train)
        acc[m] = _accuracy(correct, test).reshape(n_trials, n_samples)
        phis.append(_link_phi(_binary(a), (~correct).astype(float), test))
    with _quiet_nanmean():
        phi = float(np.nanmean(np.concatenate(phis)))
    return ComparisonTrials(procedure, acc[first], acc[second], (first, second), phi)


def _binary(a):
    b = a.copy()
    b.data[:] = 1.0
    return b


def within_network_study(networks, calibration_networks, *, prop_labeled, procedures=("rrs", "ncv"),
                         worse_rates=(0.0,), n_trials=100, n_samples=10, calibration_repeats=1,
                         alpha=0.05, rng=None, progress=False):
    """Type I error (and power) of RS/NCV x paired/unpaired t tests, Neville et al. Sections 6-7.

    For each proportion labelled: calibrate the handicap on ``calibration_networks``
    (:func:`calibrate_handicap`), then on each evaluation network and for each procedure
    and perturbation rate of the worse model run :func:`compare_classifiers`.

    Parameters
    ----------
    networks : sequence of networks
        Evaluation networks (the paper: 4 synthetic; or one held-out real network).
    calibration_networks : sequence of networks
    prop_labeled : float or sequence of float
    procedures : tuple of {'rrs', 'ncv'}
    worse_rates : sequence of float
        0 measures Type I error; positive rates widen the gap (power).
    n_trials, n_samples, calibration_repeats : int
    alpha : float
    rng : seed or Generator
    progress : bool

    Returns
    -------
    list of dict
        One row per (proportion, worse rate, network, procedure) with the rejection rates of
        the paired and the unpaired t test, the mean accuracy difference on the trials and on
        the calibration set, the handicap and the error correlation.
    """
    props = np.atleast_1d(np.asarray(prop_labeled, dtype=float))
    rng = _rng(rng)
    networks = list(networks)
    cells = [(p, r) for p in props for r in worse_rates]
    iterator = cells
    if progress:
        from tqdm.auto import tqdm

        iterator = tqdm(cells, desc="labelling levels x rates", leave=False)
    rows, calibrations = [], {}
    for prop, rate in iterator:
        if prop not in calibrations:
            calibrations[prop] = calibrate_handicap(calibration_networks, prop, n_repeats=calibration_repeats, rng=rng)
        cal = calibrations[prop]
        for i, net in enumerate(networks):
            for proc in procedures:
                res = compare_classifiers(net, cal, procedure=proc, prop_labeled=prop, n_trials=n_trials,
                                          n_samples=n_samples, worse_rate=rate, rng=rng)
                rows.append({
                    "prop_labeled": float(prop), "worse_rate": float(rate), "network": i, "procedure": proc,
                    "paired": res.rejection_rate("paired", alpha), "unpaired": res.rejection_rate("unpaired", alpha),
                    "mean_difference": res.mean_difference, "calibration_gap": float(cal.gap(rate)),
                    "handicapped": cal.handicapped, "handicap": cal.rate,
                    "error_correlation": res.error_correlation,
                })
    return rows


# ------------------------------------------------------------------ real networks


def disjoint_subnetworks(graph, labels, n_parts, *, rng=None):
    """Cut a network into ``n_parts`` disjoint subnetworks that keep most of their links.

    Louvain communities (networkx) are packed, largest first, into the currently
    smallest part; each part is the subgraph its nodes induce (links between parts are
    dropped). The stand-in, on data we have, for the paper's several networks drawn from
    one domain.

    Returns
    -------
    list of (scipy.sparse.csr_array, ndarray)
        Adjacency and labels of each part.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.connected_caveman_graph(6, 5)
    >>> parts = disjoint_subnetworks(g, [0, 1] * 15, 3, rng=0)
    >>> [a.shape[0] for a, _ in parts]
    [10, 10, 10]
    """
    import networkx as nx

    n_parts = check_positive_int(n_parts, "n_parts")
    a = as_adjacency(graph)
    y = np.asarray(labels)
    if y.shape != (a.shape[0],):
        raise ValueError(f"labels must have one entry per node ({a.shape[0]}); got shape {y.shape}")
    seed = int(_rng(rng).integers(2**31))
    communities = nx.community.louvain_communities(nx.from_scipy_sparse_array(a), seed=seed)
    communities = sorted((sorted(c) for c in communities), key=len, reverse=True)
    if len(communities) < n_parts:
        raise ValueError(f"the network has only {len(communities)} communities; ask for at most that many parts")
    parts = [[] for _ in range(n_parts)]
    for c in communities:
        min(parts, key=len).extend(c)
    out = []
    for nodes in parts:
        idx = np.sort(np.array(nodes))
        out.append((sp.csr_array(a[idx][:, idx]), y[idx]))
    return out
