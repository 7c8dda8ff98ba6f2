"""The canonical data set-ups of Yang, Lichtenwalter & Chawla (2015), defined once.

* Condmat: the co-authorship network of cond-mat arXiv papers (each paper a clique of
  its authors, each pair weighted 1/(k-1), see :func:`events`); papers of 1995-1999 are the feature network, those of 2000 the label
  period (:func:`task`, ``"Condmat"``). The supervised predictor's training task has
  features 1995-1998 and labels 1999 (:func:`training_task`).
* Facebook: SNAP's CollegeMsg *is* the paper's Facebook network (Table 1: its 13,838
  undirected edges, and 1,829 nodes before 1 September 2004, Pacific time; see
  :func:`~evalkit.reproductions.link_prediction.identify_networks`). The feature network holds the
  messages before 2004-09-01 00:00 PDT (:data:`FACEBOOK_SPLIT`), the label period the
  rest; the training task is the same cut two months earlier (features before 1 July,
  labels July and August).
* The stand-ins for the paper's networks we do not have (:data:`PAPER_NETWORKS`): Condmat
  for DBLP (the only other co-authorship network), email-Eu-core for Enron (the e-mail
  network closest to Enron's size). The events before the 80th percentile of event times
  form the feature network and the rest the label period; a training task takes the 60th
  and 80th percentiles. Benson et al.'s Enron e-mails (143 employees) and
  sx-mathoverflow (for scale) are further networks, not stand-ins.

The label period of a stand-in is open-ended (``end=None``) unless ``end="last event"``
is asked for, which closes it just after the last event (``max(time) + 1``). The two give
the same task; the closed form is needed where the label period is cut into time slices
(the measures chapter uses it throughout, the other chapters the open form).

The scores several pages share are computed once per process (and once per build, through
the results cache): PropFlow of each test task, one score per ordering
(:func:`directed_propflow`) and their mean (:func:`mean_propflow`), and the score
histograms of preferential attachment, PropFlow and Adamic/Adar split by distance
(:func:`distance_histograms`; PropFlow's rank-compressed, see there). The matrices are kept
in this process only once a page asks for them: the histograms read them through the
results cache and let them go (Condmat's directed and mean PropFlow are 380 MB each).
"""
from __future__ import annotations

import datetime
import functools
import typing

import numpy as np

from ... import datasets, linkpred
from ..._checks import Boolean, Choice, Integer, Text, Values, checks
from .._cache import disk_cached

__all__ = ["DISTANCE_NETWORKS", "FACEBOOK_SPLIT", "NETWORKS", "Network", "PAPER_NETWORKS", "directed_propflow",
           "distance_histograms", "events", "label", "mean_propflow", "periods", "task", "tasks", "training_task", "utc"]

#: the networks of the link-prediction chapters: the paper's Condmat and Facebook (CollegeMsg),
#: the stand-ins for DBLP and Enron, and further networks
Network = typing.Literal["Condmat", "CollegeMsg", "email-Eu-core", "Enron (Benson)", "sx-mathoverflow"]
NETWORKS = typing.get_args(Network)
#: the networks of the paper's figures (the distance and measures chapters): Condmat (also DBLP's stand-in),
#: CollegeMsg (Facebook), email-Eu-core (Enron's)
DISTANCE_NETWORKS = ("Condmat", "CollegeMsg", "email-Eu-core")
#: the paper's network -> (our network used wherever the paper uses it, "is" or "stand-in")
PAPER_NETWORKS = {"Condmat": ("Condmat", "is"), "DBLP": ("Condmat", "stand-in"),
                  "Enron": ("email-Eu-core", "stand-in"), "Facebook": ("CollegeMsg", "is")}
#: the end of the paper's Facebook feature period: 2004-09-01 00:00 Pacific daylight time (UTC-7)
FACEBOOK_SPLIT = int(datetime.datetime(2004, 9, 1, 7, tzinfo=datetime.timezone.utc).timestamp())
_FACEBOOK_TRAINING = int(datetime.datetime(2004, 7, 1, 7, tzinfo=datetime.timezone.utc).timestamp())
_TEMPORAL_KEYS = {"CollegeMsg": "CollegeMsg", "email-Eu-core": "email-Eu-core-temporal",
                  "sx-mathoverflow": "sx-mathoverflow"}
_ENDS = ("open", "last event")


