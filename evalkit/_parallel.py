"""One parallel map for every evalkit experiment (private).

:func:`parallel_map` runs a function over a list of tasks through joblib and shows a
progress bar that counts *finished* tasks. ``n_jobs=None`` means what it means in
scikit-learn: defer to the active :func:`joblib.parallel_config` (serial when none is
active), so ``with parallel_config(backend="dask"): ...`` sends the tasks to a Dask
cluster. Results come back in task order whatever the back end; experiments give each
task its own seed, so their numbers do not depend on ``n_jobs``.
"""
from __future__ import annotations

__all__ = ["parallel_map", "progress_bar"]


def _require(module, extra="experiments"):
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(f"{module} is needed here; install it with `pip install {module}` "
                          f"(or evalkit's '{extra}' extra)") from exc


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


def parallel_map(function, tasks, *, n_jobs=None, progress=False, desc=None, leave=True):
    """``[function(*task) for task in tasks]``, run through joblib.

    Parameters
    ----------
    function : callable
        Must be picklable (a module-level function) for process-based back ends.
    tasks : iterable of tuple
        The positional arguments of each call.
    n_jobs : int or None, default None
        Parallel jobs. None defers to the active ``joblib.parallel_config`` (serial when
        none is set); 1 runs serially in this process; -1 uses every core.
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
    if n_jobs is not None and (isinstance(n_jobs, bool) or not isinstance(n_jobs, int) or n_jobs == 0):
        raise ValueError(f"n_jobs must be None or a non-zero integer; got {n_jobs!r}")
    if not tasks:
        return []
    try:
        import joblib
    except ImportError:  # pragma: no cover - joblib is an experiments dependency
        if n_jobs not in (None, 1):
            _require("joblib")
        return [function(*t) for t in progress_bar(tasks, progress=progress, desc=desc, leave=leave)]
    if n_jobs == 1:
        return [function(*t) for t in progress_bar(tasks, progress=progress, desc=desc, leave=leave)]
    run = joblib.Parallel(n_jobs=n_jobs, return_as="generator_unordered")
    finished = run(joblib.delayed(_indexed)(function, i, t) for i, t in enumerate(tasks))
    results = [None] * len(tasks)
    for index, value in progress_bar(finished, progress=progress, desc=desc, total=len(tasks), leave=leave):
        results[index] = value
    return results
