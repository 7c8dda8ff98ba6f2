"""Group-based simulated classifiers and their Type I error study (Neville et al. Section 5).

:func:`group_error_probabilities` and :func:`group_based_classification` are the simulated
classifiers of Table 7; :func:`simulate_group_type1_error` runs the Type I error study of
Table 6 for one resampling procedure, :func:`simulate_group_type1_grid` over the grids of
Fig. 2. Two variants the paper mentions but does not show: groups of skewed sizes
(:func:`skewed_group_weights`, passed as ``group_weights``) and a group-free set-up in
the spirit of Dietterich (1998), where each instance's errors belong to the sample
(:func:`simulate_instance_type1_error`).
"""
from __future__ import annotations

from dataclasses import field

import numpy as np

from .._checks import Array, Choice, Either, Integer, Real, Values, checks
from .._parallel import parallel_map, progress_bar
from .._results import result
from .._validation import check_positive_int
from ..resampling import network_split_masks
from ..stats import t_test_rejections
from . import _common as _c

__all__ = [
    "GroupSimulationResult",
    "group_based_classification",
    "group_error_probabilities",
    "simulate_group_type1_error",
    "simulate_group_type1_grid",
    "simulate_instance_type1_error",
    "skewed_group_weights",
]


_PROCEDURE = Choice("rrs", "ers", "ncv")
_TEST = Choice("paired", "unpaired")
_FORMULA = Choice("corrected", "printed")
#: one proportion labelled, or a 1-D sequence of them, each in (0, 1)
_PROPS = Either(Real(0, 1, closed="neither"), Array(ndim=1, low=0, high=1, closed="neither"))


@checks(p_err=Either(Real(0, 1, closed="left"), Array(low=0, high=1, closed="left")),
        err_corr=Either(Real(0, 1), Array(low=0, high=1)), formula=_FORMULA)
def group_error_probabilities(p_err, err_corr, *, formula="corrected"):
    r"""Misclassification probabilities of the group-based simulated classifier (Table 7).

    :math:`P(MG) = P(err) + errCorr\,(1 - P(err))` for instances of the groups chosen for
    misclassification, and for all other instances

    - ``formula='corrected'``: :math:`P(MG') = P(err)\,(1 - P(MG)) / (1 - P(err))`, which
      makes the overall error rate :math:`P(err)` when a share :math:`P(err)` of the
      instances is in the chosen groups;
    - ``formula='printed'``: the paper's :math:`P(MG') = P(err) + (1 - P(MG)) / (1 - P(err))`,
      which does not (and can exceed 1).

    Parameters
    ----------
    p_err : float or array_like, in [0, 1)
        The classifier's overall error rate :math:`P(err)`.
    err_corr : float or array_like, in [0, 1]
        The error correlation parameter :math:`errCorr`.
    formula : {'corrected', 'printed'}, default 'corrected'
        Which expression of :math:`P(MG')` to use (see above).

    Returns
    -------
    p_mg : float or ndarray
        Misclassification probability in the chosen groups, :math:`P(MG)`.
    p_other : float or ndarray
        Misclassification probability elsewhere, :math:`P(MG')`.

    Examples
    --------
    >>> [round(float(v), 3) for v in group_error_probabilities(0.1, 0.9)]
    [0.91, 0.01]
    >>> [round(float(v), 3) for v in group_error_probabilities(0.1, 0.9, formula="printed")]
    [0.91, 0.2]
    """
    p = np.asarray(p_err, dtype=float)
    e = np.asarray(err_corr, dtype=float)
    p_mg = p + e * (1 - p)
    if formula == "corrected":
        p_other = p * (1 - p_mg) / (1 - p)
    else:
        p_other = p + (1 - p_mg) / (1 - p)
    return _c.scalar(p_mg), _c.scalar(p_other)


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


