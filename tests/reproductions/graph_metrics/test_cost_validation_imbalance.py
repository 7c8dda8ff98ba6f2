"""Tests of evalkit.reproductions.graph_metrics.cost_validation_imbalance (the page cost-validation-imbalance)."""
import pandas as pd
import pytest

from evalkit import claims
from evalkit.reproductions import get_experiment, graph_metrics
from evalkit.reproductions.graph_metrics import cost_validation_imbalance as page


def test_sections_are_disjoint_and_ours_returns_them_in_order():
    seen = set()
    for section, ids in page.SECTIONS.items():
        assert not seen & set(ids), section
        seen |= set(ids)
        assert tuple(page.ours(section=section)) == ids
    assert page.ours() == {}


@pytest.mark.parametrize("section", page.SECTIONS)
def test_claim_values_have_the_registry_types(section):
    for cid, value in page.ours(section=section).items():
        claims.judge(cid, value)


def test_experiments_have_their_presets():
    for name in ("validation-schemes", "imbalance", "tree-depth", "difference-coverage", "missing-values"):
        spec = get_experiment(f"graph-metrics-{name}")
        assert spec.source == "graph_metrics" and {"book", "paper"} <= set(spec.scales)


def _depths(test_errors, pessimistic):
    return pd.DataFrame({"training error": [0.3, 0.1, 0.0], "pessimistic error": pessimistic,
                         "test error": test_errors}, index=pd.Index([1, 4, "unlimited"], name="max depth"))


def test_tree_depth_predicates_say_false_and_true():
    overfit = page.ours(tree_depth=_depths([0.4, 0.3, 0.35], [0.32, 0.2, 0.25]))
    assert overfit == {"gm.sec1-8.training-error-optimistic": True, "gm.sec1-8.pessimistic": True}
    honest = page.ours(tree_depth=_depths([0.4, 0.3, 0.05], [0.32, 0.2, 0.25]))
    assert honest == {"gm.sec1-8.training-error-optimistic": False, "gm.sec1-8.pessimistic": False}


def test_coverage_and_imputation_predicates_say_false_and_true():
    def coverage(normal):
        return pd.DataFrame({"set-up": ["5 vs 1,000 (Section 1.6.2)"] * 2 + ["8 vs 8 (exercise 4)"],
                             "true error": [0.1, 0.5, 0.1], "method": ["normal", "normal", "normal"],
                             "coverage": [normal, 0.95, 0.2]})
    assert page.ours(coverage=coverage(0.5)) == {"gm.sec1-6-2.example-large-enough": False}
    assert page.ours(coverage=coverage(0.94)) == {"gm.sec1-6-2.example-large-enough": True}
    for low, expected in ((0.2, False), (0.6, True)):
        imputation = pd.DataFrame({"RMSE / s.d.": [low, 1.0]})
        assert page.ours(imputation=imputation) == {"gm.sec1-8.missing-values": expected}


def test_difference_coverage_small():
    table = graph_metrics.difference_coverage(n_points=3)
    assert set(table["method"]) == {"normal", "newcombe", "exact"}
    exact = table[table["method"] == "exact"]["coverage"]
    assert (exact >= 0.95 - 1e-9).all()


def test_missing_value_imputation_and_class_sizes(shared_data):
    table = graph_metrics.missing_value_imputation(hidden_share=0.3, seed=1)
    assert table.index.get_level_values("strategy").unique().tolist() == ["mean", "median", "most_frequent"]
    assert (table["RMSE / s.d."] > 0).all()
    n_pos, n_neg = graph_metrics.imbalance_class_sizes(minority="Rule_Learning")
    assert n_pos + n_neg == 2708 and n_pos < n_neg
    with pytest.raises(ValueError, match="minority"):
        graph_metrics.imbalance_class_sizes(minority="Astrology")


@pytest.mark.slow
def test_tree_depth_small(shared_data):
    depth = graph_metrics.tree_depth(depths=(1, 0))
    assert depth.index.tolist() == [1, "unlimited"] and depth.loc["unlimited", "training error"] < 0.05


def test_benefit_matrix_keeps_every_comparison_of_models_on_the_same_data():
    import numpy as np

    from evalkit import metrics

    rng = np.random.default_rng(3)
    for _ in range(200):
        k = int(rng.integers(2, 5))
        costs = rng.integers(-50, 50, size=(k, k)).astype(float)
        rows = rng.integers(1, 30, size=k)
        first = np.array([rng.multinomial(r, np.ones(k) / k) for r in rows])    # same row sums: same data
        second = np.array([rng.multinomial(r, np.ones(k) / k) for r in rows])
        benefits = page.benefit_matrix(costs)
        cost_gap = metrics.total_cost(first, costs) - metrics.total_cost(second, costs)
        benefit_gap = metrics.total_cost(first, benefits) - metrics.total_cost(second, benefits)
        assert np.isclose(cost_gap, -benefit_gap)
        # the row's cheapest mistake is worth 0, no mistake more
        off = ~np.eye(k, dtype=bool)
        assert np.isclose(np.where(off, benefits, -np.inf).max(axis=1), 0).all()


def test_same_signs_other_choice_finds_only_matrices_with_the_signs_that_disagree():
    import numpy as np

    from evalkit import metrics

    first, second, costs = np.array([[4, 1], [2, 1]]), np.array([[3, 2], [1, 2]]), np.array([[-20, 100], [45, -10]])
    found = page.same_signs_other_choice(first, second, costs, seed=1)
    assert (np.diag(found) > 0).all() and (found[~np.eye(2, dtype=bool)] <= 0).all()
    assert metrics.total_cost(first, found) <= metrics.total_cost(second, found)      # prefers the dearer model
    assert page.same_signs_other_choice(first, first + np.array([[-1, 1], [0, 0]]), costs, seed=1) is None  # dominated
    with pytest.raises(ValueError, match="one shape"):
        page.same_signs_other_choice(first, np.eye(3, dtype=int), costs)
