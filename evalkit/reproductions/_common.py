"""What several sources' reproductions share, once (private module)."""
from __future__ import annotations

import numbers

import numpy as np

from .._checks import Choice

#: The ``scale`` of an experiment with the book's and the paper's presets.
BOOK_PAPER = Choice("book", "paper")
#: The same, with a ``"small"`` preset for the tests.
BOOK_PAPER_SMALL = Choice("book", "paper", "small")

#: Coverage the book accepts as "approximately 95%" for a nominal 95% interval (as for the
#: error interval's N >= 30 rule in the estimating-error chapter).
APPROXIMATELY_95 = 0.93


def int_seed(seed):
    """``seed`` as an int for scikit-learn's ``random_state``: an integer is kept, a
    Generator, SeedSequence or None draws one (private)."""
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        return int(seed)
    return int(np.random.default_rng(seed).integers(2 ** 31 - 1))
