"""Confidence intervals and significance tests for evaluating learning algorithms.

Every function returns a frozen result object in the style of :mod:`scipy.stats`, and
every public name is importable from ``evalkit.stats`` directly (as in scipy.stats).

Submodules
----------
intervals
    The confidence interval for a classifier's error (normal, Wilson, exact), its exact
    and simulated coverage, normal and t critical values.
difference
    The difference of two error rates on independent test sets: normal, Newcombe's
    hybrid score and Santner & Snell's exact interval, and their exact coverage.
ttests
    One t-test core (:func:`t_test_from_moments`) and one result type
    (:class:`TTestResult`): the paired and two-sample t tests, the resampling t tests
    (5x2cv, uncorrected, corrected), and :func:`t_test_rejections` over many trials.
multiple
    Bonferroni, Holm, the family-wise error rate (exact and simulated).
ranks
    The Wilcoxon signed-rank test (:func:`wilcoxon_signed_rank_test`, = scipy's), over
    many experiments at once.
pvalues
    Monte Carlo (empirical) p-values, hypergeometric enrichment, McNemar's test.
agreement
    Bouckaert & Frank's replicability R(k, n) and consistency counts.
friedman
    Comparing several algorithms over several data sets (Demsar 2006): average ranks, the
    Friedman test (chi-square and Iman-Davenport F), the Nemenyi post-hoc test and its
    critical difference, Holm's and Bonferroni's comparisons against a control.
"""
from ._common import ALTERNATIVES, INTERVAL_METHODS
from .agreement import ReplicabilitySummary, replicability, replicability_summary
from .intervals import (
    CoverageResult,
    ErrorConfidenceInterval,
    coverage_map,
    error_confidence_interval,
    interval_coverage,
    normal_critical_value,
    simulate_interval_coverage,
    t_critical_value,
)
from .difference import (
    DIFFERENCE_METHODS,
    ErrorDifferenceInterval,
    difference_interval_coverage,
    error_difference_interval,
)
from .friedman import (
    ControlComparisonResult,
    FriedmanResult,
    NemenyiResult,
    average_ranks,
    control_comparison,
    friedman_test,
    nemenyi_critical_difference,
    nemenyi_test,
)
from .multiple import MultipleTestResult, bonferroni, familywise_error, holm, simulate_familywise_error
from .pvalues import McNemarResult, enrichment_pvalue, mcnemar_test, monte_carlo_pvalue
from .ranks import WilcoxonResult, wilcoxon_signed_rank_test
from .ttests import (
    TTestResult,
    corrected_repeated_cv_t_test,
    corrected_resampled_t_test,
    five_by_two_cv_t_test,
    paired_t_test,
    resampled_t_test,
    t_test_from_moments,
    t_test_rejections,
    unpaired_t_test,
)

__all__ = [
    "ALTERNATIVES",
    "DIFFERENCE_METHODS",
    "INTERVAL_METHODS",
    "ControlComparisonResult",
    "CoverageResult",
    "ErrorConfidenceInterval",
    "ErrorDifferenceInterval",
    "FriedmanResult",
    "McNemarResult",
    "MultipleTestResult",
    "NemenyiResult",
    "ReplicabilitySummary",
    "TTestResult",
    "WilcoxonResult",
    "average_ranks",
    "bonferroni",
    "control_comparison",
    "corrected_repeated_cv_t_test",
    "corrected_resampled_t_test",
    "coverage_map",
    "enrichment_pvalue",
    "difference_interval_coverage",
    "error_confidence_interval",
    "error_difference_interval",
    "familywise_error",
    "five_by_two_cv_t_test",
    "friedman_test",
    "holm",
    "interval_coverage",
    "mcnemar_test",
    "monte_carlo_pvalue",
    "nemenyi_critical_difference",
    "nemenyi_test",
    "normal_critical_value",
    "paired_t_test",
    "replicability",
    "replicability_summary",
    "resampled_t_test",
    "simulate_familywise_error",
    "simulate_interval_coverage",
    "t_critical_value",
    "t_test_from_moments",
    "t_test_rejections",
    "unpaired_t_test",
    "wilcoxon_signed_rank_test",
]
