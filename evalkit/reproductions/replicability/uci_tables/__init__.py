"""The page "Tables 1-4 on the 27 UCI data sets": the rerun of the paper's UCI experiment and its claims.

- :func:`tables1_4` -- the experiment (:func:`~evalkit.reproductions.replicability.run_replication`
  on the paper's 27 data sets, with Weka's learners or the scikit-learn stand-ins), in
  ``studies.py``, apart from what judges its runs;
- :func:`dataset_properties` -- Table 1's #inst., #atts., #cl. from the ARFF files;
- the comparisons with the paper's tables (:func:`table1_comparison`,
  :func:`summary_comparison`, :func:`cell_differences`, :func:`cell_comparison`,
  :func:`mean_replicability`, :func:`effort_comparison`, :func:`partition_dependent`);
- :func:`ours` -- the page's claim values, from the properties and the rerun;
- ``summary_errors`` -- the summary rows' test-retest noise, and the threshold predicates
  decided with it; ``nn_ties`` -- where IB1 and IBk part, and which learners a claim reads.
"""
from __future__ import annotations

import numpy as np

from .... import claims, stats
from ...._checks import Choice, Function, Instance, Text, Values, checks
from ....datasets import load_arff
from ..method import CV_RUNS, RESAMPLING_RUNS, ReplicationResult, replication_result  # noqa: F401
from ..source import PAIR_SLUGS, PAIRS, PAPER_DATASET_NAMES, PAPER_SUMMARIES, PAPER_TABLE_1, SUMMARY_CLAIMS
from .studies import tables1_4

__all__ = ["EQUAL_EFFORT", "REPLICABILITY_ORDER", "TABLE_TESTS", "cell_comparison", "cell_differences",
           "dataset_properties", "effort_comparison", "mean_replicability", "ours", "partition_dependent",
           "per_dataset_counts", "summary_comparison", "summary_tables", "table1_comparison", "tables1_4"]


@checks(loader=Function(none=True))
def dataset_properties(loader=None):
    """Table 1's data set properties from the ARFF files, in the order of Table 1.

    #inst. counts the rows, #atts. the attributes other than the class, #cl. the classes
    that occur.

    Parameters
    ----------
    loader : callable, optional
        ``loader(name) -> ArffData``; default :func:`evalkit.datasets.load_arff`.

    Returns
    -------
    dict of str -> dict of str -> int
        Data set (Weka name) -> ``{"instances": ..., "attributes": ..., "classes": ...}``.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> import numpy as np
    >>> def fake(name):                    # 4 rows, 2 attributes and the class, one class missing
    ...     return SimpleNamespace(data=np.zeros((4, 3)), X=np.zeros((4, 2)), y=np.array([0, 1, 1, -1]))
    >>> dataset_properties(loader=fake)["iris"]
    {'instances': 4, 'attributes': 2, 'classes': 2}
    """
    loader = load_arff if loader is None else loader
    out = {}
    for ds in PAPER_DATASET_NAMES:
        data = loader(ds)
        y = np.asarray(data.y)
        out[ds] = {"instances": int(data.data.shape[0]), "attributes": int(data.X.shape[1]),
                   "classes": int(np.unique(y[y >= 0]).size)}
    return out


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


@checks(result=replication_result(), table=Choice("Table 2", "Table 3", "Table 4"))
def per_dataset_counts(result, *, table):
    """The per-data-set counts behind one of Tables 2-4, which the paper prints only as summaries.

    Each cell is the number of the run's repetitions (of ten) in which the test does *not*
    reject on that data set; a count strictly between 0 and 10 is a data set on which the
    test is not consistent, the ones that lower a summary row's R.

    Parameters
    ----------
    result : ReplicationResult
        A run on the paper's 27 data sets (in the order of ``PAPER_DATASET_NAMES``).
    table : {"Table 2", "Table 3", "Table 4"}

    Returns
    -------
    pandas.DataFrame
        One row per data set (the paper's names); columns (test, pair), the tests of
        :data:`TABLE_TESTS` for ``table``.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in [*SUMMARY_CLAIMS, "corrected 10x10 CV"]}
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> per_dataset_counts(res, table="Table 2").shape
    (27, 12)
    """
    import pandas as pd

    columns = {(test, pair): result.counts[test][pair] for test in TABLE_TESTS[table] for pair in result.counts[test]}
    frame = pd.DataFrame(columns, index=[PAPER_DATASET_NAMES.get(name, name) for name in result.datasets])
    frame.columns = pd.MultiIndex.from_tuples(frame.columns, names=["test", "pair"])
    return frame


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


