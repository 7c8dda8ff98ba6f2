"""The measures chapter: new nodes (Section 5), Theorem 6.1 and Fig. 14 (top-K), AUPR by distance
(Fig. 15) and by time (Figs. 17-19), and :func:`ours`, the chapter's values of the paper's claims."""
from __future__ import annotations

import functools
from collections.abc import Mapping

import numpy as np

from .... import claims, linkpred
from ...._checks import Choice, Instance, Integer, Jobs, Text, Values, checks
from ...._parallel import parallel_map
from ..._experiment import experiment
from ..setups import DISTANCE_NETWORKS, NETWORKS, Network, distance_histograms, events, mean_propflow, periods, task

__all__ = ["MEASURE_PREDICTORS", "PR_RECALL_GRID", "ROC_FPR_GRID", "TIME_NETWORKS", "aupr_by_distance", "fig14", "new_nodes", "ours", "score_histograms",
           "slice_positives", "theorem61", "time_slices"]

#: label -> predictor name for the engine (PropFlow: its mean-of-orderings matrix)
MEASURE_PREDICTORS = {"PA": "preferential_attachment", "PropFlow": None, "Adamic/Adar": "adamic_adar",
                      "common neighbours": "common_neighbors"}
#: the networks of the time-slice experiment (email-Eu-core's label period has a gap)
TIME_NETWORKS = ("Condmat", "CollegeMsg", "Enron (Benson)")
#: where :func:`time_slices` samples each ROC curve (its true positive rate at these false positive rates)
ROC_FPR_GRID = np.linspace(0, 1, 201)
#: where :func:`time_slices` samples each precision-recall curve (the precision of the first threshold
#: that reaches each recall)
PR_RECALL_GRID = np.linspace(0.005, 1, 200)
_END = "last event"


def _propflow(name):
    # equal to linkpred.propflow(task(name).adjacency): the mean of the cached orderings
    return mean_propflow(name)


def _predictor(name, label):
    return MEASURE_PREDICTORS[label] or _propflow(name)


@functools.lru_cache(maxsize=None)
def _histogram(name, label):
    t = task(name, end=_END)
    h = linkpred.score_histogram(t.adjacency, t.positives, _predictor(name, label))
    # PropFlow's millions of distinct scores kept as its ranking (top-k rates and areas exact)
    return h.rank_compressed() if label == "PropFlow" else h


@checks(networks=Values(Choice(*NETWORKS)))
def score_histograms(networks=DISTANCE_NETWORKS):
    """``{(network, label): ScoreHistogram}`` of the four predictors of ``MEASURE_PREDICTORS``; computed once.

    PropFlow's is rank-compressed (:meth:`evalkit.linkpred.ScoreHistogram.rank_compressed`:
    its rankings, areas and top-k rates exact; its ``negative_values`` not the distinct scores).

    Parameters
    ----------
    networks : tuple of str, default DISTANCE_NETWORKS
        Networks.

    Returns
    -------
    dict
        ``(network, label) -> evalkit.linkpred.ScoreHistogram``.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> len(score_histograms(("CollegeMsg",)))  # doctest: +SKIP
    4
    """
    return {(name, pred): _histogram(name, pred) for name in networks for pred in MEASURE_PREDICTORS}


_NETS = {"book": {"networks": DISTANCE_NETWORKS}, "paper": {"networks": DISTANCE_NETWORKS}}


def _new_nodes_unit(name):
    """One network of Section 5's two constructions (a unit of the stored run)."""
    inc = task(name, end=_END, new_nodes="include")
    S_inc = linkpred.propflow(inc.weights)
    rows = []
    for label, t, S in (("training network", task(name, end=_END), _propflow(name)),
                        ("testing network", inc, S_inc)):
        row = {"construction": label, "nodes": t.n_nodes, "positives": len(t.positives), "candidates": t.n_candidates}
        for pred in ("PA", "PropFlow", "Adamic/Adar"):
            e = linkpred.evaluate_all_pairs(t.adjacency, t.positives, MEASURE_PREDICTORS[pred] or S)
            row[f"AUROC {pred}"], row[f"AUPR {pred}"] = e.auroc, e.aupr
        rows.append(row)
    return rows


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), n_jobs=Jobs())
@experiment("link-prediction-new-nodes", scales=_NETS,
            paper_cost="~65 s on 1 core (3 units, one per network; the book reads the stored run)",
            stored=({"scale": "paper"},), spot_check=1, data=("temporal/",))
