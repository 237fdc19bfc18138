"""Work that outlives a request: one worker thread proves what a request's
time budget could not (an opener's tree, a position's value), and the memos
it fills answer later requests at once.

The worker is one thread, started when work comes and gone when the queue is
empty.  Its searches hold a slot like any request's (client "background":
`wordle_opt.web.admission.Slots`), so they stay within the server's admission
limits and leave the other slots to requests; each job has the longest
budget ``serve --time-limit`` allows.  The queue is bounded (QUEUE jobs; more
are dropped, and a later request asks again) and a job already queued or
running is not queued twice.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Optional

from wordle_opt.web.admission import TIME_LIMIT_RANGE, Budget, run_with

QUEUE = 8  # jobs waiting; a position's job is a few searches of seconds each


class Prover:
    """A queue of jobs by key, run one at a time on a background thread."""

    def __init__(self, queue: int = QUEUE):
        self.queue = queue
        self._jobs: "OrderedDict[tuple, Callable[[], object]]" = OrderedDict()
        self._running: Optional[tuple] = None  # the key of the job running
        self._alive = False  # the worker thread runs (between two jobs too)
        self._cond = threading.Condition()

    def submit(self, key: tuple, job: Callable[[], object]) -> bool:
        """Queue ``job`` under ``key`` unless it is already queued or running;
        False when the queue is full (nothing will compute it for now)."""
        with self._cond:
            if self.pending(key):
                return True
            if len(self._jobs) >= self.queue:
                return False
            self._jobs[key] = job
            if not self._alive:
                self._alive = True
                threading.Thread(target=self._work, name="wordle-opt-prover", daemon=True).start()
            return True

    def pending(self, key: tuple) -> bool:
        """``key``'s job is queued or running."""
        return key in self._jobs or self._running == key

    def wait(self, key: tuple, timeout: float) -> None:
        """Wait until ``key``'s job is neither queued nor running, at most ``timeout`` seconds."""
        with self._cond:
            self._cond.wait_for(lambda: not self.pending(key), max(0.0, timeout))

    def idle(self, timeout: Optional[float] = None) -> bool:
        """Wait until no job is queued or running (True), or ``timeout`` seconds (False)."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and self._running is None, timeout)

    def _work(self) -> None:
        while True:
            with self._cond:
                if not self._jobs:
                    self._alive = False
                    return
                key, job = self._jobs.popitem(last=False)
                self._running = key
            budget = Budget(seconds=TIME_LIMIT_RANGE[1], client="background")
            try:
                run_with(budget, job)
            except Exception:  # (a job that fails is asked for again, and its error said, by a request)
                pass
            with self._cond:
                self._running = None
                self._cond.notify_all()


prover = Prover()
