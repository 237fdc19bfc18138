"""Where opener tasks run: this process, local processes, or a Dask cluster.

All three hand out futures and wait for the first of them to finish in short
steps (so Ctrl-C reaches the main thread); the ranking logic is the same.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import resource
import signal
import threading
import time
from typing import Callable, List, Tuple

from wordle_opt.errors import WordleOptError


def _worker_init() -> None:
    # Ctrl-C goes to the whole process group: the main process handles it and
    # ends the workers, which must not die half-way through on their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The main process's SIGTERM handler (the CLI's: stop as Ctrl-C does) is
    # inherited through fork; a worker ends at once when the main one ends it.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # A main process killed outright (kill -9) cannot end its workers: they
    # notice it gone and leave, instead of finishing a task no one will read.
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


class LocalPool:
    """workers == 1: one thread of this process (its solver can be told to
    stop); workers > 1: that many worker processes."""

    def __init__(self, workers: int):
        self.workers = workers
        self._children0 = _children_cpu()
        if workers == 1:
            self.pool: cf.Executor = cf.ThreadPoolExecutor(max_workers=1)
        else:
            # fork where there is one: spawn would re-run a user's script
            # that lacks the `if __name__ == "__main__"` guard.
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            self.pool = cf.ProcessPoolExecutor(
                max_workers=workers, mp_context=multiprocessing.get_context(method), initializer=_worker_init
            )

    def share(self, obj):
        return obj

    def note_task_cpu(self, cpu: float) -> None:
        pass  # (the worker processes' CPU is read whole, by `cpu`)

    def cpu(self) -> float:
        """CPU seconds its workers spent outside this process's threads: the
        worker processes' once they have ended (`close`), as the OS counts
        them; a thread's is this process's own."""
        return 0.0 if self.workers == 1 else _children_cpu() - self._children0

    def submit(self, fn: Callable, *args):
        return self.pool.submit(fn, *args)

    def wait_first(self, futures: List, timeout: float) -> Tuple[set, set]:
        done, pending = cf.wait(futures, timeout=timeout, return_when=cf.FIRST_COMPLETED)
        return done, pending

    def abort(self) -> None:
        if self.workers == 1:
            from wordle_opt.openers.tasks import stop_all

            stop_all()
            self.pool.shutdown(wait=True, cancel_futures=True)
            return
        procs = list(getattr(self.pool, "_processes", {}).values())
        # (taken before shutdown(), which sets the pool's reference to None:
        # read after it, the join below never ran, and the SIGTERM test met
        # the race it closes)
        manager = getattr(self.pool, "_executor_manager_thread", None)
        self.pool.shutdown(wait=False, cancel_futures=True)
        for p in procs:  # the pool's own worker processes
            p.terminate()
        # The pool's manager thread closes its wake-up pipe on its way out;
        # CPython 3.11's exit hook writes to that pipe unlocked, and a Ctrl-C
        # run once ended "OSError: Bad file descriptor" after "interrupted"
        # (on CI).  Waiting for the thread here closes that race.
        if manager is not None:
            manager.join(timeout=10)

    def close(self) -> None:
        self.pool.shutdown(wait=True)


# How often a Dask pool reads the cluster's worker count again (one call to
# the scheduler): workers that join a running ranking get tasks.
WORKERS_REFRESH = 5.0


class DaskPool:
    """Tasks on a dask.distributed cluster (``pip install 'wordle_opt[distributed]'``)."""

    def __init__(self, address):
        try:
            from distributed import Client
        except ImportError:
            raise WordleOptError("--scheduler needs dask.distributed: pip install 'wordle_opt[distributed]'") from None
        try:
            self.client = Client(address, timeout="20s")
        except OSError as exc:
            raise WordleOptError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        self._task_cpu = 0.0
        self._counted_at = -float("inf")
        self._workers = 1

    @property
    def workers(self) -> int:
        """The cluster's worker threads (at least 1, so that tasks queue for
        the first worker), read every WORKERS_REFRESH seconds while open: a
        table spread over machines gets 2 tasks in flight per thread, also
        for the workers started after it."""
        now = time.monotonic()
        if now - self._counted_at >= WORKERS_REFRESH:
            self._workers = max(1, sum(self.client.nthreads().values()))
            self._counted_at = now
        return self._workers

    def share(self, obj):
        # Sent to every worker once, not with each task.
        return self.client.scatter(obj, broadcast=True, hash=False)

    def note_task_cpu(self, cpu: float) -> None:
        self._task_cpu += cpu

    def cpu(self) -> float:
        """The CPU seconds of its finished tasks, as each measured where it ran
        (`phases.timed`): the cluster's processes are not this machine's to
        read (their own upkeep, heartbeats and transfers, is not counted)."""
        return self._task_cpu

    def submit(self, fn: Callable, *args):
        return self.client.submit(fn, *args, pure=False)

    def wait_first(self, futures: List, timeout: float) -> Tuple[set, set]:
        from distributed import wait

        try:
            wait(futures, timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            pass
        done = {f for f in futures if f.done()}
        return done, set(futures) - done

    def abort(self) -> None:
        self.close()

    def close(self) -> None:
        self._counted_at = float("inf")  # (the last count stands: the result's stats read it)
        self.client.close()


def make_pool(workers: int, scheduler=None):
    if scheduler is not None:
        return DaskPool(scheduler)
    return LocalPool(workers)
