"""Bouckaert & Frank (2004): our value for each claim of the registry, from computed results.

Each function maps results to ``{claim id: our value}`` (ids of
``evalkit/reproductions/replicability/claims.toml``); the chapters pass each pair to
:func:`evalkit.claims.record` or, for a qualitative claim, :func:`evalkit.claims.conclude`.

- :func:`property_claims` -- Table 1's #inst., #atts., #cl. from the ARFF files;
- :func:`uci_claims` and :func:`uci_predicates` -- Tables 1-4, Section 4.1-4.3, from a
  :class:`~evalkit.reproductions.replicability.ReplicationResult`;
- :func:`table5_claims` and :func:`simulation_predicates` -- Table 5 and Section 4.4, from a
  :class:`~evalkit.reproductions.replicability.SimulationResult`;
- :func:`source_predicates` -- claims about the paper's own tables and formulas.
"""
from __future__ import annotations

import numpy as np

from ... import claims as _claims
from ... import stats
from ..._checks import Function, Text, checks
from ._common import replication_result, simulation_result
from .paper import PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS, TABLE5_CLAIMS


__all__ = ["ATTRIBUTE_COUNT_REASONS", "STANDIN_LEARNERS", "WEKA_NN", "partition_dependent", "property_claims",
           "property_reason", "simulation_predicates", "source_predicates", "table5_claims", "uci_claim_data",
           "uci_claims", "uci_predicates"]

WEKA_NN = ("Weka 3.9's IBk with k = 1 for Weka 3.3's IB1 (ties among equally near neighbours are "
           "decided by a vote, not by the first in training order)")
"""The ``data=`` of a UCI claim that involves the nearest-neighbour learner (see :func:`uci_claim_data`)."""

_NB_C45_ONLY = ("bf.sec4_1.anneal-sensitive", "bf.sec4_1.nb-c45-same-but-vehicle", "bf.sec4_1.nb-c45-differ-19")


@checks(claim_id=Text())
def uci_claim_data(claim_id):
    """The ``data=`` keyword for a claim computed from the Weka rerun of Tables 1-4.

    Claims about naive Bayes against C4.5 use the paper's learners (Weka's NaiveBayes and
    J48 have Weka 3.3's defaults and behaviour); claims that involve nearest neighbour use
    IBk, which Weka 3.9 has in place of IB1, and so are judged as on a stand-in learner.

    Parameters
    ----------
    claim_id : str
        A claim id of the registry.

    Returns
    -------
    dict
        ``{}`` or ``{"data": WEKA_NN}``.

    Examples
    --------
    >>> uci_claim_data("bf.table1.anneal.nb-c45")
    {}
    >>> uci_claim_data("bf.table2.nb-nn.runs10.r") == {"data": WEKA_NN}
    True
    """
    if ".nb-c45." in claim_id or claim_id.endswith(".nb-c45") or claim_id in _NB_C45_ONLY:
        return {}
    return {"data": WEKA_NN}


STANDIN_LEARNERS = ("scikit-learn stand-ins for Weka 3.3's learners: Gaussian naive Bayes on one-hot columns, "
                    "an unpruned binary entropy tree for C4.5, 1-nearest-neighbour (evalkit.learners.learners_for)")
"""What the scikit-learn stand-ins are (the book's first version ran Tables 1-4 with them)."""

ATTRIBUTE_COUNT_REASONS = {
    "arrhythmia": "source_error", "credit-a": "source_error", "ecoli": "source_error", "zoo": "explanation",
}
"""Data sets whose #atts. differ from the ARFF file's, and how: the paper counts the class
attribute in these three rows only (a source error), and leaves zoo's animal-name identifier
out (an explanation)."""

_TEST_OF_TABLE4 = {"alpha1": "corrected 10x10 CV, level 0.01", "alpha2_5": "corrected 10x10 CV, level 0.025",
                   "alpha5": "corrected 10x10 CV", "alpha10": "corrected 10x10 CV, level 0.1"}


