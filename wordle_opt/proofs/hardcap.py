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

Two levels (`DeepCertificate`, `refute_deep`, `check_deep`): when every
family part of an opener's group is solvable, one group c of opener o may
still be: for every second guess g that the NYT rule allows after o coloured
c, a set R of c's answers that g colours alike (q, not all green), more than
``cap - 2`` of them, that the subset game from the state after o, c, g, q
cannot solve within ``cap - 2`` more (or counting refutes g: a family part of
c's group that g colours alike, its chain bound with the letters not yet green
past ``cap - 2``).  Theorem: then no tree from o keeps every answer within
the cap under the NYT rule, nor under the strict one.  A tree's second guess
in c's group is some such g (a guess the strict rule allows the NYT rule
allows: it fits all feedback), and that tree below g, restricted to R, plays
the same guesses against the same colourings: a tree of the subset game for R,
as deep.

Deeper (`Part` nodes, ``refute_deep(levels=3)``): a second guess g that no
such R refutes may be refuted by one colouring q of it instead: every third
guess h that the NYT rule allows after o, c, g, q refuted, as above, for
the answers Q of c's group that g colours q (a set of them that h colours
alike, more than ``cap - 3``, that the subset game cannot solve within
``cap - 3`` more; or counting on Q's family parts).  A tree from o that
keeps c's group within the cap plays some such g, and below it Q's answers
within ``cap - 2``: its next guess is one of those h, and below h the set,
within ``cap - 3``.  A node's level is checked like the one above it, the
same loop (`_covers`), so the levels nest.  Any set that a guess colours
alike will do as a leaf, families only make them likely: the search also
tries a guess's small colour classes whole (``whole``).

Measured on the every-word game (original-all, cap 6): docs/results.md.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, List, NamedTuple, Optional, Tuple

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
    return _counted_rows(game, np.arange(len(game.table)), fams, cap - 1)


def _counted_rows(game: SubsetGame, rows: np.ndarray, fams: Iterable[np.ndarray], left: int) -> np.ndarray:
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


class Part(NamedTuple):
    """One guess refuted in a deep certificate's node: ``guess`` (legal in
    the node's state) coloured ``colouring`` (not all green) leaves
    ``answers`` (of the node's group, more of them than the guesses left
    after ``guess``), which no tree solves within those guesses.  A leaf
    (``below`` None): the subset game decides it.  A node (``below``, empty
    when counting refutes them all): the parts of the level below refute
    every guess the NYT rule allows after ``guess`` coloured so, for the
    group ``answers``, one guess fewer left."""

    guess: int
    colouring: int
    answers: Tuple[int, ...]
    below: Optional[Tuple["Part", ...]] = None


@dataclass(frozen=True)
class DeepCertificate:
    """Opener ``opener`` colours a group of answers ``colouring``; for the
    second guesses that counting does not refute there, ``parts`` holds a
    `Part` each (a leaf, or a node over the third guesses): none solvable
    within ``left`` more guesses (cap - 2).  The theorem: the module's
    docstring (two levels, and deeper)."""

    opener: int
    colouring: int
    parts: Tuple[Part, ...]
    left: int


def group_parts(game: SubsetGame, group: np.ndarray, fams: Iterable[np.ndarray], *, left: int):
    """The family parts of the answers ``group`` with more than ``left``
    answers."""
    inside = np.zeros(len(game.answer_codes), dtype=bool)
    inside[group] = True
    parts = (fam[inside[fam]] for fam in fams)
    return [part for part in parts if len(part) > left]


def uncounted(game: SubsetGame, state: State, group: np.ndarray, fams: Iterable[np.ndarray], *, left: int):
    """(the guesses the NYT rule allows in ``state`` that counting does not
    refute for the answers ``group`` with ``left`` guesses after them, the
    group's family parts of more than ``left`` answers)."""
    legal = game.legal(state)
    parts = group_parts(game, group, fams, left=left)
    return legal[~_counted_rows(game, legal, parts, left)], parts


