"""Two checks the paper reports in words: the direction of the rejections and stratified resampling.

- **Section 4.1**: "it is possible that, when comparing algorithms A and B, sometimes A is
  preferred and sometimes B if the null hypothesis is rejected. However, closer inspection
  of the data reveals that this only happens when the null hypothesis is accepted most of
  the time, except for 2 or 3 runs." :func:`rejection_directions` lists, for a test, every
  cell (pair, data set) whose rejections went both ways, from the signs the runner keeps
  (:meth:`~evalkit.reproductions.replicability.ReplicationResult.both_directions`).
- **Section 4.3**: "we performed an experiment where resampling was done with
  stratification. The replicability scores differed only very slightly from the ones shown
  in Table 2". :func:`stratification_comparison` sets Table 2's rows of the run with
  stratified subsamples (``tables1_4(resampling="stratified")``) beside the unstratified
  run's, each difference with the test-retest noise of the two rows
  (:func:`~evalkit.reproductions.replicability.uci_tables.summary_errors.summary_standard_errors`).

Part of the page's package, outside its experiment's module: judging the stored runs
again does not change their code.
"""
from __future__ import annotations

import numpy as np

from .... import stats
from ...._checks import Integer, Real, Seed, Text, checks
from ..method import RESAMPLING_RUNS, replication_result
from ..source import PAIR_SLUGS
from .summary_errors import summary_standard_errors

__all__ = ["SIGN_FLIP_REJECTIONS", "rejection_directions", "stratification_comparison", "ours"]

SIGN_FLIP_REJECTIONS = 3
"""The paper's "all but 2 or 3 runs": the most rejections a cell with rejections both ways may have."""


@checks(result=replication_result(), test=Text())
def rejection_directions(result, test="5x2cv"):
    """The cells of ``test`` whose 5%-level rejections favoured each learner at least once.

    Parameters
    ----------
    result : ReplicationResult
        A run of :func:`~evalkit.reproductions.replicability.run_replication` (it keeps the
        direction of every rejection).
    test : str, default "5x2cv"
        The test (Table 1's by default).

    Returns
    -------
    pandas.DataFrame
        One row per such cell: pair, data set, the rejections favouring the pair's first
        and second learner, and the non-rejections.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import ReplicationResult
    >>> res = ReplicationResult(("iris", "labor"), 10, {"5x2cv": {"NB vs C4.5": np.array([7, 10])}}, 0, 1.0,
    ...                         {"5x2cv": {"NB vs C4.5": np.array([[2, 1], [0, 0]])}})
    >>> rejection_directions(res)[["pair", "data set", "non-rejections"]].to_dict("records")
    [{'pair': 'NB vs C4.5', 'data set': 'iris', 'non-rejections': 7}]
    """
    import pandas as pd

    rows = result.both_directions(test)
    columns = ["pair", "data set", "favouring the first", "favouring the second", "non-rejections"]
    return pd.DataFrame([[r["pair"], r["dataset"], r["first"], r["second"], r["non_rejections"]] for r in rows],
                        columns=columns)


@checks(unstratified=replication_result(), stratified=replication_result(), draws=Integer(100), rng=Seed())
def stratification_comparison(unstratified, stratified, *, draws=4000, rng=0):
    """Table 2's summary rows without and with stratified subsamples, and their differences in noise units.

    Parameters
    ----------
    unstratified, stratified : ReplicationResult
        Runs on the same data sets, with ``resampling="unstratified"`` (the paper's Table 2)
        and ``"stratified"`` (its Section 4.3 control).
    draws : int, default 4000
        Simulated reruns behind each row's standard error.
    rng : int or numpy.random.Generator, default 0
        Seed of the simulated reruns.

    Returns
    -------
    pandas.DataFrame
        Indexed by (pair, runs, row) with row in consistent / almost consistent / R:
        ``unstratified``, ``stratified``, ``difference``, ``std_error`` (the two rows'
        standard errors combined; the runs are independent) and ``z``.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.reproductions.replicability import PAIR_SLUGS, PAPER_DATASET_NAMES, ReplicationResult
    >>> tests = [f"resampled corrected, {k} runs" for k in (10, 20, 50, 100)]
    >>> a = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10,
    ...                       {t: {p: np.arange(27) % 11 for p in PAIR_SLUGS} for t in tests}, 0, 0.0)
    >>> table = stratification_comparison(a, a, draws=200, rng=0)
    >>> float(table["difference"].abs().max()), len(table)
    (0.0, 36)
    """
    import pandas as pd

    if tuple(unstratified.datasets) != tuple(stratified.datasets):
        raise ValueError("unstratified and stratified must be runs on the same data sets")
    errors = [summary_standard_errors(run, draws=draws, rng=rng) for run in (unstratified, stratified)]
    rows = {}
    for pair, slug in PAIR_SLUGS.items():
        for runs in RESAMPLING_RUNS:
            test = f"resampled corrected, {runs} runs"
            summaries = [stats.replicability_summary(r.counts[test][pair], r.repetitions)
                         for r in (unstratified, stratified)]
            for row, attribute in (("consistent", "consistent"), ("almost-consistent", "almost_consistent"),
                                   ("r", "replicability")):
                cid = f"bf.table2.{slug}.runs{runs}.{row}"
                a, b = (float(getattr(s, attribute)) for s in summaries)
                se = float(np.hypot(*(e[cid]["std_error"] for e in errors))) if cid in errors[0] else np.nan
                rows[(pair, runs, {"r": "R"}.get(row, row.replace("-", " ")))] = {
                    "unstratified": a, "stratified": b, "difference": b - a, "std_error": se,
                    "z": (b - a) / se if se > 0 else (0.0 if b == a else np.inf)}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index = pd.MultiIndex.from_tuples(table.index, names=["pair", "runs", "row"])
    return table


@checks(directions=replication_result(none=True), stratification=Real(0, None, none=True))
def ours(*, directions=None, stratification=None):
    """The two claims: ``{claim id: bool}``.

    Parameters
    ----------
    directions : ReplicationResult, optional
        A run that keeps its rejections' directions: ``bf.sec4_1.sign-flips-rare``, true
        when every 5x2cv cell with rejections both ways rejected at most
        :data:`SIGN_FLIP_REJECTIONS` times of its runs (true, too, when there is no such cell).
    stratification : float, optional
        The largest ``|z|`` of the R rows of :func:`stratification_comparison`:
        ``bf.sec4_3.stratification-not-the-cause``, true when stratifying moves no R by more
        than two of its standard errors (what a rerun moves it by).

    Returns
    -------
    dict

    Examples
    --------
    >>> ours(stratification=1.2), ours(stratification=2.5)
    ({'bf.sec4_3.stratification-not-the-cause': True}, {'bf.sec4_3.stratification-not-the-cause': False})
    """
    out = {}
    if directions is not None:
        cells = directions.both_directions("5x2cv")
        out["bf.sec4_1.sign-flips-rare"] = bool(all(
            c["first"] + c["second"] <= SIGN_FLIP_REJECTIONS for c in cells))
    if stratification is not None:
        out["bf.sec4_3.stratification-not-the-cause"] = bool(stratification <= 2.0)
    return out
