"""Tests of the results store (evalkit/reproductions/_store.py): exact encoding, recording,
replaying with the spot check, refusing tampered and stale runs, resuming a stopped run,
and the state of the repository's own store."""
import hashlib
import json
import math

import numpy as np
import pytest

from evalkit import reproductions
from evalkit._parallel import parallel_map
from evalkit.reproductions import _store
from evalkit.reproductions._experiment import REGISTRY, experiment

CALLS = []  # the tasks the demo's units ran, in this process


def _unit(seed, n):
    CALLS.append(seed)
    rng = np.random.default_rng(seed)
    return {"mean": float(rng.normal(size=n).mean()), "draws": rng.integers(0, 9, 3), "pair": (seed, -0.0)}


def _rows(out):
    return [{"rep": i, "mean": o["mean"], "draws": int(o["draws"].sum())} for i, o in enumerate(out)]


@pytest.fixture
def store(tmp_path, monkeypatch):
    """A demo experiment over 40 units, an empty store in tmp_path, and the spot-check seed fixed."""
    monkeypatch.setenv(_store.STORE_ENV, str(tmp_path))
    monkeypatch.setenv(_store.SPOT_CHECK_ENV, "test")

    @experiment("demo-means", scales={"book": {"n": 5, "reps": 4}, "paper": {"n": 50, "reps": 40}},
                paper_cost="instant", stored=({"scale": "paper"},), data=())
    def demo_means(*, n: int = None, reps: int = None, n_jobs: int | None = None):
        """Means of normal samples."""
        return _rows(parallel_map(_unit, [(s, n) for s in range(reps)], n_jobs=n_jobs))

    CALLS.clear()
    yield demo_means, tmp_path / "demo-means"
    REGISTRY.pop("demo-means", None)