@checks(n_groups=Integer(2), exponent=Real(0))
def skewed_group_weights(n_groups=10, *, exponent=1.0):
    """Group probabilities of a skewed (Zipf) group-size distribution, the same in both halves.

    Within each half of the groups the ``r``-th group has probability proportional to
    :math:`r^{-s}` (``s = exponent``); each half has total probability 1/2. Classifier A errs
    on groups of the first half and B on the second (Table 7), so equal halves keep their
    error rates equal -- the null hypothesis the Type I error study needs.

    Parameters
    ----------
    n_groups : int, default 10
        Even number of groups.
    exponent : float, default 1.0
        0 gives equal sizes; larger values skew more.

    Returns
    -------
    ndarray, shape (n_groups,)
        The probability of each group (they sum to 1).

    Examples
    --------
    >>> skewed_group_weights(4).round(4).tolist()
    [0.3333, 0.1667, 0.3333, 0.1667]
    """
    n_groups = int(n_groups)
    if n_groups % 2:
        raise ValueError(f"n_groups must be even (classifier A errs on the first half, B on the second); got {n_groups}")
    exponent = float(exponent)
    half = np.arange(1, n_groups // 2 + 1, dtype=float) ** -exponent
    half /= 2 * half.sum()
    return np.concatenate([half, half])


def _check_group_weights(weights, n_groups):
    if weights is None:
        return None
    w = np.asarray(weights, dtype=float)
    if w.shape != (n_groups,) or not np.all(np.isfinite(w)) or (w < 0).any() or w.sum() <= 0:
        raise ValueError(f"group_weights must be {n_groups} non-negative numbers (one per group); got {weights!r}")
    w = w / w.sum()
    half = n_groups // 2
    if not np.isclose(w[:half].sum(), 0.5, atol=1e-9):
        raise ValueError(
            f"group_weights must give both halves of the groups the same total ({w[:half].sum():.4g} vs "
            f"{w[half:].sum():.4g} here): A errs on the first half and B on the second, so unequal halves "
            f"would give them different error rates and the null hypothesis would be false"
        )
    return w


def _check_design(procedure, test, prop_labeled, n_instances, n_resamples, n_folds, n_trials, n_simulations):
    """The design of a Type I error simulation (both kinds of simulated classifier), as checked by the callers."""
    props = np.atleast_1d(np.asarray(prop_labeled, dtype=float))
    return props, int(n_instances), int(n_resamples), int(n_folds), int(n_trials), int(n_simulations)


@checks(group_counts=Array(kind="count"), p_err=Real(0, 1, closed="left"), err_corr=Real(0, 1), formula=_FORMULA)
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
    p_err : float
        The classifiers' error rate, at most 1/2 (of the groups each may err on).
    err_corr : float
        The error correlation parameter.
    formula : {'corrected', 'printed'}
        See :func:`group_error_probabilities`.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts).

    Returns
    -------
    errors_a : ndarray of int, shape (..., n_groups)
        Misclassified test instances of each group, for A.
    errors_b : ndarray of int, shape (..., n_groups)
        The same for B.

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
    rng = _c.rng(rng)
    half = n_groups // 2
    lead = counts.shape[:-1]
    out = []
    for offset in (0, half):
        ranks = np.argsort(np.argsort(rng.random(lead + (half,)), axis=-1), axis=-1)
        chosen = np.zeros(lead + (n_groups,), dtype=bool)
        chosen[..., offset : offset + half] = ranks < m
        out.append(rng.binomial(counts, np.where(chosen, p_mg, p_other)))
    return out[0], out[1]


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
    with np.errstate(invalid="ignore"), _c.quiet_nanmean():
        return np.nanmean(phi, axis=-1)


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
                  test, alpha, formula, weights, seed, batch):
    rng = _c.rng(seed)

    def draw_groups(size):
        if weights is None:
            return rng.integers(0, n_groups, size=(size, n_instances))
        return rng.choice(n_groups, size=(size, n_instances), p=weights)

    reject = np.zeros(len(props))
    phi_sum = np.zeros(len(props))
    phi_count = np.zeros(len(props))
    for start in range(0, n_trials, batch):
        size = min(batch, n_trials - start)
        ncv_counts = None
        for j, prop in enumerate(props):
            if procedure == "ncv":
                if ncv_counts is None:  # NCV: the same sample and folds for every proportion
                    labels = draw_groups(size)
                    ncv_counts = _fold_group_counts("ncv", labels, n_groups, prop, n_resamples, n_folds, rng)
                counts = ncv_counts
            else:
                labels = draw_groups(size)
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


