"""Our values of the claims of Yang, Lichtenwalter & Chawla, from the chapters' computed results.

The source's values live only in the registry (``evalkit/reproductions/link_prediction/claims.toml``).
Each ``*_claims`` function takes what a chapter of the link-prediction part has computed and
returns ``{claim id: our value}``: a number for a numeric claim, a bool (the predicate) for
a qualitative one. :func:`record_claims` records them all, with the stand-in, scale,
explanation or source-error notes of :data:`OPTIONS` and the sentences of :data:`SENTENCES`.

Examples
--------
>>> import pandas as pd
>>> from evalkit.reproductions.link_prediction import claims as yc
>>> table1 = pd.DataFrame({"relation": ["is"], "nodes": [10], "edges": [12], "feature-network density": [0.2]},
...                       index=["Condmat"])
>>> ours = yc.framework_claims(table1=table1, imbalance=None, spans=None, distinct=None)
>>> ours["yang.table1.condmat.edges"], ours["yang.table1.condmat.density"]
(12, 0.2)
"""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
from scipy import stats

from evalkit import claims as _claims

from ..._checks import Array, Instance, Integer, Real, Text, Values, checks

__all__ = ["OPTIONS", "SENTENCES", "distance_claims", "fig10_exceptions", "framework_claims", "measures_claims", "options",
           "record_claims", "sampling_claims"]


def _example_frame():
    """A small DataFrame: the common test's valid value for a results-table parameter."""
    return pd.DataFrame({"x": [0.5, 0.25]})


# ---------------------------------------------------------------- the notes of the records

#: Stand-ins, in words (the ``data=`` of the records).
# CollegeMsg is the paper's Facebook (yang.identify_networks): its claims carry no stand-in note
ENRON = "email-Eu-core in place of Enron"
STANDINS = "Condmat in place of DBLP and email-Eu-core in place of Enron"
TIME_STANDINS = ("Condmat in place of DBLP and Enron (Benson et al.'s 143 employees) in place of Enron "
                 "(email-Eu-core's label period has a 272-day gap)")
SUPERVISED = "scikit-learn's gradient boosting on five predictor features"

