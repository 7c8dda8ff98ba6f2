"""What the modules of :mod:`evalkit.stats` share (private module, public names)."""
from __future__ import annotations

import numpy as np

__all__ = ["ALTERNATIVES", "INTERVAL_METHODS", "as_int64_counts", "scalar_or_array"]

INTERVAL_METHODS = ("normal", "wilson", "exact")
ALTERNATIVES = ("two-sided", "less", "greater")


def scalar_or_array(x):
    """A Python scalar for 0-d input, the array otherwise."""
    x = np.asarray(x)
    return x.item() if x.ndim == 0 else x


def as_int64_counts(value, name):
    """``value`` (non-negative integral counts, already checked) as int64, or a ValueError naming ``name``.

    A count of 2**63 or more has no int64 form: converting it would wrap around silently.

    Parameters
    ----------
    value : int or array_like of int
        The counts.
    name : str
        The argument's name, for the error.

    Returns
    -------
    ndarray of int64

    Examples
    --------
    >>> as_int64_counts([3, 4], "k").tolist()
    [3, 4]
    >>> as_int64_counts(1e308, "k")
    Traceback (most recent call last):
    ...
    ValueError: k must be below 2**63 (an int64 count); got a value of 1e+308
    """
    arr = np.asarray(value)
    if arr.dtype.kind == "f" or arr.dtype == object:
        big = np.asarray(arr, dtype=float)
        if np.any(big >= 2.0 ** 63):
            raise ValueError(f"{name} must be below 2**63 (an int64 count); got a value of {big.max():g}")
    elif arr.dtype.kind == "u" and np.any(arr > np.iinfo(np.int64).max):
        raise ValueError(f"{name} must be below 2**63 (an int64 count); got a value of {arr.max()}")
    return arr.astype(np.int64)
