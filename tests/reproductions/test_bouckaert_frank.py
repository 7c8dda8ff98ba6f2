"""Tests of evalkit.reproductions.bouckaert_frank, Tables 1-4 (the UCI experiment), at a tiny scale."""
import csv

import numpy as np
import pytest

from evalkit import learners
from evalkit.reproductions import bouckaert_frank as bf
from evalkit.cli import main

pytestmark = pytest.mark.usefixtures("shared_data")


def test_run_replication_counts_are_in_range_and_reproducible():
    r1 = bf.run_replication(["iris"], repetitions=2, seed=3)
    r2 = bf.run_replication(["iris"], repetitions=2, seed=3)
    assert r1.fits == 3 * 210 * 2
    for test, per_pair in r1.counts.items():
        assert set(per_pair) == {"NB vs C4.5", "NB vs NN", "C4.5 vs NN"}
        for pair, counts in per_pair.items():
            assert 0 <= counts[0] <= 2
            np.testing.assert_array_equal(counts, r2.counts[test][pair])
    # a stricter level never rejects more often
    for pair in r1.counts["corrected 10x10 CV"]:
        assert r1.counts["corrected 10x10 CV, level 0.01"][pair][0] >= r1.counts["corrected 10x10 CV"][pair][0]
    tables = bf.summary_tables(r1)
    assert tables["5x2cv"]["NB vs NN"].replicability <= 1.0


def test_cli_writes_the_tables(tmp_path):
    out = tmp_path / "bf.csv"
    main(["reproduce", "bouckaert-frank", "--datasets", "iris", "--repetitions", "2", "--out", str(out)])
    rows = list(csv.DictReader(out.open()))
    assert {r["test"] for r in rows} >= {"5x2cv", "corrected 10x10 CV"} and "non_rejections[iris]" in rows[0]


def test_bad_arguments():
    with pytest.raises(ValueError, match="repetitions"):
        bf.run_replication(["iris"], repetitions=1)
    with pytest.raises(ValueError, match="unknown"):
        bf.run_replication(["irises"], repetitions=2)


def test_run_replication_with_identical_learners():
    r = bf.run_replication(["iris"], repetitions=2, learners=learners.identical_learners_for, seed=1)
    assert r.fits == 2 * 210 * 2
    assert set(r.counts["5x2cv"]) == {"tree A vs tree B"}
