"""Neville et al. Sections 6 and 8 (the real-classifiers page): wvRN and nBC on the latent group
model's networks.

Its experiments and tables are in
:mod:`~evalkit.reproductions.network_cv.real_classifiers.studies` (the networks' properties
and their sensitivity to the model's unstated choices, Fig. 3's Type I error, Section 8's
inference sets, Fig. 4's power); :func:`ours` turns their results into
``{claim id: our value}``.
"""
from __future__ import annotations

import numpy as np

from ...._checks import Instance, checks
from ....resampling import NetworkCrossValidation, RandomResampling
from ....stats import wilcoxon_signed_rank_test
from ..source import ALPHA
from .studies import (LGM_CHOICES, fig3, fig4, fold_correlation, inference_sets, inference_table, lgm_properties,
                      lgm_sensitivity, power_at_gap, sensitivity_matches, type2_reduction, variance_table)

__all__ = ["LGM_CHOICES", "SUBSTANTIVE", "fig3", "fig4", "fold_correlation", "inference_sets", "inference_table",
           "lgm_properties", "lgm_sensitivity", "ours", "power_at_gap", "sensitivity_matches", "standard_errors",
           "type2_reduction", "variance_table"]


def _example_lgm():
    import pandas as pd

    return pd.DataFrame({"label_autocorrelation": [0.3, 0.35, 0.4], "error_correlation": [0.2, None, 0.3],
                         "positive": [0.7, 0.75, 0.65]})


def _binomial_std_error(rate, n):
    return float(np.sqrt(rate * (1 - rate) / n))


@checks(lgm=Instance("DataFrame", none=True, example=_example_lgm),
        fig3=Instance("DataFrame", none=True, example=lambda: _example_frame().assign(paired=[1, 0], unpaired=[0, 0])))
def standard_errors(*, lgm=None, fig3=None):
    """The Monte Carlo standard errors of the page's simulated values, as ``claims.record_all``'s options.

    - ``lgm``: Section 6.2's means over networks; each standard error is the sample
      standard deviation over the networks divided by the square root of their number
      (the error correlation is measured on fewer networks: its missing values are left out).
    - ``fig3``: Fig. 3's Type I error rates at 20% labelled, each a mean over the evaluation
      networks of a rate over trials; its standard error is the standard deviation of the
      networks' rates over the square root of their number (the networks differ more than
      the trials). The run has the paper's design (4 networks x 100 trials), so the
      paper's own rate carries the same error (``source_std_error``).

    Parameters
    ----------
    lgm : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.lgm_properties`'s table.
    fig3 : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig3`'s trials (its shares
        labelled must include 0.2).

    Returns
    -------
    dict
        ``{claim id: {"std_error": float}}``, with ``"source_std_error"`` for Fig. 3's rates.

    Examples
    --------
    >>> errors = standard_errors(lgm=_example_lgm())
    >>> round(errors["neville.sec6-2.positive"]["std_error"], 4)      # sd 0.05 over 3 networks
    0.0289
    """
    errors = {}
    if lgm is not None:
        columns = {"neville.sec6-2.autocorrelation": "label_autocorrelation",
                   "neville.sec6-2.error-correlation": "error_correlation", "neville.sec6-2.positive": "positive"}
        for cid, column in columns.items():
            values = lgm[column].dropna().to_numpy(dtype=float)
            if values.size < 2:
                raise ValueError(f"lgm must hold at least two networks with a {column}; got {values.size}")
            errors[cid] = {"std_error": float(values.std(ddof=1) / np.sqrt(values.size))}
    if fig3 is not None:
        at_20 = fig3[np.isclose(fig3.prop_labeled, 0.2)]
        if at_20.empty:
            raise ValueError("fig3 must hold trials at 20% labelled (prop_labeled 0.2)")
        for cid, procedure in (("neville.fig3.rs-paired-at-20", "rrs"), ("neville.fig3.ncv-paired-at-20", "ncv")):
            rates = at_20[at_20.procedure == procedure].paired.to_numpy(dtype=float)   # one per network
            if rates.size < 2:
                raise ValueError(f"fig3 must hold at least two networks of {procedure} at 20% labelled")
            se = float(rates.std(ddof=1) / np.sqrt(rates.size))
            # the paper ran the same design (4 networks x 100 trials): its rate carries the same error
            errors[cid] = {"std_error": se, "source_std_error": se}
    return errors


def _example_frame():
    """A small pandas DataFrame: the common test's valid value for a results-table parameter."""
    import pandas as pd

    return pd.DataFrame({"procedure": ["rrs", "ncv"], "prop_labeled": [0.1, 0.1], "type1_error": [0.2, 0.05]})


def _lgm_claims(lgm):
    """Section 6.2's properties of the latent-group networks from :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.lgm_properties`.

    Parameters
    ----------
    lgm : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.lgm_properties`'s table.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.
    """
    return {"neville.sec6-2.autocorrelation": float(lgm.label_autocorrelation.mean()),
            "neville.sec6-2.error-correlation": float(lgm.error_correlation.dropna().mean()),
            "neville.sec6-2.positive": float(lgm.positive.mean())}


def _type1(trials):
    return trials.groupby(["procedure", "prop_labeled"])[["paired", "unpaired"]].mean()