def _tamper(folder, unit, *, fix_checksum):
    path = folder / "paper.units.jsonl"
    lines = path.read_text().splitlines()
    entry = json.loads(lines[unit])
    entry["value"]["mean"] = math.nextafter(entry["value"]["mean"], math.inf)  # one bit
    lines[unit] = json.dumps(entry, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    if fix_checksum:
        meta = json.loads((folder / "paper.json").read_text())
        meta["units_sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
        (folder / "paper.json").write_text(json.dumps(meta))


@pytest.mark.parametrize("value", [
    0.1, -0.0, math.inf, 1e-310, [1, "a", None, True], (1, (2.5, "x")), {"a": {"b": (1,)}}, {3: "int key"},
    np.float64(0.3), np.int32(-4), np.array([[0.1, np.nan], [np.inf, -0.0]]), np.arange(6, dtype=np.uint8),
    np.array([True, False]), np.zeros((0, 3))])
def test_encoding_gives_back_the_same_value_bit_for_bit(value):
    back = _store.decode(json.loads(_store._dumps(_store.encode(value))))
    assert type(back) is type(value)
    if isinstance(value, np.ndarray):
        assert back.dtype == value.dtype and back.shape == value.shape
        assert back.tobytes() == value.tobytes()
    elif isinstance(value, float):
        assert np.float64(back).tobytes() == np.float64(value).tobytes()
    else:
        assert back == value


def test_random_floats_survive_the_encoding_exactly():
    values = np.random.default_rng(0).standard_normal(1000) * 10.0 ** np.random.default_rng(1).integers(-300, 300, 1000)
    back = _store.decode(json.loads(_store._dumps(_store.encode(values))))
    assert back.tobytes() == values.tobytes()


@pytest.mark.parametrize("value", [object(), np.array(["a"]), np.array([1j])])
def test_what_cannot_be_stored_is_refused_by_name(value):
    with pytest.raises(TypeError, match="results store"):
        _store.encode(value)


def test_a_recorded_run_is_replayed_with_a_spot_check(store):
    demo, folder = store
    with _store.recording():
        first = demo(scale="paper")
    assert len(CALLS) == 40 and sorted(p.name for p in folder.iterdir()) == ["paper.csv", "paper.json",
                                                                             "paper.units.jsonl"]
    CALLS.clear()
    again = demo(scale="paper")
    assert again == first
    run = reproductions.provenance("demo-means")
    assert run.origin == "store" and run.units == 40 and len(run.checked) == 3
    assert sorted(CALLS) == list(run.checked)  # only the sample was computed
    assert "evalkit reproduce demo-means --scale paper --store" in run.summary()
    # another scale, or other parameters, are not in the store: computed
    demo(scale="book")
    assert reproductions.provenance("demo-means").origin == "computed"
    demo(scale="paper", n=49)
    assert reproductions.provenance("demo-means").origin == "computed"


def test_the_store_log_goes_to_its_file_with_paths_relative_to_the_repository(store, tmp_path, monkeypatch,
                                                                               capfd):
    demo, folder = store
    log = tmp_path / "store.log"
    monkeypatch.setenv(_store.LOG_ENV, str(log))
    with _store.recording():
        demo(scale="paper")
    demo(scale="paper")
    lines = log.read_text().splitlines()
    assert [line.split(": ")[1].split(" ")[0] for line in lines] == ["40", "read"]
    shown = f"{tmp_path.name}/demo-means/paper.json"
    assert all(shown in line and str(tmp_path.parent) not in line for line in lines), lines
    assert "evalkit store" not in capfd.readouterr().err  # nothing on the page
    monkeypatch.delenv(_store.LOG_ENV)
    demo(scale="paper")
    assert f"read from {shown}" in capfd.readouterr().err


def test_the_spot_check_is_fixed_by_its_seed_and_varies_with_it():
    pick = _store.spot_check_indices
    assert pick(1000, 4, name="x", seed="a") == pick(1000, 4, name="x", seed="a")
    assert len({pick(1000, 4, name="x", seed=s) for s in "abcdef"}) > 1
    assert pick(1000, 4, name="x", seed="a") != pick(1000, 4, name="y", seed="a")


def test_a_tampered_unit_in_the_sample_stops_the_build(store):
    demo, folder = store
    with _store.recording():
        demo(scale="paper")
    unit = _store.spot_check_indices(40, 3, name="demo-means/paper")[1]
    _tamper(folder, unit, fix_checksum=True)
    with pytest.raises(_store.StoredResultError, match=f"unit {unit} .* differs from the stored value"):
        demo(scale="paper")


def test_the_seed_all_recomputes_every_unit_and_names_each_that_differs(store, monkeypatch):
    demo, folder = store
    with _store.recording():
        demo(scale="paper")
    sample = _store.spot_check_indices(40, 3, name="demo-means/paper")
    outside = [i for i in range(40) if i not in sample][:2]
    for unit in outside:                                  # two units the build's sample misses
        _tamper(folder, unit, fix_checksum=True)
    monkeypatch.setenv(_store.SPOT_CHECK_ENV, "all")
    with pytest.raises(_store.StoredResultError, match=f"units {outside[0]}, {outside[1]} of .* differ from"):
        demo(scale="paper")


def test_a_tampered_unit_anywhere_fails_its_checksum(store):
    demo, folder = store
    with _store.recording():
        demo(scale="paper")
    unit = next(i for i in range(40) if i not in _store.spot_check_indices(40, 3, name="demo-means/paper"))
    _tamper(folder, unit, fix_checksum=False)
    with pytest.raises(_store.StoredResultError, match="checksum"):
        demo(scale="paper")
    # with the checksum forged, the rows derived from the units no longer match the stored table
    _tamper(folder, unit, fix_checksum=True)
    with pytest.raises(_store.StoredResultError, match="rows derived"):
        demo(scale="paper")


def test_a_stale_run_is_recomputed_and_says_why(store, monkeypatch):
    demo, folder = store
    with _store.recording():
        first = demo(scale="paper")
    assert _store.status(demo.experiment)[0]["state"] == "current"
    monkeypatch.setattr(_store, "_library_versions", lambda: {"numpy": "0.0"})
    CALLS.clear()
    assert demo(scale="paper") == first
    run = reproductions.provenance("demo-means")
    assert run.origin == "computed" and len(CALLS) == 40 and "stale" in run.reason and "libraries" in run.reason
    assert _store.status(demo.experiment)[0]["state"] == "stale"
    assert "libraries: numpy" in _store.status(demo.experiment)[0]["changed"]


def test_a_stopped_run_resumes_from_its_partial_file(store):
    demo, folder = store
    with _store.recording():
        first = demo(scale="paper")
    lines = (folder / "paper.units.jsonl").read_text().splitlines()
    key = json.loads((folder / "paper.json").read_text())["key"]
    for path in folder.iterdir():
        path.unlink()
    partial = [_store._dumps({"key": key})]
    for line in lines[:25]:
        entry = json.loads(line)
        partial.append(_store._dumps({**entry, "session": 0, "elapsed": 1.0}))
    (folder / "paper.partial.jsonl").write_text("\n".join(partial) + "\n" + '{"map": 0, "ta')  # cut short
    CALLS.clear()
    with _store.recording():
        assert demo(scale="paper") == first
    assert sorted(CALLS) == list(range(25, 40))
    def without_cpu_time(units):   # the units resumed keep their values; the CPU time of the 15 rerun ones varies
        return [{k: v for k, v in json.loads(u).items() if k != "cpu_s"} for u in units]

    resumed = (folder / "paper.units.jsonl").read_text().splitlines()
    assert resumed[:25] == lines[:25] and without_cpu_time(resumed) == without_cpu_time(lines)
    assert not (folder / "paper.partial.jsonl").exists()
    assert json.loads((folder / "paper.json").read_text())["provenance"]["sessions"] == 2


def test_what_an_experiment_does_to_its_units_afterwards_is_not_stored(tmp_path, monkeypatch):
    # an experiment that pops a key from each unit's dict as it assembles its result: the
    # store keeps each unit as it was computed, so the spot check of a replay agrees
    monkeypatch.setenv(_store.STORE_ENV, str(tmp_path))
    monkeypatch.setenv(_store.SPOT_CHECK_ENV, "test")

    @experiment("demo-pop", scales={"book": {"reps": 4}, "paper": {"reps": 4}}, paper_cost="instant",
                stored=({"scale": "paper"},), spot_check=4, data=())
    def demo_pop(*, reps: int = None):
        """Units whose dicts lose a key."""
        units = parallel_map(_unit, [(s, 3) for s in range(reps)])
        return [{"pair": u.pop("pair")[0], "mean": u["mean"]} for u in units]

    try:
        with _store.recording():
            first = demo_pop(scale="paper")
        stored = [json.loads(line)["value"] for line in (tmp_path / "demo-pop" / "paper.units.jsonl").open()]
        assert all("pair" in value for value in stored)
        assert demo_pop(scale="paper") == first   # every unit recomputed and compared
        assert reproductions.provenance("demo-pop").origin == "store"
    finally:
        REGISTRY.pop("demo-pop", None)


def test_an_experiment_a_unit_calls_is_computed_not_recorded(tmp_path, monkeypatch):
    monkeypatch.setenv(_store.STORE_ENV, str(tmp_path))

    @experiment("demo-inner", scales={"book": {}, "paper": {}}, paper_cost="instant", stored=({"scale": "paper"},))
    def demo_inner(*, x: int = 1):
        """Nothing parallel: it cannot be stored."""
        return [{"x": x}]

    @experiment("demo-outer", scales={"book": {"reps": 3}, "paper": {"reps": 3}}, paper_cost="instant",
                stored=({"scale": "paper"},), data=())
    def demo_outer(*, reps: int = None):
        """Units that call another experiment, in this process (serially)."""
        return [{"x": v} for v in parallel_map(_inner_unit, [(i,) for i in range(reps)], n_jobs=1)]

    try:
        with _store.recording():
            assert demo_outer(scale="paper") == [{"x": 0}, {"x": 1}, {"x": 2}]
        assert sorted(p.name for p in tmp_path.iterdir()) == ["demo-outer"]
    finally:
        REGISTRY.pop("demo-inner", None)
        REGISTRY.pop("demo-outer", None)


def _inner_unit(i):
    return REGISTRY["demo-inner"].function(scale="book", x=i)[0]["x"]


def test_an_experiment_without_units_cannot_be_stored(tmp_path, monkeypatch):
    monkeypatch.setenv(_store.STORE_ENV, str(tmp_path))

    @experiment("demo-plain", scales={"book": {}, "paper": {}}, paper_cost="instant")
    def demo_plain():
        """Nothing parallel."""
        return [{"x": 1}]

    try:
        with _store.recording(), pytest.raises(ValueError, match="no independent units"):
            demo_plain(scale="paper")
    finally:
        REGISTRY.pop("demo-plain", None)


def test_the_key_follows_the_imports_and_leaves_out_the_claims_machinery():
    files = _store.dependency_files("evalkit.reproductions.replicability.simulation")
    assert {"evalkit.reproductions.replicability.method", "evalkit.learners.weka", "evalkit._parallel",
            "evalkit.stats.ttests"} <= set(files)
    assert not any(name.startswith(("evalkit.claims", "evalkit.linkpred", "evalkit.reproductions.scott"))
                   for name in files)
    spec = reproductions.get_experiment("replicability-table5")
    key, parts = _store.run_key(spec, spec.resolved("paper"))
    assert parts["data"] == {} and "evalkit.reproductions.replicability.source" in parts["source_values"]
    assert key != _store.run_key(spec, spec.resolved("paper", seed=2))[0]


def test_the_file_name_says_which_parameters_differ_from_the_preset():
    spec = reproductions.get_experiment("replicability-tables1-4")
    assert _store._stem(spec, "paper", spec.resolved("paper")) == "paper"
    assert _store._stem(spec, "paper", spec.resolved("paper", learners="standins")) == "paper+learners=standins"
    assert _store._stem(spec, "paper", spec.resolved("paper", datasets=("iris",))).startswith("paper+datasets=")


def test_every_stored_run_of_the_book_is_in_the_store_and_current():
    """The book reads these; a stale one would be recomputed at the paper's scale in the build."""
    assert _store.store_dir() is not None
    states = reproductions.stored_runs()
    assert states, "no experiment declares a stored run"
    bad = [(s["experiment"], s["run"], s["state"], s["detail"]) for s in states if s["state"] != "current"]
    assert not bad, f"run `make results` (or the experiments' --store commands): {bad}"


def test_the_stored_files_are_whole():
    for spec in reproductions.experiments():
        for meta, path in _store.stored_runs(spec):
            units = path.with_name(path.stem + ".units.jsonl")
            assert hashlib.sha256(units.read_bytes()).hexdigest() == meta["units_sha256"], units
            assert sum(m["units"] for m in meta["maps"]) == len(units.read_text().splitlines())
            assert path.with_name(path.stem + ".csv").is_file()
            assert not list(path.parent.glob("*.partial.jsonl")), "a stopped run: finish it or delete it"


def test_the_command_line_fills_and_checks_the_store(store, capsys):
    from evalkit.cli import main

    demo, folder = store
    assert main(["results", "--check", "demo-means"]) == 1
    assert "missing  demo-means scale=paper" in capsys.readouterr().out
    assert main(["results", "demo-means", "--n-jobs", "1"]) == 0
    assert (folder / "paper.json").is_file() and len(CALLS) == 40
    assert main(["results", "--check", "demo-means"]) == 0
    assert "current  demo-means scale=paper" in capsys.readouterr().out
    (folder / "paper.json").unlink()
    assert main(["reproduce", "demo-means", "--scale", "paper", "--store", "--out", str(folder / "rows.csv")]) == 0
    assert (folder / "paper.json").is_file() and (folder / "rows.csv").read_text() == (folder / "paper.csv").read_text()

