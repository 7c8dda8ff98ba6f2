"""Neville et al. Section 4 (the theorems page): Theorems 1-3 by Monte Carlo, and their claims.

:func:`theorem_grid` checks Theorem 3's observed variance (Theorems 1 and 2 as special
cases) over a grid; :func:`theorem3_delta` compares Theorem 3's Delta by Monte Carlo with
the proof's expression and the statement's; :func:`ours` turns both, with the page's SymPy
checks of the proofs, into ``{claim id: our value}``.
"""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ... import relational as rel
from ..._checks import Array, Choice, Instance, Integer, Real, Values, checks
from .._experiment import experiment

__all__ = ["ours", "theorem3_delta", "theorem_grid"]


def _frame(rows):
    import pandas as pd

    return pd.DataFrame(rows)


def _example_frame():
    import pandas as pd

    return pd.DataFrame({"z": [0.5], "z_proof": [0.5], "z_statement": [0.5]})


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
        One row per cell: n, g, rho, c, the Monte Carlo variance, the formula, their
        difference in Monte Carlo standard errors (z), the Monte Carlo standard error
        (std_error) and the variance of one instance's error the formula is given (sigma2).

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
                                 "formula": theory, "z": (est.variance - theory) / est.std_error,
                                 "std_error": est.std_error, "sigma2": est.sigma2})
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


# ------------------------------------------------------------------ the claims

#: the columns :func:`ours` reads of :func:`theorem_grid`'s table and of :func:`theorem3_delta`'s
_GRID_COLUMNS = ("n", "g", "rho", "c", "Monte Carlo", "z", "std_error", "sigma2")
_DELTA_COLUMNS = ("c", "monte_carlo", "std_error", "z_proof", "z_statement")


def _require_columns(frame, name, columns, made_by):
    missing = [k for k in columns if k not in frame.columns]
    if missing:
        raise ValueError(f"{name} must have the columns of {made_by}'s table ({', '.join(columns)}); "
                         f"missing {missing}")


def _example_t_means():
    """Ten per-sample mean errors of A (first row) and of B (second), seeded: the t statistic's default."""
    rng = np.random.default_rng(0)
    return np.array([rng.normal(0.2, 0.02, 10), rng.normal(0.2, 0.02, 10)])


def _within(estimates, claimed, std_errors, z_max):
    """Every estimate within ``z_max`` standard errors of its claimed value; None when there is none."""
    ok = np.abs(np.asarray(estimates, dtype=float) - np.asarray(claimed, dtype=float)) < z_max * np.asarray(std_errors)
    return bool(ok.all()) if ok.size else None


def _rises(values, std_errors, z_max):
    """Whether ``values`` (in the order of their variable) rise, within Monte Carlo error.

    No step falls by more than ``z_max`` standard errors of the step, and the last value
    exceeds the first by more than ``z_max`` of theirs (the errors taken as independent,
    which overstates them where two estimates share a draw); None for fewer than two values.
    """
    v, se = np.asarray(values, dtype=float), np.asarray(std_errors, dtype=float)
    if v.size < 2:
        return None
    falls = np.diff(v) < -z_max * np.hypot(se[1:], se[:-1])
    return bool(not falls.any() and v[-1] - v[0] > z_max * np.hypot(se[0], se[-1]))


def _delta_rises_with_rho(grid, z_max):
    """Whether the grid's Monte Carlo Delta, Var(c = 0) - Var(c), rises with rho at each (n, g, c).

    Over the cells with ``g > 1`` (with ``g = 1`` no two errors share a group and rho
    changes nothing) and ``c > 0`` (no overlap, no Delta) that have the cell with ``c = 0``
    and the same (n, g, rho); None when no (n, g, c) has two such values of rho.
    """
    base = grid[grid.c == 0].set_index(["n", "g", "rho"])
    verdicts = []
    for _, cells in grid[(grid.c > 0) & (grid.g > 1)].groupby(["n", "g", "c"]):
        cells = cells[[key in base.index for key in zip(cells.n, cells.g, cells.rho)]].sort_values("rho")
        if len(cells) < 2:
            continue
        corr = base.loc[list(zip(cells.n, cells.g, cells.rho))]
        delta = corr["Monte Carlo"].to_numpy() - cells["Monte Carlo"].to_numpy()
        verdicts.append(_rises(delta, np.hypot(corr.std_error.to_numpy(), cells.std_error.to_numpy()), z_max))
    return all(verdicts) if verdicts else None


def _both(*parts):
    """The conjunction of predicates that may be undecided (None): False wins, then None."""
    return False if False in parts else None if None in parts else True


@checks(grid=Instance("DataFrame", example=_example_frame), delta=Instance("DataFrame", example=_example_frame),
        algebra=Instance(Mapping, "Series", example=dict), z_max=Real(0, None, closed="neither"),
        t_means=Array(ndim=2, none=True), t_n=Integer(1))
