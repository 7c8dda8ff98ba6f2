"""Neville et al. Sections 1-3 (the setting page): how often RRS, ERS and NCV test each node (Tables
1-3), and Section 3's survey counts checked against the paper's own Table 4 and citation list.

:func:`resampling_overlap` is the page's experiment; :func:`ours` turns its table, and the
survey, into ``{claim id: our value}``.
"""
from __future__ import annotations

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


def _overlap_claims(overlap, n_nodes):
    from sklearn.model_selection import KFold

    share = overlap["share of a test set in another (mean over pairs)"]
    small = [p for p in overlap.index.get_level_values("labelled").unique() if p <= 0.5]
    train, _ = next(KFold(10).split(np.zeros((n_nodes, 1))))
    folds = list(NetworkCrossValidation(10, prop_labeled=0.3, rng=0).split_with_inference(range(n_nodes)))
    shared_inference = len(np.intersect1d(folds[0][2], folds[1][2]))
    tests_disjoint = len(np.intersect1d(folds[0][1], folds[1][1])) == 0
    return {
        "neville.sec1.small-share-cv-overlaps": bool(all(share[(p, proc)] > 0 for p in small for proc in ("RRS", "ERS"))),
        "neville.sec2.rrs-ers-overlap": bool((share.xs("RRS", level="procedure") > 0).all()
                                             and (share.xs("ERS", level="procedure") > 0).all()),
        "neville.sec2.ers-equal-counts": bool((overlap.xs("ERS", level="procedure")["times tested: min"]
                                               == overlap.xs("ERS", level="procedure")["max"]).all()),
        "neville.sec2.ncv-disjoint": bool((overlap.xs("NCV", level="procedure")["max"] == 1).all()
                                          and (share.xs("NCV", level="procedure") == 0).all()),
        "neville.sec2.cv-k10-labelled": len(train) / n_nodes,
        "neville.sec8.ncv-inference-sets-overlap": bool(tests_disjoint and shared_inference > 0),
    }


def _survey_claims():
    t4 = claims.source_values("neville.table4.")
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


@checks(overlap=Instance("DataFrame", none=True, example=_example_overlap), survey=Boolean(), n_nodes=Integer(10))
def ours(overlap=None, *, survey=False, n_nodes=300):
    """Our value of each claim of the setting page: the procedures (Tables 1-3) and the survey (Section 3).

    The procedures' claims are checked on :func:`resampling_overlap`'s table and on
    evalkit's splitters (the same ``n_nodes``). The survey's counts are checked against
    the paper's own Table 4 (read from the registry) and citation list
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
    out = {}
    if overlap is not None:
        out.update(_overlap_claims(overlap, n_nodes))
    if survey:
        out.update(_survey_claims())
    return out
