"""Absurdle: the adversary that keeps the largest group, and the exact solver.

    >>> adv = Adversary(load_lists("original"))
    >>> adv.reply(cands, g)            # (colouring, the group it keeps)
    >>> solve(lists, opener="salet")   # AbsurdleResult: fewest guesses and the line

The adversary (qntm's Absurdle) answers every guess by splitting the
remaining candidates by colouring and keeping the largest group.  Ties
between groups of the same size are broken by a rank over colourings, the
lowest rank kept; ``TIE_BREAKS`` names the choices:

- ``fewest-hints`` (default): fewest greens, then fewest yellows, then the
  lowest colouring number: the least helpful reply.  Reimplementations
  describe the original game as preferring the least informative reply,
  but we could not establish its exact rule, so this default is our choice.
- ``lowest``: the lowest colouring number (digit i, base 3, is letter i).

Both rank all-green last, so the game is won only when one candidate is left
and it is guessed: with two or more candidates, all-green is a group of one
tied with at least one other group of one, or smaller than the largest.

The adversary is deterministic, so a winning line is a sequence of guesses;
`solve` finds the shortest by iterative deepening with a size bound: if no
guess splits the answers into more than P groups (P measured on the lists),
a set of s candidates keeps at least ceil(s / P) after one guess, so it can
be won in d guesses only if s <= cap(d), where cap(1) = 1 and
cap(d) = P * cap(d - 1).  Sets already proven lost at depth d are remembered.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple

import numpy as np

from wordle_opt.display import plural
from wordle_opt.errors import WordleOptError
from wordle_opt.patterns import Pattern
from wordle_opt.strategies.context import context_for

TIE_BREAKS = ("fewest-hints", "lowest")
DEFAULT_TIE_BREAK = "fewest-hints"
# Sets remembered as lost: FUZZY's proof (opener fixed, 5 guesses) needs ~1200.
LOST_LIMIT = 1_000_000


def pattern_count(lists) -> int:
    """Colourings of the lists' words: 3 per letter."""
    return 3 ** len(lists.answers[0])


def tie_rank(tie_break: str, npat: int) -> np.ndarray:
    """rank[colouring]: among groups of equal size the adversary keeps the lowest rank."""
    if tie_break not in TIE_BREAKS:
        raise WordleOptError(f"unknown tie-break {tie_break!r}: expected one of {', '.join(TIE_BREAKS)}")
    p = np.arange(npat, dtype=np.int64)
    if tie_break == "lowest":
        return p
    greens = np.zeros(npat, dtype=np.int64)
    yellows = np.zeros(npat, dtype=np.int64)
    rest = p.copy()
    while rest.any():
        greens += rest % 3 == 2
        yellows += rest % 3 == 1
        rest //= 3
    return (greens * (npat + 1) + yellows) * npat + p


class Adversary:
    """Absurdle's replies on one WordLists.  Candidates are int32 answer
    indices, guesses guess indices (as everywhere in wordle_opt)."""

    def __init__(self, lists, tie_break: str = DEFAULT_TIE_BREAK):
        self.lists = lists
        self.ctx = context_for(lists)
        self.table = self.ctx.table
        self.npat = pattern_count(lists)
        self.all_green = self.npat - 1
        self.tie_break = tie_break
        self.rank = tie_rank(tie_break, self.npat)

    def reply(self, cands: np.ndarray, guess: int) -> Tuple[int, np.ndarray]:
        """(colouring, the candidates it keeps) after ``guess``."""
        pats = self.table[int(guess), cands]
        counts = np.bincount(pats, minlength=self.npat)
        best = counts.max()
        tied = np.flatnonzero(counts == best)
        p = int(tied[np.argmin(self.rank[tied])])
        return p, np.ascontiguousarray(cands[pats == p])


@dataclass
class AbsurdleResult:
    """The fewest guesses that force a win (None: none within ``max_depth``),
    the line, and how the proof went."""

    lists: str
    tie_break: str
    opener: Optional[str]
    guesses: Optional[int]
    line: List[str]
    replies: List[str]
    seconds: float
    sets_searched: int
    # depth d below the result -> (openers whose kept group passed the size
    # bound and were searched to depth d, openers in all, the bound: the
    # largest group that could be won in d - 1 more guesses)
    proven_lost: Dict[int, Tuple[int, int, int]] = field(default_factory=dict)

    def __str__(self) -> str:
        start = f"opener {self.opener.upper()}" if self.opener else "any opener"
        head = f"absurdle, lists {self.lists}, tie-break {self.tie_break}, {start}"
        if self.guesses is None:
            return f"{head}\nno forced win found within the depth limit ({self.seconds:.2f} s)"
        moves = "  ".join(f"{w.upper()} {r}" for w, r in zip(self.line, self.replies))
        proof = [
            f"  no win in {d}: {k} of {plural(n, 'opener')} keep{'s' if n == 1 else ''} "
            f"at most {plural(b, 'answer')} (the size bound), {'none wins' if k else 'so none can win'}"
            for d, (k, n, b) in sorted(self.proven_lost.items())
        ]
        return "\n".join(
            [
                head,
                f"fewest guesses that force a win: {self.guesses} (proven; "
                f"{self.sets_searched} sets searched, {self.seconds:.2f} s)",
                f"line: {moves}",
            ]
            + proof
        )


