"""The canonical data set-ups of the network cross-validation pages (Neville et al.).

The latent-group networks of Section 6.2 (:func:`latent_group_networks`, one book seed per
size in ``LGM_SEEDS``), the labelled real-network tasks of our Table 5
(:func:`table5_tasks`) and Cora cut into disjoint pieces for Fig. 5 (:func:`cora_pieces`).
"""
from __future__ import annotations

import numpy as np

from ... import relational as rel
from ..._checks import Choice, Integer, checks

__all__ = ["LGM_SEEDS", "PARTITIONS", "cora_pieces", "latent_group_networks", "table5_tasks"]


#: Seed of the latent-group networks of each size in the book (Figs. 3 and 4).
LGM_SEEDS = {300: 2010, 600: 600}


# ------------------------------------------------------------------ data set-ups


@checks(n_nodes=Integer(2), n_calibration=Integer(0), n_evaluation=Integer(0))
def latent_group_networks(n_nodes=300, *, n_calibration=50, n_evaluation=4, seed=None, **model):
    """The calibration and evaluation networks of the latent group model (Section 6.2).

    ``n_calibration`` networks, then ``n_evaluation``, drawn in turn from one generator.

    Parameters
    ----------
    n_nodes : int, default 300
    n_calibration, n_evaluation : int, defaults 50 and 4 (the paper's)
    seed : int, optional
        Default: the book's seed for ``n_nodes`` (``LGM_SEEDS``).
    **model
        The unstated choices of :func:`evalkit.relational.latent_group_model`
        (``link_rule``, ``group_sizes``, ``label_draw``).

    Returns
    -------
    calibration, evaluation : list of LatentGroupNetwork

    Examples
    --------
    >>> cal, ev = latent_group_networks(100, n_calibration=2, n_evaluation=1, seed=0)
    >>> len(cal), len(ev), ev[0].n_nodes
    (2, 1, 100)
    """
    seed = LGM_SEEDS.get(n_nodes, n_nodes) if seed is None else seed
    rng = np.random.default_rng(seed)
    calibration = [rel.latent_group_model(n_nodes, rng=rng, **model) for _ in range(n_calibration)]
    evaluation = [rel.latent_group_model(n_nodes, rng=rng, **model) for _ in range(n_evaluation)]
    return calibration, evaluation


@checks()
def table5_tasks():
    """The labelled real-network tasks of the book's Table 5.

    Enron "executive?" (CEO, president, vice president or managing director, among the
    employees whose title is known; weighted e-mail links), political books "neutral?",
    and every one-class-against-the-rest task of Cora and CiteSeer.

    Returns
    -------
    dict
        ``(data set, task) -> (graph or adjacency, labels as 0/1 ints)``, in the book's order.

    Examples
    --------
    Loading Cora, CiteSeer, the political books and Enron takes a few seconds:

    >>> tasks = table5_tasks()  # doctest: +SKIP
    >>> list(tasks)[:2]  # doctest: +SKIP
    [('Enron email', 'Executive?'), ('Political books', 'Neutral?')]
    """
    from ... import datasets
    from ...graph import as_adjacency

    cora, citeseer = datasets.load_cora(), datasets.load_citeseer()
    books, enron = datasets.load_polbooks(), datasets.load_enron_roles()
    executive = [enron.classes.index(t) for t in ("CEO", "President", "Vice President", "Managing Director")]
    titled = np.flatnonzero((enron.labels >= 0) & (enron.labels != enron.classes.index("N/A")))
    enron_adj = as_adjacency(enron.graph, directed="symmetrize", weight="weight", dtype=float)[0][titled][:, titled]
    tasks = {("Enron email", "Executive?"): (enron_adj, np.isin(enron.labels[titled], executive)),
             ("Political books", "Neutral?"): (books.graph, books.labels == books.classes.index("n"))}
    for name, net in (("Cora", cora), ("Citeseer", citeseer)):
        for k, cls in enumerate(net.classes):
            tasks[(name, f"{cls}?")] = (net.graph, net.labels == k)
    return {key: (graph, y.astype(int)) for key, (graph, y) in tasks.items()}


#: How :func:`cora_pieces` cuts Cora: keyword arguments of :func:`evalkit.relational.disjoint_subnetworks`.
PARTITIONS = {
    # Louvain communities packed by size: pieces whose shares of positives differ widely
    "louvain": {"stratify": False, "resolution": 1.0},
    # the same packed by class counts, on finer communities (at resolution 1 one community
    # holds 14% of Cora, too coarse to balance): pieces alike, as if from one distribution
    "stratified": {"stratify": True, "resolution": 2.0},
}


@checks(n_parts=Integer(1), partition=Choice(*PARTITIONS))
def cora_pieces(n_parts=6, *, seed=7, partition="stratified"):
    """Cora "Neural_Networks?" cut into disjoint pieces (:func:`evalkit.relational.disjoint_subnetworks`).

    Parameters
    ----------
    n_parts : int
    seed : int
        Seed of the Louvain communities.
    partition : {'stratified', 'louvain'}
        How the communities are packed into pieces (``PARTITIONS``).

    Returns
    -------
    list of (scipy.sparse.csr_array, ndarray)

    Examples
    --------
    Loading Cora and finding its communities takes a few seconds:

    >>> pieces = cora_pieces(6, seed=7)  # doctest: +SKIP
    >>> len(pieces)  # doctest: +SKIP
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
    from ... import datasets
    from ..._validation import check_choice

    check_choice(partition, "partition", tuple(PARTITIONS))
    cora = datasets.load_cora()
    y_nn = (cora.labels == cora.classes.index("Neural_Networks")).astype(int)
    return rel.disjoint_subnetworks(cora.graph, y_nn, n_parts, rng=seed, **PARTITIONS[partition])
