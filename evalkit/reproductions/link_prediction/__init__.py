"""Yang, Lichtenwalter & Chawla, *Evaluating link prediction methods* (2015): data set-ups and experiments.

- :mod:`evalkit.reproductions.link_prediction.data` -- the canonical set-ups, defined once: the
  Condmat 1995-1999 / 2000 task, Facebook's (CollegeMsg, split on 1 September 2004), the
  stand-ins' tasks (80th percentile of time), the supervised training tasks
- :mod:`evalkit.reproductions.link_prediction.sampling` -- Table 1 and the identification of the
  paper's networks, class imbalance, Theorem 4.1,
  Corollary 4.3, Figs. 7 and 8 (the framework and sampling chapters)
- :mod:`evalkit.reproductions.link_prediction.distance` -- orderings, Figs. 10 and 11, Table 2,
  Fig. 13 / Table 3, steering (the distance chapter)
- :mod:`evalkit.reproductions.link_prediction.claims` -- our values of the paper's claims, ``{claim id: value}``
- :mod:`evalkit.reproductions.link_prediction.measures` -- new nodes, Theorem 6.1, Figs. 14, 15 and
  17-19 (the measures chapter)

Every experiment has the scale presets ``"book"`` (what the chapter runs) and
``"paper"``; ``evalkit reproduce link-prediction-...`` runs it from the shell.
"""
from __future__ import annotations

from . import claims
from .data import FACEBOOK_SPLIT, NETWORKS, PAPER_NETWORKS, events, label, periods, task, tasks, training_task, utc
from .distance import (DISTANCE_NETWORKS, PROPFLOW_CLAIMS, SHORT, directed_propflow, distance_histograms, fig10,
                       fig11, mean_propflow, orderings, propflow_weighting, steering, table2, table2_closed_form,
                       table2_counts, table2_implied, table3)
from .measures import (MEASURE_PREDICTORS, TIME_NETWORKS, aupr_by_distance, fig14, new_nodes, score_histograms,
                       slice_positives, theorem61, time_slices)
from .sampling import (auroc_variance, class_imbalance, condmat_whole_period, corollary43, feature_period_window,
                       fig7, fig8, identify_networks, stability_readings, stable_rate_odds, table1, task_sizes,
                       theorem41)

__all__ = ["claims", "DISTANCE_NETWORKS", "FACEBOOK_SPLIT", "MEASURE_PREDICTORS", "NETWORKS", "PAPER_NETWORKS",
           "PROPFLOW_CLAIMS", "SHORT", "TIME_NETWORKS", "aupr_by_distance", "auroc_variance", "class_imbalance",
           "condmat_whole_period", "corollary43", "directed_propflow", "distance_histograms", "events",
           "feature_period_window", "fig10", "fig11", "fig14", "fig7", "fig8", "identify_networks", "label",
           "mean_propflow", "new_nodes", "orderings", "periods", "propflow_weighting", "score_histograms",
           "slice_positives", "stability_readings", "stable_rate_odds", "steering", "table1", "table2",
           "table2_closed_form", "table2_counts", "table2_implied", "table3", "task", "task_sizes", "tasks",
           "theorem41", "theorem61", "time_slices", "training_task", "utc"]
