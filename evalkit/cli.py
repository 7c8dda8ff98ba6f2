"""The ``evalkit`` command: data files and reproductions from the shell.

Examples (shell)::

    evalkit datasets list
    evalkit datasets fetch --all
    evalkit datasets fetch cora iris uci/soybean.arff.gz
    evalkit reproduce --list
    evalkit reproduce network-cv-fig2 --help
    evalkit reproduce network-cv-fig2 --scale paper --n-jobs 2 --out fig2.csv
    evalkit reproduce scott-ci-coverage --n-samples 40 --n-trials 100000 --out coverage.csv

The ``reproduce`` sub-commands are generated from the experiments registered in
:mod:`evalkit.reproductions`: one sub-command per experiment, with only its own options,
typed from the experiment function's signature. Each runs the same function the book's
chapter calls, at the book's scale (``--scale book``, the default), the source's
(``--scale paper``) or any other, and writes its table to a CSV file (or standard output).
"""
from __future__ import annotations

import argparse
import csv
import inspect
import sys

from ._checks import Integer, Jobs, Text, Values, checks

__all__ = ["build_parser", "main"]


def _write(rows, out):
    if not rows:
        raise SystemExit("the experiment produced no rows")
    fields = list(dict.fromkeys(key for row in rows for key in row))
    handle = sys.stdout if out in (None, "-") else open(out, "w", newline="")
    try:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    finally:
        if handle is not sys.stdout:
            handle.close()


def _experiment_table(specs, *, stored=False):
    """The experiments, their summaries and paper-scale costs; with ``stored``, what the store holds."""
    import json
    import re
    import textwrap

    if stored:
        from .reproductions._store import status
    lines = []
    for spec in specs:
        aliases = f" (also: {', '.join(spec.aliases)})" if spec.aliases else ""
        summary = re.sub(r":\w+:`~?([^`]+)`", r"\1", spec.summary)
        lines.append(f"{spec.name}{aliases}  [{spec.source}]")
        lines += textwrap.wrap(summary, 100, initial_indent="    ", subsequent_indent="    ")
        lines += textwrap.wrap(f"paper scale: {spec.paper_cost}", 100, initial_indent="    ",
                               subsequent_indent="      ")
        for entry in status(spec) if stored and spec.stored else ():
            label = " ".join(f"{k}={v}" for k, v in entry["run"].items())
            if entry["path"] is None:
                text = f"results store, {label}: missing (make results)"
            else:
                prov = json.loads(entry["path"].read_text())["provenance"]
                text = (f"results store, {label}: {entry['state']}, run {prov['date'][:10]} in "
                        f"{prov['wall_s'] / 60:.0f} min wall, {prov['cpu_s'] / 60:.0f} min CPU ({prov['machine']})")
            lines += textwrap.wrap(text, 100, initial_indent="    ", subsequent_indent="      ")
    return "\n".join(lines)


def _declared_constraint(function, name):
    """The constraint ``@checks`` declared for ``name`` on ``function`` or a function it wraps."""
    seen = set()
    while function is not None and id(function) not in seen:
        seen.add(id(function))
        declared = getattr(function, "__evalkit_checks__", None)
        if declared and name in declared:
            return declared[name]
        function = getattr(function, "__wrapped__", None)
    return None


def _integer_constraint(spec, name):
    """What an integer option of ``spec`` must be: its declared check, else a rule by name.

    Counts and sizes (``n_points``, ``n_trials``, ``repetitions``, ...) must be >= 1;
    seeds >= 0; ``depths`` >= 0 (0: unlimited); ``n_jobs`` non-zero.
    """
    declared = _declared_constraint(spec.function, name)
    if isinstance(declared, Values):
        declared = declared.of
    if isinstance(declared, (Integer, Jobs)):
        return declared
    if name == "n_jobs":
        return Jobs()
    if "seed" in name or name == "depths":
        return Integer(0)
    return Integer(1)


