"""The sampling chapter: Theorem 4.1 (for a fixed threshold and for AUROC), Corollary 4.3, Figs. 7 and 8,
what "stable" means and how sure a stable rate is, and :func:`ours`, the chapter's values of the
paper's claims."""
from __future__ import annotations

import numpy as np

from ... import claims, linkpred
from ..._checks import Array, Boolean, Choice, Instance, Integer, Jobs, Real, Seed, Values, checks
from ..._parallel import parallel_map, progress_bar
from .._experiment import experiment
from .setups import NETWORKS, Network, mean_propflow, task, training_task

__all__ = ["STABLE_LEVEL", "auroc_variance", "balanced_sampling", "corollary43", "decided_stable_rate", "fig7", "fig8", "ours", "stability_readings", "stable_rate", "stable_rate_odds",
           "theorem41"]

_SAMPLING_NETWORKS = ("Condmat", "CollegeMsg", "email-Eu-core")
@checks(scale=Choice("book", "paper"), rates=Values(Real(0, 1, closed="right")), n_test_sets=Integer(2))
@experiment("link-prediction-theorem41", scales={"book": {"rates": (1e-5, 1e-4, 1e-3), "n_test_sets": 250, "seed": 41},
                                      "paper": {"rates": (1e-5, 1e-4, 1e-3), "n_test_sets": 250, "seed": 41}},
            paper_cost="~20 s on 1 core")
def theorem41(*, rates: tuple[float, ...] = (1e-5, 1e-4, 1e-3), n_test_sets: int = 250, seed: int = 41):
    """Theorem 4.1 on Condmat: variance of a fixed-threshold rate over sampled negative pairs.

    The predictor calls a pair positive when its Adamic/Adar score is non-zero; negative
    pairs are drawn by rejection sampling (independent of the histogram machinery).

    Parameters
    ----------
    rates : tuple of float
        Fractions p of the negatives kept.
    n_test_sets : int
        Sampled test sets per rate.
    seed : int
        Seed of the one generator all draws share, in order.

    Returns
    -------
    pandas.DataFrame
        Index p; Monte Carlo variance, the theorem's, and their ratio.

    Examples
    --------
    Condmat's task is slow to build, so the example is not run:

    >>> thm = theorem41(rates=(1e-3,), n_test_sets=20, seed=0)  # doctest: +SKIP
    >>> list(thm.columns)[-1]  # doctest: +SKIP
    'ratio'
    The negative pairs it draws, seeded, on a small path graph:

    >>> from evalkit import linkpred
    >>> from evalkit.graph import as_adjacency
    >>> A, _ = as_adjacency([(0, 1), (1, 2), (2, 3), (3, 4)])
    >>> linkpred.sample_negative_pairs(A, [(0, 2)], 3, rng=0).tolist()
    [[1, 3], [2, 4], [0, 4]]
    """
    import pandas as pd

    cm = task("Condmat")
    aa = linkpred.adamic_adar(cm.adjacency)
    h_aa = linkpred.score_histogram(cm.adjacency, cm.positives, aa)
    N = h_aa.n_negative
    C = int(h_aa.negative_counts[h_aa.negative_values == 0].sum())
    rng = np.random.default_rng(seed)
    sampler, scores = linkpred.NegativePairSampler(cm.adjacency, cm.positives), linkpred.ScoreLookup(aa)
    rows = []
    for p in rates:
        k = round(p * N)
        measured = [np.mean(scores(sampler.sample(k, rng=rng)) == 0) for _ in range(n_test_sets)]
        formula = C * (N - C) * (1 - k / N) / (N**2 * (N - 1) * (k / N))
        rows.append({"p": p, "negatives kept": k, f"Monte Carlo variance ({n_test_sets} test sets)":
                     np.var(measured, ddof=1), "Theorem 4.1": formula})
    thm = pd.DataFrame(rows).set_index("p")
    thm["ratio"] = thm.iloc[:, 1] / thm.iloc[:, 2]
    return thm


def _rel_se(draws):
    from scipy.stats import kurtosis

    # standard error of a sample variance, relative: sqrt(2/(n-1) + excess kurtosis/n)
    return np.sqrt(2 / (draws.size - 1) + kurtosis(draws) / draws.size)


@checks(scale=Choice("book", "paper"), rates=Values(Real(0, 1, closed="right")), n_repeats=Integer(2))
@experiment("link-prediction-auroc-variance",
            scales={"book": {"rates": (1e-5, 1e-4, 1e-3, 1e-2, 1e-1), "n_repeats": 300, "seed": 7},
                    "paper": {"rates": (1e-5, 1e-4, 1e-3, 1e-2, 1e-1), "n_repeats": 300, "seed": 7}},
            paper_cost="~30 s on 1 core")
