"""The distance chapter, Table 2: the surrogate ranking simulation of Yang, Lichtenwalter & Chawla (2015).

:func:`surrogate_auroc` simulates the AUROC of a sampled test set and of the whole one when
the positives' places among the negatives follow the paper's surrogate ranking, and
:func:`surrogate_moments` gives what it converges to, in closed form. :func:`table2` runs the
simulation with the counts of our Condmat task (:func:`table2_counts`),
:func:`table2_closed_form` gives what it converges to for each network's counts, and
:func:`table2_implied` the counts that make the closed form closest to the printed table.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .... import linkpred
from ...._checks import Array, Choice, Instance, Integer, Jobs, Real, Values, checks
from ...._parallel import parallel_map
from ...._results import result
from ...._validation import check_positive_int
from ..._experiment import experiment
from ..setups import DISTANCE_NETWORKS, NETWORKS, Network, task

__all__ = ["SurrogateMoments", "SurrogateResult", "surrogate_auroc", "surrogate_moments", "table2",
           "table2_closed_form", "table2_counts", "table2_implied"]

_SURROGATE = dict(p_s=Integer(1), n_s=Integer(1), p_f=Integer(1), n_f=Integer(1), alpha=Real(0, 1, closed="right"),
                  beta=Real(1, None))


# ---------------------------------------------------------------------- surrogate


@checks(_same_length=[("auroc_sub", "auroc_full")], alpha=_SURROGATE["alpha"], beta=_SURROGATE["beta"],
        auroc_sub=Array(ndim=1, kind="real"), auroc_full=Array(ndim=1, kind="real"))
@result
class SurrogateResult:
    """The surrogate ranking simulation of Yang et al.'s Table 2 for one (alpha, beta).

    Parameters
    ----------
    alpha : float
        Top fraction of the ranking the positives take.
    beta : float
        Spread factor of the sub-problem's positives in the full problem.
    auroc_sub : ndarray
        Simulated AUROC of the sub-problem ``P_sub``.
    auroc_full : ndarray
        Simulated AUROC of the full problem ``P_full``.

    Examples
    --------
    >>> r = SurrogateResult(0.2, 10.0, np.array([0.9, 0.8]), np.array([0.95, 0.9]))
    >>> round(r.expected_auroc_sub, 2), r.difference.round(2).tolist()
    (0.85, [0.05, 0.1])
    """

    alpha: float
    beta: float
    auroc_sub: np.ndarray = field(repr=False)
    auroc_full: np.ndarray = field(repr=False)

    @property
    def difference(self):
        return self.auroc_full - self.auroc_sub

    @property
    def sigmas(self):
        """Mean difference in units of its standard deviation over the simulations."""
        d = self.difference
        return float(d.mean() / d.std(ddof=1))

    @property
    def expected_auroc_sub(self):
        return float(self.auroc_sub.mean())


def _auroc_from_position_sums(sums, p, n_total):
    """AUROC of rankings (no ties) from the sums of the 0-based positions of their ``p`` positives."""
    n = n_total - p
    return 1.0 - (sums - p * (p - 1) / 2) / (p * n)


def _surrogate_places(p_s, n_s, p_f, n_f, alpha, beta):
    """Check the surrogate's arguments; the numbers of top places each group of positives takes."""
    for name, v in (("p_s", p_s), ("n_s", n_s), ("p_f", p_f), ("n_f", n_f)):
        check_positive_int(v, name)
    if not (p_s <= p_f and n_s <= n_f):
        raise ValueError(f"the sub-problem must be part of the full one: need p_s <= p_f and n_s <= n_f; "
                         f"got p_s={p_s}, p_f={p_f}, n_s={n_s}, n_f={n_f}")
    if not 0 < alpha <= 1:
        raise ValueError(f"alpha must lie in (0, 1]; got {alpha!r}")
    if not beta >= 1:
        raise ValueError(f"beta must be at least 1; got {beta!r}")
    N_s, N_f = p_s + n_s, p_f + n_f
    m_sub = max(p_s, int(alpha * N_s))
    m1 = min(N_f, max(p_s, int(alpha * N_s * beta)))
    m2 = min(N_f, max(p_f, int(alpha * N_f)))
    return m_sub, m1, m2


