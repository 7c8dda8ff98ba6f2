"""The distance chapter: direction, distance and the sampling schemes (Sections 3.4, 4.2 and 4.3 of
Yang, Lichtenwalter & Chawla).

Its experiments, by section, in the parts of this page module:

- :mod:`~evalkit.reproductions.link_prediction.distance.direction` -- the orderings of a directional
  predictor (Fig. 6), every PropFlow number on the weighted and the 0/1 networks
- :mod:`~evalkit.reproductions.link_prediction.distance.by_distance` -- AUROC by distance (Fig. 10) and
  after removing the near negatives (Fig. 11), fair against Kaggle-style test sets (Fig. 13, Table 3),
  steering
- :mod:`~evalkit.reproductions.link_prediction.distance.lpmade` -- Table 3's pooled PropFlow on Condmat
  scored as the paper's authors' tool, LPmade, scores all pairs
- :mod:`~evalkit.reproductions.link_prediction.distance.surrogate` -- the paper's surrogate ranking
  simulation and its closed form (Table 2)

and :func:`ours`, the chapter's values of the paper's claims.
"""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from scipy import stats

from ...._checks import Array, Instance, Integer, Real, checks
from .by_distance import SHORT, fig10, fig10_exceptions, fig11, steering, table3
from .direction import PROPFLOW_CLAIMS, orderings, propflow_weighting
from .lpmade import LPMADE_DEPTH, table3_lpmade
from .surrogate import (SurrogateMoments, SurrogateResult, surrogate_auroc, surrogate_moments, table2,
                        table2_closed_form, table2_counts, table2_implied)

__all__ = ["DECAY_STEP", "LPMADE_DEPTH", "MIN_POSITIVES", "PROPFLOW_CLAIMS", "SHORT", "SurrogateMoments", "SurrogateResult", "best_distance", "decays_exponentially", "fig10", "fig10_exceptions", "fig11",
           "orderings", "ours", "propflow_weighting", "steering", "surrogate_auroc", "surrogate_moments", "table2",
           "table2_closed_form", "table2_counts", "table2_implied", "table3", "table3_lpmade"]


def _example_frame():
    """A small DataFrame: the common test's valid value for a results-table parameter."""
    import pandas as pd

    return pd.DataFrame({"x": [0.5, 0.25]})


def _example_directional():
    import pandas as pd

    return pd.Series({"PropFlow (one ordering)": True})


#: the fewest positives a distance needs for its AUROC to count in "the best distance": with k positives
#: and many negatives an AUROC near chance has a standard error of about sqrt(1 / (12 k)), 0.029 at 100
MIN_POSITIVES = 100


@checks(auroc=Instance("Series", example=lambda: __import__("pandas").Series({2.0: 0.6, 3.0: 0.7})),
        n_positive=Instance(Mapping, example=lambda: {2.0: 150, 3.0: 120}), min_positives=Integer(1))
def best_distance(auroc, n_positive, *, min_positives=MIN_POSITIVES):
    """The finite distance with the highest AUROC among those with at least ``min_positives`` positives.

    Parameters
    ----------
    auroc : pandas.Series
        AUROC by distance (a row of :func:`fig10` without ``"all"``; NaN where a distance has none).
    n_positive : Mapping of float -> int
        Positives at each distance.
    min_positives : int
        The fewest positives a distance needs to count.

    Returns
    -------
    tuple
        ``(distance, margin)``: the best distance (None if no distance counts) and its lead over
        the second best (NaN if fewer than two count).

    Examples
    --------
    >>> import pandas as pd
    >>> best_distance(pd.Series({2.0: 0.58, 4.0: 0.69, 7.0: 0.70, 13.0: 0.95}),
    ...               {2.0: 1196, 4.0: 648, 7.0: 273, 13.0: 1})    # distance 13 has one positive
    (7.0, 0.010000000000000009)
    """
    counted = auroc[[np.isfinite(float(d)) and n_positive.get(float(d), 0) >= min_positives for d in auroc.index]]
    counted = counted.dropna().astype(float).sort_values(ascending=False)
    if counted.empty:
        return None, float("nan")
    margin = float(counted.iloc[0] - counted.iloc[1]) if len(counted) > 1 else float("nan")
    return float(counted.index[0]), margin


