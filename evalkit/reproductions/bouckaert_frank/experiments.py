"""The experiments of the replicability chapters, with their scale presets (``evalkit reproduce ...``).

Each function runs one experiment exactly as its chapter does (``scale="book"``) or at the
paper's scale (``scale="paper"``); ``scale="small"`` runs in seconds, for tests.
"""
from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass

import numpy as np

from ... import stats
from ...datasets import UCI_DATASETS, load_arff
from ...learners import identical_learners_for, weka_learners_for
from ...resampling import split_scores
from .._experiment import experiment
from .paper import PAPER_DATASET_NAMES
from .simulation import run_simulation, simulation_sources
from .uci import run_replication

__all__ = ["McNemarExample", "RecipeResult", "mcnemar_example", "null_copies", "recipe", "tables1_4", "table5",
           "tests_example"]

_PAPER_27 = tuple(PAPER_DATASET_NAMES)
#: a UCI data set of the paper (its Weka name)
UCIDataset = typing.Literal[UCI_DATASETS]


@experiment("bouckaert-frank-tables1-4", aliases=("bouckaert-frank",),
            scales={"book": {"datasets": _PAPER_27, "repetitions": 10, "learners": "weka", "null_copies": False,
                             "seed": 0},
                    "paper": {"datasets": _PAPER_27, "repetitions": 10, "learners": "weka", "null_copies": False,
                              "seed": 0},
                    "small": {"datasets": ("iris", "labor"), "repetitions": 2, "learners": "weka",
                              "null_copies": False, "seed": 0}},
            paper_cost="~6 min on 2 cores with n_jobs=2 with Weka's learners, ~8 min with the stand-ins "
                       "(170,100 fits; the book runs this scale, both)")
def tables1_4(*, datasets: tuple[UCIDataset, ...] = None, repetitions: int = None,
              learners: typing.Literal["weka", "standins"] = None, null_copies: bool = None,
              seed: int = None, n_jobs: int | None = None, progress: bool = False):
    """Tables 1-4 and Section 4.3: non-rejection counts of every test on the UCI data sets.

    Parameters
    ----------
    datasets : tuple of str
        Weka names of the UCI data sets (the paper's 27, in the order of its Table 1).
    repetitions : int
        Random partitionings per data set (the paper: 10).
    learners : str
        "weka": the paper's learners, Weka's NaiveBayes, J48 and IBk (k = 1), the splits made
        by Weka; "standins": the scikit-learn stand-ins (evalkit.learners.learners_for).
    null_copies : bool
        Compare two reseeded copies of one randomised tree instead of the paper's three learners (Type I error).
    seed : int
        Repetition i of a data set uses seed + i for all its designs.
    n_jobs : int or None
        Parallel jobs (joblib); the counts do not depend on it.
    progress : bool
        Show a progress bar.

    Returns
    -------
    ReplicationResult
        ``.rows()`` gives the summary and the per-data-set counts of every test and pair.
    """
    learners = identical_learners_for if null_copies else learners
    return run_replication(list(datasets), repetitions=repetitions, learners=learners, n_jobs=n_jobs,
                           progress=progress, seed=seed)


@experiment("bouckaert-frank-null-copies",
            scales={"book": {"datasets": _PAPER_27[::3], "repetitions": 10, "seed": 0},
                    "paper": {"datasets": _PAPER_27, "repetitions": 10, "seed": 0},
                    "small": {"datasets": ("iris",), "repetitions": 2, "seed": 0}},
            paper_cost="estimated ~10 min on 2 cores with n_jobs=2 (113,400 fits, three times the book's nine data sets)")
def null_copies(*, datasets: tuple[UCIDataset, ...] = None, repetitions: int = None, seed: int = None,
                n_jobs: int | None = None, progress: bool = False):
    """Type I error on real data: every test comparing two reseeded copies of one randomised tree.

    Parameters
    ----------
    datasets : tuple of str
        Weka names of the UCI data sets (the book: every third of the paper's 27).
    repetitions : int
        Random partitionings per data set.
    seed : int
        Repetition i of a data set uses seed + i for all its designs.
    n_jobs : int or None
        Parallel jobs for the fits (joblib); the counts do not depend on it.
    progress : bool
        Show a progress bar over the data sets.

    Returns
    -------
    ReplicationResult
        Its ``rejection_rates("tree A vs tree B")`` are the Type I errors.
    """
    return run_replication(list(datasets), repetitions=repetitions, learners=identical_learners_for,
                           n_jobs=n_jobs, progress=progress, seed=seed)


