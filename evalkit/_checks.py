"""Declared argument checks: the ``@checks`` decorator and its constraints (private).

Every public function (and the ``__init__`` of every public class that takes user input)
declares what each of its parameters must be, next to its definition::

    @checks(cm=Array(ndim=2, kind="count", square=True), beta=Real(0, math.inf, closed="left"))
    def f_measure(cm, *, beta=1.0, zero_division="warn"):
        ...

The decorator checks the arguments a caller passed (defaults are checked once, when the
module is imported) before the function runs, and raises :class:`TypeError` (wrong kind of
object) or :class:`ValueError` (right kind, wrong value) with a message that names the
parameter, says what was expected and what was given. Parameters whose meaning is the same
everywhere (``rng``, ``n_jobs``, ``progress``, ``confidence_level``, ``alternative``,
``seed``) take their constraint from :data:`COMMON` unless the declaration overrides it.
A parameter with neither a declaration nor a common meaning is an error at import time,
so a new public function cannot forget its checks; :class:`Anything` states, with a reason,
that a parameter takes any object.

Each constraint also knows values it rules out (:meth:`Constraint.invalid`) and a value it
accepts (:meth:`Constraint.valid`): ``tests/test_common.py`` tries the first on every
parameter of every public name, with the second for the other required parameters.
"""
from __future__ import annotations

import functools
import inspect
import math
import numbers
import os

import numpy as np

__all__ = [
    "Anything",
    "Array",
    "Boolean",
    "COMMON",
    "Choice",
    "Constraint",
    "Either",
    "Function",
    "GraphLike",
    "Instance",
    "Integer",
    "PathLike",
    "Real",
    "Seed",
    "Jobs",
    "Level",
    "Text",
    "Values",
    "checks",
    "describe_value",
]


def describe_value(value):
    """A short description of ``value`` for an error message."""
    if isinstance(value, np.ndarray):
        shown = np.array2string(value.ravel()[:6], threshold=6, precision=4)
        return f"array of shape {value.shape} and dtype {value.dtype} ({shown}{'...' if value.size > 6 else ''})"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


class Constraint:
    """What one parameter must be: a check, a description, valid and invalid examples."""

    none = False
    description = "a value"
    example = None

    def __call__(self, value, name):
        """Raise TypeError / ValueError naming ``name`` unless ``value`` is allowed."""
        if value is None and self.none:
            return
        self.check(value, name)

    def check(self, value, name):  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def fail(self, name, value, error=ValueError, detail=""):
        extra = f" ({detail})" if detail else ""
        raise error(f"{name} must be {self.full_description()}{extra}; got {describe_value(value)}")

    def full_description(self):
        return self.description + (" or None" if self.none else "")

    def invalid(self):
        """Values this constraint rules out, as (value, what is wrong) pairs."""
        return [] if self.none else [(None, "None")]

    def valid(self):
        """One value this constraint accepts (``example`` if one was given)."""
        if self.example is not None:
            return self.example() if callable(self.example) else self.example
        return self.generic_valid()

    def generic_valid(self):
        raise NotImplementedError(f"{type(self).__name__} needs example= for a valid value")

    def with_example(self, example):
        """This constraint with ``example`` (a value, or a function returning one) as its valid value."""
        self.example = example
        return self


def _interval_text(low, high, closed):
    left = "[" if closed in ("both", "left") else "("
    right = "]" if closed in ("both", "right") else ")"
    lo = "-inf" if low is None else f"{low:g}"
    hi = "inf" if high is None else f"{high:g}"
    return f"{left}{lo}, {hi}{right}"


def _in_range(x, low, high, closed):
    x = np.asarray(x, dtype=float)
    ok = np.ones(x.shape, dtype=bool)
    if low is not None:
        ok &= (x >= low) if closed in ("both", "left") else (x > low)
    if high is not None:
        ok &= (x <= high) if closed in ("both", "right") else (x < high)
    return ok


def _outside(low, high, closed):
    """Numbers just outside [low, high] (for invalid examples)."""
    out = []
    if low is not None and math.isfinite(low):
        out.append(low if closed in ("right", "neither") else low - 1.0 - abs(low))
    if high is not None and math.isfinite(high):
        out.append(high if closed in ("left", "neither") else high + 1.0 + abs(high))
    return out


