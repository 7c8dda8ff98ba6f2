"""Experiments of the framework and sampling chapters: Table 1 and the identification of the
paper's networks, class imbalance, Theorem 4.1, Corollary 4.3, Figs. 7 and 8."""
from __future__ import annotations

import datetime

import numpy as np

from ... import datasets, linkpred, metrics
from ..._checks import Boolean, Choice, Instance, Integer, Real, Seed, Values, checks
from ..._parallel import progress_bar
from .distance import mean_propflow
from .data import (PAPER_NETWORKS, Network, NETWORKS, events, periods, task, tasks, training_task, utc,
                   yang_experiment)

__all__ = ["auroc_variance", "class_imbalance", "condmat_whole_period", "corollary43", "feature_period_window",
           "fig7", "fig8", "identify_networks", "stability_readings", "stable_rate_odds", "table1", "task_sizes",
           "theorem41"]

_SAMPLING_NETWORKS = ("Condmat", "CollegeMsg", "email-Eu-core")
#: every timestamped data set we have, by the name the identification table gives it
_CANDIDATES = ("Condmat", "Enron (Benson)") + datasets.TEMPORAL_NETWORKS


def _candidate_events(name):
    if name == "Condmat":     # the paper's period, 1995-2000
        return events("Condmat").between(utc(1995), utc(2001))
    if name == "Enron (Benson)":
        return events(name)
    return datasets.load_temporal_edges(name)


def _static_counts(ev):
    """Nodes and undirected edges (self-loops dropped, repeats one edge) of a set of events."""
    keep = ev.src != ev.dst
    pairs = np.unique(np.sort(np.stack([ev.src[keep], ev.dst[keep]], axis=1), axis=1), axis=0)
    return int(np.union1d(ev.src, ev.dst).size), int(len(pairs))


def _utc_date(t):
    return datetime.datetime.fromtimestamp(int(t), datetime.timezone.utc).strftime("%Y-%m-%d")


@checks()
def identify_networks():
    """Every timestamped data set we have, counted as the paper's Table 1 counts its networks.

    A data set *is* one of the paper's networks when its whole-period edge count equals the
    paper's exactly (the paper's edge counts are of the whole period; see
    :func:`condmat_whole_period`) and a feature period ending at a natural boundary holds the
    paper's node count (:func:`feature_period_window`). Edges are undirected, a pair linked
    by several events is one edge, self-loops are dropped.

    Returns
    -------
    pandas.DataFrame
        One row per data set: first and last event (UTC dates), nodes, edges, the ratio of
        its edges to each paper network's, and ``is``: the paper network whose edge count it
        equals (empty where none).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> table = identify_networks()  # doctest: +SKIP
    >>> table.loc["CollegeMsg", "is"]  # doctest: +SKIP
    'Facebook'
    """
    import pandas as pd

    from evalkit import claims

    paper = {net: claims.source_value(f"yang.table1.{net.lower()}.edges") for net in PAPER_NETWORKS}
    rows = {}
    for name in _CANDIDATES:
        ev = _candidate_events(name)
        nodes, edges = _static_counts(ev)
        rows[name] = {"first event": _utc_date(ev.time.min()), "last event": _utc_date(ev.time.max()),
                      "nodes": nodes, "edges": edges,
                      **{f"edges / {net}'s": edges / paper[net] for net in paper},
                      "is": ", ".join(net for net in paper if edges == paper[net])}
    return pd.DataFrame(rows).T.infer_objects()


@checks(name=Choice(*_CANDIDATES), n_nodes=Integer(1))
def feature_period_window(name, n_nodes):
    """When a feature period ending then holds exactly ``n_nodes`` nodes.

    Parameters
    ----------
    name : str
        A data set of :func:`identify_networks` (Condmat counts from 1995).
    n_nodes : int
        The node count to reach (the paper's Table 1 count).

    Returns
    -------
    tuple of datetime.datetime (UTC)
        ``(after, until)``: a feature period of the events before ``t`` has ``n_nodes``
        nodes exactly when ``after < t <= until`` (``after`` is the first event of the
        ``n_nodes``-th node to appear, ``until`` that of the next).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> after, until = feature_period_window("CollegeMsg", 1829)  # doctest: +SKIP
    >>> after.isoformat(), until.isoformat()  # doctest: +SKIP
    ('2004-09-01T02:06:16+00:00', '2004-09-01T19:08:49+00:00')
    """
    if name not in _CANDIDATES:
        raise ValueError(f"name must be one of {_CANDIDATES}; got {name!r}")
    ev = _candidate_events(name)
    ids = np.concatenate([ev.src, ev.dst])
    times = np.concatenate([ev.time, ev.time])
    order = np.lexsort((times, ids))
    first = np.sort(times[order][np.r_[True, ids[order][1:] != ids[order][:-1]]])
    if not 1 <= n_nodes < first.size:
        raise ValueError(f"n_nodes must be between 1 and {first.size - 1} for {name}; got {n_nodes}")
    return tuple(datetime.datetime.fromtimestamp(int(first[i]), datetime.timezone.utc) for i in (n_nodes - 1, n_nodes))