def auroc_variance(*, rates: tuple[float, ...] = (1e-5, 1e-4, 1e-3, 1e-2, 1e-1), n_repeats: int = 300,
                   seed: int = 7):
    """Theorem 4.1 for AUROC on Condmat: measured variance of the subsampled AUROC against the exact one.

    Parameters
    ----------
    rates : tuple of float
        Fractions p of the negatives kept.
    n_repeats : int
        Subsamples per rate.
    seed : int
        Seed of each (predictor, rate) cell's subsamples.

    Returns
    -------
    pandas.DataFrame
        One row per (predictor, p): measured and exact variance, relative standard error, ratio.

    Examples
    --------
    Condmat's task is slow to build, so the example is not run:

    >>> table = auroc_variance(rates=(1e-2,), n_repeats=20, seed=0)  # doctest: +SKIP
    >>> table["predictor"].tolist()  # doctest: +SKIP
    ['preferential attachment', 'Adamic/Adar']
    What it does to each network, seeded, on a small score histogram (two positives, 40 negatives):

    >>> from evalkit.linkpred import ScoreHistogram
    >>> h = ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [30, 10])
    >>> [round(r.auroc, 3) for r in h.subsample_negatives(0.5, n_repeats=3, rng=0)]
    [0.8, 0.7, 0.75]
    """
    import pandas as pd

    cm = task("Condmat")
    predictors = {"preferential attachment": "preferential_attachment", "Adamic/Adar": linkpred.adamic_adar(cm.adjacency)}
    hists = {name: linkpred.score_histogram(cm.adjacency, cm.positives, pred) for name, pred in predictors.items()}
    rows = []
    for name, h in hists.items():
        for p in np.asarray(rates):
            draws = h.subsampled_aurocs(p, n_repeats=n_repeats, rng=seed)
            rows.append({"predictor": name, "p": p, "measured": draws.var(ddof=1),
                         "formula": h.subsampled_auroc_variance(p), "rel_se": _rel_se(draws)})
    out = pd.DataFrame(rows)
    out["ratio"] = out["measured"] / out["formula"]
    return out


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), p=Real(0, 1, closed="right"),
        n_repeats=Integer(2))
@experiment("link-prediction-corollary43",
            scales={"book": {"networks": _SAMPLING_NETWORKS, "p": 1e-3, "n_repeats": 300, "seed": 11},
                    "paper": {"networks": _SAMPLING_NETWORKS, "p": 1e-3, "n_repeats": 300, "seed": 11}},
            paper_cost="~30 s on 1 core")
def corollary43(*, networks: tuple[Network, ...] = _SAMPLING_NETWORKS, p: float = 1e-3, n_repeats: int = 300,
                seed: int = 11):
    """Corollary 4.3: the variance of the subsampled AUROC (preferential attachment) across networks.

    Parameters
    ----------
    networks : tuple of str
        Networks to compare.
    p : float
        Fraction of the negatives kept.
    n_repeats : int
        Subsamples per network.
    seed : int
        Seed of each network's subsamples.

    Returns
    -------
    pandas.DataFrame
        Index network: nodes, negatives, sigma_g^2, measured variance, the normalised
        variance and its relative standard error ``rel_se``.

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> table = corollary43(networks=("CollegeMsg",), n_repeats=5, seed=0)  # doctest: +SKIP
    >>> round(float(table.loc["CollegeMsg", "sigma_g^2"]), 6)  # doctest: +SKIP
    0.042369
    What it does to each network, seeded, on a small score histogram (two positives, 40 negatives):

    >>> from evalkit.linkpred import ScoreHistogram
    >>> h = ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [30, 10])
    >>> [round(r.auroc, 3) for r in h.subsample_negatives(0.5, n_repeats=3, rng=0)]
    [0.8, 0.7, 0.75]
    """
    import pandas as pd

    rows = []
    for name in networks:
        t = task(name)
        h = linkpred.score_histogram(t.adjacency, t.positives, "preferential_attachment")
        g, w = h.auroc_contributions(), h.negative_counts
        sigma2 = np.average((g - np.average(g, weights=w)) ** 2, weights=w)
        draws = h.subsampled_aurocs(p, n_repeats=n_repeats, rng=seed)
        rows.append({"network": name, "nodes": t.n_nodes, "negatives N": h.n_negative, "sigma_g^2": sigma2,
                     "Var(AUROC), measured": draws.var(ddof=1),
                     "measured x (N-1) / sigma_g^2": draws.var(ddof=1) * (h.n_negative - 1) / sigma2,
                     "rel_se": _rel_se(draws)})
    return pd.DataFrame(rows).set_index("network")


_RATES = (1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0)


def _subsampling_curve(h, rates, n_repeats, seed):
    usable = rates[np.round(rates * h.n_negative) >= 1]
    au = np.array([h.subsampled_aurocs(p, n_repeats=n_repeats, rng=seed) for p in usable])
    return usable, au


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), rates=Values(Real(0, 1, closed="right")),
        n_repeats=Integer(1))
