"""What the graph-metrics claims computed on data other than the source's rest on: the records' ``data``.

The source's worked examples are its own numbers; where a claim is checked on other data
(simulations, searches for a counter-example, Cora, Pima, the political books), the
computation declares it, in the words of the registry's ``[standins]``: an experiment with
its ``uses=`` (:func:`~evalkit.reproductions.graph_metrics.tree_depth`,
:func:`~evalkit.reproductions.graph_metrics.missing_value_imputation`,
:func:`~evalkit.reproductions.graph_metrics.kmeans_sse`), a computation without one by a
:func:`~evalkit.reproductions.declare` below, named after it. :func:`options` gives a page's
``claims.record_all(values, options=...)``; nothing is typed in the registry.
"""
from __future__ import annotations

from ..._checks import Instance, Text, checks
from .._declarations import declare
from .clustering_metrics import cluster_count_trends
from .cost_validation_imbalance import missing_value_imputation, occams_razor, reduced_error, tree_depth
from .significance_enrichment import kmeans_sse

__all__ = ["declaration_of", "options"]

#: binary_metrics.ours(section="roc"): models that predict "positive" a share of the time, ignoring the input
RANDOM_PREDICTIONS = declare(uses={"data": "gm-random-predictions"})
#: binary_metrics.ours(section="roc"): a constant score of simulated labels
CONSTANT_SCORE = declare(uses={"data": "gm-constant-score"})
#: binary_metrics.roc_points: the class-imbalance section's four logistic regressions, for Figure 1.9's lost models
FOUR_MODELS = declare(uses={"learners": "gm-four-models"})
#: clustering_metrics.ours(section="matching"/"mantel"/"properties"): the searches for a counter-example
RANDOM_MATCHINGS = declare(uses={"data": "gm-random-matchings"})
RANDOM_LABELINGS = declare(uses={"data": "gm-random-labelings"})
RANDOM_CLOUDS = declare(uses={"data": "gm-random-clouds"})
#: the significance page's preserved variability of Cora's principal components
CORA_COMPONENTS = declare(uses={"data": "gm-cora-components"})
#: significance_enrichment.pair_interval_table: simulated clusterings
SIMULATED_CLUSTERINGS = declare(uses={"data": "gm-simulated-clusterings"})
#: Exercise 5 on Cora's citation graph, Exercise 6 on the political books
CORA_CITATIONS = declare(uses={"data": "gm-cora-citations"})
POLITICAL_BOOKS = declare(uses={"data": "gm-political-books"})

#: claim id -> what computed it (the claims not here are computed on the source's own numbers)
_COMPUTED_BY = {
    **{f"gm.sec1-2-4.random-{share}.{rate}": RANDOM_PREDICTIONS for share in (50, 80) for rate in ("fpr", "tpr")},
    "gm.sec1-2-4.auc-diagonal": CONSTANT_SCORE,
    "gm.sec1-2-4.upper-right-rule": FOUR_MODELS,
    "gm.sec1-3-1.purity-range": RANDOM_MATCHINGS,
    "gm.eq1-43.mantel-range": RANDOM_LABELINGS,
    **{cid: RANDOM_CLOUDS for cid in ("gm.eq1-50.c-index-range", "gm.eq1-49.dunn-range", "gm.eq1-47.silhouette-range")},
    "gm.sec1-4.pv-all-one": CORA_COMPONENTS, "gm.sec1-4.pv-more-higher": CORA_COMPONENTS,
    "gm.sec1-4.sse-decreases": kmeans_sse.experiment,
    "gm.sec1-3-2.silhouette-k": cluster_count_trends.experiment,
    "gm.sec1-5-2.pairs-extension": SIMULATED_CLUSTERINGS,
    "gm.ex5.answerable": CORA_CITATIONS,
    "gm.ex6.answerable": POLITICAL_BOOKS,
    "gm.sec1-8.training-error-optimistic": tree_depth.experiment,
    "gm.sec1-8.pessimistic": tree_depth.experiment,
    "gm.sec1-8.missing-values": missing_value_imputation.experiment,
    "gm.sec1-8.reduced-error": reduced_error.experiment,
    "gm.sec1-8.occams-razor": occams_razor.experiment,
}


@checks(claim_id=Text())
def declaration_of(claim_id):
    """The declaration of what computed a graph-metrics claim (None: the source's own numbers).

    Parameters
    ----------
    claim_id : str
        A ``gm.`` claim id.

    Returns
    -------
    Experiment or Declaration or None

    Examples
    --------
    >>> declaration_of("gm.sec1-8.pessimistic").name, declaration_of("gm.fig1-2.tp") is None
    ('graph-metrics-tree-depth', True)
    """
    return _COMPUTED_BY.get(claim_id)


@checks(values=Instance(dict, example=lambda: {"gm.sec1-2-4.auc-diagonal": 0.5}))
def options(values):
    """Per-claim ``options`` of :func:`evalkit.claims.record_all`: the ``data`` each claim's computation declares.

    Parameters
    ----------
    values : dict
        ``{claim id: our value}``, as an ``ours`` returns it.

    Returns
    -------
    dict
        ``{claim id: {"scale": ..., "data": ...}}`` for the claims computed on other data than
        the source's; the others are left out (their records carry none).

    Examples
    --------
    >>> options({"gm.sec1-2-4.auc-diagonal": 0.5, "gm.fig1-2.tp": 3})
    {'gm.sec1-2-4.auc-diagonal': {'scale': None, 'data': 'simulated: 1,000 labels scored by a constant'}}
    """
    out = {}
    for cid in values:
        declared = declaration_of(cid)
        if declared is not None:
            out[cid] = declared.provenance("book") if hasattr(declared, "reduction") else declared.provenance()
    return out
