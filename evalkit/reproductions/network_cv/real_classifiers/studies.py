"""The studies of the real-classifiers page (Neville et al. Sections 6 and 8): the latent group
model's networks and their properties (Section 6.2), their sensitivity to the model's unstated
choices, Fig. 3's Type I error, Section 8's inference sets and Fig. 4's power, and the tables
the page reads off them.

The experiments run the paper's protocol (:mod:`evalkit.reproductions.network_cv.method`)
on the networks of :func:`~evalkit.reproductions.network_cv.setups.latent_group_networks`;
Figs. 3 and 4 and the inference sets are kept in the results store at the paper's scale.
The helpers between them and the page's tables (:func:`sensitivity_matches`,
:func:`power_at_gap`, :func:`type2_reduction`, :func:`variance_table`,
:func:`fold_correlation`, :func:`inference_table`) return tables.
"""
from __future__ import annotations

import itertools
from collections.abc import Mapping

import numpy as np

from .... import claims
from .... import relational as rel
from ...._checks import Choice, Instance, Integer, Jobs, Real, Seed, Values, checks
from ..._experiment import experiment
from ..method import NBC_VARIANTS, error_correlation_study, within_network_study
from ..setups import latent_group_networks

__all__ = ["fig3", "fig4", "fold_correlation", "inference_sets", "inference_table", "LGM_CHOICES", "lgm_properties", "lgm_sensitivity", "nbc_comparison", "nbc_flooding", "power_at_gap", "sensitivity_matches", "type2_reduction", "variance_table"]


def _frame(rows):
    import pandas as pd

    return pd.DataFrame(rows)


def _example_frame():
    """A small pandas DataFrame: the common test's valid value for a results-table parameter."""
    import pandas as pd

    return pd.DataFrame({"procedure": ["rrs", "ncv"], "prop_labeled": [0.1, 0.1], "type1_error": [0.2, 0.05]})


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
            paper_cost="~15 s on 1 core", uses={"data": "lgm-networks"})
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
            err = error_correlation_study(net.adjacency, net.labels, models=("wvrn", "nbc"),
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
            paper_cost="~15 s on 1 core", uses={"data": "lgm-networks"})