def opener_group(game: SubsetGame, opener: int, colouring: int) -> Tuple[State, np.ndarray]:
    """(the state after ``opener`` coloured ``colouring``, the answers it
    colours so)."""
    return game.after(game.START, opener, colouring), np.flatnonzero(game.table[opener] == colouring)


def refute_deep(
    game: SubsetGame,
    opener: int,
    cap: int,
    fams: List[np.ndarray],
    *,
    groups: int = 3,
    levels: int = 2,
    colourings: int = 3,
    whole: int = 0,
    budgets: Optional[Iterable[int]] = None,
    progress: Optional[Callable[[Tuple[Tuple[int, int], ...]], None]] = None,
) -> Optional[DeepCertificate]:
    """A certificate ``levels`` deep (2: the second guesses' leaves; 3: a
    second guess no leaf refutes may be a node over the third guesses) that
    no tree from ``opener`` keeps every answer within ``cap`` guesses (under
    either hard rule), or None: the opener's ``groups`` largest groups in
    turn; in each, every guess not refuted by counting is searched on the
    group's family parts (largest first; and its colour classes of up to
    ``whole`` answers) with each of ``budgets`` in turn until one is
    unsolvable, else (levels left) each of its ``colourings`` largest
    classes is tried as a node.  ``progress(path)`` hears of each guess
    settled: ((done, total) of the second guesses, of the third, ...)."""
    left = cap - 2
    if left < 1:
        return None
    sizes = np.bincount(game.table[opener], minlength=game.all_green + 1)
    sizes[game.all_green] = 0
    saved = game.budget
    search = _Search(game, fams, budgets=tuple(budgets or (saved,)), colourings=colourings, whole=whole)
    try:
        for colouring in np.argsort(-sizes, kind="stable")[:groups]:
            colouring = int(colouring)
            if sizes[colouring] <= left:
                break
            state, group = opener_group(game, opener, colouring)
            parts = search.cover(state, group, left=left, deeper=levels - 2, progress=progress)
            if parts is not None:
                return DeepCertificate(opener, colouring, parts, left)
    finally:
        game.budget = saved
    return None


class _Search:
    """refute_deep's search, one level's loop for every level: ``cover``
    refutes every guess of a node, `leaf` one guess by a set the subset
    game cannot solve, `node` one guess by a cover one level deeper."""

    def __init__(self, game: SubsetGame, fams: List[np.ndarray], *, budgets, colourings: int, whole: int):
        self.game, self.fams = game, fams
        self.budgets, self.colourings, self.whole = budgets, colourings, whole

    def cover(self, state, group, *, left, deeper, progress, path=()):
        """The parts that refute every guess the NYT rule allows in
        ``state`` for the answers ``group`` (``left`` guesses after it), or
        None at the first guess refuted by no leaf nor node."""
        todo, parts = uncounted(self.game, state, group, self.fams, left=left)
        found = []
        for i, g in enumerate(todo):
            here = path + ((i, len(todo)),)
            if progress is not None:
                progress(here)
            hit = self.leaf(state, group, int(g), parts, left=left)
            if hit is None and deeper > 0:
                hit = self.node(state, group, int(g), left=left, deeper=deeper, progress=progress, path=here)
            if hit is None:
                return None
            found.append(hit)
        return tuple(found)

    def leaf(self, state, group, g, parts, *, left):
        """A leaf for guess ``g``: a family part of the group, or a colour
        class of up to ``whole`` answers, that g colours alike and the
        subset game cannot solve within ``left`` (each budget in turn)."""
        game = self.game
        row = game.table[g]
        cands = []
        for part in parts:
            for q in np.unique(row[part]):
                R = part[row[part] == q]
                if q != game.all_green and len(R) > left:
                    cands.append((0, len(R), int(q), R))
        if self.whole:
            for q, R in _classes(row, group, game.all_green):
                if left < len(R) <= self.whole:
                    cands.append((1, len(R), q, R))  # (after the family parts: larger, and cheaper to search)
        cands.sort(key=lambda c: (c[0], -c[1]))
        for budget in self.budgets:
            game.budget = budget
            for _, _, q, R in cands:
                if game.within(R, game.after(state, g, q), left) is False:
                    return Part(g, q, tuple(int(a) for a in R))
        return None

    def node(self, state, group, g, *, left, deeper, progress, path):
        """A node for guess ``g``: one of its ``colourings`` largest colour
        classes of the group, whose every next guess is refuted one level
        deeper (``left - 1`` guesses after it)."""
        if left < 2:
            return None
        classes = [c for c in _classes(self.game.table[g], group, self.game.all_green) if len(c[1]) > left]
        classes.sort(key=lambda c: -len(c[1]))
        for q, R in classes[: self.colourings]:
            below = self.cover(
                self.game.after(state, g, q), R, left=left - 1, deeper=deeper - 1, progress=progress, path=path
            )
            if below is not None:
                return Part(g, q, tuple(int(a) for a in R), below)
        return None