@checks(**_SURROGATE, n_simulations=Integer(2))
def surrogate_auroc(p_s, n_s, p_f, n_f, alpha, beta, *, n_simulations=1000, rng=None):
    """Simulate the AUROC of a sub-problem and of the full problem (Yang et al., Section 4.2).

    In ``P_sub`` (``p_s`` positives, ``n_s`` negatives) the positives take random places
    among the top ``alpha (p_s + n_s)`` of the ranking. In ``P_full`` (``p_f`` positives,
    ``n_f`` negatives, ``P_sub`` a part of it) ``p_s`` positives take random places among
    the top ``alpha (p_s + n_s) beta`` and the other ``p_f - p_s`` random free places among
    the top ``alpha (p_f + n_f)``. Places are drawn without replacement (exactly), and
    the AUROC of a ranking without ties follows from the positives' places.
    :func:`surrogate_moments` gives what the simulation converges to.

    Parameters
    ----------
    p_s, n_s : int
        Positives and negatives of the sub-problem.
    p_f, n_f : int
        Positives and negatives of the full problem (``p_s <= p_f``, ``n_s <= n_f``).
    alpha : float
        Top fraction of the ranking the positives take, in (0, 1].
    beta : float
        Spread factor, at least 1, of the sub-problem's positives in the full problem.
    n_simulations : int, default 1000
        Simulated rankings (at least 2).
    rng : seed or Generator, optional
        Source of randomness.

    Returns
    -------
    SurrogateResult

    Examples
    --------
    >>> r = surrogate_auroc(100, 10_000, 400, 1_000_000, 0.2, 10, n_simulations=200, rng=0)
    >>> round(r.expected_auroc_sub, 2), bool(r.sigmas > 2)
    (0.9, True)
    """
    m_sub, m1, m2 = _surrogate_places(p_s, n_s, p_f, n_f, alpha, beta)
    n_simulations = check_positive_int(n_simulations, "n_simulations", minimum=2)
    rng = np.random.default_rng(rng)
    sub = np.empty(n_simulations)
    full = np.empty(n_simulations)
    for i in range(n_simulations):
        sub[i] = rng.choice(m_sub, p_s, replace=False, shuffle=False).sum()
        first = np.sort(rng.choice(m1, p_s, replace=False, shuffle=False))
        # the others: p_f - p_s of the places in [0, m2) not taken by the first ones
        taken = first[first < m2]
        x = rng.choice(m2 - taken.size, p_f - p_s, replace=False, shuffle=False)
        x = x + np.searchsorted(taken - np.arange(taken.size), x, side="right")
        full[i] = first.sum() + x.sum()
    return SurrogateResult(float(alpha), float(beta), _auroc_from_position_sums(sub, p_s, p_s + n_s),
                           _auroc_from_position_sums(full, p_f, p_f + n_f))


@checks(alpha=_SURROGATE["alpha"], beta=_SURROGATE["beta"], mean_sub=Real(), mean_full=Real(), sd_sub=Real(0, None),
        sd_full=Real(0, None))
@dataclass(frozen=True)
class SurrogateMoments:
    """Means and standard deviations of the surrogate's two AUROCs (:func:`surrogate_moments`).

    ``sigmas`` is the mean difference (full minus sub) over the standard deviation of
    the difference: what :attr:`SurrogateResult.sigmas` converges to.

    Parameters
    ----------
    alpha : float
        Top fraction of the ranking the positives take.
    beta : float
        Spread factor of the sub-problem's positives in the full problem.
    mean_sub : float
        Mean AUROC of the sub-problem.
    mean_full : float
        Mean AUROC of the full problem.
    sd_sub : float
        Standard deviation of the sub-problem's AUROC.
    sd_full : float
        Standard deviation of the full problem's AUROC.

    Examples
    --------
    >>> SurrogateMoments(0.2, 10.0, 0.90, 0.93, 0.006, 0.008).sigmas
    3.0
    """

    alpha: float
    beta: float
    mean_sub: float
    mean_full: float
    sd_sub: float
    sd_full: float

    @property
    def sigmas(self):
        """Mean difference in units of its standard deviation."""
        return (self.mean_full - self.mean_sub) / float(np.hypot(self.sd_sub, self.sd_full))


