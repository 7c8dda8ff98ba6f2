"""Bouckaert & Frank's procedures: the replication runner on real data, and the simulation of Table 5.

For each data set and each of ``repetitions`` random seeds, three learners (by default
the paper's: Weka's naive Bayes, J48 (C4.5) and nearest neighbour, see :func:`run_replication`)
are fitted once per split of three designs, and
every test of the paper is run on the resulting score differences for every pair of
learners:

* 5 x 2-fold CV -> the 5x2cv paired t test (Table 1);
* 100 random 90/10 subsamples -> the corrected resampled t test on the first 10, 20, 50
  and 100 (Table 2);
* 10 x 10-fold stratified CV -> the paired t test on the first 10-fold run and on all 100
  folds (Section 4.3), and the corrected repeated CV test on the first 1, 2, 5 and 10 runs
  (Table 3) and at four significance levels (Table 4).

The result counts, per data set, pair and test, how many of the repetitions did *not*
reject the null hypothesis, the numbers the paper tabulates. The UCI tables page runs it
with the paper's learners, the simulation page with two copies of one learner (Type I
error on real data).

The simulation of Section 4.4 (:func:`run_simulation`, its result :class:`SimulationResult`)
runs every test of :data:`SIMULATION_TESTS` ``repetitions`` times on each of many training
sets drawn from known data sources, with the count learners or Weka's; the simulation page
(:mod:`evalkit.reproductions.replicability.simulation`) runs it for Table 5.
"""
from __future__ import annotations

import numbers
import time
import warnings

import numpy as np

from ... import stats
from ..._checks import (Anything, Array, Boolean, Choice, Either, Function, Instance, Integer, Real, Seed, Text, Values,
                        checks)
from ..._parallel import parallel_map
from ..._results import result
from ...datasets import UCI_DATASETS
from ...datasets.synthetic import pattern_bits
from ...learners import identical_learners_for, identical_split_scores, learners_for, standin_split_scores
from ...learners.counts import decision_tree_predict, naive_bayes_predict
from ...resampling import SplitScores, split_scores, stratified_fold_ids, subsample_test_masks
from .setups import SIMULATION_LEARNERS, binary_header, net_parameter, simulation_sources, uci_data, weka_instances

__all__ = ["CV_RUNS", "LEARNER_SETS", "LEVELS", "RESAMPLING_KINDS", "RESAMPLING_RUNS", "ReplicationResult", "SIMULATION_TESTS",
           "SimulationResult", "int_seed", "replication_result", "run_replication", "run_simulation",
           "simulation_result", "weka_run_seeds"]

#: a significance level of the recorded p-values, a probability (None: the result's own)
_LEVEL = Real(0, 1, none=True)



@checks(seed=Seed())
def int_seed(seed):
    """``seed`` as an int: an integer is kept; a Generator, SeedSequence or None draws one.

    Parameters
    ----------
    seed : int, Generator, SeedSequence or None
        The seed.

    Returns
    -------
    int

    Examples
    --------
    >>> int_seed(7), int_seed(seed=7)
    (7, 7)
    """
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        return int(seed)
    return int(np.random.default_rng(seed).integers(2 ** 31 - 1))


RESAMPLING_KINDS = ("unstratified", "stratified")
"""How :func:`run_replication` can draw Table 2's random subsamples."""
RESAMPLING_RUNS = (10, 20, 50, 100)
"""Numbers of random subsamples of Table 2."""
CV_RUNS = (1, 2, 5, 10)
"""Numbers of 10-fold CV runs of Table 3."""
LEVELS = (0.01, 0.025, 0.05, 0.10)
"""Significance levels of Table 4."""


@checks(datasets=Values(Text()), repetitions=Integer(1),
        counts=Instance(dict, example=lambda: {"5x2cv": {"NB vs C4.5": np.array([2])}}), fits=Integer(0),
        seconds=Real(0, None),
        directions=Instance(dict, none=True, example=lambda: {"5x2cv": {"NB vs C4.5": np.array([[0, 0]])}}))
