"""Exact all-pairs link-prediction evaluation at scale: whole score matrix (old) against row blocks (new).

Graphs: expected-degree (Chung-Lu) random graphs with a power-law weight sequence
(exponent 2.5, mean degree 10), sampled by drawing ``n * 10 / 2`` endpoint pairs with
probability proportional to the weights (self-loops and repeated pairs dropped, so the
mean degree is a little under 10). A random tenth of the edges are the positives (the
"label period"); the rest is the feature network, whose every non-edge is a candidate.

For each size and predictor (common neighbours, Adamic/Adar, Jaccard, preferential
attachment), one child process builds the graph and runs ``evaluate_all_pairs`` once:

* **old**: the whole sparse score matrix first (``PREDICTORS[name](A)``, then the
  histogram of its upper triangle), what ``evaluate_all_pairs`` did before the block path,
  still what it does with a score matrix given by the caller;
* **new**: ``evaluate_all_pairs(A, positives, name, n_jobs=2)``: rows in blocks within the
  default memory budget (1 GiB, shared by the two workers), each reduced at once (common
  neighbours, Adamic/Adar and Jaccard by the wedge-counting kernel).

Numba compiles the wedge kernel once per installation and caches it on disk; each child
makes one warm-up call on a 2,000-node graph first, so the compilation (about a second,
once) is in no timed run. The yardstick is the **wedge enumeration** itself: scipy computing ``A[lo:hi] @ A`` over
every row block of the same graph (the blocks of common neighbours' default budget), on
one core, nothing else done with the products. Any exact method must visit every wedge
``u - w - v`` once for these three predictors; the table gives evalkit's time per
predictor as a ratio to it (``x wedges``).

Each run reports its wall time, the peak resident memory of the process (``ru_maxrss``)
and of each worker process, and the memory the graph and task already held before the
evaluation (so the evaluation's own peak is the difference). The AUROC and AUPR of both
paths are compared (they must be identical). Preferential attachment never builds a
matrix (it is counted per pair of degrees) and runs the same code on both paths. The old
path is run only where it fits (``--old-max``). Last, one evaluation on a local Dask
cluster (``dask.distributed.LocalCluster``, 2 workers) is checked equal to the serial one.

Run: ``python benchmarks/linkpred_scale.py`` (sizes 25,000 to 1,000,000; old path up to
300,000); ``--sizes 20000`` and ``--old-max`` choose others; ``--no-dask`` skips the
cluster run. A watchdog stops a run whose resident memory passes 90% of the machine's
(``--memory-limit-gb``): "failed" in the table, rather than the machine taken down.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

import numpy as np
import scipy.sparse as sp

PREDICTORS = ("common_neighbors", "adamic_adar", "jaccard", "preferential_attachment")


def chung_lu_task(n, mean_degree=10, exponent=2.5, seed=0):
    """Feature network (csr) and positives (row pairs u < v) of a power-law expected-degree graph."""
    rng = np.random.default_rng(seed)
    weights = np.arange(1, n + 1) ** (-1.0 / (exponent - 1.0))
    p = weights / weights.sum()
    m = int(round(n * mean_degree / 2))
    u, v = rng.choice(n, size=m, p=p), rng.choice(n, size=m, p=p)
    u, v = np.minimum(u, v), np.maximum(u, v)
    keys = np.unique(u[u != v].astype(np.int64) * n + v[u != v])
    held_out = rng.random(keys.size) < 0.1
    feature, positive = keys[~held_out], keys[held_out]
    r, c = feature // n, feature % n
    A = sp.csr_array((np.ones(2 * r.size, np.int8), (np.r_[r, c], np.r_[c, r])), shape=(n, n))
    return A, np.c_[positive // n, positive % n]


def _worker_peak():
    import os
    import time as t

    t.sleep(0.2)
    return os.getpid(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def wedges_child(n):
    """The wedge enumeration: ``A[lo:hi] @ A`` over every row block, one core; prints JSON."""
    from threadpoolctl import threadpool_limits

    from evalkit.graph import check_adjacency
    from evalkit.linkpred._blocks import row_blocks, scorer
    from evalkit.linkpred._common import memory_bytes

    A, _ = chung_lu_task(n)
    A = check_adjacency(A)
    blocks = row_blocks(scorer(A, "common_neighbors").row_entries(), memory_bytes(None) // 48)
    wedges = float((A.sum(axis=1) * (A.sum(axis=1) - 1)).sum())
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    with threadpool_limits(1):
        start = time.perf_counter()
        for lo, hi in blocks:
            A[lo:hi] @ A
        seconds = time.perf_counter() - start
    print(json.dumps({"n": n, "path": "wedges", "seconds": seconds, "blocks": len(blocks), "wedges": wedges,
                      "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "graph_mb": before}))


def child(n, predictor, path):
    """One evaluation in this process; prints JSON."""
    from evalkit import linkpred
    from evalkit.linkpred.histogram import score_histogram

    if path == "wedges":
        return wedges_child(n)
    # Numba compiles the wedge kernel once per installation and keeps it on disk: a warm-up
    # call on a small graph does that here, so that no size is timed with the compilation
    small, small_pos = chung_lu_task(2_000, seed=1)
    linkpred.evaluate_all_pairs(small, small_pos, predictor, n_jobs=1)
    A, pos = chung_lu_task(n)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start = time.perf_counter()
    if path == "old" and predictor != "preferential_attachment":
        result = score_histogram(A, pos, linkpred.PREDICTORS[predictor](A)).evaluate()
    else:
        result = linkpred.evaluate_all_pairs(A, pos, predictor, n_jobs=1 if path == "old" else 2)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = {}
    if path == "new":
        import joblib

        for pid, mb in joblib.Parallel(n_jobs=2)(joblib.delayed(_worker_peak)() for _ in range(8)):
            workers[pid] = max(workers.get(pid, 0), mb)
    print(json.dumps({"n": n, "predictor": predictor, "path": path, "seconds": seconds, "peak_mb": peak,
                      "graph_mb": before, "worker_peak_mb": sorted(workers.values()), "auroc": result.auroc,
                      "aupr": result.aupr, "candidates": result.n_positive + result.n_negative}))


def _rss_gb(pid):
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**30
    except (OSError, ValueError, IndexError):
        return 0.0


def run_child(n, predictor, path, limit_gb=None):
    """One child process; a watchdog stops it when its resident memory passes ``limit_gb``."""
    proc = subprocess.Popen([sys.executable, __file__, "--child", str(n), predictor, path], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    killed = None
    while proc.poll() is None:
        if limit_gb and sys.platform.startswith("linux") and _rss_gb(proc.pid) > limit_gb:
            proc.kill()
            killed = f"stopped at {limit_gb:.0f} GB resident: does not fit this machine's memory"
        time.sleep(0.1)
    out, err = proc.communicate()
    if killed or proc.returncode != 0:
        return {"n": n, "predictor": predictor, "path": path, "failed": killed or err.strip().splitlines()[-1:]}
    return json.loads(out.strip().splitlines()[-1])


def dask_check(n):
    """The block evaluation on a local Dask cluster (2 workers) against the serial one."""
    from dask.distributed import Client, LocalCluster
    from joblib import parallel_config

    from evalkit import linkpred

    A, pos = chung_lu_task(n)
    serial = {p: linkpred.evaluate_all_pairs(A, pos, p, n_jobs=1, max_memory="16MB") for p in PREDICTORS[:3]}
    from dask.distributed import get_task_stream

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client, parallel_config(backend="dask"), get_task_stream(client=client) as stream:
        start = time.perf_counter()
        on_dask = {p: linkpred.evaluate_all_pairs(A, pos, p, max_memory="16MB") for p in PREDICTORS[:3]}
        seconds = time.perf_counter() - start
    n_tasks = len(stream.data)
    equal = all(serial[p] == on_dask[p] for p in serial)
    print(f"Dask LocalCluster (2 worker processes), {n:,} nodes, 16 MB blocks, common neighbours, Adamic/Adar, "
          f"Jaccard: {n_tasks} tasks ran on the cluster, {seconds:.1f} s; equal to the serial run: {equal}")
    for p in serial:
        print(f"  {p:18s} serial AUROC {serial[p].auroc:.10f} AUPR {serial[p].aupr:.10f}   "
              f"Dask AUROC {on_dask[p].auroc:.10f} AUPR {on_dask[p].aupr:.10f}")
    return equal, n_tasks


def main(sizes, old_max, dask=True, dask_size=20_000, limit_gb=None):
    print(f"{'nodes':>9} {'candidates':>10} {'predictor':>24} | {'old s':>7} {'old GB':>7} | {'new s':>7} "
          f"{'new GB':>7} {'graph GB':>8} {'worker GB':>10} | {'x wedges':>8} | same")
    rows = []
    for n in sizes:
        wedges = run_child(n, "-", "wedges", limit_gb)
        if "failed" in wedges:
            print(f"{n:>9,} wedge enumeration failed: {wedges['failed']}")
            wedge_seconds = float("nan")
        else:
            wedge_seconds = wedges["seconds"]
            print(f"{n:>9,} {'':>10} {'wedge enumeration':>24} | {'':>7} {'':>7} | {wedge_seconds:>7.1f} "
                  f"{wedges['peak_mb'] / 1024:>7.2f} {wedges['graph_mb'] / 1024:>8.2f} {'1 core':>10} | "
                  f"{1:>8.2f} | {wedges['wedges']:.2e} ordered wedges, {wedges['blocks']} blocks", flush=True)
        total = 0.0
        for predictor in PREDICTORS:
            new = run_child(n, predictor, "new", limit_gb)
            old = run_child(n, predictor, "old", limit_gb) if n <= old_max else None
            rows.append((old, new))
            same = "-" if old is None or "failed" in old or "failed" in new else \
                str(old["auroc"] == new["auroc"] and old["aupr"] == new["aupr"])
            o = ("not run", "") if old is None else (("failed", "") if "failed" in old else
                                                     (f"{old['seconds']:.1f}", f"{old['peak_mb'] / 1024:.2f}"))
            if "failed" in new:
                print(f"{n:>9,} {'':>10} {predictor:>24} | {o[0]:>7} {o[1]:>7} | new failed: {new['failed']}")
                continue
            workers = "/".join(f"{w / 1024:.2f}" for w in new["worker_peak_mb"])
            total += new["seconds"]
            print(f"{n:>9,} {new['candidates']:>10.2e} {predictor:>24} | {o[0]:>7} {o[1]:>7} | "
                  f"{new['seconds']:>7.1f} {new['peak_mb'] / 1024:>7.2f} {new['graph_mb'] / 1024:>8.2f} "
                  f"{workers:>10} | {new['seconds'] / wedge_seconds:>8.2f} | {same}", flush=True)
        print(f"{n:>9,} {'':>10} {'the four, new path':>24} | {'':>7} {'':>7} | {total:>7.1f}", flush=True)
    if dask:
        dask_check(dask_size)
    return rows


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        child(int(sys.argv[2]), sys.argv[3], sys.argv[4])
        sys.exit()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[25_000, 100_000, 300_000, 1_000_000])
    parser.add_argument("--old-max", type=int, default=300_000)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--dask-size", type=int, default=20_000)
    parser.add_argument("--memory-limit-gb", type=float, default=None,
                        help="stop a run whose resident memory passes this (default: 90%% of the machine's memory)")
    args = parser.parse_args()
    limit = args.memory_limit_gb or (int(open("/proc/meminfo").read().split()[1]) / 2**20 * 0.9
                                     if sys.platform.startswith("linux") else None)
    main(args.sizes, args.old_max, dask=not args.no_dask, dask_size=args.dask_size, limit_gb=limit)