@checks(scale=Choice("book", "paper"))
@yang_experiment("link-prediction-table1", scales={"book": {}, "paper": {}}, paper_cost="~5 s on 1 core")
def table1():
    """Table 1 for the paper's four networks: the paper's counts beside ours.

    Ours are counted as the paper counts (see :func:`condmat_whole_period`): the nodes of
    the feature network of our task, the edges of the whole period (feature and label
    periods), and the density ``2|E| / (|V| (|V| - 1))`` of those two counts. Each paper
    network is represented by the network of ours that ``yang.PAPER_NETWORKS`` names: the
    network itself (Condmat, Facebook) or its stand-in (DBLP, Enron).

    Parameters
    ----------

    Returns
    -------
    pandas.DataFrame
        One row per paper network: the paper's nodes, edges and density; our network, and
        whether it is the paper's or a stand-in; our nodes, edges and density; the edges and
        density of our feature network alone; and our nodes as a multiple of the paper's.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> list(table1().index)  # doctest: +SKIP
    ['Condmat', 'DBLP', 'Enron', 'Facebook']
    """
    import pandas as pd

    from evalkit import claims

    rows = {}
    for net, (ours, relation) in PAPER_NETWORKS.items():
        t = task(ours)
        p = periods(ours, end="last event")
        whole = events(ours).between(p.get("start"), p["end"])
        nodes, edges = t.n_nodes, _static_counts(whole)[1]
        key = f"yang.table1.{net.lower()}"
        rows[net] = {"paper: nodes": claims.source_value(f"{key}.nodes"),
                     "paper: edges": claims.source_value(f"{key}.edges"),
                     "paper: density": claims.source_value(f"{key}.density"),
                     "our network": ours, "relation": relation, "nodes": nodes, "edges": edges,
                     "density": 2 * edges / (nodes * (nodes - 1)), "feature-network edges": t.n_edges,
                     "feature-network density": 2 * t.n_edges / (nodes * (nodes - 1))}
        rows[net]["nodes / paper's"] = nodes / rows[net]["paper: nodes"]
    return pd.DataFrame(rows).T.infer_objects()


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)))
@yang_experiment("link-prediction-task-sizes", scales={"book": {"networks": NETWORKS}, "paper": {"networks": NETWORKS}},
                 paper_cost="~40 s on 1 core (sx-mathoverflow dominates)")
def task_sizes(*, networks: tuple[Network, ...] = NETWORKS):
    """Nodes, edges, density, positives and candidates of each network's test task.

    Parameters
    ----------
    networks : tuple of str
        Networks (Condmat and stand-ins) to tabulate.

    Returns
    -------
    pandas.DataFrame
        One row per network; the counts are of its feature network (edges, density) and
        its label period (positives, and the pairs that involve a node new to it).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> task_sizes(networks=("CollegeMsg",))[["nodes", "edges"]]  # doctest: +SKIP
                 nodes    edges
    CollegeMsg  1829.0  13346.0
    """
    import pandas as pd

    ts = tasks(networks)
    return pd.DataFrame({
        name: {"nodes": t.n_nodes, "edges": t.n_edges, "density": 2 * t.n_edges / (t.n_nodes * (t.n_nodes - 1)),
               "positives": len(t.positives), "candidates": t.n_candidates,
               "new-node pairs (not candidates)": t.n_new_node_pairs}
        for name, t in ts.items()}).T