class Real(Constraint):
    """A real number (not a bool, never NaN) in an interval; ``inf`` only if allowed."""

    def __init__(self, low=None, high=None, *, closed="both", allow_inf=False, allow_nan=False, none=False):
        self.low, self.high, self.closed, self.allow_inf, self.none = low, high, closed, allow_inf, none
        self.allow_nan = allow_nan
        if allow_inf and high is None and closed in ("left", "both"):
            closed_text = "both"
        elif allow_inf and high is None:
            closed_text = "right"
        else:
            closed_text = closed
        rng = "" if low is None and high is None else f" in {_interval_text(low, high, closed_text)}"
        self.description = f"a real number{rng}" + (" or NaN" if allow_nan else "")

    def check(self, value, name):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
            self.fail(name, value, TypeError)
        x = float(value)
        if math.isnan(x):
            if self.allow_nan:
                return
            self.fail(name, value)
        if math.isinf(x) and not (self.allow_inf and _in_range(x, self.low, self.high, self.closed)):
            self.fail(name, value, detail="not infinite")
        if not _in_range(x, self.low, self.high, self.closed):
            self.fail(name, value)

    def invalid(self):
        bad = super().invalid() + [("1", "a string"), (True, "a bool")]
        if not self.allow_nan:
            bad.append((math.nan, "NaN"))
        if not self.allow_inf:
            bad.append((math.inf, "inf"))
        bad += [(x, "out of range") for x in _outside(self.low, self.high, self.closed)]
        return bad

    def generic_valid(self):
        lo, hi = self.low, self.high
        if lo is not None and hi is not None and math.isfinite(lo) and math.isfinite(hi):
            return (lo + hi) / 2
        if lo is not None and math.isfinite(lo):
            return lo + 1.0
        if hi is not None and math.isfinite(hi):
            return hi - 1.0
        return 0.5


class Integer(Constraint):
    """A Python or NumPy integer (not a bool) in ``[low, high]``."""

    def __init__(self, low=None, high=None, *, none=False):
        self.low, self.high, self.none = low, high, none
        if low is not None and high is None:
            self.description = f"an integer >= {low}"
        elif low is None and high is None:
            self.description = "an integer"
        else:
            self.description = f"an integer in {_interval_text(low, high, 'both')}"

    def check(self, value, name):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
            self.fail(name, value, TypeError)
        if not _in_range(int(value), self.low, self.high, "both"):
            self.fail(name, value)

    def invalid(self):
        bad = super().invalid() + [(1.5, "a float"), ("2", "a string"), (True, "a bool")]
        bad += [(int(x), "out of range") for x in _outside(self.low, self.high, "both")]
        return bad

    def generic_valid(self):
        return self.low if self.low is not None else (self.high if self.high is not None else 1)


class Choice(Constraint):
    """One of a fixed set of values (strings, usually)."""

    def __init__(self, *options, none=False):
        self.options, self.none = options, none
        self.description = "one of " + ", ".join(repr(o) for o in options)

    def check(self, value, name):
        try:
            ok = any(value == o and type(value) is type(o) for o in self.options)
        except (TypeError, ValueError):
            ok = False
        if not ok:
            self.fail(name, value, ValueError if isinstance(value, str) else TypeError)

    def invalid(self):
        return super().invalid() + [("no-such-option", "an unknown option"), (3.5, "a float")]

    def generic_valid(self):
        return self.options[0]


class Boolean(Constraint):
    """``True`` or ``False`` (Python or NumPy bool)."""

    description = "True or False"

    def __init__(self, *, none=False):
        self.none = none

    def check(self, value, name):
        if not isinstance(value, (bool, np.bool_)):
            self.fail(name, value, TypeError)

    def invalid(self):
        return super().invalid() + [("yes", "a string"), (2, "an integer")]

    def generic_valid(self):
        return True


class Text(Constraint):
    """A string (optionally non-empty)."""

    def __init__(self, *, empty=False, none=False):
        self.empty, self.none = empty, none
        self.description = "a string" if empty else "a non-empty string"

    def check(self, value, name):
        if not isinstance(value, str):
            self.fail(name, value, TypeError)
        if not value and not self.empty:
            self.fail(name, value)

    def invalid(self):
        return super().invalid() + [(3, "an integer")] + ([] if self.empty else [("", "empty")])

    def generic_valid(self):
        return "x"


class PathLike(Constraint):
    """A file-system path: a string or an :class:`os.PathLike`."""

    description = "a path (str or os.PathLike)"

    def __init__(self, *, none=False):
        self.none = none

    def check(self, value, name):
        if not isinstance(value, (str, os.PathLike)):
            self.fail(name, value, TypeError)

    def invalid(self):
        return super().invalid() + [(3, "an integer")]

    def generic_valid(self):
        return "."