def _uniform_sum_moments(p, m):
    """Mean and variance of the sum of ``p`` places drawn without replacement from ``0 .. m-1``."""
    return p * (m - 1) / 2, p * (m + 1) * (m - p) / 12


@checks(**_SURROGATE)
def surrogate_moments(p_s, n_s, p_f, n_f, alpha, beta):
    """What :func:`surrogate_auroc` converges to: the means and spreads of both AUROCs, in closed form.

    The AUROC of a ranking with ``p`` positives and ``n`` negatives is
    ``1 - (S - p (p - 1) / 2) / (p n)``, with ``S`` the sum of the positives' places
    (0-based). In ``P_sub``, ``S`` sums ``p_s`` places drawn without replacement from
    the top ``m = alpha (p_s + n_s)``: mean ``p_s (m - 1) / 2``, variance
    ``p_s (m + 1) (m - p_s) / 12``. In ``P_full`` the ``p_s`` places among the top
    ``m1 = alpha (p_s + n_s) beta`` have these moments, and the other ``p_f - p_s`` are
    drawn from the ``m2 = alpha (p_f + n_f)`` top places less those taken (their mean is
    exact in expectation; their variance is taken as if from all ``m2`` places and
    independent of the first group's, which neglects terms of relative order
    ``p_f / m2``). When the positives are few beside the places they take (``p_s`` much
    smaller than ``m``, ``p_f`` than ``m2``) and ``m1`` is at most ``p_f + n_f``, this
    gives, with ``s = p_s / p_f`` and
    ``r = (p_s + n_s) / (p_f + n_f)``,

    ``sigmas ~ s sqrt(3 p_s) (1 - beta r) / sqrt(1 + s (1 - s) + s**2 beta**2 r**2)``,

    free of ``alpha``: pooling raises the AUROC only while ``beta r < 1``.

    Parameters
    ----------
    p_s, n_s : int
        Positives and negatives of the sub-problem.
    p_f, n_f : int
        Positives and negatives of the full problem (``p_s <= p_f``, ``n_s <= n_f``).
    alpha : float
        Top fraction of the ranking the positives take, in (0, 1].
    beta : float
        Spread factor, at least 1, of the sub-problem's positives in the full problem.

    Returns
    -------
    SurrogateMoments

    Examples
    --------
    >>> m = surrogate_moments(100, 10_000, 400, 1_000_000, 0.2, 10)
    >>> round(m.mean_sub, 3), round(m.mean_full, 3), round(m.sigmas, 1)
    (0.904, 0.923, 3.0)
    """
    m_sub, m1, m2 = _surrogate_places(p_s, n_s, p_f, n_f, alpha, beta)
    mean_s, var_s = _uniform_sum_moments(p_s, m_sub)
    mean_1, var_1 = _uniform_sum_moments(p_s, m1)
    # the first group's expected number and place sum inside [0, m2), which the others avoid
    inside = p_s * min(m1, m2) / m1
    inside_sum = inside * (min(m1, m2) - 1) / 2
    p2 = p_f - p_s
    mean_2 = p2 * (m2 * (m2 - 1) / 2 - inside_sum) / (m2 - inside)
    var_2 = _uniform_sum_moments(p2, m2)[1] if p2 else 0.0

    def auroc(mean_sum, p, n):
        return 1.0 - (mean_sum - p * (p - 1) / 2) / (p * n)

    return SurrogateMoments(float(alpha), float(beta), auroc(mean_s, p_s, n_s), auroc(mean_1 + mean_2, p_f, n_f),
                            float(np.sqrt(var_s)) / (p_s * n_s), float(np.sqrt(var_1 + var_2)) / (p_f * n_f))


