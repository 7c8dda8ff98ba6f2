"""Neville et al. (2011), *Correcting evaluation bias of relational classifiers with network cross validation*.

Every experiment the network cross-validation chapters and the command line run, with
scale presets (``"book"``: what the chapter runs, seeds included; ``"paper"``: the
paper's scale; ``"small"``: seconds, for tests), and the canonical data set-ups:

- :func:`latent_group_networks` -- the calibration and evaluation networks of the latent
  group model (Section 6.2), one seed per network size (``LGM_SEEDS``);
- :func:`table5_tasks` -- the labelled real-network tasks of our Table 5 (Enron
  "executive?", political books "neutral?", every one-class task of Cora and CiteSeer);
- :func:`cora_pieces` -- Cora "Neural_Networks?" cut into six disjoint, label-stratified pieces (Fig. 5).

Experiments (``evalkit reproduce <name>``):

============================  ==================================================================
``neville-overlap``           how often RRS, ERS and NCV test each node (Tables 1-3)
``neville-formulas``          Table 7's misclassification probabilities, printed and corrected
``neville-fig2``              Fig. 2: Type I error with simulated classifiers
``neville-sec5-variants``     Section 5's unshown runs: skewed groups, no groups, more folds
``neville-theorems``          Theorems 1-3: Monte Carlo against the formula over a grid
``neville-theorem3``          Theorem 3's Delta: Monte Carlo against the proof and the statement
``neville-lgm``               properties of the latent group model's networks
``neville-fig3``              Fig. 3: Type I error of wvRN vs nBC on synthetic networks
``neville-inference-sets``    Section 8: NCV with shared and with disjoint inference sets
``neville-fig4``              Fig. 4: power as the worse model is perturbed, 300 and 600 nodes
``neville-table5``            Table 5: error correlation and label autocorrelation, real tasks
``neville-fig5``              Fig. 5's analysis on six label-stratified pieces of Cora
============================  ==================================================================
"""
from __future__ import annotations

import numpy as np

from .. import relational as rel
from ..resampling import network_split_masks
from ..claims import source_value
from ._experiment import experiment
from .neville_claims import TABLE5_PAPER_ROWS

__all__ = [
    "LGM_CHOICES",
    "LGM_SEEDS",
    "PARTITIONS",
    "PAPER_TABLE_5",
    "cora_pieces",
    "fig2",
    "fig3",
    "fig4",
    "fig5",
    "group_formulas",
    "latent_group_networks",
    "lgm_properties",
    "lgm_sensitivity",
    "power_at_gap",
    "inference_sets",
    "resampling_overlap",
    "section5_variants",
    "table5",
    "table5_tasks",
    "theorem3_delta",
    "theorem_grid",
    "type2_reduction",
]

#: Neville et al. Table 5: (data set, task) -> (error correlation, label autocorrelation),
#: read from the claims registry (``claims/neville.toml``); kept for
#: ``evalkit.relational.PAPER_TABLE_5`` (deprecated). See :func:`~evalkit.reproductions.neville_claims.paper_table5`.
PAPER_TABLE_5 = {(data, task): (source_value(f"neville.table5.{key}.error-corr"),
                                source_value(f"neville.table5.{key}.autocorr"))
                 for key, (data, task) in TABLE5_PAPER_ROWS.items()}

#: Seed of the latent-group networks of each size in the book (Figs. 3 and 4).
LGM_SEEDS = {300: 2010, 600: 600}


def _frame(rows):
    import pandas as pd

    return pd.DataFrame(rows)


# ------------------------------------------------------------------ data set-ups


