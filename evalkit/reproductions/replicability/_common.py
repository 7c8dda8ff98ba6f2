"""What the modules of :mod:`evalkit.reproductions.replicability` share (private module)."""
from __future__ import annotations

import numbers

import numpy as np

from ..._checks import Instance


def int_seed(seed):
    """``seed`` as an int: an integer is kept; a Generator, SeedSequence or None draws one (private)."""
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        return int(seed)
    return int(np.random.default_rng(seed).integers(2 ** 31 - 1))


def example_replication_result():
    """A small ``ReplicationResult`` (the example of its parameter declaration)."""
    from .uci import ReplicationResult

    return ReplicationResult(("iris",), 2, {"5x2cv": {"NB vs C4.5": np.array([2])}}, 1260, 1.0)


def replication_result(none=False):
    """The declaration of a ``ReplicationResult`` parameter."""
    from .uci import ReplicationResult

    return Instance(ReplicationResult, none=none, example=example_replication_result)


def example_simulation_result():
    """A small ``SimulationResult`` (the example of its parameter declaration)."""
    from .simulation import SIMULATION_TESTS, SimulationResult

    return SimulationResult(np.full((4, 2, 2), 0.5), {t: np.full((4, 2, 2), 0.5) for t in SIMULATION_TESTS}, 0.05, 0.0)


def simulation_result():
    """The declaration of a ``SimulationResult`` parameter."""
    return Instance("SimulationResult", example=example_simulation_result)
