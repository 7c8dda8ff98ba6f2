"""Link prediction: tasks, predictors, and exact evaluation over all candidate pairs.

Everything here evaluates over **all** candidate pairs of a feature network without
enumerating them (score histograms), as Yang, Lichtenwalter & Chawla (2015) ask. The
public names of the submodules are re-exported here, flat:

- :mod:`evalkit.linkpred.tasks` -- temporal snapshots (:func:`temporal_task`) and time
  slices (:func:`temporal_slices`)
- :mod:`evalkit.linkpred.predictors` -- common neighbours, Adamic/Adar, Jaccard,
  preferential attachment, PropFlow, truncated Katz, rooted PageRank, on sparse matrices
- :mod:`evalkit.linkpred.histogram` -- score histograms, exact all-pairs evaluation, merging
- :mod:`evalkit.linkpred.sampling` -- negative sampling, every scheme (uniform, by
  distance, Kaggle, steered)
- :mod:`evalkit.linkpred.surrogate` -- the surrogate ranking simulation of Table 2
- :mod:`evalkit.linkpred.distance` -- pair distances, counts and score histograms by
  geodesic distance, and :func:`evaluation_report`
- :mod:`evalkit.linkpred.orderings` -- directional predictors and their orderings
- :mod:`evalkit.linkpred.supervised` -- a classifier on the predictors as features
- :mod:`evalkit.linkpred.topk` -- top-K predictive rate with ties

Networks are symmetric sparse adjacency matrices built by :func:`evalkit.graph.as_adjacency`.
Pairs (positives, test edges, candidate pairs) are row indices of the matrix, or node ids
of any hashable type when the function is given ``nodes=`` (the node order
:func:`~evalkit.graph.as_adjacency` returned; converted by :func:`evalkit.graph.pair_indices`).

Examples
--------
>>> from evalkit.graph import as_adjacency
>>> from evalkit import linkpred
>>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (3, 4), (0, 2)])
>>> linkpred.evaluate_all_pairs(A, [(0, 3)], "common_neighbors").auroc
0.75
"""
from __future__ import annotations

import warnings

from .distance import (DistanceCounts, DistanceHistograms, distance_counts, distance_score_histograms,
                       evaluation_report, pair_distances)
from .histogram import PairEvaluation, ScoreHistogram, evaluate_all_pairs, merge_histograms, score_histogram
from .orderings import OrderingEvaluation, evaluate_orderings, is_directional, two_hop_pairs
from .predictors import (PREDICTORS, ScoreLookup, adamic_adar, common_neighbors, jaccard, katz, mean_of_orderings,
                         pair_scores, preferential_attachment, propflow, rooted_pagerank, snap_float_ties)
from .sampling import (NegativePairSampler, distance_mean_auroc, draw_without_replacement, sample_distance_balanced,
                       sample_negative_pairs, sample_steered, sample_uniform, subsample_negatives,
                       subsampled_auroc_variance, subsampled_aurocs)
from .supervised import FEATURES, supervised_score_histogram
from .surrogate import SurrogateMoments, SurrogateResult, surrogate_auroc, surrogate_moments
from .tasks import LinkPredictionTask, temporal_slices, temporal_task
from .topk import TopKRate, top_k_rate

__all__ = [
    "DistanceCounts", "DistanceHistograms", "FEATURES", "LinkPredictionTask", "NegativePairSampler",
    "OrderingEvaluation", "PREDICTORS", "PairEvaluation", "ScoreHistogram", "ScoreLookup", "SurrogateMoments",
    "SurrogateResult", "TopKRate",
    "adamic_adar", "common_neighbors", "distance_counts", "distance_mean_auroc", "distance_score_histograms",
    "draw_without_replacement", "evaluate_all_pairs", "evaluate_orderings", "evaluation_report", "is_directional",
    "jaccard", "katz", "mean_of_orderings", "merge_histograms", "pair_distances", "pair_scores", "preferential_attachment",
    "propflow", "rooted_pagerank", "sample_distance_balanced", "sample_negative_pairs", "sample_steered", "sample_uniform",
    "score_histogram", "snap_float_ties", "subsample_negatives", "subsampled_auroc_variance", "subsampled_aurocs",
    "supervised_score_histogram",
    "surrogate_auroc", "surrogate_moments", "temporal_slices", "temporal_task", "top_k_rate", "two_hop_pairs",
]


def _undirected_adjacency(graph, *, nodes=None):
    """Deprecated: :func:`evalkit.graph.as_adjacency`, returned as an int8 ``csr_matrix`` as in evalkit 1."""
    import scipy.sparse as sp

    from ..graph import as_adjacency

    A, nodes = as_adjacency(graph, nodes=nodes)
    return sp.csr_matrix(A, dtype="int8"), nodes


def __getattr__(name):
    if name == "undirected_adjacency":
        warnings.warn("evalkit.linkpred.undirected_adjacency is deprecated: use evalkit.graph.as_adjacency "
                      "(evalkit 2.0; it returns a csr_array); the old name will be removed in a future release",
                      DeprecationWarning, stacklevel=2)
        return _undirected_adjacency
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
