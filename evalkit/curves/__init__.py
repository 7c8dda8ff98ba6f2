"""ROC, precision-recall and cost curves, their areas and the uncertainty of the AUC.

Inputs follow scikit-learn: ``(y_true, y_score)``, with ``y_true`` holding two classes
and a higher score meaning "more likely positive". The positive class is ``pos_label=``,
or 1 (True) for bool, {0, 1} or {-1, 1} labels; any other labels without ``pos_label``
are a ValueError (scikit-learn's rule, the same in :func:`evalkit.metrics.confusion_matrix`). Tied scores are never broken arbitrarily: all examples with the same
score enter the curve together, as one step (ROC: a diagonal segment).

The implementation sorts the positive and the negative scores separately and counts
with binary searches, which is several times faster than scikit-learn on large inputs
(see ``benchmarks/curves.py``) and needs only a few copies of the input. Every public
name is importable from ``evalkit.curves`` directly.

Its modules:

roc
    ROC curve and AUC, convex hull, cost-optimal operating point, dominance.
precision_recall
    Precision-recall curve, average precision, the Davis-Goadrich curve and area,
    top-k rates.
uncertainty
    Confidence intervals for the AUC (DeLong, Hanley-McNeil) and DeLong's test of two
    correlated AUCs.
cost
    Drummond & Holte's cost curves and their lower envelope.
multiclass
    One-vs-rest and one-vs-one (Hand & Till) multi-class AUC.
"""
from .cost import CostCurve, cost_curve, probability_cost
from .multiclass import MULTICLASS_AVERAGES, MULTICLASS_SCHEMES, multiclass_roc_auc
from .precision_recall import (
    PR_INTERPOLATIONS,
    areas_from_counts,
    average_precision,
    davis_goadrich_area,
    pr_auc,
    pr_curve_interpolated,
    precision_recall_curve,
    roc_auc_and_average_precision,
    top_k_predictive_rate,
)
from .roc import roc_auc, roc_convex_hull, roc_curve, roc_dominates, roc_optimal_point
from .uncertainty import (
    AUC_INTERVAL_METHODS,
    AUCConfidenceInterval,
    DeLongTestResult,
    delong_placements,
    delong_test,
    roc_auc_confidence_interval,
)

__all__ = [
    "AUCConfidenceInterval",
    "AUC_INTERVAL_METHODS",
    "CostCurve",
    "DeLongTestResult",
    "MULTICLASS_AVERAGES",
    "MULTICLASS_SCHEMES",
    "PR_INTERPOLATIONS",
    "areas_from_counts",
    "average_precision",
    "cost_curve",
    "davis_goadrich_area",
    "delong_placements",
    "delong_test",
    "multiclass_roc_auc",
    "pr_auc",
    "pr_curve_interpolated",
    "precision_recall_curve",
    "probability_cost",
    "roc_auc",
    "roc_auc_and_average_precision",
    "roc_auc_confidence_interval",
    "roc_convex_hull",
    "roc_curve",
    "roc_dominates",
    "roc_optimal_point",
    "top_k_predictive_rate",
]
