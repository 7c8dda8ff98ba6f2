"""The declared-checks machinery (evalkit._checks) and safe result equality (evalkit._results)."""
import dataclasses
import math

import numpy as np
import pytest

from evalkit._checks import (COMMON, Anything, Array, Boolean, Choice, Either, Function, GraphLike, Instance,
                             Integer, Jobs, PathLike, Real, Seed, Text, Values, checks, describe_value)
from evalkit._results import result

CONSTRAINTS = [
    Real(), Real(0, 1), Real(0, 1, closed="neither"), Real(0, None, closed="neither", allow_inf=True),
    Real(allow_nan=True), Integer(), Integer(1), Integer(0, 5), Choice("a", "b"), Choice("a", none=True),
    Boolean(), Text(), Text(empty=True), PathLike(), Seed(), Jobs(), Array(), Array(ndim=1),
    Array(ndim=2, kind="count", square=True), Array(kind="binary"), Array(kind="label"), Array(low=0, high=1),
    Array(ndim=(1, 2), kind="integer"), GraphLike(), Function(), Either(Integer(1), Choice("auto")),
    Values(Real(0, 1)), Values(Choice("x", "y"), min_len=2), Instance(dict, example=lambda: {}),
]


@pytest.mark.parametrize("constraint", CONSTRAINTS, ids=lambda c: f"{type(c).__name__}:{c.description}")
def test_every_constraint_accepts_its_valid_value_and_refuses_its_invalid_ones(constraint):
    constraint(constraint.valid(), "arg")
    assert constraint.invalid(), "a constraint that rules nothing out"
    for value, why in constraint.invalid():
        with pytest.raises((TypeError, ValueError), match="arg") as info:
            constraint(value, "arg")
        assert "got" in str(info.value), why


def test_messages_say_what_was_expected_and_what_was_given():
    with pytest.raises(ValueError, match=r"confidence_level must be a real number in \(0, 1\); got 95"):
        COMMON["confidence_level"](95, "confidence_level")
    with pytest.raises(TypeError, match=r"rng must be None, an integer in \[0, 2\*\*64\).*got 'seed'"):
        COMMON["rng"]("seed", "rng")
    with pytest.raises(ValueError, match=r"cm must be a square.*not square"):
        Array(ndim=2, square=True)(np.ones((2, 3)), "cm")


def test_real_allows_inf_and_nan_only_when_declared():
    Real(0, None, closed="neither", allow_inf=True)(math.inf, "beta")
    with pytest.raises(ValueError, match="not infinite"):
        Real(0, None)(math.inf, "beta")
    Real(allow_nan=True)(math.nan, "p")
    with pytest.raises(ValueError):
        Real()(math.nan, "p")


def test_array_kinds():
    Array(kind="count")([1.0, 2.0], "n")
    Array(kind="binary")([True, False], "y")
    Array(kind="label")(["pos", "neg"], "y")
    with pytest.raises(ValueError, match="whole"):
        Array(kind="count")([1.5], "n")
    with pytest.raises(ValueError, match="NaN is not a label"):
        Array(kind="label")([1.0, np.nan], "y")
    with pytest.raises(ValueError, match="NaN is not a label"):
        Array(kind="label")(np.array(["a", np.nan], dtype=object), "y")
    with pytest.raises(TypeError, match="not numbers"):
        Array()(np.array(["a", "b"], dtype=object), "x")


def test_anything_needs_a_reason():
    with pytest.raises(ValueError, match="reason"):
        Anything("")
    Anything("passed to the estimator")(object(), "estimator")


def test_decorator_checks_passed_arguments_defaults_and_lengths():
    @checks(_same_length=[("x", "y")], x=Array(ndim=1), y=Array(ndim=1), k=Integer(1))
    def f(x, y, *, k=1, rng=None):
        return len(x) * k

    assert f([1, 2], [3, 4], k=2) == 4
    with pytest.raises(ValueError, match="x and y must have the same length; x has 2, y has 3"):
        f([1, 2], [3, 4, 5])
    with pytest.raises(ValueError, match="k must be an integer >= 1; got 0"):
        f([1], [2], k=0)
    with pytest.raises(TypeError, match="rng"):
        f([1], [2], rng="seed")
    with pytest.raises(ValueError, match="k must be"):
        @checks(k=Integer(1))
        def g(k=0):  # pragma: no cover - never defined
            return k
    with pytest.raises(TypeError, match="unknown parameter"):
        @checks(nope=Integer())
        def h():  # pragma: no cover - never defined
            return 0


def test_decorated_class_checks_its_init():
    @checks(n=Integer(1))
    @dataclasses.dataclass(frozen=True)
    class Box:
        n: int

    assert Box(2).n == 2
    with pytest.raises(ValueError, match="n must be"):
        Box(0)
    Box.__evalkit_validate__(n=3)


def test_result_equality_is_safe_with_arrays_and_nan():
    @result
    class R:
        x: float
        a: np.ndarray

    r = R(math.nan, np.array([1.0, np.nan]))
    assert r == R(math.nan, np.array([1.0, np.nan]))
    assert r != R(1.0, np.array([1.0, np.nan]))
    assert r != R(math.nan, np.array([1.0]))
    assert (r == object()) is False
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.x = 2.0


def test_describe_value_is_short():
    assert len(describe_value("x" * 500)) <= 80
    assert "shape (100,)" in describe_value(np.zeros(100))
