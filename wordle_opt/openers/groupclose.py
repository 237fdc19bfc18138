"""A group's exact value, proven by refuting its second guesses (issue 27).

In easy mode every guess is legal, so the least total of a tree for the
answers S with d guesses left is

    V(S, d) = min over guesses h of  |S| + sum over h's non-green parts T of V(T, d - 1)

A guess that leaves S whole (one colouring, not all green) costs
|S| + V(S, d - 1) > V(S, d), so it is never the least and is left out
(``WHOLE``).  Given a tree of ``target`` for S, V(S, d) = target once every
other h is shown to cost ``target`` or more, by the first of:

- ``TERM``: group2's term of h (`Bounder.second_value`, the sum of its
  parts' group bounds) is ``target`` or more;
- ``STRUCK``: a set known to fit no tree within d - 1 guesses (a part found
  by ``FITS`` under an earlier guess) lies in one part of h: that part fits
  none either (a tree for it, restricted to the set, would be one);
- ``FITS``: a part of h, more than 2 answers, fits no tree within d - 1
  guesses (the cap proofs, `CapProver`, exact up to 4 guesses);
- ``EXACT``: the parts solved exactly, largest first, each with beta = the
  target less the others' bounds (`Engine.solve_group`), sum to ``target``
  or more.

Otherwise h's exact cost is below ``target`` (``BETTER``: a better tree,
kept), or a part outran its time (``OPEN``).  On the every-word game's
group of 1132 (TARNS, then BBBBG; tree 4204) the exact engine alone took
30-82 s a guess, nearly all of it proving one part infeasible; the cap
proofs decide such a part in 0.3-1.7 s (measured 2026-11-28).
"""

from __future__ import annotations

import threading
from typing import Dict, List, NamedTuple, Optional, Tuple

import numpy as np

from wordle_opt.core.levels import CAPS_DEPTH, cap_fits
from wordle_opt.patterns import Pattern
from wordle_opt.solver.engine import Engine
from wordle_opt.trees.node import Node

WHOLE, TERM, STRUCK, FITS, EXACT = "whole", "term", "struck", "fits", "exact"
BETTER, OPEN = "better", "open"
REFUTED = (WHOLE, TERM, STRUCK, FITS, EXACT)  # the verdicts that show cost(h) >= target


class Verdict(NamedTuple):
    """What one second guess costs: ``how`` (one of the module's words),
    ``value`` (a lower bound >= target when refuted; the exact cost for
    BETTER; a lower bound below target for OPEN; 0 for WHOLE) and
    ``witness`` (FITS: the part's colouring, as BBYBG; STRUCK: the guess and
    colouring whose part lies inside one of h's, as "poled BBYBG"; else "")."""

    how: str
    value: int
    witness: str = ""


