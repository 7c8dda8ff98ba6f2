"""Binomial confidence intervals for many test sets: evalkit (vectorised) vs scipy.

A coverage study needs the interval for every mistake count r = 0..N and many N.
scipy computes one interval per call (``binomtest(r, n).proportion_ci``); evalkit takes
arrays. Both give the same bounds (checked here). Run: ``python benchmarks/intervals.py``.
"""
import sys
from pathlib import Path

import numpy as np
from scipy import stats as sst

sys.path.insert(0, str(Path(__file__).parent))
from _timing import best_time, report  # noqa: E402

from evalkit.stats import error_confidence_interval  # noqa: E402


def main(n_pairs=2000):
    rng = np.random.default_rng(0)
    n = rng.integers(1, 500, size=n_pairs)
    r = rng.integers(0, n + 1)
    rows = []
    for method in ("wilson", "exact"):
        ours = error_confidence_interval(r, n, method=method)
        ref = [sst.binomtest(int(a), int(b)).proportion_ci(method=method) for a, b in zip(r, n)]
        assert np.allclose(ours.low, [c.low for c in ref], atol=1e-10)
        assert np.allclose(ours.high, [c.high for c in ref], atol=1e-10)
        t_ours = best_time(lambda: error_confidence_interval(r, n, method=method))
        t_scipy = best_time(
            lambda: [sst.binomtest(int(a), int(b)).proportion_ci(method=method) for a, b in zip(r, n)],
            repeat=2,
        )
        rows.append(report(f"{n_pairs} {method} intervals", t_ours, t_scipy, "scipy binomtest loop"))
    return rows


if __name__ == "__main__":
    main()