#: Per-claim (or per-prefix, ending in ".") notes: data, scale, explanation, source_error.
OPTIONS = {
    "yang.table1.condmat.density": {"source_error": "errata-yang"},
    "yang.table1.facebook.density": {"source_error": "errata-yang"},
    "yang.fig3.distributions-differ": {"data": "Condmat in place of DBLP"},
    "yang.s3.3.balanced-baselines": {"source_error": "errata-yang-baselines"},
    "yang.s3.3.": {"data": STANDINS},
    "yang.s4.1.imbalance-thousands": {"data": STANDINS},
    "yang.fig7.condmat.imbalance-order": {"source_error": "errata-yang-imbalance"},
    "yang.fig7.condmat.sampled-imbalance-order": {"source_error": "errata-yang-imbalance"},
    "yang.fig7.condmat.stable-rate": {"explanation": "lp-fig7-stability"},
    "yang.fig7.facebook.stable-rate": {"explanation": "lp-fig7-stability"},
    "yang.fig7.variance-grows": {"data": ENRON, "scale": "book scale"},
    "yang.fig7.mean-stable": {"data": ENRON},
    "yang.fig8.dblp.stable-rate": {"data": "Condmat in place of DBLP; " + SUPERVISED},
    "yang.fig8.enron.stable-rate": {"data": ENRON + "; " + SUPERVISED},
    "yang.fig8.supervised-same": {"data": "Condmat and email-Eu-core in place of DBLP and Enron; " + SUPERVISED},
    "yang.cor43.": {"data": ENRON},
    "yang.cor43.facebook-above-condmat": {},
    "yang.s3.4.propflow-directional": {"data": "email-Eu-core"},
    "yang.s3.4.condmat.": {"explanation": "lp-directionality"},
    "yang.s4.2.condmat.negatives": {"source_error": "errata-yang"},
    "yang.s4.2.condmat.positives": {"source_error": "errata-yang"},
    "yang.s4.2.condmat.ratio": {"source_error": "errata-yang"},
    "yang.s4.2.condmat.l2-negatives-at-balance": {"source_error": "errata-yang"},
    "yang.s4.2.condmat.l2-share": {"source_error": "errata-yang"},
    "yang.s4.2.condmat.l3-share": {"source_error": "errata-yang"},
    "yang.fig9.decay": {"data": STANDINS},
    "yang.fig10.pa.pooled-above": {"data": STANDINS, "explanation": "lp-fig10-exceptions"},
    "yang.fig10.pf.pooled-above": {"data": STANDINS, "explanation": "lp-fig10-exceptions"},
    "yang.fig10.condmat.pf-above-pa-only-at-2": {"explanation": "lp-pf-vs-pa"},
    "yang.fig10.gap-shrinks-with-size": {"data": STANDINS},
    "yang.table2.": {"data": "Condmat's counts in place of DBLP's (not printed)",
                     "scale": "the closed form, what the paper's 100,000 simulations per cell converge to "
                              "(checked against 400 simulations per cell)",
                     "explanation": "lp-table2-why"},
    "yang.fig11.increases": {"data": STANDINS},
    "yang.table3.enron.": {"data": ENRON},
    "yang.table3.facebook.pa.fair": {"explanation": "lp-table3-truncation"},
    "yang.table3.facebook.pf.fair": {"explanation": "lp-table3-truncation"},
    "yang.table3.facebook.aa.fair": {"explanation": "lp-table3-truncation"},
    "yang.table3.kaggle-higher": {"data": STANDINS, "explanation": "lp-kaggle"},
    "yang.table3.max-gain": {"data": STANDINS, "explanation": "lp-kaggle"},
    "yang.table3.pa-benefits": {"data": STANDINS, "explanation": "lp-kaggle"},
    "yang.s8.imbalance-differs-by-distance": {"data": STANDINS},
    "yang.s8.guideline3": {"data": STANDINS},
    "yang.s8.guideline6": {"data": STANDINS},
    "yang.s5.same-effect": {"data": STANDINS},
    "yang.s5.training-network": {"source_error": "errata-yang"},
    "yang.s8.guideline9": {"data": STANDINS},
    "yang.thm61.statement": {"data": STANDINS},
    "yang.fig14.k-changes-ranking": {"data": STANDINS},
    "yang.fig14.enron.pa-pf-reversal": {"data": ENRON},
    "yang.s8.guideline2": {"data": STANDINS},
    "yang.s7.imbalance-bound": {"data": STANDINS},
    "yang.fig15.": {"data": STANDINS},
    "yang.fig15.aupr-increases": {"data": STANDINS, "source_error": "errata-yang"},
    "yang.s8.guideline1": {"data": STANDINS},
    "yang.s8.guideline7": {"data": STANDINS},
    "yang.fig17.": {"data": TIME_STANDINS},
    "yang.fig18.": {"data": TIME_STANDINS},
    "yang.fig19.": {"data": TIME_STANDINS},
}

# Table 3's Kaggle cells: the distance chapter's Kaggle section shows why balancing within
# distances lowers the AUROC (a weighted mean of the per-distance AUROCs)
for _net in ("condmat", "enron", "facebook"):
    for _p in ("pa", "pf", "aa"):
        OPTIONS[f"yang.table3.{_net}.{_p}.kaggle"] = {
            **({"data": ENRON} if _net == "enron" else {}),
            "explanation": "lp-kaggle"}

#: Sentences for the qualitative claims that the prose states: ``{id: (if_true, if_false)}``.
SENTENCES = {
    "yang.fig10.pa.pooled-above": (
        "For preferential attachment the AUROC over all pairs is above the AUROC within every single distance on every network.",
        "For preferential attachment the AUROC over all pairs is **not** above every single distance's on every network: "
        "some distances, each holding few positives, score higher than the pooled pairs (next section)."),
    "yang.fig10.pf.pooled-above": (
        "For PropFlow the AUROC over all pairs is above the AUROC within every single distance on every network.",
        "For PropFlow, too, the pooled AUROC is **not** above every single distance's on every network: there are "
        "exceptions at distances with few positives (next section)."),
    "yang.table3.kaggle-higher": (
        "Kaggle-style sampling raises at least one predictor's AUROC on our networks, as the paper's Table 3 finds.",
        "**The Kaggle-style sample lowers every predictor's AUROC on every one of our networks**, where the paper's "
        "Table 3 finds it raises them."),
    "yang.s8.guideline3": (
        "the pooled AUROC differs from the 2-hop AUROC by more than 0.05 on every curve: the pooled number does "
        "not describe the distance that matters most, which is the paper's reason to report results by distance.",
        "the pooled AUROC is within 0.05 of the 2-hop AUROC on some curve: there, reporting by distance adds little."),
    "yang.fig15.aupr-increases": (
        "The AUPR rises with distance in most of our rankings, as the paper's sentence says.",
        "The AUPR does not rise with distance in most of our rankings: the paper's sentence that it \"increases "
        "almost monotonically with increasing $\\ell$\" contradicts its figure and ours."),
    "yang.s5.same-effect": (
        "Including the new nodes changes every predictor's AUROC by about the same amount.",
        "Including the new nodes lowers every predictor's AUROC, but by different amounts: the \"same effect "
        "across any set of predictors\" the paper expects holds only for the sign."),
}


