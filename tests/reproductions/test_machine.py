"""The machine a stored run is computed on, and the BLAS kernels the store is kept with."""
import json
import math
from pathlib import Path

import pytest

from evalkit.reproductions import _machine, _store
from evalkit.reproductions._experiment import REGISTRY, experiment
from evalkit._parallel import parallel_map

ROOT = Path(__file__).resolve().parents[2]


def _unit(seed):
    return float(seed) / 7


@pytest.fixture
def demo(tmp_path, monkeypatch):
    monkeypatch.setenv(_store.STORE_ENV, str(tmp_path))
    monkeypatch.setenv(_store.SPOT_CHECK_ENV, "test")

    @experiment("demo-sevenths", scales={"book": {"reps": 3}, "paper": {"reps": 6}}, paper_cost="instant", stored=({"scale": "paper"},),
                data=())
    def demo_sevenths(*, reps: int = None, n_jobs: int | None = None):
        """Sevenths."""
        return [{"x": x} for x in parallel_map(_unit, [(s,) for s in range(reps)], n_jobs=n_jobs)]

    yield demo_sevenths, tmp_path / "demo-sevenths"
    REGISTRY.pop("demo-sevenths", None)


def test_a_new_run_notes_its_kernels_and_a_failed_spot_check_under_others_says_how_to_set_them(demo, monkeypatch):
    run, folder = demo
    monkeypatch.setattr(_machine, "blas_kernels", lambda: ("Haswell",))
    with _store.recording():
        run(scale="paper")
    meta = json.loads((folder / "paper.json").read_text())
    assert meta["provenance"]["blas"] == ["Haswell"]
    path = folder / "paper.units.jsonl"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    for entry in lines:  # every unit one bit off: whichever the spot check picks differs
        entry["value"] = math.nextafter(entry["value"], math.inf)
    path.write_text("".join(json.dumps(e, separators=(",", ":")) + "\n" for e in lines))
    meta["units_sha256"] = _store._units_sha256(path)
    (folder / "paper.json").write_text(json.dumps(meta))
    monkeypatch.setattr(_machine, "blas_kernels", lambda: ("SkylakeX",))
    with pytest.raises(_store.StoredResultError, match="SkylakeX kernels .* recorded with Haswell.* "
                                                       "OPENBLAS_CORETYPE=Haswell"):
        run(scale="paper")
    monkeypatch.setattr(_machine, "blas_kernels", lambda: ("Haswell",))
    with pytest.raises(_store.StoredResultError) as same_kernels:
        run(scale="paper")
    assert "OPENBLAS_CORETYPE" not in str(same_kernels.value)  # the kernels are not the explanation


def test_the_books_own_store_records_only_with_the_store_kernel(monkeypatch):
    monkeypatch.setattr(_machine, "blas_kernels", lambda: ("SkylakeX",))
    with pytest.raises(RuntimeError, match=f"OPENBLAS_CORETYPE={_machine.STORE_KERNEL}"):
        _machine.require_store_kernel()
    monkeypatch.setattr(_machine, "blas_kernels", lambda: (_machine.STORE_KERNEL,))
    _machine.require_store_kernel()
    monkeypatch.setattr(_machine, "blas_kernels", lambda: ())  # another BLAS: nothing to compare
    _machine.require_store_kernel()


def test_a_run_without_the_note_is_taken_to_be_kept_with_the_store_kernel(monkeypatch):
    monkeypatch.setattr(_machine, "blas_kernels", lambda: (_machine.STORE_KERNEL,))
    assert _machine.kernel_advice(None) == ""
    assert "OPENBLAS_CORETYPE=SkylakeX" in _machine.kernel_advice(["SkylakeX"])


@pytest.mark.parametrize("script", ["Makefile", ".ci/build_part", "binder/start"])
def test_the_build_scripts_set_the_store_kernel(script):
    text = (ROOT / script).read_text()
    assert f"OPENBLAS_CORETYPE={_machine.STORE_KERNEL}" in text or f"echo {_machine.STORE_KERNEL})" in text


def test_the_kernels_are_those_of_the_loaded_openblas():
    kernels = _machine.blas_kernels()
    assert isinstance(kernels, tuple) and all(isinstance(k, str) and k for k in kernels)
