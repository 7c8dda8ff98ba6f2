"""Tests of evalkit.reproductions.replicability.uci_tables.nn_ties: Weka's distance, the tie shares, the offsets."""
import numpy as np
import pytest

from evalkit import claims
from evalkit.datasets.arff import parse_arff
from evalkit.reproductions.replicability.uci_tables import nn_ties

TOY = """@relation toy
@attribute a numeric
@attribute b {x,y,z}
@attribute class {p,n}
@data
0,x,p
2,?,n
?,y,p
4,z,n
1,x,n
"""


def weka_distance(u, v, kinds, low, high):
    """Weka's EuclideanDistance between two rows, written out attribute by attribute."""
    total = 0.0
    for a, b, kind, lo, hi in zip(u, v, kinds, low, high):
        if kind == "nominal":
            diff = 1.0 if np.isnan(a) or np.isnan(b) or a != b else 0.0
        elif np.isnan(a) and np.isnan(b):
            diff = 1.0
        elif np.isnan(a) or np.isnan(b):
            w = ((b if np.isnan(a) else a) - lo) / (hi - lo)
            diff = max(w, 1 - w)
        else:
            diff = (a - b) / (hi - lo)
        total += diff ** 2
    return np.sqrt(total)


def test_weka_distances_follow_wekas_rules_for_missing_values():
    data = parse_arff(TOY)
    X = data.X
    kinds = ["numeric", "nominal"]
    low, high = np.nanmin(X, axis=0), np.nanmax(X, axis=0)
    d = nn_ties.weka_distances(data)
    for i in range(len(X)):
        for j in range(len(X)):
            if i != j:
                assert d[i, j] == pytest.approx(weka_distance(X[i], X[j], kinds, low, high)), (i, j)


def test_decisive_ties_are_ties_across_classes():
    duplicates = parse_arff("@relation t\n@attribute c {x,y}\n@attribute class {p,n}\n@data\nx,p\nx,p\ny,n\ny,n\n")
    assert nn_ties.decisive_tie_share(duplicates) == 0.0          # ties, but within one class
    mixed = parse_arff("@relation t\n@attribute c {x,y}\n@attribute class {p,n}\n@data\nx,p\nx,n\ny,n\ny,n\n")
    # each x sees only the other x (one neighbour, no tie); each y sees the other y: no decisive tie either
    assert nn_ties.decisive_tie_share(mixed) == 0.0
    three = parse_arff("@relation t\n@attribute c {x,y}\n@attribute class {p,n}\n@data\nx,p\nx,n\nx,n\ny,p\n")
    # the x,n rows see x,p and x,n tied; the y sees all three x at distance 1; the x,p sees two n's only
    assert nn_ties.decisive_tie_share(three) == pytest.approx(0.75)


def test_pair_offsets_and_extremeness_against_the_registry():
    cid = "bf.table2.c45-nn.runs10.r"
    offsets = nn_ties.pair_offsets({cid: claims.source_value(cid) + 0.05})
    assert offsets.loc["c45-nn", "mean"] == pytest.approx(0.05) and offsets.loc["c45-nn", "above"] == 1
    count = "bf.table1.iris.nb-nn"
    paper = claims.source_value(count)
    assert nn_ties.table1_extremeness({count: paper}).loc["iris", "nb-nn"] == 0
    with pytest.raises(ValueError, match="R cells"):
        nn_ties.pair_offsets({count: 3})
    with pytest.raises(ValueError, match="Table 1"):
        nn_ties.table1_extremeness({cid: 0.9})
