"""The figure helpers the chapters share (matplotlib is imported on first use).

Install matplotlib (``pip install 'evalkit-book[plot]'``) to use this module.
"""
from __future__ import annotations

import numpy as np

from ._checks import Anything, Array, Boolean, Instance, Integer, Real, Text, Values, checks

__all__ = ["plot_coverage", "plot_coverage_map", "plot_critical_difference", "plot_intervals", "plot_pr", "plot_roc"]


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - exercised only without matplotlib
        raise ImportError("evalkit.plotting needs matplotlib: pip install 'evalkit-book[plot]'") from exc
    return plt


def _example_intervals():
    from .stats import error_confidence_interval

    return error_confidence_interval([3, 5], 20)


#: declared checks the figure helpers share (matplotlib objects matched by class name: no import)
_AX = Instance("Axes", none=True)
_LABEL = Text(empty=True, none=True)
_RATE = Array(ndim=1, low=0, high=1)


def _axes(ax):
    if ax is None:
        _, ax = _pyplot().subplots(figsize=(7, 4))
    return ax


@checks(intervals=Instance("ErrorConfidenceInterval", example=_example_intervals), true_error=Real(0, 1), ax=_AX,
        max_shown=Integer(1))
def plot_intervals(intervals, true_error, *, ax=None, max_shown=100):
    """Draw repeated confidence intervals as vertical bars; misses in red.

    Parameters
    ----------
    intervals : ErrorConfidenceInterval
        With array fields, e.g. ``simulate_interval_coverage(...).intervals``.
    true_error : float
        The value each interval tries to cover (a horizontal line).
    ax : matplotlib.axes.Axes, optional
        Axes to draw on (default: a new figure).
    max_shown : int, default 100
        Draw the first ``max_shown`` intervals only.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from evalkit.stats import simulate_interval_coverage
    >>> from evalkit.plotting import plot_intervals
    >>> res = simulate_interval_coverage(0.3, 40, n_trials=50, rng=1)
    >>> ax = plot_intervals(res.intervals, 0.3)
    >>> ax.get_xlabel()
    'simulated test set'
    """
    bounds = np.concatenate([np.ravel(intervals.low), np.ravel(intervals.high)]).astype(float)
    if np.isnan(bounds).any():
        raise ValueError("intervals must have bounds (low and high) that are not NaN")
    ax = _axes(ax)
    low = np.atleast_1d(intervals.low)[:max_shown]
    high = np.atleast_1d(intervals.high)[:max_shown]
    est = np.atleast_1d(intervals.error)[:max_shown]
    miss = (low > true_error) | (high < true_error)
    x = np.arange(1, low.size + 1)
    for mask, colour, label in ((~miss, "tab:blue", "covers the true error"), (miss, "tab:red", "misses it")):
        if mask.any():
            ax.vlines(x[mask], low[mask], high[mask], colors=colour, lw=1.5, label=f"{label} ({mask.sum()})")
            ax.plot(x[mask], est[mask], "o", ms=2.5, color=colour)
    ax.axhline(true_error, color="black", lw=1, ls="--", label=f"true error = {true_error:g}")
    ax.set_xlabel("simulated test set")
    ax.set_ylabel("error rate")
    ax.set_xlim(0, low.size + 1)
    ax.legend(loc="upper right", fontsize="small")
    return ax