class Seed(Constraint):
    """What ``numpy.random.default_rng`` accepts: None, an int in ``[0, 2**64)``, a
    SeedSequence, a BitGenerator or a Generator (the one shared ``rng`` checker).

    NumPy takes larger integers too, but a seed of more than 64 bits is a mistake (a
    hash, a float turned into an int), and scikit-learn and Weka, which some of evalkit's
    functions seed, take none.
    """

    description = "None, an integer in [0, 2**64), a numpy SeedSequence, BitGenerator or Generator"
    none = True

    def __init__(self):
        pass

    def check(self, value, name):
        if isinstance(value, (np.random.Generator, np.random.BitGenerator, np.random.SeedSequence)):
            return
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
            self.fail(name, value, TypeError)
        if not 0 <= value < 2**64:
            self.fail(name, value)

    def full_description(self):
        return self.description

    def invalid(self):
        return [("seed", "a string"), (-1, "a negative integer"), (2**64, "2**64"), (1.5, "a float"), (True, "a bool")]

    def generic_valid(self):
        return 0


class Jobs(Constraint):
    """``n_jobs``: None (joblib's active configuration), or a non-zero integer (-1 = all cores).

    What ``n_jobs`` means in every evalkit function (documented here once; each function
    says only what runs in parallel), as in scikit-learn:

    - ``None`` (the default) defers to the active :func:`joblib.parallel_config`: its back
      end and its number of jobs, serial in this process when none is active. So
      ``with joblib.parallel_config(backend="dask"): ...`` (with a
      ``dask.distributed.Client`` open) sends the tasks to the Dask cluster, and
      ``parallel_config(backend="threading", n_jobs=4)`` runs four threads. Joblib itself
      runs the tasks in this process when the configuration gives it one job (a Dask
      cluster with a single worker thread, ``parallel_config(backend="loky")`` without
      ``n_jobs``).
    - ``1`` runs serially in this process, whatever the configuration.
    - Any other integer runs that many jobs (``-1``: one per core) with the active back
      end, loky when none is set (a Dask cluster uses all its worker threads).

    Each task has its own seed and the results come back in task order, so the numbers
    do not depend on ``n_jobs`` or the back end. ``evalkit reproduce`` takes ``--n-jobs``
    and ``--backend``.
    """

    description = "None or a non-zero integer (-1 for all cores)"
    none = True

    def __init__(self):
        pass

    def check(self, value, name):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
            self.fail(name, value, TypeError)
        if value == 0:
            self.fail(name, value)

    def full_description(self):
        return self.description

    def invalid(self):
        return [(0, "zero"), (1.5, "a float"), ("2", "a string")]

    def generic_valid(self):
        return 1


_KINDS = {
    "real": "real numbers",
    "integer": "integers",
    "count": "whole-number counts",
    "binary": "binary labels (bool, 0/1)",
    "label": "class labels",
    "any": "values",
}


