"""Experiments of the framework and sampling chapters: Table 1, class imbalance, Theorem 4.1,
Corollary 4.3, Figs. 7 and 8."""
from __future__ import annotations

import numpy as np

from ... import linkpred, metrics
from ..._parallel import progress_bar
from .data import Network, NETWORKS, events, task, tasks, training_task, utc, yang_experiment

__all__ = ["auroc_variance", "class_imbalance", "condmat_whole_period", "corollary43", "fig7", "fig8", "table1",
           "theorem41"]

_SAMPLING_NETWORKS = ("Condmat", "CollegeMsg", "email-Eu-core")


@yang_experiment("yang-table1", scales={"book": {"networks": NETWORKS}, "paper": {"networks": NETWORKS}},
                 paper_cost="~40 s on 1 core (sx-mathoverflow dominates)")
def table1(*, networks: tuple[Network, ...] = NETWORKS):
    """Table 1: nodes, edges, density, positives and candidates of each network's test task.

    Parameters
    ----------
    networks : tuple of str
        Networks (Condmat and stand-ins) to tabulate.

    Returns
    -------
    pandas.DataFrame
        One row per network, and the paper's Condmat row.
    """
    import pandas as pd

    ts = tasks(networks)
    out = pd.DataFrame({
        name: {"nodes": t.n_nodes, "edges": t.n_edges, "density": 2 * t.n_edges / (t.n_nodes * (t.n_nodes - 1)),
               "positives": len(t.positives), "candidates": t.n_candidates,
               "new-node pairs (not candidates)": t.n_new_node_pairs}
        for name, t in ts.items()}).T
    from evalkit import claims

    out.loc["Condmat (paper, Table 1)"] = {k: claims.source_value(f"yang.table1.condmat.{k}")
                                          for k in ("nodes", "edges", "density")}
    return out