@checks(claim_id=Text())
def options(claim_id):
    """The notes (data, scale, explanation, source_error) of one claim's record: the claim's own
    entry in :data:`OPTIONS`, else the longest prefix entry that matches it, else none.

    Parameters
    ----------
    claim_id : str
        A claim id of the Yang et al. registry.

    Returns
    -------
    dict
        The keyword arguments (``data``, ``scale``, ``explanation``, ``source_error``) of its record.

    Examples
    --------
    >>> options("yang.table1.condmat.density")
    {'source_error': 'errata-yang'}
    >>> options("yang.s3.3.auroc-baseline")
    {'data': 'Condmat in place of DBLP and email-Eu-core in place of Enron'}
    """
    if claim_id in OPTIONS:
        return dict(OPTIONS[claim_id])
    prefixes = [p for p in OPTIONS if p.endswith(".") and claim_id.startswith(p)]
    return dict(OPTIONS[max(prefixes, key=len)]) if prefixes else {}


def _sentences(claim_id):
    return SENTENCES[claim_id] if claim_id in SENTENCES else _claims.sentences(claim_id)


@checks(ours=Instance(dict, example=dict))
def record_claims(ours):
    """Record every claim of ``ours`` (``{id: value}``) with :func:`evalkit.claims.record_all`,
    each with its :func:`options` and, for a qualitative claim, its sentences.

    Parameters
    ----------
    ours : dict
        ``{claim id: our value}``, as the ``*_claims`` functions return it.

    Returns
    -------
    list of evalkit.claims.Record
        One record per claim, with its verdict.

    Examples
    --------
    >>> from evalkit import claims
    >>> ours = {"yang.table1.condmat.edges": claims.source_value("yang.table1.condmat.edges")}
    >>> [r.verdict for r in record_claims(ours)]  # outside a notebook: no glue
    ['reproduced']
    """
    return _claims.record_all(ours, options={cid: options(cid) for cid in ours}, sentences=_sentences)


# ---------------------------------------------------------------- the chapters' claims

@checks(table1=Instance(pd.DataFrame, none=True, example=_example_frame),
        imbalance=Instance(pd.DataFrame, none=True, example=_example_frame),
        spans=Instance(Mapping, none=True, example=dict), distinct=Instance(Mapping, none=True, example=dict))
