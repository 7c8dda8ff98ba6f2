"""Neville et al. (2011), *Correcting evaluation bias of relational classifiers with network cross validation*.

A map of the source: each page of ``chapters/network-cv/``, its module, its experiments
(function, and ``evalkit reproduce`` name; scale presets ``"book"``: what the chapter runs,
seeds included; ``"paper"``: the paper's scale; ``"small"``: seconds, for tests) and the
claims (ids in ``claims.toml``) that the module's ``ours(...)`` computes from them.

- ``setting`` -- :mod:`~evalkit.reproductions.network_cv.setting`:

  - ``resampling_overlap`` (``network-cv-overlap``, Tables 1-3) -> ``neville.sec1.*``,
    ``neville.sec2.*`` (but ``neville.sec2.wilcoxon-like-t``),
    ``neville.sec8.ncv-inference-sets-overlap``;
  - the survey (``survey_papers``, the paper's Table 4) -> ``neville.sec3.*`` (but
    ``neville.sec3.folds-increase-type1``).

- ``theorems`` -- :mod:`~evalkit.reproductions.network_cv.theorems`: ``theorem_grid``
  (``network-cv-theorems``), ``theorem3_delta`` (``network-cv-theorem3``) ->
  ``neville.thm1.*``, ``neville.thm2.*``, ``neville.thm3.*``.
- ``simulated`` -- :mod:`~evalkit.reproductions.network_cv.simulated`:

  - ``group_formulas`` (``network-cv-formulas``, Table 7), ``fig2`` (``network-cv-fig2``)
    -> ``neville.table7.*``, ``neville.fig2*``, ``neville.sec6-4.ncv-simulated-constant``;
  - ``section5_variants`` (``network-cv-sec5-variants``) -> ``neville.sec5.*``,
    ``neville.sec3.folds-increase-type1``.

- ``real-classifiers`` -- :mod:`~evalkit.reproductions.network_cv.real_classifiers`:

  - ``lgm_properties`` (``network-cv-lgm``) -> ``neville.sec6-2.*``; ``lgm_sensitivity``
    (``network-cv-lgm-sensitivity``): no claims;
  - ``fig3`` (``network-cv-fig3``) -> ``neville.fig3.*``, ``neville.sec6-3.*``,
    ``neville.sec6-4.*`` (but ``ncv-simulated-constant`` and the test-set sizes),
    ``neville.sec2.wilcoxon-like-t``;
  - ``inference_sets`` (``network-cv-inference-sets``) -> ``neville.sec8.inference-dependence``;
  - ``fig4`` (``network-cv-fig4``) -> ``neville.fig4*``, ``neville.sec6-4.*-test-size``;
    with ``fig3`` -> ``neville.abstract.*``, ``neville.sec1.ncv-unpaired-low-power``.

- ``real-data`` -- :mod:`~evalkit.reproductions.network_cv.real_data`: ``table5``
  (``network-cv-table5``) -> ``neville.table5.*`` (the rows we have), ``neville.sec4.*``;
  ``fig5`` (``network-cv-fig5``) -> ``neville.fig5.*``, ``neville.sec7.*``.

The other modules: :mod:`~evalkit.reproductions.network_cv.source` (what the paper prints
that we compute from), :mod:`~evalkit.reproductions.network_cv.setups` (the latent-group
networks, the Table 5 tasks, the pieces of Cora) and
:mod:`~evalkit.reproductions.network_cv.method` (the paper's calibrated within-network
comparison and Table 5's protocol), :mod:`~evalkit.reproductions.network_cv.provenance` (the
Table 5 rows a claim reads, for its records' ``data``). Every public name is available from
this package.
"""
from __future__ import annotations

from .method import (CalibrationResult, ComparisonTrials, calibrate_handicap, compare_classifiers,
                     error_correlation_study, within_network_study)
from .real_classifiers import (LGM_CHOICES, SUBSTANTIVE, fig3, fig4, fold_correlation, inference_sets, inference_table,
                               lgm_properties, lgm_sensitivity, power_at_gap, sensitivity_matches, type2_reduction,
                               variance_table)
from .real_data import TABLE5_ROWS, fig5, paper_table5, table5
from .setting import resampling_overlap, survey_papers
from .setups import LGM_SEEDS, PARTITIONS, cora_pieces, latent_group_networks, table5_tasks
from .simulated import FOLDS_RANK_CORRELATION, fig2, group_formulas, grows_with_folds, like_fig2a, section5_variants
from .source import ALPHA, SURVEY_REFERENCES, TABLE5_PAPER_ROWS
from .theorems import theorem3_delta, theorem_grid

__all__ = [
    "ALPHA",
    "CalibrationResult",
    "ComparisonTrials",
    "FOLDS_RANK_CORRELATION",
    "LGM_CHOICES",
    "LGM_SEEDS",
    "PARTITIONS",
    "SUBSTANTIVE",
    "SURVEY_REFERENCES",
    "TABLE5_PAPER_ROWS",
    "TABLE5_ROWS",
    "calibrate_handicap",
    "compare_classifiers",
    "cora_pieces",
    "error_correlation_study",
    "fig2",
    "fig3",
    "fig4",
    "fig5",
    "fold_correlation",
    "group_formulas",
    "grows_with_folds",
    "inference_sets",
    "inference_table",
    "latent_group_networks",
    "like_fig2a",
    "lgm_properties",
    "lgm_sensitivity",
    "paper_table5",
    "power_at_gap",
    "resampling_overlap",
    "section5_variants",
    "sensitivity_matches",
    "survey_papers",
    "table5",
    "table5_tasks",
    "theorem3_delta",
    "theorem_grid",
    "type2_reduction",
    "variance_table",
    "within_network_study",
]
