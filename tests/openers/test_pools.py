"""The local pool's abort: what a stopped ranking (Ctrl-C, SIGTERM) relies on."""

from __future__ import annotations

import time

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
