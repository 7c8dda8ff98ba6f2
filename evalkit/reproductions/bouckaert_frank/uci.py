"""Bouckaert & Frank (2004), Tables 1-4: replicability of significance tests on UCI data.

For each data set and each of ``repetitions`` random seeds, three learners (naive Bayes,
a C4.5-like tree, 1-nearest-neighbour) are fitted once per split of three designs, and
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

import warnings
from dataclasses import dataclass

import numpy as np

from ... import stats
from ..._parallel import progress_bar
from ..._validation import check_positive_int
from ...datasets import UCI_DATASETS, load_arff
from ...learners import learners_for
from ...resampling import split_scores
from .paper import PAIRS, PAPER_DATASET_NAMES, PAPER_SUMMARIES, PAPER_TABLE_1

__all__ = ["CV_RUNS", "EQUAL_EFFORT", "LEVELS", "REPLICABILITY_ORDER", "RESAMPLING_RUNS", "ReplicationResult",
           "effort_comparison", "mean_replicability", "paper_table1_check", "run_replication", "summary_comparison",
           "summary_tables", "table1_comparison"]

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


def _pvalues_one_repetition(data, learners, seed, n_jobs):
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
    fits = len(learners) * (10 + 100 + 100)
    out = {}
    names = list(learners)
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
    return out, fits


def run_replication(datasets=UCI_DATASETS, *, repetitions=10, learners=None, n_jobs=None, progress=False, seed=0):
    """Run the paper's experiment on the given UCI data sets (see the module docstring).

    Parameters
    ----------
    datasets : sequence of str
        Weka names from ``UCI_DATASETS``.
    repetitions : int, default 10
        Random partitionings per data set (the paper: 10).
    learners : callable, optional
        ``learners(data) -> dict of name -> estimator``; default :func:`evalkit.learners.learners_for` (the
        paper's three). Every pair of learners, in dict order, is compared.
    n_jobs : int, optional
        Parallel jobs for the fits (joblib; None defers to the active ``joblib.parallel_config``).
    progress : bool
        Progress bar over data sets.
    seed : int
        Repetition ``i`` of a data set uses seed ``seed + i`` for all its designs.

    Returns
    -------
    ReplicationResult
        Counts of non-rejections at the 5% level (and, for the corrected 10x10 CV test, at
        1%, 2.5%, 5% and 10%) per test, pair and data set.
    """
    import time

    repetitions = check_positive_int(repetitions, "repetitions", minimum=2)
    unknown = [d for d in datasets if d not in UCI_DATASETS]
    if unknown:
        raise ValueError(f"datasets must be UCI data set names {list(UCI_DATASETS)}; unknown: {unknown}")
    start = time.perf_counter()
    datasets = tuple(datasets)
    counts = {}
    fits = 0
    for di, name in enumerate(progress_bar(datasets, progress=progress, desc="data sets")):
        data = load_arff(name)
        models = (learners or learners_for)(data)
        for rep in range(repetitions):
            pvals, f = _pvalues_one_repetition(data, models, seed + rep, n_jobs)
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


def table1_comparison(result):
    """Table 1 (5x2cv non-rejections per data set), the paper's columns beside ours.

    ``result`` must hold the paper's 27 data sets in the order of ``PAPER_DATASET_NAMES``.
    """
    import pandas as pd

    pairs = [f"{a} vs {b}" for a, b in PAIRS]
    table1 = pd.DataFrame(
        {(pair, who): (result.counts["5x2cv"][pair] if who == "evalkit" else PAPER_TABLE_1[pair])
         for pair in pairs for who in ("paper", "evalkit")},
        index=list(PAPER_DATASET_NAMES.values()),
    )
    table1.columns = pd.MultiIndex.from_tuples(table1.columns)
    return table1


def summary_comparison(result):
    """Summary rows of Tables 1-4 and Section 4.3: the paper's and ours, per test and pair."""
    import pandas as pd

    ours = summary_tables(result)
    pairs = [f"{a} vs {b}" for a, b in PAIRS]
    rows = []
    for test, per_pair in PAPER_SUMMARIES.items():
        for pair in pairs:
            paper = per_pair[pair]
            mine = ours[test][pair]
            rows.append({"test": test, "pair": pair,
                         "consistent (paper)": paper[0], "consistent (evalkit)": mine.consistent,
                         "almost (paper)": paper[1], "almost (evalkit)": mine.almost_consistent,
                         "R (paper)": paper[2], "R (evalkit)": mine.replicability})
    return pd.DataFrame(rows).set_index(["test", "pair"])


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