@checks(true_error=_RATE, coverage=_RATE, ax=_AX, label=_LABEL, _same_length=[("true_error", "coverage")])
def plot_coverage(true_error, coverage, *, confidence_level=0.95, ax=None, label=None, **line_kw):
    """Plot coverage probability against the true error, with the nominal level.

    Parameters
    ----------
    true_error : array_like
        x values.
    coverage : array_like
        Coverage at each true error (e.g. from :func:`evalkit.stats.interval_coverage`).
    confidence_level : float, default 0.95
        Drawn as a dashed reference line.
    ax : matplotlib.axes.Axes, optional
        Axes to draw on (default: a new figure).
    label : str, optional
        Legend label of the curve.
    **line_kw
        Passed to ``Axes.plot``.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats import interval_coverage
    >>> from evalkit.plotting import plot_coverage
    >>> p = np.linspace(0.01, 0.99, 50)
    >>> ax = plot_coverage(p, interval_coverage(p, 40), label="normal")
    >>> ax.get_ylabel()
    'coverage probability'
    """
    ax = _axes(ax)
    ax.plot(true_error, coverage, label=label, **line_kw)
    if not any(getattr(line, "_evalkit_nominal", False) for line in ax.lines):
        ref = ax.axhline(confidence_level, color="black", lw=1, ls="--", label=f"nominal {confidence_level:.0%}")
        ref._evalkit_nominal = True
    ax.set_xlabel("true error")
    ax.set_ylabel("coverage probability")
    if label is not None:
        ax.legend(loc="lower center", fontsize="small")
    return ax


@checks(true_error=_RATE, n_samples=Array(ndim=1, kind="count"), coverage=Array(ndim=2, low=0, high=1), ax=_AX,
        title=_LABEL)
def plot_coverage_map(true_error, n_samples, coverage, *, confidence_level=0.95, ax=None, title=None):
    """Heat map of coverage over test-set size (y) and true error (x), white at the nominal level.

    A diverging colour map centred on ``confidence_level``: blue above, red below (values
    under ``2 * confidence_level - 1`` are drawn as the darkest red). Coverage of a
    binomial interval oscillates with N and p, so contour lines would only add noise.

    Parameters
    ----------
    true_error : array_like, shape (m,)
        True errors (x axis).
    n_samples : array_like, shape (k,)
        Test-set sizes (y axis).
    coverage : array_like, shape (k, m)
        E.g. from :func:`evalkit.stats.coverage_map`.
    confidence_level : float, default 0.95
        The nominal level (white).
    ax : matplotlib.axes.Axes, optional
        Axes to draw on (default: a new figure).
    title : str, optional
        Title of the axes.

    Returns
    -------
    matplotlib.image.AxesImage
        The image (``.axes`` is the axes; pass it to ``colorbar``).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats import coverage_map
    >>> from evalkit.plotting import plot_coverage_map
    >>> p, n = np.linspace(0.01, 0.5, 20), np.arange(10, 60, 10)
    >>> im = plot_coverage_map(p, n, coverage_map(p, n))
    >>> im.axes.get_ylabel()
    'test-set size N'
    """
    ax = _axes(ax)
    p = np.asarray(true_error, dtype=float)
    n = np.asarray(n_samples, dtype=float)
    c = np.asarray(coverage, dtype=float)
    if c.shape != (n.size, p.size):
        raise ValueError(f"coverage must have shape (len(n_samples), len(true_error)) = {(n.size, p.size)}; "
                         f"got {c.shape}")
    im = ax.pcolormesh(p, n, c, cmap="RdBu", vmin=2 * confidence_level - 1, vmax=1.0, shading="nearest")
    ax.set_xlabel("true error")
    ax.set_ylabel("test-set size N")
    if title:
        ax.set_title(title)
    return im


@checks(fpr=_RATE, tpr=_RATE, ax=_AX, label=_LABEL, hull=Array(ndim=1, kind="count", none=True),
        annotate=Values(Anything("matplotlib writes str() of each"), min_len=0, none=True),
        _same_length=[("fpr", "tpr")])
