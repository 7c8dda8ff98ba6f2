"""Tests of evalkit.reproductions.replicability.uci_tables.controls: the direction of the rejections and the stratified control."""
import numpy as np
import pytest

from evalkit.reproductions.replicability import PAIR_SLUGS, PAPER_DATASET_NAMES, ReplicationResult
from evalkit.reproductions.replicability.uci_tables import controls

TESTS = [f"resampled corrected, {k} runs" for k in (10, 20, 50, 100)]


def _run(counts_of, directions=None):
    counts = {t: {p: np.asarray(counts_of(t, p)) for p in PAIR_SLUGS} for t in TESTS + ["5x2cv"]}
    return ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, counts, 0, 0.0, directions)


def test_stratification_comparison_is_zero_for_one_run_and_measures_a_shift():
    base = _run(lambda t, p: np.arange(27) % 11)
    same = controls.stratification_comparison(base, base, draws=300, rng=0)
    assert (same["difference"] == 0).all() and len(same) == 3 * 4 * 3
    shifted = _run(lambda t, p: np.full(27, 10))            # every test always agrees: R = 1 everywhere
    table = controls.stratification_comparison(base, shifted, draws=300, rng=0)
    r = table.xs("R", level="row")
    assert (r["difference"] > 0).all() and (r["z"] > 2).all()
    assert controls.ours(stratification=float(r["z"].abs().max())) == {"bf.sec4_3.stratification-not-the-cause": False}
    assert controls.ours(stratification=0.0) == {"bf.sec4_3.stratification-not-the-cause": True}


def test_stratification_comparison_needs_the_same_data_sets():
    base = _run(lambda t, p: np.arange(27) % 11)
    other = ReplicationResult(tuple(reversed(tuple(PAPER_DATASET_NAMES))), 10, base.counts, 0, 0.0)
    with pytest.raises(ValueError, match="same data sets"):
        controls.stratification_comparison(base, other)


def test_sign_flips_rare_both_ways():
    n = len(PAPER_DATASET_NAMES)

    def run(first, second, non_rejections):
        favoured = np.zeros((n, 2), dtype=int)
        favoured[0] = first, second
        counts = np.full(n, 10)
        counts[0] = non_rejections
        directions = {"5x2cv": {p: favoured for p in PAIR_SLUGS}}
        return ReplicationResult(tuple(PAPER_DATASET_NAMES), 10, {"5x2cv": {p: counts for p in PAIR_SLUGS}}, 0, 0.0,
                                 directions)

    key = "bf.sec4_1.sign-flips-rare"
    assert controls.ours(directions=run(2, 1, 7))[key] is True        # both ways, 3 rejections: the paper's "2 or 3"
    assert controls.ours(directions=run(3, 2, 5))[key] is False       # both ways, 5 rejections
    assert controls.ours(directions=run(5, 0, 5))[key] is True        # one way only: not a flip
    flips = controls.rejection_directions(run(3, 2, 5))
    assert len(flips) == 3 and set(flips["non-rejections"]) == {5}
