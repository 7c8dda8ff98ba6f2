"""Yang, Lichtenwalter & Chawla, *Evaluating link prediction methods* (2015): the source's package.

A map of the source, page by page (``chapters/link-prediction/<page>.md`` -> its module ->
its experiments, ``evalkit reproduce link-prediction-<what>``, and the claims its ``ours``
returns):

- framework -> :mod:`~evalkit.reproductions.link_prediction.framework`: :func:`identify_networks`,
  :func:`feature_period_window`, :func:`table1` (``link-prediction-table1``), :func:`task_sizes`
  (``-task-sizes``), :func:`condmat_whole_period`, :func:`class_imbalance` (``-imbalance``),
  and the two small modules of its Section 3 checks:
  :mod:`~evalkit.reproductions.link_prediction.framework.calibration` (a degree product ten times as large)
  and :mod:`~evalkit.reproductions.link_prediction.framework.threshold_curves` (the AUROC as a probability; PR and ROC dominance);
  :mod:`~evalkit.reproductions.link_prediction.measures.figures` holds the drawing helpers of the measures page;
  claims ``yang.table1.``, ``yang.fig3.``, ``yang.s3.3.``, ``yang.s4.1.imbalance-thousands``,
  ``yang.fig7.condmat.imbalance-order``, ``yang.fig7.condmat.sampled-imbalance-order``
- sampling -> :mod:`~evalkit.reproductions.link_prediction.sampling`: :func:`theorem41`
  (``-theorem41``), :func:`auroc_variance` (``-auroc-variance``), :func:`corollary43`
  (``-corollary43``), :func:`fig7` (``-fig7``), :func:`balanced_sampling` (``-balanced-sampling``),
  :func:`stability_readings`,
  :func:`stable_rate_odds`, :func:`fig8` (``-fig8``); claims ``yang.thm41.``, ``yang.eq1.``,
  ``yang.cor43.``, ``yang.fig7.`` (stable rates, variance, mean, susceptibility), ``yang.fig8.``,
  ``yang.s8.guideline4``
- distance -> :mod:`~evalkit.reproductions.link_prediction.distance` (a folder: ``direction``,
  ``by_distance``, ``lpmade``, ``surrogate``): :func:`orderings` (``-orderings``), :func:`propflow_weighting`
  (``-propflow-weighting``), :func:`fig10` (``-fig10``), :func:`fig10_exceptions`, :func:`table2`
  (``-table2``, the paper's surrogate simulation :func:`surrogate_auroc`), :func:`table2_counts`,
  :func:`table2_closed_form` (:func:`surrogate_moments`), :func:`table2_implied`, :func:`fig11`
  (``-fig11``), :func:`table3` (``-table3``), :func:`table3_lpmade` (``-table3-lpmade``),
  :func:`walk_inflation` (``-walk-inflation``),
  :func:`steering` (``-steering``); claims
  ``yang.s3.4.``, ``yang.fig5.``, ``yang.s4.2.``, ``yang.fig9.``, ``yang.fig10.``,
  ``yang.s7.1.``, ``yang.table2.``, ``yang.fig11.``, ``yang.table3.``, ``yang.fig12.``,
  ``yang.s4.3.``, ``yang.s8.imbalance-differs-by-distance``, ``yang.s8.guideline3``, ``5``, ``6``
- measures -> :mod:`~evalkit.reproductions.link_prediction.measures`: :func:`score_histograms`,
  :func:`new_nodes` (``-new-nodes``), :func:`theorem61` (``-theorem61``), :func:`fig14`
  (``-fig14``), :func:`aupr_by_distance` (``-fig15``), :func:`slice_positives`,
  :func:`time_slices` (``-time-slices``); claims ``yang.s5.``, ``yang.thm61.``, ``yang.fig14.``,
  ``yang.s7.imbalance-bound``, ``yang.fig15.``, ``yang.fig17.``, ``yang.fig18.``, ``yang.fig19.``,
  ``yang.s8.guideline1``, ``2``, ``7``, ``9``

:mod:`~evalkit.reproductions.link_prediction.setups` holds the data set-ups every page uses: the
networks, their test and training tasks (Condmat 1995-1999 / 2000, CollegeMsg, which is the paper's
Facebook, split on 1 September 2004, the stand-ins split at the 80th percentile of time) and the
scores several pages share (PropFlow, the histograms by distance);
:mod:`~evalkit.reproductions.link_prediction.source` says what the paper prints that we compute
from (nothing beyond its claims); :mod:`~evalkit.reproductions.link_prediction.provenance` which
of the paper's networks each claim reads and what stands in for them (the records' ``data``).
The registry, ``claims.toml``, holds the source's side of every claim, the sentences of the
qualitative ones, their standing notes and the words of the stand-ins.

Every experiment has the scale presets ``"book"`` (what the chapter runs) and ``"paper"``;
``evalkit reproduce link-prediction-...`` runs it from the shell.
"""
from __future__ import annotations

from . import distance, framework, measures, sampling, setups, source
from .framework.calibration import degree_product_calibration
from .distance import (PROPFLOW_CLAIMS, SHORT, SurrogateMoments, SurrogateResult, fig10, fig10_exceptions, fig11,
                       orderings, propflow_weighting, steering, surrogate_auroc, surrogate_moments, table2,
                       table2_closed_form, table2_counts, table2_implied, table3, table3_lpmade, walk_inflation,
                       best_distance, decays_exponentially)
from .framework import (class_imbalance, condmat_whole_period, feature_period_window, identify_networks, table1,
                        task_sizes)
from .measures import (MEASURE_PREDICTORS, TIME_NETWORKS, aupr_by_distance, fig14, new_nodes, score_histograms,
                       slice_positives, theorem61, time_slices)
from .sampling import (STABLE_LEVEL, auroc_variance, balanced_sampling, corollary43, decided_stable_rate, fig7, fig8,
                       stability_readings, stable_rate, stable_rate_odds, theorem41)
from .framework.threshold_curves import PR_INTERPOLATIONS, auroc_as_probability, dominance, pr_dominates
from .setups import (DISTANCE_NETWORKS, FACEBOOK_SPLIT, NETWORKS, PAPER_NETWORKS, directed_propflow,
                     distance_histograms, events, label, mean_propflow, periods, task, tasks, training_task, utc)

__all__ = ["DISTANCE_NETWORKS", "FACEBOOK_SPLIT", "MEASURE_PREDICTORS", "NETWORKS", "PAPER_NETWORKS",
           "PROPFLOW_CLAIMS", "PR_INTERPOLATIONS", "SHORT", "STABLE_LEVEL", "SurrogateMoments", "SurrogateResult", "TIME_NETWORKS", "aupr_by_distance",
           "auroc_as_probability", "best_distance", "decays_exponentially", "degree_product_calibration",
           "auroc_variance", "balanced_sampling", "class_imbalance", "condmat_whole_period", "corollary43", "decided_stable_rate", "directed_propflow",
           "distance_histograms", "dominance", "events", "feature_period_window", "fig10", "fig10_exceptions",
           "fig11", "fig14", "fig7", "fig8", "identify_networks", "label", "mean_propflow",
           "new_nodes", "orderings", "periods", "pr_dominates", "propflow_weighting", "score_histograms",
           "slice_positives", "stability_readings", "stable_rate", "stable_rate_odds", "steering",
           "surrogate_auroc", "surrogate_moments", "table1", "table2", "table2_closed_form", "table2_counts",
           "table2_implied", "table3", "table3_lpmade", "task", "task_sizes", "tasks", "theorem41", "theorem61", "time_slices",
           "training_task", "utc", "walk_inflation"]
