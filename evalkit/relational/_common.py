"""Helpers the :mod:`evalkit.relational` modules share (private module, public names).

Argument coercion (:func:`rng`, :func:`real`, :func:`scalar`), and the network helpers of
:mod:`evalkit._networks` (shared with Neville et al.'s protocol,
:mod:`evalkit.reproductions.network_cv.method`): the networks the classifiers accept
(:func:`adjacency`, :func:`as_network`, :func:`binary`), the phi coefficient over links
(:func:`link_phi`) and :class:`quiet_nanmean`.
"""
from __future__ import annotations

import numpy as np

from .._networks import adjacency, as_network, binary, link_phi, quiet_nanmean

__all__ = ["adjacency", "as_network", "binary", "link_phi", "quiet_nanmean", "real", "rng", "scalar"]


def rng(seed):
    """``np.random.default_rng(seed)``."""
    return np.random.default_rng(seed)


def real(value, name, *, low=None, high=None):
    """``value`` as a float array, checked to lie in ``[low, high]`` (no NaN)."""
    arr = np.asarray(value, dtype=float)
    if np.isnan(arr).any() or (low is not None and (arr < low).any()) or (high is not None and (arr > high).any()):
        raise ValueError(f"{name} must lie in [{low}, {high}]; got {value!r}")
    return arr


def scalar(x):
    """A 0-d array as a float, anything else as a float array."""
    x = np.asarray(x, dtype=float)
    return float(x) if x.ndim == 0 else x
