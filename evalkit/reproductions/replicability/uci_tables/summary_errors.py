"""The test-retest noise of Tables 1-4's summary rows: consistent, almost consistent, R.

A summary row counts the data sets on which a test gave the same answer in all ten runs
(consistent), in all but one (almost consistent), and averages the replicability
``R(k, 10)`` of their non-rejection counts ``k``. Rerun with other random partitions, each
data set's ``k`` moves, and so does the row. :func:`summary_standard_errors` estimates by
how much, by the same simulation for ours and for the paper's row (the paper's per-data-set
counts of Tables 2-4 are not published, so ours stand for both): each data set's ``k`` is
drawn again as binomial over the ten runs at its rate, estimated as ``(k + 1/2) / 11`` so
that a data set on which all runs agreed can disagree on a rerun.

The same draws decide the page's threshold predicates on these rows (a row above 90%, one
test more replicable than another): :func:`decided_predicates`.

Part of the page's package, outside its experiment's module (``uci_tables/studies.py``):
judging the stored runs again does not change their code. The page's ``ours`` returns plain
bools for these predicates, and :func:`decided_predicates` replaces them.
"""
from __future__ import annotations

import numpy as np

from .... import stats
from ...._checks import Integer, Seed, checks
from ....claims import decide, source_values
from ..method import replication_result
from ..source import PAIR_SLUGS, SUMMARY_CLAIMS

__all__ = ["decided_predicates", "summary_draws", "summary_standard_errors"]


@checks(result=replication_result(), draws=Integer(100), rng=Seed())
def summary_draws(result, *, draws=4000, rng=0):
    """Simulated reruns of Tables 1-4's summary rows: each data set's count drawn again.

    Parameters
    ----------
    result : ReplicationResult
        A run of the replication (:func:`~evalkit.reproductions.replicability.tables1_4`).
    draws : int, default 4000
        Simulated reruns.
    rng : int or numpy.random.Generator, default 0
        Seed of the simulated reruns.

    Returns
    -------
    dict
        ``{test: {pair: {"consistent": draws, "almost-consistent": draws, "r": draws}}}``
        for every test of the paper's summary tables the result holds (``SUMMARY_CLAIMS``'s
        names; ``"corrected 10x10 CV, level 0.05"`` is the result's ``"corrected 10x10
        CV"``, drawn again), each an array of ``draws`` values.

    Examples
    --------
    >>> from evalkit.reproductions.replicability import PAPER_DATASET_NAMES, ReplicationResult
    >>> counts = {"5x2cv": {p: np.arange(27) % 11 for p in PAIR_SLUGS}}
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> rows = summary_draws(res, draws=500, rng=1)["5x2cv"]["NB vs C4.5"]
    >>> rows["consistent"].shape, bool(rows["r"].min() >= 0)
    ((500,), True)
    """
    gen = np.random.default_rng(rng)
    n = result.repetitions
    out = {}
    for test in SUMMARY_CLAIMS:
        ours_test = "corrected 10x10 CV" if test == "corrected 10x10 CV, level 0.05" else test
        if ours_test not in result.counts:
            continue
        out[test] = {}
        for pair in PAIR_SLUGS:
            k = np.asarray(result.counts[ours_test][pair])
            reruns = gen.binomial(n, (k + 0.5) / (n + 1), size=(draws, k.size))
            out[test][pair] = {"consistent": ((reruns == 0) | (reruns == n)).sum(axis=1),
                               "almost-consistent": ((reruns <= 1) | (reruns >= n - 1)).sum(axis=1),
                               "r": stats.replicability(reruns, n).mean(axis=1)}
    return out


@checks(result=replication_result(), draws=Integer(100), rng=Seed())
def summary_standard_errors(result, *, draws=4000, rng=0):
    """Standard errors of Tables 1-4's summary rows, as ``claims.record_all``'s options.

    The standard deviation of each row over :func:`summary_draws`.

    Parameters
    ----------
    result : ReplicationResult
        A run of the replication (:func:`~evalkit.reproductions.replicability.tables1_4`).
    draws : int, default 4000
        Simulated reruns.
    rng : int or numpy.random.Generator, default 0
        Seed of the simulated reruns.

    Returns
    -------
    dict
        ``{claim id: {"std_error": se, "source_std_error": se}}`` for every consistent,
        almost-consistent and R cell of Tables 1-4 and Section 4.3 the result holds.

    Examples
    --------
    >>> from evalkit.reproductions.replicability import PAPER_DATASET_NAMES, ReplicationResult
    >>> counts = {t: {p: np.arange(27) % 11 for p in PAIR_SLUGS} for t in
    ...           ("5x2cv", "resampled corrected, 10 runs")}
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)
    >>> errors = summary_standard_errors(res, draws=500, rng=1)
    >>> round(errors["bf.table2.nb-c45.runs10.consistent"]["std_error"], 1)
    1.5
    """
    ids = set(source_values("bf."))
    out = {}
    for test, by_pair in summary_draws(result, draws=draws, rng=rng).items():
        for pair, rows in by_pair.items():
            for row, values in rows.items():
                cid = SUMMARY_CLAIMS[test].format(pair=PAIR_SLUGS[pair], row=row)
                if cid in ids:
                    se = float(values.std(ddof=1))
                    out[cid] = {"std_error": se, "source_std_error": se}
    return out


def _decided(estimates, threshold, reruns, side):
    """:func:`evalkit.claims.decide`, each estimate's error the spread of its simulated reruns."""
    return decide(estimates, threshold, [float(np.std(r, ddof=1)) for r in reruns], side=side)


