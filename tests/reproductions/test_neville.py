"""Tests of evalkit.reproductions.network_cv: the experiments run at their small scale, the presets
are what the chapters run, and every experiment has a command-line form."""
import argparse

import numpy as np
import pytest

from evalkit import relational as rel
from evalkit.reproductions import _experiment
from evalkit.reproductions import network_cv as neville

NAMES = ("neville-overlap", "neville-formulas", "neville-fig2", "neville-theorems", "neville-theorem3",
         "neville-lgm", "neville-fig3", "neville-fig4", "neville-table5", "neville-fig5", "neville-sec5-variants",
         "neville-inference-sets")


def test_registered_with_old_cli_names_as_aliases():
    for name in NAMES:
        spec = _experiment.REGISTRY[name]
        assert spec.source == "neville" and {"book", "paper"} <= set(spec.scales) and spec.paper_cost
    for old in ("network-cv-fig2", "network-cv-fig3", "network-cv-fig4"):
        assert _experiment.REGISTRY[old].name == old.replace("network-cv", "neville")
    assert _experiment.REGISTRY["neville-fig2"].parallel and not _experiment.REGISTRY["neville-fig3"].parallel


@pytest.mark.parametrize("name", NAMES)
def test_command_line_form(name):
    spec = _experiment.REGISTRY[name]
    parser = argparse.ArgumentParser()
    _experiment.add_experiment_parser(parser.add_subparsers(), spec)
    args = parser.parse_args([name, "--scale", "small" if "small" in spec.scales else "book"])
    assert args.experiment is spec


def test_latent_group_networks_follow_the_book_seeds():
    cal, ev = neville.latent_group_networks(300, n_calibration=3, n_evaluation=1)
    rng = np.random.default_rng(2010)
    ref = [rel.latent_group_model(300, rng=rng) for _ in range(4)]
    for ours, theirs in zip(cal + ev, ref):
        assert (ours.adjacency != theirs.adjacency).nnz == 0 and np.array_equal(ours.labels, theirs.labels)


def test_formulas_table():
    table = neville.group_formulas(scale="small")
    assert table.shape == (12, 6)
    np.testing.assert_allclose(table["error rate, corrected"], table.index.get_level_values("P(err)"))
    p_mg, p_other = rel.group_error_probabilities(0.1, 0.9, formula="printed")
    assert table.loc[(0.1, 0.9), "error rate, printed"] == pytest.approx(0.1 * p_mg + 0.9 * p_other)
    assert table.loc[(0.1, 0.9), "error rate, printed"] > 2.5 * 0.1  # far from the stated P(err)


def test_fig2_small_and_parallel_equals_serial():
    kw = dict(scale="small", prop_labeled=(0.1, 0.9), p_err=(0.1,), err_corr=(0.0, 1.0), n_trials=50)
    serial = neville.fig2(**kw)
    parallel = neville.fig2(n_jobs=2, **kw)
    for key in ("2a", "2b"):
        assert serial[key].equals(parallel[key])
    assert set(serial["2a"].procedure) == {"rrs", "ers", "ncv"} and len(serial["2b"]) == 6


def test_section5_variants_small():
    res = neville.section5_variants(scale="small", exponents=(1.0,), n_resamples=(5, 10), n_trials=50)
    assert set(res) == {"skewed", "dietterich", "folds"}
    assert len(res["skewed"]) == 15 and set(res["skewed"].exponent) == {1.0}
    assert len(res["dietterich"]) == 15 and res["dietterich"].error_correlation.isna().all()
    assert len(res["folds"]) == 8 and set(res["folds"].procedure) == {"rrs", "ers"}
    assert res["skewed"].type1_error.between(0, 1).all()


def test_inference_sets_small():
    res = neville.inference_sets(scale="small", n_calibration=3, prop_labeled=(0.3,), n_trials=5)
    assert list(res.inference) == ["all"] * 4 + ["test"] * 4 and set(res.procedure) == {"ncv"}