# ---------------------------------------------------------------------- Table 2

_ALPHAS = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
_BETAS = (10, 20, 30, 40, 50)


def _example_cells():
    """A printed-Table-2-shaped frame (index alpha, columns beta): the common test's valid ``paper_cells``."""
    import pandas as pd

    return pd.DataFrame(np.full((len(_ALPHAS), len(_BETAS)), 3.0), index=list(_ALPHAS), columns=list(_BETAS))


#: simulations of one unit of :func:`table2` (a cell's simulations are split into units of about this many)
_CHUNK = 10_000


def _table2_unit(counts, alpha, beta, simulations, seed):
    """One unit of :func:`table2`: ``simulations`` surrogate rankings of one cell, as moments."""
    r = surrogate_auroc(*counts, alpha, beta, n_simulations=simulations, rng=seed)
    d = r.difference
    return {"n": simulations, "mean_sub": float(r.auroc_sub.mean()), "mean_full": float(r.auroc_full.mean()),
            "mean_difference": float(d.mean()), "m2_difference": float(((d - d.mean()) ** 2).sum())}


def _pooled(units):
    """The moments of a cell's units pooled in order (Chan, Golub & LeVeque's update)."""
    n, mean_sub, mean_full, mean_d, m2 = 0, 0.0, 0.0, 0.0, 0.0
    for u in units:
        total = n + u["n"]
        delta = u["mean_difference"] - mean_d
        m2 += u["m2_difference"] + delta ** 2 * n * u["n"] / total
        mean_d += delta * u["n"] / total
        mean_sub += (u["mean_sub"] - mean_sub) * u["n"] / total
        mean_full += (u["mean_full"] - mean_full) * u["n"] / total
        n = total
    return {"sigmas": mean_d / np.sqrt(m2 / (n - 1)), "mean_auroc_sub": mean_sub, "mean_auroc_full": mean_full}


@checks(scale=Choice("book", "paper", "binder"), simulations=Integer(2), alphas=Values(Real(0, 1, closed="neither")),
        betas=Values(Integer(1)), n_jobs=Jobs())
@experiment("link-prediction-table2", scales={"book": {"simulations": 100_000, "seed": 0},
                                              "paper": {"simulations": 100_000, "seed": 0},
                                              "binder": {"simulations": 2_000, "seed": 0}},
            paper_cost="~15 min on 1 core (400 units of 10,000 simulations; the book reads the stored run); "
                       "\"binder\" (2,000 simulations a cell) ~20 s",
            stored=({"scale": "paper"},), data=("temporal/cond-mat",))
