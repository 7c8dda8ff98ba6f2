"""The book's data sets: real ones verified against their sha256, and synthetic sources.

Every real file has a canonical public URL and a sha256 in a registry, and belongs to a
data set (``cora``, ``iris``, ...; :func:`list_datasets`). A file is looked up in the cache
(``$EVALKIT_DATA``, default the user's cache directory), then in ``$EVALKIT_SHARED_DATA``,
then in ``shared/datasets`` beside the repository checkout, and otherwise downloaded into
the cache (the lookup order is stated in :mod:`evalkit.datasets.fetching`). Set
``EVALKIT_OFFLINE=1`` to forbid downloads. ``evalkit datasets fetch --all`` (or
:func:`fetch_datasets`) fetches everything at once; missing files raise one
:class:`DatasetNotFoundError` that lists them all with the command that fetches them; a
file whose hash does not match raises :class:`ChecksumMismatchError`: a corrupt copy is
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
from .fetching import (
    ChecksumMismatchError,
    DatasetNotFoundError,
    LocalFile,
    cache_dir,
    fetch,
    fetch_datasets,
    file_status,
    search_dirs,
)
from .networks import LabeledNetwork, load_citeseer, load_cora, load_enron_roles, load_polbooks
from .registry import DataFile, dataset_files, info, list_datasets, list_files
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
    "LocalFile",
    "PAIR_WEIGHTINGS",
    "TEMPORAL_NETWORKS",
    "TemporalEdges",
    "TemporalHypergraph",
    "UCI_DATASETS",
    "cache_dir",
    "dataset_files",
    "fetch",
    "fetch_datasets",
    "file_status",
    "info",
    "list_datasets",
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
