"""Finding, verifying and downloading the data files of the registry.

This docstring is the one place in the code that states the lookup order (the README and
the *Data sets* appendix of the book repeat it for readers).

Lookup order for a registered file (a relative path such as ``uci/iris.arff.gz``, see
:func:`~evalkit.datasets.list_files`); the first directory that has the file wins:

1. the cache: ``$EVALKIT_DATA`` if set, else the user's cache directory
   (``$XDG_CACHE_HOME/evalkit``, by default ``~/.cache/evalkit``, on Linux;
   ``~/Library/Caches/evalkit`` on macOS; ``%LOCALAPPDATA%\\evalkit\\Cache`` on Windows).
   Downloads are stored here;
2. ``$EVALKIT_SHARED_DATA`` if set: a directory of reference copies laid out like the
   cache, e.g. one copy for a class or a cluster (several directories separated by
   ``os.pathsep``); it is only read;
3. ``shared/datasets`` beside the repository checkout evalkit is imported from (the
   ``../shared/datasets`` of the book's build; absent for an installed evalkit);
4. otherwise the file is made from its canonical URL and stored in the cache: from a file
   put by hand into ``<cache>/downloads`` (the URL's file as downloaded, archives not
   unpacked), else by downloading it, unless ``$EVALKIT_OFFLINE`` is set to a non-empty
   value (or ``download=False`` is passed).

A download shows a progress bar; its sha256 is checked where the registry knows it,
the file is taken out of its archive (``.tgz``, ``.zip``), CRLF line ends become LF where
the registry says so and a plain text file is gzip-compressed: what is stored is exactly
the registered file, and nobody unpacks or compresses anything by hand. A missing file is
fetched together with the other missing files of its data set (an archive is downloaded
once for all its members). The sha256 of a file is verified whenever it is loaded; a file
whose hash does not match raises :class:`ChecksumMismatchError`, and the search never falls
back to another copy.

When files cannot be had (offline, or the download fails), one
:class:`DatasetNotFoundError` lists every missing file (all those of the data set, or of
the request) with its URL, the one command that fetches them
(``evalkit datasets fetch NAME ...`` or ``evalkit datasets fetch --all``; from Python
:func:`fetch_datasets`) and where to put files by hand. ``evalkit datasets list`` (and
:func:`file_status`) shows, for each file, whether and where it is available locally.
"""
from __future__ import annotations

import gzip
import hashlib
import http.client
import io
import os
import shutil
import sys
import tarfile
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

import numpy as np

from .._checks import Anything, Boolean, Choice, Instance, Integer, PathLike, Text, Values, checks
from .._results import result
from .registry import REGISTRY, DataFile, check_registered, dataset_files, dataset_of, info

_ENTRY = Instance(DataFile, example=lambda: REGISTRY["uci/iris.arff.gz"])
_DOWNLOAD = Boolean(none=True)

__all__ = [
    "ChecksumMismatchError",
    "DatasetNotFoundError",
    "LocalFile",
    "WHERE",
    "cache_dir",
    "fetch",
    "fetch_datasets",
    "fetch_file",
    "file_status",
    "read_columns",
    "read_text",
    "search_dirs",
    "verify",
]

DOWNLOAD_TIMEOUT_S = 60

WHERE = ("cache", "EVALKIT_SHARED_DATA", "repository", "downloaded", "manual", "missing", "corrupt")
"""Where a file was found (:attr:`LocalFile.where`): in the cache, in ``$EVALKIT_SHARED_DATA``,
in ``shared/datasets`` beside the repository, just downloaded into the cache, just made (in
the cache) from a file put by hand into ``<cache>/downloads``; or nowhere, or corrupt."""


class DatasetNotFoundError(FileNotFoundError):
    """Data files are in no data directory and could not be downloaded.

    The message lists every missing file, the command that fetches them and where to put
    them by hand; ``missing`` holds their registered paths.
    """

    def __init__(self, message, missing=()):
        super().__init__(message)
        self.missing = tuple(missing)


