"""Tests of every loader in evalkit.datasets on the shared reference copies.

Expected counts are the documented statistics in shared/datasets/MANIFEST.md (SNAP's
pages, the LINQS READMEs, Newman's description, the Weka/UCI documentation), not
values read back from our own output.
"""
import datetime
import gzip
import io

import numpy as np
import pytest
from scipy.io import arff as scipy_arff

from evalkit import datasets

pytestmark = pytest.mark.usefixtures("shared_data")

# Weka/UCI documented instances x attributes (MANIFEST.md section 2)
UCI_SHAPES = {
    "anneal": (898, 39), "arrhythmia": (452, 280), "audiology": (226, 70), "autos": (205, 26),
    "balance-scale": (625, 5), "breast-cancer": (286, 10), "breast-w": (699, 10), "colic": (368, 23),
    "credit-a": (690, 16), "credit-g": (1000, 21), "diabetes": (768, 9), "ecoli": (336, 8),
    "glass": (214, 10), "heart-h": (294, 14), "heart-statlog": (270, 14), "hepatitis": (155, 20),
    "ionosphere": (351, 35), "iris": (150, 5), "labor": (57, 17), "lymph": (148, 19),
    "primary-tumor": (339, 18), "sonar": (208, 61), "soybean": (683, 36), "vehicle": (846, 19),
    "vote": (435, 17), "vowel": (990, 14), "zoo": (101, 18),
}


def test_registry_lists_all_27_uci_sets():
    assert set(datasets.UCI_DATASETS) == set(UCI_SHAPES)


@pytest.mark.parametrize("name", sorted(UCI_SHAPES))
def test_every_arff_loads_with_documented_shape(name):
    d = datasets.load_arff(name)
    assert d.shape == UCI_SHAPES[name]
    assert d.y.min() >= -1 and d.y.max() < len(d.target_names)


@pytest.mark.parametrize("name", sorted(set(UCI_SHAPES) - {"soybean"}))
def test_arff_agrees_with_scipy_where_scipy_can_read(name):
    text = gzip.decompress(datasets.fetch(f"uci/{name}.arff.gz").read_bytes()).decode()
    ref, meta = scipy_arff.loadarff(io.StringIO(text))
    d = datasets.load_arff(name)
    for j, attr in enumerate(d.attributes):
        col = ref[meta.names()[j]]
        if attr.kind == "numeric":
            np.testing.assert_array_equal(col.astype(float), d.data[:, j])
        else:
            # scipy shows missing and quoted '?' alike as b'?'
            mine = ["?" if np.isnan(c) else attr.values[int(c)] for c in d.data[:, j]]
            assert [v.decode() for v in col] == mine


def test_soybean_is_rejected_by_scipy_but_read_here():
    text = gzip.decompress(datasets.fetch("uci/soybean.arff.gz").read_bytes()).decode()
    with pytest.raises(ValueError):
        scipy_arff.loadarff(io.StringIO(text))
    soy = datasets.load_arff("soybean")
    assert len(soy.target_names) == 19
    assert "same-lst-sev-yrs" in soy.attributes[2].values or any(
        "same-lst-sev-yrs" in a.values for a in soy.attributes
    )


# SNAP documented nodes / temporal edges / static (directed) edges
TEMPORAL = {
    "CollegeMsg": (1899, 59835, 20296),
    "email-Eu-core-temporal": (986, 332334, 24929),
    "email-Eu-core-temporal-Dept1": (309, 61046, 3031),
    "email-Eu-core-temporal-Dept2": (162, 46772, 1772),
    "email-Eu-core-temporal-Dept3": (89, 12216, 1506),
    "email-Eu-core-temporal-Dept4": (142, 48141, 1375),
    "sx-mathoverflow": (24818, 506550, 239978),
    "sx-mathoverflow-a2q": (21688, 107581, 90489),
    "ia-reality-call": (6809, 52050, 9484),
}


@pytest.mark.parametrize("name", sorted(TEMPORAL))
def test_temporal_edge_lists_match_documented_counts(name):
    ev = datasets.load_temporal_edges(name)
    nodes, events, static = TEMPORAL[name]
    assert (ev.n_nodes, ev.n_events) == (nodes, events)
    assert np.all(np.diff(ev.time) >= 0)
    # SNAP counts distinct ordered pairs including self-loops
    assert len(set(zip(ev.src.tolist(), ev.dst.tolist()))) == static


def test_collegemsg_span_and_windows():
    ev = datasets.load_temporal_edges("CollegeMsg")
    assert (ev.time[-1] - ev.time[0]) / 86400 == pytest.approx(193.7, abs=0.05)
    mid = int(np.median(ev.time))
    first, second = ev.between(end=mid), ev.between(start=mid)
    assert first.n_events + second.n_events == ev.n_events
    assert first.to_graph().number_of_edges() <= ev.to_graph().number_of_edges()


