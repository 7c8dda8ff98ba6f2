"""Deprecated: moved into :mod:`evalkit.reproductions.replicability` (evalkit 2.0)."""
from ._deprecation import forward_module

__getattr__, __dir__ = forward_module(__name__, ("evalkit.reproductions.replicability",),
                                      renames={"stats": "evalkit.stats"})
