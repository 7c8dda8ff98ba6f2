"""Within-network classifiers, run on many training sets at once.

:func:`wvrn` (weighted-vote relational neighbour) and :func:`network_only_bayes`
(Macskassy & Provost) take a training mask per split (one column per split) and, with
``collective=True``, refine the unlabelled nodes' estimates by
:func:`relaxation_labeling`; :func:`link_based_classifier` (Lu & Getoor) is a logistic
model on aggregated neighbour labels with iterative classification;
:func:`perturb_predictions` handicaps a classifier (Neville et al. Section 6.3).
"""
from __future__ import annotations

import numpy as np
from scipy import special

from .._checks import Array, Boolean, Choice, Function, GraphLike, Integer, Real, checks
from . import _common as _c

__all__ = ["link_based_classifier", "network_only_bayes", "perturb_predictions", "relaxation_labeling", "wvrn"]

#: neighbour-label aggregations of :func:`link_based_classifier` (Lu & Getoor's three, and proportions)
LINK_AGGREGATIONS = ("count", "proportion", "binary", "mode")


#: declared checks the classifiers share
_GRAPH = GraphLike()
_LABELS = Array(ndim=1, kind="binary")
_TRAIN = Array(ndim=(1, 2), kind="binary").with_example(lambda: np.array([True, False, True, False]))
_INFERENCE = Array(ndim=(1, 2), kind="binary", none=True)


def _labels(labels, n):
    """The 0/1 labels as int64, one per node."""
    y = np.asarray(labels)
    if y.shape != (n,):
        raise ValueError(f"labels must have one entry per node ({n}); got shape {y.shape}")
    return y.astype(np.int64)


def _train_matrix(train_mask, n):
    m = np.asarray(train_mask)
    if m.dtype != bool:
        raise TypeError(f"train_mask must be boolean; got dtype {m.dtype}")
    if m.shape[-1] != n or m.ndim not in (1, 2):
        raise ValueError(f"train_mask must have shape (n_nodes,) or (n_splits, n_nodes) with n_nodes={n}; got {m.shape}")
    return np.atleast_2d(m).T  # (n, T)


@checks(update=Function(), initial=Array(low=0, high=1), known=Array(kind="binary"), n_iter=Integer(0),
        beta=Real(0, 1), decay=Real(0, 1))
def relaxation_labeling(update, initial, known, *, n_iter=99, beta=1.0, decay=0.99):
    r"""Relaxation labelling (Macskassy & Provost 2007): simulated annealing of soft labels.

    Starting from ``initial``, repeat ``n_iter`` times
    :math:`p^{(t+1)} = \beta_{t+1} M(p^{(t)}) + (1 - \beta_{t+1})\,p^{(t)}` with
    :math:`\beta_{t+1} = \text{decay}\cdot\beta_t`, :math:`\beta_0 = \text{beta}`, keeping the
    ``known`` entries at their initial values.

    Parameters
    ----------
    update : callable
        ``update(p) -> p_new``, the relational model's estimate from the current ones.
    initial : ndarray
        Initial probabilities (known labels and the prior elsewhere).
    known : ndarray of bool, same shape
        Entries kept at their initial values.
    n_iter : int, default 99
        Number of iterations.
    beta : float in [0, 1], default 1.0
        Initial weight of the new estimate (Macskassy & Provost's).
    decay : float in [0, 1], default 0.99
        Factor the weight is multiplied by at each iteration (Macskassy & Provost's).

    Returns
    -------
    ndarray
        The probabilities after ``n_iter`` iterations, shape of ``initial``.

    Examples
    --------
    >>> import numpy as np
    >>> p0 = np.array([1.0, 0.5, 0.5, 0.0]); known = np.array([True, False, False, True])
    >>> chain = lambda p: np.array([p[1], (p[0] + p[2]) / 2, (p[1] + p[3]) / 2, p[2]])
    >>> relaxation_labeling(chain, p0, known).round(2).tolist()
    [1.0, 0.67, 0.33, 0.0]
    """
    initial = np.asarray(initial, dtype=float)
    known = np.asarray(known, dtype=bool)
    if known.shape != initial.shape:
        raise ValueError(f"known must have the shape of initial {initial.shape}; got {known.shape}")
    p = initial.copy()
    free = (~known).astype(float)
    fixed = np.where(known, initial, 0.0)
    b = float(beta)
    for _ in range(n_iter):
        b *= decay
        new = update(p)
        # p <- known ? initial : b * new + (1 - b) * p, in place
        p *= 1 - b
        new *= b
        p += new
        p *= free
        p += fixed
    return p


