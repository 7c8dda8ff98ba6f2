"""Neville et al. Sections 4 and 7 on real data (the real-data page): Table 5's error correlation and
label autocorrelation on the labelled networks we have, and Fig. 5's Type I error study on
disjoint pieces of Cora.

:func:`table5` and :func:`fig5` are the page's experiments (the tasks and pieces are
:mod:`evalkit.reproductions.network_cv.setups`'s, the protocol
:mod:`evalkit.reproductions.network_cv.method`'s); :func:`paper_table5` is the paper's Table 5
as the registry holds it; :func:`ours` turns the results into ``{claim id: our value}``.
"""
from __future__ import annotations

import numpy as np

from ... import claims
from ... import relational as rel
from ..._checks import Array, Choice, Instance, Integer, Real, Seed, Values, checks
from ..._parallel import progress_bar
from .._experiment import experiment
from .method import error_correlation_study, within_network_study
from .setups import PARTITIONS, cora_pieces, table5_tasks
from .source import TABLE5_PAPER_ROWS

__all__ = ["TABLE5_ROWS", "TRACKS_LEVEL", "fig5", "ours", "paper_table5", "standard_errors", "table5", "tracks"]

#: Table 5 rows the book computes: claim key -> (data set, task) of
#: :func:`~evalkit.reproductions.network_cv.setups.table5_tasks`.
TABLE5_ROWS = {k: TABLE5_PAPER_ROWS[k] for k in ("enron-executive", "polbooks-neutral")}


def _frame(rows):
    import pandas as pd

    return pd.DataFrame(rows)


def _example_frame():
    """A small pandas DataFrame: the common test's valid value for a results-table parameter."""
    import pandas as pd

    return pd.DataFrame({"procedure": ["rrs", "ncv"], "prop_labeled": [0.1, 0.1], "type1_error": [0.2, 0.05]})


# ------------------------------------------------------------------ Table 5 (Section 4), Fig. 5 (Section 7)


@checks(scale=Choice("book", "paper", "small"), n_splits=Integer(1), prop_labeled=Values(Real(0, 1, closed="neither")),
        models=Values(Choice("wvrn", "nbc", "lbc")))
@experiment("network-cv-table5", scales={"book": {}, "paper": {}, "small": {"n_splits": 2}},
            paper_cost="~20 s on 1 core", uses={"data": {"enron-executive": "enron-extraction"}})
def table5(*, n_splits: int = 10, prop_labeled: tuple[float, ...] = (0.1, 0.3, 0.5, 0.7, 0.9),
           models: tuple[str, ...] = ("wvrn", "lbc")):
    """Table 5 on the networks we have: error correlation and label autocorrelation of each task.

    Task ``i`` of :func:`~evalkit.reproductions.network_cv.setups.table5_tasks` runs :func:`~evalkit.reproductions.network_cv.method.error_correlation_study`
    with seed ``i`` and the paper's Section 4 pair: the relational neighbour classifier
    (wvRN) and Lu & Getoor's link-based classifier, each with and without collective
    inference (``models=("wvrn", "nbc")`` gives the stand-in pair of earlier versions).

    Parameters
    ----------
    n_splits : int
        Random labelled sets per share labelled.
    prop_labeled : tuple of float
        Shares labelled.
    models : tuple of str
        The two classifiers (names of :func:`~evalkit.reproductions.network_cv.method.error_correlation_study`).

    Returns
    -------
    pandas.DataFrame
        One row per task: error correlation, and the label autocorrelation as phi
        (``autocorr.``) and as Pearson's corrected contingency coefficient (``autocorr. C*``).

    Examples
    --------
    The real networks are loaded from the data sets (tens of seconds):

    >>> table = table5(scale="small")  # doctest: +SKIP
    >>> table[["data set", "task"]].head(2)  # doctest: +SKIP
             data set        task
    0     Enron email  Executive?
    1 Political books    Neutral?
    """
    rows = []
    for i, ((data, task), (graph, y)) in enumerate(table5_tasks().items()):
        study = error_correlation_study(graph, y, models=models, prop_labeled=prop_labeled, n_splits=n_splits,
                                            rng=i)
        rows.append({"data set": data, "task": task, "positives": f"{y.mean():.0%}",
                     "error corr.": study["mean"], "autocorr.": rel.label_autocorrelation(graph, y),
                     "autocorr. C*": rel.label_autocorrelation(graph, y, measure="contingency")})
    return _frame(rows)


