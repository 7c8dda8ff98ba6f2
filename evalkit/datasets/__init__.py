"""The book's data sets: real ones verified against their sha256, and synthetic sources.

Every real file has a canonical public URL and a sha256 in a registry. A file is looked
up in the cache directory (``$EVALKIT_DATA``, default ``~/.cache/evalkit``), then in
``../shared/datasets`` beside the repository, then downloaded into the cache.
Set ``EVALKIT_OFFLINE=1`` to forbid downloads. A missing file raises
:class:`DatasetNotFoundError` naming the file, its URL and where to put it; a file
whose hash does not match raises :class:`ChecksumMismatchError`: a corrupt copy is
never silently replaced by another.

Submodules (every public name is also reachable here):

- :mod:`evalkit.datasets.registry` -- the registry of data files (URLs, sha256), ``list_files``, ``info``
- :mod:`evalkit.datasets.fetching` -- the cache, the lookup order, checksum verification, downloads
- :mod:`evalkit.datasets.arff` -- a strict reader of Weka's ARFF format
- :mod:`evalkit.datasets.uci` -- the 27 UCI data sets of Bouckaert & Frank (``load_arff``)
- :mod:`evalkit.datasets.temporal` -- timestamped edge lists and hypergraphs (Condmat, Enron)
- :mod:`evalkit.datasets.networks` -- networks with labelled nodes (Cora, CiteSeer, ...)
- :mod:`evalkit.datasets.synthetic` -- random binary Bayesian networks (Bouckaert & Frank's
  simulated sources)

Examples
--------
>>> from evalkit import datasets
>>> soy = datasets.load_arff("soybean")      # scipy.io.arff rejects this file
>>> soy.shape, len(soy.target_names)
((683, 36), 19)
>>> msgs = datasets.load_temporal_edges("CollegeMsg")
>>> msgs.n_events, msgs.n_nodes
(59835, 1899)
"""
from __future__ import annotations

from .arff import ArffAttribute, ArffData, ArffError, parse_arff
from .fetching import ChecksumMismatchError, DatasetNotFoundError, cache_dir, fetch, search_dirs
from .networks import LabeledNetwork, load_citeseer, load_cora, load_enron_roles, load_polbooks
from .registry import DataFile, info, list_files
from .synthetic import BinaryBayesNet, pattern_bits, random_bayes_net
from .temporal import (
    PAIR_WEIGHTINGS,
    TEMPORAL_NETWORKS,
    TemporalEdges,
    TemporalHypergraph,
    load_condmat,
    load_enron_simplices,
    load_temporal_edges,
)
from .uci import UCI_DATASETS, load_arff

__all__ = [
    "ArffAttribute",
    "ArffData",
    "ArffError",
    "BinaryBayesNet",
    "ChecksumMismatchError",
    "DataFile",
    "DatasetNotFoundError",
    "LabeledNetwork",
    "PAIR_WEIGHTINGS",
    "TEMPORAL_NETWORKS",
    "TemporalEdges",
    "TemporalHypergraph",
    "UCI_DATASETS",
    "cache_dir",
    "fetch",
    "info",
    "list_files",
    "load_arff",
    "load_citeseer",
    "load_condmat",
    "load_cora",
    "load_enron_roles",
    "load_enron_simplices",
    "load_polbooks",
    "load_temporal_edges",
    "parse_arff",
    "pattern_bits",
    "random_bayes_net",
    "search_dirs",
]
