"""Experiment specs: what ``evalkit reproduce`` is generated from (private).

Every experiment a chapter shows is a function in a ``reproductions`` module, decorated
with :func:`experiment`. The decorator records its command-line name, its scale presets
(``"book"``: what the chapter runs; ``"paper"``: the source's own scale) and the cost of
the paper scale, and registers it. Calling the function with ``scale=`` fills the
parameters the preset names; parameters given explicitly win. The command line gets one
sub-command per experiment with an option per keyword parameter, typed from the
function's annotations and documented from its docstring. A parallel experiment (one
that takes ``n_jobs``) also gets ``--n-jobs`` and ``--backend`` (joblib's back ends, and
Dask's: see :func:`parallel_backend`).
"""
from __future__ import annotations

import contextlib
import functools
import inspect
import re
import sys
import textwrap
import types
import typing
from dataclasses import dataclass, field

from ._declarations import USES, check_uses, standins_named

__all__ = ["Experiment", "REGISTRY", "USES", "experiment", "result_rows"]

#: command-line name -> :class:`Experiment`, filled as the source modules are imported
REGISTRY: dict = {}

_RESERVED = ("scale", "progress")

#: a source's slug -> its command-line prefix in version 2, still accepted (an alias of each name)
_FORMER_PREFIXES = {"replicability": "bouckaert-frank", "network-cv": "neville", "link-prediction": "yang"}