@result
class ReplicationResult:
    """Non-rejection counts: ``counts[test][pair]`` is an int array over ``datasets``.

    Parameters
    ----------
    datasets : tuple of str
        Weka names of the data sets, in the order of the count arrays.
    repetitions : int
        Runs (random partitionings) of every test per data set.
    counts : dict of str -> dict of str -> ndarray of int
        Test -> pair of learners (``"NB vs C4.5"``) -> non-rejections per data set.
    fits : int
        Learner fits the run made.
    seconds : float
        Wall-clock time of the run.
    directions : dict of str -> dict of str -> ndarray of int, shape (n_datasets, 2), optional
        Test -> pair -> the 5%-level rejections per data set in which the pair's first
        learner scored higher (column 0) and in which the second did (column 1).

    Examples
    --------
    >>> import numpy as np
    >>> res = ReplicationResult(("iris",), 2, {"5x2cv": {"NB vs C4.5": np.array([1])}}, 1260, 1.0)
    >>> row = res.rows()[0]
    >>> row["consistent"], row["almost_consistent"], row["non_rejections[iris]"]
    (0, 1, 1)
    """

    datasets: tuple
    repetitions: int
    counts: dict
    fits: int
    seconds: float
    directions: dict = None

    def rows(self):
        """One row per test and pair: the summary and each data set's non-rejection count."""
        rows = []
        for test, per_pair in self.counts.items():
            for pair, counts in per_pair.items():
                summary = stats.replicability_summary(counts, self.repetitions)
                row = {"test": test, "pair": pair, "consistent": summary.consistent,
                       "almost_consistent": summary.almost_consistent, "replicability": summary.replicability}
                row.update({f"non_rejections[{d}]": int(c) for d, c in zip(self.datasets, counts)})
                rows.append(row)
        return rows

    @checks(pair=Anything("a pair of learners, as the result names them; checked against them"))
    def rejection_rates(self, pair):
        """Fraction of all runs (data sets x repetitions) in which each 5%-level test rejected, for ``pair``.

        Where the null hypothesis holds (two copies of one learner) this is the Type I error.
        """
        return {test: 1 - per_pair[pair].sum() / (len(self.datasets) * self.repetitions)
                for test, per_pair in self.counts.items() if "level" not in test}

    @checks(test=Text())
    def both_directions(self, test):
        """The cells in which ``test`` rejected at 5% in favour of each learner of a pair at least once.

        Section 4.1 of the paper: "sometimes A is preferred and sometimes B if the null
        hypothesis is rejected".

        Parameters
        ----------
        test : str
            A key of ``directions``.

        Returns
        -------
        list of dict
            One per (pair, data set) with rejections both ways: ``pair``, ``dataset``,
            ``first`` and ``second`` (rejections favouring each learner) and
            ``non_rejections``.

        Examples
        --------
        >>> import numpy as np
        >>> res = ReplicationResult(("iris", "labor"), 10, {"5x2cv": {"NB vs C4.5": np.array([7, 10])}}, 0, 1.0,
        ...                         {"5x2cv": {"NB vs C4.5": np.array([[2, 1], [0, 0]])}})
        >>> res.both_directions("5x2cv")
        [{'pair': 'NB vs C4.5', 'dataset': 'iris', 'first': 2, 'second': 1, 'non_rejections': 7}]
        """
        if self.directions is None:
            raise ValueError("this result has no directions (a run of an evalkit older than the directions)")
        if test not in self.directions:
            raise ValueError(f"test must be one of {sorted(self.directions)}; got {test!r}")
        out = []
        for pair, favoured in self.directions[test].items():
            for d, (first, second) in enumerate(favoured):
                if first > 0 and second > 0:
                    out.append({"pair": pair, "dataset": self.datasets[d], "first": int(first), "second": int(second),
                                "non_rejections": int(self.counts[test][pair][d])})
        return out



