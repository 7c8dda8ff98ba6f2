"""Bouckaert & Frank (2004), *Evaluating the replicability of significance tests for comparing learning algorithms*.

The map of the source: chapter page -> module -> experiments (``evalkit reproduce ...``) -> claims
(ids or id prefixes of ``claims.toml``). Every public name of the modules is also reachable here.

- ``chapters/replicability/measures.md`` -> :mod:`~evalkit.reproductions.replicability.measures`

  - :func:`~evalkit.reproductions.replicability.tests_example` (``replicability-tests-example``),
    :func:`~evalkit.reproductions.replicability.mcnemar_example` (``replicability-mcnemar``):
    no claims
  - :func:`~evalkit.reproductions.replicability.paper_table1_check` and ``ours(floor=..., table1=...)``:
    ``bf.sec2.r-floor``, ``bf.sec2.r-formula``

- ``chapters/replicability/uci-tables.md`` -> :mod:`~evalkit.reproductions.replicability.uci_tables`

  - :func:`~evalkit.reproductions.replicability.dataset_properties` and ``ours(properties=...)``:
    ``bf.table1.<data set>.{instances,attributes,classes}``
  - :func:`~evalkit.reproductions.replicability.tables1_4` (``replicability-tables1-4``, alias
    ``bouckaert-frank``) and ``ours(tables=...)``: ``bf.table1.``, ``bf.table2.``, ``bf.table3.``,
    ``bf.table4.``, ``bf.sec4_3.<pair>.``, ``bf.sec4_1.nb-c45-*``; ``ours(reading=...)``: the
    other ``bf.sec4_1.`` claims but ``bf.sec4_1.r-low``; ``ours(conclusions=...)``:
    ``bf.sec4_1.r-low``, ``bf.sec4_2.``, the other ``bf.sec4_3.`` claims

- ``chapters/replicability/simulation.md`` -> :mod:`~evalkit.reproductions.replicability.simulation`

  - :func:`~evalkit.reproductions.replicability.table5` (``replicability-table5``) and
    ``ours(table5=...)``: ``bf.table5.``; ``ours(reading=...)``: ``bf.sec4_4.``;
    ``ours(type1=...)``: ``bf.sec2.reuse-inflates-type1``, ``bf.sec4_3.cv10-inflated-type1``,
    ``bf.sec4_3.cv10x10-uncorrected-high-type1``; ``ours(recommendation=...)``:
    ``bf.conclusions.recommendation``
  - :func:`~evalkit.reproductions.replicability.null_copies` (``replicability-null-copies``),
    :func:`~evalkit.reproductions.replicability.recipe` (``replicability-recipe``): no claims

Shared by the pages: :mod:`~evalkit.reproductions.replicability.source` (the paper's tables
that we compute from, read from the registry), :mod:`~evalkit.reproductions.replicability.setups`
(the UCI data sets; Table 5's data sources) and :mod:`~evalkit.reproductions.replicability.method`
(the paper's designs and tests, the runner :func:`~evalkit.reproductions.replicability.run_replication`).

Examples
--------
>>> from evalkit.reproductions import replicability as bf
>>> res = bf.table5(scale="small", learners="counts", seed=1)   # 2 training sets per source (count learners)
>>> res.rejections("corrected 10x10 CV").shape
(4, 2)
"""
from __future__ import annotations

from .measures import McNemarExample, mcnemar_example, paper_table1_check, tests_example
from .method import (
    CV_RUNS,
    LEARNER_SETS,
    LEVELS,
    RESAMPLING_RUNS,
    SIMULATION_TESTS,
    ReplicationResult,
    SimulationResult,
    run_replication,
    run_simulation,
    weka_run_seeds,
)
from .setups import (
    PAPER_DATASETS,
    SIMULATION_LEARNERS,
    pilot_accuracy_difference,
    simulation_sources,
)
from .simulation import (
    RecipeResult,
    count_learner_agreement,
    judged_table,
    level_sweep,
    null_copies,
    recipe,
    rejection_rate_table,
    sources_table,
    table5,
    table5_comparison,
)
from .source import (
    LEARNER_NAMES,
    PAIR_SLUGS,
    PAIRS,
    PAPER_ACCURACY_DIFFERENCES,
    PAPER_DATASET_NAMES,
    PAPER_SUMMARIES,
    PAPER_TABLE_1,
    PAPER_TABLE_5,
    SUMMARY_CLAIMS,
    TABLE5_CLAIMS,
    TABLE5_PAPER_ROWS,
)
from .uci_tables import (
    EQUAL_EFFORT,
    REPLICABILITY_ORDER,
    TABLE_TESTS,
    cell_comparison,
    cell_differences,
    dataset_properties,
    effort_comparison,
    mean_replicability,
    partition_dependent,
    summary_comparison,
    summary_tables,
    table1_comparison,
    tables1_4,
)

__all__ = [
    "CV_RUNS", "EQUAL_EFFORT", "LEARNER_NAMES", "LEARNER_SETS", "LEVELS", "McNemarExample", "PAIRS", "PAIR_SLUGS",
    "PAPER_ACCURACY_DIFFERENCES", "PAPER_DATASETS", "PAPER_DATASET_NAMES", "PAPER_SUMMARIES", "PAPER_TABLE_1",
    "PAPER_TABLE_5", "REPLICABILITY_ORDER", "RESAMPLING_RUNS", "RecipeResult", "ReplicationResult",
    "SIMULATION_LEARNERS", "SIMULATION_TESTS", "SUMMARY_CLAIMS", "SimulationResult", "TABLE5_CLAIMS",
    "TABLE5_PAPER_ROWS", "TABLE_TESTS", "cell_comparison", "cell_differences",
    "count_learner_agreement", "dataset_properties", "effort_comparison", "judged_table",
    "level_sweep", "mcnemar_example", "mean_replicability", "null_copies", "paper_table1_check",
    "partition_dependent", "pilot_accuracy_difference", "recipe", "rejection_rate_table", "run_replication",
    "run_simulation", "simulation_sources", "sources_table",
    "summary_comparison", "summary_tables", "table1_comparison", "table5", "table5_comparison", "tables1_4",
    "tests_example", "weka_run_seeds",
]
