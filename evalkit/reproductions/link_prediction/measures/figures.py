"""Drawing helpers of the link-prediction chapters: a precision-recall curve read at given recalls, and the
paper's Figs. 17 and 18 (a measure per time slice against all future links)."""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ...._checks import Array, Choice, Instance, checks

__all__ = ["by_slice_figure", "precision_at"]


def _example_histogram():
    from ....linkpred import ScoreHistogram

    return ScoreHistogram.from_unsorted([2.0, 1.0], [1.0, 0.0], [1, 3])


@checks(histogram=Instance("ScoreHistogram", example=_example_histogram), recalls=Array(ndim=1, low=0, high=1))
def precision_at(histogram, recalls):
    """The precision of the first threshold (from the top) whose recall reaches each of ``recalls``.

    Parameters
    ----------
    histogram : evalkit.linkpred.ScoreHistogram
        The scores of all candidate pairs.
    recalls : array_like of float in [0, 1]
        Where to read the curve.

    Returns
    -------
    ndarray of float

    Examples
    --------
    Positives 2 and 1, negatives 1 and three 0s: the threshold 2 reaches recall 1/2 at
    precision 1; the threshold 1 reaches recall 1 at precision 2/3.

    >>> precision_at(_example_histogram(), [0.25, 0.5, 1.0]).round(4).tolist()
    [1.0, 1.0, 0.6667]
    """
    recall, precision = histogram.precision_recall_curve()
    return precision[np.searchsorted(recall, np.asarray(recalls, dtype=float) - 1e-12)]


def _example_slices():
    import pandas as pd

    rows = [{"network": "n", "predictor": p, "design": d, "i": i, "AUROC": 0.7 + 0.01 * i, "AUPR": 0.01 * i}
            for p in ("PA", "PropFlow") for d in ("slice", "agglomerated") for i in (1, 2)]
    return pd.DataFrame(rows)


@checks(temporal=Instance("DataFrame", example=_example_slices), measure=Choice("AUROC", "AUPR"),
        titles=Instance(Mapping, none=True, example=dict))
def by_slice_figure(temporal, measure, *, titles=None):
    """Figs. 17 and 18: ``measure`` on each slice (red) and over all future links (black line), PA and PropFlow per network.

    Parameters
    ----------
    temporal : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.time_slices`'s table.
    measure : {'AUROC', 'AUPR'}
        What to draw.
    titles : dict of str -> str, optional
        Network -> its name in the panel titles (default: the network's name).

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> fig = by_slice_figure(_example_slices(), "AUROC")
    >>> [ax.get_title() for ax in fig.axes]
    ['PA-n', 'PF-n']
    """
    import matplotlib.pyplot as plt

    titles = titles or {}
    networks = list(dict.fromkeys(temporal.network))
    fig, axes = plt.subplots(2, len(networks), figsize=(10 if len(networks) > 1 else 4, 5.5), sharex=True,
                             squeeze=False)
    for j, name in enumerate(networks):
        for i, (pred, short) in enumerate((("PA", "PA"), ("PropFlow", "PF"))):
            ax = axes[i, j]
            one = temporal[(temporal.network == name) & (temporal.predictor == pred)]
            slices, agg = one[one.design == "slice"], one[one.design == "agglomerated"]
            ax.plot(slices.i, slices[measure], "o-", color="C3", label="slice i")
            ax.axhline(float(agg.loc[agg.i.idxmax(), measure]), color="k", lw=1, label="all future links")
            ax.set_title(f"{short}-{titles.get(name, name)}", fontsize=10)
            ax.set_xticks(sorted(slices.i.unique()))
        axes[1, j].set_xlabel("slice i of the label period")
    axes[0, 0].set_ylabel(measure), axes[1, 0].set_ylabel(measure)
    axes[0, 0].legend(fontsize=7)
    fig.tight_layout()
    return fig