def _classes(row: np.ndarray, group: np.ndarray, all_green: int):
    """(colouring, answers) for each colour class of ``group`` under the
    guess whose table row is ``row``, all green left out."""
    cols = row[group]
    return [(int(q), group[cols == q]) for q in np.unique(cols) if q != all_green]


def part_holds(
    game: SubsetGame, cert: DeepCertificate, part: Part, fams: Iterable[np.ndarray], *, under: Tuple[Part, ...] = ()
) -> bool:
    """Whether one of ``cert``'s parts holds, from scratch (`_holds`): a
    second guess's, or one below the node parts ``under`` (from the top;
    taken as they are: a sample of a node's parts checked without the
    whole node)."""
    if cert.colouring == game.all_green or cert.left < 1:
        return False
    state, group = opener_group(game, cert.opener, cert.colouring)
    left = cert.left
    for node in under:
        state, group, left = game.after(state, node.guess, node.colouring), np.asarray(node.answers), left - 1
    return _holds(game, state, group, part, fams=fams, left=left)


def _holds(game, state, group, part, *, fams, left) -> bool:
    """Whether ``part`` holds in a node (``state``, answers ``group``,
    ``left`` guesses after the node's guess): its guess is legal under the
    NYT rule in ``state``, its colouring is not all green, its answers are
    in the group, all coloured so, more than ``left``; and a leaf's answers
    the subset game (no node budget) cannot solve within ``left`` more
    guesses from the state after it, or a node's parts cover the level
    below (`_covers`, ``left - 1``)."""
    g, q, answers, below = part
    if left < 1 or q == game.all_green:
        return False
    R = np.asarray(sorted(set(answers)), dtype=np.int32)
    if g not in set(game.legal(state).tolist()) or len(R) <= left:
        return False
    if not (np.isin(R, group).all() and (game.table[g, R] == q).all()):
        return False
    after = game.after(state, g, q)
    if below is not None:
        return _covers(game, after, R, below, fams=fams, left=left - 1)
    saved, game.budget = game.budget, float("inf")
    try:
        return game.within(R, after, left) is False
    finally:
        game.budget = saved


def _covers(game, state, group, parts, *, fams, left) -> bool:
    """Whether ``parts`` refute every guess the NYT rule allows in
    ``state`` for the answers ``group`` (``left`` guesses after it): each
    holds (`_holds`), and every such guess is a part's or refuted by
    counting on the group's family parts."""
    todo, _ = uncounted(game, state, group, fams, left=left)
    if left < 1 or not all(_holds(game, state, group, part, fams=fams, left=left) for part in parts):
        return False
    refuted = {part.guess for part in parts}
    return all(int(g) in refuted for g in todo)


def check_deep(game: SubsetGame, cert: DeepCertificate, fams: Iterable[np.ndarray]) -> bool:
    """Whether ``cert`` is a deep certificate, decided from scratch: every
    part holds, at every level (`_holds`), and every guess the NYT rule
    allows at each node (after the opener's colouring, not all green; after
    a node part's guess and colouring) is a part's or refuted by counting
    on that node's group's family parts (`_covers`).  ``fams`` must be
    ``families(game.answer_codes, ...)``: counting is sound on families
    only."""
    if cert.colouring == game.all_green:
        return False
    state, group = opener_group(game, cert.opener, cert.colouring)
    return _covers(game, state, group, cert.parts, fams=fams, left=cert.left)
