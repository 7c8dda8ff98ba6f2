"""The page ``multilevel-metrics``: the N x N confusion matrix, per-class and chance-corrected metrics.

The claims are computed from the source's 3 x 3 example (Figure 1.4) and its 2 x 2 one
(Figure 1.2); :func:`ours` returns those of one of the page's tables at a time
(:data:`SECTIONS`). The experiment :func:`~evalkit.reproductions.graph_metrics.cora_confusion` applies the metrics to a real
node classifier.
"""
from __future__ import annotations

import numpy as np

from ... import metrics
from ..._checks import Choice, Function, Real, checks
from .._common import BOOK_PAPER, int_seed
from .._experiment import experiment
from .setups import figure_1_2_matrix
from .source import FIGURE_1_4

__all__ = ["SECTIONS", "cora_confusion", "ours"]

_PER_CLASS = ("csi", "hit-rate", "bias", "gss")

#: The page's claims tables: section -> the claim ids it shows, in the order shown.
SECTIONS = {
    "matrix": ("gm.fig1-4.total",) + tuple(
        cid for k in (1, 2, 3) for cid in (f"gm.fig1-4.actual-sum.class{k}", f"gm.fig1-4.predicted-sum.class{k}",
                                           f"gm.fig1-7.expected-diagonal.class{k}")),
    "per-class": tuple(f"gm.r-multilevel.{m}.class{k}" for k in (1, 2, 3) for m in _PER_CLASS)
    + ("gm.fig1-4.csi-class1", "gm.fig1-4.hit-rate-class1", "gm.fig1-4.bias-class2", "gm.fig1-4.gss-chance-class1",
       "gm.fig1-4.gss-class1", "gm.fig1-4.bias-under-predicting"),
    "whole": ("gm.fig1-4.mae", "gm.fig1-2.e-pi", "gm.fig1-2.pi", "gm.fig1-2.e-kappa", "gm.fig1-2.kappa",
              "gm.fig1-4.kappa", "gm.fig1-2.alpha", "gm.fig1-2.beta1", "gm.fig1-2.e-gamma", "gm.r-multilevel.mae",
              "gm.r-multilevel.pi", "gm.r-multilevel.kappa", "gm.r-multilevel.alpha", "gm.sec1-2-3.kappa-scale",
              "gm.sec1-2-3.alpha-zero-random", "gm.eq1-35.beta-sum", "gm.sec1-2-3.gwet-max-half"),
}


@checks(scale=BOOK_PAPER, test_size=Real(0, 1, closed="neither", none=True))
@experiment(
    "graph-metrics-cora-confusion",
    scales={"book": {"test_size": 1 / 3}, "paper": {"test_size": 1 / 3}},
    paper_cost="~10 s on 1 core",
)
def cora_confusion(*, test_size: float = 1 / 3, seed: int = 0):
    """Confusion matrix of a Cora node classifier: logistic regression on words and neighbours' words.

    Each paper's features are its words and the mean word vector of its citation
    neighbours; one stratified holdout split.

    Parameters
    ----------
    test_size : float
        Share of the papers held out.
    seed : int
        Seed of the split.

    Returns
    -------
    pandas.DataFrame
        The confusion matrix (rows actual, columns predicted), labelled with the class names.


    Examples
    --------
    >>> cm = cora_confusion(test_size=0.9, seed=0)
    >>> cm.shape, int(cm.to_numpy().trace())
    ((7, 7), 1873)
    """
    import networkx as nx
    import pandas as pd
    import scipy.sparse as sp
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split

    from ... import datasets

    cora = datasets.load_cora()
    n = cora.graph.number_of_nodes()
    A = nx.to_scipy_sparse_array(cora.graph, nodelist=range(n), format="csr")
    neighbour_mean = sp.diags(1.0 / np.maximum(A.sum(axis=1), 1)) @ A @ cora.features
    X = sp.hstack([cora.features, neighbour_mean]).tocsr()
    y = cora.labels
    train, test = train_test_split(np.arange(n), test_size=test_size, random_state=int_seed(seed), stratify=y)
    model = LogisticRegression(max_iter=2000).fit(X[train], y[train])
    cm = metrics.confusion_matrix(y[test], model.predict(X[test]), labels=list(range(len(cora.classes))))
    return pd.DataFrame(cm, index=pd.Index(cora.classes, name="actual"),
                        columns=pd.Index(cora.classes, name="predicted"))


def _chance_matrix(cm):
    """The matrix of independent actual and predicted classes with ``cm``'s marginals."""
    m = np.asarray(cm, dtype=float)
    return np.outer(m.sum(axis=1), m.sum(axis=0)) / m.sum()


def _gilbert_chance(cm):
    r"""Gilbert's chance hits of each class, :math:`e(\omega) = r_k c_k / T` (1.17, 1.18)."""
    m = np.asarray(cm, dtype=float)
    return m.sum(axis=1) * m.sum(axis=0) / m.sum()


def _scotts_chance(cm):
    r"""Scott's chance agreement :math:`e(\pi) = \sum_k ((r_k + c_k) / 2T)^2` (1.20, 1.21)."""
    m = np.asarray(cm, dtype=float)
    return float(np.sum(((m.sum(axis=1) + m.sum(axis=0)) / (2 * m.sum())) ** 2))