def _active(inference_mask, train):
    """Nodes collective inference may use in each split, shape (n, T) float, or None for all."""
    if inference_mask is None:
        return None
    m = np.asarray(inference_mask)
    if m.dtype != bool:
        raise TypeError(f"inference_mask must be boolean; got dtype {m.dtype}")
    n, t = train.shape
    if m.shape not in ((t, n), (n,) if t == 1 else None):
        raise ValueError(f"inference_mask must have the shape of train_mask, (n_nodes,) or (n_splits, n_nodes) = "
                         f"({t}, {n}); got {m.shape}")
    return (np.atleast_2d(m).T | train).astype(float)


def _prior(y, train):
    """Smoothed share of positives among the labelled nodes of each split, shape (T,)."""
    n_lab = train.sum(axis=0)
    return (y @ train + 1.0) / (n_lab + 2.0)


def _start(y, train, prior):
    return np.where(train, y[:, None].astype(float), prior[None, :])


@checks(graph=_GRAPH, labels=_LABELS, train_mask=_TRAIN, collective=Boolean(), n_iter=Integer(0),
        inference_mask=_INFERENCE)
def wvrn(graph, labels, train_mask, *, collective=True, n_iter=99, inference_mask=None):
    r"""Weighted-vote relational neighbour classifier (Macskassy & Provost), for many splits at once.

    :math:`P(y_i = + \mid N_i) = \frac{1}{Z}\sum_{j \in N_i} w_{ij} P(y_j = +)`; with
    ``collective=True`` the unlabelled nodes' estimates are refined by
    :func:`relaxation_labeling` (starting from the labelled share of positives),
    otherwise only labelled neighbours vote, once. Nodes with no (labelled) neighbour get
    the labelled share of positives (Laplace-smoothed).

    Parameters
    ----------
    graph : networkx graph or (sparse) adjacency matrix
        The network.
    labels : array_like of 0/1, shape (n,)
        Class of every node (0 or 1; NaN and other values are refused). Only the entries
        of the training nodes are read: which nodes are unknown is ``train_mask``'s to say.
    train_mask : array_like of bool, shape (n,) or (n_splits, n)
        The labelled (training) nodes of each split.
    collective : bool, default True
        Refine the unlabelled nodes' estimates by relaxation labelling.
    n_iter : int, default 99
        Iterations of relaxation labelling.
    inference_mask : array_like of bool, shape like ``train_mask``, optional
        The unlabelled nodes collective inference runs over (Neville et al.'s *inference
        set*); the others are removed from that split's network and get NaN. Default:
        every node. Without collective inference only labelled neighbours vote, so it
        changes nothing but the NaNs.

    Returns
    -------
    ndarray, shape like ``train_mask``
        :math:`P(y_i = +)` for every node (labelled nodes keep their label).

    Examples
    --------
    >>> import networkx as nx, numpy as np
    >>> g = nx.path_graph(4)
    >>> wvrn(g, [1, 0, 0, 0], np.array([True, False, False, True]), collective=False).round(2).tolist()
    [1.0, 1.0, 0.0, 0.0]
    """
    a = _c.adjacency(graph)
    y = _labels(labels, a.shape[0])
    shape = np.shape(train_mask)
    train = _train_matrix(train_mask, a.shape[0])
    prior = _prior(y, train)
    p0 = _start(y, train, prior)
    active = _active(inference_mask, train)
    if collective:
        deg = np.asarray(a.sum(axis=1)).ravel()[:, None] if active is None else a @ active

        inv_deg = np.where(deg > 0, 1.0 / np.maximum(deg, 1e-300), 0.0)
        isolated = np.where(deg > 0, 0.0, prior[None, :])

        def update(p):
            z = a @ (p if active is None else p * active)
            z *= inv_deg
            z += isolated
            return z

        p = relaxation_labeling(update, p0, train, n_iter=n_iter)
    else:
        votes = a @ (train * y[:, None])
        weight = a @ train.astype(float)
        with np.errstate(invalid="ignore", divide="ignore"):
            p = np.where(train, y[:, None], np.where(weight > 0, votes / weight, prior[None, :]))
    if active is not None:
        p = np.where(active > 0, p, np.nan)
    return p.T.reshape(shape)


