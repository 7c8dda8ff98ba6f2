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

from ...._checks import Instance, Real, checks
from ....claims import all_of, decide
from ....resampling import NetworkCrossValidation, RandomResampling
from ....stats import wilcoxon_signed_rank_test
from ..source import ALPHA
from .studies import (LGM_CHOICES, fig3, fig4, fold_correlation, inference_sets, inference_table, lgm_properties,
                      lgm_sensitivity, nbc_comparison, nbc_flooding, power_at_gap, sensitivity_matches, type2_reduction, variance_table)

__all__ = ["LGM_CHOICES", "SUBSTANTIVE", "fig3", "fig4", "fold_correlation", "inference_sets", "inference_table",
           "lgm_properties", "lgm_sensitivity", "nbc_comparison", "nbc_flooding", "ours", "power_at_gap", "power_by_network", "sensitivity_matches",
           "standard_errors", "type2_reduction", "variance_table", "WITHOUT_NETWORKS"]


#: Claims of the page computed without the networks (the splitters' test-set sizes)
WITHOUT_NETWORKS = ("neville.sec6-4.rs-test-size", "neville.sec6-4.ncv-test-size")


def _example_lgm():
    import pandas as pd

    return pd.DataFrame({"label_autocorrelation": [0.3, 0.35, 0.4], "error_correlation": [0.2, None, 0.3],
                         "positive": [0.7, 0.75, 0.65]})


def _binomial_std_error(rate, n):
    return float(np.sqrt(rate * (1 - rate) / n))


@checks(lgm=Instance("DataFrame", none=True, example=_example_lgm),
        fig3=Instance("DataFrame", none=True, example=lambda: _example_frame().assign(paired=[1, 0], unpaired=[0, 0])),
        power=Instance("DataFrame", none=True, example=lambda: _example_power()))
