"""Tests of evalkit.reproductions.network_cv.claims: every claim of the Neville registry that is
not marked not_attempted is mapped by exactly one function, from small-scale results."""
import numpy as np
import pandas as pd
import pytest

from evalkit import claims
from evalkit import relational as rel
from evalkit.reproductions import network_cv as neville
from evalkit.reproductions.network_cv import claims as nc


def _trials(props, *, handicapped="wvRN"):
    """A fake within-network study: RS rejects more often than NCV, falling with the share labelled."""
    rows = []
    for prop in props:
        for proc, base in (("rrs", 0.4), ("ncv", 0.12)):
            for network in range(4):
                paired, unpaired = base - prop / 2, base / 3 - prop / 10
                rows.append({"procedure": proc, "prop_labeled": prop, "network": network, "paired": paired,
                             "unpaired": max(unpaired, 0.0), "wilcoxon": paired - 0.01,
                             "handicapped": handicapped, "handicap": max(0.0, 0.3 - prop),
                             "mean_difference": (-1) ** network * 0.001,
                             "var_mean_difference": 2e-3, "var_paired": 1e-3, "var_unpaired": 3e-3,
                             "accuracy_correlation": 0.5})
    return pd.DataFrame(rows)


def _variant(rates, **extra):
    """A fake Fig. 2a-design run: ``rates`` maps procedure -> Type I error per share labelled (0.1 .. 0.9)."""
    props = (0.1, 0.3, 0.5, 0.7, 0.9)
    return pd.DataFrame([{**extra, "procedure": proc, "prop_labeled": p, "type1_error": r, "n_trials": 1000,
                          "n_simulations": 10} for proc, rs in rates.items() for p, r in zip(props, rs)])


def _inference_trials(rho_shared, rho_alone, k=10):
    """Fake NCV trials whose variance ratio implies the given fold correlations."""
    rows = []
    for inference, rho in (("all", rho_shared), ("test", rho_alone)):
        for i, prop in enumerate((0.1, 0.2, 0.3, 0.4)):
            for network in range(4):
                r = rho + 0.001 * (i + network)  # distinct cells, no ties
                ratio = (1 + (k - 1) * r) / (1 - r)
                rows.append({"inference": inference, "procedure": "ncv", "prop_labeled": prop, "network": network,
                             "paired": 0.1, "unpaired": 0.05, "mean_difference": 0.01, "error_correlation": 0.1,
                             "var_paired": 1e-3, "var_mean_difference": ratio * 1e-3})
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def ours():
    overlap = neville.resampling_overlap(scale="small").set_index(["labelled", "procedure"])
    grid = neville.theorem_grid(scale="small", n=(30,), g=(1, 5))
    delta = neville.theorem3_delta(scale="small", c_max=3)
    formulas = neville.group_formulas(scale="small")
    fig2 = neville.fig2(scale="small", n_trials=50)
    lgm = neville.lgm_properties(scale="small", n_calibration=4, n_error_networks=2)
    fig3 = _trials((0.1, 0.2, 0.3, 0.4))
    at_gap = {(size, p, t): v for size in (300, 600)
              for (p, t), v in {("rrs", "paired"): 0.7, ("rrs", "unpaired"): 0.6, ("ncv", "paired"): 0.25,
                                ("ncv", "unpaired"): 0.03}.items()}
    at_gap = {k: v + (0.1 if k[0] == 600 else 0.0) for k, v in at_gap.items()}
    measured = pd.DataFrame({"data set": ["Enron email", "Political books", "Cora"], "task": ["Executive?", "Neutral?", "x?"],
                             "error corr.": [0.01, 0.2, 0.3], "autocorr.": [0.02, 0.2, 0.6]})
    parts = [nc.overlap_claims(overlap), nc.survey_claims(), nc.theorem_claims(grid, delta, {"Thm 1: step": 0, "Thm 3: Var_corr - Var_obs -> statement's Delta": 1}),
             nc.table5_claims(measured), nc.fig2_claims(formulas, fig2["2a"], fig2["2b"]), nc.lgm_claims(lgm),
             nc.fig3_claims(fig3), nc.fig4_claims(at_gap, neville.type2_reduction(at_gap)),
             nc.summary_claims(fig3, at_gap), nc.fig5_claims(_trials((0.1, 0.2, 0.3, 0.4, 0.5))),
             nc.variance_claims(fig3), nc.section5_claims(neville.section5_variants(scale="small")),
             nc.inference_claims(_inference_trials(0.0, 0.0))]
    return parts


def test_every_attempted_claim_is_mapped_exactly_once(ours):
    ids = [cid for part in ours for cid in part]
    assert len(ids) == len(set(ids))
    attempted = {c.id for c in claims.claims_of("neville.") if c.not_attempted is None}
    assert set(ids) == attempted


