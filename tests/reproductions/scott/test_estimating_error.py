"""Tests of evalkit.reproductions.scott.estimating_error: the simulations and the coverage map at a
tiny scale, and ours()."""
import numpy as np
import pandas as pd
import pytest

from evalkit import stats
from evalkit.reproductions.scott import estimating_error


def test_coverage_map_is_interval_coverage():
    maps = estimating_error.coverage_map(scale="small")
    np.testing.assert_array_equal(maps.maps["wilson"], stats.coverage_map(maps.p_grid, maps.n_grid, method="wilson"))
    assert maps.n_grid.tolist() == [10, 20, 30, 40]
    summary = maps.summary(level=0.93, n_min=30, p_min=0.1)
    assert summary.shape == (3, 3) and summary.index.tolist() == ["normal", "wilson", "exact"]
    assert maps.npq_mask(minimum=5).shape == maps.maps["normal"].shape
    assert len(maps.rows()) == 3 * 4 * 5


def test_coverage_map_default_grid_is_the_chapters():
    maps = estimating_error.coverage_map(n_p=3)
    assert maps.n_grid.tolist() == list(range(10, 1005, 5))


def test_sample_error_and_clt_small():
    res = estimating_error.sample_error_simulation(scale="small")
    r = np.random.default_rng(20260201).binomial(40, 0.3, size=1000)
    assert res["summary"].loc["mean of the sample error", "simulation"] == (r / 40).mean()
    assert res["distribution"]["simulated"].sum() == pytest.approx(1.0)
    clt = estimating_error.clt_simulation(scale="small")
    assert clt["skewness"].columns.tolist() == [5, 30, 200]
    assert sorted(clt["skewness"].index) == sorted(estimating_error.CLT_LOSSES)
    widths = clt["histograms"]["right"] - clt["histograms"]["left"]
    mass = (clt["histograms"]["density"] * widths).groupby([clt["histograms"]["loss"],
                                                             clt["histograms"]["n_samples"]]).sum()
    assert (mass <= 1 + 1e-9).all() and (mass > 0.9).all()


def test_sample_error_predicates_confirm_the_binomial_and_refuse_a_biased_simulation():
    res = estimating_error.sample_error_simulation(scale="small", seed=20260201)
    ours = estimating_error.ours(sample_error=res, n_trials=1000)
    assert list(ours) == ["scott.binomial.mean", "scott.error.unbiased", "scott.binomial.sd", "scott.error.variance"]
    assert all(ours.values())
    biased = dict(res, summary=res["summary"].assign(simulation=[0.35, 0.2]))
    ours = estimating_error.ours(sample_error=biased, n_trials=1000)
    assert not ours["scott.binomial.mean"] and not ours["scott.error.unbiased"] and not ours["scott.binomial.sd"]
    with pytest.raises(ValueError, match="n_trials"):
        estimating_error.ours(sample_error=res)


def test_ci_revisited_and_clt_predicates():
    assert estimating_error.ours(ci_revisited=0.95) == {"scott.ci-revisited.sample-error": True}
    assert estimating_error.ours(ci_revisited=0.9) == {"scott.ci-revisited.sample-error": False}
    losses = list(estimating_error.CLT_LOSSES)
    shrinking = pd.DataFrame([[1.0, 0.5, 0.1], [2.0, 1.0, 0.3], [3.0, 2.0, 0.5]], index=losses, columns=[5, 30, 200])
    assert estimating_error.ours(clt={"skewness": shrinking}) == {"scott.clt.theorem": True,
                                                                 "scott.clt.other-distributions": True}
    growing = shrinking.iloc[:, ::-1].set_axis([5, 30, 200], axis=1)
    growing.loc["log-normal loss", 30] = 0.0
    assert estimating_error.ours(clt={"skewness": growing}) == {"scott.clt.theorem": False,
                                                               "scott.clt.other-distributions": False}


def test_rule_95_predicate():
    maps = estimating_error.coverage_map(scale="small")
    assert estimating_error.ours(coverage=maps) == {"scott.ci.rule-95": False}   # small errors cover badly
    good = estimating_error.CoverageMaps(maps.p_grid, maps.n_grid, {m: np.full_like(c, 0.95)
                                                                     for m, c in maps.maps.items()})
    assert estimating_error.ours(coverage=good) == {"scott.ci.rule-95": True}
