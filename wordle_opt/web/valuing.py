"""Exact values of the Play view's positions and guesses, on solvers kept
warm for each game: every request's searches share their caches, so a group
proven for one alternative, or at one turn, answers the next at once.

A position is (S, L, d) in the game's own numbering: the candidates, the
guesses legal now, the guesses left.  V(S, L, d) is the least total number of
guesses that finishes every candidate (`wordle_opt.solver.evaluator`), and
playing g now, then optimally, costs

    Q(g) = |S| + sum over colourings p != GGGGG of V(S_p, L_p, d - 1).

A request takes one core Solver of its game's pool, searches with it on its
own thread, and puts it back; the solver is stopped at the request's deadline
or when its client leaves, and a stopped solver (which refuses further work)
is dropped with its cache.  (Searching each position as word lists of its
own, the page's way before, checked nyt-3158's 14855 guesses again on every
turn, 0.1-0.2 s in easy mode, and kept no cache from one search to the next:
`benchmarks/bench_today.py` plays both.)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from contextlib import contextmanager
from typing import Iterator, List, Optional, Tuple

import numpy as np

from wordle_opt.solver import bounded
from wordle_opt.solver.engine import Engine, StopScope, rule_code
from wordle_opt.solver.evaluator import guess_lower_bound, guess_total
from wordle_opt.web.admission import Cancelled, OutOfTime, budget, slots
from wordle_opt.web.games import Game
from wordle_opt.web.searching import SEARCH_CACHE_MB

GAMES = 4  # games whose solvers are kept (today's easy and hard, the default view, one more)
IDLE = 2  # solvers a game keeps between requests (a 48 MB cache each): more are dropped


class Valuer:
    """V and Q of positions of one game, on one solver held by this thread.
    Sets of answers are given in the list's numbering (``Assistant.candidates``)."""

    def __init__(self, engine: Engine, rank: np.ndarray):
        self.engine = engine
        self.inf = engine.inf
        self._rank = rank  # list index -> the engine's number of the answer

    def optimum(self, S: np.ndarray, L: np.ndarray, d: int) -> Tuple[int, int]:
        """(V(S, L, d), a guess that reaches it); (>= inf, -1) when no
        strategy finishes every candidate within d guesses."""
        S, L = self._mine(S), _ints(L)
        if bounded.takes(self.engine.rule, len(S), every_guess_legal=len(L) == len(self.engine.all_guesses)):
            # (big sets in easy mode: their guesses refuted in batch, as the search does)
            v, node = bounded.solve_bounded(self.engine, S, min(d, len(S) + 1))
            return v, -1 if node is None else self.engine.lists.guess_index(node.guess)
        return self._value(S, L, d)

    def guess(self, S: np.ndarray, L: np.ndarray, d: int, g: int, *, beta: Optional[int] = None) -> int:
        """Q(g) at (S, L, d).  Contract, as the core's: Q(g) itself if it is
        below ``beta`` (None: no cut-off), else some number between beta and
        Q(g) inclusive: a proven lower bound."""
        beta = self.inf + 1 if beta is None else beta
        return guess_total(self.engine, self.engine.all_solvers[0], self._mine(S), _ints(L), d=d, g=g, beta=beta)

    def lower_bound(self, S: np.ndarray, g: int) -> int:
        """A lower bound on Q(g) at no search's cost (`guess_lower_bound`)."""
        return guess_lower_bound(self.engine, self._mine(S), g)

    def _mine(self, S: np.ndarray) -> np.ndarray:
        return _ints(np.sort(self._rank[S]))

    def _value(self, S: np.ndarray, L: np.ndarray, d: int) -> Tuple[int, int]:
        return self.engine.all_solvers[0].solve_set(S, L, d, -1)


def _ints(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a, dtype=np.int32)


class _Pool:
    """A game's idle solvers, on one copy of its table with the answers
    numbered by ``opener``'s colouring, as the search does: the positions
    after it (and after their guesses) are then runs of each table row, and
    a scan reads a few cache lines instead of one an answer (15 of the
    benchmark's games of nyt-3158 after TARSE, easy mode: 1.0-1.2 s of CPU
    against 2.4 s in list order; hard mode: 0.3-0.4 s either way)."""

    def __init__(self, game: Game, opener: str):
        lists = self.lists = game.lists
        self.rule = game.rule
        self.order = (
            np.argsort(lists.table[lists.guess_index(opener)], kind="stable")
            if lists.is_guess(opener)
            else np.arange(len(lists.answers))
        )
        self.rank = np.empty_like(self.order)
        self.rank[self.order] = np.arange(len(self.order))
        self.table = np.ascontiguousarray(np.take(lists.table, self.order, axis=1))
        self._idle: List[object] = []
        self._lock = threading.Lock()

    def take(self) -> Engine:
        with self._lock:
            solver = self._idle.pop() if self._idle else None  # (the last put back: its cache the warmest)
        lists = self.lists
        if solver is None:
            core = lists.modules.core
            codes = np.ascontiguousarray(lists.guess_codes)
            ans_guess = np.ascontiguousarray(lists.answer_guess_index[self.order], dtype=np.int32)
            solver = core.Solver(self.table, codes, ans_guess, rule_code(core, self.rule), SEARCH_CACHE_MB, 0)
        return Engine.around(lists, self.rule, self.table, solver, order=self.order)

    def put_back(self, engine: Engine) -> None:
        with self._lock:
            self._idle = (self._idle + engine.all_solvers)[-IDLE:]


_pools: "OrderedDict[tuple, _Pool]" = OrderedDict()
_pools_lock = threading.Lock()


def prepare(game: Game, opener: str) -> None:
    """Make the game's table and first solver now (the start-up warm-up): for
    nyt-3158, a 47 MB copy and 0.15-0.5 s (load 9-11) that the first
    request after the first turn would otherwise wait."""
    _pool(game, opener).put_back(_pool(game, opener).take())


def _pool(game: Game, opener: str) -> _Pool:
    key = (game.key, game.rule, opener)
    with _pools_lock:
        pool = _pools.get(key)
        if pool is None or pool.lists is not game.lists:  # (the same id, lists made again: an upload sent again)
            pool = _pools[key] = _Pool(game, opener)
        _pools.move_to_end(key)
        while len(_pools) > GAMES:
            _pools.popitem(last=False)
        return pool


@contextmanager
def valuing(game: Game, opener: str) -> Iterator[Valuer]:
    """A `Valuer` of ``game`` for this request, holding a search slot and one
    solver, its answers numbered by ``opener`` (the opener of the tree the
    page follows: see `_Pool`).  Its searches stop at the request's deadline
    (then OutOfTime, and the budget says it was cut) or when its client
    leaves (Cancelled)."""
    b = budget()
    with slots.hold(b):
        if b.cancelled.is_set():
            raise Cancelled()
        if b.left() <= 0:
            b.cut = True
            raise OutOfTime()
        pool = _pool(game, opener)
        engine = pool.take()
        with b.stopping_at(b.deadline) as scope:
            StopScope.keep(engine)  # (stops its solver, and solve_bounded's loops between solver calls)
            try:
                yield Valuer(engine, pool.rank)
            except KeyboardInterrupt:
                if b.cancelled.is_set():
                    raise Cancelled() from None
                b.cut = True
                raise OutOfTime() from None
            finally:
                if not scope.release(engine):
                    pool.put_back(engine)
