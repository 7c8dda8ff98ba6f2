"""evalkit: honest evaluation of learning algorithms.

The package behind the evalkit-book. Modules:

- :mod:`evalkit.stats` -- confidence intervals and significance tests
- :mod:`evalkit.datasets` -- loaders for the book's real data sets, checksum-verified
- :mod:`evalkit.plotting` -- the figure helpers the chapters share
"""
from . import stats
from .stats import error_confidence_interval

__version__ = "0.1.0"

__all__ = ["__version__", "error_confidence_interval", "stats"]