class Array(Constraint):
    """An array-like: number of dimensions, kind of entries, range, size, squareness.

    ``kind`` is ``"real"`` (finite unless ``finite=False``, never NaN), ``"integer"``,
    ``"count"`` (whole numbers >= 0, ints or integral floats, never bools: the one rule for
    every count evalkit takes; a function that adds float counts up scales them first (by a
    power of two: exact), so that counts up to the largest float never overflow a sum, or
    takes them as int64 and refuses larger ones; a result itself beyond the largest float
    raises OverflowError), ``"binary"`` (bool or 0/1),
    ``"label"`` (numbers, strings or bools: class labels, NaN refused) or ``"any"``.
    ``ndim`` is an int or a tuple of allowed ints. ``scalar=True`` also accepts a number.
    ``missing=True`` lets real entries be NaN, a missing value (an ARFF ``?``).
    """

    def __init__(self, *, ndim=None, kind="real", low=None, high=None, closed="both", finite=True,
                 min_size=1, square=False, sparse=False, none=False, missing=False):
        self.ndim = (ndim,) if isinstance(ndim, int) else ndim
        self.kind, self.low, self.high, self.closed = kind, low, high, closed
        self.finite, self.min_size, self.square, self.sparse, self.none = finite, min_size, square, sparse, none
        self.missing = missing
        dims = "" if self.ndim is None else " or ".join(f"{d}-D" for d in self.ndim) + " "
        shape = "square " if square else ""
        rng = "" if low is None and high is None else f" in {_interval_text(low, high, closed)}"
        self.description = f"a {shape}{dims}array of {_KINDS[kind]}{rng}"
        if min_size:
            self.description += f" with at least {min_size} entr{'y' if min_size == 1 else 'ies'}"
        if missing:
            self.description += " (NaN for a missing value)"

    def check(self, value, name):
        if value is None or isinstance(value, (str, bytes, dict, set)) or callable(value):
            self.fail(name, value, TypeError)
        if self.sparse and hasattr(value, "tocsr"):
            arr = value
            data = value.tocsr().data
        else:
            try:
                arr = np.asarray(value)
            except (TypeError, ValueError) as exc:
                self.fail(name, value, TypeError, detail=str(exc))
            data = arr
        if self.ndim is not None and arr.ndim not in self.ndim:
            self.fail(name, value, detail=f"got {arr.ndim} dimension(s)")
        if np.prod(arr.shape, dtype=np.int64) < self.min_size:
            self.fail(name, value, detail="too few entries")
        if self.square and (arr.ndim != 2 or arr.shape[0] != arr.shape[1]):
            self.fail(name, value, detail=f"shape {arr.shape} is not square")
        data = np.asarray(data)
        kind = self.kind
        if kind == "any":
            return
        if data.dtype == object:
            if kind == "label":
                if any(isinstance(v, float) and math.isnan(v) for v in data.ravel()):
                    self.fail(name, value, detail="NaN is not a label")
                return
            self.fail(name, value, TypeError, detail="entries are not numbers")
        if kind == "label":
            if data.dtype.kind == "f" and np.isnan(data).any():
                self.fail(name, value, detail="NaN is not a label")
            return
        if data.dtype.kind not in "biuf":
            self.fail(name, value, TypeError, detail=f"dtype {data.dtype}")
        if kind == "binary":
            if data.dtype.kind != "b" and not np.isin(data, (0, 1)).all():
                self.fail(name, value, detail="entries other than 0 and 1")
            return
        if data.dtype.kind == "b" and kind != "real":
            self.fail(name, value, TypeError, detail="booleans are not counts")
        if data.dtype.kind == "f":
            if self.missing:
                data = data[~np.isnan(data)]
            elif np.isnan(data).any():
                self.fail(name, value, detail="contains NaN")
            if (self.finite or kind != "real") and np.isinf(data).any():
                self.fail(name, value, detail="contains inf")
            if kind in ("integer", "count") and np.any(data != np.round(data)):
                self.fail(name, value, detail="not whole numbers")
        if kind == "count" and (data < 0).any():
            self.fail(name, value, detail="negative counts")
        if (self.low is not None or self.high is not None) and not _in_range(data, self.low, self.high,
                                                                             self.closed).all():
            self.fail(name, value, detail="entries out of range")

    def _shape(self):
        nd = 1 if self.ndim is None else self.ndim[0]
        return (2, 2) if self.square or nd == 2 else (2,) * nd

    def generic_valid(self):
        shape = self._shape()
        if self.kind in ("count", "integer"):
            base = np.array([3, 1, 2, 4])
        elif self.kind in ("binary", "label"):
            base = np.array([1, 0, 0, 1])
        else:
            base = np.array([0.25, 0.75, 0.5, 0.4])
        if self.low is not None and self.kind in ("real",) and self.low > 0:
            base = base + self.low
        values = np.resize(base, int(np.prod(shape))).reshape(shape)
        return values

    def invalid(self):
        bad = super().invalid() + [("abc", "a string"), (len, "a function")]
        good = np.asarray(self.valid(), dtype=float)
        if self.kind not in ("any", "label", "binary") and not self.missing:
            bad.append((np.where(np.arange(good.size).reshape(good.shape) == 0, np.nan, good), "NaN"))
            if self.finite or self.kind != "real":
                bad.append((np.where(np.arange(good.size).reshape(good.shape) == 0, np.inf, good), "inf"))
        if self.kind == "label":
            bad.append((np.where(np.arange(good.size).reshape(good.shape) == 0, np.nan, good), "NaN"))
        if self.kind == "binary":
            bad.append((np.full(good.shape, 2), "a non-binary value"))
        if self.kind in ("count", "integer"):
            bad.append((good + 0.5, "fractions"))
        if self.kind == "count":
            bad.append((-good, "negative counts"))
            bad.append((good > 1, "booleans"))
        for x in _outside(self.low, self.high, self.closed):
            bad.append((np.full(good.shape, x), "out of range"))
        if self.min_size:
            bad.append((np.empty((0,) * (1 if self.ndim is None else self.ndim[0])), "empty"))
        if self.ndim is not None:
            wrong = max(self.ndim) + 1
            bad.append((np.ones((2,) * wrong), f"{wrong}-D"))
        if self.square:
            bad.append((np.ones((2, 3)), "not square"))
        return bad


