"""Tests of the evalkit command line, generated from the reproductions' experiment specs."""
import csv
import inspect
import re
import typing

import pytest

from evalkit import reproductions, stats
from evalkit.cli import build_parser, main
from evalkit.reproductions import experiment, experiments
from evalkit.reproductions._experiment import REGISTRY

SPECS = experiments()


def test_datasets_list(capsys):
    assert main(["datasets", "list"]) == 0
    out = capsys.readouterr().out.split()
    assert "uci/soybean.arff.gz" in out and len(out) == 53


def test_datasets_fetch(capsys, shared_data):
    assert main(["datasets", "fetch", "uci/iris.arff.gz"]) == 0
    assert capsys.readouterr().out.strip().endswith("uci/iris.arff.gz")


def test_version(capsys):
    import evalkit

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out.strip() == f"evalkit {evalkit.__version__}"


def test_list_shows_every_experiment_with_its_cost(capsys):
    assert main(["reproduce", "--list"]) == 0
    out = capsys.readouterr().out
    assert SPECS, "no experiment is registered"
    flat = " ".join(out.split())
    for spec in SPECS:
        assert f"{spec.name}" in out and f"[{spec.source}]" in out
        assert "paper scale: " + " ".join(spec.paper_cost.split()) in flat


def test_every_source_has_experiments():
    assert {spec.source for spec in SPECS} == set(reproductions.SOURCES)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_each_experiment_has_help_with_only_its_own_options(spec, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["reproduce", spec.name, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    options = set(re.findall(r"--[a-z0-9][a-z0-9-]*", out))
    own = {"--" + name.replace("_", "-") for name, _ in spec.parameters()}
    assert own <= options
    assert {"--scale", "--out"} <= options
    assert ("--quiet" in options) == ("progress" in inspect.signature(spec.function).parameters)
    assert ("--n-jobs" in options) == spec.parallel
    others = {"--" + n.replace("_", "-") for s in SPECS for n, _ in s.parameters()} - own
    assert not options & others, f"options of other experiments: {options & others}"
    assert "paper" in out and spec.paper_cost.split()[0] in out


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_each_experiment_documents_every_parameter_and_has_both_scales(spec):
    from evalkit.reproductions._experiment import _docstring_params

    documented = _docstring_params(spec.function.__wrapped__)
    missing = [name for name, _ in spec.parameters() if not documented.get(name)]
    assert not missing, f"{spec.name}: parameters without a description: {missing}"
    assert {"book", "paper"} <= set(spec.scales)


@pytest.fixture
def toy_experiment():
    @experiment("toy-grid", scales={"book": {"n": 2}, "paper": {"n": 5}}, paper_cost="1 s", aliases=("toy",))
    def toy(*, n: int = None, method: typing.Literal["a", "b"] = "a", levels: tuple[float, ...] = (0.5,),
            flag: bool = False, n_jobs: int | None = None, progress: bool = False):
        """A toy grid.

        Parameters
        ----------
        n : int
            Rows.
        method : {'a', 'b'}
            Which method.
        levels : tuple of float
            Levels.
        flag : bool
            A switch.
        n_jobs : int, optional
            Jobs.
        progress : bool
            Bar.
        """
        return [{"i": i, "method": method, "levels": len(levels), "flag": flag, "n_jobs": n_jobs,
                 "progress": progress} for i in range(n)]

    yield toy
    REGISTRY.pop("toy-grid")
    REGISTRY.pop("toy")


def test_generated_options_are_typed_and_validated(toy_experiment, tmp_path, capsys):
    out = tmp_path / "toy.csv"
    assert main(["reproduce", "toy", "--scale", "paper", "--method", "b", "--levels", "0.1", "0.2", "--flag",
                 "--n-jobs", "2", "--quiet", "--out", str(out)]) == 0
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 5 and rows[0] == {"i": "0", "method": "b", "levels": "2", "flag": "True", "n_jobs": "2",
                                          "progress": "False"}
    assert main(["reproduce", "toy-grid", "--n", "3"]) == 0
    assert capsys.readouterr().out.count("\n") == 4
    for bad in (["--n", "two"], ["--method", "c"], ["--levels", "x"], ["--scale", "huge"]):
        with pytest.raises(SystemExit) as exit_:
            main(["reproduce", "toy-grid", *bad])
        assert exit_.value.code == 2


def test_presets_fill_what_the_caller_does_not_give(toy_experiment):
    assert len(toy_experiment()) == 2 and len(toy_experiment(scale="paper")) == 5
    assert len(toy_experiment(scale="paper", n=1)) == 1
    with pytest.raises(ValueError, match="scale must be one of"):
        toy_experiment(scale="huge")


def test_bad_experiment_is_rejected():
    with pytest.raises(SystemExit):
        main(["reproduce", "no-such-experiment"])


def test_parser_builds_once_per_call():
    assert build_parser().prog == "evalkit"


def test_reproduce_ci_coverage_writes_csv(tmp_path):
    out = tmp_path / "cov.csv"
    main(["reproduce", "ci-coverage", "--n-samples", "30", "--n-trials", "2000", "--n-points", "3", "--out", str(out)])
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 9 and {r["method"] for r in rows} == {"normal", "wilson", "exact"}
    for r in rows:
        exact = stats.interval_coverage(float(r["true_error"]), 30, method=r["method"])
        assert float(r["exact_coverage"]) == pytest.approx(exact)
        assert abs(float(r["simulated_coverage"]) - exact) < 5 * max(float(r["monte_carlo_se"]), 2e-3)


def test_reproduce_yang_table2_uses_the_condmat_counts(tmp_path, shared_data):
    out = tmp_path / "t2.csv"
    main(["reproduce", "yang-table2", "--simulations", "3", "--quiet", "--out", str(out)])
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 40
    # the 2-hop counts of the paper's Condmat, reproduced exactly by our task
    assert {(r["p_s"], r["n_s"]) for r in rows} == {("1196", "214616")}
    assert all(float(r["mean_auroc_full"]) > float(r["mean_auroc_sub"]) for r in rows)


def test_reproduce_network_cv_fig2_small_scale(tmp_path):
    out = tmp_path / "fig2.csv"
    main(["reproduce", "network-cv-fig2", "--scale", "small", "--quiet", "--out", str(out)])
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 3 * 5 + 3 * 24
    assert {r["table"] for r in rows} == {"2a", "2b"}
    ncv = [float(r["type1_error"]) for r in rows if r["procedure"] == "ncv"]
    assert max(ncv) < 0.15


@pytest.mark.parametrize("argv, option", [
    (["reproduce", "scott-ci-coverage", "--n-points", "0"], "--n-points"),   # was an IndexError
    (["reproduce", "scott-ci-coverage", "--n-trials", "-5"], "--n-trials"),
    (["reproduce", "scott-ci-coverage", "--seed", "-1"], "--seed"),
    (["reproduce", "scott-ci-coverage", "--n-points", "two"], "--n-points"),
])
def test_integer_options_are_range_checked_by_argparse(argv, option, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}" in err and "Traceback" not in err


def test_every_integer_option_has_a_range_check():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices["reproduce"]
    experiments_ = next(a for a in sub._actions if a.dest == "experiment_name").choices
    for name, p in experiments_.items():
        for action in p._actions:
            assert action.type is not int, f"{name} {action.option_strings}: an unchecked integer option"


def test_the_cli_runs_every_experiment_through_its_declared_checks():
    from evalkit.reproductions import experiments

    specs = {spec.name: spec for spec in experiments()}
    unchecked = [name for name, spec in specs.items() if not hasattr(spec.checked_function(), "__evalkit_checks__")]
    assert unchecked == []
