"""Neville et al. Sections 6 and 7: real classifiers on synthetic networks (Figs. 3 and 4, Section 8's
inference sets) and on real data (Table 5, Fig. 5)."""
from __future__ import annotations

import numpy as np

from ... import relational as rel
from ..._checks import Choice, Instance, Integer, Real, Seed, Values, checks
from .._experiment import experiment
from .data import PARTITIONS, cora_pieces, latent_group_networks, table5_tasks

__all__ = ["LGM_CHOICES", "fig3", "fig4", "fig5", "inference_sets", "lgm_properties", "lgm_sensitivity",
           "power_at_gap", "table5", "type2_reduction"]


def _frame(rows):
    import pandas as pd

    return pd.DataFrame(rows)


def _example_fig4():
    """A tiny frame shaped like :func:`fig4`'s result (the common test's valid ``power``)."""
    rows = [{"nodes": n, "worse_rate": w, "procedure": p, "calibration_gap": w / 2, "paired": min(1.0, 10 * w),
             "unpaired": min(1.0, 5 * w)}
            for n in (300, 600) for w in (0.025, 0.15) for p in ("rrs", "ncv")]
    return _frame(rows)


# ---------------------------------------------------------- Figs. 3 and 4 (Section 6)


@checks(scale=Choice("book", "paper", "small"), n_nodes=Integer(2), n_calibration=Integer(1), n_evaluation=Integer(0),
        network_seed=Seed(), n_error_networks=Integer(0), prop_labeled=Real(0, 1, closed="neither"),
        n_splits=Integer(1))
@experiment("network-cv-lgm", scales={"book": {}, "paper": {}, "small": {"n_calibration": 10, "n_error_networks": 3}},
            paper_cost="~15 s on 1 core")
def lgm_properties(*, n_nodes: int = 300, n_calibration: int = 50, n_evaluation: int = 4, network_seed: int = 2010,
                   n_error_networks: int = 20, prop_labeled: float = 0.3, n_splits: int = 4):
    """Label autocorrelation, error correlation, P(+) and mean degree of the latent-group networks.

    Parameters
    ----------
    n_nodes : int
        Nodes per network.
    n_calibration : int
        Calibration networks (the ones measured).
    n_evaluation : int
        Evaluation networks drawn after them (not measured).
    network_seed : int
        Seed of the networks.
    n_error_networks : int
        Networks (the first ones) whose error correlation is measured.
    prop_labeled : float
        Share labelled when measuring error correlation.
    n_splits : int
        Random labelled sets per network when measuring error correlation (network i: seed i).

    Returns
    -------
    pandas.DataFrame
        One row per calibration network; ``error_correlation`` is NaN beyond the first
        ``n_error_networks``.

    Examples
    --------
    >>> lgm = lgm_properties(n_nodes=60, n_calibration=2, n_evaluation=0, n_error_networks=1, n_splits=1,
    ...                      network_seed=0)
    >>> lgm[["network", "label_autocorrelation", "positive"]].round(3)
       network  label_autocorrelation  positive
    0        0                  0.304     0.533
    1        1                  0.456     0.517
    """
    calibration, _ = latent_group_networks(n_nodes, n_calibration=n_calibration, n_evaluation=n_evaluation,
                                           seed=network_seed)
    rows = []
    for i, net in enumerate(calibration):
        err = np.nan
        if i < n_error_networks:
            err = rel.error_correlation_study(net.adjacency, net.labels, models=("wvrn", "nbc"),
                                              prop_labeled=[prop_labeled],
                                              n_splits=n_splits, rng=i)["mean"]
        rows.append({"network": i, "label_autocorrelation": rel.label_autocorrelation(net.adjacency, net.labels),
                     "error_correlation": err, "positive": net.labels.mean(),
                     "mean_degree": net.adjacency.nnz / net.n_nodes})
    return _frame(rows)


#: the unstated choices of the latent group model the sensitivity study varies, evalkit's default first
LGM_CHOICES = {"link_rule": ("either", "mean", "lower", "higher"), "group_sizes": ("random", "equal"),
               "label_draw": ("bernoulli", "share")}


