"""Exact values of game positions, with a time limit: the `Evaluator` the
game review and the play assistant share.

A position is (S, L, d): the answers still possible, the guesses legal now
and the guesses left under the cap.  Its value V(S, L, d) is the least total
number of guesses, summed over the answers of S, that finishes every one of
them (the guess played now and the final all-green one included), i.e. the
exact optimum the solver proves; V / |S| is the expected number of guesses
still needed, each answer equally likely.  Playing g now and optimally after:

    Q(g) = |S| + sum over colourings p != GGGGG of V(S_p, L after (g, p), d - 1)

so V = min over g of Q(g).  Each V comes from `_core.Solver.solve_set`, which
is exact when it finishes.  A search that outlasts the time limit is stopped;
then the value is the core's proven lower bound for that set (solve_set with
beta = 1 returns at once with it), marked not exact -- never a silent guess.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import numpy as np

from wordle_opt.solver import bounded
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem

INF = float("inf")


@dataclass(frozen=True)
class Cost:
    """Guesses in all to finish every one of ``n`` candidates.

    ``total`` is exact when ``exact``, otherwise a proven lower bound (the
    search was stopped by the time limit); ``inf`` means no strategy finishes
    every candidate within the cap (that is proven, so ``exact`` is True).
    """

    total: float
    n: int
    exact: bool = True

    @property
    def feasible(self) -> bool:
        return self.total != INF

    @property
    def expected(self) -> float:
        """Expected guesses still needed (this one included), answers equally likely."""
        return self.total / self.n if self.n else 0.0

    def __add__(self, other: "Cost") -> "Cost":
        return Cost(self.total + other.total, self.n + other.n, self.exact and other.exact)

    def text(self, digits: int = 4) -> str:
        if not self.feasible:
            return "cannot finish within the cap"
        value = f"{self.expected:.{digits}f}"
        return value if self.exact else f">= {value} (bound)"


@dataclass
class Split:
    """A guess played at a position: its colourings, each with its group of
    answers, the legal guesses after it and the group's value."""

    guess: int
    cost: Cost  # Q(guess) over the whole position
    groups: Dict[int, Tuple[np.ndarray, np.ndarray, Optional[Cost]]]  # colouring -> (S_p, L_p, V)
    # Q(guess) came from a ranking table: only the group of one colouring is
    # valued (the others' V is None).
    partial: bool = False