#: an "exponential decay" must remove at least this share of the links at each step: a step that
#: removes less is flat, not a decay
DECAY_STEP = 0.1


@checks(distances=Array(ndim=1, kind="real", finite=False), counts=Array(ndim=1, low=0), last=Real(2),
        min_step=Real(0, 1), min_r2=Real(0, 1))
def decays_exponentially(distances, counts, *, last=5, min_step=DECAY_STEP, min_r2=0.9):
    """Whether counts by distance decay exponentially from distance 2 to ``last`` (Fig. 9's claim).

    Exponential decay is a constant factor per step below 1. Over the finite distances from
    2 to ``last`` (or to the last distance with a count), every step must remove at least
    ``min_step`` of the count, and the logarithm of the counts must be close to a line in the
    distance (coefficient of determination at least ``min_r2``; two points always are).

    Parameters
    ----------
    distances : array_like of float
        Distances (``inf`` allowed: ignored).
    counts : array_like of int
        The count at each distance.
    last : float
        The largest distance looked at.
    min_step : float
        The smallest share of the count a step must remove.
    min_r2 : float
        The smallest coefficient of determination of the log-linear fit.

    Returns
    -------
    bool

    Examples
    --------
    >>> decays_exponentially([2, 3, 4, 5], [1000, 300, 90, 27])            # a factor 0.3 per step
    True
    >>> decays_exponentially([2, 3, 4, 5], [1196, 650, 648, 637])          # flat from 3 to 5
    False
    """
    distances, counts = np.asarray(distances, dtype=float), np.asarray(counts, dtype=float)
    keep = np.isfinite(distances) & (distances >= 2) & (distances <= last)
    d, c = distances[keep], counts[keep]
    order = np.argsort(d)
    d, c = d[order], c[order]
    if not c.any():
        return False
    d, c = d[:np.flatnonzero(c)[-1] + 1], c[:np.flatnonzero(c)[-1] + 1]   # up to the last distance with a count
    if c.size < 2 or (c == 0).any() or not np.all(c[1:] <= (1 - min_step) * c[:-1]):
        return False
    if c.size == 2:
        return True
    y = np.log(c)
    fit = np.polyval(np.polyfit(d, y, 1), d)
    return bool(1 - np.sum((y - fit) ** 2) / np.sum((y - y.mean()) ** 2) >= min_r2)