@experiment("link-prediction-fig7", scales={"book": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                           "seed": 2014},
                                  "paper": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                            "seed": 2014}},
            paper_cost="~60 s on 1 core")
def fig7(*, networks: tuple[Network, ...] = _SAMPLING_NETWORKS, rates: tuple[float, ...] = _RATES,
         n_repeats: int = 100, seed: int = 2014, progress: bool = False):
    """Fig. 7: AUROC of PA, Adamic/Adar and PropFlow on test sets with a fraction p of the negatives.

    PropFlow is the paper's: 5 steps on the weighted network, the mean of the two orderings
    (:func:`~evalkit.reproductions.link_prediction.directed_propflow`, computed once per network).

    Parameters
    ----------
    networks : tuple of str
        Networks (one panel each).
    rates : tuple of float
        Fractions p of the negatives kept (those keeping no negative are left out).
    n_repeats : int
        Sampled test sets per rate.
    seed : int
        Seed of each (network, predictor, rate) cell's samples.
    progress : bool
        Show a progress bar over the networks.

    Returns
    -------
    pandas.DataFrame
        Columns network, predictor, p, mean, min, max (AUROC over the samples), and sd, the
        exact standard deviation of one sampled AUROC
        (:func:`evalkit.linkpred.subsampled_auroc_variance`).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> curves = fig7(networks=("CollegeMsg",), rates=(0.1, 1.0), n_repeats=5, seed=0)  # doctest: +SKIP
    >>> curves.round(4).head(2)  # doctest: +SKIP
          network predictor    p    mean     min     max
    0  CollegeMsg        PA  0.1  0.8666  0.8655  0.8673
    1  CollegeMsg        PA  1.0  0.8663  0.8663  0.8663
    What it does to each network, seeded, on a small score histogram (two positives, 40 negatives):

    >>> from evalkit.linkpred import ScoreHistogram
    >>> h = ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [30, 10])
    >>> [round(r.auroc, 3) for r in h.subsample_negatives(0.5, n_repeats=3, rng=0)]
    [0.8, 0.7, 0.75]
    """
    import pandas as pd

    rates = np.asarray(rates)
    frames = []
    for name in progress_bar(networks, progress=progress, desc="Fig. 7 networks"):
        t = task(name)
        preds = {"PA": "preferential_attachment", "AA": "adamic_adar",
                 "PF": mean_propflow(name)}
        for label, pred in preds.items():
            h = linkpred.score_histogram(t.adjacency, t.positives, pred)
            usable, au = _subsampling_curve(h, rates, n_repeats, seed)
            frames.append(pd.DataFrame({"network": name, "predictor": label, "p": usable, "mean": au.mean(1),
                                        "min": au.min(1), "max": au.max(1),
                                        "sd": [np.sqrt(h.subsampled_auroc_variance(p)) for p in usable]}))
    return pd.concat(frames, ignore_index=True)


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), n_repeats=Integer(2), seed=Seed(),
        n_jobs=Jobs())
@experiment("link-prediction-balanced-sampling",
            scales={"book": {"networks": _SAMPLING_NETWORKS, "n_repeats": 100, "seed": 2014},
                    "paper": {"networks": _SAMPLING_NETWORKS, "n_repeats": 100, "seed": 2014}},
            paper_cost="~40 s on 1 core (3 units, one per network; the book reads the stored run)",
            stored=({"scale": "paper"},), spot_check=1, data=("temporal/",))
def balanced_sampling(*, networks: tuple[Network, ...] = _SAMPLING_NETWORKS, n_repeats: int = 100, seed: int = 2014,
                      n_jobs: int | None = None, progress: bool = False):
    """Test sets sampled to balance (Fig. 7's vertical line): how far their AUROC and AUPR move from all pairs.

    At the rate ``p = |P| / |N|`` every positive is kept and as many negatives are drawn
    uniformly as there are positives, ``n_repeats`` times.

    Parameters
    ----------
    networks : tuple of str
        Networks.
    n_repeats : int
        Balanced test sets per network and predictor (Fig. 7: 100).
    seed : int or None
        Seed of the draws (the same draws for every predictor of a network).
    n_jobs : int or None, default None
        Parallel jobs over the networks (joblib): None defers to the active
        ``joblib.parallel_config``. The results do not depend on it.
    progress : bool
        Show a progress bar over the networks.

    Returns
    -------
    pandas.DataFrame
        Index (network, predictor); columns ``rate``; ``AUROC, all pairs``, ``AUROC, mean of the
        samples``, ``AUROC, largest deviation`` (the largest absolute difference of a sample
        from all pairs), ``AUROC, exact SD`` (of one balanced sample,
        :func:`~evalkit.linkpred.subsampled_auroc_variance`); ``AUPR, all pairs`` and ``AUPR,
        mean of the samples``.

    Examples
    --------
    Three balanced test sets of email-Eu-core (its histograms take seconds the first time):

    >>> table = balanced_sampling(networks=("email-Eu-core",), n_repeats=3, seed=0)
    >>> round(float(table.loc[("email-Eu-core", "PA"), "AUROC, mean of the samples"]), 4)
    0.8049
    """
    import pandas as pd

    units = parallel_map(_balanced_unit, [(name, n_repeats, seed) for name in networks], n_jobs=n_jobs,
                         progress=progress, desc="balanced test sets")
    rows = {(name, label): values for name, unit in zip(networks, units) for label, values in unit.items()}
    out = pd.DataFrame(rows).T
    out.index.names = ["network", "predictor"]
    return out


