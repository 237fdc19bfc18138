"""The page's exact search: one thread, a small table, a slot held, stopped
at the request's deadline."""

from __future__ import annotations

import time
from typing import Optional

from wordle_opt.rules import Rule
from wordle_opt.solver.exact import SearchResult, solve
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem
from wordle_opt.web.admission import Cancelled, budget, slots
from wordle_opt.wordlists import WordLists

# Transposition table of one web search (the CLI's default is 192 MiB): keeps
# SEARCH_SLOTS searches well inside memory.  SALET easy still proves in ~0.5 s.
SEARCH_CACHE_MB = 48.0
# The page's searches: one thread each (requests run side by side), their own cache.
SEARCH = SearchOptions(threads=1, cache_mb=SEARCH_CACHE_MB)


def exact_search(
    lists: WordLists, opener: Optional[str], rule: Rule, cap: Optional[int], *, anytime: bool = False
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
