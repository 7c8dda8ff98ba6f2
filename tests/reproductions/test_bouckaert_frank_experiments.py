"""The registered Bouckaert & Frank experiments at a tiny scale, the chapters' table helpers, and the old paths."""
import importlib
import warnings

import numpy as np
import pytest

from evalkit import learners
from evalkit.reproductions import replicability as bf
from evalkit.reproductions import get_experiment, result_rows

NAMES = ("bouckaert-frank-tables1-4", "bouckaert-frank-null-copies", "bouckaert-frank-table5",
         "bouckaert-frank-tests-example", "bouckaert-frank-mcnemar", "bouckaert-frank-recipe")


@pytest.mark.parametrize("name", NAMES)
def test_registered_with_book_and_paper_presets(name):
    spec = get_experiment(name)
    assert {"book", "paper"} <= set(spec.scales) and spec.paper_cost
    assert get_experiment("bouckaert-frank") is get_experiment("bouckaert-frank-tables1-4")


def test_book_presets_are_what_the_chapters_run():
    assert get_experiment("bouckaert-frank-tables1-4").scales["book"] == {
        "datasets": tuple(bf.PAPER_DATASET_NAMES), "repetitions": 10, "learners": "weka", "null_copies": False,
        "seed": 0}
    assert get_experiment("bouckaert-frank-null-copies").scales["book"]["datasets"] == tuple(
        list(bf.PAPER_DATASET_NAMES)[::3])
    t5 = get_experiment("bouckaert-frank-table5").scales
    assert t5["book"]["training_sets"] == 60 and t5["paper"]["training_sets"] == 1000
    assert t5["book"]["learners"] == t5["paper"]["learners"] == t5["small"]["learners"] == "weka"
    assert t5["book"]["source_seed"] == 0 and t5["book"]["seed"] == 1


@pytest.mark.usefixtures("shared_data")
def test_tables1_4_small_equals_run_replication():
    res = bf.tables1_4(scale="small", datasets=("iris",))
    direct = bf.run_replication(["iris"], repetitions=2, seed=0)
    for test, per_pair in direct.counts.items():
        for pair, counts in per_pair.items():
            np.testing.assert_array_equal(res.counts[test][pair], counts)
    rows = result_rows(res)
    assert len(rows) == len(res.counts) * 3 and "non_rejections[iris]" in rows[0]
    null = bf.tables1_4(scale="small", datasets=("iris",), null_copies=True)
    assert set(null.counts["5x2cv"]) == {"tree A vs tree B"}


@pytest.mark.usefixtures("shared_data")
def test_null_copies_rejection_rates():
    res = bf.null_copies(scale="small")
    direct = bf.run_replication(["iris"], repetitions=2, learners=learners.identical_learners_for, seed=0)
    rates = res.rejection_rates("tree A vs tree B")
    assert not any("level" in t for t in rates) and all(0 <= r <= 1 for r in rates.values())
    for test, r in rates.items():
        assert r == 1 - direct.counts[test]["tree A vs tree B"].sum() / 2


def test_table5_small_and_its_tables():
    # the plumbing, with the fast learners (the Weka path: tests of the simulation module)
    res = bf.table5(scale="small", learners="counts", training_sets=3)
    assert res.learners == "counts"
    sources, pilot = bf.simulation_sources(learners="counts", rng=0)
    direct = bf.run_simulation(sources, n_training_sets=3, repetitions=2, learners="counts", seed=1)
    for test in bf.SIMULATION_TESTS:
        np.testing.assert_array_equal(res.pvalues[test], direct.pvalues[test])
    assert len(res.sources) == 4 and list(res.pilot_differences) == pilot
    assert len(result_rows(res)) == 4 * len(bf.SIMULATION_TESTS)
    assert bf.sources_table(res.sources, list(res.pilot_differences)).shape == (4, 4)
    t5 = bf.table5_comparison(res)
    assert t5.shape == (2 + 3 * len(bf.TABLE5_PAPER_ROWS), 5)
    assert t5.loc[("corrected 10x10 CV", "evalkit"), "min."] == res.consistency("corrected 10x10 CV").min()
    rates = bf.rejection_rate_table(res)
    assert rates.loc["5x2cv", "source 1"] == res.rejection_rate("5x2cv")[0]
    sweep = bf.level_sweep(res)
    assert sweep.loc["5x2cv", "level 0.01"] <= sweep.loc["5x2cv", "level 0.1"]
    assert bf.judged_table(res).shape == (len(bf.SIMULATION_TESTS), 3)


@pytest.mark.usefixtures("shared_data")
def test_examples_on_diabetes():
    tests = bf.tests_example()
    assert set(tests) >= {"5x2cv paired t", "corrected 10 x 10-fold CV"}
    assert tests["corrected resampled t (df = n, the paper)"].df == 100
    assert len(result_rows(get_experiment("bouckaert-frank-tests-example").rows(tests))) == len(tests)
    mc = bf.mcnemar_example()
    assert mc.nb_wrong_tree_right >= 0 and 0 <= mc.test.pvalue <= 1
    rec = bf.recipe()
    assert rec.corrected.df == 99 and rec.uncorrected.pvalue < rec.corrected.pvalue
    assert len(result_rows(rec)) == 2


def test_paper_table1_check_reproduces_the_summary_rows():
    check, diff = bf.paper_table1_check()
    assert diff < 5e-4
    assert check[("NB vs C4.5", "evalkit")]["consistent"] == 9