#: the forms of :func:`network_only_bayes`: the paper's likelihood, or NetKit-SRL's conditional
NBC_FORMS = ("likelihood", "netkit")


@checks(graph=_GRAPH, labels=_LABELS, train_mask=_TRAIN, collective=Boolean(), n_iter=Integer(0),
        inference_mask=_INFERENCE, form=Choice(*NBC_FORMS))
def network_only_bayes(graph, labels, train_mask, *, collective=True, n_iter=99, inference_mask=None,
                       form="likelihood"):
    r"""Network-only Bayes classifier (Macskassy & Provost), for many splits at once.

    :math:`P(+ \mid N_i) \propto P(+) \prod_{j \in N_i} P(\tilde y_j \mid +)`, with the
    class prior and the neighbour-class likelihoods :math:`P(c' \mid c)` estimated by
    maximum likelihood (Laplace-smoothed) from the links between labelled nodes of each
    split. Soft neighbour estimates enter as expected counts:
    :math:`\log\text{odds}_i = \log\frac{P(+)}{P(-)} + s_i \log\frac{P(+|+)}{P(+|-)} +
    (d_i - s_i)\log\frac{P(-|+)}{P(-|-)}` with :math:`s_i = \sum_j w_{ij} p_j` and
    :math:`d_i = \sum_j w_{ij}` (over labelled neighbours only when ``collective=False``).

    ``form='netkit'`` is the classifier of Macskassy & Provost's toolkit, NetKit-SRL
    (``NetworkOnlyBayes.java``), which differs in two ways: a neighbour of class
    :math:`c'` contributes :math:`P(c \mid c')`, the (Laplace +1) link counts normalised
    over the *node's* class, instead of the likelihood :math:`P(c' \mid c)`; and a
    neighbour still unlabelled contributes the mixture :math:`q_j P(c \mid +) + (1 - q_j)
    P(c \mid -)` of its current estimate :math:`q_j` instead of soft counts. Link weights
    multiply each neighbour's log factor (NetKit raises the counts to the weight: the same
    on 0/1 networks). The link counts are symmetric, so the conditional is the likelihood
    times :math:`E_c / E_{c'}`, with :math:`E_c` class :math:`c`'s share of the link ends:
    each neighbour pulls a node towards the class with more link ends.

    Parameters
    ----------
    graph : networkx graph or (sparse) adjacency matrix
        The network.
    labels : array_like of 0/1, shape (n,)
        Class of every node (0 or 1; NaN and other values are refused). Only the entries
        of the training nodes are read: which nodes are unknown is ``train_mask``'s to say.
    train_mask : array_like of bool, shape (n,) or (n_splits, n)
        The labelled (training) nodes of each split.
    collective : bool, default True
        Refine the unlabelled nodes' estimates by relaxation labelling.
    n_iter : int, default 99
        Iterations of relaxation labelling.
    inference_mask : array_like of bool, shape like ``train_mask``, optional
        The unlabelled nodes collective inference runs over; the others get NaN (as
        :func:`wvrn`). Default: every node.
    form : {'likelihood', 'netkit'}, default 'likelihood'
        The paper's neighbour likelihood, or NetKit-SRL's conditional (see above).

    Returns
    -------
    ndarray, shape like ``train_mask``
        :math:`P(y_i = +)` for every node (labelled nodes keep their label).

    Examples
    --------
    >>> import networkx as nx, numpy as np
    >>> g = nx.complete_bipartite_graph(3, 3)   # every link joins the two classes
    >>> y = np.array([1, 1, 1, 0, 0, 0]); train = np.array([True, True, False, True, True, False])
    >>> (network_only_bayes(g, y, train) > 0.5).astype(int).tolist()
    [1, 1, 1, 0, 0, 0]
    >>> (network_only_bayes(g, y, train, form="netkit") > 0.5).astype(int).tolist()
    [1, 1, 1, 0, 0, 0]
    """
    a = _c.adjacency(graph)
    y = _labels(labels, a.shape[0])
    shape = np.shape(train_mask)
    train = _train_matrix(train_mask, a.shape[0])
    prior = _prior(y, train)
    pos = (train & (y[:, None] == 1)).astype(float)
    neg = (train & (y[:, None] == 0)).astype(float)
    a_pos, a_neg = a @ pos, a @ neg
    c_pp = (pos * a_pos).sum(axis=0)
    c_pn = (pos * a_neg).sum(axis=0)
    c_nn = (neg * a_neg).sum(axis=0)
    p_pp = (c_pp + 1) / (c_pp + c_pn + 2)  # P(neighbour + | node +)
    p_pn = (c_pn + 1) / (c_pn + c_nn + 2)  # P(neighbour + | node -)
    w_pos = np.log(p_pp / p_pn)[None, :]
    w_neg = np.log((1 - p_pp) / (1 - p_pn))[None, :]
    base = np.log(prior / (1 - prior))[None, :]
    active = _active(inference_mask, train)
    if form == "netkit":
        p = _netkit_nbc(a, y, train, base, p_pp[None, :], p_pn[None, :], active, collective, n_iter)
    elif collective:
        deg = np.asarray(a.sum(axis=1)).ravel()[:, None] if active is None else a @ active

        offset = base + deg * w_neg
        slope = w_pos - w_neg

        def update(p):
            z = a @ (p if active is None else p * active)
            z *= slope
            z += offset
            return special.expit(z, out=z)

        p = relaxation_labeling(update, _start(y, train, prior), train, n_iter=n_iter)
    else:
        s = a_pos
        d = a_pos + a_neg
        p = np.where(train, y[:, None], special.expit(base + s * w_pos + (d - s) * w_neg))
    if active is not None:
        p = np.where(active > 0, p, np.nan)
    return p.T.reshape(shape)


