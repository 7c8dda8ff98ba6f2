"""Neville et al. Sections 1-3 (the setting page): how often RRS, ERS and NCV test each node (Tables
1-3), and Section 3's survey counts checked against the paper's own Table 4 and citation list.

:func:`resampling_overlap` is the page's experiment; :func:`ours` turns its table, and the
survey, into ``{claim id: our value}``.
"""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ... import claims
from ..._checks import Boolean, Choice, Instance, Integer, Real, Text, Values, checks
from ...resampling import NetworkCrossValidation, network_split_masks
from .._experiment import experiment
from .source import SURVEY_REFERENCES

__all__ = ["ours", "resampling_overlap", "survey_papers"]


def _frame(rows):
    import pandas as pd

    return pd.DataFrame(rows)


def _example_overlap():
    """A small table shaped like :func:`resampling_overlap`'s, indexed as the page indexes it."""
    return resampling_overlap(prop_labeled=(0.3,), n_nodes=40, n_repeats=1).set_index(["labelled", "procedure"])


# ------------------------------------------------------------------ Tables 1-3


@checks(scale=Choice("book", "paper", "small"), prop_labeled=Values(Real(0, 1, closed="neither")), n_nodes=Integer(2),
        n_resamples=Integer(2), n_folds=Integer(2), n_repeats=Integer(1))
@experiment("network-cv-overlap", scales={"book": {}, "paper": {}, "small": {"n_repeats": 20}},
            paper_cost="~5 s on 1 core")
def resampling_overlap(*, prop_labeled: tuple[float, ...] = (0.1, 0.3, 0.5, 0.7, 0.9), n_nodes: int = 300,
                       n_resamples: int = 30, n_folds: int = 10, n_repeats: int = 200, seed: int = 0):
    """How often RRS, ERS and NCV test each node, and how much their test sets overlap.

    Parameters
    ----------
    prop_labeled : tuple of float
        Shares of the nodes labelled.
    n_nodes : int
        Nodes of the network.
    n_resamples : int
        Test sets of RRS and ERS (the paper's Section 5: 30).
    n_folds : int
        Folds of NCV.
    n_repeats : int
        Repetitions of each procedure.
    seed : int
        Seed of every split.

    Returns
    -------
    pandas.DataFrame
        One row per (share labelled, procedure).

    Examples
    --------
    >>> overlap = resampling_overlap(prop_labeled=(0.5,), n_nodes=40, n_repeats=2, seed=0)
    >>> overlap[["procedure", "test set size", "times tested: min", "max"]]
      procedure  test set size  times tested: min  max
    0       RRS             20                  9   20
    1       ERS             20                 15   15
    2       NCV              4                  1    1
    """
    rows = []
    for prop in prop_labeled:
        for proc, k in (("rrs", n_resamples), ("ers", n_resamples), ("ncv", n_folds)):
            _, test_masks = network_split_masks(proc, n_nodes, n_splits=k, prop_labeled=prop, n_repeats=n_repeats,
                                                rng=seed)
            times = test_masks.sum(axis=1)  # (repeat, node): how often each node is tested
            shared = np.einsum("rin,rjn->rij", test_masks.astype(float), test_masks.astype(float))
            pair_share = ((shared.sum(axis=(1, 2)) - np.trace(shared, axis1=1, axis2=2))
                          / (k * (k - 1) * test_masks[0, 0].sum()))
            rows.append({"labelled": prop, "procedure": proc.upper(), "splits": k,
                         "test set size": int(test_masks[0, 0].sum()),
                         "times tested: min": int(times.min()), "mean": times.mean(), "max": int(times.max()),
                         "share of a test set in another (mean over pairs)": pair_share.mean()})
    return _frame(rows)


@checks(references=Text())
def survey_papers(references=SURVEY_REFERENCES):
    """The reference numbers of a printed citation list such as ``"1, 7-12, 16"``.

    Parameters
    ----------
    references : str, default SURVEY_REFERENCES
        A printed citation list: numbers and ranges separated by commas.

    Returns
    -------
    list of int
        The reference numbers, ranges expanded.

    Examples
    --------
    >>> survey_papers("1, 7-9, 12")
    [1, 7, 8, 9, 12]
    """
    numbers = []
    for part in references.split(","):
        low, _, high = part.strip().partition("-")
        numbers.extend(range(int(low), int(high or low) + 1))
    return numbers


# ------------------------------------------------------------------ the claims


def _ncv_inference_sets_overlap(overlap, n_nodes):
    """Whether NCV's test folds are disjoint and its inference sets overlap, at each share labelled of ``overlap``.

    NCV is run (evalkit's splitter, seed 0, the table's number of folds) on ``n_nodes``
    nodes at each share labelled of the table. Its test folds must be disjoint at every
    share; its inference sets must overlap (some pair of folds shares a node) at every
    share where an inference set holds more than its test fold, and there must be such a
    share: where NCV labels every node of the other folds (a share of ``(k - 1)/k``, 10-fold
    cross-validation at 90%), the inference sets are the test folds, disjoint.
    """
    ncv = overlap.xs("NCV", level="procedure")
    disjoint, overlapping = [], []
    for prop, k in zip(ncv.index, ncv["splits"]):
        ncv_splits = NetworkCrossValidation(int(k), prop_labeled=float(prop), rng=0)
        folds = list(ncv_splits.split_with_inference(range(n_nodes)))
        test, inference = (np.zeros((len(folds), n_nodes)) for _ in range(2))
        for i, (_, te, inf) in enumerate(folds):
            test[i, te], inference[i, inf] = 1, 1
        off_diagonal = ~np.eye(len(folds), dtype=bool)
        disjoint.append(not (test @ test.T)[off_diagonal].any())
        if (inference.sum(axis=1) > test.sum(axis=1)).any():
            overlapping.append(bool((inference @ inference.T)[off_diagonal].any()))
    return bool(all(disjoint) and overlapping and all(overlapping))


