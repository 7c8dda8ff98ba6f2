"""What the modules of :mod:`evalkit.reproductions.scott` share (private module)."""
from __future__ import annotations

import numbers

import numpy as np

from ..._checks import Choice

BOOK_PAPER = Choice("book", "paper")
BOOK_PAPER_SMALL = Choice("book", "paper", "small")


def int_seed(seed):
    """``seed`` as an int for scikit-learn's ``random_state``: an integer is kept, a
    Generator, SeedSequence or None draws one (private)."""
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        return int(seed)
    return int(np.random.default_rng(seed).integers(2 ** 31 - 1))
