"""Tests of evalkit.linkpred.orderings: directional predictors and orderings."""
import numpy as np
import pytest
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