def new_nodes(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS, n_jobs: int | None = None,
              progress: bool = False):
    """Section 5: test sets from the training network against the testing network (new nodes included).

    Parameters
    ----------
    networks : tuple of str
        Networks.
    n_jobs : int or None, default None
        Parallel jobs over the networks (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set). The results do not depend on it.
    progress : bool
        Show a progress bar over the networks.

    Returns
    -------
    pandas.DataFrame
        Index (network, construction): nodes, positives, candidates, AUROC and AUPR of PA,
        PropFlow and Adamic/Adar.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> new_nodes(networks=("CollegeMsg",))["positives"].tolist()  # doctest: +SKIP
    [302.0, 492.0]
    """
    import pandas as pd

    units = parallel_map(_new_nodes_unit, [(name,) for name in networks], n_jobs=n_jobs, progress=progress,
                         desc="Section 5 networks")
    rows = {(name, row["construction"]): {k: v for k, v in row.items() if k != "construction"}
            for name, unit in zip(networks, units) for row in unit}
    return pd.DataFrame(rows).T


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)))
@experiment("link-prediction-theorem61", scales=_NETS, paper_cost="~40 s on 1 core")
def theorem61(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS):
    """Theorem 6.1: specificity from the top-:math:`|P|` rate against the ROC curve, for every ranking.

    Parameters
    ----------
    networks : tuple of str
        Networks (four predictors each).

    Returns
    -------
    pandas.DataFrame
        Index (network, predictor): TPR_K, its range over tie orderings, both specificities
        and their difference.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> float(theorem61(networks=("CollegeMsg",))["difference"].abs().max())  # doctest: +SKIP
    0.0
    """
    import pandas as pd

    check = {}
    for (name, pred), h in score_histograms(networks).items():
        r = linkpred.top_k_rate(h, h.n_positive)
        fpr, tpr = h.roc_curve()
        # the point of the ROC curve where TP + FP = K, interpolated inside its tie group
        size = tpr * h.n_positive + fpr * h.n_negative
        spec_roc = 1 - np.interp(h.n_positive, size, fpr)
        spec_thm = 1 - (1 - r.rate[0]) * h.n_positive / h.n_negative
        check[(name, pred)] = {"TPR_K": r.rate[0], "range low": r.true_positives_low[0] / h.n_positive,
                               "range high": r.true_positives_high[0] / h.n_positive,
                               "specificity (ROC)": spec_roc, "specificity (Thm 6.1)": spec_thm,
                               "difference": spec_roc - spec_thm}
    return pd.DataFrame(check).T


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), n_k=Integer(1))
@experiment("link-prediction-fig14", scales={"book": {"networks": DISTANCE_NETWORKS, "n_k": 400},
                                   "paper": {"networks": DISTANCE_NETWORKS, "n_k": 400}},
            paper_cost="~40 s on 1 core")
