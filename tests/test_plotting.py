"""Tests of evalkit.plotting: the figures show what they say."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from evalkit import curves, plotting, stats  # noqa: E402
from evalkit.stats import friedman  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_plot_intervals_colours_misses_and_counts_them():
    res = stats.simulate_interval_coverage(0.3, 40, n_trials=200, rng=3)
    ax = plotting.plot_intervals(res.intervals, 0.3, max_shown=200)
    low, high = res.intervals.low, res.intervals.high
    misses = int(((low > 0.3) | (high < 0.3)).sum())
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert f"misses it ({misses})" in labels and f"covers the true error ({200 - misses})" in labels


def test_plot_coverage_draws_nominal_line_once():
    p = np.linspace(0.05, 0.95, 10)
    ax = plotting.plot_coverage(p, stats.interval_coverage(p, 30), label="normal")
    plotting.plot_coverage(p, stats.interval_coverage(p, 30, method="exact"), ax=ax, label="exact")
    assert sum(line.get_label().startswith("nominal") for line in ax.lines) == 1


def test_plot_coverage_map_shape_and_labels():
    p, n = np.linspace(0.05, 0.5, 5), np.array([10, 20, 30])
    im = plotting.plot_coverage_map(p, n, stats.coverage_map(p, n))
    assert im.get_array().shape == (3, 5)
    assert im.axes.get_xlabel() == "true error"


def test_plot_roc_and_pr_draw_the_points():
    y, s = [1, 0, 1, 1, 0], [0.9, 0.8, 0.7, 0.3, 0.2]
    fpr, tpr, _ = curves.roc_curve(y, s)
    ax = plotting.plot_roc(fpr, tpr, hull=curves.roc_convex_hull(fpr, tpr), label="c")
    np.testing.assert_array_equal(ax.lines[0].get_xdata(), fpr)
    prec, rec, _ = curves.precision_recall_curve(y, s)
    ax = plotting.plot_pr(rec, prec, label="pr")
    np.testing.assert_array_equal(ax.lines[-1].get_ydata(), prec)


def test_plotting_functions_check_their_arguments():
    # evalkit 2.0 drew coverages above 1, NaN and confidence_level=95 without a word
    p = np.linspace(0.05, 0.95, 4)
    with pytest.raises(ValueError, match="coverage"):
        plotting.plot_coverage(p, [0.9, 0.95, 1.2, 0.9])
    with pytest.raises(ValueError, match="coverage"):
        plotting.plot_coverage(p, [0.9, np.nan, 0.9, 0.9])
    with pytest.raises(ValueError, match="confidence_level"):
        plotting.plot_coverage(p, [0.9] * 4, confidence_level=95)
    with pytest.raises(ValueError, match="true_error and coverage must have the same length"):
        plotting.plot_coverage(p, [0.9] * 3)
    with pytest.raises(ValueError, match="confidence_level"):
        plotting.plot_coverage_map(p, [10, 20], np.full((2, 4), 0.9), confidence_level=1.0)
    with pytest.raises(ValueError, match="coverage must have shape"):
        plotting.plot_coverage_map(p, [10, 20], np.full((4, 2), 0.9))
    with pytest.raises(ValueError, match="n_samples"):
        plotting.plot_coverage_map(p, [10.5, 20], np.full((2, 4), 0.9))
    with pytest.raises(ValueError, match="fpr"):
        plotting.plot_roc([0, 0.5, 1.5], [0, 0.5, 1])
    with pytest.raises(ValueError, match="hull"):
        plotting.plot_roc([0, 0.5, 1], [0, 0.5, 1], hull=[0, 3])
    with pytest.raises(ValueError, match="precision"):
        plotting.plot_pr([0.5, 1.0], [1.0, np.nan])
    with pytest.raises(TypeError, match="step"):
        plotting.plot_pr([0.5, 1.0], [1.0, 0.5], step="yes")
    res = stats.simulate_interval_coverage(0.3, 40, n_trials=10, rng=3)
    with pytest.raises(ValueError, match="true_error"):
        plotting.plot_intervals(res.intervals, 30)
    with pytest.raises(TypeError, match="intervals"):
        plotting.plot_intervals([(0.1, 0.4)], 0.3)
    with pytest.raises(TypeError, match="ax"):
        plotting.plot_intervals(res.intervals, 0.3, ax="left")
    with pytest.raises(ValueError, match="max_shown"):
        plotting.plot_intervals(res.intervals, 0.3, max_shown=0)


def test_plot_critical_difference_draws_one_bar_per_group_and_every_name():
    scores = np.array([[0.9, 0.8, 0.7, 0.5], [0.8, 0.9, 0.6, 0.5], [0.9, 0.7, 0.8, 0.4], [0.7, 0.6, 0.5, 0.6]] * 3)
    res = friedman.nemenyi_test(scores)
    ax = plotting.plot_critical_difference(res, names=["a", "b", "c", "d"])
    thick = [line for line in ax.lines if line.get_linewidth() == 3.5]
    assert len(thick) == len(res.groups) >= 1
    labels = sorted(t.get_text() for t in ax.texts if "(" in t.get_text())
    assert labels == sorted(f"{n} ({r:.2f})" for n, r in zip("abcd", res.average_ranks))
    assert ax.get_xlim()[0] > ax.get_xlim()[1]          # the best rank on the right
    with pytest.raises(ValueError, match="names"):
        plotting.plot_critical_difference(res, names=["a", "b"])
