"""Neville et al. Sections 2-5: test-set overlap (Tables 1-3), the simulated classifiers (Table 7, Fig. 2,
Section 5's unshown runs) and Theorems 1-3."""
from __future__ import annotations

import numpy as np

from ... import relational as rel
from ..._checks import Choice, Integer, Real, Seed, Values, checks
from ...resampling import network_split_masks
from .._experiment import experiment

__all__ = ["fig2", "group_formulas", "resampling_overlap", "section5_variants", "theorem3_delta", "theorem_grid"]


def _frame(rows):
    import pandas as pd

    return pd.DataFrame(rows)


# ------------------------------------------------------------- Tables 1-3, Table 7


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


@checks(scale=Choice("book", "paper", "small"), prop_labeled=Values(Real(0, 1, closed="neither")),
        exponents=Values(Real(0, None, closed="left")), n_resamples=Values(Integer(2)),
        folds_prop_labeled=Values(Real(0, 1, closed="neither")), n_trials=Integer(1), n_simulations=Integer(1))
@experiment("network-cv-sec5-variants",
            scales={"book": {"n_simulations": 5}, "paper": {}, "small": {"n_trials": 200, "n_simulations": 2}},
            paper_cost="~40 s on 2 cores (1.1 million trials)")
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

    from ..._parallel import progress_bar

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


# ------------------------------------------------------------------ Theorems 1-3


@checks(scale=Choice("book", "paper", "small"), n=Values(Integer(1)), g=Values(Integer(1)), rho=Values(Real(0, 1)),
        share_common=Values(Real(0, 1, closed="left")), n_samples=Integer(2))
@experiment("network-cv-theorems", scales={"book": {}, "paper": {}, "small": {"n_samples": 2000}},
            paper_cost="~5 s on 1 core")
def theorem_grid(*, n: tuple[int, ...] = (30, 100, 300), g: tuple[int, ...] = (1, 5, 10),
                 rho: tuple[float, ...] = (0.0, 0.3, 0.9), share_common: tuple[float, ...] = (0.0, 0.5, 0.9),
                 n_samples: int = 20_000):
    """Theorem 3's observed variance (Theorems 1 and 2 as special cases) against Monte Carlo.

    Each cell of the grid simulates the model the proofs assume
    (:func:`evalkit.relational.simulate_mean_variance`, cell ``i`` with seed ``i``).

    Parameters
    ----------
    n : tuple of int
        Sample sizes.
    g : tuple of int
        Group sizes.
    rho : tuple of float
        Within-group error correlations.
    share_common : tuple of float
        Shares of the sample common to every sample (c = int(share * n)).
    n_samples : int
        Simulated samples per cell.

    Returns
    -------
    pandas.DataFrame
        One row per cell: n, g, rho, c, the Monte Carlo variance, the formula, and their
        difference in Monte Carlo standard errors (z).

    Examples
    --------
    >>> grid = theorem_grid(n=(30,), g=(5,), rho=(0.5,), share_common=(0.0,), n_samples=500)
    >>> round(float(grid["formula"][0]), 4)
    0.009
    """
    rows = []
    cell = 0
    for n_ in n:
        for g_ in g:
            for rho_ in rho:
                for share in share_common:
                    c_ = int(share * n_)
                    est = rel.simulate_mean_variance(n_, g_, rho_, c_, n_samples=n_samples, rng=cell)
                    cell += 1
                    theory = rel.variance_observed(n_, g_, rho_, c_, est.sigma2)
                    rows.append({"n": n_, "g": g_, "rho": rho_, "c": c_, "Monte Carlo": est.variance,
                                 "formula": theory, "z": (est.variance - theory) / est.std_error})
    return _frame(rows)


@checks(scale=Choice("book", "paper", "small"), n=Integer(1), g=Integer(1), rho=Real(0, 1), c_max=Integer(1),
        n_samples=Integer(2), seed=Integer(0))
@experiment("network-cv-theorem3", scales={"book": {}, "paper": {}, "small": {"n_samples": 20_000}},
            paper_cost="~5 s on 1 core")
def theorem3_delta(*, n: int = 20, g: int = 10, rho: float = 0.9, c_max: int = 10, n_samples: int = 200_000,
                   seed: int = 100):
    """Theorem 3's Delta by Monte Carlo, against the proof's expression and the statement's.

    Delta(c) = Var_corr - Var_obs(c) for c = 1 .. c_max, each variance simulated
    (Var_corr with seed ``seed``, Var_obs(c) with ``2 seed + c``).

    Parameters
    ----------
    n : int
        Sample size.
    g : int
        Group size.
    rho : float
        Within-group error correlation.
    c_max : int
        Largest number of common instances.
    n_samples : int
        Simulated samples per estimate.
    seed : int
        Seed of the estimate of Var_corr.

    Returns
    -------
    pandas.DataFrame
        One row per c: the Monte Carlo Delta, its standard error, the proof's and the
        statement's Delta, and the deviations from each in standard errors.

    Examples
    --------
    >>> delta = theorem3_delta(c_max=2, n_samples=2000, seed=1)
    >>> delta["c"].tolist(), round(float(delta["proof"][0]), 4)
    ([1, 2], 0.0039)
    """
    cs = np.arange(1, c_max + 1)
    corr = rel.simulate_mean_variance(n, g, rho, 0, n_samples=n_samples, rng=seed)
    mc, se = [], []
    for c_ in cs:
        obs = rel.simulate_mean_variance(n, g, rho, int(c_), n_samples=n_samples, rng=2 * seed + int(c_))
        mc.append(corr.variance - obs.variance)
        se.append(np.hypot(corr.std_error, obs.std_error))
    mc, se = np.array(mc), np.array(se)
    proof = rel.variance_underestimate(n, g, rho, cs, corr.sigma2)
    statement = rel.variance_underestimate(n, g, rho, cs, corr.sigma2, form="statement")
    return _frame({"c": cs, "monte_carlo": mc, "std_error": se, "proof": proof, "statement": statement,
                   "z_proof": (mc - proof) / se, "z_statement": (mc - statement) / se})