class AbsurdleSolver:
    """Depth-limited search for a forced win.  Contract of ``win(cands, d)``,
    with ``d`` as the bound (beta): if the fewest guesses v that force a win
    from ``cands`` is at most d, some winning line of length between v and d
    (not necessarily v; `solve` deepens d one by one, so its line is v long);
    if v > d, None -- and None only then."""

    def __init__(self, adversary: Adversary, progress: Optional[Callable[[int, int], None]] = None):
        self.adv = adversary
        ctx = adversary.ctx
        self.H = ctx.H  # narrow or wide, by the word length
        self.table = ctx.table
        self.guesses = ctx.all_guesses
        self.ans2guess = ctx.ans2guess
        # P: the most groups any guess makes of the answers; a subset has no more.
        _, _, _, groups = self.H.score_guesses(self.table, ctx.all_answers, self.guesses)
        self.p = int(groups.max())
        self.lost: Dict[bytes, int] = {}  # set -> deepest depth proven lost
        self.searched = 0
        self.progress = progress

    def cap(self, d: int) -> int:
        """Largest set that could be won in ``d`` guesses (see the module doc)."""
        return self.p ** (d - 1) if d >= 1 else 0

    def win(
        self, cands: np.ndarray, d: int, progress: Optional[Callable[[int, int], None]] = None
    ) -> Optional[List[int]]:
        if len(cands) == 1 and d >= 1:
            return [int(self.ans2guess[cands[0]])]
        if d <= 1 or len(cands) > self.cap(d):
            return None
        key = cands.tobytes()
        if self.lost.get(key, 0) >= d:
            return None
        self.searched += 1
        _, largest, _, _ = self.H.score_guesses(self.table, cands, self.guesses)
        limit = self.cap(d - 1)
        ok = np.flatnonzero(largest <= limit)
        ok = ok[np.argsort(largest[ok], kind="stable")]  # smallest kept group first
        seen = set()
        for done, i in enumerate(ok, 1):
            if progress is not None:  # the caller's own guesses only, not the subtree's
                progress(done, len(ok))
            g = int(self.guesses[i])
            _, kept = self.adv.reply(cands, g)
            k = kept.tobytes()
            if k in seen:
                continue
            seen.add(k)
            line = self.win(kept, d - 1)
            if line is not None:
                return [g] + line
        if len(self.lost) >= LOST_LIMIT:  # bound the memory; forgetting only costs time
            self.lost.clear()
        self.lost[key] = d
        return None


class AbsurdleGame:
    """One game against the adversary: ``play(word)`` -> colouring; ``won``
    once it answered all green."""

    def __init__(self, lists, tie_break: str = DEFAULT_TIE_BREAK):
        self.adversary = Adversary(lists, tie_break)
        self.lists = lists
        self.cands = self.adversary.ctx.all_answers
        self.history: List[Tuple[str, int]] = []

    @property
    def won(self) -> bool:
        return bool(self.history) and self.history[-1][1] == self.adversary.all_green

    def play(self, word: str) -> int:
        word = str(word).strip().lower()
        p, self.cands = self.adversary.reply(self.cands, self.lists.guess_index(word))
        self.history.append((word, p))
        return p


def replay(adversary: Adversary, line: List[int]) -> Tuple[List[int], bool]:
    """The adversary's replies to ``line`` from the full answer set, and
    whether the last reply is all green."""
    cands = adversary.ctx.all_answers
    replies = []
    for g in line:
        p, cands = adversary.reply(cands, g)
        replies.append(p)
    return replies, bool(replies) and replies[-1] == adversary.all_green


def solve(
    lists,
    opener: Optional[str] = None,
    *,
    tie_break: str = DEFAULT_TIE_BREAK,
    max_depth: int = 8,
    progress: Optional[Callable[[int, int], None]] = None,
) -> AbsurdleResult:
    """The fewest guesses that force a win against the adversary, opening with
    ``opener`` or (None) with any guess, proven by the search: every depth
    below the result is searched completely (with the size bound) and fails."""
    adv = Adversary(lists, tie_break)
    solver = AbsurdleSolver(adv)
    start = time.perf_counter()
    everything = adv.ctx.all_answers
    if opener is not None:
        g0 = lists.guess_index(str(opener).strip().lower())
        openers = np.array([g0], dtype=np.int32)
    else:
        openers = adv.ctx.all_guesses
    proven: Dict[int, Tuple[int, int, int]] = {}
    line = None
    for d in range(1, max_depth + 1):
        kept_sizes = _kept_sizes(solver, everything, openers)
        order = np.argsort(kept_sizes, kind="stable")
        fits = order[kept_sizes[order] <= max(solver.cap(d - 1), 1)]
        done = 0
        for i in fits:
            p, kept = adv.reply(everything, int(openers[i]))
            # One opener (given, or the only one within the bound): show its
            # second guesses' progress instead (FUZZY's proof takes ~30 s).
            inner = progress if len(fits) == 1 else None
            rest = [] if p == adv.all_green else solver.win(kept, d - 1, inner)
            done += 1
            if progress is not None and inner is None:
                progress(done, len(fits))
            if rest is not None:
                line = [int(openers[i])] + rest
                break
        if line is not None:
            break
        proven[d] = (len(fits), len(openers), max(solver.cap(d - 1), 1))
    seconds = time.perf_counter() - start
    if line is None:
        return AbsurdleResult(lists.name, tie_break, opener, None, [], [], seconds, solver.searched, proven)
    replies, won = replay(adv, line)
    if not won:  # the search and the adversary disagree: never report such a line
        raise AssertionError(f"line {line} does not win on replay")
    words = [lists.guesses[g] for g in line]
    return AbsurdleResult(
        lists.name,
        tie_break,
        opener,
        len(line),
        words,
        [Pattern(p, lists.length).byg for p in replies],
        seconds,
        solver.searched,
        proven,
    )


def _kept_sizes(solver: AbsurdleSolver, cands: np.ndarray, guesses: np.ndarray) -> np.ndarray:
    """Size of the group the adversary keeps after each guess (its largest)."""
    _, largest, _, _ = solver.H.score_guesses(solver.table, cands, np.ascontiguousarray(guesses))
    return largest
