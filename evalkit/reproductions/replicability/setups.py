"""Bouckaert & Frank (2004): the data the pages use, set up once.

- the paper's 27 UCI data sets (Weka's ARFF files, :mod:`evalkit.datasets`), loaded once
  per process (:func:`uci_data`), and as Weka Instances for Weka's own learners
  (:func:`weka_instances`), with the declarations of the experiments' data set parameters;
- Table 5's four data sources, random Bayesian networks over a binary class and nine binary
  attributes selected for the paper's accuracy differences (:func:`simulation_sources`,
  :func:`pilot_accuracy_difference`), and the ARFF header of their cases
  (:func:`binary_header`).
"""
from __future__ import annotations

import functools
import typing

import numpy as np

from ..._checks import Choice, Instance, Integer, Real, Values, checks
from ...datasets import UCI_DATASETS, load_arff
from ...datasets.synthetic import pattern_bits, random_bayes_net
from ...learners.counts import decision_tree_predict, naive_bayes_predict
from .source import PAPER_ACCURACY_DIFFERENCES, PAPER_DATASET_NAMES

__all__ = ["DATASET", "DATASETS", "PAPER_DATASETS", "SIMULATION_LEARNERS", "UCIDataset", "binary_header",
           "net_parameter", "pilot_accuracy_difference", "simulation_sources", "uci_data", "weka_instances"]

PAPER_DATASETS = tuple(PAPER_DATASET_NAMES)
"""The paper's 27 UCI data sets (Weka names), in the order of its Table 1."""

#: a UCI data set of the paper (its Weka name)
UCIDataset = typing.Literal[UCI_DATASETS]

DATASETS = Values(Choice(*UCI_DATASETS), none=True)
"""The declaration of an experiment's ``datasets`` parameter (None: the scale preset's)."""

DATASET = Choice(*UCI_DATASETS, none=True)
"""The declaration of an experiment's ``dataset`` parameter (None: the scale preset's)."""


@checks(name=Choice(*UCI_DATASETS))
@functools.lru_cache(maxsize=None)
def uci_data(name):
    """The ARFF data set ``name`` (:func:`evalkit.datasets.load_arff`), loaded once per process.

    Parameters
    ----------
    name : str
        Weka name of a UCI data set.

    Returns
    -------
    ArffData
        The same object on every call in a process.

    Examples
    --------
    >>> data = uci_data("iris")
    >>> data.X.shape, data is uci_data("iris")
    ((150, 4), True)
    """
    return load_arff(name)


@checks(name=Choice(*UCI_DATASETS))
@functools.lru_cache(maxsize=None)
def weka_instances(name):
    """The ARFF data set as Weka Instances, once per process (each worker has its own JVM).

    Parameters
    ----------
    name : str
        Weka name of a UCI data set.

    Returns
    -------
    weka.core.Instances
        Built by :func:`evalkit.learners.to_instances` (starts the JVM).

    Examples
    --------
    >>> weka_instances("iris").num_instances                     # doctest: +SKIP
    150
    """
    from ...learners import to_instances

    return to_instances(load_arff(name))


SIMULATION_LEARNERS = ("weka", "counts")
"""The learner sets of the simulation: Weka's NaiveBayes and J48, or the count learners."""


def _example_net():
    return random_bayes_net(3, rng=0)


@checks()
def net_parameter():
    """The declaration of a data source parameter (a ``BinaryBayesNet``).

    Returns
    -------
    Instance
        The constraint, for :func:`evalkit._checks.checks`.

    Examples
    --------
    >>> net_parameter().valid().n_attributes
    3
    """
    return Instance("BinaryBayesNet", example=_example_net)


@checks(n_attributes=Integer(1))
def binary_header(n_attributes):
    """ARFF header of a source's cases: ``x0 .. x{k-1}`` and ``class``, all nominal {0, 1}.

    Parameters
    ----------
    n_attributes : int
        Binary attributes besides the class.

    Returns
    -------
    tuple of ArffAttribute

    Examples
    --------
    >>> [a.name for a in binary_header(2)]
    ['x0', 'x1', 'class']
    """
    from ...datasets import ArffAttribute

    binary = ("0", "1")
    return tuple(ArffAttribute(f"x{j}", "nominal", binary) for j in range(n_attributes)) + (
        ArffAttribute("class", "nominal", binary),)


