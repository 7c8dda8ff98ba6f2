"""Padmanabhan & Jenkins, *Performance metrics for graph mining tasks* (the ``graph-metrics`` part).

One module per chapter page, each with its experiments and one ``ours(...)`` that turns
the page's results into ``{claim id: our value}`` for the registry ``claims.toml``
(claim ids ``gm.*``); :mod:`~evalkit.reproductions.graph_metrics.source` holds what the
source prints that we compute from (its worked examples), :mod:`.setups` the data set-ups
the pages share, :mod:`.provenance` what computed each claim checked on other data than the
source's (the records' ``data``, from the computations' declarations). The source
reports worked examples, not experiments, so an experiment's ``"paper"`` scale is the
book's (or more permutations or samples, where it has them), as its ``paper_cost`` says.
``evalkit reproduce graph-metrics-...`` runs the experiments from the shell.

Map of the source
-----------------
binary-metrics (:mod:`.binary_metrics`)
    Claims ``gm.fig1-1.*``, ``gm.fig1-2.*`` (the counts and the metrics), ``gm.r-2x2.*``,
    ``gm.sec1-2-2.*``, ``gm.gmean-example.*``, ``gm.notes.*``, ``gm.sec1-2-4.*`` from
    the source's examples; ``gm.sec1-2-4.upper-right-rule`` from the four models of
    ``graph-metrics-imbalance`` (:func:`roc_points`).
multilevel-metrics (:mod:`.multilevel_metrics`)
    ``graph-metrics-cora-confusion`` (:func:`cora_confusion`); claims ``gm.fig1-4.*``,
    ``gm.fig1-7.*``, ``gm.fig1-2.{e-pi, pi, e-kappa, kappa, alpha, beta1, e-gamma}``,
    ``gm.r-multilevel.*``, ``gm.sec1-2-3.*``, ``gm.eq1-35.*`` from the source's examples.
cost-validation-imbalance (:mod:`.cost_validation_imbalance`)
    ``graph-metrics-validation-schemes`` (:func:`validation_schemes`),
    ``graph-metrics-difference-coverage`` (:func:`difference_coverage`:
    ``gm.sec1-6-2.example-large-enough``), ``graph-metrics-imbalance`` (:func:`imbalance`,
    :func:`imbalance_class_sizes`), ``graph-metrics-tree-depth`` (:func:`tree_depth`:
    ``gm.sec1-8.training-error-optimistic``, ``gm.sec1-8.pessimistic``),
    ``graph-metrics-reduced-error`` (:func:`reduced_error`: ``gm.sec1-8.reduced-error``),
    ``graph-metrics-missing-values`` (:func:`missing_value_imputation`:
    ``gm.sec1-8.missing-values``); claims ``gm.sec1-2-5.*``, ``gm.fig1-16.*``,
    ``gm.r-cost.*``, ``gm.sec1-6-2.*``, ``gm.ex{1,2,4,7}.*`` from the source's examples.
clustering-metrics (:mod:`.clustering_metrics`)
    ``graph-metrics-community-validation`` (:func:`community_validation`); claims
    ``gm.fig1-11.*``, ``gm.r-contingency.*``, ``gm.fig1-13.*``, ``gm.r-matching.*``,
    ``gm.sec1-3-1.*``, ``gm.fig1-14.*``, ``gm.eq1-43.*``, ``gm.eq1-46.*``,
    ``gm.eq1-47.*``, ``gm.eq1-49.*``, ``gm.eq1-50.*`` from the source's examples.
significance-enrichment (:mod:`.significance_enrichment`)
    ``graph-metrics-kmeans-sse`` (:func:`kmeans_sse`: ``gm.sec1-4.sse-decreases``),
    ``graph-metrics-cohesion-significance`` (:func:`cohesion_significance`),
    ``graph-metrics-word-enrichment`` (:func:`word_enrichment`),
    ``graph-metrics-label-noise`` (:func:`label_noise`); claims ``gm.sec1-4.pv-*``
    (Cora's principal components), ``gm.ex3.*``, ``gm.ex5.*``, ``gm.ex6.*`` (the
    chapter's exercises) and, from the source's examples, ``gm.sec1-5-1.*``,
    ``gm.sec1-5-2.*`` (with :func:`pair_interval_coverage`), ``gm.sec1-9.*``.

Data set-ups (:mod:`.setups`): :func:`figure_1_2_matrix`, :func:`cora_giant_component`,
:func:`louvain_partition`, :func:`network_partitions`, :func:`cora_holdout`,
:func:`cora_words_pca`.
"""
from __future__ import annotations

from . import (
    binary_metrics,
    clustering_metrics,
    cost_validation_imbalance,
    multilevel_metrics,
    setups,
    significance_enrichment,
    source,
)
from .binary_metrics import backwards_model, roc_points
from .clustering_metrics import community_validation
from .cost_validation_imbalance import (
    difference_coverage,
    imbalance,
    imbalance_class_sizes,
    missing_value_imputation,
    reduced_error,
    tree_depth,
    validation_schemes,
)
from .multilevel_metrics import cora_confusion
from .setups import (
    cora_giant_component,
    cora_holdout,
    cora_words_pca,
    figure_1_2_matrix,
    louvain_partition,
    network_partitions,
)
from .significance_enrichment import (
    cohesion_significance,
    kmeans_sse,
    label_noise,
    overlapping_pair_table,
    pair_interval_coverage,
    word_enrichment,
)

__all__ = [
    "backwards_model",
    "binary_metrics",
    "clustering_metrics",
    "cohesion_significance",
    "community_validation",
    "cora_confusion",
    "cora_giant_component",
    "cora_holdout",
    "cora_words_pca",
    "cost_validation_imbalance",
    "difference_coverage",
    "figure_1_2_matrix",
    "imbalance",
    "imbalance_class_sizes",
    "kmeans_sse",
    "label_noise",
    "louvain_partition",
    "missing_value_imputation",
    "multilevel_metrics",
    "network_partitions",
    "overlapping_pair_table",
    "pair_interval_coverage",
    "roc_points",
    "setups",
    "significance_enrichment",
    "source",
    "reduced_error",
    "tree_depth",
    "validation_schemes",
    "word_enrichment",
]
