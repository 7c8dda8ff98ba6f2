"""The ``evalkit`` command: data files and reproductions from the shell.

Examples (shell)::

    evalkit datasets list
    evalkit datasets fetch uci/soybean.arff.gz
    evalkit reproduce ci-coverage --n-samples 40 --n-trials 100000 --out coverage.csv
    evalkit reproduce bouckaert-frank --n-jobs 2 --out replicability.csv
    evalkit reproduce bouckaert-frank --null-copies --n-jobs 2 --out type1.csv
    evalkit reproduce bouckaert-frank-table5 --training-sets 1000 --n-jobs 2 --out table5.csv
    evalkit reproduce yang-table2 --simulations 100000 --out table2.csv
    evalkit reproduce network-cv-fig2 --scale paper --n-jobs 2 --out fig2.csv
    evalkit reproduce network-cv-fig3 --scale paper --out fig3.csv
    evalkit reproduce network-cv-fig4 --scale paper --out fig4.csv

Each ``reproduce`` experiment calls the same evalkit function the book's chapter
calls, at any scale, and writes its table to a CSV file (or standard output).
"""
from __future__ import annotations

import argparse
import csv
import sys

import numpy as np

from . import datasets, stats

__all__ = ["main"]


def _ci_coverage(args):
    """Exact and simulated coverage of the three error intervals over a grid of true errors."""
    p_grid = np.round(np.linspace(args.p_min, args.p_max, args.n_points), 10)
    rows = []
    for method in stats.INTERVAL_METHODS:
        exact = np.atleast_1d(stats.interval_coverage(p_grid, args.n_samples, method=method,
                                                      confidence_level=args.confidence_level))
        rng = np.random.default_rng(args.seed)
        for p, c in zip(p_grid, exact):
            sim = stats.simulate_interval_coverage(
                p, args.n_samples, n_trials=args.n_trials, method=method,
                confidence_level=args.confidence_level, rng=rng,
            )
            rows.append({"method": method, "n_samples": args.n_samples, "true_error": p,
                         "exact_coverage": c, "simulated_coverage": sim.coverage,
                         "monte_carlo_se": sim.standard_error, "n_trials": args.n_trials})
    return rows


def _bouckaert_frank(args):
    """Non-rejection counts and summaries of Bouckaert & Frank's experiment (Tables 1-4)."""
    from . import replication

    names = args.datasets or list(replication.UCI_DATASETS)
    learners = replication.identical_learners_for if args.null_copies else None
    result = replication.run_replication(names, repetitions=args.repetitions, learners=learners,
                                         n_jobs=args.n_jobs, progress=True, seed=args.seed)
    rows = []
    for test, per_pair in result.counts.items():
        for pair, counts in per_pair.items():
            summary = replication.stats.replicability_summary(counts, result.repetitions)
            row = {"test": test, "pair": pair, "consistent": summary.consistent,
                   "almost_consistent": summary.almost_consistent, "replicability": summary.replicability}
            row.update({f"non_rejections[{d}]": int(c) for d, c in zip(result.datasets, counts)})
            rows.append(row)
    return rows


def _bouckaert_frank_table5(args):
    """Table 5: consistency (%) and rejection rate of each test on each simulated source."""
    from . import replication_simulation as sim

    sources, pilot = sim.simulation_sources(rng=args.seed)
    result = sim.run_simulation(sources, n_training_sets=args.training_sets, repetitions=args.repetitions,
                                n_jobs=args.n_jobs, progress=True, seed=args.seed)
    diff = result.accuracy_difference()
    rows = []
    for test in sim.SIMULATION_TESTS:
        for j, (c, se, r, rse) in enumerate(zip(result.consistency(test), result.consistency_std_error(test),
                                                result.rejection_rate(test), result.rejection_rate_std_error(test))):
            rows.append({"test": test, "source": j + 1, "accuracy_difference_pct": diff[j],
                         "consistency_pct": c, "consistency_se_pct": se, "rejection_rate": r, "rejection_rate_se": rse,
                         "training_sets": result.n_training_sets, "repetitions": result.repetitions})
    return rows


def _yang_table2(args):
    """Table 2 of Yang et al.: the surrogate simulation, with the counts of our Condmat task."""
    import datetime

    from tqdm.auto import tqdm

    from . import linkpred
    from . import linkpred_protocols as lpp

    utc = lambda y: int(datetime.datetime(y, 1, 1, tzinfo=datetime.timezone.utc).timestamp())
    task = linkpred.temporal_task(datasets.load_condmat().pairwise(), start=utc(1995), split=utc(2000),
                                  end=utc(2001))
    counts = linkpred.distance_counts(task.adjacency, task.positives)
    p_s = int(counts.positives[counts.distance == 2][0])
    n_s = int(counts.negatives[counts.distance == 2][0])
    p_f, n_f = int(counts.positives.sum()), int(counts.negatives.sum())
    rng = np.random.default_rng(args.seed)
    rows = []
    cells = [(a, b) for a in (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9) for b in (10, 20, 30, 40, 50)]
    for a, b in tqdm(cells, desc="Table 2 cells"):
        r = lpp.surrogate_auroc(p_s, n_s, p_f, n_f, a, b, n_simulations=args.simulations, rng=rng)
        rows.append({"alpha": a, "beta": b, "sigmas": r.sigmas, "mean_auroc_sub": float(r.auroc_sub.mean()),
                     "mean_auroc_full": float(r.auroc_full.mean()), "simulations": args.simulations,
                     "p_s": p_s, "n_s": n_s, "p_f": p_f, "n_f": n_f})
    return rows