def _reading(result, draws):
    from . import summary_tables

    m = len(result.datasets)
    rows, reruns = summary_tables(result)["5x2cv"], draws["5x2cv"]
    return {
        "bf.sec4_1.consistent-below-half": _decided([rows[p].consistent for p in PAIR_SLUGS], m / 2,
                                                    [reruns[p]["consistent"] for p in PAIR_SLUGS], "below"),
        "bf.sec4_1.almost-below-66": _decided([rows[p].almost_consistent for p in PAIR_SLUGS], 0.66 * m,
                                              [reruns[p]["almost-consistent"] for p in PAIR_SLUGS], "below"),
    }


def _conclusions(result, draws):
    from . import REPLICABILITY_ORDER, summary_tables

    m = len(result.datasets)
    tables = summary_tables(result)
    levels = [t for t in tables if t.startswith("corrected 10x10 CV")]
    r_levels = np.array([[tables[t][p].replicability for t in levels] for p in PAIR_SLUGS])
    mean_rs = {t: float(np.mean([tables[t][p].replicability for p in PAIR_SLUGS])) for t in REPLICABILITY_ORDER}
    mean_r_reruns = {t: np.mean([draws[t][p]["r"] for p in PAIR_SLUGS], axis=0) for t in REPLICABILITY_ORDER}

    def above(pairs):
        """Decide "mean R of a above mean R of b" for every (a, b)."""
        return _decided([mean_rs[a] - mean_rs[b] for a, b in pairs], 0.0,
                        [mean_r_reruns[a] - mean_r_reruns[b] for a, b in pairs], "above")

    runs = [f"resampled corrected, {k} runs" for k in (10, 20, 50, 100)]
    best, cv10 = "corrected 10x10 CV", "10-fold CV, uncorrected"
    r100 = tables[runs[-1]]
    return {
        "bf.sec4_1.r-low": above([(t, "5x2cv") for t in REPLICABILITY_ORDER if t != "5x2cv"]),
        "bf.sec4_2.more-runs-more-replicable": above(list(zip(runs[1:], runs[:-1]))),
        "bf.sec4_2.almost-80pct-at-100": _decided([r100[p].almost_consistent for p in PAIR_SLUGS], 0.8 * m,
                                                  [draws[runs[-1]][p]["almost-consistent"] for p in PAIR_SLUGS],
                                                  "above"),
        "bf.sec4_2.r-09-at-100": _decided([r100[p].replicability for p in PAIR_SLUGS], 0.895,
                                          [draws[runs[-1]][p]["r"] for p in PAIR_SLUGS], "above"),
        "bf.sec4_3.cv10-less-than-resampling100": _decided(
            [tables[cv10][p].consistent - r100[p].consistent for p in PAIR_SLUGS], 0.0,
            [draws[cv10][p]["consistent"] - draws[runs[-1]][p]["consistent"] for p in PAIR_SLUGS], "below"),
        "bf.sec4_3.cv10x10-best": above([(best, t) for t in REPLICABILITY_ORDER if t != best]),
        "bf.sec4_3.table4-r-above-09": _decided(r_levels.ravel(), 0.9,
                                                [draws[t][p]["r"] for p in PAIR_SLUGS for t in levels], "above"),
    }


@checks(reading=replication_result(none=True), conclusions=replication_result(none=True))
def decided_predicates(*, reading=None, conclusions=None):
    """The page's threshold predicates on summary rows, decided with the rows' test-retest noise.

    Sections 4.1-4.3 state thresholds on Tables 1-4's summary rows ("R at least 0.9 with 100
    runs") and comparisons of two tests' rows ("10x10 CV the most replicable"). Each is a
    :class:`~evalkit.claims.Decision`: every row (or difference of two tests' rows) is
    compared with its threshold in the standard deviation of its simulated reruns
    (:func:`summary_draws` with its defaults; the reruns of two tests independent), and
    holds, fails, or is undecided (``inconclusive``). The statements about particular data
    sets, the counts of comparisons ("in 10 of the 12"), the spread over significance
    levels (the levels share their runs, which the reruns do not model) and Table 2's own
    drops stay plain bools of ``uci_tables.ours``.

    These values replace the bools ``uci_tables.ours(reading=..., conclusions=...)`` gives
    for the same claims: ``{**uci_tables.ours(reading=r), **decided_predicates(reading=r)}``.

    Parameters
    ----------
    reading : ReplicationResult, optional
        Our rerun: Section 4.1's thresholds on Table 1's summary rows.
    conclusions : ReplicationResult, optional
        Our rerun: the thresholds and comparisons of Sections 4.1-4.3's conclusions.

    Returns
    -------
    dict
        ``{claim id: Decision}``.

    Examples
    --------
    >>> from evalkit.reproductions.replicability import PAPER_DATASET_NAMES, ReplicationResult
    >>> counts = {t: {p: np.full(27, 10) for p in PAIR_SLUGS} for t in list(SUMMARY_CLAIMS) + ["corrected 10x10 CV"]}
    >>> res = ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0)   # every test always consistent
    >>> decided = decided_predicates(conclusions=res)
    >>> decided["bf.sec4_2.r-09-at-100"].holds, decided["bf.sec4_1.r-low"].holds   # all equal: no lowest
    (True, None)
    """
    out = {}
    if reading is not None:
        out.update(_reading(reading, summary_draws(reading)))
    if conclusions is not None:
        out.update(_conclusions(conclusions, summary_draws(conclusions)))
    return out
