"""Within-network classification, and why comparing its classifiers needs care.

The pieces of Neville, Gallagher, Eliassi-Rad & Wang (2011), *Correcting evaluation bias
of relational classifiers with network cross validation*, by concept:

- :mod:`evalkit.relational.theory` -- the variance formulas of Theorems 1-3
  (:func:`variance_correlated`, :func:`variance_overlap`, :func:`variance_observed`,
  :func:`variance_underestimate`) and a Monte Carlo simulation of the model the proofs
  assume (:func:`simulate_mean_variance`);
- :mod:`evalkit.relational.simulated` -- the group-based simulated classifiers of
  Section 5 (:func:`group_error_probabilities`, :func:`group_based_classification`) and the
  Type I error study built on them (:func:`simulate_group_type1_error`,
  :func:`simulate_group_type1_grid`);
- :mod:`evalkit.relational.models` -- networks: the latent group model of Section 6.2
  (:func:`latent_group_model`) and disjoint pieces of a real network
  (:func:`disjoint_subnetworks`);
- :mod:`evalkit.relational.classifiers` -- the weighted-vote relational neighbour
  classifier (:func:`wvrn`) and the network-only Bayes classifier
  (:func:`network_only_bayes`) with relaxation labelling (:func:`relaxation_labeling`),
  Lu & Getoor's link-based classifier with iterative classification
  (:func:`link_based_classifier`), all run on many training sets at once (one column per
  split), and :func:`perturb_predictions`;
- :mod:`evalkit.relational.correlation` -- error correlation and label autocorrelation
  over the links of a network (:func:`error_correlation`, :func:`label_autocorrelation`).

Networks are symmetric sparse adjacency matrices (see :func:`evalkit.graph.as_adjacency`);
every function also accepts a networkx graph. The splitters (RRS, ERS, NCV) live in
:mod:`evalkit.resampling`; the paper's own procedure (the calibrated comparison of Sections 6
and 7, Table 5's protocol) in :mod:`evalkit.reproductions.network_cv.method`, and its
experiments, at the book's and the paper's scale, in :mod:`evalkit.reproductions.network_cv`.
"""
from __future__ import annotations

from .classifiers import link_based_classifier, network_only_bayes, perturb_predictions, relaxation_labeling, wvrn
from .correlation import error_correlation, label_autocorrelation
from .models import LatentGroupNetwork, disjoint_subnetworks, latent_group_model
from .simulated import (
    GroupSimulationResult,
    group_based_classification,
    group_error_probabilities,
    simulate_group_type1_error,
    simulate_group_type1_grid,
    simulate_instance_type1_error,
    skewed_group_weights,
)
from .theory import (
    MeanVarianceEstimate,
    simulate_mean_variance,
    variance_correlated,
    variance_observed,
    variance_overlap,
    variance_underestimate,
)

__all__ = [
    "GroupSimulationResult",
    "LatentGroupNetwork",
    "MeanVarianceEstimate",
    "disjoint_subnetworks",
    "error_correlation",
    "group_based_classification",
    "group_error_probabilities",
    "label_autocorrelation",
    "latent_group_model",
    "link_based_classifier",
    "network_only_bayes",
    "perturb_predictions",
    "relaxation_labeling",
    "simulate_group_type1_error",
    "simulate_group_type1_grid",
    "simulate_instance_type1_error",
    "simulate_mean_variance",
    "skewed_group_weights",
    "variance_correlated",
    "variance_observed",
    "variance_overlap",
    "variance_underestimate",
    "wvrn",
]
