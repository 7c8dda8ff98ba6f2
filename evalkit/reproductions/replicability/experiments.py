"""The experiments of the replicability chapters, with their scale presets (``evalkit reproduce ...``).

Each function runs one experiment exactly as its chapter does (``scale="book"``) or at the
paper's scale (``scale="paper"``); ``scale="small"`` runs in seconds, for tests.
"""
from __future__ import annotations

import dataclasses
import typing

import numpy as np

from ... import stats
from ..._checks import Boolean, Choice, Instance, Integer, Jobs, Seed, Values, checks
from ..._results import result
from ...datasets import UCI_DATASETS, load_arff
from ...learners import identical_learners_for, weka_learners_for
from ...resampling import split_scores
from .._experiment import experiment
from ._common import int_seed
from .paper import PAPER_DATASET_NAMES
from .simulation import run_simulation, simulation_sources
from .uci import run_replication

__all__ = ["McNemarExample", "RecipeResult", "mcnemar_example", "null_copies", "recipe", "tables1_4", "table5",
           "tests_example"]

_PAPER_27 = tuple(PAPER_DATASET_NAMES)
#: a UCI data set of the paper (its Weka name)
UCIDataset = typing.Literal[UCI_DATASETS]

# the experiments' keyword parameters: ``None`` (the default) means "the scale preset's value"
_SCALES = Choice("book", "paper", "small")
_DATASETS = Values(Choice(*UCI_DATASETS), none=True)
_DATASET = Choice(*UCI_DATASETS, none=True)


@checks(scale=_SCALES, datasets=_DATASETS, repetitions=Integer(2, none=True),
        learners=Choice("weka", "standins", none=True), null_copies=Boolean(none=True), seed=Seed(), n_jobs=Jobs())