def framework_claims(*, table1, imbalance, spans, distinct):
    """The framework chapter: Table 1, Fig. 3, the baselines of Section 3.3.

    ``table1`` is :func:`~evalkit.reproductions.link_prediction.table1`'s table (None to skip its
    claims): its rows for the
    networks we have (``relation == "is"``) give the nodes of the feature network, the
    edges of the whole period (as the paper counts them) and the density of the feature
    network (the paper's mixes the two periods). ``imbalance`` is
    :func:`~evalkit.reproductions.link_prediction.class_imbalance`'s table (None to skip its claims),
    ``spans`` and ``distinct`` map ``"adamic_adar"`` and ``"preferential_attachment"`` to
    the orders of magnitude and the number of distinct values of the inverse scores (None
    to skip Fig. 3).

    Parameters
    ----------
    table1 : pandas.DataFrame or None
        :func:`~evalkit.reproductions.link_prediction.table1`'s table, or None to skip its claims.
    imbalance : pandas.DataFrame or None
        :func:`~evalkit.reproductions.link_prediction.class_imbalance`'s table, or None to skip its claims.
    spans : dict or None
        Predictor name -> orders of magnitude spanned by its inverse scores (None: skip Fig. 3).
    distinct : dict or None
        Predictor name -> number of distinct values of its inverse scores (None: skip Fig. 3).

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> import pandas as pd
    >>> table1 = pd.DataFrame({"relation": ["is"], "nodes": [10], "edges": [12], "feature-network density": [0.2]},
    ...                       index=["Condmat"])
    >>> ours = framework_claims(table1=table1, imbalance=None, spans=None, distinct=None)
    >>> ours["yang.table1.condmat.nodes"], ours["yang.table1.condmat.density"]
    (10, 0.2)
    """
    ours = {}
    rows = table1[table1["relation"] == "is"].iterrows() if table1 is not None else ()
    for net, row in rows:
        key = f"yang.table1.{net.lower()}"
        ours.update({f"{key}.nodes": int(row["nodes"]), f"{key}.edges": int(row["edges"]),
                     f"{key}.density": float(row["feature-network density"])})
    if spans is not None:
        aa, pa = "adamic_adar", "preferential_attachment"
        ratio = max(distinct[aa], distinct[pa]) / min(distinct[aa], distinct[pa])
        ours["yang.fig3.distributions-differ"] = bool(abs(spans[aa] - spans[pa]) > 1 or ratio > 10)
    if imbalance is not None:
        # balanced classes: the baselines of the trivial and random predictors at P = N
        balanced = {"random accuracy": 0.5, "random precision": 0.5, "random recall": 0.5,
                    "all-negative accuracy": 0.5, "all-negative recall": 0.0,
                    "all-positive precision": 0.5, "all-positive recall": 1.0,
                    "constant AUROC": 0.5, "constant AUPR": 0.5}
        prior = 1 / (1 + imbalance["negatives per positive"])
        ours.update({
            "yang.s3.3.balanced-baselines": bool(all(v == 0.5 for v in balanced.values())),
            "yang.s3.3.accuracy-near-one": bool((imbalance["all-negative: accuracy"] > 0.99).mean() > 0.5),
            "yang.s3.3.auroc-baseline": bool(np.allclose(imbalance["constant score: AUROC"], 0.5)),
            "yang.s3.3.precision-baseline": bool(
                np.allclose(imbalance["random: precision"], prior) and np.allclose(imbalance["all-positive: precision"], prior)
                and np.allclose(imbalance["constant score: AUPR"], prior)),
            "yang.s4.1.imbalance-thousands": bool((imbalance["negatives per positive"] > 1000).mean() > 0.5),
            "yang.fig7.condmat.imbalance-order": float(np.log10(imbalance.loc["Condmat", "negatives per positive"])),
            "yang.fig7.condmat.sampled-imbalance-order":
                float(np.log10(imbalance.loc["Condmat", "negatives per positive"] * 1e-3)),
        })
    return ours


def _stable_rate(d, limit=0.01):
    """The smallest sampling rate from which on every larger rate the AUROC's range is at most ``limit``."""
    d = d.sort_values("p")
    ok = ((d["max"] - d["min"]) <= limit).to_numpy()
    p = d["p"].to_numpy()
    bad = np.flatnonzero(~ok)
    return float(p[bad[-1] + 1]) if bad.size else float(p[0])


@checks(theorem=Instance(pd.DataFrame, example=_example_frame), corollary_z=Array(ndim=1),
        corollary=Instance(pd.DataFrame, example=_example_frame), fig7=Instance(pd.DataFrame, example=_example_frame),
        fig8=Instance(pd.DataFrame, example=_example_frame))