@checks(scale=Choice("book", "paper", "small"), n_nodes=Integer(2), n_networks=Integer(1), n_error_networks=Integer(0),
        network_seed=Integer(0), prop_labeled=Values(Real(0, 1, closed="neither")), n_splits=Integer(1))
@experiment("network-cv-lgm-sensitivity", scales={"book": {}, "paper": {}, "small": {"n_networks": 5, "n_error_networks": 2}},
            paper_cost="~15 s on 1 core")
def lgm_sensitivity(*, n_nodes: int = 300, n_networks: int = 50, n_error_networks: int = 20, network_seed: int = 2010,
                    prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4), n_splits: int = 4):
    """Section 6.2's two statistics under every combination of the model's unstated choices.

    For each combination of ``LGM_CHOICES`` (link rule across groups, group sizes, label
    draw), ``n_networks`` networks from one seed: the label autocorrelation measured two
    ways (phi over linked pairs, and Pearson's corrected contingency coefficient), and,
    on the first ``n_error_networks``, the error correlation of wvRN and nBC measured two
    ways (every cell of :func:`evalkit.relational.error_correlation_study` at 30%
    labelled, as :func:`lgm_properties` does; and the collective models only, averaged
    over the shares labelled of Section 6, ``prop_labeled``).

    Parameters
    ----------
    n_nodes : int
        Nodes per network.
    n_networks : int
        Networks per combination (autocorrelation, P(+)).
    n_error_networks : int
        Networks per combination whose error correlation is measured.
    network_seed : int
        Seed of the networks (the same for every combination).
    prop_labeled : tuple of float
        Shares labelled of the collective error correlation.
    n_splits : int
        Random labelled sets per network and share.

    Returns
    -------
    pandas.DataFrame
        One row per combination: the three choices, the means of
        ``autocorr_phi``, ``autocorr_contingency``, ``error_corr_30`` and
        ``error_corr_collective``, their standard errors (``*_se``) and ``positive``.

    Examples
    --------
    >>> study = lgm_sensitivity(n_nodes=50, n_networks=2, n_error_networks=1, network_seed=0, prop_labeled=(0.3,),
    ...                         n_splits=1)
    >>> study.shape, round(float(study["autocorr_phi"][0]), 3)
    ((16, 12), 0.354)
    """
    import itertools

    rows = []
    for combo in itertools.product(*LGM_CHOICES.values()):
        model = dict(zip(LGM_CHOICES, combo))
        nets = [rel.latent_group_model(n_nodes, rng=np.random.default_rng(s), **model)
                for s in np.random.SeedSequence(network_seed).spawn(n_networks)]
        measured = {"autocorr_phi": [rel.label_autocorrelation(n.adjacency, n.labels) for n in nets],
                    "autocorr_contingency": [rel.label_autocorrelation(n.adjacency, n.labels, measure="contingency")
                                             for n in nets],
                    "error_corr_30": [], "error_corr_collective": []}
        for i, net in enumerate(nets[:n_error_networks]):
            cells = rel.error_correlation_study(net.adjacency, net.labels, models=("wvrn", "nbc"),
                                                prop_labeled=sorted({0.3, *prop_labeled}), n_splits=n_splits,
                                                rng=i)["cells"]
            measured["error_corr_30"].append(np.nanmean([c["error_correlation"] for c in cells
                                                         if c["prop_labeled"] == 0.3]))
            measured["error_corr_collective"].append(np.nanmean([c["error_correlation"] for c in cells
                                                                 if c["collective"] and c["prop_labeled"] in prop_labeled]))
        row = dict(model)
        for key, values in measured.items():
            values = np.asarray(values, dtype=float)
            row[key] = float(values.mean())
            row[key + "_se"] = float(values.std(ddof=1) / np.sqrt(values.size)) if values.size > 1 else np.nan
        row["positive"] = float(np.mean([n.labels.mean() for n in nets]))
        rows.append(row)
    return _frame(rows)


@checks(scale=Choice("book", "paper", "small"), n_nodes=Integer(2), n_calibration=Integer(1), n_evaluation=Integer(1),
        network_seed=Seed(), prop_labeled=Values(Real(0, 1, closed="neither")), n_trials=Integer(1),
        n_samples=Integer(2), link_rule=Choice(*LGM_CHOICES["link_rule"]),
        group_sizes=Choice(*LGM_CHOICES["group_sizes"]), label_draw=Choice(*LGM_CHOICES["label_draw"]))
