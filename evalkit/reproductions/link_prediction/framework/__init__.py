"""The framework chapter: the paper's networks identified among our data sets, Table 1, the tasks' sizes,
Condmat's whole 1995-2000 network, class imbalance, and :func:`ours`, the chapter's values of the
paper's claims."""
from __future__ import annotations

import datetime
from collections.abc import Mapping

import numpy as np

from .... import claims, datasets, linkpred, metrics
from ...._checks import Choice, Instance, Integer, Values, checks
from ....graph import as_adjacency
from ..._experiment import experiment
from ..setups import NETWORKS, PAPER_NETWORKS, Network, events, periods, task, tasks, utc

__all__ = ["class_imbalance", "condmat_whole_period", "feature_period_window", "identify_networks", "ours", "table1",
           "task_sizes", "trivial_baselines"]

#: every timestamped data set we have, by the name the identification table gives it
_CANDIDATES = ("Condmat", "Enron (Benson)") + datasets.TEMPORAL_NETWORKS


def _candidate_events(name):
    if name == "Condmat":     # the paper's period, 1995-2000
        return events("Condmat").between(utc(1995), utc(2001))
    if name == "Enron (Benson)":
        return events(name)
    return datasets.load_temporal_edges(name)


def _static_counts(ev):
    """Nodes and undirected edges (self-loops dropped, repeats one edge) of a set of events."""
    keep = ev.src != ev.dst
    pairs = np.unique(np.sort(np.stack([ev.src[keep], ev.dst[keep]], axis=1), axis=1), axis=0)
    return int(np.union1d(ev.src, ev.dst).size), int(len(pairs))


def _utc_date(t):
    return datetime.datetime.fromtimestamp(int(t), datetime.timezone.utc).strftime("%Y-%m-%d")


@checks()
def identify_networks():
    """Every timestamped data set we have, counted as the paper's Table 1 counts its networks.

    A data set *is* one of the paper's networks when its whole-period edge count equals the
    paper's exactly (the paper's edge counts are of the whole period; see
    :func:`condmat_whole_period`) and a feature period ending at a natural boundary holds the
    paper's node count (:func:`feature_period_window`). Edges are undirected, a pair linked
    by several events is one edge, self-loops are dropped.

    Returns
    -------
    pandas.DataFrame
        One row per data set: first and last event (UTC dates), nodes, edges, the ratio of
        its edges to each paper network's, and ``is``: the paper network whose edge count it
        equals (empty where none).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> table = identify_networks()  # doctest: +SKIP
    >>> table.loc["CollegeMsg", "is"]  # doctest: +SKIP
    'Facebook'
    """
    import pandas as pd

    paper = {net: claims.source_value(f"yang.table1.{net.lower()}.edges") for net in PAPER_NETWORKS}
    rows = {}
    for name in _CANDIDATES:
        ev = _candidate_events(name)
        nodes, edges = _static_counts(ev)
        rows[name] = {"first event": _utc_date(ev.time.min()), "last event": _utc_date(ev.time.max()),
                      "nodes": nodes, "edges": edges,
                      **{f"edges / {net}'s": edges / paper[net] for net in paper},
                      "is": ", ".join(net for net in paper if edges == paper[net])}
    return pd.DataFrame(rows).T.infer_objects()


@checks(name=Choice(*_CANDIDATES), n_nodes=Integer(1))
def feature_period_window(name, n_nodes):
    """When a feature period ending then holds exactly ``n_nodes`` nodes.

    Parameters
    ----------
    name : str
        A data set of :func:`identify_networks` (Condmat counts from 1995).
    n_nodes : int
        The node count to reach (the paper's Table 1 count).

    Returns
    -------
    tuple of datetime.datetime (UTC)
        ``(after, until)``: a feature period of the events before ``t`` has ``n_nodes``
        nodes exactly when ``after < t <= until`` (``after`` is the first event of the
        ``n_nodes``-th node to appear, ``until`` that of the next).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> after, until = feature_period_window("CollegeMsg", 1829)  # doctest: +SKIP
    >>> after.isoformat(), until.isoformat()  # doctest: +SKIP
    ('2004-09-01T02:06:16+00:00', '2004-09-01T19:08:49+00:00')
    """
    if name not in _CANDIDATES:
        raise ValueError(f"name must be one of {_CANDIDATES}; got {name!r}")
    ev = _candidate_events(name)
    ids = np.concatenate([ev.src, ev.dst])
    times = np.concatenate([ev.time, ev.time])
    order = np.lexsort((times, ids))
    first = np.sort(times[order][np.r_[True, ids[order][1:] != ids[order][:-1]]])
    if not 1 <= n_nodes < first.size:
        raise ValueError(f"n_nodes must be between 1 and {first.size - 1} for {name}; got {n_nodes}")
    return tuple(datetime.datetime.fromtimestamp(int(first[i]), datetime.timezone.utc) for i in (n_nodes - 1, n_nodes))


