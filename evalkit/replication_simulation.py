"""Deprecated: moved into :mod:`evalkit.reproductions.bouckaert_frank` (evalkit 2.0)."""
from ._deprecation import forward_module

__getattr__, __dir__ = forward_module(__name__, ("evalkit.reproductions.bouckaert_frank",),
                                      renames={"stats": "evalkit.stats"})