@experiment("network-cv-fig3",
            scales={"book": {}, "paper": {}, "small": {"n_calibration": 10, "n_trials": 20}},
            paper_cost="~60 s on 1 core")
def fig3(*, n_nodes: int = 300, n_calibration: int = 50, n_evaluation: int = 4, network_seed: int = 2010,
         prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4), n_trials: int = 100, n_samples: int = 10,
         seed: int = 3, link_rule: str = "either", group_sizes: str = "random", label_draw: str = "bernoulli",
         progress: bool = False):
    """Fig. 3: Type I error of RS and NCV x paired and unpaired t tests, wvRN vs nBC, synthetic networks.

    Parameters
    ----------
    n_nodes : int
        Nodes per network.
    n_calibration : int
        Calibration networks (the paper: 50).
    n_evaluation : int
        Evaluation networks (the paper: 4).
    network_seed : int
        Seed of the networks.
    prop_labeled : tuple of float
        Shares labelled.
    n_trials : int
        Trials per network and share labelled (the paper: 100).
    n_samples : int
        Samples (RS) or folds (NCV) per trial.
    seed : int
        Seed of the study.
    link_rule, group_sizes, label_draw : str
        The latent group model's unstated choices (:func:`evalkit.relational.latent_group_model`).
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`evalkit.relational.within_network_study`.

    Examples
    --------
    >>> trials = fig3(n_nodes=60, n_calibration=2, n_evaluation=1, network_seed=0, prop_labeled=(0.3,), n_trials=2,
    ...               n_samples=2, seed=0)
    >>> trials[["procedure", "paired", "unpaired"]]
      procedure  paired  unpaired
    0       rrs     0.0       0.5
    1       ncv     0.5       0.5
    """
    calibration, evaluation = latent_group_networks(n_nodes, n_calibration=n_calibration,
                                                    n_evaluation=n_evaluation, seed=network_seed, link_rule=link_rule,
                                                    group_sizes=group_sizes, label_draw=label_draw)
    return _frame(rel.within_network_study(evaluation, calibration, prop_labeled=prop_labeled, n_trials=n_trials,
                                           n_samples=n_samples, rng=seed, progress=progress))


@checks(scale=Choice("book", "paper", "small"), n_nodes=Integer(2), n_calibration=Integer(1), n_evaluation=Integer(1),
        network_seed=Seed(), prop_labeled=Values(Real(0, 1, closed="neither")), n_trials=Integer(1),
        n_samples=Integer(2))
@experiment("network-cv-inference-sets", scales={"book": {}, "paper": {}, "small": {"n_calibration": 10, "n_trials": 20}},
            paper_cost="~60 s on 1 core")
def inference_sets(*, n_nodes: int = 300, n_calibration: int = 50, n_evaluation: int = 4, network_seed: int = 2010,
                   prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4), n_trials: int = 100, n_samples: int = 10,
                   seed: int = 3, progress: bool = False):
    """Section 8: NCV with its overlapping inference sets against NCV with inference confined to the fold.

    Fig. 3's design (its networks, calibration and seed), NCV only, run twice on the same
    splits and perturbations: with collective inference over every unlabelled node (the
    paper's NCV, whose folds share their inference sets) and over the test fold only
    (disjoint inference sets; :func:`evalkit.relational.compare_classifiers` with
    ``inference='test'``).

    Parameters
    ----------
    n_nodes, n_calibration, n_evaluation, network_seed, prop_labeled, n_trials, n_samples, seed
        As :func:`fig3`.
    progress : bool

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`evalkit.relational.within_network_study` with a column
        ``inference`` (``'all'`` or ``'test'``).

    Examples
    --------
    >>> trials = inference_sets(n_nodes=60, n_calibration=2, n_evaluation=1, network_seed=0, prop_labeled=(0.3,),
    ...                         n_trials=2, n_samples=2, seed=0)
    >>> trials[["procedure", "inference", "paired"]]
      procedure inference  paired
    0       ncv       all     0.0
    1       ncv      test     0.0
    """
    calibration, evaluation = latent_group_networks(n_nodes, n_calibration=n_calibration,
                                                    n_evaluation=n_evaluation, seed=network_seed)
    rows = []
    for inference in ("all", "test"):
        rows += [{**row, "inference": inference} for row in rel.within_network_study(
            evaluation, calibration, prop_labeled=prop_labeled, procedures=("ncv",), n_trials=n_trials,
            n_samples=n_samples, inference=inference, rng=seed, progress=progress)]
    return _frame(rows)


