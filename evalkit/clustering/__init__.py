"""Evaluating clusterings: against prior knowledge, and from the clusters alone.

Prior knowledge (known classes): the pair contingency table and the Rand and Jaccard
statistics computed from it, the matching matrix with cluster entropy and purity, and
the Mantel test between the ideal (class) and observed (cluster) co-membership
matrices. Cluster properties: cohesion and separation, the silhouette, the Dunn index,
the C-index, the sum of squared errors and preserved variability.

Pairwise quantities are computed from counts wherever possible (the pair table from the
class-by-cluster contingency counts, the Mantel test between two partitions from the
pair table of each permutation), so they cost O(n) memory, not O(n^2). Distance-based
indices take a condensed distance vector (as returned by ``scipy.spatial.distance.pdist``)
or a square matrix.
Every public name is importable from ``evalkit.clustering`` directly.

Its modules:

external
    Against known classes: pair confusion table, Rand and Jaccard statistics, matching
    matrix, cluster and total entropy and purity, co-membership matrix, partition labels.
internal
    From the clusters alone: cohesion, separation, silhouette, Dunn index, C-index, SSE,
    preserved variability.
mantel
    The Mantel test and random-subset cohesion (the null for a cluster's cohesion).
"""
from .external import (
    cluster_entropy,
    cluster_purity,
    co_membership_matrix,
    jaccard_coefficient,
    matching_matrix,
    pair_confusion,
    partition_labels,
    rand_statistic,
    total_entropy,
    total_purity,
)
from .internal import (
    c_index,
    cohesion,
    dunn_index,
    preserved_variability,
    separation,
    silhouette,
    sse,
)
from .mantel import (
    MantelResult,
    mantel_test,
    random_subset_cohesion,
)

__all__ = [
    "MantelResult",
    "c_index",
    "cluster_entropy",
    "cluster_purity",
    "co_membership_matrix",
    "cohesion",
    "dunn_index",
    "jaccard_coefficient",
    "mantel_test",
    "matching_matrix",
    "pair_confusion",
    "partition_labels",
    "preserved_variability",
    "rand_statistic",
    "random_subset_cohesion",
    "separation",
    "silhouette",
    "sse",
    "total_entropy",
    "total_purity",
]