def _balanced_unit(name, n_repeats, seed):
    """One network's balanced test sets (a unit of the stored run)."""
    from .setups import distance_histograms

    by_distance = distance_histograms(name)
    out = {}
    for label, pred in (("PA", "preferential_attachment"), ("AA", "adamic_adar"), ("PF", "propflow")):
        h = by_distance[pred].pooled()
        rate = h.n_positive / h.n_negative
        full = h.evaluate()
        samples = h.subsample_negatives(rate, n_repeats=n_repeats, rng=seed)
        au = np.array([e.auroc for e in samples])
        ap = np.array([e.aupr for e in samples])
        out[label] = {"rate": float(rate), "AUROC, all pairs": float(full.auroc),
                      "AUROC, mean of the samples": float(au.mean()),
                      "AUROC, largest deviation": float(np.abs(au - full.auroc).max()),
                      "AUROC, exact SD": float(np.sqrt(h.subsampled_auroc_variance(rate))),
                      "AUPR, all pairs": float(full.aupr), "AUPR, mean of the samples": float(ap.mean())}
    return out


def _example_balanced():
    """A frame shaped like :func:`balanced_sampling`'s result (the common test's valid ``balanced``)."""
    import pandas as pd

    index = pd.MultiIndex.from_tuples([("Condmat", p) for p in ("PA", "AA", "PF")], names=["network", "predictor"])
    return pd.DataFrame({"AUROC, all pairs": 0.8, "AUROC, mean of the samples": 0.8003,
                         "AUROC, largest deviation": [0.012, 0.002, 0.008], "AUPR, all pairs": 0.002,
                         "AUPR, mean of the samples": 0.8}, index=index)


def _example_fig7():
    """A frame shaped like :func:`fig7`'s result (the common test's valid ``fig7``)."""
    import pandas as pd

    return pd.DataFrame({"network": "n", "predictor": "PA", "p": [0.01, 0.1, 1.0], "min": [0.70, 0.74, 0.75],
                         "max": [0.78, 0.755, 0.75]})


@checks(fig7=Instance("DataFrame", example=_example_fig7), stated=Instance(dict, example=lambda: {"n": 0.1}))
def stability_readings(fig7, stated):
    """Which thresholds on the AUROC's range read the paper's "stable down to p" off our Fig. 7.

    Reading "stable down to p" as "at every rate >= p the AUROC's range (maximum minus
    minimum over the sampled test sets, for every predictor) is at most tau", the stable
    rate falls in steps as tau grows. For each network this gives the interval of tau under
    which the reading is the rate the paper states.

    Parameters
    ----------
    fig7 : pandas.DataFrame
        :func:`fig7`'s frame.
    stated : dict of str -> float
        Network -> the paper's stable rate for it (a rate of ``fig7``).

    Returns
    -------
    pandas.DataFrame
        One row per network: the stated rate, and ``from`` and ``below``: the paper's rate
        is read exactly when ``from <= tau < below`` (``below`` is infinite when the rate is
        the smallest one sampled).

    Examples
    --------
    >>> import pandas as pd
    >>> f = pd.DataFrame({"network": "n", "predictor": "PA", "p": [0.01, 0.1, 1.0],
    ...                   "min": [0.70, 0.74, 0.75], "max": [0.78, 0.755, 0.75]})
    >>> stability_readings(f, {"n": 0.1}).loc["n"].tolist()
    [0.1, 0.015, 0.08]
    """
    import pandas as pd

    rows = {}
    for name, rate in stated.items():
        d = fig7[fig7["network"] == name]
        if d.empty:
            raise ValueError(f"stated: network {name!r} is not in fig7")
        worst = (d["max"] - d["min"]).groupby(d["p"]).max().sort_index(ascending=False).cummax()
        if rate not in worst.index:
            raise ValueError(f"stated: {rate} is not a rate of fig7 for {name!r}; rates: {sorted(worst.index)}")
        lower = worst.index[worst.index < rate]
        rows[name] = {"stated rate": float(rate), "from": float(worst.loc[rate]),
                      "below": float(worst.loc[lower.max()]) if lower.size else np.inf}
    return pd.DataFrame(rows).T