@checks(result=replication_result())
def partition_dependent(result):
    """Per pair, the number of data sets on which the 5x2cv verdict depends on the partition.

    That is, where the test neither always nor never rejected (0 < non-rejections < runs).

    Parameters
    ----------
    result : ReplicationResult
        A run of :func:`~evalkit.reproductions.replicability.run_replication`.

    Returns
    -------
    dict of str -> int
        Pair -> number of partition-dependent data sets.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import ReplicationResult
    >>> res = ReplicationResult(("iris", "labor"), 10, {"5x2cv": {"NB vs C4.5": np.array([10, 4])}}, 0, 0.0)
    >>> partition_dependent(res)
    {'NB vs C4.5': 1}
    """
    n = result.repetitions
    return {p: int(((c > 0) & (c < n)).sum()) for p, c in result.counts["5x2cv"].items()}


_PROPERTIES = ("instances", "attributes", "classes")


def _table_claims(result):
    """Tables 1-4 and the numbers of Sections 4.1 and 4.3: ``{claim id: value}``."""
    if tuple(result.datasets) != tuple(PAPER_DATASET_NAMES):
        raise ValueError("result must hold the paper's 27 data sets in Table 1's order")
    ids = set(claims.source_values("bf."))
    out = {}
    five = result.counts["5x2cv"]
    for i, ds in enumerate(result.datasets):
        for pair, slug in PAIR_SLUGS.items():
            out[f"bf.table1.{ds}.{slug}"] = int(five[pair][i])
    for test, pattern in SUMMARY_CLAIMS.items():
        ours_test = "corrected 10x10 CV" if test == "corrected 10x10 CV, level 0.05" else test
        for pair, slug in PAIR_SLUGS.items():
            summary = stats.replicability_summary(result.counts[ours_test][pair], result.repetitions)
            values = {"consistent": summary.consistent, "almost-consistent": summary.almost_consistent,
                      "r": summary.replicability}
            for row in ("consistent", "almost-consistent", "r"):
                cid = pattern.format(pair=slug, row=row)
                if cid in ids:
                    out[cid] = values[row]
    nb_c45 = five["NB vs C4.5"]
    out["bf.sec4_1.nb-c45-same-but-vehicle"] = int((nb_c45 > 0).sum())
    out["bf.sec4_1.nb-c45-differ-19"] = int((nb_c45 < result.repetitions).sum())
    return out


def _mean_r(tables, test):
    return float(np.mean([tables[test][pair].replicability for pair in PAIR_SLUGS]))


def _reading(result):
    """Section 4.1's reading of Table 1, judged on our rerun: ``{claim id: bool}``."""
    n, m = result.repetitions, len(result.datasets)
    tables = summary_tables(result)
    five = result.counts["5x2cv"]
    cells = np.column_stack([five[p] for p in PAIR_SLUGS])
    names = list(result.datasets)
    anneal = five["NB vs C4.5"][names.index("anneal")]
    return {
        "bf.sec4_1.anneal-sensitive": bool(0 < anneal < n),
        "bf.sec4_1.iris-hungarian-no-difference": bool(
            all(five[p][names.index(ds)] == n for p in PAIR_SLUGS for ds in ("iris", "heart-h"))),
        "bf.sec4_1.most-rows-inconsistent": bool(((cells > 0) & (cells < n)).any(axis=1).sum() > m / 2),
        "bf.sec4_1.consistent-below-half": bool(all(tables["5x2cv"][p].consistent < m / 2 for p in PAIR_SLUGS)),
        "bf.sec4_1.almost-below-66": bool(all(tables["5x2cv"][p].almost_consistent < 0.66 * m for p in PAIR_SLUGS)),
    }


def _table2_drops(summaries):
    """How many values of Table 2 (in ``summaries``, laid out as ``PAPER_SUMMARIES``) drop from one number of runs to the next."""
    drops = 0
    for pair in PAIR_SLUGS:
        for j in range(3):
            values = [summaries[f"resampled corrected, {k} runs"][pair][j] for k in (10, 20, 50, 100)]
            drops += int(np.sum(np.diff(values) < 0))
    return drops