class Evaluator:
    """One engine (solvers and their caches) for one review: the positions of a
    game share many subproblems.  Answers are numbered as in ``engine.table``
    (by the opener's colouring, as `search` does, which makes scans faster)."""

    def __init__(self, problem: Problem, options: SearchOptions, *, opener: Optional[int]):
        """``problem``: the game (its objective is the total); ``options``: the
        ``threads`` (None: the machine's cores), ``cache_mb`` and
        ``time_limit`` (seconds per batch of searches; None: no limit)."""
        self.problem, self.options = problem, options
        lists = self.lists = problem.lists
        self.rule, self.cap = problem.rule, problem.cap
        self.opener = opener
        self.threads, self.cache_mb = options.threads or os.cpu_count() or 1, options.cache_mb
        self.engine = self._engine()
        self.order = np.arange(len(lists.answers)) if opener is None else np.argsort(lists.table[opener], kind="stable")
        self.time_limit = options.time_limit
        self.stopped_searches = 0
        # Exact values of the big sets (solve_bounded's, which no cache keeps):
        # the group a turn's colouring left is the next turn's position.
        self._big: Dict[Tuple[bytes, bytes, int], Tuple[Cost, int]] = {}

    def _engine(self) -> Engine:
        return Engine(self.lists, self.rule, threads=self.threads, cache_mb=self.cache_mb, opener=self.opener)

    def depth(self, turns_played: int) -> int:
        """Guesses left for the solver; without a cap any number above |S| will do
        (the solver clamps it: n useful guesses always suffice)."""
        return 1 << 20 if self.cap is None else self.cap - turns_played

    def answers(self, S: np.ndarray) -> List[str]:
        return sorted(self.lists.answers[int(self.order[j])] for j in S)

    def legal_after(self, L: np.ndarray, g: int, p: int) -> np.ndarray:
        return self.engine.legal_after(L, g, p)

    # -- values -----------------------------------------------------------
    def values(self, sets: List[Tuple[np.ndarray, np.ndarray, int]]) -> List[Tuple[Cost, int]]:
        """(V, a best guess) of each (S, L, d), solved on the engine's threads
        within the time limit; a set left unfinished gets its proven bound."""
        keys = [_big_key(*x) if len(x[0]) >= bounded.BOUNDED_MIN else None for x in sets]
        done: List[Optional[Tuple[Cost, int]]] = [self._big.get(k) if k else None for k in keys]
        # Biggest sets first, so the threads finish together.
        order = sorted((i for i in range(len(sets)) if done[i] is None), key=lambda i: -len(sets[i][0]))
        if not self._batch(sets, order, done, self.time_limit):
            # Stopped: give the sets left a second, shorter chance, smallest
            # first, so that the big one that ran out of time does not keep
            # the small ones from an exact value (and the bound stays tight).
            left = [i for i in reversed(order) if done[i] is None]
            self._batch(sets, left, done, self.time_limit / 4)
        self._big.update((k, done[i]) for i, k in enumerate(keys) if k and done[i] is not None)
        out = []
        for i, hit in enumerate(done):
            if hit is None:
                self.stopped_searches += 1
                S, L, d = sets[i]
                # beta = 1: the core's cheap bound, at once (no best guess with it);
                # exact for one or two answers, and "infeasible" from it is proven.
                bound, _ = self.engine.all_solvers[0].solve_set(S, L, d, 1)
                hit = (_cost(bound, len(S), self.engine.inf, exact=bound >= self.engine.inf or len(S) <= 2), -1)
            out.append(hit)
        return out

    def _batch(self, sets, order: List[int], done: list, limit: Optional[float]) -> bool:
        """Solve sets[i] for i in order into done[i] until ``limit`` seconds
        pass; False if the time ran out (the engine is then a fresh one)."""
        stop = threading.Event()

        def task(i: int):
            S, L, d = sets[i]
            if stop.is_set():
                return
            solver = self.engine.solvers.get()
            try:
                cost, g = solver.solve_set(S, L, d)
            except KeyboardInterrupt:
                if stop.is_set():
                    return  # our time limit, not Ctrl-C
                raise
            finally:
                self.engine.solvers.put(solver)
            done[i] = (_cost(cost, len(S), self.engine.inf), int(g))

        def expire():
            stop.set()
            self.engine.request_stop()

        # Big sets in easy mode first, each on every thread, their guesses
        # refuted in batch (solver.bounded: QAJAQ's 1369 greys in about a
        # minute of CPU, where solve_set ran past the limit).
        ng = len(self.lists.guesses)
        big = [i for i in order if bounded.takes(self.rule, len(sets[i][0]), every_guess_legal=len(sets[i][1]) == ng)]
        timer = None if limit is None else threading.Timer(limit, expire)
        if timer is not None:
            timer.daemon = True
            timer.start()
        try:
            for i in big:
                S, L, d = sets[i]
                try:
                    cost, node = bounded.solve_bounded(self.engine, S, min(d, len(S) + 1))
                except KeyboardInterrupt:
                    if stop.is_set():
                        break  # our time limit, not Ctrl-C
                    raise
                g = -1 if node is None else self.lists.guess_index(node.guess)
                done[i] = (_cost(cost, len(S), self.engine.inf), g)
            if not stop.is_set():
                self.engine.run([lambda i=i: task(i) for i in order if i not in big])
        finally:
            if timer is not None:
                timer.cancel()
        if stop.is_set():
            # A stopped solver refuses further work: start afresh (caches lost).
            self.engine = self._engine()
            return False
        return True

    def best_guesses(
        self, S: np.ndarray, L: np.ndarray, turns_played: int, *, V: Cost, limit: int = 100
    ) -> Tuple[List[int], bool]:
        """Every guess g with Q(g) = V at the position (V exact), and whether
        the list is complete: a guess is tried only if its cheap bound
        n + sum over its groups of (2s - 1) -- at most one answer of a group
        can be hit at once, 243+ need more -- does not exceed V; at most
        ``limit`` of them, and within a quarter of the time limit."""
        n, d = len(S), self.depth(turns_played)
        rows = self.engine.table[L][:, S]
        srt = np.sort(rows, axis=1)
        groups = 1 + (np.diff(srt, axis=1) != 0).sum(axis=1)
        hit = (rows == self.engine.all_green).any(axis=1)
        bound = 3 * n - 2 * hit - (groups - hit)
        keep = (bound <= V.total) & ((groups > 1) | hit)
        order = np.argsort(bound[keep], kind="stable")
        cands = L[keep][order]
        complete = len(cands) <= limit
        deadline = None if self.time_limit is None else time.monotonic() + self.time_limit / 4
        ties = []
        solver = self.engine.solvers.get()
        try:
            for g in cands[:limit]:
                if deadline is not None and time.monotonic() > deadline:
                    return ties, False
                if self._reaches(solver, S, L, d, g=int(g), V=int(V.total)):
                    ties.append(int(g))
        finally:
            self.engine.solvers.put(solver)
        return ties, complete

    def _reaches(self, solver, S, L, d, *, g: int, V: int) -> bool:
        """Q(g) <= V?"""
        return guess_total(self.engine, solver, S, L, d=d, g=g, beta=V + 1) <= V

    def split(
        self,
        S: np.ndarray,
        L: np.ndarray,
        turns_played: int,
        *,
        g: int,
        known: Optional[Dict[int, Cost]] = None,
        given: Optional[Tuple[Cost, int]] = None,
    ) -> Split:
        """Q(g) at the position, with every group's exact value (or bound);
        ``known``: the groups' values from an earlier search, if any;
        ``given``: (Q(g), a colouring) where Q(g) is known (a ranking table):
        only that colouring's group is valued (`Split.partial`)."""
        row = self.engine.table[g, S]
        d = self.depth(turns_played)
        groups = {}
        for p in np.unique(row):
            p = int(p)
            Sp = np.ascontiguousarray(S[row == p])
            Lp = self.legal_after(L, g, p) if p != self.engine.all_green else L[:0]
            groups[p] = [Sp, Lp]
        if given is not None:
            cost, only = given
            for p in groups:
                if p == self.engine.all_green:
                    groups[p].append(Cost(0, 1))
                elif p == only:
                    [(v, _)] = self._group_values(groups, [p], d)
                    groups[p].append(v)
                else:
                    groups[p].append(None)
            return Split(g, cost, {p: tuple(v) for p, v in groups.items()}, partial=True)
        inner = [p for p in groups if p != self.engine.all_green]
        vals = [(known[p], -1) for p in inner] if known is not None else self._group_values(groups, inner, d)
        total = Cost(len(S), 0)
        for p, (cost, _) in zip(inner, vals):
            groups[p].append(cost)
            total = total + cost
        if self.engine.all_green in groups:
            groups[self.engine.all_green].append(Cost(0, 1))
        return Split(g, Cost(total.total, len(S), total.exact), {p: tuple(v) for p, v in groups.items()})

    def _group_values(self, groups: dict, inner: List[int], d: int) -> List[Tuple[Cost, int]]:
        """(V, a best guess) of the groups ``inner`` after a guess with ``d`` guesses left."""
        if d <= 1 and inner:  # no guess left for the groups that are not solved
            return [(Cost(INF, len(groups[p][0])), -1) for p in inner]
        return self.values([(groups[p][0], groups[p][1], d - 1) for p in inner])


