"""The exact search at one cap from a fixed opener, or from any opener (the
threads sharing the root): the body of `wordle_opt.solver.exact.solve`.

The answers split by the opener's colourings into groups, independent
subproblems, each solved by the way that suits its size (`CapSearch.solve`);
a group with no tree within the cap makes the opener fail it.
"""

from __future__ import annotations

import threading
import time
from typing import Dict, List, Optional, Tuple

import numpy as np

from wordle_opt.display import ProgressCallback, plural
from wordle_opt.patterns import Pattern
from wordle_opt.solver import bounded, probed
from wordle_opt.solver.anytime_groups import bounder_for
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.levels import CAPS_ASKED_WITHIN
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem
from wordle_opt.solver.result import SearchResult
from wordle_opt.trees.tree import Node, Tree

_SKIPPED = object()  # hard mode: a group not searched, as another one of the opener has no tree
Group = Tuple[int, np.ndarray]  # (colouring after the opener, its answers)


def search_cap(
    engine: Engine,
    problem: Problem,
    opener_idx: Optional[int],
    options: SearchOptions,
    *,
    progress: Optional[ProgressCallback],
) -> SearchResult:
    """The search for one cap, ``problem.cap``: the optimal tree if one fits,
    else the groups that have none.  ``options``: as `wordle_opt.solver.exact.solve`
    resolved them (``share_min`` and ``hard_bounded_min`` set)."""
    run = CapSearch(engine, problem, opener_idx, progress)
    engine.poll = run.poll
    try:
        if opener_idx is None:
            # One set, every guess a candidate opener: the threads share its root.
            all_idx = np.arange(run.n, dtype=np.int32)
            root = engine.solve_group_shared_root(all_idx, engine.all_guesses, problem.depth)[1]
            feasible, opener = root is not None, root.guess if root is not None else None
        else:
            opener = problem.lists.guesses[opener_idx]
            root = Node(opener, {})
            feasible = run.solve(root, options)
    finally:
        engine.poll = None
    if progress is not None:
        progress(run.ngroups, run.ngroups, "")
    lists, cap, rule = problem.lists, problem.cap, problem.rule
    tree = Tree(root, lists, hard=rule.value, max_guesses=cap) if feasible and root is not None else None
    return SearchResult(
        opener=opener,
        hard=rule.value,
        max_guesses=cap,
        lists=lists.name,
        n_answers=run.n,
        feasible=feasible,
        tree=tree,
        stats={},
        unsolvable=run.unsolvable,
    )


