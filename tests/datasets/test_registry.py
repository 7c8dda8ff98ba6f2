"""The registry's data sets: names, groups and paths (evalkit.datasets.registry)."""
import pytest

from evalkit import datasets
from evalkit.datasets.registry import DATASETS, GROUPS, REGISTRY, dataset_of


def test_every_file_is_in_exactly_one_data_set():
    paths = [p for files in DATASETS.values() for p in files]
    assert sorted(paths) == sorted(REGISTRY) and len(paths) == len(set(paths))
    assert all(dataset_of(p) in DATASETS and p in DATASETS[dataset_of(p)] for p in REGISTRY)


def test_loader_names_are_data_sets():
    names = set(datasets.list_datasets())
    assert set(datasets.UCI_DATASETS) <= names and set(datasets.TEMPORAL_NETWORKS) <= names
    assert {"cora", "citeseer", "polbooks", "enron-roles", "email-Enron", "cond-mat"} <= names
    assert not names & set(GROUPS)


@pytest.mark.parametrize("name, expected", [
    ("email-Enron", 5), ("enron-roles", 3), ("polbooks", 2), ("uci", 27), ("temporal", 15), ("labeled", 11),
    ("temporal/cond-mat.hg2.gz", 1), ("cond-mat", 1),
])
def test_dataset_files(name, expected):
    files = datasets.dataset_files(name)
    assert len(files) == expected and files == sorted(files) and all(f in REGISTRY for f in files)


def test_unknown_name_suggests_close_ones():
    with pytest.raises(ValueError, match=r"name 'corra' is not a data set.*did you mean \['cora'\]"):
        datasets.dataset_files("corra")
    with pytest.raises(ValueError, match="collegemsg.*CollegeMsg"):
        datasets.dataset_files("collegemsg")
    with pytest.raises(ValueError, match="path"):
        dataset_of("uci/iris.csv")


def test_archive_urls_name_distinct_files():
    # a file put by hand into <cache>/downloads is matched to its URL by file name
    from urllib.parse import unquote

    by_name = {}
    for entry in REGISTRY.values():
        for url in entry.urls:
            by_name.setdefault(unquote(url.rsplit("/", 1)[-1]), set()).add(url.rsplit("/", 1)[-1])
    assert all(len(v) == 1 for v in by_name.values())
