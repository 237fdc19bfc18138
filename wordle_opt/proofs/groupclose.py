"""A group's exact value, proven by refuting its second guesses (issue 27).

In easy mode every guess is legal, so the least total of a tree for the
answers S with d guesses left is

    V(S, d) = min over guesses h of  |S| + sum over h's non-green parts T of V(T, d - 1)

A guess that leaves S whole (one colouring, not all green) costs
|S| + V(S, d - 1) > V(S, d), so it is never the least and is left out
(``WHOLE``).  Given a tree of ``target`` for S, V(S, d) = target once every
other h is shown to cost ``target`` or more, by the first of:

- ``STRUCK``: a set known to fit no tree within d - 1 guesses (a part found
  by ``FITS`` under an earlier guess, or a family inside it) lies in one
  part of h: that part fits none either (a tree for it, restricted to the
  set, would be one);
- ``TERM``: group2's term of h (`Bounder.second_value`, the sum of its
  parts' group bounds) is ``target`` or more;
- ``FITS``: a part of h, more than 2 answers, fits no tree within d - 1
  guesses (the cap proofs, `CapProver`, exact up to 4 guesses).  The
  part's largest families (answers alike but for one letter) are tried
  too: one that fits no tree strikes every guess that leaves it together,
  most guesses (TARNS BBBBG after VROUW: the part of 368 strikes 153
  guesses, its _ILLS family of 14 1198);
- ``EXACT``: the parts solved exactly, largest first, each with beta = the
  target less the others' bounds (`Engine.solve_group`), sum to ``target``
  or more.

Otherwise h's exact cost is below ``target`` (``BETTER``: a better tree,
kept), or a part outran its time (``OPEN``).  On the every-word game's
group of 1132 (TARNS, then BBBBG; tree 4204) the exact engine alone took
30-82 s a guess, nearly all of it proving one part infeasible; the cap
proofs decide such a part in 0.3-1.7 s.
"""

from __future__ import annotations

import threading
from typing import Dict, List, NamedTuple, Optional, Tuple

import numpy as np

from wordle_opt.patterns import Pattern
from wordle_opt.proofs.hardcap import families
from wordle_opt.rules import Rule
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.levels import CAPS_DECIDE_WITHIN, cap_fits
from wordle_opt.trees.node import Node

WHOLE, TERM, STRUCK, FITS, EXACT = "whole", "term", "struck", "fits", "exact"
BETTER, OPEN = "better", "open"
REFUTED = (WHOLE, TERM, STRUCK, FITS, EXACT)  # the verdicts that show cost(h) >= target


class Verdict(NamedTuple):
    """What one second guess costs: ``how`` (one of the module's words),
    ``value`` (a lower bound >= target when refuted; the exact cost for
    BETTER; a lower bound below target for OPEN; 0 for WHOLE) and
    ``witness`` (FITS: the part's colouring, as "BBYBG", then the words of
    a family in it that fits no tree either, if one was found; STRUCK: the
    set that lies inside one of h's parts: the guess and colouring of the
    part it comes from, as "poled BBYBG", then its words if it is a family
    of that part; else "")."""

    how: str
    value: int
    witness: str = ""


