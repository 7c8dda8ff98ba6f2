"""Tests of evalkit.reproductions.link_prediction.claims: the registry of Yang et al.'s claims and the
functions that map the chapters' results to ``{claim id: our value}``, on small synthetic
results (the chapters run them on the real ones)."""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from evalkit import claims
from evalkit.reproductions.link_prediction import claims as yc

NETS = ("Condmat", "CollegeMsg", "email-Eu-core")
PREDS = ("PA", "PropFlow", "Adamic/Adar")


def test_registry_inventory():
    cs = claims.claims_of("yang.")
    assert len(cs) >= 150
    ids = [c.id for c in cs]
    assert len(ids) == len(set(ids))
    assert {c.kind for c in cs} <= set(claims.KINDS)
    # Table 1 cell by cell, Table 2 and Table 3 cell by cell, the nine guidelines
    assert sum(i.startswith("yang.table1.") for i in ids) == 12
    assert sum(i.startswith("yang.table2.a") for i in ids) == 40
    assert sum(i.startswith("yang.table3.") and i.count(".") == 4 for i in ids) == 24
    assert sum(i.startswith("yang.s8.guideline") for i in ids) == 9
    assert isinstance(claims.source_value("yang.table1.condmat.nodes"), float)
    assert all(c.not_attempted for c in cs if c.id.startswith("yang.table3.dblp."))


def test_options_take_the_longest_prefix():
    assert yc.options("yang.table3.enron.pf.fair")["data"] == yc.ENRON
    assert "data" not in yc.options("yang.table3.condmat.pf.fair")     # the paper's (weighted) network
    assert yc.options("yang.table3.condmat.pf.kaggle") == {"explanation": "lp-kaggle"}
    assert yc.options("yang.table2.a02.b10")["explanation"] == "lp-table2-why"
    assert yc.options("yang.thm41.statement") == {}


def test_every_label_is_a_known_section():
    labels = {o.get("explanation") or o.get("source_error") for o in yc.OPTIONS.values()} - {None}
    assert labels <= {"errata-yang", "errata-yang-baselines", "errata-yang-imbalance", "lp-directionality",
                      "lp-fig10-exceptions", "lp-pf-vs-pa", "lp-table2-why", "lp-kaggle", "lp-fig7-stability",
                      "lp-table3-truncation"}


def _framework():
    imbalance = pd.DataFrame({"negatives per positive": [20_000.0, 5_000.0],
                              "all-negative: accuracy": [20_000 / 20_001, 5_000 / 5_001],
                              "constant score: AUROC": [0.5, 0.5]}, index=["Condmat", "CollegeMsg"])
    prior = 1 / (1 + imbalance["negatives per positive"])
    imbalance["random: precision"] = imbalance["all-positive: precision"] = imbalance["constant score: AUPR"] = prior
    table1 = pd.DataFrame({"relation": ["is", "stand-in", "is"], "nodes": [100, 50, 30], "edges": [120, 60, 40],
                           "feature-network density": [2 * 99 / (100 * 99), 0.1, 0.05]},
                          index=["Condmat", "DBLP", "Facebook"])
    return yc.framework_claims(table1=table1, imbalance=imbalance,
                               spans={"adamic_adar": 1.0, "preferential_attachment": 4.0},
                               distinct={"adamic_adar": 50, "preferential_attachment": 60})


def test_framework_claims():
    ours = _framework()
    assert ours["yang.table1.condmat.density"] == pytest.approx(2 * 99 / (100 * 99))
    assert ours["yang.table1.condmat.edges"] == 120 and not any(k.startswith("yang.table1.dblp") for k in ours)
    assert ours["yang.s3.3.balanced-baselines"] is False      # recall of the trivial predictors is 0 and 1
    assert ours["yang.s3.3.accuracy-near-one"] and ours["yang.s3.3.precision-baseline"]
    assert ours["yang.fig3.distributions-differ"]
    assert ours["yang.fig7.condmat.imbalance-order"] == pytest.approx(np.log10(20_000))


def _curve(network, predictor, ranges, mean=0.8):
    p = [1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0]
    return pd.DataFrame({"network": network, "predictor": predictor, "p": p, "mean": mean,
                         "min": [mean - r / 2 for r in ranges], "max": [mean + r / 2 for r in ranges]})


def _sampling():
    theorem = pd.DataFrame({"Theorem 4.1": [1e-6, 1e-7, 1e-8], "ratio": [0.97, 1.01, 0.99]},
                           index=pd.Index([1e-5, 1e-4, 1e-3], name="p"))
    fig7 = pd.concat([_curve("Condmat", "PA", [0.03, 0.009, 0.004, 0.001, 0, 0]),
                      _curve("Condmat", "PF", [0.02, 0.008, 0.003, 0.001, 0, 0]),
                      _curve("CollegeMsg", "PA", [0.2, 0.08, 0.03, 0.02, 0.005, 0]),
                      _curve("CollegeMsg", "PF", [0.3, 0.09, 0.03, 0.01, 0.003, 0])])
    fig8 = pd.concat([_curve("Condmat", "sup", [0.02, 0.005, 0.002, 0, 0, 0]),
                      _curve("email-Eu-core", "sup", [0.3, 0.1, 0.04, 0.02, 0.004, 0])]).drop(columns="predictor")
    cor = pd.DataFrame({"Var(AUROC), measured": [3e-7, 3e-5]}, index=["Condmat", "CollegeMsg"])
    return yc.sampling_claims(theorem=theorem, corollary_z=np.array([0.5, -1.2]), corollary=cor, fig7=fig7, fig8=fig8)


