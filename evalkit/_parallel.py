"""One parallel map for every evalkit experiment (private).

:func:`parallel_map` runs a function over a list of tasks through joblib and shows a
progress bar that counts *finished* tasks. ``n_jobs`` means what
:class:`evalkit._checks.Jobs` says (the one place it is documented): None defers to the
active :func:`joblib.parallel_config` (serial when none is active), so
``with parallel_config(backend="dask"): ...`` sends the tasks to a Dask cluster; 1 runs
serially in this process. Results come back in task order whatever the back end;
experiments give each task its own seed, so their numbers do not depend on ``n_jobs`` or
the back end.
"""
from __future__ import annotations

import contextvars

__all__ = ["parallel_imap", "parallel_map", "progress_bar"]

#: None, or ``hook(function, tasks, map_kwargs) -> list``: the results store
#: (:mod:`evalkit.reproductions._store`) sets it while it records or replays an experiment,
#: so that each task of :func:`parallel_map` is one stored, independently checkable unit
MAP_HOOK = contextvars.ContextVar("evalkit_map_hook", default=None)


def _require(module):
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(f"{module} is needed here (a dependency of evalkit-book); install it with "
                          f"`pip install {module}`") from exc


def progress_bar(iterable, *, progress=False, desc=None, total=None, leave=True):
    """``iterable`` wrapped in a tqdm bar when ``progress`` is true, else unchanged.

    Examples
    --------
    >>> list(progress_bar(range(3)))
    [0, 1, 2]
    """
    if not progress:
        return iterable
    tqdm = _require("tqdm.auto").tqdm
    return tqdm(iterable, desc=desc, total=total, leave=leave)


def _indexed(function, index, args):
    return index, function(*args)


def _parallel(joblib, n_jobs):
    """``joblib.Parallel`` returning results as they finish, where the active back end can.

    Back ends that cannot (joblib's multiprocessing, some third-party ones) return them in
    order, or all at the end: the results are the same, only the progress bar lags.
    """
    for return_as in ("generator_unordered", "generator"):
        try:
            return joblib.Parallel(n_jobs=n_jobs, return_as=return_as)
        except ValueError as exc:
            if "return_as" not in str(exc):
                raise
    return joblib.Parallel(n_jobs=n_jobs, return_as="list")


def parallel_map(function, tasks, *, n_jobs=None, progress=False, desc=None, leave=True):
    """``[function(*task) for task in tasks]``, run through joblib.

    Parameters
    ----------
    function : callable
        Must be picklable (a module-level function) for process-based back ends.
    tasks : iterable of tuple
        The positional arguments of each call.
    n_jobs : int or None, default None
        Parallel jobs. None defers to the active ``joblib.parallel_config`` (its back end
        and its number of jobs; serial when none is set); 1 runs serially in this
        process, whatever the configuration; -1 uses every core (the details: ``Jobs``
        in ``evalkit._checks``).
    progress : bool, default False
        Show a tqdm bar that advances as tasks finish.
    desc : str, optional
        The bar's label.
    leave : bool, default True
        Keep the bar on screen when done.

    Returns
    -------
    list
        The results in the order of ``tasks``.

    Examples
    --------
    >>> from operator import add
    >>> parallel_map(add, [(1, 2), (3, 4)])
    [3, 7]
    >>> parallel_map(add, [(1, 2), (3, 4)], n_jobs=2)
    [3, 7]
    """
    tasks = [tuple(t) for t in tasks]
    hook = MAP_HOOK.get()
    if hook is not None:
        token = MAP_HOOK.set(None)  # a map inside a task runs as it is
        try:
            return hook(function, tasks, {"n_jobs": n_jobs, "progress": progress, "desc": desc, "leave": leave})
        finally:
            MAP_HOOK.reset(token)
    results = [None] * len(tasks)
    for index, value in parallel_imap(function, tasks, n_jobs=n_jobs, progress=progress, desc=desc, leave=leave):
        results[index] = value
    return results


def parallel_imap(function, tasks, *, n_jobs=None, progress=False, desc=None, leave=True):
    """``(index, function(*tasks[index]))`` for every task, as the tasks finish (any order).

    As :func:`parallel_map` (the same ``n_jobs``, back ends and progress bar), but the
    results are yielded as they come, so that a caller can fold them into a running
    total instead of holding them all. The arguments are checked when it is called.

    Examples
    --------
    >>> from operator import add
    >>> sorted(parallel_imap(add, [(1, 2), (3, 4)], n_jobs=2))
    [(0, 3), (1, 7)]
    """
    import numbers

    tasks = [tuple(t) for t in tasks]
    if n_jobs is not None:
        if isinstance(n_jobs, bool) or not isinstance(n_jobs, numbers.Integral) or n_jobs == 0:
            raise ValueError(f"n_jobs must be None or a non-zero integer; got {n_jobs!r}")
        n_jobs = int(n_jobs)  # numpy integers too, as the argument checks accept them
    return _imap(function, tasks, n_jobs, progress, desc, leave)


def _imap(function, tasks, n_jobs, progress, desc, leave):
    """The generator of :func:`parallel_imap` (arguments already checked)."""
    if not tasks:
        return
    try:
        import joblib
    except ImportError:  # pragma: no cover - joblib is an experiments dependency
        if n_jobs not in (None, 1):
            _require("joblib")
        joblib = None
    if joblib is None or n_jobs == 1:
        for index, t in enumerate(progress_bar(tasks, progress=progress, desc=desc, leave=leave)):
            yield index, function(*t)
        return
    # n_jobs=None goes to joblib as None (never 1), so that joblib reads the active
    # parallel_config: its back end (Dask's included) and its n_jobs
    run = _parallel(joblib, n_jobs)
    finished = run(joblib.delayed(_indexed)(function, i, t) for i, t in enumerate(tasks))
    yield from progress_bar(finished, progress=progress, desc=desc, total=len(tasks), leave=leave)
