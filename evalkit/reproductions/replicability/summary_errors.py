"""The test-retest noise of Tables 1-4's summary rows: consistent, almost consistent, R.

A summary row counts the data sets on which a test gave the same answer in all ten runs
(consistent), in all but one (almost consistent), and averages the replicability
``R(k, 10)`` of their non-rejection counts ``k``. Rerun with other random partitions, each
data set's ``k`` moves, and so does the row. :func:`summary_standard_errors` estimates by
how much, by the same simulation for ours and for the paper's row (the paper's per-data-set
counts of Tables 2-4 are not published, so ours stand for both): each data set's ``k`` is
drawn again as binomial over the ten runs at its rate, estimated as ``(k + 1/2) / 11`` so
that a data set on which all runs agreed can disagree on a rerun.

Kept apart from :mod:`~evalkit.reproductions.replicability.uci_tables`, whose experiment
it does not import: judging the stored runs again does not change their code.
"""
from __future__ import annotations

import numpy as np

from ... import stats
from ..._checks import Integer, Seed, checks
from ...claims import source_values
from .method import replication_result
from .source import PAIR_SLUGS, SUMMARY_CLAIMS

__all__ = ["summary_standard_errors"]


@checks(result=replication_result(), draws=Integer(100), rng=Seed())
def summary_standard_errors(result, *, draws=4000, rng=0):
    """Standard errors of Tables 1-4's summary rows, as ``claims.record_all``'s options.

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
    gen = np.random.default_rng(rng)
    ids = set(source_values("bf."))
    n = result.repetitions
    out = {}
    for test, pattern in SUMMARY_CLAIMS.items():
        ours_test = "corrected 10x10 CV" if test == "corrected 10x10 CV, level 0.05" else test
        if ours_test not in result.counts:
            continue
        for pair, slug in PAIR_SLUGS.items():
            k = np.asarray(result.counts[ours_test][pair])
            reruns = gen.binomial(n, (k + 0.5) / (n + 1), size=(draws, k.size))
            rows = {"consistent": ((reruns == 0) | (reruns == n)).sum(axis=1),
                    "almost-consistent": ((reruns <= 1) | (reruns >= n - 1)).sum(axis=1),
                    "r": stats.replicability(reruns, n).mean(axis=1)}
            for row, values in rows.items():
                cid = pattern.format(pair=slug, row=row)
                if cid in ids:
                    se = float(values.std(ddof=1))
                    out[cid] = {"std_error": se, "source_std_error": se}
    return out
