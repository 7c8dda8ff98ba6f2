"""Experiments of scott (being written)."""