@experiment("bouckaert-frank-table5",
            scales={"book": {"training_sets": 60, "repetitions": 10, "n_train": 300, "learners": "weka",
                             "source_seed": 0, "seed": 1},
                    "paper": {"training_sets": 1000, "repetitions": 10, "n_train": 300, "learners": "weka",
                              "source_seed": 0, "seed": 1},
                    "small": {"training_sets": 2, "repetitions": 2, "n_train": 300, "learners": "weka",
                              "source_seed": 0, "seed": 1}},
            paper_cost="~45 min on 2 cores with n_jobs=2 with Weka's learners (16.8 million fits, about "
                       "1.2 s per training set; the book's 60 per source take ~2.5 min); ~15 min with "
                       "learners='counts'")
def table5(*, training_sets: int = None, repetitions: int = None, n_train: int = None,
           learners: typing.Literal["weka", "counts"] = None, source_seed: int = None, seed: int = None,
           n_jobs: int | None = None, progress: bool = False):
    """Table 5: consistency, Type I error and power of every test on four simulated data sources.

    Parameters
    ----------
    training_sets : int
        Training sets per source (the paper: 1000).
    learners : {"weka", "counts"}
        Weka's NaiveBayes and J48 (the paper's), or the fast count learners
        (:func:`~evalkit.reproductions.bouckaert_frank.run_simulation`).
    repetitions : int
        Runs of each test per training set, each with its own random partitioning (the paper: 10).
    n_train : int
        Cases per training set (the paper: 300).
    source_seed : int
        Seed of the selection of the data sources.
    seed : int
        Seed of the training sets and partitionings.
    n_jobs : int or None
        Parallel jobs over training sets (joblib); the results do not depend on it.
    progress : bool
        Show a progress bar over the training sets.

    Returns
    -------
    SimulationResult
        With ``.sources`` and ``.pilot_differences`` set; ``.rows()`` gives the table.
    """
    sources, pilot = simulation_sources(learners=learners, rng=source_seed)
    result = run_simulation(sources, n_training_sets=training_sets, n_train=n_train, repetitions=repetitions,
                            learners=learners, n_jobs=n_jobs, progress=progress, seed=seed)
    return dataclasses.replace(result, sources=tuple(sources), pilot_differences=tuple(pilot))


def _tests_rows(results):
    return [{"test": name, "statistic": r.statistic, "df": r.df, "pvalue": r.pvalue} for name, r in results.items()]


@experiment("bouckaert-frank-tests-example",
            scales={"book": {"dataset": "diabetes", "seed": 1}, "paper": {"dataset": "diabetes", "seed": 1}},
            paper_cost="~3 s (the paper has no such example; 'paper' equals 'book')", rows=_tests_rows)
def tests_example(*, dataset: UCIDataset = None, seed: int = None):
    """The paper's tests on one data set: naive Bayes against a decision tree, each test on its own design.

    Parameters
    ----------
    dataset : str
        Weka name of a UCI data set (the book: Pima diabetes).
    seed : int
        ``random_state`` of every design.

    Returns
    -------
    dict of str -> TTestResult
        The 5x2cv, (corrected) resampled and (corrected) repeated CV tests.
    """
    from sklearn.model_selection import RepeatedStratifiedKFold, ShuffleSplit, StratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    data = load_arff(dataset)
    X, y = data.X, data.y
    learners = {"naive Bayes": GaussianNB(), "decision tree": DecisionTreeClassifier(random_state=0)}
    designs = {
        "5x2 CV": RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=seed),
        "random subsampling, 100 x 90/10": ShuffleSplit(n_splits=100, test_size=0.1, random_state=seed),
        "10-fold CV": StratifiedKFold(n_splits=10, shuffle=True, random_state=seed),
        "10 x 10-fold CV": RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=seed),
    }
    runs = {name: split_scores(learners, X, y, cv) for name, cv in designs.items()}
    d = {name: r.differences("naive Bayes", "decision tree") for name, r in runs.items()}
    n1 = {name: int(np.median(r.n_train)) for name, r in runs.items()}
    n2 = {name: int(np.median(r.n_test)) for name, r in runs.items()}
    rs = "random subsampling, 100 x 90/10"
    return {
        "5x2cv paired t": stats.five_by_two_cv_t_test(d["5x2 CV"].reshape(5, 2)),
        "paired t, 100 x random subsampling": stats.resampled_t_test(d[rs]),
        "corrected resampled t (df = n - 1)": stats.corrected_resampled_t_test(d[rs], n_train=n1[rs], n_test=n2[rs]),
        "corrected resampled t (df = n, the paper)": stats.corrected_resampled_t_test(
            d[rs], n_train=n1[rs], n_test=n2[rs], df=100),
        "paired t, 10-fold CV": stats.resampled_t_test(d["10-fold CV"]),
        "paired t, 10 x 10-fold CV (uncorrected)": stats.resampled_t_test(d["10 x 10-fold CV"]),
        "corrected 10 x 10-fold CV": stats.corrected_repeated_cv_t_test(
            d["10 x 10-fold CV"].reshape(10, 10), n_train=n1["10 x 10-fold CV"], n_test=n2["10 x 10-fold CV"]),
    }