def _range_probability(sd, limit, n):
    """P(range of ``n`` independent normal draws of standard deviation ``sd`` <= ``limit``), elementwise."""
    from scipy import stats

    sd = np.atleast_1d(np.asarray(sd, dtype=float))
    out = np.ones(sd.shape)
    spread = sd > 0
    x = np.linspace(-9.0, 9.0, 4001)[:, None]
    w = limit / sd[spread]
    density = n * stats.norm.pdf(x) * (stats.norm.cdf(x + w) - stats.norm.cdf(x)) ** (n - 1)
    out[spread] = np.minimum(np.trapezoid(density, x, axis=0), 1.0)
    return out


def _example_fig7_sd():
    frame = _example_fig7()
    frame["sd"] = [0.015, 0.002, 0.0]
    return frame


@checks(fig7=Instance("DataFrame", example=_example_fig7_sd), limit=Real(0, None, closed="neither"),
        n_repeats=Integer(2))
def stable_rate_odds(fig7, *, limit=0.01, n_repeats=100):
    """How likely each rate is to come out as a network's stable rate, given how it is measured.

    The stable rate (the claims' reading of "stable down to p") is the smallest rate ``p``
    from which on every predictor's AUROC ranges over at most ``limit`` across the
    ``n_repeats`` sampled test sets of each rate. A range of draws is random, so the stable
    rate is too: another seed can give another one. Each sampled AUROC is the mean of
    thousands of contributions, so approximately normal with the exact standard deviation
    ``sd`` of :func:`fig7`; the range of ``n`` independent normal draws has the distribution
    ``P(R <= w) = n * integral of phi(x) * (Phi(x + w / sd) - Phi(x))**(n - 1) dx``, and the
    cells (predictor, rate) are drawn independently. Then ``P(stable rate <= p)`` is the
    product, over the cells at rates ``>= p``, of ``P(range <= limit)``.

    Parameters
    ----------
    fig7 : pandas.DataFrame
        :func:`fig7`'s frame (columns network, predictor, p and sd).
    limit : float, default 0.01
        Largest range that counts as stable (the claims' reading).
    n_repeats : int, default 100
        Test sets per rate (:func:`fig7`'s).

    Returns
    -------
    pandas.DataFrame
        One row per network, one column per rate: the probability that it is the stable
        rate (a row sums to 1 when the largest rate is always stable, as ``p = 1`` is).

    Examples
    --------
    >>> import pandas as pd
    >>> f = pd.DataFrame({"network": "n", "predictor": "PA", "p": [0.01, 0.1, 1.0],
    ...                   "sd": [0.01, 0.0005, 0.0]})
    >>> stable_rate_odds(f).round(3).loc["n"].tolist()   # 100 draws range over ~5 sd: 0.05, then 0.0025
    [0.0, 1.0, 0.0]
    >>> f["sd"] = [0.002, 0.0005, 0.0]                  # ~0.01 at p = 0.01: a coin flip there
    >>> stable_rate_odds(f).round(2).loc["n"].tolist()
    [0.52, 0.48, 0.0]
    """
    import pandas as pd

    missing = {"network", "p", "sd"} - set(fig7.columns)
    if missing:
        raise ValueError(f"fig7 must have the columns network, p and sd (fig7's frame); missing {sorted(missing)}")
    passes = _range_probability(fig7["sd"].to_numpy(), limit, n_repeats)
    rows = {}
    for name, d in fig7.assign(passes=passes).groupby("network", sort=False):
        at_rate = d.groupby("p")["passes"].prod().sort_index(ascending=False)
        at_most = at_rate.cumprod()   # P(every cell at this rate and above passes) = P(stable rate <= p)
        rows[name] = (at_most - at_most.shift(-1, fill_value=0.0)).sort_index()
    return pd.DataFrame(rows).T


#: A stable rate is decided when the exact odds of one draw of ranges give it at least this probability
STABLE_LEVEL = 0.95


@checks(odds=Instance("Series", example=lambda: __import__("pandas").Series({0.01: 0.02, 0.1: 0.98})),
        stated=Real(0, 1, closed="right", none=True), level=Real(0.5, 1, closed="neither"))