def lgm_sensitivity(*, n_nodes: int = 300, n_networks: int = 50, n_error_networks: int = 20, network_seed: int = 2010,
                    prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4), n_splits: int = 4):
    """Section 6.2's two statistics under every combination of the model's unstated choices.

    For each combination of ``LGM_CHOICES`` (link rule across groups, group sizes, label
    draw), ``n_networks`` networks from one seed: the label autocorrelation measured two
    ways (phi over linked pairs, and Pearson's corrected contingency coefficient), and,
    on the first ``n_error_networks``, the error correlation of wvRN and nBC measured two
    ways (every cell of :func:`~evalkit.reproductions.network_cv.method.error_correlation_study` at 30%
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
            cells = error_correlation_study(net.adjacency, net.labels, models=("wvrn", "nbc"),
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


@checks(scale=Choice("book", "paper", "binder", "small"), n_nodes=Integer(2), n_calibration=Integer(1),
        n_evaluation=Integer(1), network_seed=Seed(), prop_labeled=Values(Real(0, 1, closed="neither")),
        n_trials=Integer(1), n_samples=Integer(2), link_rule=Choice(*LGM_CHOICES["link_rule"]),
        group_sizes=Choice(*LGM_CHOICES["group_sizes"]), label_draw=Choice(*LGM_CHOICES["label_draw"]),
        nbc=Choice(*NBC_VARIANTS), n_jobs=Jobs())
@experiment("network-cv-fig3",
            scales={"book": {}, "paper": {}, "binder": {"n_calibration": 10, "n_trials": 20},
                    "small": {"n_calibration": 10, "n_trials": 20}},
            paper_cost="~60 s on 1 core (4 calibrations and 32 comparisons, each a unit; the book reads the stored "
                       "runs of the default model, of the first model that reproduces both statistics of "
                       "Section 6.2, and of the other two nBCs); \"binder\" ~15 s",
            stored=({"scale": "paper"},
                    {"scale": "paper", "link_rule": "mean", "group_sizes": "random", "label_draw": "share"},
                    {"scale": "paper", "nbc": "netkit"}, {"scale": "paper", "nbc": "non-collective"}),
            data=(), uses={"data": "lgm-networks"})
def fig3(*, n_nodes: int = 300, n_calibration: int = 50, n_evaluation: int = 4, network_seed: int = 2010,
         prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4), n_trials: int = 100, n_samples: int = 10,
         seed: int = 3, link_rule: str = "either", group_sizes: str = "random", label_draw: str = "bernoulli",
         nbc: str = "paper", n_jobs: int | None = None, progress: bool = False):
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
    nbc : {'paper', 'netkit', 'non-collective'}
        The nBC compared with wvRN
        (:func:`~evalkit.reproductions.network_cv.method.within_network_study`).
    n_jobs : int or None, default None
        Parallel jobs over the study's units (joblib; see
        :func:`~evalkit.reproductions.network_cv.method.within_network_study`). The
        results do not depend on it.
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`~evalkit.reproductions.network_cv.method.within_network_study`.

    Examples
    --------
    >>> trials = fig3(n_nodes=60, n_calibration=2, n_evaluation=1, network_seed=0, prop_labeled=(0.3,), n_trials=2,
    ...               n_samples=2, seed=0)
    >>> trials[["procedure", "paired", "unpaired"]]
      procedure  paired  unpaired
    0       rrs     0.0       0.0
    1       ncv     0.0       0.0
    """
    calibration, evaluation = latent_group_networks(n_nodes, n_calibration=n_calibration,
                                                    n_evaluation=n_evaluation, seed=network_seed, link_rule=link_rule,
                                                    group_sizes=group_sizes, label_draw=label_draw)
    return _frame(within_network_study(evaluation, calibration, prop_labeled=prop_labeled, n_trials=n_trials,
                                       n_samples=n_samples, nbc=nbc, rng=seed, n_jobs=n_jobs, progress=progress))


@checks(scale=Choice("book", "paper", "binder", "small"), n_nodes=Integer(2), n_calibration=Integer(1),
        n_evaluation=Integer(1), network_seed=Seed(), prop_labeled=Values(Real(0, 1, closed="neither")),
        n_trials=Integer(1), n_samples=Integer(2), n_jobs=Jobs())
@experiment("network-cv-inference-sets",
            scales={"book": {}, "paper": {}, "binder": {"n_calibration": 10, "n_trials": 20},
                    "small": {"n_calibration": 10, "n_trials": 20}},
            paper_cost="~60 s on 1 core (2 x (4 calibrations and 16 comparisons), each a unit; the book reads the "
                       "stored run); \"binder\" ~15 s",
            stored=({"scale": "paper"},), data=(), uses={"data": "lgm-networks"})
