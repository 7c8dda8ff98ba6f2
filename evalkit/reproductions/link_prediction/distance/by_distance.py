"""The distance chapter, Sections 4.2 and 4.3: AUROC by distance (Fig. 10) and after removing the near
negatives (Fig. 11), fair against Kaggle-style test sets (Fig. 13, Table 3), steering a distance-only
sampling scheme."""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ...._checks import Boolean, Choice, Instance, Integer, Real, Values, checks
from ..._experiment import experiment
from ..setups import DISTANCE_NETWORKS, NETWORKS, Network, distance_histograms

__all__ = ["SHORT", "fig10", "fig10_exceptions", "fig11", "steering", "table3"]

#: predictor name -> its label in the figures and tables
SHORT = {"preferential_attachment": "PA", "propflow": "PropFlow", "adamic_adar": "Adamic/Adar"}


def _example_frame():
    """A small DataFrame: the common test's valid value for a results-table parameter."""
    import pandas as pd

    return pd.DataFrame({"x": [0.5, 0.25]})


_NETS = {"book": {"networks": DISTANCE_NETWORKS}, "paper": {"networks": DISTANCE_NETWORKS}}


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), weighted=Boolean())
@experiment("link-prediction-fig10", scales=_NETS, paper_cost="~40 s on 1 core")
def fig10(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS, weighted: bool = True):
    """Fig. 10: AUROC of PA and PropFlow within each distance with positives, and over all pairs.

    Parameters
    ----------
    networks : tuple of str
        Networks.
    weighted : bool, default True
        PropFlow on the weighted networks (the paper's) or the 0/1 ones.

    Returns
    -------
    pandas.DataFrame
        Index (network, predictor); columns the finite distances and ``'all'``.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> fig10(networks=("CollegeMsg",)).round(4).iloc[:, :2]  # doctest: +SKIP
                            2.0     3.0
    CollegeMsg PA        0.7847  0.8409
               PropFlow  0.6669  0.7698
    """
    import pandas as pd

    by_dist_auroc = {}
    for name in networks:
        dh = distance_histograms(name, weighted=weighted)
        for pred in ["preferential_attachment", "propflow"]:
            h = dh[pred]
            ev = h.evaluate()
            x = [d for d in h.distance if np.isfinite(d) and h[d].n_positive > 0]
            by_dist_auroc[(name, SHORT[pred])] = dict(zip(x, [ev[d].auroc for d in x])) | {
                "all": h.pooled().evaluate().auroc}
    return pd.DataFrame(by_dist_auroc).T


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), weighted=Boolean())
@experiment("link-prediction-fig11", scales=_NETS, paper_cost="~40 s on 1 core")
def fig11(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS, weighted: bool = True):
    """Fig. 11: AUROC over all pairs after removing every negative below a distance (all positives kept).

    Parameters
    ----------
    networks : tuple of str
        Networks.
    weighted : bool, default True
        PropFlow on the weighted networks (the paper's) or the 0/1 ones.

    Returns
    -------
    pandas.DataFrame
        Index (network, predictor); columns ``'all'`` (no removal) and the distances 3, 4, ...

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> fig11(networks=("CollegeMsg",)).round(4).iloc[:, :2]  # doctest: +SKIP
                            all     3.0
    CollegeMsg PA        0.8663  0.9262
               PropFlow  0.8087  0.8911
    """
    import pandas as pd

    removal = {}
    for name in networks:
        dh = distance_histograms(name, weighted=weighted)
        for pred in ("preferential_attachment", "propflow"):
            h = dh[pred]
            base = h.pooled().evaluate().auroc
            ells = [d for d in h.distance if np.isfinite(d) and d >= 3]
            vals = [h.without_negatives_below(d).evaluate().auroc for d in ells]
            removal[(name, SHORT[pred])] = {"all": base} | dict(zip(ells, vals))
    return pd.DataFrame(removal).T


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), repetitions=Integer(1), weighted=Boolean())
@experiment("link-prediction-table3", scales={"book": {"networks": DISTANCE_NETWORKS, "repetitions": 20, "seed": 7},
                                    "paper": {"networks": DISTANCE_NETWORKS, "repetitions": 20, "seed": 7}},
            paper_cost="~40 s on 1 core")
