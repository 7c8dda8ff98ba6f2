"""What the claims of the lecture checked on other data than its own rest on: the records' ``data``.

The lecture's ROC figures are lost and its multi-class AUC names no data, so those claims are
checked on the Pima diabetes data and on Cora with scikit-learn's learners; the experiments
declare them (``uses=`` of :func:`~evalkit.reproductions.scott.roc_analysis` and
:func:`~evalkit.reproductions.scott.cora_multiclass_auc`), and each claim reads the learners
named here. :func:`options` gives a page's ``claims.record_all(values, options=...)``;
nothing is typed in the registry.
"""
from __future__ import annotations

from ..._checks import Instance, checks
from .performance_measures import cora_multiclass_auc, roc_analysis

__all__ = ["LEARNERS_READ", "options"]

#: claim id -> (the experiment that computed it, the learners of its result it reads)
LEARNERS_READ = {
    "scott.roc.single-point": (roc_analysis, ("SVM", "ID3", "NB")),   # the SVM against the two single points
    "scott.roc.cost-curves": (roc_analysis, ("SVM",)),
    "scott.roc.relabel-tree": (roc_analysis, ("tree",)),              # the shallow tree's leaves
    "scott.pr.containment": (roc_analysis, ("SVM", "NB")),
    "scott.auc.multiclass": (cora_multiclass_auc, ()),
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
        ``{claim id: {"scale": ..., "data": ...}}`` for the claims of :data:`LEARNERS_READ`;
        the others (the lecture's own examples) are left out.

    Examples
    --------
    >>> options({"scott.roc.cost-curves": True, "scott.ci-example.error": 0.3})["scott.roc.cost-curves"]["data"]
    "the Pima diabetes data in place of the lecture's (its figure is lost); scikit-learn's linear SVM"
    """
    return {cid: computed.experiment.provenance("book", reads=reads)
            for cid, (computed, reads) in ((c, LEARNERS_READ[c]) for c in values if c in LEARNERS_READ)}
