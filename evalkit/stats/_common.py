"""What the modules of :mod:`evalkit.stats` share (private module, public names)."""
from __future__ import annotations

import numpy as np

__all__ = ["ALTERNATIVES", "INTERVAL_METHODS", "scalar_or_array"]

INTERVAL_METHODS = ("normal", "wilson", "exact")
ALTERNATIVES = ("two-sided", "less", "greater")


def scalar_or_array(x):
    """A Python scalar for 0-d input, the array otherwise."""
    x = np.asarray(x)
    return x.item() if x.ndim == 0 else x
