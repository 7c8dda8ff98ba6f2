"""The page ``clustering-metrics``: evaluating clusterings against known classes and without them.

The claims are computed from the source's worked examples (Figures 1.11, 1.13 and 1.14)
and from small simulated clusterings for the stated ranges; :func:`ours` returns those of
one of the page's tables at a time (:data:`SECTIONS`). The experiment
:func:`~evalkit.reproductions.graph_metrics.community_validation` evaluates Louvain communities of two real networks.
"""
from __future__ import annotations

import numpy as np

from ... import clustering as cl
from ..._checks import Choice, Integer, checks
from .._common import BOOK_PAPER_SMALL
from .._experiment import experiment
from .setups import network_partitions
from .source import FIGURE_1_11, FIGURE_1_13, FIGURE_1_14_IDEAL, FIGURE_1_14_OBSERVED

__all__ = ["SECTIONS", "community_validation", "ours"]

#: The page's claims tables: section -> the claim ids it shows, in the order shown.
SECTIONS = {
    "pairs": ("gm.fig1-11.rand", "gm.fig1-11.jaccard", "gm.r-contingency.rand", "gm.r-contingency.jaccard"),
    "matching": tuple(cid for k in (1, 2, 3) for cid in (
        f"gm.fig1-13.entropy.cluster{k}", f"gm.fig1-13.purity.cluster{k}", f"gm.r-matching.entropy.cluster{k}",
        f"gm.r-matching.purity.cluster{k}"))
    + tuple(f"gm.fig1-13.size.cluster{k}" for k in (1, 2, 3))
    + ("gm.fig1-13.total", "gm.fig1-13.total-entropy", "gm.fig1-13.total-purity", "gm.r-matching.total-entropy",
       "gm.r-matching.total-purity", "gm.sec1-3-1.entropy-range", "gm.sec1-3-1.purity-range"),
    "mantel": ("gm.fig1-14.ideal-observed", "gm.eq1-43.mantel-range"),
    "properties": ("gm.eq1-46.separation-range", "gm.eq1-50.c-index-range", "gm.eq1-49.dunn-range",
                   "gm.eq1-47.silhouette-range"),
}


@checks(scale=BOOK_PAPER_SMALL, permutations=Integer(0, none=True))
@experiment(
    "graph-metrics-community-validation",
    # the source computes Mantel's r_M without a test; the book's permutation test takes
    # the source's J of Section 1.5.1 (about 1,000 random draws; 999 makes (R+1)/(J+1) = 0.001)
    scales={"book": {"permutations": 999}, "paper": {"permutations": 999}, "small": {"permutations": 9}},
    paper_cost="~30 s on 1 core (Cora's all-pairs shortest paths and 999 Mantel permutations)",
)
def community_validation(*, permutations: int = 999, seed: int = 20260501):
    """External and internal validation of Louvain communities on political books and Cora.

    Parameters
    ----------
    permutations : int
        Permutations of the Mantel test.
    seed : int
        Seed of the Mantel permutations (the same for both networks).

    Returns
    -------
    pandas.DataFrame
        One column per network; rows: sizes, Rand, Jaccard, entropy, purity, Mantel r and
        p, silhouette, Dunn index, C-index.


    Examples
    --------
    >>> res = community_validation(scale="small", seed=1)      # 9 Mantel permutations
    >>> round(float(res.loc["Rand", "political books"]), 3)
    0.836
    """
    import pandas as pd

    rows = {}
    for name, f in network_partitions().items():
        table = cl.pair_confusion(f["classes"], f["communities"])
        mm = cl.matching_matrix(f["classes"], f["communities"])
        mantel = cl.mantel_test(f["classes"], f["communities"], permutations=permutations, rng=seed)
        rows[name] = {
            "nodes": f["classes"].size, "classes": mm.shape[0], "communities": mm.shape[1],
            "Rand": cl.rand_statistic(table), "Jaccard": cl.jaccard_coefficient(table),
            "total entropy (bits)": cl.total_entropy(mm), "total purity": cl.total_purity(mm),
            "Mantel r (ideal vs observed)": mantel.statistic,
            f"Mantel p ({permutations} permutations)": mantel.pvalue,
            "silhouette (shortest paths)": cl.silhouette(f["distance"], f["communities"]),
            "Dunn index": cl.dunn_index(f["distance"], f["communities"]),
            "C-index": cl.c_index(f["distance"], f["communities"]),
        }
    return pd.DataFrame(rows)


