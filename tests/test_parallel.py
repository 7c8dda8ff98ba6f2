"""Tests of evalkit._parallel: one map for every experiment."""
import threading
from operator import add

import joblib
import pytest

from evalkit._parallel import parallel_map, progress_bar


def _thread_of(i):
    import time

    time.sleep(0.01)
    return threading.get_ident()


@pytest.mark.parametrize("n_jobs", [None, 1, 2, -1])
def test_results_come_back_in_task_order_whatever_the_jobs(n_jobs):
    tasks = [(i, 10 * i) for i in range(25)]
    assert parallel_map(add, tasks, n_jobs=n_jobs) == [11 * i for i in range(25)]


def test_n_jobs_none_defers_to_the_active_joblib_back_end():
    # as in scikit-learn: None means "whatever parallel_config says" (serial when nothing is set)
    assert len(set(parallel_map(_thread_of, [(i,) for i in range(8)]))) == 1
    with joblib.parallel_config(backend="threading", n_jobs=4):
        threads = set(parallel_map(_thread_of, [(i,) for i in range(8)]))
    assert len(threads) > 1


def test_explicit_n_jobs_one_stays_serial_inside_a_parallel_config():
    with joblib.parallel_config(backend="threading", n_jobs=4):
        assert len(set(parallel_map(_thread_of, [(i,) for i in range(8)], n_jobs=1))) == 1


@pytest.mark.parametrize("bad", [0, 1.5, "2", True])
def test_bad_n_jobs_is_a_clear_error(bad):
    with pytest.raises(ValueError, match="n_jobs must be None or a non-zero integer"):
        parallel_map(add, [(1, 2)], n_jobs=bad)


def test_no_tasks_no_results():
    assert parallel_map(add, [], n_jobs=2) == []


def test_progress_bar_counts_finished_tasks(capsys):
    assert parallel_map(add, [(i, i) for i in range(7)], n_jobs=2, progress=True, desc="adding") == \
        [2 * i for i in range(7)]
    err = capsys.readouterr().err
    assert "adding" in err and "7/7" in err
    assert list(progress_bar(range(3), progress=False)) == [0, 1, 2]
