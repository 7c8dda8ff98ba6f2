"""The page "Measuring replicability, and the tests it judges": the measures on the paper's Table 1, the tests on one data set.

- :func:`paper_table1_check` -- Table 1's summary rows recomputed from its own columns;
- :func:`tests_example` and :func:`mcnemar_example` -- the experiments: every test of the
  paper on the Pima diabetes data, and McNemar's test on one split;
- :func:`ours` -- the page's claim values (the floor of R(k, n) and Table 1's arithmetic).
"""
from __future__ import annotations

import numpy as np

from ... import stats
from ..._checks import Array, Choice, Instance, Integer, Seed, checks
from ..._results import result
from ...datasets import load_arff
from ...resampling import split_scores
from .._experiment import experiment
from .method import int_seed
from .setups import DATASET, UCIDataset
from .source import PAPER_DATASET_NAMES, PAPER_SUMMARIES, PAPER_TABLE_1

__all__ = ["McNemarExample", "mcnemar_example", "ours", "paper_table1_check", "tests_example"]


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


def _tests_rows(results):
    return [{"test": name, "statistic": r.statistic, "df": r.df, "pvalue": r.pvalue} for name, r in results.items()]


@checks(scale=Choice("book", "paper"), dataset=DATASET, seed=Seed())
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


@checks(scale=Choice("book", "paper"), dataset=DATASET, seed=Seed())
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


def _table1_check_example():
    return paper_table1_check()[0]


@checks(floor=Array(ndim=1, low=0, high=1, none=True),
        table1=Instance("DataFrame", none=True, example=_table1_check_example))
def ours(*, floor=None, table1=None):
    """The page's claim values: ``{claim id: bool}``, one part per section of the page.

    Parameters
    ----------
    floor : array of float, optional
        R(k, 10) for k = 0, ..., 10 (:func:`evalkit.stats.replicability`):
        ``bf.sec2.r-floor``, whether R is never below 0.5.
    table1 : pandas.DataFrame, optional
        The first result of :func:`paper_table1_check`: ``bf.sec2.r-formula``, whether
        Table 1's summary rows follow from its columns (the counts exactly, R within the
        printed rounding).

    Returns
    -------
    dict of str -> bool
        ``{claim id: whether it holds}`` of the parts given.

    Examples
    --------
    >>> from evalkit import stats
    >>> ours(floor=stats.replicability(np.arange(11), 10), table1=paper_table1_check()[0])
    {'bf.sec2.r-floor': False, 'bf.sec2.r-formula': True}
    """
    out = {}
    if floor is not None:
        out["bf.sec2.r-floor"] = bool(np.min(floor) >= 0.5)
    if table1 is not None:
        holds = True
        for pair in PAPER_TABLE_1:
            paper, mine = table1[(pair, "paper")], table1[(pair, "evalkit")]
            holds &= bool(paper["consistent"] == mine["consistent"]
                          and paper["almost consistent"] == mine["almost consistent"]
                          and abs(paper["replicability (R)"] - mine["replicability (R)"]) <= 5e-4)
        out["bf.sec2.r-formula"] = holds
    return out