@dataclass(frozen=True)
class Experiment:
    """One registered experiment.

    Attributes
    ----------
    name : str
        Command-line name, ``<slug>-<what>``, e.g. ``"network-cv-fig2"``.
    source : str
        The ``reproductions`` package holding it, e.g. ``"network_cv"``.
    function : callable
        The decorated function (call it with ``scale=``).
    scales : dict of str -> dict
        Parameter values of each preset; ``"book"`` and ``"paper"`` always exist.
    paper_cost : str
        What the paper scale costs, e.g. ``"25 s on 2 cores"``.
    summary : str
        The first line of the docstring.
    aliases : tuple of str
        Other command-line names that work too (a version-2 name among them).
    stored : tuple of dict
        The runs kept in the results store (``evalkit/reproductions/_store.py``), each a
        ``scale`` and the parameters given beside it; ``make results`` runs them.
    spot_check : int
        How many of a stored run's units every build recomputes.
    data : tuple of str or None
        Prefixes of the registered data files the experiment reads (their sha256 are part
        of a stored run's key); None: any of them.
    uses : dict
        What the experiment runs on, as it declares it: ``"data"`` and ``"learners"``, each
        the name of a stand-in in its source's registry (``[standins]``,
        :func:`evalkit.claims.standin`), or None for the source's own (a kind not declared
        is the source's); a kind may instead map what is a stand-in (a learner, a network, or
        ``"parameter=value"``) to its stand-in (``{"NN": "ibk-for-ib1"}``). The records of its claims take their ``data``
        from it (``provenance``).
    """

    name: str
    source: str
    function: typing.Callable
    scales: dict = field(repr=False)
    paper_cost: str
    summary: str
    aliases: tuple = ()
    rows: typing.Callable = field(default=None, repr=False)
    stored: tuple = ()
    spot_check: int = 3
    data: tuple | None = None
    uses: dict = field(default_factory=dict)

    def resolved(self, scale="book", **kwargs):
        """The keyword parameters a call with ``scale`` and ``kwargs`` runs the function with.

        The preset's values, then those given explicitly (a None given for a parameter the
        preset names keeps the preset's value).
        """
        if scale not in self.scales:
            raise ValueError(f"scale must be one of {tuple(self.scales)!r}; got {scale!r}")
        params = dict(self.scales[scale])
        params.update({k: v for k, v in kwargs.items() if v is not None or k not in params})
        return params

    def reduction(self, scale="book", **kwargs):
        """How a call at ``scale`` falls short of the paper's scale: None when it does not.

        The text names each parameter whose value differs from the ``"paper"`` preset,
        for a record's ``scale`` (:func:`evalkit.claims.record_all`), so that no page
        types it.

        Examples
        --------
        >>> @experiment("demo-reduced", scales={"book": {"n": 9}, "paper": {"n": 9}, "binder": {"n": 2}},
        ...             paper_cost="instant")
        ... def demo(*, n: int = None):
        ...     '''Demo.'''
        ...     return n
        >>> demo.experiment.reduction("book") is None, demo.experiment.reduction("binder")
        (True, 'the "binder" scale: n=2 (the paper: 9)')
        >>> _ = REGISTRY.pop("demo-reduced")
        """
        ours, paper = self.resolved(scale, **kwargs), self.resolved("paper")
        differ = [name for name in paper if ours.get(name) != paper[name] and name not in ("n_jobs", "progress")]
        if not differ:
            return None
        return f'the "{scale}" scale: ' + ", ".join(
            f"{name}={_shown(ours.get(name))} (the paper: {_shown(paper[name])})" for name in differ)

    @property
    def standin(self):
        """The stand-ins the experiment declares (``uses``), in words; None when it runs on the source's own."""
        return self.standin_of()

    def standin_of(self, reads=None, params=None):
        """The declared stand-ins a claim reading ``reads`` rests on, in words (None: none).

        ``reads`` (names of learners, networks ..., e.g. ``("NB", "NN")``) matters only where
        ``uses`` declares stand-ins name by name; None counts every declared one. An entry
        keyed ``"parameter=value"`` counts where ``params`` (a call's parameters) has that value.

        Examples
        --------
        >>> @experiment("demo-learners", scales={"book": {}, "paper": {}}, paper_cost="instant",
        ...             uses={"learners": {"NN": "ibk-for-ib1"}})
        ... def demo():
        ...     '''Demo.'''
        >>> demo.experiment.standin_of(("NB", "C4.5")) is None, demo.experiment.standin_of(("NB", "NN"))[:27]
        (True, "Weka 3.9's IBk with k = 1 f")
        >>> _ = REGISTRY.pop("demo-learners")
        """
        return standins_named(self.uses, reads, params)

    def provenance(self, scale="book", *, reads=None, **kwargs):
        """A record's ``scale`` and ``data`` for claims computed from a call at ``scale``.

        Both are derived, never typed: ``scale`` is ``reduction`` (None at the paper's
        scale), ``data`` the declared stand-ins (``standin_of(reads)``: for a claim that
        reads only some of the learners or networks, theirs; an entry keyed by a parameter's
        value where the call has it). Give them to :func:`evalkit.claims.record_all` as keywords.

        Examples
        --------
        >>> @experiment("demo-standin", scales={"book": {"n": 2}, "paper": {"n": 9}}, paper_cost="instant",
        ...             uses={"data": "cora-pieces"})
        ... def demo(*, n: int = None):
        ...     '''Demo.'''
        ...     return n
        >>> demo.experiment.provenance("paper")["scale"], demo.experiment.provenance("paper")["data"][:26]
        (None, 'six label-stratified piece')
        >>> demo.experiment.provenance("book")["scale"]
        'the "book" scale: n=2 (the paper: 9)'
        >>> _ = REGISTRY.pop("demo-standin")
        """
        return {"scale": self.reduction(scale, **kwargs),
                "data": self.standin_of(None if reads is None else tuple(reads), self.resolved(scale, **kwargs))}

    def claim_provenance(self, claim_ids, scale="book", *, reads, also=None, **kwargs):
        """Per-claim ``options`` for :func:`evalkit.claims.record_all`: each claim's ``provenance``.

        For an experiment that declares stand-ins name by name (learners, networks): each
        claim gets the stand-ins of what it reads (``reads(claim_id)``), so a claim about
        learners the source ran as it did carries none.

        Parameters
        ----------
        claim_ids : iterable of str
            The claims (a dict of values gives its keys).
        scale : str
            The scale of the call they were computed from.
        reads : callable
            Claim id -> the names of the learners (networks ...) it reads.
        also : dict, optional
            Further options by claim id (standard errors ...), merged in.

        Returns
        -------
        dict
            ``{claim id: {"scale": ..., "data": ..., **also[claim id]}}``.

        Examples
        --------
        >>> @experiment("demo-claims", scales={"book": {}, "paper": {}}, paper_cost="instant",
        ...             uses={"learners": {"NN": "ibk-for-ib1"}})
        ... def demo():
        ...     '''Demo.'''
        >>> reads = {"x.nb-c45": ("NB", "C4.5"), "x.nb-nn": ("NB", "NN")}
        >>> options = demo.experiment.claim_provenance(reads, "paper", reads=reads.get)
        >>> options["x.nb-c45"]["data"] is None, options["x.nb-nn"]["data"][:5]
        (True, 'Weka ')
        >>> _ = REGISTRY.pop("demo-claims")
        """
        also = also or {}
        return {cid: {**self.provenance(scale, reads=reads(cid), **kwargs), **also.get(cid, {})}
                for cid in claim_ids}

    def table_rows(self, result):
        """The rows of a result of this experiment (its ``rows``, else :func:`result_rows`)."""
        return (self.rows or result_rows)(result)

    @property
    def parallel(self):
        """Whether the experiment takes ``n_jobs``."""
        return "n_jobs" in inspect.signature(self.function).parameters

    def checked_function(self):
        """The public function that runs this experiment, with its declared argument checks.

        ``@checks`` wraps the experiment after registration, so the module attribute (not
        ``function``) is the checked one.
        """
        module = sys.modules.get(self.function.__module__)
        public = getattr(module, self.function.__name__, None)
        return public if getattr(public, "experiment", None) is self else self.function

    def parameters(self):
        """The keyword parameters the command line exposes: (name, inspect.Parameter) pairs."""
        sig = inspect.signature(self.function.__wrapped__)
        return [(n, p) for n, p in sig.parameters.items()
                if p.kind is inspect.Parameter.KEYWORD_ONLY and n not in _RESERVED + ("n_jobs",)]


