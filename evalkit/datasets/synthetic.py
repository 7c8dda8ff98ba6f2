"""Random Bayesian networks over binary variables: the data sources of Bouckaert & Frank's simulation.

A :class:`BinaryBayesNet` has a binary class variable ``C`` with ``P(C = 1) = 0.5`` and
``k`` binary attributes ``X_0 .. X_{k-1}``. Attribute ``j`` may have the class and any of
the attributes ``X_i, i < j`` as parents (so the graph is acyclic by construction). With
no parents at all (Bouckaert & Frank's source 1) the attributes carry no information
about the class and every classifier has expected accuracy exactly 0.5. With the class
as a parent of every attribute and arcs added between attributes, the network is a BAN,
a Bayesian-network-augmented naive Bayes model (Friedman, Geiger & Goldszmidt 1997),
the structure of the paper's sources 2-4.

Because ``2 ** (k + 1)`` is small (1,024 for ten variables), the joint distribution is
enumerated exactly: the expected accuracy of any classifier, given as its prediction for
each of the ``2 ** k`` attribute patterns, is a sum, with no test sample and no Monte
Carlo error (the paper used a test set of 20,000 cases).

An attribute pattern is encoded as the integer ``sum_j x_j 2**j``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._checks import Array, Integer, Real, Values, checks
from .._results import result
from .._validation import check_positive_int

__all__ = ["BinaryBayesNet", "pattern_bits", "random_bayes_net"]


@checks(n_attributes=Integer(1, 62))
def pattern_bits(n_attributes):
    """The ``(2**k, k)`` 0/1 matrix whose row ``p`` holds the attribute values of pattern ``p``.

    Parameters
    ----------
    n_attributes : int
        The number ``k`` of binary attributes (1 to 62).

    Returns
    -------
    ndarray of int8, shape (2**k, k)
        Row ``p`` holds bit ``j`` of ``p`` in column ``j``.

    Examples
    --------
    >>> pattern_bits(2)
    array([[0, 0],
           [1, 0],
           [0, 1],
           [1, 1]], dtype=int8)
    """
    k = int(n_attributes)
    return ((np.arange(2 ** k)[:, None] >> np.arange(k)) & 1).astype(np.int8)


@checks(parents=Values(of=Values(of=Integer(-1), min_len=0)).with_example([[-1], [-1, 0]]),
        cpts=Values(of=Array(ndim=1, low=0, high=1)).with_example(lambda: [[0.2, 0.7], [0.1, 0.5, 0.6, 0.9]]),
        class_prior=Real(0, 1))
@result
class BinaryBayesNet:
    """A Bayesian network over a binary class and binary attributes.

    Parameters
    ----------
    parents : tuple of tuple of int
        ``parents[j]`` lists the parents of attribute ``j``: ``-1`` stands for the class,
        ``i >= 0`` for attribute ``i`` (always ``i < j``).
    cpts : tuple of ndarray
        ``cpts[j][m]`` is ``P(X_j = 1 | parents in configuration m)``, where configuration
        ``m = sum_t v_t 2**t`` over the parents in the order of ``parents[j]``.
    class_prior : float
        ``P(C = 1)``.

    Examples
    --------
    >>> net = BinaryBayesNet(((-1,),), (np.array([0.2, 0.8]),))   # one attribute, the class its parent
    >>> round(net.bayes_accuracy(), 12)
    0.8
    """

    def __post_init__(self):
        if len(self.cpts) != len(self.parents):
            raise ValueError(f"cpts must have one table per attribute ({len(self.parents)}); got {len(self.cpts)}")
        for j, (par, cpt) in enumerate(zip(self.parents, self.cpts)):
            if any(q >= j for q in par):
                raise ValueError(f"parents[{j}] must name the class (-1) or earlier attributes; got {par}")
            if np.size(cpt) != 2 ** len(par):
                raise ValueError(f"cpts[{j}] must have 2**{len(par)} = {2 ** len(par)} entries (one per parent "
                                 f"configuration); got {np.size(cpt)}")

    parents: tuple
    cpts: tuple
    class_prior: float = 0.5

    @property
    def n_attributes(self):
        return len(self.parents)

    @property
    def n_arcs(self):
        """Number of arcs, the class's included."""
        return sum(len(p) for p in self.parents)

    def _attribute_probabilities(self, bits, c):
        """``P(X_j = x_j | parents)`` for each row of ``bits`` (n, k) with class values ``c`` (n,)."""
        n, k = bits.shape
        out = np.empty((n, k))
        for j, (par, cpt) in enumerate(zip(self.parents, self.cpts)):
            m = np.zeros(n, dtype=np.int64)
            for t, q in enumerate(par):
                m |= (c if q < 0 else bits[:, q]).astype(np.int64) << t
            p1 = cpt[m]
            out[:, j] = np.where(bits[:, j] == 1, p1, 1.0 - p1)
        return out

    def joint(self):
        """The exact joint distribution: array ``(2**k, 2)`` of ``P(pattern, C = c)``."""
        bits = pattern_bits(self.n_attributes)
        out = np.empty((bits.shape[0], 2))
        for c, pc in ((0, 1.0 - self.class_prior), (1, self.class_prior)):
            cls = np.full(bits.shape[0], c)
            out[:, c] = pc * self._attribute_probabilities(bits, cls).prod(axis=1)
        return out

    @checks(predictions=Array(kind="binary"))
    def accuracy(self, predictions):
        """Exact expected accuracy of a classifier that predicts ``predictions[p]`` for pattern ``p``.

        ``predictions`` may have leading dimensions (several classifiers): shape
        ``(..., 2**k)`` with values 0/1.
        """
        pred = np.asarray(predictions)
        if pred.shape[-1] != 2 ** self.n_attributes or not np.isin(pred, (0, 1)).all():
            raise ValueError(f"predictions must be 0/1 with last dimension {2 ** self.n_attributes}; got shape {pred.shape}")
        j = self.joint()
        return np.where(pred == 1, j[:, 1], j[:, 0]).sum(axis=-1)

    def bayes_accuracy(self):
        """Accuracy of the Bayes-optimal classifier, the ceiling of any learner."""
        return float(self.joint().max(axis=1).sum())

    @checks(n=Integer(1))
    def sample(self, n, *, rng=None):
        """Draw ``n`` cases by ancestral (forward) sampling.

        Returns
        -------
        patterns : ndarray of int64, shape (n,)
        y : ndarray of int8, shape (n,)
        """
        n = check_positive_int(n, "n")
        rng = np.random.default_rng(rng)
        y = (rng.random(n) < self.class_prior).astype(np.int8)
        k = self.n_attributes
        bits = np.zeros((n, k), dtype=np.int8)
        u = rng.random((n, k))
        for j, (par, cpt) in enumerate(zip(self.parents, self.cpts)):
            m = np.zeros(n, dtype=np.int64)
            for t, q in enumerate(par):
                m |= (y if q < 0 else bits[:, q]).astype(np.int64) << t
            bits[:, j] = u[:, j] < cpt[m]
        return (bits.astype(np.int64) << np.arange(k)).sum(axis=1), y