def standard_errors(*, lgm=None, fig3=None, power=None):
    """The Monte Carlo standard errors of the page's simulated values, as ``claims.record_all``'s options.

    - ``lgm``: Section 6.2's means over networks; each standard error is the sample
      standard deviation over the networks divided by the square root of their number
      (the error correlation is measured on fewer networks: its missing values are left out).
    - ``fig3``: Fig. 3's Type I error rates at 20% labelled, each a mean over the evaluation
      networks of a rate over trials; its standard error is the standard deviation of the
      networks' rates over the square root of their number (the networks differ more than
      the trials); and NCV's reduction of RS's rate, ``1 - ncv / rs``, by the delta method
      over the same networks. The run has the paper's design (4 networks x 100 trials), so
      the paper's own values carry the same error (``source_std_error``).
    - ``power``: Fig. 4b's Type II reductions from 300 to 600 nodes, read at a 5-point gap,
      by the delta method over each size's networks (the sizes' networks are independent);
      the stored run has the paper's design, so the paper's values carry the same error.

    Parameters
    ----------
    lgm : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.lgm_properties`'s table.
    fig3 : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig3`'s trials (its shares
        labelled must include 0.2).
    power : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig4`'s power at
        300 and 600 nodes.

    Returns
    -------
    dict
        ``{claim id: {"std_error": float}}``, with ``"source_std_error"`` for Figs. 3 and
        4b's values.

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
        rates = at_20.pivot_table(index="network", columns="procedure", values="paired")   # networks x procedures
        if len(rates) < 2 or not {"rrs", "ncv"} <= set(rates.columns):
            raise ValueError("fig3 must hold at least two networks of both procedures at 20% labelled")
        for cid, procedure in (("neville.fig3.rs-paired-at-20", "rrs"), ("neville.fig3.ncv-paired-at-20", "ncv")):
            se = float(rates[procedure].std(ddof=1) / np.sqrt(len(rates)))
            # the paper ran the same design (4 networks x 100 trials): its rate carries the same error
            errors[cid] = {"std_error": se, "source_std_error": se}
        # the reduction 1 - ncv / rs, a ratio of two means over the same networks: the delta method
        ncv, rs = rates["ncv"].mean(), rates["rrs"].mean()
        cov = np.cov(rates["ncv"], rates["rrs"], ddof=1) / len(rates)
        gradient = np.array([-1 / rs, ncv / rs ** 2])
        se = float(np.sqrt(max(gradient @ cov @ gradient, 0.0)))
        errors["neville.fig3.reduction"] = {"std_error": se, "source_std_error": se}
    if power is not None:
        _, cov = _reductions(power)
        for cid, cell in (("neville.fig4b.rs-type2-reduction", 0), ("neville.fig4b.ncv-paired-type2-reduction", 2),
                          ("neville.fig4b.ncv-unpaired-type2-reduction", 3)):
            se = float(np.sqrt(max(cov[cell, cell], 0.0)) / 100)       # the claims are fractions
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


def _over_networks(values):
    """Mean and standard error over the networks (the last index level) of per-network values.

    The networks differ more than the trials on one network, so a rate's Monte Carlo error
    is the standard deviation of its networks' rates over the square root of their number.
    """
    import pandas as pd

    if values.index.nlevels == 1:         # one cell
        values = pd.Series(values.to_numpy(), index=pd.MultiIndex.from_arrays([np.zeros(len(values)), values.index]))
    grouped = values.groupby(level=list(range(values.index.nlevels - 1)))
    if grouped.count().min() < 2:
        raise ValueError("each cell needs at least two networks to estimate its Monte Carlo error")
    return grouped.mean(), grouped.std(ddof=1) / np.sqrt(grouped.count())


def _decide(values, threshold, side):
    """:func:`evalkit.claims.decide` over the cells of per-network values (indexed ..., network)."""
    mean, se = _over_networks(values)
    return decide(mean.to_numpy(), threshold, se.to_numpy(), side=side)


def _rates(trials, column):
    """Per-network rates of ``column``, indexed (procedure, share labelled, network)."""
    return trials.set_index(["procedure", "prop_labeled", "network"])[column].sort_index()


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
    paired, unpaired = _rates(fig3, "paired"), _rates(fig3, "unpaired")
    share = paired.index.get_level_values("prop_labeled")
    at = {col: rates[share == low].droplevel("prop_labeled") for col, rates in (("paired", paired), ("unpaired", unpaired))}
    fall = [_decide(at[col] - rates[share == high].droplevel("prop_labeled"), 0.0, "above")
            for col, rates in (("paired", paired), ("unpaired", unpaired))]
    rs_paired = paired.loc["rrs"].unstack("prop_labeled")                  # networks x shares
    peak = (rs_paired[[0.2]].to_numpy() - rs_paired.drop(columns=0.2)).stack().swaplevel().sort_index()
    ncv_unpaired = unpaired.loc[["ncv"]]
    return {
        "neville.sec6-3.wvrn-better": bool((fig3.handicapped.str.lower() == "wvrn").all()),
        "neville.fig3.all-high-at-10": all_of([_decide(at["paired"], 2 * ALPHA, "above"),
                                               _decide(at["unpaired"], 2 * ALPHA, "above")]),
        "neville.fig3.falls-with-labelled": all_of(fall),
        "neville.fig3.rs-paired-at-20": float(rs.paired[0.2]),
        "neville.fig3.rs-peak-at-20": _decide(peak, 0.0, "above"),
        "neville.fig3.ncv-paired-at-20": float(ncv.paired[0.2]),
        "neville.fig3.reduction": float(1 - ncv.paired[0.2] / rs.paired[0.2]),
        "neville.fig3.ncv-paired-above-5": _decide(paired.loc[["ncv"]], ALPHA, "above"),
        "neville.fig3.ncv-unpaired-below-5": _decide(ncv_unpaired[ncv_unpaired.index.get_level_values("prop_labeled") > low], ALPHA,
                                                        "below"),
        "neville.sec6-4.unpaired-more-conservative": _decide((paired - unpaired).loc[["ncv"]], 0.0, "above"),
    }


#: "No substantive difference" between two tests: their Type I errors differ by less than this much
#: at every cell of Fig. 3, decided with the networks' spread of the difference (about twice the
#: binomial error of a rate from 400 trials: a difference the paper's design could not show).
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
    gap = _rates(fig3, "wilcoxon") - _rates(fig3, "paired")
    return {
        "neville.sec2.wilcoxon-like-t": all_of([_decide(gap, SUBSTANTIVE, "below"), _decide(-gap, SUBSTANTIVE, "below")]),
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


def _example_power():
    import pandas as pd

    rows = [{"nodes": nodes, "worse_rate": rate, "network": net, "procedure": proc, "calibration_gap": gap + 0.002 * net,
             "paired": power + 0.01 * net, "unpaired": power / 2 + 0.01 * net}
            for nodes in (300, 600) for rate, gap in ((0.025, 0.02), (0.15, 0.08)) for net in range(2)
            for proc, power in (("rrs", 0.3 + 5 * gap), ("ncv", 0.1 + 3 * gap))]
    return pd.DataFrame(rows)


@checks(power=Instance("DataFrame", example=_example_power), gap=Real(0, None, closed="neither"))
def power_by_network(power, *, gap=0.05):
    """Each network's power at an accuracy gap, interpolated with the weights of Fig. 4's mean curve.

    :func:`power_at_gap` interpolates the power averaged over the networks linearly in the
    mean calibration gap; the same weights applied to each network's power give values
    whose mean over the networks is exactly that power, and whose spread is its Monte
    Carlo error (the networks differ more than the trials).

    Parameters
    ----------
    power : pandas.DataFrame
        The result of :func:`fig4`: per (nodes, worse rate, network, procedure) the
        calibration gap and the rejection rates ``paired`` and ``unpaired``.
    gap : float, default 0.05
        The accuracy gap.

    Returns
    -------
    pandas.DataFrame
        Index (nodes, procedure, network), columns ``paired`` and ``unpaired``.

    Examples
    --------
    >>> by_network = power_by_network(_example_power(), gap=0.05)
    >>> summary, at_gap = power_at_gap(_example_power(), gap=0.05)
    >>> bool(np.isclose(by_network.loc[(300, "rrs")].paired.mean(), at_gap[(300, "rrs", "paired")]))
    True
    """
    import pandas as pd

    summary, _ = power_at_gap(power, gap=gap)
    frames = []
    for (size, proc), part in power.groupby(["nodes", "procedure"]):
        curve = summary.loc[size].xs(proc, level="procedure").sort_values("calibration_gap")
        rates = curve.index.to_numpy()
        # np.interp is linear in the values: interpolating each unit vector gives the weights
        weights = np.array([np.interp(gap, curve.calibration_gap, unit) for unit in np.eye(len(rates))])
        for test in ("paired", "unpaired"):
            table = part.pivot_table(index="network", columns="worse_rate", values=test)[rates]
            frames.append(pd.DataFrame({"nodes": int(size), "procedure": proc, "network": table.index,
                                        "test": test, "power": table.to_numpy() @ weights}))
    out = pd.concat(frames).pivot_table(index=["nodes", "procedure", "network"], columns="test", values="power")
    out.columns.name = None
    return out


#: Fig. 4b's cells: (procedure, test), in the order of ``_reductions``
_POWER_CELLS = (("rrs", "paired"), ("rrs", "unpaired"), ("ncv", "paired"), ("ncv", "unpaired"))


def _reductions(power, *, gap=0.05):
    """Fig. 4b's Type II reductions from 300 to 600 nodes and their covariance, over the networks.

    A reduction is ``100 (p600 - p300) / (1 - p300)`` of two means over networks (the power
    of a cell at either size); its error comes by the delta method from each size's
    covariance of the cells' means (the cells share their networks), the two sizes
    independent (the 600-node networks are other networks).

    Returns
    -------
    reductions : numpy.ndarray
        One per cell of ``_POWER_CELLS``, in percent (:func:`type2_reduction`'s values).
    covariance : numpy.ndarray
        Their 4 x 4 covariance.
    """
    by_network = power_by_network(power, gap=gap)
    means, covariances = {}, {}
    for n in (300, 600):
        table = np.array([by_network.loc[(n, proc)][test].to_numpy() for proc, test in _POWER_CELLS])
        if table.shape[1] < 2:
            raise ValueError("power must hold at least two networks of each size to estimate the Monte Carlo error")
        means[n], covariances[n] = table.mean(axis=1), np.cov(table, ddof=1) / table.shape[1]
    small, large = means[300], means[600]
    type2 = np.where(small < 1, 1 - small, np.inf)                   # no Type II error at 300: no reduction
    reductions = 100 * (large - small) / type2
    to_small, to_large = np.diag(100 * (large - 1) / type2 ** 2), np.diag(100 / type2)
    covariance = to_small @ covariances[300] @ to_small.T + to_large @ covariances[600] @ to_large.T
    return reductions, covariance


def _gains_larger(power, *, gap=0.05):
    """NCV's Type II reductions (both tests) above RS's (both), each difference decided with its error."""
    reductions, cov = _reductions(power, gap=gap)
    pairs = [(a, b) for a in (2, 3) for b in (0, 1)]                  # (NCV cell, RS cell)
    differences = [reductions[a] - reductions[b] for a, b in pairs]
    errors = [np.sqrt(max(cov[a, a] + cov[b, b] - 2 * cov[a, b], 0.0)) for a, b in pairs]
    return decide(differences, 0.0, errors, side="above")


def _fig4_claims(power, *, n_nodes=300, prop_labeled=0.3, gap=0.05):
    """Fig. 4 from :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig4`'s power, and the test-set sizes.

    The thresholds ("below 80%"), the growth from 300 to 600 nodes and the comparison of
    the Type II reductions are decided with the power's Monte Carlo error over the
    networks (:func:`power_by_network`).

    Parameters
    ----------
    power : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig4`'s power, at 300 and 600 nodes.
    n_nodes : int, default 300
        Nodes of the network whose test-set sizes are counted.
    prop_labeled : float, default 0.3
        Share labelled of those test sets.
    gap : float, default 0.05
        The accuracy gap the power is read at.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool or a
        :class:`~evalkit.claims.Decision` for a qualitative one.
    """
    _, rs_test = next(RandomResampling(10, prop_labeled=prop_labeled, rng=0).split(np.zeros((n_nodes, 1))))
    _, ncv_test = next(NetworkCrossValidation(10, prop_labeled=prop_labeled, rng=0).split(np.zeros((n_nodes, 1))))
    _, at_gap = power_at_gap(power, gap=gap)
    reduction = type2_reduction(at_gap)
    tall = power_by_network(power, gap=gap).stack()                 # (nodes, procedure, network, test)
    tall = tall.reorder_levels([0, 1, 3, 2]).sort_index()           # network last: the cells' replicates
    small = tall.loc[300]
    # the 600-node networks are other networks: the two sizes' errors are independent
    mean, se = {}, {}
    for n in (300, 600):
        mean[n], se[n] = _over_networks(tall.loc[n])
    growth = decide((mean[600] - mean[300]).to_numpy(), 0.0, np.hypot(se[600], se[300]).to_numpy(), side="above")
    return {
        "neville.sec6-4.rs-test-size": len(rs_test),
        "neville.sec6-4.ncv-test-size": len(ncv_test),
        "neville.fig4a.rs-below-80": _decide(small.loc[["rrs"]], 0.8, "below"),
        "neville.fig4a.ncv-paired-below-30": _decide(small.loc[("ncv", "paired")], 0.3, "below"),
        "neville.fig4a.ncv-unpaired-below-5": _decide(small.loc[("ncv", "unpaired")], 0.05, "below"),
        "neville.fig4b.power-grows": growth,
        "neville.fig4b.ncv-gains-larger": _gains_larger(power, gap=gap),
        "neville.fig4b.rs-type2-reduction": reduction[("rrs", "paired")] / 100,
        "neville.fig4b.ncv-paired-type2-reduction": reduction[("ncv", "paired")] / 100,
        "neville.fig4b.ncv-unpaired-type2-reduction": reduction[("ncv", "unpaired")] / 100,
    }


def _summary_claims(fig3, power, *, gap=0.05):
    """The abstract's and conclusions' claims, from Fig. 3's Type I error and Fig. 4a's power.

    Each is decided with its Monte Carlo error; a comparison within a network (NCV against
    RS, paired against unpaired) by the spread of its per-network differences.

    Parameters
    ----------
    fig3 : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig3`'s trials.
    power : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig4`'s power (its 300 nodes are used).
    gap : float, default 0.05
        The accuracy gap the power is read at.

    Returns
    -------
    dict
        ``{claim id: our value}``: a :class:`~evalkit.claims.Decision` per claim.
    """
    paired, unpaired = _rates(fig3, "paired"), _rates(fig3, "unpaired")
    rs_mean, rs_se = _over_networks(paired.loc["rrs"])
    highest = int(np.argmax(rs_mean.to_numpy()))
    small = power_by_network(power, gap=gap).loc[300]
    return {
        "neville.abstract.overlap-paired-high": decide(rs_mean.iloc[highest], 2 * ALPHA, rs_se.iloc[highest],
                                                       side="above"),
        "neville.abstract.ncv-paired-compromise": all_of([
            _decide(paired.loc["rrs"] - paired.loc["ncv"], 0.0, "above"),                   # fewer Type I errors
            _decide(small.loc["ncv"].paired - small.loc["ncv"].unpaired, 0.0, "above")]),   # more power
        "neville.sec1.ncv-unpaired-low-power": all_of([
            _decide(paired.loc["ncv"] - unpaired.loc["ncv"], 0.0, "above"),
            _decide(small.loc["rrs"].paired - small.loc["ncv"].unpaired, 0.0, "above")]),
    }


@checks(lgm=Instance("DataFrame", none=True, example=_example_frame),
        fig3=Instance("DataFrame", none=True, example=_example_frame),
        inference=Instance("DataFrame", none=True, example=_example_frame),
        power=Instance("DataFrame", none=True, example=_example_power),
        summary=Instance(tuple, none=True, example=lambda: (_example_frame(), _example_power())))
def ours(*, lgm=None, fig3=None, inference=None, power=None, summary=None):
    """Our value of each claim of Sections 6 and 8, one part per claims table of the page.

    Each argument gives one part's claims; None leaves them out. The thresholds of Figs. 3
    and 4 ("above 5%", "below 30%") and the comparisons between procedures are
    :class:`~evalkit.claims.Decision` values: decided with the Monte Carlo error over the
    networks, or undecided.

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
    power : pandas.DataFrame, optional
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.fig4`'s power at 300 and 600 nodes: Fig. 4's claims, read at a
        5-point gap (:func:`~evalkit.reproductions.network_cv.real_classifiers.studies.power_at_gap`, :func:`power_by_network`,
        :func:`~evalkit.reproductions.network_cv.real_classifiers.studies.type2_reduction`), and the test-set sizes at 300 nodes,
        30% labelled, counted on evalkit's splitters.
    summary : tuple, optional
        ``(fig3 trials, power)``: the abstract's and conclusions' claims, from Fig. 3's
        Type I error and Fig. 4a's power.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool or a
        :class:`~evalkit.claims.Decision` for a qualitative one.

    Examples
    --------
    >>> trials = fig3(n_nodes=60, n_calibration=2, n_evaluation=2, network_seed=0, prop_labeled=(0.1, 0.2, 0.4),
    ...               n_trials=2, n_samples=2, seed=0)
    >>> got = ours(fig3=trials)
    >>> got["neville.fig3.rs-paired-at-20"], got["neville.sec6-4.pooled-above-diff"]
    (0.25, False)
    >>> got["neville.fig3.rs-peak-at-20"].describe()        # two networks of two trials decide little
    'undecided: 0.25 +- 0.25 is 1.0 standard errors from 0; about 4 times the repetitions would decide it'
    >>> got = ours(power=_example_power())
    >>> got["neville.sec6-4.rs-test-size"], got["neville.fig4a.ncv-paired-below-30"].holds
    (210, True)
    """
    out = {}
    if lgm is not None:
        out.update(_lgm_claims(lgm))
    if fig3 is not None:
        out.update({**_fig3_claims(fig3), **_variance_claims(fig3)})
    if inference is not None:
        out.update(_inference_claims(inference))
    if power is not None:
        out.update(_fig4_claims(power))
    if summary is not None:
        out.update(_summary_claims(*summary))
    return out