def decided_stable_rate(odds, *, stated=None, level=STABLE_LEVEL):
    """The stable rate a network's odds decide, or None when they decide nothing.

    The stable rate measured on one draw of 100 test sets per rate is random
    (:func:`stable_rate_odds`); a verdict on one draw would be a coin flip where the odds
    are even. Against a stated rate (the paper's), the odds decide when they give it a
    probability of at least ``level`` (then it is the rate) or at most ``1 - level`` (then
    the likeliest rate stands for ours); in between they decide nothing (None, recorded
    as ``"inconclusive"``). Without a stated rate, the likeliest rate is decided when its
    probability is at least ``level``.

    Parameters
    ----------
    odds : pandas.Series
        One network's row of :func:`stable_rate_odds`: probability by rate.
    stated : float, optional
        The rate the claim states.
    level : float, default STABLE_LEVEL
        Probability that decides.

    Returns
    -------
    float or None
        The decided rate, or None.

    Examples
    --------
    >>> import pandas as pd
    >>> decided_stable_rate(pd.Series({0.01: 0.02, 0.1: 0.98}))
    0.1
    >>> decided_stable_rate(pd.Series({0.01: 0.52, 0.1: 0.48}), stated=0.1) is None      # a coin flip
    True
    >>> decided_stable_rate(pd.Series({0.001: 0.58, 0.01: 0.0, 0.1: 0.42}), stated=0.01)  # 0.01: never
    0.001
    """
    if odds.empty:
        raise ValueError("odds must hold at least one rate's probability; got an empty Series")
    likeliest = float(odds.idxmax())
    if stated is None:
        return likeliest if odds.max() >= level else None
    chance = float(odds[np.isclose(odds.index.to_numpy(dtype=float), stated)].sum())
    if chance >= level:
        return float(stated)
    return likeliest if chance <= 1 - level else None


def _fig8_unit(name, rates, n_repeats, seed, train_seed, weighted):
    """One network of Fig. 8: its sampled AUROCs by rate (a unit of the stored run)."""
    h = linkpred.supervised_score_histogram(training_task(name), task(name), weighted=weighted, rng=train_seed)
    usable, au = _subsampling_curve(h, np.asarray(rates), n_repeats, seed)
    return {"p": usable, "mean": au.mean(1), "min": au.min(1), "max": au.max(1),
            "sd": np.sqrt([h.subsampled_auroc_variance(p) for p in usable]),
            "all_pairs_auroc": float(h.evaluate().auroc)}


@checks(scale=Choice("book", "paper"), networks=Values(Choice(*NETWORKS)), rates=Values(Real(0, 1, closed="right")),
        n_repeats=Integer(1), train_seed=Seed(), weighted=Boolean(), n_jobs=Jobs())
@experiment("link-prediction-fig8", scales={"book": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                           "seed": 2014, "train_seed": 8},
                                  "paper": {"networks": _SAMPLING_NETWORKS, "rates": _RATES, "n_repeats": 100,
                                            "seed": 2014, "train_seed": 8}},
            paper_cost="~30 s on 1 core (3 units, one per network; the book reads the stored run)",
            stored=({"scale": "paper"},), spot_check=1, data=("temporal/",),
            uses={"data": {"DBLP": "condmat-for-dblp", "Enron": "email-eu-core-for-enron"},
                  "learners": "gradient-boosting-for-supervised"})
def fig8(*, networks: tuple[Network, ...] = _SAMPLING_NETWORKS, rates: tuple[float, ...] = _RATES,
         n_repeats: int = 100, seed: int = 2014, train_seed: int = 8, weighted: bool = True,
         n_jobs: int | None = None, progress: bool = False):
    """Fig. 8: the same as Fig. 7 with a supervised predictor (gradient boosting on five features).

    The PropFlow feature walks 3 steps on the weighted networks (the paper's; ``weighted``),
    not Fig. 7's 5: every pair within PropFlow's reach is scored one by one, and on Condmat
    5 steps reach 16% of the pairs against 1.3% for 3 (12 times as many to score).

    Parameters
    ----------
    networks : tuple of str
        Networks (one line each).
    rates : tuple of float
        Fractions p of the negatives kept.
    n_repeats : int
        Sampled test sets per rate.
    seed : int
        Seed of each (network, rate) cell's samples.
    train_seed : int
        Seed of the training negatives.
    weighted : bool, default True
        PropFlow feature on the weighted networks, or the 0/1 ones.
    n_jobs : int or None, default None
        Parallel jobs over the networks (joblib): None defers to the active
        ``joblib.parallel_config`` (serial when none is set). The results do not depend on it.
    progress : bool
        Show a progress bar over the networks.

    Returns
    -------
    pandas.DataFrame
        Columns network, p, mean, min, max, sd (the exact standard deviation of one sampled
        test set's AUROC given the trained model, :func:`~evalkit.linkpred.subsampled_auroc_variance`),
        and ``all_pairs_auroc`` (no sampling).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> curves = fig8(networks=("CollegeMsg",), rates=(0.1, 1.0), n_repeats=5, seed=0, train_seed=1)  # doctest: +SKIP
    >>> list(curves.columns)  # doctest: +SKIP
    ['network', 'p', 'mean', 'min', 'max', 'sd', 'all_pairs_auroc']
    What it does to each network, seeded, on a small score histogram (two positives, 40 negatives):

    >>> from evalkit.linkpred import ScoreHistogram
    >>> h = ScoreHistogram.from_unsorted([1.0, 0.5], [0.0, 2.0], [30, 10])
    >>> [round(r.auroc, 3) for r in h.subsample_negatives(0.5, n_repeats=3, rng=0)]
    [0.8, 0.7, 0.75]
    """
    import pandas as pd

    tasks = [(name, tuple(rates), n_repeats, seed, train_seed, weighted) for name in networks]
    units = parallel_map(_fig8_unit, tasks, n_jobs=n_jobs, progress=progress, desc="Fig. 8 networks")
    return pd.concat([pd.DataFrame({"network": name, **u}) for name, u in zip(networks, units)], ignore_index=True)