def test_theorems_small():
    grid = neville.theorem_grid(scale="small", n=(30,), g=(5,))
    assert len(grid) == 9 and (grid.z.abs() < 5).all()
    delta = neville.theorem3_delta(scale="small", c_max=3)
    assert list(delta.c) == [1, 2, 3]
    np.testing.assert_allclose(delta.proof, rel.variance_underestimate(20, 10, 0.9, np.arange(1, 4), 0.09))


def test_overlap_small():
    table = neville.resampling_overlap(scale="small", prop_labeled=(0.5,))
    ncv = table[table.procedure == "NCV"].iloc[0]
    assert ncv["times tested: min"] == ncv["max"] == 1


def test_lgm_fig3_fig4_small():
    props = neville.lgm_properties(scale="small", n_calibration=4, n_error_networks=2)
    assert len(props) == 4 and props.error_correlation.isna().sum() == 2
    f3 = neville.fig3(scale="small", n_calibration=3, prop_labeled=(0.3,), n_trials=5)
    assert set(f3.procedure) == {"rrs", "ncv"} and f3.paired.between(0, 1).all()
    f4 = neville.fig4(scale="small", n_nodes=(100,), network_seeds=(1,), n_calibration=3, worse_rates=(0.0, 0.3),
                      n_trials=5)
    summary, at_gap = neville.power_at_gap(f4, gap=0.05)
    assert set(at_gap) == {(100, p, t) for p in ("rrs", "ncv") for t in ("paired", "unpaired")}
    reduction = neville.type2_reduction({**at_gap, **{(200, p, t): 1.0 for (_, p, t) in at_gap}}, small=100, large=200)
    assert all(v == 0.0 or v == pytest.approx(100.0) for v in reduction.values())
    with pytest.raises(ValueError, match="network_seeds"):
        neville.fig4(n_nodes=(100,), network_seeds=(1, 2))


@pytest.mark.slow
def test_real_data_small():
    table = neville.table5(scale="small", prop_labeled=(0.5,))
    assert list(table.columns) == ["data set", "task", "positives", "error corr.", "autocorr.", "autocorr. C*"]
    assert (table["autocorr. C*"] >= table["autocorr."].abs() - 1e-12).all()
    assert table.iloc[1]["autocorr."] == pytest.approx(
        rel.label_autocorrelation(*neville.table5_tasks()[("Political books", "Neutral?")]))
    res = neville.fig5(scale="small", prop_labeled=(0.3,))
    assert len(res["pieces"]) == 6 and set(res["trials"].held_out) == set(range(6))
    assert np.ptp(res["pieces"].positive) < 0.01  # the stratified pieces look alike
    louvain = [lab.mean() for _, lab in neville.cora_pieces(partition="louvain")]
    assert np.ptp(louvain) > 0.2
    with pytest.raises(ValueError, match="partition"):
        neville.cora_pieces(partition="random")


def test_bad_arguments_are_refused_before_anything_runs():
    # declared checks (issue 22): the message names the argument, for explicit values and presets alike
    with pytest.raises(ValueError, match="n_trials"):
        neville.fig2(scale="small", n_trials=0)
    with pytest.raises(ValueError, match="prop_labeled"):
        neville.resampling_overlap(prop_labeled=(0.5, 1.0))
    with pytest.raises(ValueError, match="scale"):
        neville.fig3(scale="huge")
    with pytest.raises(ValueError, match="link_rule"):
        neville.fig3(link_rule="nearest")
    with pytest.raises(ValueError, match="models"):
        neville.table5(models=("wvrn", "svm"))
    with pytest.raises(TypeError, match="seed"):
        neville.theorem3_delta(seed=np.random.default_rng(0))  # the seeds of its estimates are 2 seed + c
    with pytest.raises(TypeError, match="power"):
        neville.power_at_gap({"nodes": [300]})
    assert neville.fig2.experiment is _experiment.REGISTRY["neville-fig2"]