def _example_replication_result():
    """A small ``ReplicationResult`` (the example of its parameter declaration)."""
    return ReplicationResult(("iris",), 2, {"5x2cv": {"NB vs C4.5": np.array([2])}}, 1260, 1.0)


@checks(none=Boolean())
def replication_result(none=False):
    """The declaration of a ``ReplicationResult`` parameter.

    Parameters
    ----------
    none : bool, default False
        Whether None is allowed.

    Returns
    -------
    Instance
        The constraint, for :func:`evalkit._checks.checks`.

    Examples
    --------
    >>> replication_result().valid().datasets
    ('iris',)
    """
    return Instance(ReplicationResult, none=none, example=_example_replication_result)


LEARNER_SETS = ("weka", "standins")
"""The learners a run can use by name: Weka's own (the paper's) or the scikit-learn stand-ins."""


# learner sets whose split scores have a fast path giving the same numbers
_FAST_SCORES = {learners_for: standin_split_scores, identical_learners_for: identical_split_scores}


def _standin_scores(data, make, seed, n_jobs, resampling="unstratified"):
    """The three designs' split scores with scikit-learn learners (``make(data)``) and splitters.

    The stand-ins of :func:`~evalkit.learners.learners_for` and the copies of
    :func:`~evalkit.learners.identical_learners_for` go through
    :func:`~evalkit.learners.standin_split_scores` and
    :func:`~evalkit.learners.identical_split_scores` (the same scores, faster).
    """
    from sklearn.model_selection import RepeatedStratifiedKFold, ShuffleSplit, StratifiedShuffleSplit

    X = data.X
    y = data.y
    keep = y >= 0  # drop examples whose class is missing
    X, y = X[keep], y[keep]
    designs = (RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=seed),
               (StratifiedShuffleSplit if resampling == "stratified" else ShuffleSplit)(
                   n_splits=100, test_size=0.1, random_state=seed),
               RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=seed))
    with warnings.catch_warnings():
        # The paper's design uses 10 folds on every data set, also where a class has
        # fewer than 10 members; scikit-learn warns about it, as expected.
        warnings.filterwarnings("ignore", message="The least populated class", category=UserWarning)
        fast = _FAST_SCORES.get(make)
        if fast is not None:
            return tuple(fast(data, cv) for cv in designs)
        learners = make(data)
        return tuple(split_scores(learners, X, y, cv, n_jobs=n_jobs) for cv in designs)


@checks(seed=Seed(), runs=Integer(1))
def weka_run_seeds(seed, runs):
    """The ``java.util.Random`` seeds of the runs of one design in the repetition with seed ``seed``.

    Weka's experimenter randomises run ``j`` with ``new Random(j)``, ``j = 1, 2, ...``;
    repetition ``seed`` uses runs ``1000 seed + 1, ..., 1000 seed + runs``, so repetition 0
    is exactly the experimenter's default.

    Parameters
    ----------
    seed : int
        The repetition's seed (a Generator or SeedSequence draws one).
    runs : int
        Runs of the design.

    Returns
    -------
    list of int
        The ``java.util.Random`` seed of each run.

    Examples
    --------
    >>> weka_run_seeds(seed=0, runs=3), weka_run_seeds(seed=2, runs=2)
    ([1, 2, 3], [2001, 2002])
    """
    return [1000 * int_seed(seed) + j for j in range(1, runs + 1)]


def _weka_scores(name, seed, resampling="unstratified"):
    """The three designs' split scores with Weka's learners, the splits made by Weka."""
    from ...learners import WEKA_LEARNERS, weka_design_accuracies

    instances = weka_instances(name)
    names = tuple(WEKA_LEARNERS)
    classifiers = list(WEKA_LEARNERS.values())
    split = ("stratified-split" if resampling == "stratified" else "split", 90)
    out = []
    for design, runs in ((("cv", 2), 5), (split, 100), (("cv", 10), 10)):
        acc, n_train, n_test = weka_design_accuracies(instances, design, weka_run_seeds(seed, runs), classifiers)
        out.append(SplitScores(acc, names, n_train, n_test))
    return tuple(out)


