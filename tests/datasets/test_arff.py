"""Tests of the ARFF reader against scipy.io.arff and on Weka's quirks."""
import io

import numpy as np
import pytest
from scipy.io import arff as scipy_arff

from evalkit.datasets.arff import ArffError, parse_arff

TOY = """% a comment
@RELATION 'my data'
@ATTRIBUTE "a b"  REAL
@attribute n integer [0,9]
@attribute c { x, 'y z', '?'}
@data
1.5, 3, x
?, 4 , 'y z'
-2e3,?,'?'
"""


def test_toy_file():
    d = parse_arff(TOY)
    assert d.relation == "my data"
    assert [a.name for a in d.attributes] == ["a b", "n", "c"]
    np.testing.assert_array_equal(d.data, [[1.5, 3, 0], [np.nan, 4, 1], [-2000, np.nan, 2]])
    # quoted '?' is a declared category, unquoted ? is missing (Weka's rule)
    assert d.target_names == ["x", "y z", "?"]
    assert d.y.tolist() == [0, 1, 2]
    assert d.X.shape == (3, 2) and d.feature_names == ["a b", "n"]


def test_space_after_comma_in_nominal_declaration():
    # soybean.arff's quirk, which scipy.io.arff rejects
    text = "@relation s\n@attribute c {a,b, c}\n@data\nc\nb\n"
    with pytest.raises(NotImplementedError if False else Exception):
        scipy_arff.loadarff(io.StringIO(text))
    assert parse_arff(text).y.tolist() == [2, 1]


def test_sparse_rows():
    text = "@relation s\n@attribute a real\n@attribute b real\n@attribute c {u,v}\n@data\n{1 2.5, 2 v}\n{}\n"
    np.testing.assert_array_equal(parse_arff(text).data, [[0, 2.5, 1], [0, 0, 0]])


def test_missing_class_is_minus_one():
    d = parse_arff("@relation s\n@attribute c {u,v}\n@data\n?\nv\n")
    assert d.y.tolist() == [-1, 1]


@pytest.mark.parametrize(
    "text, match",
    [
        ("@attribute a real\n@data\n1\n", "no @relation"),
        ("@relation r\n@attribute a real\n", "no @data"),
        ("@relation r\n@attribute a real\n@data\n1,2\n", "line 4: 2 values, expected 1"),
        ("@relation r\n@attribute a real\n@data\nabc\n", "line 4: 'abc' is not a number"),
        ("@relation r\n@attribute c {u,v}\n@data\nw\n", "'w' is not a declared value of attribute 'c'"),
        ("@relation r\n@attribute s string\n@data\nw\n", "supported are numeric"),
        ("@relation r\n@data\n", "@data before any @attribute"),
        ("@relation r\n@attribute c {u,v\n@data\n", "closing"),
    ],
)
def test_errors_name_the_line(text, match):
    with pytest.raises(ArffError, match=match):
        parse_arff(text)