@checks(scale=Choice("book", "paper"))
@experiment("link-prediction-table1", scales={"book": {}, "paper": {}}, paper_cost="~5 s on 1 core")
def table1():
    """Table 1 for the paper's four networks: the paper's counts beside ours.

    Ours are counted as the paper counts (see :func:`condmat_whole_period`): the nodes of
    the feature network of our task, the edges of the whole period (feature and label
    periods), and the density ``2|E| / (|V| (|V| - 1))`` of those two counts. Each paper
    network is represented by the network of ours that ``yang.PAPER_NETWORKS`` names: the
    network itself (Condmat, Facebook) or its stand-in (DBLP, Enron).

    Parameters
    ----------

    Returns
    -------
    pandas.DataFrame
        One row per paper network: the paper's nodes, edges and density; our network, and
        whether it is the paper's or a stand-in; our nodes, edges and density; the edges and
        density of our feature network alone; and our nodes as a multiple of the paper's.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> list(table1().index)  # doctest: +SKIP
    ['Condmat', 'DBLP', 'Enron', 'Facebook']
    """
    import pandas as pd

    rows = {}
    for net, (our_net, relation) in PAPER_NETWORKS.items():
        t = task(our_net)
        p = periods(our_net, end="last event")
        whole = events(our_net).between(p.get("start"), p["end"])
        nodes, edges = t.n_nodes, _static_counts(whole)[1]
        key = f"yang.table1.{net.lower()}"
        rows[net] = {"paper: nodes": claims.source_value(f"{key}.nodes"),
                     "paper: edges": claims.source_value(f"{key}.edges"),
                     "paper: density": claims.source_value(f"{key}.density"),
                     "our network": our_net, "relation": relation, "nodes": nodes, "edges": edges,
                     "density": 2 * edges / (nodes * (nodes - 1)), "feature-network edges": t.n_edges,
                     "feature-network density": 2 * t.n_edges / (nodes * (nodes - 1))}
        rows[net]["nodes / paper's"] = nodes / rows[net]["paper: nodes"]
    return pd.DataFrame(rows).T.infer_objects()


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)))
@experiment("link-prediction-task-sizes", scales={"book": {"networks": NETWORKS}, "paper": {"networks": NETWORKS}},
            paper_cost="~40 s on 1 core (sx-mathoverflow dominates)")
def task_sizes(*, networks: tuple[Network, ...] = NETWORKS):
    """Nodes, edges, density, positives and candidates of each network's test task.

    Parameters
    ----------
    networks : tuple of str
        Networks (Condmat and stand-ins) to tabulate.

    Returns
    -------
    pandas.DataFrame
        One row per network; the counts are of its feature network (edges, density) and
        its label period (positives, and the pairs that involve a node new to it).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> task_sizes(networks=("CollegeMsg",))[["nodes", "edges"]]  # doctest: +SKIP
                 nodes    edges
    CollegeMsg  1829.0  13346.0
    """
    import pandas as pd

    ts = tasks(networks)
    return pd.DataFrame({
        name: {"nodes": t.n_nodes, "edges": t.n_edges, "density": 2 * t.n_edges / (t.n_nodes * (t.n_nodes - 1)),
               "positives": len(t.positives), "candidates": t.n_candidates,
               "new-node pairs (not candidates)": t.n_new_node_pairs}
        for name, t in ts.items()}).T


@checks()
def condmat_whole_period():
    """Counts of Condmat's whole 1995-2000 network, which the paper's Table 1 row mixes in.

    Returns
    -------
    dict
        ``nodes``, ``edges`` and ``pairs`` of the 1995-2000 network, and ``new_pairs_2000``:
        the pairs first linked in 2000 (new nodes included), counted in both orders.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> sorted(condmat_whole_period())  # doctest: +SKIP
    ['edges', 'new_pairs_2000', 'nodes', 'pairs']
    """
    period = events("Condmat").between(utc(1995), utc(2001))
    whole, whole_nodes = as_adjacency(np.stack([period.src, period.dst], axis=1))
    cm = task("Condmat")
    return {"nodes": int(whole_nodes.size), "edges": int(whole.nnz // 2),
            "pairs": int(whole_nodes.size * (whole_nodes.size - 1) // 2),
            "new_pairs_2000": int(2 * (len(cm.positives) + cm.n_new_node_pairs))}


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)))
@experiment("link-prediction-imbalance", scales={"book": {"networks": NETWORKS}, "paper": {"networks": NETWORKS}},
            paper_cost="~40 s on 1 core (building the tasks)")
