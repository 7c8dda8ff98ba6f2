"""Bouckaert & Frank (2004), Tables 1-4: replicability of significance tests on UCI data.

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
reject the null hypothesis, the numbers the paper tabulates.
"""
from __future__ import annotations

import functools
import warnings

import numpy as np

from ... import stats
from ..._checks import Choice, Either, Function, Instance, Integer, Real, Seed, Text, Values, checks
from ..._parallel import parallel_map
from ..._results import result
from ...datasets import UCI_DATASETS, load_arff
from ...learners import identical_learners_for, identical_split_scores, learners_for, standin_split_scores
from ...resampling import SplitScores, split_scores
from ._common import int_seed, replication_result
from .paper import PAIR_SLUGS, PAIRS, PAPER_DATASET_NAMES, PAPER_SUMMARIES, PAPER_TABLE_1

__all__ = ["CV_RUNS", "EQUAL_EFFORT", "LEARNER_SETS", "LEVELS", "REPLICABILITY_ORDER", "RESAMPLING_RUNS",
           "TABLE_TESTS", "cell_comparison", "cell_differences", "effort_comparison", "mean_replicability",
           "paper_table1_check", "ReplicationResult", "run_replication", "summary_comparison", "summary_tables",
           "table1_comparison", "weka_run_seeds"]

RESAMPLING_RUNS = (10, 20, 50, 100)
"""Numbers of random subsamples of Table 2."""
CV_RUNS = (1, 2, 5, 10)
"""Numbers of 10-fold CV runs of Table 3."""
LEVELS = (0.01, 0.025, 0.05, 0.10)
"""Significance levels of Table 4."""


@checks(datasets=Values(Text()), repetitions=Integer(1),
        counts=Instance(dict, example=lambda: {"5x2cv": {"NB vs C4.5": np.array([2])}}), fits=Integer(0),
        seconds=Real(0, None))
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

    def rejection_rates(self, pair):
        """Fraction of all runs (data sets x repetitions) in which each 5%-level test rejected, for ``pair``.

        Where the null hypothesis holds (two copies of one learner) this is the Type I error.
        """
        return {test: 1 - per_pair[pair].sum() / (len(self.datasets) * self.repetitions)
                for test, per_pair in self.counts.items() if "level" not in test}


LEARNER_SETS = ("weka", "standins")
"""The learners a run can use by name: Weka's own (the paper's) or the scikit-learn stand-ins."""


# learner sets whose split scores have a fast path giving the same numbers
_FAST_SCORES = {learners_for: standin_split_scores, identical_learners_for: identical_split_scores}


def _standin_scores(data, make, seed, n_jobs):
    """The three designs' split scores with scikit-learn learners (``make(data)``) and splitters.

    The stand-ins of :func:`~evalkit.learners.learners_for` and the copies of
    :func:`~evalkit.learners.identical_learners_for` go through
    :func:`~evalkit.learners.standin_split_scores` and
    :func:`~evalkit.learners.identical_split_scores` (the same scores, faster).
    """
    from sklearn.model_selection import RepeatedStratifiedKFold, ShuffleSplit

    X = data.X
    y = data.y
    keep = y >= 0  # drop examples whose class is missing
    X, y = X[keep], y[keep]
    designs = (RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=seed),
               ShuffleSplit(n_splits=100, test_size=0.1, random_state=seed),
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


@functools.lru_cache(maxsize=None)
def _weka_instances(name):
    """The ARFF data set as Weka Instances, once per process (each worker has its own JVM)."""
    from ...learners import to_instances

    return to_instances(load_arff(name))


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


def _weka_scores(name, seed):
    """The three designs' split scores with Weka's learners, the splits made by Weka."""
    from ...learners import WEKA_LEARNERS, weka_design_accuracies

    instances = _weka_instances(name)
    names = tuple(WEKA_LEARNERS)
    classifiers = list(WEKA_LEARNERS.values())
    out = []
    for design, runs in ((("cv", 2), 5), (("split", 90), 100), (("cv", 10), 10)):
        acc, n_train, n_test = weka_design_accuracies(instances, design, weka_run_seeds(seed, runs), classifiers)
        out.append(SplitScores(acc, names, n_train, n_test))
    return tuple(out)


