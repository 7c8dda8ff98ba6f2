"""Neville et al. Section 5 (the simulated-classifiers page): Table 7's formulas, Fig. 2 and the runs
Section 5 mentions but does not show, with the group-based simulated classifiers.

:func:`group_formulas`, :func:`fig2` and :func:`section5_variants` are the page's
experiments; :func:`like_fig2a` and :func:`grows_with_folds` the predicates of its
"qualitatively similar" claims; :func:`ours` turns the results into ``{claim id: our value}``.
"""
from __future__ import annotations

import numpy as np

from ... import relational as rel
from ..._checks import Choice, Instance, Integer, Real, Seed, Values, checks
from ..._parallel import progress_bar
from .._experiment import experiment
from .source import ALPHA

__all__ = ["FOLDS_RANK_CORRELATION", "fig2", "group_formulas", "grows_with_folds", "like_fig2a", "ours",
           "section5_variants"]


def _frame(rows):
    import pandas as pd

    return pd.DataFrame(rows)


def _example_frame():
    """A small pandas DataFrame: the common test's valid value for a results-table parameter."""
    import pandas as pd

    return pd.DataFrame({"procedure": ["rrs", "ncv"], "prop_labeled": [0.1, 0.1], "type1_error": [0.2, 0.05]})


# ------------------------------------------------------------------ Table 7


@checks(scale=Choice("book", "paper", "small"), p_err=Values(Real(0, 1)), err_corr=Values(Real(0, 1)),
        n_sets=Integer(1), n_groups=Integer(1), group_count=Integer(1))
@experiment("network-cv-formulas", scales={"book": {}, "paper": {}, "small": {"n_sets": 2000}},
            paper_cost="~1 s")
def group_formulas(*, p_err: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4), err_corr: tuple[float, ...] = (0.0, 0.4, 0.9),
                   n_sets: int = 20_000, n_groups: int = 10, group_count: int = 30):
    """Table 7's probability of misclassifying other groups, printed and corrected, and the error rates.

    For each (P(err), errCorr): P(MG') and the overall error rate under the printed and the
    corrected formula, and the error rates of simulated classifiers A and B (corrected
    formula) on ``n_sets`` test sets (seed ``int(100 P(err) + 10 errCorr)``).

    Parameters
    ----------
    p_err : tuple of float
        The classifiers' error rates.
    err_corr : tuple of float
        The error correlation parameter.
    n_sets : int
        Simulated test sets per setting.
    n_groups : int
        Groups per test set.
    group_count : int
        Instances of each group in a test set.

    Returns
    -------
    pandas.DataFrame
        Indexed by (P(err), errCorr).

    Examples
    --------
    >>> table = group_formulas(p_err=(0.1,), err_corr=(0.9,), n_sets=100)
    >>> round(float(table.loc[(0.1, 0.9), "error rate, printed"]), 3)
    0.271
    """
    rows = []
    for pe in p_err:
        for ec in err_corr:
            share = round(n_groups * pe) / n_groups
            entry = {"P(err)": pe, "errCorr": ec}
            for formula in ("printed", "corrected"):
                p_mg, p_other = rel.group_error_probabilities(pe, ec, formula=formula)
                entry[f"P(MG') {formula}"] = p_other
                entry[f"error rate, {formula}"] = share * p_mg + (1 - share) * p_other
            counts = np.full((n_sets, n_groups), group_count)
            err_a, err_b = rel.group_based_classification(counts, pe, ec, rng=int(100 * pe + 10 * ec))
            entry["simulated A (corrected)"] = err_a.sum() / counts.sum()
            entry["simulated B (corrected)"] = err_b.sum() / counts.sum()
            rows.append(entry)
    return _frame(rows).set_index(["P(err)", "errCorr"])


# ------------------------------------------------------------------------ Fig. 2


@checks(scale=Choice("book", "paper", "small"), prop_labeled=Values(Real(0, 1, closed="neither")),
        p_err=Values(Real(0, 1)), err_corr=Values(Real(0, 1)), n_trials=Integer(1), n_simulations=Integer(1),
        seed_a=Seed(), seed_b=Seed())
@experiment("network-cv-fig2",
            scales={"book": {}, "paper": {}, "small": {"n_trials": 200, "n_simulations": 2}},
            paper_cost="~30 s on 2 cores (870,000 trials)")
