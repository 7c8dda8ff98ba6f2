"""What the metrics modules share: the declared argument checks, the confusion-matrix
validators, the zero-denominator rule and :class:`UndefinedMetricWarning`."""
from __future__ import annotations

import math
import numbers
import warnings

import numpy as np

from .._checks import Array, Choice, Either, Real


class UndefinedMetricWarning(RuntimeWarning):
    """A metric's denominator is zero; the returned value is ``zero_division``."""


# Declared argument checks shared by the metrics. A confusion matrix holds non-negative,
# finite numbers (counts, or weighted / normalised counts); the bodies check the shape
# (2x2 or k x k with k >= 2) and an all-zero matrix with their own, more specific messages.
CM = Array(ndim=2, kind="real", low=0, square=True, min_size=4)


ZERO_DIVISION = Either(Choice("warn"), Real(allow_inf=True, allow_nan=True))


LABELS = Array(ndim=1, kind="label")


VALUES = Array(ndim=1, kind="real")


def binary(cm):
    m = np.asarray(cm)
    if m.shape != (2, 2):
        raise ValueError(f"cm must be a 2x2 count matrix [[TP, FN], [FP, TN]]; got shape {m.shape}")
    if not (np.issubdtype(m.dtype, np.integer) or np.issubdtype(m.dtype, np.floating)) or m.dtype == bool:
        raise TypeError(f"cm must hold counts; got dtype {m.dtype}")
    if not np.isfinite(m).all() or (m < 0).any():
        raise ValueError("cm must hold finite, non-negative counts")
    m, _ = pow2_scaled(m)  # every binary metric is a ratio of counts: scaling keeps sums finite
    return (float(v) for v in m.ravel())  # tp, fn, fp, tn (scaled so the largest is in [1, 2))


def pow2_scaled(m):
    """``(m / f, f)`` for ``f`` the largest power of two not above the largest entry of ``m``.

    Dividing by a power of two is exact, so ratios of the scaled counts are the ratios of
    the counts, bit for bit, while sums of huge float counts (1e308) can no longer overflow.
    """
    m = np.asarray(m, dtype=float)
    top = float(m.max()) if m.size else 0.0
    if top <= 0:
        return m, 1.0
    e = math.frexp(top)[1] - 1  # 2**e <= top < 2**(e + 1), and 2**e is a finite float
    return np.ldexp(m, -e), math.ldexp(1.0, e)


def ratio(num, den, name, zero_division):
    if den == 0:
        if isinstance(zero_division, str):
            if zero_division != "warn":
                raise ValueError(f"zero_division must be 'warn' or a number; got {zero_division!r}")
            warnings.warn(f"{name} is undefined (zero denominator); returning NaN", UndefinedMetricWarning, stacklevel=3)
            return float("nan")
        if not isinstance(zero_division, numbers.Real):
            raise ValueError(f"zero_division must be 'warn' or a number; got {zero_division!r}")
        return float(zero_division)
    return num / den


def square(cm, *, scaled=True):
    """The k x k matrix as floats, scaled by a power of two (:func:`pow2_scaled`) unless
    ``scaled=False``.

    Scale-free metrics (ratios of sums of counts) use the scaled matrix so that sums of
    huge float counts cannot overflow; the others multiply back by the factor.
    """
    m = np.asarray(cm)
    if m.ndim != 2 or m.shape[0] != m.shape[1] or m.shape[0] < 2:
        raise ValueError(f"cm must be a square k x k count matrix with k >= 2; got shape {m.shape}")
    if not (np.issubdtype(m.dtype, np.integer) or np.issubdtype(m.dtype, np.floating)) or m.dtype == bool:
        raise TypeError(f"cm must hold counts; got dtype {m.dtype}")
    if not np.isfinite(m).all() or (m < 0).any():
        raise ValueError("cm must hold finite, non-negative counts")
    if not m.any():
        raise ValueError("cm is all zeros: no example was classified")
    return pow2_scaled(m)[0] if scaled else m.astype(float)


def per_class(num, den, name, zero_division):
    """num / den elementwise; zero denominators give zero_division (warned if 'warn')."""
    num = np.asarray(num, dtype=float)
    den = np.asarray(den, dtype=float)
    out = np.empty_like(num)
    ok = den != 0
    out[ok] = num[ok] / den[ok]
    if (~ok).any():
        out[~ok] = ratio(0.0, 0.0, f"{name} of class index {np.flatnonzero(~ok).tolist()}", zero_division)
    return out