def fig14(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS, n_k: int = 400):
    """Fig. 14: top-K predictive rate with K swept over the ranking, and the rank reversals.

    Parameters
    ----------
    networks : tuple of str
        Networks.
    n_k : int
        Log-spaced values of K per network (duplicates after rounding dropped).

    Returns
    -------
    dict
        ``"rates"``: DataFrame (network, predictor, k, k_percent, rate); ``"reversals"``:
        DataFrame, one row per place where two predictors swap.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> sorted(fig14(networks=("CollegeMsg",), n_k=20))  # doctest: +SKIP
    ['rates', 'reversals']
    """
    import pandas as pd

    hists = score_histograms(networks)
    curves, reversals = [], []
    for name in networks:
        n_all = hists[(name, "PA")].n_positive + hists[(name, "PA")].n_negative
        ks = np.unique(np.round(np.logspace(0, np.log10(n_all), n_k)).astype(np.int64))
        rates = {}
        for pred in MEASURE_PREDICTORS:
            rates[pred] = linkpred.top_k_rate(hists[(name, pred)], ks).rate
            curves.append(pd.DataFrame({"network": name, "predictor": pred, "k": ks, "k_percent": 100 * ks / n_all,
                                        "rate": rates[pred]}))
        preds = list(MEASURE_PREDICTORS)
        for i, a in enumerate(preds):
            for b in preds[i + 1:]:
                sign = np.sign(rates[a] - rates[b])
                flips = np.flatnonzero((sign[1:] != sign[:-1]) & (sign[1:] != 0) & (sign[:-1] != 0))
                for f in flips:
                    reversals.append({"network": name, "pair": f"{a} / {b}", "K": int(ks[f + 1]),
                                      "K (%)": 100 * ks[f + 1] / n_all,
                                      "ahead before": a if sign[f] > 0 else b, "ahead after": b if sign[f] > 0 else a})
    return {"rates": pd.concat(curves, ignore_index=True), "reversals": pd.DataFrame(reversals)}


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)))
@experiment("link-prediction-fig15", scales=_NETS, paper_cost="~60 s on 1 core")
def aupr_by_distance(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS):
    """Fig. 15 / Section 7.1: AUPR of PA and PropFlow at each distance up to 6 and over all pairs.

    Parameters
    ----------
    networks : tuple of str
        Networks.

    Returns
    -------
    pandas.DataFrame
        Index (network, predictor): AUPR at l = 2 .. 6 and over all pairs, AUROC at l = 2 and overall.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> aupr_by_distance(networks=("CollegeMsg",)).round(4).iloc[:, :2]  # doctest: +SKIP
                          l = 2   l = 3
    CollegeMsg PA        0.0018  0.0012
               PropFlow  0.0008  0.0004
    """
    import pandas as pd

    aupr_rows = {}
    for name in networks:
        per = {k: v for k, v in distance_histograms(name).items() if k in ("preferential_attachment", "propflow")}
        for pred, dh in per.items():
            ev = dh.evaluate()
            short = "PA" if pred.startswith("pref") else "PropFlow"
            row = {f"l = {int(d)}": ev[d].aupr for d in dh.distance if np.isfinite(d) and d <= 6}
            row["all pairs"] = dh.pooled().evaluate().aupr
            row["AUROC l = 2"] = ev[2.0].auroc
            row["AUROC all"] = dh.pooled().evaluate().auroc
            aupr_rows[(name, short)] = row
    return pd.DataFrame(aupr_rows).T


@checks(name=Choice(*NETWORKS), n_slices=Integer(1))
def slice_positives(name, *, n_slices=5):
    """Positives in each of ``n_slices`` equal slices of a network's label period.

    Parameters
    ----------
    name : str
        One of ``NETWORKS``.
    n_slices : int, default 5
        Equal-duration slices of the label period.

    Returns
    -------
    list of int
        The positives of each slice.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> slice_positives("CollegeMsg", n_slices=2)  # doctest: +SKIP
    [204, 127]
    """
    p = periods(name, end=_END)
    slices, _ = linkpred.temporal_slices(events(name), p["split"], p["end"], n_slices=n_slices)
    return [len(t.positives) for t in slices]


def _time_slices_unit(name, cumulative, n_slices):
    """One network's slices (or agglomerated slices) of Figs. 16-19 (a unit of the stored run)."""
    p = periods(name, end=_END)
    slices, _ = linkpred.temporal_slices(events(name), p["split"], p["end"], n_slices=n_slices,
                                         cumulative=cumulative, start=p.get("start"))
    rows = []
    for i, t in enumerate(slices, start=1):
        for pred in ("PA", "PropFlow", "Adamic/Adar"):
            h = linkpred.score_histogram(t.adjacency, t.positives, _predictor(name, pred))
            e = h.evaluate()
            fpr, tpr = h.roc_curve()
            recall, precision = h.precision_recall_curve()
            rows.append({"network": name, "design": "agglomerated" if cumulative else "slice", "i": i,
                         "predictor": pred, "positives": e.n_positive, "AUROC": e.auroc, "AUPR": e.aupr,
                         "ROC": np.interp(ROC_FPR_GRID, fpr, tpr).tolist(),
                         "PR": precision[np.searchsorted(recall, PR_RECALL_GRID - 1e-12)].tolist()})
    return rows


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), n_slices=Integer(1), n_jobs=Jobs())
@experiment("link-prediction-time-slices", scales={"book": {"networks": TIME_NETWORKS, "n_slices": 5},
                                         "paper": {"networks": TIME_NETWORKS, "n_slices": 5}},
            paper_cost="~1.5 min on 1 core (6 units, one per network and design; the book reads the stored run)",
            stored=({"scale": "paper"},), spot_check=1, data=("temporal/",))
