"""Experiments of graph_metrics (being written)."""