def latent_group_networks(n_nodes=300, *, n_calibration=50, n_evaluation=4, seed=None, **model):
    """The calibration and evaluation networks of the latent group model (Section 6.2).

    ``n_calibration`` networks, then ``n_evaluation``, drawn in turn from one generator.

    Parameters
    ----------
    n_nodes : int, default 300
    n_calibration, n_evaluation : int, defaults 50 and 4 (the paper's)
    seed : int, optional
        Default: the book's seed for ``n_nodes`` (``LGM_SEEDS``).
    **model
        The unstated choices of :func:`evalkit.relational.latent_group_model`
        (``link_rule``, ``group_sizes``, ``label_draw``).

    Returns
    -------
    calibration, evaluation : list of LatentGroupNetwork

    Examples
    --------
    >>> cal, ev = latent_group_networks(100, n_calibration=2, n_evaluation=1, seed=0)
    >>> len(cal), len(ev), ev[0].n_nodes
    (2, 1, 100)
    """
    seed = LGM_SEEDS.get(n_nodes, n_nodes) if seed is None else seed
    rng = np.random.default_rng(seed)
    calibration = [rel.latent_group_model(n_nodes, rng=rng, **model) for _ in range(n_calibration)]
    evaluation = [rel.latent_group_model(n_nodes, rng=rng, **model) for _ in range(n_evaluation)]
    return calibration, evaluation


def table5_tasks():
    """The labelled real-network tasks of the book's Table 5.

    Enron "executive?" (CEO, president, vice president or managing director, among the
    employees whose title is known; weighted e-mail links), political books "neutral?",
    and every one-class-against-the-rest task of Cora and CiteSeer.

    Returns
    -------
    dict
        ``(data set, task) -> (graph or adjacency, labels as 0/1 ints)``, in the book's order.
    """
    from .. import datasets
    from ..graph import as_adjacency

    cora, citeseer = datasets.load_cora(), datasets.load_citeseer()
    books, enron = datasets.load_polbooks(), datasets.load_enron_roles()
    executive = [enron.classes.index(t) for t in ("CEO", "President", "Vice President", "Managing Director")]
    titled = np.flatnonzero((enron.labels >= 0) & (enron.labels != enron.classes.index("N/A")))
    enron_adj = as_adjacency(enron.graph, directed="symmetrize", weight="weight", dtype=float)[0][titled][:, titled]
    tasks = {("Enron email", "Executive?"): (enron_adj, np.isin(enron.labels[titled], executive)),
             ("Political books", "Neutral?"): (books.graph, books.labels == books.classes.index("n"))}
    for name, net in (("Cora", cora), ("Citeseer", citeseer)):
        for k, cls in enumerate(net.classes):
            tasks[(name, f"{cls}?")] = (net.graph, net.labels == k)
    return {key: (graph, y.astype(int)) for key, (graph, y) in tasks.items()}


#: How :func:`cora_pieces` cuts Cora: keyword arguments of :func:`evalkit.relational.disjoint_subnetworks`.
PARTITIONS = {
    # Louvain communities packed by size: pieces whose shares of positives differ widely
    "louvain": {"stratify": False, "resolution": 1.0},
    # the same packed by class counts, on finer communities (at resolution 1 one community
    # holds 14% of Cora, too coarse to balance): pieces alike, as if from one distribution
    "stratified": {"stratify": True, "resolution": 2.0},
}


def cora_pieces(n_parts=6, *, seed=7, partition="stratified"):
    """Cora "Neural_Networks?" cut into disjoint pieces (:func:`evalkit.relational.disjoint_subnetworks`).

    Parameters
    ----------
    n_parts : int
    seed : int
        Seed of the Louvain communities.
    partition : {'stratified', 'louvain'}
        How the communities are packed into pieces (``PARTITIONS``).

    Returns
    -------
    list of (scipy.sparse.csr_array, ndarray)
    """
    from .. import datasets
    from .._validation import check_choice

    check_choice(partition, "partition", tuple(PARTITIONS))
    cora = datasets.load_cora()
    y_nn = (cora.labels == cora.classes.index("Neural_Networks")).astype(int)
    return rel.disjoint_subnetworks(cora.graph, y_nn, n_parts, rng=seed, **PARTITIONS[partition])


# ------------------------------------------------------------- Tables 1-3, Table 7