def time_slices(*, networks: tuple[Network, ...] = TIME_NETWORKS, n_slices: int = 5, n_jobs: int | None = None,
                progress: bool = False):
    """Figs. 16-19: PA, PropFlow and Adamic/Adar on each slice of the label period, and agglomerated.

    Parameters
    ----------
    networks : tuple of str
        Networks.
    n_slices : int
        Equal-duration slices of the label period.
    n_jobs : int or None, default None
        Parallel jobs over the networks and designs (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set). The results do not depend on it.
    progress : bool
        Show a progress bar over the networks and designs.

    Returns
    -------
    pandas.DataFrame
        Columns network, design ('slice' / 'agglomerated'), i, predictor, positives, AUROC, AUPR,
        and the curves: ``ROC`` (the true positive rates at ``ROC_FPR_GRID``) and ``PR`` (the
        precisions at ``PR_RECALL_GRID``), lists of float.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> slices = time_slices(networks=("CollegeMsg",), n_slices=2)  # doctest: +SKIP
    >>> int(slices.loc[0, "positives"]), round(float(slices.loc[0, "AUROC"]), 4)  # doctest: +SKIP
    (204, 0.8761)
    """
    import pandas as pd

    units = parallel_map(_time_slices_unit, [(name, cumulative, n_slices) for name in networks
                                             for cumulative in (False, True)],
                         n_jobs=n_jobs, progress=progress, desc="Figs. 17-19 networks and designs")
    return pd.DataFrame([row for unit in units for row in unit])


def _example_frame():
    """A small DataFrame: the common test's valid value for a results-table parameter."""
    import pandas as pd

    return pd.DataFrame({"x": [0.5, 0.25]})


@checks(new_nodes=Instance("DataFrame", example=_example_frame),
        theorem61=Instance("DataFrame", example=_example_frame),
        reversals=Instance("DataFrame", example=_example_frame), networks=Values(Text()),
        aupr=Instance("DataFrame", example=_example_frame), temporal=Instance("DataFrame", example=_example_frame),
        hists=Instance(Mapping, example=dict), tasks=Instance(Mapping, example=dict))
