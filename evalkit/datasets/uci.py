"""The 27 UCI data sets of Bouckaert & Frank (2004), in the Weka ARFF files the paper used."""
from __future__ import annotations

from .._checks import Boolean, Text, checks
from .arff import parse_arff
from .fetching import read_text
from .registry import REGISTRY

__all__ = ["UCI_DATASETS", "load_arff"]

UCI_DATASETS = tuple(sorted(p[4:-8] for p in REGISTRY if p.startswith("uci/")))
"""The 27 Weka UCI data sets of Bouckaert & Frank (2004), by Weka name."""


@checks(name=Text(), download=Boolean(none=True))
def load_arff(name, *, download=None):
    """One of the 27 UCI data sets in Weka's ARFF form.

    Parameters
    ----------
    name : str
        Weka name, one of ``UCI_DATASETS`` (e.g. ``'iris'``, ``'soybean'``).
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

    Returns
    -------
    ArffData
        ``.X`` features (float; nominal attributes as integer codes; NaN missing),
        ``.y`` class codes, ``.target_names``, ``.attributes``.

    Notes
    -----
    Follows Weka: an unquoted ``?`` is missing, a quoted ``'?'`` is a category
    (``anneal`` declares ``'?'`` as a value of most of its nominal attributes, so it
    has no missing values in this reading).

    Examples
    --------
    >>> iris = load_arff("iris")
    >>> iris.X.shape, iris.target_names
    ((150, 4), ['Iris-setosa', 'Iris-versicolor', 'Iris-virginica'])
    """
    if name not in UCI_DATASETS:
        raise ValueError(f"name must be one of the UCI data sets {list(UCI_DATASETS)}; got {name!r}")
    return parse_arff(read_text(f"uci/{name}.arff.gz", download=download))