def _netkit_nbc(a, y, train, base, cond_pos, cond_neg, active, collective, n_iter):
    """NetKit-SRL's nBC: log-odds ``base + sum_j w_ij log(f_j(+) / f_j(-))`` with ``f_j`` the neighbour's factor.

    ``cond_pos`` (``cond_neg``) is P(node + | neighbour +) (| neighbour -), shape (1, T); a
    neighbour with estimate ``q`` contributes ``f(c) = q P(c | +) + (1 - q) P(c | -)``.
    """
    def log_factor_ratio(q):
        return np.log((q * cond_pos + (1 - q) * cond_neg) / (q * (1 - cond_pos) + (1 - q) * (1 - cond_neg)))

    known = train.astype(float)
    if not collective:              # labelled neighbours only
        z = base + a @ (log_factor_ratio(y[:, None].astype(float)) * known)
        return np.where(train, y[:, None], special.expit(z))

    def update(p):
        ratio = log_factor_ratio(p)
        if active is not None:      # only the nodes of the inference set (and the labelled) vote
            ratio *= active
        z = a @ ratio
        z += base
        return special.expit(z, out=z)

    return relaxation_labeling(update, _start(y, train, _prior(y, train)), train, n_iter=n_iter)


def _link_features(a, labels01, known, aggregation):
    """Aggregated neighbour labels, shape (n, T, 2): over the neighbours in ``known`` only."""
    pos = a @ (known & (labels01 == 1)).astype(float)
    neg = a @ (known & (labels01 == 0)).astype(float)
    if aggregation == "count":
        f = (pos, neg)
    elif aggregation == "proportion":
        tot = pos + neg
        with np.errstate(invalid="ignore", divide="ignore"):
            f = (np.where(tot > 0, pos / tot, 0.0), np.where(tot > 0, neg / tot, 0.0))
    elif aggregation == "binary":
        f = ((pos > 0).astype(float), (neg > 0).astype(float))
    else:  # mode: the more frequent neighbour class, neither on a tie
        f = ((pos > neg).astype(float), (neg > pos).astype(float))
    return np.stack(f, axis=-1)