def _conclusions(result, paper_summaries):
    """The conclusions of Sections 4.1-4.3, judged on our rerun (and Table 2's own drops): ``{claim id: bool}``."""
    m = len(result.datasets)
    tables = summary_tables(result)
    resampling = [_mean_r(tables, f"resampled corrected, {k} runs") for k in (10, 20, 50, 100)]
    cv_cons = [tables[cv][p].consistent >= tables[rs][p].consistent for rs, cv in EQUAL_EFFORT for p in PAIR_SLUGS]
    cv_r = [tables[cv][p].replicability >= tables[rs][p].replicability for rs, cv in EQUAL_EFFORT for p in PAIR_SLUGS]
    levels = [t for t in tables if t.startswith("corrected 10x10 CV")]
    r_levels = np.array([[tables[t][p].replicability for t in levels] for p in PAIR_SLUGS])
    mean_rs = {t: _mean_r(tables, t) for t in REPLICABILITY_ORDER}
    r100 = [tables["resampled corrected, 100 runs"][p] for p in PAIR_SLUGS]
    return {
        "bf.sec4_1.r-low": bool(min(mean_rs, key=mean_rs.get) == "5x2cv"),
        "bf.sec4_2.more-runs-more-replicable": bool(np.all(np.diff(resampling) > 0)),
        "bf.sec4_2.only-exception": bool(_table2_drops(paper_summaries) == 1),
        "bf.sec4_2.almost-80pct-at-100": bool(all(s.almost_consistent >= 0.8 * m for s in r100)),
        "bf.sec4_2.r-09-at-100": bool(all(s.replicability >= 0.895 for s in r100)),
        "bf.sec4_3.cv10-as-consistent-as-resampling10": bool(all(
            tables["10-fold CV, uncorrected"][p].consistent >= tables["resampled corrected, 10 runs"][p].consistent
            for p in PAIR_SLUGS)),
        "bf.sec4_3.cv10-less-than-resampling100": bool(all(
            tables["10-fold CV, uncorrected"][p].consistent < tables["resampled corrected, 100 runs"][p].consistent
            for p in PAIR_SLUGS)),
        "bf.sec4_3.cv-as-consistent-as-resampling": bool(sum(cv_cons) >= 10),
        "bf.sec4_3.cv-as-replicable-as-resampling": bool(sum(cv_r) >= 10),
        "bf.sec4_3.cv10x10-best": bool(max(mean_rs, key=mean_rs.get) == "corrected 10x10 CV"),
        "bf.sec4_3.level-no-major-impact": bool(np.all(r_levels.max(axis=1) - r_levels.min(axis=1) <= 0.05)),
        "bf.sec4_3.table4-r-above-09": bool(np.all(r_levels > 0.9)),
    }


@checks(properties=Instance(dict, none=True, example=lambda: {"iris": {"instances": 150, "attributes": 4,
                                                                       "classes": 3}}),
        tables=replication_result(none=True), reading=replication_result(none=True),
        conclusions=replication_result(none=True), paper_summaries=Instance(dict, none=True, example=dict))
def ours(*, properties=None, tables=None, reading=None, conclusions=None, paper_summaries=None):
    """The page's claim values: ``{claim id: our value}``, one part per section of the page.

    Parameters
    ----------
    properties : dict, optional
        :func:`dataset_properties`: Table 1's #inst., #atts., #cl. (ints).
    tables : ReplicationResult, optional
        Our rerun (the paper's 27 data sets in Table 1's order): every cell of Tables 1-4 and
        the counts of Sections 4.1 and 4.3 (counts as int, R as float).
    reading : ReplicationResult, optional
        Our rerun: Section 4.1's reading of Table 1 (bools).
    conclusions : ReplicationResult, optional
        Our rerun: the conclusions of Sections 4.1-4.3 (bools), and the paper's remark on
        its own Table 2 (``bf.sec4_2.only-exception``, judged on the paper's numbers).
    paper_summaries : dict, optional
        The paper's summary rows, laid out as ``PAPER_SUMMARIES`` (the default), on which
        ``bf.sec4_2.only-exception`` is judged.

    Returns
    -------
    dict
        ``{claim id: our value}`` of the parts given, in that order.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in SUMMARY_CLAIMS}   # no test ever rejects
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> values = ours(tables=res, reading=res)
    >>> values["bf.table1.anneal.nb-c45"], values["bf.sec4_1.nb-c45-differ-19"]
    (10, 0)
    >>> values["bf.sec4_1.anneal-sensitive"]
    False
    >>> ours(properties={"iris": {"instances": 150, "attributes": 4, "classes": 3}})["bf.table1.iris.classes"]
    3
    """
    out = {}
    if properties is not None:
        for ds, props in properties.items():
            out.update({f"bf.table1.{ds}.{what}": int(props[what]) for what in _PROPERTIES})
    if tables is not None:
        out.update(_table_claims(tables))
    if reading is not None:
        out.update(_reading(reading))
    if conclusions is not None:
        out.update(_conclusions(conclusions, PAPER_SUMMARIES if paper_summaries is None else paper_summaries))
    return out