def ours(*, new_nodes, theorem61, reversals, networks, aupr, temporal, hists, tasks):
    """Our values of the measures chapter's claims: Section 5, Theorem 6.1, Figs. 14, 15 and 17-19,
    guidelines 1, 2, 7 and 9.

    ``temporal`` is the summary table (network, predictor, design) -> the two monotonicity
    columns and whether the AUROC changes direction across the slices; ``hists`` the score histograms by (network, predictor). The training-network
    candidates of Condmat are compared with the source's count of its negatives
    (``yang.s4.2.condmat.negatives``).

    Parameters
    ----------
    new_nodes : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.new_nodes`'s table.
    theorem61 : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.theorem61`'s table.
    reversals : pandas.DataFrame
        The ``"reversals"`` of :func:`~evalkit.reproductions.link_prediction.fig14`, one row per rank reversal.
    networks : tuple of str
        The networks of the chapter.
    aupr : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.aupr_by_distance`'s table.
    temporal : pandas.DataFrame
        (network, predictor, design) -> the two monotonicity columns (AUPR, AUROC) and
        ``"AUROC changes direction"`` (it both rises and falls between consecutive slices).
    hists : dict
        :func:`~evalkit.reproductions.link_prediction.score_histograms`.
    tasks : dict
        Network -> its test task.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    The inputs are the measures chapter's results on the real networks (minutes to compute):

    >>> values = ours(**inputs)  # doctest: +SKIP
    >>> values["yang.thm61.statement"]  # doctest: +SKIP
    True
    """
    paper_negatives = claims.source_value("yang.s4.2.condmat.negatives")
    tr = new_nodes.xs("training network", level=1)
    te = new_nodes.xs("testing network", level=1)
    auroc_cols = [c for c in new_nodes.columns if c.startswith("AUROC")]
    drop = tr[auroc_cols] - te[auroc_cols]
    dist_cols = [c for c in aupr.columns if c.startswith("l = ")]
    declines = [bool(np.all(np.diff(aupr.loc[i, dist_cols[:4]].dropna().astype(float).to_numpy()) < 0)) for i in aupr.index]
    rises = [bool(np.all(np.diff(aupr.loc[i, dist_cols[:4]].dropna().astype(float).to_numpy()) > 0)) for i in aupr.index]
    n = len(aupr)
    l2_above = int((aupr["l = 2"] > aupr["all pairs"]).sum())
    auroc_below = int((aupr["AUROC l = 2"] < aupr["AUROC all"]).sum())
    designs = {d: temporal.xs(d, level=2) for d in ("slice", "agglomerated")}
    aupr_ok = {d: int(t.iloc[:, 0].sum()) for d, t in designs.items()}
    auroc_ok = {d: int(t.iloc[:, 1].sum()) for d, t in designs.items()}
    n_t = len(designs["slice"])
    enron = reversals[reversals.network == "email-Eu-core"]
    same_sets = all(len({(h.n_positive, h.n_negative) for (net, _), h in hists.items() if net == name}) == 1
                    for name in networks)
    ratio = {name: (t.n_candidates - len(t.positives)) / len(t.positives) for name, t in tasks.items()}
    # Section 7's bound is for sparse networks: at most one new link per vertex on average, 2 |P| <= |V|
    # (with about |V|^2 / 2 candidates, the bound |N| / |P| >= |V| needs |P| <= |V| / 2)
    sparse = [name for name, t in tasks.items() if 2 * len(t.positives) <= t.n_nodes]
    fluctuating = designs["slice"]["AUROC changes direction"].astype(bool)
    return {
        "yang.s5.same-effect": bool((drop > 0).all().all() and (drop.max(axis=1) - drop.min(axis=1) <= 0.01).all()),
        "yang.s5.training-network": bool(abs(tr.loc["Condmat", "candidates"] - paper_negatives) <= 0.001 * paper_negatives),
        "yang.s8.guideline9": bool((drop > 0).all().all()),
        "yang.thm61.statement": bool(theorem61["difference"].abs().max() < 1e-9),
        "yang.fig14.k-changes-ranking": bool(len(reversals) > 0),
        "yang.fig14.enron.pa-pf-reversal": bool((enron["pair"].astype(str).str.contains("PA")
                                                 & enron["pair"].astype(str).str.contains("PropFlow")).any()),
        "yang.s8.guideline2": bool(reversals.network.nunique() == len(networks)),
        "yang.s7.imbalance-bound": bool(sparse) and all(ratio[name] >= tasks[name].n_nodes for name in sparse),
        "yang.fig15.aupr-l2-above-all": l2_above == n,
        "yang.fig15.aupr-declines": sum(declines) == n,
        "yang.fig15.aupr-increases": sum(rises) > n / 2,
        "yang.s8.guideline1": l2_above == n and auroc_below == n and aupr_ok["agglomerated"] == n_t,
        "yang.s8.guideline7": bool(same_sets),
        "yang.fig17.auroc-fluctuates": bool(fluctuating.sum() > n_t / 2),
        "yang.fig18.aupr-declines": aupr_ok["slice"] == n_t,
        "yang.fig19.aupr-rises": aupr_ok["agglomerated"] == n_t,
        "yang.fig19.auroc-not-rising": auroc_ok["agglomerated"] < n_t,
    }