class ChecksumMismatchError(ValueError):
    """A data file's sha256 differs from the registry's: it is corrupt or not the file we mean."""


@checks(path=Text(), dataset=Text(), where=Choice(*WHERE), location=PathLike(none=True))
@result
class LocalFile:
    """Where a registered data file is available locally.

    Parameters
    ----------
    path : str
        The registered relative path.
    dataset : str
        The data set it belongs to.
    where : str
        Where the copy is: ``'cache'``, ``'EVALKIT_SHARED_DATA'``, ``'repository'``
        (``shared/datasets`` beside the repository checkout), ``'downloaded'``, ``'manual'``
        (made from a file put into ``<cache>/downloads``), ``'missing'`` or ``'corrupt'``.
    location : pathlib.Path, optional
        The local copy (None when missing).

    Examples
    --------
    >>> LocalFile("uci/iris.arff.gz", "iris", "missing", None).available
    False
    """

    path: str
    dataset: str
    where: str
    location: Path | None = None

    @property
    def available(self):
        """Whether a verified local copy exists."""
        return self.where not in ("missing", "corrupt")


def _platform_cache():
    home = Path.home()
    if sys.platform.startswith("win"):
        base = os.environ.get("LOCALAPPDATA")
        return (Path(base) if base else home / "AppData" / "Local") / "evalkit" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "evalkit"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache") / "evalkit"


