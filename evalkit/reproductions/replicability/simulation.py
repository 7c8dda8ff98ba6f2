"""Bouckaert & Frank's simulation (Section 4.4, Table 5): replicability where the truth is known.

Four data sources are random Bayesian networks over a binary class and nine binary
attributes (:mod:`evalkit.datasets.synthetic`): source 1 has no arcs, so both learners have
expected accuracy exactly 0.5 and every rejection is a Type I error; sources 2-4 are
random BANs selected for the accuracy differences the paper reports
(:func:`simulation_sources`). From each source, ``n_training_sets``
training sets of ``n_train`` cases are drawn. On each training set every test is run
``repetitions`` times with different random partitionings, comparing naive Bayes with a
C4.5-like tree (:mod:`evalkit.learners.counts`, fitted on all splits of a training set in one
vectorised call). A test is *consistent* on a training set when all its repetitions agree.

The designs per repetition are the paper's: 5 x 2-fold stratified CV (5x2cv test), 100
random subsamples with 10% held out (corrected resampled test on the first 10 and on all
100), 10 x 10-fold stratified CV (paired t test on the first 10-fold run, uncorrected and
corrected; on all 100 folds, uncorrected and corrected).

The paper reports, per source, the mean accuracy difference of the two learners trained on
the whole training set (measured on 20,000 test cases; here computed exactly from the
network's joint distribution) and, per test, the percentage of training sets on which the
test was consistent.
"""
from __future__ import annotations

import time

import numpy as np

from ... import stats
from ..._checks import Array, Choice, Instance, Integer, Real, Seed, Values, checks
from ..._parallel import parallel_map
from ..._results import result
from ..._validation import check_probability
from ...datasets.synthetic import pattern_bits, random_bayes_net
from ...learners.counts import decision_tree_predict, naive_bayes_predict
from ...resampling import stratified_fold_ids, subsample_test_masks
from ._common import simulation_result
from .paper import PAPER_ACCURACY_DIFFERENCES, PAPER_TABLE_5, TABLE5_PAPER_ROWS

__all__ = ["SIMULATION_LEARNERS", "SIMULATION_TESTS", "SimulationResult", "count_learner_agreement", "judged_table", "level_sweep", "pilot_accuracy_difference",
           "rejection_rate_table", "run_simulation", "simulation_sources", "sources_table", "table5_comparison"]

SIMULATION_TESTS = (
    "5x2cv",
    "resampled corrected, 10 runs",
    "resampled corrected, 100 runs",
    "10-fold CV, uncorrected",
    "corrected 1x10 CV",
    "10x10-fold CV, uncorrected",
    "corrected 10x10 CV",
)
"""The tests run on each repetition (the keys of ``SimulationResult.pvalues``)."""

SIMULATION_LEARNERS = ("weka", "counts")
"""The learner sets of :func:`run_simulation`: Weka's NaiveBayes and J48, or the count learners."""


def _example_net():
    return random_bayes_net(3, rng=0)


def _net():
    """The declaration of one data source."""
    return Instance("BinaryBayesNet", example=_example_net)


_TESTS = Values(Choice(*SIMULATION_TESTS))


def _binary_header(n_attributes):
    """ARFF header of a source's cases: ``x0 .. x{k-1}`` and ``class``, all nominal {0, 1}."""
    from ...datasets import ArffAttribute

    binary = ("0", "1")
    return tuple(ArffAttribute(f"x{j}", "nominal", binary) for j in range(n_attributes)) + (
        ArffAttribute("class", "nominal", binary),)