def _big_key(S: np.ndarray, L: np.ndarray, d: int) -> Tuple[bytes, bytes, int]:
    return S.tobytes(), hashlib.sha256(L.tobytes()).digest(), d


def _cost(value: int, n: int, inf: int, exact: bool = True) -> Cost:
    if value >= inf:
        return Cost(INF, n, exact)
    return Cost(float(value), n, exact)


def guess_lower_bound(engine: Engine, S: np.ndarray, g: int) -> int:
    """A lower bound on Q(g) at (S, any legal list, any guesses left), at no
    search's cost: |S| + the sum over g's colourings p != all green of
    2|S_p| - 1 (a guess finds at most one answer of a group at once, the
    others need two more at least)."""
    row = engine.table[g, S]
    sizes = np.bincount(row, minlength=engine.all_green + 1)
    sizes[engine.all_green] = 0
    return len(S) + int(2 * sizes.sum() - np.count_nonzero(sizes))


def guess_total(engine: Engine, solver, S: np.ndarray, L: np.ndarray, *, d: int, g: int, beta: int) -> int:
    """Q(g) at (S, L, d) in ``engine``'s numbering, its groups searched on
    ``solver``.  Contract, as the core's: Q(g) itself if it is below
    ``beta``, else some number between beta and Q(g) inclusive (a proven
    lower bound; INFINITY when no tree fits).  Each group's lower bound
    2s - 1 (a guess finds at most one of its answers at once) is replaced by
    its value, searched with the group's share of beta; the likeliest to pass
    beta first: the largest groups, in hard mode those likeliest to have no
    tree (`bounded.hard_first`), which ends it."""
    total = guess_lower_bound(engine, S, g)
    if total >= beta:
        return total
    row = engine.table[g, S]
    pats, sizes = np.unique(row, return_counts=True)
    # (one answer: its bound 1 is its value)
    parts = [(int(p), int(s)) for p, s in zip(pats, sizes) if p != engine.all_green and not (s == 1 and d >= 2)]
    if d <= 1 and parts:  # no guess left for the answers g does not find
        return engine.inf
    legal = [engine.legal_after(L, g, p) for p, _ in parts]
    if engine.rule.hard:
        order = sorted(range(len(parts)), key=lambda i: bounded.hard_first(parts[i][1], len(legal[i])))
    else:
        order = sorted(range(len(parts)), key=lambda i: -parts[i][1])
    for i in order:
        p, s = parts[i]
        v, _ = solver.solve_set(np.ascontiguousarray(S[row == p]), legal[i], d - 1, beta - total + (2 * s - 1))
        if v >= engine.inf:
            return engine.inf
        total += int(v) - (2 * s - 1)
        if total >= beta:
            return total
    return total
