"""The distance chapter, Table 3's pooled PropFlow on Condmat (the paper: 0.85) scored the ways the paper's
authors' tool, LPmade, could have scored it.

LPmade (github rlichtenwalter/LPmade) evaluates "all pairs" with ``predict -n 0 ... PropFlow 5 |
label_predictions``: every *ordered* non-edge pair of the training network's vertices, pairs in
different components included, each ordering scored from its own source, a pair beyond PropFlow's
``l`` steps scored 0, and the exact tie-aware AUROC over every line (``metrics/auroc``).
:func:`table3_lpmade` computes that, and the readings around it, for several depths ``l``.
"""
from __future__ import annotations

import numpy as np

from .... import linkpred
from ...._checks import Choice, Jobs, Values, checks
from ...._parallel import parallel_map
from ..._experiment import experiment

__all__ = ["LPMADE_DEPTH", "SCORINGS", "table3_lpmade"]

#: PropFlow's depth in LPmade's makefiles (``PropFlow 5``), the book's throughout
LPMADE_DEPTH = 5

_DEPTHS = (3, 5, 7, 10, 20)
_SCALES = {"book": {"depths": _DEPTHS}, "paper": {"depths": _DEPTHS}, "small": {"depths": (2,)}}

#: the rows of the table, in order
SCORINGS = {
    "mean": "unordered pairs, mean of the two orderings (the book's scoring)",
    "ordered": "every ordered pair, each scored from its source (LPmade's predict -n 0)",
    "ordered, new nodes": "every ordered pair, with the nodes new in 2000 as isolated vertices",
}


_CHUNK = 1 << 22


def _wins(sorted_positives, values):
    """Sum over ``values`` (negative scores) of the positives above each, ties counted one half."""
    total = 0.0
    for start in range(0, values.size, _CHUNK):
        chunk = values[start:start + _CHUNK]
        right = np.searchsorted(sorted_positives, chunk, side="right")
        left = np.searchsorted(sorted_positives, chunk, side="left")
        total += float(np.sum(sorted_positives.size - right) + 0.5 * np.sum(right - left))
    return total


def _streamed_auroc(positive_scores, stored, removed, n_negative):
    """Exact AUROC (ties one half) of ``positive_scores`` against negatives given without a histogram.

    The negatives are the ``stored`` non-zero scores less the ``removed`` ones (non-candidates
    and the positives' own entries), and as many zeros as make ``n_negative``. Memory is a
    chunk of ``stored`` at a time: what lets the depths whose score matrices have 10^8 distinct
    values run in a few GB.

    Parameters
    ----------
    positive_scores : ndarray
        The positives' scores (zeros included).
    stored : ndarray
        Scores of a matrix's stored entries (zeros are ignored).
    removed : ndarray
        Scores among ``stored`` that are not negatives (zeros are ignored).
    n_negative : int
        All negatives, zeros included.

    Returns
    -------
    tuple of float
        ``(auroc, non-zero negatives)``.

    Examples
    --------
    >>> from evalkit.linkpred import ScoreHistogram
    >>> auroc, reached = _streamed_auroc(np.array([0.5, 0.0, 2.0]), np.array([0.5, 1.0, 2.0, 3.0]), np.array([2.0]), 5)
    >>> auroc == ScoreHistogram.from_unsorted([0.5, 0.0, 2.0], [0.5, 1.0, 3.0, 0.0], [1, 1, 1, 2]).evaluate().auroc
    True
    """
    positives = np.sort(np.asarray(positive_scores, dtype=np.float64))
    stored, removed = stored[stored != 0], removed[removed != 0]
    n_nonzero = stored.size - removed.size
    wins = _wins(positives, stored) - _wins(positives, removed) + (n_negative - n_nonzero) * _wins(positives, np.zeros(1))
    return wins / (positives.size * n_negative), n_nonzero