def fig2(*, prop_labeled: tuple[float, ...] = (0.1, 0.3, 0.5, 0.7, 0.9), p_err: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4),
         err_corr: tuple[float, ...] = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0), n_trials: int = 1000,
         n_simulations: int = 10, seed_a: int = 2011, seed_b: int = 2012, n_jobs: int | None = None,
         progress: bool = False):
    """Fig. 2: Type I error of RRS, ERS and NCV with the group-based simulated classifiers.

    Fig. 2a varies the share labelled at P(err) = 0.1, errCorr = 0.9; Fig. 2b varies
    P(err) and errCorr at 90% labelled (:func:`evalkit.relational.simulate_group_type1_grid`).

    Parameters
    ----------
    prop_labeled : tuple of float
        Shares labelled of Fig. 2a.
    p_err : tuple of float
        Error rates of Fig. 2b.
    err_corr : tuple of float
        Error correlation parameters of Fig. 2b.
    n_trials : int
        Trials per simulation (the paper: 1000).
    n_simulations : int
        Simulations per point (the paper: 10).
    seed_a : int
        Seed of Fig. 2a.
    seed_b : int
        Seed of Fig. 2b.
    n_jobs : int or None, default None
        Parallel jobs over the simulations of a point (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The result
        does not depend on it.
    progress : bool
        Show progress bars.

    Returns
    -------
    dict
        ``"2a"`` and ``"2b"``: pandas DataFrames, one row per (procedure, P(err), errCorr,
        share labelled).

    Examples
    --------
    >>> runs = fig2(prop_labeled=(0.5,), p_err=(0.1,), err_corr=(0.9,), n_trials=20, n_simulations=1,
    ...             seed_a=0, seed_b=1, n_jobs=1)
    >>> runs["2a"][["procedure", "type1_error"]]
      procedure  type1_error
    0       rrs         0.30
    1       ers         0.35
    2       ncv         0.00
    """
    fig2a = _frame(rel.simulate_group_type1_grid(prop_labeled=prop_labeled, p_err=0.1, err_corr=0.9,
                                                 n_trials=n_trials, n_simulations=n_simulations, n_jobs=n_jobs,
                                                 progress=progress, rng=seed_a))
    fig2b = _frame(rel.simulate_group_type1_grid(prop_labeled=0.9, p_err=p_err, err_corr=err_corr,
                                                 n_trials=n_trials, n_simulations=n_simulations, n_jobs=n_jobs,
                                                 progress=progress, rng=seed_b))
    return {"2a": fig2a, "2b": fig2b}


@checks(scale=Choice("book", "paper", "binder", "small"), prop_labeled=Values(Real(0, 1, closed="neither")),
        exponents=Values(Real(0, None, closed="left")), n_resamples=Values(Integer(2)),
        folds_prop_labeled=Values(Real(0, 1, closed="neither")), n_trials=Integer(1), n_simulations=Integer(1))
@experiment("network-cv-sec5-variants",
            scales={"book": {}, "paper": {}, "binder": {"n_trials": 200, "n_simulations": 2},
                    "small": {"n_trials": 200, "n_simulations": 2}},
            paper_cost="~85 CPU-s, ~45 s on 2 cores (80 points of 10 simulations of 1,000 trials, in 220 units, "
                       "one simulation of a cell each; the book reads the stored run); \"binder\" ~3 s",
            stored=({"scale": "paper"},), data=())
