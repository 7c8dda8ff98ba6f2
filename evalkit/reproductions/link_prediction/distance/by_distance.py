"""Experiments of the distance chapter: orderings (Fig. 6), by-distance evaluation (Figs. 9-11),
the surrogate simulation (Table 2), Kaggle-style sampling (Fig. 13, Table 3) and steering."""
from __future__ import annotations

import functools

import numpy as np

from ... import linkpred
from ..._checks import Boolean, Choice, Instance, Integer, Real, Values, checks
from ..._parallel import progress_bar
from .._cache import disk_cached
from .data import NETWORKS, Network, task, yang_experiment

__all__ = ["DISTANCE_NETWORKS", "PROPFLOW_CLAIMS", "SHORT", "directed_propflow", "distance_histograms", "fig10",
           "fig11", "mean_propflow", "orderings", "propflow_weighting", "steering", "table2", "table2_closed_form",
           "table2_counts", "table2_implied", "table3"]

#: the networks of the distance and measures chapters
#: the networks of the paper's figures: Condmat (also DBLP's stand-in), CollegeMsg (Facebook), email-Eu-core (Enron's)
DISTANCE_NETWORKS = ("Condmat", "CollegeMsg", "email-Eu-core")
#: predictor name -> its label in the figures and tables
SHORT = {"preferential_attachment": "PA", "propflow": "PropFlow", "adamic_adar": "Adamic/Adar"}


@checks(name=Choice(*NETWORKS), weighted=Boolean())
def directed_propflow(name, *, weighted=True):
    """PropFlow (5 steps) of a network's test task, one score per ordering (row = source); computed once.

    Parameters
    ----------
    name : str
        One of ``NETWORKS``.
    weighted : bool, default True
        Walk on the weighted network (``task(name).weights``: Condmat's papers weighted
        ``1 / (k - 1)`` per pair, as the paper's networks are; message counts elsewhere) or
        on the 0/1 network (``task(name).adjacency``), as version 1 of the book did.

    Returns
    -------
    numpy.ndarray or scipy.sparse array, shape (n_nodes, n_nodes)
        PropFlow from each source (row) to each target (column).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> directed_propflow("CollegeMsg").shape  # doctest: +SKIP
    (1829, 1829)
    """
    return _directed_propflow(name, bool(weighted))


@functools.lru_cache(maxsize=None)
@disk_cached  # shared by the distance, measures and sampling chapters
def _directed_propflow(name, weighted):
    t = task(name)
    return linkpred.propflow(t.weights if weighted else t.adjacency, symmetrize=None)


@checks(name=Choice(*NETWORKS), weighted=Boolean())
def distance_histograms(name, *, weighted=True):
    """PA, PropFlow (mean of the orderings) and Adamic/Adar of a test task, split by distance; computed once.

    ``weighted`` chooses PropFlow's network (see :func:`directed_propflow`); preferential
    attachment and Adamic/Adar are defined on the neighbour sets (the paper's Section 2.2)
    and are the same either way.

    Parameters
    ----------
    name : str
        One of ``NETWORKS``.
    weighted : bool, default True
        PropFlow on the weighted network or on the 0/1 one.

    Returns
    -------
    dict of predictor name -> evalkit.linkpred.DistanceHistograms

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> sorted(distance_histograms("CollegeMsg"))  # doctest: +SKIP
    ['adamic_adar', 'preferential_attachment', 'propflow']
    """
    return _distance_histograms(name, bool(weighted))


@checks(name=Choice(*NETWORKS), weighted=Boolean())
def mean_propflow(name, *, weighted=True):
    """PropFlow of a network's test task, the mean of its two orderings; computed once.

    ``linkpred.mean_of_orderings(directed_propflow(name, weighted=weighted))``, kept for
    the chapters that share it (distance, measures, sampling).

    Parameters
    ----------
    name : str
        One of ``NETWORKS``.
    weighted : bool, default True
        See :func:`directed_propflow`.

    Returns
    -------
    scipy sparse array, shape (n_nodes, n_nodes)
        Symmetric scores.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> mean_propflow("CollegeMsg").shape  # doctest: +SKIP
    (1829, 1829)
    """
    return _mean_propflow(name, bool(weighted))


