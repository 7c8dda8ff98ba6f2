"""Bouckaert & Frank (2004): what the paper prints that we compute from, and the names it is keyed by.

The paper's values are typed once, in ``evalkit/reproductions/replicability/claims.toml``;
the tables below are views of that registry (see :mod:`evalkit.claims`), keyed the way the
replication names its tests. The book computes from them: Table 1's summary rows are
recomputed from its columns (:func:`~evalkit.reproductions.replicability.paper_table1_check`),
Table 2's drops are counted, and the simulation's sources 2-4 are selected for Table 5's
accuracy differences (:func:`~evalkit.reproductions.replicability.simulation_sources`).
The comparisons of the chapters' tables show them beside ours.
"""
from __future__ import annotations

from ... import claims

__all__ = ["LEARNER_NAMES", "PAIRS", "PAIR_SLUGS", "PAPER_ACCURACY_DIFFERENCES", "PAPER_DATASET_NAMES",
           "PAPER_SUMMARIES", "PAPER_TABLE_1", "PAPER_TABLE_5", "SUMMARY_CLAIMS", "TABLE5_CLAIMS",
           "TABLE5_PAPER_ROWS"]

LEARNER_NAMES = ("NB", "C4.5", "NN")
"""The paper's three learners: naive Bayes, C4.5, nearest neighbour."""

PAIRS = (("NB", "C4.5"), ("NB", "NN"), ("C4.5", "NN"))
"""The three pairs of learners compared, in the paper's column order."""

PAIR_SLUGS = {"NB vs C4.5": "nb-c45", "NB vs NN": "nb-nn", "C4.5 vs NN": "c45-nn"}
"""Pair -> its part of a claim id (``bf.table1.anneal.nb-c45``)."""

PAPER_DATASET_NAMES = {
    "anneal": "anneal", "arrhythmia": "arrhythmia", "audiology": "audiology", "autos": "autos",
    "balance-scale": "balance-scale", "breast-cancer": "breast-cancer", "credit-a": "credit-rating",
    "ecoli": "ecoli", "credit-g": "German credit", "glass": "glass", "heart-statlog": "heart-statlog",
    "hepatitis": "hepatitis", "colic": "horse-colic", "heart-h": "Hungarian heart disease",
    "ionosphere": "ionosphere", "iris": "iris", "labor": "labor", "lymph": "lymphography",
    "diabetes": "pima-diabetes", "primary-tumor": "primary-tumor", "sonar": "sonar", "soybean": "soybean",
    "vehicle": "vehicle", "vote": "vote", "vowel": "vowel", "breast-w": "Wisconsin breast cancer", "zoo": "zoo",
}
"""Weka file name (the data set's part of a claim id) -> the paper's data set name, in Table 1's order."""

SUMMARY_CLAIMS = {
    "5x2cv": "bf.table1.{pair}.{row}",
    **{f"resampled corrected, {n} runs": f"bf.table2.{{pair}}.runs{n}.{{row}}" for n in (10, 20, 50, 100)},
    **{f"corrected {r}x10 CV": f"bf.table3.{{pair}}.runs{r}.{{row}}" for r in (1, 2, 5, 10)},
    "corrected 10x10 CV, level 0.01": "bf.table4.{pair}.alpha1.{row}",
    "corrected 10x10 CV, level 0.025": "bf.table4.{pair}.alpha2_5.{row}",
    "corrected 10x10 CV, level 0.05": "bf.table4.{pair}.alpha5.{row}",
    "corrected 10x10 CV, level 0.1": "bf.table4.{pair}.alpha10.{row}",
    "10-fold CV, uncorrected": "bf.sec4_3.{pair}.cv10-uncorrected.{row}",
    "10x10-fold CV, uncorrected": "bf.sec4_3.{pair}.cv10x10-uncorrected.{row}",
}
"""Summary rows of Tables 1-4 and Section 4.3: test (as the replication names it) -> claim id
pattern. Table 4's 5% column repeats Table 3's 10-run column; in our results both are the
test ``"corrected 10x10 CV"``. Section 4.3 gives only the consistent counts."""

TABLE5_CLAIMS = {
    "5x2cv": "5x2cv",
    "resampled corrected, 10 runs": "resampling10",
    "resampled corrected, 100 runs": "resampling100",
    "10-fold CV": "cv10",
    "corrected 10x10 CV": "corrected-cv10x10",
}
"""Table 5's rows (the book's names) -> their part of a claim id (``bf.table5.cv10.source1``)."""

_SOURCE = claims.source_values("bf.")

PAPER_TABLE_1 = {pair: [int(claims.source_value(f"bf.table1.{ds}.{slug}")) for ds in PAPER_DATASET_NAMES]
                 for pair, slug in PAIR_SLUGS.items()}
"""Non-rejections of the 5x2cv test in 10 runs per pair, rows in ``PAPER_DATASET_NAMES`` order."""

PAPER_SUMMARIES = {
    test: {pair: tuple((None if cid not in _SOURCE
                        else _SOURCE[cid] if row == "r"
                        else int(_SOURCE[cid]) if float(_SOURCE[cid]).is_integer() else _SOURCE[cid])
                       for row in ("consistent", "almost-consistent", "r")
                       for cid in (SUMMARY_CLAIMS[test].format(pair=slug, row=row),))
           for pair, slug in PAIR_SLUGS.items()}
    for test in SUMMARY_CLAIMS if test != "corrected 10x10 CV, level 0.05"}
"""test -> pair -> (consistent, almost consistent, R): Tables 1-4 and Section 4.3 (None where not printed)."""

PAPER_TABLE_5 = {
    "accuracy difference (%)": tuple(claims.source_value(f"bf.table5.accuracy.source{j}") for j in range(1, 5)),
    **{row: tuple(claims.source_value(f"bf.table5.{slug}.source{j}") for j in range(1, 5))
       for row, slug in TABLE5_CLAIMS.items()},
}
"""The paper's Table 5: consistency (% of training sets) per source."""

PAPER_ACCURACY_DIFFERENCES = PAPER_TABLE_5["accuracy difference (%)"][1:]
"""Accuracy differences (percentage points) of the paper's sources 2-4 (Table 5)."""

TABLE5_PAPER_ROWS = {
    "5x2cv": "5x2cv",
    "resampled corrected, 10 runs": "resampled corrected, 10 runs",
    "resampled corrected, 100 runs": "resampled corrected, 100 runs",
    "10-fold CV, uncorrected": "10-fold CV",
    "corrected 1x10 CV": "10-fold CV",
    "10x10-fold CV, uncorrected": None,
    "corrected 10x10 CV": "corrected 10x10 CV",
}
"""Our simulation test -> the row of ``PAPER_TABLE_5`` it is compared with (None: no row).

The paper's "10-fold cv" row is shown beside both our uncorrected and corrected 10-fold tests;
its claims are recorded with the uncorrected one, the standard test of Section 4.3."""
