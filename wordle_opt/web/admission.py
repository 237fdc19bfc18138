"""What the server takes on: heavy work in bounded slots, each request within
its time budget, each client within its share, each game within WORK_LIMIT.

Every request that may start heavy work (a search, a review, a play-out)
carries a `Budget`: its deadline (``serve --time-limit``), its client's
address, and a stop flag set when the client leaves.  Heavy work holds one of
SEARCH_SLOTS slots; a request finding them all taken waits in a queue of at
most ``limits.queue`` (more: `Busy`, 503 with Retry-After), and a client has
at most ``limits.per_client`` heavy requests at once (more: `TooMany`, 429).
Results already computed need no slot: they answer at once.

Every function here blocks; app.py calls them from worker threads so that
the event loop keeps answering while a search runs.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator, Optional

from wordle_opt.errors import WordleOptError, WordListError
from wordle_opt.solver.engine import StopScope
from wordle_opt.wordlists import WordLists

# Searches (and reviews) running at once; more wait their turn.  The core
# releases the GIL, so the event loop and quick requests still get answered,
# and a review of several seconds leaves room for others' searches.
SEARCH_SLOTS = max(4, os.cpu_count() or 1)
# The work of a game the page serves, answers x guesses (its table of
# colourings in bytes): nyt-3158, the largest bundled set it offers, is
# 3158 x 14855 = 46.9 M.  original-all (12972 x 12972 = 168 M) proves SALET in
# hours, and an upload of 43,000 words built a 1.85 GB table: neither is served.
WORK_LIMIT = 50_000_000


@dataclass
class Limits:
    """What one request and one client may ask of the server (``serve`` sets them)."""

    time_limit: float = 3.0  # seconds of work a request may start, waiting for a slot included
    queue: int = 2 * SEARCH_SLOTS  # requests waiting for a slot; more get 503
    per_client: int = 2  # heavy requests of one client address at once; more get 429
    upload_words: int = 16_000  # words in an uploaded list (nyt's guesses: 14,855)


limits = Limits()
TIME_LIMIT_RANGE = (0.5, 600.0)  # serve --time-limit
# A search is stopped at its deadline, but a tree is still built and the
# answer written after it: what a request may take beyond its budget.
GRACE = 1.0


class Busy(WordleOptError):
    """Every slot taken and the queue full (or no slot freed in time): 503."""

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


class TooMany(WordleOptError):
    """A client already has its share of heavy requests running: 429."""


class BeyondBudget(WordleOptError):
    """The work needs more than one request's time budget, busy or not: 503
    without Retry-After (a retry would meet the same budget)."""


class Cancelled(Exception):
    """The request's client left: its work was stopped, nobody reads the answer."""


class OutOfTime(Exception):
    """The request's budget ran out part-way (its callers answer with what they have)."""


class Budget:
    """One request's allowance: a deadline, its client's address, and a stop
    flag.  The searches it starts are stopped (`StopScope`) at the deadline or
    when ``cancel()`` is called (the client left)."""

    def __init__(self, seconds: Optional[float] = None, client: str = "local"):
        self.seconds = limits.time_limit if seconds is None else seconds
        self.client = client
        self.deadline = time.monotonic() + self.seconds
        self.cancelled = threading.Event()
        self.cut = False  # some work was left unfinished for want of time
        self.holding = False  # holds a slot
        self._scopes: list = []

    def left(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    def cancel(self) -> None:
        self.cancelled.set()
        for scope in list(self._scopes):
            scope.stop()

    def check(self, *_) -> None:
        """Raise Cancelled or OutOfTime when the work must stop (a progress callback)."""
        if self.cancelled.is_set():
            raise Cancelled()
        if time.monotonic() >= self.deadline:
            self.cut = True
            raise OutOfTime()

    @contextmanager
    def stopping_at(self, until: float) -> Iterator[StopScope]:
        """Searches made inside are stopped at ``until`` (monotonic) or on cancel."""
        scope = StopScope()
        self._scopes.append(scope)
        timer = threading.Timer(max(0.0, until - time.monotonic()), scope.stop)
        timer.daemon = True
        timer.start()
        if self.cancelled.is_set():
            scope.stop()
        try:
            with scope:
                yield scope
        finally:
            timer.cancel()
            self._scopes.remove(scope)


_local = threading.local()


def budget() -> Budget:
    """The budget of the request this thread serves (a fresh one outside a request)."""
    b = getattr(_local, "budget", None)
    return Budget() if b is None else b


def run_with(b: Budget, fn: Callable, *args):
    """``fn(*args)`` on this thread under the budget ``b`` (app.py's worker threads)."""
    _local.budget = b
    try:
        return fn(*args)
    finally:
        _local.budget = None


class Slots:
    """SEARCH_SLOTS places for heavy work, a bounded queue before them, and
    each client's count of heavy requests."""

    def __init__(self, size: int):
        self.size = size
        self.running = 0
        self.waiting = 0
        self.clients: Counter = Counter()
        self._cond = threading.Condition()

    @contextmanager
    def hold(self, b: Budget) -> Iterator[None]:
        """Hold a slot for the request of ``b`` (re-entrant within a request).
        TooMany past the client's share, Busy past the queue or when no slot
        frees before the deadline, Cancelled when the client leaves."""
        if b.holding:
            yield
            return
        retry = max(1, math.ceil(b.seconds))
        with self._cond:
            if self.clients[b.client] >= limits.per_client:
                raise TooMany(
                    f"too many requests at once from {b.client}: at most {limits.per_client} searches "
                    "a client; wait for one to finish"
                )
            if self.running >= self.size and self.waiting >= limits.queue:
                raise Busy(
                    f"the server is busy: {self.running} searches running and {self.waiting} waiting; "
                    f"retry in {retry} s",
                    retry,
                )
            self.clients[b.client] += 1
            self.waiting += 1
            try:
                while self.running >= self.size:
                    if b.cancelled.is_set():
                        raise Cancelled()
                    left = b.left()
                    if left <= 0:
                        raise Busy(f"the server is busy: no search slot freed within {b.seconds:g} s", retry)
                    self._cond.wait(min(left, 0.25))
            except BaseException:
                self._leave(b.client)
                raise
            finally:
                self.waiting -= 1
            self.running += 1
        b.holding = True
        try:
            yield
        finally:
            b.holding = False
            with self._cond:
                self.running -= 1
                self._leave(b.client)
                self._cond.notify()

    def _leave(self, client: str) -> None:
        self.clients[client] -= 1
        if self.clients[client] <= 0:
            del self.clients[client]


slots = Slots(SEARCH_SLOTS)


def search_slot():
    """Hold one while searching (``with search_slot():``), under this request's budget."""
    return slots.hold(budget())


def work(lists: WordLists) -> int:
    """Answers x guesses: the bytes of the game's table of colourings."""
    return len(lists.answers) * len(lists.guesses)


def check_work(lists: WordLists, what: str) -> WordLists:
    """``lists`` if the page can serve them exactly in seconds, else a
    WordListError saying how large they are (before any table is built)."""
    if work(lists) > WORK_LIMIT:
        raise WordListError(
            f"{what} is too large for this page: {len(lists.answers)} answers x {len(lists.guesses)} guesses "
            f"= {work(lists):,} colourings to search, more than the {WORK_LIMIT:,} it serves exactly in seconds"
        )
    return lists