class GroupCloser:
    """Refutes the second guesses of the answer set ``S`` (indices of the
    engine's answers; easy-mode engine) with ``d`` guesses left against
    ``target``: `verdict(h)` for each guess.  Keeps the infeasible parts it
    finds, to strike later guesses without a proof (``STRUCK``).
    ``part_limit`` seconds bound one exact solve (then ``OPEN``).  A
    ``BETTER`` verdict's subtree is in ``better[h]``."""

    def __init__(self, engine: Engine, S: np.ndarray, d: int, target: int, *, part_limit: float = 600.0):
        if engine.rule is not None:
            raise ValueError("GroupCloser: easy mode only (every guess legal)")
        if d < 2 or len(S) < 3:
            raise ValueError("GroupCloser: needs 3 answers or more and 2 guesses left or more")
        self.engine, self.d, self.target = engine, d, int(target)
        self.S = np.ascontiguousarray(S, dtype=np.int32)
        self.L = engine.all_guesses
        self.part_limit = part_limit
        lists = engine.lists
        self.bounder = lists.modules.bounds.Bounder(engine.table, np.ascontiguousarray(lists.guess_codes), 0)
        self.fits = cap_fits(lists.modules.caps.CapProver(engine.table, lists.length))
        self.struck = np.full(engine.table.shape[0], -1, dtype=np.int64)  # guess -> index into self.cores
        self.cores: List[Tuple[int, int]] = []  # (guess, colouring) of each infeasible part found
        self.better: Dict[int, Node] = {}
        self._infeasible: Dict[Tuple[int, int], bool] = {}  # (holds): parts decided

    def colouring(self, q: int) -> str:
        return Pattern(q, self.engine.lists.length).byg

    def words(self, h: int) -> str:
        return self.engine.lists.guesses[h]

    def verdict(self, h: int) -> Verdict:
        """How guess h is refuted, or BETTER / OPEN (see the module)."""
        S, d, target, engine = self.S, self.d, self.target, self.engine
        row = engine.table[h, S]
        if len(np.unique(row)) == 1 and row[0] != engine.all_green:
            return Verdict(WHOLE, 0)
        v = int(self.bounder.second_value(S, self.L, d, h, target, True))
        if v >= target:
            return Verdict(TERM, v)
        c = int(self.struck[h])
        if c >= 0:
            g, q = self.cores[c]
            return Verdict(STRUCK, engine.inf, f"{self.words(g)} {self.colouring(q)}")
        parts = engine.parts(S, h)
        if d - 1 <= CAPS_DEPTH:
            for q, T in parts:
                if len(T) > 2 and not self.fits(T, d - 1):
                    self.strike(T, h, q)
                    return Verdict(FITS, engine.inf, self.colouring(q))
        return self._exact(h, parts)

    def holds(self, h: int, how: str, value: int, witness: str) -> bool:
        """Does a verdict on guess h, as a proof file has it, hold?  Each
        claim re-decided from scratch: WHOLE h leaves S whole; TERM ``value``
        and h's term (computed again) reach the target; FITS / STRUCK the witness's part of S (h's
        or the named guess's) fits no tree in d - 1 guesses and h colours it
        alike; EXACT and BETTER the parts solved again give the same verdict
        and value.  OPEN claims nothing (True)."""
        S, d, engine = self.S, self.d, self.engine
        row = engine.table[h, S]
        if how == WHOLE:
            return len(np.unique(row)) == 1 and row[0] != engine.all_green
        if how == TERM:
            return value >= self.target and self.bounder.second_value(S, self.L, d, h, self.target, True) >= self.target
        if how in (FITS, STRUCK):
            if how == FITS:
                g, text = h, witness  # (h's own part)
            else:
                word, text = witness.split()  # (another guess's part)
                g = engine.lists.guess_index(word)
            q = int(Pattern.parse(text, engine.lists.length))
            T = S[engine.table[g, S] == q]
            if (g, q) not in self._infeasible:
                self._infeasible[g, q] = len(T) > 2 and d - 1 <= CAPS_DEPTH and not self.fits(T, d - 1)
            col = engine.table[h, T]
            return self._infeasible[g, q] and bool((col == col[0]).all() and col[0] != engine.all_green)
        if how in (EXACT, BETTER):
            again = self._exact(h, engine.parts(S, h))
            return again.how == how and (how == EXACT or again.value == value)
        return how == OPEN

    def strike(self, T: np.ndarray, h: int, q: int) -> None:
        """Mark every guess that colours all of T alike (not all green): one
        of its parts holds T, so fits no tree either."""
        cols = self.engine.table[:, T]
        alike = (cols == cols[:, :1]).all(axis=1) & (cols[:, 0] != self.engine.all_green)
        new = alike & (self.struck < 0)
        self.struck[new] = len(self.cores)
        self.cores.append((h, q))

    def _exact(self, h: int, parts) -> Verdict:
        d = self.d
        lows = [int(self.bounder.group(T, self.L, d - 1)) if len(T) > 2 else 2 * len(T) - 1 for _, T in parts]
        total = len(self.S) + sum(lows)
        kids: Dict[int, Node] = {}
        for i, (q, T) in enumerate(parts):
            beta = self.target - (total - lows[i])
            v, node = self._solve(T, d - 1, beta)
            if v is None:
                return Verdict(OPEN, total)
            total += v - lows[i]
            if node is None:  # (v >= beta: the sum reaches the target)
                return Verdict(EXACT, total)
            kids[q] = node
        self.better[h] = Node(self.words(h), kids)
        return Verdict(BETTER, total)

    def _solve(self, T: np.ndarray, left: int, beta: int) -> Tuple[Optional[int], Optional[Node]]:
        v, node, self.engine = solve_limited(self.engine, T, left, beta=beta, limit=self.part_limit)
        return v, node


def solve_limited(
    engine: Engine, S: np.ndarray, left: int, *, beta: int, limit: float
) -> Tuple[Optional[int], Optional[Node], Engine]:
    """`Engine.solve_group` with every guess legal and beta (the cost and its
    tree below beta, else a lower bound >= beta and None), stopped after
    ``limit`` seconds: (None, None) then.  Also the engine to go on with (a
    stopped one is replaced: its solvers take no more work)."""
    timer = threading.Timer(limit, engine.request_stop)
    timer.start()
    try:
        v, node = engine.solve_group(S, engine.all_guesses, left, beta=beta)
        return int(v), node, engine
    except KeyboardInterrupt:
        if not engine.stopping.is_set():
            raise  # (the user's Ctrl-C)
        return None, None, Engine(engine.lists, None, threads=1, cache_mb=engine.cache_mb)
    finally:
        timer.cancel()


def group_of(engine: Engine, opener: int, colouring: int) -> np.ndarray:
    """The answers (engine indices) that ``opener`` colours ``colouring``."""
    return np.flatnonzero(engine.table[opener] == colouring).astype(np.int32)