def _fig3_claims(fig3):
    """Section 6.3-6.4 and Fig. 3 from :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig3`.

    Parameters
    ----------
    fig3 : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig3`'s trials (its shares labelled must include 0.2).

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.
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


def _variance_claims(fig3):
    """Section 6.4's explanation and the Wilcoxon remark of Section 2.2, on Fig. 3's trials.

    Parameters
    ----------
    fig3 : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig3`'s trials.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.
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


def _inference_claims(trials, *, n_folds=10, alpha=ALPHA):
    """Section 8's dependence through the inference sets: is the fold correlation higher when they overlap?

    Paired over (share labelled, network) cells: the Wilcoxon signed-rank test of the
    implied fold correlation with shared against disjoint inference sets
    (:func:`evalkit.stats.wilcoxon_signed_rank_test`), and the mean difference positive.

    Parameters
    ----------
    trials : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.inference_sets`'s rows.
    n_folds : int, default 10
        Folds of each trial (for :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fold_correlation`).
    alpha : float, default ALPHA
        Level of the Wilcoxon test.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.
    """
    rho = trials.assign(rho=fold_correlation(trials, n_folds=n_folds)).pivot_table(
        index=["prop_labeled", "network"], columns="inference", values="rho")
    test = wilcoxon_signed_rank_test(rho["all"].to_numpy(), rho["test"].to_numpy())
    higher = float((rho["all"] - rho["test"]).mean()) > 0
    return {"neville.sec8.inference-dependence": bool(higher and test.pvalue < alpha)}


def _fig4_claims(at_gap, reduction, *, n_nodes=300, prop_labeled=0.3):
    """Fig. 4 from :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.power_at_gap` and :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.type2_reduction`, and the test-set sizes.

    Parameters
    ----------
    at_gap : dict
        ``(nodes, procedure, test) -> power`` at 300 and 600 nodes (:func:`~evalkit.reproductions.network_cv.real_classifiers.studies.power_at_gap`).
    reduction : dict
        ``(procedure, test) -> percentage`` (:func:`~evalkit.reproductions.network_cv.real_classifiers.studies.type2_reduction`).
    n_nodes : int, default 300
        Nodes of the network whose test-set sizes are counted.
    prop_labeled : float, default 0.3
        Share labelled of those test sets.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.
    """
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


def _summary_claims(fig3, at_gap):
    """The abstract's and conclusions' claims, from Fig. 3's Type I error and Fig. 4a's power.

    Parameters
    ----------
    fig3 : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig3`'s trials.
    at_gap : dict
        ``(nodes, procedure, test) -> power`` (:func:`~evalkit.reproductions.network_cv.real_classifiers.studies.power_at_gap`), with 300 nodes.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.
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


@checks(lgm=Instance("DataFrame", none=True, example=_example_frame),
        fig3=Instance("DataFrame", none=True, example=_example_frame),
        inference=Instance("DataFrame", none=True, example=_example_frame),
        at_gap=Instance(dict, none=True, example=dict),
        summary=Instance(tuple, none=True, example=lambda: (_example_frame(), {})))
def ours(*, lgm=None, fig3=None, inference=None, at_gap=None, summary=None):
    """Our value of each claim of Sections 6 and 8, one part per claims table of the page.

    Each argument gives one part's claims; None leaves them out.

    Parameters
    ----------
    lgm : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.lgm_properties`'s table: Section 6.2's properties of the networks.
    fig3 : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig3`'s trials (its shares labelled must include 0.2): Fig. 3's claims,
        Section 6.4's explanation and the Wilcoxon remark of Section 2.2.
    inference : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.inference_sets`'s trials: Section 8's dependence through the inference sets
        (the Wilcoxon signed-rank test, paired over (share labelled, network) cells, of the
        implied fold correlation (:func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fold_correlation`) with shared against disjoint
        inference sets, at the 5% level, and the mean difference positive).
    at_gap : dict, optional
        ``(nodes, procedure, test) -> power`` at 300 and 600 nodes (:func:`~evalkit.reproductions.network_cv.real_classifiers.studies.power_at_gap`):
        Fig. 4's claims (with :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.type2_reduction`) and the test-set sizes at 300 nodes,
        30% labelled, counted on evalkit's splitters.
    summary : tuple, optional
        ``(fig3 trials, at_gap)``: the abstract's and conclusions' claims, from Fig. 3's
        Type I error and Fig. 4a's power.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> trials = fig3(n_nodes=60, n_calibration=2, n_evaluation=2, network_seed=0, prop_labeled=(0.1, 0.2, 0.4),
    ...               n_trials=2, n_samples=2, seed=0)
    >>> got = ours(fig3=trials)
    >>> got["neville.fig3.rs-paired-at-20"], got["neville.sec6-4.pooled-above-diff"]
    (0.25, False)
    >>> at_gap = {(n, p, t): 0.5 if n == 300 else 0.75 for n in (300, 600) for p in ("rrs", "ncv")
    ...           for t in ("paired", "unpaired")}
    >>> got = ours(at_gap=at_gap, summary=(trials, at_gap))
    >>> got["neville.sec6-4.rs-test-size"], got["neville.fig4b.power-grows"], got["neville.abstract.overlap-paired-high"]
    (210, True, True)
    """
    out = {}
    if lgm is not None:
        out.update(_lgm_claims(lgm))
    if fig3 is not None:
        out.update({**_fig3_claims(fig3), **_variance_claims(fig3)})
    if inference is not None:
        out.update(_inference_claims(inference))
    if at_gap is not None:
        out.update(_fig4_claims(at_gap, type2_reduction(at_gap)))
    if summary is not None:
        out.update(_summary_claims(*summary))
    return out