@checks(scale=Choice("book", "paper", "small"), n_nodes=Values(Integer(2)), network_seeds=Values(Seed()),
        n_calibration=Integer(1), n_evaluation=Integer(1), prop_labeled=Real(0, 1, closed="neither"),
        worse_rates=Values(Real(0, 1)), n_trials=Integer(1))
@experiment("network-cv-fig4",
            scales={"book": {}, "paper": {}, "small": {"n_calibration": 10, "n_trials": 20}},
            paper_cost="~60 s on 1 core")
def fig4(*, n_nodes: tuple[int, ...] = (300, 600), network_seeds: tuple[int, ...] = (2010, 600),
         n_calibration: int = 50, n_evaluation: int = 4, prop_labeled: float = 0.3,
         worse_rates: tuple[float, ...] = (0.025, 0.075, 0.15, 0.3), n_trials: int = 100, progress: bool = False):
    """Fig. 4: power of RS and NCV as the worse model is perturbed, on networks of two sizes.

    For each size, new calibration and evaluation networks (seed from ``network_seeds``)
    and the study with seed ``n_nodes``.

    Parameters
    ----------
    n_nodes : tuple of int
        Network sizes (Fig. 4a, 4b).
    network_seeds : tuple of int
        Seed of the networks of each size.
    n_calibration : int
        Calibration networks per size (the paper: 50).
    n_evaluation : int
        Evaluation networks per size (the paper: 4).
    prop_labeled : float
        Share labelled.
    worse_rates : tuple of float
        Perturbation rates of the worse model.
    n_trials : int
        Trials per network and rate (the paper: 100).
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`evalkit.relational.within_network_study`, with ``nodes``.

    Examples
    --------
    >>> power = fig4(n_nodes=(60,), network_seeds=(0,), n_calibration=2, n_evaluation=1, worse_rates=(0.3,), n_trials=2)
    >>> power[["nodes", "procedure", "worse_rate", "paired"]]
       nodes procedure  worse_rate  paired
    0     60       rrs         0.3     1.0
    1     60       ncv         0.3     1.0
    """
    if len(network_seeds) != len(n_nodes):
        raise ValueError("network_seeds must give one seed per entry of n_nodes")
    rows = []
    for size, network_seed in zip(n_nodes, network_seeds):
        calibration, evaluation = latent_group_networks(size, n_calibration=n_calibration,
                                                        n_evaluation=n_evaluation, seed=network_seed)
        study = rel.within_network_study(evaluation, calibration, prop_labeled=prop_labeled,
                                         worse_rates=worse_rates, n_trials=n_trials, rng=size, progress=progress)
        rows += [dict(r, nodes=size) for r in study]
    return _frame(rows)