@checks(curve=Instance("DataFrame", example=lambda: __import__("pandas").DataFrame(
    {"p": [0.01, 0.1, 1.0], "min": [0.7, 0.796, 0.8], "max": [0.9, 0.804, 0.8]})), limit=Real(0, None))
def stable_rate(curve, *, limit=0.01):
    """The smallest sampling rate from which on every larger rate the AUROC's range is at most ``limit``.

    The claims' reading of "stable down to p", on one draw of test sets: a random quantity
    (:func:`stable_rate_odds` gives its distribution, :func:`decided_stable_rate` the rate
    it decides).

    Parameters
    ----------
    curve : pandas.DataFrame
        One curve of :func:`fig7` or :func:`fig8`: columns ``p``, ``min`` and ``max``.
    limit : float, default 0.01
        Largest range that counts as stable.

    Returns
    -------
    float
        The stable rate.

    Examples
    --------
    >>> import pandas as pd
    >>> stable_rate(pd.DataFrame({"p": [0.01, 0.1, 1.0], "min": [0.7, 0.796, 0.8], "max": [0.9, 0.804, 0.8]}))
    0.1
    """
    d = curve.sort_values("p")
    ok = ((d["max"] - d["min"]) <= limit).to_numpy()
    p = d["p"].to_numpy()
    bad = np.flatnonzero(~ok)
    return float(p[bad[-1] + 1]) if bad.size else float(p[0])


def _example_frame():
    """A small DataFrame: the common test's valid value for a results-table parameter."""
    import pandas as pd

    return pd.DataFrame({"x": [0.5, 0.25]})


@checks(theorem=Instance("DataFrame", example=_example_frame), corollary_z=Array(ndim=1),
        corollary=Instance("DataFrame", example=_example_frame), fig7=Instance("DataFrame", example=_example_frame),
        fig8=Instance("DataFrame", example=_example_frame), balanced=Instance("DataFrame", example=_example_balanced))
