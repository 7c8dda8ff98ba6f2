"""Tests of evalkit.graph: the adjacency converter and checker, breadth-first distances."""
import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from evalkit.graph import as_adjacency, bfs_distance_blocks, bfs_distances, check_adjacency, pair_indices


@pytest.mark.parametrize("seed", range(5))
def test_networkx_graph_edge_list_and_matrix_give_the_same_adjacency(seed):
    g = nx.gnp_random_graph(30, 0.1, seed=seed)
    g.add_node(99)  # an isolated node: only the graph knows it
    A, nodes = as_adjacency(g)
    ref = nx.to_scipy_sparse_array(g, nodelist=sorted(g.nodes))
    assert isinstance(A, sp.csr_array) and A.dtype == np.int8
    assert nodes.tolist() == sorted(g.nodes)
    np.testing.assert_array_equal(A.toarray(), ref.toarray())
    edges = np.array(list(g.edges()))
    B, _ = as_adjacency(np.r_[edges, edges[:, ::-1]], nodes=nodes)  # every pair listed both ways: one edge
    np.testing.assert_array_equal(B.toarray(), A.toarray())
    C, ids = as_adjacency(ref)
    np.testing.assert_array_equal(C.toarray(), A.toarray())
    assert ids.tolist() == list(range(A.shape[0]))


def test_any_sortable_node_ids():
    A, nodes = as_adjacency([("b", "a"), ("c", "b")])
    assert nodes.tolist() == ["a", "b", "c"] and A.toarray().tolist() == [[0, 1, 0], [1, 0, 1], [0, 1, 0]]


def test_directed_graphs_are_refused_or_symmetrized_keeping_the_larger_weight():
    g = nx.DiGraph()
    g.add_edge(0, 1, weight=2.0)
    g.add_edge(1, 0, weight=5.0)
    g.add_edge(1, 2)
    with pytest.raises(ValueError, match="graph must be undirected"):
        as_adjacency(g)
    W, _ = as_adjacency(g, directed="symmetrize", weight="weight")
    assert W.toarray().tolist() == [[0.0, 5.0, 0.0], [5.0, 0.0, 1.0], [0.0, 1.0, 0.0]]
    M = sp.csr_array(np.array([[0, 3.0], [0, 0]]))
    with pytest.raises(ValueError, match="asymmetric"):
        as_adjacency(M)
    assert as_adjacency(M, directed="symmetrize")[0].toarray().tolist() == [[0, 1], [1, 0]]


@pytest.mark.parametrize("graph, nodes, message", [
    ([(0, 0), (0, 1)], None, "self-loop"),
    ([(0, 1), (1, 5)], [0, 1, 2], r"nodes must hold every edge end point of graph; 1 missing id: 5"),
    ([(0, 1)], [0, 0, 1], "must not repeat"),
    (np.zeros((3, 3)), None, r"an \(m, 2\) edge list"),
    (nx.MultiGraph([(0, 1), (0, 1)]), None, "multigraph"),
])
def test_bad_graphs_are_clear_errors(graph, nodes, message):
    with pytest.raises(ValueError, match=message):
        as_adjacency(graph, nodes=nodes)


def test_bad_options_are_clear_errors():
    with pytest.raises(ValueError, match="directed must be one of"):
        as_adjacency([(0, 1)], directed="yes")
    with pytest.raises(TypeError, match="weight must be a non-empty string or None"):
        as_adjacency([(0, 1)], weight=1)
    with pytest.raises(ValueError, match="weight applies to networkx graphs"):
        as_adjacency([(0, 1)], weight="weight")
    with pytest.raises(ValueError, match="nodes must be None when graph is a matrix"):
        as_adjacency(sp.csr_array((2, 2)), nodes=[0, 1])


def test_check_adjacency():
    A = sp.csr_array(np.array([[0, 2.0], [2.0, 0]]))
    assert check_adjacency(A).toarray().tolist() == [[0, 1], [1, 0]]
    assert check_adjacency(A, weighted=True).toarray().tolist() == [[0, 2], [2, 0]]
    assert A.toarray().tolist() == [[0, 2], [2, 0]]  # the caller's matrix is left as it was
    with pytest.raises(TypeError, match="W must be a square scipy sparse"):
        check_adjacency(np.eye(2), name="W")
    with pytest.raises(ValueError, match="no self-loops"):
        check_adjacency(sp.csr_array(np.eye(2)))
    with pytest.raises(ValueError, match="non-negative"):
        check_adjacency(sp.csr_array(np.array([[0, -1.0], [-1.0, 0]])), weighted=True)
    with pytest.raises(ValueError, match="finite"):
        check_adjacency(sp.csr_array(np.array([[0, np.nan], [np.nan, 0]])))


