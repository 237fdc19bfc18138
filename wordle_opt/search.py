"""Exact optimal decision trees: the thin Python layer over the Cython solver.

`search` validates its input, splits the answers by the opener's colourings,
hands the groups (independent subproblems) to one `_core.Solver` per thread,
and turns the proven optimum into a `Tree`.
"""
from __future__ import annotations

import os
import queue
import resource
import threading
import time
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple, Union

import numpy as np

from wordle_opt.errors import WordleOptError
from wordle_opt.rules import normalise_rule
from wordle_opt.display import html_histogram as _html_histogram, html_table as _html_table
from wordle_opt.patterns import Pattern
from wordle_opt.tree import Node, Tree
from wordle_opt.wordlists import WordLists, load_lists

ALL_GREEN = 242
_RULE_CODE = {None: 0, "nyt": 1, "strict": 2}
DEFAULT_CACHE_MB = 192.0

Progress = Callable[[int, int], None]  # (groups done, groups in all)


@dataclass
class SearchResult:
    """The proven optimum for one opener (or the best opener), with its tree.

    ``feasible`` is False when no strategy solves every answer within
    ``max_guesses``; then ``tree`` and the figures are None and
    ``unsolvable`` lists the opener's groups that cannot be finished.
    """

    opener: Optional[str]
    hard: Optional[str]
    max_guesses: Optional[int]
    lists: str
    n_answers: int
    feasible: bool
    tree: Optional[Tree]
    proven: bool
    stats: Dict[str, float] = field(default_factory=dict)
    unsolvable: List[str] = field(default_factory=list)

    @property
    def total(self) -> Optional[int]:
        return self.tree.total if self.tree else None

    @property
    def average(self) -> Optional[float]:
        return self.tree.average if self.tree else None

    @property
    def histogram(self) -> Optional[Dict[int, int]]:
        return self.tree.histogram if self.tree else None

    @property
    def max_depth(self) -> Optional[int]:
        return self.tree.max_depth if self.tree else None

    @property
    def rule_name(self) -> str:
        return {None: "easy", "nyt": "hard (NYT rule)", "strict": "hard (strict rule)"}[self.hard]

    @property
    def cap_name(self) -> str:
        return "no cap" if self.max_guesses is None else f"at most {self.max_guesses} guesses"

    def summary_rows(self) -> List[Tuple[str, str]]:
        rows = [
            ("opener", (self.opener or "?").upper()),
            ("mode", f"{self.rule_name}, {self.cap_name}"),
            ("lists", f"{self.lists} ({self.n_answers} answers)"),
        ]
        if not self.feasible:
            rows.append(("result", f"no strategy solves every answer within {self.max_guesses} guesses"))
        else:
            rows += [
                ("total", str(self.total)),
                ("average", f"{self.average:.4f}"),
                ("histogram", "  ".join(f"{k}:{v}" for k, v in sorted(self.histogram.items()))),
                ("worst case", f"{self.max_depth} guesses"),
            ]
        rows += [
            ("proven optimal", "yes" if self.proven else "no"),
            ("time", f"{self.stats.get('seconds', 0):.2f} s wall, {self.stats.get('cpu_seconds', 0):.2f} s CPU"),
            ("nodes", f"{int(self.stats.get('nodes', 0)):,} searched, {int(self.stats.get('cache_hits', 0)):,} cache hits"),
        ]
        return rows

    def __str__(self) -> str:
        width = max(len(k) for k, _ in self.summary_rows())
        return "\n".join(f"{k:<{width}}  {v}" for k, v in self.summary_rows())

    def __repr__(self) -> str:
        if not self.feasible:
            return f"<SearchResult {self.opener} {self.rule_name}: infeasible within {self.max_guesses}>"
        return f"<SearchResult {self.opener} {self.rule_name}: total {self.total}, average {self.average:.4f}>"

    def _repr_html_(self) -> str:
        return _html_table(self.summary_rows()) + (_html_histogram(self.histogram) if self.tree else "")


def _parse_cap(max_guesses) -> Optional[int]:
    if max_guesses is None or (isinstance(max_guesses, str) and max_guesses.lower() in ("none", "inf", "unlimited")):
        return None
    try:
        cap = int(max_guesses)
    except (TypeError, ValueError):
        raise WordleOptError(f"max_guesses must be a positive integer or none, not {max_guesses!r}") from None
    if cap < 1:
        raise WordleOptError(f"max_guesses must be a positive integer or none, not {max_guesses!r}")
    return cap