def experiment(name, *, scales, paper_cost, aliases=(), rows=None, stored=(), spot_check=3, data=None, uses=None):
    """Register a reproduction experiment (decorator).

    Parameters
    ----------
    name : str
        Command-line name, ``<slug>-<what>``: a source package's experiment starts with
        its slug (the package name with ``-`` for ``_``).
    scales : dict of str -> dict
        Presets: parameter values for ``"book"`` (what the chapter runs) and ``"paper"``
        (the source's scale), and any others. Every preset must name keyword-only
        parameters of the function.
    paper_cost : str
        Time (and memory, where it matters) of the paper scale on the stated machine.
    aliases : tuple of str
        Old command-line names.
    rows : callable, optional
        ``rows(result) -> list of dict`` for the CSV the command line writes; default
        :func:`result_rows`.
    stored : sequence of dict, optional
        The runs the results store keeps (``make results`` computes them): each a dict
        with ``"scale"`` and any parameters given beside it, e.g. ``{"scale": "paper"}``.
        A call with the same parameters reads the stored run while its key matches.
    spot_check : int, default 3
        Units of a stored run that every call reading it recomputes and compares.
    data : sequence of str, optional
        Prefixes of the registered data files it reads (``("uci/",)``); ``()`` for none.
        Default: every registered file counts for the key of a stored run.
    uses : dict, optional
        What it runs on: ``{"data": ..., "learners": ...}``, each the name of a stand-in
        in its source's registry (``[standins]``: the words live there, once) or None for
        the source's own; a kind left out is the source's. A kind may instead map only what is a
        stand-in to its stand-in: learners or networks by name (``{"NN": "ibk-for-ib1"}``), or a
        parameter's value (``{"learners=counts": ...}``). The records of its claims derive their
        ``data`` from it (``Experiment.provenance``). A declaration, not
        computation: a stored run's key leaves it out, so declaring keeps the runs.

    Examples
    --------
    >>> @experiment("demo-sum", scales={"book": {"n": 3}, "paper": {"n": 10}}, paper_cost="instant")
    ... def demo_sum(*, n: int = None, progress: bool = False):
    ...     '''Sum of 0..n-1.
    ...
    ...     Parameters
    ...     ----------
    ...     n : int
    ...         How many numbers.
    ...     '''
    ...     return [{"n": n, "sum": sum(range(n))}]
    >>> demo_sum(), demo_sum(scale="paper"), demo_sum(scale="paper", n=4)
    ([{'n': 3, 'sum': 3}], [{'n': 10, 'sum': 45}], [{'n': 4, 'sum': 6}])
    >>> _ = REGISTRY.pop("demo-sum")
    """
    if "book" not in scales or "paper" not in scales:
        raise ValueError(f"experiment {name!r}: scales must define 'book' and 'paper'")
    uses = check_uses(uses, f"experiment {name!r}")

    def decorate(function):
        sig = inspect.signature(function)
        keyword = {n for n, p in sig.parameters.items() if p.kind is inspect.Parameter.KEYWORD_ONLY}
        positional = [n for n, p in sig.parameters.items() if p.kind is not inspect.Parameter.KEYWORD_ONLY]
        if positional:
            raise TypeError(f"experiment {name!r}: parameters must be keyword-only; got {positional}")
        for preset, values in scales.items():
            unknown = set(values) - keyword
            if unknown:
                raise TypeError(f"experiment {name!r}, scale {preset!r}: {sorted(unknown)} are not parameters")

        @functools.wraps(function)
        def run(*, scale="book", **kwargs):
            from . import _store

            return _store.run(run.experiment, scale, run.experiment.resolved(scale, **kwargs), function)

        run.__doc__ = _with_scale_paragraph(function.__doc__, scales, name)
        scale_param = inspect.Parameter("scale", inspect.Parameter.KEYWORD_ONLY, default="book")
        run.__signature__ = sig.replace(parameters=[scale_param, *sig.parameters.values()])
        # evalkit.reproductions.<source> or evalkit.reproductions.<source>.<page>
        source = function.__module__.partition("reproductions.")[2].split(".")[0] or function.__module__
        slug = source.replace("_", "-")
        former = _FORMER_PREFIXES.get(slug)
        if function.__module__.startswith("evalkit.reproductions.") and not source.startswith("_") \
                and not name.startswith(slug + "-"):
            raise ValueError(f"experiment {name!r} of {function.__module__}: its name must start with the "
                             f"source's slug, {slug + '-'!r}")
        names = (*aliases, former + name[len(slug):]) if former is not None else tuple(aliases)
        summary = (inspect.getdoc(function) or "").split("\n")[0]
        declared = tuple(dict(run_spec) for run_spec in stored)
        for run_spec in declared:
            if run_spec.get("scale") not in scales or set(run_spec) - {"scale"} - keyword:
                raise ValueError(f"experiment {name!r}: a stored run must name a preset as 'scale' and "
                                 f"parameters of the function; got {run_spec!r}")
        spec = Experiment(name, source, run, dict(scales), paper_cost, summary, names, rows, declared,
                          int(spot_check), None if data is None else tuple(data), uses)
        run.experiment = spec
        for key in (name, *names):
            if key in REGISTRY and REGISTRY[key].function.__qualname__ != function.__qualname__:
                raise ValueError(f"two experiments are named {key!r}")
            REGISTRY[key] = spec
        return run

    return decorate


