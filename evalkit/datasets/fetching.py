"""Finding, verifying and downloading the data files of the registry.

Lookup order for a file ``path`` of the registry:

1. the cache directory, ``$EVALKIT_DATA`` (default ``~/.cache/evalkit``);
2. the shared reference copies, ``../shared/datasets`` beside the repository
   (and ``$EVALKIT_SHARED_DATA`` if set);
3. a download from the file's canonical URL into the cache.

The sha256 of the file is verified on every load. A file whose hash does not match
raises :class:`ChecksumMismatchError`; the search never falls back to another copy.
"""
from __future__ import annotations

import gzip
import hashlib
import io
import os
import shutil
import sys
import tarfile
import tempfile
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import numpy as np

from .._checks import Boolean, Instance, Integer, PathLike, Text, Anything, checks
from .registry import REGISTRY, DataFile, check_registered, info

_ENTRY = Instance(DataFile, example=lambda: REGISTRY["uci/iris.arff.gz"])
_DOWNLOAD = Boolean(none=True)

__all__ = [
    "ChecksumMismatchError",
    "DatasetNotFoundError",
    "cache_dir",
    "fetch",
    "fetch_file",
    "read_columns",
    "read_text",
    "search_dirs",
    "verify",
]

DOWNLOAD_TIMEOUT_S = 60


class DatasetNotFoundError(FileNotFoundError):
    """A data file is in no data directory and could not be downloaded."""


class ChecksumMismatchError(ValueError):
    """A data file's sha256 differs from the registry's: it is corrupt or not the file we mean."""


@checks()
def cache_dir() -> Path:
    """The download cache: ``$EVALKIT_DATA`` if set, else ``~/.cache/evalkit``.

    Returns
    -------
    pathlib.Path
        The cache directory (perhaps not created yet).

    Examples
    --------
    >>> isinstance(cache_dir(), Path)
    True
    """
    env = os.environ.get("EVALKIT_DATA")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "evalkit"


@checks()
def search_dirs() -> list[Path]:
    """Directories searched, in order: the cache, then the shared reference copies.

    Returns
    -------
    list of pathlib.Path
        The cache first.

    Examples
    --------
    >>> search_dirs()[0] == cache_dir()
    True
    """
    dirs = [cache_dir()]
    env = os.environ.get("EVALKIT_SHARED_DATA")
    if env:
        dirs.append(Path(env).expanduser())
    beside_repo = Path(__file__).resolve().parents[3] / "shared" / "datasets"
    if beside_repo.is_dir():
        dirs.append(beside_repo)
    return dirs


def _sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@checks(path=PathLike(), entry=_ENTRY)
def verify(path: Path, entry: DataFile) -> None:
    """Raise :class:`ChecksumMismatchError` unless ``path`` holds ``entry``'s content.

    The file's own sha256 must equal ``entry.sha256``; a gzip file we compressed
    ourselves after a download (different gzip bytes, same data) is accepted when
    its decompressed content hashes to ``entry.content_sha256``.

    Parameters
    ----------
    path : str or os.PathLike
        The local file.
    entry : DataFile
        Its registry entry.

    Returns
    -------
    None
        Nothing; the check passed.

    Examples
    --------
    >>> verify(fetch("uci/iris.arff.gz"), info("uci/iris.arff.gz"))
    """
    data = Path(path).read_bytes()
    actual = _sha256_bytes(data)
    if actual == entry.sha256:
        return
    if entry.path.endswith(".gz") and entry.content_sha256 != entry.sha256:
        try:
            if _sha256_bytes(gzip.decompress(data)) == entry.content_sha256:
                return
        except (OSError, EOFError):
            pass
    raise ChecksumMismatchError(
        f"checksum mismatch for {entry.path!r} at {path}: sha256 is {actual}, "
        f"expected {entry.sha256}. The file is corrupt or is not the registered data set. "
        f"Delete it and load again to re-download it from {entry.urls[0]}"
    )


def _download(url: str) -> bytes:
    print(f"evalkit: downloading {url}", file=sys.stderr)
    with urllib.request.urlopen(url, timeout=DOWNLOAD_TIMEOUT_S) as response:  # noqa: S310
        return response.read()


def _extract_member(blob: bytes, member: str, url: str) -> bytes:
    if zipfile.is_zipfile(io.BytesIO(blob)):
        with zipfile.ZipFile(io.BytesIO(blob)) as zf:
            return zf.read(member)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:*") as tf:
        handle = tf.extractfile(member)
        if handle is None:
            raise KeyError(member)
        return handle.read()


def _materialise(entry: DataFile, blob: bytes, url: str) -> bytes:
    """Turn downloaded bytes into the bytes stored under ``entry.path``."""
    if entry.source_sha256 is not None and _sha256_bytes(blob) != entry.source_sha256:
        raise ChecksumMismatchError(
            f"checksum mismatch for the download of {entry.path!r} from {url}: sha256 is "
            f"{_sha256_bytes(blob)}, expected {entry.source_sha256}"
        )
    if entry.member is not None:
        try:
            blob = _extract_member(blob, entry.member, url)
        except KeyError:
            raise DatasetNotFoundError(f"{url} has no member {entry.member!r}") from None
    if entry.crlf_to_lf:
        blob = blob.replace(b"\r\n", b"\n")
    if entry.path.endswith(".gz") and blob[:2] != b"\x1f\x8b":
        blob = gzip.compress(blob, compresslevel=9, mtime=0)
    return blob