@checks(scale=Choice("book", "paper", "small"), n_parts=Integer(2), pieces_seed=Seed(), partition=Choice(*PARTITIONS),
        prop_labeled=Values(Real(0, 1, closed="neither")), n_trials=Integer(1), calibration_repeats=Integer(1),
        seed=Integer(0))
@experiment("network-cv-fig5", scales={"book": {}, "paper": {}, "small": {"n_trials": 5, "calibration_repeats": 1}},
            paper_cost="~40 s on 1 core", uses={"data": "cora-pieces"})
def fig5(*, n_parts: int = 6, pieces_seed: int = 7, partition: str = "stratified",
         prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4, 0.5), n_trials: int = 50,
         calibration_repeats: int = 10, seed: int = 100, progress: bool = False):
    """Fig. 5's analysis on disjoint pieces of Cora: each piece held out in turn, calibrated on the others.

    Held-out piece ``h`` runs :func:`~evalkit.reproductions.network_cv.method.within_network_study` with seed
    ``seed + h``.

    Parameters
    ----------
    n_parts : int
        Pieces of Cora.
    pieces_seed : int
        Seed of the Louvain communities.
    partition : str
        ``'stratified'`` (pieces with alike label shares) or ``'louvain'`` (packed by
        size only); see :func:`~evalkit.reproductions.network_cv.setups.cora_pieces`.
    prop_labeled : tuple of float
        Shares labelled.
    n_trials : int
        Trials of RS and NCV on the held-out piece.
    calibration_repeats : int
        NCV repetitions of each calibration piece.
    seed : int
        Seed of the first held-out piece's study.
    progress : bool
        Show a progress bar.

    Returns
    -------
    dict
        ``"pieces"``: nodes, links, share positive and label autocorrelation of each piece;
        ``"trials"``: the study's rows, with ``held_out``.

    Examples
    --------
    Cora is loaded and cut into pieces (tens of seconds):

    >>> result = fig5(scale="small")  # doctest: +SKIP
    >>> len(result["pieces"])  # doctest: +SKIP
    6
    How the pieces are cut, seeded, on the karate club network (two pieces, stratified by club):

    >>> import networkx as nx
    >>> import numpy as np
    >>> from evalkit import relational as rel
    >>> g = nx.karate_club_graph()
    >>> y = np.array([int(g.nodes[n]["club"] == "Officer") for n in g])
    >>> pieces = rel.disjoint_subnetworks(g, y, 2, rng=7, stratify=True, resolution=2.0)
    >>> [a.shape[0] for a, _ in pieces], [int(lab.sum()) for _, lab in pieces]
    ([17, 17], [9, 8])
    """
    pieces = cora_pieces(n_parts, seed=pieces_seed, partition=partition)
    trials = []
    for held_out in progress_bar(range(len(pieces)), progress=progress, desc="held-out pieces"):
        others = pieces[:held_out] + pieces[held_out + 1:]
        rows = within_network_study([pieces[held_out]], others, prop_labeled=prop_labeled, n_trials=n_trials,
                                        calibration_repeats=calibration_repeats, rng=seed + held_out)
        trials += [dict(r, held_out=held_out) for r in rows]
    table = _frame({"nodes": [a.shape[0] for a, _ in pieces], "links": [a.nnz // 2 for a, _ in pieces],
                    "positive": [lab.mean() for _, lab in pieces],
                    "autocorrelation": [rel.label_autocorrelation(a, lab) for a, lab in pieces]})
    return {"pieces": table, "trials": _frame(trials)}


# ------------------------------------------------------------------ the claims


@checks()
def paper_table5():
    """The paper's Table 5, read from the registry: one row per task.

    Returns
    -------
    pandas.DataFrame
        Columns ``data set``, ``task``, ``error corr.`` and ``autocorr.``: the source's values.

    Examples
    --------
    >>> list(paper_table5().columns)
    ['data set', 'task', 'error corr.', 'autocorr.']
    """
    import pandas as pd

    return pd.DataFrame([{"data set": data, "task": task,
                          "error corr.": claims.source_value(f"neville.table5.{key}.error-corr"),
                          "autocorr.": claims.source_value(f"neville.table5.{key}.autocorr")}
                         for key, (data, task) in TABLE5_PAPER_ROWS.items()])


#: Level of the rank test that decides whether one measure tracks another
TRACKS_LEVEL = 0.05


@checks(x=Array(ndim=1), y=Array(ndim=1), level=Real(0, 1, closed="neither"))
def tracks(x, y, *, level=TRACKS_LEVEL):
    """Whether ``y`` tracks ``x``: Kendall's tau, one-sided, decided at ``level``, else undecided.

    A positive correlation of a handful of points is no evidence that one measure goes
    with the other; the claim holds when the rank correlation is significantly positive
    (exact one-sided p at most ``level``), fails when it is significantly negative, and is
    undecided (None, recorded as ``"inconclusive"``) otherwise.

    Parameters
    ----------
    x, y : array_like
        The two measures, one value per task.
    level : float, default TRACKS_LEVEL
        Significance level of each one-sided test.

    Returns
    -------
    bool or None
        True, False, or None when the tasks cannot decide.

    Examples
    --------
    >>> tracks([0.1, 0.2, 0.3, 0.4, 0.5], [0.0, 0.1, 0.15, 0.3, 0.4])      # five in order: p = 1/120
    True
    >>> tracks([0.1, 0.2, 0.3], [0.0, 0.1, 0.2]) is None                  # three in order: p = 1/6
    True
    """
    from scipy.stats import kendalltau

    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if x.shape != y.shape or x.ndim != 1 or x.size < 2:
        raise ValueError(f"x and y must be 1-d of one length, at least 2; got shapes {x.shape} and {y.shape}")
    if kendalltau(x, y, alternative="greater").pvalue <= level:
        return True
    if kendalltau(x, y, alternative="less").pvalue <= level:
        return False
    return None


def _table5_claims(measured):
    rows = measured.set_index(["data set", "task"])
    out = {}
    for key, row in TABLE5_ROWS.items():
        out[f"neville.table5.{key}.error-corr"] = float(rows.loc[row, "error corr."])
        out[f"neville.table5.{key}.autocorr"] = float(rows.loc[row, "autocorr."])
    out["neville.sec4.error-corr-tracks-autocorr"] = tracks(measured["autocorr."], measured["error corr."])
    out["neville.sec4.all-trials-error-corr"] = bool((measured["error corr."] > 0).all())
    return out


def _by_piece(trials, column):
    """Each held-out piece's rate of ``column``: rows (procedure, share labelled), a column per piece."""
    if "held_out" not in trials:
        raise ValueError("fig5 must hold the column 'held_out' (fig5's trials): the pieces give the Monte Carlo error")
    rates = trials.groupby(["procedure", "prop_labeled", "held_out"])[column].mean().unstack("held_out")
    if rates.shape[1] < 2:
        raise ValueError(f"fig5 must hold at least two held-out pieces to estimate the Monte Carlo error; "
                         f"got {rates.shape[1]}")
    return rates


def _over_pieces(differences):
    """Mean and standard error over the pieces (the columns) of per-piece values, row by row."""
    n = differences.shape[1]
    return differences.mean(axis=1).to_numpy(), (differences.std(axis=1, ddof=1) / np.sqrt(n)).to_numpy()


def _fig5_claims(trials):
    """Fig. 5's pattern, each comparison decided with the spread over the held-out pieces.

    The pieces differ more than the trials on one piece, so the error of a mean over the
    pieces is their standard deviation over the square root of their number; a comparison
    of two procedures (or of two shares labelled) is taken piece by piece.
    """
    paired = _by_piece(trials, "paired")
    rs_minus_ncv = paired.loc["rrs"] - paired.loc["ncv"]                 # shares x pieces
    gap, gap_se = _over_pieces(rs_minus_ncv)
    overall = rs_minus_ncv.mean(axis=0).to_frame().T                     # one row: the mean over shares
    mean_gap, mean_gap_se = _over_pieces(overall)
    low, high = paired.index.get_level_values("prop_labeled").min(), paired.index.get_level_values("prop_labeled").max()
    drops = []
    for column in ("paired", "unpaired"):
        rates = _by_piece(trials, column)
        drop = rates.xs(low, level="prop_labeled") - rates.xs(high, level="prop_labeled")   # procedures x pieces
        mean, se = _over_pieces(drop)
        drops.append(claims.decide(mean, 0.0, se, side="above"))
    handicap = trials.groupby("prop_labeled").handicap.mean()
    rs = paired.loc["rrs"].mean(axis=1)
    return {
        "neville.fig5.resampling-up-to-40": float(rs.max()),
        "neville.fig5.like-synthetic": claims.decide(gap, 0.0, gap_se, side="above"),
        "neville.fig5.ncv-more-reasonable": claims.decide(mean_gap, 0.0, mean_gap_se, side="above"),
        "neville.fig5.falls-with-labelled": claims.all_of(drops),
        "neville.sec7.converge-50-60": bool(handicap[high] == 0),
    }


def _example_fig5():
    import pandas as pd

    return pd.DataFrame({"procedure": "rrs", "prop_labeled": [0.1, 0.1, 0.2, 0.2], "held_out": [0, 1, 0, 1],
                         "paired": [0.3, 0.5, 0.2, 0.2], "unpaired": 0.1})


@checks(fig5=Instance("DataFrame", example=_example_fig5))
def standard_errors(*, fig5):
    """The Monte Carlo standard error of Fig. 5's largest RS Type I error, as ``claims.record_all``'s options.

    The rate is a mean over the held-out pieces of a rate over trials, at the share
    labelled where RS rejects most; its standard error is the standard deviation of the
    pieces' rates there over the square root of their number (the pieces differ more than
    the trials). The paper's maximum, over its own few networks, carries an error of the
    same kind (``source_std_error``; its size is taken to be ours).

    Parameters
    ----------
    fig5 : pandas.DataFrame
        :func:`fig5`'s ``"trials"`` (with ``held_out``).

    Returns
    -------
    dict
        ``{"neville.fig5.resampling-up-to-40": {"std_error": se, "source_std_error": se}}``.

    Examples
    --------
    >>> round(standard_errors(fig5=_example_fig5())["neville.fig5.resampling-up-to-40"]["std_error"], 3)
    0.1
    """
    rs = fig5[fig5.procedure == "rrs"]
    by_piece = rs.groupby(["prop_labeled", "held_out"]).paired.mean().unstack("held_out")   # shares x pieces
    if by_piece.shape[1] < 2:
        raise ValueError("fig5 must hold at least two held-out pieces of RS to estimate the Monte Carlo error")
    worst = by_piece.mean(axis=1).idxmax()
    se = float(by_piece.loc[worst].std(ddof=1) / np.sqrt(by_piece.shape[1]))
    return {"neville.fig5.resampling-up-to-40": {"std_error": se, "source_std_error": se}}


@checks(measured=Instance("DataFrame", none=True, example=_example_frame),
        fig5=Instance("DataFrame", none=True, example=_example_frame))
def ours(*, measured=None, fig5=None):
    """Our value of each claim of the real-data page: Table 5 and Fig. 5.

    Each argument gives one part's claims; None leaves them out.

    Parameters
    ----------
    measured : pandas.DataFrame, optional
        :func:`table5`'s table (``data set``, ``task``, ``error corr.`` and ``autocorr.`` per
        task): Table 5's cells we can compute (Enron, political books, ``TABLE5_ROWS``) and
        its two observations.
    fig5 : pandas.DataFrame, optional
        The ``"trials"`` of :func:`fig5` (rows of
        :func:`~evalkit.reproductions.network_cv.method.within_network_study` with a
        ``held_out`` piece): Fig. 5's reported pattern, its comparisons decided with the spread over the held-out
        pieces (``held_out``; at least two).

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool or a
        :class:`~evalkit.claims.Decision` for a qualitative one.

    Examples
    --------
    >>> import pandas as pd
    >>> measured = pd.DataFrame({"data set": ["Enron email", "Political books"], "task": ["Executive?", "Neutral?"],
    ...                          "error corr.": [0.2, 0.4], "autocorr.": [0.1, 0.5]})
    >>> got = ours(measured=measured)
    >>> got["neville.table5.polbooks-neutral.autocorr"], got["neville.sec4.error-corr-tracks-autocorr"]   # 2 tasks decide nothing
    (0.5, None)
    >>> trials = pd.DataFrame({"procedure": ["rrs"] * 4 + ["ncv"] * 4, "prop_labeled": [0.1, 0.1, 0.5, 0.5] * 2,
    ...                        "held_out": [0, 1] * 4, "paired": [0.30, 0.34, 0.20, 0.16, 0.06, 0.04, 0.05, 0.03],
    ...                        "handicap": 0.0}).assign(unpaired=lambda t: t.paired / 2)
    >>> got = ours(fig5=trials)      # two held-out pieces
    >>> round(got["neville.fig5.resampling-up-to-40"], 2), got["neville.fig5.ncv-more-reasonable"].describe()
    (0.32, 'holds: 0.205 +- 0.01 is 20.5 standard errors above 0')
    """
    out = {}
    if measured is not None:
        out.update(_table5_claims(measured))
    if fig5 is not None:
        out.update(_fig5_claims(fig5))
    return out
