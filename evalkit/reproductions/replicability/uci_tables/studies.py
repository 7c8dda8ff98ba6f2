"""The experiment of the page "Tables 1-4 on the 27 UCI data sets": the rerun of the paper's UCI experiment.

Kept apart from the page's claims and comparisons (the package's ``__init__``), so that
judging the stored runs again never stales them: a stored run's key covers this module and
what it imports, not the modules beside it.
"""
from __future__ import annotations

import typing

from ...._checks import Boolean, Choice, Integer, Jobs, Seed, checks
from ....learners import identical_learners_for
from ..._experiment import experiment
from ..method import RESAMPLING_KINDS, run_replication
from ..setups import DATASETS, PAPER_DATASETS, UCIDataset

__all__ = ["tables1_4"]


@checks(scale=Choice("book", "paper", "small"), datasets=DATASETS, repetitions=Integer(2, none=True),
        learners=Choice("weka", "standins", none=True), null_copies=Boolean(none=True),
        resampling=Choice(*RESAMPLING_KINDS), seed=Seed(), n_jobs=Jobs())
@experiment("replicability-tables1-4", aliases=("bouckaert-frank",),
            scales={"book": {"datasets": PAPER_DATASETS, "repetitions": 10, "learners": "weka", "null_copies": False,
                             "seed": 0},
                    "paper": {"datasets": PAPER_DATASETS, "repetitions": 10, "learners": "weka", "null_copies": False,
                              "seed": 0},
                    "small": {"datasets": ("iris", "labor"), "repetitions": 2, "learners": "weka",
                              "null_copies": False, "seed": 0}},
            paper_cost="~6 min on 2 cores with n_jobs=2 with Weka's learners, ~8 min with the stand-ins "
                       "(170,100 fits; the book runs this scale, both)",
            stored=({"scale": "paper"}, {"scale": "paper", "learners": "standins"},
                    {"scale": "paper", "resampling": "stratified"}), data=("uci/",),
            uses={"learners": {"NN": "ibk-for-ib1"}})
def tables1_4(*, datasets: tuple[UCIDataset, ...] = None, repetitions: int = None,
              learners: typing.Literal["weka", "standins"] = None, null_copies: bool = None,
              resampling: typing.Literal["unstratified", "stratified"] = "unstratified", seed: int = None, n_jobs: int | None = None, progress: bool = False):
    """Tables 1-4 and Section 4.3: non-rejection counts of every test on the UCI data sets.

    Parameters
    ----------
    datasets : tuple of str
        Weka names of the UCI data sets (the paper's 27, in the order of its Table 1).
    repetitions : int
        Random partitionings per data set (the paper: 10).
    learners : str
        "weka": the paper's learners, Weka's NaiveBayes, J48 and IBk (k = 1), the splits made
        by Weka; "standins": the scikit-learn stand-ins (evalkit.learners.learners_for).
    null_copies : bool
        Compare two reseeded copies of one randomised tree instead of the paper's three learners (Type I error).
    resampling : {"unstratified", "stratified"}, default "unstratified"
        Table 2's random subsamples without stratification (the paper's Table 2) or with it
        (the control of the paper's Section 4.3); see run_replication.
    seed : int
        Repetition i of a data set uses seed + i for all its designs.
    n_jobs : int or None, default None
        Parallel jobs (joblib; see run_replication): None defers to the active
        ``joblib.parallel_config`` (serial when none is set); 1 runs serially. The counts
        do not depend on it.
    progress : bool
        Show a progress bar.

    Returns
    -------
    ReplicationResult
        ``.rows()`` gives the summary and the per-data-set counts of every test and pair.

    Examples
    --------
    With the scikit-learn stand-ins (Weka's learners start the JVM), on one data set:

    >>> res = tables1_4(scale="small", datasets=("iris",), learners="standins", seed=0)
    >>> int(res.counts["5x2cv"]["NB vs C4.5"][0]), res.fits
    (2, 1260)
    """
    learners = identical_learners_for if null_copies else learners
    return run_replication(list(datasets), repetitions=repetitions, learners=learners, resampling=resampling,
                           n_jobs=n_jobs, progress=progress, seed=seed)
