"""The page "Table 5, Type I error, and what to use": the paper's simulation, Type I error on real data, the recipe.

Bouckaert & Frank's simulation (Section 4.4, Table 5) measures replicability where the truth
is known. Four data sources are random Bayesian networks over a binary class and nine binary
attributes (:mod:`evalkit.datasets.synthetic`): source 1 has no arcs, so both learners have
expected accuracy exactly 0.5 and every rejection is a Type I error; sources 2-4 are
random BANs selected for the accuracy differences the paper reports
(:func:`~evalkit.reproductions.replicability.simulation_sources`). From each source, ``n_training_sets``
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

The simulation itself is Bouckaert & Frank's procedure,
:func:`~evalkit.reproductions.replicability.method.run_simulation`. The page's experiments:
:func:`table5` (the simulation at the book's and the paper's scale), :func:`null_copies` (Type I error
on real data, two copies of one learner) and :func:`recipe` (the corrected test on one data
set). The page's claim values are computed by
:mod:`~evalkit.reproductions.replicability.table5_claims`, kept apart so that judging the
stored run does not change its code.
"""
from __future__ import annotations

import dataclasses
import typing

import numpy as np

from ... import stats
from ..._checks import Choice, Instance, Integer, Jobs, Real, Seed, Values, checks
from ..._results import result
from ...datasets import load_arff
from ...datasets.synthetic import pattern_bits
from ...learners import identical_learners_for, weka_learners_for
from ...learners.counts import decision_tree_predict, naive_bayes_predict
from ...resampling import split_scores
from .._experiment import experiment
from .method import SIMULATION_TESTS, int_seed, run_replication, run_simulation, simulation_result
from .setups import (DATASET, DATASETS, PAPER_DATASETS, UCIDataset, binary_header,
                     net_parameter, simulation_sources)
from .source import PAPER_ACCURACY_DIFFERENCES, PAPER_TABLE_5, TABLE5_PAPER_ROWS

__all__ = ["RecipeResult", "count_learner_agreement", "judged_table", "level_sweep", "null_copies", "recipe",
           "rejection_rate_table", "sources_table", "table5", "table5_comparison"]

_TESTS = Values(Choice(*SIMULATION_TESTS))

@checks(sources=Values(net_parameter()), training_sets=Integer(1), n_train=Integer(2))
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
        header = binary_header(k)
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


@checks(_same_length=[("sources", "pilot")], sources=Values(net_parameter()), pilot=Values(Real(-100, 100)))
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


@checks(scale=Choice("book", "paper", "binder", "small"), datasets=DATASETS, repetitions=Integer(2, none=True),
        seed=Seed(), n_jobs=Jobs())
@experiment("replicability-null-copies",
            scales={"book": {"datasets": PAPER_DATASETS, "repetitions": 10, "seed": 0},
                    "binder": {"datasets": PAPER_DATASETS[::9], "repetitions": 10, "seed": 0},
                    "paper": {"datasets": PAPER_DATASETS, "repetitions": 10, "seed": 0},
                    "small": {"datasets": ("iris",), "repetitions": 2, "seed": 0}},
            paper_cost="~10 min on 2 cores with n_jobs=2 (113,400 fits; the book reads the stored run); \"binder\" "
                       "(three data sets) ~2 min on one core",
            stored=({"scale": "paper"},), data=("uci/",))
def null_copies(*, datasets: tuple[UCIDataset, ...] = None, repetitions: int = None, seed: int = None,
                n_jobs: int | None = None, progress: bool = False):
    """Type I error on real data: every test comparing two reseeded copies of one randomised tree.

    Parameters
    ----------
    datasets : tuple of str
        Weka names of the UCI data sets (the book and the paper: all 27; "binder": every ninth).
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


@checks(scale=Choice("book", "paper", "binder", "small"), training_sets=Integer(1, none=True), repetitions=Integer(1, none=True),
        n_train=Integer(20, none=True), learners=Choice("weka", "counts", none=True), source_seed=Seed(), seed=Seed(),
        n_jobs=Jobs())
@experiment("replicability-table5",
            scales={"book": {"training_sets": 1000, "repetitions": 10, "n_train": 300, "learners": "weka",
                             "source_seed": 0, "seed": 1},
                    "paper": {"training_sets": 1000, "repetitions": 10, "n_train": 300, "learners": "weka",
                              "source_seed": 0, "seed": 1},
                    "binder": {"training_sets": 10, "repetitions": 10, "n_train": 300, "learners": "weka",
                               "source_seed": 0, "seed": 1},
                    "small": {"training_sets": 2, "repetitions": 2, "n_train": 300, "learners": "weka",
                              "source_seed": 0, "seed": 1}},
            paper_cost="~2 h on 2 cores with n_jobs=2 with Weka's learners (16.8 million fits, about 4 CPU "
                       "seconds per training set; the book reads the stored run); \"binder\" (10 training sets "
                       "per source) ~3 min on one core",
            stored=({"scale": "paper"},), data=(),
            uses={"data": "random-bans", "learners": {"learners=counts": "count-learners-for-weka"}})
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


@checks(scale=Choice("book", "paper"), dataset=DATASET, seed=Seed(), n_jobs=Jobs())
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

