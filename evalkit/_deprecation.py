"""Old import paths of evalkit version 1, kept for one release (private).

A module that moved, e.g. ``evalkit.linkpred_protocols``, stays as a small file whose
module-level ``__getattr__`` (PEP 562, QuantEcon.py's pattern) forwards every public name
to its new home with a :class:`DeprecationWarning` that says where it lives now.
"""
from __future__ import annotations

import importlib
import warnings

__all__ = ["forward_module", "moved_names"]


def _resolve(target):
    module, _, attr = target.partition(":")
    obj = importlib.import_module(module)
    return getattr(obj, attr) if attr else obj


def moved_names(old_module, moves):
    """``__getattr__`` and ``__dir__`` for a module some of whose names moved.

    Parameters
    ----------
    old_module : str
        The module's name (``__name__``).
    moves : dict of str -> str
        Old name -> new location ``"package.module:name"``.

    Examples
    --------
    >>> getattr_, dir_ = moved_names("old", {"sqrt": "math:sqrt"})
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     getattr_("sqrt")(4.0)
    2.0
    >>> str(caught[0].message)
    'old.sqrt is deprecated: use math.sqrt (evalkit 2.0 moved it); the old path will be removed in a future release'
    """
    def __getattr__(name):
        if name in moves:
            new = moves[name].replace(":", ".")
            warnings.warn(f"{old_module}.{name} is deprecated: use {new} (evalkit 2.0 moved it); "
                          "the old path will be removed in a future release", DeprecationWarning, stacklevel=2)
            return _resolve(moves[name])
        raise AttributeError(f"module {old_module!r} has no attribute {name!r}")

    def __dir__():
        return sorted(moves)

    return __getattr__, __dir__


def forward_module(old_module, new_modules, *, renames=None):
    """``__getattr__`` and ``__dir__`` for a module that moved as a whole.

    Every public name of ``new_modules`` (searched in order) is reachable from the old
    module with a :class:`DeprecationWarning`; ``renames`` maps old names that changed to
    ``"package.module:name"``.
    """
    renames = dict(renames or {})
    if isinstance(new_modules, str):
        new_modules = (new_modules,)

    def __getattr__(name):
        if name.startswith("__"):
            raise AttributeError(name)
        if name in renames:
            target = renames[name]
        else:
            target = None
            for module in new_modules:
                mod = importlib.import_module(module)
                if name in getattr(mod, "__all__", ()) or (not name.startswith("_") and hasattr(mod, name)):
                    target = f"{module}:{name}"
                    break
            if target is None:
                raise AttributeError(f"module {old_module!r} has no attribute {name!r} "
                                     f"(it moved to {', '.join(new_modules)} in evalkit 2.0)")
        new = target.replace(":", ".")
        warnings.warn(f"{old_module} is deprecated: use {new} (evalkit 2.0 moved it); "
                      "the old path will be removed in a future release", DeprecationWarning, stacklevel=2)
        return _resolve(target)

    def __dir__():
        # only the shim's own names: listing the forwarded ones would make every tool that
        # walks dir() (doctest collection, IDEs) trigger one warning per name
        import sys

        return sorted(sys.modules[old_module].__dict__)

    return __getattr__, __dir__