# error_correlation: phi in [-1, 1], NaN where undefined (and everywhere for the group-free set-up)
@checks(procedure=_PROCEDURE, prop_labeled=Array(ndim=1, low=0, high=1, closed="neither"),
        rejection_rate=Array(ndim=2, low=0, high=1), error_correlation=Array(ndim=2, kind="any"),
        p_err=Real(0, 1), err_corr=Real(0, 1, allow_nan=True), test=_TEST, n_trials=Integer(1))
@result
class GroupSimulationResult:
    """Result of :func:`simulate_group_type1_error` (and :func:`simulate_instance_type1_error`).

    Parameters
    ----------
    procedure : str
        The resampling procedure, ``'rrs'``, ``'ers'`` or ``'ncv'``.
    prop_labeled : ndarray, shape (P,)
        The proportions labelled.
    rejection_rate : ndarray, shape (n_simulations, P)
        Share of trials whose test rejected (all are Type I errors: A and B have equal
        error rates by construction).
    error_correlation : ndarray, shape (n_simulations, P)
        Mean measured phi coefficient of the errors of instances in the same group
        (NaN where undefined).
    p_err : float
        The simulated classifiers' error rate.
    err_corr : float
        Their error correlation parameter (NaN without groups).
    test : str
        ``'paired'`` or ``'unpaired'`` t test.
    n_trials : int
        Trials per simulation.

    Examples
    --------
    >>> res = simulate_group_type1_error("ncv", prop_labeled=0.5, n_trials=50, n_simulations=2, rng=0)
    >>> res.procedure, res.rejection_rate.shape, res.type1_error.shape
    ('ncv', (2, 1), (1,))
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
        with _c.quiet_nanmean():
            return np.nanmean(self.error_correlation, axis=0)


@checks(procedure=_PROCEDURE, prop_labeled=_PROPS, p_err=Real(0, 1, closed="left"), err_corr=Real(0, 1),
        n_instances=Integer(2), n_groups=Integer(2), n_resamples=Integer(2), n_folds=Integer(2), n_trials=Integer(1),
        n_simulations=Integer(1), test=_TEST, alpha=Real(0, 1, closed="neither"), formula=_FORMULA,
        group_weights=Array(ndim=1, low=0, none=True))
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
    group_weights=None,
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
        The resampling procedure.
    prop_labeled : float or sequence of float
        Proportion(s) of the sample labelled, in (0, 1).
    p_err : float
        The simulated classifiers' error rate.
    err_corr : float
        Their error correlation parameter.
    n_instances : int
        Sample size.
    n_groups : int
        Number of groups (even).
    n_resamples : int
        Test sets of RRS and ERS.
    n_folds : int
        Folds of NCV.
    n_trials : int
        Trials per simulation (the paper: 1000).
    n_simulations : int
        Simulations (the paper: 10).
    test : {'paired', 'unpaired'}
        The t test.
    alpha : float, default 0.05
        Significance level.
    formula : {'corrected', 'printed'}
        See :func:`group_error_probabilities`.
    group_weights : array_like, shape (n_groups,), optional
        Probability of each group (default: uniform, the paper's "assigning one of 10 groups
        to each instance uniformly at random"); both halves must weigh the same, e.g.
        :func:`skewed_group_weights` for the paper's "skewed group-size distribution".
    n_jobs : int or None, default None
        Parallel jobs over the simulations (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. Each
        simulation has its own seed, so the result does not depend on it.
    progress : bool
        Progress bar over the simulations.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts).

    Returns
    -------
    GroupSimulationResult
        Rejection rates and measured error correlations, per simulation and proportion.

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
    props, n_instances, n_resamples, n_folds, n_trials, n_simulations = _check_design(
        procedure, test, prop_labeled, n_instances, n_resamples, n_folds, n_trials, n_simulations)
    n_groups, _ = _check_groups(n_groups, p_err)
    weights = _check_group_weights(group_weights, n_groups)
    p_mg, p_other = group_error_probabilities(p_err, err_corr, formula=formula)
    if not 0 <= p_other <= 1:
        raise ValueError(f"with formula={formula!r}, P(MG')={p_other:.4g} is not a probability")
    seeds = _c.rng(rng).spawn(n_simulations)
    args = (procedure, props, float(p_err), float(err_corr), n_instances, n_groups, n_resamples, n_folds,
            n_trials, test, alpha, formula, weights)
    batch = 500
    rows = parallel_map(_simulate_one, [(*args, seed, batch) for seed in seeds], n_jobs=n_jobs,
                        progress=progress, desc=f"{procedure} simulations", leave=False)
    return GroupSimulationResult(
        procedure, props, np.array([r[0] for r in rows]), np.array([r[1] for r in rows]),
        float(p_err), float(err_corr), test, n_trials,
    )


def _simulate_instances_one(procedure, props, p_err, n_instances, n_resamples, n_folds, n_trials, test, alpha,
                            seed, batch):
    rng = _c.rng(seed)
    reject = np.zeros(len(props))
    for start in range(0, n_trials, batch):
        size = min(batch, n_trials - start)
        ncv_test = None
        for j, prop in enumerate(props):
            if procedure == "ncv":
                if ncv_test is None:  # the same sample and folds for every proportion
                    errors = (rng.random((2, size, n_instances)) < p_err).astype(np.float32)
                    _, ncv_test = network_split_masks("ncv", n_instances, n_splits=n_folds, prop_labeled=0.5,
                                                      n_repeats=size, rng=rng)
                test_sets = ncv_test
            else:
                errors = (rng.random((2, size, n_instances)) < p_err).astype(np.float32)
                _, test_sets = network_split_masks(procedure, n_instances, n_splits=n_resamples, prop_labeled=prop,
                                                   n_repeats=size, rng=rng)
            masks = test_sets.astype(np.float32)
            size_test = masks.sum(axis=-1)
            rate_a = np.matmul(masks, errors[0][:, :, None])[..., 0] / size_test
            rate_b = np.matmul(masks, errors[1][:, :, None])[..., 0] / size_test
            reject[j] += t_test_rejections(rate_a, rate_b, paired=(test == "paired"), alpha=alpha).sum()
    return reject / n_trials


@checks(procedure=_PROCEDURE, prop_labeled=_PROPS, p_err=Real(0, 1, closed="neither"), n_instances=Integer(2),
        n_resamples=Integer(2), n_folds=Integer(2), n_trials=Integer(1), n_simulations=Integer(1), test=_TEST,
        alpha=Real(0, 1, closed="neither"))
def simulate_instance_type1_error(
    procedure,
    *,
    prop_labeled=(0.1, 0.3, 0.5, 0.7, 0.9),
    p_err=0.1,
    n_instances=300,
    n_resamples=30,
    n_folds=10,
    n_trials=1000,
    n_simulations=10,
    test="paired",
    alpha=0.05,
    n_jobs=None,
    progress=False,
    rng=None,
):
    """Type I error of a resampling procedure without groups: errors that belong to the sample.

    Neville et al. (Section 5) say their simulation "preserves the basic structure of
    Dietterich's [1998], but introduces a group-based model", and that "Dietterich's
    original procedure" gave qualitatively similar results, without describing it. This is
    the group-free set-up in that spirit: each trial draws a sample of ``n_instances``
    independent instances, each misclassified by A and, independently, by B with
    probability ``p_err``; those errors are fixed for the sample (what two trained
    classifiers would do on it), and every test set of the procedure reads its error rates
    from them. A and B have the same error rate on the population, so every rejection is a
    Type I error. Overlapping test sets (RRS, ERS) see the same sample's chance difference
    again and again; NCV's disjoint folds do not.

    Parameters
    ----------
    procedure : {'rrs', 'ers', 'ncv'}
        The resampling procedure.
    prop_labeled : float or sequence of float
        Test sets are ``1 - prop_labeled`` of the sample (RRS and ERS); NCV's folds do not
        depend on it.
    p_err : float in (0, 1)
        Error rate of both classifiers.
    n_instances : int
        Sample size.
    n_resamples : int
        Test sets of RRS and ERS.
    n_folds : int
        Folds of NCV.
    n_trials : int
        Trials per simulation.
    n_simulations : int
        Simulations.
    test : {'paired', 'unpaired'}
        The t test.
    alpha : float, default 0.05
        Significance level.
    n_jobs : int or None, default None
        Parallel jobs over the simulations (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The result
        does not depend on it.
    progress : bool
        Progress bar over the simulations.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts).

    Returns
    -------
    GroupSimulationResult
        ``error_correlation`` is NaN: there are no groups to correlate errors within.

    Examples
    --------
    >>> rrs = simulate_instance_type1_error("rrs", prop_labeled=0.5, n_trials=200, n_simulations=2, rng=0)
    >>> ncv = simulate_instance_type1_error("ncv", prop_labeled=0.5, n_trials=200, n_simulations=2, rng=0)
    >>> bool(rrs.type1_error[0] > 0.5), bool(ncv.type1_error[0] < 0.15)
    (True, True)
    """
    props, n_instances, n_resamples, n_folds, n_trials, n_simulations = _check_design(
        procedure, test, prop_labeled, n_instances, n_resamples, n_folds, n_trials, n_simulations)
    p_err = float(p_err)
    seeds = _c.rng(rng).spawn(n_simulations)
    args = (procedure, props, p_err, n_instances, n_resamples, n_folds, n_trials, test, alpha)
    rates = parallel_map(_simulate_instances_one, [(*args, seed, 500) for seed in seeds], n_jobs=n_jobs,
                         progress=progress, desc=f"{procedure} simulations", leave=False)
    rates = np.array(rates)
    return GroupSimulationResult(procedure, props, rates, np.full(rates.shape, np.nan), p_err, float("nan"), test,
                                 n_trials)


@checks(procedures=Values(_PROCEDURE), prop_labeled=_PROPS,
        p_err=Either(Real(0, 1, closed="left"), Array(ndim=1, low=0, high=1, closed="left")),
        err_corr=Either(Real(0, 1), Array(ndim=1, low=0, high=1)), n_trials=Integer(1), n_simulations=Integer(1),
        test=_TEST)
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

    Parameters
    ----------
    procedures : sequence of {'rrs', 'ers', 'ncv'}, default ('rrs', 'ers', 'ncv')
        The resampling procedures.
    prop_labeled : float or sequence of float
        Proportion(s) labelled, in (0, 1).
    p_err : float or sequence of float, default (0.1,)
        The classifiers' error rates of the grid.
    err_corr : float or sequence of float, default (0.9,)
        The error correlation parameters of the grid.
    n_trials : int, default 1000
        Trials per simulation.
    n_simulations : int, default 10
        Simulations per cell.
    test : {'paired', 'unpaired'}, default 'paired'
        The t test.
    n_jobs : int or None, default None
        Parallel jobs over the simulations of a cell (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The result
        does not depend on it.
    progress : bool
        Progress bar over the cells.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts).
    **kwargs
        Passed on to :func:`simulate_group_type1_error` (checked there).

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
    streams = _c.rng(rng).spawn(len(cells))
    iterator = progress_bar(list(zip(cells, streams)), progress=progress, desc="Fig. 2 cells")
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
