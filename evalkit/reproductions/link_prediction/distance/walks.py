"""The distance chapter, Section 4.2: "the effect is exaggerated for PropFlow and for other ranking methods
that inherently scale according to distance, such as rooted PageRank and Katz" -- how much the pooled
AUROC exceeds the best single distance's, for each predictor."""
from __future__ import annotations

from .... import linkpred
from ...._checks import Choice, Jobs, Values, checks
from ...._parallel import parallel_map
from ..._experiment import experiment
from ..setups import DISTANCE_NETWORKS, NETWORKS, Network, distance_histograms, task
from .reading import best_distance

__all__ = ["WALK_PREDICTORS", "walk_inflation"]

#: label -> evalkit name of the predictors compared (PA and PropFlow as in Fig. 10; Katz and rooted
#: PageRank with LPmade's defaults, on the 0/1 network)
WALK_PREDICTORS = {"PA": "preferential_attachment", "PropFlow": "propflow", "Katz": "katz",
                   "rooted PageRank": "rooted_pagerank"}

#: rooted PageRank's scores are dense: on Condmat (13,873 nodes) 1.5 GB per copy, so it is left out there
_DENSE_LIMIT = 5_000

_NETS = {"book": {"networks": DISTANCE_NETWORKS}, "paper": {"networks": DISTANCE_NETWORKS}}


def _inflation_unit(name, label):
    """One network's and predictor's pooled and by-distance AUROCs (a unit of the stored run)."""
    predictor = WALK_PREDICTORS[label]
    if predictor in ("preferential_attachment", "propflow"):
        h = distance_histograms(name)[predictor]        # the weighted PropFlow of Fig. 10, shared with the chapter
    else:
        t = task(name)
        h = linkpred.distance_score_histograms(t.adjacency, t.positives, (predictor,))[predictor]
    import pandas as pd

    by_distance = {float(d): e.auroc for d, e in h.evaluate().items()}
    positives = dict(zip(h.distance.astype(float), h.n_positive.tolist()))
    best, _ = best_distance(pd.Series(by_distance), positives)
    pooled = h.pooled().evaluate().auroc
    return {"all pairs": float(pooled), "best distance": best,
            "best single distance": float(by_distance[best]) if best is not None else float("nan"),
            "inflation": float(pooled / by_distance[best] - 1) if best is not None else float("nan")}


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), n_jobs=Jobs())
@experiment("link-prediction-walk-inflation", scales=_NETS,
            paper_cost="~2 min on 1 core (11 units, one per network and predictor; the book reads the stored run)",
            stored=({"scale": "paper"},), spot_check=1, data=("temporal/",),
            uses={"data": {"DBLP": "condmat-for-dblp", "Enron": "email-eu-core-for-enron"},
                  "learners": "rooted-pagerank-not-on-condmat"})
def walk_inflation(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS, n_jobs: int | None = None,
                   progress: bool = False):
    """How much the pooled AUROC exceeds the best single distance's, for PA, PropFlow, Katz and rooted PageRank.

    The best single distance is taken among the finite distances with at least
    ``MIN_POSITIVES`` positives. Rooted PageRank is left out on networks of more than
    5,000 nodes (its scores are dense).

    Parameters
    ----------
    networks : tuple of str
        Networks.
    n_jobs : int or None, default None
        Parallel jobs over the networks and predictors (joblib): None defers to the active
        ``joblib.parallel_config``. The results do not depend on it.
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        Index (network, predictor); columns ``"all pairs"`` (the pooled AUROC), ``"best
        distance"``, ``"best single distance"`` (its AUROC) and ``"inflation"`` (pooled over
        best, minus 1).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> walk_inflation(networks=("email-Eu-core",))["inflation"].round(3)  # doctest: +SKIP
    network        predictor
    email-Eu-core  PA                 0.099
    ...
    """
    import pandas as pd

    tasks_ = [(name, label) for name in networks for label in WALK_PREDICTORS
              if not (label == "rooted PageRank" and task(name).n_nodes > _DENSE_LIMIT)]
    units = parallel_map(_inflation_unit, tasks_, n_jobs=n_jobs, progress=progress,
                         desc="pooled against single distances")
    out = pd.DataFrame(units, index=pd.MultiIndex.from_tuples(tasks_, names=["network", "predictor"]))
    return out