@checks(power=Instance("DataFrame", example=_example_fig4), gap=Real(0, 1))
def power_at_gap(power, *, gap=0.05):
    """Power of each (size, procedure, test) at an accuracy gap, read off Fig. 4's curves.

    Linear interpolation of the power against the mean calibration gap (averaged over the
    networks) at ``gap``.

    Parameters
    ----------
    power : pandas.DataFrame
        The result of :func:`fig4`.
    gap : float, default 0.05

    Returns
    -------
    summary : pandas.DataFrame
        Mean calibration gap and power per (nodes, worse rate, procedure).
    at_gap : dict
        ``(nodes, procedure, test) -> power`` at ``gap``.

    Examples
    --------
    >>> import pandas as pd
    >>> power = pd.DataFrame({"nodes": 300, "worse_rate": [0.025, 0.15, 0.025, 0.15],
    ...                       "procedure": ["rrs", "rrs", "ncv", "ncv"], "calibration_gap": [0.02, 0.08, 0.02, 0.08],
    ...                       "paired": [0.3, 0.9, 0.1, 0.5], "unpaired": [0.2, 0.8, 0.0, 0.2]})
    >>> summary, at_gap = power_at_gap(power, gap=0.05)
    >>> at_gap[(300, "rrs", "paired")], at_gap[(300, "ncv", "unpaired")]
    (0.6, 0.1)
    """
    summary = power.groupby(["nodes", "worse_rate", "procedure"])[["calibration_gap", "paired", "unpaired"]].mean()
    at_gap = {}
    for size in summary.index.get_level_values("nodes").unique():
        part = summary.loc[size]
        for proc in ("rrs", "ncv"):
            sub = part.xs(proc, level="procedure").sort_values("calibration_gap")
            for test in ("paired", "unpaired"):
                at_gap[(int(size), proc, test)] = float(np.interp(gap, sub.calibration_gap, sub[test]))
    return summary, at_gap


@checks(at_gap=Instance(dict, example=lambda: {(n, p, t): 0.5 for n in (300, 600) for p in ("rrs", "ncv")
                                                for t in ("paired", "unpaired")}),
        small=Integer(1), large=Integer(1))
def type2_reduction(at_gap, *, small=300, large=600):
    """Percentage by which the larger networks cut the Type II error, per (procedure, test).

    Parameters
    ----------
    at_gap : dict
        ``(nodes, procedure, test) -> power``, from :func:`power_at_gap`.
    small, large : int
        The two network sizes.

    Returns
    -------
    dict
        ``(procedure, test) -> 100 (t_small - t_large) / t_small`` (0 where ``t_small`` is 0).

    Examples
    --------
    >>> at_gap = {(n, p, t): 0.5 if n == 300 else 0.75 for n in (300, 600) for p in ("rrs", "ncv")
    ...           for t in ("paired", "unpaired")}
    >>> type2_reduction(at_gap)[("ncv", "paired")]
    50.0
    """
    out = {}
    for proc in ("rrs", "ncv"):
        for test in ("paired", "unpaired"):
            t_small, t_large = 1 - at_gap[(small, proc, test)], 1 - at_gap[(large, proc, test)]
            out[(proc, test)] = float(100 * (t_small - t_large) / t_small) if t_small > 0 else 0.0
    return out


# ---------------------------------------------------------- Table 5, Fig. 5 (Section 7)


@checks(scale=Choice("book", "paper", "small"), n_splits=Integer(1), prop_labeled=Values(Real(0, 1, closed="neither")),
        models=Values(Choice("wvrn", "nbc", "lbc")))
@experiment("network-cv-table5", scales={"book": {}, "paper": {}, "small": {"n_splits": 2}},
            paper_cost="~20 s on 1 core")
def table5(*, n_splits: int = 10, prop_labeled: tuple[float, ...] = (0.1, 0.3, 0.5, 0.7, 0.9),
           models: tuple[str, ...] = ("wvrn", "lbc")):
    """Table 5 on the networks we have: error correlation and label autocorrelation of each task.

    Task ``i`` of :func:`table5_tasks` runs :func:`evalkit.relational.error_correlation_study`
    with seed ``i`` and the paper's Section 4 pair: the relational neighbour classifier
    (wvRN) and Lu & Getoor's link-based classifier, each with and without collective
    inference (``models=("wvrn", "nbc")`` gives the stand-in pair of earlier versions).

    Parameters
    ----------
    n_splits : int
        Random labelled sets per share labelled.
    prop_labeled : tuple of float
        Shares labelled.
    models : tuple of str
        The two classifiers (names of :func:`evalkit.relational.error_correlation_study`).

    Returns
    -------
    pandas.DataFrame
        One row per task: error correlation, and the label autocorrelation as phi
        (``autocorr.``) and as Pearson's corrected contingency coefficient (``autocorr. C*``).

    Examples
    --------
    The real networks are loaded from the data sets (tens of seconds):

    >>> table = table5(scale="small")  # doctest: +SKIP
    >>> table[["data set", "task"]].head(2)  # doctest: +SKIP
             data set        task
    0     Enron email  Executive?
    1 Political books    Neutral?
    """
    rows = []
    for i, ((data, task), (graph, y)) in enumerate(table5_tasks().items()):
        study = rel.error_correlation_study(graph, y, models=models, prop_labeled=prop_labeled, n_splits=n_splits,
                                            rng=i)
        rows.append({"data set": data, "task": task, "positives": f"{y.mean():.0%}",
                     "error corr.": study["mean"], "autocorr.": rel.label_autocorrelation(graph, y),
                     "autocorr. C*": rel.label_autocorrelation(graph, y, measure="contingency")})
    return _frame(rows)