def inference_sets(*, n_nodes: int = 300, n_calibration: int = 50, n_evaluation: int = 4, network_seed: int = 2010,
                   prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4), n_trials: int = 100, n_samples: int = 10,
                   seed: int = 3, n_jobs: int | None = None, progress: bool = False):
    """Section 8: NCV with its overlapping inference sets against NCV with inference confined to the fold.

    Fig. 3's design (its networks, calibration and seed), NCV only, run twice on the same
    splits and perturbations: with collective inference over every unlabelled node (the
    paper's NCV, whose folds share their inference sets) and over the test fold only
    (disjoint inference sets; :func:`~evalkit.reproductions.network_cv.method.compare_classifiers` with
    ``inference='test'``).

    Parameters
    ----------
    n_nodes, n_calibration, n_evaluation, network_seed, prop_labeled, n_trials, n_samples, seed
        As :func:`fig3`.
    n_jobs : int or None, default None
        Parallel jobs over the study's units (joblib; see
        :func:`~evalkit.reproductions.network_cv.method.within_network_study`). The
        results do not depend on it.
    progress : bool

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`~evalkit.reproductions.network_cv.method.within_network_study` with a column
        ``inference`` (``'all'`` or ``'test'``).

    Examples
    --------
    >>> trials = inference_sets(n_nodes=60, n_calibration=2, n_evaluation=1, network_seed=0, prop_labeled=(0.3,),
    ...                         n_trials=2, n_samples=2, seed=0)
    >>> trials[["procedure", "inference", "paired"]]
      procedure inference  paired
    0       ncv       all     0.0
    1       ncv      test     1.0
    """
    calibration, evaluation = latent_group_networks(n_nodes, n_calibration=n_calibration,
                                                    n_evaluation=n_evaluation, seed=network_seed)
    rows = []
    for inference in ("all", "test"):
        rows += [{**row, "inference": inference} for row in within_network_study(
            evaluation, calibration, prop_labeled=prop_labeled, procedures=("ncv",), n_trials=n_trials,
            n_samples=n_samples, inference=inference, rng=seed, n_jobs=n_jobs, progress=progress)]
    return _frame(rows)


@checks(scale=Choice("book", "paper", "binder", "small"), n_nodes=Values(Integer(2)), network_seeds=Values(Seed()),
        n_calibration=Integer(1), n_evaluation=Integer(1), prop_labeled=Real(0, 1, closed="neither"),
        worse_rates=Values(Real(0, 1)), n_trials=Integer(1), n_jobs=Jobs())
@experiment("network-cv-fig4",
            scales={"book": {}, "paper": {}, "binder": {"n_calibration": 10, "n_trials": 20},
                    "small": {"n_calibration": 10, "n_trials": 20}},
            paper_cost="~2 min on 1 core (per size 1 calibration and 32 comparisons, each a unit; the book reads "
                       "the stored run); \"binder\" ~30 s",
            stored=({"scale": "paper"},), data=(), uses={"data": "lgm-networks"})
def fig4(*, n_nodes: tuple[int, ...] = (300, 600), network_seeds: tuple[int, ...] = (2010, 600),
         n_calibration: int = 50, n_evaluation: int = 4, prop_labeled: float = 0.3,
         worse_rates: tuple[float, ...] = (0.025, 0.075, 0.15, 0.3), n_trials: int = 100, n_jobs: int | None = None,
         progress: bool = False):
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
    n_jobs : int or None, default None
        Parallel jobs over the study's units (joblib; see
        :func:`~evalkit.reproductions.network_cv.method.within_network_study`). The
        results do not depend on it.
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`~evalkit.reproductions.network_cv.method.within_network_study`, with ``nodes``.

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
        study = within_network_study(evaluation, calibration, prop_labeled=prop_labeled,
                                     worse_rates=worse_rates, n_trials=n_trials, rng=size, n_jobs=n_jobs,
                                     progress=progress)
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


# --------------------------------------------------------------------- Section 6