def condmat_whole_period():
    """Counts of Condmat's whole 1995-2000 network, which the paper's Table 1 row mixes in.

    Returns
    -------
    dict
        ``nodes``, ``edges`` and ``pairs`` of the 1995-2000 network, and ``new_pairs_2000``:
        the pairs first linked in 2000 (new nodes included), counted in both orders.
    """
    period = events("Condmat").between(utc(1995), utc(2001))
    from ...graph import as_adjacency

    whole, whole_nodes = as_adjacency(np.stack([period.src, period.dst], axis=1))
    cm = task("Condmat")
    return {"nodes": int(whole_nodes.size), "edges": int(whole.nnz // 2),
            "pairs": int(whole_nodes.size * (whole_nodes.size - 1) // 2),
            "new_pairs_2000": int(2 * (len(cm.positives) + cm.n_new_node_pairs))}


@yang_experiment("yang-imbalance", scales={"book": {"networks": NETWORKS}, "paper": {"networks": NETWORKS}},
                 paper_cost="~40 s on 1 core (building the tasks)")
def class_imbalance(*, networks: tuple[Network, ...] = NETWORKS):
    """Class imbalance: trivial and random predictors' measures on each network's test task.

    Parameters
    ----------
    networks : tuple of str
        Networks (Condmat and stand-ins).

    Returns
    -------
    pandas.DataFrame
        One row per network.
    """
    import pandas as pd

    rows = {}
    for name, t in tasks(networks).items():
        P, N = len(t.positives), t.n_candidates - len(t.positives)
        random = np.array([[P / 2, P / 2], [N / 2, N / 2]])        # expected matrix of a fair coin
        all_negative = np.array([[0, P], [0, N]])
        all_positive = np.array([[P, 0], [N, 0]])
        constant = linkpred.ScoreHistogram.from_unsorted(np.zeros(P), [0.0], [N]).evaluate()
        rows[name] = {
            "negatives per positive": N / P,
            "random: accuracy": metrics.accuracy(random), "random: precision": metrics.precision(random),
            "random: recall": metrics.true_positive_rate(random),
            "all-negative: accuracy": metrics.accuracy(all_negative),
            "all-negative: recall": metrics.true_positive_rate(all_negative),
            "all-positive: precision": metrics.precision(all_positive),
            "all-positive: recall": metrics.true_positive_rate(all_positive),
            "constant score: AUROC": constant.auroc, "constant score: AUPR": constant.aupr,
        }
    return pd.DataFrame(rows).T


@yang_experiment("yang-theorem41", scales={"book": {"rates": (1e-5, 1e-4, 1e-3), "n_test_sets": 250, "seed": 41},
                                           "paper": {"rates": (1e-5, 1e-4, 1e-3), "n_test_sets": 250, "seed": 41}},
                 paper_cost="~20 s on 1 core")
def theorem41(*, rates: tuple[float, ...] = (1e-5, 1e-4, 1e-3), n_test_sets: int = 250, seed: int = 41):
    """Theorem 4.1 on Condmat: variance of a fixed-threshold rate over sampled negative pairs.

    The predictor calls a pair positive when its Adamic/Adar score is non-zero; negative
    pairs are drawn by rejection sampling (independent of the histogram machinery).

    Parameters
    ----------
    rates : tuple of float
        Fractions p of the negatives kept.
    n_test_sets : int
        Sampled test sets per rate.
    seed : int
        Seed of the one generator all draws share, in order.

    Returns
    -------
    pandas.DataFrame
        Index p; Monte Carlo variance, the theorem's, and their ratio.
    """
    import pandas as pd

    cm = task("Condmat")
    aa = linkpred.adamic_adar(cm.adjacency)
    h_aa = linkpred.score_histogram(cm.adjacency, cm.positives, aa)
    N = h_aa.n_negative
    C = int(h_aa.negative_counts[h_aa.negative_values == 0].sum())
    rng = np.random.default_rng(seed)
    rows = []
    for p in rates:
        k = round(p * N)
        measured = [np.mean(linkpred.pair_scores(aa, linkpred.sample_negative_pairs(cm.adjacency, cm.positives, k,
                                                                                     rng=rng)) == 0)
                    for _ in range(n_test_sets)]
        formula = C * (N - C) * (1 - k / N) / (N**2 * (N - 1) * (k / N))
        rows.append({"p": p, "negatives kept": k, f"Monte Carlo variance ({n_test_sets} test sets)":
                     np.var(measured, ddof=1), "Theorem 4.1": formula})
    thm = pd.DataFrame(rows).set_index("p")
    thm["ratio"] = thm.iloc[:, 1] / thm.iloc[:, 2]
    return thm


def _rel_se(draws):
    from scipy.stats import kurtosis

    # standard error of a sample variance, relative: sqrt(2/(n-1) + excess kurtosis/n)
    return np.sqrt(2 / (draws.size - 1) + kurtosis(draws) / draws.size)


@yang_experiment("yang-auroc-variance",
                 scales={"book": {"rates": (1e-5, 1e-4, 1e-3, 1e-2, 1e-1), "n_repeats": 300, "seed": 7},
                         "paper": {"rates": (1e-5, 1e-4, 1e-3, 1e-2, 1e-1), "n_repeats": 300, "seed": 7}},
                 paper_cost="~30 s on 1 core")
def auroc_variance(*, rates: tuple[float, ...] = (1e-5, 1e-4, 1e-3, 1e-2, 1e-1), n_repeats: int = 300,
                   seed: int = 7):
    """Theorem 4.1 for AUROC on Condmat: measured variance of the subsampled AUROC against the exact one.

    Parameters
    ----------
    rates : tuple of float
        Fractions p of the negatives kept.
    n_repeats : int
        Subsamples per rate.
    seed : int
        Seed of each (predictor, rate) cell's subsamples.

    Returns
    -------
    pandas.DataFrame
        One row per (predictor, p): measured and exact variance, relative standard error, ratio.
    """
    import pandas as pd

    cm = task("Condmat")
    predictors = {"preferential attachment": "preferential_attachment", "Adamic/Adar": linkpred.adamic_adar(cm.adjacency)}
    hists = {name: linkpred.score_histogram(cm.adjacency, cm.positives, pred) for name, pred in predictors.items()}
    rows = []
    for name, h in hists.items():
        for p in np.asarray(rates):
            draws = np.array([r.auroc for r in h.subsample_negatives(p, n_repeats=n_repeats, rng=seed)])
            rows.append({"predictor": name, "p": p, "measured": draws.var(ddof=1),
                         "formula": h.subsampled_auroc_variance(p), "rel_se": _rel_se(draws)})
    out = pd.DataFrame(rows)
    out["ratio"] = out["measured"] / out["formula"]
    return out


@yang_experiment("yang-corollary43",
                 scales={"book": {"networks": _SAMPLING_NETWORKS, "p": 1e-3, "n_repeats": 300, "seed": 11},
                         "paper": {"networks": _SAMPLING_NETWORKS, "p": 1e-3, "n_repeats": 300, "seed": 11}},
                 paper_cost="~30 s on 1 core")
def corollary43(*, networks: tuple[Network, ...] = _SAMPLING_NETWORKS, p: float = 1e-3, n_repeats: int = 300,
                seed: int = 11):
    """Corollary 4.3: the variance of the subsampled AUROC (preferential attachment) across networks.

    Parameters
    ----------
    networks : tuple of str
        Networks to compare.
    p : float
        Fraction of the negatives kept.
    n_repeats : int
        Subsamples per network.
    seed : int
        Seed of each network's subsamples.

    Returns
    -------
    pandas.DataFrame
        Index network: nodes, negatives, sigma_g^2, measured variance, the normalised
        variance and its relative standard error ``rel_se``.
    """
    import pandas as pd

    rows = []
    for name in networks:
        t = task(name)
        h = linkpred.score_histogram(t.adjacency, t.positives, "preferential_attachment")
        g, w = h.auroc_contributions(), h.negative_counts
        sigma2 = np.average((g - np.average(g, weights=w)) ** 2, weights=w)
        draws = np.array([r.auroc for r in h.subsample_negatives(p, n_repeats=n_repeats, rng=seed)])
        rows.append({"network": name, "nodes": t.n_nodes, "negatives N": h.n_negative, "sigma_g^2": sigma2,
                     "Var(AUROC), measured": draws.var(ddof=1),
                     "measured x (N-1) / sigma_g^2": draws.var(ddof=1) * (h.n_negative - 1) / sigma2,
                     "rel_se": _rel_se(draws)})
    return pd.DataFrame(rows).set_index("network")


_RATES = (1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0)


def _subsampling_curve(h, rates, n_repeats, seed):
    usable = rates[np.round(rates * h.n_negative) >= 1]
    au = np.array([[r.auroc for r in h.subsample_negatives(p, n_repeats=n_repeats, rng=seed)] for p in usable])
    return usable, au


@yang_experiment("yang-fig7", scales={"book": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                                "seed": 2014},
                                       "paper": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                                 "seed": 2014}},
                 paper_cost="~60 s on 1 core")