def sampling_claims(*, theorem, corollary_z, corollary, fig7, fig8):
    """The sampling chapter: Theorem 4.1, Equation 1, Corollary 4.3, Figs. 7 and 8.

    ``theorem`` is :func:`~evalkit.reproductions.link_prediction.theorem41`'s table, ``corollary`` and
    ``corollary_z`` the table of :func:`~evalkit.reproductions.link_prediction.corollary43` and the z
    scores of its normalised variances, ``fig7`` and ``fig8`` the frames of
    :func:`~evalkit.reproductions.link_prediction.fig7` and :func:`~evalkit.reproductions.link_prediction.fig8`.

    Parameters
    ----------
    theorem : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.theorem41`'s table (with a column ``p``).
    corollary_z : array-like of float
        z scores of the normalised variances of Corollary 4.3.
    corollary : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.corollary43`'s table, indexed by network.
    fig7 : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.fig7`'s frame.
    fig8 : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.fig8`'s frame (Condmat and email-Eu-core).

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> import pandas as pd
    >>> def curve(net, pred, spread):
    ...     return pd.DataFrame({"network": net, "predictor": pred, "p": [1e-3, 1e-2, 1.0], "mean": 0.8,
    ...                          "min": [0.8 - spread, 0.8 - spread / 10, 0.8], "max": [0.8 + spread, 0.8 + spread / 10, 0.8]})
    >>> fig7 = pd.concat([curve("Condmat", "PA", 0.02), curve("Condmat", "PF", 0.01),
    ...                   curve("CollegeMsg", "PA", 0.02), curve("CollegeMsg", "PF", 0.03)], ignore_index=True)
    >>> fig8 = pd.concat([curve("Condmat", "GB", 0.02), curve("email-Eu-core", "GB", 0.02)], ignore_index=True)
    >>> theorem = pd.DataFrame({"p": [1e-4, 1e-3], "Theorem 4.1": [2e-3, 2e-4], "ratio": [1.02, 0.97]})
    >>> corollary = pd.DataFrame({"Var(AUROC), measured": [1e-5, 4e-5]}, index=["Condmat", "CollegeMsg"])
    >>> ours = sampling_claims(theorem=theorem, corollary_z=[0.5, -1.2], corollary=corollary, fig7=fig7, fig8=fig8)
    >>> ours["yang.thm41.statement"], ours["yang.fig7.condmat.stable-rate"]
    (True, 0.01)
    """
    ratio_ok = bool(((theorem["ratio"] > 0.8) & (theorem["ratio"] < 1.25)).all())
    by_rate = theorem.groupby("p")["Theorem 4.1"].mean().sort_index()
    rises = bool(np.all(np.diff(by_rate.to_numpy()) < 0))
    curves = {k: d for k, d in fig7.groupby(["network", "predictor"], sort=False)}
    spread = {k: float((d.sort_values("p")["max"] - d.sort_values("p")["min"]).iloc[0]) for k, d in curves.items()}

    def grows(d):
        d = d.sort_values("p")
        return bool(np.all(np.diff((d["max"] - d["min"]).to_numpy()) <= 1e-3))

    def mean_stable(d):
        d = d.sort_values("p")
        full = d["mean"].iloc[-1]
        return bool((d.loc[d["p"] >= 1e-3, "mean"] - full).abs().max() <= 0.005)

    cm = {k[1]: v for k, v in spread.items() if k[0] == "Condmat"}
    cmsg = {k[1]: v for k, v in spread.items() if k[0] == "CollegeMsg"}
    sup = {k: d for k, d in fig8.groupby("network", sort=False)}
    var = corollary["Var(AUROC), measured"]
    return {
        "yang.thm41.statement": ratio_ok and rises,
        "yang.eq1.variance": ratio_ok,
        "yang.thm41.linear-in-inverse-p": ratio_ok,
        "yang.cor43.statement": bool(np.abs(np.asarray(corollary_z)).max() < 3),
        "yang.cor43.facebook-above-condmat": bool(var.loc["CollegeMsg"] > var.loc["Condmat"]),
        "yang.fig7.variance-grows": all(grows(d) for d in curves.values()),
        "yang.fig7.mean-stable": all(mean_stable(d) for d in curves.values()),
        "yang.fig7.condmat.stable-rate": max(_stable_rate(d) for k, d in curves.items() if k[0] == "Condmat"),
        "yang.fig7.facebook.stable-rate": max(_stable_rate(d) for k, d in curves.items() if k[0] == "CollegeMsg"),
        "yang.fig7.condmat.pa-most-susceptible": max(cm, key=cm.get) == "PA",
        "yang.fig7.facebook.pf-most-susceptible": max(cmsg, key=cmsg.get) == "PF",
        "yang.fig8.dblp.stable-rate": _stable_rate(sup["Condmat"]),
        "yang.fig8.enron.stable-rate": _stable_rate(sup["email-Eu-core"]),
        "yang.fig8.supervised-same": all(grows(d) and mean_stable(d) for d in sup.values()),
        "yang.s8.guideline4": ratio_ok and rises and all(grows(d) for d in curves.values()),
    }


