"""Each source's experiments, at the book's scale and at the source's own.

One module per source:

- :mod:`evalkit.reproductions.scott` -- Scott's lecture on estimating error and comparing algorithms
- :mod:`evalkit.reproductions.graph_metrics` -- the graph-mining performance-metrics chapter
- :mod:`evalkit.reproductions.replicability` -- Bouckaert & Frank on replicability
- :mod:`evalkit.reproductions.network_cv` -- Neville et al. on network cross-validation
- :mod:`evalkit.reproductions.link_prediction` -- Yang, Lichtenwalter & Chawla on evaluating link prediction

Every experiment is a function with scale presets: ``scale="book"`` runs what the chapter
shows, ``scale="paper"`` the source's own scale; any parameter can also be given directly.
:func:`experiments` lists them; the ``evalkit reproduce`` command runs them from the shell.

Examples
--------
>>> from evalkit import reproductions
>>> "network-cv-fig2" in {e.name for e in reproductions.experiments()}
True
"""
from __future__ import annotations

import importlib

from .._checks import Text, checks
from ._declarations import Declaration, declare
from ._experiment import REGISTRY, Experiment, experiment, result_rows

SOURCES = ("scott", "graph_metrics", "replicability", "network_cv", "link_prediction")

__all__ = ["SOURCES", "Declaration", "Experiment", "declare", "experiment", "experiments", "get_experiment", "provenance", "result_rows",
           "stored_runs", *SOURCES]


@checks()
def experiments():
    """Every registered experiment (each source module imported), sorted by name.

    Returns
    -------
    list of Experiment
        Each experiment once (aliases not repeated).

    Examples
    --------
    >>> "scott-ci-coverage" in [e.name for e in experiments()]
    True
    """
    for source in SOURCES:
        importlib.import_module(f"{__name__}.{source}")
    return sorted({id(e): e for e in REGISTRY.values()}.values(), key=lambda e: e.name)


@checks(name=Text())
def get_experiment(name):
    """The experiment registered under ``name`` (or one of its aliases).

    Parameters
    ----------
    name : str
        Command-line name or alias, e.g. ``"scott-ci-coverage"``.

    Returns
    -------
    Experiment
        Its spec; ``.function(scale=...)`` runs it.

    Examples
    --------
    >>> get_experiment("ci-coverage").name
    'scott-ci-coverage'
    """
    experiments()
    try:
        return REGISTRY[name]
    except KeyError:
        raise ValueError(f"no experiment named {name!r}; `evalkit reproduce --list` shows them") from None


@checks(name=Text())
def provenance(name):
    """Where the last result of experiment ``name`` in this process came from, and what it cost.

    From the results store (``results/``, kept by ``evalkit reproduce ... --store``):
    the command, date, machine, wall and CPU time of the stored run, and which of its units
    this process recomputed and found bit-identical. Computed: the time it took here. A
    chapter shows it beside each table or figure (its ``summary()`` is one paragraph).

    Parameters
    ----------
    name : str
        Command-line name or alias of an experiment that has run in this process.

    Returns
    -------
    Provenance
        ``origin`` is ``"store"`` or ``"computed"``.

    Raises
    ------
    LookupError
        When the experiment has not run in this process.

    Examples
    --------
    >>> from evalkit.reproductions.scott import coverage_grid
    >>> _ = coverage_grid()
    >>> provenance("scott-coverage-grid").origin
    'computed'
    """
    from ._store import last_run

    return last_run(get_experiment(name).name)


@checks()
def stored_runs():
    """Every run the experiments declare for the results store, with its state and provenance.

    Returns
    -------
    list of dict
        One per declared run: ``experiment``, ``run`` (the scale and the parameters given
        beside it), ``state`` (``"current"``, ``"stale"``: the key no longer matches the code,
        data or libraries, with what changed in ``detail``; ``"missing"``), and for a stored
        run its ``path``, ``command``, ``date``, ``machine``, ``wall_s``, ``cpu_s``, ``units``
        and ``key``.

    Examples
    --------
    >>> runs = stored_runs()
    >>> {"replicability-table5"} <= {r["experiment"] for r in runs}
    True
    """
    import json
    from pathlib import Path

    from ._store import status, store_dir

    out = []
    root = store_dir()
    for spec in experiments():
        for entry in status(spec):
            row = {"experiment": spec.name, "run": entry["run"], "state": entry["state"],
                   "detail": ", ".join(entry["changed"])}
            if entry["path"] is not None:
                meta = json.loads(entry["path"].read_text())
                prov = meta["provenance"]
                row.update(path=entry["path"].relative_to(root.parent).as_posix(), command=prov["command"],
                           date=prov["date"], machine=prov["machine"], wall_s=prov["wall_s"], cpu_s=prov["cpu_s"],
                           units=sum(m["units"] for m in meta["maps"]), key=meta["key"])
            out.append(row)
    return out


def __getattr__(name):
    if name in SOURCES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