@checks()
def cache_dir() -> Path:
    """The cache, where downloads go: ``$EVALKIT_DATA`` if set, else the user's cache directory.

    The user's cache directory is ``$XDG_CACHE_HOME/evalkit`` (default ``~/.cache/evalkit``)
    on Linux, ``~/Library/Caches/evalkit`` on macOS and ``%LOCALAPPDATA%\\evalkit\\Cache``
    on Windows.

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
    return Path(env).expanduser() if env else _platform_cache()


def _downloads_dir():
    return cache_dir() / "downloads"


def _beside_repository():
    return Path(__file__).resolve().parents[3] / "shared" / "datasets"


def _data_dirs():
    """(directory, where) in lookup order (the module docstring)."""
    dirs = [(cache_dir(), "cache")]
    for item in os.environ.get("EVALKIT_SHARED_DATA", "").split(os.pathsep):
        if item.strip():
            dirs.append((Path(item.strip()).expanduser(), "EVALKIT_SHARED_DATA"))
    beside = _beside_repository()
    if beside.is_dir():
        dirs.append((beside, "repository"))
    return dirs


@checks()
def search_dirs() -> list[Path]:
    """Directories searched, in order: the cache, ``$EVALKIT_SHARED_DATA``, ``shared/datasets`` beside the repository.

    Returns
    -------
    list of pathlib.Path
        The cache first; ``shared/datasets`` beside the repository only where it exists.

    Examples
    --------
    >>> search_dirs()[0] == cache_dir()
    True
    """
    return [d for d, _ in _data_dirs()]


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


def _progress(total, desc, progress):
    """A tqdm byte counter (``progress``: True shows it, None only on a terminal), or None."""
    if progress is False:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    return tqdm(total=total, desc=desc, unit="B", unit_scale=True, unit_divisor=1024, leave=False,
                disable=None if progress is None else False)


def _download(url, *, progress=None):
    """The bytes at ``url``, read in chunks with a progress bar."""
    print(f"evalkit: downloading {url}", file=sys.stderr)
    request = urllib.request.Request(url, headers={"User-Agent": "evalkit (https://pypi.org)"})
    with urllib.request.urlopen(request, timeout=DOWNLOAD_TIMEOUT_S) as response:  # noqa: S310
        length = response.headers.get("Content-Length")
        total = int(length) if length and length.isdigit() else None
        bar = _progress(total, _url_filename(url), progress)
        chunks = []
        try:
            while chunk := response.read(1 << 16):
                chunks.append(chunk)
                if bar is not None:
                    bar.update(len(chunk))
        finally:
            if bar is not None:
                bar.close()
    return b"".join(chunks)


def _url_filename(url):
    return urllib.parse.unquote(urllib.parse.urlparse(url).path.rsplit("/", 1)[-1]) or "download"


def _extract_member(blob: bytes, member: str) -> bytes:
    if zipfile.is_zipfile(io.BytesIO(blob)):
        with zipfile.ZipFile(io.BytesIO(blob)) as zf:
            return zf.read(member)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:*") as tf:
        handle = tf.extractfile(member)
        if handle is None:
            raise KeyError(member)
        return handle.read()


def _materialise(entry: DataFile, blob: bytes, origin: str) -> bytes:
    """Turn downloaded bytes (from ``origin``, a URL or a file) into the bytes stored under ``entry.path``."""
    if entry.source_sha256 is not None and _sha256_bytes(blob) != entry.source_sha256:
        raise ChecksumMismatchError(
            f"checksum mismatch for the download of {entry.path!r} from {origin}: sha256 is "
            f"{_sha256_bytes(blob)}, expected {entry.source_sha256}"
        )
    if entry.member is not None:
        try:
            blob = _extract_member(blob, entry.member)
        except KeyError:
            raise DatasetNotFoundError(f"{origin} has no member {entry.member!r}", [entry.path]) from None
        except (tarfile.TarError, zipfile.BadZipFile, OSError, EOFError) as exc:
            raise DatasetNotFoundError(f"{origin} is not a readable .tar/.tgz/.zip archive ({exc})",
                                       [entry.path]) from None
    if entry.crlf_to_lf:
        blob = blob.replace(b"\r\n", b"\n")
    if entry.path.endswith(".gz") and blob[:2] != b"\x1f\x8b":
        blob = gzip.compress(blob, compresslevel=9, mtime=0)
    return blob


def _store(entry, blob):
    """Verify ``blob`` as ``entry`` and move it into the cache; the cached path."""
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


def _find_local(entry):
    """(path, where) of the first copy of ``entry`` in the data directories, or None (unverified)."""
    for directory, where in _data_dirs():
        candidate = directory / entry.path
        if candidate.is_file():
            return candidate, where
    return None


def _download_allowed(download):
    return not os.environ.get("EVALKIT_OFFLINE") if download is None else download


def _offline_reason(download):
    if download is False:
        return "downloading is off (download=False)"
    return "downloading is off (EVALKIT_OFFLINE is set)"


def _source(url, *, download, progress):
    """(bytes, where) for ``url``: the file put by hand into the downloads folder, else a download."""
    by_hand = _downloads_dir() / _url_filename(url)
    if by_hand.is_file():
        return by_hand.read_bytes(), "manual", str(by_hand)
    if not download:
        return None, None, None
    return _download(url, progress=progress), "downloaded", url


_NETWORK_ERRORS = (urllib.error.URLError, OSError, ValueError, http.client.HTTPException)


def _obtain(entries, *, download, progress):
    """Find or make every entry; return (found: path -> LocalFile, missing: path -> reason, corrupt: path -> error)."""
    found, missing, corrupt = {}, {}, {}
    allowed = _download_allowed(download)
    sources = {}  # url -> (bytes, where, origin) or the exception: one download per archive
    for entry in entries:
        local = _find_local(entry)
        if local is not None:
            try:
                verify(local[0], entry)
                found[entry.path] = LocalFile(entry.path, _dataset_name(entry), local[1], local[0])
            except ChecksumMismatchError as exc:
                corrupt[entry.path] = exc
            continue
        errors = []
        for url in entry.urls:
            if url not in sources:
                try:
                    sources[url] = _source(url, download=allowed, progress=progress)
                except _NETWORK_ERRORS as exc:
                    sources[url] = exc
            got = sources[url]
            if isinstance(got, Exception):
                errors.append(f"the download failed ({url}: {got})")
                continue
            blob, where, origin = got
            if blob is None:
                continue
            try:
                target = _store(entry, _materialise(entry, blob, origin))
            except ChecksumMismatchError as exc:
                corrupt[entry.path] = exc
                break
            except DatasetNotFoundError as exc:
                errors.append(str(exc))
                continue
            found[entry.path] = LocalFile(entry.path, _dataset_name(entry), where, target)
            break
        else:
            missing[entry.path] = "; ".join(errors) if errors else _offline_reason(download)
    return found, missing, corrupt


def _dataset_name(entry):
    return dataset_of(entry.path) if REGISTRY.get(entry.path) == entry else entry.path.split("/")[0]


def _fix_command(names):
    if names is None:
        return "evalkit datasets fetch --all"
    return "evalkit datasets fetch " + " ".join(names)


def _not_found(entries, missing, corrupt, *, download, names):
    """One error listing every missing (and corrupt) file, the command that fixes it, where files go."""
    gone = [e for e in entries if e.path in missing]
    n = len(gone)
    reasons = {missing[e.path] for e in gone}
    offline = reasons <= {_offline_reason(download)}
    head = (f"{n} data file{'s are' if n != 1 else ' is'} not available locally"
            + (f" and {_offline_reason(download)}:" if offline else " and could not be downloaded:"))
    lines = [head]
    for e in gone:
        member = f" (archive member {e.member})" if e.member else ""
        lines.append(f"  {e.path}\n      from {e.urls[0]}{member}")
        if not offline:
            lines.append(f"      {missing[e.path]}")
    for path, exc in corrupt.items():
        lines.append(f"  {path}: CORRUPT: {exc}")
    command = _fix_command(names)
    env = " and EVALKIT_OFFLINE unset" if os.environ.get("EVALKIT_OFFLINE") else ""
    lines += [
        f"To fix this, run once, with network access{env} (it downloads, checks the sha256, extracts archive "
        "members and compresses the files; nothing to unpack by hand):",
        f"    {command}",
        "Without network access here: download the URLs above elsewhere, put the downloaded files unchanged "
        "(archives not unpacked) into",
        f"    {_downloads_dir()}",
        "and load again or run the command above (reading that folder is not a download).",
        "Verified files (e.g. from another evalkit cache) can also be copied, under the paths above, into a data "
        f"directory: {cache_dir() / gone[0].path}, for instance. The data directories, searched in this order:",
    ]
    what = {"cache": "the cache; EVALKIT_DATA moves it", "EVALKIT_SHARED_DATA": "$EVALKIT_SHARED_DATA",
            "repository": "shared/datasets beside the repository"}
    lines += [f"    {i}. {d}  ({what[w]})" for i, (d, w) in enumerate(_data_dirs(), 1)]
    if not os.environ.get("EVALKIT_SHARED_DATA"):
        lines.append("    (and $EVALKIT_SHARED_DATA, a directory of your own, when it is set)")
    return DatasetNotFoundError("\n".join(lines), [e.path for e in gone])


def _siblings(entry):
    """The entries fetched together with ``entry``: its data set's (only itself when unregistered)."""
    if REGISTRY.get(entry.path) != entry:
        return [entry]
    return [REGISTRY[p] for p in dataset_files(dataset_of(entry.path))]


