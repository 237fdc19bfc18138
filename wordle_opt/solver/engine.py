"""The search engine: one core Solver per thread, the tables they share, and
the walk that turns a proven optimum into a `Node` tree.

The implementation (compiled `_core` or its plain-Python twin) is chosen by
the one switch in `wordle_opt.core`.  `wordle_opt.search` drives it.
"""

from __future__ import annotations

import queue
import threading
from concurrent.futures import ThreadPoolExecutor, wait
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from wordle_opt.rules import Rule, all_green
from wordle_opt.solver.dominance import neighbour_keys, undominated
from wordle_opt.solver.levels import cap_fits
from wordle_opt.trees.node import Node
from wordle_opt.wordlists import WordLists


def rule_code(core, rule) -> int:
    """The core's code of ``rule`` (a Rule, or a value as the tests give it):
    the one place a rule enters the core."""
    return Rule.parse(rule).code(core)


class StopScope:
    """Stops searches from outside, on demand: every solver an `Engine` makes
    on this thread while the scope is entered (``with scope:``) is kept, and
    ``stop()`` tells each of them to stop, as Ctrl-C does (a running search
    raises KeyboardInterrupt, the anytime search returns what it has);
    solvers made after ``stop()`` are stopped at once.  The web server gives
    each request's searches one, stopped at its deadline or when its client
    leaves."""

    _current = threading.local()

    def __init__(self):
        self._lock = threading.Lock()
        self._solvers: list = []
        self.stopped = False

    def __enter__(self) -> "StopScope":
        self._outer = getattr(StopScope._current, "scope", None)
        StopScope._current.scope = self
        return self

    def __exit__(self, *exc) -> None:
        StopScope._current.scope = self._outer

    def stop(self) -> None:
        with self._lock:
            self.stopped = True
            for solver in self._solvers:
                solver.request_stop()

    @staticmethod
    def keep(solver) -> None:
        """Register a new solver (or an Engine, for its loops between solver
        calls) with the scope entered on this thread, if any."""
        scope = getattr(StopScope._current, "scope", None)
        if scope is not None:
            with scope._lock:
                scope._solvers.append(solver)
                if scope.stopped:
                    solver.request_stop()

    def release(self, solver) -> bool:
        """Forget ``solver`` (kept with ``keep``): a later ``stop()`` leaves it
        alone, so it can serve elsewhere.  True if it was stopped meanwhile
        (a stopped solver refuses further work)."""
        with self._lock:
            if solver in self._solvers:
                self._solvers.remove(solver)
            return self.stopped


POLL_SECONDS = 0.2  # the main thread's wait step: Ctrl-C and progress polls


