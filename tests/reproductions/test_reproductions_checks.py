"""Declared argument checks of the scott, graph_metrics and replicability reproductions."""
import numpy as np
import pytest

from evalkit.reproductions import replicability as bf
from evalkit.reproductions import get_experiment, graph_metrics, scott


def test_experiments_refuse_an_unknown_scale_naming_it():
    with pytest.raises(ValueError, match="scale"):
        scott.coverage_curve(scale="huge")
    with pytest.raises(ValueError, match="scale"):
        bf.tables1_4(scale="small-ish")


@pytest.mark.parametrize("call, name", [
    (lambda: scott.ci_coverage(scale="small", p_min=-0.1), "p_min"),
    (lambda: scott.coverage_grid(true_errors=(0.1, 1.5)), "true_errors"),
    (lambda: scott.coverage_grid(method="agresti"), "method"),
    (lambda: scott.familywise_error_simulation(scale="small", correlations=(1.0,)), "correlations"),
    (lambda: scott.clt_simulation(scale="small", sizes=(0,)), "sizes"),
    (lambda: graph_metrics.label_noise(noise=(1.5,)), "noise"),
    (lambda: graph_metrics.tree_depth(depths=(-1,)), "depths"),
    (lambda: graph_metrics.word_enrichment(alpha=0.0), "alpha"),
    (lambda: graph_metrics.cora_holdout(test_size=1.0), "test_size"),
    (lambda: graph_metrics.pair_interval_coverage(n_draws=0), "n_draws"),
    (lambda: scott.familywise_chances(alpha=1.5), "alpha"),
    (lambda: bf.table5(scale="small", learners="sklearn"), "learners"),
    (lambda: bf.run_simulation(n_training_sets=0, learners="counts"), "n_training_sets"),
    (lambda: bf.run_replication(["iris"], repetitions=2, seed="zero"), "seed"),
    (lambda: bf.level_sweep(object()), "result"),
    (lambda: get_experiment(3), "name"),
])
def test_bad_values_are_refused_before_any_work(call, name):
    with pytest.raises((TypeError, ValueError), match=name):
        call()


def test_none_means_the_preset_where_every_preset_names_the_parameter():
    rows = scott.ci_coverage(scale="small", n_trials=None, seed=0)
    assert {r["n_trials"] for r in rows} == {500}


def test_every_seed_the_shared_checker_accepts_works():
    # an integer keeps its meaning; a Generator or SeedSequence is turned into one
    assert bf.weka_run_seeds(seed=2, runs=2) == [2001, 2002]
    assert len(bf.weka_run_seeds(seed=np.random.default_rng(0), runs=3)) == 3
    a, _ = bf.simulation_sources(targets=(), learners="counts", rng=np.random.SeedSequence(1))
    b, _ = bf.simulation_sources(targets=(), learners="counts", rng=np.random.default_rng(1))
    assert len(a) == len(b) == 1
    table = scott.fold_errors(n_splits=3, seed=np.random.default_rng(1))
    assert table.shape == (3, 3)


def test_sources_table_needs_one_pilot_difference_per_source():
    sources, pilot = bf.simulation_sources(targets=(), learners="counts", rng=0)
    with pytest.raises(ValueError, match="sources"):
        bf.sources_table(sources, pilot + [1.0])


def test_result_classes_are_frozen_and_compare_with_arrays():
    res = bf.SimulationResult(np.full((4, 2, 2), 0.5), {t: np.full((4, 2, 3), 0.5) for t in bf.SIMULATION_TESTS},
                              0.05, 0.0)
    assert res == res
    maps = scott.CoverageMaps(np.array([0.1, 0.3]), np.array([10, 40]), {"normal": np.ones((2, 2))})
    assert maps == scott.CoverageMaps(np.array([0.1, 0.3]), np.array([10, 40]), maps.maps)
    with pytest.raises(ValueError, match="p_grid"):
        scott.CoverageMaps(np.array([0.1, 1.3]), np.array([10, 40]), {})