#: what the docstring says of a preset other than "book" and "paper"
_PRESET_WORDS = {"small": "a quick run (seconds, for tests)",
                 "binder": "a smaller scale a reader recomputes on one core in minutes (a Binder session)"}


def _scale_paragraph(scales, indent):
    """The numpydoc entry of ``scale``, written from the presets (no docstring repeats it)."""
    names = ", ".join(f'"{preset}"' for preset in scales)
    words = ['"book" is what the chapter runs', '"paper" the source\'s scale']
    words += [f'"{preset}" {_PRESET_WORDS.get(preset, "another preset")}' for preset in scales
              if preset not in ("book", "paper")]
    text = f"Preset of the parameters left as None (those given explicitly win): {', '.join(words)}."
    body = textwrap.fill(text, width=88, initial_indent=indent + "    ", subsequent_indent=indent + "    ")
    return f'{indent}scale : {{{names}}}, default "book"\n{body}\n'


def _with_scale_paragraph(doc, scales, name):
    """``doc`` with the ``scale`` entry first in its Parameters section (added if missing)."""
    doc = doc or ""
    if re.search(r"^\s*scale : ", doc, re.M):
        raise ValueError(f"experiment {name!r}: its docstring documents scale; @experiment writes that "
                         f"paragraph from the presets")
    match = re.search(r"^([ \t]*)Parameters\n[ \t]*-+\n", doc, re.M)
    if match:
        return doc[:match.end()] + _scale_paragraph(scales, match.group(1)) + doc[match.end():]
    indent = re.search(r"\n([ \t]*)\S", doc)
    indent = indent.group(1) if indent else ""
    return (doc.rstrip() + f"\n\n{indent}Parameters\n{indent}----------\n"
            + _scale_paragraph(scales, indent))