def _tests(five, resamp, cv):
    """Every test for every pair of learners, from the three designs' split scores.

    Returns ``(pvalues, signs)``: ``pvalues[pair][test]`` is the test's p-value and
    ``signs[pair][test]`` the sign of its statistic (+1: the pair's first learner scored
    higher, -1: the second, 0: neither).
    """
    pvalues, signs = {}, {}
    names = list(five.names)
    for a, b in [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]:
        results = {"5x2cv": stats.five_by_two_cv_t_test(five.differences(a, b).reshape(5, 2))}
        d = resamp.differences(a, b)
        for n in RESAMPLING_RUNS:
            results[f"resampled corrected, {n} runs"] = stats.corrected_resampled_t_test(
                d[:n], n_train=int(resamp.n_train[0]), n_test=int(resamp.n_test[0]))
        d = cv.differences(a, b).reshape(10, 10)
        n_train, n_test = int(np.median(cv.n_train)), int(np.median(cv.n_test))
        results["10-fold CV, uncorrected"] = stats.resampled_t_test(d[0])
        results["10x10-fold CV, uncorrected"] = stats.resampled_t_test(d)
        for r in CV_RUNS:
            results[f"corrected {r}x10 CV"] = stats.corrected_repeated_cv_t_test(d[:r], n_train=n_train, n_test=n_test)
        pair = f"{a} vs {b}"
        pvalues[pair] = {test: r.pvalue for test, r in results.items()}
        signs[pair] = {test: int(np.sign(r.statistic)) if np.isfinite(r.statistic) else 0
                       for test, r in results.items()}
    return pvalues, signs


def _weka_repetition(name, seed, resampling="unstratified"):
    """One repetition on one data set with Weka's learners: (p-values, signs, number of fits)."""
    scores = _weka_scores(name, seed, resampling)
    return (*_tests(*scores), sum(s.scores.size for s in scores))


def _standin_repetition(name, seed, make, resampling="unstratified"):
    """One repetition on one data set with scikit-learn learners: (p-values, signs, number of fits).

    The fits of a repetition run in one process: parallel runs spread whole repetitions
    over the workers, so a worker gets a task of ~630 fits, not one split at a time.
    """
    data = uci_data(name)
    scores = _standin_scores(data, make, seed, 1, resampling)
    return (*_tests(*scores), sum(s.scores.size for s in scores))


@checks(datasets=Values(Choice(*UCI_DATASETS)), repetitions=Integer(2),
        learners=Either(Choice(*LEARNER_SETS), Function(), none=True), resampling=Choice(*RESAMPLING_KINDS))
