"""Tests of the evalkit command line."""
import csv

import pytest

from evalkit import stats
from evalkit.cli import main


def test_datasets_list(capsys):
    assert main(["datasets", "list"]) == 0
    out = capsys.readouterr().out.split()
    assert "uci/soybean.arff.gz" in out and len(out) == 53


def test_datasets_fetch(capsys, shared_data):
    assert main(["datasets", "fetch", "uci/iris.arff.gz"]) == 0
    assert capsys.readouterr().out.strip().endswith("uci/iris.arff.gz")


def test_reproduce_ci_coverage_writes_csv(tmp_path):
    out = tmp_path / "cov.csv"
    main(["reproduce", "ci-coverage", "--n-samples", "30", "--n-trials", "2000", "--n-points", "3", "--out", str(out)])
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 9 and {r["method"] for r in rows} == {"normal", "wilson", "exact"}
    for r in rows:
        exact = stats.interval_coverage(float(r["true_error"]), 30, method=r["method"])
        assert float(r["exact_coverage"]) == pytest.approx(exact)
        assert abs(float(r["simulated_coverage"]) - exact) < 5 * max(float(r["monte_carlo_se"]), 2e-3)


def test_bad_experiment_is_rejected():
    with pytest.raises(SystemExit):
        main(["reproduce", "no-such-experiment"])


def test_reproduce_yang_table2_uses_the_condmat_counts(tmp_path, shared_data):
    out = tmp_path / "t2.csv"
    main(["reproduce", "yang-table2", "--simulations", "3", "--out", str(out)])
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 40
    # the 2-hop counts of the paper's Condmat, reproduced exactly by our task
    assert {(r["p_s"], r["n_s"]) for r in rows} == {("1196", "214616")}
    assert all(float(r["mean_auroc_full"]) > float(r["mean_auroc_sub"]) for r in rows)


def test_reproduce_network_cv_fig2_small_scale(tmp_path):
    import csv

    out = tmp_path / "fig2.csv"
    main(["reproduce", "network-cv-fig2", "--scale", "small", "--out", str(out)])
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 3 * 5 + 3 * 24
    assert {r["figure"] for r in rows} == {"2a", "2b"}
    ncv = [float(r["type1_error"]) for r in rows if r["procedure"] == "ncv"]
    assert max(ncv) < 0.15