def _network_cv_fig2(args):
    """Neville et al. Fig. 2 (a and b): Type I error of RRS, ERS, NCV with simulated classifiers."""
    from . import relational

    trials, sims = (1000, 10) if args.scale == "paper" else (200, 2)
    rng = np.random.default_rng(args.seed)
    rows = [dict(r, figure="2a") for r in relational.simulate_group_type1_grid(
        prop_labeled=(0.1, 0.3, 0.5, 0.7, 0.9), p_err=0.1, err_corr=0.9, n_trials=trials, n_simulations=sims,
        n_jobs=args.n_jobs, progress=True, rng=rng)]
    rows += [dict(r, figure="2b") for r in relational.simulate_group_type1_grid(
        prop_labeled=0.9, p_err=(0.1, 0.2, 0.3, 0.4), err_corr=(0.0, 0.2, 0.4, 0.6, 0.8, 1.0), n_trials=trials,
        n_simulations=sims, n_jobs=args.n_jobs, progress=True, rng=rng)]
    return rows


def _lgm_networks(n_nodes, scale, rng):
    from . import relational

    n_cal = 50 if scale == "paper" else 10
    return ([relational.latent_group_model(n_nodes, rng=rng) for _ in range(n_cal)],
            [relational.latent_group_model(n_nodes, rng=rng) for _ in range(4)])


def _network_cv_fig3(args):
    """Neville et al. Fig. 3: Type I error of RS/NCV x paired/unpaired t tests, wvRN vs nBC, synthetic networks."""
    from . import relational

    rng = np.random.default_rng(args.seed)
    calibration, evaluation = _lgm_networks(300, args.scale, rng)
    return relational.within_network_study(evaluation, calibration, prop_labeled=(0.1, 0.2, 0.3, 0.4),
                                           n_trials=100 if args.scale == "paper" else 20, rng=rng, progress=True)


def _network_cv_fig4(args):
    """Neville et al. Fig. 4: power at 30% labelled as the worse model is perturbed, 300 and 600 nodes."""
    from . import relational

    rng = np.random.default_rng(args.seed)
    rows = []
    for size in (300, 600):
        calibration, evaluation = _lgm_networks(size, args.scale, rng)
        rows += [dict(r, nodes=size) for r in relational.within_network_study(
            evaluation, calibration, prop_labeled=0.3, worse_rates=(0.025, 0.075, 0.15, 0.3),
            n_trials=100 if args.scale == "paper" else 20, rng=rng, progress=True)]
    return rows


EXPERIMENTS = {"ci-coverage": _ci_coverage, "bouckaert-frank": _bouckaert_frank,
               "bouckaert-frank-table5": _bouckaert_frank_table5, "yang-table2": _yang_table2,
               "network-cv-fig2": _network_cv_fig2, "network-cv-fig3": _network_cv_fig3,
               "network-cv-fig4": _network_cv_fig4}


def _write(rows, out):
    handle = sys.stdout if out in (None, "-") else open(out, "w", newline="")
    try:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    finally:
        if handle is not sys.stdout:
            handle.close()


def build_parser():
    parser = argparse.ArgumentParser(prog="evalkit", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    ds = sub.add_parser("datasets", help="list or fetch the registered data files")
    ds_sub = ds.add_subparsers(dest="action", required=True)
    ds_sub.add_parser("list", help="print every registered data file")
    fetch = ds_sub.add_parser("fetch", help="find or download a data file and print its local path")
    fetch.add_argument("path", help="a registered path, e.g. uci/iris.arff.gz")

    rep = sub.add_parser("reproduce", help="run one of the book's experiments at any scale")
    rep.add_argument("experiment", choices=sorted(EXPERIMENTS))
    rep.add_argument("--n-samples", type=int, default=40, help="test-set size N (default 40)")
    rep.add_argument("--n-trials", type=int, default=10_000, help="simulated test sets per point")
    rep.add_argument("--n-points", type=int, default=9, help="grid points of true error")
    rep.add_argument("--p-min", type=float, default=0.1)
    rep.add_argument("--p-max", type=float, default=0.9)
    rep.add_argument("--confidence-level", type=float, default=0.95)
    rep.add_argument("--seed", type=int, default=0)
    rep.add_argument("--datasets", nargs="*", default=None, help="bouckaert-frank: UCI data sets (default: all 27)")
    rep.add_argument("--repetitions", type=int, default=10, help="bouckaert-frank*: random partitionings (default 10)")
    rep.add_argument("--null-copies", action="store_true",
                     help="bouckaert-frank: compare two copies of one randomised learner (Type I error)")
    rep.add_argument("--training-sets", type=int, default=1000,
                     help="bouckaert-frank-table5: training sets per source (default 1000, the paper's)")
    rep.add_argument("--simulations", type=int, default=100_000,
                     help="yang-table2: simulations per (alpha, beta) cell (default 100000, the paper's)")
    rep.add_argument("--scale", choices=("paper", "small"), default="paper",
                     help="network-cv-*: the paper's scale (default) or a quick small one")
    rep.add_argument("--n-jobs", type=int, default=None, help="parallel jobs (joblib)")
    rep.add_argument("--out", default=None, help="CSV file to write (default: standard output)")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.command == "datasets":
        if args.action == "list":
            print("\n".join(datasets.list_files()))
        else:
            print(datasets.fetch(args.path))
        return 0
    _write(EXPERIMENTS[args.experiment](args), args.out)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
