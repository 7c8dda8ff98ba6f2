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
    paths = [line.split()[0] for line in capsys.readouterr().out.splitlines()]  # path, data set, where, location
    assert "uci/soybean.arff.gz" in paths and len(paths) == 53


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
    main(["reproduce", "link-prediction-table2", "--simulations", "3", "--quiet", "--out", str(out)])
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


# ----- evalkit datasets fetch / list (issue 23) ----------------------------------------------------------

@pytest.fixture
def no_local_data(tmp_path, monkeypatch):
    """An empty cache and no shared copies: what an installed evalkit sees on a fresh machine."""
    from evalkit.datasets import fetching

    cache = tmp_path / "cache"
    monkeypatch.setenv("EVALKIT_DATA", str(cache))
    monkeypatch.delenv("EVALKIT_SHARED_DATA", raising=False)
    monkeypatch.setattr(fetching, "_beside_repository", lambda: tmp_path / "no-checkout")
    return cache


def test_datasets_fetch_all_offline_lists_every_missing_file_in_one_error(no_local_data, monkeypatch, capsys):
    from evalkit import datasets

    monkeypatch.setenv("EVALKIT_OFFLINE", "1")
    assert main(["datasets", "fetch", "--all"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("not available locally") == 1  # one error, not one per file
    assert err.startswith("evalkit: 53 data files are not available locally and downloading is off")
    assert all(f"  {path}\n" in err for path in datasets.list_files())
    assert "    evalkit datasets fetch --all\n" in err and str(no_local_data / "downloads") in err


def test_datasets_fetch_downloads_extracts_and_summarises(no_local_data, monkeypatch, capsys, shared_data):
    import gzip
    import io
    import zipfile

    from evalkit.datasets import fetching

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("polbooks.gml", gzip.decompress((shared_data / "labeled/polbooks/polbooks.gml.gz").read_bytes()))
        zf.writestr("polbooks.txt", (shared_data / "labeled/polbooks/polbooks.txt").read_bytes())
    served = {"http://www-personal.umich.edu/~mejn/netdata/polbooks.zip": buf.getvalue(),
              "https://snap.stanford.edu/data/CollegeMsg.txt.gz":
                  (shared_data / "temporal/CollegeMsg.txt.gz").read_bytes()}
    calls = []

    def fake_download(url, *, progress=None):
        calls.append((url, progress))
        return served[url]

    monkeypatch.delenv("EVALKIT_OFFLINE", raising=False)
    monkeypatch.setattr(fetching, "_download", fake_download)
    assert main(["datasets", "fetch", "polbooks", "CollegeMsg"]) == 0
    out, err = capsys.readouterr()
    assert out.split() == [str(no_local_data / p) for p in
                           ("labeled/polbooks/polbooks.gml.gz", "labeled/polbooks/polbooks.txt",
                            "temporal/CollegeMsg.txt.gz")]
    assert "3 file(s) available locally" in err and f"3 downloaded" in " ".join(err.split())
    assert calls == [(url, True) for url in served]  # one download per archive, with a progress bar
    assert main(["datasets", "fetch", "--no-progress", "polbooks"]) == 0  # now from the cache
    assert "2 cache" in " ".join(capsys.readouterr().err.split()) and len(calls) == 2


def test_datasets_list_shows_where_each_file_is(no_local_data, monkeypatch, capsys, shared_data):
    from evalkit.datasets import fetching

    assert main(["datasets", "list"]) == 0
    out, err = capsys.readouterr()
    rows = [line.split() for line in out.splitlines()]
    assert len(rows) == 53 and all(row[2:] == ["missing", "-"] for row in rows)
    assert ["uci/iris.arff.gz", "iris", "missing", "-"] in rows
    assert err.startswith("0 of 53 files available locally") and "evalkit datasets fetch --all" in err
    monkeypatch.setattr(fetching, "_beside_repository", lambda: shared_data)
    assert main(["datasets", "list"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert ["labeled/cora/cora.cites.gz", "cora", "repository", str(shared_data / "labeled/cora/cora.cites.gz")] in rows


@pytest.mark.parametrize("argv", [["datasets", "fetch"], ["datasets", "fetch", "--all", "cora"],
                                  ["datasets", "fetch", "corra"]])
def test_datasets_fetch_bad_arguments_are_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert ("--all" in err) != ("did you mean ['cora']" in err)


# ----- evalkit reproduce --backend (issue 23) ------------------------------------------------------------

FIG2_TINY = ["reproduce", "neville-fig2", "--prop-labeled", "0.5", "--p-err", "0.1", "--err-corr", "0.9",
             "--n-trials", "60", "--n-simulations", "3", "--quiet"]


def _fig2_rows(tmp_path, *options):
    out = tmp_path / f"fig2-{len(list(tmp_path.iterdir()))}.csv"
    assert main([*FIG2_TINY, *options, "--out", str(out)]) == 0
    return out.read_text()


def test_backend_is_offered_exactly_where_n_jobs_is():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices["reproduce"]
    experiments_ = next(a for a in sub._actions if a.dest == "experiment_name").choices
    for spec in SPECS:
        options = {s for a in experiments_[spec.name]._actions for s in a.option_strings}
        assert ("--backend" in options) == ("--scheduler-address" in options) == ("--n-jobs" in options) \
            == spec.parallel, spec.name


@pytest.fixture
def toy_threads():
    @experiment("toy-threads", scales={"book": {"n": 8}, "paper": {"n": 8}}, paper_cost="instant")
    def toy(*, n: int = None, n_jobs: int | None = None):
        """Where each of ``n`` joblib tasks ran.

        Parameters
        ----------
        n : int
            Tasks.
        n_jobs : int, optional
            Jobs.
        """
        import threading

        import joblib

        main_thread = threading.get_ident()
        where = joblib.Parallel(n_jobs=n_jobs)(joblib.delayed(threading.get_ident)() for _ in range(n))
        return [{"i": i, "in_main_thread": ident == main_thread} for i, ident in enumerate(where)]

    yield toy
    REGISTRY.pop("toy-threads")


def test_backend_sets_the_joblib_back_end_that_n_jobs_none_defers_to(toy_threads, tmp_path):
    import joblib

    def in_main_thread(*options):
        out = tmp_path / "toy.csv"
        assert main(["reproduce", "toy-threads", *options, "--out", str(out)]) == 0
        return [row["in_main_thread"] for row in csv.DictReader(out.open())]

    assert set(in_main_thread()) == {"True"}                       # no back end: serial
    assert set(in_main_thread("--backend", "threading", "--n-jobs", "2")) == {"False"}
    if joblib.cpu_count() > 1:                                    # every core without --n-jobs
        assert set(in_main_thread("--backend", "threading")) == {"False"}
    assert set(in_main_thread("--backend", "threading", "--n-jobs", "1")) == {"True"}


def test_backend_threading_gives_the_serial_result(tmp_path):
    serial = _fig2_rows(tmp_path)
    assert serial.count("\n") == 1 + 3 + 3
    assert _fig2_rows(tmp_path, "--backend", "threading", "--n-jobs", "2") == serial
    assert _fig2_rows(tmp_path, "--backend", "threading") == serial


def test_backend_dask_sends_the_tasks_to_the_scheduler_and_gives_the_serial_result(tmp_path):
    distributed = pytest.importorskip("distributed")
    serial = _fig2_rows(tmp_path)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        with distributed.get_task_stream(client=client) as stream:
            on_dask = _fig2_rows(tmp_path, "--backend", "dask", "--scheduler-address", cluster.scheduler_address)
    assert len(stream.data) > 0
    assert on_dask == serial


@pytest.mark.parametrize("options, message", [
    (["--backend", "spark"], "argument --backend: invalid choice: 'spark'"),
    (["--scheduler-address", "tcp://127.0.0.1:8786"], "--scheduler-address needs --backend dask"),
    (["--backend", "loky", "--scheduler-address", "tcp://127.0.0.1:8786"], "--scheduler-address needs --backend dask"),
])
def test_bad_backend_options_are_usage_errors(options, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([*FIG2_TINY, *options])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and message in err and "Traceback" not in err


def test_backend_dask_without_distributed_says_what_to_install(monkeypatch, capsys):
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    with pytest.raises(SystemExit) as exit_:
        main([*FIG2_TINY, "--backend", "dask"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert "--backend dask needs dask.distributed" in err and "pip install 'dask[distributed]'" in err
