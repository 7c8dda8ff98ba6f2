"""What the claims of the lecture checked on other data than its own rest on: the records' ``data``.

The lecture's ROC figures are lost and its multi-class AUC names no data, so those claims are
checked on the Pima diabetes data and on Cora with scikit-learn's learners, and its advice to
use tests for several algorithms on simulated families; the experiments declare them (``uses=``
of :func:`~evalkit.reproductions.scott.roc_analysis`,
:func:`~evalkit.reproductions.scott.cora_multiclass_auc` and
:func:`~evalkit.reproductions.scott.rank_tests_null`), and each claim reads the learners named
here. :func:`options` gives a page's ``claims.record_all(values, options=...)``;
nothing is typed in the registry.
"""
from __future__ import annotations

from ..._checks import Instance, checks
from .comparing_algorithms import rank_tests_null
from .performance_measures import cora_multiclass_auc, roc_analysis

__all__ = ["COMPUTED_BY", "options"]

#: claim id -> (the experiment that computed it, the learners of its result it reads)
COMPUTED_BY = {
    "scott.roc.single-point": (roc_analysis, ("SVM", "ID3", "NB")),   # the SVM against the two single points
    "scott.roc.cost-curves": (roc_analysis, ("SVM",)),
    "scott.roc.relabel-tree": (roc_analysis, ("tree",)),              # the shallow tree's leaves
    "scott.pr.containment": (roc_analysis, ("SVM", "NB")),
    "scott.auc.multiclass": (cora_multiclass_auc, ()),
    "scott.multiple.other-tests": (rank_tests_null, ()),               # simulated families, no learner better
}


@checks(values=Instance(dict, example=lambda: {"scott.roc.cost-curves": True}))
def options(values):
    """Per-claim ``options`` of :func:`evalkit.claims.record_all`: the ``data`` each claim's experiment declares.

    Parameters
    ----------
    values : dict
        ``{claim id: our value}``, as ``performance_measures.ours`` returns it.

    Returns
    -------
    dict
        ``{claim id: {"scale": ..., "data": ...}}`` for the claims of :data:`COMPUTED_BY`;
        the others (the lecture's own examples) are left out.

    Examples
    --------
    >>> options({"scott.roc.cost-curves": True, "scott.ci-example.error": 0.3})["scott.roc.cost-curves"]["data"]
    "the Pima diabetes data in place of the lecture's (its figure is lost); scikit-learn's linear SVM"
    """
    return {cid: computed.experiment.provenance("book", reads=reads)
            for cid, (computed, reads) in ((c, COMPUTED_BY[c]) for c in values if c in COMPUTED_BY)}
