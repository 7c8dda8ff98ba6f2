"""What Yang, Lichtenwalter & Chawla (2015) print that we compute from: nothing beyond the claims.

Every number the paper prints that the chapters use is a value we compare against (Tables 1-3,
the counts of Section 4.2, the stable rates of Figs. 7 and 8 ...), so it lives in the
registry, ``claims.toml``, and is read with :func:`evalkit.claims.source_value`. The counts
Table 2 implies (:func:`~evalkit.reproductions.link_prediction.table2_implied`) are inferred
from the printed cells read that way. The paper's networks are data sets
(:mod:`~evalkit.reproductions.link_prediction.setups`), not printed tables.
"""

__all__ = []
