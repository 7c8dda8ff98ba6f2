"""Experiments of the graph-mining chapter on performance metrics (the ``graph-metrics`` part).

The chapters of the part call these functions; ``evalkit reproduce graph-metrics-...``
runs them from the shell. The source reports worked examples, not experiments, so its
``"paper"`` scale is the book's (or a larger number of permutations or samples, where an
experiment has one), as each ``paper_cost`` states.

.. rubric:: Data set-ups

:func:`cora_giant_component`, :func:`louvain_partition`, :func:`network_partitions`,
:func:`cora_holdout`, :func:`cora_words_pca`.

.. rubric:: Experiments

graph-metrics-community-validation
    External and internal validation of Louvain communities against known classes.
graph-metrics-validation-schemes
    Holdout, 10-fold, leave-one-out and random subsampling of naive Bayes on Cora's words.
graph-metrics-imbalance
    What resampling the training folds does to the metrics of a rare-class task.
graph-metrics-tree-depth
    Training and test error of decision trees of growing depth (over-fitting).
graph-metrics-cora-confusion
    The multi-class confusion matrix of a Cora node classifier (words and neighbours' words).
graph-metrics-kmeans-sse
    The SSE of k-means after each number of iterations from the same initial centres.
graph-metrics-cohesion-significance
    Monte Carlo p-values of the cohesion of the largest Louvain communities of Cora.
graph-metrics-word-enrichment
    Hypergeometric enrichment of every word in the largest communities, Holm-adjusted.
graph-metrics-label-noise
    How label noise moves the Jaccard coefficient and the purity of a fixed partition.
"""
from __future__ import annotations

from .classification import (
    cora_confusion,
    difference_coverage,
    imbalance,
    imbalance_class_sizes,
    missing_value_imputation,
    tree_depth,
    validation_schemes,
)
from .communities import (
    cohesion_significance,
    community_validation,
    kmeans_sse,
    label_noise,
    word_enrichment,
)
from .setups import (
    cora_giant_component,
    cora_holdout,
    cora_words_pca,
    louvain_partition,
    network_partitions,
    overlapping_pair_table,
)

__all__ = [
    "cohesion_significance",
    "community_validation",
    "cora_confusion",
    "cora_giant_component",
    "cora_holdout",
    "cora_words_pca",
    "difference_coverage",
    "imbalance",
    "imbalance_class_sizes",
    "missing_value_imputation",
    "kmeans_sse",
    "label_noise",
    "louvain_partition",
    "network_partitions",
    "overlapping_pair_table",
    "tree_depth",
    "validation_schemes",
    "word_enrichment",
]
