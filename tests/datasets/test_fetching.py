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