@checks(scale=Choice("book", "paper", "small"), n_parts=Integer(2), pieces_seed=Seed(), partition=Choice(*PARTITIONS),
        prop_labeled=Values(Real(0, 1, closed="neither")), n_trials=Integer(1), calibration_repeats=Integer(1),
        seed=Integer(0))
@experiment("network-cv-fig5", scales={"book": {}, "paper": {}, "small": {"n_trials": 5, "calibration_repeats": 1}},
            paper_cost="~40 s on 1 core")
def fig5(*, n_parts: int = 6, pieces_seed: int = 7, partition: str = "stratified",
         prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4, 0.5), n_trials: int = 50,
         calibration_repeats: int = 10, seed: int = 100, progress: bool = False):
    """Fig. 5's analysis on disjoint pieces of Cora: each piece held out in turn, calibrated on the others.

    Held-out piece ``h`` runs :func:`evalkit.relational.within_network_study` with seed
    ``seed + h``.

    Parameters
    ----------
    n_parts : int
        Pieces of Cora.
    pieces_seed : int
        Seed of the Louvain communities.
    partition : str
        ``'stratified'`` (pieces with alike label shares) or ``'louvain'`` (packed by
        size only); see :func:`cora_pieces`.
    prop_labeled : tuple of float
        Shares labelled.
    n_trials : int
        Trials of RS and NCV on the held-out piece.
    calibration_repeats : int
        NCV repetitions of each calibration piece.
    seed : int
        Seed of the first held-out piece's study.
    progress : bool
        Show a progress bar.

    Returns
    -------
    dict
        ``"pieces"``: nodes, links, share positive and label autocorrelation of each piece;
        ``"trials"``: the study's rows, with ``held_out``.

    Examples
    --------
    Cora is loaded and cut into pieces (tens of seconds):

    >>> result = fig5(scale="small")  # doctest: +SKIP
    >>> len(result["pieces"])  # doctest: +SKIP
    6
    How the pieces are cut, seeded, on the karate club network (two pieces, stratified by club):

    >>> import networkx as nx
    >>> import numpy as np
    >>> from evalkit import relational as rel
    >>> g = nx.karate_club_graph()
    >>> y = np.array([int(g.nodes[n]["club"] == "Officer") for n in g])
    >>> pieces = rel.disjoint_subnetworks(g, y, 2, rng=7, stratify=True, resolution=2.0)
    >>> [a.shape[0] for a, _ in pieces], [int(lab.sum()) for _, lab in pieces]
    ([17, 17], [9, 8])
    """
    from ..._parallel import progress_bar

    pieces = cora_pieces(n_parts, seed=pieces_seed, partition=partition)
    trials = []
    for held_out in progress_bar(range(len(pieces)), progress=progress, desc="held-out pieces"):
        others = pieces[:held_out] + pieces[held_out + 1:]
        rows = rel.within_network_study([pieces[held_out]], others, prop_labeled=prop_labeled, n_trials=n_trials,
                                        calibration_repeats=calibration_repeats, rng=seed + held_out)
        trials += [dict(r, held_out=held_out) for r in rows]
    table = _frame({"nodes": [a.shape[0] for a, _ in pieces], "links": [a.nnz // 2 for a, _ in pieces],
                    "positive": [lab.mean() for _, lab in pieces],
                    "autocorrelation": [rel.label_autocorrelation(a, lab) for a, lab in pieces]})
    return {"pieces": table, "trials": _frame(trials)}
