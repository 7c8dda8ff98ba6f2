"""The claim values of the page "Table 5, Type I error, and what to use", from the simulation.

:func:`ours` turns a run of :func:`~evalkit.reproductions.replicability.table5` into
``{claim id: our value}``. The paper's reading of Table 5, its Type I errors and its
recommendation compare Monte Carlo estimates (a consistency over training sets, a rejection
rate) with thresholds or with each other, so each is a :class:`~evalkit.claims.Decision`:
decided with the estimates' standard errors, or undecided.

The module is kept apart from :mod:`~evalkit.reproductions.replicability.simulation`, whose
experiments it does not import: judging the stored run again does not change the code the
run was computed with, so the run (hours at the paper's scale) stays current.
"""
from __future__ import annotations

import numpy as np

from ..._checks import checks
from ...claims import all_of, decide
from .method import simulation_result
from .source import TABLE5_CLAIMS

__all__ = ["WORST_CASE_TESTS", "ours"]

#: The tests whose worst source's consistency the paper reads (Section 4.4)
WORST_CASE_TESTS = ("5x2cv", "resampled corrected, 10 runs", "resampled corrected, 100 runs",
                    "10-fold CV, uncorrected", "corrected 10x10 CV")


def _table5_claims(result):
    """Table 5: ``{claim id: value}`` (percentages and percentage points).

    The accuracy row is the mean absolute accuracy difference of the two learners; the
    paper's "10-fold cv" row is compared with our uncorrected 10-fold test (Section 4.3's).
    """
    out = {}
    diff = np.abs(result.accuracy_difference())
    for j in range(4):
        out[f"bf.table5.accuracy.source{j + 1}"] = float(diff[j])
    ours_test = {"10-fold CV": "10-fold CV, uncorrected"}
    for row, slug in TABLE5_CLAIMS.items():
        c = result.consistency(ours_test.get(row, row))
        for j in range(4):
            out[f"bf.table5.{slug}.source{j + 1}"] = float(c[j])
        out[f"bf.table5.{slug}.min"] = float(c.min())
    return out


def _consistency(result, test):
    """A test's consistency per source and its binomial standard error, in percent."""
    return result.consistency(test), result.consistency_std_error(test)


def _worst(result, test):
    """A test's worst source: its consistency and that consistency's standard error."""
    c, se = _consistency(result, test)
    j = int(np.argmin(c))
    return float(c[j]), float(se[j])


def _gap(result, better, worse, margin=0.0):
    """"``better``'s worst source beats ``worse``'s by more than ``margin``", decided.

    The two worst-source consistencies come from the same training sets; their errors are
    combined as if independent, which overstates the error of the difference when the two
    tests agree on the same sets (a conservative decision).
    """
    (a, sa), (b, sb) = _worst(result, better), _worst(result, worse)
    return decide(a - b, margin, np.hypot(sa, sb), side="above")


def _reading(result):
    """Section 4.4's reading of Table 5: ``{claim id: Decision}``."""
    below_half = all_of([decide(_worst(result, t)[0], 50.0, _worst(result, t)[1], side="below")
                         for t in ("5x2cv", "resampled corrected, 10 runs", "10-fold CV, uncorrected")])
    easier = []
    for t in ("resampled corrected, 10 runs", "resampled corrected, 100 runs", "10-fold CV, uncorrected",
              "corrected 10x10 CV"):
        c, se = _consistency(result, t)
        easy, hard = min((0, 3), key=lambda j: c[j]), max((1, 2), key=lambda j: c[j])
        easier.append(decide(c[easy] - c[hard], 0.0, np.hypot(se[easy], se[hard]), side="above"))
    five, five_se = result.rejection_rate("5x2cv")[0], result.rejection_rate_std_error("5x2cv")[0]
    c5, se5 = _consistency(result, "5x2cv")
    others = [j for j in range(4) if j != 3]
    least_on_4 = decide(c5[others] - c5[3], 0.0, np.hypot(se5[others], se5[3]), side="above")
    return {
        "bf.sec4_4.low-consistency": below_half,
        "bf.sec4_4.resampling100-dramatic": _gap(result, "resampled corrected, 100 runs",
                                                 "resampled corrected, 10 runs", margin=20.0),
        "bf.sec4_4.cv10x10-further": _gap(result, "corrected 10x10 CV", "resampled corrected, 100 runs"),
        "bf.sec4_4.sources-1-4-easier": all_of(easier),
        "bf.sec4_4.5x2cv-conservative": all_of([decide(five, result.level, five_se, side="below"), least_on_4]),
    }


def _type1(result):
    """The Type I errors of Sections 2 and 4.3, on source 1: ``{claim id: Decision}``."""
    def rate(test, threshold):
        return decide(result.rejection_rate(test)[0], threshold, result.rejection_rate_std_error(test)[0],
                      side="above")

    return {
        "bf.sec2.reuse-inflates-type1": rate("10x10-fold CV, uncorrected", result.level),
        "bf.sec4_3.cv10-inflated-type1": rate("10-fold CV, uncorrected", result.level),
        "bf.sec4_3.cv10x10-uncorrected-high-type1": rate("10x10-fold CV, uncorrected", 2 * result.level),
    }


def _recommendation(result):
    """The paper's recommendation (Section 5): ``{claim id: Decision}``."""
    return {"bf.conclusions.recommendation": _gap(result, "corrected 10x10 CV", "resampled corrected, 100 runs")}


@checks(table5=simulation_result(none=True), reading=simulation_result(none=True),
        type1=simulation_result(none=True), recommendation=simulation_result(none=True))
def ours(*, table5=None, reading=None, type1=None, recommendation=None):
    """The page's claim values from the simulation: ``{claim id: our value}``, one part per section.

    Parameters
    ----------
    table5 : SimulationResult, optional
        A run of the simulation on the four sources (:func:`~evalkit.reproductions.replicability.table5`): Table 5's cells
        (percentages and percentage points).
    reading : SimulationResult, optional
        The same: Section 4.4's reading of Table 5 (:class:`~evalkit.claims.Decision` values:
        the worst sources' consistencies against 50%, against each other, and the 5x2cv
        test's Type I error against its level, with their Monte Carlo errors).
    type1 : SimulationResult, optional
        The same: the Type I errors of Sections 2 and 4.3 on source 1, against the level
        (and twice the level), with their standard errors.
    recommendation : SimulationResult, optional
        The same: the paper's recommendation (Section 5).

    Returns
    -------
    dict
        ``{claim id: our value}`` of the parts given, in that order.

    Examples
    --------
    >>> from evalkit.reproductions.replicability.method import SIMULATION_TESTS, SimulationResult
    >>> p = {t: np.full((4, 2, 3), 0.5) for t in SIMULATION_TESTS}     # 4 sources x 2 sets x 3 runs, p = 0.5
    >>> res = SimulationResult(np.full((4, 2, 2), 0.5), p, 0.05, 0.0)
    >>> values = ours(table5=res, reading=res)
    >>> values["bf.table5.5x2cv.source1"], values["bf.table5.accuracy.source1"]
    (100.0, 0.0)
    >>> values["bf.sec4_4.low-consistency"].holds     # every test consistent on every set: no error, decided
    False
    """
    out = {}
    for part, result in ((_table5_claims, table5), (_reading, reading), (_type1, type1),
                         (_recommendation, recommendation)):
        if result is not None:
            out.update(part(result))
    return out