def _rises_with(x, y):
    """Whether ``y`` rises with ``x``: Spearman's rank correlation is positive (False where either is constant,
    which has no rank correlation; scipy would warn and give NaN)."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if np.ptp(x) == 0 or np.ptp(y) == 0:
        return False
    return bool(stats.spearmanr(x, y).statistic > 0)


@checks(directional=Instance("Series", example=_example_directional),
        fig5=Array(ndim=2, low=0, high=1), orderings=Instance("DataFrame", example=_example_frame),
        counts=Instance(Mapping, example=dict), by_distance=Instance(Mapping, example=dict),
        fig10=Instance("DataFrame", example=_example_frame), table2=Instance("DataFrame", example=_example_frame),
        fig11=Instance("DataFrame", example=_example_frame), table3=Instance("DataFrame", example=_example_frame),
        fig13=Instance("DataFrame", example=_example_frame), steering=Instance("DataFrame", example=_example_frame),
        a_l=Array(ndim=1, kind="any"), n_nodes=Instance(Mapping, example=dict))
def ours(*, directional, fig5, orderings, counts, by_distance, fig10, table2, fig11, table3, fig13, steering, a_l,
         n_nodes):
    """Our values of the distance chapter's claims: Section 3.4 (Figs. 5 and 6), Section 4.2 (counts,
    Figs. 9-11, Table 2), Section 4.3 (Table 3, Fig. 12, steering) and guidelines 3, 5 and 6.

    ``directional`` is the Series predictor -> directional?, ``fig5`` the shares of the
    toy's non-backtracking 2-step paths from each node (row) that end at each node
    (v_a = 0, v_b = 1), ``counts`` the Condmat counts ``{"N", "P",
    "pos2", "neg2", "pos3"}``, ``by_distance`` the distance histograms of each network,
    ``table2`` the pivot of sigmas (alpha x beta; the chapter
    passes the closed form of :func:`~evalkit.reproductions.link_prediction.table2_closed_form`), ``n_nodes`` each network's node count;
    the rest are the frames of the experiments of the same names.

    Parameters
    ----------
    directional : pandas.Series
        Predictor -> whether it is directional (one entry ``"PropFlow (one ordering)"``).
    fig5 : array-like of float, shape (n, n)
        Shares of the toy network's non-backtracking 2-step paths from each node (row) ending at each node.
    orderings : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.orderings`'s table.
    counts : dict
        Condmat's counts ``"N"``, ``"P"``, ``"pos2"``, ``"neg2"``, ``"pos3"``.
    by_distance : dict
        Network -> :func:`~evalkit.reproductions.link_prediction.distance_histograms`.
    fig10 : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.fig10`'s table.
    table2 : pandas.DataFrame
        Sigmas, alpha (index) by beta (columns).
    fig11 : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.fig11`'s table.
    table3 : pandas.DataFrame
        The ``"table3"`` of :func:`~evalkit.reproductions.link_prediction.table3`.
    fig13 : pandas.DataFrame
        The ``"fig13"`` of :func:`~evalkit.reproductions.link_prediction.table3`.
    steering : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.steering`'s table.
    a_l : array-like of float
        Condmat's mean AUROC at each distance with positives (NaN allowed).
    n_nodes : dict
        Network -> node count.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    The inputs are the distance chapter's results on the real networks (minutes to compute):

    >>> values = ours(**inputs)  # doctest: +SKIP
    >>> values["yang.s3.4.mean-above-both"]  # doctest: +SKIP
    True
    """
    import pandas as pd

    P, N = counts["P"], counts["N"]
    ours = {
        "yang.s3.4.propflow-directional": bool(directional["PropFlow (one ordering)"]
                                              and not directional.drop("PropFlow (one ordering)").any()),
        "yang.fig5.from-vb": bool(np.isclose(fig5[1, 0], 1.0)),
        "yang.fig5.from-va": bool(np.isclose(fig5[0, 1], 1 / 3)),
        "yang.s3.4.condmat.both-orderings": float(orderings.loc["Condmat", "both orderings"]),
        "yang.s3.4.condmat.mean-ordering": float(orderings.loc["Condmat", "mean"]),
        "yang.s3.4.mean-above-both": bool(orderings.loc["Condmat", "mean"] > orderings.loc["Condmat", "both orderings"]),
        "yang.s8.guideline6": bool((orderings.iloc[:, :6].max(axis=1) - orderings.iloc[:, :6].min(axis=1)).max() > 0.01),
        "yang.s4.2.condmat.negatives": N, "yang.s4.2.condmat.positives": P, "yang.s4.2.condmat.ratio": N / P,
        "yang.s4.2.condmat.l2-positives": counts["pos2"], "yang.s4.2.condmat.l2-negatives": counts["neg2"],
        "yang.s4.2.condmat.l2-negatives-at-balance": counts["neg2"] * P / N,
        "yang.s4.2.condmat.l2-share": counts["pos2"] / P, "yang.s4.2.condmat.l3-share": counts["pos3"] / P,
    }
    # Fig. 9: the new links decay exponentially from distance 2 to 5 (or the last finite distance)
    decays, differs = [], []
    for dh in by_distance.values():
        h = dh["preferential_attachment"]
        decays.append(decays_exponentially(h.distance, h.n_positive))
        with_pos = np.isfinite(h.distance) & (h.n_positive > 0)
        rate = h.n_negative[with_pos] / h.n_positive[with_pos]
        differs.append(bool(rate.max() / rate.min() > 10))
    ours["yang.fig9.decay"] = all(decays)
    ours["yang.s8.imbalance-differs-by-distance"] = all(differs)
    # Fig. 10
    single = fig10.drop(columns="all")
    above = fig10["all"] > single.max(axis=1)
    ours["yang.fig10.pa.pooled-above"] = bool(above.xs("PA", level=1).all())
    ours["yang.fig10.pf.pooled-above"] = bool(above.xs("PropFlow", level=1).all())
    pf, pa = fig10.loc[("Condmat", "PropFlow")], fig10.loc[("Condmat", "PA")]
    ours["yang.fig10.condmat.pf-inflation"] = float(pf["all"] / pf.drop("all").max() - 1)
    ours["yang.fig10.condmat.pf-above-pa-overall"] = bool(pf["all"] > pa["all"])
    wins = [d for d in pf.drop("all").dropna().index if pf[d] > pa[d]]
    ours["yang.fig10.condmat.pf-above-pa-only-at-2"] = wins == [2.0]
    cm_pa = by_distance["Condmat"]["preferential_attachment"]
    best, _ = best_distance(pa.drop("all"), dict(zip(cm_pa.distance.astype(float), cm_pa.n_positive)))
    ours["yang.s7.1.condmat.best-distance-7"] = best == 7.0
    gap = fig10["all"] - fig10[2.0]
    size = pd.Series(n_nodes)
    ours["yang.fig10.gap-shrinks-with-size"] = all(
        _rises_with(size.loc[gap.xs(p, level=1).index], gap.xs(p, level=1)) for p in ("PA", "PropFlow"))
    ours["yang.s8.guideline3"] = bool((gap.abs() > 0.05).all())
    # Table 2
    ours.update({f"yang.table2.a{int(round(a * 10)):02d}.b{int(b)}": float(table2.loc[a, b])
                 for a in table2.index for b in table2.columns})
    ours["yang.table2.significant"] = bool(table2.min().min() >= 2)
    ours["yang.table2.falls-with-beta"] = bool((table2[table2.columns.max()] < table2[table2.columns.min()] - 1).all())
    ours["yang.table2.insensitive-to-alpha"] = bool(((table2.max() - table2.min()) <= 1).all())
    # Fig. 11
    cm_pa, cm_pf = fig11.loc[("Condmat", "PA")], fig11.loc[("Condmat", "PropFlow")]
    ours["yang.fig11.condmat.remove-l2.pa"] = float(abs(cm_pa[3.0] / cm_pa["all"] - 1))
    ours["yang.fig11.condmat.remove-l2.pf"] = float(abs(cm_pf[3.0] / cm_pf["all"] - 1))
    ours["yang.fig11.increases"] = bool(all(
        np.all(np.diff(fig11.loc[k].dropna().to_numpy(dtype=float)) >= -1e-9) for k in fig11.index))
    ours["yang.fig11.condmat.conspicuous-after-4"] = bool(all(
        abs(r[4.0] / r["all"] - 1) < 0.01 < abs(r[5.0] / r["all"] - 1) for r in (cm_pa, cm_pf)))
    # Section 4.3: Table 3, Fig. 12 (Condmat's fair test set), steering
    nets = {"condmat": "Condmat", "enron": "email-Eu-core", "facebook": "CollegeMsg"}
    preds = {"pa": "PA", "pf": "PropFlow", "aa": "Adamic/Adar"}
    for key, net in nets.items():
        for pk, pred in preds.items():
            ours[f"yang.table3.{key}.{pk}.fair"] = float(table3.loc[pred, (net, "Fair")])
            ours[f"yang.table3.{key}.{pk}.kaggle"] = float(table3.loc[pred, (net, "Kaggle")])
    all_nets = sorted({c[0] for c in table3.columns})
    gain = pd.DataFrame({n: table3[(n, "Kaggle")] / table3[(n, "Fair")] - 1 for n in all_nets})
    ours["yang.table3.kaggle-higher"] = bool((gain > 0).any().any())
    ours["yang.table3.max-gain"] = float(gain.max().max())
    ours["yang.table3.pa-benefits"] = bool((gain.idxmax() == "PA").all())
    cm13 = fig13[fig13.network == "Condmat"]
    ours["yang.fig12.condmat-fair"] = bool(cm13.loc[cm13.distance >= 4, "fair"].sum() > 0.5)
    reached = (steering["AUROC of the drawn test set"] - steering.index.to_numpy()).abs()
    ours["yang.s4.3.arbitrary-auroc"] = bool((reached < 0.01).all())
    ours["yang.s8.guideline5"] = bool((reached < 0.01).all() and np.nanmax(a_l) - np.nanmin(a_l) > 0.1)
    return ours
