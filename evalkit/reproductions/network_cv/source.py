"""What Neville et al. (2011) print that the book computes from (the values we compare against are in
``claims.toml``).

- ``ALPHA``: the level of every t test of the paper (5%);
- ``SURVEY_REFERENCES``: the references Section 3 cites as its surveyed papers, as printed;
- ``TABLE5_PAPER_ROWS``: the rows of Table 5 (data set, task), by the key of their claims.
"""
from __future__ import annotations

__all__ = ["ALPHA", "SURVEY_REFERENCES", "TABLE5_PAPER_ROWS"]

#: Nominal level of every t test.
ALPHA = 0.05

#: The references Section 3 cites as its surveyed papers, as the paper prints them.
SURVEY_REFERENCES = "1, 7-12, 16-21, 25-29, 31, 34, 35, 38, 40"

#: The rows of the paper's Table 5: claim key -> (data set, task).
TABLE5_PAPER_ROWS = {
    "enron-executive": ("Enron email", "Executive?"),
    "citeseer-neural-nets": ("Citeseer", "Neural nets?"),
    "polbooks-neutral": ("Political books", "Neutral?"),
    "cora-info-retrieval": ("Cora", "Info. retrieval?"),
    "reality-in-study": ("Reality mining", "In study?"),
    "reality-student": ("Reality mining", "Student?"),
}
