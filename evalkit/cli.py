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
    >>> parser.parse_args(["datasets", "fetch", "uci/iris.arff.gz"]).path
    'uci/iris.arff.gz'
    """
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
    >>> main(["datasets", "list"])  # doctest: +ELLIPSIS
    labeled/citeseer/README
    ...
    0
    """
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