@dataclass(frozen=True)
class McNemarExample:
    """McNemar's test on one split: the two disagreement counts and the test."""

    nb_wrong_tree_right: int
    nb_right_tree_wrong: int
    test: object

    def rows(self):
        return [{"nb_wrong_tree_right": self.nb_wrong_tree_right, "nb_right_tree_wrong": self.nb_right_tree_wrong,
                 "statistic": self.test.statistic, "pvalue": self.test.pvalue}]


@experiment("bouckaert-frank-mcnemar",
            scales={"book": {"dataset": "diabetes", "seed": 1}, "paper": {"dataset": "diabetes", "seed": 1}},
            paper_cost="< 1 s (the paper has no such example; 'paper' equals 'book')")
def mcnemar_example(*, dataset: UCIDataset = None, seed: int = None):
    """McNemar's test of naive Bayes against a decision tree on one split (the first of a stratified 3-fold CV).

    Parameters
    ----------
    dataset : str
        Weka name of a UCI data set (the book: Pima diabetes).
    seed : int
        ``random_state`` of the 3-fold split.

    Returns
    -------
    McNemarExample
    """
    from sklearn.model_selection import StratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    data = load_arff(dataset)
    X, y = data.X, data.y
    train, test = next(StratifiedKFold(n_splits=3, shuffle=True, random_state=seed).split(X, y))
    right_nb = GaussianNB().fit(X[train], y[train]).predict(X[test]) == y[test]
    right_tree = DecisionTreeClassifier(random_state=0).fit(X[train], y[train]).predict(X[test]) == y[test]
    b, c = int(np.sum(~right_nb & right_tree)), int(np.sum(right_nb & ~right_tree))
    return McNemarExample(b, c, stats.mcnemar_test(b, c))


@dataclass(frozen=True)
class RecipeResult:
    """The recipe's corrected 10x10-fold CV test, and the uncorrected test on the same differences."""

    corrected: object
    uncorrected: object

    def rows(self):
        return [{"test": name, "statistic": r.statistic, "df": r.df, "pvalue": r.pvalue,
                 "mean_difference": r.mean_difference}
                for name, r in (("corrected 10x10 CV", self.corrected), ("uncorrected 10x10 CV", self.uncorrected))]


@experiment("bouckaert-frank-recipe",
            scales={"book": {"dataset": "diabetes", "seed": 2004}, "paper": {"dataset": "diabetes", "seed": 2004}},
            paper_cost="~3 s (the recipe of the simulation chapter; 'paper' equals 'book')")
def recipe(*, dataset: UCIDataset = None, seed: int = None, n_jobs: int | None = None):
    """The recipe: Weka's naive Bayes against C4.5 (J48) with the corrected test on stratified 10x10-fold CV.

    Parameters
    ----------
    dataset : str
        Weka name of a UCI data set (the book: Pima diabetes).
    seed : int
        ``random_state`` of the 10x10-fold design, fixed before looking at results.
    n_jobs : int or None
        Parallel jobs for the fits (joblib); the result does not depend on it.

    Returns
    -------
    RecipeResult
    """
    from sklearn.model_selection import RepeatedStratifiedKFold

    data = load_arff(dataset)                                                 # 1. the data and a fixed design
    learners = weka_learners_for(data)                                        #    Weka's NaiveBayes and J48
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=seed)
    scores = split_scores({"NB": learners["NB"], "C4.5": learners["C4.5"]},  # 2. each learner once per split
                          data.X, data.y, cv, n_jobs=n_jobs)
    d = scores.differences("NB", "C4.5").reshape(10, 10)                     # 3. the corrected test
    test = stats.corrected_repeated_cv_t_test(d, n_train=int(np.median(scores.n_train)),
                                              n_test=int(np.median(scores.n_test)))
    return RecipeResult(test, stats.resampled_t_test(d))

