"""The heavy work behind the page, shared by every request: the game settings,
a memo that computes each result once (concurrent requests for the same one
wait for it), and exact searches bounded in number and memory.

Every function here blocks; app.py calls them from worker threads so that
the event loop keeps answering while a search runs.
"""

from __future__ import annotations

import hashlib
import os
import threading
import warnings
from collections import OrderedDict
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Callable, Dict, Optional

from wordle_opt.errors import WordleOptError, WordListError
from wordle_opt.rules import normalise_rule
from wordle_opt.solver.exact import SearchResult, solve
from wordle_opt.solver.problem import Problem
from wordle_opt.wordlists import SETS, WordLists, load_lists, parse_words, require_five_letters

# Searches (and reviews) running at once; more wait their turn.  The core
# releases the GIL, so the event loop and quick requests still get answered,
# and a review of several seconds leaves room for others' searches.
SEARCH_SLOTS = max(4, os.cpu_count() or 1)
# Transposition table of one web search (the CLI's default is 192 MiB): keeps
# SEARCH_SLOTS searches well inside memory.  SALET easy still proves in ~0.5 s.
SEARCH_CACHE_MB = 48.0
UPLOAD_LIMIT = 256 * 1024  # bytes of an uploaded list (the largest bundled list is 78 KB)
# The work of a game the page serves, answers x guesses (its table of
# colourings in bytes): nyt-3158, the largest bundled set it offers, is
# 3158 x 14855 = 46.9 M.  original-all (12972 x 12972 = 168 M) proves SALET in
# hours, and an upload of 43,000 words built a 1.85 GB table: neither is served.
WORK_LIMIT = 50_000_000
UPLOADS_KEPT = 16

_slots = threading.BoundedSemaphore(SEARCH_SLOTS)


@dataclass(frozen=True)
class Game:
    """The settings every request carries."""

    key: str  # the list set's name (or upload id): the caches' key
    lists: WordLists
    rule: Optional[str]  # None (easy), 'nyt', 'strict'
    cap: Optional[int]  # max guesses, None = no cap

    def remaining(self, played: int) -> Optional[int]:
        return None if self.cap is None else self.cap - played


class Memo:
    """Results by key, the ``size`` most recently used finished ones kept.  The
    first caller of a key computes it; callers arriving meanwhile wait for
    that result instead of starting the same search again.  Errors are passed
    on, not kept.  Work in flight neither counts nor evicts: 20 requests for
    rare openers used to push the default view's tree (SALET) out of a memo
    of 16 while they ran, and it was searched again behind them."""

    def __init__(self, size: int = 512):
        self.size = size
        self._lock = threading.Lock()
        self._items: "OrderedDict[tuple, Future]" = OrderedDict()

    def get(self, key: tuple, compute: Callable[[], object]):
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
                fut.set_result(compute())
            except BaseException as exc:
                with self._lock:
                    self._items.pop(key, None)
                fut.set_exception(exc)
            else:
                with self._lock:
                    self._evict()
        return fut.result()

    def _evict(self) -> None:
        done = [k for k, f in self._items.items() if f.done()]  # (least recently used first)
        for k in done[: max(0, len(done) - self.size)]:
            del self._items[k]


memo = Memo()


def search_slot() -> threading.BoundedSemaphore:
    """Hold one while searching (``with search_slot():``)."""
    return _slots


def exact_search(lists: WordLists, opener: Optional[str], rule: Optional[str], cap: Optional[int]) -> SearchResult:
    """``wordle_opt.search`` on one thread with a small table, at most
    SEARCH_SLOTS at a time."""
    with _slots:
        return solve(Problem(lists, rule, cap), opener, threads=1, cache_mb=SEARCH_CACHE_MB)


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
    digest = hashlib.sha256(b"\0".join(d or b"" for d in (answers, guesses))).hexdigest()[:12]
    key = f"upload-{digest}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # duplicates dropped, answers added to the guesses
        a = parse_words(texts[0].splitlines(), f"{label} answers")
        g = None if texts[1] is None else parse_words(texts[1].splitlines(), f"{label} guesses")
        lists = require_five_letters(WordLists.from_words(a, g, name=label), "the web app", ascii_only=True)
    check_work(lists, f"the uploaded list {label!r}")
    with _uploads_lock:
        _uploads[key] = lists
        while len(_uploads) > UPLOADS_KEPT:
            _uploads.popitem(last=False)
    return key


def make_game(lists: str, hard: Optional[str], max_guesses: Optional[int]) -> Game:
    if max_guesses is not None and not 1 <= max_guesses <= 20:
        raise WordleOptError(f"max_guesses must be 1..20 or none, not {max_guesses}")
    return Game(lists, get_lists(lists), normalise_rule(hard), max_guesses)
