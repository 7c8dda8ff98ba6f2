"""evalkit installed as a user installs it: the wheel, in a fresh virtual environment.

The wheel is built from a copy of the package's files (pyproject.toml, README.md, LICENSE,
evalkit/) and installed into a fresh virtual environment under the test's temporary
directory. From a directory outside the repository, with only that environment's
interpreter, the tests run ``evalkit --version``, ``evalkit reproduce --list``, every
registered experiment at its smallest scale and the README's Python examples.

The wheel's dependencies: by default the fresh environment reads them from the test's own
environment (a ``.pth`` file naming its site-packages, whose own ``.pth`` files, the editable
evalkit's among them, are not run), the wheel is installed with ``--no-deps``, and a check
in the fresh environment confirms that every requirement the wheel declares for ``[all]``
(plot, weka, sklearn) is met there. Installing them again from the package index costs about
two minutes of a CI run and checks what ``make venv`` already does (pip resolves
pyproject.toml's requirements there, evalkit included). ``EVALKIT_TEST_FULL_INSTALL=1``
installs ``wheel[all]`` with its dependencies from the index instead.

The data sets come from the shared reference copies (``EVALKIT_SHARED_DATA``, the
repository's ``../shared/datasets``), never from a download (``EVALKIT_OFFLINE=1``), into
an empty cache. Installing needs the package index (or pip's cache, which is reused).
Run with ``-s`` to see the wheel's metadata and each experiment's time.
"""
import csv
import email.parser
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile

import pytest

import evalkit
from evalkit.reproductions import experiments

pytestmark = pytest.mark.slow

REPO = pathlib.Path(__file__).resolve().parents[1]
DIST = "evalkit-book"

#: command-line options that make an experiment small, beyond its preset: ``small`` where
#: the experiment has one, else ``book``. What an experiment without an entry here runs is
#: its preset, unchanged.
SMALLEST = {
    "replicability-table5": ["--learners", "counts"],   # the recipe and tables1-4 start Weka
    "graph-metrics-difference-coverage": ["--n-points", "2"],
    "graph-metrics-imbalance": ["--n-splits", "2"],
    "graph-metrics-label-noise": ["--noise", "0.1"],
    "graph-metrics-tree-depth": ["--depths", "1", "2"],
    "graph-metrics-validation-schemes": ["--n-subsamples", "2"],
    "scott-coverage-grid": ["--n-samples", "30", "--true-errors", "0.1"],
    "network-cv-fig4": ["--n-nodes", "300", "--network-seeds", "2010", "--worse-rates", "0.075"],
    "scott-fold-errors": ["--n-splits", "2"],
    "scott-multiple-comparisons": ["--n-splits", "2"],
    "scott-training-bias": ["--n-splits", "2"],
    "link-prediction-auroc-variance": ["--rates", "0.1", "--n-repeats", "2"],
    "link-prediction-balanced-sampling": ["--networks", "email-Eu-core", "--n-repeats", "2"],
    "link-prediction-corollary43": ["--networks", "email-Eu-core", "--n-repeats", "2"],
    "link-prediction-fig10": ["--networks", "email-Eu-core"],
    "link-prediction-fig11": ["--networks", "email-Eu-core"],
    "link-prediction-fig14": ["--networks", "email-Eu-core", "--n-k", "10"],
    "link-prediction-fig15": ["--networks", "email-Eu-core"],
    "link-prediction-fig7": ["--networks", "email-Eu-core", "--rates", "0.1", "--n-repeats", "2"],
    "link-prediction-fig8": ["--networks", "email-Eu-core", "--rates", "0.1", "--n-repeats", "2"],
    "link-prediction-imbalance": ["--networks", "email-Eu-core"],
    "link-prediction-new-nodes": ["--networks", "email-Eu-core"],
    "link-prediction-orderings": ["--networks", "email-Eu-core"],
    "link-prediction-propflow-weighting": ["--networks", "email-Eu-core"],
    "link-prediction-steering": ["--network", "email-Eu-core", "--targets", "0.75"],
    "link-prediction-table2": ["--simulations", "3", "--alphas", "0.5", "--betas", "10"],
    "link-prediction-table3": ["--networks", "email-Eu-core", "--repetitions", "2"],
    "link-prediction-table3-lpmade": [],
    "link-prediction-walk-inflation": ["--networks", "email-Eu-core"],
    "link-prediction-task-sizes": ["--networks", "email-Eu-core"],
    "link-prediction-theorem41": ["--rates", "0.001", "--n-test-sets", "2"],
    "link-prediction-theorem61": ["--networks", "email-Eu-core"],
    "link-prediction-time-slices": ["--networks", "CollegeMsg", "--n-slices", "2"],
}

