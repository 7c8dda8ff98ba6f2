"""The benchmarks as the performance appendix shows them: every script, four of them on a quick, stated subset.

``make bench`` runs every script in full. The appendix (chapters/appendices/performance.md)
prints the output of this quick set, measured where nothing else runs:

* ``make book`` runs it first, one script at a time and alone, before the chapters are
  executed (two at a time: a benchmark timed beside another chapter runs up to 6x slower on
  one side than the other, which distorts the printed ratio), writes each script's output
  to ``$EVALKIT_BENCHMARK_OUTPUT/<script>.txt``, and the appendix prints those files;
* anywhere else (``jupyter-book build``, a reader executing the page), the appendix runs the
  scripts itself.

    python benchmarks/_quick.py OUTDIR     run the quick set now, writing OUTDIR/<script>.txt
"""
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


def scripts():
    """The benchmark scripts (``_``-prefixed files are helpers), in name order."""
    return sorted(HERE.glob("[a-z]*.py"))


def command_line(script):
    """How the appendix shows the command it ran."""
    return " ".join(["python", f"benchmarks/{script.name}", *QUICK_ARGS.get(script.name, [])])


def run(script):
    """Run one script on its quick subset; its output, headed by the command line."""
    result = subprocess.run([sys.executable, str(script), *QUICK_ARGS.get(script.name, [])],
                            capture_output=True, text=True, check=False)
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


def main(directory):
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("*.txt"):  # never show an output of an earlier build
        old.unlink()
    for script in scripts():
        start = time.perf_counter()
        (directory / f"{script.stem}.txt").write_text(run(script))
        print(f"{command_line(script)}: {time.perf_counter() - start:.1f} s", flush=True)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