class Engine:
    """The solvers (one per thread) and the tables they share.  Caches are
    keyed by (set, guesses left, legal guesses), so one engine serves every
    cap of a search."""

    def __init__(
        self,
        lists: WordLists,
        rule: Rule,
        *,
        threads: int,
        cache_mb: float,
        opener: Optional[int] = None,
        beam: int = 0,
    ):
        core = lists.modules.core  # narrow or wide, by the word length
        rule = Rule.parse(rule)  # (a Rule, or a value as the tests give it)
        # Number the answers by the opener's colouring, so that every set the
        # search meets lies in one short run of each table row: a scan then
        # touches a few cache lines per guess instead of one per candidate
        # (about 3x faster on the original lists).
        order = np.arange(len(lists.answers))
        if opener is not None:
            order = np.argsort(lists.table[opener], kind="stable")
        # (np.take: a C-ordered copy in one pass over the rows; the fancy index
        # table[:, order] copies byte by byte: 0.59 s against 0.035 s for
        # nyt-12947's 30 MB table)
        table = np.ascontiguousarray(np.take(lists.table, order, axis=1))
        codes = np.ascontiguousarray(lists.guess_codes)
        ans_guess = np.ascontiguousarray(lists.answer_guess_index[order], dtype=np.int32)
        # beam > 0: solvers that try only the beam most promising guesses at each
        # node -- upper bounds, in their own caches, never mixed with exact ones.
        solvers = []
        for _ in range(threads):
            s = core.Solver(table, codes, ans_guess, rule_code(core, rule), cache_mb, beam)
            StopScope.keep(s)
            solvers.append(s)
        self._assemble(lists, rule, table, order, cache_mb=cache_mb, beam=beam, solvers=solvers)
        StopScope.keep(self)

    @classmethod
    def around(
        cls, lists: WordLists, rule: Rule, table: np.ndarray, solver, *, order: Optional[np.ndarray] = None
    ) -> "Engine":
        """A one-thread engine on an existing solver and the table it was made
        with, its answers numbered by ``order`` (None: in list order): the
        opener ranking's tasks keep one solver per thread and lend it to
        `wordle_opt.solver.bounded`; the web page keeps one a request."""
        engine = cls.__new__(cls)
        order = np.arange(len(lists.answers)) if order is None else order
        engine._assemble(lists, rule, table, order, cache_mb=None, beam=0, solvers=[solver])
        return engine

    def _assemble(self, lists: WordLists, rule, table, order, *, cache_mb, beam: int, solvers: list) -> None:
        self.lists, self.rule = lists, Rule.parse(rule)
        self.core = lists.modules.core
        self.all_green = all_green(lists.length)
        self.order, self.cache_mb, self.beam = order, cache_mb, beam
        self.table, self.inf = table, self.core.INFINITY
        self.all_guesses = np.arange(len(lists.guesses), dtype=np.int32)
        self.solvers: "queue.Queue" = queue.Queue()
        for s in solvers:
            self.solvers.put(s)
        self.all_solvers = list(solvers)
        self.poll: Optional[Callable[[], None]] = None  # called while the main thread waits
        # Set by request_stop: tasks that loop between solver calls
        # (solver.bounded) stop at their next step.
        self.stopping = threading.Event()
        # Other things that stop with the solvers (request_stop, and the
        # deadline timer of anytime_widen.stopping): the closing's bounders.
        self.also_stop: list = []
        self._caps = None  # the cap prover, made on first use (within)
        self._keys: Optional[np.ndarray] = None  # neighbour_keys of the guesses, made on first use

    def undominated(self, S: np.ndarray) -> np.ndarray:
        """The guesses no other one dominates at the answer set S (indices in
        this engine's order): `wordle_opt.solver.dominance`, easy mode."""
        if self._keys is None:
            self._keys = neighbour_keys(self.lists.guess_codes)
        return undominated(self.lists.guess_codes, self.lists.answer_codes[self.order[S]], keys=self._keys)

    def request_stop(self) -> None:
        """Stop every solver of the engine (a running search raises
        KeyboardInterrupt) and the loops between solver calls: Ctrl-C in
        run(), a StopScope, a review's time limit, the ranking's stop_all."""
        self.stopping.set()
        self.stop_solvers()

    def stop_solvers(self) -> None:
        """Stop the solvers and what stops with them (also_stop), not the
        loops between solver calls (anytime_widen.stopping's deadline)."""
        for solver in (*self.all_solvers, *self.also_stop):
            solver.request_stop()

    def legal_after(self, legal: np.ndarray, guess: int, pattern: int) -> np.ndarray:
        if not self.rule.hard:
            return self.all_guesses
        # (the filter only reads the solver's word codes, so any solver will do)
        return self.all_solvers[0].legal_after(legal, guess, pattern)

    def parts(self, S: np.ndarray, guess: int) -> List[Tuple[int, np.ndarray]]:
        """(colouring, answers) of S by ``guess``'s colourings, largest part
        first (ties by colouring), the all-green one left out."""
        row = self.table[guess, S]
        pats, sizes = np.unique(row, return_counts=True)
        return [
            (int(p), np.ascontiguousarray(S[row == p]))
            for p in pats[np.argsort(-sizes, kind="stable")]
            if p != self.all_green
        ]

    def within(self, S: np.ndarray, d: int) -> bool:
        """Can a tree solve every answer of S within d <= levels.CAPS_DECIDE_WITHIN
        guesses, with every guess allowed?  Exact (the cap proofs); a False
        holds under every rule.  One prover per engine keeps its witnesses."""
        if self._caps is None:
            self._caps = self.lists.modules.caps.CapProver(self.table, self.lists.length)
        return cap_fits(self._caps)(S, d)

    def with_beam(self, beam: int) -> "Engine":
        """Solvers with a beam on this engine's table and answer order."""
        # (sharing the table: 160 MiB on every-word lists)
        other = Engine.__new__(Engine)
        other.__dict__.update(self.__dict__)
        other.beam = beam
        other.solvers = queue.Queue()
        other.all_solvers = []
        codes = np.ascontiguousarray(self.lists.guess_codes)
        ans_guess = np.ascontiguousarray(self.lists.answer_guess_index[self.order], dtype=np.int32)
        for _ in self.all_solvers:
            s = self.core.Solver(self.table, codes, ans_guess, rule_code(self.core, self.rule), self.cache_mb, beam)
            StopScope.keep(s)
            other.solvers.put(s)
            other.all_solvers.append(s)
        return other

    def solve_group(
        self, S: np.ndarray, legal: np.ndarray, cap: int, beta: Optional[int] = None
    ) -> Tuple[int, Optional[Node]]:
        """The cost of one candidate set and its best subtree (None if
        infeasible), exact for an exact engine.  With beta: the cost and its
        tree if below beta, else a lower bound >= beta and None."""
        solver = self.solvers.get()
        try:
            cost, _ = solver.solve_set(S, legal, cap, -1 if beta is None else beta)
            if cost >= self.inf or (beta is not None and cost >= beta):
                return cost, None
            return cost, self._build(solver, S, legal, cap)
        finally:
            self.solvers.put(solver)

    def solve_group_shared_root(self, S: np.ndarray, legal: np.ndarray, cap: int) -> Tuple[int, Optional[Node]]:
        """Like solve_group, with every thread on this one set: each tries its
        share of the first guesses, all prune with the best found so far."""
        shared = np.array([self.inf], dtype=np.int64)
        k = len(self.all_solvers)

        def part(tid: int):
            solver = self.solvers.get()
            try:
                cost, g = solver.solve_shared_root(S, legal, cap, shared, tid, k)
                return cost, g, solver
            finally:
                self.solvers.put(solver)

        cost, g, solver = min(self.run([lambda t=t: part(t) for t in range(k)]), key=lambda r: r[:2])
        if cost >= self.inf:
            return cost, None
        # The winning thread's cache holds the subtrees under g.
        solver.remember(S, legal, cap, cost, g)
        [node] = self.run([lambda: self._build(solver, S, legal, cap)])
        return cost, node

    def _build(self, solver, S: np.ndarray, legal: np.ndarray, cap: int) -> Node:
        # Re-walks the proven optimum; every node is a cache hit unless evicted.
        cost, g = solver.solve_set(S, legal, cap)
        if cost >= self.inf or g < 0:
            raise RuntimeError("internal error: a solved subtree became infeasible")
        node = Node(self.lists.guesses[g], {})
        if len(S) == 1:
            return node
        row = self.table[g, S]
        # The list the solver handed the children (their cache keys include it).
        child_legal = legal if not self.rule.hard else solver.useful(S, legal)
        for p in np.unique(row):
            p = int(p)
            if p == self.all_green:
                continue
            sub = np.ascontiguousarray(S[row == p])
            node.children[p] = self._build(solver, sub, self.legal_after(child_legal, g, p), cap - 1)
        return node

    def nodes(self) -> int:
        """Nodes searched so far by all solvers (read while they run: progress)."""
        return sum(s.stats["nodes"] for s in self.all_solvers)

    def stats(self) -> Dict[str, float]:
        out = {"nodes": 0, "cache_hits": 0}
        for s in self.all_solvers:
            st = s.stats
            out["nodes"] += st["nodes"]
            out["cache_hits"] += st["cache_hits"]
        out["cache_mb"] = sum(s.cache_bytes for s in self.all_solvers) / 2**20
        return out

    def run(self, tasks: List[Callable], stop_too: Sequence["Engine"] = ()) -> list:
        """Run the tasks on the engine's threads and return their results in
        order.  The main thread only waits, in short steps, so Ctrl-C reaches
        it and self.poll can report progress; on Ctrl-C every solver (and
        those of the engines in stop_too, which the tasks use as well) is told
        to stop and KeyboardInterrupt propagates."""
        with ThreadPoolExecutor(max_workers=len(self.all_solvers)) as pool:
            futures: list = []
            try:
                # (submitted inside the try: a Ctrl-C between two submissions
                # must stop the tasks already running, or the pool's exit
                # waits for them to finish their whole search)
                for task in tasks:
                    futures.append(pool.submit(task))
                pending = set(futures)
                while pending:
                    _, pending = wait(pending, timeout=POLL_SECONDS)
                    if pending and self.poll is not None:
                        self.poll()
            except KeyboardInterrupt:
                for engine in (self, *stop_too):
                    engine.request_stop()
                for f in futures:
                    f.cancel()
                wait(futures)
                raise
            return [f.result() for f in futures]
