"""Tests of evalkit.reproductions.network_cv.theorems: Theorems 1-3 by Monte Carlo, and their claims."""
import numpy as np
import pandas as pd
import pytest

from evalkit import claims
from evalkit import relational as rel
from evalkit.reproductions.network_cv import theorems

ALGEBRA = {"Thm 1: step": 0, "Thm 3: Var_corr - Var_obs -> statement's Delta": 1}


def test_theorems_small():
    grid = theorems.theorem_grid(scale="small", n=(30,), g=(5,))
    assert len(grid) == 9 and (grid.z.abs() < 5).all()
    delta = theorems.theorem3_delta(scale="small", c_max=3)
    assert list(delta.c) == [1, 2, 3]
    np.testing.assert_allclose(delta.proof, rel.variance_underestimate(20, 10, 0.9, np.arange(1, 4), 0.09))


@pytest.fixture(scope="module")
def ours():
    grid = theorems.theorem_grid(scale="small", n=(30,), g=(1, 5))
    delta = theorems.theorem3_delta(scale="small", c_max=3)
    return theorems.ours(grid, delta, ALGEBRA)


def test_the_statement_and_the_printed_t_statistic_are_wrong_the_proofs_hold(ours):
    assert not ours["neville.thm3.statement"] and not ours["neville.thm3.t-statistic"]
    assert ours["neville.thm3.proof-delta"] and ours["neville.thm1.proof"]


def test_record_all_outside_a_kernel(ours):
    verdicts = {r.claim.id: r.verdict for r in claims.record_all(ours)}
    # the registry's standing note: the statement of Theorem 3 and the printed t statistic are the source's errors
    assert verdicts["neville.thm3.statement"] == "source-error"
    assert verdicts["neville.thm3.t-statistic"] == "source-error"
    assert verdicts["neville.thm1.statement"] == "reproduced"


def test_claim_functions_refuse_bad_arguments():
    # the theorems chapter passes its SymPy steps as a pandas Series
    frame = pd.DataFrame({"x": [1.0]})
    theorems.ours.__evalkit_validate__(frame, frame, pd.Series({"Thm 1: step": 0}))
    with pytest.raises(TypeError, match="algebra"):
        theorems.ours(frame, frame, [("Thm 1: step", 0)])
    with pytest.raises(TypeError, match="seed"):
        theorems.theorem3_delta(seed=np.random.default_rng(0))  # the seeds of its estimates are 2 seed + c