def _fit_logistic(features, y, train, C, max_iter=100):
    """L2-penalised logistic regression per split by Newton's method (scikit-learn's objective).

    Minimises ``0.5 * |w|^2 + C * sum(log-loss)`` over the training rows of each split, the
    intercept unpenalised. Returns the coefficients, shape (T, 3): intercept, then one per feature.
    """
    n, t, k = features.shape
    x = np.concatenate([np.ones((n, t, 1)), features], axis=-1)
    weight = train.astype(float)
    target = y[:, None].astype(float)
    penalty = np.diag([0.0] + [1.0] * k)
    w = np.zeros((t, k + 1))
    for _ in range(max_iter):
        mu = special.expit(np.einsum("ntp,tp->nt", x, w))
        grad = w @ penalty - C * np.einsum("ntp,nt->tp", x, weight * (target - mu))
        hess = penalty[None] + C * np.einsum("ntp,ntq,nt->tpq", x, x, weight * mu * (1 - mu))
        step = np.linalg.solve(hess, grad[..., None])[..., 0]
        w -= step
        if np.max(np.abs(step)) < 1e-12:
            break
    return w


@checks(graph=_GRAPH, labels=_LABELS, train_mask=_TRAIN, aggregation=Choice(*LINK_AGGREGATIONS),
        collective=Boolean(), n_iter=Integer(0), C=Real(0, closed="neither"))
def link_based_classifier(graph, labels, train_mask, *, aggregation="count", collective=True, n_iter=10, C=1.0):
    r"""Lu & Getoor's link-based classifier (network only), for many splits at once.

    Each node is described by an aggregate of its neighbours' labels (Lu & Getoor 2003):
    ``'count'`` (how many neighbours of each class, their best model), ``'binary'``
    (whether any neighbour has each class), ``'mode'`` (the more frequent class, neither
    on a tie) or ``'proportion'`` (the class shares, Macskassy & Provost's nLB). A logistic
    model of the label on these features (with intercept, L2 penalty as scikit-learn's
    ``LogisticRegression(C=C)``) is fitted, per split, on the labelled nodes, whose
    features count their *labelled* neighbours. Neville et al. run it on the class label
    alone (their networks have no other attributes), so there are no object features.

    Inference is Lu & Getoor's iterative classification (ICA): the bootstrap predicts
    every unlabelled node from its labelled neighbours; with ``collective=True`` each of
    up to ``n_iter`` further rounds recomputes every unlabelled node's features from its
    neighbours' current labels (the known labels and the others' most likely class,
    :math:`P(+) > 0.5`) and predicts again, all nodes at once (synchronous updates),
    stopping when no predicted class changes. ``collective=False`` returns the bootstrap.
    Link weights count as multiplicities.

    Parameters
    ----------
    graph : networkx graph or (sparse) adjacency matrix
        The network.
    labels : array_like of 0/1, shape (n,)
        Class of every node (0 or 1; NaN and other values are refused). Only the entries
        of the training nodes are read: which nodes are unknown is ``train_mask``'s to say.
    train_mask : array_like of bool, shape (n,) or (n_splits, n)
        The labelled (training) nodes of each split.
    aggregation : {'count', 'proportion', 'binary', 'mode'}, default 'count'
        How neighbour labels are aggregated into features.
    collective : bool, default True
        Run iterative classification after the bootstrap.
    n_iter : int, default 10
        Rounds of iterative classification after the bootstrap.
    C : float, default 1.0
        Inverse strength of the L2 penalty (scikit-learn's ``C``).

    Returns
    -------
    ndarray, shape like ``train_mask``
        :math:`P(y_i = +)` for every node (labelled nodes keep their label).

    Notes
    -----
    When every labelled node of a split has the same class the unpenalised intercept has
    no finite optimum; the fit stops after 100 Newton steps with probabilities near that
    class, as scikit-learn stops at its iteration limit.

    Examples
    --------
    >>> import networkx as nx, numpy as np
    >>> g = nx.complete_bipartite_graph(4, 4)    # every link joins the two classes
    >>> y = np.array([1, 1, 1, 1, 0, 0, 0, 0])
    >>> train = np.array([True, True, True, False, True, True, True, False])
    >>> (link_based_classifier(g, y, train) > 0.5).astype(int).tolist()
    [1, 1, 1, 1, 0, 0, 0, 0]
    """
    C = float(C)
    a = _c.adjacency(graph)
    y = _labels(labels, a.shape[0])
    shape = np.shape(train_mask)
    train = _train_matrix(train_mask, a.shape[0])
    observed = np.broadcast_to(y[:, None], train.shape)
    w = _fit_logistic(_link_features(a, observed, train, aggregation), y, train, C)

    def predict(current, known):
        x = _link_features(a, current, known, aggregation)
        return special.expit(w[None, :, 0] + np.einsum("ntk,tk->nt", x, w[:, 1:]))

    p = predict(observed, train)
    if collective:
        everyone = np.ones_like(train)
        guess = np.where(train, observed, p > 0.5)
        for _ in range(n_iter):
            p = predict(guess, everyone)
            new = np.where(train, observed, p > 0.5)
            if np.array_equal(new, guess):
                break
            guess = new
    p = np.where(train, observed.astype(float), p)
    return p.T.reshape(shape)


