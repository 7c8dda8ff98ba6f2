"""Neville et al. (2011): our value of each claim of Sections 6-8 (real classifiers), from computed results.

Each ``*_claims`` function maps the results of the experiments of
:mod:`evalkit.reproductions.network_cv.real` (the latent group model, Figs. 3-5, the
inference sets) to ``{claim id: our value}``, as :mod:`evalkit.reproductions.network_cv.claims`
does for Sections 1-5; every name here is also available from that module, whose
:func:`~evalkit.reproductions.network_cv.claims.record_all` records them.
"""
from __future__ import annotations

import numpy as np

from ... import claims
from ..._checks import Instance, Integer, Real, checks
from ._claims_common import ALPHA, example_frame

__all__ = [
    "SUBSTANTIVE",
    "fig3_claims",
    "fig4_claims",
    "fig5_claims",
    "fold_correlation",
    "inference_claims",
    "inference_table",
    "lgm_claims",
    "sensitivity_matches",
    "summary_claims",
    "variance_claims",
    "variance_table",
]


# --------------------------------------------------------------------- Section 6


@checks(sensitivity=Instance("DataFrame", example=example_frame))
def sensitivity_matches(sensitivity):
    """Which model choices and measures reproduce both of Section 6.2's statistics.

    For every row of :func:`~evalkit.reproductions.network_cv.lgm_sensitivity` and every
    pairing of an autocorrelation measure with an error-correlation measure, whether each
    mean lies within two standard errors plus the printed rounding of the paper's value.

    Parameters
    ----------
    sensitivity : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.lgm_sensitivity`'s table.

    Returns
    -------
    pandas.DataFrame
        One row per (combination, measure pair): the choices, the measures, the two
        means, ``autocorr_ok``, ``error_ok`` and ``both``.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> study = neville.lgm_sensitivity(n_nodes=50, n_networks=2, n_error_networks=1, network_seed=0,
    ...                                 prop_labeled=(0.3,), n_splits=1)
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


@checks(lgm=Instance("DataFrame", example=example_frame))
def lgm_claims(lgm):
    """Section 6.2's properties of the latent-group networks from :func:`~evalkit.reproductions.network_cv.lgm_properties`.

    Parameters
    ----------
    lgm : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.lgm_properties`'s table.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> lgm = neville.lgm_properties(n_nodes=60, n_calibration=2, n_evaluation=0, n_error_networks=1, n_splits=1,
    ...                              network_seed=0)
    >>> round(lgm_claims(lgm)["neville.sec6-2.positive"], 3)
    0.525
    """
    return {"neville.sec6-2.autocorrelation": float(lgm.label_autocorrelation.mean()),
            "neville.sec6-2.error-correlation": float(lgm.error_correlation.dropna().mean()),
            "neville.sec6-2.positive": float(lgm.positive.mean())}


def _type1(trials):
    return trials.groupby(["procedure", "prop_labeled"])[["paired", "unpaired"]].mean()


@checks(fig3=Instance("DataFrame", example=example_frame))
def fig3_claims(fig3):
    """Section 6.3-6.4 and Fig. 3 from :func:`~evalkit.reproductions.network_cv.fig3`.

    Parameters
    ----------
    fig3 : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.fig3`'s trials (its shares labelled must include 0.2).

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> fig3 = neville.fig3(n_nodes=60, n_calibration=2, n_evaluation=2, network_seed=0, prop_labeled=(0.1, 0.2, 0.4),
    ...                     n_trials=2, n_samples=2, seed=0)
    >>> fig3_claims(fig3)["neville.fig3.rs-paired-at-20"]
    0.5
    """
    t = _type1(fig3)
    rs, ncv = t.loc["rrs"], t.loc["ncv"]
    low, high = t.index.get_level_values("prop_labeled").min(), t.index.get_level_values("prop_labeled").max()
    return {
        "neville.sec6-3.wvrn-better": bool((fig3.handicapped.str.lower() == "wvrn").all()),
        "neville.fig3.all-high-at-10": bool((t.xs(low, level="prop_labeled") > 2 * ALPHA).all().all()),
        "neville.fig3.falls-with-labelled": bool((t.xs(high, level="prop_labeled") < t.xs(low, level="prop_labeled")).all().all()),
        "neville.fig3.rs-paired-at-20": float(rs.paired[0.2]),
        "neville.fig3.rs-peak-at-20": bool(rs.paired.idxmax() == 0.2),
        "neville.fig3.ncv-paired-at-20": float(ncv.paired[0.2]),
        "neville.fig3.reduction": float(1 - ncv.paired[0.2] / rs.paired[0.2]),
        "neville.fig3.ncv-paired-above-5": bool((ncv.paired > ALPHA).all()),
        "neville.fig3.ncv-unpaired-below-5": bool((ncv.unpaired[ncv.index > low] < ALPHA).all()),
        "neville.sec6-4.unpaired-more-conservative": bool((ncv.unpaired <= ncv.paired).all()),
    }


#: "No substantive difference" between two tests: their Type I errors differ by at most this much
#: at every cell of Fig. 3 (about twice the Monte Carlo error of a rate from 400 trials).
SUBSTANTIVE = 0.05


@checks(trials=Instance("DataFrame", example=example_frame))
def variance_table(trials):
    """Section 6.4's variances by procedure and share labelled, averaged over networks.

    Parameters
    ----------
    trials : pandas.DataFrame
        Rows of :func:`evalkit.relational.within_network_study` (Fig. 3 or Fig. 4).

    Returns
    -------
    pandas.DataFrame
        ``var_mean_difference``, ``var_paired``, ``var_unpaired``, ``accuracy_correlation``,
        the ratio of the true variance to the paired estimate (``paired_under``: above 1,
        the paired test underestimates it) and of the unpaired estimate to the paired one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> fig3 = neville.fig3(n_nodes=60, n_calibration=2, n_evaluation=2, network_seed=0, prop_labeled=(0.1, 0.2, 0.4),
    ...                     n_trials=2, n_samples=2, seed=0)
    >>> variance_table(fig3).shape
    (6, 6)
    """
    cols = ["var_mean_difference", "var_paired", "var_unpaired", "accuracy_correlation"]
    table = trials.groupby(["procedure", "prop_labeled"])[cols].mean()
    table["paired_under"] = table.var_mean_difference / table.var_paired
    table["unpaired_over_paired"] = table.var_unpaired / table.var_paired
    return table


@checks(fig3=Instance("DataFrame", example=example_frame))
def variance_claims(fig3):
    """Section 6.4's explanation and the Wilcoxon remark of Section 2.2, on Fig. 3's trials.

    Parameters
    ----------
    fig3 : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.fig3`'s trials.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> fig3 = neville.fig3(n_nodes=60, n_calibration=2, n_evaluation=2, network_seed=0, prop_labeled=(0.1, 0.2, 0.4),
    ...                     n_trials=2, n_samples=2, seed=0)
    >>> variance_claims(fig3)["neville.sec6-4.pooled-above-diff"]
    True
    """
    table = variance_table(fig3).loc["ncv"]
    ncv = fig3[fig3.procedure == "ncv"]
    by_net = ncv.groupby("network").mean_difference.mean()
    unbiased = abs(by_net.mean()) <= 2 * by_net.std(ddof=1) / np.sqrt(len(by_net))
    wil = fig3.groupby(["procedure", "prop_labeled"])[["wilcoxon", "paired"]].mean()
    return {
        "neville.sec2.wilcoxon-like-t": bool((wil.wilcoxon - wil.paired).abs().max() <= SUBSTANTIVE),
        "neville.sec6-4.mean-diff-unbiased": bool(unbiased),
        "neville.sec6-4.var-diff-underestimated": bool((table.paired_under > 1).all()),
        "neville.sec6-4.pooled-above-diff": bool((table.unpaired_over_paired > 1).all()),
    }


@checks(trials=Instance("DataFrame", example=example_frame), n_folds=Integer(2))
def fold_correlation(trials, *, n_folds=10):
    r"""Correlation between the folds of a trial implied by Section 6.4's variance ratio, per row.

    If a trial's :math:`k` fold differences are exchangeable with correlation
    :math:`\rho`, the variance of their mean is :math:`\sigma^2(1 + (k-1)\rho)/k` and the
    paired test estimates :math:`\sigma^2(1-\rho)/k`; their ratio :math:`R` gives
    :math:`\rho = (R - 1)/(R + k - 1)`. Zero for independent folds.

    Parameters
    ----------
    trials : pandas.DataFrame
        Rows with ``var_mean_difference`` and ``var_paired`` (:func:`evalkit.relational.within_network_study`).
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


@checks(trials=Instance("DataFrame", example=example_frame), n_folds=Integer(2))
def inference_table(trials, *, n_folds=10):
    """NCV with shared and with disjoint inference sets, by share labelled (:func:`~evalkit.reproductions.network_cv.inference_sets`).

    Parameters
    ----------
    trials : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.inference_sets`'s rows.
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
    >>> from evalkit.reproductions import network_cv as neville
    >>> trials = neville.inference_sets(n_nodes=60, n_calibration=2, n_evaluation=2, network_seed=0,
    ...                                 prop_labeled=(0.2, 0.4), n_trials=2, n_samples=2, seed=0)
    >>> inference_table(trials).shape
    (2, 10)
    """
    t = trials.assign(fold_correlation=fold_correlation(trials, n_folds=n_folds))
    cols = ["paired", "unpaired", "mean_difference", "error_correlation", "fold_correlation"]
    return t.pivot_table(index="prop_labeled", columns="inference", values=cols, aggfunc="mean")[cols]


@checks(trials=Instance("DataFrame", example=example_frame), n_folds=Integer(2), alpha=Real(0, 1, closed="neither"))
def inference_claims(trials, *, n_folds=10, alpha=ALPHA):
    """Section 8's dependence through the inference sets: is the fold correlation higher when they overlap?

    Paired over (share labelled, network) cells: the Wilcoxon signed-rank test of the
    implied fold correlation with shared against disjoint inference sets
    (:func:`evalkit.stats.wilcoxon_signed_rank_test`), and the mean difference positive.

    Parameters
    ----------
    trials : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.inference_sets`'s rows.
    n_folds : int, default 10
        Folds of each trial (for :func:`fold_correlation`).
    alpha : float, default ALPHA
        Level of the Wilcoxon test.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> trials = neville.inference_sets(n_nodes=60, n_calibration=2, n_evaluation=2, network_seed=0,
    ...                                 prop_labeled=(0.2, 0.4), n_trials=2, n_samples=2, seed=0)
    >>> inference_claims(trials)
    {'neville.sec8.inference-dependence': False}
    """
    from ...stats import wilcoxon_signed_rank_test

    rho = trials.assign(rho=fold_correlation(trials, n_folds=n_folds)).pivot_table(
        index=["prop_labeled", "network"], columns="inference", values="rho")
    test = wilcoxon_signed_rank_test(rho["all"].to_numpy(), rho["test"].to_numpy())
    higher = float((rho["all"] - rho["test"]).mean()) > 0
    return {"neville.sec8.inference-dependence": bool(higher and test.pvalue < alpha)}


@checks(at_gap=Instance(dict, example=dict), reduction=Instance(dict, example=dict), n_nodes=Integer(10),
        prop_labeled=Real(0, 1, closed="neither"))
def fig4_claims(at_gap, reduction, *, n_nodes=300, prop_labeled=0.3):
    """Fig. 4 from :func:`~evalkit.reproductions.network_cv.power_at_gap` and :func:`~evalkit.reproductions.network_cv.type2_reduction`, and the test-set sizes.

    Parameters
    ----------
    at_gap : dict
        ``(nodes, procedure, test) -> power`` at 300 and 600 nodes (:func:`~evalkit.reproductions.network_cv.power_at_gap`).
    reduction : dict
        ``(procedure, test) -> percentage`` (:func:`~evalkit.reproductions.network_cv.type2_reduction`).
    n_nodes : int, default 300
        Nodes of the network whose test-set sizes are counted.
    prop_labeled : float, default 0.3
        Share labelled of those test sets.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> at_gap = {(n, p, t): 0.5 if n == 300 else 0.75 for n in (300, 600) for p in ("rrs", "ncv")
    ...           for t in ("paired", "unpaired")}
    >>> ours = fig4_claims(at_gap, neville.type2_reduction(at_gap))
    >>> ours["neville.sec6-4.rs-test-size"], ours["neville.fig4b.power-grows"]
    (210, True)
    """
    from ...resampling import NetworkCrossValidation, RandomResampling

    _, rs_test = next(RandomResampling(10, prop_labeled=prop_labeled, rng=0).split(np.zeros((n_nodes, 1))))
    _, ncv_test = next(NetworkCrossValidation(10, prop_labeled=prop_labeled, rng=0).split(np.zeros((n_nodes, 1))))
    gain = {k: at_gap[(600,) + k] - at_gap[(300,) + k] for k in reduction}
    return {
        "neville.sec6-4.rs-test-size": len(rs_test),
        "neville.sec6-4.ncv-test-size": len(ncv_test),
        "neville.fig4a.rs-below-80": bool(at_gap[(300, "rrs", "paired")] < 0.8 and at_gap[(300, "rrs", "unpaired")] < 0.8),
        "neville.fig4a.ncv-paired-below-30": bool(at_gap[(300, "ncv", "paired")] < 0.3),
        "neville.fig4a.ncv-unpaired-below-5": bool(at_gap[(300, "ncv", "unpaired")] < 0.05),
        "neville.fig4b.power-grows": bool(all(v > 0 for v in gain.values())),
        "neville.fig4b.ncv-gains-larger": bool(min(reduction[("ncv", "paired")], reduction[("ncv", "unpaired")])
                                               > max(reduction[("rrs", "paired")], reduction[("rrs", "unpaired")])),
        "neville.fig4b.rs-type2-reduction": reduction[("rrs", "paired")] / 100,
        "neville.fig4b.ncv-paired-type2-reduction": reduction[("ncv", "paired")] / 100,
        "neville.fig4b.ncv-unpaired-type2-reduction": reduction[("ncv", "unpaired")] / 100,
    }


@checks(fig3=Instance("DataFrame", example=example_frame), at_gap=Instance(dict, example=dict))
def summary_claims(fig3, at_gap):
    """The abstract's and conclusions' claims, from Fig. 3's Type I error and Fig. 4a's power.

    Parameters
    ----------
    fig3 : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.fig3`'s trials.
    at_gap : dict
        ``(nodes, procedure, test) -> power`` (:func:`~evalkit.reproductions.network_cv.power_at_gap`), with 300 nodes.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> fig3 = neville.fig3(n_nodes=60, n_calibration=2, n_evaluation=2, network_seed=0, prop_labeled=(0.1, 0.2, 0.4),
    ...                     n_trials=2, n_samples=2, seed=0)
    >>> at_gap = {(300, p, t): 0.5 for p in ("rrs", "ncv") for t in ("paired", "unpaired")}
    >>> summary_claims(fig3, at_gap)["neville.abstract.overlap-paired-high"]
    True
    """
    t = _type1(fig3)
    rs, ncv = t.loc["rrs"], t.loc["ncv"]
    return {
        "neville.abstract.overlap-paired-high": bool(rs.paired.max() > 2 * ALPHA),
        "neville.abstract.ncv-paired-compromise": bool((ncv.paired <= rs.paired).all()
                                                       and at_gap[(300, "ncv", "paired")] >= at_gap[(300, "ncv", "unpaired")]),
        "neville.sec1.ncv-unpaired-low-power": bool((ncv.unpaired <= ncv.paired).all()
                                                    and at_gap[(300, "ncv", "unpaired")] < at_gap[(300, "rrs", "paired")]),
    }


# --------------------------------------------------------------------- Section 7


@checks(trials=Instance("DataFrame", example=example_frame))
def fig5_claims(trials):
    """Fig. 5's reported pattern from :func:`~evalkit.reproductions.network_cv.fig5`'s trials (six pieces of Cora).

    Parameters
    ----------
    trials : pandas.DataFrame
        The ``"trials"`` of :func:`~evalkit.reproductions.network_cv.fig5` (any rows of
        :func:`evalkit.relational.within_network_study` will do).

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> fig3 = neville.fig3(n_nodes=60, n_calibration=2, n_evaluation=2, network_seed=0, prop_labeled=(0.1, 0.2, 0.4),
    ...                     n_trials=2, n_samples=2, seed=0)
    >>> fig5_claims(fig3)["neville.fig5.resampling-up-to-40"]
    0.5
    """
    t = _type1(trials)
    rs, ncv = t.loc["rrs"], t.loc["ncv"]
    handicap = trials.groupby("prop_labeled").handicap.mean()
    low, high = rs.index.min(), rs.index.max()
    return {
        "neville.fig5.resampling-up-to-40": float(rs.paired.max()),
        "neville.fig5.like-synthetic": bool((rs.paired >= ncv.paired).mean() > 0.5),
        "neville.fig5.ncv-more-reasonable": bool(ncv.paired.mean() < rs.paired.mean()),
        "neville.fig5.falls-with-labelled": bool((t.xs(high, level="prop_labeled") < t.xs(low, level="prop_labeled")).all().all()),
        "neville.sec7.converge-50-60": bool(handicap[high] == 0),
    }
