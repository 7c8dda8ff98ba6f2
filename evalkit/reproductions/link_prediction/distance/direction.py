"""The distance chapter, Section 3.4: a directional predictor's orderings (Fig. 6), and every PropFlow
number of the chapter on the weighted and on the 0/1 networks."""
from __future__ import annotations

import numpy as np

from .... import linkpred
from ...._checks import Boolean, Choice, Values, checks
from ..._experiment import experiment
from ..setups import DISTANCE_NETWORKS, NETWORKS, Network, directed_propflow, task
from .by_distance import fig10, table3

__all__ = ["PROPFLOW_CLAIMS", "orderings", "propflow_weighting"]

_NETS = {"book": {"networks": DISTANCE_NETWORKS}, "paper": {"networks": DISTANCE_NETWORKS}}


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), weighted=Boolean())
@experiment("link-prediction-orderings", scales=_NETS, paper_cost="~40 s on 1 core")
def orderings(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS, weighted: bool = True):
    """Fig. 6 / Section 3.4: AUROC of PropFlow on the 2-hop pairs under six ways of resolving its orderings.

    Parameters
    ----------
    networks : tuple of str
        Networks (one row each).
    weighted : bool, default True
        PropFlow on the weighted networks (the paper's) or the 0/1 ones.

    Returns
    -------
    pandas.DataFrame
        One row per network: the AUROC of each ordering, the 2-hop positives and pairs.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> orderings(networks=("CollegeMsg",)).round(4).iloc[:, :2]  # doctest: +SKIP
                both orderings    mean
    CollegeMsg          0.6512  0.6669
    """
    import pandas as pd

    rows = {}
    for name in networks:
        t = task(name)
        pairs = linkpred.two_hop_pairs(t.adjacency)
        d2 = pairs[:, 0] * t.n_nodes + pairs[:, 1]
        pos2 = t.positives[np.isin(t.positives[:, 0] * t.n_nodes + t.positives[:, 1], d2)]
        rows[name] = {k: r.auroc for k, r in linkpred.evaluate_orderings(directed_propflow(name, weighted=weighted), pairs, pos2).items()}
        rows[name]["2-hop positives"] = len(pos2)
        rows[name]["2-hop pairs"] = len(pairs)
    return pd.DataFrame(rows).T


#: the PropFlow numbers of the paper, by the quantity they are: (network, quantity) -> claim id
PROPFLOW_CLAIMS = {
    ("Condmat", "2-hop AUROC, both orderings (Fig. 6)"): "yang.s3.4.condmat.both-orderings",
    ("Condmat", "2-hop AUROC, mean of the orderings (Fig. 6)"): "yang.s3.4.condmat.mean-ordering",
    ("Condmat", "AUROC, fair sample (Table 3)"): "yang.table3.condmat.pf.fair",
    ("Condmat", "AUROC, Kaggle sample (Table 3)"): "yang.table3.condmat.pf.kaggle",
    ("CollegeMsg", "AUROC, fair sample (Table 3)"): "yang.table3.facebook.pf.fair",
    ("CollegeMsg", "AUROC, Kaggle sample (Table 3)"): "yang.table3.facebook.pf.kaggle",
    ("email-Eu-core", "AUROC, fair sample (Table 3)"): "yang.table3.enron.pf.fair",
    ("email-Eu-core", "AUROC, Kaggle sample (Table 3)"): "yang.table3.enron.pf.kaggle",
}


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)))
@experiment("link-prediction-propflow-weighting", scales=_NETS, paper_cost="~60 s on 1 core")
def propflow_weighting(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS):
    """Every PropFlow number of the distance chapter on the weighted and on the 0/1 networks.

    The paper's networks are weighted (Section 2.1) and PropFlow walks with the weights as
    transition probabilities; the 0/1 network is what the book used before (each edge
    equally likely). Preferential attachment and Adamic/Adar do not change.

    Parameters
    ----------
    networks : tuple of str
        Networks.

    Returns
    -------
    pandas.DataFrame
        Index (network, quantity); columns ``weighted``, ``unweighted``, ``difference``
        (weighted minus unweighted) and ``claim`` (the paper's claim id where the paper
        reports the quantity for the network this one is or stands in for, else None).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> table = propflow_weighting(networks=("CollegeMsg",))  # doctest: +SKIP
    >>> list(table.columns)  # doctest: +SKIP
    ['weighted', 'unweighted', 'difference', 'claim']
    """
    import pandas as pd

    rows = {}
    for weighted in (True, False):
        col = "weighted" if weighted else "unweighted"
        o = orderings(networks=networks, weighted=weighted)
        f10 = fig10(networks=networks, weighted=weighted)
        t3 = table3(networks=networks, weighted=weighted)["table3"]
        for name in networks:
            pf = f10.loc[(name, "PropFlow")]
            values = {"2-hop AUROC, both orderings (Fig. 6)": o.loc[name, "both orderings"],
                      "2-hop AUROC, mean of the orderings (Fig. 6)": o.loc[name, "mean"],
                      "AUROC, all pairs (Fig. 10)": pf["all"],
                      "AUROC at distance 2 (Fig. 10)": pf.get(2.0, np.nan),
                      "AUROC at distance 3 (Fig. 10)": pf.get(3.0, np.nan),
                      "AUROC, fair sample (Table 3)": t3.loc["PropFlow", (name, "Fair")],
                      "AUROC, Kaggle sample (Table 3)": t3.loc["PropFlow", (name, "Kaggle")]}
            for quantity, value in values.items():
                rows.setdefault((name, quantity), {})[col] = float(value)
    out = pd.DataFrame(rows).T
    out.index.names = ["network", "quantity"]
    out["difference"] = out["weighted"] - out["unweighted"]
    out["claim"] = [PROPFLOW_CLAIMS.get(key) for key in out.index]
    return out
