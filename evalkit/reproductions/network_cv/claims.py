"""Neville et al. (2011): our value of each claim of ``claims/neville.toml``, from computed results.

Each ``*_claims`` function maps the results of the experiments of
:mod:`evalkit.reproductions.network_cv` (as the network cross-validation chapters compute
them) to ``{claim id: our value}``: a number for a numeric claim, a bool (the predicate
computed on our results) for a qualitative one. :func:`record_all` records them all
(:func:`evalkit.claims.record` / :func:`evalkit.claims.conclude`). The source's values
are read from the registry, never typed here.
"""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ... import claims
from ... import relational as rel
from ..._checks import Instance, Integer, Real, Text, checks
from ._claims_common import ALPHA, TABLE5_PAPER_ROWS, example_frame
from .real_claims import (SUBSTANTIVE, fig3_claims, fig4_claims, fig5_claims, fold_correlation,
                                  inference_claims, inference_table, lgm_claims, sensitivity_matches, summary_claims,
                                  variance_claims, variance_table)

__all__ = [
    "FOLDS_RANK_CORRELATION",
    "fig2_claims",
    "fig3_claims",
    "fig4_claims",
    "fig5_claims",
    "fold_correlation",
    "grows_with_folds",
    "inference_claims",
    "inference_table",
    "lgm_claims",
    "like_fig2a",
    "overlap_claims",
    "paper_table5",
    "record_all",
    "section5_claims",
    "sentences",
    "sensitivity_matches",
    "summary_claims",
    "survey_claims",
    "survey_papers",
    "table5_claims",
    "theorem_claims",
    "variance_claims",
    "variance_table",
]

#: Table 5 rows the book computes: claim key -> (data set, task) of :func:`~evalkit.reproductions.network_cv.table5_tasks`.
TABLE5_ROWS = {k: TABLE5_PAPER_ROWS[k] for k in ("enron-executive", "polbooks-neutral")}



@checks(claim_id=Text())
def sentences(claim_id):
    """The two sentences (if the predicate holds, if it fails) that state our conclusion on a claim.

    Parameters
    ----------
    claim_id : str
        A qualitative claim's id.

    Returns
    -------
    tuple of str
        ``(if_true, if_false)``: the sentence if the predicate holds, and if it fails.

    Examples
    --------
    >>> if_true, if_false = sentences("neville.fig2a.ncv-low")
    >>> if_true.startswith("Our results agree with the source")
    True
    """
    return claims.sentences(claim_id)


@checks(ours=Instance(dict, example=dict), scale=Text(none=True), data=Text(none=True),
        options=Instance(dict, none=True))
def record_all(ours, *, scale=None, data=None, options=None):
    """Record every claim of ``ours`` (``{id: value}``) with :func:`evalkit.claims.record_all`.

    Parameters
    ----------
    ours : dict
        ``{claim id: our value}``, as the ``*_claims`` functions return it.
    scale : str, optional
        The reduced scale used, in words, for every claim; None means the source's.
    data : str, optional
        The stand-in data used, in words, for every claim; None means the source's own.
    options : dict, optional
        ``{claim id: {"explanation": label, ...}}``: per-claim notes overriding ``scale`` and ``data``.

    Returns
    -------
    list of evalkit.claims.Record
        One record per claim, with its verdict.

    Examples
    --------
    >>> [r.verdict for r in record_all({"neville.sec2.cv-k10-labelled": 0.9})]  # outside a notebook: no glue
    ['reproduced']
    """
    return claims.record_all(ours, scale=scale, data=data, options=options)


# ------------------------------------------------------------------ Sections 1-3