def test_sampling_claims():
    ours = _sampling()
    assert ours["yang.thm41.statement"] and ours["yang.cor43.statement"] and ours["yang.cor43.facebook-above-condmat"]
    assert ours["yang.fig7.condmat.stable-rate"] == pytest.approx(1e-4)
    assert ours["yang.fig7.facebook.stable-rate"] == pytest.approx(1e-1)
    assert ours["yang.fig8.dblp.stable-rate"] == pytest.approx(1e-4)
    assert ours["yang.fig7.condmat.pa-most-susceptible"] and ours["yang.fig7.facebook.pf-most-susceptible"]
    assert ours["yang.fig7.variance-grows"] and ours["yang.fig7.mean-stable"]


def _hist(pos, neg, distances):
    return SimpleNamespace(distance=np.array(distances, dtype=float), n_positive=np.array(pos), n_negative=np.array(neg))


def _distance():
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
    directional = pd.Series({"common neighbours": False, "PropFlow (one ordering)": True})
    fig5 = np.array([[0, 1 / 3], [1.0, 0]])
    counts = {"N": 9.6e7, "P": 4500.0, "pos2": 1200.0, "neg2": 214000.0, "pos3": 650.0}
    return yc.distance_claims(directional=directional, fig5=fig5, orderings=orderings, counts=counts,
                              by_distance=by_distance, fig10=fig10, table2=table2, fig11=fig11, table3=table3,
                              fig13=fig13, steering=steering, a_l=np.array([0.4, 0.9]),
                              n_nodes=dict(zip(NETS, (13000, 1677, 959))))


def test_distance_claims():
    ours = _distance()
    assert ours["yang.s3.4.propflow-directional"] and ours["yang.fig5.from-vb"] and ours["yang.fig5.from-va"]
    assert ours["yang.s4.2.condmat.l2-negatives-at-balance"] == pytest.approx(214000 * 4500 / 9.6e7)
    assert ours["yang.fig10.pa.pooled-above"] is False         # distance 5 beats the pooled pairs
    assert ours["yang.fig10.condmat.pf-inflation"] == pytest.approx(0.8 / 0.59 - 1)
    assert ours["yang.fig10.condmat.pf-above-pa-only-at-2"] is False
    assert ours["yang.table2.a03.b50"] == 5.2 and ours["yang.table2.falls-with-beta"]
    assert ours["yang.table3.kaggle-higher"] is False and ours["yang.table3.max-gain"] == pytest.approx(0.6 / 0.7 - 1)
    assert ours["yang.fig9.decay"] and ours["yang.fig11.increases"] and ours["yang.s4.3.arbitrary-auroc"]


def _measures():
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
    temporal = pd.DataFrame({"AUPR monotone as the paper expects": True, "AUROC monotone the same way": False},
                            index=tidx)
    hists = {(n, p): SimpleNamespace(n_positive=10, n_negative=1000) for n in NETS for p in PREDS}
    tasks = {n: SimpleNamespace(n_candidates=10_000_000, positives=np.arange(100), n_nodes=5000) for n in NETS}
    return yc.measures_claims(new_nodes=new_nodes, theorem61=theorem61, n_reversals=4, reversals=reversals,
                              networks=NETS, aupr=aupr, temporal=temporal, hists=hists, tasks=tasks,
                              paper_negatives=claims.source_value("yang.s4.2.condmat.negatives"))


def test_measures_claims():
    ours = _measures()
    assert ours["yang.s5.same-effect"] is False and ours["yang.s8.guideline9"]
    assert ours["yang.s5.training-network"] is False
    assert ours["yang.thm61.statement"] and ours["yang.fig14.enron.pa-pf-reversal"] and ours["yang.s8.guideline2"]
    assert ours["yang.fig15.aupr-l2-above-all"] and ours["yang.fig15.aupr-declines"]
    assert ours["yang.fig15.aupr-increases"] is False
    assert ours["yang.fig17.auroc-fluctuates"] and ours["yang.fig19.aupr-rises"]


def test_the_functions_cover_every_attempted_claim_once():
    found = [*_framework(), *_sampling(), *_distance(), *_measures()]
    assert len(found) == len(set(found))
    attempted = {c.id for c in claims.claims_of("yang.") if not c.not_attempted}
    table2 = {i for i in attempted if i.startswith("yang.table2.a")}
    # the synthetic Table 2 has 4 of the 40 cells; the others come from the same comprehension
    assert set(found) - table2 <= attempted
    assert attempted - table2 - set(found) == set()


def test_record_claims_derives_verdicts():
    paper_nodes = claims.source_value("yang.table1.condmat.nodes")
    records = yc.record_claims({"yang.table1.condmat.nodes": paper_nodes, "yang.s3.3.balanced-baselines": False,
                                "yang.table1.condmat.density": 4.2e-4, "yang.table1.condmat.edges": 40321})
    verdicts = {r.claim.id: r.verdict for r in records}
    assert verdicts == {"yang.table1.condmat.nodes": "reproduced", "yang.s3.3.balanced-baselines": "source-error",
                        "yang.table1.condmat.density": "source-error", "yang.table1.condmat.edges": "not-reproduced"}


def test_rises_with_is_spearmans_sign_and_false_without_a_rank_correlation():
    import warnings

    assert yc._rises_with([1, 2, 3], [0.1, 0.3, 0.2]) and not yc._rises_with([1, 2, 3], [0.3, 0.2, 0.1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # scipy would warn (ConstantInputWarning) and give NaN
        assert not yc._rises_with([1, 2, 3], [0.2, 0.2, 0.2])
        assert not yc._rises_with([5, 5, 5], [0.1, 0.2, 0.3])