@checks(year=Integer(1, 9999))
def utc(year):
    """Seconds since the epoch at the start of ``year`` (UTC), the unit of the Condmat times.

    Parameters
    ----------
    year : int
        A calendar year.

    Returns
    -------
    int
        Seconds since 1970-01-01 00:00 UTC.

    Examples
    --------
    >>> utc(1970), utc(2000)
    (0, 946684800)
    """
    return int(datetime.datetime(year, 1, 1, tzinfo=datetime.timezone.utc).timestamp())


@checks(name=Text())
def label(name):
    """A network's name with the paper's network it is or stands in for, for titles and legends.

    Parameters
    ----------
    name : str
        One of ``NETWORKS``.

    Returns
    -------
    str
        ``name``, followed in parentheses by the paper's networks it is or stands in for.

    Examples
    --------
    >>> label("CollegeMsg"), label("email-Eu-core"), label("Condmat")
    ('CollegeMsg (Facebook)', 'email-Eu-core (for Enron)', 'Condmat (and for DBLP)')
    """
    _check_network(name)
    roles = [(paper, relation) for paper, (ours, relation) in PAPER_NETWORKS.items()
             if ours == name and paper != name]
    if not roles:
        return name
    parts = [paper if relation == "is" else f"for {paper}" for paper, relation in roles]
    return f"{name} ({'and ' if name in PAPER_NETWORKS else ''}{', '.join(parts)})"


def _check_network(name):
    if name not in NETWORKS:
        raise ValueError(f"network must be one of {NETWORKS}; got {name!r}")


@checks(name=Text())
@functools.lru_cache(maxsize=None)
def events(name):
    """The timestamped events of a network (loaded once per process).

    Parameters
    ----------
    name : str
        One of ``NETWORKS``.

    Returns
    -------
    evalkit.datasets.TemporalEdges
        Weighted as the paper's networks are (Section 2.1): a Condmat paper of ``k``
        authors adds ``1 / (k - 1)`` to each of its author pairs (LPmade's Condmat script,
        ``src_to_stream.pl``; the paper says "in inverse linear proportion to k"), and a
        pair's weight is the sum over its papers. The communication networks carry no
        event weights, so a pair's weight is its number of messages (either direction;
        for Benson's Enron, the e-mails that name both), LPmade's ``stream_to_network``
        rule.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> len(events("CollegeMsg").time)  # doctest: +SKIP
    59835
    """
    _check_network(name)
    if name == "Condmat":
        return datasets.load_condmat().pairwise(weighting="newman")
    if name == "Enron (Benson)":
        return datasets.load_enron_simplices().pairwise(weighting="count")
    return datasets.load_temporal_edges(_TEMPORAL_KEYS[name])


@checks(name=Text(), end=Choice(*_ENDS))
def periods(name, *, end="open"):
    """Feature and label periods of a network's test task, as ``temporal_task`` keywords.

    Parameters
    ----------
    name : str
        One of ``NETWORKS``.
    end : {'open', 'last event'}
        For a stand-in: leave the label period open (no ``end``), or close it at the last
        event plus one (the same task; needed to cut the period into slices). Condmat's
        label period is the year 2000 either way.

    Returns
    -------
    dict with ``split`` and, where set, ``start`` and ``end``

    Examples
    --------
    >>> periods("Condmat") == {"start": utc(1995), "split": utc(2000), "end": utc(2001)}
    True
    """
    _check_network(name)
    if end not in _ENDS:
        raise ValueError(f"end must be one of {_ENDS}; got {end!r}")
    if name == "Condmat":
        return dict(start=utc(1995), split=utc(2000), end=utc(2001))
    ev = events(name)
    out = dict(split=FACEBOOK_SPLIT if name == "CollegeMsg" else int(np.quantile(ev.time, 0.8)))
    if end == "last event":
        out["end"] = int(ev.time.max()) + 1
    return out


@checks(name=Text(), end=Choice(*_ENDS), new_nodes=Choice("exclude", "include"))
@functools.lru_cache(maxsize=None)
def task(name, *, end="open", new_nodes="exclude"):
    """The test task of a network (built once per process).

    Parameters
    ----------
    name : str
        One of ``NETWORKS``.
    end : {'open', 'last event'}
        See :func:`periods`.
    new_nodes : {'exclude', 'include'}
        See :func:`evalkit.linkpred.temporal_task`.

    Returns
    -------
    evalkit.linkpred.LinkPredictionTask

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> t = task("CollegeMsg")  # doctest: +SKIP
    >>> t.n_nodes, len(t.positives)  # doctest: +SKIP
    (1829, 302)
    """
    return linkpred.temporal_task(events(name), **periods(name, end=end), new_nodes=new_nodes)