@checks(overlap=Instance("DataFrame", example=example_frame), n_nodes=Integer(10))
def overlap_claims(overlap, *, n_nodes=300):
    """Claims on the resampling procedures from :func:`~evalkit.reproductions.network_cv.resampling_overlap`'s table.

    ``overlap`` is indexed by (labelled, procedure) as the chapter sets it.

    Parameters
    ----------
    overlap : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.resampling_overlap`'s table indexed by
        (``labelled``, ``procedure``).
    n_nodes : int, default 300
        Nodes of the network the table was computed on.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> overlap = neville.resampling_overlap(prop_labeled=(0.3, 0.7), n_nodes=40, n_repeats=2, seed=0)
    >>> ours = overlap_claims(overlap.set_index(["labelled", "procedure"]), n_nodes=40)
    >>> ours["neville.sec2.cv-k10-labelled"], ours["neville.sec2.ncv-disjoint"]
    (0.9, True)
    """
    from sklearn.model_selection import KFold

    from ...resampling import NetworkCrossValidation

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


#: The references Section 3 cites as its surveyed papers, as the paper prints them.
SURVEY_REFERENCES = "1, 7-12, 16-21, 25-29, 31, 34, 35, 38, 40"


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


@checks()
def survey_claims():
    """Section 3's counts checked against the paper's own Table 4 and reference list (no re-survey).

    The number of surveyed papers is counted on the citation list of Section 3; a paper
    has *dependent* set sizes when it varies the share labelled within one network (the
    text's own equation: "most (8/10) are within-network studies (i.e., dependent set
    size)"), so Table 4's within-network count of papers that vary it is the dependent
    count and the rest of the survey the independent one.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> survey_claims()["neville.sec3.papers"]
    23
    """
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


# --------------------------------------------------------------------- Section 4


@checks(grid=Instance("DataFrame", example=example_frame), delta=Instance("DataFrame", example=example_frame),
        algebra=Instance(Mapping, "Series", example=dict), z_max=Real(0, None, closed="neither"))
def theorem_claims(grid, delta, algebra, *, z_max=4.0):
    """Theorems 1-3 from the Monte Carlo grid, the Delta study and the SymPy checks.

    Parameters
    ----------
    grid : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.theorem_grid`.
    delta : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.theorem3_delta`.
    algebra : mapping or pandas.Series
        Step name -> simplified difference (SymPy), as the theorems chapter builds it; a
        step holds when its difference is 0.
    z_max : float
        Largest deviation, in Monte Carlo standard errors, still counted as agreement.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> grid = neville.theorem_grid(n=(30,), g=(1, 5), rho=(0.0, 0.5), share_common=(0.0, 0.5), n_samples=500)
    >>> delta = neville.theorem3_delta(c_max=2, n_samples=2000, seed=1)
    >>> theorem_claims(grid, delta, {})["neville.thm3.delta-nonnegative"]
    True
    """
    def zero(prefix):
        return all(v == 0 for k, v in algebra.items() if k.startswith(prefix))

    z = grid.z.abs()
    n, g, rho, c = (np.array(grid[k], dtype=float) for k in ("n", "g", "rho", "c"))
    d = rel.variance_underestimate(n, g, rho, c)
    grows_rho = np.all(np.diff(rel.variance_underestimate(100, 10, np.linspace(0, 1, 11), 50)) > 0)
    grows_c = np.all(np.diff(rel.variance_underestimate(100, 10, 0.5, np.arange(1, 100))) > 0)
    # the t statistic over k per-sample means, as printed (sqrt(2/n)) against scipy's
    from scipy import stats

    rng = np.random.default_rng(0)
    a, b = rng.normal(0.2, 0.02, 10), rng.normal(0.2, 0.02, 10)
    pooled = (a.var(ddof=1) + b.var(ddof=1)) / 2
    t_printed = (a.mean() - b.mean()) / (np.sqrt(pooled) * np.sqrt(2 / 300))
    return {
        "neville.thm1.statement": bool((z[grid.c == 0] < z_max).all()),
        "neville.thm1.proof": zero("Thm 1"),
        "neville.thm1.underestimate": bool(np.allclose(rel.variance_correlated(n, g, rho) - 1 / n, rho * (g - 1) / n)),
        "neville.thm2.statement": bool((z[grid.rho == 0] < z_max).all()),
        "neville.thm2.proof": zero("Thm 2"),
        "neville.thm2.underestimate": bool(np.allclose(1 / n - rel.variance_overlap(n, c), c / n**2)),
        "neville.thm3.var-obs": bool((z < z_max).all()) and zero("Thm 3: pair count"),
        "neville.thm3.statement": bool((delta.z_statement.abs() < z_max).all()) and zero("Thm 3: Var_corr - Var_obs -> statement"),
        "neville.thm3.proof-delta": bool((delta.z_proof.abs() < z_max).all()) and zero("Thm 3: Var_corr - Var_obs -> proof"),
        "neville.thm3.delta-nonnegative": bool(np.all(d >= 0)),
        "neville.thm3.delta-grows": bool(grows_rho and grows_c),
        "neville.thm3.t-statistic": bool(np.isclose(t_printed, stats.ttest_ind(a, b).statistic)),
    }


