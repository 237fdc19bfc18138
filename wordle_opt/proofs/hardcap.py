"""Hard-mode cap refutations: certificates that no tree from an opener keeps
every answer within a cap, under either hard rule (issue 27).

The certificate of an opener o is a set R of answers that o colours alike
(one colouring c) and a proof that no tree under the NYT rule solves R
within ``cap - 1`` more guesses (``SubsetGame``: the NYT rule's game with R
as the only answers, after o coloured c).  It refutes o under both hard
rules: a tree for o's whole group of c, restricted to R, plays the same
guesses against the same colourings, so it is such a tree, as deep; and a
guess the strict rule allows (it fits all feedback) the NYT rule allows too.

The sets R come from families: answers that share four letters in place and
differ in the fifth (_ILLS, _ARES, CO_ED, ...).  Once the four are green
every guess must keep them, so it tells at most one member from the rest.
``SubsetGame.within`` decides exactly: a memoised AND-OR search over every
legal guess (one per distinct effect on R), pruned by ``_chain_bound``,
given up (None, "unknown") past a node budget.  It decides; it has no beta.
``counted`` refutes by counting alone, for every opener at once: with g
greens among a family's shared letters a guess tells apart at most one
member per letter not yet green (5 - g in a five-letter family), so the
chain bound of the part's size with 5 - g decides without a search (this
needs only the greens, so it holds with any rule that keeps them).

Two levels and deeper: `wordle_opt.proofs.hardcap_deep`.

Measured on the every-word game (original-all, cap 6): docs/results.md.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Tuple

import numpy as np

from wordle_opt.rules import all_green

State = Tuple[Tuple[Tuple[int, int], ...], Tuple[Tuple[int, int], ...]]  # (greens, letter counts)

DEFAULT_BUDGET = 300  # search nodes per decision before it gives up (None: unknown)


@dataclass(frozen=True)
class Certificate:
    """Opener ``opener`` (a guess index) colours the answers ``answers`` alike,
    ``colouring``; no tree under the NYT rule (so none under the strict one)
    solves them within ``left`` more guesses."""

    opener: int
    colouring: int
    answers: Tuple[int, ...]
    left: int


def _chain_bound(n: int, s: int) -> int:
    """A lower bound on the guesses that solve n answers when no guess tells
    more than s of them from the largest group it leaves (s >= 1).

    After k guesses the largest group left still holds n - k s answers or
    more (s never grows: fewer answers and fewer legal guesses split no better); two
    or more need two more guesses, one needs one.
    """
    if n <= 0:
        return 0
    if n == 1:
        return 1
    return (n - 2) // s + 2


class SubsetGame:
    """The NYT rule's game on a subset of the answers, over one pattern table
    (guesses x answers): every guess keeps the revealed greens in place and
    holds every revealed letter as often as one guess revealed it.  A state
    is (greens, counts): ((position, letter), ...) and ((letter, times), ...),
    sorted; ``START`` is the state before any guess."""

    START: State = ((), ())

    def __init__(self, table, guess_codes, answer_codes, *, budget: int = DEFAULT_BUDGET):
        self.table = np.asarray(table)
        self._by_answer = np.ascontiguousarray(self.table.T)  # (a column's gather is a row's)
        self.guess_codes = np.asarray(guess_codes)
        self.answer_codes = np.asarray(answer_codes)
        self.length = self.answer_codes.shape[1]
        self.all_green = all_green(self.length)
        letters = int(max(self.guess_codes.max(), self.answer_codes.max())) + 1
        self._counts = np.zeros((len(self.guess_codes), letters), dtype=np.int8)
        for pos in range(self.length):
            np.add.at(self._counts, (np.arange(len(self.guess_codes)), self.guess_codes[:, pos]), 1)
        self.budget = budget
        self._legal: Dict[State, np.ndarray] = {}
        self._memo: Dict[Tuple[bytes, State, int], bool] = {}
        self._unknown: Dict[Tuple[bytes, State, int], int] = {}  # the largest budget that did not decide
        # Which positions of a colouring are not grey, as bits.
        npat = self.all_green + 1
        self._shown = np.array(
            [sum(1 << pos for pos in range(self.length) if (p // 3**pos) % 3) for p in range(npat)], dtype=np.uint8
        )
        self.nodes = 0

    def legal(self, state: State) -> np.ndarray:
        """The guesses the NYT rule allows in ``state``."""
        hit = self._legal.get(state)
        if hit is None:
            greens, counts = state
            mask = np.ones(len(self.guess_codes), dtype=bool)
            for pos, letter in greens:
                mask &= self.guess_codes[:, pos] == letter
            for letter, times in counts:
                mask &= self._counts[:, letter] >= times
            hit = self._legal[state] = np.flatnonzero(mask)
        return hit

    def after(self, state: State, guess: int, colouring: int) -> State:
        """The state after ``guess`` was coloured ``colouring``."""
        greens, counts = set(state[0]), dict(state[1])
        shown: Dict[int, int] = defaultdict(int)
        for pos in range(self.length):
            digit = (colouring // 3**pos) % 3
            letter = int(self.guess_codes[guess, pos])
            if digit == 2:
                greens.add((pos, letter))
            if digit:
                shown[letter] += 1
        for letter, times in shown.items():
            counts[letter] = max(counts.get(letter, 0), times)
        return tuple(sorted(greens)), tuple(sorted(counts.items()))

    def within(self, R, state: State, d: int) -> Optional[bool]:
        """Can a tree under the NYT rule, from ``state``, solve every answer
        of R within d guesses?  True or False (exact), or None when the node
        budget ran out first.  (A decision: no beta.)"""
        self.nodes = 0
        R = np.asarray(sorted(set(int(a) for a in R)), dtype=np.int32)
        key = (R.tobytes(), state, d)
        if self._unknown.get(key, -1) >= self.budget:  # (already given up on with as many nodes)
            return None
        try:
            return self._within(R, state, d)
        except _OutOfBudget:
            self._unknown[key] = self.budget
            return None

    def _splits(self, R: np.ndarray, state: State) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The legal guesses that differ in what they do to R (rows: their
        colourings of R, and the letters they reveal), one guess each, and
        for each the size of its largest group that is not all green."""
        legal = self.legal(state)
        sub = np.ascontiguousarray(self._by_answer[R][:, legal].T, dtype=np.uint8)
        # Two guesses that colour R alike and show the same letters where
        # some member sees them non-grey lead to the same states.
        shown = self._shown[sub[:, 0]]
        for j in range(1, sub.shape[1]):
            shown |= self._shown[sub[:, j]]
        bits = ((shown[:, None] >> np.arange(self.length, dtype=np.uint8)) & 1).astype(bool)
        letters = np.where(bits, self.guess_codes[legal], 255).astype(np.uint8)
        key = np.ascontiguousarray(np.concatenate([sub, letters], axis=1))
        first = _distinct_rows(key)
        rows = sub[first]
        same = np.zeros(rows.shape, dtype=np.int64)  # the size of each member's group
        for j in range(rows.shape[1]):
            same += rows == rows[:, j : j + 1]
        same[rows == self.all_green] = 0
        return legal[first], rows.astype(np.int64), same.max(axis=1)

    def _within(self, R: np.ndarray, state: State, d: int) -> bool:
        n = len(R)
        if n <= d:  # (its members one by one: each is legal, fitting all feedback)
            return True
        if d <= 1:
            return False
        key = (R.tobytes(), state, d)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        guesses, rows, largest = self._splits(R, state)
        s = int((n - largest).max())
        ok = False
        if _chain_bound(n, s) <= d:
            # A group of R after a guess never splits better than R (s), so
            # a guess whose largest group fails the chain bound fails.
            for i in np.argsort(largest, kind="stable"):
                if _chain_bound(int(largest[i]), s) > d - 1:
                    break
                row, g = rows[i], int(guesses[i])
                parts = [(R[row == p], int(p)) for p in np.unique(row) if p != self.all_green]
                parts.sort(key=lambda part: -len(part[0]))  # the likeliest to fail first
                if all(self._within(C, self.after(state, g, p), d - 1) for C, p in parts):
                    ok = True
                    break
        self._memo[key] = ok
        return ok