class GroupCloser:
    """Refutes the second guesses of the answer set ``S`` (indices of the
    engine's answers; easy-mode engine) with ``d`` guesses left against
    ``target``: `verdict(h)` for each guess.  Keeps the infeasible parts it
    finds, to strike later guesses without a proof (``STRUCK``).
    ``part_limit`` seconds bound one exact solve (then ``OPEN``);
    ``family_tries`` families of an infeasible part are tried as smaller
    sets to strike with (0: the part alone).  A ``BETTER`` verdict's
    subtree is in ``better[h]``."""

    def __init__(
        self, engine: Engine, S: np.ndarray, d: int, target: int, *, part_limit: float = 600.0, family_tries: int = 3
    ):
        if engine.rule.hard:
            raise ValueError("GroupCloser: easy mode only (every guess legal)")
        if d < 2 or len(S) < 3:
            raise ValueError("GroupCloser: needs 3 answers or more and 2 guesses left or more")
        self.engine, self.d, self.target = engine, d, int(target)
        self.S = np.ascontiguousarray(S, dtype=np.int32)
        self.L = engine.all_guesses
        self.part_limit, self.family_tries = part_limit, family_tries
        lists = engine.lists
        self.bounder = lists.modules.bounds.Bounder(engine.table, np.ascontiguousarray(lists.guess_codes), 0)
        self.fits = cap_fits(lists.modules.caps.CapProver(engine.table, lists.length))
        self.struck = np.full(engine.table.shape[0], -1, dtype=np.int64)  # guess -> index into self.cores
        self.cores: List[str] = []  # the STRUCK witness of each infeasible set found
        self._tried: set = set()  # (families whose fits was asked)
        self.better: Dict[int, Node] = {}
        self._infeasible: Dict[bytes, bool] = {}  # (holds): sets decided

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
        c = int(self.struck[h])
        if c >= 0:  # (first: no term to compute)
            return Verdict(STRUCK, engine.inf, self.cores[c])
        v = int(self.bounder.second_value(S, self.L, d, h, target, True))
        if v >= target:
            return Verdict(TERM, v)
        parts = engine.parts(S, h)
        if d - 1 <= CAPS_DECIDE_WITHIN:
            for q, T in parts:
                if len(T) > 2 and not self.fits(T, d - 1):
                    F = self.family_core(T)
                    self.strike(T, h, q)
                    if F is not None:
                        self.strike(F, h, q, F)
                    return Verdict(FITS, engine.inf, self.colouring(q) + self._named(F))
        return self._exact(h, parts)

    def family_core(self, T: np.ndarray) -> Optional[np.ndarray]:
        """The largest of T's ``family_tries`` largest families (more than 2
        answers, alike but for one letter, fewer than T's) that fits no tree
        in d - 1 guesses, or None.  Each family is asked once per closer."""
        fams = [i for i in families(self.engine.lists.answer_codes[T], 3) if len(i) < len(T)]
        for i in fams[: self.family_tries]:
            F = np.sort(T[i])
            key = F.tobytes()
            if key in self._tried:
                continue
            self._tried.add(key)
            if not self.fits(F, self.d - 1):
                return F
        return None

    def _named(self, F: Optional[np.ndarray]) -> str:
        answers = self.engine.lists.answers
        return "" if F is None else "".join(" " + answers[a] for a in F)

    def holds(self, h: int, how: str, value: int, witness: str) -> bool:
        """Does a verdict on guess h, as a proof file has it, hold?  Each
        claim re-decided from scratch: WHOLE h leaves S whole; TERM ``value``
        and h's term (computed again) reach the target; FITS h's part fits no
        tree in d - 1 guesses (and the family named, inside it, none either);
        STRUCK the set named (the family, else the named guess's part) fits
        no tree in d - 1 guesses and h colours it alike; EXACT and BETTER the
        parts solved again give the same verdict and value.  OPEN claims
        nothing (True)."""
        S, d, engine = self.S, self.d, self.engine
        row = engine.table[h, S]
        if how == WHOLE:
            return len(np.unique(row)) == 1 and row[0] != engine.all_green
        if how == TERM:
            return value >= self.target and self.bounder.second_value(S, self.L, d, h, self.target, True) >= self.target
        if how in (FITS, STRUCK):
            words = witness.split()
            if len(words) < (1 if how == FITS else 2):
                return False
            if how == FITS:
                g, text, named = h, words[0], words[1:]  # (h's own part)
            else:
                g, text, named = engine.lists.guess_index(words[0]), words[1], words[2:]  # (another guess's part)
            q = int(Pattern.parse(text, engine.lists.length))
            T = S[engine.table[g, S] == q]
            if named:
                F = self._answers(named)
                if len(np.unique(F)) < len(F) or not np.isin(F, T).all() or not self._fits_none(F):
                    return False  # (the family must lie in that part and fit no tree)
                if how == STRUCK:
                    T = F  # (the claim: h leaves the family together)
            if not self._fits_none(T):  # (a family: decided above, once)
                return False
            col = engine.table[h, T]
            return bool((col == col[0]).all() and col[0] != engine.all_green)
        if how in (EXACT, BETTER):
            again = self._exact(h, engine.parts(S, h))
            return again.how == how and (how == EXACT or again.value == value)
        return how == OPEN

    def take(self, h: int, witness: str) -> None:
        """Strike with a FITS line of guess h found by another process: its
        part, and the family named in it (``witness`` as `Verdict` has it)."""
        text, *named = witness.split()
        q = int(Pattern.parse(text, self.engine.lists.length))
        self.strike(self.S[self.engine.table[h, self.S] == q], h, q)
        if named:
            F = self._answers(named)
            self.strike(F, h, q, F)

    def _answers(self, words) -> np.ndarray:
        """The answers named by ``words`` (a witness's family), sorted."""
        return np.array(sorted(self.engine.lists.answer_index(w) for w in words), dtype=np.int32)

    def _fits_none(self, T: np.ndarray) -> bool:
        """T fits no tree within d - 1 guesses (the cap proofs; each set decided once)."""
        key = T.tobytes()
        if key not in self._infeasible:
            self._infeasible[key] = len(T) > 2 and self.d - 1 <= CAPS_DECIDE_WITHIN and not self.fits(T, self.d - 1)
        return self._infeasible[key]

    def strike(self, T: np.ndarray, h: int, q: int, family: Optional[np.ndarray] = None) -> None:
        """Mark every guess that colours all of T alike (not all green): one
        of its parts holds T, so fits no tree either.  T is guess h's part q
        of S that fits no tree, or ``family``, a set of answers inside that
        part that fits none."""
        cols = self.engine.table[:, T]
        alike = (cols == cols[:, :1]).all(axis=1) & (cols[:, 0] != self.engine.all_green)
        new = alike & (self.struck < 0)
        self.struck[new] = len(self.cores)
        self.cores.append(f"{self.words(h)} {self.colouring(q)}" + self._named(family))

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
        return None, None, Engine(engine.lists, Rule.EASY, threads=1, cache_mb=engine.cache_mb)
    finally:
        timer.cancel()


def group_of(engine: Engine, opener: int, colouring: int) -> np.ndarray:
    """The answers (engine indices) that ``opener`` colours ``colouring``."""
    return np.flatnonzero(engine.table[opener] == colouring).astype(np.int32)
