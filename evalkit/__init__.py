"""evalkit: honest evaluation of learning algorithms.

The package behind the evalkit-book. Concepts a student can reuse live in subpackages
and modules; each source's experiments live under :mod:`evalkit.reproductions`:

- :mod:`evalkit.stats` -- confidence intervals, t tests (one core, one result type),
  multiple testing, Monte Carlo and enrichment p-values, replicability
- :mod:`evalkit.metrics` -- confusion matrices and the metrics computed from them
- :mod:`evalkit.curves` -- ROC and precision-recall curves and their areas
- :mod:`evalkit.clustering` -- evaluating clusterings, with and without known classes
- :mod:`evalkit.resampling` -- learners run once per split of a resampling design; the
  within-network splitters (RRS, ERS, network cross-validation)
- :mod:`evalkit.graph` -- the adjacency converter and checker, breadth-first distances
- :mod:`evalkit.linkpred` -- link prediction: tasks, predictors, exact all-pairs evaluation,
  negative sampling, distance, orderings
- :mod:`evalkit.relational` -- within-network classification and the evaluation bias of
  Neville et al.: theory, network models, classifiers, simulated classifiers
- :mod:`evalkit.learners` -- the learners the reproductions need
- :mod:`evalkit.datasets` -- the book's real data sets, checksum-verified, and synthetic sources
- :mod:`evalkit.reproductions` -- every experiment of the book, at the book's and the source's scale
- :mod:`evalkit.plotting` -- the figure helpers the chapters share (needs matplotlib)

Subpackages are imported when first used, so ``import evalkit`` is quick and
``evalkit.linkpred`` works without a separate import.

Examples
--------
>>> import evalkit
>>> ci = evalkit.error_confidence_interval(12, 40)
>>> round(ci.low, 3), round(ci.high, 3)
(0.158, 0.442)
>>> evalkit.linkpred.__name__
'evalkit.linkpred'
"""
import importlib

__version__ = "0.2.0"

SUBMODULES = ("claims", "clustering", "curves", "datasets", "graph", "learners", "linkpred", "metrics", "plotting",
              "relational", "reproductions", "resampling", "stats")

__all__ = ["__version__", "error_confidence_interval", *SUBMODULES]


def __getattr__(name):
    if name in SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    if name == "error_confidence_interval":
        from .stats import error_confidence_interval

        return error_confidence_interval
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