class _OutOfBudget(Exception):
    pass


_PRIME = np.uint64(1_000_003)


def _distinct_rows(key: np.ndarray) -> np.ndarray:
    """The index of one row of each distinct row of ``key`` (uint8): rows
    grouped by a 64-bit hash, then checked equal to their group's first, so
    that it is exact (on a collision, the rows' bytes decide instead)."""
    h = key[:, 0].astype(np.uint64)
    with np.errstate(over="ignore"):
        for j in range(1, key.shape[1]):
            h *= _PRIME
            h += key[:, j]
    _, first, inverse = np.unique(h, return_index=True, return_inverse=True)
    if np.array_equal(key, key[first[inverse.ravel()]]):
        return first
    view = key.view(np.dtype((np.void, key.shape[1]))).ravel()
    return np.unique(view, return_index=True)[1]


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


def counted(game: SubsetGame, fams: Iterable[np.ndarray], cap: int) -> np.ndarray:
    """For every guess as the opener, whether counting alone refutes it under
    ``cap``: a family part R that it colours alike with g greens, where a
    guess tells apart at most one member per letter not yet green (the free
    position's and the other length - 1 - g), and the chain bound of |R| with
    that many exceeds ``cap - 1``.  No search; the same theorem as `refute`."""
    return counted_rows(game, np.arange(len(game.table)), fams, cap - 1)