@checks()
def paper_table5():
    """The paper's Table 5, read from the registry: one row per task.

    Returns
    -------
    pandas.DataFrame
        Columns ``data set``, ``task``, ``error corr.`` and ``autocorr.``: the source's values.

    Examples
    --------
    >>> list(paper_table5().columns)
    ['data set', 'task', 'error corr.', 'autocorr.']
    """
    import pandas as pd

    return pd.DataFrame([{"data set": data, "task": task,
                          "error corr.": claims.source_value(f"neville.table5.{key}.error-corr"),
                          "autocorr.": claims.source_value(f"neville.table5.{key}.autocorr")}
                         for key, (data, task) in TABLE5_PAPER_ROWS.items()])


@checks(measured=Instance("DataFrame", example=example_frame))
def table5_claims(measured):
    """Table 5's cells we can compute (Enron, political books) and its two observations.

    Parameters
    ----------
    measured : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.table5`'s table: ``data set``, ``task``,
        ``error corr.`` and ``autocorr.`` per task.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> import pandas as pd
    >>> measured = pd.DataFrame({"data set": ["Enron email", "Political books"], "task": ["Executive?", "Neutral?"],
    ...                          "error corr.": [0.2, 0.4], "autocorr.": [0.1, 0.5]})
    >>> ours = table5_claims(measured)
    >>> ours["neville.table5.polbooks-neutral.autocorr"], ours["neville.sec4.error-corr-tracks-autocorr"]
    (0.5, True)
    """
    rows = measured.set_index(["data set", "task"])
    out = {}
    for key, row in TABLE5_ROWS.items():
        out[f"neville.table5.{key}.error-corr"] = float(rows.loc[row, "error corr."])
        out[f"neville.table5.{key}.autocorr"] = float(rows.loc[row, "autocorr."])
    out["neville.sec4.error-corr-tracks-autocorr"] = bool(np.corrcoef(measured["error corr."], measured["autocorr."])[0, 1] > 0)
    out["neville.sec4.all-trials-error-corr"] = bool((measured["error corr."] > 0).all())
    return out


# --------------------------------------------------------------------- Section 5


@checks(formulas=Instance("DataFrame", example=example_frame), fig2a=Instance("DataFrame", example=example_frame),
        fig2b=Instance("DataFrame", example=example_frame))
