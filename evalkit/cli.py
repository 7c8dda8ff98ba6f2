"""The ``evalkit`` command: data files and reproductions from the shell.

Examples (shell)::

    evalkit datasets list
    evalkit datasets fetch uci/soybean.arff.gz
    evalkit reproduce --list
    evalkit reproduce neville-fig2 --help
    evalkit reproduce neville-fig2 --scale paper --n-jobs 2 --out fig2.csv
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
import sys

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


def _experiment_table(specs):
    import re
    import textwrap

    lines = []
    for spec in specs:
        aliases = f" (also: {', '.join(spec.aliases)})" if spec.aliases else ""
        summary = re.sub(r":\w+:`~?([^`]+)`", r"\1", spec.summary)
        lines.append(f"{spec.name}{aliases}  [{spec.source}]")
        lines += textwrap.wrap(summary, 100, initial_indent="    ", subsequent_indent="    ")
        lines += textwrap.wrap(f"paper scale: {spec.paper_cost}", 100, initial_indent="    ",
                               subsequent_indent="      ")
    return "\n".join(lines)


def build_parser():
    """The ``evalkit`` argument parser, with one ``reproduce`` sub-command per registered experiment."""
    from . import __version__
    from .reproductions import experiments
    from .reproductions._experiment import add_experiment_parser

    parser = argparse.ArgumentParser(prog="evalkit", description=__doc__.split("\n")[0])
    parser.add_argument("--version", action="version", version=f"evalkit {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    ds = sub.add_parser("datasets", help="list or fetch the registered data files")
    ds_sub = ds.add_subparsers(dest="action", required=True)
    ds_sub.add_parser("list", help="print every registered data file")
    fetch = ds_sub.add_parser("fetch", help="find or download a data file and print its local path")
    fetch.add_argument("path", help="a registered path, e.g. uci/iris.arff.gz")

    specs = experiments()
    rep = sub.add_parser("reproduce", help="run one of the book's experiments at any scale",
                         description="Run one of the book's experiments, at the book's scale (default) or the "
                                     "source's (--scale paper). `evalkit reproduce --list` lists them.",
                         epilog=_experiment_table(specs), formatter_class=argparse.RawDescriptionHelpFormatter)
    rep.add_argument("--list", action="store_true", help="list the experiments with their paper-scale cost")
    rep_sub = rep.add_subparsers(dest="experiment_name", metavar="experiment")
    for spec in specs:
        add_experiment_parser(rep_sub, spec)
    return parser


def main(argv=None):
    """Run the ``evalkit`` command (``argv``: the arguments, default ``sys.argv[1:]``); return its exit code."""
    from .reproductions import experiments
    from .reproductions._experiment import run_from_args

    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "datasets":
        from . import datasets

        if args.action == "list":
            print("\n".join(datasets.list_files()))
        else:
            print(datasets.fetch(args.path))
        return 0
    if args.list:
        try:
            print(_experiment_table(experiments()))
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