@functools.lru_cache(maxsize=None)
@disk_cached  # shared by the distance, measures and sampling chapters
def _mean_propflow(name, weighted):
    return linkpred.mean_of_orderings(directed_propflow(name, weighted=weighted))


@functools.lru_cache(maxsize=None)
@disk_cached  # one all-pairs BFS per network, shared by the distance and measures chapters
def _distance_histograms(name, weighted):
    t = task(name)
    propflow = mean_propflow(name, weighted=weighted)
    if not weighted:  # only PropFlow changes: reuse the others
        out = dict(distance_histograms(name, weighted=True))
        out.update(linkpred.distance_score_histograms(t.adjacency, t.positives, {"propflow": propflow}))
        return out
    return linkpred.distance_score_histograms(
        t.adjacency, t.positives, {"preferential_attachment": None, "propflow": propflow, "adamic_adar": None})


_NETS = {"book": {"networks": DISTANCE_NETWORKS}, "paper": {"networks": DISTANCE_NETWORKS}}


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), weighted=Boolean())
@yang_experiment("link-prediction-orderings", scales=_NETS, paper_cost="~40 s on 1 core")
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


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), weighted=Boolean())
@yang_experiment("link-prediction-fig10", scales=_NETS, paper_cost="~40 s on 1 core")
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


_ALPHAS = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
_BETAS = (10, 20, 30, 40, 50)


def _example_cells():
    """A printed-Table-2-shaped frame (index alpha, columns beta): the common test's valid ``paper_cells``."""
    import pandas as pd

    return pd.DataFrame(np.full((len(_ALPHAS), len(_BETAS)), 3.0), index=list(_ALPHAS), columns=list(_BETAS))


@checks(scale=Choice("book", "paper"), simulations=Integer(1), alphas=Values(Real(0, 1, closed="neither")),
        betas=Values(Integer(1)))
@yang_experiment("link-prediction-table2", scales={"book": {"simulations": 400, "seed": 2015},
                                         "paper": {"simulations": 100_000, "seed": 0}},
                 paper_cost="~15 min on 1 core")
def table2(*, simulations: int = 100_000, seed: int = 0, alphas: tuple[float, ...] = _ALPHAS,
           betas: tuple[int, ...] = _BETAS, progress: bool = False):
    """Table 2 of Yang et al.: the surrogate simulation, with the counts of our Condmat task.

    Parameters
    ----------
    simulations : int
        Simulations per (alpha, beta) cell (the paper: 100,000).
    seed : int
        Seed of the one generator all cells share, alpha-major.
    alphas : tuple of float
        Top fractions alpha of the ranking.
    betas : tuple of int
        Spread factors beta of the sub-problem's positives in the full problem.
    progress : bool
        Show a progress bar over the cells.

    Returns
    -------
    list of dict
        One row per cell: alpha, beta, sigmas, mean AUROC of both problems, and the counts.

    Examples
    --------
    The counts come from Condmat's task (slow to build), so that line is not run; one cell
    of the simulation with CollegeMsg's counts, seeded:

    >>> rows = table2(simulations=20, seed=0, alphas=(0.5,), betas=(10,))  # doctest: +SKIP
    >>> from evalkit import linkpred
    >>> cell = linkpred.surrogate_auroc(152, 342491, 302, 1658058, 0.5, 10, n_simulations=20, rng=0)
    >>> round(float(cell.sigmas), 2)
    -7.81
    """
    p_s, n_s, p_f, n_f = table2_counts("Condmat").values()
    rng = np.random.default_rng(seed)
    rows = []
    cells = [(a, b) for a in alphas for b in betas]
    for a, b in progress_bar(cells, progress=progress, desc="Table 2 cells"):
        r = linkpred.surrogate_auroc(p_s, n_s, p_f, n_f, a, b, n_simulations=simulations, rng=rng)
        rows.append({"alpha": a, "beta": b, "sigmas": r.sigmas, "mean_auroc_sub": float(r.auroc_sub.mean()),
                     "mean_auroc_full": float(r.auroc_full.mean()), "simulations": simulations,
                     "p_s": p_s, "n_s": n_s, "p_f": p_f, "n_f": n_f})
    return rows


