"""Deprecated: moved into :mod:`evalkit.reproductions.replicability` and :mod:`evalkit.learners` (evalkit 2.0)."""
from ._deprecation import forward_module

__getattr__, __dir__ = forward_module(
    __name__, ("evalkit.reproductions.replicability", "evalkit.learners", "evalkit.datasets"),
    renames={"stats": "evalkit.stats"})
