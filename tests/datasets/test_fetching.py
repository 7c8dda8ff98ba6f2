"""Tests of the lookup / verify / download mechanism, on temporary directories."""
import gzip
import hashlib
import io
import tarfile
import zipfile

import pytest

from evalkit import datasets
from evalkit.datasets.registry import REGISTRY, DataFile
from evalkit.datasets.fetching import ChecksumMismatchError, DatasetNotFoundError, fetch_file, search_dirs

PAYLOAD = b"1 2 100\n2 3 200\n"


def sha(b):
    return hashlib.sha256(b).hexdigest()


@pytest.fixture
def cache(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("EVALKIT_DATA", str(d))
    monkeypatch.delenv("EVALKIT_OFFLINE", raising=False)
    return d


def entry(url, **kw):
    gz = gzip.compress(PAYLOAD, mtime=0)
    return DataFile(path="toy/edges.txt.gz", urls=(url,), sha256=sha(gz), content_sha256=sha(PAYLOAD), **kw)


def test_cache_comes_first(cache):
    assert search_dirs()[0] == cache


def test_missing_and_offline_is_a_clear_error(cache, monkeypatch):
    monkeypatch.setenv("EVALKIT_OFFLINE", "1")
    e = entry("https://example.org/edges.txt.gz")
    with pytest.raises(DatasetNotFoundError) as info:
        fetch_file(e)
    msg = str(info.value)
    assert "toy/edges.txt.gz" in msg and "https://example.org/edges.txt.gz" in msg
    assert str(cache / "toy/edges.txt.gz") in msg and "EVALKIT_DATA" in msg
    assert isinstance(info.value, FileNotFoundError)


def test_failed_download_is_a_clear_error(cache, tmp_path):
    e = entry((tmp_path / "nowhere.txt").as_uri())
    with pytest.raises(DatasetNotFoundError, match="the download failed"):
        fetch_file(e)
    assert not (cache / e.path).exists()


def test_checksum_mismatch_is_an_error_not_a_fallback(cache, shared_data):
    # a corrupt cached copy must not be silently replaced by the good shared copy
    good = (shared_data / "uci/iris.arff.gz").read_bytes()
    bad = cache / "uci/iris.arff.gz"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(gzip.compress(gzip.decompress(good).replace(b"Iris-setosa", b"Iris-sEtosa"), mtime=0))
    with pytest.raises(ChecksumMismatchError) as info:
        datasets.load_arff("iris")
    assert "uci/iris.arff.gz" in str(info.value) and "Delete it" in str(info.value)
    bad.unlink()
    assert datasets.load_arff("iris").shape == (150, 5)  # the shared copy, once the bad one is gone


def test_download_plain_file_is_compressed_and_verified(cache, tmp_path):
    src = tmp_path / "edges.txt"
    src.write_bytes(PAYLOAD)
    path = fetch_file(entry(src.as_uri()))
    assert path == cache / "toy/edges.txt.gz"
    assert gzip.decompress(path.read_bytes()) == PAYLOAD
    src.unlink()  # second load comes from the cache, no download
    assert fetch_file(entry(src.as_uri())) == path


def test_download_with_wrong_content_is_rejected(cache, tmp_path):
    src = tmp_path / "edges.txt"
    src.write_bytes(PAYLOAD + b"3 4 300\n")
    with pytest.raises(ChecksumMismatchError):
        fetch_file(entry(src.as_uri()))
    assert not list(cache.rglob("*.gz"))


def test_download_archive_members(cache, tmp_path):
    tgz = tmp_path / "bundle.tgz"
    with tarfile.open(tgz, "w:gz") as tf:
        info = tarfile.TarInfo("bundle/edges.txt")
        info.size = len(PAYLOAD)
        tf.addfile(info, io.BytesIO(PAYLOAD))
    path = fetch_file(entry(tgz.as_uri(), member="bundle/edges.txt"))
    assert gzip.decompress(path.read_bytes()) == PAYLOAD
    path.unlink()
    zp = tmp_path / "bundle.zip"
    with zipfile.ZipFile(zp, "w") as zf:
        zf.writestr("edges.txt", PAYLOAD)
    assert gzip.decompress(fetch_file(entry(zp.as_uri(), member="edges.txt")).read_bytes()) == PAYLOAD
    path.unlink()
    with pytest.raises(DatasetNotFoundError, match="no member"):
        fetch_file(entry(zp.as_uri(), member="other.txt"))


def test_crlf_source_checked_then_normalised(cache, tmp_path):
    crlf = PAYLOAD.replace(b"\n", b"\r\n")
    src = tmp_path / "edges.txt"
    src.write_bytes(crlf)
    path = fetch_file(entry(src.as_uri(), source_sha256=sha(crlf), crlf_to_lf=True))
    assert gzip.decompress(path.read_bytes()) == PAYLOAD
    path.unlink()
    with pytest.raises(ChecksumMismatchError, match="the download of"):
        fetch_file(entry(src.as_uri(), source_sha256=sha(b"other"), crlf_to_lf=True))


def test_every_registered_file_has_a_url_and_hashes():
    for path in datasets.list_files():
        e = REGISTRY[path]
        assert e.path == path and e.urls and all(u.startswith(("http://", "https://")) for u in e.urls)
        assert len(e.sha256) == 64 and len(e.content_sha256) == 64


def test_shared_copies_all_verify(shared_data):
    for path in datasets.list_files():
        assert datasets.fetch(path).is_file()


# ----- lookup order, fetch_datasets, offline errors (issue 23) ------------------------------------------

import urllib.error  # noqa: E402

from evalkit.datasets import fetching  # noqa: E402

CORA = ["labeled/cora/README", "labeled/cora/cora.cites.gz", "labeled/cora/cora.content.gz"]


@pytest.fixture
def isolated(tmp_path, monkeypatch):
    """An empty cache, no $EVALKIT_SHARED_DATA, no shared/datasets beside the repository: an installed evalkit."""
    d = tmp_path / "cache"
    monkeypatch.setenv("EVALKIT_DATA", str(d))
    monkeypatch.delenv("EVALKIT_SHARED_DATA", raising=False)
    monkeypatch.delenv("EVALKIT_OFFLINE", raising=False)
    monkeypatch.setattr(fetching, "_beside_repository", lambda: tmp_path / "no-checkout" / "shared" / "datasets")
    return d


class FakeDownloads:
    """Stands in for fetching._download: serves bytes by URL, records the URLs asked for."""

    def __init__(self, served):
        self.served, self.calls = served, []

    def __call__(self, url, *, progress=None):
        self.calls.append(url)
        if url not in self.served:
            raise urllib.error.URLError("no network in the tests")
        return self.served[url]


def _plain(shared, path):
    raw = (shared / path).read_bytes()
    return gzip.decompress(raw) if path.endswith(".gz") else raw


def _cora_tgz(shared):
    """cora.tgz as LINQS serves it (members cora/README, cora/cora.cites, cora/cora.content), built in memory."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tf:
        for path in CORA:
            data = _plain(shared, path)
            member = tarfile.TarInfo(REGISTRY[path].member)
            member.size = len(data)
            tf.addfile(member, io.BytesIO(data))
    return buf.getvalue()


def _polbooks_zip(shared):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for path in ("labeled/polbooks/polbooks.gml.gz", "labeled/polbooks/polbooks.txt"):
            zf.writestr(REGISTRY[path].member, _plain(shared, path))
    return buf.getvalue()


def test_lookup_order_cache_then_shared_env_then_repository(isolated, tmp_path, monkeypatch, shared_data):
    env_dir = tmp_path / "class-copy"
    monkeypatch.setenv("EVALKIT_SHARED_DATA", str(env_dir))
    monkeypatch.setattr(fetching, "_beside_repository", lambda: shared_data)
    assert datasets.search_dirs() == [isolated, env_dir, shared_data]
    assert datasets.file_status("uci/iris.arff.gz").where == "repository"
    for directory in (env_dir, isolated):
        (directory / "uci").mkdir(parents=True)
        (directory / "uci/iris.arff.gz").write_bytes((shared_data / "uci/iris.arff.gz").read_bytes())
    status = datasets.file_status("uci/iris.arff.gz")
    assert (status.where, status.location) == ("cache", isolated / "uci/iris.arff.gz")
    (isolated / "uci/iris.arff.gz").unlink()
    status = datasets.file_status("uci/iris.arff.gz")
    assert (status.where, status.location) == ("EVALKIT_SHARED_DATA", env_dir / "uci/iris.arff.gz")
    assert datasets.load_arff("iris").shape == (150, 5)


def test_several_shared_dirs_and_no_checkout(isolated, tmp_path, monkeypatch):
    a, b = tmp_path / "a", tmp_path / "b"
    monkeypatch.setenv("EVALKIT_SHARED_DATA", f"{a}{__import__('os').pathsep}{b}")
    assert datasets.search_dirs() == [isolated, a, b]


@pytest.mark.parametrize("platform, env, expected", [
    ("linux", {"XDG_CACHE_HOME": "/xdg"}, "/xdg/evalkit"),
    ("linux", {}, "~/.cache/evalkit"),
    ("darwin", {}, "~/Library/Caches/evalkit"),
    ("win32", {"LOCALAPPDATA": "/appdata"}, "/appdata/evalkit/Cache"),
])
def test_cache_dir_defaults_to_the_platform_cache(monkeypatch, platform, env, expected):
    monkeypatch.delenv("EVALKIT_DATA", raising=False)
    for key in ("XDG_CACHE_HOME", "LOCALAPPDATA"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(fetching.sys, "platform", platform)
    assert datasets.cache_dir() == fetching.Path(expected).expanduser()


def test_offline_error_lists_every_missing_file_at_once(isolated, monkeypatch):
    monkeypatch.setenv("EVALKIT_OFFLINE", "1")
    fake = FakeDownloads({})
    monkeypatch.setattr(fetching, "_download", fake)
    with pytest.raises(DatasetNotFoundError) as info:
        datasets.fetch_datasets(["cora", "iris", "email-Enron"])
    wanted = CORA + datasets.dataset_files("iris") + datasets.dataset_files("email-Enron")
    assert sorted(info.value.missing) == sorted(wanted) and len(wanted) == 9
    msg = str(info.value)
    assert msg.startswith("9 data files are not available locally and downloading is off (EVALKIT_OFFLINE is set)")
    assert all(path in msg for path in wanted)
    assert "evalkit datasets fetch cora iris email-Enron" in msg
    assert "https://linqs-data.soe.ucsc.edu/public/lbc/cora.tgz (archive member cora/cora.cites)" in msg
    assert str(isolated / "downloads") in msg and str(isolated) in msg and "EVALKIT_SHARED_DATA" in msg
    assert "gzip" not in msg and "untar" not in msg  # nothing to unpack or compress by hand
    assert fake.calls == []


def test_a_loader_offline_names_every_missing_file_of_its_data_set(isolated, monkeypatch):
    monkeypatch.setenv("EVALKIT_OFFLINE", "1")
    with pytest.raises(DatasetNotFoundError) as info:
        datasets.load_cora()
    assert info.value.missing == tuple(CORA)
    assert "3 data files" in str(info.value) and "evalkit datasets fetch cora\n" in str(info.value)
    with pytest.raises(DatasetNotFoundError, match="download=False") as info:
        datasets.load_arff("iris", download=False)
    assert info.value.missing == ("uci/iris.arff.gz",) and "evalkit datasets fetch iris" in str(info.value)


def test_network_failure_is_one_error_with_the_reasons(isolated, monkeypatch):
    fake = FakeDownloads({})
    monkeypatch.setattr(fetching, "_download", fake)
    with pytest.raises(DatasetNotFoundError) as info:
        datasets.fetch_datasets(["cora", "CollegeMsg"])
    msg = str(info.value)
    assert msg.startswith("4 data files are not available locally and could not be downloaded")
    assert "no network in the tests" in msg and "evalkit datasets fetch cora CollegeMsg" in msg
    # the archive is asked for once for its three members
    assert fake.calls == ["https://linqs-data.soe.ucsc.edu/public/lbc/cora.tgz",
                          "https://snap.stanford.edu/data/CollegeMsg.txt.gz"]
    assert not list(isolated.rglob("*.gz"))


def test_fetch_datasets_downloads_once_extracts_and_verifies(isolated, monkeypatch, shared_data):
    fake = FakeDownloads({
        "https://linqs-data.soe.ucsc.edu/public/lbc/cora.tgz": _cora_tgz(shared_data),
        "http://www-personal.umich.edu/~mejn/netdata/polbooks.zip": _polbooks_zip(shared_data),
        "https://snap.stanford.edu/data/CollegeMsg.txt.gz": (shared_data / "temporal/CollegeMsg.txt.gz").read_bytes(),
    })
    monkeypatch.setattr(fetching, "_download", fake)
    got = datasets.fetch_datasets(["cora", "polbooks", "CollegeMsg"], progress=True)
    assert [f.where for f in got] == ["downloaded"] * 6
    assert all(f.location == isolated / f.path for f in got)
    assert len(fake.calls) == 3  # one download per archive, not per member
    # tar and zip members extracted and gzip-compressed where registered as .gz: the registered content
    assert gzip.decompress((isolated / "labeled/cora/cora.cites.gz").read_bytes()) == _plain(
        shared_data, "labeled/cora/cora.cites.gz")
    assert datasets.load_cora().graph.number_of_nodes() == 2708
    assert datasets.load_polbooks().graph.number_of_nodes() == 105
    # a second fetch finds everything in the cache and downloads nothing
    assert {f.where for f in datasets.fetch_datasets(["cora", "polbooks", "CollegeMsg"])} == {"cache"}
    assert len(fake.calls) == 3


def test_a_loader_downloads_its_whole_data_set_once(isolated, monkeypatch, shared_data):
    fake = FakeDownloads({"https://linqs-data.soe.ucsc.edu/public/lbc/cora.tgz": _cora_tgz(shared_data)})
    monkeypatch.setattr(fetching, "_download", fake)
    cora = datasets.load_cora()
    assert cora.graph.number_of_nodes() == 2708 and len(fake.calls) == 1
    assert all((isolated / path).is_file() for path in CORA)


def test_files_put_by_hand_into_downloads_are_used_offline(isolated, monkeypatch, shared_data):
    monkeypatch.setenv("EVALKIT_OFFLINE", "1")
    fake = FakeDownloads({})
    monkeypatch.setattr(fetching, "_download", fake)
    (isolated / "downloads").mkdir(parents=True)
    (isolated / "downloads/cora.tgz").write_bytes(_cora_tgz(shared_data))  # the archive as downloaded, unpacked by no one
    got = datasets.fetch_datasets(["cora"])
    assert [f.where for f in got] == ["manual"] * 3 and fake.calls == []
    assert datasets.file_status("labeled/cora/cora.content.gz").where == "cache"


def test_a_corrupt_download_is_not_stored(isolated, monkeypatch, shared_data):
    wrong = _plain(shared_data, "labeled/polbooks/polbooks.txt") + b"tampered\n"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("polbooks.txt", wrong)
        zf.writestr("polbooks.gml", _plain(shared_data, "labeled/polbooks/polbooks.gml.gz"))
    monkeypatch.setattr(fetching, "_download",
                        FakeDownloads({"http://www-personal.umich.edu/~mejn/netdata/polbooks.zip": buf.getvalue()}))
    with pytest.raises(ChecksumMismatchError, match="polbooks.txt"):
        datasets.fetch_datasets(["polbooks"])
    assert not (isolated / "labeled/polbooks/polbooks.txt").exists()
    assert datasets.file_status("labeled/polbooks/polbooks.gml.gz").where == "cache"


def test_file_status_reports_missing_and_corrupt(isolated):
    assert datasets.file_status("uci/iris.arff.gz") == datasets.LocalFile("uci/iris.arff.gz", "iris", "missing", None)
    bad = isolated / "uci/iris.arff.gz"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b"not iris")
    status = datasets.file_status("uci/iris.arff.gz")
    assert (status.where, status.location, status.available) == ("corrupt", bad, False)


def test_not_an_archive_is_a_clear_error(isolated, monkeypatch):
    monkeypatch.setattr(fetching, "_download",
                        FakeDownloads({"https://linqs-data.soe.ucsc.edu/public/lbc/cora.tgz": b"<html>moved</html>"}))
    with pytest.raises(DatasetNotFoundError, match="not a readable .tar/.tgz/.zip archive"):
        datasets.fetch_datasets(["cora"])


def test_download_progress_bar_counts_the_bytes(tmp_path, capsys):
    src = tmp_path / "edges.txt"
    src.write_bytes(PAYLOAD * 1000)
    assert fetching._download(src.as_uri(), progress=True) == PAYLOAD * 1000
    err = capsys.readouterr().err
    assert "downloading" in err and "edges.txt" in err and "15.6k" in err