def test_values_have_the_claims_types(ours):
    for part in ours:
        for cid, value in part.items():
            claim = claims.get_claim(cid)
            if claim.is_numeric:
                assert isinstance(value, (int, float)) and not isinstance(value, bool), cid
            else:
                assert isinstance(value, bool), cid


def test_known_values(ours):
    merged = {k: v for part in ours for k, v in part.items()}
    p_mg, p_other = rel.group_error_probabilities(0.1, 0.9, formula="printed")
    assert merged["neville.table7.error-rate"] == pytest.approx(0.1 * p_mg + 0.9 * p_other)
    assert merged["neville.sec2.cv-k10-labelled"] == pytest.approx(0.9)
    assert merged["neville.sec6-4.rs-test-size"] == 210 and merged["neville.sec6-4.ncv-test-size"] == 30
    assert merged["neville.sec2.ncv-disjoint"] and merged["neville.sec2.ers-equal-counts"]
    # the statement of Theorem 3 and the printed t statistic are wrong; the proofs hold
    assert not merged["neville.thm3.statement"] and not merged["neville.thm3.t-statistic"]
    assert merged["neville.thm3.proof-delta"] and merged["neville.thm1.proof"]
    assert merged["neville.sec3.overlap-count"] == 13


def test_fake_study_predicates(ours):
    fig3 = ours[6]
    assert fig3["neville.sec6-3.wvrn-better"] and fig3["neville.fig3.rs-peak-at-20"] is False
    assert fig3["neville.fig3.reduction"] == pytest.approx(1 - (0.12 - 0.1) / (0.4 - 0.1))
    assert not nc.fig3_claims(_trials((0.1, 0.2), handicapped="nBC"))["neville.sec6-3.wvrn-better"]


def test_record_all_outside_a_kernel(ours):
    records = nc.record_all(ours[2], options={"neville.thm3.statement": {"source_error": "errata-neville"}})
    verdicts = {r.claim.id: r.verdict for r in records}
    assert verdicts["neville.thm3.statement"] == "source-error"
    assert verdicts["neville.thm1.statement"] == "reproduced"
    assert verdicts["neville.thm3.t-statistic"] == "not-reproduced"
    (rec,) = nc.record_all({"neville.sec6-2.positive": 0.687}, data="stand-in")
    assert rec.verdict == "reproduced-standin"


def test_paper_table5_comes_from_the_registry():
    table = nc.paper_table5()
    assert len(table) == 6
    for (data, task), (err, auto) in neville.PAPER_TABLE_5.items():
        row = table[(table["data set"] == data) & (table.task == task)].iloc[0]
        assert (row["error corr."], row["autocorr."]) == (err, auto)
    key = "neville.table5.reality-student.error-corr"
    assert table.iloc[-1]["error corr."] == claims.source_value(key)


def test_sentences_state_the_claim():
    if_true, if_false = nc.sentences("neville.sec2.ncv-disjoint")
    assert "agree" in if_true and "not" in if_false and "disjoint" in if_true


def test_registry_tolerances_have_reasons():
    for claim in claims.claims_of("neville."):
        if claim.is_numeric and claim.tolerance_reason is None:
            assert claim.tolerance <= 0.5 * 10 ** -0 or claim.not_attempted
    assert np.isclose(claims.get_claim("neville.sec6-2.positive").tolerance, 0.02)


def test_variance_claims_follow_the_variances():
    trials = _trials((0.1, 0.2))
    got = nc.variance_claims(trials)
    assert got == {"neville.sec2.wilcoxon-like-t": True, "neville.sec6-4.mean-diff-unbiased": True,
                   "neville.sec6-4.var-diff-underestimated": True, "neville.sec6-4.pooled-above-diff": True}
    trials["var_mean_difference"] = 0.5e-3  # the paired estimate is now too large
    trials["wilcoxon"] = trials.paired + 0.2
    trials["mean_difference"] = 0.01  # the same sign on every network
    got = nc.variance_claims(trials)
    assert got == {"neville.sec2.wilcoxon-like-t": False, "neville.sec6-4.mean-diff-unbiased": False,
                   "neville.sec6-4.var-diff-underestimated": False, "neville.sec6-4.pooled-above-diff": True}
    table = nc.variance_table(trials)
    assert table.paired_under.tolist() == pytest.approx([0.5] * 4)


