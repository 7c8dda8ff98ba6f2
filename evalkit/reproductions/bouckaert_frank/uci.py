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
from dataclasses import dataclass

import numpy as np

from ... import stats
from ..._parallel import parallel_map, progress_bar
from ..._validation import check_positive_int
from ...datasets import UCI_DATASETS, load_arff
from ...learners import learners_for
from ...resampling import SplitScores, split_scores
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


@dataclass(frozen=True)
class ReplicationResult:
    """Non-rejection counts: ``counts[test][pair]`` is an int array over ``datasets``."""

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


def _standin_scores(data, learners, seed, n_jobs):
    """The three designs' split scores with scikit-learn learners and splitters."""
    from sklearn.model_selection import RepeatedStratifiedKFold, ShuffleSplit

    X = data.X
    y = data.y
    keep = y >= 0  # drop examples whose class is missing
    X, y = X[keep], y[keep]
    with warnings.catch_warnings():
        # The paper's design uses 10 folds on every data set, also where a class has
        # fewer than 10 members; scikit-learn warns about it, as expected.
        warnings.filterwarnings("ignore", message="The least populated class", category=UserWarning)
        five = split_scores(learners, X, y, RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=seed), n_jobs=n_jobs)
        resamp = split_scores(learners, X, y, ShuffleSplit(n_splits=100, test_size=0.1, random_state=seed), n_jobs=n_jobs)
        cv = split_scores(learners, X, y, RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=seed), n_jobs=n_jobs)
    return five, resamp, cv


@functools.lru_cache(maxsize=None)
def _weka_instances(name):
    """The ARFF data set as Weka Instances, once per process (each worker has its own JVM)."""
    from ...learners import to_instances

    return to_instances(load_arff(name))


def weka_run_seeds(seed, runs):
    """The ``java.util.Random`` seeds of the runs of one design in the repetition with seed ``seed``.

    Weka's experimenter randomises run ``j`` with ``new Random(j)``, ``j = 1, 2, ...``;
    repetition ``seed`` uses runs ``1000 seed + 1, ..., 1000 seed + runs``, so repetition 0
    is exactly the experimenter's default.

    Examples
    --------
    >>> weka_run_seeds(0, 3), weka_run_seeds(2, 2)
    ([1, 2, 3], [2001, 2002])
    """
    return [1000 * int(seed) + j for j in range(1, runs + 1)]


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
    n_jobs : int, optional
        Parallel jobs (joblib; None defers to the active ``joblib.parallel_config``): over
        (data set, repetition) tasks for Weka's learners, each worker process with its own
        JVM; over the fits otherwise. The counts do not depend on it.
    progress : bool
        Progress bar (over data sets; over tasks for Weka's learners).
    seed : int
        Repetition ``i`` of a data set uses seed ``seed + i`` for all its designs.

    Returns
    -------
    ReplicationResult
        Counts of non-rejections at the 5% level (and, for the corrected 10x10 CV test, at
        1%, 2.5%, 5% and 10%) per test, pair and data set.

    Examples
    --------
    >>> res = run_replication(["iris"], repetitions=2)
    >>> res.counts["5x2cv"]["NB vs C4.5"], res.fits
    (array([2]), 1260)
    """
    import time

    repetitions = check_positive_int(repetitions, "repetitions", minimum=2)
    unknown = [d for d in datasets if d not in UCI_DATASETS]
    if unknown:
        raise ValueError(f"datasets must be UCI data set names {list(UCI_DATASETS)}; unknown: {unknown}")
    if learners is None:
        learners = "weka"
    if isinstance(learners, str) and learners not in LEARNER_SETS:
        raise ValueError(f"learners must be one of {LEARNER_SETS} or a callable; got {learners!r}")
    if not (isinstance(learners, str) or callable(learners)):
        raise TypeError(f"learners must be one of {LEARNER_SETS} or a callable; got {type(learners).__name__}")
    start = time.perf_counter()
    datasets = tuple(datasets)
    if learners == "weka":
        tasks = [(name, seed + rep) for name in datasets for rep in range(repetitions)]
        outcomes = parallel_map(_weka_repetition, tasks, n_jobs=n_jobs, progress=progress,
                                desc="data set x repetition")
        per_dataset = [outcomes[i * repetitions:(i + 1) * repetitions] for i in range(len(datasets))]
    else:
        make = learners_for if learners == "standins" else learners
        per_dataset = []
        for name in progress_bar(datasets, progress=progress, desc="data sets"):
            data = load_arff(name)
            models = make(data)
            reps = []
            for rep in range(repetitions):
                scores = _standin_scores(data, models, seed + rep, n_jobs)
                reps.append((_pvalues(*scores), sum(s.scores.size for s in scores)))
            per_dataset.append(reps)
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


def summary_tables(result):
    """Consistent / almost consistent / R for every test and pair, as a nested dict."""
    out = {}
    for test, per_pair in result.counts.items():
        out[test] = {pair: stats.replicability_summary(k, result.repetitions) for pair, k in per_pair.items()}
    return out


def table1_comparison(result, *, standins=None):
    """Table 1 (5x2cv non-rejections per data set), the paper's columns beside ours.

    ``result`` (and ``standins``, a second run to show beside it, e.g. with the
    scikit-learn stand-ins) must hold the paper's 27 data sets in the order of
    ``PAPER_DATASET_NAMES``.
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


def summary_comparison(result, *, standins=None):
    """Summary rows of Tables 1-4 and Section 4.3: the paper's and ours (and a second run's), per test and pair."""
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


def cell_differences(result):
    """Every cell of the paper's Tables 1-4 beside ours, one row per cell.

    Table 1's cells are its 81 non-rejection counts (of ``repetitions`` runs) and its
    summary rows; Tables 2-4 have the consistent and almost-consistent counts (of the 27
    data sets) and R of each column.

    Returns
    -------
    pandas.DataFrame
        Columns ``table``, ``pair``, ``test``, ``row`` (a data set, ``"consistent"``,
        ``"almost consistent"`` or ``"R"``), ``kind`` (``"count"`` or ``"R"``), ``paper``,
        ``ours``, ``difference`` (ours - paper).
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


def mean_replicability(result, tests=REPLICABILITY_ORDER):
    """Replicability R of each test, averaged over the three pairs: (ours, the paper's), two lists."""
    ours = summary_tables(result)
    pairs = [f"{a} vs {b}" for a, b in PAIRS]
    mean_ours = [np.mean([ours[t][p].replicability for p in pairs]) for t in tests]
    mean_paper = [np.mean([PAPER_SUMMARIES[t][p][2] for p in pairs]) for t in tests]
    return mean_ours, mean_paper


def effort_comparison(result):
    """In how many (equal-effort pair of designs, pair of learners) repeated CV is more replicable.

    Returns
    -------
    cv_wins, paper_wins, n_comparisons : int
        Our count, the paper's count, and the number of comparisons.
    """
    ours = summary_tables(result)
    pairs = [f"{a} vs {b}" for a, b in PAIRS]
    cv_wins = sum(ours[cv][p].replicability > ours[rs][p].replicability for rs, cv in EQUAL_EFFORT for p in pairs)
    paper_wins = sum(PAPER_SUMMARIES[cv][p][2] > PAPER_SUMMARIES[rs][p][2] for rs, cv in EQUAL_EFFORT for p in pairs)
    return int(cv_wins), int(paper_wins), len(EQUAL_EFFORT) * len(pairs)


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
