"""Argument checking shared by every evalkit module (private).

Each checker raises :class:`ValueError` or :class:`TypeError` with a message that
names the argument and says what was expected, so that a mistake in a call is
reported where it was made and never turns into a silently wrong number.
"""
from __future__ import annotations

import numbers

import numpy as np

from ._checks import Boolean, Either, Real, Text

__all__ = [
    "POS_LABEL",
    "check_binary_scores",
    "check_choice",
    "check_confidence_level",
    "check_count_array",
    "check_level_array",
    "check_positive_int",
    "check_probability",
    "distinct_labels",
    "label_mask",
    "positive_class",
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


#: The declared check of ``pos_label`` (metrics and curves): a class label or None.
POS_LABEL = Either(Real(), Text(empty=True), Boolean(), none=True)
POS_LABEL.description = "a class label (a real number, a string or a bool)"


def distinct_labels(*arrays):
    """The distinct labels of the arrays, as Python objects: sorted where they can be compared,
    else in order of first occurrence (labels of mixed types, e.g. strings and numbers).

    Each array is reduced on its own, so that strings and numbers are never promoted to one
    type (NumPy would turn 1 into '1'); equal values (1, 1.0, True) count once.
    """
    merged = {}
    for a in arrays:
        a = np.asarray(a).ravel()
        if a.dtype == bool:  # no sort needed
            values = [v for v in (False, True) if bool((a == v).any())]
        else:
            try:
                values = np.unique(a).tolist()
            except TypeError:  # an object array of labels that cannot be ordered
                values = a.tolist()
        merged.update(dict.fromkeys(v for v in values if v not in merged))
    found = list(merged)
    try:
        return sorted(found)
    except TypeError:
        return found


def _has_default_positive(classes):
    """Whether ``classes`` is a subset of {0, 1}, of {-1, 1} or of the booleans."""
    if any(isinstance(v, (str, bytes)) for v in classes):
        return False
    try:
        found = set(classes)
    except TypeError:
        return False
    return found <= {0, 1} or found <= {-1, 1}


def positive_class(classes, pos_label, name="y_true"):
    """The positive class of a binary problem whose labels are ``classes``: the one rule of
    :mod:`evalkit.metrics` and :mod:`evalkit.curves` (scikit-learn's
    ``_check_pos_label_consistency``).

    ``classes`` are the distinct labels found (:func:`distinct_labels`), at most two; ``name``
    says where they were found, for the messages. With ``pos_label=None`` the positive class
    is 1 (True) when ``classes`` is a subset of {0, 1}, of {-1, 1} or of the booleans; any
    other labels (``{'neg', 'pos'}``, ``{1, 2}``, ...) are a ValueError asking for
    ``pos_label``. A ``pos_label`` that is not one of two labels found is a ValueError; with a
    single label found it may name the absent class. Returns the positive label.
    """
    found = [v.item() if isinstance(v, np.generic) else v for v in classes]
    if len(found) > 2:
        shown = found[:10] + (["..."] if len(found) > 10 else [])
        raise ValueError(f"{name} must be binary (two classes) here; got {len(found)} labels {shown}")
    if pos_label is None:
        if _has_default_positive(found):
            return True if found and all(isinstance(v, bool) for v in found) else 1
        raise ValueError(
            f"pos_label must be given: the labels of {name} are {found!r}, and only {{0, 1}}, {{-1, 1}} and "
            f"booleans have a default positive class (1 / True), as in scikit-learn; pass pos_label= one of "
            f"{found!r}")
    if len(found) == 2 and not any(_equal(pos_label, v) for v in found):
        raise ValueError(f"pos_label={pos_label!r} is not a label of {name}; the labels are {found!r}")
    return pos_label


def _equal(a, b):
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False


def label_mask(y, label):
    """``y == label`` elementwise, as a boolean array (also for object arrays of mixed types)."""
    y = np.asarray(y)
    out = y == label
    if not isinstance(out, np.ndarray) or out.shape != y.shape or out.dtype != bool:
        out = np.array([_equal(v, label) for v in y.ravel().tolist()], dtype=bool).reshape(y.shape)
    return out


def check_binary_scores(y_true, y_score, pos_label=None):
    """Validate ``(y_true, y_score)`` for a ranking curve; return ``(bool array, float array)``.

    ``y_true`` must be 1-D and hold two classes; the positive one is chosen by
    :func:`positive_class` (``pos_label``, or 1 / True for {0, 1}, {-1, 1} and booleans).
    ``y_score`` must be 1-D, finite, the same length, and both classes must occur.
    """
    y = np.asarray(y_true)
    s = np.asarray(y_score)
    if y.ndim != 1 or s.ndim != 1:
        raise ValueError(f"y_true and y_score must be 1-D; got shapes {y.shape} and {s.shape}")
    if y.size == 0:
        raise ValueError("y_true and y_score are empty; need at least one positive and one negative")
    if y.size != s.size:
        raise ValueError(f"y_true and y_score must have the same length; got {y.size} and {s.size}")
    if y.dtype.kind not in "biufUSO":
        raise ValueError(f"y_true must hold class labels (numbers, strings or booleans); got dtype {y.dtype}")
    positive = positive_class(distinct_labels(y), pos_label, "y_true")
    pos = y if (y.dtype == bool and positive is True) else label_mask(y, positive)
    if not (np.issubdtype(s.dtype, np.floating) or np.issubdtype(s.dtype, np.integer)) or s.dtype == bool:
        raise TypeError(f"y_score must be numeric; got dtype {s.dtype}")
    s = s.astype(np.float64, copy=False)
    if not np.isfinite(s).all():
        raise ValueError("y_score contains NaN or infinite values; scores must be finite")
    n_pos = int(np.count_nonzero(pos))
    if n_pos == 0:
        raise ValueError(f"y_true has no positives (pos_label={positive!r}): the curve (and its area) is undefined")
    if n_pos == pos.size:
        raise ValueError(f"y_true has no negatives (everything is pos_label={positive!r}): the curve "
                         "(and its area) is undefined")
    return pos, s