def table3(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS, repetitions: int = 20, seed: int = 7,
           weighted: bool = True):
    """Fig. 13 and Table 3: fair (uniform) against Kaggle-style (balanced per distance) test sets.

    For each network one generator (``seed``) draws, in order: a Kaggle sample and a fair
    sample of as many negatives (Fig. 13), then for PA, PropFlow and Adamic/Adar in turn
    ``repetitions`` fair samples and ``repetitions`` Kaggle samples.

    Parameters
    ----------
    networks : tuple of str
        Networks.
    repetitions : int
        Sampled test sets per (network, predictor, scheme).
    seed : int
        Seed of each network's generator.
    weighted : bool, default True
        PropFlow on the weighted networks (the paper's) or the 0/1 ones; the draws are the
        same either way (they depend on the counts per distance only).

    Returns
    -------
    dict
        ``"table3"``: DataFrame, index predictor, columns (network, 'Fair' / 'Kaggle' /
        'Kaggle sd'), the mean (sd) AUROC; ``"fig13"``: DataFrame with columns network,
        distance, fair, kaggle (each distance's share of the test set).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> result = table3(networks=("CollegeMsg",), repetitions=2, seed=0)  # doctest: +SKIP
    >>> sorted(result)  # doctest: +SKIP
    ['fig13', 'table3']
    The two kinds of test set, seeded, on small histograms at distances 2 and 3:

    >>> import numpy as np
    >>> from evalkit.linkpred import DistanceHistograms, ScoreHistogram
    >>> dh = DistanceHistograms(np.array([2.0, 3.0]), (ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [30, 10]),
    ...                                                ScoreHistogram.from_unsorted([0.2], [0.0, 0.1], [40, 20])))
    >>> from evalkit import linkpred
    >>> fair = linkpred.sample_uniform(dh, 8, rng=0)
    >>> kaggle = linkpred.sample_distance_balanced(dh, ratio=2, rng=0)
    >>> fair.n_negative.tolist(), kaggle.n_negative.tolist()
    ([2, 6], [4, 2])
    """
    import pandas as pd

    table = {}
    shares = []
    for name in networks:
        dh = distance_histograms(name, weighted=weighted)
        rng = np.random.default_rng(seed)
        ref = dh["preferential_attachment"]
        kag = ref.sample_distance_balanced(rng=rng)
        size = int(kag.n_negative.sum())
        fair = ref.sample_uniform(size, rng=rng)
        shares.append(pd.DataFrame({
            "network": name, "distance": ref.distance,
            "fair": (fair.n_positive + fair.n_negative) / (fair.n_positive + fair.n_negative).sum(),
            "kaggle": (kag.n_positive + kag.n_negative) / (kag.n_positive + kag.n_negative).sum()}))
        for pred in ("preferential_attachment", "propflow", "adamic_adar"):
            h = dh[pred]
            f = [h.sample_uniform(size, rng=rng).pooled().evaluate().auroc for _ in range(repetitions)]
            k = [h.sample_distance_balanced(rng=rng).pooled().evaluate().auroc for _ in range(repetitions)]
            table[(name, "Fair")] = table.get((name, "Fair"), {}) | {SHORT[pred]: np.mean(f)}
            table[(name, "Kaggle")] = table.get((name, "Kaggle"), {}) | {SHORT[pred]: np.mean(k)}
            table[(name, "Kaggle sd")] = table.get((name, "Kaggle sd"), {}) | {SHORT[pred]: np.std(k, ddof=1)}
    return {"table3": pd.DataFrame(table), "fig13": pd.concat(shares, ignore_index=True)}


@checks(scale=Choice("book", "paper"), targets=Values(Real(0, 1)), network=Choice(*NETWORKS))
@experiment("link-prediction-steering", scales={"book": {"targets": (0.55, 0.65, 0.75, 0.85, 0.9), "seed": 11},
                                      "paper": {"targets": (0.55, 0.65, 0.75, 0.85, 0.9), "seed": 11}},
            paper_cost="~30 s on 1 core")
def steering(*, targets: tuple[float, ...] = (0.55, 0.65, 0.75, 0.85, 0.9), seed: int = 11,
             network: Network = "Condmat"):
    """Steering a distance-only sampling scheme to chosen AUROCs (preferential attachment).

    Parameters
    ----------
    targets : tuple of float
        Target AUROCs, between the hardest and the easiest distance's.
    seed : int
        Seed of the one generator all draws share, in order.
    network : str
        The network.

    Returns
    -------
    pandas.DataFrame
        Index target: the scheme's expected AUROC, the drawn test set's, and its negatives
        at distance 2 and at distance >= 6.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> steer = steering(network="CollegeMsg", targets=(0.7,), seed=0)  # doctest: +SKIP
    >>> round(float(steer.loc[0.7, "expected AUROC of the scheme"]), 4)  # doctest: +SKIP
    0.7007
    The same, seeded, on small histograms at distances 2 and 3:

    >>> import numpy as np
    >>> from evalkit.linkpred import DistanceHistograms, ScoreHistogram
    >>> dh = DistanceHistograms(np.array([2.0, 3.0]), (ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [30, 10]),
    ...                                                ScoreHistogram.from_unsorted([0.2], [0.0, 0.1], [40, 20])))
    >>> sample, expected = dh.sample_steered(0.8, size=20, rng=0)
    >>> sample.n_negative.tolist(), round(float(expected), 4)
    ([16, 4], 0.8)
    """
    import pandas as pd

    h = distance_histograms(network)["preferential_attachment"]
    rng = np.random.default_rng(seed)
    steer = {}
    for target in targets:
        sample, expected = h.sample_steered(target, rng=rng)
        steer[target] = {"expected AUROC of the scheme": expected,
                         "AUROC of the drawn test set": sample.pooled().evaluate().auroc,
                         "negatives at distance 2": int(sample.n_negative[0]),
                         "negatives at distance >= 6": int(sample.n_negative[h.distance >= 6].sum())}
    return pd.DataFrame(steer).T.rename_axis("target")


@checks(fig10=Instance("DataFrame", example=_example_frame), by_distance=Instance(Mapping, example=dict))
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
    import pandas as pd

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