# prob: NaN marks nodes a classifier left out (``inference_mask``); the range is checked in the body
@checks(prob=Array(kind="any"), rate=Real(0, 1), uniforms=Array(low=0, high=1, none=True))
def perturb_predictions(prob, rate, *, rng=None, uniforms=None):
    """Handicap a classifier: move a random share ``rate`` of its predictions to the opposite class.

    Each prediction is selected independently with probability ``rate`` and its
    probability ``p`` replaced by ``1 - p`` (Neville et al. Section 6.3, "perturbing those
    probabilities toward the opposite class").

    Parameters
    ----------
    prob : array_like
        Predicted probabilities, in [0, 1] (NaN, for nodes left out of inference, stays NaN).
    rate : float in [0, 1]
        Probability that a prediction is flipped.
    rng : seed or Generator
        Random numbers (anything ``numpy.random.default_rng`` accepts); unused when
        ``uniforms`` is given.
    uniforms : array_like, optional
        The uniform draws to select with (``u < rate``), for common random numbers across rates.

    Returns
    -------
    ndarray
        The probabilities, ``1 - p`` where a prediction was selected, shape of ``prob``.

    Examples
    --------
    >>> import numpy as np
    >>> perturb_predictions(np.array([0.9, 0.8, 0.2]), 0.5, uniforms=[0.1, 0.7, 0.3]).round(2).tolist()
    [0.1, 0.8, 0.8]
    >>> perturb_predictions(np.array([0.9, 0.8, 0.2]), 0.5, rng=0).round(2).tolist()
    [0.9, 0.2, 0.8]
    """
    try:
        p = np.asarray(prob, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"prob must be an array of probabilities in [0, 1] (or NaN); got {prob!r}") from None
    if ((p < 0) | (p > 1)).any():
        raise ValueError(f"prob must be an array of probabilities in [0, 1] (or NaN); got values from "
                         f"{np.nanmin(p):g} to {np.nanmax(p):g}")
    rate = float(rate)
    u = _c.rng(rng).random(p.shape) if uniforms is None else np.asarray(uniforms, dtype=float)
    if u.shape != p.shape:
        raise ValueError(f"uniforms must have the shape of prob {p.shape}; got {u.shape}")
    return np.where(u < rate, 1 - p, p)