def result_rows(result):
    """The rows of an experiment's result, for CSV output.

    A list of dicts is returned as it is; a pandas DataFrame as its records; an object
    with a ``rows()`` method by calling it; a dict of such tables with a ``table`` column
    naming each part.

    Examples
    --------
    >>> result_rows({"a": [{"x": 1}], "b": [{"x": 2}]})
    [{'table': 'a', 'x': 1}, {'table': 'b', 'x': 2}]
    """
    if hasattr(result, "to_dict") and hasattr(result, "columns"):
        frame = result.reset_index() if any(n is not None for n in result.index.names) else result
        return frame.to_dict("records")
    if hasattr(result, "rows") and callable(result.rows):
        return result_rows(result.rows())
    if isinstance(result, dict):
        out = []
        for key, part in result.items():
            out += [{"table": key, **row} for row in result_rows(part)]
        return out
    if isinstance(result, (list, tuple)) and all(isinstance(r, dict) for r in result):
        return list(result)
    raise TypeError(f"cannot turn a {type(result).__name__} into table rows; give the experiment rows=")


# ------------------------------------------------------------------ command line


def _docstring_params(function):
    """name -> first paragraph of its description in the numpydoc Parameters section."""
    doc = inspect.getdoc(function) or ""
    match = re.search(r"^Parameters\n-+\n(.*?)(?:\n\n[A-Z][a-z]+\n-+\n|\Z)", doc, re.S | re.M)
    out = {}
    if not match:
        return out
    current = None
    for line in match.group(1).splitlines():
        if line and not line.startswith(" "):
            names = line.split(":")[0]
            current = [n.strip() for n in names.split(",")]
            for n in current:
                out[n] = ""
        elif current and line.strip():
            for n in current:
                out[n] = (out[n] + " " + line.strip()).strip()
        elif current and not line.strip():
            current = None
    return out


def _unwrap_optional(tp):
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return tp


def _shown(value):
    """A preset value as the help text shows it (long sequences shortened)."""
    if isinstance(value, (tuple, list)):
        items = [str(v) for v in value]
        return " ".join(items) if len(items) <= 8 else " ".join(items[:3] + ["...", f"({len(items)} values)"])
    return str(value)


