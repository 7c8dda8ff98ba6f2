"""Experiments of bouckaert_frank (being written)."""