# Runs in the fresh environment: every registered experiment through the command line's
# own entry point (evalkit.cli.main, what the `evalkit` script calls), in one process so
# that the imports and the JVM start once. One JSON line per experiment.
_DRIVER = r'''
import inspect, json, sys, time
from evalkit.cli import main
from evalkit.reproductions import experiments

smallest, out_dir, shard, shards = json.loads(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
for spec in experiments()[shard::shards]:
    argv = ["reproduce", spec.name, "--scale", "small" if "small" in spec.scales else "book",
            *smallest.get(spec.name, []), "--out", f"{out_dir}/{spec.name}.csv"]
    if "progress" in inspect.signature(spec.function).parameters:
        argv.append("--quiet")
    start = time.perf_counter()
    try:
        code, error = main(argv), None
    except BaseException as exc:  # SystemExit from argparse included: report them all
        code, error = None, f"{type(exc).__name__}: {exc}"
    print(json.dumps({"name": spec.name, "argv": argv, "code": code, "error": error,
                      "seconds": round(time.perf_counter() - start, 1)}), flush=True)
'''


# Run in the fresh environment: the requirements the installed distribution declares for an
# extra that no installed distribution meets (printed, one per line; nothing when all are met)
_REQUIREMENTS_MET = r'''
import importlib.metadata as m, sys
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

def unmet(dist, extras, seen):
    for text in m.requires(dist) or []:
        req = Requirement(text)
        if req.marker is not None and not any(req.marker.evaluate({"extra": e}) for e in extras or {""}):
            continue
        try:
            version = m.version(req.name)
        except m.PackageNotFoundError:
            yield f"{req}: not installed"
            continue
        if not req.specifier.contains(version, prereleases=True):
            yield f"{req}: {version} installed"
        key = (canonicalize_name(req.name), frozenset(req.extras))
        if req.extras and key not in seen:  # evalkit-book[all] names its own extras
            seen.add(key)
            yield from unmet(req.name, req.extras, seen)

print("\n".join(dict.fromkeys(unmet(sys.argv[1], {sys.argv[2]}, set()))))
'''


def _env(venv, data_dir, cache):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", VIRTUAL_ENV=str(venv),
               EVALKIT_DATA=str(cache), EVALKIT_SHARED_DATA=str(data_dir), EVALKIT_OFFLINE="1",
               MPLBACKEND="Agg", PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONDONTWRITEBYTECODE="1")
    return env


class Installed:
    """The fresh environment: its interpreter, a working directory outside the repository."""

    def __init__(self, root, venv, wheel, env):
        self.root, self.venv, self.wheel, self.env = root, venv, wheel, env
        self.python = venv / "bin" / "python"
        self.cwd = root / "work"
        self.cwd.mkdir(exist_ok=True)

    def run(self, *args, check=True):
        out = subprocess.run([str(a) for a in args], cwd=self.cwd, env=self.env, capture_output=True, text=True)
        if check and out.returncode != 0:
            pytest.fail(f"{' '.join(map(str, args))} exited with {out.returncode}:\n{out.stdout[-3000:]}\n"
                        f"{out.stderr[-3000:]}")
        return out