def section5_variants(*, prop_labeled: tuple[float, ...] = (0.1, 0.3, 0.5, 0.7, 0.9),
                      exponents: tuple[float, ...] = (0.5, 1.0, 2.0), n_resamples: tuple[int, ...] = (5, 10, 20, 30, 50),
                      folds_prop_labeled: tuple[float, ...] = (0.5, 0.9), n_trials: int = 1000,
                      n_simulations: int = 10, seed: int = 2013, n_jobs: int | None = None, progress: bool = False):
    """Section 5's runs the paper mentions but does not show, at Fig. 2a's defaults.

    - ``"skewed"``: Fig. 2a with skewed group sizes ("a skewed group-size distribution
      produced qualitatively similar results"): Zipf sizes within each half of the groups
      (:func:`evalkit.relational.skewed_group_weights`) for each exponent;
    - ``"dietterich"``: Fig. 2a without groups ("We also ran Dietterich's original procedure
      with qualitatively similar results"): :func:`evalkit.relational.simulate_instance_type1_error`;
    - ``"folds"``: Type I error of RRS and ERS against the number of resampled test sets
      (Section 3: "the probability of Type I error for random resampling procedures
      increases with the number of resampled folds ... Our simulation experiments confirm
      this finding, but we do not replicate the result here").

    Parameters
    ----------
    prop_labeled : tuple of float
        Shares labelled of the skewed and group-free runs.
    exponents : tuple of float
        Zipf exponents of the skewed runs (0 would be Fig. 2a's equal sizes).
    n_resamples : tuple of int
        Numbers of resampled test sets of the folds run.
    folds_prop_labeled : tuple of float
        Shares labelled of the folds run.
    n_trials, n_simulations : int
        Per point (the paper: 1000 and 10).
    seed : int
        Seed of the whole run (each point gets its own stream from it).
    n_jobs : int or None, default None
        Parallel jobs over the simulations of a point (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The result
        does not depend on it.
    progress : bool
        Show progress bars.

    Returns
    -------
    dict
        ``"skewed"``, ``"dietterich"``, ``"folds"``: pandas DataFrames with one row per
        point: ``type1_error`` (mean over the simulations), ``type1_std`` (across them),
        the point's parameters, ``n_trials`` and ``n_simulations``.

    Examples
    --------
    >>> runs = section5_variants(prop_labeled=(0.5,), exponents=(1.0,), n_resamples=(5,), folds_prop_labeled=(0.5,),
    ...                          n_trials=10, n_simulations=1, seed=0, n_jobs=1)
    >>> runs["skewed"][["procedure", "type1_error"]]
      procedure  type1_error
    0       rrs          0.3
    1       ers          0.3
    2       ncv          0.2
    """
    streams = np.random.default_rng(seed).spawn(1)
    common = {"n_trials": n_trials, "n_simulations": n_simulations, "n_jobs": n_jobs}

    def rows_of(result, **extra):
        return [{**extra, "procedure": result.procedure, "prop_labeled": float(prop),
                 "type1_error": float(result.type1_error[j]), "type1_std": float(result.type1_std[j]),
                 "error_correlation": float(result.mean_error_correlation[j]),
                 "n_trials": n_trials, "n_simulations": n_simulations}
                for j, prop in enumerate(result.prop_labeled)]

    procedures = ("rrs", "ers", "ncv")
    cells = ([("skewed", float(e), p) for e in exponents for p in procedures]
             + [("dietterich", None, p) for p in procedures]
             + [("folds", int(k), p) for p in ("rrs", "ers") for k in n_resamples])
    skewed, dietterich, folds = [], [], []
    for (kind, value, proc), stream in progress_bar(list(zip(cells, streams[0].spawn(len(cells)))),
                                                    progress=progress, desc="Section 5 variants"):
        if kind == "skewed":
            weights = rel.skewed_group_weights(10, exponent=value)
            res = rel.simulate_group_type1_error(proc, prop_labeled=prop_labeled, group_weights=weights, rng=stream,
                                                 **common)
            skewed += rows_of(res, exponent=value)
        elif kind == "dietterich":
            dietterich += rows_of(rel.simulate_instance_type1_error(proc, prop_labeled=prop_labeled, rng=stream,
                                                                    **common))
        else:
            res = rel.simulate_group_type1_error(proc, prop_labeled=folds_prop_labeled, n_resamples=value, rng=stream,
                                                 **common)
            folds += rows_of(res, n_resamples=value)
    return {"skewed": _frame(skewed), "dietterich": _frame(dietterich), "folds": _frame(folds)}


# ------------------------------------------------------------------ the claims