def _pvalues(five, resamp, cv):
    """Every test's p-value for every pair of learners, from the three designs' split scores."""
    out = {}
    names = list(five.names)
    for a, b in [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]:
        pair = f"{a} vs {b}"
        p = {}
        p["5x2cv"] = stats.five_by_two_cv_t_test(five.differences(a, b).reshape(5, 2)).pvalue
        d = resamp.differences(a, b)
        for n in RESAMPLING_RUNS:
            p[f"resampled corrected, {n} runs"] = stats.corrected_resampled_t_test(
                d[:n], n_train=int(resamp.n_train[0]), n_test=int(resamp.n_test[0])).pvalue
        d = cv.differences(a, b).reshape(10, 10)
        n_train, n_test = int(np.median(cv.n_train)), int(np.median(cv.n_test))
        p["10-fold CV, uncorrected"] = stats.resampled_t_test(d[0]).pvalue
        p["10x10-fold CV, uncorrected"] = stats.resampled_t_test(d).pvalue
        for r in CV_RUNS:
            p[f"corrected {r}x10 CV"] = stats.corrected_repeated_cv_t_test(d[:r], n_train=n_train, n_test=n_test).pvalue
        out[pair] = p
    return out


def _weka_repetition(name, seed):
    """One repetition on one data set with Weka's learners: (p-values, number of fits)."""
    scores = _weka_scores(name, seed)
    return _pvalues(*scores), sum(s.scores.size for s in scores)


@functools.lru_cache(maxsize=None)
def _arff(name):
    """The ARFF data set, once per process."""
    return load_arff(name)


def _standin_repetition(name, seed, make):
    """One repetition on one data set with scikit-learn learners: (p-values, number of fits).

    The fits of a repetition run in one process: parallel runs spread whole repetitions
    over the workers, so a worker gets a task of ~630 fits, not one split at a time.
    """
    data = _arff(name)
    scores = _standin_scores(data, make, seed, 1)
    return _pvalues(*scores), sum(s.scores.size for s in scores)


@checks(datasets=Values(Choice(*UCI_DATASETS)), repetitions=Integer(2),
        learners=Either(Choice(*LEARNER_SETS), Function(), none=True))
