"""The heavy work behind the page, shared by every request: the game settings,
a memo that computes each result once (concurrent requests for the same one
wait for it), and searches bounded in number, memory and time.

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

import hashlib
import math
import os
import threading
import time
import warnings
from collections import Counter, OrderedDict
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Dict, Iterator, List, Optional

from wordle_opt.errors import WordleOptError, WordListError
from wordle_opt.openers.tables import RankingTable, table_for
from wordle_opt.rules import normalise_rule
from wordle_opt.solver.engine import StopScope
from wordle_opt.solver.exact import SearchResult, solve
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem
from wordle_opt.wordlists import SETS, WordLists, load_lists, parse_words, require_five_letters

# Searches (and reviews) running at once; more wait their turn.  The core
# releases the GIL, so the event loop and quick requests still get answered,
# and a review of several seconds leaves room for others' searches.
SEARCH_SLOTS = max(4, os.cpu_count() or 1)
# Transposition table of one web search (the CLI's default is 192 MiB): keeps
# SEARCH_SLOTS searches well inside memory.  SALET easy still proves in ~0.5 s.
SEARCH_CACHE_MB = 48.0
# The page's searches: one thread each (requests run side by side), their own cache.
SEARCH = SearchOptions(threads=1, cache_mb=SEARCH_CACHE_MB)
UPLOAD_LIMIT = 256 * 1024  # bytes of an uploaded list (the largest bundled list is 78 KB)
# The work of a game the page serves, answers x guesses (its table of
# colourings in bytes): nyt-3158, the largest bundled set it offers, is
# 3158 x 14855 = 46.9 M.  original-all (12972 x 12972 = 168 M) proves SALET in
# hours, and an upload of 43,000 words built a 1.85 GB table: neither is served.
WORK_LIMIT = 50_000_000
UPLOADS_KEPT = 16


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


@dataclass(frozen=True)
class Game:
    """The settings every request carries."""

    key: str  # the list set's name (or upload id): the caches' key
    lists: WordLists
    rule: Optional[str]  # None (easy), 'nyt', 'strict'
    cap: Optional[int]  # max guesses, None = no cap

    def remaining(self, played: int) -> Optional[int]:
        return None if self.cap is None else self.cap - played


class Unkept:
    """A result the memo hands to its callers but does not keep (cut short by
    the time budget: a later request may do better)."""

    def __init__(self, value):
        self.value = value


class Memo:
    """Results by key, the ``size`` most recently used finished ones kept.  The
    first caller of a key computes it; callers arriving meanwhile wait for
    that result instead of starting the same search again.  Errors are passed
    on, not kept, and a computation whose client left is taken over by the
    next caller waiting; an `Unkept` result is passed on, not kept.  Work in
    flight neither counts nor evicts: 20 requests for rare openers used to
    push the default view's tree (SALET) out of a memo of 16 while they ran,
    and it was searched again behind them."""

    def __init__(self, size: int = 512):
        self.size = size
        self._lock = threading.Lock()
        self._items: "OrderedDict[tuple, Future]" = OrderedDict()

    def peek(self, key: tuple):
        """The kept result of ``key``, or None when there is none yet (nor computed nor waited for)."""
        with self._lock:
            fut = self._items.get(key)
            if fut is None or not fut.done() or fut.exception() is not None or isinstance(fut.result(), Unkept):
                return None
            self._items.move_to_end(key)
            return fut.result()

    def get(self, key: tuple, compute: Callable[[], object]):
        while True:
            with self._lock:
                fut = self._items.get(key)
                owner = fut is None
                if owner:
                    fut = self._items[key] = Future()
                    self._evict()
                else:
                    self._items.move_to_end(key)
            if owner:
                try:
                    value = compute()
                except BaseException as exc:
                    with self._lock:
                        self._items.pop(key, None)
                    fut.set_exception(exc)
                    raise
                fut.set_result(value)
                with self._lock:
                    if isinstance(value, Unkept):
                        self._items.pop(key, None)
                    self._evict()
            else:
                # (the owner's work is bounded by its own budget, which began before ours)
                b = budget()
                try:
                    value = fut.result(timeout=b.left() + 2 * GRACE)
                except Cancelled:
                    b.check()
                    continue  # its client left: compute it ourselves
                except TimeoutError:
                    raise Busy(f"the server is busy: the result did not come within {b.seconds:g} s", 1) from None
            return value.value if isinstance(value, Unkept) else value

    def _evict(self) -> None:
        done = [k for k, f in self._items.items() if f.done()]  # (least recently used first)
        for k in done[: max(0, len(done) - self.size)]:
            del self._items[k]


memo = Memo()


def search_slot():
    """Hold one while searching (``with search_slot():``), under this request's budget."""
    return slots.hold(budget())