def run_replication(datasets=UCI_DATASETS, *, repetitions=10, learners="weka", resampling="unstratified", n_jobs=None,
                    progress=False, seed=0):
    """Run the paper's experiment on the given UCI data sets (see the module docstring).

    Parameters
    ----------
    datasets : sequence of str
        Weka names from ``UCI_DATASETS``.
    repetitions : int, default 10
        Random partitionings per data set (the paper: 10).
    learners : {"weka", "standins"} or callable, default "weka"
        ``"weka"``: the paper's learners, Weka's NaiveBayes, J48 and IBk (k = 1) with
        Weka's defaults (``WEKA_LEARNERS`` of :mod:`evalkit.learners.weka`), every split made by Weka
        itself as its experimenter makes them (:func:`evalkit.learners.weka_design_accuracies`;
        run seeds :func:`weka_run_seeds`). ``"standins"``: the scikit-learn stand-ins of
        :func:`evalkit.learners.learners_for` on scikit-learn's splitters
        (``RepeatedStratifiedKFold``, ``ShuffleSplit``) seeded ``seed + i``. A callable
        ``learners(data) -> dict of name -> estimator`` is run like the stand-ins. Every
        pair of learners, in dict order, is compared.
    resampling : {"unstratified", "stratified"}, default "unstratified"
        How the 100 random 90/10 subsamples of Table 2 are drawn: without stratification, as
        the paper's Table 2 (Weka's ``("split", 90)``; scikit-learn's ``ShuffleSplit``), or
        with it, the paper's Section 4.3 control (Weka 3.9's stratified random split,
        ``("stratified-split", 90)``; ``StratifiedShuffleSplit``). The other designs' folds
        are stratified either way.
    n_jobs : int or None, default None
        Parallel jobs (joblib) over (data set, repetition) tasks, each worker process with
        its own JVM for Weka's learners (use a process-based back end): None defers to the
        active ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The
        counts do not depend on it.
    progress : bool
        Progress bar over the (data set, repetition) tasks.
    seed : int
        Repetition ``i`` of a data set uses seed ``seed + i`` for all its designs.

    Returns
    -------
    ReplicationResult
        Counts of non-rejections at the 5% level (and, for the corrected 10x10 CV test, at
        1%, 2.5%, 5% and 10%) per test, pair and data set, and the 5%-level rejections by
        the learner they favoured.

    Examples
    --------
    With the scikit-learn stand-ins (Weka's learners start the JVM):

    >>> res = run_replication(["iris"], repetitions=2, learners="standins", seed=0)
    >>> res.counts["5x2cv"]["NB vs C4.5"], res.fits
    (array([2]), 1260)
    """
    if learners is None:
        learners = "weka"
    seed = int_seed(seed)
    if seed + repetitions > 2**32:   # repetition i seeds scikit-learn's splitters with seed + i
        raise ValueError(f"seed must be at most 2**32 - repetitions ({2**32 - repetitions}): repetition i seeds "
                         f"scikit-learn's resampling with seed + i, below 2**32; got {seed}")
    start = time.perf_counter()
    datasets = tuple(datasets)
    if learners == "weka":
        tasks = [(name, seed + rep, resampling) for name in datasets for rep in range(repetitions)]
        outcomes = parallel_map(_weka_repetition, tasks, n_jobs=n_jobs, progress=progress,
                                desc="data set x repetition")
    else:
        make = learners_for if learners == "standins" else learners
        tasks = [(name, seed + rep, make, resampling) for name in datasets for rep in range(repetitions)]
        outcomes = parallel_map(_standin_repetition, tasks, n_jobs=n_jobs, progress=progress,
                                desc="data set x repetition")
    per_dataset = [outcomes[i * repetitions:(i + 1) * repetitions] for i in range(len(datasets))]
    counts, directions = {}, {}
    fits = 0
    for di, reps in enumerate(per_dataset):
        for pvals, signs, f in reps:
            fits += f
            for pair, per_test in pvals.items():
                for test, p in per_test.items():
                    levels = LEVELS if test == "corrected 10x10 CV" else (0.05,)
                    for level in levels:
                        key = test if level == 0.05 else f"{test}, level {level:g}"
                        arr = counts.setdefault(key, {}).setdefault(pair, np.zeros(len(datasets), dtype=int))
                        arr[di] += int(p >= level)
                    favoured = directions.setdefault(test, {}).setdefault(pair, np.zeros((len(datasets), 2), dtype=int))
                    if p < 0.05 and signs[pair][test] != 0:
                        favoured[di, 0 if signs[pair][test] > 0 else 1] += 1
    return ReplicationResult(datasets, repetitions, counts, fits, time.perf_counter() - start, directions)


# ------------------------------------------------------------------ the simulation of Section 4.4 (Table 5)

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

_TESTS = Values(Choice(*SIMULATION_TESTS))