@experiment("neville-overlap", scales={"book": {}, "paper": {}, "small": {"n_repeats": 20}},
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


@experiment("neville-formulas", scales={"book": {}, "paper": {}, "small": {"n_sets": 2000}},
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


@experiment("neville-fig2", aliases=("network-cv-fig2",),
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
    n_jobs : int, optional
        Parallel jobs over the simulations of a point.
    progress : bool
        Show progress bars.

    Returns
    -------
    dict
        ``"2a"`` and ``"2b"``: pandas DataFrames, one row per (procedure, P(err), errCorr,
        share labelled).
    """
    fig2a = _frame(rel.simulate_group_type1_grid(prop_labeled=prop_labeled, p_err=0.1, err_corr=0.9,
                                                 n_trials=n_trials, n_simulations=n_simulations, n_jobs=n_jobs,
                                                 progress=progress, rng=seed_a))
    fig2b = _frame(rel.simulate_group_type1_grid(prop_labeled=0.9, p_err=p_err, err_corr=err_corr,
                                                 n_trials=n_trials, n_simulations=n_simulations, n_jobs=n_jobs,
                                                 progress=progress, rng=seed_b))
    return {"2a": fig2a, "2b": fig2b}


@experiment("neville-sec5-variants",
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
    n_jobs : int, optional
    progress : bool

    Returns
    -------
    dict
        ``"skewed"``, ``"dietterich"``, ``"folds"``: pandas DataFrames with one row per
        point: ``type1_error`` (mean over the simulations), ``type1_std`` (across them),
        the point's parameters, ``n_trials`` and ``n_simulations``.
    """
    streams = np.random.default_rng(seed).spawn(1)
    common = {"n_trials": n_trials, "n_simulations": n_simulations, "n_jobs": n_jobs}

    def rows_of(result, **extra):
        return [{**extra, "procedure": result.procedure, "prop_labeled": float(prop),
                 "type1_error": float(result.type1_error[j]), "type1_std": float(result.type1_std[j]),
                 "error_correlation": float(result.mean_error_correlation[j]),
                 "n_trials": n_trials, "n_simulations": n_simulations}
                for j, prop in enumerate(result.prop_labeled)]

    from .._parallel import progress_bar

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


@experiment("neville-theorems", scales={"book": {}, "paper": {}, "small": {"n_samples": 2000}},
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


@experiment("neville-theorem3", scales={"book": {}, "paper": {}, "small": {"n_samples": 20_000}},
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


# ---------------------------------------------------------- Figs. 3 and 4 (Section 6)


@experiment("neville-lgm", scales={"book": {}, "paper": {}, "small": {"n_calibration": 10, "n_error_networks": 3}},
            paper_cost="~15 s on 1 core")
def lgm_properties(*, n_nodes: int = 300, n_calibration: int = 50, n_evaluation: int = 4, network_seed: int = 2010,
                   n_error_networks: int = 20, prop_labeled: float = 0.3, n_splits: int = 4):
    """Label autocorrelation, error correlation, P(+) and mean degree of the latent-group networks.

    Parameters
    ----------
    n_nodes : int
        Nodes per network.
    n_calibration : int
        Calibration networks (the ones measured).
    n_evaluation : int
        Evaluation networks drawn after them (not measured).
    network_seed : int
        Seed of the networks.
    n_error_networks : int
        Networks (the first ones) whose error correlation is measured.
    prop_labeled : float
        Share labelled when measuring error correlation.
    n_splits : int
        Random labelled sets per network when measuring error correlation (network i: seed i).

    Returns
    -------
    pandas.DataFrame
        One row per calibration network; ``error_correlation`` is NaN beyond the first
        ``n_error_networks``.
    """
    calibration, _ = latent_group_networks(n_nodes, n_calibration=n_calibration, n_evaluation=n_evaluation,
                                           seed=network_seed)
    rows = []
    for i, net in enumerate(calibration):
        err = np.nan
        if i < n_error_networks:
            err = rel.error_correlation_study(net.adjacency, net.labels, models=("wvrn", "nbc"),
                                              prop_labeled=[prop_labeled],
                                              n_splits=n_splits, rng=i)["mean"]
        rows.append({"network": i, "label_autocorrelation": rel.label_autocorrelation(net.adjacency, net.labels),
                     "error_correlation": err, "positive": net.labels.mean(),
                     "mean_degree": net.adjacency.nnz / net.n_nodes})
    return _frame(rows)


#: the unstated choices of the latent group model the sensitivity study varies, evalkit's default first
LGM_CHOICES = {"link_rule": ("either", "mean", "lower", "higher"), "group_sizes": ("random", "equal"),
               "label_draw": ("bernoulli", "share")}


@experiment("neville-lgm-sensitivity", scales={"book": {}, "paper": {}, "small": {"n_networks": 5, "n_error_networks": 2}},
            paper_cost="~15 s on 1 core")
def lgm_sensitivity(*, n_nodes: int = 300, n_networks: int = 50, n_error_networks: int = 20, network_seed: int = 2010,
                    prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4), n_splits: int = 4):
    """Section 6.2's two statistics under every combination of the model's unstated choices.

    For each combination of ``LGM_CHOICES`` (link rule across groups, group sizes, label
    draw), ``n_networks`` networks from one seed: the label autocorrelation measured two
    ways (phi over linked pairs, and Pearson's corrected contingency coefficient), and,
    on the first ``n_error_networks``, the error correlation of wvRN and nBC measured two
    ways (every cell of :func:`evalkit.relational.error_correlation_study` at 30%
    labelled, as :func:`lgm_properties` does; and the collective models only, averaged
    over the shares labelled of Section 6, ``prop_labeled``).

    Parameters
    ----------
    n_nodes : int
        Nodes per network.
    n_networks : int
        Networks per combination (autocorrelation, P(+)).
    n_error_networks : int
        Networks per combination whose error correlation is measured.
    network_seed : int
        Seed of the networks (the same for every combination).
    prop_labeled : tuple of float
        Shares labelled of the collective error correlation.
    n_splits : int
        Random labelled sets per network and share.

    Returns
    -------
    pandas.DataFrame
        One row per combination: the three choices, the means of
        ``autocorr_phi``, ``autocorr_contingency``, ``error_corr_30`` and
        ``error_corr_collective``, their standard errors (``*_se``) and ``positive``.
    """
    import itertools

    rows = []
    for combo in itertools.product(*LGM_CHOICES.values()):
        model = dict(zip(LGM_CHOICES, combo))
        nets = [rel.latent_group_model(n_nodes, rng=np.random.default_rng(s), **model)
                for s in np.random.SeedSequence(network_seed).spawn(n_networks)]
        measured = {"autocorr_phi": [rel.label_autocorrelation(n.adjacency, n.labels) for n in nets],
                    "autocorr_contingency": [rel.label_autocorrelation(n.adjacency, n.labels, measure="contingency")
                                             for n in nets],
                    "error_corr_30": [], "error_corr_collective": []}
        for i, net in enumerate(nets[:n_error_networks]):
            cells = rel.error_correlation_study(net.adjacency, net.labels, models=("wvrn", "nbc"),
                                                prop_labeled=sorted({0.3, *prop_labeled}), n_splits=n_splits,
                                                rng=i)["cells"]
            measured["error_corr_30"].append(np.nanmean([c["error_correlation"] for c in cells
                                                         if c["prop_labeled"] == 0.3]))
            measured["error_corr_collective"].append(np.nanmean([c["error_correlation"] for c in cells
                                                                 if c["collective"] and c["prop_labeled"] in prop_labeled]))
        row = dict(model)
        for key, values in measured.items():
            values = np.asarray(values, dtype=float)
            row[key] = float(values.mean())
            row[key + "_se"] = float(values.std(ddof=1) / np.sqrt(values.size)) if values.size > 1 else np.nan
        row["positive"] = float(np.mean([n.labels.mean() for n in nets]))
        rows.append(row)
    return _frame(rows)


@experiment("neville-fig3", aliases=("network-cv-fig3",),
            scales={"book": {}, "paper": {}, "small": {"n_calibration": 10, "n_trials": 20}},
            paper_cost="~60 s on 1 core")
def fig3(*, n_nodes: int = 300, n_calibration: int = 50, n_evaluation: int = 4, network_seed: int = 2010,
         prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4), n_trials: int = 100, n_samples: int = 10,
         seed: int = 3, link_rule: str = "either", group_sizes: str = "random", label_draw: str = "bernoulli",
         progress: bool = False):
    """Fig. 3: Type I error of RS and NCV x paired and unpaired t tests, wvRN vs nBC, synthetic networks.

    Parameters
    ----------
    n_nodes : int
        Nodes per network.
    n_calibration : int
        Calibration networks (the paper: 50).
    n_evaluation : int
        Evaluation networks (the paper: 4).
    network_seed : int
        Seed of the networks.
    prop_labeled : tuple of float
        Shares labelled.
    n_trials : int
        Trials per network and share labelled (the paper: 100).
    n_samples : int
        Samples (RS) or folds (NCV) per trial.
    seed : int
        Seed of the study.
    link_rule, group_sizes, label_draw : str
        The latent group model's unstated choices (:func:`evalkit.relational.latent_group_model`).
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`evalkit.relational.within_network_study`.
    """
    calibration, evaluation = latent_group_networks(n_nodes, n_calibration=n_calibration,
                                                    n_evaluation=n_evaluation, seed=network_seed, link_rule=link_rule,
                                                    group_sizes=group_sizes, label_draw=label_draw)
    return _frame(rel.within_network_study(evaluation, calibration, prop_labeled=prop_labeled, n_trials=n_trials,
                                           n_samples=n_samples, rng=seed, progress=progress))


@experiment("neville-inference-sets", scales={"book": {}, "paper": {}, "small": {"n_calibration": 10, "n_trials": 20}},
            paper_cost="~60 s on 1 core")
def inference_sets(*, n_nodes: int = 300, n_calibration: int = 50, n_evaluation: int = 4, network_seed: int = 2010,
                   prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4), n_trials: int = 100, n_samples: int = 10,
                   seed: int = 3, progress: bool = False):
    """Section 8: NCV with its overlapping inference sets against NCV with inference confined to the fold.

    Fig. 3's design (its networks, calibration and seed), NCV only, run twice on the same
    splits and perturbations: with collective inference over every unlabelled node (the
    paper's NCV, whose folds share their inference sets) and over the test fold only
    (disjoint inference sets; :func:`evalkit.relational.compare_classifiers` with
    ``inference='test'``).

    Parameters
    ----------
    n_nodes, n_calibration, n_evaluation, network_seed, prop_labeled, n_trials, n_samples, seed
        As :func:`fig3`.
    progress : bool

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`evalkit.relational.within_network_study` with a column
        ``inference`` (``'all'`` or ``'test'``).
    """
    calibration, evaluation = latent_group_networks(n_nodes, n_calibration=n_calibration,
                                                    n_evaluation=n_evaluation, seed=network_seed)
    rows = []
    for inference in ("all", "test"):
        rows += [{**row, "inference": inference} for row in rel.within_network_study(
            evaluation, calibration, prop_labeled=prop_labeled, procedures=("ncv",), n_trials=n_trials,
            n_samples=n_samples, inference=inference, rng=seed, progress=progress)]
    return _frame(rows)


@experiment("neville-fig4", aliases=("network-cv-fig4",),
            scales={"book": {}, "paper": {}, "small": {"n_calibration": 10, "n_trials": 20}},
            paper_cost="~60 s on 1 core")
def fig4(*, n_nodes: tuple[int, ...] = (300, 600), network_seeds: tuple[int, ...] = (2010, 600),
         n_calibration: int = 50, n_evaluation: int = 4, prop_labeled: float = 0.3,
         worse_rates: tuple[float, ...] = (0.025, 0.075, 0.15, 0.3), n_trials: int = 100, progress: bool = False):
    """Fig. 4: power of RS and NCV as the worse model is perturbed, on networks of two sizes.

    For each size, new calibration and evaluation networks (seed from ``network_seeds``)
    and the study with seed ``n_nodes``.

    Parameters
    ----------
    n_nodes : tuple of int
        Network sizes (Fig. 4a, 4b).
    network_seeds : tuple of int
        Seed of the networks of each size.
    n_calibration : int
        Calibration networks per size (the paper: 50).
    n_evaluation : int
        Evaluation networks per size (the paper: 4).
    prop_labeled : float
        Share labelled.
    worse_rates : tuple of float
        Perturbation rates of the worse model.
    n_trials : int
        Trials per network and rate (the paper: 100).
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`evalkit.relational.within_network_study`, with ``nodes``.
    """
    if len(network_seeds) != len(n_nodes):
        raise ValueError("network_seeds must give one seed per entry of n_nodes")
    rows = []
    for size, network_seed in zip(n_nodes, network_seeds):
        calibration, evaluation = latent_group_networks(size, n_calibration=n_calibration,
                                                        n_evaluation=n_evaluation, seed=network_seed)
        study = rel.within_network_study(evaluation, calibration, prop_labeled=prop_labeled,
                                         worse_rates=worse_rates, n_trials=n_trials, rng=size, progress=progress)
        rows += [dict(r, nodes=size) for r in study]
    return _frame(rows)


def power_at_gap(power, *, gap=0.05):
    """Power of each (size, procedure, test) at an accuracy gap, read off Fig. 4's curves.

    Linear interpolation of the power against the mean calibration gap (averaged over the
    networks) at ``gap``.

    Parameters
    ----------
    power : pandas.DataFrame
        The result of :func:`fig4`.
    gap : float, default 0.05

    Returns
    -------
    summary : pandas.DataFrame
        Mean calibration gap and power per (nodes, worse rate, procedure).
    at_gap : dict
        ``(nodes, procedure, test) -> power`` at ``gap``.
    """
    summary = power.groupby(["nodes", "worse_rate", "procedure"])[["calibration_gap", "paired", "unpaired"]].mean()
    at_gap = {}
    for size in summary.index.get_level_values("nodes").unique():
        part = summary.loc[size]
        for proc in ("rrs", "ncv"):
            sub = part.xs(proc, level="procedure").sort_values("calibration_gap")
            for test in ("paired", "unpaired"):
                at_gap[(int(size), proc, test)] = float(np.interp(gap, sub.calibration_gap, sub[test]))
    return summary, at_gap


def type2_reduction(at_gap, *, small=300, large=600):
    """Percentage by which the larger networks cut the Type II error, per (procedure, test).

    Parameters
    ----------
    at_gap : dict
        ``(nodes, procedure, test) -> power``, from :func:`power_at_gap`.
    small, large : int
        The two network sizes.

    Returns
    -------
    dict
        ``(procedure, test) -> 100 (t_small - t_large) / t_small`` (0 where ``t_small`` is 0).
    """
    out = {}
    for proc in ("rrs", "ncv"):
        for test in ("paired", "unpaired"):
            t_small, t_large = 1 - at_gap[(small, proc, test)], 1 - at_gap[(large, proc, test)]
            out[(proc, test)] = float(100 * (t_small - t_large) / t_small) if t_small > 0 else 0.0
    return out


# ---------------------------------------------------------- Table 5, Fig. 5 (Section 7)


@experiment("neville-table5", scales={"book": {}, "paper": {}, "small": {"n_splits": 2}},
            paper_cost="~20 s on 1 core")
def table5(*, n_splits: int = 10, prop_labeled: tuple[float, ...] = (0.1, 0.3, 0.5, 0.7, 0.9),
           models: tuple[str, ...] = ("wvrn", "lbc")):
    """Table 5 on the networks we have: error correlation and label autocorrelation of each task.

    Task ``i`` of :func:`table5_tasks` runs :func:`evalkit.relational.error_correlation_study`
    with seed ``i`` and the paper's Section 4 pair: the relational neighbour classifier
    (wvRN) and Lu & Getoor's link-based classifier, each with and without collective
    inference (``models=("wvrn", "nbc")`` gives the stand-in pair of earlier versions).

    Parameters
    ----------
    n_splits : int
        Random labelled sets per share labelled.
    prop_labeled : tuple of float
        Shares labelled.
    models : tuple of str
        The two classifiers (names of :func:`evalkit.relational.error_correlation_study`).

    Returns
    -------
    pandas.DataFrame
        One row per task: error correlation, and the label autocorrelation as phi
        (``autocorr.``) and as Pearson's corrected contingency coefficient (``autocorr. C*``).
    """
    rows = []
    for i, ((data, task), (graph, y)) in enumerate(table5_tasks().items()):
        study = rel.error_correlation_study(graph, y, models=models, prop_labeled=prop_labeled, n_splits=n_splits,
                                            rng=i)
        rows.append({"data set": data, "task": task, "positives": f"{y.mean():.0%}",
                     "error corr.": study["mean"], "autocorr.": rel.label_autocorrelation(graph, y),
                     "autocorr. C*": rel.label_autocorrelation(graph, y, measure="contingency")})
    return _frame(rows)


@experiment("neville-fig5", scales={"book": {}, "paper": {}, "small": {"n_trials": 5, "calibration_repeats": 1}},
            paper_cost="~40 s on 1 core")
def fig5(*, n_parts: int = 6, pieces_seed: int = 7, partition: str = "stratified",
         prop_labeled: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4, 0.5), n_trials: int = 50,
         calibration_repeats: int = 10, seed: int = 100, progress: bool = False):
    """Fig. 5's analysis on disjoint pieces of Cora: each piece held out in turn, calibrated on the others.

    Held-out piece ``h`` runs :func:`evalkit.relational.within_network_study` with seed
    ``seed + h``.

    Parameters
    ----------
    n_parts : int
        Pieces of Cora.
    pieces_seed : int
        Seed of the Louvain communities.
    partition : str
        ``'stratified'`` (pieces with alike label shares) or ``'louvain'`` (packed by
        size only); see :func:`cora_pieces`.
    prop_labeled : tuple of float
        Shares labelled.
    n_trials : int
        Trials of RS and NCV on the held-out piece.
    calibration_repeats : int
        NCV repetitions of each calibration piece.
    seed : int
        Seed of the first held-out piece's study.
    progress : bool
        Show a progress bar.

    Returns
    -------
    dict
        ``"pieces"``: nodes, links, share positive and label autocorrelation of each piece;
        ``"trials"``: the study's rows, with ``held_out``.
    """
    from .._parallel import progress_bar

    pieces = cora_pieces(n_parts, seed=pieces_seed, partition=partition)
    trials = []
    for held_out in progress_bar(range(len(pieces)), progress=progress, desc="held-out pieces"):
        others = pieces[:held_out] + pieces[held_out + 1:]
        rows = rel.within_network_study([pieces[held_out]], others, prop_labeled=prop_labeled, n_trials=n_trials,
                                        calibration_repeats=calibration_repeats, rng=seed + held_out)
        trials += [dict(r, held_out=held_out) for r in rows]
    table = _frame({"nodes": [a.shape[0] for a, _ in pieces], "links": [a.nnz // 2 for a, _ in pieces],
                    "positive": [lab.mean() for _, lab in pieces],
                    "autocorrelation": [rel.label_autocorrelation(a, lab) for a, lab in pieces]})
    return {"pieces": table, "trials": _frame(trials)}
