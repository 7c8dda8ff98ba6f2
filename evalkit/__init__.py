"""evalkit: honest evaluation of learning algorithms.

The package behind the evalkit-book. Modules:

- :mod:`evalkit.stats` -- confidence intervals and significance tests
- :mod:`evalkit.metrics` -- confusion matrices and the metrics computed from them
- :mod:`evalkit.curves` -- ROC and precision-recall curves and their areas
- :mod:`evalkit.clustering` -- evaluating clusterings, with and without known classes
- :mod:`evalkit.resampling` -- running learners once per split of a resampling design, and the
  within-network splitters (RRS, ERS, network cross-validation)
- :mod:`evalkit.relational` -- within-network classifiers and the evaluation bias of Neville et al.
- :mod:`evalkit.datasets` -- loaders for the book's real data sets, checksum-verified
- :mod:`evalkit.plotting` -- the figure helpers the chapters share (needs matplotlib)

Examples
--------
>>> import evalkit
>>> ci = evalkit.error_confidence_interval(12, 40)
>>> round(ci.low, 3), round(ci.high, 3)
(0.158, 0.442)
"""
from . import clustering, curves, datasets, metrics, stats
from .stats import error_confidence_interval

__version__ = "0.1.0"

__all__ = ["__version__", "clustering", "curves", "datasets", "error_confidence_interval", "metrics", "stats"]