@pytest.fixture(scope="module")
def installed(tmp_path_factory, shared_data):
    root = tmp_path_factory.mktemp("install")
    src = root / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(REPO / name, src / name)
    shutil.copytree(REPO / "evalkit", src / "evalkit", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    inst = Installed(root, venv, None, _env(venv, shared_data, root / "cache"))
    inst.run(inst.python, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", root / "dist", src)
    (inst.wheel,) = (root / "dist").glob("evalkit_book-*.whl")
    if os.environ.get("EVALKIT_TEST_FULL_INSTALL") == "1":
        inst.run(inst.python, "-m", "pip", "install", "--quiet", f"{inst.wheel}[all]")
    else:
        site = pathlib.Path(inst.run(inst.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
                            .stdout.strip())
        (site / "_evalkit_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
        inst.run(inst.python, "-m", "pip", "install", "--quiet", "--no-deps", inst.wheel)
        unmet = inst.run(inst.python, "-c", _REQUIREMENTS_MET, DIST, "all").stdout.strip()
        assert not unmet, f"the wheel's requirements not met in the fresh environment: {unmet}"
    yield inst
    shutil.rmtree(venv, ignore_errors=True)  # ~650 MB; pytest keeps its last three temporary directories


def _declared():
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def test_the_wheel_has_the_declared_metadata_and_files(installed):
    code = ("import importlib.metadata as m, json; d = m.metadata('evalkit-book'); "
            "print(json.dumps({k: d.get_all(k) for k in ('Name', 'Version', 'Requires-Python', "
            "'License-Expression', 'Requires-Dist', 'Project-URL')}))")
    meta = json.loads(installed.run(installed.python, "-c", code).stdout)
    print(f"\nwheel: {installed.wheel.name}")
    for key, values in meta.items():
        for value in values or ["(none)"]:
            print(f"  {key}: {value}")
    frozen = installed.run(installed.python, "-m", "pip", "list", "--format=freeze").stdout.split()
    print(f"installed in the fresh environment: {' '.join(frozen)}")
    project = _declared()
    assert meta["Name"] == [DIST] and meta["Version"] == [evalkit.__version__]
    assert meta["Requires-Python"] == [project["requires-python"]] == [">=3.11"]
    assert meta["License-Expression"] == ["BSD-3-Clause"]
    runtime = [r for r in meta["Requires-Dist"] if "extra ==" not in r]
    assert runtime == [re.sub(r"\s+", "", d) for d in project["dependencies"]]
    with zipfile.ZipFile(installed.wheel) as wheel:
        names = set(wheel.namelist())
        metadata = email.parser.Parser().parsestr(wheel.read(f"evalkit_book-{evalkit.__version__}.dist-info/METADATA")
                                                  .decode())
    assert {"evalkit/py.typed", "evalkit/cli.py"} <= names
    assert {f"evalkit/reproductions/{source}/claims.toml" for source in evalkit.reproductions.SOURCES} <= names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not any(n.startswith(("tests/", "chapters/")) for n in names)
    assert set(metadata.get_all("Provides-Extra")) >= {"plot", "weka", "sklearn", "book", "test", "all"}


def test_evalkit_is_imported_from_the_environment_not_the_repository(installed):
    out = installed.run(installed.python, "-c", "import evalkit; print(evalkit.__file__)").stdout.strip()
    assert pathlib.Path(out).is_relative_to(installed.venv), out


def test_version_and_the_list_of_experiments(installed):
    evalkit_ = installed.venv / "bin" / "evalkit"
    assert installed.run(evalkit_, "--version").stdout.strip() == f"evalkit {evalkit.__version__}"
    listed = installed.run(evalkit_, "reproduce", "--list").stdout
    names = re.findall(r"^(\S+)(?: \(also: [^)]*\))?  \[", listed, re.M)
    assert names == [spec.name for spec in experiments()]


def test_an_experiment_runs_through_the_evalkit_script(installed):
    out = installed.cwd / "coverage.csv"
    installed.run(installed.venv / "bin" / "evalkit", "reproduce", "scott-ci-coverage", "--scale", "small",
                  "--out", out)
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 9 and {r["method"] for r in rows} == {"normal", "wilson", "exact"}


def test_the_smallest_scale_table_names_only_registered_experiments():
    assert set(SMALLEST) <= {spec.name for spec in experiments()}


def test_every_experiment_runs_at_its_smallest_scale(installed):
    out_dir = installed.root / "experiments"
    out_dir.mkdir()
    driver = installed.root / "driver.py"
    driver.write_text(_DRIVER)
    # two drivers, each on every other experiment: the runs are single-threaded, CI has two cores
    shards = 2
    procs = [subprocess.Popen([str(installed.python), str(driver), json.dumps(SMALLEST), str(out_dir), str(i),
                               str(shards)], cwd=installed.cwd, env=installed.env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for i in range(shards)]
    outputs = [p.communicate() for p in procs]
    order = {spec.name: i for i, spec in enumerate(experiments())}
    runs = sorted((json.loads(line) for out, _ in outputs for line in out.splitlines() if line.startswith("{")),
                  key=lambda r: order.get(r["name"], len(order)))
    print(f"\n{len(runs)} experiments in the fresh environment, {sum(r['seconds'] for r in runs):.0f} s in all:")
    for r in runs:
        options = [a for i, a in enumerate(r["argv"][1:], 1) if a not in ("--out", "--quiet")
                   and r["argv"][i - 1] != "--out"]
        print(f"  {r['seconds']:6.1f} s  {' '.join(options)}  {r['error'] or 'ok'}")
    for p, (_, err) in zip(procs, outputs):
        assert p.returncode == 0, err[-3000:]
    assert [r["name"] for r in runs] == [spec.name for spec in experiments()]
    failed = {r["name"]: r["error"] or f"exit code {r['code']}" for r in runs if r["code"] != 0}
    assert not failed, failed
    empty = [r["name"] for r in runs if len(list(csv.DictReader((out_dir / f"{r['name']}.csv").open()))) == 0]
    assert not empty


def _python_blocks(markdown):
    """The code of every fenced ```python block, in order."""
    return re.findall(r"^```python\n(.*?)^```", markdown, re.S | re.M)


def test_readme_python_examples_run(installed):
    blocks = _python_blocks((REPO / "README.md").read_text())
    assert blocks, "README.md has no ```python example"
    script = installed.root / "readme_examples.py"
    script.write_text("\n".join(blocks))
    out = installed.run(installed.python, script)
    print(f"\nREADME examples ({len(blocks)} block(s)) in the fresh environment:\n{out.stdout}")


def test_the_readme_example_extractor_finds_every_python_block():
    text = "a\n```python\nx = 1\n```\n```bash\nls\n```\n```python\ny = 2\n\nz = 3\n```\n"
    assert _python_blocks(text) == ["x = 1\n", "y = 2\n\nz = 3\n"]


def test_the_requirements_check_names_what_is_missing_or_too_old(tmp_path):
    info = tmp_path / "fake_dist-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-dist\nVersion: 1.0\n"
                                   "Requires-Dist: numpy>=999\n"
                                   "Requires-Dist: no-such-distribution-anywhere; extra == \"all\"\n"
                                   "Requires-Dist: fake-dist[inner]; extra == \"all\"\n"
                                   "Requires-Dist: scipy>=999; extra == \"inner\"\n"
                                   "Requires-Dist: pandas>=999; extra == \"other\"\n")
    out = subprocess.run([sys.executable, "-c", _REQUIREMENTS_MET, "fake-dist", "all"], capture_output=True,
                         text=True, check=True, env={**os.environ, "PYTHONPATH": str(tmp_path)}).stdout
    lines = out.splitlines()
    assert [line.split(";")[0].split(":")[0] for line in lines] == ["numpy>=999", "no-such-distribution-anywhere",
                                                      "scipy>=999"], lines
    assert lines[1].endswith("not installed") and "installed" in lines[0]
