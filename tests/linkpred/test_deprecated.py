"""The evalkit 1 paths of the link-prediction API: forwarded with a DeprecationWarning."""
import importlib
import warnings

import numpy as np
import pytest
import scipy.sparse as sp

from evalkit import linkpred
from evalkit.graph import as_adjacency


def test_linkpred_protocols_forwards_to_linkpred_with_a_warning():
    old = importlib.import_module("evalkit.linkpred_protocols")
    for name in ("distance_score_histograms", "top_k_rate", "surrogate_auroc", "temporal_slices", "DistanceHistograms"):
        with pytest.warns(DeprecationWarning, match="evalkit.linkpred_protocols is deprecated"):
            assert getattr(old, name) is getattr(linkpred, name)
    with warnings.catch_warnings():  # listing the shim (IDEs, pytest's fixture scan) warns nothing
        warnings.simplefilter("error")
        dir(old)


def test_undirected_adjacency_warns_and_returns_what_it_returned():
    with pytest.warns(DeprecationWarning, match="evalkit.graph.as_adjacency"):
        undirected_adjacency = linkpred.undirected_adjacency
    A, nodes = undirected_adjacency([(10, 20), (20, 30), (20, 10)])
    assert isinstance(A, sp.csr_matrix) and A.dtype == np.int8
    assert A.toarray().tolist() == [[0, 1, 0], [1, 0, 1], [0, 1, 0]] and nodes.tolist() == [10, 20, 30]
    B, _ = as_adjacency([(10, 20), (20, 30), (20, 10)])
    assert (A != B).nnz == 0


def test_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        linkpred.nonsense  # noqa: B018