@checks(net=net_parameter(), n_train=Integer(2), n_pilot=Integer(1), learners=Choice(*SIMULATION_LEARNERS))
def pilot_accuracy_difference(net, *, n_train=300, n_pilot=40, learners="weka", rng=None):
    """Mean accuracy of naive Bayes minus the tree (percentage points) over ``n_pilot`` training sets.

    Parameters
    ----------
    net : BinaryBayesNet
        The data source.
    n_train : int, default 300
        Cases per pilot training set.
    n_pilot : int, default 40
        Pilot training sets.
    learners : {"weka", "counts"}, default "weka"
        Weka's NaiveBayes and J48, or the count learners, as in :func:`run_simulation`.
    rng : seed or Generator, optional
        Randomness of the pilot training sets.

    Returns
    -------
    float
        The mean difference, in percentage points (exact expected accuracies on the source).

    Examples
    --------
    >>> from evalkit.datasets import random_bayes_net
    >>> round(pilot_accuracy_difference(random_bayes_net(5, rng=0), n_pilot=3, learners="counts", rng=0), 3)
    0.0
    """
    rng = np.random.default_rng(rng)
    bits = pattern_bits(net.n_attributes)
    samples = [net.sample(n_train, rng=rng) for _ in range(n_pilot)]
    if learners == "weka":
        from ...learners.weka import WEKA_LEARNERS, WekaClassifier

        header = binary_header(net.n_attributes)
        nb, tree = (net.accuracy(np.array([WekaClassifier(*WEKA_LEARNERS[name], attributes=header)
                                          .fit(bits[patterns], y).predict(bits) for patterns, y in samples]))
                    for name in ("NB", "C4.5"))
    else:
        counts = np.zeros((n_pilot, bits.shape[0], 2))
        for i, (patterns, y) in enumerate(samples):
            np.add.at(counts, (i, patterns, y), 1)
        nb = net.accuracy(naive_bayes_predict(counts, bits))
        tree = net.accuracy(decision_tree_predict(counts, bits))
    return float(100 * (nb - tree).mean())


@checks(targets=Values(Real(0, 100), min_len=0), tolerance=Real(0, None, closed="neither"), n_attributes=Integer(1),
        n_train=Integer(2), n_pilot=Integer(1), learners=Choice(*SIMULATION_LEARNERS), max_candidates=Integer(1))
def simulation_sources(*, targets=PAPER_ACCURACY_DIFFERENCES, tolerance=0.5, n_attributes=9, n_train=300,
                       n_pilot=40, learners="weka", max_candidates=10_000, rng=0):
    """The data sources: one with no arcs, then one BAN per target accuracy difference.

    The paper characterises its sources 2-4 only by their structure (BANs "generated by
    starting with a naive Bayes model and adding arrows") and by the accuracy difference
    of naive Bayes and C4.5 they produce (Table 5's first row). We select sources the same
    way, and say so: candidates are drawn in a seeded sequence, each a random BAN
    (:func:`evalkit.datasets.random_bayes_net`) with a number of added arcs uniform
    on 0 .. k(k-1)/2; a candidate's accuracy difference is estimated on ``n_pilot`` pilot
    training sets of ``n_train`` cases (seeds never used by the experiment); for each
    target, in order, the first unused candidate whose absolute difference lies within
    ``tolerance`` points of it is taken. Selection looks at accuracy only, never at any
    test's outcome.

    Parameters
    ----------
    targets : sequence of float
        Absolute accuracy differences (percentage points) for sources 2, 3, ...
    tolerance : float, default 0.5
        Largest distance of a selected source's absolute pilot difference from its target.
    n_attributes : int, default 9
        Binary attributes of every source.
    n_train : int, default 300
        Cases per pilot training set.
    n_pilot : int, default 40
        Pilot training sets per candidate.
    learners : {"weka", "counts"}, default "weka"
        The learners whose difference is measured (see :func:`pilot_accuracy_difference`):
        the paper's, Weka's NaiveBayes and J48, or the count learners.
    max_candidates : int
        Give up (ValueError) after this many candidates.
    rng : int
        Seed of the candidate sequence.

    Returns
    -------
    sources : list of BinaryBayesNet
    pilot_differences : list of float
        Each source's pilot difference (0 for source 1 by construction).

    Examples
    --------
    >>> sources, pilot = simulation_sources(targets=(3.0,), learners="counts", rng=0)
    >>> len(sources), sources[0].n_arcs, abs(abs(pilot[1]) - 3.0) <= 0.5
    (2, 0, True)
    """
    k = int(n_attributes)
    if isinstance(rng, np.random.SeedSequence):
        ss = rng
    elif isinstance(rng, (np.random.Generator, np.random.BitGenerator)):
        ss = np.random.SeedSequence(int(np.random.default_rng(rng).integers(2 ** 63)))
    else:
        ss = np.random.SeedSequence(rng)
    first, pilot_seed, candidates = ss.spawn(3)
    sources = [random_bayes_net(k, n_arcs=None, rng=np.random.default_rng(first))]
    pilots = [0.0]
    cand_rng = np.random.default_rng(candidates)
    pending = list(targets)
    pilot_rng = np.random.default_rng(pilot_seed)
    for _ in range(max_candidates):
        if not pending:
            return sources, pilots
        net = random_bayes_net(k, n_arcs=int(cand_rng.integers(0, k * (k - 1) // 2 + 1)), rng=cand_rng)
        d = pilot_accuracy_difference(net, n_train=n_train, n_pilot=n_pilot, learners=learners, rng=pilot_rng)
        if abs(abs(d) - pending[0]) <= tolerance:
            sources.append(net)
            pilots.append(d)
            pending.pop(0)
    if not pending:
        return sources, pilots
    raise ValueError(f"no source within tolerance={tolerance} of targets {pending} in {max_candidates} candidates")
