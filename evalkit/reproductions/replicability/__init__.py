"""Bouckaert & Frank (2004), *Evaluating the replicability of significance tests for comparing learning algorithms*.

Submodules (every public name is also reachable here):

- :mod:`~evalkit.reproductions.replicability.paper` -- the paper's published numbers (Tables 1-5), read from
  the claims registry
- :mod:`~evalkit.reproductions.replicability.claims` -- our value for each claim, from computed results
- :mod:`~evalkit.reproductions.replicability.uci` -- Tables 1-4: every test on the 27 UCI data
  sets, the comparison with the paper's tables
- :mod:`~evalkit.reproductions.replicability.simulation` -- Table 5: simulated data sources,
  consistency, Type I error and power
- :mod:`~evalkit.reproductions.replicability.experiments` -- the experiments the chapters
  and ``evalkit reproduce`` run, with their scale presets:
  ``bouckaert-frank-tables1-4`` (alias ``bouckaert-frank``), ``bouckaert-frank-null-copies``,
  ``bouckaert-frank-table5``, ``bouckaert-frank-tests-example``, ``bouckaert-frank-mcnemar``,
  ``bouckaert-frank-recipe``

Examples
--------
>>> from evalkit.reproductions import replicability as bf
>>> res = bf.table5(scale="small", learners="counts", seed=1)   # 2 training sets per source (count learners)
>>> res.rejections("corrected 10x10 CV").shape
(4, 2)
"""
from __future__ import annotations

from .claims import (
    ATTRIBUTE_COUNT_REASONS,
    STANDIN_LEARNERS,
    WEKA_NN,
    partition_dependent,
    property_claims,
    property_reason,
    simulation_predicates,
    source_predicates,
    table5_claims,
    uci_claim_data,
    uci_claims,
    uci_predicates,
)
from .experiments import (
    McNemarExample,
    RecipeResult,
    mcnemar_example,
    null_copies,
    recipe,
    table5,
    tables1_4,
    tests_example,
)
from .paper import (
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
from .simulation import (
    SIMULATION_TESTS,
    SimulationResult,
    count_learner_agreement,
    judged_table,
    level_sweep,
    pilot_accuracy_difference,
    rejection_rate_table,
    run_simulation,
    simulation_sources,
    sources_table,
    table5_comparison,
)
from .uci import (
    CV_RUNS,
    EQUAL_EFFORT,
    LEARNER_SETS,
    LEVELS,
    REPLICABILITY_ORDER,
    RESAMPLING_RUNS,
    TABLE_TESTS,
    ReplicationResult,
    cell_comparison,
    cell_differences,
    effort_comparison,
    mean_replicability,
    paper_table1_check,
    run_replication,
    summary_comparison,
    summary_tables,
    table1_comparison,
    weka_run_seeds,
)

__all__ = [
    "ATTRIBUTE_COUNT_REASONS", "PAIR_SLUGS", "STANDIN_LEARNERS", "WEKA_NN", "uci_claim_data",
    "LEARNER_SETS", "TABLE_TESTS", "cell_comparison", "cell_differences", "weka_run_seeds", "SUMMARY_CLAIMS", "TABLE5_CLAIMS",
    "partition_dependent", "property_claims", "property_reason", "simulation_predicates", "source_predicates",
    "table5_claims", "uci_claims", "uci_predicates",
    "CV_RUNS", "EQUAL_EFFORT", "LEARNER_NAMES", "LEVELS", "McNemarExample", "PAIRS", "PAPER_ACCURACY_DIFFERENCES",
    "PAPER_DATASET_NAMES", "PAPER_SUMMARIES", "PAPER_TABLE_1", "PAPER_TABLE_5", "REPLICABILITY_ORDER",
    "RESAMPLING_RUNS", "RecipeResult", "ReplicationResult", "SIMULATION_TESTS", "SimulationResult",
    "TABLE5_PAPER_ROWS", "count_learner_agreement", "effort_comparison", "judged_table", "level_sweep", "mcnemar_example",
    "mean_replicability", "null_copies", "paper_table1_check", "pilot_accuracy_difference", "recipe",
    "rejection_rate_table", "run_replication", "run_simulation", "simulation_sources", "sources_table",
    "summary_comparison", "summary_tables", "table1_comparison", "table5", "table5_comparison", "tables1_4",
    "tests_example",
]