@experiment("replicability-tables1-4", aliases=("bouckaert-frank",),
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
    n_jobs : int or None, default None
        Parallel jobs (joblib; see run_replication): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The counts
        do not depend on it.
    progress : bool
        Show a progress bar.

    Returns
    -------
    ReplicationResult
        ``.rows()`` gives the summary and the per-data-set counts of every test and pair.

    Examples
    --------
    With the scikit-learn stand-ins (Weka's learners start the JVM), on one data set:

    >>> res = tables1_4(scale="small", datasets=("iris",), learners="standins", seed=0)
    >>> int(res.counts["5x2cv"]["NB vs C4.5"][0]), res.fits
    (2, 1260)
    """
    learners = identical_learners_for if null_copies else learners
    return run_replication(list(datasets), repetitions=repetitions, learners=learners, n_jobs=n_jobs,
                           progress=progress, seed=seed)


@checks(scale=_SCALES, datasets=_DATASETS, repetitions=Integer(2, none=True), seed=Seed(), n_jobs=Jobs())
@experiment("replicability-null-copies",
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
    n_jobs : int or None, default None
        Parallel jobs over the fits (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The counts
        do not depend on it.
    progress : bool
        Show a progress bar over the data sets.

    Returns
    -------
    ReplicationResult
        Its ``rejection_rates("tree A vs tree B")`` are the Type I errors.

    Examples
    --------
    >>> res = null_copies(scale="small", seed=0)       # iris, two repetitions
    >>> float(res.rejection_rates("tree A vs tree B")["5x2cv"])
    0.0
    """
    return run_replication(list(datasets), repetitions=repetitions, learners=identical_learners_for,
                           n_jobs=n_jobs, progress=progress, seed=seed)


@checks(scale=_SCALES, training_sets=Integer(1, none=True), repetitions=Integer(1, none=True),
        n_train=Integer(20, none=True), learners=Choice("weka", "counts", none=True), source_seed=Seed(), seed=Seed(),
        n_jobs=Jobs())
@experiment("replicability-table5",
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
        (:func:`~evalkit.reproductions.replicability.run_simulation`).
    repetitions : int
        Runs of each test per training set, each with its own random partitioning (the paper: 10).
    n_train : int
        Cases per training set (the paper: 300).
    source_seed : int
        Seed of the selection of the data sources.
    seed : int
        Seed of the training sets and partitionings.
    n_jobs : int or None, default None
        Parallel jobs over the training sets (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The results
        do not depend on it.
    progress : bool
        Show a progress bar over the training sets.

    Returns
    -------
    SimulationResult
        With ``.sources`` and ``.pilot_differences`` set; ``.rows()`` gives the table.

    Examples
    --------
    With the count learners (Weka's start the JVM), two training sets per source:

    >>> res = table5(scale="small", learners="counts", seed=1)
    >>> res.rejections("corrected 10x10 CV").shape, len(res.sources)
    ((4, 2), 4)
    >>> res.consistency("5x2cv").tolist()
    [50.0, 100.0, 50.0, 0.0]
    """
    sources, pilot = simulation_sources(learners=learners, rng=source_seed)
    result = run_simulation(sources, n_training_sets=training_sets, n_train=n_train, repetitions=repetitions,
                            learners=learners, n_jobs=n_jobs, progress=progress, seed=seed)
    return dataclasses.replace(result, sources=tuple(sources), pilot_differences=tuple(pilot))


def _tests_rows(results):
    return [{"test": name, "statistic": r.statistic, "df": r.df, "pvalue": r.pvalue} for name, r in results.items()]


@checks(scale=Choice("book", "paper"), dataset=_DATASET, seed=Seed())
@experiment("replicability-tests-example",
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

    Examples
    --------
    >>> res = tests_example(seed=1)
    >>> round(float(res["corrected 10 x 10-fold CV"].pvalue), 4)
    0.0036
    """
    from sklearn.model_selection import RepeatedStratifiedKFold, ShuffleSplit, StratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    seed = int_seed(seed)
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


@checks(nb_wrong_tree_right=Integer(0), nb_right_tree_wrong=Integer(0),
        test=Instance("McNemarResult", example=lambda: stats.mcnemar_test(3, 1)))
@result
class McNemarExample:
    """McNemar's test on one split: the two disagreement counts and the test.

    Parameters
    ----------
    nb_wrong_tree_right : int
        Test examples naive Bayes gets wrong and the tree right.
    nb_right_tree_wrong : int
        Test examples naive Bayes gets right and the tree wrong.
    test : McNemarResult
        :func:`evalkit.stats.mcnemar_test` on the two counts.

    Examples
    --------
    >>> from evalkit import stats
    >>> ex = McNemarExample(12, 30, stats.mcnemar_test(12, 30))
    >>> round(float(ex.rows()[0]["pvalue"]), 4)
    0.0087
    """

    nb_wrong_tree_right: int
    nb_right_tree_wrong: int
    test: object

    def rows(self):
        return [{"nb_wrong_tree_right": self.nb_wrong_tree_right, "nb_right_tree_wrong": self.nb_right_tree_wrong,
                 "statistic": self.test.statistic, "pvalue": self.test.pvalue}]


@checks(scale=Choice("book", "paper"), dataset=_DATASET, seed=Seed())
@experiment("replicability-mcnemar",
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
        The two disagreement counts on the test fold and McNemar's test on them.

    Examples
    --------
    >>> ex = mcnemar_example(seed=1)
    >>> ex.nb_wrong_tree_right, ex.nb_right_tree_wrong, round(float(ex.test.pvalue), 4)
    (30, 44, 0.1307)
    """
    from sklearn.model_selection import StratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    data = load_arff(dataset)
    X, y = data.X, data.y
    train, test = next(StratifiedKFold(n_splits=3, shuffle=True, random_state=int_seed(seed)).split(X, y))
    right_nb = GaussianNB().fit(X[train], y[train]).predict(X[test]) == y[test]
    right_tree = DecisionTreeClassifier(random_state=0).fit(X[train], y[train]).predict(X[test]) == y[test]
    b, c = int(np.sum(~right_nb & right_tree)), int(np.sum(right_nb & ~right_tree))
    return McNemarExample(b, c, stats.mcnemar_test(b, c))


@checks(corrected=Instance("TTestResult", example=lambda: stats.resampled_t_test([0.01, 0.03, -0.01, 0.02])),
        uncorrected=Instance("TTestResult", example=lambda: stats.resampled_t_test([0.01, 0.03, -0.01, 0.02])))
@result
class RecipeResult:
    """The recipe's corrected 10x10-fold CV test, and the uncorrected test on the same differences.

    Parameters
    ----------
    corrected : TTestResult
        :func:`evalkit.stats.corrected_repeated_cv_t_test` on the 10 x 10 differences.
    uncorrected : TTestResult
        :func:`evalkit.stats.resampled_t_test` on the same differences.

    Examples
    --------
    >>> from evalkit import stats
    >>> t = stats.resampled_t_test([0.01, 0.03, -0.01, 0.02])
    >>> [row["test"] for row in RecipeResult(t, t).rows()]
    ['corrected 10x10 CV', 'uncorrected 10x10 CV']
    """

    corrected: object
    uncorrected: object

    def rows(self):
        return [{"test": name, "statistic": r.statistic, "df": r.df, "pvalue": r.pvalue,
                 "mean_difference": r.mean_difference}
                for name, r in (("corrected 10x10 CV", self.corrected), ("uncorrected 10x10 CV", self.uncorrected))]


@checks(scale=Choice("book", "paper"), dataset=_DATASET, seed=Seed(), n_jobs=Jobs())
@experiment("replicability-recipe",
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
    n_jobs : int or None, default None
        Parallel jobs over the fits (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The result
        does not depend on it.

    Returns
    -------
    RecipeResult
        The corrected test and, for contrast, the uncorrected test on the same differences.

    Examples
    --------
    The recipe runs Weka's learners (it starts the JVM):

    >>> res = recipe(seed=2004)                       # doctest: +SKIP
    >>> res.corrected.df                              # doctest: +SKIP
    99
    """
    from sklearn.model_selection import RepeatedStratifiedKFold

    data = load_arff(dataset)                                                 # 1. the data and a fixed design
    learners = weka_learners_for(data)                                        #    Weka's NaiveBayes and J48
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=int_seed(seed))
    scores = split_scores({"NB": learners["NB"], "C4.5": learners["C4.5"]},  # 2. each learner once per split
                          data.X, data.y, cv, n_jobs=n_jobs)
    d = scores.differences("NB", "C4.5").reshape(10, 10)                     # 3. the corrected test
    test = stats.corrected_repeated_cv_t_test(d, n_train=int(np.median(scores.n_train)),
                                              n_test=int(np.median(scores.n_test)))
    return RecipeResult(test, stats.resampled_t_test(d))