def plot_roc(fpr, tpr, *, ax=None, label=None, hull=None, annotate=None, **line_kw):
    """ROC curve (false positive rate vs true positive rate), optionally with its convex hull.

    Parameters
    ----------
    fpr : array_like
        False positive rates, from :func:`evalkit.curves.roc_curve`.
    tpr : array_like
        True positive rates, as many.
    ax : matplotlib.axes.Axes, optional
        Axes to draw on (default: a new figure).
    label : str, optional
        Legend label of the curve.
    hull : array_like of int, optional
        Indices of hull vertices (:func:`evalkit.curves.roc_convex_hull`), drawn dashed.
    annotate : sequence of str, optional
        One text per point, written beside it (e.g. example names).
    **line_kw
        Passed to ``Axes.plot``.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from evalkit.curves import roc_curve, roc_convex_hull
    >>> from evalkit.plotting import plot_roc
    >>> fpr, tpr, _ = roc_curve([1, 0, 1, 1, 0], [0.9, 0.8, 0.7, 0.3, 0.2])
    >>> ax = plot_roc(fpr, tpr, hull=roc_convex_hull(fpr, tpr))
    >>> ax.get_xlabel()
    'false positive rate'
    """
    fpr = np.asarray(fpr)
    tpr = np.asarray(tpr)
    if hull is not None and np.asarray(hull).max() >= fpr.size:
        raise ValueError(f"hull must hold indices of the {fpr.size} points; got {np.asarray(hull).max()}")
    ax = _axes(ax)
    ax.plot(fpr, tpr, marker="o", ms=4, label=label, **line_kw)
    if hull is not None:
        ax.plot(fpr[hull], tpr[hull], ls="--", color="gray", lw=1.2, label="convex hull")
    if annotate is not None:
        for x, y, text in zip(fpr, tpr, annotate):
            ax.annotate(text, (x, y), textcoords="offset points", xytext=(4, -10), fontsize="x-small")
    ax.plot([0, 1], [0, 1], color="lightgray", lw=1, ls=":", label="random guessing")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.set_xlabel("false positive rate")
    ax.set_ylabel("true positive rate")
    ax.legend(loc="lower right", fontsize="small")
    return ax


@checks(recall=_RATE, precision=_RATE, ax=_AX, label=_LABEL, step=Boolean(),
        _same_length=[("recall", "precision")])
def plot_pr(recall, precision, *, ax=None, label=None, step=True, **line_kw):
    """Precision-recall points, joined as a step curve (precision held until the next recall).

    Parameters
    ----------
    recall : array_like
        Recalls, from :func:`evalkit.curves.precision_recall_curve` (increasing).
    precision : array_like
        Precisions, as many.
    ax : matplotlib.axes.Axes, optional
        Axes to draw on (default: a new figure).
    label : str, optional
        Legend label of the curve.
    step : bool, default True
        Draw the step curve whose area is the average precision; otherwise points only.
    **line_kw
        Passed to ``Axes.plot`` (or ``Axes.step``).

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from evalkit.curves import precision_recall_curve
    >>> from evalkit.plotting import plot_pr
    >>> p, r, _ = precision_recall_curve([1, 0, 1, 1, 0], [0.9, 0.8, 0.7, 0.3, 0.2])
    >>> ax = plot_pr(r, p)
    >>> ax.get_ylabel()
    'precision'
    """
    ax = _axes(ax)
    r = np.concatenate([[0.0], np.asarray(recall, dtype=float)])
    pr = np.asarray(precision, dtype=float)
    if step:
        ax.step(r, np.concatenate([pr[:1], pr]), where="pre", label=label, **line_kw)
        ax.plot(r[1:], pr, "o", ms=4, color=ax.lines[-1].get_color())
    else:
        ax.plot(r[1:], pr, "o", ms=4, label=label, **line_kw)
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(0, 1.05)
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    if label is not None:
        ax.legend(loc="lower left", fontsize="small")
    return ax


def _example_nemenyi():
    from .stats import nemenyi_test

    return nemenyi_test([[0.9, 0.8, 0.7], [0.8, 0.9, 0.6], [0.9, 0.7, 0.8], [0.7, 0.6, 0.5]])


@checks(result=Instance("NemenyiResult", example=_example_nemenyi), names=Values(Text(), none=True), ax=_AX,
        title=_LABEL)