def ours(*, theorem, corollary_z, corollary, fig7, fig8, balanced):
    """Our values of the sampling chapter's claims: Theorem 4.1, Equation 1, Corollary 4.3, Figs. 7 and 8.

    ``theorem`` is :func:`~evalkit.reproductions.link_prediction.theorem41`'s table, ``corollary`` and
    ``corollary_z`` the table of :func:`~evalkit.reproductions.link_prediction.corollary43` and the z
    scores of its normalised variances, ``fig7`` and ``fig8`` the frames of
    :func:`~evalkit.reproductions.link_prediction.fig7` and :func:`~evalkit.reproductions.link_prediction.fig8`.

    Parameters
    ----------
    theorem : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.theorem41`'s table (with a column ``p``).
    corollary_z : array-like of float
        z scores of the normalised variances of Corollary 4.3.
    corollary : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.corollary43`'s table, indexed by network.
    fig7 : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.fig7`'s frame.
    fig8 : pandas.DataFrame
        :func:`~evalkit.reproductions.link_prediction.fig8`'s frame (Condmat and email-Eu-core).
    balanced : pandas.DataFrame
        :func:`balanced_sampling`'s table: the claims about balanced test sets (Section 4.1's
        deviations at the balancing rate, read on Condmat, where Fig. 7(a) draws the balancing
        line, and why the sampling experiments leave AUPR out).

    Returns
    -------
    dict
        ``{claim id: our value}``: a float for a numeric claim, a bool for a qualitative one;
        the stable rates of Figs. 7 and 8 are the rates their odds decide
        (:func:`decided_stable_rate`), or None.

    Examples
    --------
    >>> import pandas as pd
    >>> def curve(net, pred, spread):
    ...     return pd.DataFrame({"network": net, "predictor": pred, "p": [1e-3, 1e-2, 1.0], "mean": 0.8,
    ...                          "min": [0.8 - spread, 0.8 - spread / 10, 0.8], "max": [0.8 + spread, 0.8 + spread / 10, 0.8],
    ...                          "sd": [spread / 2.5, spread / 25, 0.0]})     # 100 draws range over about 5 sd
    >>> fig7 = pd.concat([curve("Condmat", "PA", 0.02), curve("Condmat", "PF", 0.01),
    ...                   curve("CollegeMsg", "PA", 0.02), curve("CollegeMsg", "PF", 0.03)], ignore_index=True)
    >>> fig8 = pd.concat([curve("Condmat", "GB", 0.02), curve("email-Eu-core", "GB", 0.02)], ignore_index=True)
    >>> theorem = pd.DataFrame({"p": [1e-4, 1e-3], "Theorem 4.1": [2e-3, 2e-4], "ratio": [1.02, 0.97]})
    >>> corollary = pd.DataFrame({"Var(AUROC), measured": [1e-5, 4e-5]}, index=["Condmat", "CollegeMsg"])
    >>> values = ours(theorem=theorem, corollary_z=[0.5, -1.2], corollary=corollary, fig7=fig7, fig8=fig8,
    ...               balanced=_example_balanced())
    >>> values["yang.thm41.statement"], values["yang.fig7.condmat.stable-rate"]
    (True, 0.01)
    """
    ratio_ok = bool(((theorem["ratio"] > 0.8) & (theorem["ratio"] < 1.25)).all())
    by_rate = theorem.groupby("p")["Theorem 4.1"].mean().sort_index()
    rises = bool(np.all(np.diff(by_rate.to_numpy()) < 0))
    curves = {k: d for k, d in fig7.groupby(["network", "predictor"], sort=False)}
    spread = {k: float((d.sort_values("p")["max"] - d.sort_values("p")["min"]).iloc[0]) for k, d in curves.items()}

    def grows(d):
        d = d.sort_values("p")
        return bool(np.all(np.diff((d["max"] - d["min"]).to_numpy()) <= 1e-3))

    def mean_stable(d):
        d = d.sort_values("p")
        full = d["mean"].iloc[-1]
        return bool((d.loc[d["p"] >= 1e-3, "mean"] - full).abs().max() <= 0.005)

    cm = {k[1]: v for k, v in spread.items() if k[0] == "Condmat"}
    cmsg = {k[1]: v for k, v in spread.items() if k[0] == "CollegeMsg"}
    sup = {k: d for k, d in fig8.groupby("network", sort=False)}
    var = corollary["Var(AUROC), measured"]
    odds, odds8 = stable_rate_odds(fig7), stable_rate_odds(fig8)
    values = {
        "yang.thm41.statement": ratio_ok and rises,
        "yang.eq1.variance": ratio_ok,
        "yang.thm41.linear-in-inverse-p": ratio_ok,
        "yang.cor43.statement": bool(np.abs(np.asarray(corollary_z)).max() < 3),
        "yang.cor43.facebook-above-condmat": bool(var.loc["CollegeMsg"] > var.loc["Condmat"]),
        "yang.fig7.variance-grows": all(grows(d) for d in curves.values()),
        "yang.fig7.mean-stable": all(mean_stable(d) for d in curves.values()),
        # a stable rate read off one draw of ranges is itself random: judged by its exact odds of
        # being the paper's rate (decided_stable_rate), None (undecided) when they decide nothing
        "yang.fig7.condmat.stable-rate": decided_stable_rate(
            odds.loc["Condmat"], stated=claims.source_value("yang.fig7.condmat.stable-rate")),
        "yang.fig7.facebook.stable-rate": decided_stable_rate(
            odds.loc["CollegeMsg"], stated=claims.source_value("yang.fig7.facebook.stable-rate")),
        "yang.fig7.condmat.pa-most-susceptible": max(cm, key=cm.get) == "PA",
        "yang.fig7.facebook.pf-most-susceptible": max(cmsg, key=cmsg.get) == "PF",
        "yang.fig8.dblp.stable-rate": decided_stable_rate(
            odds8.loc["Condmat"], stated=claims.source_value("yang.fig8.dblp.stable-rate")),
        "yang.fig8.enron.stable-rate": decided_stable_rate(
            odds8.loc["email-Eu-core"], stated=claims.source_value("yang.fig8.enron.stable-rate")),
        "yang.fig8.supervised-same": all(grows(d) and mean_stable(d) for d in sup.values()),
        "yang.s8.guideline4": ratio_ok and rises and all(grows(d) for d in curves.values()),
    }
    condmat = balanced.loc["Condmat"]
    values["yang.s4.1.balanced-deviation.propflow"] = bool(condmat.loc["PF", "AUROC, largest deviation"] > 0.007)
    values["yang.s4.1.balanced-deviation.pa"] = bool(condmat.loc["PA", "AUROC, largest deviation"] > 0.01)
    # PR curves respond to the class distribution, ROC curves do not: under balancing the mean AUPR moves by
    # more than half its value, the mean AUROC by less than 0.01, for every network and predictor
    aupr_moves = (balanced["AUPR, mean of the samples"] / balanced["AUPR, all pairs"] - 1).abs() > 0.5
    auroc_stays = (balanced["AUROC, mean of the samples"] - balanced["AUROC, all pairs"]).abs() < 0.01
    values["yang.s4.1.aupr-responds-to-sampling"] = bool((aupr_moves & auroc_stays).all())
    return values
