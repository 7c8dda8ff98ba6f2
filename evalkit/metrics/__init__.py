"""Confusion matrices and the metrics computed from them.

Binary metrics take a 2x2 count matrix in the sources' orientation: rows are the
actual class, columns the predicted class, **positive class first**::

    [[TP, FN],
     [FP, TN]]

This is the transpose-and-flip of scikit-learn's default for {0, 1} labels
(``[[TN, FP], [FN, TP]]``); :func:`confusion_matrix` puts the positive class first
for every two-class problem so that its output feeds these functions directly. The
positive class is chosen by scikit-learn's rule, the same in :mod:`evalkit.curves`:
``pos_label=``, or 1 (True) for labels in {0, 1}, {-1, 1} or booleans; any other two
labels (``{'neg', 'pos'}``, ``{1, 2}``) without ``pos_label`` are a ValueError, never
a silent choice of the positive class.

Multi-class ("multi-level") metrics take any k x k count matrix, rows actual and
columns predicted in the same class order. Per-class metrics return one value per
class, in that order (for a 2x2 matrix: positive, then negative).

A metric whose denominator is zero (precision with no predicted positive, say) is
undefined: it returns ``zero_division`` (default NaN) and emits an
:class:`UndefinedMetricWarning`, never a silent NaN.

Every public name is importable from ``evalkit.metrics`` directly.

Its modules:

confusion
    The confusion matrix from labels, one class against the rest, the diagonal's mean
    absolute error and the total cost.
rates
    Accuracy, error rate, the four binary rates, precision, F-measure, G-mean, and the
    per-class hit rate, critical success index and bias; the odds ratio.
skill
    Skill scores and chance-corrected agreement: Gilbert, Scott's pi, Cohen's kappa,
    Peirce, Krippendorff's alpha, Gwet's AC1, Gandin & Murphy.
errors
    Brier score, median absolute and (absolute) percentage errors, and the pessimistic
    error of a decision tree.
"""
from ._common import UndefinedMetricWarning
from .confusion import (
    confusion_matrix,
    diagonal_mae,
    one_vs_rest,
    total_cost,
)
from .errors import (
    brier_score,
    mean_absolute_percentage_error,
    mean_percentage_error,
    median_absolute_error,
    pessimistic_error,
)
from .rates import (
    accuracy,
    bias,
    critical_success_index,
    error_rate,
    f_measure,
    false_negative_rate,
    false_positive_rate,
    g_mean,
    hit_rate,
    odds_ratio,
    precision,
    true_negative_rate,
    true_positive_rate,
)
from .skill import (
    alpha_reliability,
    cohens_kappa,
    gandin_murphy_skill_score,
    gandin_murphy_weights,
    gilbert_skill_score,
    gwet_ac1,
    gwet_chance_agreement,
    peirce_skill_score,
    scotts_pi,
)

__all__ = [
    "UndefinedMetricWarning",
    "accuracy",
    "alpha_reliability",
    "bias",
    "brier_score",
    "cohens_kappa",
    "critical_success_index",
    "diagonal_mae",
    "g_mean",
    "gandin_murphy_skill_score",
    "gandin_murphy_weights",
    "gilbert_skill_score",
    "gwet_ac1",
    "gwet_chance_agreement",
    "hit_rate",
    "mean_absolute_percentage_error",
    "mean_percentage_error",
    "median_absolute_error",
    "odds_ratio",
    "one_vs_rest",
    "pessimistic_error",
    "peirce_skill_score",
    "scotts_pi",
    "total_cost",
    "confusion_matrix",
    "error_rate",
    "f_measure",
    "false_negative_rate",
    "false_positive_rate",
    "precision",
    "true_negative_rate",
    "true_positive_rate",
]

UndefinedMetricWarning.__module__ = __name__  # a public name of evalkit.metrics (defined in _common)
