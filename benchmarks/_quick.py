"""The benchmarks as the performance appendix shows them: every script, four of them on a quick, stated subset.

``make bench`` runs every script in full. The appendix (chapters/appendices/performance.md)
prints the output of this quick set, measured before any chapter runs:

* ``make book`` runs it first, before the chapters are executed (two at a time, each with
  several processes: a benchmark timed beside another chapter runs up to 6x slower on one
  side than the other, which distorts the printed ratio), writes each script's output to
  ``$EVALKIT_BENCHMARK_OUTPUT/<script>.txt``, and the appendix prints those files. The
  scripts that time two processes (``TWO_CORES``) run alone; the others, one process each,
  run two side by side on a machine with at least two cores, each held to one thread of
  linear algebra (``ONE_THREAD``), so that neither takes the other's core;
* anywhere else (``jupyter-book build``, a reader executing the page), the appendix runs the
  scripts itself.

    python benchmarks/_quick.py OUTDIR     run the quick set now, writing OUTDIR/<script>.txt
"""
import concurrent.futures
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

QUICK_ARGS = {
    "curves.py": ["--quick"],  # 10^5 and 10^6 scores here; 10^6 and 10^7 with make bench
    "replicability.py": ["--quick"],  # labor alone here; three data sets with make bench
    "network_cv.py": ["--skip-paper"],  # the paper-scale runs are timed in the network-cv chapters
    "linkpred_scale.py": ["--sizes", "25000", "--no-dask"],  # up to 10^6 nodes with make bench
}
"""The quick subset's arguments, by script; the other scripts run in full."""

TWO_CORES = {"linkpred_scale.py", "network_cv.py"}
"""Scripts that time runs with ``n_jobs=2``: run alone, never beside another script."""

ONE_THREAD = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
"""The environment of a script run beside another: one linear-algebra thread each."""


def scripts():
    """The benchmark scripts (``_``-prefixed files are helpers), in name order."""
    return sorted(HERE.glob("[a-z]*.py"))


def command_line(script):
    """How the appendix shows the command it ran."""
    return " ".join(["python", f"benchmarks/{script.name}", *QUICK_ARGS.get(script.name, [])])


def run(script, *, env=None):
    """Run one script on its quick subset; its output, headed by the command line.

    ``env``: variables added to this process's environment for the script.
    """
    result = subprocess.run([sys.executable, str(script), *QUICK_ARGS.get(script.name, [])],
                            capture_output=True, text=True, check=False,
                            env=None if env is None else {**os.environ, **env})
    if result.returncode:
        raise RuntimeError(f"{command_line(script)} failed (exit status {result.returncode}):\n"
                           f"{result.stdout}\n{result.stderr}")
    return f"$ {command_line(script)}\n{result.stdout}"


def outputs(directory=None):
    """Each script's output, by name: read from ``directory`` (where ``make book`` wrote them), or run now."""
    if not directory:
        return {script.name: run(script) for script in scripts()}
    missing = [script.name for script in scripts() if not (Path(directory) / f"{script.stem}.txt").is_file()]
    if missing:
        raise FileNotFoundError(f"{directory} lacks the output of {', '.join(missing)}: "
                                f"run python benchmarks/_quick.py {directory} first")
    return {script.name: (Path(directory) / f"{script.stem}.txt").read_text() for script in scripts()}


def _run_into(directory, script, env=None, note=""):
    start = time.perf_counter()
    (directory / f"{script.stem}.txt").write_text(run(script, env=env))
    print(f"{command_line(script)}: {time.perf_counter() - start:.1f} s{note}", flush=True)


def main(directory):
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("*.txt"):  # never show an output of an earlier build
        old.unlink()
    alone = [script for script in scripts() if script.name in TWO_CORES]
    paired = [script for script in scripts() if script.name not in TWO_CORES]
    for script in alone:
        _run_into(directory, script, note=" (alone)")
    if (os.cpu_count() or 1) < 2:
        for script in paired:
            _run_into(directory, script, note=" (alone)")
        return
    # longest first, so that the two lanes finish together
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as lanes:
        list(lanes.map(lambda s: _run_into(directory, s, ONE_THREAD, " (beside another, one thread)"),
                       sorted(paired, key=lambda s: s.name != "replicability.py")))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
