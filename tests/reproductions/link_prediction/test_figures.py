"""Tests of evalkit.reproductions.link_prediction.measures.figures: the drawing helpers of the measures page."""
import numpy as np
import pytest

from evalkit.linkpred import ScoreHistogram
from evalkit.reproductions.link_prediction.measures import figures


def test_precision_at_is_the_first_threshold_that_reaches_each_recall():
    rng = np.random.default_rng(1)
    pos, neg = rng.integers(0, 6, 20).astype(float), rng.integers(0, 6, 300).astype(float)
    values, counts = np.unique(neg, return_counts=True)
    h = ScoreHistogram.from_unsorted(pos, values, counts)
    recalls = np.linspace(0.01, 1, 50)
    want = []
    for r in recalls:                       # thresholds from the top, by enumeration
        for t in np.sort(np.unique(np.r_[pos, neg]))[::-1]:
            tp, fp = (pos >= t).sum(), (neg >= t).sum()
            if tp / pos.size >= r - 1e-12:
                want.append(tp / (tp + fp))
                break
    assert figures.precision_at(h, recalls) == pytest.approx(np.array(want))
    with pytest.raises(ValueError, match="recalls"):
        figures.precision_at(h, [1.5])


def test_by_slice_figure_draws_each_slice_and_all_future_links():
    pytest.importorskip("matplotlib")
    table = figures._example_slices()
    fig = figures.by_slice_figure(table, "AUPR", titles={"n": "Network N"})
    assert [ax.get_title() for ax in fig.axes] == ["PA-Network N", "PF-Network N"]
    slice_line, all_line = fig.axes[0].lines[:2]
    assert slice_line.get_ydata().tolist() == pytest.approx([0.01, 0.02])
    assert all_line.get_ydata()[0] == pytest.approx(0.02)      # the agglomerated last slice: all future links
    with pytest.raises(ValueError, match="measure"):
        figures.by_slice_figure(table, "AP")