class GraphLike(Constraint):
    """A networkx graph, a SciPy sparse matrix or a square 2-D array (an adjacency)."""

    description = "a networkx graph or a square adjacency matrix (SciPy sparse or 2-D array)"

    def __init__(self, *, none=False):
        self.none = none

    def check(self, value, name):
        if hasattr(value, "adj") and hasattr(value, "nodes"):
            return
        if hasattr(value, "tocsr") and hasattr(value, "shape"):
            shape = value.shape
            data = np.asarray(value.tocsr().data)
            if data.dtype.kind not in "biuf":
                self.fail(name, value, TypeError, detail=f"dtype {data.dtype}")
            if not np.isfinite(data).all():
                self.fail(name, value, detail="non-finite weights")
        elif isinstance(value, (np.ndarray, list, tuple)):
            try:
                arr = np.asarray(value, dtype=float)
            except (TypeError, ValueError):
                self.fail(name, value, TypeError)
            shape = arr.shape
            if not np.isfinite(arr).all():
                self.fail(name, value, detail="non-finite weights")
        else:
            self.fail(name, value, TypeError)
        if len(shape) != 2 or shape[0] != shape[1]:
            self.fail(name, value, detail=f"shape {shape} is not square")

    def invalid(self):
        import scipy.sparse as sp

        nan = sp.csr_array(np.array([[0.0, np.nan], [np.nan, 0.0]]))
        return super().invalid() + [("graph", "a string"), (3, "a number"), (np.zeros((2, 3)), "not square"),
                                    (sp.csr_array(np.zeros((2, 3))), "sparse, not square"), (nan, "sparse, NaN weights")]

    def generic_valid(self):
        import networkx as nx

        return nx.path_graph(4)


class Instance(Constraint):
    """An instance of one of ``types`` (types, or class names matched along the MRO).

    Give ``example=`` (a value or a function returning one) for the common test's valid value.
    """

    def __init__(self, *types, none=False, example=None):
        self.types, self.none, self.example = types, none, example
        names = [t if isinstance(t, str) else t.__name__ for t in types]
        self.description = "an instance of " + " or ".join(names)

    def check(self, value, name):
        mro = [c.__name__ for c in type(value).__mro__]
        if not any(t in mro if isinstance(t, str) else isinstance(value, t) for t in self.types):
            self.fail(name, value, TypeError)

    def invalid(self):
        return super().invalid() + [(object(), "an unrelated object")]



class Function(Constraint):
    """A callable."""

    description = "a callable"

    def __init__(self, *, none=False):
        self.none = none

    def check(self, value, name):
        if not callable(value):
            self.fail(name, value, TypeError)

    def invalid(self):
        return super().invalid() + [(3, "a number")]

    def generic_valid(self):
        return len


class Anything(Constraint):
    """Any object: stated with the reason (e.g. passed through to a user's estimator)."""

    none = True

    def __init__(self, reason):
        if not reason:
            raise ValueError("Anything needs the reason why any value is accepted")
        self.reason = reason
        self.description = f"any value ({reason})"

    def check(self, value, name):
        return

    def invalid(self):
        return []

    def generic_valid(self):
        return None


class Either(Constraint):
    """Accepted by at least one of ``constraints``."""

    def __init__(self, *constraints, none=False):
        self.constraints, self.none = constraints, none
        self.description = " or ".join(c.description for c in constraints)

    def check(self, value, name):
        errors = []
        for c in self.constraints:
            try:
                c(value, name)
                return
            except (TypeError, ValueError) as exc:
                errors.append(exc)
        self.fail(name, value, TypeError if all(isinstance(e, TypeError) for e in errors) else ValueError)

    def invalid(self):
        bad = [] if self.none else [(None, "None")]
        for c in self.constraints:
            for value, why in c.invalid():
                if value is None:
                    continue
                try:
                    self.check(value, "x")
                except (TypeError, ValueError):
                    bad.append((value, why))
        return bad

    def generic_valid(self):
        return self.constraints[0].valid()