@checks(entry=_ENTRY, download=_DOWNLOAD)
def fetch_file(entry: DataFile, *, download: bool | None = None) -> Path:
    """Path to a verified local copy of ``entry``, fetching its data set if needed.

    Looks ``entry`` up in the data directories (the module's lookup order); when it is in
    none, the missing files of its whole data set are downloaded (an archive once for all
    its members), verified and stored in the cache.

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

    Raises
    ------
    DatasetNotFoundError
        The file cannot be had; the message lists every missing file of its data set and
        the command that fetches them.
    ChecksumMismatchError
        The copy found (or downloaded) does not have the registered sha256.

    Examples
    --------
    >>> fetch_file(info("uci/iris.arff.gz")).name
    'iris.arff.gz'
    """
    local = _find_local(entry)
    if local is not None:
        verify(local[0], entry)
        return local[0]
    group = _siblings(entry)
    found, missing, corrupt = _obtain(group, download=download, progress=None)
    if entry.path in found:
        return found[entry.path].location
    if entry.path in corrupt:
        raise corrupt[entry.path]
    names = sorted({_dataset_name(e) for e in group if e.path in missing})
    raise _not_found(group, missing, {}, download=download, names=names)


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
        The verified local copy.

    Raises
    ------
    DatasetNotFoundError
        The file is nowhere locally and cannot be downloaded (the message lists every
        missing file of its data set and the command that fetches them).
    ChecksumMismatchError
        The copy found (or downloaded) does not have the registered sha256.

    Examples
    --------
    >>> fetch("uci/iris.arff.gz").name
    'iris.arff.gz'
    """
    check_registered(path)
    return fetch_file(REGISTRY[path], download=download)


@checks(names=Values(of=Text(), none=True), download=_DOWNLOAD, progress=Boolean())
def fetch_datasets(names=None, *, download=None, progress=False):
    """Find or download data sets (all of them by default); what was found where.

    Every file is looked up in the data directories (the module's lookup order) and
    verified; the missing ones are downloaded (each archive once), verified, taken out of
    their archives, compressed where registered so, and stored in the cache. Only then,
    if files are still missing, one error lists them all.

    Parameters
    ----------
    names : sequence of str, optional
        Data set names (``'cora'``, ``'iris'``; see :func:`list_datasets`), groups
        (``'uci'``, ``'temporal'``, ``'labeled'``) or registered paths; None: every
        registered file (``evalkit datasets fetch --all``).
    download : bool, optional
        Allow downloading missing files (default: yes unless ``EVALKIT_OFFLINE`` is set).
    progress : bool, default False
        Show a progress bar for each download.

    Returns
    -------
    list of LocalFile
        One per file, in registry order: where it was found (or that it was downloaded)
        and its local path.

    Raises
    ------
    DatasetNotFoundError
        Some files cannot be had: the message lists every one of them, the command that
        fetches them and where to put files by hand; ``.missing`` holds their paths.
    ChecksumMismatchError
        Files are corrupt (and none is missing): all of them are named.

    Examples
    --------
    >>> [f.where != "missing" for f in fetch_datasets(["iris", "polbooks"])]
    [True, True, True]
    >>> fetch_datasets(["cora"])[0].path
    'labeled/cora/README'
    """
    if names is None:
        paths = sorted(REGISTRY)
    else:
        paths = sorted({p for name in names for p in dataset_files(name)})
    entries = [REGISTRY[p] for p in paths]
    found, missing, corrupt = _obtain(entries, download=download, progress=progress)
    if missing:
        wanted = None if names is None else list(dict.fromkeys(
            n for n in names if any(p in missing for p in dataset_files(n))))
        raise _not_found(entries, missing, corrupt, download=download, names=wanted)
    if corrupt:
        raise ChecksumMismatchError(
            f"{len(corrupt)} data file(s) do not have the registered sha256 (delete them and fetch again):\n"
            + "\n".join(f"  {exc}" for exc in corrupt.values()))
    return [found[p] for p in paths]


@checks(path=Text())
def file_status(path):
    """Whether and where a registered data file is available locally (nothing is downloaded).

    Parameters
    ----------
    path : str
        A registered relative path (see :func:`list_files`).

    Returns
    -------
    LocalFile
        Where the first copy in the lookup order is (``where='corrupt'`` when its sha256
        does not match), or ``where='missing'``.

    Examples
    --------
    >>> file_status("uci/iris.arff.gz").available
    True
    """
    check_registered(path)
    entry = REGISTRY[path]
    local = _find_local(entry)
    if local is None:
        return LocalFile(path, dataset_of(path), "missing", None)
    try:
        verify(local[0], entry)
    except ChecksumMismatchError:
        return LocalFile(path, dataset_of(path), "corrupt", local[0])
    return LocalFile(path, dataset_of(path), local[1], local[0])


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