@checks(frame=Instance("DataFrame", example=_example_frame))
def like_fig2a(frame):
    """Fig. 2a's two findings on a run of its design (:func:`section5_variants`).

    Returns ``{"resampling rises": bool, "ncv low": bool}``: RRS's and ERS's Type I error
    at the smallest share labelled exceeds that at the largest by more than two standard
    errors (binomial, over all trials), and NCV stays below 1.5 times the nominal level.

    Parameters
    ----------
    frame : pandas.DataFrame
        One part of :func:`section5_variants`'s result: columns
        ``procedure``, ``prop_labeled``, ``type1_error``, ``n_trials`` and ``n_simulations``.

    Returns
    -------
    dict
        ``"resampling rises"`` and ``"ncv low"``: bools.

    Examples
    --------
    >>> runs = section5_variants(prop_labeled=(0.1, 0.9), exponents=(1.0,), n_resamples=(5, 30),
    ...                          folds_prop_labeled=(0.5,), n_trials=100, n_simulations=1, seed=0, n_jobs=1)
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


@checks(folds=Instance("DataFrame", example=_example_frame))
def grows_with_folds(folds):
    """Whether the Type I error of each (procedure, share labelled) rises with the number of test sets.

    "Rises": Spearman's rank correlation with the number of test sets at least
    ``FOLDS_RANK_CORRELATION``, and the most test sets above the fewest by more than two
    standard errors.

    Parameters
    ----------
    folds : pandas.DataFrame
        The ``"folds"`` part of :func:`section5_variants`'s result.

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


def _fig2_claims(formulas, fig2a, fig2b):
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


def _section5_claims(variants, exponent):
    skewed = variants["skewed"]
    at = skewed[np.isclose(skewed.exponent, exponent)]
    if at.empty:
        raise ValueError(f"exponent={exponent} is not among the skewed runs' exponents {sorted(set(skewed.exponent))}")
    return {
        "neville.sec5.skewed-groups-similar": all(like_fig2a(at).values()),
        "neville.sec5.dietterich-similar": all(like_fig2a(variants["dietterich"]).values()),
        "neville.sec3.folds-increase-type1": all(grows_with_folds(variants["folds"]).values()),
    }


@checks(formulas=Instance("DataFrame", none=True, example=_example_frame),
        fig2=Instance(dict, none=True, example=lambda: {"2a": _example_frame(), "2b": _example_frame()}),
        variants=Instance(dict, none=True, example=lambda: {k: _example_frame() for k in ("skewed", "dietterich", "folds")}),
        exponent=Real(0, None, closed="left"))
def ours(*, formulas=None, fig2=None, variants=None, exponent=1.0):
    """Our value of each claim of Section 5: Table 7 and Fig. 2, and the runs Section 5 does not show.

    Table 7's and Fig. 2's claims come from :func:`group_formulas` and :func:`fig2` (given
    together); the unshown runs' from :func:`section5_variants`: the skewed claim is judged
    at Zipf ``exponent`` (1: the classical Zipf sizes), the group-free one on the
    Dietterich-style run, the folds one on every (procedure, share labelled) series
    (:func:`like_fig2a`, :func:`grows_with_folds`).

    Parameters
    ----------
    formulas : pandas.DataFrame, optional
        :func:`group_formulas`'s table (it must hold P(err) = 0.1, errCorr = 0.9).
    fig2 : dict, optional
        :func:`fig2`'s result (``"2a"``, ``"2b"``); with ``formulas``. None leaves Table 7's
        and Fig. 2's claims out.
    variants : dict, optional
        :func:`section5_variants`'s result (``"skewed"``, ``"dietterich"``, ``"folds"``); None
        leaves the unshown runs' claims out.
    exponent : float, default 1.0
        The Zipf exponent at which the skewed claim is judged (one of the skewed runs').

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> runs = fig2(prop_labeled=(0.1, 0.9), p_err=(0.1, 0.2), err_corr=(0.0, 0.9), n_trials=20,
    ...             n_simulations=1, seed_a=0, seed_b=1, n_jobs=1)
    >>> got = ours(formulas=group_formulas(n_sets=100), fig2=runs)
    >>> round(got["neville.table7.error-rate"], 3)
    0.271
    >>> runs = section5_variants(prop_labeled=(0.1, 0.9), exponents=(1.0,), n_resamples=(5, 10, 30),
    ...                          folds_prop_labeled=(0.5,), n_trials=100, n_simulations=1, seed=0, n_jobs=1)
    >>> ours(variants=runs)["neville.sec3.folds-increase-type1"]
    True
    """
    if (formulas is None) != (fig2 is None):
        raise ValueError("formulas and fig2 come together: Table 7's claims and Fig. 2's are one table")
    out = {}
    if fig2 is not None:
        out.update(_fig2_claims(formulas, fig2["2a"], fig2["2b"]))
    if variants is not None:
        out.update(_section5_claims(variants, exponent))
    return out
