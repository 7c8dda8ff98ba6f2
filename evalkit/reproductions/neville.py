"""Experiments of neville (being written)."""
