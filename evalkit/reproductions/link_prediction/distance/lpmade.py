"""The distance chapter, Table 3's pooled PropFlow on Condmat (the paper: 0.85) scored the ways the paper's
authors' tool, LPmade, could have scored it.

LPmade (github rlichtenwalter/LPmade) evaluates "all pairs" with ``predict -n 0 ... PropFlow 5 |
label_predictions``: every *ordered* non-edge pair of the training network's vertices, pairs in
different components included, each ordering scored from its own source, a pair beyond PropFlow's
``l`` steps scored 0, and the exact tie-aware AUROC over every line (``metrics/auroc``).
:func:`table3_lpmade` computes that, and the readings around it, for several depths ``l``, over
blocks of PropFlow's rows and without a histogram of the negatives (Condmat has 10^8 distinct scores
at l = 20): for every candidate score, the positives above it are counted against the sorted positive
scores.
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

#: the columns of the table, in order
SCORINGS = {
    "mean": "unordered pairs, mean of the two orderings (the book's scoring)",
    "ordered": "every ordered pair, each scored from its source (LPmade's predict -n 0)",
    "ordered, new nodes": "every ordered pair, with the nodes new in 2000 as isolated vertices",
}


_CHUNK = 1 << 22


def _wins(sorted_positives, values):
    """Sum over ``values`` (negative scores) of the positives above each, ties counted one half.

    ``sorted_positives`` must be sorted; ``values`` are taken a chunk at a time.

    Examples
    --------
    >>> _wins(np.array([0.0, 1.0, 2.0]), np.array([1.0, 0.0]))     # 1 above and 1 tied; 2 above and 1 tied
    4.0
    """
    total = 0.0
    for start in range(0, values.size, _CHUNK):
        chunk = values[start:start + _CHUNK]
        right = np.searchsorted(sorted_positives, chunk, side="right")
        left = np.searchsorted(sorted_positives, chunk, side="left")
        total += float(np.sum(sorted_positives.size - right) + 0.5 * np.sum(right - left))
    return total


#: sources per block of PropFlow rows (at l = 20 a block of Condmat's rows holds ~10^7 scores, 0.1 GB)
_SOURCES_PER_BLOCK = 1024


def _row_blocks(W, sources, depth):
    """PropFlow's rows from ``sources``, a block at a time: (the block's sources, its rows as CSR).

    A row holds every node the source reaches within ``depth`` steps, never the source itself.
    """
    for start in range(0, len(sources), _SOURCES_PER_BLOCK):
        block = sources[start:start + _SOURCES_PER_BLOCK]
        yield block, linkpred.propflow(W, max_length=int(depth), symmetrize=None, sources=block)


def _ordered_aurocs(W, A, pos, depth, zero_positives, negatives):
    """AUROCs of every ordered candidate pair scored from its source (LPmade's ``predict -n 0``).

    Computed over blocks of PropFlow's rows, never holding the score matrix: a first pass
    scores the positive orderings (from their sources' rows), a second counts, for every
    candidate score, the positives above it. ``zero_positives`` and ``negatives`` name the
    readings: for each, how many extra positives score 0 and how many negatives there are
    in all (the ones beyond the rows score 0).

    Returns ``({reading: AUROC}, the positive orderings' scores, the non-zero negatives)``.
    """
    import scipy.sparse as sp

    both = np.concatenate([pos, pos[:, ::-1]])
    pos_scores = np.zeros(len(both))
    sources = np.unique(both[:, 0])
    for block, rows in _row_blocks(W, sources, depth):
        mine = np.flatnonzero(np.isin(both[:, 0], block))
        pos_scores[mine] = np.asarray(rows[np.searchsorted(block, both[mine, 0]), both[mine, 1]]).ravel()
    positives = {reading: np.sort(np.r_[pos_scores, np.zeros(extra)]) for reading, extra in zero_positives.items()}
    wins = dict.fromkeys(positives, 0.0)
    n_nonzero = 0
    for block, rows in _row_blocks(W, np.arange(A.shape[0]), depth):
        scores = rows.data[rows.data != 0]
        on_edges = sp.csr_array(rows.multiply(A[block[0]:block[-1] + 1] != 0)).data   # not candidates
        on_edges = on_edges[on_edges != 0]
        for reading, p in positives.items():
            wins[reading] += _wins(p, scores) - _wins(p, on_edges)
        n_nonzero += scores.size - on_edges.size
    own = pos_scores[pos_scores != 0]          # the positives' entries are not negatives
    n_nonzero -= own.size
    aurocs = {}
    for reading, p in positives.items():
        total = wins[reading] - _wins(p, own) + (negatives[reading] - n_nonzero) * _wins(p, np.zeros(1))
        aurocs[reading] = total / (p.size * negatives[reading])
    return aurocs, pos_scores, n_nonzero


def _mean_auroc(t, depth):
    """AUROC of the unordered candidate pairs scored by the mean of their orderings (the book's scoring).

    ``mean_of_orderings`` needs the whole score matrix and its transpose, so this holds it.
    """
    import scipy.sparse as sp

    A, n, pos = t.adjacency, t.n_nodes, np.sort(np.asarray(t.positives), axis=1)
    M = linkpred.mean_of_orderings(linkpred.propflow(t.weights, max_length=int(depth), symmetrize=None))
    pos_mean = np.asarray(M[pos[:, 0], pos[:, 1]]).ravel()
    positives = np.sort(pos_mean)
    # M is symmetric: its stored entries off the diagonal hold every pair twice
    diagonal = M.diagonal()
    diagonal = diagonal[diagonal != 0]
    stored = M.data[M.data != 0]
    wins = (_wins(positives, stored) - _wins(positives, diagonal)) / 2
    n_nonzero = (stored.size - diagonal.size) // 2
    del stored
    removed = np.r_[sp.triu(sp.csr_array(M.multiply(A != 0)), k=1).data, pos_mean]   # edges, positives
    removed = removed[removed != 0]
    n_neg = n * (n - 1) // 2 - A.nnz // 2 - len(pos)
    wins += -_wins(positives, removed) + (n_neg - (n_nonzero - removed.size)) * _wins(positives, np.zeros(1))
    return wins / (len(pos) * n_neg)


def _depth_unit(depth):
    """One depth's AUROCs (a unit of the stored run), each computed without a histogram of the negatives."""
    from ....graph import check_adjacency
    from ..framework import condmat_whole_period
    from ..setups import task

    t = task("Condmat")
    A, n, n_pos = t.adjacency, t.n_nodes, len(t.positives)
    W = check_adjacency(t.weights, weighted=True)
    # The paper's own counts (Section 4.2) are pairs of every node of 1995-2000: the nodes new in 2000,
    # isolated in the training network, add positive and negative instances that all score 0.
    n_all, new_positives = condmat_whole_period()["nodes"], 2 * t.n_new_node_pairs
    n_neg = n * (n - 1) - A.nnz - 2 * n_pos
    aurocs, pos_scores, n_nonzero = _ordered_aurocs(
        W, A, np.sort(np.asarray(t.positives), axis=1), int(depth),
        zero_positives={"ordered": 0, "ordered, new nodes": new_positives},
        negatives={"ordered": n_neg, "ordered, new nodes": n_all * (n_all - 1) - A.nnz - 2 * n_pos - new_positives})
    # the book's scoring holds the whole matrix: at LPmade's depth and below only (at l = 20 it takes 7 GB)
    mean = _mean_auroc(t, depth) if depth <= LPMADE_DEPTH else np.nan
    return {"mean": float(mean), **{k: float(v) for k, v in aurocs.items()},
            "reached": float(np.mean(pos_scores > 0)), "reached negatives": float(n_nonzero / n_neg)}


@checks(scale=Choice("book", "paper", "small"), depths=Values(Choice(*range(1, 51))), n_jobs=Jobs())
@experiment("link-prediction-table3-lpmade", scales=_SCALES,
            paper_cost="~8 min on 1 core, under 1.5 GB (5 units, one per depth; the book reads the stored run)",
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
        ``"ordered"``, ``"ordered, new nodes"``; ``"mean"`` only at depths up to
        ``LPMADE_DEPTH``, NaN beyond: it needs the whole score matrix, 7 GB at l = 20), the
        share of the positive orderings PropFlow reaches (``"reached"``, score above 0) and
        that of the negative ones (``"reached negatives"``).

    Examples
    --------
    Condmat's PropFlow at five depths takes minutes, so the example is not run:

    >>> table3_lpmade(depths=(5, 7)).round(3)  # doctest: +SKIP
        mean  ordered  ordered, new nodes  reached  reached negatives
    l
    5  0.804    0.803               0.558    0.698              0.164
    7    NaN    0.821               0.491    0.859              0.515
    """
    import pandas as pd

    units = parallel_map(_depth_unit, [(depth,) for depth in depths], n_jobs=n_jobs, progress=progress,
                         desc="Condmat's PropFlow by depth")
    out = pd.DataFrame(units, index=pd.Index(list(depths), name="l"))
    return out
