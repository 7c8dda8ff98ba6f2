"""An on-disk cache of experiment results, shared by the book's pages (private).

Several chapters need the same expensive result (Condmat's score histograms split by
distance, PropFlow's directed scores ...), and each chapter runs in its own kernel, so an
in-process ``functools.lru_cache`` computes it once per page, not once per build. When the
environment variable ``EVALKIT_RESULT_CACHE`` names a directory (``make book`` sets it to
``_build/.evalkit_cache``), a function decorated with :func:`disk_cached` keeps its results
there through ``joblib.Memory``, so the first page computes a result from the data and the
others read it.

A result is reused only by the same code on the same data: the cache lives in a
sub-directory named by :func:`cache_key`, a hash of every source file of evalkit, the
versions of the libraries the results depend on, and the registered sha256 of every data
file (each file's sha256 is checked whenever it is loaded). Within it joblib keys each
result by the function's own code and its arguments. Unset (the default), nothing is
written and every call computes.

Pages executed side by side may ask for the same result at the same moment: a call holds
an exclusive lock on its function's lock file (``<function>.lock`` in the cache, POSIX
``flock``) while it reads or computes, so the second caller waits and then reads what the
first wrote, and a result is computed once per build.
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.metadata
import os
from pathlib import Path

__all__ = ["CACHE_ENV", "cache_dir", "cache_key", "disk_cached"]

CACHE_ENV = "EVALKIT_RESULT_CACHE"

# the libraries whose versions a cached result depends on (an absent one counts as absent)
_LIBRARIES = ("numpy", "scipy", "pandas", "scikit-learn", "networkx", "joblib", "python-weka-wrapper3", "numba")


def _library_versions():
    out = []
    for name in _LIBRARIES:
        try:
            out.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            out.append(f"{name} absent")
    return out


@functools.cache
def cache_key():
    """The code-and-data version the cached results belong to (hex digest, 16 characters).

    A hash of evalkit's source files (path and content), the versions of the libraries in
    ``_LIBRARIES`` and the registered sha256 of every data file.

    Returns
    -------
    str

    Examples
    --------
    >>> key = cache_key()
    >>> len(key), key == cache_key()
    (16, True)
    """
    from ..datasets.registry import REGISTRY

    digest = hashlib.sha256()
    package = Path(__file__).resolve().parents[1]
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for line in _library_versions():
        digest.update(line.encode() + b"\0")
    for key in sorted(REGISTRY):
        entry = REGISTRY[key]
        digest.update(f"{key} {entry.sha256} {entry.content_sha256}".encode() + b"\0")
    return digest.hexdigest()[:16]


def cache_dir():
    """The directory cached results go to, or None when ``EVALKIT_RESULT_CACHE`` is unset.

    Returns
    -------
    pathlib.Path or None
        ``$EVALKIT_RESULT_CACHE/<cache_key()>``.

    Examples
    --------
    >>> cache_dir() is None or cache_dir().name == cache_key()
    True
    """
    base = os.environ.get(CACHE_ENV)
    if not base:
        return None
    return Path(base).expanduser().resolve() / cache_key()


@contextlib.contextmanager
def _exclusive(path):
    """Hold an exclusive lock on the file ``path`` (POSIX ``flock``; no lock where it is missing)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: pages then may compute a shared result twice
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def disk_cached(func=None, *, ignore=("progress", "n_jobs")):
    """Keep a function's results in :func:`cache_dir` when it is set (decorator).

    Parameters
    ----------
    func : callable
        A deterministic function of its arguments (and of the code and data).
    ignore : tuple of str, default ("progress", "n_jobs")
        Parameters the result does not depend on (left out of the key).

    Returns
    -------
    callable
        The function, reading and writing the cache at each call where it is set; a call
        waits while another process reads or computes a result of the same function.

    Examples
    --------
    >>> @disk_cached
    ... def square(x):
    ...     return x * x
    >>> square(3)
    9
    """
    if func is None:
        return functools.partial(disk_cached, ignore=ignore)

    import inspect

    names = set(inspect.signature(func).parameters)
    ignored = [name for name in ignore if name in names]

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        location = cache_dir()
        if location is None:
            return func(*args, **kwargs)
        import joblib

        memory = joblib.Memory(location, verbose=0)
        with _exclusive(location / f"{func.__module__}.{func.__qualname__}.lock"):
            return memory.cache(func, ignore=ignored)(*args, **kwargs)

    wrapper.uncached = func
    return wrapper