def class_imbalance(*, networks: tuple[Network, ...] = NETWORKS):
    """Class imbalance: trivial and random predictors' measures on each network's test task.

    Parameters
    ----------
    networks : tuple of str
        Networks (Condmat and stand-ins).

    Returns
    -------
    pandas.DataFrame
        One row per network.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> round(float(class_imbalance(networks=("CollegeMsg",)).loc["CollegeMsg", "negatives per positive"]), 1)  # doctest: +SKIP
    5490.3
    """
    import pandas as pd

    rows = {}
    for name, t in tasks(networks).items():
        P, N = len(t.positives), t.n_candidates - len(t.positives)
        rows[name] = {"negatives per positive": N / P, **trivial_baselines(P, N)}
    return pd.DataFrame(rows).T


@checks(n_positive=Integer(1), n_negative=Integer(1))
def trivial_baselines(n_positive, n_negative):
    """The measures of Section 3.3's trivial predictors on a task with these class sizes.

    A random predictor (the expected confusion matrix of a fair coin), the all-negative and
    all-positive predictors, and a constant score (every pair tied), measured with evalkit.

    Parameters
    ----------
    n_positive, n_negative : int
        The task's positives and negatives.

    Returns
    -------
    dict of str -> float
        ``"random: accuracy"``, ``"random: precision"``, ``"random: recall"``,
        ``"all-negative: accuracy"``, ``"all-negative: recall"``, ``"all-positive: precision"``,
        ``"all-positive: recall"``, ``"constant score: AUROC"``, ``"constant score: AUPR"``.

    Examples
    --------
    Balanced classes: the trivial predictors' recalls are 0 and 1, the rest 0.5.

    >>> {k: round(float(v), 2) for k, v in trivial_baselines(100, 100).items() if v != 0.5}
    {'all-negative: recall': 0.0, 'all-positive: recall': 1.0}
    """
    P, N = n_positive, n_negative
    random = np.array([[P / 2, P / 2], [N / 2, N / 2]])        # expected matrix of a fair coin
    all_negative = np.array([[0, P], [0, N]])
    all_positive = np.array([[P, 0], [N, 0]])
    constant = linkpred.ScoreHistogram.from_unsorted(np.zeros(P), [0.0], [N]).evaluate()
    return {"random: accuracy": metrics.accuracy(random), "random: precision": metrics.precision(random),
            "random: recall": metrics.true_positive_rate(random),
            "all-negative: accuracy": metrics.accuracy(all_negative),
            "all-negative: recall": metrics.true_positive_rate(all_negative),
            "all-positive: precision": metrics.precision(all_positive),
            "all-positive: recall": metrics.true_positive_rate(all_positive),
            "constant score: AUROC": constant.auroc, "constant score: AUPR": constant.aupr}


def _example_frame():
    """A small DataFrame: the common test's valid value for a results-table parameter."""
    import pandas as pd

    return pd.DataFrame({"x": [0.5, 0.25]})


@checks(table1=Instance("DataFrame", none=True, example=_example_frame),
        imbalance=Instance("DataFrame", none=True, example=_example_frame),
        spans=Instance(Mapping, none=True, example=dict), distinct=Instance(Mapping, none=True, example=dict),
        balanced=Instance(Mapping, none=True, example=dict))
def ours(*, table1=None, imbalance=None, spans=None, distinct=None, balanced=None):
    """Our values of the framework chapter's claims: Table 1, Fig. 3, the baselines of Section 3.3.

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
    balanced : dict or None
        :func:`trivial_baselines` of a task with balanced classes (``yang.s3.3.balanced-baselines``:
        whether every one is 0.5), or None to skip it.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> import pandas as pd
    >>> table1 = pd.DataFrame({"relation": ["is"], "nodes": [10], "edges": [12], "feature-network density": [0.2]},
    ...                       index=["Condmat"])
    >>> values = ours(table1=table1)
    >>> values["yang.table1.condmat.nodes"], values["yang.table1.condmat.density"]
    (10, 0.2)
    """
    values = {}
    if balanced is not None:
        values["yang.s3.3.balanced-baselines"] = bool(all(np.isclose(v, 0.5) for v in balanced.values()))
    if spans is not None:
        aa, pa = "adamic_adar", "preferential_attachment"
        ratio = max(distinct[aa], distinct[pa]) / min(distinct[aa], distinct[pa])
        values["yang.fig3.distributions-differ"] = bool(abs(spans[aa] - spans[pa]) > 1 or ratio > 10)
    rows = table1[table1["relation"] == "is"].iterrows() if table1 is not None else ()
    for net, row in rows:
        key = f"yang.table1.{net.lower()}"
        values.update({f"{key}.nodes": int(row["nodes"]), f"{key}.edges": int(row["edges"]),
                       f"{key}.density": float(row["feature-network density"])})
    if imbalance is not None:
        prior = 1 / (1 + imbalance["negatives per positive"])
        values.update({
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
    return values