def argparse_kwargs(tp, default):
    """argparse ``add_argument`` keywords for a parameter of type ``tp``."""
    import argparse

    tp = _unwrap_optional(tp)
    origin = typing.get_origin(tp)
    if tp is bool:
        return {"action": argparse.BooleanOptionalAction, "default": None}
    if origin is typing.Literal:
        choices = typing.get_args(tp)
        return {"type": type(choices[0]), "choices": choices, "default": None}
    if origin in (tuple, list):
        args = [a for a in typing.get_args(tp) if a is not Ellipsis]
        item = _unwrap_optional(args[0]) if args else str
        if typing.get_origin(item) is typing.Literal:
            return {"nargs": "+", "type": type(typing.get_args(item)[0]), "choices": typing.get_args(item),
                    "default": None}
        return {"nargs": "+", "type": item, "default": None}
    if tp in (int, float, str):
        return {"type": tp, "default": None}
    raise TypeError(f"no command-line form for a parameter of type {tp!r}")


def add_experiment_parser(subparsers, spec):
    """Add ``spec``'s sub-command (with only its own options) to ``subparsers``."""

    doc = inspect.getdoc(spec.function.__wrapped__) or spec.summary
    parser = subparsers.add_parser(spec.name, aliases=list(spec.aliases), help=spec.summary,
                                   description=doc.split("\n\n")[0].replace("\n", " "))
    parser.set_defaults(experiment=spec)
    helps = _docstring_params(spec.function.__wrapped__)
    hints = typing.get_type_hints(spec.function.__wrapped__)
    parser.add_argument("--scale", choices=tuple(spec.scales), default="book",
                        help=f"preset: 'book' (the default) is what the chapter runs, 'paper' the source's "
                             f"scale (paper scale: {spec.paper_cost})".replace("%", "%%"))
    for name, param in spec.parameters():
        if name not in hints:
            raise TypeError(f"experiment {spec.name!r}: parameter {name!r} needs a type annotation")
        kwargs = argparse_kwargs(hints[name], param.default)
        if len(kwargs.get("choices", ())) > 6:  # a long list: in the help text, not in the usage line
            kwargs["metavar"] = name.upper()
            helps[name] = helps.get(name, "") + " One of: " + ", ".join(map(str, kwargs["choices"])) + "."
        text = helps.get(name, "")
        default = param.default if param.default is not inspect.Parameter.empty else None
        values = {}  # value shown -> the presets giving it
        for preset, params in spec.scales.items():
            values.setdefault(_shown(params.get(name, default)), []).append(preset)
        if len(values) == 1:
            text += f" (default: {next(iter(values))})"
        else:
            text += " (" + "; ".join(f"{'/'.join(p)}: {v}" for v, p in values.items()) + ")"
        parser.add_argument("--" + name.replace("_", "-"), dest=name, help=text.replace("%", "%%"),
                            **{k: v for k, v in kwargs.items() if k != "default"}, default=None)
    if spec.parallel:
        parser.add_argument("--n-jobs", dest="n_jobs", type=int, default=None,
                            help="parallel jobs; 1 runs serially, -1 uses every core (default: every core with "
                                 "--backend, else serial); the results do not depend on it")
        parser.add_argument("--backend", choices=BACKENDS, default=None,
                            help="joblib back end of the parallel jobs (default: loky when --n-jobs is given, "
                                 "else none: serial). 'dask' connects to --scheduler-address, or starts a "
                                 "local Dask cluster for the run (needs dask.distributed: pip install "
                                 "'dask[distributed]'); Weka's learners need a process-based back end "
                                 "(loky, multiprocessing, dask); the results do not depend on it")
        parser.add_argument("--scheduler-address", dest="scheduler_address", default=None, metavar="ADDRESS",
                            help="with --backend dask: the address of a running Dask scheduler, e.g. "
                                 "tcp://host:8786 (default: a local cluster of --n-jobs worker processes, "
                                 "or one per core)")
        parser.set_defaults(experiment_parser=parser)
    parser.add_argument("--out", default=None, help="CSV file to write (default: standard output)")
    parser.add_argument("--store", action="store_true",
                        help="compute the run and keep it in the results store (results/<experiment>/), where "
                             "the book reads it while its code, data and libraries are unchanged")
    if "progress" in inspect.signature(spec.function).parameters:
        parser.add_argument("--quiet", action="store_true", help="no progress bars")
    return parser