@checks(loader=Function(none=True))
def property_claims(loader=None):
    """Table 1's data set properties from the ARFF files: ``{claim id: int}``.

    #inst. counts the rows, #atts. the attributes other than the class, #cl. the classes
    that occur.

    Parameters
    ----------
    loader : callable, optional
        ``loader(name) -> ArffData``; default :func:`evalkit.datasets.load_arff`.

    Returns
    -------
    dict of str -> int
        ``bf.table1.<data set>.{instances, attributes, classes}`` -> our count.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> import numpy as np
    >>> def fake(name):                    # 4 rows, 2 attributes and the class, one class missing
    ...     return SimpleNamespace(data=np.zeros((4, 3)), X=np.zeros((4, 2)), y=np.array([0, 1, 1, -1]))
    >>> ours = property_claims(loader=fake)
    >>> ours["bf.table1.iris.instances"], ours["bf.table1.iris.attributes"], ours["bf.table1.iris.classes"]
    (4, 2, 2)
    """
    if loader is None:
        from ...datasets import load_arff as loader
    out = {}
    for ds in PAPER_DATASET_NAMES:
        data = loader(ds)
        y = np.asarray(data.y)
        out[f"bf.table1.{ds}.instances"] = int(data.data.shape[0])
        out[f"bf.table1.{ds}.attributes"] = int(data.X.shape[1])
        out[f"bf.table1.{ds}.classes"] = int(np.unique(y[y >= 0]).size)
    return out


@checks(claim_id=Text())
def property_reason(claim_id):
    """The ``explanation=`` or ``source_error=`` for a Table 1 property claim (see ``ATTRIBUTE_COUNT_REASONS``).

    Parameters
    ----------
    claim_id : str
        A claim id ``bf.table1.<data set>.<property>``.

    Returns
    -------
    dict
        The keyword for :func:`evalkit.claims.record` (empty when the counts agree).

    Examples
    --------
    >>> property_reason("bf.table1.ecoli.attributes")
    {'source_error': 'errata-bf'}
    >>> property_reason("bf.table1.zoo.attributes"), property_reason("bf.table1.iris.classes")
    ({'explanation': 'bf-table1-attributes'}, {})
    """
    dataset, what = claim_id.split(".")[2:4]
    kind = ATTRIBUTE_COUNT_REASONS.get(dataset) if what == "attributes" else None
    if kind == "source_error":
        return {"source_error": "errata-bf"}
    if kind == "explanation":
        return {"explanation": "bf-table1-attributes"}
    return {}


def _summary_value(summary, row):
    return {"consistent": summary.consistent, "almost-consistent": summary.almost_consistent,
            "r": summary.replicability}[row]


@checks(result=replication_result())
def uci_claims(result):
    """Tables 1-4 and the numbers of Sections 4.1 and 4.3 from our UCI rerun: ``{claim id: value}``.

    ``result`` must hold the paper's 27 data sets in the order of ``PAPER_DATASET_NAMES``
    and ten repetitions.

    Parameters
    ----------
    result : ReplicationResult
        Our rerun of Tables 1-4.

    Returns
    -------
    dict
        ``{claim id: our value}`` (counts as int, R as float).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import (PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS,
    ...                                                    ReplicationResult)
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in SUMMARY_CLAIMS}   # no test ever rejects
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> ours = uci_claims(res)
    >>> ours["bf.table1.anneal.nb-c45"], ours["bf.sec4_1.nb-c45-differ-19"]
    (10, 0)
    """
    if tuple(result.datasets) != tuple(PAPER_DATASET_NAMES):
        raise ValueError("result must hold the paper's 27 data sets in Table 1's order")
    ids = set(_claims.source_values("bf."))
    out = {}
    five = result.counts["5x2cv"]
    for i, ds in enumerate(result.datasets):
        for pair, slug in PAIR_SLUGS.items():
            out[f"bf.table1.{ds}.{slug}"] = int(five[pair][i])
    for test, pattern in SUMMARY_CLAIMS.items():
        ours = "corrected 10x10 CV" if test == "corrected 10x10 CV, level 0.05" else test
        for pair, slug in PAIR_SLUGS.items():
            summary = stats.replicability_summary(result.counts[ours][pair], result.repetitions)
            for row in ("consistent", "almost-consistent", "r"):
                cid = pattern.format(pair=slug, row=row)
                if cid in ids:
                    out[cid] = _summary_value(summary, row)
    nb_c45 = five["NB vs C4.5"]
    out["bf.sec4_1.nb-c45-same-but-vehicle"] = int((nb_c45 > 0).sum())
    out["bf.sec4_1.nb-c45-differ-19"] = int((nb_c45 < result.repetitions).sum())
    return out


def _mean_r(tables, test):
    return float(np.mean([tables[test][pair].replicability for pair in PAIR_SLUGS]))