def _example_claims():
    """Every claim of the source's examples and stated ranges: ``{claim id: our value}``."""
    from scipy.spatial.distance import pdist

    table = FIGURE_1_11
    mm = FIGURE_1_13
    ours = {"gm.fig1-11.rand": cl.rand_statistic(table), "gm.fig1-11.jaccard": cl.jaccard_coefficient(table),
            "gm.r-contingency.rand": cl.rand_statistic(table), "gm.r-contingency.jaccard": cl.jaccard_coefficient(table)}
    entropy, purity = cl.cluster_entropy(mm), cl.cluster_purity(mm)
    for k in range(3):
        for prefix in ("gm.fig1-13", "gm.r-matching"):
            ours[f"{prefix}.entropy.cluster{k + 1}"] = float(entropy[k])
            ours[f"{prefix}.purity.cluster{k + 1}"] = float(purity[k])
    for k, size in enumerate(mm.sum(axis=0)):
        ours[f"gm.fig1-13.size.cluster{k + 1}"] = int(size)
    ours["gm.fig1-13.total"] = int(mm.sum())
    for prefix in ("gm.fig1-13", "gm.r-matching"):
        ours[f"{prefix}.total-entropy"] = cl.total_entropy(mm)
        ours[f"{prefix}.total-purity"] = cl.total_purity(mm)
    three_classes = np.array([[1], [1], [1]])
    ours["gm.sec1-3-1.entropy-range"] = bool(cl.cluster_entropy(three_classes)[0] <= 1)
    rng = np.random.default_rng(0)
    random_mm = rng.integers(0, 5, size=(3, 50)) + np.eye(3, 50, dtype=int)
    pur = cl.cluster_purity(random_mm)
    ours["gm.sec1-3-1.purity-range"] = bool(((pur >= 1 / 3 - 1e-12) & (pur <= 1)).all()
                                            and np.isclose(cl.cluster_purity(three_classes)[0], 1 / 3))
    X = FIGURE_1_14_IDEAL
    Y = FIGURE_1_14_OBSERVED
    ours["gm.fig1-14.ideal-observed"] = bool(np.array_equal(cl.co_membership_matrix([1, 1, 2]), X)
                                             and np.array_equal(cl.co_membership_matrix([1, 2, 1]), Y))
    labels = rng.integers(0, 3, 30)
    noisy = np.where(rng.random(30) < 0.3, rng.integers(0, 3, 30), labels)
    r_self = cl.mantel_test(labels, labels, permutations=0).statistic
    r_noisy = cl.mantel_test(labels, noisy, permutations=0).statistic
    ours["gm.eq1-43.mantel-range"] = bool(np.isclose(r_self, 1) and -1 <= r_noisy <= 1)
    two = np.array([0, 0, 1, 1])
    ones = np.ones((4, 4))
    ours["gm.eq1-46.separation-range"] = bool(0 <= cl.cohesion(ones, two) <= 1 and 2 * cl.separation(ones, two) <= 1)
    pts = rng.normal(size=(30, 2)) + np.repeat(np.array([[0, 0], [4, 0], [0, 4]]), 10, axis=0)
    groups = np.repeat(np.arange(3), 10)
    d = pdist(pts)
    shuffled = rng.permutation(groups)
    ours["gm.eq1-50.c-index-range"] = bool(all(0 <= cl.c_index(d, g) <= 1 for g in (groups, shuffled)))
    ours["gm.eq1-49.dunn-range"] = bool(all(0 <= cl.dunn_index(d, g) < np.inf for g in (groups, shuffled)))
    ours["gm.eq1-47.silhouette-range"] = bool(all(-1 <= cl.silhouette(d, g, definition=defn) <= 1
                                                  for g in (groups, shuffled) for defn in ("rousseeuw", "source")))
    return ours


@checks(section=Choice(*SECTIONS))
def ours(*, section):
    """Our values of the claims of one of the page's tables, from the source's examples.

    Parameters
    ----------
    section : str
        One of :data:`SECTIONS`.

    Returns
    -------
    dict
        ``{claim id: our value}``, numbers and booleans, in the order of the table.

    Examples
    --------
    >>> ours(section="pairs")["gm.fig1-11.rand"]
    0.75
    """
    every = _example_claims()
    return {cid: every[cid] for cid in SECTIONS[section]}
