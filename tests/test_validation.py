"""Tests of the private argument checkers."""
import numpy as np
import pytest

from evalkit._validation import (
    check_binary_scores,
    check_choice,
    check_confidence_level,
    check_count_array,
    check_level_array,
    check_positive_int,
    check_probability,
    distinct_labels,
    positive_class,
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


def test_positive_class_follows_scikit_learns_rule():
    # sklearn.utils.validation._check_pos_label_consistency: {0, 1}, {-1, 1}, bool default to 1
    for classes in ([0, 1], [-1, 1], [0], [1], [-1], [0.0, 1.0]):
        assert positive_class(classes, None) == 1
    assert positive_class([False, True], None) is True
    assert positive_class(["neg", "pos"], "pos") == "pos"
    assert positive_class([1, 2], 2) == 2
    assert positive_class(["a"], "b") == "b"  # one class found: the positive one may be absent
    for classes in (["neg", "pos"], [1, 2], [-1, 0], ["0", "1"], ["a"]):
        with pytest.raises(ValueError, match=r"pos_label must be given: the labels of y_true are \["):
            positive_class(classes, None)
    with pytest.raises(ValueError, match=r"pos_label=3 is not a label of y_true; the labels are \[1, 2\]"):
        positive_class([1, 2], 3)
    with pytest.raises(ValueError, match=r"y_true must be binary \(two classes\) here; got 3 labels"):
        positive_class([0, 1, 2], None)


def test_distinct_labels_never_promote_numbers_to_strings():
    # NumPy would concatenate these into the strings ['0', '1', 'a', 'b']
    assert distinct_labels(np.array(["b", "a"]), np.array([1, 0])) == ["a", "b", 0, 1]
    assert distinct_labels([True, False], [1]) == [False, True]
    assert distinct_labels(np.array([2, 1, 2]), [3.0]) == [1, 2, 3.0]


def test_check_binary_scores_resolves_pos_label():
    pos, s = check_binary_scores(np.array(["b", "a", "b"]), [0.1, 0.2, 0.3], "b")
    assert pos.tolist() == [True, False, True] and s.dtype == np.float64
    pos, _ = check_binary_scores([-1, 1, 1], [0.1, 0.2, 0.3])
    assert pos.tolist() == [False, True, True]
    with pytest.raises(ValueError, match="no positives \\(pos_label=2\\)"):
        check_binary_scores([1, 1], [0.1, 0.2], 2)
