"""Link prediction: tasks, predictors, and exact evaluation over all candidate pairs.

Everything here evaluates over **all** candidate pairs of a feature network without
enumerating them (score histograms), as Yang, Lichtenwalter & Chawla (2015) ask. The
public names of the submodules are re-exported here, flat:

- :mod:`evalkit.linkpred.tasks` -- temporal snapshots (:func:`temporal_task`) and time
  slices (:func:`temporal_slices`)
- :mod:`evalkit.linkpred.predictors` -- common neighbours, Adamic/Adar, Jaccard,
  preferential attachment, PropFlow, truncated Katz, rooted PageRank, on sparse matrices;
  hitting times
- :mod:`evalkit.linkpred.histogram` -- score histograms, exact all-pairs evaluation, merging;
  uniform sampling of the negatives (exact draws, the sampled AUROC's exact variance)
- :mod:`evalkit.linkpred.distance` -- pair distances, counts and score histograms by
  geodesic distance, :func:`evaluation_report`, and the sampling schemes by distance
  (uniform, Kaggle's balanced, steered)
- :mod:`evalkit.linkpred.sampling` -- negative pairs drawn from a network
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

from .distance import (DistanceCounts, DistanceHistograms, distance_counts, distance_mean_auroc,
                       distance_score_histograms, evaluation_report, pair_distances, sample_distance_balanced,
                       sample_steered, sample_uniform)
from .histogram import (PairEvaluation, ScoreHistogram, draw_without_replacement, evaluate_all_pairs, merge_histograms,
                        score_histogram, subsample_negatives, subsampled_auroc_variance, subsampled_aurocs)
from .orderings import OrderingEvaluation, evaluate_orderings, is_directional, ordered_pair_histogram, two_hop_pairs
from .predictors import (PREDICTORS, ScoreLookup, adamic_adar, common_neighbors, hitting_time, jaccard, katz,
                         mean_of_orderings, pair_scores, preferential_attachment, propflow, rooted_pagerank, snap_float_ties)
from .sampling import NegativePairSampler, sample_negative_pairs
from .supervised import FEATURES, supervised_score_histogram
from .tasks import LinkPredictionTask, temporal_slices, temporal_task
from .topk import TopKRate, top_k_rate

__all__ = [
    "DistanceCounts", "DistanceHistograms", "FEATURES", "LinkPredictionTask", "NegativePairSampler",
    "OrderingEvaluation", "PREDICTORS", "PairEvaluation", "ScoreHistogram", "ScoreLookup", "TopKRate",
    "adamic_adar", "common_neighbors", "distance_counts", "distance_mean_auroc", "distance_score_histograms",
    "draw_without_replacement", "evaluate_all_pairs", "evaluate_orderings", "evaluation_report", "hitting_time",
    "is_directional",
    "jaccard", "katz", "mean_of_orderings", "merge_histograms", "ordered_pair_histogram", "pair_distances", "pair_scores", "preferential_attachment",
    "propflow", "rooted_pagerank", "sample_distance_balanced", "sample_negative_pairs", "sample_steered", "sample_uniform",
    "score_histogram", "snap_float_ties", "subsample_negatives", "subsampled_auroc_variance", "subsampled_aurocs",
    "supervised_score_histogram",
    "temporal_slices", "temporal_task", "top_k_rate", "two_hop_pairs",
]
