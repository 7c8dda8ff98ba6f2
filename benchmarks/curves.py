"""ROC AUC and average precision on 10^6 and 10^7 scores with ties: evalkit vs scikit-learn.

Target: evalkit no slower than scikit-learn (time ratio evalkit / scikit-learn <= 1.0)
with values equal to 1e-12; both areas from one pass at least 1.5x faster than the two
scikit-learn calls. Also reports the peak extra memory of each call, in copies
of the score array (tracemalloc sees NumPy's allocations).
Run: ``python benchmarks/curves.py`` (add ``--quick`` for 10^5 and 10^6 only).
"""
import sys
import tracemalloc
from pathlib import Path

import numpy as np
from sklearn.metrics import average_precision_score, roc_auc_score

sys.path.insert(0, str(Path(__file__).parent))
from _timing import best_time  # noqa: E402

from evalkit.curves import average_precision, roc_auc, roc_auc_and_average_precision  # noqa: E402


def peak_copies(fn, scores):
    tracemalloc.start()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / scores.nbytes


def main(sizes=(10**6, 10**7)):
    rng = np.random.default_rng(0)
    rows = []
    for n in sizes:
        y = rng.random(n) < 0.3
        s = np.round(rng.normal(size=n) + 0.8 * y, 3)  # rounding makes many ties
        for name, ours, theirs in (
            ("roc_auc", roc_auc, roc_auc_score),
            ("average_precision", average_precision, average_precision_score),
        ):
            a, b = ours(y, s), theirs(y, s)
            assert abs(a - b) <= 1e-12, (name, a, b)
            t_ours = best_time(lambda: ours(y, s), repeat=3)
            t_theirs = best_time(lambda: theirs(y, s), repeat=3)
            mem = peak_copies(lambda: ours(y, s), s)
            print(
                f"{name:>18} n={n:>9,}: evalkit {t_ours:7.3f} s, scikit-learn {t_theirs:7.3f} s, "
                f"ratio evalkit/sklearn = {t_ours / t_theirs:.2f}, |difference| = {abs(a - b):.1e}, "
                f"evalkit peak memory = {mem:.1f} x the scores"
            )
            rows.append(dict(metric=name, n=n, evalkit_s=t_ours, sklearn_s=t_theirs, ratio=t_ours / t_theirs))
        # both areas at once (the link prediction evaluation needs both) vs two scikit-learn calls
        a = roc_auc_and_average_precision(y, s)
        b = (roc_auc_score(y, s), average_precision_score(y, s))
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1e-12
        t_ours = best_time(lambda: roc_auc_and_average_precision(y, s), repeat=3)
        t_theirs = best_time(lambda: (roc_auc_score(y, s), average_precision_score(y, s)), repeat=3)
        print(f"{'AUROC + AP':>18} n={n:>9,}: evalkit (one pass) {t_ours:7.3f} s, scikit-learn (two calls) "
              f"{t_theirs:7.3f} s, speed-up x{t_theirs / t_ours:.1f}")
        rows.append(dict(metric="roc_auc+average_precision", n=n, evalkit_s=t_ours, sklearn_s=t_theirs,
                         ratio=t_ours / t_theirs))
    return rows


if __name__ == "__main__":
    main((10**5, 10**6) if "--quick" in sys.argv else (10**6, 10**7))