def _rises_with(x, y):
    """Whether ``y`` rises with ``x``: Spearman's rank correlation is positive (False where either is constant,
    which has no rank correlation; scipy would warn and give NaN)."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if np.ptp(x) == 0 or np.ptp(y) == 0:
        return False
    return bool(stats.spearmanr(x, y).statistic > 0)


@checks(fig10=Instance(pd.DataFrame, example=_example_frame), by_distance=Instance(Mapping, example=dict))
def fig10_exceptions(fig10, by_distance):
    """The curves of Fig. 10 where a single distance's AUROC is above the pooled AUROC.

    Returns a DataFrame, one row per such (network, predictor): the distances, and the number
    and share of the network's positives that lie at them.

    Parameters
    ----------
    fig10 : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.fig10`'s table: index (network, predictor), the
        distances and ``'all'`` as columns.
    by_distance : dict
        Network -> :func:`~evalkit.reproductions.link_prediction.distance_histograms` (its
        ``"preferential_attachment"`` histograms give the positives at each distance).

    Returns
    -------
    pandas.DataFrame
        One row per (network, predictor) with such a distance: the distances, the positives
        at them and their share of the network's positives.

    Examples
    --------
    >>> import types
    >>> import numpy as np
    >>> import pandas as pd
    >>> fig10 = pd.DataFrame({2.0: [0.9, 0.6], 3.0: [0.7, 0.65], "all": [0.8, 0.7]},
    ...                      index=pd.MultiIndex.from_tuples([("Condmat", "PA"), ("Condmat", "PropFlow")]))
    >>> hist = types.SimpleNamespace(distance=np.array([2.0, 3.0]), n_positive=np.array([8, 2]))
    >>> fig10_exceptions(fig10, {"Condmat": {"preferential_attachment": hist}})
       network predictor distances  positives  share of positives
    0  Condmat        PA         2          8                 0.8
    """
    single = fig10.drop(columns="all")
    beats = single.gt(fig10["all"], axis=0)
    rows = []
    for (name, pred), row in beats.iterrows():
        if not row.any():
            continue
        h = by_distance[name]["preferential_attachment"]
        ds = [d for d in row.index[row.to_numpy()]]
        at = int(h.n_positive[np.isin(h.distance, np.asarray(ds, dtype=float))].sum())
        rows.append({"network": name, "predictor": pred, "distances": ", ".join(str(int(d)) for d in ds),
                     "positives": at, "share of positives": at / float(h.n_positive.sum())})
    return pd.DataFrame(rows, columns=["network", "predictor", "distances", "positives", "share of positives"])


@checks(directional=Instance(pd.Series, example=lambda: pd.Series({"PropFlow (one ordering)": True})),
        fig5=Array(ndim=2, low=0, high=1), orderings=Instance(pd.DataFrame, example=_example_frame),
        counts=Instance(Mapping, example=dict), by_distance=Instance(Mapping, example=dict),
        fig10=Instance(pd.DataFrame, example=_example_frame), table2=Instance(pd.DataFrame, example=_example_frame),
        fig11=Instance(pd.DataFrame, example=_example_frame), table3=Instance(pd.DataFrame, example=_example_frame),
        fig13=Instance(pd.DataFrame, example=_example_frame), steering=Instance(pd.DataFrame, example=_example_frame),
        a_l=Array(ndim=1, kind="any"), n_nodes=Instance(Mapping, example=dict))
def distance_claims(*, directional, fig5, orderings, counts, by_distance, fig10, table2, fig11, table3, fig13,
                    steering, a_l, n_nodes):
    """The distance chapter: Section 3.4 (Figs. 5 and 6), Section 4.2 (counts, Figs. 9-11,
    Table 2), Section 4.3 (Table 3, Fig. 12, steering) and guidelines 3, 5 and 6.

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

    >>> ours = distance_claims(**inputs)  # doctest: +SKIP
    >>> ours["yang.s3.4.mean-above-both"]  # doctest: +SKIP
    True
    """
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
    # Fig. 9: the share of new links falls from distance 2 to 5 (or the last finite distance)
    decays, differs = [], []
    for dh in by_distance.values():
        h = dh["preferential_attachment"]
        finite = np.isfinite(h.distance) & (h.distance >= 2) & (h.distance <= 5)
        pos = h.n_positive[finite]
        pos = pos[:np.flatnonzero(pos)[-1] + 1] if pos.any() else pos   # up to the last distance with positives
        decays.append(bool(np.all(np.diff(pos) < 0)))
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
    ours["yang.s7.1.condmat.best-distance-7"] = float(pa.drop("all").astype(float).idxmax()) == 7.0
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


@checks(new_nodes=Instance(pd.DataFrame, example=_example_frame),
        theorem61=Instance(pd.DataFrame, example=_example_frame), n_reversals=Integer(0),
        reversals=Instance(pd.DataFrame, example=_example_frame), networks=Values(Text()),
        aupr=Instance(pd.DataFrame, example=_example_frame), temporal=Instance(pd.DataFrame, example=_example_frame),
        hists=Instance(Mapping, example=dict), tasks=Instance(Mapping, example=dict),
        paper_negatives=Real(0, None, closed="neither"))
def measures_claims(*, new_nodes, theorem61, n_reversals, reversals, networks, aupr, temporal, hists, tasks,
                    paper_negatives):
    """The measures chapter: Section 5, Theorem 6.1, Figs. 14, 15 and 17-19, guidelines 1, 2, 7 and 9.

    ``temporal`` is the summary table (network, predictor, design) -> the two monotonicity
    columns; ``hists`` the score histograms by (network, predictor); ``paper_negatives`` the
    source's Condmat negatives, compared with the training-network candidates.

    Parameters
    ----------
    new_nodes : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.new_nodes`'s table.
    theorem61 : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.theorem61`'s table.
    n_reversals : int
        Number of rank reversals of Fig. 14.
    reversals : pandas.DataFrame
        The ``"reversals"`` of :func:`~evalkit.reproductions.link_prediction.fig14`.
    networks : tuple of str
        The networks of the chapter.
    aupr : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.aupr_by_distance`'s table.
    temporal : pandas.DataFrame
        (network, predictor, design) -> the two monotonicity columns (AUPR, AUROC).
    hists : dict
        :func:`~evalkit.reproductions.link_prediction.score_histograms`.
    tasks : dict
        Network -> its test task.
    paper_negatives : float
        The source's count of Condmat's negatives.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    The inputs are the measures chapter's results on the real networks (minutes to compute):

    >>> ours = measures_claims(**inputs)  # doctest: +SKIP
    >>> ours["yang.thm61.statement"]  # doctest: +SKIP
    True
    """
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
    return {
        "yang.s5.same-effect": bool((drop > 0).all().all() and (drop.max(axis=1) - drop.min(axis=1) <= 0.01).all()),
        "yang.s5.training-network": bool(abs(tr.loc["Condmat", "candidates"] - paper_negatives) <= 0.001 * paper_negatives),
        "yang.s8.guideline9": bool((drop > 0).all().all()),
        "yang.thm61.statement": bool(theorem61["difference"].abs().max() < 1e-9),
        "yang.fig14.k-changes-ranking": bool(n_reversals > 0),
        "yang.fig14.enron.pa-pf-reversal": bool((enron["pair"].astype(str).str.contains("PA")
                                                 & enron["pair"].astype(str).str.contains("PropFlow")).any()),
        "yang.s8.guideline2": bool(reversals.network.nunique() == len(networks)),
        "yang.s7.imbalance-bound": bool(all(ratio[name] >= tasks[name].n_nodes for name in tasks)),
        "yang.fig15.aupr-l2-above-all": l2_above == n,
        "yang.fig15.aupr-declines": sum(declines) == n,
        "yang.fig15.aupr-increases": sum(rises) > n / 2,
        "yang.s8.guideline1": l2_above == n and auroc_below == n and aupr_ok["agglomerated"] == n_t,
        "yang.s8.guideline7": bool(same_sets),
        "yang.fig17.auroc-fluctuates": auroc_ok["slice"] < n_t,
        "yang.fig18.aupr-declines": aupr_ok["slice"] == n_t,
        "yang.fig19.aupr-rises": aupr_ok["agglomerated"] == n_t,
        "yang.fig19.auroc-not-rising": auroc_ok["agglomerated"] < n_t,
    }
