"""Tests of evalkit.linkpred.orderings: directional predictors and orderings."""
import numpy as np
import pytest
import scipy.sparse as sp
from sklearn.metrics import average_precision_score, roc_auc_score

from evalkit import linkpred
from helpers.linkpred import random_task, relabelled_task


def test_orderings_against_sklearn_and_directionality():
    A, nodes, dist, cand, pos = random_task(6)
    S = linkpred.propflow(A, symmetrize=None)
    assert linkpred.is_directional(S)
    for name in ("common_neighbors", "adamic_adar", "jaccard"):
        assert not linkpred.is_directional(linkpred.PREDICTORS[name](A))
    pairs = linkpred.two_hop_pairs(A)
    want = {(u, v) for u, v in cand if dist[nodes[u]].get(nodes[v]) == 2}
    assert {tuple(p) for p in pairs.tolist()} == want
    two_hop_pos = np.array([p for p in pos.tolist() if tuple(p) in want] or [tuple(pairs[0])])
    r = linkpred.evaluate_orderings(S, pairs, two_hop_pos)
    D = S.toarray()
    y = np.isin(pairs[:, 0] * 10**6 + pairs[:, 1], two_hop_pos[:, 0] * 10**6 + two_hop_pos[:, 1])
    f, b = D[pairs[:, 0], pairs[:, 1]], D[pairs[:, 1], pairs[:, 0]]
    assert r["mean"].auroc == pytest.approx(roc_auc_score(y, (f + b) / 2))
    assert r["both orderings"].auroc == pytest.approx(roc_auc_score(np.r_[y, y], np.r_[f, b]))
    assert r["both orderings"].average_precision == pytest.approx(average_precision_score(np.r_[y, y], np.r_[f, b]))
    assert r["v to u"].auroc == pytest.approx(roc_auc_score(y, b))
    with pytest.raises(ValueError, match="every positive must be one of pairs"):
        linkpred.evaluate_orderings(S, pairs[1:], pairs[:1])


def test_orderings_take_node_id_pairs():
    A, nodes, rows, ids = relabelled_task(4)
    S = linkpred.propflow(A, symmetrize=None)
    pairs = np.unique(np.sort(np.r_[linkpred.two_hop_pairs(A), rows], axis=1), axis=0)
    id_pairs = [(nodes[v], nodes[u]) for u, v in pairs.tolist()]  # either order
    assert linkpred.evaluate_orderings(S, id_pairs, ids, nodes=nodes) == linkpred.evaluate_orderings(S, pairs, rows)
    with pytest.raises(ValueError, match="pairs must hold ids of nodes; 2 unknown ids: 'no', 'such'"):
        linkpred.evaluate_orderings(S, [("no", "such")], ids, nodes=nodes)


@pytest.mark.parametrize("seed", range(4))
def test_ordered_pair_histogram_is_every_ordered_candidate_pair_enumerated(seed):
    # LPmade's `predict -n 0`: every ordered non-edge pair, each ordering scored by its own source
    A, nodes, dist, cand, pos = random_task(seed)
    rng = np.random.default_rng(seed)
    W = A.copy().astype(float)
    W.data = np.round(rng.uniform(0.2, 2.0, W.nnz), 1)
    W = (W + W.T) / 2                                   # weighted, symmetric
    S = linkpred.propflow(W, max_length=3, symmetrize=None)
    h = linkpred.ordered_pair_histogram(A, pos, S)
    D, n = S.toarray(), A.shape[0]
    positive = {tuple(p) for p in pos.tolist()} | {tuple(p) for p in pos[:, ::-1].tolist()}
    ordered = [(u, v) for u in range(n) for v in range(n) if u != v and not A[u, v]]
    y = np.array([(u, v) in positive for u, v in ordered])
    s = np.array([D[u, v] for u, v in ordered])
    assert (h.n_positive, h.n_negative) == (2 * len(pos), len(ordered) - 2 * len(pos))
    assert np.array_equal(np.sort(h.positive_scores), np.sort(s[y]))
    values, counts = np.unique(s[~y], return_counts=True)
    keep = h.negative_counts > 0
    assert np.array_equal(h.negative_values[keep], values) and np.array_equal(h.negative_counts[keep], counts)
    assert h.evaluate().auroc == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    # the 'both orderings' ranking of evaluate_orderings over every candidate pair
    both = linkpred.evaluate_orderings(S, cand, pos)["both orderings"]
    assert h.evaluate().auroc == pytest.approx(both.auroc, abs=1e-12)


def test_ordered_pair_histogram_takes_node_ids_and_checks_its_arguments():
    A, nodes, rows, ids = relabelled_task(4)
    S = linkpred.propflow(A, symmetrize=None)
    by_id = linkpred.ordered_pair_histogram(A, ids, S, nodes=nodes)
    by_row = linkpred.ordered_pair_histogram(A, rows, S)
    assert np.array_equal(by_id.positive_scores, by_row.positive_scores)
    assert np.array_equal(by_id.negative_counts, by_row.negative_counts)
    with pytest.raises(ValueError, match="S must have the shape of A"):
        linkpred.ordered_pair_histogram(A, rows, S[:-1, :-1])
    with pytest.raises(ValueError, match="positives must be candidate pairs"):
        linkpred.ordered_pair_histogram(A, np.c_[A.nonzero()][:1], S)
    # a duplicate entry is summed, as scipy does; the matrix passed in is left as it was
    dup = sp.coo_array(S)
    dup = sp.csr_array((np.r_[dup.data, dup.data[:1]], (np.r_[dup.row, dup.row[:1]], np.r_[dup.col, dup.col[:1]])),
                       shape=S.shape)
    dup.has_canonical_format = False
    before = dup.data.copy()
    h = linkpred.ordered_pair_histogram(A, rows, dup)
    assert np.array_equal(dup.data, before)
    want = linkpred.ordered_pair_histogram(A, rows, sp.csr_array(dup.toarray()))
    assert np.array_equal(h.negative_counts, want.negative_counts) and np.array_equal(h.positive_scores, want.positive_scores)
    bad = sp.coo_array(S)
    candidate = np.flatnonzero((bad.row != bad.col) & (np.asarray(A[bad.row, bad.col]).ravel() == 0))[0]
    bad.data[candidate] = np.nan
    with pytest.raises(ValueError, match="S must be .*NaN or infinite entries"):
        linkpred.ordered_pair_histogram(A, rows, bad.tocsr())