@checks(net=_net(), n_train=Integer(2), n_pilot=Integer(1), learners=Choice(*SIMULATION_LEARNERS))
def pilot_accuracy_difference(net, *, n_train=300, n_pilot=40, learners="weka", rng=None):
    """Mean accuracy of naive Bayes minus the tree (percentage points) over ``n_pilot`` training sets.

    Parameters
    ----------
    net : BinaryBayesNet
        The data source.
    n_train : int, default 300
        Cases per pilot training set.
    n_pilot : int, default 40
        Pilot training sets.
    learners : {"weka", "counts"}, default "weka"
        Weka's NaiveBayes and J48, or the count learners, as in :func:`run_simulation`.
    rng : seed or Generator, optional
        Randomness of the pilot training sets.

    Returns
    -------
    float
        The mean difference, in percentage points (exact expected accuracies on the source).

    Examples
    --------
    >>> from evalkit.datasets import random_bayes_net
    >>> round(pilot_accuracy_difference(random_bayes_net(5, rng=0), n_pilot=3, learners="counts", rng=0), 3)
    0.0
    """
    rng = np.random.default_rng(rng)
    bits = pattern_bits(net.n_attributes)
    samples = [net.sample(n_train, rng=rng) for _ in range(n_pilot)]
    if learners == "weka":
        from ...learners.weka import WEKA_LEARNERS, WekaClassifier

        header = _binary_header(net.n_attributes)
        nb, tree = (net.accuracy(np.array([WekaClassifier(*WEKA_LEARNERS[name], attributes=header)
                                          .fit(bits[patterns], y).predict(bits) for patterns, y in samples]))
                    for name in ("NB", "C4.5"))
    else:
        counts = np.zeros((n_pilot, bits.shape[0], 2))
        for i, (patterns, y) in enumerate(samples):
            np.add.at(counts, (i, patterns, y), 1)
        nb = net.accuracy(naive_bayes_predict(counts, bits))
        tree = net.accuracy(decision_tree_predict(counts, bits))
    return float(100 * (nb - tree).mean())


@checks(targets=Values(Real(0, 100), min_len=0), tolerance=Real(0, None, closed="neither"), n_attributes=Integer(1),
        n_train=Integer(2), n_pilot=Integer(1), learners=Choice(*SIMULATION_LEARNERS), max_candidates=Integer(1))
