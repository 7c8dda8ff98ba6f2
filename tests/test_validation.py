"""Tests of the private argument checkers."""
import numpy as np
import pytest

from evalkit._validation import (
    check_choice,
    check_confidence_level,
    check_count_array,
    check_level_array,
    check_positive_int,
    check_probability,
)


def test_check_choice():
    assert check_choice("a", "x", ("a", "b")) == "a"
    with pytest.raises(ValueError, match=r"x must be one of 'a', 'b'; got 'c'"):
        check_choice("c", "x", ("a", "b"))
    with pytest.raises(ValueError):
        check_choice(None, "x", ("a",))


def test_check_confidence_level():
    assert check_confidence_level(0.9) == 0.9
    for bad, exc in [(0, ValueError), (1, ValueError), (True, TypeError), ("0.9", TypeError), (95, ValueError)]:
        with pytest.raises(exc, match="confidence_level"):
            check_confidence_level(bad)


def test_check_probability():
    np.testing.assert_array_equal(check_probability([0, 0.5, 1], "p"), [0, 0.5, 1])
    for bad in ([-0.1], [1.1], [np.nan]):
        with pytest.raises(ValueError, match="p must contain probabilities"):
            check_probability(bad, "p")


def test_check_positive_int():
    assert check_positive_int(np.int64(3), "n") == 3
    with pytest.raises(TypeError, match="n must be an integer"):
        check_positive_int(3.0, "n")
    with pytest.raises(ValueError, match="n must be an integer >= 2"):
        check_positive_int(1, "n", minimum=2)


def test_check_count_array():
    assert check_count_array([1.0, 2.0], "c").dtype == np.int64
    with pytest.raises(TypeError, match="c must be an integer count"):
        check_count_array([True], "c")
    with pytest.raises(ValueError, match="whole numbers"):
        check_count_array([np.inf], "c")


def test_check_level_array():
    np.testing.assert_array_equal(check_level_array([0.5, 0.9]), [0.5, 0.9])
    for bad in ([0.5, 1.0], 0.0, np.nan):
        with pytest.raises(ValueError, match="strictly between 0 and 1"):
            check_level_array(bad)