def _overlap_claims(overlap, n_nodes):
    from sklearn.model_selection import KFold

    share = overlap["share of a test set in another (mean over pairs)"]
    small = [p for p in overlap.index.get_level_values("labelled").unique() if p <= 0.5]
    train, _ = next(KFold(10).split(np.zeros((n_nodes, 1))))
    return {
        "neville.sec1.small-share-cv-overlaps": bool(all(share[(p, proc)] > 0 for p in small for proc in ("RRS", "ERS"))),
        "neville.sec2.rrs-ers-overlap": bool((share.xs("RRS", level="procedure") > 0).all()
                                             and (share.xs("ERS", level="procedure") > 0).all()),
        "neville.sec2.ers-equal-counts": bool((overlap.xs("ERS", level="procedure")["times tested: min"]
                                               == overlap.xs("ERS", level="procedure")["max"]).all()),
        "neville.sec2.ncv-disjoint": bool((overlap.xs("NCV", level="procedure")["max"] == 1).all()
                                          and (share.xs("NCV", level="procedure") == 0).all()),
        "neville.sec2.cv-k10-labelled": len(train) / n_nodes,
        "neville.sec8.ncv-inference-sets-overlap": _ncv_inference_sets_overlap(overlap, n_nodes),
    }


#: the counts of Table 4 (by claim id) that the survey's claims read
_TABLE4_USED = tuple(f"neville.table4.{k}" for k in ("resampling.simple-random", "resampling.controlled-random",
                                                      "resampling.snowball", "test.stdev", "test.none",
                                                      "vary.yes-within"))


def _survey_claims(table4=None):
    t4 = claims.source_values("neville.table4.") if table4 is None else table4
    missing = [k for k in _TABLE4_USED if k not in t4]
    if missing:
        raise ValueError(f"table4 must give Table 4's counts by claim id, as "
                         f"evalkit.claims.source_values('neville.table4.') does; missing {missing}")
    papers = len(set(survey_papers()))
    overlap = sum(t4[f"neville.table4.resampling.{k}"] for k in ("simple-random", "controlled-random", "snowball"))
    no_test = t4["neville.table4.test.stdev"] + t4["neville.table4.test.none"]
    half = 0.4 <= no_test / papers <= 0.6 and 0.4 <= t4["neville.table4.test.stdev"] / no_test <= 0.6
    dependent = t4["neville.table4.vary.yes-within"]
    return {"neville.sec3.papers": papers,
            "neville.sec3.dependent-set-size": dependent,
            "neville.sec3.independent-set-size": papers - dependent,
            "neville.sec3.overlap-count": overlap,
            "neville.sec3.vary-labelled-within": t4["neville.table4.vary.yes-within"],
            "neville.sec3.no-test-half": bool(half)}


@checks(overlap=Instance("DataFrame", none=True, example=_example_overlap), survey=Boolean(), n_nodes=Integer(10),
        table4=Instance(Mapping, none=True, example=lambda: claims.source_values("neville.table4.")))
def ours(overlap=None, *, survey=False, n_nodes=300, table4=None):
    """Our value of each claim of the setting page: the procedures (Tables 1-3) and the survey (Section 3).

    The procedures' claims are checked on :func:`resampling_overlap`'s table and on
    evalkit's splitters (the same ``n_nodes``; NCV's inference sets at each share labelled
    of the table). The survey's counts are checked against the paper's own Table 4 (read
    from the registry unless ``table4`` is given) and citation list
    (:func:`survey_papers`), with no re-survey: the number of surveyed papers is counted
    on the citation list of Section 3; a paper has *dependent* set sizes when it varies
    the share labelled within one network (the text's own equation: "most (8/10) are
    within-network studies (i.e., dependent set size)"), so Table 4's within-network count
    of papers that vary it is the dependent count and the rest of the survey the
    independent one.

    Parameters
    ----------
    overlap : pandas.DataFrame, optional
        :func:`resampling_overlap`'s table indexed by (``labelled``, ``procedure``); None
        leaves the procedures' claims out.
    survey : bool, default False
        Include Section 3's survey claims.
    n_nodes : int, default 300
        Nodes of the network ``overlap`` was computed on.
    table4 : mapping, optional
        Table 4's counts by claim id (``"neville.table4.test.none"`` -> its count, ...),
        for the survey's claims (with ``survey=True`` only). None: the paper's, from the registry
        (:func:`evalkit.claims.source_values`).

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> overlap = resampling_overlap(prop_labeled=(0.3, 0.7), n_nodes=40, n_repeats=2, seed=0)
    >>> got = ours(overlap.set_index(["labelled", "procedure"]), n_nodes=40)
    >>> got["neville.sec2.cv-k10-labelled"], got["neville.sec2.ncv-disjoint"]
    (0.9, True)
    >>> ours(survey=True)["neville.sec3.papers"]
    23
    """
    if table4 is not None and not survey:
        raise ValueError("table4 is read by the survey's claims only: give survey=True with it")
    out = {}
    if overlap is not None:
        out.update(_overlap_claims(overlap, n_nodes))
    if survey:
        out.update(_survey_claims(table4))
    return out
