"""The local pool's abort: what a stopped ranking (Ctrl-C, SIGTERM) relies on."""

from __future__ import annotations

import time

import pytest

from wordle_opt.openers.pools import LocalPool


def test_abort_waits_for_the_process_pools_manager_thread():
    # Python's exit hook writes to the manager thread's wake-up pipe without
    # a lock; a thread still closing it then ends a stopped run with
    # "OSError: Bad file descriptor" (tests/cli/test_signals.py saw it).
    # abort() must leave no manager thread running.
    pool = LocalPool(2)
    future = pool.submit(time.sleep, 30)
    manager = pool.pool._executor_manager_thread
    assert manager is not None and manager.is_alive()
    start = time.monotonic()
    pool.abort()
    assert not manager.is_alive()
    assert time.monotonic() - start < 10
    assert future.cancelled() or future.done()


def test_a_dask_pool_counts_the_workers_that_join_a_running_ranking(monkeypatch):
    """A table spread over machines starts its CLI before every `dask
    worker` has joined: the tasks in flight (2 per worker thread) must grow
    as workers join, not stay at the count the pool saw when it connected."""
    distributed = pytest.importorskip("distributed")
    from wordle_opt.openers import pools

    monkeypatch.setattr(pools, "WORKERS_REFRESH", 0.0, raising=False)
    with distributed.LocalCluster(
        n_workers=0, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        pool = pools.DaskPool(cluster.scheduler_address)
        try:
            assert pool.workers == 1  # (none yet: one, so that the first tasks are queued)
            cluster.scale(2)
            pool.client.wait_for_workers(2, timeout=60)
            assert pool.workers == 2
        finally:
            pool.close()
        assert pool.workers == 2  # (read after close, for the result's stats: the last count)
