"""Exact all-pairs link prediction evaluation: evalkit vs networkx's predictor generators + scikit-learn.

Task: the events before the median event time (on sx-mathoverflow: the 90th
percentile, so that nearly all nodes are in the feature network) form the feature
network; the pairs first linked afterwards (between nodes of the feature network) are the positives; every
other non-edge is a negative. For each of common neighbours, Adamic/Adar, Jaccard and
preferential attachment, both sides compute the scores of every candidate pair and the
AUROC and average precision over all of them:

* evalkit: ``linkpred.evaluate_all_pairs`` (sparse products and score histograms);
* alternative: networkx's generators over ``nx.non_edges(G)`` (common neighbours via
  ``nx.common_neighbors`` per pair, networkx has no generator for it), then
  ``sklearn.metrics.roc_auc_score`` and ``average_precision_score``. Adamic/Adar sums
  carry floating-point noise on both sides (different summation orders split true
  ties); both are passed through ``linkpred.snap_float_ties`` before comparing.

The values are compared (they must agree to 1e-9). On sx-mathoverflow (about 3 x 10^8
candidate pairs) only evalkit runs, in a child process whose peak resident memory is
reported: networkx + scikit-learn would need the scores of every pair in memory (8
bytes x 3 x 10^8 = 2.4 GB per predictor for the scores alone, more for Python's pair
tuples) and hours of generator time.

Run: ``python benchmarks/linkpred.py`` (``--skip-large`` leaves out sx-mathoverflow).
"""
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from _timing import best_time, report  # noqa: E402

from evalkit import linkpred  # noqa: E402
from evalkit.datasets import load_temporal_edges  # noqa: E402

PREDICTORS = ("common_neighbors", "adamic_adar", "jaccard", "preferential_attachment")


def task_for(name, quantile=0.5):
    ev = load_temporal_edges(name)
    return linkpred.temporal_task(ev, split=int(np.quantile(ev.time, quantile)))


def evalkit_all(task):
    return {p: linkpred.evaluate_all_pairs(task.adjacency, task.positives, p) for p in PREDICTORS}


def networkx_all(task):
    import networkx as nx
    from sklearn.metrics import average_precision_score, roc_auc_score

    G = nx.Graph()
    G.add_nodes_from(range(task.n_nodes))
    r, c = task.adjacency.nonzero()
    G.add_edges_from((int(a), int(b)) for a, b in zip(r, c) if a < b)
    pairs = list(nx.non_edges(G))
    positive = {(int(a), int(b)) for a, b in task.positives}
    y = np.fromiter(((min(u, v), max(u, v)) in positive for u, v in pairs), dtype=bool, count=len(pairs))
    gens = {
        "common_neighbors": lambda: (len(list(nx.common_neighbors(G, u, v))) for u, v in pairs),
        "adamic_adar": lambda: (s for _, _, s in nx.adamic_adar_index(G, pairs)),
        "jaccard": lambda: (s for _, _, s in nx.jaccard_coefficient(G, pairs)),
        "preferential_attachment": lambda: (s for _, _, s in nx.preferential_attachment(G, pairs)),
    }
    out = {}
    for p in PREDICTORS:
        s = np.fromiter(gens[p](), dtype=float, count=len(pairs))
        if p == "adamic_adar":  # networkx's sums carry the same float noise; merge it as evalkit does
            s = linkpred.snap_float_ties(s)
        out[p] = (roc_auc_score(y, s), average_precision_score(y, s))
    return out, len(pairs)


def large(name):
    """Child process: evalkit on a large network; prints JSON with times and peak memory."""
    import resource

    start = time.perf_counter()
    task = task_for(name, 0.9)
    t_task = time.perf_counter() - start
    start = time.perf_counter()
    res = evalkit_all(task)
    t_eval = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"nodes": task.n_nodes, "candidates": task.n_candidates, "positives": len(task.positives),
                      "task_s": t_task, "eval_s": t_eval, "peak_mb": peak_mb,
                      "auroc": {p: r.auroc for p, r in res.items()}}))


def main(skip_large=False):
    task = task_for("CollegeMsg")
    ours = evalkit_all(task)
    t_ours = best_time(lambda: evalkit_all(task), repeat=3)
    start = time.perf_counter()
    theirs, n_pairs = networkx_all(task)
    t_theirs = time.perf_counter() - start
    print(f"CollegeMsg: {task.n_nodes} nodes, {n_pairs:,} candidate pairs, {len(task.positives)} positives")
    for p in PREDICTORS:
        a, b = theirs[p]
        assert abs(ours[p].auroc - a) < 1e-9 and abs(ours[p].average_precision - b) < 1e-9, p
        print(f"  {p:24s} AUROC {ours[p].auroc:.6f} (networkx+sklearn {a:.6f})  "
              f"AP {ours[p].average_precision:.6f} ({b:.6f})  tie groups {ours[p].n_distinct_scores:,}")
    rows = [report("CollegeMsg, 4 predictors, all pairs", t_ours, t_theirs, "networkx generators + scikit-learn")]
    if not skip_large:
        out = subprocess.run([sys.executable, __file__, "--large", "sx-mathoverflow"], capture_output=True,
                             text=True, check=True)
        info = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"sx-mathoverflow: {info['nodes']:,} nodes, {info['candidates']:,} candidate pairs, "
              f"{info['positives']:,} positives: task {info['task_s']:.1f} s, evaluation of 4 predictors "
              f"{info['eval_s']:.1f} s, peak memory {info['peak_mb']:.0f} MB (whole process); "
              f"networkx + scikit-learn: not run (see the docstring)")
        print("  AUROC: " + ", ".join(f"{p} {v:.4f}" for p, v in info["auroc"].items()))
    return rows


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--large":
        large(sys.argv[2])
    else:
        main(skip_large="--skip-large" in sys.argv)