@checks()
def condmat_whole_period():
    """Counts of Condmat's whole 1995-2000 network, which the paper's Table 1 row mixes in.

    Returns
    -------
    dict
        ``nodes``, ``edges`` and ``pairs`` of the 1995-2000 network, and ``new_pairs_2000``:
        the pairs first linked in 2000 (new nodes included), counted in both orders.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> sorted(condmat_whole_period())  # doctest: +SKIP
    ['edges', 'new_pairs_2000', 'nodes', 'pairs']
    """
    period = events("Condmat").between(utc(1995), utc(2001))
    from ...graph import as_adjacency

    whole, whole_nodes = as_adjacency(np.stack([period.src, period.dst], axis=1))
    cm = task("Condmat")
    return {"nodes": int(whole_nodes.size), "edges": int(whole.nnz // 2),
            "pairs": int(whole_nodes.size * (whole_nodes.size - 1) // 2),
            "new_pairs_2000": int(2 * (len(cm.positives) + cm.n_new_node_pairs))}


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)))
@yang_experiment("link-prediction-imbalance", scales={"book": {"networks": NETWORKS}, "paper": {"networks": NETWORKS}},
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

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> round(float(class_imbalance(networks=("CollegeMsg",)).loc["CollegeMsg", "negatives per positive"]), 1)  # doctest: +SKIP
    5490.3
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


@checks(scale=Choice("book", "paper"), rates=Values(Real(0, 1, closed="right")), n_test_sets=Integer(2))
@yang_experiment("link-prediction-theorem41", scales={"book": {"rates": (1e-5, 1e-4, 1e-3), "n_test_sets": 250, "seed": 41},
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

    Examples
    --------
    Condmat's task is slow to build, so the example is not run:

    >>> thm = theorem41(rates=(1e-3,), n_test_sets=20, seed=0)  # doctest: +SKIP
    >>> list(thm.columns)[-1]  # doctest: +SKIP
    'ratio'
    The negative pairs it draws, seeded, on a small path graph:

    >>> from evalkit import linkpred
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (3, 4)])
    >>> linkpred.sample_negative_pairs(A, [(0, 2)], 3, rng=0).tolist()
    [[1, 3], [2, 4], [0, 4]]
    """
    import pandas as pd

    cm = task("Condmat")
    aa = linkpred.adamic_adar(cm.adjacency)
    h_aa = linkpred.score_histogram(cm.adjacency, cm.positives, aa)
    N = h_aa.n_negative
    C = int(h_aa.negative_counts[h_aa.negative_values == 0].sum())
    rng = np.random.default_rng(seed)
    sampler, scores = linkpred.NegativePairSampler(cm.adjacency, cm.positives), linkpred.ScoreLookup(aa)
    rows = []
    for p in rates:
        k = round(p * N)
        measured = [np.mean(scores(sampler.sample(k, rng=rng)) == 0) for _ in range(n_test_sets)]
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


@checks(scale=Choice("book", "paper"), rates=Values(Real(0, 1, closed="right")), n_repeats=Integer(2))
@yang_experiment("link-prediction-auroc-variance",
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

    Examples
    --------
    Condmat's task is slow to build, so the example is not run:

    >>> table = auroc_variance(rates=(1e-2,), n_repeats=20, seed=0)  # doctest: +SKIP
    >>> table["predictor"].tolist()  # doctest: +SKIP
    ['preferential attachment', 'Adamic/Adar']
    What it does to each network, seeded, on a small score histogram (two positives, 40 negatives):

    >>> from evalkit.linkpred import ScoreHistogram
    >>> h = ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [30, 10])
    >>> [round(r.auroc, 3) for r in h.subsample_negatives(0.5, n_repeats=3, rng=0)]
    [0.8, 0.7, 0.75]
    """
    import pandas as pd

    cm = task("Condmat")
    predictors = {"preferential attachment": "preferential_attachment", "Adamic/Adar": linkpred.adamic_adar(cm.adjacency)}
    hists = {name: linkpred.score_histogram(cm.adjacency, cm.positives, pred) for name, pred in predictors.items()}
    rows = []
    for name, h in hists.items():
        for p in np.asarray(rates):
            draws = h.subsampled_aurocs(p, n_repeats=n_repeats, rng=seed)
            rows.append({"predictor": name, "p": p, "measured": draws.var(ddof=1),
                         "formula": h.subsampled_auroc_variance(p), "rel_se": _rel_se(draws)})
    out = pd.DataFrame(rows)
    out["ratio"] = out["measured"] / out["formula"]
    return out


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), p=Real(0, 1, closed="right"),
        n_repeats=Integer(2))