def fig2_claims(formulas, fig2a, fig2b):
    """Table 7 and Fig. 2 from :func:`~evalkit.reproductions.network_cv.group_formulas` and :func:`~evalkit.reproductions.network_cv.fig2`.

    Parameters
    ----------
    formulas : pandas.DataFrame
        :func:`~evalkit.reproductions.network_cv.group_formulas`'s table (it must hold P(err) = 0.1, errCorr = 0.9).
    fig2a : pandas.DataFrame
        Fig. 2a's rows (``fig2(...)["2a"]``).
    fig2b : pandas.DataFrame
        Fig. 2b's rows (``fig2(...)["2b"]``).

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> runs = neville.fig2(prop_labeled=(0.1, 0.9), p_err=(0.1, 0.2), err_corr=(0.0, 0.9), n_trials=20,
    ...                     n_simulations=1, seed_a=0, seed_b=1, n_jobs=1)
    >>> ours = fig2_claims(neville.group_formulas(n_sets=100), runs["2a"], runs["2b"])
    >>> round(ours["neville.table7.error-rate"], 3)
    0.271
    """
    a = fig2a.set_index(["procedure", "prop_labeled"]).type1_error
    b = fig2b.set_index(["procedure", "p_err", "err_corr"]).sort_index()
    resampling = ("rrs", "ers")

    def rises(series):  # strictly rising along the sorted index
        return bool(np.all(np.diff(series.to_numpy()) > 0))

    falls_with_label = all(rises(a[p].sort_index(ascending=False)) for p in resampling)
    rises_corr = all(rises(b.loc[(p, pe)].sort_values("error_correlation").type1_error)
                     for p in resampling for pe in b.loc[p].index.get_level_values("p_err").unique())
    in_errcorr = all(rises(b.loc[(p, pe)].type1_error) and rises(b.loc[(p, pe)].error_correlation)
                     for p in resampling for pe in b.loc[p].index.get_level_values("p_err").unique())
    by_ec = b.loc[list(resampling)].swaplevel("p_err", "err_corr").sort_index()
    in_perr = all(rises(by_ec.loc[(p, ec)].type1_error) and rises(by_ec.loc[(p, ec)].error_correlation)
                  for p in resampling for ec in by_ec.loc[p].index.get_level_values("err_corr").unique() if ec > 0)
    ncv_b, rrs_b, ers_b = (b.loc[p].type1_error for p in ("ncv", "rrs", "ers"))
    correlated = b.loc["ncv"].index.get_level_values("err_corr") > 0
    return {
        "neville.table7.error-rate": float(formulas.loc[(0.1, 0.9), "error rate, printed"]),
        "neville.table7.same-error-rate": bool(np.allclose(formulas["simulated A (corrected)"],
                                                           formulas["simulated B (corrected)"], atol=0.002)),
        "neville.fig2a.resampling-rises": falls_with_label,
        "neville.fig2a.ncv-low": bool(a["ncv"].max() < 1.5 * ALPHA),
        "neville.fig2b.resampling-rises-with-corr": rises_corr,
        "neville.fig2b.monotone-in-errcorr": in_errcorr,
        "neville.fig2b.monotone-in-perr": in_perr,
        "neville.fig2b.ncv-much-lower": bool(np.all(ncv_b.to_numpy()[correlated] < 0.5 * np.minimum(
            rrs_b.to_numpy(), ers_b.to_numpy())[correlated])),
        "neville.fig2.ers-below-rrs": bool((a["ers"] <= a["rrs"]).all() and (ers_b <= rrs_b).mean() > 0.5),
        "neville.fig2.ers-not-competitive": bool((a["ers"] > 2 * a["ncv"]).any()),
        "neville.sec6-4.ncv-simulated-constant": bool(np.ptp(a["ncv"].to_numpy()) < 0.01),
    }


@checks(frame=Instance("DataFrame", example=example_frame))
def like_fig2a(frame):
    """Fig. 2a's two findings on a run of its design (:func:`~evalkit.reproductions.network_cv.section5_variants`).

    Returns ``{"resampling rises": bool, "ncv low": bool}``: RRS's and ERS's Type I error
    at the smallest share labelled exceeds that at the largest by more than two standard
    errors (binomial, over all trials), and NCV stays below 1.5 times the nominal level.

    Parameters
    ----------
    frame : pandas.DataFrame
        One part of :func:`~evalkit.reproductions.network_cv.section5_variants`'s result: columns
        ``procedure``, ``prop_labeled``, ``type1_error``, ``n_trials`` and ``n_simulations``.

    Returns
    -------
    dict
        ``"resampling rises"`` and ``"ncv low"``: bools.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> runs = neville.section5_variants(prop_labeled=(0.1, 0.9), exponents=(1.0,), n_resamples=(5, 30),
    ...                                  folds_prop_labeled=(0.5,), n_trials=100, n_simulations=1, seed=0, n_jobs=1)
    >>> like_fig2a(runs["dietterich"])
    {'resampling rises': True, 'ncv low': True}
    """
    a = frame.set_index(["procedure", "prop_labeled"]).sort_index()
    n = float(a.n_trials.iloc[0] * a.n_simulations.iloc[0])

    def rises(proc):
        part = a.loc[proc].type1_error
        low, high = float(part.iloc[0]), float(part.iloc[-1])  # smallest, largest share labelled
        se = np.sqrt((low * (1 - low) + high * (1 - high)) / n)
        return bool(low - high > 2 * se)

    return {"resampling rises": rises("rrs") and rises("ers"),
            "ncv low": bool(a.loc["ncv"].type1_error.max() < 1.5 * ALPHA)}