@checks(n_attributes=Integer(1, 62), n_arcs=Integer(0, none=True))
def random_bayes_net(n_attributes=9, *, n_arcs=None, rng=None):
    """A random network: independent attributes (``n_arcs=None``) or a random BAN.

    Parameters
    ----------
    n_attributes : int, default 9
        Binary attributes besides the class (the paper: ten binary variables in all).
    n_arcs : int or None
        ``None``: no arcs at all; every attribute is independent of the class, with
        ``P(X_j = 1)`` uniform on (0, 1) (the paper's source 1). An integer ``a``: a BAN,
        the class a parent of every attribute (naive Bayes) plus ``a`` arcs between
        attributes drawn uniformly from the ``k (k - 1) / 2`` arcs that point from a lower
        to a higher index (so the graph stays acyclic); every conditional probability
        uniform on (0, 1).
    rng : seed or Generator
        The random numbers (anything ``numpy.random.default_rng`` accepts).

    Returns
    -------
    BinaryBayesNet
        The network, with its conditional probability tables.

    Examples
    --------
    >>> net = random_bayes_net(9, rng=0)
    >>> net.n_arcs, round(net.bayes_accuracy(), 12)
    (0, 0.5)
    >>> ban = random_bayes_net(9, n_arcs=6, rng=0)
    >>> ban.n_arcs                       # 9 class arcs + 6 augmenting arcs
    15
    >>> round(float(ban.joint().sum()), 12)
    1.0
    """
    k = int(n_attributes)
    rng = np.random.default_rng(rng)
    if n_arcs is None:
        parents = tuple(() for _ in range(k))
    else:
        possible = [(i, j) for j in range(k) for i in range(j)]
        if n_arcs > len(possible):
            raise ValueError(f"n_arcs must be None or an integer in [0, {len(possible)}]; got {n_arcs!r}")
        chosen = sorted(possible[i] for i in rng.choice(len(possible), size=int(n_arcs), replace=False))
        parents = tuple((-1,) + tuple(i for i, jj in chosen if jj == j) for j in range(k))
    cpts = tuple(rng.random(2 ** len(p)) for p in parents)
    return BinaryBayesNet(parents, cpts)