@pytest.mark.parametrize("seed", range(3))
def test_bfs_distances_equal_networkx_in_any_chunking(seed):
    g = nx.gnp_random_graph(40, 0.05, seed=seed)
    A, nodes = as_adjacency(g)
    lengths = dict(nx.all_pairs_shortest_path_length(g))
    ref = np.array([[lengths[u].get(v, np.inf) for v in nodes] for u in nodes])
    np.testing.assert_array_equal(bfs_distances(A, np.arange(40)), ref)
    for chunk in (1, 7, 64):
        blocks = list(bfs_distance_blocks(A, chunk_size=chunk))
        assert all(len(s) <= chunk for s, _ in blocks)
        np.testing.assert_array_equal(np.vstack([d for _, d in blocks]), ref)
    sources = np.array([5, 3])
    (got_sources, got), = bfs_distance_blocks(A, sources)
    np.testing.assert_array_equal(got, ref[sources])
    assert bfs_distances(A, []).shape == (0, 40)
    with pytest.raises(ValueError, match="chunk_size must be an integer >= 1"):
        next(bfs_distance_blocks(A, chunk_size=0))


def test_bad_arguments_name_the_argument_and_fail_at_call_time():
    A, _ = as_adjacency([(0, 1), (1, 2)])
    with pytest.raises(ValueError, match="chunk_size must be an integer >= 1"):
        bfs_distance_blocks(A, chunk_size=-1)            # at the call, not at the first next()
    with pytest.raises(TypeError, match="chunk_size must be an integer >= 1"):
        bfs_distance_blocks(A, chunk_size=2.0)
    with pytest.raises(ValueError, match="sources must be row indices"):
        bfs_distances(A, [0, 3])
    with pytest.raises(ValueError, match="sources must be row indices"):
        bfs_distance_blocks(A, [5])
    with pytest.raises(ValueError, match="sources must be"):
        bfs_distances(A, [-1])
    with pytest.raises((TypeError, ValueError), match="graph must be"):
        as_adjacency(object())
    with pytest.raises((TypeError, ValueError), match="graph must be"):
        as_adjacency(5)
    with pytest.raises(ValueError, match="directed must be one of"):
        as_adjacency([(0, 1)], directed="yes")
    with pytest.raises(ValueError, match="nodes must be"):
        as_adjacency([(0, 1)], nodes=[0, np.nan])
    # valid graphs unchanged: an empty networkx graph, an empty edge list
    assert as_adjacency(nx.Graph())[0].shape == (0, 0)
    assert as_adjacency(np.zeros((0, 2), dtype=int))[0].shape == (0, 0)


@pytest.mark.parametrize("shape", [(3, 4), (1, 5), (4, 4)])
def test_tuple_node_ids_of_a_grid_equal_networkx(shape):
    g = nx.grid_2d_graph(*shape)
    A, nodes = as_adjacency(g)  # used to fail: "12 self-loop(s)" from the tuples' elements
    assert nodes.shape == (g.number_of_nodes(),) and nodes.tolist() == sorted(g.nodes)
    ref = nx.to_scipy_sparse_array(g, nodelist=nodes.tolist())
    np.testing.assert_array_equal(A.toarray(), ref.toarray())
    B, ids = as_adjacency(list(g.edges()))  # the edge list of tuple ids: the same matrix
    assert ids.tolist() == nodes.tolist()
    np.testing.assert_array_equal(B.toarray(), A.toarray())
    C, _ = as_adjacency(g.edges(), nodes=nodes[::-1])  # a networkx edge view, the rows reversed
    np.testing.assert_array_equal(C.toarray(), A.toarray()[::-1, ::-1])