@checks(name=Choice(*NETWORKS))
def table2_counts(name: Network = "Condmat"):
    """The counts Table 2's simulation needs, from a network's task.

    Parameters
    ----------
    name : str, default 'Condmat'
        One of ``NETWORKS``.

    Returns
    -------
    dict
        ``p_s``, ``n_s``: positives and negatives at distance 2 (the sub-problem);
        ``p_f``, ``n_f``: over all candidate pairs (the full problem).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> table2_counts("CollegeMsg")  # doctest: +SKIP
    {'p_s': 152, 'n_s': 342491, 'p_f': 302, 'n_f': 1658058}
    """
    t = task(name)
    counts = linkpred.distance_counts(t.adjacency, t.positives)
    at2 = counts.distance == 2
    return {"p_s": int(counts.positives[at2][0]), "n_s": int(counts.negatives[at2][0]),
            "p_f": int(counts.positives.sum()), "n_f": int(counts.negatives.sum())}


def _closed_form_rows(label, counts, alphas, betas):
    rows = []
    for a in alphas:
        for b in betas:
            m = linkpred.surrogate_moments(counts["p_s"], counts["n_s"], counts["p_f"], counts["n_f"], a, b)
            rows.append({"counts": label, "alpha": a, "beta": b, "sigmas": m.sigmas,
                         "N_f / N_s": (counts["p_f"] + counts["n_f"]) / (counts["p_s"] + counts["n_s"]),
                         "p_s / p_f": counts["p_s"] / counts["p_f"], **counts})
    return rows


@checks(networks=Values(Choice(*NETWORKS)), alphas=Values(Real(0, 1, closed="neither")), betas=Values(Integer(1)))
def table2_closed_form(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS, alphas: tuple[float, ...] = _ALPHAS,
                       betas: tuple[int, ...] = _BETAS):
    """Table 2 at the paper's scale: what its simulation converges to, with each network's counts.

    :func:`evalkit.linkpred.surrogate_moments` for every cell, so no simulation noise.

    Parameters
    ----------
    networks : tuple of str
        Networks whose counts are used.
    alphas : tuple of float
        Top fractions alpha of the ranking.
    betas : tuple of int
        Spread factors beta.

    Returns
    -------
    pandas.DataFrame
        One row per network and cell: ``counts`` (the network), alpha, beta, sigmas,
        ``N_f / N_s``, ``p_s / p_f`` and the four counts.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> table = table2_closed_form(networks=("CollegeMsg",), alphas=(0.5,), betas=(10,))  # doctest: +SKIP
    >>> table["sigmas"].round(3).tolist()  # doctest: +SKIP
    [-7.149]
    """
    import pandas as pd

    return pd.DataFrame([row for name in networks
                         for row in _closed_form_rows(name, table2_counts(name), alphas, betas)])


@checks(paper_cells=Instance("DataFrame", example=_example_cells), n_nodes=Integer(100),
        share=Real(0, 1, closed="right"), alphas=Values(Real(0, 1, closed="neither")), betas=Values(Integer(1)))
