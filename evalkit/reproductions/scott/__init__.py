"""Scott's lecture on estimating error and comparing learning algorithms: a map of the source.

The chapters of the ``scott`` part (``chapters/scott/``) call these modules; ``evalkit
reproduce scott-...`` runs the experiments from the shell. Scott's lecture reports no
simulation of its own, so the ``"paper"`` presets are a larger scale of the same experiment
(more simulated test sets, a finer grid or more partitions), stated in each ``paper_cost``.
Every page records its claims with ``claims.record_all(<page>.ours(...))``; the registry is
``claims.toml`` (the lecture's values, the qualitative claims' sentences, standing notes).

.. rubric:: Pages, experiments and claims

ci-test-error (:mod:`~evalkit.reproductions.scott.ci_test_error`)
    ``scott-ci-coverage`` (alias ``ci-coverage``), ``scott-coverage-curve``,
    ``scott-coverage-grid``; :func:`~evalkit.reproductions.scott.ci_test_error.one_sided_formula_check`.
    Claims ``scott.ci-example.*``, ``scott.z-table1.*``, ``scott.z-table2.*``,
    ``scott.z-one-sided.*``, ``scott.normal.z80``, ``scott.one-sided.formula``.
estimating-error (:mod:`~evalkit.reproductions.scott.estimating_error`)
    ``scott-sample-error``, ``scott-clt``, ``scott-coverage-map``.
    Claims ``scott.binomial.*``, ``scott.error.unbiased``, ``scott.error.variance``,
    ``scott.ci-revisited.sample-error``, ``scott.clt.*``, ``scott.ci.rule-95``.
comparing-algorithms (:mod:`~evalkit.reproductions.scott.comparing_algorithms`)
    ``scott-training-bias``, ``scott-fold-errors``, ``scott-partition-seeds``,
    ``scott-familywise-error``, ``scott-multiple-comparisons``, ``scott-several-datasets``,
    ``scott-rank-tests-null``; :func:`~evalkit.reproductions.scott.ten_versus_eleven` (the opening question).
    Claims ``scott.kfold.train-on-test-fold``, ``scott.error.bias``,
    ``scott.goals.dont-test-on-training``, ``scott.compare.single-test-set``,
    ``scott.ttest.bound``, ``scott.t-table.*``, ``scott.multiple.*``.
performance-measures (:mod:`~evalkit.reproductions.scott.performance_measures`)
    ``scott-roc-analysis``, ``scott-auc-interval-coverage``, ``scott-cora-multiclass-auc``.
    Claims ``scott.imbalanced.*``, ``scott.roc.*``, ``scott.auc.*``, ``scott.pr.*``.

:mod:`~evalkit.reproductions.scott.source` holds the lecture's worked examples that the pages
compute from; :mod:`~evalkit.reproductions.scott.setups` the Pima diabetes data and the cells
of the lecture's tables of critical values, which two pages share;
:mod:`~evalkit.reproductions.scott.provenance` which learners each claim checked on Pima or
Cora reads (the records' ``data``, from the experiments' declarations).
"""
from .ci_test_error import Z_TABLES, ci_coverage, coverage_curve, coverage_grid, one_sided_formula_check
from .comparing_algorithms import (
    comparison_learners,
    contenders,
    familywise_chances,
    familywise_error_simulation,
    five_learners,
    fold_errors,
    multiple_comparisons,
    partition_seeds,
    rank_tests_null,
    several_datasets,
    ten_versus_eleven,
    training_bias,
)
from .estimating_error import (
    CLT_LOSSES,
    METHOD_LABELS,
    CoverageMaps,
    clt_simulation,
    coverage_map,
    sample_error_simulation,
)
from .performance_measures import (
    APPROXIMATELY_95,
    ISO_SCENARIOS,
    auc_interval_coverage,
    cora_multiclass_auc,
    imbalanced_confusion_matrices,
    roc_analysis,
    roc_learners,
)
from .setups import load_diabetes, table_level

__all__ = [
    "APPROXIMATELY_95",
    "CLT_LOSSES",
    "CoverageMaps",
    "ISO_SCENARIOS",
    "METHOD_LABELS",
    "Z_TABLES",
    "auc_interval_coverage",
    "ci_coverage",
    "clt_simulation",
    "comparison_learners",
    "contenders",
    "cora_multiclass_auc",
    "coverage_curve",
    "coverage_grid",
    "coverage_map",
    "familywise_chances",
    "familywise_error_simulation",
    "five_learners",
    "fold_errors",
    "imbalanced_confusion_matrices",
    "load_diabetes",
    "multiple_comparisons",
    "one_sided_formula_check",
    "partition_seeds",
    "rank_tests_null",
    "roc_analysis",
    "roc_learners",
    "sample_error_simulation",
    "several_datasets",
    "table_level",
    "ten_versus_eleven",
    "training_bias",
]