def ours(grid, delta, algebra, *, z_max=4.0, t_means=None, t_n=300):
    """Our value of each claim of Section 4 (Theorems 1-3), from the Monte Carlo grid, the Delta and SymPy.

    The theorems are decided on the grid's cells (Theorem 1 where ``c = 0``, Theorem 2
    where ``rho = 0``); the two underestimates on the same cells, as the Monte Carlo
    variance's distance from the sigma^2/n of independent, non-overlapping samples;
    Delta's growth on ``delta`` (in c) and on the grid (in rho, Delta being the variance
    at ``c = 0`` less that at ``c``); Delta >= 0 on the proof's expression at the grid's
    cells; the proofs on ``algebra``; the printed t statistic against SciPy's on ``t_means``.

    Parameters
    ----------
    grid : pandas.DataFrame
        :func:`theorem_grid`.
    delta : pandas.DataFrame
        :func:`theorem3_delta`.
    algebra : mapping or pandas.Series
        Step name -> simplified difference (SymPy), as the theorems chapter builds it; a
        step holds when its difference is 0.
    z_max : float
        Largest deviation, in Monte Carlo standard errors, still counted as agreement (and
        smallest counted as a rise or a fall of Delta).
    t_means : array_like of shape (2, k), optional
        The per-sample mean errors over which the unpaired t test runs: algorithm A's
        (first row) and B's (second), ``k >= 2`` each. None: ten of each drawn from a
        normal of mean 0.2 and standard deviation 0.02 (seed 0).
    t_n : int, default 300
        The ``n`` of the printed statistic's ``sqrt(2/n)``: the instances per sample of
        the paper's experiments. The printed form is SciPy's statistic only when it is
        the number of per-sample means, ``k``.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative
        one (None where the inputs cannot decide it: a claim of the grid's cells without
        such a cell, Delta's growth without two values of c or of rho to compare).

    Examples
    --------
    >>> grid = theorem_grid(n=(30,), g=(1, 5), rho=(0.0, 0.5), share_common=(0.0, 0.5), n_samples=500)
    >>> delta = theorem3_delta(c_max=2, n_samples=2000, seed=1)
    >>> ours(grid, delta, {})["neville.thm3.delta-nonnegative"]
    True
    >>> means = np.random.default_rng(1).normal(0.2, 0.02, (2, 10))
    >>> [ours(grid, delta, {}, t_means=means, t_n=n)["neville.thm3.t-statistic"] for n in (10, 300)]
    [True, False]
    """
    _require_columns(grid, "grid", _GRID_COLUMNS, "theorem_grid")
    _require_columns(delta, "delta", _DELTA_COLUMNS, "theorem3_delta")
    means = _example_t_means() if t_means is None else np.asarray(t_means, dtype=float)
    if means.shape[0] != 2 or means.shape[1] < 2:
        raise ValueError(f"t_means must have 2 rows (A's and B's per-sample means) of at least 2 each; "
                         f"got shape {means.shape}")

    def zero(prefix):
        return all(v == 0 for k, v in algebra.items() if k.startswith(prefix))

    z = grid.z.abs()
    n, g, rho, c = (np.array(grid[k], dtype=float) for k in ("n", "g", "rho", "c"))
    d = rel.variance_underestimate(n, g, rho, c)
    # ignoring the correlation (Theorem 1's cells), or the overlap (Theorem 2's): sigma^2/n against the simulation
    t1, t2 = grid[grid.c == 0], grid[grid.rho == 0]
    under1 = _within(t1["Monte Carlo"] - t1.sigma2 / t1.n, t1.rho * (t1.g - 1) * t1.sigma2 / t1.n, t1.std_error, z_max)
    under2 = _within(t2.sigma2 / t2.n - t2["Monte Carlo"], t2.c * t2.sigma2 / t2.n**2, t2.std_error, z_max)
    by_c = delta.sort_values("c")
    grows = _both(_rises(by_c.monte_carlo, by_c.std_error, z_max), _delta_rises_with_rho(grid, z_max))
    # the t statistic over the k per-sample means, as printed (sqrt(2/n)), against scipy's
    from scipy import stats

    a, b = means
    pooled = (a.var(ddof=1) + b.var(ddof=1)) / 2
    t_printed = (a.mean() - b.mean()) / (np.sqrt(pooled) * np.sqrt(2 / t_n))
    return {
        "neville.thm1.statement": bool((z[grid.c == 0] < z_max).all()),
        "neville.thm1.proof": zero("Thm 1"),
        "neville.thm1.underestimate": under1,
        "neville.thm2.statement": bool((z[grid.rho == 0] < z_max).all()),
        "neville.thm2.proof": zero("Thm 2"),
        "neville.thm2.underestimate": under2,
        "neville.thm3.var-obs": bool((z < z_max).all()) and zero("Thm 3: pair count"),
        "neville.thm3.statement": bool((delta.z_statement.abs() < z_max).all()) and zero("Thm 3: Var_corr - Var_obs -> statement"),
        "neville.thm3.proof-delta": bool((delta.z_proof.abs() < z_max).all()) and zero("Thm 3: Var_corr - Var_obs -> proof"),
        "neville.thm3.delta-nonnegative": bool(np.all(d >= 0)),
        "neville.thm3.delta-grows": grows,
        "neville.thm3.t-statistic": bool(np.isclose(t_printed, stats.ttest_ind(a, b).statistic)),
    }