class _Engine:
    """The solvers (one per thread) and the tables they share."""

    def __init__(self, lists: WordLists, rule: Optional[str], threads: int, cache_mb: float,
                 opener: Optional[int] = None):
        from wordle_opt._core import INFINITY, Solver

        self.lists = lists
        self.rule = rule
        # Number the answers by the opener's colouring, so that every set the
        # search meets lies in one short run of each table row: a scan then
        # touches a few cache lines per guess instead of one per candidate
        # (about 3x faster on the original lists).
        order = np.arange(len(lists.answers))
        if opener is not None:
            order = np.argsort(lists.table[opener], kind="stable")
        self.table = np.ascontiguousarray(lists.table[:, order])
        self.inf = INFINITY
        self.all_guesses = np.arange(len(lists.guesses), dtype=np.int32)
        codes = np.ascontiguousarray(lists.guess_codes)
        ans_guess = np.ascontiguousarray(lists.answer_guess_index[order], dtype=np.int32)
        self.solvers: "queue.Queue" = queue.Queue()
        self.all_solvers = []
        for _ in range(threads):
            s = Solver(self.table, codes, ans_guess, _RULE_CODE[rule], cache_mb)
            self.solvers.put(s)
            self.all_solvers.append(s)

    def legal_after(self, solver, legal: np.ndarray, guess: int, pattern: int) -> np.ndarray:
        if self.rule is None:
            return self.all_guesses
        return solver.legal_after(legal, guess, pattern)

    def useful(self, S: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The guesses of ``legal`` that split S or may hit, in order: the list
        the solver hands its children (so their cache keys match)."""
        rows = self.table[legal][:, S]
        keep = (rows != rows[:, :1]).any(axis=1) | (rows == ALL_GREEN).any(axis=1)
        return np.ascontiguousarray(legal[keep])

    def solve_group(self, S: np.ndarray, legal: np.ndarray, cap: int) -> Tuple[int, Optional[Node]]:
        """Exact cost of one candidate set and its optimal subtree (None if infeasible)."""
        solver = self.solvers.get()
        try:
            cost, _ = solver.solve_set(S, legal, cap)
            if cost >= self.inf:
                return cost, None
            return cost, self._build(solver, S, legal, cap)
        finally:
            self.solvers.put(solver)

    def solve_group_shared(self, S: np.ndarray, legal: np.ndarray, cap: int) -> Tuple[int, Optional[Node]]:
        """Like solve_group, with every thread on this one set: each tries its
        share of the first guesses, all prune with the best found so far."""
        shared = np.array([self.inf], dtype=np.int64)
        k = len(self.all_solvers)

        def part(tid: int):
            solver = self.solvers.get()
            try:
                cost, g = solver.solve_shared(S, legal, cap, shared, tid, k)
                return cost, g, solver
            finally:
                self.solvers.put(solver)

        cost, g, solver = min(_run(self, [lambda t=t: part(t) for t in range(k)]), key=lambda r: r[:2])
        if cost >= self.inf:
            return cost, None
        # The winning thread's cache holds the subtrees under g.
        solver.remember(S, legal, cap, cost, g)
        [node] = _run(self, [lambda: self._build(solver, S, legal, cap)])
        return cost, node

    def _build(self, solver, S: np.ndarray, legal: np.ndarray, cap: int) -> Node:
        # Re-walks the proven optimum; every node is a cache hit unless evicted.
        cost, g = solver.solve_set(S, legal, cap)
        if cost >= self.inf or g < 0:
            raise RuntimeError("internal error: a solved subtree became infeasible")
        guesses = self.lists.guesses
        node = Node(guesses[g], {})
        if len(S) == 1:
            return node
        row = self.table[g, S]
        child_legal = legal if self.rule is None else self.useful(S, legal)
        for p in np.unique(row):
            p = int(p)
            if p == ALL_GREEN:
                continue
            sub = np.ascontiguousarray(S[row == p])
            node.children[p] = self._build(solver, sub, self.legal_after(solver, child_legal, g, p), cap - 1)
        return node

    def stats(self) -> Dict[str, float]:
        out = {"nodes": 0, "cache_hits": 0}
        for s in self.all_solvers:
            st = s.stats
            out["nodes"] += st["nodes"]
            out["cache_hits"] += st["cache_hits"]
        out["cache_mb"] = sum(s.cache_bytes for s in self.all_solvers) / 2**20
        return out


def search(
    opener: Optional[str] = "salet",
    hard=None,
    answers: Union[str, "os.PathLike", WordLists] = "original",
    guesses=None,
    max_guesses=6,
    threads: Optional[int] = None,
    cache_mb: float = DEFAULT_CACHE_MB,
    progress: Optional[Progress] = None,
    coop_min: Optional[int] = None,
) -> SearchResult:
    """Compute the decision tree that minimises the total number of guesses
    over all answers, starting with ``opener`` (None: find the best opener),
    and prove it optimal.

    ``hard``: None/False (easy), True/'nyt' (the game's rule) or 'strict'.
    ``answers``/``guesses``: a named list set ('original', 'nyt', 'nyt-12947'),
    a file, or a `WordLists`.  ``max_guesses``: the cap (None: no cap).
    ``threads``: solver threads (default: the machine's cores); ``cache_mb``:
    the transposition table of each thread; ``coop_min``: groups of at least
    this many answers after the opener are solved by all threads together
    (default: 100 in easy mode; off in hard mode, where it measured slower).
    """
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    rule = normalise_rule(hard)
    cap = _parse_cap(max_guesses)
    if isinstance(answers, WordLists):
        if guesses is not None:
            raise WordleOptError("guesses= goes with a list name or file; a WordLists already has its guesses")
        lists = answers
    else:
        lists = load_lists(answers, guesses)
    n = len(lists.answers)
    # n useful guesses always suffice (each splits), plus a fixed opener that may not
    depth = n + 1 if cap is None else min(cap, n + 1)
    if threads is None:
        threads = os.cpu_count() or 1
    if not isinstance(threads, int) or threads < 1:
        raise WordleOptError(f"threads must be a positive integer, not {threads!r}")
    if not isinstance(cache_mb, (int, float)) or not cache_mb > 0:
        raise WordleOptError(f"cache_mb must be a positive number of MiB, not {cache_mb!r}")
    opener_idx = None if opener is None else lists.guess_index(str(opener).strip().lower())
    if coop_min is None:
        coop_min = 100 if rule is None else n + 1

    engine = _Engine(lists, rule, threads, cache_mb, opener_idx)
    all_idx = np.arange(n, dtype=np.int32)
    unsolvable: List[str] = []
    if opener_idx is None:
        # One set, every guess a candidate opener: the threads share it.
        cost, root = engine.solve_group_shared(all_idx, engine.all_guesses, depth)
        feasible = root is not None
        opener_word = root.guess if root is not None else None
    else:
        opener_word = lists.guesses[opener_idx]
        row = engine.table[opener_idx]
        root = Node(opener_word, {})
        feasible = depth >= 1 and (depth >= 2 or (n == 1 and row[0] == ALL_GREEN))
        groups = [(int(p), np.flatnonzero(row == p).astype(np.int32)) for p in np.unique(row) if p != ALL_GREEN]
        groups.sort(key=lambda pg: -len(pg[1]))  # largest first balances the threads
        done = 0
        lock = threading.Lock()

        def legal(p: int) -> np.ndarray:
            # (the filter only reads the solver's word codes, so any solver will do)
            return engine.legal_after(engine.all_solvers[0], engine.all_guesses, opener_idx, p)

        def work(p: int, S: np.ndarray):
            nonlocal done
            cost, sub = engine.solve_group(S, legal(p), depth - 1)
            with lock:
                done += 1
                if progress is not None:
                    progress(done, len(groups))
            return p, S, sub

        if feasible:
            # The biggest groups take all threads each (one of them can outlast
            # all the rest together); then the others go one per thread.
            big = [pg for pg in groups if len(engine.all_solvers) > 1 and len(pg[1]) >= coop_min]
            results = []
            for p, S in big:
                results.append((p, S, engine.solve_group_shared(S, legal(p), depth - 1)[1]))
                done += 1
                if progress is not None:
                    progress(done, len(groups))
            results += _run(engine, [lambda pg=pg: work(*pg) for pg in groups[len(big):]])
            for p, S, sub in results:
                if sub is None:
                    feasible = False
                    unsolvable.append(f"{len(S)} answers after {opener_word.upper()} {Pattern(p).byg}")
                else:
                    root.children[p] = sub

    stats = engine.stats()
    stats["seconds"] = time.perf_counter() - t0
    stats["cpu_seconds"] = time.process_time() - cpu0
    stats["threads"] = len(engine.all_solvers)
    stats["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    tree = Tree(root, lists, hard=rule, max_guesses=cap) if feasible and root is not None else None
    return SearchResult(
        opener=opener_word,
        hard=rule,
        max_guesses=cap,
        lists=lists.name,
        n_answers=n,
        feasible=feasible,
        tree=tree,
        proven=True,
        stats=stats,
        unsolvable=unsolvable,
    )


def _run(engine: _Engine, tasks: List[Callable]) -> list:
    """Run the tasks on the engine's threads and return their results in order.
    The main thread only waits, in short steps, so Ctrl-C reaches it; then
    every solver is told to stop and KeyboardInterrupt propagates."""
    with ThreadPoolExecutor(max_workers=len(engine.all_solvers)) as pool:
        futures = [pool.submit(task) for task in tasks]
        try:
            pending = set(futures)
            while pending:
                _, pending = wait(pending, timeout=0.2)
        except KeyboardInterrupt:
            for solver in engine.all_solvers:
                solver.request_stop()
            for f in futures:
                f.cancel()
            wait(futures)
            raise
        return [f.result() for f in futures]
