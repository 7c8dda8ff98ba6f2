"""The on-disk cache of experiment results (evalkit/reproductions/_cache.py)."""
import numpy as np
from evalkit.reproductions import _cache


def _counting():
    calls = []

    @_cache.disk_cached
    def draw(n, *, seed=0, progress=False):
        calls.append((n, seed))
        return np.random.default_rng(seed).random(n)

    return draw, calls


def test_unset_computes_every_time(monkeypatch):
    monkeypatch.delenv(_cache.CACHE_ENV, raising=False)
    draw, calls = _counting()
    assert _cache.cache_dir() is None
    np.testing.assert_array_equal(draw(3), draw(3))
    assert len(calls) == 2


def test_set_computes_once_and_returns_the_same_result(monkeypatch, tmp_path):
    monkeypatch.setenv(_cache.CACHE_ENV, str(tmp_path))
    draw, calls = _counting()
    first = draw(4, seed=1)
    again = draw(4, seed=1, progress=True)   # progress is not part of the key
    np.testing.assert_array_equal(first, again)
    assert calls == [(4, 1)]
    draw(4, seed=2)                          # another argument: computed
    assert calls == [(4, 1), (4, 2)]
    assert (tmp_path / _cache.cache_key()).is_dir()


def test_another_code_or_data_version_recomputes(monkeypatch, tmp_path):
    monkeypatch.setenv(_cache.CACHE_ENV, str(tmp_path))
    draw, calls = _counting()
    draw(2)
    key = _cache.cache_key()
    monkeypatch.setattr(_cache, "cache_key", lambda: "another-version")
    draw(2)
    assert len(calls) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([key, "another-version"])


def test_the_key_covers_the_code_the_libraries_and_the_data():
    _cache.cache_key.cache_clear()
    key = _cache.cache_key()
    assert len(key) == 16 and int(key, 16) >= 0
    assert any(line.startswith("numpy==") for line in _cache._library_versions())


def test_a_function_without_n_jobs_is_cached(monkeypatch, tmp_path):
    # joblib refuses to ignore a parameter the function does not have: only those it has are ignored
    monkeypatch.setenv(_cache.CACHE_ENV, str(tmp_path))
    calls = []

    @_cache.disk_cached
    def f(x):
        calls.append(x)
        return x

    assert f(1) == 1 and f(1) == 1 and f.uncached(2) == 2
    assert calls == [1, 2]


@_cache.disk_cached
def _slow_square(x, log):
    with open(log, "a") as handle:   # one line per computation, from whichever process computes
        handle.write(f"{x}\n")
    import time
    time.sleep(1.0)
    return x * x


def test_processes_asking_at_once_compute_once(monkeypatch, tmp_path):
    # two pages executed side by side ask for the same result: the second waits for the first
    import concurrent.futures
    import multiprocessing

    monkeypatch.setenv(_cache.CACHE_ENV, str(tmp_path / "cache"))
    log = str(tmp_path / "log")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(_slow_square, [3, 3], [log, log]))
    assert results == [9, 9]
    with open(log) as handle:
        assert handle.read().split() == ["3"]
