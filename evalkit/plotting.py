"""The figure helpers the chapters share (matplotlib is imported on first use).

Install matplotlib (``pip install evalkit[plot]``) to use this module.
"""
from __future__ import annotations

import numpy as np

__all__ = ["plot_coverage", "plot_intervals"]


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - exercised only without matplotlib
        raise ImportError("evalkit.plotting needs matplotlib: pip install 'evalkit[plot]'") from exc
    return plt


def _axes(ax):
    if ax is None:
        _, ax = _pyplot().subplots(figsize=(7, 4))
    return ax


def plot_intervals(intervals, true_error, *, ax=None, max_shown=100):
    """Draw repeated confidence intervals as vertical bars; misses in red.

    Parameters
    ----------
    intervals : ErrorConfidenceInterval
        With array fields, e.g. ``simulate_interval_coverage(...).intervals``.
    true_error : float
        The value each interval tries to cover (a horizontal line).
    ax : matplotlib.axes.Axes, optional
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
    label : str, optional
        Legend label of the curve.

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
