"""Nearest-neighbour ties: where Weka 3.3's IB1 and Weka 3.9's IBk (k = 1) can predict differently.

The paper's nearest-neighbour learner is Weka 3.3's IB1, which keeps the *first* training
instance at the smallest distance; the book runs Weka 3.9's IBk with k = 1, which keeps
*every* instance at that distance and lets them vote (the lowest class index wins a tied
vote). The two predict alike unless the nearest distance is shared by training instances
of different classes. Then IB1's answer depends on the order of the training instances,
which each random partition of a cross-validation changes, and IBk's does not: on data with
many such ties IB1 is the less replicable learner, and a test comparing it with another
learner is less consistent across partitions.

:func:`tie_shares` measures, per data set, how often that happens: the share of instances
whose nearest neighbours (leave-one-out, Weka's normalised Euclidean distance) tie across
classes. The uci-tables page sets it beside Table 1's per-data-set differences.
"""
from __future__ import annotations

import numpy as np

from ...._checks import Instance, Real, Text, checks
from ....claims import get_claim
from ....datasets.arff import ArffData, parse_arff
from ..setups import DATASETS, uci_data
from ..source import PAIR_SLUGS

__all__ = ["decisive_tie_share", "learners_read", "pair_offsets", "table1_extremeness", "tie_shares",
           "weka_distances"]


def _example_data():
    return parse_arff("@relation t\n@attribute a numeric\n@attribute class {p,n}\n@data\n0,p\n1,n\n2,p\n")


@checks(data=Instance(ArffData, example=_example_data))
def weka_distances(data):
    """Weka's ``EuclideanDistance`` between every pair of instances of an ARFF data set.

    Numeric attributes are scaled to [0, 1] by their range over the data; a nominal
    attribute contributes 0 when equal and 1 otherwise. Missing values follow Weka: both
    missing, or a nominal value missing, contributes 1; one numeric value missing
    contributes ``max(v, 1 - v)`` of the other's scaled value ``v``. The class attribute
    is left out.

    Parameters
    ----------
    data : evalkit.datasets.ArffData
        The data set (:func:`evalkit.datasets.load_arff`).

    Returns
    -------
    numpy.ndarray
        Distances, shape (n_instances, n_instances).

    Examples
    --------
    >>> toy = parse_arff("@relation t\\n@attribute a numeric\\n@attribute c {x,y}\\n@attribute class {p,n}\\n"
    ...                  "@data\\n0,x,p\\n1,x,n\\n?,y,p\\n")
    >>> weka_distances(toy).round(3).tolist()
    [[0.0, 1.0, 1.414], [1.0, 0.0, 1.414], [1.414, 1.414, 1.0]]
    """
    X = data.X
    kinds = [a.kind for i, a in enumerate(data.attributes) if i != data.target % len(data.attributes)]
    squared = np.zeros((X.shape[0], X.shape[0]))
    for column, kind in zip(X.T, kinds):
        missing = np.isnan(column)
        if kind == "nominal":
            diff = (column[:, None] != column[None, :]).astype(float)
            diff[missing[:, None] | missing[None, :]] = 1.0
        else:
            low, high = np.nanmin(column) if (~missing).any() else 0.0, np.nanmax(column) if (~missing).any() else 0.0
            v = (column - low) / (high - low) if high > low else np.zeros_like(column)
            diff = v[:, None] - v[None, :]
            one = np.maximum(v, 1 - v)
            diff = np.where(missing[:, None] & ~missing[None, :], one[None, :], diff)
            diff = np.where(~missing[:, None] & missing[None, :], one[:, None], diff)
            diff[missing[:, None] & missing[None, :]] = 1.0
        squared += diff ** 2
    return np.sqrt(squared)


@checks(data=Instance(ArffData, example=_example_data), rtol=Real(0, None))
def decisive_tie_share(data, *, rtol=1e-9):
    """Share of instances whose nearest neighbours (leave-one-out) tie across classes.

    Parameters
    ----------
    data : evalkit.datasets.ArffData
        The data set.
    rtol : float, default 1e-9
        Distances within this relative tolerance of the nearest count as equal.

    Returns
    -------
    float
        The share of instances where IB1 (first in training order) and IBk with k = 1
        (a vote of all the nearest) can predict differently.

    Examples
    --------
    >>> toy = parse_arff("@relation t\\n@attribute c {x,y}\\n@attribute class {p,n}\\n@data\\nx,p\\nx,n\\nx,p\\ny,n\\n")
    >>> decisive_tie_share(toy)      # the three x's each see the other two at distance 0, of two classes
    0.75
    """
    d = weka_distances(data)
    np.fill_diagonal(d, np.inf)
    y = data.y
    nearest = d.min(axis=1)
    tied = d <= nearest[:, None] * (1 + rtol) + 1e-12
    classes = np.array([len(np.unique(y[row])) for row in tied])
    return float((classes > 1).mean())


@checks(datasets=DATASETS)
def tie_shares(datasets=None):
    """:func:`decisive_tie_share` of each of the paper's data sets (Weka's ARFF files).

    Parameters
    ----------
    datasets : sequence of str, optional
        The data sets; by default the paper's 27.

    Returns
    -------
    pandas.Series
        The share of instances with a decisive nearest-neighbour tie, by data set.

    Examples
    --------
    >>> tie_shares(["iris"]).round(3).tolist()     # doctest: +SKIP
    [0.013]
    """
    import pandas as pd

    from ..setups import PAPER_DATASETS

    names = PAPER_DATASETS if datasets is None else tuple(datasets)
    return pd.Series({name: decisive_tie_share(uci_data(name)) for name in names}, name="decisive tie share")