class CapSearch:
    """One cap's search from a fixed opener: its groups, the progress shown
    while they run (``done`` of ``ngroups``; a big group's ``tally`` of
    guesses settled, solver.bounded) and the groups found to have no tree."""

    def __init__(self, engine: Engine, problem: Problem, opener_idx: Optional[int], progress):
        self.engine, self.problem, self.opener_idx, self.progress = engine, problem, opener_idx, progress
        self.n = len(problem.lists.answers)
        self.depth = problem.depth
        self.hard = problem.rule.hard
        self.unsolvable: List[str] = []
        self.done, self.ngroups, self.big_size = 0, 1, 0
        self.tally: List[int] = []  # a big group's [guesses settled, guesses] (solver.bounded)
        self.nodes0 = engine.nodes()
        self.t0 = time.monotonic()
        self.lock = threading.Lock()
        self.legal_of: Dict[int, np.ndarray] = {}
        self.refuted_one = threading.Event()  # hard mode: a group has no tree, the rest may be skipped

    def poll(self) -> None:
        if self.progress is not None:
            tally = self.tally
            batch = (
                f"a group of {self.big_size} answers: {min(tally[0], tally[1]):,}/{tally[1]:,} guesses settled, "
                if tally
                else ""
            )
            searched = f"{self.engine.nodes() - self.nodes0:,} nodes searched"
            self.progress(self.done, self.ngroups, f"{batch}{searched}, {time.monotonic() - self.t0:.0f} s")

    def legal(self, p: int) -> np.ndarray:
        """The guesses legal after the opener coloured ``p``."""
        if p not in self.legal_of:
            self.legal_of[p] = self.engine.legal_after(self.engine.all_guesses, self.opener_idx, p)
        return self.legal_of[p]

    def solve(self, root: Node, options: SearchOptions) -> bool:
        """Whether a tree within the cap follows the opener; if so, its
        groups' subtrees hung under ``root``."""
        engine, depth = self.engine, self.depth
        row = engine.table[self.opener_idx]
        groups = [(int(p), np.flatnonzero(row == p).astype(np.int32)) for p in np.unique(row) if p != engine.all_green]
        groups.sort(key=lambda pg: -len(pg[1]))  # largest first balances the threads
        self.ngroups = len(groups)
        if not (depth >= 1 and (depth >= 2 or (self.n == 1 and row[0] == engine.all_green))):
            return False
        if depth - 1 <= CAPS_ASKED_WITHIN:
            groups = self._within_caps(groups)
        if self.hard:
            # Hard mode: the likeliest to have no tree first; once one has
            # none, the rest are skipped (the opener fails this cap).
            groups.sort(key=lambda pg: bounded.hard_first(len(pg[1]), len(self.legal(pg[0]))))
        results = self._solve_groups(groups, options)
        for p, S, sub in results:
            if sub is _SKIPPED:
                continue  # (another group has no tree: so has the opener)
            if sub is None:
                self.unsolvable.append(self._unsolvable(S, p))
            else:
                root.children[p] = sub
        return not self.unsolvable

    def _within_caps(self, groups: List[Group]) -> List[Group]:
        """The groups left to search once the cap proofs refuted what they
        could.  Under a cap of 4 or less they refute a group in seconds
        (SALET's 221 greys at cap 4: ~2 s, where the exact search took ~60
        s).  In easy mode they decide every group, so one refuted group ends
        the search; in hard mode the exact search decides the groups they
        could not refute."""
        refuted = {p for p, S in groups if not self.engine.within(S, self.depth - 1)}
        self.unsolvable += [self._unsolvable(S, p) for p, S in groups if p in refuted]
        if refuted and not self.hard:
            return []
        return [(p, S) for p, S in groups if p not in refuted]

    def _solve_groups(self, groups: List[Group], o: SearchOptions) -> list:
        """(colouring, answers, subtree or None or _SKIPPED) of each group.
        The biggest groups take all threads each (one of them can outlast all
        the rest together), in easy mode refuted in batch by the ranking's
        bounds (solver.bounded); then the others go one per thread."""
        engine, sub_depth = self.engine, self.depth - 1
        rule = self.problem.rule
        results = []
        batch = [pg for pg in groups if bounded.takes(rule, len(pg[1]), min_size=o.bounded_min)]
        for p, S in batch:
            self.big_size = len(S)
            results.append((p, S, bounded.solve_bounded(engine, S, sub_depth, tally=self.tally)[1]))
            self._one_big_done()
        in_batch = {p for p, _ in batch}
        rest = [pg for pg in groups if pg[0] not in in_batch]
        # Easy mode, mid-sized groups: probed, one a thread (probed.solve_probed).
        mid = [pg for pg in rest if not self.hard and len(pg[1]) >= probed.PROBE_MIN]
        if mid:
            bounder = bounder_for(engine)
            lbs = {p: min(int(bounder.group(S, engine.all_guesses, sub_depth)), engine.inf) for p, S in mid}
            results += engine.run([lambda pg=pg: self._probed(*pg, lbs[pg[0]], o.bounded_min) for pg in mid])
            rest = [pg for pg in rest if pg[0] not in lbs]
        big = [pg for pg in rest if len(engine.all_solvers) > 1 and len(pg[1]) >= o.share_min]
        for p, S in big:
            results.append((p, S, engine.solve_group_shared_root(S, self.legal(p), sub_depth)[1]))
            self.done += 1
            self.poll()
        shared = {p for p, _ in big}
        # Hard mode: the biggest groups (bounded.batched) are refuted in batch
        # by the ranking's hard bounds (solver.bounded), all threads together,
        # after the others (the likeliest to have no tree are small), and only
        # while every group so far has one.
        hard_batch = [
            pg for pg in rest if self.hard and bounded.batched(len(pg[1]), len(self.legal(pg[0])), o.hard_bounded_min)
        ]
        in_hard = {p for p, _ in hard_batch}
        results += engine.run([lambda pg=pg: self._one(*pg) for pg in rest if pg[0] not in shared | in_hard])
        for p, S in hard_batch:
            if self.refuted_one.is_set():
                results.append((p, S, _SKIPPED))
                continue
            self.big_size = len(S)
            sub = bounded.solve_bounded_hard(engine, S, self.legal(p), sub_depth, tally=self.tally)[1]
            if sub is None:
                self.refuted_one.set()
            results.append((p, S, sub))
            self._one_big_done()
        return results

    def _one_big_done(self) -> None:
        self.tally.clear()
        self.done += 1
        self.poll()

    def _probed(self, p: int, S: np.ndarray, lb: int, bounded_min: Optional[int]):
        """One mid-sized easy-mode group on one thread (probed.solve_probed)."""
        sub = probed.solve_probed(self.engine, S, self.depth - 1, lb=lb, threads=1, bounded_min=bounded_min)[1]
        with self.lock:
            self.done += 1
        return p, S, sub

    def _one(self, p: int, S: np.ndarray):
        """One group on one thread (skipped in hard mode once a group has no tree)."""
        if self.hard and self.refuted_one.is_set():
            sub = _SKIPPED
        else:
            sub = self.engine.solve_group(S, self.legal(p), self.depth - 1)[1]
            if sub is None:
                self.refuted_one.set()
        with self.lock:
            self.done += 1
        return p, S, sub

    def _unsolvable(self, S: np.ndarray, p: int) -> str:
        opener = self.problem.lists.guesses[self.opener_idx]
        return unsolvable_line(S, opener, p, self.problem.lists.length)


def unsolvable_line(S: np.ndarray, opener: str, p: int, length: int) -> str:
    """How a result names a group with no tree."""
    return f"{plural(len(S), 'answer')} after {opener.upper()} {Pattern(p, length).byg}"
