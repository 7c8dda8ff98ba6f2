"""What the network-CV claims computed by a page without its own declaration read: the records' ``data``.

Table 5 on the networks we have (:func:`~evalkit.reproductions.network_cv.table5`) declares the
one row that is not the paper's network (our Enron extraction); a claim of a row reads that
row. The other experiments of the part declare what they run on for all their claims
(``experiment.provenance``). :func:`options` gives a page's ``claims.record_all(values,
provenance=options)``; nothing is typed in the registry.
"""
from __future__ import annotations

from ..._checks import Instance, Text, checks
from .real_data import table5

__all__ = ["options", "rows_read"]


@checks(claim_id=Text())
def rows_read(claim_id):
    """The Table 5 rows a claim reads: the row its id names (``neville.table5.<row>.<measure>``), else none.

    Parameters
    ----------
    claim_id : str
        A ``neville.`` claim id.

    Returns
    -------
    tuple of str
        The row's key of ``TABLE5_PAPER_ROWS``, or nothing.

    Examples
    --------
    >>> rows_read("neville.table5.enron-executive.autocorr"), rows_read("neville.sec4.something")
    (('enron-executive',), ())
    """
    parts = claim_id.split(".")
    return (parts[2],) if len(parts) == 4 and parts[1] == "table5" else ()


@checks(values=Instance(dict, example=lambda: {"neville.table5.enron-executive.autocorr": 0.1}))
def options(values):
    """Per-claim ``options`` of :func:`evalkit.claims.record_all` for the claims of Table 5's result.

    :func:`~evalkit.reproductions.network_cv.table5` declares its stand-in row.

    Parameters
    ----------
    values : dict
        ``{claim id: our value}``, as ``real_data.ours(measured=...)`` returns it.

    Returns
    -------
    dict
        ``{claim id: {"scale": ..., "data": ...}}``: a row's claims carry its declared stand-in.

    Examples
    --------
    >>> opts = options({"neville.table5.enron-executive.autocorr": 0.1, "neville.table5.polbooks-neutral.autocorr": 0.3})
    >>> opts["neville.table5.enron-executive.autocorr"]["data"][:21], opts["neville.table5.polbooks-neutral.autocorr"]["data"]
    ('our Enron extraction ', None)
    """
    return table5.experiment.claim_provenance(values, "book", reads=rows_read)
