"""Small synthetic results for the pages' ``ours`` (the chapters run them on the real ones), shared by the
page tests and by test_source's check that the pages cover every attempted claim once."""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from evalkit.reproductions.link_prediction import distance, framework, measures, sampling

NETS = ("Condmat", "CollegeMsg", "email-Eu-core")
PREDS = ("PA", "PropFlow", "Adamic/Adar")


@pytest.fixture
def framework_values():
    imbalance = pd.DataFrame({"negatives per positive": [20_000.0, 5_000.0],
                              "all-negative: accuracy": [20_000 / 20_001, 5_000 / 5_001],
                              "constant score: AUROC": [0.5, 0.5]}, index=["Condmat", "CollegeMsg"])
    prior = 1 / (1 + imbalance["negatives per positive"])
    imbalance["random: precision"] = imbalance["all-positive: precision"] = imbalance["constant score: AUPR"] = prior
    table1 = pd.DataFrame({"relation": ["is", "stand-in", "is"], "nodes": [100, 50, 30], "edges": [120, 60, 40],
                           "feature-network density": [2 * 99 / (100 * 99), 0.1, 0.05]},
                          index=["Condmat", "DBLP", "Facebook"])
    return framework.ours(table1=table1, imbalance=imbalance,
                          spans={"adamic_adar": 1.0, "preferential_attachment": 4.0},
                          distinct={"adamic_adar": 50, "preferential_attachment": 60},
                          balanced=framework.trivial_baselines(n_positive=50, n_negative=50))


def _curve(network, predictor, ranges, mean=0.8):
    """A fake curve; its draws' standard deviation is a sixth of the range (100 normal draws range over ~5 sd)."""
    p = [1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0]
    return pd.DataFrame({"network": network, "predictor": predictor, "p": p, "mean": mean,
                         "min": [mean - r / 2 for r in ranges], "max": [mean + r / 2 for r in ranges],
                         "sd": [r / 6 for r in ranges]})


@pytest.fixture
def sampling_values(sampling_inputs):
    return sampling.ours(**sampling_inputs)


@pytest.fixture
def sampling_inputs():
    theorem = pd.DataFrame({"Theorem 4.1": [1e-6, 1e-7, 1e-8], "ratio": [0.97, 1.01, 0.99]},
                           index=pd.Index([1e-5, 1e-4, 1e-3], name="p"))
    fig7 = pd.concat([_curve("Condmat", "PA", [0.03, 0.009, 0.004, 0.001, 0, 0]),
                      _curve("Condmat", "PF", [0.02, 0.008, 0.003, 0.001, 0, 0]),
                      _curve("CollegeMsg", "PA", [0.2, 0.08, 0.03, 0.02, 0.005, 0]),
                      _curve("CollegeMsg", "PF", [0.3, 0.09, 0.03, 0.01, 0.003, 0])])
    fig8 = pd.concat([_curve("Condmat", "sup", [0.02, 0.005, 0.002, 0, 0, 0]),
                      _curve("email-Eu-core", "sup", [0.3, 0.1, 0.04, 0.02, 0.004, 0])]).drop(columns="predictor")
    cor = pd.DataFrame({"Var(AUROC), measured": [3e-7, 3e-5]}, index=["Condmat", "CollegeMsg"])
    return dict(theorem=theorem, corollary_z=np.array([0.5, -1.2]), corollary=cor, fig7=fig7, fig8=fig8,
                balanced=sampling._example_balanced())


def _hist(pos, neg, distances):
    return SimpleNamespace(distance=np.array(distances, dtype=float), n_positive=np.array(pos), n_negative=np.array(neg))


@pytest.fixture
def distance_values(distance_inputs):
    return distance.ours(**distance_inputs)