class Values(Constraint):
    """A list, tuple or 1-D array whose every element satisfies ``of``."""

    def __init__(self, of, *, min_len=1, none=False):
        self.of, self.min_len, self.none = of, min_len, none
        self.description = f"a sequence of {of.description}" + (f" (at least {min_len})" if min_len else "")

    def check(self, value, name):
        if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__len__"):
            self.fail(name, value, TypeError)
        if len(value) < self.min_len:
            self.fail(name, value, detail="too few elements")
        for i, item in enumerate(value):
            self.of(item, f"{name}[{i}]")

    def invalid(self):
        bad = super().invalid() + [("abc", "a string")]
        if self.min_len:
            bad.append(([], "empty"))
        bad += [([v], f"an element that is {why}") for v, why in self.of.invalid() if v is not None]
        return bad

    def generic_valid(self):
        return [self.of.valid(), self.of.valid()]


class Level(Real):
    """A confidence (or significance) level strictly between 0 and 1; hints at 0.95 for 95."""

    def __init__(self, *, none=False):
        super().__init__(0, 1, closed="neither", none=none)

    def check(self, value, name):
        try:
            super().check(value, name)
        except ValueError as exc:
            if isinstance(value, numbers.Real) and 1 < value < 100:
                raise ValueError(f"{exc} (give 0.95, not 95)") from None
            raise


#: Parameters whose meaning is the same in every evalkit function.
COMMON = {
    "rng": Seed(),
    "seed": Seed(),
    "n_jobs": Jobs(),
    "progress": Boolean(),
    "confidence_level": Level(),
    "alternative": Choice("two-sided", "less", "greater"),
}


def checks(_same_length=(), **declared):
    """Declare the argument checks of a public function (or of a class's ``__init__``).

    Parameters
    ----------
    _same_length : sequence of tuple of str, optional
        Groups of parameters that must have the same length.
    **declared : Constraint
        One constraint per parameter; parameters in :data:`COMMON` may be left out.

    Returns
    -------
    callable
        A decorator; the decorated function (or class) carries its constraints in
        ``__evalkit_checks__``, its same-length groups in ``__evalkit_same_length__`` and
        ``__evalkit_validate__``, which runs the checks on arguments without making the call.
    """

    def decorate(obj):
        target = obj.__init__ if inspect.isclass(obj) else obj
        sig = inspect.signature(target)
        params = [p for p in sig.parameters.values()
                  if p.name not in ("self", "cls") and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
        unknown = set(declared) - {p.name for p in params}
        if unknown:
            raise TypeError(f"{obj.__qualname__}: checks declared for unknown parameter(s) {sorted(unknown)}")
        constraints = {}
        for p in params:
            c = declared.get(p.name, COMMON.get(p.name))
            if c is None:
                raise TypeError(f"{obj.__module__}.{obj.__qualname__}: parameter {p.name!r} has no declared check")
            if not isinstance(c, Constraint):
                raise TypeError(f"{obj.__qualname__}: the check of {p.name!r} is not a Constraint")
            if p.default is not p.empty:
                c(p.default, p.name)  # a default must pass its own check
            constraints[p.name] = c
        groups = tuple(tuple(g) for g in _same_length)

        def validate(*args, **kwargs):
            """Run the declared checks on a call's arguments (without making the call)."""
            bound = sig.bind(*args, **kwargs)
            arguments = bound.arguments
            for name, value in arguments.items():
                c = constraints.get(name)
                if c is not None:
                    c(value, name)
            for group in groups:
                present = [g for g in group if g in arguments and arguments[g] is not None]
                lengths = [len(arguments[g]) for g in present]
                if len(set(lengths)) > 1:
                    given = ", ".join(f"{g} has {n}" for g, n in zip(present, lengths))
                    raise ValueError(f"{' and '.join(present)} must have the same length; {given}")

        @functools.wraps(target)
        def wrapper(*args, **kwargs):
            validate(*args, **kwargs)
            return target(*args, **kwargs)

        for holder in ((wrapper, obj) if inspect.isclass(obj) else (wrapper,)):
            holder.__evalkit_checks__ = constraints
            holder.__evalkit_same_length__ = groups
            holder.__evalkit_validate__ = (functools.partial(validate, None) if holder is obj else validate)
        if inspect.isclass(obj):
            obj.__init__ = wrapper
            return obj
        return wrapper

    return decorate