def test_condmat_hypergraph():
    cm = datasets.load_condmat()
    assert cm.n_hyperedges == 23709 and len(cm.node_names) == 17636
    assert int((cm.sizes == 1).sum()) == 4245
    assert cm.node_names[0] == "RADZIHOVSKY L"
    g = cm.pairwise().to_graph()
    # MANIFEST: 55,276 distinct pairs, counted with itertools.combinations, which
    # includes 6 self-pairs from papers that list one author twice
    assert g.number_of_edges() == 55276 - 6
    assert not any(u == v for u, v in g.edges)
    # LPmade's Condmat script weighs each co-author pair of a k-author paper 1/(k-1)
    weighted = cm.pairwise(weighting="newman")
    assert weighted.n_events == cm.pairwise().n_events
    multi = cm.sizes >= 2
    # each paper's pair weights sum to k/2 (k(k-1)/2 pairs of 1/(k-1)), k = distinct authors
    distinct = [len(set(cm.hyperedge(i).tolist())) for i in np.flatnonzero(multi)]
    assert weighted.weight.sum() == pytest.approx(sum(k / 2 for k in distinct if k >= 2))


def test_enron_simplices_match_benson():
    en = datasets.load_enron_simplices()
    assert en.n_hyperedges == 10883 and int(en.sizes.sum()) == 26841
    assert len(np.unique(en.members)) == 143 and len(en.node_names) == 148
    assert en.pairwise().to_graph().number_of_edges() == 1800
    # 1998-11-13 12:07 to 2002-06-12 16:20 UTC
    first = datetime.datetime.fromtimestamp(int(en.times.min()), datetime.timezone.utc)
    last = datetime.datetime.fromtimestamp(int(en.times.max()), datetime.timezone.utc)
    assert first.strftime("%Y-%m-%d %H:%M") == "1998-11-13 12:07"
    assert last.strftime("%Y-%m-%d %H:%M") == "2002-06-12 16:20"


@pytest.mark.parametrize(
    "loader, n, e, words, counts",
    [
        (datasets.load_cora, 2708, 5278, 1433, {"Neural_Networks": 818, "Probabilistic_Methods": 426,
         "Genetic_Algorithms": 418, "Theory": 351, "Case_Based": 298, "Reinforcement_Learning": 217,
         "Rule_Learning": 180}),
        (datasets.load_citeseer, 3312, 4536, 3703, {"DB": 701, "IR": 668, "Agents": 596, "ML": 590,
         "HCI": 508, "AI": 249}),
    ],
)
def test_linqs_networks(loader, n, e, words, counts):
    net = loader()
    assert net.graph.number_of_nodes() == n and net.graph.number_of_edges() == e
    assert net.features.shape == (n, words)
    assert dict(zip(net.classes, np.bincount(net.labels).tolist())) == counts
    assert nx_no_self_loops(net.graph)
    directed = loader(directed=True)
    assert directed.graph.is_directed()


def nx_no_self_loops(g):
    return all(u != v for u, v in g.edges)


def test_cora_features_are_the_file_bits():
    cora = datasets.load_cora()
    first = gzip.decompress(datasets.fetch("labeled/cora/cora.content.gz").read_bytes()).decode().split("\n", 1)[0]
    bits = np.array(first.split("\t")[1:-1], dtype=int)
    np.testing.assert_array_equal(cora.features[0].toarray().ravel(), bits)
    assert cora.node_ids[0] == first.split("\t")[0]


def test_polbooks():
    pb = datasets.load_polbooks()
    assert pb.graph.number_of_nodes() == 105 and pb.graph.number_of_edges() == 441
    assert dict(zip(pb.classes, np.bincount(pb.labels))) == {"c": 49, "l": 43, "n": 13}
    assert pb.node_ids[0] == "1000 Years for Revenge"


def test_enron_roles():
    er = datasets.load_enron_roles()
    assert er.graph.number_of_edges() == 2583
    assert sum(w for _, _, w in er.graph.edges(data="weight")) == 30163
    assert int((er.labels >= 0).sum()) == 134
    assert er.node_ids[0] == "phillip.allen@enron.com"


def test_unknown_names_are_clear_errors():
    with pytest.raises(ValueError, match="name must be one of the UCI data sets"):
        datasets.load_arff("irises")
    with pytest.raises(ValueError, match="name must be one of"):
        datasets.load_temporal_edges("enron")
    with pytest.raises(ValueError, match="not a registered data file"):
        datasets.fetch("uci/iris.csv")
    with pytest.raises(TypeError, match="path must be a non-empty string"):
        datasets.fetch(3)
    with pytest.raises(ValueError, match="did you mean"):
        datasets.info("iris.arff")
    assert datasets.info("uci/iris.arff.gz").urls[0].endswith("iris.arff")


def test_hyperedge_index_out_of_range_names_i():
    import numpy as np

    h = datasets.TemporalHypergraph("toy", np.array([0, 3, 5]), np.array([1, 2, 3, 4, 5]), np.array([10, 20]), {})
    assert h.hyperedge(-1).tolist() == [4, 5]
    with pytest.raises(ValueError, match="^i must be"):
        h.hyperedge(2)                          # was an IndexError
    with pytest.raises(ValueError, match="offsets"):
        datasets.TemporalHypergraph("toy", np.array([0, 3, 9]), np.array([1, 2, 3]), np.array([10, 20]), {})