@pytest.fixture
def distance_inputs():
    dists = [2.0, 3.0, 4.0, 5.0, np.inf]
    by_distance = {n: {"preferential_attachment": _hist([400, 200, 100, 50, 10], [4e4, 4e5, 4e6, 4e7, 1e8], dists)}
                   for n in NETS}
    idx = pd.MultiIndex.from_tuples([(n, p) for n in NETS for p in ("PA", "PropFlow")])
    fig10 = pd.DataFrame({2.0: 0.6, 3.0: 0.62, 4.0: 0.64, 5.0: 0.95, "all": 0.8}, index=idx)
    fig10.loc[("Condmat", "PropFlow"), [2.0, 3.0, 4.0, 5.0]] = [0.59, 0.55, 0.52, 0.5]
    fig11 = pd.DataFrame({"all": 0.8, 3.0: 0.8015, 4.0: 0.805, 5.0: 0.83}, index=idx)
    alphas, betas = [0.2, 0.3], [10, 50]
    table2 = pd.DataFrame([[8.1, 5.0], [8.3, 5.2]], index=alphas, columns=betas)
    cols = pd.MultiIndex.from_tuples([(n, s) for n in NETS for s in ("Fair", "Kaggle")])
    table3 = pd.DataFrame(0.7, index=list(PREDS), columns=cols)
    table3.loc[:, (slice(None), "Kaggle")] = 0.6
    fig13 = pd.DataFrame({"network": "Condmat", "distance": dists, "fair": [0.01, 0.04, 0.1, 0.35, 0.5]})
    steering = pd.DataFrame({"AUROC of the drawn test set": [0.551, 0.748]}, index=[0.55, 0.75])
    orderings = pd.DataFrame({"both orderings": 0.55, "mean": 0.57, "max": 0.56, "min": 0.56, "u to v": 0.54,
                              "v to u": 0.58}, index=list(NETS))
    directional = pd.Series({"common neighbours": False, "PropFlow (one ordering)": True,
                             "hitting time (one ordering)": True})
    fig5 = np.array([[0, 1 / 3], [1.0, 0]])
    counts = {"N": 9.6e7, "P": 4500.0, "pos2": 1200.0, "neg2": 214000.0, "pos3": 650.0}
    return dict(directional=directional, fig5=fig5, orderings=orderings, counts=counts,
                by_distance=by_distance, fig10=fig10, table2=table2, fig11=fig11, table3=table3,
                fig13=fig13, steering=steering, a_l=np.array([0.4, 0.9]),
                n_nodes=dict(zip(NETS, (13000, 1677, 959))), walks=_walks_table())


def _walks_table(katz_lead=0.3):
    rows = [(n, p) for n in NETS for p in ("PA", "PropFlow", "Katz", "rooted PageRank") if (n, p) != (NETS[0], "rooted PageRank")]
    lead = {"PA": 0.1, "PropFlow": 0.3, "Katz": katz_lead, "rooted PageRank": 0.25}
    return pd.DataFrame({"inflation": [lead[p] for _, p in rows]}, index=pd.MultiIndex.from_tuples(rows))


@pytest.fixture
def measures_values(measures_inputs):
    return measures.ours(**measures_inputs)


@pytest.fixture
def measures_inputs():
    idx = pd.MultiIndex.from_tuples([(n, c) for n in NETS for c in ("training network", "testing network")])
    new_nodes = pd.DataFrame({"candidates": 1e6, "AUROC PA": 0.8, "AUROC PropFlow": 0.8, "AUROC Adamic/Adar": 0.6},
                             index=idx)
    new_nodes.loc[(slice(None), "testing network"), "AUROC PA"] = 0.5
    new_nodes.loc[(slice(None), "testing network"), ["AUROC PropFlow", "AUROC Adamic/Adar"]] = [0.7, 0.55]
    theorem61 = pd.DataFrame({"difference": [0.0, 1e-15]})
    reversals = pd.DataFrame({"network": list(NETS), "pair": ["PA / PropFlow"] * len(NETS), "K": 1})
    aupr = pd.DataFrame({"l = 2": [0.01, 0.02], "l = 3": [0.005, 0.01], "l = 4": [0.001, 0.002],
                         "l = 5": [0.0005, 0.001], "all pairs": [0.002, 0.003], "AUROC l = 2": [0.6, 0.6],
                         "AUROC all": [0.8, 0.8]})
    tidx = pd.MultiIndex.from_tuples([(n, p, d) for n in NETS[:2] for p in PREDS for d in ("slice", "agglomerated")])
    temporal = pd.DataFrame({"AUPR monotone as the paper expects": True, "AUROC monotone the same way": False,
                             "AUROC changes direction": True}, index=tidx)
    hists = {(n, p): SimpleNamespace(n_positive=10, n_negative=1000) for n in NETS for p in PREDS}
    tasks = {n: SimpleNamespace(n_candidates=10_000_000, positives=np.arange(100), n_nodes=5000) for n in NETS}
    return dict(new_nodes=new_nodes, theorem61=theorem61, reversals=reversals, networks=NETS, aupr=aupr,
                temporal=temporal, hists=hists, tasks=tasks)


@pytest.fixture
def walks_table():
    """A walk_inflation table: (network, predictor) -> inflation, Katz's lead set by the argument."""
    return _walks_table