def _not_found(entry: DataFile, reason: str) -> DatasetNotFoundError:
    where = "\n".join(f"  {d / entry.path}" for d in search_dirs())
    return DatasetNotFoundError(
        f"data file {entry.path!r} is not available: {reason}.\n"
        f"Download it from {entry.urls[0]}"
        + (f" (archive member {entry.member!r})" if entry.member else "")
        + (", compress it with gzip," if entry.path.endswith(".gz") and not entry.urls[0].endswith(".gz") else "")
        + f" and put it at one of:\n{where}\n"
        f"(set EVALKIT_DATA to choose the cache directory)."
    )


@checks(entry=_ENTRY, download=_DOWNLOAD)
def fetch_file(entry: DataFile, *, download: bool | None = None) -> Path:
    """Path to a verified local copy of ``entry``, downloading it if needed.

    Parameters
    ----------
    entry : DataFile
        A registry entry (or one made like it).
    download : bool, optional
        Whether a missing file may be downloaded. Default: yes, unless the
        environment variable ``EVALKIT_OFFLINE`` is set to a non-empty value.

    Returns
    -------
    pathlib.Path
        The verified local copy.

    Examples
    --------
    >>> fetch_file(info("uci/iris.arff.gz")).name
    'iris.arff.gz'
    """
    for directory in search_dirs():
        candidate = directory / entry.path
        if candidate.is_file():
            verify(candidate, entry)
            return candidate
    if download is None:
        download = not os.environ.get("EVALKIT_OFFLINE")
    if not download:
        raise _not_found(entry, "it is in no data directory and downloading is off (EVALKIT_OFFLINE)")
    errors = []
    for url in entry.urls:
        try:
            blob = _materialise(entry, _download(url), url)
            break
        except (urllib.error.URLError, OSError, ValueError) as exc:
            if isinstance(exc, ChecksumMismatchError):
                raise
            errors.append(f"{url}: {exc}")
    else:
        raise _not_found(entry, "the download failed (" + "; ".join(errors) + ")")
    target = cache_dir() / entry.path
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=target.parent, delete=False) as tmp:
        tmp.write(blob)
    try:
        verify(Path(tmp.name), entry)
    except ChecksumMismatchError:
        os.unlink(tmp.name)
        raise
    shutil.move(tmp.name, target)
    return target


@checks(path=Text(), download=_DOWNLOAD)
def fetch(path, *, download=None):
    """Local path to a verified copy of a registered data file.

    Parameters
    ----------
    path : str
        A registered relative path, e.g. ``'uci/iris.arff.gz'`` (see :func:`list_files`).
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

    Returns
    -------
    pathlib.Path

    Raises
    ------
    DatasetNotFoundError
        The file is nowhere locally and cannot be downloaded.
    ChecksumMismatchError
        The copy found (or downloaded) does not have the registered sha256.

    Examples
    --------
    >>> fetch("uci/iris.arff.gz").name
    'iris.arff.gz'
    """
    check_registered(path)
    return fetch_file(REGISTRY[path], download=download)


@checks(path=Text(), download=_DOWNLOAD)
def read_text(path, *, download=None):
    """The decoded text of a registered data file (gunzipped if ``.gz``).

    Parameters
    ----------
    path : str
        A registered relative path.
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

    Returns
    -------
    str
        The file's text.

    Examples
    --------
    >>> read_text("uci/iris.arff.gz").count("Iris-setosa") > 50
    True
    """
    raw = fetch(path, download=download).read_bytes()
    if path.endswith(".gz"):
        raw = gzip.decompress(raw)
    return raw.decode("utf-8")


@checks(path=Text(), n_columns=Integer(1), dtype=Anything("a NumPy dtype or what numpy.dtype accepts"),
        download=_DOWNLOAD)
def read_columns(path, n_columns, dtype=np.int64, *, download=None):
    """A registered whitespace-separated numeric file as an ``(n_lines, n_columns)`` array.

    Parameters
    ----------
    path : str
        A registered relative path.
    n_columns : int
        Numbers per line.
    dtype : numpy dtype, default numpy.int64
        The type of the numbers.
    download : bool, optional
        Allow downloading a missing file (default: yes unless ``EVALKIT_OFFLINE`` is set).

    Returns
    -------
    ndarray, shape (n_lines, n_columns)
        The numbers, a line per row.

    Examples
    --------
    >>> read_columns("temporal/CollegeMsg.txt.gz", 3).shape
    (59835, 3)
    """
    text = read_text(path, download=download)
    arr = np.array(text.split(), dtype=dtype)
    if arr.size % n_columns:
        raise ValueError(f"{path}: expected {n_columns} whitespace-separated columns per line")
    return arr.reshape(-1, n_columns)