def _kappa_chance(cm):
    r"""Cohen's chance agreement :math:`e(\kappa) = \sum_k r_k c_k / T^2` (1.22)."""
    m = np.asarray(cm, dtype=float)
    return float(np.sum(m.sum(axis=1) * m.sum(axis=0)) / m.sum() ** 2)


#: Largest total of the 2x2 count matrices :func:`_gwet_max_half` searches
_GWET_MAX_TOTAL = 10


@checks(chance=Function())
def _gwet_max_half(*, chance=metrics.gwet_chance_agreement):
    r"""Section 1.2.3: Gwet's chance agreement does not exceed 0.5.

    Searched over every 2x2 count matrix with a total from 1 to :data:`_GWET_MAX_TOTAL`
    (so :math:`\beta_1` takes every multiple of :math:`1/2T` in [0, 1], 0.5 included).

    Parameters
    ----------
    chance : callable, default :func:`evalkit.metrics.gwet_chance_agreement`
        The chance agreement, called on each matrix.

    Returns
    -------
    bool
        Whether ``chance`` stays at most 0.5 on every matrix.

    Examples
    --------
    >>> _gwet_max_half(), _gwet_max_half(chance=_scotts_chance)
    (True, False)
    """
    counts = range(_GWET_MAX_TOTAL + 1)
    matrices = [np.array([[a, b], [c, d]]) for a in counts for b in counts for c in counts for d in counts
                if 1 <= a + b + c + d <= _GWET_MAX_TOTAL]
    return bool(max(chance(m) for m in matrices) <= 0.5 + 1e-12)


def _example_claims():
    """Every claim of the source's examples: ``{claim id: our value}``."""
    F = FIGURE_1_4
    M = figure_1_2_matrix()
    ours = {"gm.fig1-4.total": int(F.sum())}
    for k in range(3):
        ours[f"gm.fig1-4.actual-sum.class{k + 1}"] = int(F[k].sum())
        ours[f"gm.fig1-4.predicted-sum.class{k + 1}"] = int(F[:, k].sum())
        ours[f"gm.fig1-7.expected-diagonal.class{k + 1}"] = int(np.diag(F.sum(axis=1))[k, k])   # Figure 1.6-1.7: perfect classification
    csi, hr, bias, gss = (metrics.critical_success_index(F), metrics.hit_rate(F), metrics.bias(F),
                          metrics.gilbert_skill_score(F))
    ours.update({
        "gm.fig1-4.csi-class1": csi[0], "gm.fig1-4.hit-rate-class1": hr[0], "gm.fig1-4.bias-class2": bias[1],
        "gm.fig1-4.bias-under-predicting": bool(bias[1] > 1),     # the source's own reading of phi > 1
        "gm.fig1-4.mae": metrics.diagonal_mae(F),                  # equation 1.15 as printed
        "gm.fig1-4.gss-chance-class1": float(_gilbert_chance(F)[0]),
        "gm.fig1-4.gss-class1": gss[0],
        "gm.fig1-2.e-pi": _scotts_chance(M), "gm.fig1-2.pi": metrics.scotts_pi(M),
        "gm.fig1-2.e-kappa": _kappa_chance(M), "gm.fig1-2.kappa": metrics.cohens_kappa(M),
        "gm.fig1-4.kappa": metrics.cohens_kappa(F),
        "gm.fig1-2.alpha": metrics.alpha_reliability(M, definition="source"),
    })
    perfect = np.diag(F.sum(axis=1))
    ours["gm.sec1-2-3.kappa-scale"] = bool(
        np.isclose(metrics.cohens_kappa(perfect), 1) and np.isclose(metrics.cohens_kappa(_chance_matrix(F)), 0))
    ours["gm.sec1-2-3.alpha-zero-random"] = bool(
        np.isclose(metrics.alpha_reliability(_chance_matrix(F), definition="source"), 0))
    beta = (M.sum(axis=1) + M.sum(axis=0)) / (2 * M.sum())
    ours["gm.fig1-2.beta1"] = float(beta[0])
    ours["gm.fig1-2.e-gamma"] = metrics.gwet_chance_agreement(M)
    ours["gm.eq1-35.beta-sum"] = bool(np.isclose(beta.sum(), 1)
                                      and np.isclose(metrics.gwet_chance_agreement(M), 2 * beta[0] * (1 - beta[0])))
    ours["gm.sec1-2-3.gwet-max-half"] = _gwet_max_half()
    for k in range(3):
        ours[f"gm.r-multilevel.csi.class{k + 1}"] = csi[k]
        ours[f"gm.r-multilevel.hit-rate.class{k + 1}"] = hr[k]
        ours[f"gm.r-multilevel.bias.class{k + 1}"] = bias[k]
        ours[f"gm.r-multilevel.gss.class{k + 1}"] = gss[k]
    ours.update({
        "gm.r-multilevel.mae": metrics.diagonal_mae(F, denominator="total"),
        "gm.r-multilevel.pi": metrics.scotts_pi(F),
        "gm.r-multilevel.kappa": metrics.cohens_kappa(F),
        "gm.r-multilevel.alpha": metrics.alpha_reliability(F, definition="source"),
    })
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
    >>> round(ours(section="whole")["gm.fig1-4.kappa"], 4)
    0.2462
    """
    every = _example_claims()
    return {cid: every[cid] for cid in SECTIONS[section]}