@checks(accuracy=Array(ndim=3, low=0, high=1),
        pvalues=Instance(dict, example=lambda: {t: np.full((4, 2, 2), 0.5) for t in SIMULATION_TESTS}),
        level=Real(0, 1), seconds=Real(0, None), sources=Values(net_parameter(), none=True),
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

    @checks(test=Text(), level=_LEVEL)
    def rejections(self, test, level=None):
        """How many runs of ``test`` rejected at ``level``: int array (n_sources, n_training_sets).

        The methods below take ``test`` and ``level`` through this one: ``test`` must be a
        key of ``pvalues`` and ``level`` a probability (None: the result's ``level``), or an
        error names them.
        """
        if test not in self.pvalues:
            raise ValueError(f"test must be one of {sorted(self.pvalues)}; got {test!r}")
        level = self.level if level is None else float(level)
        return (self.pvalues[test] < level).sum(axis=2)

    @checks(test=Text(), level=_LEVEL)
    def consistency(self, test, level=None):
        """Percentage of training sets on which all repetitions of ``test`` agreed, per source."""
        k = self.rejections(test, level)
        return 100 * ((k == 0) | (k == self.repetitions)).mean(axis=1)

    @checks(test=Text(), level=_LEVEL)
    def consistency_std_error(self, test, level=None):
        """Monte Carlo standard error of :meth:`consistency` (binomial over training sets)."""
        p = self.consistency(test, level) / 100
        return 100 * np.sqrt(p * (1 - p) / self.n_training_sets)

    @checks(test=Text(), level=_LEVEL)
    def rejection_rate(self, test, level=None):
        """Fraction of all runs of ``test`` that rejected, per source (on a null source, the Type I error)."""
        return self.rejections(test, level).mean(axis=1) / self.repetitions

    @checks(test=Text(), level=_LEVEL)
    def rejection_rate_std_error(self, test, level=None):
        """Monte Carlo standard error of :meth:`rejection_rate`.

        The runs on one training set are strongly correlated (that is what consistency
        measures), so the error is computed over training sets, from the spread of their
        per-set rejection rates, not as if all runs were independent.
        """
        per_set = self.rejections(test, level) / self.repetitions
        return per_set.std(axis=1, ddof=1) / np.sqrt(self.n_training_sets)

    @checks(test=Text(), level=_LEVEL, n_std_errors=Real(0))
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
        level = self.level if level is None else float(level)
        if not np.isfinite(n_std_errors) or n_std_errors < 0:
            raise ValueError(f"n_std_errors must be a non-negative finite number, got {n_std_errors!r}")
        rate = self.rejection_rate(test, level)
        return rate - n_std_errors * self.rejection_rate_std_error(test, level) > level


def _example_simulation_result():
    """A small ``SimulationResult`` (the example of its parameter declaration)."""
    return SimulationResult(np.full((4, 2, 2), 0.5), {t: np.full((4, 2, 2), 0.5) for t in SIMULATION_TESTS}, 0.05, 0.0)


@checks(none=Boolean())
def simulation_result(none=False):
    """The declaration of a ``SimulationResult`` parameter.

    Parameters
    ----------
    none : bool, default False
        Whether None is allowed.

    Returns
    -------
    Instance
        The constraint, for :func:`evalkit._checks.checks`.

    Examples
    --------
    >>> simulation_result().valid().n_training_sets
    2
    """
    return Instance(SimulationResult, none=none, example=_example_simulation_result)


def _simulation_pvalues(d5, drs, dcv, n_train):
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
    p = np.array([_simulation_pvalues(r[:10].reshape(5, 2), r[10:110], r[110:].reshape(10, 10), n_train) for r in diff])
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
    header = binary_header(k)
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
        p.append(_simulation_pvalues(diff[0].reshape(5, 2), diff[1], diff[2].reshape(10, 10), n_train))
    return acc, np.array(p)


@checks(sources=Values(net_parameter(), none=True), n_training_sets=Integer(1), n_train=Integer(20), repetitions=Integer(1),
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