def run_replication(datasets=UCI_DATASETS, *, repetitions=10, learners="weka", n_jobs=None, progress=False, seed=0):
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
        1%, 2.5%, 5% and 10%) per test, pair and data set.

    Examples
    --------
    With the scikit-learn stand-ins (Weka's learners start the JVM):

    >>> res = run_replication(["iris"], repetitions=2, learners="standins", seed=0)
    >>> res.counts["5x2cv"]["NB vs C4.5"], res.fits
    (array([2]), 1260)
    """
    import time

    if learners is None:
        learners = "weka"
    seed = int_seed(seed)
    start = time.perf_counter()
    datasets = tuple(datasets)
    if learners == "weka":
        tasks = [(name, seed + rep) for name in datasets for rep in range(repetitions)]
        outcomes = parallel_map(_weka_repetition, tasks, n_jobs=n_jobs, progress=progress,
                                desc="data set x repetition")
        per_dataset = [outcomes[i * repetitions:(i + 1) * repetitions] for i in range(len(datasets))]
    else:
        make = learners_for if learners == "standins" else learners
        tasks = [(name, seed + rep, make) for name in datasets for rep in range(repetitions)]
        outcomes = parallel_map(_standin_repetition, tasks, n_jobs=n_jobs, progress=progress,
                                desc="data set x repetition")
        per_dataset = [outcomes[i * repetitions:(i + 1) * repetitions] for i in range(len(datasets))]
    counts = {}
    fits = 0
    for di, reps in enumerate(per_dataset):
        for pvals, f in reps:
            fits += f
            for pair, per_test in pvals.items():
                for test, p in per_test.items():
                    levels = LEVELS if test == "corrected 10x10 CV" else (0.05,)
                    for level in levels:
                        key = test if level == 0.05 else f"{test}, level {level:g}"
                        arr = counts.setdefault(key, {}).setdefault(pair, np.zeros(len(datasets), dtype=int))
                        arr[di] += int(p >= level)
    return ReplicationResult(datasets, repetitions, counts, fits, time.perf_counter() - start)


@checks(result=replication_result())
def summary_tables(result):
    """Consistent / almost consistent / R for every test and pair, as a nested dict.

    Parameters
    ----------
    result : ReplicationResult
        A run of :func:`run_replication`.

    Returns
    -------
    dict of str -> dict of str -> ReplicabilitySummary
        Test -> pair -> :func:`evalkit.stats.replicability_summary` of its counts.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in SUMMARY_CLAIMS}   # no test ever rejects
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> s = summary_tables(res)["5x2cv"]["NB vs C4.5"]
    >>> s.consistent, float(s.replicability)
    (27, 1.0)
    """
    out = {}
    for test, per_pair in result.counts.items():
        out[test] = {pair: stats.replicability_summary(k, result.repetitions) for pair, k in per_pair.items()}
    return out


@checks(result=replication_result(), standins=replication_result(none=True))
def table1_comparison(result, *, standins=None):
    """Table 1 (5x2cv non-rejections per data set), the paper's columns beside ours.

    ``result`` (and ``standins``, a second run to show beside it, e.g. with the
    scikit-learn stand-ins) must hold the paper's 27 data sets in the order of
    ``PAPER_DATASET_NAMES``.

    Parameters
    ----------
    result : ReplicationResult
        Our run on the paper's 27 data sets.
    standins : ReplicationResult, optional
        A second run shown beside it.

    Returns
    -------
    pandas.DataFrame
        One row per data set (the paper's names); columns (pair, ``"paper"``/``"ours"``/``"stand-ins"``).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in SUMMARY_CLAIMS}   # no test ever rejects
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> table1_comparison(res).shape
    (27, 6)
    """
    import pandas as pd

    runs = {"paper": None, "ours": result}
    if standins is not None:
        runs["stand-ins"] = standins
    pairs = [f"{a} vs {b}" for a, b in PAIRS]
    table1 = pd.DataFrame(
        {(pair, who): (PAPER_TABLE_1[pair] if run is None else run.counts["5x2cv"][pair])
         for pair in pairs for who, run in runs.items()},
        index=list(PAPER_DATASET_NAMES.values()),
    )
    table1.columns = pd.MultiIndex.from_tuples(table1.columns)
    return table1


@checks(result=replication_result(), standins=replication_result(none=True))
def summary_comparison(result, *, standins=None):
    """Summary rows of Tables 1-4 and Section 4.3: the paper's and ours (and a second run's), per test and pair.

    Parameters
    ----------
    result : ReplicationResult
        Our run.
    standins : ReplicationResult, optional
        A second run shown beside it.

    Returns
    -------
    pandas.DataFrame
        Index (test, pair); consistent, almost consistent and R of the paper and of each run.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in SUMMARY_CLAIMS}   # no test ever rejects
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> int(summary_comparison(res).loc[("5x2cv", "NB vs C4.5"), "consistent (ours)"])
    27
    """
    import pandas as pd

    runs = {"ours": summary_tables(result)}
    if standins is not None:
        runs["stand-ins"] = summary_tables(standins)
    pairs = [f"{a} vs {b}" for a, b in PAIRS]
    rows = []
    for test, per_pair in PAPER_SUMMARIES.items():
        for pair in pairs:
            paper = per_pair[pair]
            row = {"test": test, "pair": pair}
            for j, what in enumerate(("consistent", "almost", "R")):
                row[f"{what} (paper)"] = paper[j]
                for who, tables in runs.items():
                    summary = tables[test][pair]
                    row[f"{what} ({who})"] = (summary.consistent, summary.almost_consistent,
                                              summary.replicability)[j]
            rows.append(row)
    return pd.DataFrame(rows).set_index(["test", "pair"])


TABLE_TESTS = {
    "Table 1": ("5x2cv",),
    "Table 2": tuple(f"resampled corrected, {n} runs" for n in RESAMPLING_RUNS),
    "Table 3": tuple(f"corrected {r}x10 CV" for r in CV_RUNS),
    "Table 4": ("corrected 10x10 CV, level 0.01", "corrected 10x10 CV, level 0.025", "corrected 10x10 CV",
                "corrected 10x10 CV, level 0.1"),
}
"""The tests (columns) of each of the paper's Tables 1-4, as the replication names them."""


