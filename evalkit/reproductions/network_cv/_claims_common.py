"""What the claim modules of Neville et al. share: the t tests' level, Table 5's rows and the common test's example table."""
from __future__ import annotations

__all__ = ["ALPHA", "TABLE5_PAPER_ROWS", "example_frame"]

#: The rows of the paper's Table 5: claim key -> (data set, task).
TABLE5_PAPER_ROWS = {
    "enron-executive": ("Enron email", "Executive?"),
    "citeseer-neural-nets": ("Citeseer", "Neural nets?"),
    "polbooks-neutral": ("Political books", "Neutral?"),
    "cora-info-retrieval": ("Cora", "Info. retrieval?"),
    "reality-in-study": ("Reality mining", "In study?"),
    "reality-student": ("Reality mining", "Student?"),
}

#: Nominal level of every t test.
ALPHA = 0.05


def example_frame():
    """A small pandas DataFrame: the common test's valid value for a results-table parameter."""
    import pandas as pd

    return pd.DataFrame({"procedure": ["rrs", "ncv"], "prop_labeled": [0.1, 0.1], "type1_error": [0.2, 0.05]})
