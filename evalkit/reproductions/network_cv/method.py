"""Neville et al.'s own procedure: the calibrated within-network comparison of Sections 6 and 7, and
Table 5's protocol.

:func:`calibrate_handicap` makes wvRN and the network-only Bayes classifier equally
accurate on calibration networks (:class:`CalibrationResult`); :func:`compare_classifiers`
runs the repeated comparison on one network (:class:`ComparisonTrials`);
:func:`within_network_study` is the whole Type I error / power study (Figs. 3-5).
:func:`error_correlation_study` measures the error correlation of two classifiers, each
with and without collective inference, on a labelled network (Table 5). The classifiers
themselves are concepts, in :mod:`evalkit.relational`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..._checks import Anything, Array, Choice, Either, GraphLike, Instance, Integer, Jobs, Real, Values, checks
from ..._parallel import parallel_map
from ..._results import result
from ..._validation import check_choice
from ..._networks import adjacency, as_network, binary, link_phi, quiet_nanmean
from ...relational import link_based_classifier, network_only_bayes, perturb_predictions, wvrn
from ...resampling import network_split_masks
from ...stats import t_test_rejections, wilcoxon_signed_rank_test

__all__ = [
    "CalibrationResult",
    "NBC_VARIANTS",
    "ComparisonTrials",
    "calibrate_handicap",
    "compare_classifiers",
    "error_correlation_study",
    "within_network_study",
]

_MODELS = ("wvrn", "nbc")
#: one network: an object with ``.adjacency`` and ``.labels``, or a (graph, labels) pair
_NETWORK = Anything("a network is duck-typed (.adjacency and .labels, or a (graph, labels) pair); "
                    "the body checks it and names the argument")
_NETWORKS = Values(_NETWORK)
_INFERENCE = Choice("all", "test")
_PROP = Real(0, 1, closed="neither")
#: the classifiers :func:`error_correlation_study` can run, by name
_CLASSIFIERS = {"wvrn": wvrn, "nbc": network_only_bayes, "lbc": link_based_classifier}
#: the network-only Bayes classifier of the comparison: the paper's likelihood with relaxation labelling
#: (the book's reading), NetKit-SRL's form with it, or the paper's likelihood without collective inference
NBC_VARIANTS = ("paper", "netkit", "non-collective")
_NBC = Choice(*NBC_VARIANTS)


def _predict(a, y, train, collective=True, inference=None, nbc="paper"):
    """P(+) of both models, shape (n, T) each; ``inference``: the inference sets, (n, T), or None for all."""
    mask = None if inference is None else inference.T
    return {
        "wvrn": wvrn(a, y, train.T, collective=collective, inference_mask=mask).T,
        "nbc": network_only_bayes(a, y, train.T, collective=collective and nbc != "non-collective",
                                  inference_mask=mask, form="netkit" if nbc == "netkit" else "likelihood").T,
    }


def _correct(prob, y, train):
    """1 where the prediction (P(+) > 1/2; ties to the labelled majority) is right, shape (n, T)."""
    majority = (y @ train) * 2 >= train.sum(axis=0)
    pred = np.where(prob == 0.5, majority[None, :], prob > 0.5)
    return pred == y[:, None].astype(bool)


def _accuracy(correct, test):
    return (correct & test).sum(axis=0) / test.sum(axis=0)


@checks(handicapped=Choice(*_MODELS), rate=Real(0, 1),
        accuracy=Instance(dict, example=lambda: {"wvrn": 0.8, "nbc": 0.75}), difference=Real(-1, 1),
        n_splits=Integer(1))
@dataclass(frozen=True)
class CalibrationResult:
    """Result of :func:`calibrate_handicap`.

    Parameters
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
        Number of calibration splits.

    Examples
    --------
    >>> cal = CalibrationResult("wvrn", 0.1, {"wvrn": 0.8, "nbc": 0.75}, 0.002, 10)
    >>> round(cal.gap(0.0), 3)
    -0.01
    """

    handicapped: str
    rate: float
    accuracy: dict
    difference: float
    n_splits: int

    @checks(worse_rate=Real(0, 1))
    def gap(self, worse_rate):
        """Expected accuracy gap (handicapped minus other) when the other model is perturbed by ``worse_rate``.

        Uses the linear effect of random flips on accuracy, :math:`acc - r(2acc - 1)`.
        """
        other = next(m for m in _MODELS if m != self.handicapped)
        acc_h = self.accuracy[self.handicapped]
        acc_o = self.accuracy[other]
        return (acc_h - self.rate * (2 * acc_h - 1)) - (acc_o - worse_rate * (2 * acc_o - 1))


@checks(networks=_NETWORKS, prop_labeled=_PROP, n_repeats=Integer(1), n_folds=Integer(2), tolerance=Real(0),
        inference=_INFERENCE, nbc=_NBC)
def calibrate_handicap(networks, prop_labeled, *, n_repeats=1, n_folds=10, tolerance=0.005, inference="all",
                       nbc="paper", rng=None):
    """Find the handicap that makes wvRN and nBC equally accurate (Neville et al. Section 6.3).

    Both models run on ``n_repeats`` network cross-validations of every calibration
    network; the better one's predictions are then perturbed
    (:func:`~evalkit.relational.perturb_predictions`) at the smallest rate whose mean accuracy difference on
    those splits is within ``tolerance`` (searched exactly over the perturbation draws).

    Parameters
    ----------
    networks : sequence of networks
        Each with ``.adjacency`` and ``.labels`` (0/1), or a pair ``(graph, labels)``.
    prop_labeled : float
        Proportion of each network labelled, in (0, 1).
    n_repeats : int, default 1
        NCV repetitions per network (the paper: 1 on 50 synthetic networks, 10 on 5 real ones).
    n_folds : int, default 10
        NCV folds.
    tolerance : float, default 0.005
        Largest accepted difference of mean accuracies.
    inference : {'all', 'test'}, default 'all'
        Collective inference over every unlabelled node, or over the test fold only
        (as :func:`compare_classifiers`, which should use the same).
    nbc : {'paper', 'netkit', 'non-collective'}, default 'paper'
        The nBC compared with wvRN: the paper's likelihood with relaxation labelling,
        NetKit-SRL's form (:func:`~evalkit.relational.network_only_bayes`, ``form='netkit'``)
        with it, or the paper's likelihood from the labelled neighbours only. wvRN
        always runs with relaxation labelling.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts).

    Returns
    -------
    CalibrationResult
        The model to handicap, the rate, and the accuracies.

    Examples
    --------
    >>> from evalkit.relational import latent_group_model
    >>> nets = [latent_group_model(300, rng=s) for s in range(3)]
    >>> cal = calibrate_handicap(nets, 0.3, rng=0)
    >>> cal.handicapped in ("wvrn", "nbc"), abs(cal.difference) <= 0.005
    (True, True)
    """
    rng = np.random.default_rng(rng)
    correct = {m: [] for m in _MODELS}
    tests = []
    for network in networks:
        a, y = as_network(network)
        train, test = network_split_masks("ncv", a.shape[0], n_splits=n_folds, prop_labeled=prop_labeled,
                                          n_repeats=n_repeats, rng=rng)
        train = train.reshape(-1, a.shape[0]).T
        test = test.reshape(-1, a.shape[0]).T
        probs = _predict(a, y, train, inference=test if inference == "test" else None, nbc=nbc)
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


@checks(procedure=Choice("rrs", "ncv"), accuracy_a=Array(ndim=2, low=0, high=1),
        accuracy_b=Array(ndim=2, low=0, high=1),
        models=Values(Choice(*_MODELS), min_len=2), error_correlation=Real(-1, 1, allow_nan=True),
        _same_length=[("accuracy_a", "accuracy_b")])
@result
class ComparisonTrials:
    """Accuracies of the two models over repeated trials (:func:`compare_classifiers`).

    Parameters
    ----------
    procedure : str
        ``'rrs'`` or ``'ncv'``.
    accuracy_a : ndarray, shape (n_trials, n_samples)
        Test accuracies of model A, the handicapped (calibrated) one.
    accuracy_b : ndarray, shape (n_trials, n_samples)
        Test accuracies of model B, the other.
    models : tuple of str
        Names of A and B.
    error_correlation : float
        Mean phi of the 0-1 errors over linked test pairs (both models, all splits); NaN
        where undefined.

    Examples
    --------
    >>> import numpy as np
    >>> trials = ComparisonTrials("ncv", np.array([[0.8, 0.7], [0.9, 0.8]]), np.array([[0.7, 0.7], [0.8, 0.7]]),
    ...                           ("wvrn", "nbc"), 0.1)
    >>> round(trials.mean_difference, 3)
    0.075
    """

    procedure: str
    accuracy_a: np.ndarray = field(repr=False)
    accuracy_b: np.ndarray = field(repr=False)
    models: tuple
    error_correlation: float

    @checks(test=Choice("paired", "unpaired", "wilcoxon"), alpha=Real(0, 1, closed="neither"))
    def rejection_rate(self, test="paired", alpha=0.05):
        """Share of trials where the test finds the models different.

        ``test``: ``'paired'`` or ``'unpaired'`` t test, or ``'wilcoxon'`` (the signed-rank
        test, :func:`evalkit.stats.wilcoxon_signed_rank_test`), each two-sided at ``alpha``.
        """
        check_choice(test, "test", ("paired", "unpaired", "wilcoxon"))
        if test == "wilcoxon":
            return float((wilcoxon_signed_rank_test(self.accuracy_a, self.accuracy_b).pvalue < alpha).mean())
        return float(t_test_rejections(self.accuracy_a, self.accuracy_b, paired=test == "paired", alpha=alpha).mean())

    def variance_terms(self):
        r"""The variances Neville et al. Section 6.4 compares, averaged over the trials.

        With :math:`k` samples per trial and :math:`d = a - b` the per-sample accuracy
        differences:

        - ``'mean_difference'``: the variance, across trials, of the trial's mean
          difference :math:`\bar d` (what a test's variance estimate should match);
        - ``'paired'``: the paired t test's estimate of it, :math:`s_d^2 / k`;
        - ``'unpaired'``: the unpaired test's, :math:`(s_a^2 + s_b^2) / k` (twice the pooled
          variance over :math:`k`);
        - ``'accuracy_correlation'``: the correlation of :math:`a` and :math:`b` across a
          trial's samples (:math:`s_d^2 = s_a^2 + s_b^2 - 2 r s_a s_b`: the paired estimate is
          the smaller exactly when it is positive).

        Returns
        -------
        dict of str -> float
        """
        a, b = self.accuracy_a, self.accuracy_b
        k = a.shape[1]
        d = a - b
        sa, sb = a.std(axis=1, ddof=1), b.std(axis=1, ddof=1)
        cov = ((a - a.mean(axis=1, keepdims=True)) * (b - b.mean(axis=1, keepdims=True))).sum(axis=1) / (k - 1)
        with np.errstate(invalid="ignore", divide="ignore"), quiet_nanmean():
            r = float(np.nanmean(cov / (sa * sb)))
        return {"mean_difference": float(d.mean(axis=1).var(ddof=1)) if len(d) > 1 else np.nan,
                "paired": float((d.var(axis=1, ddof=1) / k).mean()),
                "unpaired": float(((sa**2 + sb**2) / k).mean()),
                "accuracy_correlation": r}

    @property
    def mean_difference(self):
        return float((self.accuracy_a - self.accuracy_b).mean())


@checks(network=_NETWORK, calibration=Instance(CalibrationResult, example=lambda: CalibrationResult(
             "wvrn", 0.1, {"wvrn": 0.8, "nbc": 0.75}, 0.0, 10)),
        procedure=Choice("rrs", "ncv"), prop_labeled=_PROP, n_trials=Integer(1), n_samples=Integer(2),
        worse_rate=Real(0, 1), inference=_INFERENCE, nbc=_NBC)
def compare_classifiers(network, calibration, *, procedure, prop_labeled, n_trials=100, n_samples=10,
                        worse_rate=0.0, inference="all", nbc="paper", rng=None):
    """Run the calibrated wvRN-vs-nBC comparison of Neville et al. Section 6.4 on one network.

    Each trial samples the network ``n_samples`` times (``'rrs'``: repeated random
    sampling, test = every unlabelled node; ``'ncv'``: ``n_samples``-fold network
    cross-validation, test = one fold, collective inference over every unlabelled node),
    runs both models with relaxation labelling, perturbs the calibrated model's
    predictions at ``calibration.rate`` and the other's at ``worse_rate`` (power
    experiments), and records each model's test accuracy. All trials run at once.

    ``inference='test'`` confines collective inference to the labelled nodes and the test
    set: the other unlabelled nodes are removed from the split's network. For NCV that
    makes the folds' inference sets disjoint, the dependence Neville et al. point to in
    Section 8 ("the inference sets overlap ... which could increase the Type I error of
    NCV"); for RS, whose test set is every unlabelled node, it changes nothing.

    Parameters
    ----------
    network : network
        An object with ``.adjacency`` and ``.labels`` (0/1), or a pair ``(graph, labels)``.
    calibration : CalibrationResult
        From :func:`calibrate_handicap`.
    procedure : {'rrs', 'ncv'}
        The resampling procedure.
    prop_labeled : float
        Proportion labelled, in (0, 1).
    n_trials : int, default 100
        Number of trials.
    n_samples : int, default 10
        Samples (folds) per trial.
    worse_rate : float, default 0.0
        Perturbation rate of the other model (0 for Type I error).
    inference : {'all', 'test'}, default 'all'
        Collective inference over every unlabelled node, or the test set only.
    nbc : {'paper', 'netkit', 'non-collective'}, default 'paper'
        The nBC compared with wvRN: the paper's likelihood with relaxation labelling,
        NetKit-SRL's form (:func:`~evalkit.relational.network_only_bayes`, ``form='netkit'``)
        with it, or the paper's likelihood from the labelled neighbours only. wvRN
        always runs with relaxation labelling.
        Use the calibration's.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts).

    Returns
    -------
    ComparisonTrials
        The accuracies of both models in every trial and sample.

    Examples
    --------
    >>> from evalkit.relational import latent_group_model
    >>> nets = [latent_group_model(300, rng=s) for s in range(3)]
    >>> cal = calibrate_handicap(nets[1:], 0.3, rng=0)
    >>> res = compare_classifiers(nets[0], cal, procedure="ncv", prop_labeled=0.3, n_trials=20, rng=1)
    >>> res.accuracy_a.shape, 0 <= res.rejection_rate("unpaired") <= 1
    ((20, 10), True)
    """
    n_trials, n_samples, worse_rate = int(n_trials), int(n_samples), float(worse_rate)
    rng = np.random.default_rng(rng)
    a, y = as_network(network)
    n = a.shape[0]
    train, test = network_split_masks(procedure, n, n_splits=n_samples, prop_labeled=prop_labeled,
                                      n_repeats=n_trials, rng=rng)
    train = train.reshape(-1, n).T
    test = test.reshape(-1, n).T
    probs = _predict(a, y, train, inference=test if inference == "test" else None, nbc=nbc)
    first = calibration.handicapped
    second = next(m for m in _MODELS if m != first)
    acc, phis = {}, []
    for m, rate in ((first, calibration.rate), (second, worse_rate)):
        p = perturb_predictions(probs[m], rate, rng=rng)
        correct = _correct(p, y, train)
        acc[m] = _accuracy(correct, test).reshape(n_trials, n_samples)
        phis.append(link_phi(binary(a), (~correct).astype(float), test))
    with quiet_nanmean():
        phi = float(np.nanmean(np.concatenate(phis)))
    return ComparisonTrials(procedure, acc[first], acc[second], (first, second), phi)


def _calibration_unit(networks, prop_labeled, n_repeats, inference, rng, nbc="paper"):
    """One calibration of :func:`within_network_study`, as plain data (a unit of the results store)."""
    cal = calibrate_handicap(networks, prop_labeled, n_repeats=n_repeats, inference=inference, nbc=nbc, rng=rng)
    return {"handicapped": cal.handicapped, "rate": float(cal.rate),
            "accuracy": {m: float(v) for m, v in cal.accuracy.items()}, "difference": float(cal.difference),
            "n_splits": int(cal.n_splits)}


def _comparison_unit(network, calibration, procedure, prop_labeled, worse_rate, n_trials, n_samples, inference,
                     alpha, rng, nbc="paper"):
    """One network, procedure and rate of :func:`within_network_study`: its row's measurements."""
    res = compare_classifiers(network, CalibrationResult(**calibration), procedure=procedure,
                              prop_labeled=prop_labeled, n_trials=n_trials, n_samples=n_samples,
                              worse_rate=worse_rate, inference=inference, nbc=nbc, rng=rng)
    return {"paired": float(res.rejection_rate("paired", alpha)),
            "unpaired": float(res.rejection_rate("unpaired", alpha)),
            "mean_difference": float(res.mean_difference), "error_correlation": float(res.error_correlation),
            "wilcoxon": float(res.rejection_rate("wilcoxon", alpha)),
            **{(key if key == "accuracy_correlation" else f"var_{key}"): float(value)
               for key, value in res.variance_terms().items()}}


@checks(networks=_NETWORKS, calibration_networks=_NETWORKS,
        prop_labeled=Either(_PROP, Array(ndim=1, low=0, high=1, closed="neither")),
        procedures=Values(Choice("rrs", "ncv")), worse_rates=Values(Real(0, 1)), n_trials=Integer(1),
        n_samples=Integer(2), calibration_repeats=Integer(1), alpha=Real(0, 1, closed="neither"), inference=_INFERENCE,
        nbc=_NBC, n_jobs=Jobs())
def within_network_study(networks, calibration_networks, *, prop_labeled, procedures=("rrs", "ncv"),
                         worse_rates=(0.0,), n_trials=100, n_samples=10, calibration_repeats=1,
                         alpha=0.05, inference="all", nbc="paper", rng=None, n_jobs=None, progress=False):
    """Type I error (and power) of RS/NCV x paired/unpaired t tests, Neville et al. Sections 6-7.

    For each proportion labelled: calibrate the handicap on ``calibration_networks``
    (:func:`calibrate_handicap`), then on each evaluation network and for each procedure
    and perturbation rate of the worse model run :func:`compare_classifiers`.

    Parameters
    ----------
    networks : sequence of networks
        Evaluation networks (the paper: 4 synthetic; or one held-out real network).
    calibration_networks : sequence of networks
        Networks to calibrate the handicap on.
    prop_labeled : float or sequence of float
        Proportion(s) labelled, in (0, 1).
    procedures : tuple of {'rrs', 'ncv'}
        The resampling procedures.
    worse_rates : sequence of float
        0 measures Type I error; positive rates widen the gap (power).
    n_trials : int
        Trials per comparison.
    n_samples : int
        Samples (folds) per trial.
    calibration_repeats : int
        NCV repetitions per calibration network.
    alpha : float
        Significance level of the tests.
    inference : {'all', 'test'}, default 'all'
        Collective inference over every unlabelled node, or only over the test set
        (:func:`compare_classifiers`).
    nbc : {'paper', 'netkit', 'non-collective'}, default 'paper'
        The nBC compared with wvRN: the paper's likelihood with relaxation labelling,
        NetKit-SRL's form (:func:`~evalkit.relational.network_only_bayes`, ``form='netkit'``)
        with it, or the paper's likelihood from the labelled neighbours only. wvRN
        always runs with relaxation labelling.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts). One independent
        stream is spawned from it for each calibration (labelling level) and each
        comparison (level, rate, network, procedure), in that order, so the result does
        not depend on ``n_jobs``.
    n_jobs : int or None, default None
        Parallel jobs over the calibrations, then over the comparisons (joblib): None
        defers to the active ``joblib.parallel_config`` (serial when none is set); 1 runs
        serially.
    progress : bool
        Progress bars over the calibrations and the comparisons.

    Returns
    -------
    list of dict
        One row per (proportion, worse rate, network, procedure) with the rejection rates of
        the paired and the unpaired t test and of the Wilcoxon signed-rank test, the mean
        accuracy difference on the trials and on the calibration set, the handicap, the
        error correlation, and Section 6.4's variances
        (:meth:`ComparisonTrials.variance_terms`, prefixed ``var_``, and
        ``accuracy_correlation``).

    Examples
    --------
    >>> from evalkit.relational import latent_group_model
    >>> nets = [latent_group_model(100, rng=s) for s in range(3)]
    >>> rows = within_network_study(nets[:1], nets[1:], prop_labeled=0.3, procedures=("ncv",), n_trials=5, rng=0)
    >>> len(rows), rows[0]["procedure"], 0 <= rows[0]["paired"] <= 1
    (1, 'ncv', True)
    """
    props = np.atleast_1d(np.asarray(prop_labeled, dtype=float))
    rng = np.random.default_rng(rng)
    networks, calibration_networks = list(networks), list(calibration_networks)
    cells = [(float(p), float(r)) for p in props for r in worse_rates]
    levels = list(dict.fromkeys(p for p, _ in cells))
    # one stream per calibration (a labelling level) and per comparison, spawned in this order:
    # each is an independent unit (parallel_map; the results store keeps and checks them)
    calibration_streams = rng.spawn(len(levels))
    comparisons = [(p, r, i, proc) for p, r in cells for i in range(len(networks)) for proc in procedures]
    comparison_streams = rng.spawn(len(comparisons))
    calibrations = dict(zip(levels, parallel_map(
        _calibration_unit, [(calibration_networks, p, calibration_repeats, inference, stream, nbc)
                            for p, stream in zip(levels, calibration_streams)],
        n_jobs=n_jobs, progress=progress, desc="calibrations", leave=False)))
    results = parallel_map(
        _comparison_unit, [(networks[i], calibrations[p], proc, p, r, n_trials, n_samples, inference, alpha, stream,
                            nbc) for (p, r, i, proc), stream in zip(comparisons, comparison_streams)],
        n_jobs=n_jobs, progress=progress, desc="comparisons", leave=False)
    rows = []
    for (p, r, i, proc), result in zip(comparisons, results):
        cal = CalibrationResult(**calibrations[p])
        rows.append({"prop_labeled": p, "worse_rate": r, "network": i, "procedure": proc,
                     **{key: result[key] for key in ("paired", "unpaired", "mean_difference")},
                     "calibration_gap": float(cal.gap(r)), "handicapped": cal.handicapped, "handicap": cal.rate,
                     **{key: value for key, value in result.items()
                        if key not in ("paired", "unpaired", "mean_difference")}})
    return rows


@checks(graph=GraphLike(), labels=Array(ndim=1, kind="binary"),
        models=Either(Choice("wvrn", "nbc", "lbc"), Values(Choice("wvrn", "nbc", "lbc"))),
        prop_labeled=Either(_PROP, Array(ndim=1, low=0, high=1, closed="neither")), n_splits=Integer(1))
def error_correlation_study(graph, labels, *, models=("wvrn", "lbc"), prop_labeled=(0.1, 0.3, 0.5, 0.7, 0.9),
                            n_splits=10, rng=None):
    """Error correlation of within-network classifiers on a labelled network (Neville et al. Table 5).

    For each proportion labelled, ``n_splits`` random labelled sets; each of ``models``,
    with and without collective inference, predicts the other nodes; the phi coefficient
    of its 0-1 errors over linked pairs of unlabelled nodes (:func:`~evalkit.relational.error_correlation`) is
    averaged over splits.

    Parameters
    ----------
    graph : networkx graph or (sparse) adjacency
        The network.
    labels : array_like of 0/1, shape (n,)
        Class of every node.
    models : sequence of {'wvrn', 'nbc', 'lbc'}, default ('wvrn', 'lbc')
        The classifiers: :func:`~evalkit.relational.wvrn` (the relational neighbour classifier),
        :func:`~evalkit.relational.network_only_bayes` and :func:`~evalkit.relational.link_based_classifier`. The default is the
        pair of the paper's Section 4 (Table 5); its Section 6 compares wvRN and nBC.
    prop_labeled : sequence of float
        Proportions labelled, in (0, 1).
    n_splits : int, default 10
        Random labelled sets per proportion.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts).

    Returns
    -------
    dict
        ``'mean'``: the average over classifiers and proportions (the paper's number);
        ``'cells'``: list of dicts (model, collective, prop_labeled, error_correlation, accuracy).

    Examples
    --------
    >>> from evalkit.relational import latent_group_model
    >>> net = latent_group_model(300, rng=0)
    >>> res = error_correlation_study(net.adjacency, net.labels, n_splits=3, rng=0)
    >>> len(res["cells"]), 0 < res["mean"] < 1
    (20, True)
    """
    models = tuple(models) if not isinstance(models, str) else (models,)
    a = adjacency(graph)
    y = np.asarray(labels)
    if y.shape != (a.shape[0],) or not np.isin(y, (0, 1)).all():
        raise ValueError(f"labels must be 0/1, one per node ({a.shape[0]}); got shape {y.shape}")
    y = y.astype(np.int64)
    n_splits = int(n_splits)
    rng = np.random.default_rng(rng)
    links = binary(a)
    cells = []
    for prop in np.atleast_1d(prop_labeled):
        train, _ = network_split_masks("rrs", a.shape[0], n_splits=max(n_splits, 2), prop_labeled=float(prop), rng=rng)
        train = train[0, :n_splits].T
        for collective in (False, True):
            for model in models:
                prob = _CLASSIFIERS[model](a, y, train.T, collective=collective).T
                correct = _correct(prob, y, train)
                with quiet_nanmean():
                    phi = float(np.nanmean(link_phi(links, (~correct).astype(float), ~train)))
                cells.append({"model": model, "collective": collective, "prop_labeled": float(prop),
                              "error_correlation": phi, "accuracy": float(_accuracy(correct, ~train).mean())})
    with quiet_nanmean():
        mean = float(np.nanmean([c["error_correlation"] for c in cells]))
    return {"mean": mean, "cells": cells}
