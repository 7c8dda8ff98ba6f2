"""Learners the reproductions need.

Submodules (every public name is also reachable here):

- :mod:`evalkit.learners.weka` -- Weka's own NaiveBayes, J48 and IBk (the paper's learners),
  run in a JVM from the package index (``pip install 'evalkit-book[weka]'``)
- :mod:`evalkit.learners.counts` -- naive Bayes and a C4.5-like tree for binary attributes,
  fitted on many training sets' count tables in one vectorised call
- :mod:`evalkit.learners.standins` -- scikit-learn stand-ins for Weka's naive Bayes, J48 and
  IB1 on ARFF data, their preprocessing, and two reseeded copies of one randomised learner

Examples
--------
>>> from evalkit import datasets, learners
>>> models = learners.learners_for(datasets.load_arff("iris"))
>>> sorted(models)
['C4.5', 'NB', 'NN']
"""
from __future__ import annotations

from .counts import decision_tree_predict, naive_bayes_predict
from .standins import (ArffPreprocessor, ReseededPerFit, identical_learners_for, identical_split_scores, learners_for,
                       standin_split_scores)
from .weka import (
    WEKA_LEARNERS,
    WekaClassifier,
    WekaNotAvailableError,
    start_jvm,
    to_instances,
    weka_available,
    weka_design_accuracies,
    weka_learners_for,
    weka_version,
)

__all__ = [
    "WEKA_LEARNERS",
    "WekaClassifier",
    "WekaNotAvailableError",
    "start_jvm",
    "to_instances",
    "weka_available",
    "weka_design_accuracies",
    "weka_learners_for",
    "weka_version",
    "ArffPreprocessor",
    "ReseededPerFit",
    "decision_tree_predict",
    "identical_learners_for",
    "identical_split_scores",
    "learners_for",
    "standin_split_scores",
    "naive_bayes_predict",
]
