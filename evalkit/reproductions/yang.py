"""Experiments of yang (being written)."""