@checks(sensitivity=Instance("DataFrame", example=_example_frame))
def sensitivity_matches(sensitivity):
    """Which model choices and measures reproduce both of Section 6.2's statistics.

    For every row of :func:`lgm_sensitivity` and every
    pairing of an autocorrelation measure with an error-correlation measure, whether each
    mean lies within two standard errors plus the printed rounding of the paper's value.

    Parameters
    ----------
    sensitivity : pandas.DataFrame
        :func:`lgm_sensitivity`'s table.

    Returns
    -------
    pandas.DataFrame
        One row per (combination, measure pair): the choices, the measures, the two
        means, ``autocorr_ok``, ``error_ok`` and ``both``.

    Examples
    --------
    >>> study = lgm_sensitivity(n_nodes=50, n_networks=2, n_error_networks=1, network_seed=0,
    ...                         prop_labeled=(0.3,), n_splits=1)
    >>> sensitivity_matches(study).shape
    (64, 10)
    """
    import pandas as pd

    auto = claims.get_claim("neville.sec6-2.autocorrelation")
    err = claims.get_claim("neville.sec6-2.error-correlation")
    rows = []
    for _, r in sensitivity.iterrows():
        for a_measure in ("phi", "contingency"):
            for e_measure in ("30", "collective"):
                a, a_se = r[f"autocorr_{a_measure}"], r[f"autocorr_{a_measure}_se"]
                e, e_se = r[f"error_corr_{e_measure}"], r[f"error_corr_{e_measure}_se"]
                a_ok = abs(a - auto.value) <= 2 * a_se + auto.tolerance
                e_ok = abs(e - err.value) <= 2 * e_se + err.tolerance
                rows.append({"link_rule": r.link_rule, "group_sizes": r.group_sizes, "label_draw": r.label_draw,
                             "autocorrelation measure": a_measure, "error-correlation measure": e_measure,
                             "autocorrelation": a, "error correlation": e,
                             "autocorr_ok": bool(a_ok), "error_ok": bool(e_ok), "both": bool(a_ok and e_ok)})
    return pd.DataFrame(rows)


@checks(trials=Instance("DataFrame", example=_example_frame))
def variance_table(trials):
    """Section 6.4's variances by procedure and share labelled, averaged over networks.

    Parameters
    ----------
    trials : pandas.DataFrame
        Rows of :func:`~evalkit.reproductions.network_cv.method.within_network_study` (Fig. 3 or Fig. 4).

    Returns
    -------
    pandas.DataFrame
        ``var_mean_difference``, ``var_paired``, ``var_unpaired``, ``accuracy_correlation``,
        the ratio of the true variance to the paired estimate (``paired_under``: above 1,
        the paired test underestimates it) and of the unpaired estimate to the paired one.

    Examples
    --------
    >>> trials = fig3(n_nodes=60, n_calibration=2, n_evaluation=2, network_seed=0, prop_labeled=(0.1, 0.2, 0.4),
    ...               n_trials=2, n_samples=2, seed=0)
    >>> variance_table(trials).shape
    (6, 6)
    """
    cols = ["var_mean_difference", "var_paired", "var_unpaired", "accuracy_correlation"]
    table = trials.groupby(["procedure", "prop_labeled"])[cols].mean()
    table["paired_under"] = table.var_mean_difference / table.var_paired
    table["unpaired_over_paired"] = table.var_unpaired / table.var_paired
    return table


@checks(trials=Instance("DataFrame", example=_example_frame), n_folds=Integer(2))
def fold_correlation(trials, *, n_folds=10):
    r"""Correlation between the folds of a trial implied by Section 6.4's variance ratio, per row.

    If a trial's :math:`k` fold differences are exchangeable with correlation
    :math:`\rho`, the variance of their mean is :math:`\sigma^2(1 + (k-1)\rho)/k` and the
    paired test estimates :math:`\sigma^2(1-\rho)/k`; their ratio :math:`R` gives
    :math:`\rho = (R - 1)/(R + k - 1)`. Zero for independent folds.

    Parameters
    ----------
    trials : pandas.DataFrame
        Rows with ``var_mean_difference`` and ``var_paired`` (:func:`~evalkit.reproductions.network_cv.method.within_network_study`).
    n_folds : int, default 10
        Folds :math:`k` of each trial.

    Returns
    -------
    pandas.Series
        The implied correlation :math:`\rho` of each row.

    Examples
    --------
    >>> import pandas as pd
    >>> trials = pd.DataFrame({"var_mean_difference": [2.0, 1.0], "var_paired": [1.0, 1.0]})
    >>> fold_correlation(trials).round(4).tolist()
    [0.0909, 0.0]
    """
    ratio = trials.var_mean_difference / trials.var_paired
    return (ratio - 1) / (ratio + n_folds - 1)


