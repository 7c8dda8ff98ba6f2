"""Argument checking shared by every evalkit module (private).

Each checker raises :class:`ValueError` or :class:`TypeError` with a message that
names the argument and says what was expected, so that a mistake in a call is
reported where it was made and never turns into a silently wrong number.
"""
from __future__ import annotations

import numbers

import numpy as np

__all__ = [
    "check_choice",
    "check_confidence_level",
    "check_count_array",
    "check_level_array",
    "check_positive_int",
    "check_probability",
]


def check_choice(value, name, choices):
    """Return ``value`` if it is one of ``choices``, else raise ValueError."""
    if not isinstance(value, str) or value not in choices:
        expected = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {expected}; got {value!r}")
    return value


def check_confidence_level(value, name="confidence_level"):
    """A float strictly between 0 and 1 (e.g. 0.95, not 95)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number in (0, 1); got {type(value).__name__}")
    value = float(value)
    if not 0.0 < value < 1.0:
        hint = " (give 0.95, not 95)" if 1.0 < value < 100.0 else ""
        raise ValueError(f"{name} must lie strictly between 0 and 1{hint}; got {value!r}")
    return value


def check_level_array(value, name="confidence_level"):
    """A float or array of floats strictly between 0 and 1."""
    arr = np.asarray(value, dtype=float)
    if np.any(~(arr > 0) | ~(arr < 1)):
        raise ValueError(f"{name} must lie strictly between 0 and 1; got {value!r}")
    return arr


def check_probability(value, name):
    """An array of floats in the closed interval [0, 1]."""
    arr = np.asarray(value, dtype=float)
    if np.isnan(arr).any() or (arr < 0).any() or (arr > 1).any():
        raise ValueError(f"{name} must contain probabilities in [0, 1]; got {value!r}")
    return arr


def check_positive_int(value, name, *, minimum=1):
    """A Python or NumPy integer >= ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer >= {minimum}; got {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}; got {value!r}")
    return int(value)


def check_count_array(value, name, *, minimum=0):
    """An array of whole numbers (int dtype, or floats with integral values) >= ``minimum``."""
    arr = np.asarray(value)
    if arr.dtype == bool or not (np.issubdtype(arr.dtype, np.integer) or np.issubdtype(arr.dtype, np.floating)):
        raise TypeError(f"{name} must be an integer count or array of counts; got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.floating):
        if not np.all(np.isfinite(arr)) or np.any(arr != np.round(arr)):
            raise ValueError(f"{name} must hold whole numbers; got {value!r}")
    if np.any(arr < minimum):
        raise ValueError(f"{name} must be >= {minimum}; got {value!r}")
    return arr.astype(np.int64)


def check_binary_scores(y_true, y_score):
    """Validate ``(y_true, y_score)`` for a ranking curve; return ``(bool array, float array)``.

    ``y_true`` must be 1-D and binary: booleans, or values in {0, 1}, or in {-1, 1}
    (the positive class is True / 1). ``y_score`` must be 1-D, finite, the same length,
    and both classes must occur.
    """
    y = np.asarray(y_true)
    s = np.asarray(y_score)
    if y.ndim != 1 or s.ndim != 1:
        raise ValueError(f"y_true and y_score must be 1-D; got shapes {y.shape} and {s.shape}")
    if y.size == 0:
        raise ValueError("y_true and y_score are empty; need at least one positive and one negative")
    if y.size != s.size:
        raise ValueError(f"y_true and y_score must have the same length; got {y.size} and {s.size}")
    if y.dtype == bool:
        pos = y
    else:
        if not (np.issubdtype(y.dtype, np.integer) or np.issubdtype(y.dtype, np.floating)):
            raise ValueError(f"y_true must be binary (bool, {{0, 1}} or {{-1, 1}}); got dtype {y.dtype}")
        values = np.unique(y)
        if not (set(values.tolist()) <= {0, 1} or set(values.tolist()) <= {-1, 1}):
            raise ValueError(
                f"y_true must be binary (bool, {{0, 1}} or {{-1, 1}}); got values {values[:10].tolist()}"
            )
        pos = y == 1
    if not (np.issubdtype(s.dtype, np.floating) or np.issubdtype(s.dtype, np.integer)) or s.dtype == bool:
        raise TypeError(f"y_score must be numeric; got dtype {s.dtype}")
    s = s.astype(np.float64, copy=False)
    if not np.isfinite(s).all():
        raise ValueError("y_score contains NaN or infinite values; scores must be finite")
    n_pos = int(np.count_nonzero(pos))
    if n_pos == 0:
        raise ValueError("y_true has no positives: the curve (and its area) is undefined")
    if n_pos == pos.size:
        raise ValueError("y_true has no negatives: the curve (and its area) is undefined")
    return pos, s
