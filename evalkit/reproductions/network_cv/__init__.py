"""Neville et al. (2011), *Correcting evaluation bias of relational classifiers with network cross validation*.

Every experiment the network cross-validation chapters and the command line run, with
scale presets (``"book"``: what the chapter runs, seeds included; ``"paper"``: the
paper's scale; ``"small"``: seconds, for tests), and the canonical data set-ups:

- :func:`latent_group_networks` -- the calibration and evaluation networks of the latent
  group model (Section 6.2), one seed per network size (``LGM_SEEDS``);
- :func:`table5_tasks` -- the labelled real-network tasks of our Table 5 (Enron
  "executive?", political books "neutral?", every one-class task of Cora and CiteSeer);
- :func:`cora_pieces` -- Cora "Neural_Networks?" cut into six disjoint, label-stratified pieces (Fig. 5).

Experiments (``evalkit reproduce <name>``):

============================  ==================================================================
``neville-overlap``           how often RRS, ERS and NCV test each node (Tables 1-3)
``neville-formulas``          Table 7's misclassification probabilities, printed and corrected
``neville-fig2``              Fig. 2: Type I error with simulated classifiers
``neville-sec5-variants``     Section 5's unshown runs: skewed groups, no groups, more folds
``neville-theorems``          Theorems 1-3: Monte Carlo against the formula over a grid
``neville-theorem3``          Theorem 3's Delta: Monte Carlo against the proof and the statement
``neville-lgm``               properties of the latent group model's networks
``neville-fig3``              Fig. 3: Type I error of wvRN vs nBC on synthetic networks
``neville-inference-sets``    Section 8: NCV with shared and with disjoint inference sets
``neville-fig4``              Fig. 4: power as the worse model is perturbed, 300 and 600 nodes
``neville-table5``            Table 5: error correlation and label autocorrelation, real tasks
``neville-fig5``              Fig. 5's analysis on six label-stratified pieces of Cora
============================  ==================================================================

Modules: :mod:`evalkit.reproductions.network_cv.data` (the data set-ups),
:mod:`evalkit.reproductions.network_cv.simulated` (Sections 2-5: overlap, simulated
classifiers, theorems) and :mod:`evalkit.reproductions.network_cv.real` (Sections 6-8: real
classifiers on synthetic and real networks); every name is available from this package.
"""
from __future__ import annotations

from ...claims import source_value
from ._claims_common import TABLE5_PAPER_ROWS
from .data import LGM_SEEDS, PARTITIONS, cora_pieces, latent_group_networks, table5_tasks
from .real import (LGM_CHOICES, fig3, fig4, fig5, inference_sets, lgm_properties, lgm_sensitivity, power_at_gap,
                   table5, type2_reduction)
from .simulated import fig2, group_formulas, resampling_overlap, section5_variants, theorem3_delta, theorem_grid

__all__ = [
    "LGM_CHOICES",
    "LGM_SEEDS",
    "PAPER_TABLE_5",
    "PARTITIONS",
    "cora_pieces",
    "fig2",
    "fig3",
    "fig4",
    "fig5",
    "group_formulas",
    "inference_sets",
    "latent_group_networks",
    "lgm_properties",
    "lgm_sensitivity",
    "power_at_gap",
    "resampling_overlap",
    "section5_variants",
    "table5",
    "table5_tasks",
    "theorem3_delta",
    "theorem_grid",
    "type2_reduction",
]

#: Neville et al. Table 5: (data set, task) -> (error correlation, label autocorrelation),
#: read from the claims registry (``claims/neville.toml``); kept for
#: ``evalkit.relational.PAPER_TABLE_5`` (deprecated). See :func:`~evalkit.reproductions.network_cv.claims.paper_table5`.
PAPER_TABLE_5 = {(data, task): (source_value(f"neville.table5.{key}.error-corr"),
                                source_value(f"neville.table5.{key}.autocorr"))
                 for key, (data, task) in TABLE5_PAPER_ROWS.items()}
