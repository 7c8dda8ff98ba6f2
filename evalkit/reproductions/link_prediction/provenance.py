"""What each claim of the link-prediction part reads, and what stands in for it: the records' ``data``.

The paper's networks are Condmat, DBLP, Enron and Facebook; we have Condmat and Facebook
(CollegeMsg), and stand-ins for the other two (``setups.PAPER_NETWORKS``).
A claim reads some of them (:func:`networks_read`: the network its id names, else the rule
written here beside the computation), and its record carries the stand-ins of what it reads,
in the words of the registry's ``[standins]``:

- :data:`NETWORKS`: Condmat in DBLP's role, email-Eu-core in Enron's, and the networks the
  paper does not use (Benson et al.'s Enron, sx-mathoverflow, and email-Eu-core where the
  paper names no network);
- :data:`OVER_TIME`: the measures page's time slices, where Benson et al.'s Enron takes
  Enron's role (email-Eu-core's label period has a gap);
- :data:`TABLE2`: Table 2's closed form, computed with Condmat's counts in place of DBLP's;
- Fig. 8's supervised predictor and the walk predictors are declared by their experiments
  (:func:`~evalkit.reproductions.link_prediction.fig8`,
  :func:`~evalkit.reproductions.link_prediction.walk_inflation`).

:func:`options` gives a page's ``claims.record_all(values, options=...)``; nothing is typed in
the registry.
"""
from __future__ import annotations

import re

from ..._checks import Instance, Text, checks
from .._declarations import declare
from .distance import walk_inflation
from .sampling import fig8

__all__ = ["EVERY", "NETWORKS", "OVER_TIME", "TABLE2", "networks_read", "options"]

#: what a claim "on every network" of the distance, sampling and measures pages reads: the paper's
#: four roles, Condmat in two of them
EVERY = ("Condmat", "DBLP", "Enron", "Facebook")

#: the stand-ins for the paper's networks, by the role (or our own network) a claim reads
NETWORKS = declare(uses={"data": {"DBLP": "condmat-for-dblp", "Enron": "email-eu-core-for-enron",
                                  "email-Eu-core": "email-eu-core-unnamed",
                                  "Enron (Benson)": "benson-enron-extra", "sx-mathoverflow": "sx-mathoverflow-extra"}})
#: the measures page's time slices: Benson et al.'s Enron in Enron's role
OVER_TIME = declare(uses={"data": {"DBLP": "condmat-for-dblp", "Enron": "benson-enron-for-enron"}})
#: Table 2's closed form: Condmat's counts for DBLP's, which the paper does not print
TABLE2 = declare(uses={"data": "condmat-counts-for-dblp"})

#: the class-imbalance table (framework page): every network we have, each once
_ALL_WE_HAVE = ("Condmat", "Enron", "Facebook", "Enron (Benson)", "sx-mathoverflow")
#: the figures the paper draws on Condmat and Facebook, which ours draw on email-Eu-core too
_FIG7 = ("Condmat", "Enron", "Facebook")

#: claims whose id names none of the paper's networks -> what they read (every such claim
#: the pages record is here: :func:`networks_read` raises for one that is not)
_READS = {
    # the paper's statements with no network: theorems, definitions, toy examples
    "yang.s3.2.auroc-probability": (), "yang.s3.2.pr-roc-dominance": (), "yang.s3.3.balanced-baselines": (),
    "yang.fig5.from-vb": (), "yang.fig5.from-va": (),
    # on Condmat alone (the paper's): Theorem 4.1's sampled pairs, the balancing rate, the orderings,
    # the steering and the training network
    "yang.thm41.statement": ("Condmat",), "yang.eq1.variance": ("Condmat",),
    "yang.thm41.linear-in-inverse-p": ("Condmat",), "yang.s4.1.balanced-deviation.propflow": ("Condmat",),
    "yang.s4.1.balanced-deviation.pa": ("Condmat",), "yang.s3.4.mean-above-both": ("Condmat",),
    "yang.s4.3.arbitrary-auroc": ("Condmat",), "yang.s8.guideline5": ("Condmat",),
    "yang.s5.training-network": ("Condmat",),
    # Fig. 3 is DBLP's in the paper; the degree-product calibration is run on email-Eu-core (Enron's)
    "yang.fig3.distributions-differ": ("DBLP",), "yang.s3.1.degree-product-calibration": ("Enron",),
    # directionality needs a directed network: email-Eu-core, where the paper names none
    "yang.s3.4.propflow-directional": ("email-Eu-core",), "yang.s3.4.hitting-time-directional": ("email-Eu-core",),
    # the class-imbalance table
    "yang.s3.3.accuracy-near-one": _ALL_WE_HAVE, "yang.s3.3.auroc-baseline": _ALL_WE_HAVE,
    "yang.s3.3.precision-baseline": _ALL_WE_HAVE, "yang.s4.1.imbalance-thousands": _ALL_WE_HAVE,
    # Fig. 7's curves (Theorem 4.1 too, for guideline 4), the balanced samples, Corollary 4.3
    "yang.fig7.variance-grows": _FIG7, "yang.fig7.mean-stable": _FIG7, "yang.s8.guideline4": _FIG7,
    "yang.s4.1.aupr-responds-to-sampling": _FIG7, "yang.cor43.statement": _FIG7,
    # Fig. 8 and Table 2's closed form (their own declarations)
    "yang.fig8.supervised-same": ("DBLP", "Enron"), "yang.table2.": ("DBLP",),
    # the time slices of the measures page (OVER_TIME)
    "yang.fig17.": EVERY, "yang.fig18.": EVERY, "yang.fig19.": EVERY,
    # every network of the page
    **{cid: EVERY for cid in (
        "yang.fig9.decay", "yang.fig10.pa.pooled-above", "yang.fig10.pf.pooled-above", "yang.s4.2.walk-inflation",
        "yang.fig10.gap-shrinks-with-size", "yang.fig11.increases", "yang.table3.kaggle-higher",
        "yang.table3.max-gain", "yang.table3.pa-benefits", "yang.s5.same-effect", "yang.thm61.statement",
        "yang.fig14.k-changes-ranking", "yang.s7.imbalance-bound", "yang.fig15.aupr-l2-above-all",
        "yang.fig15.aupr-declines", "yang.fig15.aupr-increases", "yang.s8.imbalance-differs-by-distance",
        "yang.s8.guideline1", "yang.s8.guideline2", "yang.s8.guideline3", "yang.s8.guideline6",
        "yang.s8.guideline7", "yang.s8.guideline9")},
}