@checks(names=Values(Choice(*NETWORKS)), end=Choice(*_ENDS))
def tasks(names=NETWORKS[:4], *, end="open"):
    """``{name: task(name)}`` for several networks (default: all but sx-mathoverflow).

    Parameters
    ----------
    names : sequence of str, default NETWORKS[:4]
        Networks (of ``NETWORKS``).
    end : {'open', 'last event'}
        See :func:`periods`.

    Returns
    -------
    dict
        ``name -> evalkit.linkpred.LinkPredictionTask``.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> {name: t.n_nodes for name, t in tasks(("CollegeMsg",)).items()}  # doctest: +SKIP
    {'CollegeMsg': 1829}
    """
    return {name: task(name, end=end) for name in names}


@checks(name=Text())
@functools.lru_cache(maxsize=None)
def training_task(name):
    """The task a supervised predictor is trained on, one period before the test task.

    Condmat: features 1995-1998, labels 1999. CollegeMsg (Facebook): features before
    1 July 2004, labels July and August (Pacific time). Another network: events up to the
    60th percentile of time are features, those up to the 80th labels.

    Parameters
    ----------
    name : str
        One of ``NETWORKS``.

    Returns
    -------
    evalkit.linkpred.LinkPredictionTask
        The training task.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> training_task("CollegeMsg").n_nodes  # doctest: +SKIP
    1732
    """
    _check_network(name)
    if name == "Condmat":
        return linkpred.temporal_task(events(name), start=utc(1995), split=utc(1999), end=utc(2000))
    ev = events(name)
    if name == "CollegeMsg":
        return linkpred.temporal_task(ev, split=_FACEBOOK_TRAINING, end=FACEBOOK_SPLIT)
    return linkpred.temporal_task(ev, split=int(np.quantile(ev.time, 0.6)), end=int(np.quantile(ev.time, 0.8)))


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

    PropFlow's histograms are rank-compressed
    (:meth:`evalkit.linkpred.DistanceHistograms.rank_compressed`): the negatives between
    two neighbouring positive scores (of any distance) share one bin, which keeps every
    threshold curve, area and draw of negatives by index, pooled or by distance, and
    takes Condmat's 9 million distinct negative scores to about 10,000 bins (a page
    fits a Binder session's memory). Their ``negative_values`` are therefore not the
    distinct scores; preferential attachment's and Adamic/Adar's are.

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
    key = (name, bool(weighted))
    if key not in _KEPT_MEANS:
        _KEPT_MEANS[key] = _mean_propflow(*key)
    return _KEPT_MEANS[key]


#: the mean PropFlow matrices a page asked for (mean_propflow), kept for the rest of the process
_KEPT_MEANS = {}


@disk_cached  # shared by the distance, measures and sampling chapters
def _mean_propflow(name, weighted):
    # the directed scores are read through the disk cache only: kept in this process only
    # where a page asks for them (directed_propflow), not for every page that needs the mean
    return linkpred.mean_of_orderings(_directed_propflow.__wrapped__(name, weighted), overwrite_s=True)


@functools.lru_cache(maxsize=None)
@disk_cached  # one all-pairs BFS per network, shared by the distance and measures chapters
def _distance_histograms(name, weighted):
    t = task(name)
    # the mean scores a page keeps (mean_propflow), else computed (or read from the results cache) and let go
    kept = _KEPT_MEANS.get((name, weighted))
    propflow = {"propflow": kept if kept is not None else _mean_propflow(name, weighted)}
    # PropFlow's millions of distinct scores (Condmat: 9 million) in a few thousand bins, the
    # same rankings (pooled too); PA's and Adamic/Adar's values are kept (a few thousand)
    if weighted:
        return linkpred.distance_score_histograms(
            t.adjacency, t.positives, {"preferential_attachment": None, **propflow, "adamic_adar": None},
            rank_compressed=("propflow",))
    out = dict(distance_histograms(name, weighted=True))   # only PropFlow changes: reuse the others
    out.update(linkpred.distance_score_histograms(t.adjacency, t.positives, propflow, rank_compressed=True))
    return out
