"""evalkit.datasets: every public name of evalkit 1.x is still reachable there."""
import pytest

from evalkit import datasets

OLD_PUBLIC = ["ArffAttribute", "ArffData", "ArffError", "ChecksumMismatchError", "DatasetNotFoundError",
              "LabeledNetwork", "TEMPORAL_NETWORKS", "TemporalEdges", "TemporalHypergraph", "UCI_DATASETS",
              "cache_dir", "fetch", "info", "list_files", "load_arff", "load_citeseer", "load_condmat", "load_cora",
              "load_enron_roles", "load_enron_simplices", "load_polbooks", "load_temporal_edges", "parse_arff",
              "search_dirs"]


@pytest.mark.parametrize("name", OLD_PUBLIC)
def test_old_public_names_are_flat(name):
    assert name in datasets.__all__ and getattr(datasets, name) is not None


def test_fetch_is_the_function_and_submodules_are_listed():
    assert callable(datasets.fetch)
    for sub in ("registry", "fetching", "arff", "uci", "temporal", "networks", "synthetic"):
        assert f"evalkit.datasets.{sub}" in datasets.__doc__


def test_shared_copies_are_found_beside_the_repository(shared_data):
    assert shared_data in datasets.search_dirs()