def _paper_summary(test, pair):
    key = "corrected 10x10 CV" if test == "corrected 10x10 CV, level 0.05" else test
    return PAPER_SUMMARIES[key][pair]


@checks(result=replication_result())
def cell_differences(result):
    """Every cell of the paper's Tables 1-4 beside ours, one row per cell.

    Table 1's cells are its 81 non-rejection counts (of ``repetitions`` runs) and its
    summary rows; Tables 2-4 have the consistent and almost-consistent counts (of the 27
    data sets) and R of each column.

    Parameters
    ----------
    result : ReplicationResult
        The paper's 27 data sets in Table 1's order.

    Returns
    -------
    pandas.DataFrame
        Columns ``table``, ``pair``, ``test``, ``row`` (a data set, ``"consistent"``,
        ``"almost consistent"`` or ``"R"``), ``kind`` (``"count"`` or ``"R"``), ``paper``,
        ``ours``, ``difference`` (ours - paper).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in SUMMARY_CLAIMS}   # no test ever rejects
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> cells = cell_differences(res)
    >>> len(cells), int(cells.loc[0, "ours"])
    (198, 10)
    """
    import pandas as pd

    if tuple(result.datasets) != tuple(PAPER_DATASET_NAMES):
        raise ValueError("result must hold the paper's 27 data sets in Table 1's order")
    ours = summary_tables(result)
    rows = []
    for pair in PAIR_SLUGS:
        for i, ds in enumerate(result.datasets):
            rows.append(("Table 1", pair, "5x2cv", PAPER_DATASET_NAMES[ds], "count", PAPER_TABLE_1[pair][i],
                         int(result.counts["5x2cv"][pair][i])))
    for table, tests in TABLE_TESTS.items():
        for test in tests:
            for pair in PAIR_SLUGS:
                paper = _paper_summary(test, pair)
                mine = ours[test][pair]
                rows += [(table, pair, test, "consistent", "count", paper[0], mine.consistent),
                         (table, pair, test, "almost consistent", "count", paper[1], mine.almost_consistent),
                         (table, pair, test, "R", "R", paper[2], mine.replicability)]
    frame = pd.DataFrame(rows, columns=["table", "pair", "test", "row", "kind", "paper", "ours"])
    frame["difference"] = frame["ours"].astype(float) - frame["paper"].astype(float)
    return frame


@checks(result=replication_result(), by=Values(Choice("table", "pair")))
def cell_comparison(result, *, by=("table", "pair")):
    """How far our Tables 1-4 are from the paper's, cell by cell, summarised per table and pair.

    Parameters
    ----------
    result : ReplicationResult
        The paper's 27 data sets in Table 1's order.
    by : tuple of str, default ("table", "pair")
        The grouping; ``("table",)`` pools the pairs, ``("pair",)`` the tables.

    Returns
    -------
    pandas.DataFrame
        Per group: ``count cells``, their ``mean |difference|``, how many are ``exact``,
        how many are ``off by >= 3``; ``R cells``, their ``mean |R difference|``, and in
        how many our R is above the paper's (``R above paper``). Table 1's count cells are
        its 81 non-rejection counts (of 10 runs); the other tables' count cells are
        consistent and almost-consistent counts (of 27 data sets).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in SUMMARY_CLAIMS}   # no test ever rejects
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> cell_comparison(res, by=("table",))["count cells"].tolist()
    [81, 24, 24, 24]
    """
    cells = cell_differences(result)
    cells = cells[~((cells["table"] == "Table 1") & cells["row"].isin(["consistent", "almost consistent"]))]

    def summarise(group):
        counts = group[group["kind"] == "count"]["difference"].abs()
        r = group[group["kind"] == "R"]["difference"]
        return {"count cells": len(counts), "mean |difference|": counts.mean(), "exact": int((counts == 0).sum()),
                "off by >= 3": int((counts >= 3).sum()), "R cells": len(r), "mean |R difference|": r.abs().mean(),
                "R above paper": int((r > 0).sum())}

    import pandas as pd

    by = list(by)
    out = {key: summarise(group) for key, group in cells.groupby(by if len(by) > 1 else by[0], sort=False)}
    frame = pd.DataFrame.from_dict(out, orient="index")
    frame.index.names = by
    return frame