def counted_rows(game: SubsetGame, rows: np.ndarray, fams: Iterable[np.ndarray], left: int) -> np.ndarray:
    """`counted` for the guesses ``rows`` with ``left`` guesses after them
    (the greens of a guess's colouring of a family part include every green
    an earlier guess showed on the part's shared letters: the NYT rule keeps
    them)."""
    out = np.zeros(len(rows), dtype=bool)
    for fam in fams:
        cols = game.table[np.ix_(rows, fam)]
        for p in np.unique(cols):
            if p == game.all_green:
                continue
            greens = sum((int(p) // 3**pos) % 3 == 2 for pos in range(game.length))
            n = (cols == p).sum(axis=1)
            out |= (n >= 2) & ((n - 2) // (game.length - greens) + 2 > left)
    return out


def candidates(game: SubsetGame, opener: int, fams: Iterable[np.ndarray], left: int):
    """(colouring, R, state) for each family part of more than ``left``
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
                state = game.after(game.START, opener, int(p))
                bound = _chain_bound(len(R), game.length - len(state[0]))
                out.append((bound, len(R), int(p), R, state))
    out.sort(key=lambda c: (-c[0], -c[1]))
    return [(p, R, state) for _, _, p, R, state in out]


def refute(
    game: SubsetGame,
    opener: int,
    cap: int,
    fams: List[np.ndarray],
    *,
    tries: Optional[int] = None,
    budgets: Optional[Iterable[int]] = None,
) -> Optional[Certificate]:
    """A certificate that no tree from ``opener`` keeps every answer within
    ``cap`` guesses (under either hard rule), or None if none was found: the
    first ``tries`` candidates (or all), each searched with the first of
    ``budgets`` (node budgets, ascending; default the game's own), then the
    ones still undecided with the next, and so on."""
    left = cap - 1
    todo = candidates(game, opener, fams, left)[:tries]
    saved = game.budget
    try:
        for budget in budgets or (saved,):
            game.budget = budget
            undecided = []
            for p, R, state in todo:
                verdict = game.within(R, state, left)
                if verdict is False:
                    return Certificate(opener, p, tuple(int(a) for a in R), left)
                if verdict is None:
                    undecided.append((p, R, state))
            todo = undecided
    finally:
        game.budget = saved
    return None


def check(game: SubsetGame, cert: Certificate) -> bool:
    """Whether ``cert`` is a certificate: its opener colours every one of
    its answers ``colouring`` (not all green), there are more of them than
    ``left``, and the subset game (no node budget) cannot solve them within
    ``left`` more guesses from the opener's state.  Any set of answers an
    opener colours alike will do (families only make them likely)."""
    R = np.asarray(sorted(set(cert.answers)), dtype=np.int32)
    if cert.colouring == game.all_green or len(R) <= cert.left or cert.left < 1:
        return False
    if not (game.table[cert.opener, R] == cert.colouring).all():
        return False
    state = game.after(game.START, cert.opener, cert.colouring)
    saved, game.budget = game.budget, float("inf")
    try:
        return game.within(R, state, cert.left) is False
    finally:
        game.budget = saved


def pattern_of(answer_codes, answers: Iterable[int]) -> Tuple[int, ...]:
    """The letters the answers share in place, -1 where they differ: with a
    family's part, one -1 (the certificate file's short name for the part)."""
    codes = np.asarray(answer_codes)[np.asarray(list(answers), dtype=np.int64)]
    return tuple(int(c[0]) if (c == c[0]).all() else -1 for c in codes.T)


def part_of(game: SubsetGame, opener: int, colouring: int, pattern: Tuple[int, ...]) -> Tuple[int, ...]:
    """The answers that fit ``pattern`` (-1: any letter) and that ``opener``
    colours ``colouring``: a certificate's answers from its short name."""
    fits = np.ones(len(game.answer_codes), dtype=bool)
    for pos, letter in enumerate(pattern):
        if letter >= 0:
            fits &= game.answer_codes[:, pos] == letter
    fits &= game.table[opener] == colouring
    return tuple(int(a) for a in np.flatnonzero(fits))
