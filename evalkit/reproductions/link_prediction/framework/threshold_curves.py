"""The framework chapter, Section 3.2: the AUROC as a probability -- the area under the ROC curve against the
probability that a random positive outscores a random negative (ties one half), over all candidate pairs."""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ...._checks import Instance, checks

__all__ = ["auroc_as_probability", "ours"]


def _example_histograms():
    from ....linkpred import ScoreHistogram

    return {"example": ScoreHistogram.from_unsorted([2.0, 1.0], [1.0, 0.0], [1, 3])}


@checks(histograms=Instance(Mapping, example=_example_histograms))
def auroc_as_probability(histograms):
    """For each score histogram, the area under its ROC curve and the probability that a positive outscores a negative.

    The area is the trapezoids under :meth:`~evalkit.linkpred.ScoreHistogram.roc_curve`; the
    probability is the mean over the negatives of the share of positives above each, ties
    counting one half (:meth:`~evalkit.linkpred.ScoreHistogram.auroc_contributions`): two
    computations that share nothing but the counts.

    Parameters
    ----------
    histograms : dict of str -> ScoreHistogram
        Name -> the scores of all candidate pairs.

    Returns
    -------
    pandas.DataFrame
        One row per histogram: ``area``, ``probability`` and their ``difference``.

    Examples
    --------
    >>> auroc_as_probability(_example_histograms()).round(4).to_dict("records")
    [{'area': 0.9375, 'probability': 0.9375, 'difference': 0.0}]
    """
    import pandas as pd

    rows = {}
    for name, h in histograms.items():
        fpr, tpr = h.roc_curve()
        area = float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2))
        probability = float(np.average(h.auroc_contributions(), weights=h.negative_counts))
        rows[name] = {"area": area, "probability": probability, "difference": area - probability}
    return pd.DataFrame(rows).T


def _example_frame():
    import pandas as pd

    return pd.DataFrame({"difference": [0.0, 1e-16]})


@checks(table=Instance("DataFrame", example=_example_frame))
def ours(table):
    """The claim of Section 3.2: the AUROC is the probability that a random positive scores above a random negative.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`auroc_as_probability`'s table.

    Returns
    -------
    dict
        ``{"yang.s3.2.auroc-probability": bool}``: every area equals its probability to 1e-9.

    Examples
    --------
    >>> ours(_example_frame())
    {'yang.s3.2.auroc-probability': True}
    """
    return {"yang.s3.2.auroc-probability": bool((table["difference"].abs() < 1e-9).all())}