def fig7(*, networks: tuple[Network, ...] = _SAMPLING_NETWORKS, rates: tuple[float, ...] = _RATES,
         n_repeats: int = 100, seed: int = 2014, max_length: int = 3, progress: bool = False):
    """Fig. 7: AUROC of PA, Adamic/Adar and PropFlow on test sets with a fraction p of the negatives.

    Parameters
    ----------
    networks : tuple of str
        Networks (one panel each).
    rates : tuple of float
        Fractions p of the negatives kept (those keeping no negative are left out).
    n_repeats : int
        Sampled test sets per rate.
    seed : int
        Seed of each (network, predictor, rate) cell's samples.
    max_length : int
        PropFlow's steps.
    progress : bool
        Show a progress bar over the networks.

    Returns
    -------
    pandas.DataFrame
        Columns network, predictor, p, mean, min, max (AUROC over the samples).
    """
    import pandas as pd

    rates = np.asarray(rates)
    frames = []
    for name in progress_bar(networks, progress=progress, desc="Fig. 7 networks"):
        t = task(name)
        preds = {"PA": "preferential_attachment", "AA": "adamic_adar",
                 "PF": linkpred.propflow(t.weights, max_length=max_length)}
        for label, pred in preds.items():
            h = linkpred.score_histogram(t.adjacency, t.positives, pred)
            usable, au = _subsampling_curve(h, rates, n_repeats, seed)
            frames.append(pd.DataFrame({"network": name, "predictor": label, "p": usable, "mean": au.mean(1),
                                        "min": au.min(1), "max": au.max(1)}))
    return pd.concat(frames, ignore_index=True)


@yang_experiment("yang-fig8", scales={"book": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                                "seed": 2014, "train_seed": 8},
                                       "paper": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                                 "seed": 2014, "train_seed": 8}},
                 paper_cost="~60 s on 1 core")
def fig8(*, networks: tuple[Network, ...] = _SAMPLING_NETWORKS, rates: tuple[float, ...] = _RATES,
         n_repeats: int = 100, seed: int = 2014, train_seed: int = 8, progress: bool = False):
    """Fig. 8: the same as Fig. 7 with a supervised predictor (gradient boosting on five features).

    Parameters
    ----------
    networks : tuple of str
        Networks (one line each).
    rates : tuple of float
        Fractions p of the negatives kept.
    n_repeats : int
        Sampled test sets per rate.
    seed : int
        Seed of each (network, rate) cell's samples.
    train_seed : int
        Seed of the training negatives.
    progress : bool
        Show a progress bar over the networks.

    Returns
    -------
    pandas.DataFrame
        Columns network, p, mean, min, max, and ``all_pairs_auroc`` (no sampling).
    """
    import pandas as pd

    rates = np.asarray(rates)
    frames = []
    for name in progress_bar(networks, progress=progress, desc="Fig. 8 networks"):
        h = linkpred.supervised_score_histogram(training_task(name), task(name), rng=train_seed)
        usable, au = _subsampling_curve(h, rates, n_repeats, seed)
        frames.append(pd.DataFrame({"network": name, "p": usable, "mean": au.mean(1), "min": au.min(1),
                                    "max": au.max(1), "all_pairs_auroc": h.evaluate().auroc}))
    return pd.concat(frames, ignore_index=True)
