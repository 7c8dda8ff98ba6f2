"""Neville et al.'s network cross-validation studies: evalkit at the paper's scale, and against a plain loop.

1. Fig. 2a + 2b at the paper's full scale (10 simulations x 1,000 trials for each of the
   87 (procedure, P(err), errCorr, share labelled) cells; 2 jobs). Target: under 60 s.
2. Figs. 3 and 4 at the paper's scale (50 calibration + 4 evaluation latent-group
   networks, 100 trials per point, 300 and 600 nodes). Target: under 5 minutes.
3. Speed-ups over a straightforward per-trial Python loop on small slices:
   (a) simulated classifiers: 200 RRS trials at 10% labelled, one test set at a time,
       one Bernoulli draw per instance (evalkit draws group counts, all trials at once);
   (b) wvRN + nBC with relaxation labelling on 20 splits of a 300-node network, node by
       node (evalkit runs all splits as columns of one sparse product). The loop's
       probabilities equal evalkit's (checked).
Run: ``python benchmarks/network_cv.py`` (``--skip-paper`` for the slices only).
"""
import sys
import time
from pathlib import Path

import numpy as np
from scipy import stats as st

sys.path.insert(0, str(Path(__file__).parent))
from _timing import best_time, report  # noqa: E402

from evalkit import relational as rel  # noqa: E402
from evalkit.reproductions.network_cv.method import within_network_study  # noqa: E402
from evalkit.resampling import network_split_masks  # noqa: E402


def loop_group_simulation(n_trials, prop, rng):
    """Per trial, per test set, per instance: the simulation as Table 6 / Table 7 read."""
    rejections = 0
    p_mg, p_other = rel.group_error_probabilities(0.1, 0.9)
    n, k = 300, 30
    n_test = n - round(prop * n)
    for _ in range(n_trials):
        groups = rng.integers(0, 10, size=n)
        err_a, err_b = [], []
        for _ in range(k):
            test = rng.choice(n, size=n_test, replace=False)
            mg_a = set(rng.choice(5, size=1, replace=False).tolist())
            mg_b = set((5 + rng.choice(5, size=1, replace=False)).tolist())
            ea = eb = 0
            for i in test:
                g = groups[i]
                ea += rng.random() < (p_mg if g in mg_a else p_other)
                eb += rng.random() < (p_mg if g in mg_b else p_other)
            err_a.append(ea / n_test)
            err_b.append(eb / n_test)
        rejections += st.ttest_rel(err_a, err_b).pvalue < 0.05
    return rejections / n_trials


def loop_relaxation(adj_lists, y, train, model, n_iter=99):
    """Node-by-node relaxation labelling of one split (wvRN or nBC), as in Macskassy & Provost."""
    n = len(adj_lists)
    prior = (y[train].sum() + 1) / (train.sum() + 2)
    if model == "nbc":
        cnt = np.zeros((2, 2))
        for u in range(n):
            if train[u]:
                for v in adj_lists[u]:
                    if train[v]:
                        cnt[y[u], y[v]] += 1
        like = [(cnt[c, 1] + 1) / (cnt[c].sum() + 2) for c in (0, 1)]
    p = np.where(train, y, prior).astype(float)
    beta = 1.0
    for _ in range(n_iter):
        beta *= 0.99
        new = p.copy()
        for i in range(n):
            if train[i]:
                continue
            nb = adj_lists[i]
            if model == "wvrn":
                m = sum(p[j] for j in nb) / len(nb) if nb else prior
            else:
                lp, ln = np.log(prior), np.log(1 - prior)
                for j in nb:
                    lp += p[j] * np.log(like[1]) + (1 - p[j]) * np.log(1 - like[1])
                    ln += p[j] * np.log(like[0]) + (1 - p[j]) * np.log(1 - like[0])
                m = 1 / (1 + np.exp(ln - lp))
            new[i] = beta * m + (1 - beta) * p[i]
        p = new
    return p


def main():
    results = []
    if "--skip-paper" not in sys.argv:
        start = time.perf_counter()
        rel.simulate_group_type1_grid(prop_labeled=(0.1, 0.3, 0.5, 0.7, 0.9), n_trials=1000, n_simulations=10,
                                      n_jobs=2, rng=0)
        rel.simulate_group_type1_grid(prop_labeled=0.9, p_err=(0.1, 0.2, 0.3, 0.4),
                                      err_corr=(0.0, 0.2, 0.4, 0.6, 0.8, 1.0), n_trials=1000, n_simulations=10,
                                      n_jobs=2, rng=1)
        fig2 = time.perf_counter() - start
        print(f"Fig. 2a+2b, paper scale (870,000 trials): {fig2:.1f} s (target < 60 s)")
        start = time.perf_counter()
        rng = np.random.default_rng(0)
        for size, rates, props in ((300, (0.0,), (0.1, 0.2, 0.3, 0.4)),
                                   (300, (0.025, 0.075, 0.15, 0.3), (0.3,)),
                                   (600, (0.025, 0.075, 0.15, 0.3), (0.3,))):
            cal = [rel.latent_group_model(size, rng=rng) for _ in range(50)]
            ev = [rel.latent_group_model(size, rng=rng) for _ in range(4)]
            within_network_study(ev, cal, prop_labeled=props, worse_rates=rates, n_trials=100, rng=rng)
        fig34 = time.perf_counter() - start
        print(f"Figs. 3 + 4a + 4b, paper scale: {fig34:.1f} s (target < 300 s)")

    # (a) simulated classifiers, a slice
    ours = best_time(lambda: rel.simulate_group_type1_error("rrs", prop_labeled=0.1, n_trials=200, n_simulations=1,
                                                            rng=1), repeat=3)
    theirs = best_time(lambda: loop_group_simulation(200, 0.1, np.random.default_rng(1)), repeat=1)
    results.append(report("Fig. 2 slice: 200 RRS trials at 10% labelled", ours, theirs, "per-instance Python loop"))

    # (b) collective classifiers, a slice
    net = rel.latent_group_model(300, rng=5)
    train, _ = network_split_masks("rrs", 300, n_splits=20, prop_labeled=0.3, rng=6)
    adj_lists = [net.adjacency.indices[net.adjacency.indptr[i]:net.adjacency.indptr[i + 1]].tolist() for i in range(300)]
    ours = best_time(lambda: (rel.wvrn(net.adjacency, net.labels, train[0]),
                              rel.network_only_bayes(net.adjacency, net.labels, train[0])), repeat=3)
    start = time.perf_counter()
    loop_w = np.array([loop_relaxation(adj_lists, net.labels, t, "wvrn") for t in train[0]])
    loop_n = np.array([loop_relaxation(adj_lists, net.labels, t, "nbc") for t in train[0]])
    theirs = time.perf_counter() - start
    assert np.allclose(loop_w, rel.wvrn(net.adjacency, net.labels, train[0]), atol=1e-10)
    assert np.allclose(loop_n, rel.network_only_bayes(net.adjacency, net.labels, train[0]), atol=1e-8)
    results.append(report("wvRN + nBC, relaxation labelling, 20 splits x 300 nodes", ours, theirs,
                          "node-by-node Python loop"))
    return results


if __name__ == "__main__":
    main()