REPLICABILITY_ORDER = ("5x2cv", "resampled corrected, 10 runs", "resampled corrected, 20 runs",
                       "resampled corrected, 50 runs", "resampled corrected, 100 runs", "corrected 1x10 CV",
                       "corrected 2x10 CV", "corrected 5x10 CV", "corrected 10x10 CV")
"""The tests with a published R, from the least to the most effort of each design."""

EQUAL_EFFORT = (("resampled corrected, 10 runs", "corrected 1x10 CV"),
                ("resampled corrected, 20 runs", "corrected 2x10 CV"),
                ("resampled corrected, 50 runs", "corrected 5x10 CV"),
                ("resampled corrected, 100 runs", "corrected 10x10 CV"))
"""Pairs (random subsampling, repeated CV) of equal computational effort."""


@checks(result=replication_result(), tests=Values(Text()))
def mean_replicability(result, tests=REPLICABILITY_ORDER):
    """Replicability R of each test, averaged over the three pairs: (ours, the paper's), two lists.

    Parameters
    ----------
    result : ReplicationResult
        Our run (every test of ``tests`` and every pair of ``PAIRS``).
    tests : sequence of str, default REPLICABILITY_ORDER
        The tests, as the replication names them.

    Returns
    -------
    mean_ours, mean_paper : list of float
        The mean R of each test, ours and the paper's.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in SUMMARY_CLAIMS}   # no test ever rejects
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> ours, paper = mean_replicability(res, tests=["5x2cv"])
    >>> float(ours[0]), round(float(paper[0]), 3)
    (1.0, 0.779)
    """
    ours = summary_tables(result)
    pairs = [f"{a} vs {b}" for a, b in PAIRS]
    mean_ours = [np.mean([ours[t][p].replicability for p in pairs]) for t in tests]
    mean_paper = [np.mean([PAPER_SUMMARIES[t][p][2] for p in pairs]) for t in tests]
    return mean_ours, mean_paper


@checks(result=replication_result())
def effort_comparison(result):
    """In how many (equal-effort pair of designs, pair of learners) repeated CV is more replicable.

    Parameters
    ----------
    result : ReplicationResult
        Our run.

    Returns
    -------
    cv_wins, paper_wins, n_comparisons : int
        Our count, the paper's count, and the number of comparisons.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in SUMMARY_CLAIMS}   # no test ever rejects
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> effort_comparison(res)
    (0, 10, 12)
    """
    ours = summary_tables(result)
    pairs = [f"{a} vs {b}" for a, b in PAIRS]
    cv_wins = sum(ours[cv][p].replicability > ours[rs][p].replicability for rs, cv in EQUAL_EFFORT for p in pairs)
    paper_wins = sum(PAPER_SUMMARIES[cv][p][2] > PAPER_SUMMARIES[rs][p][2] for rs, cv in EQUAL_EFFORT for p in pairs)
    return int(cv_wins), int(paper_wins), len(EQUAL_EFFORT) * len(pairs)


@checks()
def paper_table1_check():
    """The summary rows of the paper's Table 1 recomputed from its own columns.

    Returns
    -------
    check : pandas.DataFrame
        Consistent, almost consistent and R per pair: the paper's and ours, side by side.
    max_r_difference : float
        Largest absolute difference between our R and the paper's.

    Examples
    --------
    >>> check, diff = paper_table1_check()
    >>> diff < 5e-4
    True
    """
    import pandas as pd

    table_1 = pd.DataFrame({pair: PAPER_TABLE_1[pair] for pair in PAPER_TABLE_1},
                           index=list(PAPER_DATASET_NAMES.values()))
    paper_summary = pd.DataFrame({pair: list(PAPER_SUMMARIES["5x2cv"][pair]) for pair in PAPER_TABLE_1},
                                 index=["consistent", "almost consistent", "replicability (R)"])
    ours = pd.DataFrame(
        {pair: list(vars(stats.replicability_summary(col, 10)).values()) for pair, col in table_1.items()},
        index=paper_summary.index,
    )
    check = pd.concat({"paper": paper_summary, "evalkit": ours}, axis=1).swaplevel(axis=1).sort_index(axis=1)
    diff = float((ours.loc["replicability (R)"] - paper_summary.loc["replicability (R)"]).abs().max())
    return check, diff