@checks(result=replication_result())
def uci_predicates(result):
    """The qualitative claims of Sections 4.1-4.3 judged on our UCI rerun: ``{claim id: bool}``.

    Parameters
    ----------
    result : ReplicationResult
        Our rerun of Tables 1-4 (the paper's 27 data sets).

    Returns
    -------
    dict of str -> bool
        Whether each claim holds on our rerun.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import (PAIR_SLUGS, PAPER_DATASET_NAMES, SUMMARY_CLAIMS,
    ...                                                    ReplicationResult)
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in SUMMARY_CLAIMS}   # no test ever rejects
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> uci_predicates(res)["bf.sec4_1.anneal-sensitive"]
    False
    """
    from .uci import EQUAL_EFFORT, REPLICABILITY_ORDER, summary_tables

    n, m = result.repetitions, len(result.datasets)
    tables = summary_tables(result)
    five = result.counts["5x2cv"]
    cells = np.column_stack([five[p] for p in PAIR_SLUGS])
    names = list(result.datasets)
    anneal = five["NB vs C4.5"][names.index("anneal")]
    resampling = [_mean_r(tables, f"resampled corrected, {k} runs") for k in (10, 20, 50, 100)]
    cv_cons = [tables[cv][p].consistent >= tables[rs][p].consistent for rs, cv in EQUAL_EFFORT for p in PAIR_SLUGS]
    cv_r = [tables[cv][p].replicability >= tables[rs][p].replicability for rs, cv in EQUAL_EFFORT for p in PAIR_SLUGS]
    levels = [t for t in tables if t.startswith("corrected 10x10 CV")]
    r_levels = np.array([[tables[t][p].replicability for t in levels] for p in PAIR_SLUGS])
    mean_rs = {t: _mean_r(tables, t) for t in REPLICABILITY_ORDER}
    r100 = [tables["resampled corrected, 100 runs"][p] for p in PAIR_SLUGS]
    return {
        "bf.sec4_1.anneal-sensitive": bool(0 < anneal < n),
        "bf.sec4_1.iris-hungarian-no-difference": bool(
            all(five[p][names.index(ds)] == n for p in PAIR_SLUGS for ds in ("iris", "heart-h"))),
        "bf.sec4_1.most-rows-inconsistent": bool(((cells > 0) & (cells < n)).any(axis=1).sum() > m / 2),
        "bf.sec4_1.consistent-below-half": bool(all(tables["5x2cv"][p].consistent < m / 2 for p in PAIR_SLUGS)),
        "bf.sec4_1.almost-below-66": bool(all(tables["5x2cv"][p].almost_consistent < 0.66 * m for p in PAIR_SLUGS)),
        "bf.sec4_1.r-low": bool(min(mean_rs, key=mean_rs.get) == "5x2cv"),
        "bf.sec4_2.more-runs-more-replicable": bool(np.all(np.diff(resampling) > 0)),
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


@checks(result=simulation_result())
def table5_claims(result):
    """Table 5 from a simulation run: ``{claim id: value}`` (percentages and percentage points).

    The accuracy row is the mean absolute accuracy difference of the two learners; the
    paper's "10-fold cv" row is compared with our uncorrected 10-fold test (Section 4.3's).

    Parameters
    ----------
    result : SimulationResult
        A run of the simulation on the four sources.

    Returns
    -------
    dict of str -> float
        ``{claim id: our value}``.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import SIMULATION_TESTS, SimulationResult
    >>> p = {t: np.full((4, 2, 3), 0.5) for t in SIMULATION_TESTS}     # 4 sources x 2 sets x 3 runs, p = 0.5
    >>> res = SimulationResult(np.full((4, 2, 2), 0.5), p, 0.05, 0.0)
    >>> ours = table5_claims(res)
    >>> ours["bf.table5.5x2cv.source1"], ours["bf.table5.accuracy.source1"]
    (100.0, 0.0)
    """
    out = {}
    diff = np.abs(result.accuracy_difference())
    for j in range(4):
        out[f"bf.table5.accuracy.source{j + 1}"] = float(diff[j])
    ours = {"10-fold CV": "10-fold CV, uncorrected"}
    for row, slug in TABLE5_CLAIMS.items():
        c = result.consistency(ours.get(row, row))
        for j in range(4):
            out[f"bf.table5.{slug}.source{j + 1}"] = float(c[j])
        out[f"bf.table5.{slug}.min"] = float(c.min())
    return out


@checks(result=simulation_result())
def simulation_predicates(result):
    """The qualitative claims judged on the simulation (Sections 2, 4.3, 4.4, 5): ``{claim id: bool}``.

    Parameters
    ----------
    result : SimulationResult
        A run of the simulation on the four sources.

    Returns
    -------
    dict of str -> bool
        Whether each claim holds on the simulation.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import SIMULATION_TESTS, SimulationResult
    >>> p = {t: np.full((4, 2, 3), 0.5) for t in SIMULATION_TESTS}     # 4 sources x 2 sets x 3 runs, p = 0.5
    >>> res = SimulationResult(np.full((4, 2, 2), 0.5), p, 0.05, 0.0)
    >>> simulation_predicates(res)["bf.sec4_4.low-consistency"]
    False
    """
    def type1(test):
        return float(result.rejection_rate(test)[0]), float(result.rejection_rate_std_error(test)[0])

    worst = {t: float(result.consistency(t).min()) for t in
             ("5x2cv", "resampled corrected, 10 runs", "resampled corrected, 100 runs", "10-fold CV, uncorrected",
              "corrected 10x10 CV")}
    cv10, cv10_se = type1("10-fold CV, uncorrected")
    cv100, _ = type1("10x10-fold CV, uncorrected")
    five, _ = type1("5x2cv")
    c5 = result.consistency("5x2cv")
    easier = []
    for t in ("resampled corrected, 10 runs", "resampled corrected, 100 runs", "10-fold CV, uncorrected",
              "corrected 10x10 CV"):
        c = result.consistency(t)
        easier.append(min(c[0], c[3]) > max(c[1], c[2]))
    return {
        "bf.sec2.reuse-inflates-type1": bool(cv100 > 0.05),
        "bf.sec4_3.cv10-inflated-type1": bool(cv10 - 2 * cv10_se > 0.05),
        "bf.sec4_3.cv10x10-uncorrected-high-type1": bool(cv100 > 0.10),
        "bf.sec4_4.low-consistency": bool(all(worst[t] < 50 for t in
                                              ("5x2cv", "resampled corrected, 10 runs", "10-fold CV, uncorrected"))),
        "bf.sec4_4.resampling100-dramatic": bool(
            worst["resampled corrected, 100 runs"] >= worst["resampled corrected, 10 runs"] + 20),
        "bf.sec4_4.cv10x10-further": bool(worst["corrected 10x10 CV"] > worst["resampled corrected, 100 runs"]),
        "bf.sec4_4.sources-1-4-easier": bool(all(easier)),
        "bf.sec4_4.5x2cv-conservative": bool(five <= 0.05 and int(np.argmin(c5)) == 3),
        "bf.conclusions.recommendation": bool(worst["corrected 10x10 CV"] > worst["resampled corrected, 100 runs"]),
    }


@checks()
def source_predicates():
    """Claims about the paper's own numbers and formulas: ``{claim id: bool}``.

    - ``bf.sec2.r-formula``: Table 1's summary rows follow from its columns (counts exactly,
      R within the printed rounding);
    - ``bf.sec2.r-floor``: R(k, 10) >= 0.5 for every k;
    - ``bf.sec4_2.only-exception``: Table 2 has exactly one value that drops with more runs.

    Returns
    -------
    dict of str -> bool
        Whether each claim holds on the paper's own numbers.

    Examples
    --------
    >>> source_predicates()["bf.sec2.r-formula"]
    True
    """
    from .paper import PAPER_SUMMARIES, PAPER_TABLE_1

    formula = True
    for pair, col in PAPER_TABLE_1.items():
        s = stats.replicability_summary(np.array(col), 10)
        c, a, r = PAPER_SUMMARIES["5x2cv"][pair]
        formula &= (s.consistent == c and s.almost_consistent == a and abs(s.replicability - r) <= 5e-4)
    drops = 0
    for pair in PAIR_SLUGS:
        for j in range(3):
            values = [PAPER_SUMMARIES[f"resampled corrected, {k} runs"][pair][j] for k in (10, 20, 50, 100)]
            drops += int(np.sum(np.diff(values) < 0))
    return {
        "bf.sec2.r-formula": bool(formula),
        "bf.sec2.r-floor": bool(np.min(stats.replicability(np.arange(11), 10)) >= 0.5),
        "bf.sec4_2.only-exception": bool(drops == 1),
    }