def test_mixed_type_ids_keep_their_types_and_the_graphs_order():
    g = nx.Graph([(1, "a"), ("a", (0, 1)), (2.5, 1), ("1", 1)])
    g.add_node("isolated")
    A, nodes = as_adjacency(g)  # ints, floats, strings, tuples: not sortable, networkx's order
    assert nodes.tolist() == list(g.nodes) and [type(x) for x in nodes] == [int, str, tuple, float, str, str]
    ref = nx.to_scipy_sparse_array(g, nodelist=list(g.nodes))
    np.testing.assert_array_equal(A.toarray(), ref.toarray())
    # an edge list: the order of first appearance; "1" and 1 are different nodes, 1 and 1.0 the same
    B, ids = as_adjacency([("b", 1), (1, (0, 0)), ("1", 1.0)])
    assert ids.tolist() == ["b", 1, (0, 0), "1"] and B.toarray().sum(axis=1).tolist() == [1, 3, 1, 1]
    with pytest.raises(ValueError, match=r"graph has 1 self-loop\(s\), e.g. node 1"):
        as_adjacency([(1, 1.0)])
    with pytest.raises(ValueError, match=r"self-loop\(s\), e.g. node \(0, 0\)"):
        as_adjacency([((0, 0), (0, 1)), ((0, 0), (0, 0))])
    # sortable ids keep the old sorted order, numbers and strings keep their array types
    assert as_adjacency([(3, 1), (2, 1)])[1].tolist() == [1, 2, 3]
    assert as_adjacency([("b", "a")])[1].dtype.kind == "U"


def test_a_graph_node_missing_from_nodes_is_an_error_naming_nodes():
    g = nx.path_graph(3)
    g.add_node(7)  # isolated: no edge names it
    with pytest.raises(ValueError, match=r"nodes must hold every node of graph; 1 missing id: 7"):
        as_adjacency(g, nodes=[0, 1, 2])
    with pytest.raises(ValueError, match=r"nodes must hold every node of graph; 1 missing id: 0"):
        as_adjacency(g, nodes=[1, 2, 7])
    A, nodes = as_adjacency(g, nodes=[7, 2, 1, 0, "extra"])  # ids beyond the graph's: isolated rows
    assert nodes.tolist() == [7, 2, 1, 0, "extra"]
    assert A.toarray().tolist() == [[0] * 5, [0, 0, 1, 0, 0], [0, 1, 0, 1, 0], [0, 0, 1, 0, 0], [0] * 5]
    with pytest.raises(ValueError, match="nodes must not repeat a node id"):
        as_adjacency(g, nodes=[(0, 1), (0, 1)])


def test_pair_indices_round_trip_and_unknown_ids():
    g = nx.relabel_nodes(nx.cycle_graph(6), {0: (0, 0), 1: "b", 2: 2, 3: (1, "x"), 4: 4.5, 5: "f"})
    _, nodes = as_adjacency(g)
    pairs = [((0, 0), (1, "x")), ("f", 2), (4.5, "b")]
    rows = pair_indices(pairs, nodes)
    assert rows.dtype == np.int64 and [tuple(p) for p in nodes[rows].tolist()] == pairs
    np.testing.assert_array_equal(pair_indices(np.array(pairs, dtype=object), nodes), rows)
    assert pair_indices([], nodes).shape == (0, 2)
    np.testing.assert_array_equal(pair_indices([(3, 1)], np.array([9, 1, 5, 3])), [[3, 1]])  # numbers: no dict
    with pytest.raises(ValueError, match=r"positives must hold ids of nodes; 2 unknown ids: 'z', \(0, 1\)"):
        pair_indices([("z", "b"), ((0, 1), 2), (2, "f")], nodes, name="positives")
    with pytest.raises(ValueError, match="pairs must hold ids of nodes; 1 unknown id: '2'"):
        pair_indices([("2", "b")], nodes)  # "2" is not 2
    with pytest.raises(ValueError, match="nodes must not repeat"):
        pair_indices([(1, 2)], [1, 2, 1])
    with pytest.raises(ValueError, match=r"pairs must be a sequence of \(u, v\) pairs"):
        pair_indices([(1, 2, 3)], [1, 2, 3])
    with pytest.raises(ValueError, match="nodes must be a sequence of hashable node ids"):
        pair_indices([(1, 2)], [1, 2, np.nan])