def exact_search(
    lists: WordLists, opener: Optional[str], rule: Optional[str], cap: Optional[int], *, anytime: bool = False
) -> Optional[SearchResult]:
    """``wordle_opt.search`` on one thread with a small table, holding a slot,
    within the request's budget: the exact search, stopped at the deadline
    (then None), or with ``anytime`` (an opener given) at half the time left,
    then the anytime search for the rest (a tree and its proven lower bound,
    ``stopped`` when not proven optimal; no tree when none was complete)."""
    b = budget()
    problem = Problem(lists, rule, cap)
    with slots.hold(b):
        if b.cancelled.is_set():
            raise Cancelled()
        if b.left() <= 0:  # (the wait for the slot took it all)
            b.cut = True
            return None
        until = b.deadline if not anytime else time.monotonic() + b.left() / 2
        try:
            with b.stopping_at(until):
                return solve(problem, opener, SEARCH)
        except KeyboardInterrupt:  # (stopped: the deadline or the client leaving)
            if b.cancelled.is_set():
                raise Cancelled() from None
        b.cut = True
        if not anytime or b.left() <= 0:
            return None
        with b.stopping_at(b.deadline):
            r = solve(problem, opener, SEARCH.but(time_limit=max(0.1, b.left())))
        if b.cancelled.is_set():
            raise Cancelled()
        return r


# ------------------------------------------------------------------ the lists

_uploads: "OrderedDict[str, WordLists]" = OrderedDict()
_uploads_lock = threading.Lock()


def list_names() -> Dict[str, WordLists]:
    """The bundled sets the web app plays: those of five letters a-z whose
    work is within WORK_LIMIT."""
    return {
        name: lists
        for name in SETS
        if (lists := load_lists(name)).length == 5 and lists.ascii and _work(lists) <= WORK_LIMIT
    }


def _work(lists: WordLists) -> int:
    return len(lists.answers) * len(lists.guesses)


def check_work(lists: WordLists, what: str) -> WordLists:
    """``lists`` if the page can serve them exactly in seconds, else a
    WordListError saying how large they are (before any table is built)."""
    if _work(lists) > WORK_LIMIT:
        raise WordListError(
            f"{what} is too large for this page: {len(lists.answers)} answers x {len(lists.guesses)} guesses "
            f"= {_work(lists):,} colourings to search, more than the {WORK_LIMIT:,} it serves exactly in seconds"
        )
    return lists


def get_lists(name: str) -> WordLists:
    """A bundled set by name, or a list uploaded earlier.  Never a path: the
    server reads no file a request names."""
    if name in SETS:
        return check_work(require_five_letters(load_lists(name), "the web app", ascii_only=True), f"list set {name!r}")
    with _uploads_lock:
        lists = _uploads.get(name)
    if lists is None:
        raise WordListError(f"unknown list set {name!r}: expected one of {', '.join(SETS)} or an uploaded list's id")
    return lists


def upload(answers: bytes, guesses: Optional[bytes], label: str = "upload") -> str:
    """Keep uploaded word lists (one word a line) in memory; returns their id.
    Without guesses, the answers are the guesses."""
    texts = []
    for what, data in (("answers", answers), ("guesses", guesses)):
        if data is None:
            texts.append(None)
            continue
        if len(data) > UPLOAD_LIMIT:
            raise WordListError(f"uploaded {what} list is {len(data)} bytes; the limit is {UPLOAD_LIMIT}")
        try:
            texts.append(data.decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise WordListError(f"uploaded {what} list is not UTF-8 text") from None
        words = sum(1 for line in texts[-1].splitlines() if line.strip())
        if words > limits.upload_words:
            raise WordListError(
                f"uploaded {what} list has {words:,} words; the limit is {limits.upload_words:,} words a list"
            )
    digest = hashlib.sha256(b"\0".join(d or b"" for d in (answers, guesses))).hexdigest()[:12]
    key = f"upload-{digest}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # duplicates dropped, answers added to the guesses
        a = parse_words(texts[0].splitlines(), f"{label} answers")
        g = None if texts[1] is None else parse_words(texts[1].splitlines(), f"{label} guesses")
        lists = require_five_letters(WordLists.from_words(a, g, name=label), "the web app", ascii_only=True)
    check_work(lists, f"the uploaded list {label!r}")
    return keep_lists(key, lists)


def keep_lists(key: str, lists: WordLists) -> str:
    """Keep ``lists`` in memory as ``key`` (the UPLOADS_KEPT newest are kept)."""
    with _uploads_lock:
        _uploads[key] = lists
        while len(_uploads) > UPLOADS_KEPT:
            _uploads.popitem(last=False)
    return key


# Ranking tables the server was given (``serve --ranking FILE``), each read and
# checked whole at start-up: a game's first guesses are valued from the one
# ranked on exactly that game (lists, rule, cap), else from a bundled one.
given_tables: List[RankingTable] = []


def ranking_table(game: Game, *, bundled: bool = True) -> Optional[RankingTable]:
    """The ranking table of exactly this game: one the server was given,
    else (with ``bundled``) the bundled one, else None."""
    for table in given_tables:
        if table.mismatch(game.lists, game.rule, game.cap) is None:
            return table
    return table_for(game.lists, game.rule, game.cap) if bundled else None


def make_game(lists: str, hard: Optional[str], max_guesses: Optional[int]) -> Game:
    if max_guesses is not None and not 1 <= max_guesses <= 20:
        raise WordleOptError(f"max_guesses must be 1..20 or none, not {max_guesses}")
    return Game(lists, get_lists(lists), normalise_rule(hard), max_guesses)