def _checked_int(option, constraint):
    """An argparse ``type=`` that parses an integer and range-checks it, naming ``option``."""

    def parse(text):
        try:
            value = int(text)
        except (TypeError, ValueError):
            raise argparse.ArgumentTypeError(f"{option} must be an integer; got {text!r}") from None
        try:
            constraint(value, option)
        except (TypeError, ValueError) as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return value

    parse.__name__ = "integer"
    return parse


def _range_check_integer_options(parser, spec):
    """Give every integer option of an experiment's sub-parser a range check (an argparse error)."""
    for action in parser._actions:
        if action.type is int and action.option_strings:
            option = max(action.option_strings, key=len)
            action.type = _checked_int(option, _integer_constraint(spec, action.dest))


def _data_root(found):
    """The data directory holding ``found`` (a LocalFile with a location)."""
    return found.location.parents[len(found.path.split("/")) - 1]


def _datasets_command(args, parser):
    """``evalkit datasets list|fetch``: tables on standard output, summaries and errors on standard error."""
    from . import datasets

    if args.action == "list":
        rows = [datasets.file_status(path) for path in datasets.list_files()]
        widths = [max(len(r.path) for r in rows), max(len(r.dataset) for r in rows), max(len(r.where) for r in rows)]
        for r in rows:
            print(f"{r.path:<{widths[0]}}  {r.dataset:<{widths[1]}}  {r.where:<{widths[2]}}  {r.location or '-'}")
        have = sum(r.available for r in rows)
        print(f"{have} of {len(rows)} files available locally; data directories, searched in order: "
              + ", ".join(map(str, datasets.search_dirs())), file=sys.stderr)
        if have < len(rows):
            print("fetch the others with: evalkit datasets fetch --all (or evalkit datasets fetch NAME ...)",
                  file=sys.stderr)
        return 0
    if args.all == bool(args.names):
        parser.error("datasets fetch: give data set names or registered paths, or --all (not both)")
    try:
        found = datasets.fetch_datasets(None if args.all else args.names, progress=not args.no_progress)
    except (datasets.DatasetNotFoundError, datasets.ChecksumMismatchError) as exc:
        print(f"evalkit: {exc}", file=sys.stderr)
        return 1
    except ValueError as exc:
        parser.error(str(exc))
    for f in found:
        print(f.location)
    counts = {}
    for f in found:
        counts.setdefault((f.where, _data_root(f)), []).append(f)
    print(f"{len(found)} file(s) available locally:", file=sys.stderr)
    for (where, root), files in counts.items():
        print(f"  {len(files):3d} {where:<20} {root}", file=sys.stderr)
    return 0


def _results_command(args, parser):
    """``evalkit results``: the state of every declared stored run; with no --check, fill the gaps."""
    from .reproductions import experiments, get_experiment
    from .reproductions._store import STORE_ENV, recording, status, store_dir

    if store_dir() is None:
        parser.error(f"no results store: set {STORE_ENV} or run from a clone of the book (results/)")
    try:
        specs = [get_experiment(n) for n in args.names] if args.names else experiments()
    except ValueError as exc:
        parser.error(str(exc))
    failed = 0
    for spec in specs:
        for entry in status(spec):
            declared, state = entry["run"], entry["state"]
            label = f"{spec.name} " + " ".join(f"{k}={v}" for k, v in declared.items())
            detail = ", ".join(entry["changed"]) if state == "stale" else (entry["path"] or "")
            print(f"{state:8} {label}" + (f"  ({detail})" if detail else ""), flush=True)
            if state == "current":
                continue
            if args.check:
                failed += 1
                continue
            kwargs = {k: v for k, v in declared.items() if k != "scale"}
            if spec.parallel:
                kwargs["n_jobs"] = args.n_jobs
            if "progress" in inspect.signature(spec.function).parameters:
                kwargs["progress"] = True
            with recording():
                spec.checked_function()(scale=declared["scale"], **kwargs)
    return 1 if failed else 0


