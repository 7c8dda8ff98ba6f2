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
from ..._checks import Choice, Instance, Integer, Real, Values, checks
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


# ------------------------------------------------------------------ the claims


@checks(grid=Instance("DataFrame", example=_example_frame), delta=Instance("DataFrame", example=_example_frame),
        algebra=Instance(Mapping, "Series", example=dict), z_max=Real(0, None, closed="neither"))
def ours(grid, delta, algebra, *, z_max=4.0):
    """Our value of each claim of Section 4 (Theorems 1-3), from the Monte Carlo grid, the Delta and SymPy.

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
        Largest deviation, in Monte Carlo standard errors, still counted as agreement.

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one.

    Examples
    --------
    >>> grid = theorem_grid(n=(30,), g=(1, 5), rho=(0.0, 0.5), share_common=(0.0, 0.5), n_samples=500)
    >>> delta = theorem3_delta(c_max=2, n_samples=2000, seed=1)
    >>> ours(grid, delta, {})["neville.thm3.delta-nonnegative"]
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
