"""Tests of evalkit.reproductions.replicability.measures: Table 1's arithmetic, the tests on one data set, the page's claims."""
import numpy as np
import pytest

from evalkit import claims, stats
from evalkit.reproductions import get_experiment, result_rows
from evalkit.reproductions.replicability import measures

NAMES = ("bouckaert-frank-tests-example", "bouckaert-frank-mcnemar")


@pytest.mark.parametrize("name", NAMES)
def test_registered_with_book_and_paper_presets(name):
    spec = get_experiment(name)
    assert {"book", "paper"} <= set(spec.scales) and spec.paper_cost
    assert get_experiment("bouckaert-frank") is get_experiment("bouckaert-frank-tables1-4")


@pytest.mark.usefixtures("shared_data")
def test_examples_on_diabetes():
    tests = measures.tests_example()
    assert set(tests) >= {"5x2cv paired t", "corrected 10 x 10-fold CV"}
    assert tests["corrected resampled t (df = n, the paper)"].df == 100
    assert len(result_rows(get_experiment("bouckaert-frank-tests-example").rows(tests))) == len(tests)
    mc = measures.mcnemar_example()
    assert mc.nb_wrong_tree_right >= 0 and 0 <= mc.test.pvalue <= 1


def test_paper_table1_check_reproduces_the_summary_rows():
    check, diff = measures.paper_table1_check()
    assert diff < 5e-4
    assert check[("NB vs C4.5", "evalkit")]["consistent"] == 9


def test_ours_judges_the_floor_and_the_formula_on_the_paper_s_numbers():
    check, _ = measures.paper_table1_check()
    ours = measures.ours(floor=stats.replicability(np.arange(11), 10), table1=check)
    assert ours == {"bf.sec2.r-floor": False, "bf.sec2.r-formula": True}
    assert measures.ours() == {} and list(measures.ours(table1=check)) == ["bf.sec2.r-formula"]
    # the predicates say True on a confirming case and False on a counter-example
    assert measures.ours(floor=np.array([1.0, 0.5, 1.0]))["bf.sec2.r-floor"] is True
    broken = check.copy()
    broken.loc["consistent", ("NB vs C4.5", "evalkit")] += 1
    assert measures.ours(table1=broken)["bf.sec2.r-formula"] is False
    # r-floor is a source error of the paper (R(5, 10) = 4/9), recorded with the registry's note
    rec = claims.record_all(ours)[0]
    assert rec.verdict == "source-error" and rec.source_error == "errata-bf"