def _example_values():
    return {"bf.table2.nb-c45.runs10.r": 0.75, "bf.table2.c45-nn.runs10.r": 0.9, "bf.table2.nb-nn.runs10.r": 0.8}


@checks(values=Instance(dict, example=_example_values))
def pair_offsets(values):
    """Our replicability R minus the paper's, per pair of learners, over Tables 2-4.

    Parameters
    ----------
    values : dict
        Our claim values (``uci_tables.ours(tables=...)``);
        its ``bf.table2`` to ``bf.table4`` R cells are used.

    Returns
    -------
    pandas.DataFrame
        One row per pair (``nb-c45``, ``nb-nn``, ``c45-nn``): the mean, smallest and largest
        difference, the number of cells and how many are above the paper's.

    Examples
    --------
    >>> offsets = pair_offsets(_example_values())
    >>> int(offsets.loc["c45-nn", "cells"]), int(offsets.loc["c45-nn", "above"])
    (1, 1)
    """
    import pandas as pd

    rows = []
    for cid, value in values.items():
        parts = cid.split(".")
        if parts[0] == "bf" and parts[1] in ("table2", "table3", "table4") and parts[-1] == "r":
            rows.append({"pair": parts[2], "difference": float(value) - get_claim(cid).value})
    if not rows:
        raise ValueError("values must hold Tables 2-4's R cells (bf.table2..4.<pair>...r)")
    frame = pd.DataFrame(rows).groupby("pair").difference
    return pd.DataFrame({"mean": frame.mean(), "smallest": frame.min(), "largest": frame.max(),
                         "cells": frame.size(), "above": frame.apply(lambda d: int((d > 0).sum()))})


@checks(values=Instance(dict, example=lambda: {"bf.table1.anneal.c45-nn": 9}))
def table1_extremeness(values):
    """How much more decisive our Table 1 counts are than the paper's, per data set and pair.

    A count of ten runs near 0 or 10 is a consistent test; near 5 an inconsistent one. The
    value is ``|ours - 5| - |paper's - 5|``: positive where our test is the more
    consistent.

    Parameters
    ----------
    values : dict
        Our claim values; its ``bf.table1.<data set>.<pair>`` counts are used.

    Returns
    -------
    pandas.DataFrame
        Rows: data sets; columns: the pairs given.

    Examples
    --------
    >>> float(table1_extremeness({"bf.table1.anneal.c45-nn": 9}).loc["anneal", "c45-nn"])   # the paper's: 10
    -1.0
    """
    import pandas as pd

    cells = {}
    for cid, value in values.items():
        parts = cid.split(".")
        if parts[:2] == ["bf", "table1"] and len(parts) == 4 and parts[3] in ("nb-c45", "nb-nn", "c45-nn"):
            cells.setdefault(parts[2], {})[parts[3]] = abs(float(value) - 5) - abs(get_claim(cid).value - 5)
    if not cells:
        raise ValueError("values must hold Table 1's counts (bf.table1.<data set>.<pair>)")
    return pd.DataFrame(cells).T


#: Tables 1-4 claims (ids without a pair) that read one pair's counts only: Section 4.1's
#: remarks on NB vs C4.5 (``uci_tables._table_claims`` and ``_reading`` compute them from
#: that pair's 5x2cv counts); ``bf.sec4_2.only-exception`` reads the paper's own Table 2
_ONE_PAIR_CLAIMS = {"bf.sec4_1.anneal-sensitive": "NB vs C4.5", "bf.sec4_1.nb-c45-same-but-vehicle": "NB vs C4.5",
                    "bf.sec4_1.nb-c45-differ-19": "NB vs C4.5", "bf.sec4_2.only-exception": None}


@checks(claim_id=Text())
def learners_read(claim_id):
    """The learners whose results a claim of the Tables 1-4 run reads (for its stand-ins).

    A claim of one pair's cell or summary row (its id names the pair: ``nb-nn``) reads
    that pair's two learners; Section 4.1's remarks on NB vs C4.5 read those two; the
    paper's own Table 2 none; every other conclusion of Sections 4.1-4.3 reads all three.
    The records take their ``data`` from the stand-ins declared for these learners
    (``tables1_4.experiment.provenance(scale, reads=...)``): only claims that read
    nearest neighbour rest on IBk for IB1.

    Parameters
    ----------
    claim_id : str
        A claim id of ``uci_tables.ours`` or ``summary_errors.decided_predicates``.

    Returns
    -------
    tuple of str
        Learner names, e.g. ``("NB", "NN")``.

    Examples
    --------
    >>> learners_read("bf.table1.anneal.nb-nn"), learners_read("bf.sec4_1.anneal-sensitive")
    (('NB', 'NN'), ('NB', 'C4.5'))
    >>> learners_read("bf.sec4_3.cv10x10-best")
    ('NB', 'C4.5', 'NN')
    """
    pairs = [pair for pair, slug in PAIR_SLUGS.items() if slug in claim_id.split(".")]
    if claim_id in _ONE_PAIR_CLAIMS:
        pairs = [_ONE_PAIR_CLAIMS[claim_id]] if _ONE_PAIR_CLAIMS[claim_id] else []
        if not pairs:
            return ()
    elif not pairs:
        pairs = list(PAIR_SLUGS)
    return tuple(dict.fromkeys(learner for pair in pairs for learner in pair.split(" vs ")))
