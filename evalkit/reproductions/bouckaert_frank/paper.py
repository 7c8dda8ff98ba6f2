"""Bouckaert & Frank (2004): the published numbers, and the names of what they compare.

Every value here is typed once from the paper; the chapters and tests compare against these.
"""
from __future__ import annotations

__all__ = ["LEARNER_NAMES", "PAIRS", "PAPER_ACCURACY_DIFFERENCES", "PAPER_DATASET_NAMES", "PAPER_SUMMARIES",
           "PAPER_TABLE_1", "PAPER_TABLE_5", "TABLE5_PAPER_ROWS"]

LEARNER_NAMES = ("NB", "C4.5", "NN")
"""The paper's three learners: naive Bayes, C4.5, nearest neighbour."""

PAIRS = (("NB", "C4.5"), ("NB", "NN"), ("C4.5", "NN"))
"""The three pairs of learners compared, in the paper's column order."""

PAPER_DATASET_NAMES = {
    "anneal": "anneal", "arrhythmia": "arrhythmia", "audiology": "audiology", "autos": "autos",
    "balance-scale": "balance-scale", "breast-cancer": "breast-cancer", "credit-a": "credit-rating",
    "ecoli": "ecoli", "credit-g": "German credit", "glass": "glass", "heart-statlog": "heart-statlog",
    "hepatitis": "hepatitis", "colic": "horse-colic", "heart-h": "Hungarian heart disease",
    "ionosphere": "ionosphere", "iris": "iris", "labor": "labor", "lymph": "lymphography",
    "diabetes": "pima-diabetes", "primary-tumor": "primary-tumor", "sonar": "sonar", "soybean": "soybean",
    "vehicle": "vehicle", "vote": "vote", "vowel": "vowel", "breast-w": "Wisconsin breast cancer", "zoo": "zoo",
}
"""Weka file name -> the paper's data set name, in the order of the paper's Table 1."""

PAPER_TABLE_1 = {  # non-rejections of the 5x2cv test in 10 runs, rows in PAPER_DATASET_NAMES order
    "NB vs C4.5": [4, 9, 5, 10, 1, 10, 6, 7, 9, 6, 4, 9, 8, 10, 10, 10, 8, 9, 10, 7, 10, 8, 0, 4, 4, 8, 10],
    "NB vs NN": [4, 9, 10, 7, 4, 9, 8, 10, 6, 6, 5, 10, 10, 10, 10, 10, 10, 10, 6, 3, 9, 8, 0, 9, 0, 9, 10],
    "C4.5 vs NN": [10, 2, 8, 10, 7, 8, 10, 10, 10, 9, 9, 10, 7, 10, 8, 10, 10, 10, 7, 10, 6, 9, 9, 7, 0, 10, 8],
}

PAPER_SUMMARIES = {  # test -> pair -> (consistent, almost consistent, R)
    "5x2cv": {"NB vs C4.5": (9, 14, 0.737), "NB vs NN": (12, 17, 0.783), "C4.5 vs NN": (13, 17, 0.816)},
    "resampled corrected, 10 runs": {"NB vs C4.5": (15, 16, 0.801), "NB vs NN": (12, 20, 0.835), "C4.5 vs NN": (12, 18, 0.819)},
    "resampled corrected, 20 runs": {"NB vs C4.5": (14, 19, 0.843), "NB vs NN": (15, 21, 0.865), "C4.5 vs NN": (14, 17, 0.825)},
    "resampled corrected, 50 runs": {"NB vs C4.5": (19, 22, 0.892), "NB vs NN": (18, 22, 0.882), "C4.5 vs NN": (18, 22, 0.878)},
    "resampled corrected, 100 runs": {"NB vs C4.5": (21, 23, 0.922), "NB vs NN": (20, 23, 0.899), "C4.5 vs NN": (23, 24, 0.935)},
    "corrected 1x10 CV": {"NB vs C4.5": (16, 18, 0.821), "NB vs NN": (18, 19, 0.858), "C4.5 vs NN": (13, 18, 0.814)},
    "corrected 2x10 CV": {"NB vs C4.5": (20, 21, 0.889), "NB vs NN": (20, 21, 0.890), "C4.5 vs NN": (19, 23, 0.904)},
    "corrected 5x10 CV": {"NB vs C4.5": (21, 23, 0.928), "NB vs NN": (23, 23, 0.939), "C4.5 vs NN": (22, 24, 0.928)},
    "corrected 10x10 CV": {"NB vs C4.5": (24, 25, 0.962), "NB vs NN": (23, 24, 0.942), "C4.5 vs NN": (22, 24, 0.928)},
    "corrected 10x10 CV, level 0.01": {"NB vs C4.5": (22, 23, 0.927), "NB vs NN": (23, 24, 0.939), "C4.5 vs NN": (23, 23, 0.943)},
    "corrected 10x10 CV, level 0.025": {"NB vs C4.5": (23, 24, 0.936), "NB vs NN": (24, 27, 0.978), "C4.5 vs NN": (24, 24, 0.953)},
    "corrected 10x10 CV, level 0.1": {"NB vs C4.5": (21, 22, 0.915), "NB vs NN": (23, 23, 0.939), "C4.5 vs NN": (20, 24, 0.919)},
    # Section 4.3 gives only the consistent counts of the uncorrected CV tests
    "10-fold CV, uncorrected": {"NB vs C4.5": (15, None, None), "NB vs NN": (16, None, None), "C4.5 vs NN": (14, None, None)},
    "10x10-fold CV, uncorrected": {"NB vs C4.5": (25, None, None), "NB vs NN": (24, None, None), "C4.5 vs NN": (18, None, None)},
}
"""Summary rows of Tables 1-4 and Section 4.3 (Table 4's 5% column is Table 3's 10-run column)."""

PAPER_ACCURACY_DIFFERENCES = (2.77, 5.83, 11.27)
"""Accuracy differences (percentage points) of the paper's sources 2-4 (Table 5)."""

PAPER_TABLE_5 = {
    "accuracy difference (%)": (0.0, 2.77, 5.83, 11.27),
    "5x2cv": (72.3, 71.2, 63.5, 16.9),
    "resampled corrected, 10 runs": (65.5, 44.0, 26.0, 48.8),
    "resampled corrected, 100 runs": (90.9, 73.2, 66.8, 97.2),
    "10-fold CV": (49.7, 47.6, 33.2, 90.8),
    "corrected 10x10 CV": (91.9, 80.3, 76.7, 98.9),
}
"""The paper's Table 5: consistency (% of training sets) per source; the paper's row names
mapped to ours ("10-fold cv" does not say whether the variance was corrected)."""

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

The paper's "10-fold cv" row is shown beside both our uncorrected and corrected 10-fold tests."""