def run_from_args(spec, args):
    """Call the experiment with the options parsed by its sub-parser; return its rows."""
    kwargs = {name: getattr(args, name) for name, _ in spec.parameters() if getattr(args, name) is not None}
    kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in kwargs.items()}
    if spec.parallel and args.n_jobs is not None:
        kwargs["n_jobs"] = args.n_jobs
    if "progress" in inspect.signature(spec.function).parameters:
        kwargs["progress"] = not getattr(args, "quiet", False)
    backend, address = getattr(args, "backend", None), getattr(args, "scheduler_address", None)
    from . import _store

    try:
        context = parallel_backend(backend, n_jobs=getattr(args, "n_jobs", None), scheduler_address=address)
        recording = _store.recording() if getattr(args, "store", False) else contextlib.nullcontext()
        with context, recording:
            result = spec.checked_function()(scale=args.scale, **kwargs)
    except _BackendError as exc:
        parser = getattr(args, "experiment_parser", None)
        if parser is None:
            raise SystemExit(f"evalkit reproduce: error: {exc}") from None
        parser.error(str(exc))
    return spec.table_rows(result)


#: the joblib back ends ``evalkit reproduce --backend`` takes
BACKENDS = ("loky", "threading", "multiprocessing", "sequential", "dask")


class _BackendError(ValueError):
    """A ``--backend`` / ``--scheduler-address`` that cannot be used (an argparse error)."""


@contextlib.contextmanager
def parallel_backend(backend, *, n_jobs=None, scheduler_address=None):
    """The ``joblib.parallel_config`` of ``evalkit reproduce --backend`` (a context manager).

    ``None`` changes nothing (an experiment's ``n_jobs=None`` then runs serially, an
    integer with loky). A joblib back end runs ``n_jobs`` jobs, every core when
    ``n_jobs`` is None. ``"dask"`` opens a ``dask.distributed.Client`` on
    ``scheduler_address``, or on a ``LocalCluster`` started for the run (``n_jobs``
    worker processes of one thread each, one per core when ``n_jobs`` is None or
    negative) and closed after it; the experiment's tasks go to its workers.

    Examples
    --------
    >>> from joblib import Parallel, delayed
    >>> with parallel_backend("threading", n_jobs=2):
    ...     Parallel()(delayed(abs)(x) for x in (-1, -2))
    [1, 2]
    """
    if backend is not None and backend not in BACKENDS:
        raise _BackendError(f"--backend must be one of {', '.join(BACKENDS)}; got {backend!r}")
    if scheduler_address is not None and backend != "dask":
        raise _BackendError(f"--scheduler-address needs --backend dask; got --backend {backend}")
    if backend is None:
        yield
        return
    import joblib

    jobs = -1 if n_jobs is None else n_jobs
    if backend != "dask":
        with joblib.parallel_config(backend=backend, n_jobs=jobs):
            yield
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise _BackendError("--backend dask needs dask.distributed, which is not installed; install it "
                            "with `pip install 'dask[distributed]'`") from None
    with contextlib.ExitStack() as stack:
        if scheduler_address is None:
            workers = n_jobs if n_jobs is not None and n_jobs > 0 else None
            scheduler_address = stack.enter_context(LocalCluster(n_workers=workers, threads_per_worker=1,
                                                                 dashboard_address=None))
        client = stack.enter_context(Client(scheduler_address, set_as_default=False))
        stack.enter_context(joblib.parallel_config(backend="dask", n_jobs=jobs, client=client))
        yield