def plot_critical_difference(result, *, names=None, ax=None, title=None):
    """Demsar's critical-difference diagram of a Nemenyi test: average ranks, and the groups that do not differ.

    The axis holds the average ranks, the best (1) on the right; each algorithm hangs from its
    rank, the better half labelled on the right, the other on the left. A thick bar joins each
    maximal group of algorithms whose ranks differ by less than the critical difference (the
    Nemenyi test does not tell them apart); the critical difference is drawn above the axis.

    Parameters
    ----------
    result : NemenyiResult
        From :func:`evalkit.stats.nemenyi_test`.
    names : sequence of str, optional
        The algorithms' names, in the columns' order (default: "0", "1", ...).
    ax : matplotlib.axes.Axes, optional
        Axes to draw on (default: a new figure).
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError
        When ``names`` does not name every algorithm once.

    Examples
    --------
    >>> from evalkit.stats import nemenyi_test
    >>> from evalkit.plotting import plot_critical_difference
    >>> res = nemenyi_test([[0.9, 0.8, 0.7], [0.8, 0.9, 0.6], [0.9, 0.7, 0.8], [0.7, 0.6, 0.5]])
    >>> ax = plot_critical_difference(res, names=["A", "B", "C"])
    >>> sorted(t.get_text() for t in ax.texts if "(" in t.get_text())
    ['A (1.25)', 'B (2.00)', 'C (2.75)']
    """
    ranks = np.asarray(result.average_ranks, dtype=float)
    k = ranks.size
    names = [str(i) for i in range(k)] if names is None else [str(n) for n in names]
    if len(names) != k:
        raise ValueError(f"names must name each of the {k} algorithms; got {len(names)} names")
    if ax is None:
        _, ax = _pyplot().subplots(figsize=(7, 1.2 + 0.32 * k))
    order = np.argsort(ranks, kind="stable")
    groups = result.groups
    # the axis of ranks, 1 on the right
    ax.plot([1, k], [0, 0], color="black", lw=1)
    for tick in range(1, k + 1):
        ax.plot([tick, tick], [0, 0.08], color="black", lw=1)
        ax.text(tick, 0.14, str(tick), ha="center", va="bottom", fontsize="small")
    cd = result.critical_difference
    ax.plot([k, k - cd], [0.55, 0.55], color="black", lw=1.5)
    for end in (k, k - cd):
        ax.plot([end, end], [0.5, 0.6], color="black", lw=1)
    ax.text(k - cd / 2, 0.62, f"CD = {cd:.2f}", ha="center", va="bottom", fontsize="small")
    # the groups the test does not tell apart, as thick bars under the axis
    bar_y = [-0.2 - 0.14 * i for i in range(len(groups))]
    for y, members in zip(bar_y, groups):
        ax.plot([ranks[members].min() - 0.03, ranks[members].max() + 0.03], [y, y], color="black", lw=3.5,
                solid_capstyle="butt")
    # each algorithm hangs from its rank: the better half to the right, the rest to the left
    top = (bar_y[-1] if bar_y else -0.1) - 0.25
    half = (k + 1) // 2
    for place, j in enumerate(order):
        right = place < half
        row = place if right else k - 1 - place
        y = top - 0.3 * row
        edge = 0.4 if right else k + 0.6
        ax.plot([ranks[j], ranks[j], edge], [0, y, y], color="tab:blue", lw=1)
        ax.text(edge - 0.05 if right else edge + 0.05, y, f"{names[j]} ({ranks[j]:.2f})",   # the x axis is reversed
                ha="left" if right else "right", va="center", fontsize="small")
    margin = 0.25 + 0.1 * max(len(n) for n in names) * max(k, 4) / 6    # room for the labels, in ranks
    ax.set_xlim(k + 0.6 + margin, 0.4 - margin)   # reversed: the best rank on the right
    ax.set_ylim(top - 0.3 * half, 0.9)
    ax.axis("off")
    if title is not None:
        ax.set_title(title, fontsize="medium")
    return ax
