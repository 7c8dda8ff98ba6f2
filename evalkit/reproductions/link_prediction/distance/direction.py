"""The distance chapter, Section 3.4: a directional predictor's orderings (Fig. 6), and every PropFlow
number of the chapter on the weighted and on the 0/1 networks."""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from .... import linkpred
from ...._checks import Boolean, Choice, Jobs, Values, checks
from ...._parallel import parallel_map
from ..._experiment import experiment
from ..setups import DISTANCE_NETWORKS, NETWORKS, Network, task
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
        scores = _directed_propflow_at(t.weights if weighted else t.adjacency, pairs)
        rows[name] = {k: r.auroc for k, r in linkpred.evaluate_orderings(scores, pairs, pos2).items()}
        rows[name]["2-hop positives"] = len(pos2)
        rows[name]["2-hop pairs"] = len(pairs)
    return pd.DataFrame(rows).T


def _directed_propflow_at(W, pairs, block=1024):
    """PropFlow (5 steps, row = source) at both orderings of ``pairs`` only, as a sparse matrix.

    The rows are computed ``block`` sources at a time (the same rows as the whole directed
    matrix's), so Condmat's whole matrix (0.38 GB) is never held.
    """
    both = np.r_[pairs, pairs[:, ::-1]]
    both = both[np.argsort(both[:, 0], kind="stable")]
    values = np.zeros(len(both))
    sources = np.unique(both[:, 0])
    for start in range(0, sources.size, block):
        chunk = sources[start:start + block]
        rows = linkpred.propflow(W, symmetrize=None, sources=chunk)
        lo, hi = np.searchsorted(both[:, 0], [chunk[0], chunk[-1] + 1])
        values[lo:hi] = rows[np.searchsorted(chunk, both[lo:hi, 0]), both[lo:hi, 1]]
    stored = values != 0
    n = W.shape[0]
    return sp.csr_array((values[stored], (both[stored, 0], both[stored, 1])), shape=(n, n))


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


def _weighting_unit(name, weighted):
    """Every PropFlow number of one network on one of its networks (a unit of the stored run)."""
    o = orderings(networks=(name,), weighted=weighted)
    pf = fig10(networks=(name,), weighted=weighted).loc[(name, "PropFlow")]
    t3 = table3(networks=(name,), weighted=weighted)["table3"]
    values = {"2-hop AUROC, both orderings (Fig. 6)": o.loc[name, "both orderings"],
              "2-hop AUROC, mean of the orderings (Fig. 6)": o.loc[name, "mean"],
              "AUROC, all pairs (Fig. 10)": pf["all"],
              "AUROC at distance 2 (Fig. 10)": pf.get(2.0, np.nan),
              "AUROC at distance 3 (Fig. 10)": pf.get(3.0, np.nan),
              "AUROC, fair sample (Table 3)": t3.loc["PropFlow", (name, "Fair")],
              "AUROC, Kaggle sample (Table 3)": t3.loc["PropFlow", (name, "Kaggle")]}
    return {quantity: float(value) for quantity, value in values.items()}


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), n_jobs=Jobs())
@experiment("link-prediction-propflow-weighting", scales=_NETS,
            paper_cost="~3 min on 1 core (6 units, one per network and weighting; the book reads the stored run)",
            stored=({"scale": "paper"},), spot_check=1, data=("temporal/",))
def propflow_weighting(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS, n_jobs: int | None = None,
                       progress: bool = False):
    """Every PropFlow number of the distance chapter on the weighted and on the 0/1 networks.

    The paper's networks are weighted (Section 2.1) and PropFlow walks with the weights as
    transition probabilities; the 0/1 network is what the book used before (each edge
    equally likely). Preferential attachment and Adamic/Adar do not change.

    Parameters
    ----------
    networks : tuple of str
        Networks.
    n_jobs : int or None, default None
        Parallel jobs over the networks and weightings (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set). The results do not depend on it.
    progress : bool
        Show a progress bar over the networks and weightings.

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

    tasks = [(name, weighted) for weighted in (True, False) for name in networks]
    units = parallel_map(_weighting_unit, tasks, n_jobs=n_jobs, progress=progress,
                         desc="PropFlow numbers by network and weighting")
    rows = {}
    for (name, weighted), values in zip(tasks, units):
        for quantity, value in values.items():
            rows.setdefault((name, quantity), {})["weighted" if weighted else "unweighted"] = value
    out = pd.DataFrame(rows).T
    out.index.names = ["network", "quantity"]
    out["difference"] = out["weighted"] - out["unweighted"]
    out["claim"] = [PROPFLOW_CLAIMS.get(key) for key in out.index]
    return out
