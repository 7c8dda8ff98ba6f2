"""Tests of evalkit._parallel: one map for every experiment."""
import threading
from operator import add

import joblib
import numpy as np
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


def test_numpy_integer_n_jobs_is_taken_as_the_argument_checks_take_it():
    np = pytest.importorskip("numpy")
    assert parallel_map(add, [(i, i) for i in range(5)], n_jobs=np.int64(2)) == [2 * i for i in range(5)]


def test_back_ends_without_unordered_results_give_the_same_results():
    # joblib's multiprocessing back end returns neither generator: results come as a list
    tasks = [(i, 10 * i) for i in range(9)]
    with joblib.parallel_config(backend="multiprocessing", n_jobs=2):
        assert parallel_map(add, tasks) == [11 * i for i in range(9)]


# ----- Dask: n_jobs=None reaches the cluster of the active parallel_config -------------------

@pytest.fixture(scope="module")
def dask_client():
    """An in-process Dask cluster of two single-threaded workers, and a client on it.

    Two worker threads, not one: joblib runs the tasks in this process when the back end
    offers a single job (a Dask cluster with one worker thread), as it does for scikit-learn.
    """
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        yield client


def _on_dask(client, call):
    """``call()``'s result under ``parallel_config(backend="dask")``, and how many tasks the cluster ran."""
    import distributed

    with joblib.parallel_config(backend="dask"), distributed.get_task_stream(client=client) as stream:
        result = call()
    return result, len(stream.data)


def test_parallel_map_with_n_jobs_none_sends_its_tasks_to_dask(dask_client):
    tasks = [(i, 10 * i) for i in range(40)]
    result, n_tasks = _on_dask(dask_client, lambda: parallel_map(add, tasks))
    assert n_tasks > 0
    assert result == parallel_map(add, tasks, n_jobs=1) == [11 * i for i in range(40)]
    # the explicit n_jobs=1 stays in this process
    assert _on_dask(dask_client, lambda: parallel_map(add, tasks, n_jobs=1))[1] == 0


def test_an_experiment_with_n_jobs_none_runs_on_dask_with_the_serial_result(dask_client):
    from evalkit.reproductions import network_cv as neville

    kwargs = {"prop_labeled": (0.5,), "p_err": (0.1,), "err_corr": (0.9,), "n_trials": 60, "n_simulations": 3}
    on_dask, n_tasks = _on_dask(dask_client, lambda: neville.fig2(**kwargs))
    serial = neville.fig2(n_jobs=1, **kwargs)
    assert n_tasks > 0
    assert set(on_dask) == set(serial) == {"2a", "2b"}
    for part in serial:
        assert on_dask[part].equals(serial[part]), part


def test_split_scores_with_n_jobs_none_fits_on_dask_with_the_serial_scores(dask_client):
    np = pytest.importorskip("numpy")
    pytest.importorskip("sklearn")
    from sklearn.model_selection import RepeatedStratifiedKFold
    from sklearn.tree import DecisionTreeClassifier

    from evalkit.resampling import split_scores

    rng = np.random.default_rng(0)
    X = rng.normal(size=(80, 3))
    y = (X[:, 0] + rng.normal(size=80) > 0).astype(int)
    learners = {"tree": DecisionTreeClassifier(random_state=0), "stump": DecisionTreeClassifier(max_depth=1)}
    cv = RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=0)
    on_dask, n_tasks = _on_dask(dask_client, lambda: split_scores(learners, X, y, cv))
    serial = split_scores(learners, X, y, cv, n_jobs=1)
    assert n_tasks > 0
    assert np.array_equal(on_dask.scores, serial.scores) and on_dask.names == serial.names


def test_all_pairs_evaluation_with_n_jobs_none_sends_its_blocks_to_dask(dask_client):
    """The row blocks of evaluate_all_pairs run on the cluster; the result equals the serial one."""
    import networkx as nx

    from evalkit import linkpred
    from evalkit.graph import as_adjacency

    A, _ = as_adjacency(nx.powerlaw_cluster_graph(300, 3, 0.2, seed=1), nodes=list(range(300)))
    rng = np.random.default_rng(0)
    dense = A.toarray()
    u, v = np.triu_indices(300, k=1)
    free = np.flatnonzero(dense[u, v] == 0)
    positives = np.c_[u, v][rng.choice(free, size=40, replace=False)]
    for name in ("adamic_adar", "jaccard"):
        serial = linkpred.evaluate_all_pairs(A, positives, name, n_jobs=1, max_memory="200kB")
        result, n_tasks = _on_dask(dask_client, lambda: linkpred.evaluate_all_pairs(A, positives, name,
                                                                                    max_memory="200kB"))
        assert n_tasks > 1 and result == serial
