"""Hard-mode cap refutations: certificates that no tree from an opener keeps
every answer within a cap, under either hard rule (issue 27).

The certificate of an opener o is a set R of answers that o colours alike
(one colouring c) and a proof that no tree solves R within ``cap - 1`` more
guesses when every guess must keep the greens revealed so far.  It refutes o
under both hard rules: a hard-mode tree for o's group of c, restricted to R,
plays the same guesses against the same colourings, so it solves R within
the same depth, and both rules keep every revealed green (NYT by its letter,
strict because a guess must fit all feedback).  Keeping the greens is all
the relaxed game asks, so it allows more trees than either rule: no tree
in it means none in the real game.

The sets R come from families: answers that share four letters in place and
differ in the fifth (_ILLS, _ARES, CO_ED, ...).  Once the four are green
every guess must keep them, so it tells at most one member from the rest.
The decision (``GreenGame.within``) is exact for the relaxed game on R: a
memoised AND-OR search over every guess that keeps the greens, pruned by
the chain bound of ``_chain_bound`` and given up (None, "unknown") past a
node budget.  It decides; it has no beta.  ``counted`` is the same theorem
by counting alone, for every opener at once: with g greens among a family's
shared letters a guess tells apart at most one member per letter not yet
green (5 - g of a five-letter family), so the chain bound of the part's size
with 5 - g decides without a search.

Measured on the every-word game (original-all, cap 6): docs/results.md.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Tuple

import numpy as np

from wordle_opt.rules import all_green

Greens = Tuple[Tuple[int, int], ...]  # (position, letter code), sorted

DEFAULT_BUDGET = 300  # search nodes per decision before it gives up (None: unknown)


@dataclass(frozen=True)
class Certificate:
    """Opener ``opener`` (a guess index) colours the answers ``answers`` alike,
    ``colouring``; no tree that keeps the revealed greens solves them within
    ``left`` more guesses."""

    opener: int
    colouring: int
    answers: Tuple[int, ...]
    left: int


def _chain_bound(n: int, s: int) -> int:
    """A lower bound on the guesses that solve n answers when no guess tells
    more than s of them from the largest group it leaves (s >= 1).

    After k guesses the largest group left still holds n - k s answers or
    more (s never grows: fewer answers and more greens split no better); two
    or more need two more guesses, one needs one.
    """
    if n <= 0:
        return 0
    if n == 1:
        return 1
    return (n - 2) // s + 2


class GreenGame:
    """The relaxed game over one pattern table (guesses x answers): any guess
    that keeps the revealed greens in place."""

    def __init__(self, table, guess_codes, answer_codes, *, budget: int = DEFAULT_BUDGET):
        self.table = np.asarray(table)
        self.guess_codes = np.asarray(guess_codes)
        self.answer_codes = np.asarray(answer_codes)
        self.length = self.answer_codes.shape[1]
        self.all_green = all_green(self.length)
        self.budget = budget
        self._legal: Dict[Greens, np.ndarray] = {}
        self._memo: Dict[Tuple[bytes, Greens, int], bool] = {}
        self.nodes = 0

    def legal(self, greens: Greens) -> np.ndarray:
        """The guesses that keep ``greens`` in place."""
        hit = self._legal.get(greens)
        if hit is None:
            mask = np.ones(len(self.guess_codes), dtype=bool)
            for pos, letter in greens:
                mask &= self.guess_codes[:, pos] == letter
            hit = self._legal[greens] = np.flatnonzero(mask)
        return hit

    def greens_after(self, greens: Greens, colouring: int, member: int) -> Greens:
        """``greens`` plus the greens of ``colouring`` on answer ``member``."""
        new = set(greens)
        for pos in range(self.length):
            if (colouring // 3**pos) % 3 == 2:
                new.add((pos, int(self.answer_codes[member, pos])))
        return tuple(sorted(new))

    def within(self, R, greens: Greens, d: int) -> Optional[bool]:
        """Can a tree that keeps the revealed greens (``greens`` already
        revealed) solve every answer of R within d guesses?  True or False
        (exact), or None when the node budget ran out first."""
        self.nodes = 0
        try:
            return self._within(np.asarray(sorted(set(int(a) for a in R)), dtype=np.int32), greens, d)
        except _OutOfBudget:
            return None

    def _splits(self, R: np.ndarray, greens: Greens) -> Tuple[np.ndarray, np.ndarray]:
        """The distinct colourings of R by the legal guesses (rows), and for
        each the size of its largest group that is not all green."""
        sub = np.ascontiguousarray(self.table[np.ix_(self.legal(greens), R)], dtype=np.uint8)
        view = sub.view(np.dtype((np.void, sub.shape[1]))).ravel()
        _, first = np.unique(view, return_index=True)
        rows = sub[first].astype(np.int64)
        npat = self.all_green + 1
        offsets = rows + npat * np.arange(len(rows))[:, None]
        counts = np.bincount(offsets.ravel(), minlength=npat * len(rows)).reshape(len(rows), npat)
        counts[:, self.all_green] = 0
        return rows, counts.max(axis=1)

    def _within(self, R: np.ndarray, greens: Greens, d: int) -> bool:
        n = len(R)
        if n <= d:  # (its members one by one: each keeps the greens)
            return True
        if d <= 1:
            return False
        key = (R.tobytes(), greens, d)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        rows, largest = self._splits(R, greens)
        s = int((n - largest).max())
        ok = False
        if _chain_bound(n, s) <= d:
            # A group of R after a guess never splits better than R (s), so
            # a guess whose largest group fails the chain bound fails.
            for i in np.argsort(largest, kind="stable"):
                if _chain_bound(int(largest[i]), s) > d - 1:
                    break
                row = rows[i]
                parts = [(R[row == p], int(p)) for p in np.unique(row) if p != self.all_green]
                parts.sort(key=lambda part: -len(part[0]))  # the likeliest to fail first
                if all(self._within(C, self.greens_after(greens, p, int(C[0])), d - 1) for C, p in parts):
                    ok = True
                    break
        self._memo[key] = ok
        return ok


class _OutOfBudget(Exception):
    pass


def families(answer_codes, min_size: int) -> List[np.ndarray]:
    """The answers that share all letters but one in place (one free
    position), each family of ``min_size`` or more, largest first."""
    codes = np.asarray(answer_codes)
    out = []
    for pos in range(codes.shape[1]):
        groups: Dict[bytes, List[int]] = defaultdict(list)
        rest = np.delete(codes, pos, axis=1)
        for i, key in enumerate(map(bytes, rest.astype(np.uint8))):
            groups[key].append(i)
        out += [np.array(v, dtype=np.int32) for v in groups.values() if len(v) >= min_size]
    out.sort(key=lambda f: (-len(f), f.tolist()))
    return out


def counted(game: GreenGame, fams: Iterable[np.ndarray], cap: int) -> np.ndarray:
    """For every guess as the opener, whether counting alone refutes it under
    ``cap``: a family part R that it colours alike with g greens, where a
    guess tells apart at most one member per letter not yet green (the free
    position's and the other length - 1 - g), and the chain bound of |R| with
    that many exceeds ``cap - 1``.  No search; the same theorem as `refute`."""
    out = np.zeros(len(game.table), dtype=bool)
    left = cap - 1
    for fam in fams:
        cols = game.table[:, fam]
        for p in np.unique(cols):
            if p == game.all_green:
                continue
            greens = sum((int(p) // 3**pos) % 3 == 2 for pos in range(game.length))
            n = (cols == p).sum(axis=1)
            out |= (n >= 2) & ((n - 2) // (game.length - greens) + 2 > left)
    return out


def candidates(game: GreenGame, opener: int, fams: Iterable[np.ndarray], left: int):
    """(colouring, R, greens) for each family part of more than ``left``
    answers that opener ``opener`` colours alike (fewer are solved one by
    one), the likeliest to be refuted first: by the chain bound with the most
    members a guess could tell apart (the free position, and one for each
    other letter not yet green)."""
    row = game.table[opener]
    out = []
    for fam in fams:
        cols = row[fam]
        for p in np.unique(cols):
            R = fam[cols == p]
            if p != game.all_green and len(R) > left:
                greens = game.greens_after((), int(p), int(R[0]))
                out.append((_chain_bound(len(R), game.length - len(greens)), len(R), int(p), R, greens))
    out.sort(key=lambda c: (-c[0], -c[1]))
    return [(p, R, greens) for _, _, p, R, greens in out]


def refute(
    game: GreenGame, opener: int, cap: int, fams: List[np.ndarray], *, tries: Optional[int] = None
) -> Optional[Certificate]:
    """A certificate that no tree from ``opener`` keeps every answer within
    ``cap`` guesses (under either hard rule), or None if none was found
    (each candidate within the game's node budget; the first ``tries``
    candidates, or all)."""
    left = cap - 1
    for p, R, greens in candidates(game, opener, fams, left)[:tries]:
        if game.within(R, greens, left) is False:
            return Certificate(opener, p, tuple(int(a) for a in R), left)
    return None