def simulation_sources(*, targets=PAPER_ACCURACY_DIFFERENCES, tolerance=0.5, n_attributes=9, n_train=300,
                       n_pilot=40, learners="weka", max_candidates=10_000, rng=0):
    """The data sources: one with no arcs, then one BAN per target accuracy difference.

    The paper characterises its sources 2-4 only by their structure (BANs "generated by
    starting with a naive Bayes model and adding arrows") and by the accuracy difference
    of naive Bayes and C4.5 they produce (Table 5's first row). We select sources the same
    way, and say so: candidates are drawn in a seeded sequence, each a random BAN
    (:func:`evalkit.datasets.random_bayes_net`) with a number of added arcs uniform
    on 0 .. k(k-1)/2; a candidate's accuracy difference is estimated on ``n_pilot`` pilot
    training sets of ``n_train`` cases (seeds never used by the experiment); for each
    target, in order, the first unused candidate whose absolute difference lies within
    ``tolerance`` points of it is taken. Selection looks at accuracy only, never at any
    test's outcome.

    Parameters
    ----------
    targets : sequence of float
        Absolute accuracy differences (percentage points) for sources 2, 3, ...
    tolerance : float, default 0.5
        Largest distance of a selected source's absolute pilot difference from its target.
    n_attributes : int, default 9
        Binary attributes of every source.
    n_train : int, default 300
        Cases per pilot training set.
    n_pilot : int, default 40
        Pilot training sets per candidate.
    learners : {"weka", "counts"}, default "weka"
        The learners whose difference is measured (see :func:`pilot_accuracy_difference`):
        the paper's, Weka's NaiveBayes and J48, or the count learners.
    max_candidates : int
        Give up (ValueError) after this many candidates.
    rng : int
        Seed of the candidate sequence.

    Returns
    -------
    sources : list of BinaryBayesNet
    pilot_differences : list of float
        Each source's pilot difference (0 for source 1 by construction).

    Examples
    --------
    >>> sources, pilot = simulation_sources(targets=(3.0,), learners="counts", rng=0)
    >>> len(sources), sources[0].n_arcs, abs(abs(pilot[1]) - 3.0) <= 0.5
    (2, 0, True)
    """
    k = int(n_attributes)
    if isinstance(rng, np.random.SeedSequence):
        ss = rng
    elif isinstance(rng, (np.random.Generator, np.random.BitGenerator)):
        ss = np.random.SeedSequence(int(np.random.default_rng(rng).integers(2 ** 63)))
    else:
        ss = np.random.SeedSequence(rng)
    first, pilot_seed, candidates = ss.spawn(3)
    sources = [random_bayes_net(k, n_arcs=None, rng=np.random.default_rng(first))]
    pilots = [0.0]
    cand_rng = np.random.default_rng(candidates)
    pending = list(targets)
    pilot_rng = np.random.default_rng(pilot_seed)
    for _ in range(max_candidates):
        if not pending:
            return sources, pilots
        net = random_bayes_net(k, n_arcs=int(cand_rng.integers(0, k * (k - 1) // 2 + 1)), rng=cand_rng)
        d = pilot_accuracy_difference(net, n_train=n_train, n_pilot=n_pilot, learners=learners, rng=pilot_rng)
        if abs(abs(d) - pending[0]) <= tolerance:
            sources.append(net)
            pilots.append(d)
            pending.pop(0)
    if not pending:
        return sources, pilots
    raise ValueError(f"no source within tolerance={tolerance} of targets {pending} in {max_candidates} candidates")


@checks(accuracy=Array(ndim=3, low=0, high=1),
        pvalues=Instance(dict, example=lambda: {t: np.full((4, 2, 2), 0.5) for t in SIMULATION_TESTS}),
        level=Real(0, 1), seconds=Real(0, None), sources=Values(_net(), none=True),
        pilot_differences=Values(Real(-100, 100), none=True), learners=Choice(*SIMULATION_LEARNERS, none=True))
@result
class SimulationResult:
    """Outcome of :func:`run_simulation`.

    Parameters
    ----------
    accuracy : ndarray, shape (n_sources, n_training_sets, 2)
        Exact expected accuracy of naive Bayes and of the tree trained on each whole training set.
    pvalues : dict of test -> ndarray, shape (n_sources, n_training_sets, repetitions)
        The p-value of every run of every test in ``SIMULATION_TESTS``.
    level : float
        Default significance level of the methods below.
    seconds : float
        Time of the simulation (the selection of the sources excluded).
    sources : tuple of BinaryBayesNet, optional
        The data sources (set by :func:`~evalkit.reproductions.replicability.table5`).
    pilot_differences : tuple of float, optional
        Each source's pilot accuracy difference (set with ``sources``).
    learners : str, optional
        Which learners ran (one of ``SIMULATION_LEARNERS``).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import SIMULATION_TESTS, SimulationResult
    >>> p = {t: np.full((4, 2, 3), 0.5) for t in SIMULATION_TESTS}     # 4 sources x 2 sets x 3 runs, p = 0.5
    >>> res = SimulationResult(np.full((4, 2, 2), 0.5), p, 0.05, 0.0)
    >>> res.consistency("5x2cv").tolist(), res.rejection_rate("5x2cv").tolist()
    ([100.0, 100.0, 100.0, 100.0], [0.0, 0.0, 0.0, 0.0])
    """

    accuracy: np.ndarray
    pvalues: dict
    level: float
    seconds: float
    sources: tuple = None
    pilot_differences: tuple = None
    learners: str = None

    @property
    def n_training_sets(self):
        return self.accuracy.shape[1]

    @property
    def repetitions(self):
        return next(iter(self.pvalues.values())).shape[2]

    def rows(self):
        """One row per test and source: consistency, rejection rate and their standard errors."""
        diff = self.accuracy_difference()
        rows = []
        for test in SIMULATION_TESTS:
            for j, (c, se, r, rse) in enumerate(zip(self.consistency(test), self.consistency_std_error(test),
                                                    self.rejection_rate(test), self.rejection_rate_std_error(test))):
                rows.append({"test": test, "source": j + 1, "accuracy_difference_pct": diff[j],
                             "consistency_pct": c, "consistency_se_pct": se, "rejection_rate": r,
                             "rejection_rate_se": rse, "training_sets": self.n_training_sets,
                             "repetitions": self.repetitions})
        return rows

    def accuracy_difference(self):
        """Mean accuracy of naive Bayes minus the tree, per source, in percentage points."""
        return 100 * (self.accuracy[..., 0] - self.accuracy[..., 1]).mean(axis=1)

    def rejections(self, test, level=None):
        """How many runs of ``test`` rejected at ``level``: int array (n_sources, n_training_sets)."""
        level = self.level if level is None else check_probability(level, "level")
        return (self.pvalues[test] < level).sum(axis=2)

    def consistency(self, test, level=None):
        """Percentage of training sets on which all repetitions of ``test`` agreed, per source."""
        k = self.rejections(test, level)
        return 100 * ((k == 0) | (k == self.repetitions)).mean(axis=1)

    def consistency_std_error(self, test, level=None):
        """Monte Carlo standard error of :meth:`consistency` (binomial over training sets)."""
        p = self.consistency(test, level) / 100
        return 100 * np.sqrt(p * (1 - p) / self.n_training_sets)

    def rejection_rate(self, test, level=None):
        """Fraction of all runs of ``test`` that rejected, per source (on a null source, the Type I error)."""
        return self.rejections(test, level).mean(axis=1) / self.repetitions

    def rejection_rate_std_error(self, test, level=None):
        """Monte Carlo standard error of :meth:`rejection_rate`.

        The runs on one training set are strongly correlated (that is what consistency
        measures), so the error is computed over training sets, from the spread of their
        per-set rejection rates, not as if all runs were independent.
        """
        per_set = self.rejections(test, level) / self.repetitions
        return per_set.std(axis=1, ddof=1) / np.sqrt(self.n_training_sets)

    def exceeds_level(self, test, level=None, *, n_std_errors=2.0):
        """Whether ``test`` rejects clearly more often than ``level``, per source.

        True where the rejection rate minus ``n_std_errors`` of its standard errors
        (:meth:`rejection_rate_std_error`) is above ``level``. On a null source this is
        the question "does the test hold its level?" answered with the Monte Carlo error
        in view: a rate just above the level at a small scale is not evidence.

        Returns
        -------
        ndarray of bool, shape (n_sources,)
        """
        level = self.level if level is None else check_probability(level, "level")
        if not np.isfinite(n_std_errors) or n_std_errors < 0:
            raise ValueError(f"n_std_errors must be a non-negative finite number, got {n_std_errors!r}")
        rate = self.rejection_rate(test, level)
        return rate - n_std_errors * self.rejection_rate_std_error(test, level) > level


def _pvalues(d5, drs, dcv, n_train):
    """p-values of every test in SIMULATION_TESTS for one repetition's differences."""
    n_test_rs = round(0.1 * n_train)
    n_test_cv = n_train // 10
    return (
        stats.five_by_two_cv_t_test(d5).pvalue,
        stats.corrected_resampled_t_test(drs[:10], n_train=n_train - n_test_rs, n_test=n_test_rs).pvalue,
        stats.corrected_resampled_t_test(drs, n_train=n_train - n_test_rs, n_test=n_test_rs).pvalue,
        stats.resampled_t_test(dcv[0]).pvalue,
        stats.corrected_repeated_cv_t_test(dcv[:1], n_train=n_train - n_test_cv, n_test=n_test_cv).pvalue,
        stats.resampled_t_test(dcv).pvalue,
        stats.corrected_repeated_cv_t_test(dcv, n_train=n_train - n_test_cv, n_test=n_test_cv).pvalue,
    )


def _one_training_set(net, n_train, repetitions, seed):
    """Accuracies of both learners on the whole training set, and p-values (repetitions, tests)."""
    rng = np.random.default_rng(seed)
    patterns, y = net.sample(n_train, rng=rng)
    bits = pattern_bits(net.n_attributes)
    # Whole training set -> exact accuracy on the source.
    full = np.zeros((1, bits.shape[0], 2))
    np.add.at(full, (0, patterns, y), 1)
    acc = net.accuracy(np.concatenate([naive_bayes_predict(full, bits), decision_tree_predict(full, bits)]))
    # Splits of all repetitions: test masks (S, n).
    masks = []
    for _ in range(repetitions):
        ids = stratified_fold_ids(y, 2, n_repeats=5, rng=rng)
        masks.append((ids[:, None, :] == np.arange(2)[None, :, None]).reshape(10, n_train))
        masks.append(subsample_test_masks(n_train, round(0.1 * n_train), n_repeats=100, rng=rng))
        ids = stratified_fold_ids(y, 10, n_repeats=10, rng=rng)
        masks.append((ids[:, None, :] == np.arange(10)[None, :, None]).reshape(100, n_train))
    test = np.concatenate(masks).astype(np.float32)  # (S, n), S = 210 per repetition
    uniq, inv = np.unique(patterns, return_inverse=True)
    onehot = np.zeros((n_train, 2 * uniq.size), dtype=np.float32)
    onehot[np.arange(n_train), 2 * inv + y] = 1
    test_counts = (test @ onehot).reshape(len(test), uniq.size, 2)
    train_counts = onehot.sum(axis=0).reshape(uniq.size, 2) - test_counts
    ub = bits[uniq]
    correct = []
    for predict in (naive_bayes_predict, decision_tree_predict):
        pred = predict(train_counts, ub)
        correct.append(np.take_along_axis(test_counts, pred[..., None].astype(np.intp), axis=2)[..., 0].sum(axis=1))
    diff = (correct[0] - correct[1]) / test.sum(axis=1)  # NB minus tree, per split
    diff = diff.reshape(repetitions, 210)
    p = np.array([_pvalues(r[:10].reshape(5, 2), r[10:110], r[110:].reshape(10, 10), n_train) for r in diff])
    return acc, p


def _one_training_set_weka(net, n_train, repetitions, seed):
    """As :func:`_one_training_set`, with Weka's NaiveBayes and J48 on splits Weka makes.

    Each repetition is three of Weka's designs (:func:`~evalkit.learners.weka_design_accuracies`):
    5 runs of stratified 2-fold CV, 100 unstratified subsamples with ``round(0.9 n)`` cases
    training, 10 runs of stratified 10-fold CV; every run has its own ``java.util.Random``
    seed, drawn from ``seed``.
    """
    from ...datasets import ArffData
    from ...learners.weka import WEKA_LEARNERS, WekaClassifier, start_jvm, to_instances, weka_design_accuracies

    start_jvm()  # once per worker process
    rng = np.random.default_rng(seed)
    patterns, y = net.sample(n_train, rng=rng)
    k = net.n_attributes
    bits = pattern_bits(k)
    header = _binary_header(k)
    learners = [WEKA_LEARNERS["NB"], WEKA_LEARNERS["C4.5"]]
    # Whole training set -> exact accuracy on the source, from the predictions on every pattern.
    full = [WekaClassifier(*learner, attributes=header).fit(bits[patterns], y).predict(bits) for learner in learners]
    acc = net.accuracy(np.array(full))
    cases = to_instances(ArffData("source", header, np.column_stack([bits[patterns], y]).astype(float), k))
    run_seeds = rng.integers(0, 2 ** 31 - 1, size=(repetitions, 5 + 100 + 10))
    p = []
    for r in range(repetitions):
        diff = [a[:, 0] - a[:, 1] for a in (
            weka_design_accuracies(cases, ("cv", 2), run_seeds[r, :5], learners)[0],
            weka_design_accuracies(cases, ("split", 90), run_seeds[r, 5:105], learners)[0],
            weka_design_accuracies(cases, ("cv", 10), run_seeds[r, 105:], learners)[0])]
        p.append(_pvalues(diff[0].reshape(5, 2), diff[1], diff[2].reshape(10, 10), n_train))
    return acc, np.array(p)


@checks(sources=Values(_net(), none=True), n_training_sets=Integer(1), n_train=Integer(20), repetitions=Integer(1),
        level=Real(0, 1), learners=Choice(*SIMULATION_LEARNERS))
def run_simulation(sources=None, *, n_training_sets=1000, n_train=300, repetitions=10, level=0.05,
                   learners="weka", n_jobs=None, progress=False, seed=0):
    """Run the paper's Table 5 simulation.

    Parameters
    ----------
    sources : list of BinaryBayesNet, optional
        Default: the sources of :func:`simulation_sources` (seed 0).
    n_training_sets : int, default 1000
        Training sets per source (the paper: 1000).
    n_train : int, default 300
        Cases per training set (the paper: 300); at least 20.
    repetitions : int, default 10
        Runs of each test per training set, each with its own random partitioning.
    level : float, default 0.05
        Default level of the result's methods (every p-value is kept).
    learners : {"weka", "counts"}, default "weka"
        ``"weka"``: the paper's learners, Weka's NaiveBayes and J48 with Weka's defaults
        (:mod:`evalkit.learners.weka`), on splits Weka makes (stratified folds, seeded
        ``java.util.Random``), about 2,100 fits of each per training set.
        ``"counts"``: the vectorised count learners of :mod:`evalkit.learners.counts`
        (naive Bayes predicts what Weka's does; the tree is an unpruned stand-in for J48,
        see :func:`count_learner_agreement`), all splits of a training set in one call,
        on splits made by :mod:`evalkit.resampling`; several times faster
        (``benchmarks/replicability.py`` times both).
    n_jobs : int or None, default None
        Parallel jobs over the training sets (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially.
    progress : bool
        Progress bar over training sets.
    seed : int
        Training set ``i`` of source ``j`` uses a seed spawned from ``seed``; results do not
        depend on ``n_jobs``.

    Returns
    -------
    SimulationResult

    Examples
    --------
    >>> sources, _ = simulation_sources(learners="counts", rng=0)     # the default selects with Weka's learners
    >>> res = run_simulation(sources, n_training_sets=2, repetitions=2, learners="counts", seed=1)
    >>> res.rejections("corrected 10x10 CV").shape
    (4, 2)
    >>> float(res.accuracy_difference()[0])       # source 1: both learners at exactly 50%
    0.0
    """
    sources = simulation_sources()[0] if sources is None else list(sources)
    level = float(level)
    start = time.perf_counter()
    seeds = np.random.SeedSequence(seed).spawn(len(sources) * n_training_sets)
    jobs = [(sources[j], seeds[j * n_training_sets + i]) for j in range(len(sources)) for i in range(n_training_sets)]
    one_training_set = _one_training_set_weka if learners == "weka" else _one_training_set
    results = parallel_map(one_training_set, [(net, n_train, repetitions, s) for net, s in jobs], n_jobs=n_jobs,
                           progress=progress, desc="training sets")
    acc = np.array([a for a, _ in results]).reshape(len(sources), n_training_sets, 2)
    p = np.array([r for _, r in results]).reshape(len(sources), n_training_sets, repetitions, len(SIMULATION_TESTS))
    pvalues = {t: p[..., i] for i, t in enumerate(SIMULATION_TESTS)}
    return SimulationResult(acc, pvalues, level, time.perf_counter() - start, learners=learners)


@checks(sources=Values(_net()), training_sets=Integer(1), n_train=Integer(2))
def count_learner_agreement(sources, *, training_sets=10, n_train=300, rng=0):
    """How often the count learners predict what Weka's NaiveBayes and J48 predict, per source.

    For each source, ``training_sets`` training sets of ``n_train`` cases are drawn; on each,
    :func:`~evalkit.learners.naive_bayes_predict` and
    :func:`~evalkit.learners.decision_tree_predict` are fitted from the count table and
    Weka's NaiveBayes and J48 (Weka's defaults, the binary attributes nominal) on the cases.
    Agreement is the probability, under the source's distribution, that the two predict the
    same class (exact: every attribute pattern weighted by its probability).

    Parameters
    ----------
    sources : sequence of BinaryBayesNet
        The data sources.
    training_sets : int, default 10
        Training sets drawn per source.
    n_train : int, default 300
        Cases per training set.
    rng : seed or Generator, default 0
        Randomness of the training sets.

    Returns
    -------
    pandas.DataFrame
        One row per source: the most attribute patterns (of ``2**k``) on which the count
        naive Bayes and Weka's predict differently in any training set; the tree's
        agreement with J48 (mean and min over training sets); the tree's expected
        accuracy minus J48's (mean, percentage points).

    Examples
    --------
    Weka's learners start the JVM:

    >>> sources, _ = simulation_sources(learners="counts", rng=0)
    >>> count_learner_agreement(sources, training_sets=2, rng=5).shape   # doctest: +SKIP
    (4, 4)
    """
    import pandas as pd

    from ...learners import WEKA_LEARNERS, WekaClassifier

    rng = np.random.default_rng(rng)
    rows = []
    for s, net in enumerate(sources):
        k = net.n_attributes
        bits = pattern_bits(k)
        header = _binary_header(k)
        weight = net.joint().sum(axis=1)
        nb_differ, tree_agree, tree_gap = [], [], []
        for _ in range(training_sets):
            patterns, y = net.sample(n_train, rng=rng)
            counts = np.zeros((1, bits.shape[0], 2))
            np.add.at(counts, (0, patterns, y), 1)
            theirs = {name: WekaClassifier(*WEKA_LEARNERS[name], attributes=header).fit(bits[patterns], y)
                      .predict(bits) for name in ("NB", "C4.5")}
            ours_nb = naive_bayes_predict(counts, bits)[0]
            ours_tree = decision_tree_predict(counts, bits)[0]
            nb_differ.append(int((ours_nb != theirs["NB"]).sum()))
            tree_agree.append(float(weight[ours_tree == theirs["C4.5"]].sum()))
            tree_gap.append(100 * float(net.accuracy(ours_tree) - net.accuracy(theirs["C4.5"])))
        rows.append({"source": s + 1, "NB patterns predicted differently (max)": max(nb_differ),
                     "tree agreement (mean)": float(np.mean(tree_agree)), "tree agreement (min)": min(tree_agree),
                     "tree minus J48 accuracy (points)": float(np.mean(tree_gap))})
    return pd.DataFrame(rows).set_index("source")


@checks(_same_length=[("sources", "pilot")], sources=Values(_net()), pilot=Values(Real(-100, 100)))
def sources_table(sources, pilot):
    """The data sources: arcs, Bayes-optimal accuracy, pilot and the paper's accuracy difference.

    Parameters
    ----------
    sources : sequence of BinaryBayesNet
        The four data sources (:func:`simulation_sources`).
    pilot : sequence of float
        Their pilot accuracy differences, in percentage points.

    Returns
    -------
    pandas.DataFrame
        Index ``source`` (1-4).

    Examples
    --------
    >>> sources, pilot = simulation_sources(learners="counts", rng=0)
    >>> sources_table(sources, pilot)["arcs (class arcs included)"].iloc[0]
    np.int64(0)
    """
    import pandas as pd

    return pd.DataFrame({
        "arcs (class arcs included)": [net.n_arcs for net in sources],
        "Bayes-optimal accuracy": [net.bayes_accuracy() for net in sources],
        "pilot difference NB − tree (points)": pilot,
        "paper's difference (points)": (0.0,) + PAPER_ACCURACY_DIFFERENCES,
    }, index=pd.Index(range(1, 5), name="source"))


@checks(result=simulation_result())
def table5_comparison(result):
    """Table 5, the paper's rows beside ours (with Monte Carlo standard errors) and each row's minimum.

    Parameters
    ----------
    result : SimulationResult
        A run of :func:`run_simulation` on four sources.

    Returns
    -------
    pandas.DataFrame
        Index (row, ``"paper"``/``"evalkit"``/``"± s.e."``); columns the four sources and ``"min."``.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import SIMULATION_TESTS, SimulationResult
    >>> p = {t: np.full((4, 2, 3), 0.5) for t in SIMULATION_TESTS}     # 4 sources x 2 sets x 3 runs, p = 0.5
    >>> res = SimulationResult(np.full((4, 2, 2), 0.5), p, 0.05, 0.0)
    >>> table5_comparison(res).loc[("5x2cv", "evalkit"), "min."]
    np.float64(100.0)
    """
    import pandas as pd

    rows = {("accuracy difference, points", "paper"): list(PAPER_TABLE_5["accuracy difference (%)"]) + [np.nan],
            ("accuracy difference, points", "evalkit"): list(np.abs(result.accuracy_difference())) + [np.nan]}
    for test, paper_name in TABLE5_PAPER_ROWS.items():
        ours = result.consistency(test)
        se = result.consistency_std_error(test)
        paper = PAPER_TABLE_5[paper_name] if paper_name else (np.nan,) * 4
        rows[(test, "paper")] = list(paper) + [min(paper)]
        rows[(test, "evalkit")] = list(ours) + [ours.min()]
        rows[(test, "± s.e.")] = list(se) + [np.nan]
    table5 = pd.DataFrame.from_dict(rows, orient="index",
                                    columns=["source 1", "source 2", "source 3", "source 4", "min."])
    table5.index = pd.MultiIndex.from_tuples(table5.index)
    return table5


@checks(result=simulation_result(), tests=_TESTS)
def rejection_rate_table(result, tests=SIMULATION_TESTS):
    """Rejection rate of each test on each source (source 1: Type I error), with source 1's standard error.

    Parameters
    ----------
    result : SimulationResult
        A run of :func:`run_simulation` on four sources.
    tests : sequence of str, default SIMULATION_TESTS
        The tests (rows).

    Returns
    -------
    pandas.DataFrame
        One row per test; columns the sources and source 1's standard error.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import SIMULATION_TESTS, SimulationResult
    >>> p = {t: np.full((4, 2, 3), 0.5) for t in SIMULATION_TESTS}     # 4 sources x 2 sets x 3 runs, p = 0.5
    >>> res = SimulationResult(np.full((4, 2, 2), 0.5), p, 0.05, 0.0)
    >>> rejection_rate_table(res, tests=["5x2cv"]).shape
    (1, 5)
    """
    import pandas as pd

    tests = list(tests)
    rates = pd.DataFrame({f"source {j + 1}": [result.rejection_rate(t)[j] for t in tests] for j in range(4)},
                         index=tests)
    rates.insert(1, "± s.e. (source 1)", [result.rejection_rate_std_error(t)[0] for t in tests])
    return rates


@checks(result=simulation_result(), levels=Values(Real(0, 1)), tests=_TESTS)
def level_sweep(result, levels=(0.01, 0.025, 0.05, 0.10), tests=SIMULATION_TESTS):
    """Type I error on source 1 of each test at each significance level.

    Parameters
    ----------
    result : SimulationResult
        A run of :func:`run_simulation`.
    levels : sequence of float, default (0.01, 0.025, 0.05, 0.10)
        The significance levels (columns).
    tests : sequence of str, default SIMULATION_TESTS
        The tests (rows).

    Returns
    -------
    pandas.DataFrame
        One row per test, one column per level.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import SIMULATION_TESTS, SimulationResult
    >>> p = {t: np.full((4, 2, 3), 0.5) for t in SIMULATION_TESTS}     # 4 sources x 2 sets x 3 runs, p = 0.5
    >>> res = SimulationResult(np.full((4, 2, 2), 0.5), p, 0.05, 0.0)
    >>> level_sweep(res, levels=(0.05, 0.6), tests=["5x2cv"]).values.tolist()
    [[0.0, 1.0]]
    """
    import pandas as pd

    tests = list(tests)
    return pd.DataFrame({f"level {a:g}": [result.rejection_rate(t, level=a)[0] for t in tests] for a in levels},
                        index=tests)


@checks(result=simulation_result(), tests=_TESTS)
def judged_table(result, tests=SIMULATION_TESTS):
    """Each test judged on Type I error (source 1), power (mean of sources 2-4) and worst-source consistency.

    Parameters
    ----------
    result : SimulationResult
        A run of :func:`run_simulation` on four sources.
    tests : sequence of str, default SIMULATION_TESTS
        The tests (rows).

    Returns
    -------
    pandas.DataFrame
        One row per test: Type I error, power and the worst consistency (%).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import SIMULATION_TESTS, SimulationResult
    >>> p = {t: np.full((4, 2, 3), 0.5) for t in SIMULATION_TESTS}     # 4 sources x 2 sets x 3 runs, p = 0.5
    >>> res = SimulationResult(np.full((4, 2, 2), 0.5), p, 0.05, 0.0)
    >>> judged_table(res, tests=["5x2cv"]).values.tolist()
    [[0.0, 0.0, 100.0]]
    """
    import pandas as pd

    tests = list(tests)
    return pd.DataFrame({
        "Type I error (source 1)": [result.rejection_rate(t)[0] for t in tests],
        "power (mean, sources 2-4)": [result.rejection_rate(t)[1:].mean() for t in tests],
        "consistency, worst source (%)": [result.consistency(t).min() for t in tests],
    }, index=tests)