@checks(trials=Instance("DataFrame", example=_example_frame), n_folds=Integer(2))
def inference_table(trials, *, n_folds=10):
    """NCV with shared and with disjoint inference sets, by share labelled (:func:`inference_sets`).

    Parameters
    ----------
    trials : pandas.DataFrame
        :func:`inference_sets`'s rows.
    n_folds : int, default 10
        Folds of each trial (for :func:`fold_correlation`).

    Returns
    -------
    pandas.DataFrame
        Index: share labelled; columns ``(quantity, inference)`` for the paired and
        unpaired Type I error, the mean accuracy difference, the error correlation and the
        implied fold correlation (:func:`fold_correlation`), averaged over the networks.

    Examples
    --------
    >>> trials = inference_sets(n_nodes=60, n_calibration=2, n_evaluation=2, network_seed=0,
    ...                         prop_labeled=(0.2, 0.4), n_trials=2, n_samples=2, seed=0)
    >>> inference_table(trials).shape
    (2, 10)
    """
    t = trials.assign(fold_correlation=fold_correlation(trials, n_folds=n_folds))
    cols = ["paired", "unpaired", "mean_difference", "error_correlation", "fold_correlation"]
    return t.pivot_table(index="prop_labeled", columns="inference", values=cols, aggfunc="mean")[cols]


def _example_nbc_runs():
    """Two tiny Fig. 3 frames keyed by nBC variant (the common test's valid ``runs``)."""
    import pandas as pd

    rows = [{"procedure": proc, "prop_labeled": 0.2, "network": net, "paired": 0.1 * (net + 1),
             "unpaired": 0.05 * (net + 1), "mean_difference": 0.01 * net, "var_paired": 1e-4, "handicapped": "wvrn",
             "handicap": 0.1} for proc in ("rrs", "ncv") for net in range(2)]
    return {"paper": pd.DataFrame(rows), "netkit": pd.DataFrame(rows)}


@checks(runs=Instance(Mapping, example=_example_nbc_runs))
def nbc_comparison(runs):
    """Fig. 3 under each network-only Bayes classifier, side by side: Type I errors and what drives them.

    Parameters
    ----------
    runs : dict of str -> pandas.DataFrame
        :func:`fig3`'s rows for each ``nbc`` (:data:`~evalkit.reproductions.network_cv.method.NBC_VARIANTS`).

    Returns
    -------
    pandas.DataFrame
        Index (nbc, prop_labeled); the calibrated model and its handicap; the Type I error of
        RS and NCV with each t test (means over the networks); ``RS paired SE``, the
        typical standard error of a trial's mean RS difference (the square root of the
        paired variance estimate, averaged over trials and networks: large where a
        classifier's accuracy swings from sample to sample); and ``network gap SD``, the
        spread over the evaluation networks of the mean RS accuracy difference the
        calibration left on each (what the tests detect as "Type I errors").

    Examples
    --------
    >>> table = nbc_comparison(_example_nbc_runs())
    >>> table.loc[("paper", 0.2), ["RS paired", "NCV unpaired"]].round(3).tolist()
    [0.15, 0.075]
    """
    import pandas as pd

    frames = []
    for name, rows in runs.items():
        rs = rows[rows.procedure == "rrs"]
        by = rows.groupby(["procedure", "prop_labeled"])[["paired", "unpaired"]].mean().unstack("procedure")
        by.columns = [f"{'RS' if proc == 'rrs' else 'NCV'} {test}" for test, proc in by.columns]
        table = pd.concat([rows.groupby("prop_labeled")[["handicapped", "handicap"]].first(),
                           by[["RS paired", "RS unpaired", "NCV paired", "NCV unpaired"]]], axis=1)
        table["RS paired SE"] = np.sqrt(rs.groupby("prop_labeled").var_paired.mean())
        table["network gap SD"] = rs.groupby(["prop_labeled", "network"]).mean_difference.mean().groupby(
            "prop_labeled").std(ddof=1)
        frames.append(table.assign(nbc=name).set_index("nbc", append=True).swaplevel())
    return pd.concat(frames)