def table2(*, simulations: int = 100_000, seed: int = 0, alphas: tuple[float, ...] = _ALPHAS,
           betas: tuple[int, ...] = _BETAS, n_jobs: int | None = None, progress: bool = False):
    """Table 2 of Yang et al.: the surrogate simulation, with the counts of our Condmat task.

    Parameters
    ----------
    simulations : int
        Simulations per (alpha, beta) cell (the paper: 100,000), run in units of about
        10,000, each with its own seed spawned from ``seed``, cell by cell (alpha-major).
    seed : int
        Seed of the units' seeds.
    alphas : tuple of float
        Top fractions alpha of the ranking.
    betas : tuple of int
        Spread factors beta of the sub-problem's positives in the full problem.
    n_jobs : int or None, default None
        Parallel jobs over the units (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The results
        do not depend on it.
    progress : bool
        Show a progress bar over the units.

    Returns
    -------
    list of dict
        One row per cell: alpha, beta, sigmas (the mean difference of the two AUROCs over
        its standard deviation across simulations), mean AUROC of both problems, and the
        counts.

    Examples
    --------
    The counts come from Condmat's task (slow to build), so that line is not run; one cell
    of the simulation with CollegeMsg's counts, seeded:

    >>> rows = table2(simulations=20, seed=0, alphas=(0.5,), betas=(10,))  # doctest: +SKIP
    >>> cell = surrogate_auroc(152, 342491, 302, 1658058, 0.5, 10, n_simulations=20, rng=0)
    >>> round(float(cell.sigmas), 2)
    -7.81
    """
    counts = table2_counts("Condmat")
    p_s, n_s, p_f, n_f = counts.values()
    cells = [(a, b) for a in alphas for b in betas]
    sizes = [len(part) for part in np.array_split(np.arange(simulations), -(-simulations // _CHUNK))]
    seeds = np.random.SeedSequence(seed).spawn(len(cells) * len(sizes))
    tasks = [((p_s, n_s, p_f, n_f), a, b, size, seeds[i * len(sizes) + j])
             for i, (a, b) in enumerate(cells) for j, size in enumerate(sizes)]
    units = parallel_map(_table2_unit, tasks, n_jobs=n_jobs, progress=progress, desc="Table 2 units")
    rows = []
    for i, (a, b) in enumerate(cells):
        pooled = _pooled(units[i * len(sizes):(i + 1) * len(sizes)])
        rows.append({"alpha": a, "beta": b, **pooled, "simulations": simulations,
                     "p_s": p_s, "n_s": n_s, "p_f": p_f, "n_f": n_f})
    return rows


@checks(name=Choice(*NETWORKS))
def table2_counts(name: Network = "Condmat"):
    """The counts Table 2's simulation needs, from a network's task.

    Parameters
    ----------
    name : str, default 'Condmat'
        One of ``NETWORKS``.

    Returns
    -------
    dict
        ``p_s``, ``n_s``: positives and negatives at distance 2 (the sub-problem);
        ``p_f``, ``n_f``: over all candidate pairs (the full problem).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> table2_counts("CollegeMsg")  # doctest: +SKIP
    {'p_s': 152, 'n_s': 342491, 'p_f': 302, 'n_f': 1658058}
    """
    t = task(name)
    counts = linkpred.distance_counts(t.adjacency, t.positives)
    at2 = counts.distance == 2
    return {"p_s": int(counts.positives[at2][0]), "n_s": int(counts.negatives[at2][0]),
            "p_f": int(counts.positives.sum()), "n_f": int(counts.negatives.sum())}


def _closed_form_rows(label, counts, alphas, betas):
    rows = []
    for a in alphas:
        for b in betas:
            m = surrogate_moments(counts["p_s"], counts["n_s"], counts["p_f"], counts["n_f"], a, b)
            rows.append({"counts": label, "alpha": a, "beta": b, "sigmas": m.sigmas,
                         "N_f / N_s": (counts["p_f"] + counts["n_f"]) / (counts["p_s"] + counts["n_s"]),
                         "p_s / p_f": counts["p_s"] / counts["p_f"], **counts})
    return rows


@checks(networks=Values(Choice(*NETWORKS)), alphas=Values(Real(0, 1, closed="neither")), betas=Values(Integer(1)))
def table2_closed_form(*, networks: tuple[Network, ...] = DISTANCE_NETWORKS, alphas: tuple[float, ...] = _ALPHAS,
                       betas: tuple[int, ...] = _BETAS):
    """Table 2 at the paper's scale: what its simulation converges to, with each network's counts.

    :func:`surrogate_moments` for every cell, so no simulation noise.

    Parameters
    ----------
    networks : tuple of str
        Networks whose counts are used.
    alphas : tuple of float
        Top fractions alpha of the ranking.
    betas : tuple of int
        Spread factors beta.

    Returns
    -------
    pandas.DataFrame
        One row per network and cell: ``counts`` (the network), alpha, beta, sigmas,
        ``N_f / N_s``, ``p_s / p_f`` and the four counts.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> table = table2_closed_form(networks=("CollegeMsg",), alphas=(0.5,), betas=(10,))  # doctest: +SKIP
    >>> table["sigmas"].round(3).tolist()  # doctest: +SKIP
    [-7.149]
    """
    import pandas as pd

    return pd.DataFrame([row for name in networks
                         for row in _closed_form_rows(name, table2_counts(name), alphas, betas)])


@checks(paper_cells=Instance("DataFrame", example=_example_cells), n_nodes=Integer(100),
        share=Real(0, 1, closed="right"), alphas=Values(Real(0, 1, closed="neither")), betas=Values(Integer(1)))
def table2_implied(paper_cells, *, n_nodes: int, share: float, alphas: tuple[float, ...] = _ALPHAS,
                   betas: tuple[int, ...] = _BETAS):
    """The counts that make the closed-form Table 2 closest to a printed one.

    The closed form depends on the counts through ``r = N_s / N_f`` (the sub-problem's
    share of the candidate pairs) and ``p_s`` given the positives' share ``s = p_s / p_f``
    (:func:`surrogate_moments`). With ``N_f`` the pairs of ``n_nodes``
    nodes and ``s`` given, this finds the ``r`` and ``p_s`` whose closed-form cells are
    nearest the printed ones in least squares: a grid over both, then each refined in
    turn, twice.

    Parameters
    ----------
    paper_cells : pandas.DataFrame
        The printed sigmas, indexed by alpha, with the betas as columns.
    n_nodes : int
        Nodes of the network whose counts the table used (``N_f`` is their pairs).
    share : float
        Assumed ``p_s / p_f``.
    alphas : tuple of float
        The printed table's alphas (its index).
    betas : tuple of int
        The printed table's betas (its columns).

    Returns
    -------
    dict
        ``counts`` (p_s, n_s, p_f, n_f), ``N_f / N_s``, ``rms`` (of closed form minus
        printed) and ``table`` (the closed-form cells, like ``paper_cells``).

    Examples
    --------
    >>> import pandas as pd
    >>> printed = pd.DataFrame([[-7.149]], index=[0.5], columns=[10])
    >>> implied = table2_implied(printed, n_nodes=1000, share=0.5, alphas=(0.5,), betas=(10,))
    >>> sorted(implied), implied["rms"] < 0.1
    (['N_f / N_s', 'counts', 'rms', 'table'], True)
    """
    import pandas as pd

    n_pairs = n_nodes * (n_nodes - 1) // 2
    target = paper_cells.loc[list(alphas), list(betas)].to_numpy(dtype=float)

    def counts_of(r, p_s):
        p_s = int(round(p_s))
        p_f = max(p_s, int(round(p_s / share)))
        n_sub = max(p_s + 1, int(round(r * n_pairs)))
        return {"p_s": p_s, "n_s": n_sub - p_s, "p_f": p_f, "n_f": n_pairs - p_f}

    def cells(c):
        return np.array([[surrogate_moments(c["p_s"], c["n_s"], c["p_f"], c["n_f"], a, b).sigmas
                          for b in betas] for a in alphas])

    def sse(r, p_s):
        return float(((cells(counts_of(r, p_s)) - target) ** 2).sum())

    r_grid = np.geomspace(1e-4, 0.5, 40)
    p_grid = np.geomspace(10, 1e5, 40)
    best = min(((sse(r, p), r, p) for r in r_grid for p in p_grid))
    for _ in range(2):  # refine each coordinate in turn around the best
        r_grid = best[1] * np.geomspace(0.8, 1.25, 41)
        best = min((sse(r, best[2]), r, best[2]) for r in r_grid)
        p_grid = best[2] * np.geomspace(0.8, 1.25, 41)
        best = min((sse(best[1], p), best[1], p) for p in p_grid)
    c = counts_of(best[1], best[2])
    table = pd.DataFrame(cells(c), index=list(alphas), columns=list(betas))
    return {"counts": c, "N_f / N_s": (c["p_f"] + c["n_f"]) / (c["p_s"] + c["n_s"]),
            "rms": float(np.sqrt(best[0] / target.size)), "table": table}