def _depth_unit(depth):
    """One depth's AUROCs (a unit of the stored run), each computed without a histogram of the negatives."""
    import scipy.sparse as sp

    from ..framework import condmat_whole_period
    from ..setups import task

    t = task("Condmat")
    A, n, n_pos = t.adjacency, t.n_nodes, len(t.positives)
    pos = np.sort(np.asarray(t.positives), axis=1)
    S = linkpred.propflow(t.weights, max_length=int(depth), symmetrize=None)
    # every ordered pair, each scored from its source: LPmade's predict -n 0
    both = np.concatenate([pos, pos[:, ::-1]])
    pos_ordered = np.asarray(S[both[:, 0], both[:, 1]]).ravel()
    not_candidates = np.r_[S.diagonal(), sp.csr_array(S.multiply(A != 0)).data, pos_ordered]
    n_neg = n * (n - 1) - A.nnz - 2 * n_pos
    ordered, reached_neg = _streamed_auroc(pos_ordered, S.data, not_candidates, n_neg)
    # The paper's own counts (Section 4.2) are pairs of every node of 1995-2000: the nodes new in 2000,
    # isolated in the training network, add positive and negative instances that all score 0.
    whole = condmat_whole_period()
    new_positives = 2 * t.n_new_node_pairs
    n_neg_new = whole["nodes"] * (whole["nodes"] - 1) - A.nnz - 2 * n_pos - new_positives
    with_new, _ = _streamed_auroc(np.r_[pos_ordered, np.zeros(new_positives)], S.data, not_candidates, n_neg_new)
    # unordered pairs, the mean of the two orderings (the book's scoring): M is symmetric, so every pair is
    # stored twice and its diagonal once
    M = linkpred.mean_of_orderings(S)
    del S
    pos_mean = np.asarray(M[pos[:, 0], pos[:, 1]]).ravel()
    upper_edges = sp.triu(sp.csr_array(M.multiply(A != 0)), k=1).data
    diagonal = M.diagonal()
    n_neg_mean = n * (n - 1) // 2 - A.nnz // 2 - n_pos
    # M.data minus the diagonal holds every off-diagonal pair twice: halve its wins, then take the edges and
    # the positives out once
    positives_sorted = np.sort(pos_mean)
    stored = M.data[M.data != 0]
    off_diagonal = stored.size - np.count_nonzero(diagonal)
    wins_pairs = (_wins(positives_sorted, stored) - _wins(positives_sorted, diagonal[diagonal != 0])) / 2
    del stored
    removed = np.r_[upper_edges, pos_mean]
    removed = removed[removed != 0]
    n_nonzero = off_diagonal // 2 - removed.size
    wins = wins_pairs - _wins(positives_sorted, removed) + (n_neg_mean - n_nonzero) * _wins(positives_sorted, np.zeros(1))
    mean = wins / (n_pos * n_neg_mean)
    return {"mean": float(mean), "ordered": float(ordered), "ordered, new nodes": float(with_new),
            "reached": float(np.mean(pos_ordered > 0)), "reached negatives": float(reached_neg / n_neg)}


@checks(scale=Choice("book", "paper", "small"), depths=Values(Choice(*range(1, 51))), n_jobs=Jobs())
@experiment("link-prediction-table3-lpmade", scales=_SCALES,
            paper_cost="~9 min on 1 core, under 6 GB (5 units, one per depth; the book reads the stored run)",
            stored=({"scale": "paper"},), spot_check=1, data=("temporal/",))
def table3_lpmade(*, depths: tuple[int, ...] = _DEPTHS, n_jobs: int | None = None, progress: bool = False):
    """Table 3's pooled PropFlow on Condmat, scored as LPmade's all-pairs pipeline scores it, at several depths.

    Parameters
    ----------
    depths : tuple of int
        PropFlow's maximum number of steps ``l`` (LPmade's makefiles: 5).
    n_jobs : int or None, default None
        Parallel jobs over the depths (joblib): None defers to the active
        ``joblib.parallel_config``. The results do not depend on it.
    progress : bool
        Show a progress bar over the depths.

    Returns
    -------
    pandas.DataFrame
        One row per depth: the AUROC of each of the ``SCORINGS`` (columns ``"mean"``,
        ``"ordered"``, ``"ordered, new nodes"``), the share of the positive orderings
        PropFlow reaches (``"reached"``, score above 0) and that of the negative ones
        (``"reached negatives"``).

    Examples
    --------
    Condmat's PropFlow at five depths takes minutes, so the example is not run:

    >>> table3_lpmade(depths=(5,)).round(3)  # doctest: +SKIP
        mean  ordered  ordered, new nodes  reached  reached negatives
    l
    5  0.804    0.803               0.558    0.698              0.164
    """
    import pandas as pd

    units = parallel_map(_depth_unit, [(depth,) for depth in depths], n_jobs=n_jobs, progress=progress,
                         desc="Condmat's PropFlow by depth")
    out = pd.DataFrame(units, index=pd.Index(list(depths), name="l"))
    return out