@checks(n_nodes=Integer(2), n_calibration=Integer(1), n_evaluation=Integer(1), network_seed=Seed(),
        prop_labeled=Real(0, 1, closed="neither"), n_splits=Integer(1), seed=Seed())
def nbc_flooding(*, n_nodes=300, n_calibration=50, n_evaluation=4, network_seed=2010, prop_labeled=0.2, n_splits=50,
                 seed=0):
    """How often each classifier floods: a sample whose unlabelled nodes are almost all predicted one class.

    On Fig. 3's evaluation networks (the same model, sizes and seed), ``n_splits`` RS
    samples per network: each classifier's predicted positive share among the unlabelled
    nodes and its accuracy on them, before any handicap. wvRN and the three nBCs of
    :data:`~evalkit.reproductions.network_cv.method.NBC_VARIANTS`.

    Parameters
    ----------
    n_nodes, n_calibration, n_evaluation, network_seed
        Fig. 3's networks (:func:`fig3`); the calibration networks are drawn, not used.
    prop_labeled : float
        Share labelled.
    n_splits : int
        RS samples per network.
    seed : int
        Seed of the samples.

    Returns
    -------
    pandas.DataFrame
        Index classifier; ``flooded`` (the share of samples with at least 95% of the
        unlabelled nodes predicted one class), ``positive share`` (its mean),
        ``accuracy`` (mean) and ``accuracy SD`` (across the samples of a network, averaged
        over the networks).

    Examples
    --------
    >>> table = nbc_flooding(n_nodes=80, n_calibration=1, n_evaluation=2, network_seed=0, n_splits=5)
    >>> list(table.index), list(table.columns)
    (['wvRN', 'nBC (paper)', 'nBC (netkit)', 'nBC (non-collective)'], ['flooded', 'positive share', 'accuracy', 'accuracy SD'])
    """
    import pandas as pd

    from ...._networks import as_network
    from ....resampling import network_split_masks

    _, evaluation = latent_group_networks(n_nodes, n_calibration=n_calibration, n_evaluation=n_evaluation,
                                          seed=network_seed)
    streams = np.random.default_rng(seed).spawn(len(evaluation))
    rows = []
    for i, (network, stream) in enumerate(zip(evaluation, streams)):
        a, y = as_network(network)
        train, _ = network_split_masks("rrs", a.shape[0], n_splits=n_splits, prop_labeled=prop_labeled, rng=stream)
        train = train.reshape(-1, a.shape[0])
        probs = {"wvRN": rel.wvrn(a, y, train)}
        for variant in NBC_VARIANTS:
            probs[f"nBC ({variant})"] = rel.network_only_bayes(
                a, y, train, collective=variant != "non-collective", form="netkit" if variant == "netkit" else "likelihood")
        unlabelled = ~train
        for name, p in probs.items():
            predicted = p > 0.5
            share = (predicted & unlabelled).sum(axis=1) / unlabelled.sum(axis=1)
            accuracy = ((predicted == y[None, :].astype(bool)) & unlabelled).sum(axis=1) / unlabelled.sum(axis=1)
            rows += [{"classifier": name, "network": i, "positive share": s, "accuracy": acc,
                      "flooded": bool(s >= 0.95 or s <= 0.05)} for s, acc in zip(share, accuracy)]
    frame = pd.DataFrame(rows)
    table = frame.groupby("classifier", sort=False)[["flooded", "positive share", "accuracy"]].mean()
    table["accuracy SD"] = frame.groupby(["classifier", "network"], sort=False).accuracy.std(ddof=1).groupby(
        "classifier", sort=False).mean()
    return table