@yang_experiment("link-prediction-corollary43",
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

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> table = corollary43(networks=("CollegeMsg",), n_repeats=5, seed=0)  # doctest: +SKIP
    >>> round(float(table.loc["CollegeMsg", "sigma_g^2"]), 6)  # doctest: +SKIP
    0.042369
    What it does to each network, seeded, on a small score histogram (two positives, 40 negatives):

    >>> from evalkit.linkpred import ScoreHistogram
    >>> h = ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [30, 10])
    >>> [round(r.auroc, 3) for r in h.subsample_negatives(0.5, n_repeats=3, rng=0)]
    [0.8, 0.7, 0.75]
    """
    import pandas as pd

    rows = []
    for name in networks:
        t = task(name)
        h = linkpred.score_histogram(t.adjacency, t.positives, "preferential_attachment")
        g, w = h.auroc_contributions(), h.negative_counts
        sigma2 = np.average((g - np.average(g, weights=w)) ** 2, weights=w)
        draws = h.subsampled_aurocs(p, n_repeats=n_repeats, rng=seed)
        rows.append({"network": name, "nodes": t.n_nodes, "negatives N": h.n_negative, "sigma_g^2": sigma2,
                     "Var(AUROC), measured": draws.var(ddof=1),
                     "measured x (N-1) / sigma_g^2": draws.var(ddof=1) * (h.n_negative - 1) / sigma2,
                     "rel_se": _rel_se(draws)})
    return pd.DataFrame(rows).set_index("network")


_RATES = (1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0)


def _subsampling_curve(h, rates, n_repeats, seed):
    usable = rates[np.round(rates * h.n_negative) >= 1]
    au = np.array([h.subsampled_aurocs(p, n_repeats=n_repeats, rng=seed) for p in usable])
    return usable, au


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), rates=Values(Real(0, 1, closed="right")),
        n_repeats=Integer(1))
@yang_experiment("link-prediction-fig7", scales={"book": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                                "seed": 2014},
                                       "paper": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                                 "seed": 2014}},
                 paper_cost="~60 s on 1 core")
def fig7(*, networks: tuple[Network, ...] = _SAMPLING_NETWORKS, rates: tuple[float, ...] = _RATES,
         n_repeats: int = 100, seed: int = 2014, progress: bool = False):
    """Fig. 7: AUROC of PA, Adamic/Adar and PropFlow on test sets with a fraction p of the negatives.

    PropFlow is the paper's: 5 steps on the weighted network, the mean of the two orderings
    (:func:`~evalkit.reproductions.link_prediction.directed_propflow`, computed once per network).

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
    progress : bool
        Show a progress bar over the networks.

    Returns
    -------
    pandas.DataFrame
        Columns network, predictor, p, mean, min, max (AUROC over the samples), and sd, the
        exact standard deviation of one sampled AUROC
        (:func:`evalkit.linkpred.subsampled_auroc_variance`).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> curves = fig7(networks=("CollegeMsg",), rates=(0.1, 1.0), n_repeats=5, seed=0)  # doctest: +SKIP
    >>> curves.round(4).head(2)  # doctest: +SKIP
          network predictor    p    mean     min     max
    0  CollegeMsg        PA  0.1  0.8666  0.8655  0.8673
    1  CollegeMsg        PA  1.0  0.8663  0.8663  0.8663
    What it does to each network, seeded, on a small score histogram (two positives, 40 negatives):

    >>> from evalkit.linkpred import ScoreHistogram
    >>> h = ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [30, 10])
    >>> [round(r.auroc, 3) for r in h.subsample_negatives(0.5, n_repeats=3, rng=0)]
    [0.8, 0.7, 0.75]
    """
    import pandas as pd

    rates = np.asarray(rates)
    frames = []
    for name in progress_bar(networks, progress=progress, desc="Fig. 7 networks"):
        t = task(name)
        preds = {"PA": "preferential_attachment", "AA": "adamic_adar",
                 "PF": mean_propflow(name)}
        for label, pred in preds.items():
            h = linkpred.score_histogram(t.adjacency, t.positives, pred)
            usable, au = _subsampling_curve(h, rates, n_repeats, seed)
            frames.append(pd.DataFrame({"network": name, "predictor": label, "p": usable, "mean": au.mean(1),
                                        "min": au.min(1), "max": au.max(1),
                                        "sd": [np.sqrt(h.subsampled_auroc_variance(p)) for p in usable]}))
    return pd.concat(frames, ignore_index=True)


def _example_fig7():
    """A frame shaped like :func:`fig7`'s result (the common test's valid ``fig7``)."""
    import pandas as pd

    return pd.DataFrame({"network": "n", "predictor": "PA", "p": [0.01, 0.1, 1.0], "min": [0.70, 0.74, 0.75],
                         "max": [0.78, 0.755, 0.75]})


@checks(fig7=Instance("DataFrame", example=_example_fig7), stated=Instance(dict, example=lambda: {"n": 0.1}))
def stability_readings(fig7, stated):
    """Which thresholds on the AUROC's range read the paper's "stable down to p" off our Fig. 7.

    Reading "stable down to p" as "at every rate >= p the AUROC's range (maximum minus
    minimum over the sampled test sets, for every predictor) is at most tau", the stable
    rate falls in steps as tau grows. For each network this gives the interval of tau under
    which the reading is the rate the paper states.

    Parameters
    ----------
    fig7 : pandas.DataFrame
        :func:`fig7`'s frame.
    stated : dict of str -> float
        Network -> the paper's stable rate for it (a rate of ``fig7``).

    Returns
    -------
    pandas.DataFrame
        One row per network: the stated rate, and ``from`` and ``below``: the paper's rate
        is read exactly when ``from <= tau < below`` (``below`` is infinite when the rate is
        the smallest one sampled).

    Examples
    --------
    >>> import pandas as pd
    >>> f = pd.DataFrame({"network": "n", "predictor": "PA", "p": [0.01, 0.1, 1.0],
    ...                   "min": [0.70, 0.74, 0.75], "max": [0.78, 0.755, 0.75]})
    >>> stability_readings(f, {"n": 0.1}).loc["n"].tolist()
    [0.1, 0.015, 0.08]
    """
    import pandas as pd

    rows = {}
    for name, rate in stated.items():
        d = fig7[fig7["network"] == name]
        if d.empty:
            raise ValueError(f"stated: network {name!r} is not in fig7")
        worst = (d["max"] - d["min"]).groupby(d["p"]).max().sort_index(ascending=False).cummax()
        if rate not in worst.index:
            raise ValueError(f"stated: {rate} is not a rate of fig7 for {name!r}; rates: {sorted(worst.index)}")
        lower = worst.index[worst.index < rate]
        rows[name] = {"stated rate": float(rate), "from": float(worst.loc[rate]),
                      "below": float(worst.loc[lower.max()]) if lower.size else np.inf}
    return pd.DataFrame(rows).T


def _range_probability(sd, limit, n):
    """P(range of ``n`` independent normal draws of standard deviation ``sd`` <= ``limit``), elementwise."""
    from scipy import stats

    sd = np.atleast_1d(np.asarray(sd, dtype=float))
    out = np.ones(sd.shape)
    spread = sd > 0
    x = np.linspace(-9.0, 9.0, 4001)[:, None]
    w = limit / sd[spread]
    density = n * stats.norm.pdf(x) * (stats.norm.cdf(x + w) - stats.norm.cdf(x)) ** (n - 1)
    out[spread] = np.minimum(np.trapezoid(density, x, axis=0), 1.0)
    return out


def _example_fig7_sd():
    frame = _example_fig7()
    frame["sd"] = [0.015, 0.002, 0.0]
    return frame


@checks(fig7=Instance("DataFrame", example=_example_fig7_sd), limit=Real(0, None, closed="neither"),
        n_repeats=Integer(2))
def stable_rate_odds(fig7, *, limit=0.01, n_repeats=100):
    """How likely each rate is to come out as a network's stable rate, given how it is measured.

    The stable rate (the claims' reading of "stable down to p") is the smallest rate ``p``
    from which on every predictor's AUROC ranges over at most ``limit`` across the
    ``n_repeats`` sampled test sets of each rate. A range of draws is random, so the stable
    rate is too: another seed can give another one. Each sampled AUROC is the mean of
    thousands of contributions, so approximately normal with the exact standard deviation
    ``sd`` of :func:`fig7`; the range of ``n`` independent normal draws has the distribution
    ``P(R <= w) = n * integral of phi(x) * (Phi(x + w / sd) - Phi(x))**(n - 1) dx``, and the
    cells (predictor, rate) are drawn independently. Then ``P(stable rate <= p)`` is the
    product, over the cells at rates ``>= p``, of ``P(range <= limit)``.

    Parameters
    ----------
    fig7 : pandas.DataFrame
        :func:`fig7`'s frame (columns network, predictor, p and sd).
    limit : float, default 0.01
        Largest range that counts as stable (the claims' reading).
    n_repeats : int, default 100
        Test sets per rate (:func:`fig7`'s).

    Returns
    -------
    pandas.DataFrame
        One row per network, one column per rate: the probability that it is the stable
        rate (a row sums to 1 when the largest rate is always stable, as ``p = 1`` is).

    Examples
    --------
    >>> import pandas as pd
    >>> f = pd.DataFrame({"network": "n", "predictor": "PA", "p": [0.01, 0.1, 1.0],
    ...                   "sd": [0.01, 0.0005, 0.0]})
    >>> stable_rate_odds(f).round(3).loc["n"].tolist()   # 100 draws range over ~5 sd: 0.05, then 0.0025
    [0.0, 1.0, 0.0]
    >>> f["sd"] = [0.002, 0.0005, 0.0]                  # ~0.01 at p = 0.01: a coin flip there
    >>> stable_rate_odds(f).round(2).loc["n"].tolist()
    [0.52, 0.48, 0.0]
    """
    import pandas as pd

    missing = {"network", "p", "sd"} - set(fig7.columns)
    if missing:
        raise ValueError(f"fig7 must have the columns network, p and sd (fig7's frame); missing {sorted(missing)}")
    passes = _range_probability(fig7["sd"].to_numpy(), limit, n_repeats)
    rows = {}
    for name, d in fig7.assign(passes=passes).groupby("network", sort=False):
        at_rate = d.groupby("p")["passes"].prod().sort_index(ascending=False)
        at_most = at_rate.cumprod()   # P(every cell at this rate and above passes) = P(stable rate <= p)
        rows[name] = (at_most - at_most.shift(-1, fill_value=0.0)).sort_index()
    return pd.DataFrame(rows).T


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), rates=Values(Real(0, 1, closed="right")),
        n_repeats=Integer(1), train_seed=Seed(), weighted=Boolean())
@yang_experiment("link-prediction-fig8", scales={"book": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                                "seed": 2014, "train_seed": 8},
                                       "paper": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                                 "seed": 2014, "train_seed": 8}},
                 paper_cost="~60 s on 1 core")
def fig8(*, networks: tuple[Network, ...] = _SAMPLING_NETWORKS, rates: tuple[float, ...] = _RATES,
         n_repeats: int = 100, seed: int = 2014, train_seed: int = 8, weighted: bool = True, progress: bool = False):
    """Fig. 8: the same as Fig. 7 with a supervised predictor (gradient boosting on five features).

    The PropFlow feature walks 3 steps on the weighted networks (the paper's; ``weighted``),
    not Fig. 7's 5: every pair within PropFlow's reach is scored one by one, and on Condmat
    5 steps reach 16% of the pairs against 1.3% for 3 (12 times as many to score).

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
    weighted : bool, default True
        PropFlow feature on the weighted networks, or the 0/1 ones.
    progress : bool
        Show a progress bar over the networks.

    Returns
    -------
    pandas.DataFrame
        Columns network, p, mean, min, max, and ``all_pairs_auroc`` (no sampling).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> curves = fig8(networks=("CollegeMsg",), rates=(0.1, 1.0), n_repeats=5, seed=0, train_seed=1)  # doctest: +SKIP
    >>> list(curves.columns)  # doctest: +SKIP
    ['network', 'p', 'mean', 'min', 'max', 'all_pairs_auroc']
    What it does to each network, seeded, on a small score histogram (two positives, 40 negatives):

    >>> from evalkit.linkpred import ScoreHistogram
    >>> h = ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [30, 10])
    >>> [round(r.auroc, 3) for r in h.subsample_negatives(0.5, n_repeats=3, rng=0)]
    [0.8, 0.7, 0.75]
    """
    import pandas as pd

    rates = np.asarray(rates)
    frames = []
    for name in progress_bar(networks, progress=progress, desc="Fig. 8 networks"):
        h = linkpred.supervised_score_histogram(training_task(name), task(name), weighted=weighted, rng=train_seed)
        usable, au = _subsampling_curve(h, rates, n_repeats, seed)
        frames.append(pd.DataFrame({"network": name, "p": usable, "mean": au.mean(1), "min": au.min(1),
                                    "max": au.max(1), "all_pairs_auroc": h.evaluate().auroc}))
    return pd.concat(frames, ignore_index=True)