def test_survey_counts_from_the_citation_list_and_table4():
    assert nc.survey_papers("1, 7-9, 12") == [1, 7, 8, 9, 12]
    got = nc.survey_claims()
    assert got["neville.sec3.papers"] == len(nc.survey_papers())
    assert got["neville.sec3.dependent-set-size"] + got["neville.sec3.independent-set-size"] == got["neville.sec3.papers"]
    assert got["neville.sec3.dependent-set-size"] == claims.source_value("neville.table4.vary.yes-within")


def test_sensitivity_matches_use_the_registry_tolerances():
    auto = claims.source_value("neville.sec6-2.autocorrelation")
    err = claims.source_value("neville.sec6-2.error-correlation")
    sens = pd.DataFrame([{"link_rule": "mean", "group_sizes": "random", "label_draw": "share",
                          "autocorr_phi": auto - 0.2, "autocorr_phi_se": 0.01, "autocorr_contingency": auto,
                          "autocorr_contingency_se": 0.01, "error_corr_30": err + 0.1, "error_corr_30_se": 0.01,
                          "error_corr_collective": err + 0.02, "error_corr_collective_se": 0.01}])
    m = nc.sensitivity_matches(sens)
    assert len(m) == 4 and m.both.sum() == 1
    hit = m[m.both].iloc[0]
    assert (hit["autocorrelation measure"], hit["error-correlation measure"]) == ("contingency", "collective")


def test_section5_predicates():
    like = {"rrs": (0.4, 0.3, 0.2, 0.15, 0.1), "ers": (0.35, 0.3, 0.2, 0.1, 0.08), "ncv": (0.05,) * 5}
    assert nc.like_fig2a(_variant(like)) == {"resampling rises": True, "ncv low": True}
    flat = {**like, "rrs": (0.06, 0.06, 0.06, 0.06, 0.058)}  # within two standard errors
    assert nc.like_fig2a(_variant(flat))["resampling rises"] is False
    assert nc.like_fig2a(_variant({**like, "ncv": (0.05, 0.05, 0.09, 0.05, 0.05)}))["ncv low"] is False
    skewed = pd.concat([_variant(like, exponent=1.0), _variant(flat, exponent=2.0)])
    variants = {"skewed": skewed, "dietterich": _variant(flat),
                "folds": pd.DataFrame({"procedure": "rrs", "prop_labeled": 0.9, "n_resamples": [5, 10, 20, 30, 50],
                                       "type1_error": [0.05, 0.07, 0.06, 0.1, 0.14], "n_trials": 1000,
                                       "n_simulations": 10})}
    assert nc.section5_claims(variants) == {"neville.sec5.skewed-groups-similar": True,
                                            "neville.sec5.dietterich-similar": False,
                                            "neville.sec3.folds-increase-type1": True}
    assert not nc.section5_claims(variants, exponent=2.0)["neville.sec5.skewed-groups-similar"]
    variants["folds"]["type1_error"] = [0.14, 0.1, 0.06, 0.07, 0.05]
    assert not nc.section5_claims(variants)["neville.sec3.folds-increase-type1"]
    with pytest.raises(ValueError, match="exponent"):
        nc.section5_claims(variants, exponent=3.0)


def test_inference_dependence_from_the_fold_correlation():
    assert nc.fold_correlation(_inference_trials(0.2, 0.0)).iloc[0] == pytest.approx(0.2)
    assert nc.inference_claims(_inference_trials(0.2, 0.0)) == {"neville.sec8.inference-dependence": True}
    assert nc.inference_claims(_inference_trials(0.0, 0.2)) == {"neville.sec8.inference-dependence": False}
    table = nc.inference_table(_inference_trials(0.2, 0.0))
    assert table["fold_correlation", "all"].iloc[0] == pytest.approx(0.2015)  # mean over the 4 networks
    assert table.shape == (4, 10)


def test_claim_functions_refuse_bad_arguments():
    # declared checks (issue 22)
    with pytest.raises(TypeError, match="fig3"):
        nc.fig3_claims([{"procedure": "rrs"}])
    with pytest.raises(ValueError, match="n_nodes"):
        nc.overlap_claims(pd.DataFrame({"x": [1]}), n_nodes=5)
    with pytest.raises(ValueError, match="n_folds"):
        nc.fold_correlation(pd.DataFrame({"var_mean_difference": [1.0], "var_paired": [1.0]}), n_folds=1)
    with pytest.raises(ValueError, match="exponent"):
        nc.section5_claims({}, exponent=-1.0)
    # the theorems chapter passes its SymPy steps as a pandas Series
    frame = pd.DataFrame({"x": [1.0]})
    nc.theorem_claims.__evalkit_validate__(frame, frame, pd.Series({"Thm 1: step": 0}))
    with pytest.raises(TypeError, match="algebra"):
        nc.theorem_claims(frame, frame, [("Thm 1: step", 0)])