#: a network named in a claim id -> the role it reads
_NAMED = {"condmat": "Condmat", "dblp": "DBLP", "enron": "Enron", "facebook": "Facebook"}


@checks(claim_id=Text())
def networks_read(claim_id):
    """The paper's networks (roles) or our own networks that a link-prediction claim reads.

    A claim whose id names a network of the paper's (``yang.table3.enron.pa.fair``) reads that
    one; the others are listed beside the computation (a full id, or a prefix ending in ``.``).

    Parameters
    ----------
    claim_id : str
        A ``yang.`` claim id the pages record.

    Returns
    -------
    tuple of str
        Roles (``"DBLP"``: read on Condmat in DBLP's place) and networks the paper does not use.

    Raises
    ------
    KeyError
        For a claim that names no network and is not listed: its reads must be decided, not defaulted.

    Examples
    --------
    >>> networks_read("yang.table3.enron.pa.fair"), networks_read("yang.table2.a02.b10")
    (('Enron',), ('DBLP',))
    >>> networks_read("yang.thm41.statement")
    ('Condmat',)
    """
    named = tuple(dict.fromkeys(_NAMED[part] for part in re.split(r"[.-]", claim_id)[1:] if part in _NAMED))
    if named:
        return named
    if claim_id in _READS:
        return _READS[claim_id]
    for key, reads in _READS.items():
        if key.endswith(".") and claim_id.startswith(key):
            return reads
    raise KeyError(f"claim_id {claim_id!r} names none of the paper's networks and is not in "
                   f"link_prediction.provenance._READS: say there what it reads")


def _declaration(claim_id):
    if claim_id.startswith("yang.fig8."):
        return fig8.experiment
    if claim_id == "yang.s4.2.walk-inflation":
        return walk_inflation.experiment
    if claim_id.startswith(("yang.fig17.", "yang.fig18.", "yang.fig19.")):
        return OVER_TIME
    if claim_id.startswith("yang.table2."):
        return TABLE2
    return NETWORKS


@checks(values=Instance(dict, example=lambda: {"yang.thm41.statement": True}),
        also=Instance(dict, none=True, example=lambda: {}))
def options(values, also=None):
    """Per-claim ``options`` of :func:`evalkit.claims.record_all` for link-prediction claims: their ``data``.

    Each claim gets the stand-ins of what it reads (:func:`networks_read`), from the declaration
    of what computed it (``fig8``, ``walk_inflation``, or :data:`NETWORKS`, :data:`OVER_TIME`,
    :data:`TABLE2`).

    Parameters
    ----------
    values : dict
        ``{claim id: our value}``, as an ``ours`` returns it.
    also : dict, optional
        Further options by claim id (standard errors ...), merged in.

    Returns
    -------
    dict
        ``{claim id: {"scale": None, "data": ..., **also[claim id]}}``.

    Examples
    --------
    >>> opts = options({"yang.table3.enron.pa.fair": 0.9, "yang.table3.condmat.pa.fair": 0.8})
    >>> opts["yang.table3.enron.pa.fair"]["data"], opts["yang.table3.condmat.pa.fair"]["data"]
    ('email-Eu-core in place of Enron', None)
    """
    also = also or {}
    out = {}
    for cid in values:
        declared = _declaration(cid)
        if hasattr(declared, "reduction"):     # an experiment: its paper-scale run
            given = declared.provenance("paper", reads=networks_read(cid))
        else:
            given = declared.provenance(reads=networks_read(cid))
        out[cid] = {**given, **also.get(cid, {})}
    return out