#: :func:`grows_with_folds`: the least rank correlation with the number of test sets that counts as rising.
FOLDS_RANK_CORRELATION = 0.8


@checks(folds=Instance("DataFrame", example=example_frame))
def grows_with_folds(folds):
    """Whether the Type I error of each (procedure, share labelled) rises with the number of test sets.

    "Rises": Spearman's rank correlation with the number of test sets at least
    ``FOLDS_RANK_CORRELATION``, and the most test sets above the fewest by more than two
    standard errors.

    Parameters
    ----------
    folds : pandas.DataFrame
        The ``"folds"`` part of :func:`~evalkit.reproductions.network_cv.section5_variants`'s result.

    Returns
    -------
    dict
        ``(procedure, share labelled) -> bool``: whether its Type I error rises.

    Examples
    --------
    >>> import pandas as pd
    >>> folds = pd.DataFrame({"procedure": "rrs", "prop_labeled": 0.5, "n_resamples": [5, 10, 20],
    ...                       "type1_error": [0.05, 0.1, 0.2], "n_trials": 1000, "n_simulations": 1})
    >>> grows_with_folds(folds)
    {('rrs', 0.5): True}
    """
    from scipy import stats

    n = float(folds.n_trials.iloc[0] * folds.n_simulations.iloc[0])
    out = {}
    for (proc, prop), part in folds.sort_values("n_resamples").groupby(["procedure", "prop_labeled"]):
        rate = part.type1_error.to_numpy()
        se = np.sqrt((rate[0] * (1 - rate[0]) + rate[-1] * (1 - rate[-1])) / n)
        rho = stats.spearmanr(part.n_resamples, rate).statistic
        out[(proc, float(prop))] = bool(rho >= FOLDS_RANK_CORRELATION and rate[-1] - rate[0] > 2 * se)
    return out


@checks(variants=Instance(dict, example=lambda: {k: example_frame() for k in ("skewed", "dietterich", "folds")}),
        exponent=Real(0, None, closed="left"))
def section5_claims(variants, *, exponent=1.0):
    """Sections 3 and 5's unshown runs from :func:`~evalkit.reproductions.network_cv.section5_variants`.

    The skewed claim is judged at Zipf ``exponent`` (1: the classical Zipf sizes), the
    group-free one on the Dietterich-style run, the folds one on every (procedure, share
    labelled) series.

    Parameters
    ----------
    variants : dict
        :func:`~evalkit.reproductions.network_cv.section5_variants`'s result (``"skewed"``,
        ``"dietterich"``, ``"folds"``).
    exponent : float, default 1.0
        The Zipf exponent at which the skewed claim is judged (one of the skewed runs').

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> from evalkit.reproductions import network_cv as neville
    >>> runs = neville.section5_variants(prop_labeled=(0.1, 0.9), exponents=(1.0,), n_resamples=(5, 10, 30),
    ...                                  folds_prop_labeled=(0.5,), n_trials=100, n_simulations=1, seed=0, n_jobs=1)
    >>> section5_claims(runs)["neville.sec3.folds-increase-type1"]
    True
    """
    skewed = variants["skewed"]
    at = skewed[np.isclose(skewed.exponent, exponent)]
    if at.empty:
        raise ValueError(f"exponent={exponent} is not among the skewed runs' exponents {sorted(set(skewed.exponent))}")
    return {
        "neville.sec5.skewed-groups-similar": all(like_fig2a(at).values()),
        "neville.sec5.dietterich-similar": all(like_fig2a(variants["dietterich"]).values()),
        "neville.sec3.folds-increase-type1": all(grows_with_folds(variants["folds"]).values()),
    }