@checks()
def build_parser():
    """The ``evalkit`` argument parser, with one ``reproduce`` sub-command per registered experiment.

    Every integer option is range-checked (counts and sizes at least 1, seeds at least 0,
    or what the experiment declares), so a bad value is an argparse error naming the option.

    Returns
    -------
    argparse.ArgumentParser
        The parser of the ``evalkit`` command.

    Examples
    --------
    >>> parser = build_parser()
    >>> parser.parse_args(["datasets", "fetch", "cora", "uci/iris.arff.gz"]).names
    ['cora', 'uci/iris.arff.gz']
    """
    from . import __version__
    from .reproductions import experiments
    from .reproductions._experiment import add_experiment_parser

    parser = argparse.ArgumentParser(prog="evalkit", description=__doc__.split("\n")[0])
    parser.add_argument("--version", action="version", version=f"evalkit {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    ds = sub.add_parser("datasets", help="list or fetch the registered data files")
    ds_sub = ds.add_subparsers(dest="action", required=True)
    ds_sub.add_parser("list", help="every registered data file: its data set, whether and where it is available "
                                   "locally")
    fetch = ds_sub.add_parser("fetch", help="find or download data sets; print their files' local paths",
                              description="Find each file in the data directories, else download it (each archive "
                                          "once), check its sha256, extract it and store it in the cache. Prints the "
                                          "local paths, one a line, and a summary of what was found where. Files "
                                          "that cannot be had are listed in one error (exit code 1).")
    fetch.add_argument("names", nargs="*", metavar="NAME",
                       help="a data set (cora, iris, CollegeMsg, ...), a group (uci, temporal, labeled) or a "
                            "registered path (uci/iris.arff.gz); `evalkit datasets list` shows them")
    fetch.add_argument("--all", action="store_true", help="every registered data set")
    fetch.add_argument("--no-progress", action="store_true", help="no download progress bars")

    results = sub.add_parser("results", help="fill the results store: every stored run that is missing or stale",
                             description="Run every stored run the experiments declare (the paper's scale of the "
                                         "long ones) that the results store lacks or holds stale, and write it to "
                                         "the store (`make results`). With --check, only say which are current.")
    results.add_argument("names", nargs="*", metavar="EXPERIMENT", help="only these experiments (default: all)")
    results.add_argument("--check", action="store_true",
                         help="run nothing: list each stored run's state; exit 1 when one is missing or stale")
    results.add_argument("--n-jobs", dest="n_jobs", type=int, default=-1,
                         help="parallel jobs of each run (default: -1, every core)")

    specs = experiments()
    rep = sub.add_parser("reproduce", help="run one of the book's experiments at any scale",
                         description="Run one of the book's experiments, at the book's scale (default) or the "
                                     "source's (--scale paper). `evalkit reproduce --list` lists them.",
                         epilog=_experiment_table(specs), formatter_class=argparse.RawDescriptionHelpFormatter)
    rep.add_argument("--list", action="store_true", help="list the experiments with their paper-scale cost")
    rep_sub = rep.add_subparsers(dest="experiment_name", metavar="experiment")
    for spec in specs:
        _range_check_integer_options(add_experiment_parser(rep_sub, spec), spec)
    return parser


@checks(argv=Values(of=Text(empty=True), min_len=0, none=True))
def main(argv=None):
    """Run the ``evalkit`` command; return its exit code.

    Parameters
    ----------
    argv : list of str, optional
        The command's arguments (default: ``sys.argv[1:]``).

    Returns
    -------
    int
        The exit code (0 on success; argparse exits with 2 on a bad option).

    Examples
    --------
    >>> main(["datasets", "list"])  # doctest: +ELLIPSIS, +NORMALIZE_WHITESPACE
    labeled/citeseer/README citeseer ...
    ...
    0
    """
    from .reproductions import experiments
    from .reproductions._experiment import run_from_args

    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "datasets":
        return _datasets_command(args, parser)
    if args.command == "results":
        return _results_command(args, parser)
    if args.list:
        try:
            print(_experiment_table(experiments(), stored=True))
        except BrokenPipeError:
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    if args.experiment_name is None:
        parser.parse_args(["reproduce", "--help"])
    rows = run_from_args(args.experiment, args)
    try:
        _write(rows, args.out)
    except BrokenPipeError:  # `evalkit reproduce ... | head`: the reader has what it wanted
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