@pytest.mark.usefixtures("shared_data")
def test_uci_comparison_tables_on_a_fake_full_result():
    names = tuple(bf.PAPER_DATASET_NAMES)
    counts = {test: {f"{a} vs {b}": np.array(bf.PAPER_TABLE_1[f"{a} vs {b}"]) for a, b in bf.PAIRS}
              for test in bf.PAPER_SUMMARIES}
    res = bf.ReplicationResult(names, 10, counts, 0, 0.0)
    t1 = bf.table1_comparison(res)
    assert t1.shape == (27, 6) and (t1[("NB vs NN", "paper")] == t1[("NB vs NN", "ours")]).all()
    assert bf.table1_comparison(res, standins=res).shape == (27, 9)
    summary = bf.summary_comparison(res, standins=res)
    row = summary.loc[("5x2cv", "NB vs C4.5")]
    assert row["consistent (ours)"] == row["consistent (paper)"] == row["consistent (stand-ins)"] == 9
    ours, paper = bf.mean_replicability(res)
    assert len(ours) == len(paper) == len(bf.REPLICABILITY_ORDER)
    cv_wins, paper_wins, n = bf.effort_comparison(res)
    assert n == 12 and 0 <= cv_wins <= n and 0 <= paper_wins <= n


@pytest.mark.usefixtures("shared_data")
def test_cell_comparison_counts_the_cells_of_each_table():
    names = tuple(bf.PAPER_DATASET_NAMES)
    counts = {test: {f"{a} vs {b}": np.array(bf.PAPER_TABLE_1[f"{a} vs {b}"]) for a, b in bf.PAIRS}
              for test in bf.PAPER_SUMMARIES}
    counts["corrected 10x10 CV, level 0.025"] = counts["corrected 10x10 CV, level 0.01"]
    counts["5x2cv"] = {pair: c.copy() for pair, c in counts["5x2cv"].items()}
    counts["5x2cv"]["NB vs NN"][0] += 3      # anneal: 4 -> 7
    counts["5x2cv"]["NB vs NN"][1] -= 1      # arrhythmia: 9 -> 8
    res = bf.ReplicationResult(names, 10, counts, 0, 0.0)
    cells = bf.cell_differences(res)
    # Table 1: 81 counts + 3 x 3 summary cells; Tables 2-4: 4 columns x 3 pairs x 3 rows each
    assert (cells["table"] == "Table 1").sum() == 81 + 9
    assert all((cells["table"] == t).sum() == 36 for t in ("Table 2", "Table 3", "Table 4"))
    by_pair = bf.cell_comparison(res)
    nb_nn = by_pair.loc[("Table 1", "NB vs NN")]
    assert nb_nn["count cells"] == 27 and nb_nn["exact"] == 25 and nb_nn["off by >= 3"] == 1
    assert nb_nn["mean |difference|"] == pytest.approx(4 / 27)
    assert by_pair.loc[("Table 1", "NB vs C4.5")]["exact"] == 27
    per_table = bf.cell_comparison(res, by=("table",))
    assert list(per_table.index) == ["Table 1", "Table 2", "Table 3", "Table 4"]
    assert per_table.loc["Table 1", "count cells"] == 81 and per_table.loc["Table 2", "count cells"] == 24
    assert per_table.loc["Table 2", "R cells"] == 12


@pytest.mark.parametrize("old, name, new", [
    ("replication", "run_replication", "evalkit.reproductions.replicability"),
    ("replication", "PAPER_SUMMARIES", "evalkit.reproductions.replicability"),
    ("replication", "learners_for", "evalkit.learners"),
    ("replication", "ArffPreprocessor", "evalkit.learners"),
    ("replication", "ReseededPerFit", "evalkit.learners"),
    ("replication", "identical_learners_for", "evalkit.learners"),
    ("replication", "UCI_DATASETS", "evalkit.datasets"),
    ("replication_simulation", "run_simulation", "evalkit.reproductions.replicability"),
    ("replication_simulation", "PAPER_TABLE_5", "evalkit.reproductions.replicability"),
    ("replication_simulation", "SimulationResult", "evalkit.reproductions.replicability"),
    ("count_learners", "naive_bayes_predict", "evalkit.learners"),
    ("count_learners", "decision_tree_predict", "evalkit.learners"),
    ("binary_networks", "random_bayes_net", "evalkit.datasets"),
    ("binary_networks", "BinaryBayesNet", "evalkit.datasets"),
    ("binary_networks", "pattern_bits", "evalkit.datasets"),
])
def test_old_paths_forward_with_a_deprecation_warning(old, name, new):
    module = importlib.import_module(f"evalkit.{old}")
    with pytest.warns(DeprecationWarning, match=f"evalkit.{old} is deprecated"):
        obj = getattr(module, name)
    assert obj is getattr(importlib.import_module(new), name)
    with warnings.catch_warnings():  # listing the shim (IDEs, pytest's fixture scan) warns nothing
        warnings.simplefilter("error")
        dir(module)


@pytest.mark.usefixtures("shared_data")
def test_recipe_same_seed_same_numbers_and_no_global_random_state():
    state = np.random.get_state()[1].copy()
    first, again = bf.recipe(seed=7), bf.recipe(seed=7)
    assert first == again
    assert np.array_equal(np.random.get_state()[1], state)
