"""Cost curves: the exact envelope against a brute-force minimum over every line."""
import numpy as np
import pytest

from evalkit import curves


@pytest.mark.parametrize("seed", range(6))
def test_envelope_is_the_minimum_of_all_lines(seed):
    rng = np.random.default_rng(seed)
    y = rng.random(80) < 0.4
    score = np.round(y + rng.normal(0, 1, 80), 1)
    fpr, tpr, _ = curves.roc_curve(y, score)
    cc = curves.cost_curve(fpr, tpr)
    pc = np.linspace(0, 1, 2001)
    every_line = fpr[:, None] + (1 - tpr - fpr)[:, None] * pc[None, :]
    assert cc.cost_at(pc) == pytest.approx(every_line.min(axis=0), abs=1e-12)
    assert cc.area == pytest.approx(np.trapezoid(every_line.min(axis=0), pc), abs=1e-6)
    # each segment's owner is a point of the ROC convex hull
    hull = set(curves.roc_convex_hull(fpr, tpr).tolist())
    assert set(cc.operating_points.tolist()) <= hull


@pytest.mark.parametrize("p, cost_fn, cost_fp", [(0.5, 1, 1), (0.1, 1, 1), (0.1, 20, 1), (0.7, 1, 5)])
def test_envelope_cost_is_the_cost_of_the_iso_performance_optimum(p, cost_fn, cost_fp):
    rng = np.random.default_rng(3)
    y = rng.random(120) < 0.5
    fpr, tpr, _ = curves.roc_curve(y, y + rng.normal(0, 1.2, 120))
    i = curves.roc_optimal_point(fpr, tpr, n_positive=p, n_negative=1 - p, cost_fn=cost_fn, cost_fp=cost_fp)
    pc = curves.probability_cost(p, cost_fn=cost_fn, cost_fp=cost_fp)
    expected = (1 - tpr[i]) * pc + fpr[i] * (1 - pc)
    assert curves.cost_curve(fpr, tpr).cost_at(pc) == pytest.approx(expected)


def test_trivial_classifiers_are_added_and_bad_input():
    cc = curves.cost_curve([0.2], [0.7])
    assert cc.probability_cost[0] == 0 and cc.probability_cost[-1] == 1
    assert cc.normalized_cost[0] == 0 and cc.normalized_cost[-1] == 0
    with pytest.raises(ValueError, match="fpr must be"):
        curves.cost_curve([1.2], [0.5])
    with pytest.raises(ValueError, match="probability_cost"):
        cc.cost_at(1.5)
    with pytest.raises(ValueError, match="cost_fn"):
        curves.probability_cost(0.5, cost_fn=0)


def test_dominance_and_interpolated_precision():
    rng = np.random.default_rng(5)
    y = rng.random(300) < 0.3
    strong = y + rng.normal(0, 0.5, 300)
    weak = strong + rng.normal(0, 3, 300)
    f1, t1, _ = curves.roc_curve(y, strong)
    assert curves.roc_dominates(f1, t1, f1, t1)
    assert curves.roc_dominates([0, 0, 1], [0, 1, 1], f1, t1)          # the perfect curve contains every curve
    assert not curves.roc_dominates(f1, t1, [0, 0, 1], [0, 1, 1])
    # the interpolated PR curve passes through the PR points (the highest precision at each recall,
    # where several thresholds only add negatives)
    p, r, _ = curves.precision_recall_curve(y, strong)
    best = {rv: p[r == rv].max() for rv in np.unique(r)}
    assert curves.pr_curve_interpolated(y, strong, list(best)) == pytest.approx(list(best.values()))
    # its area (Davis-Goadrich) matches pr_auc on a fine recall grid
    grid = np.linspace(1e-6, 1, 200_001)
    area = np.trapezoid(curves.pr_curve_interpolated(y, weak, grid), grid)
    assert area == pytest.approx(curves.pr_auc(y, weak, interpolation="davis-goadrich"), abs=1e-3)


def test_dominance_needs_whole_curves():
    with pytest.raises(ValueError, match="fpr_2 must increase from 0 to 1"):
        curves.roc_dominates([0, 1], [0, 1], [0, 0.5], [0, 0.7])