def table2_implied(paper_cells, *, n_nodes: int, share: float, alphas: tuple[float, ...] = _ALPHAS,
                   betas: tuple[int, ...] = _BETAS):
    """The counts that make the closed-form Table 2 closest to a printed one.

    The closed form depends on the counts through ``r = N_s / N_f`` (the sub-problem's
    share of the candidate pairs) and ``p_s`` given the positives' share ``s = p_s / p_f``
    (:func:`evalkit.linkpred.surrogate_moments`). With ``N_f`` the pairs of ``n_nodes``
    nodes and ``s`` given, this finds the ``r`` and ``p_s`` whose closed-form cells are
    nearest the printed ones in least squares: a grid over both, then each refined in
    turn, twice.

    Parameters
    ----------
    paper_cells : pandas.DataFrame
        The printed sigmas, indexed by alpha, with the betas as columns.
    n_nodes : int
        Nodes of the network whose counts the table used (``N_f`` is their pairs).
    share : float
        Assumed ``p_s / p_f``.
    alphas : tuple of float
        The printed table's alphas (its index).
    betas : tuple of int
        The printed table's betas (its columns).

    Returns
    -------
    dict
        ``counts`` (p_s, n_s, p_f, n_f), ``N_f / N_s``, ``rms`` (of closed form minus
        printed) and ``table`` (the closed-form cells, like ``paper_cells``).

    Examples
    --------
    >>> import pandas as pd
    >>> printed = pd.DataFrame([[-7.149]], index=[0.5], columns=[10])
    >>> implied = table2_implied(printed, n_nodes=1000, share=0.5, alphas=(0.5,), betas=(10,))
    >>> sorted(implied), implied["rms"] < 0.1
    (['N_f / N_s', 'counts', 'rms', 'table'], True)
    """
    import pandas as pd

    n_pairs = n_nodes * (n_nodes - 1) // 2
    target = paper_cells.loc[list(alphas), list(betas)].to_numpy(dtype=float)

    def counts_of(r, p_s):
        p_s = int(round(p_s))
        p_f = max(p_s, int(round(p_s / share)))
        n_sub = max(p_s + 1, int(round(r * n_pairs)))
        return {"p_s": p_s, "n_s": n_sub - p_s, "p_f": p_f, "n_f": n_pairs - p_f}

    def cells(c):
        return np.array([[linkpred.surrogate_moments(c["p_s"], c["n_s"], c["p_f"], c["n_f"], a, b).sigmas
                          for b in betas] for a in alphas])

    def sse(r, p_s):
        return float(((cells(counts_of(r, p_s)) - target) ** 2).sum())

    r_grid = np.geomspace(1e-4, 0.5, 40)
    p_grid = np.geomspace(10, 1e5, 40)
    best = min(((sse(r, p), r, p) for r in r_grid for p in p_grid))
    for _ in range(2):  # refine each coordinate in turn around the best
        r_grid = best[1] * np.geomspace(0.8, 1.25, 41)
        best = min((sse(r, best[2]), r, best[2]) for r in r_grid)
        p_grid = best[2] * np.geomspace(0.8, 1.25, 41)
        best = min((sse(best[1], p), best[1], p) for p in p_grid)
    c = counts_of(best[1], best[2])
    table = pd.DataFrame(cells(c), index=list(alphas), columns=list(betas))
    return {"counts": c, "N_f / N_s": (c["p_f"] + c["n_f"]) / (c["p_s"] + c["n_s"]),
            "rms": float(np.sqrt(best[0] / target.size)), "table": table}


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), weighted=Boolean())
@yang_experiment("link-prediction-fig11", scales=_NETS, paper_cost="~40 s on 1 core")
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
@yang_experiment("link-prediction-table3", scales={"book": {"networks": DISTANCE_NETWORKS, "repetitions": 20, "seed": 7},
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
@yang_experiment("link-prediction-propflow-weighting", scales=_NETS, paper_cost="~60 s on 1 core")
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


@checks(scale=Choice("book", "paper"), targets=Values(Real(0, 1)), network=Choice(*NETWORKS))
@yang_experiment("link-prediction-steering", scales={"book": {"targets": (0.55, 0.65, 0.75, 0.85, 0.9), "seed": 11},
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
