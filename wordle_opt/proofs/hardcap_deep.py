"""Hard-mode cap refutations two and three guesses deep (issue 27), built on
the one-level certificates, the subset game and the counting of
`wordle_opt.proofs.hardcap`.

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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, List, NamedTuple, Optional, Tuple

import numpy as np

from wordle_opt.proofs.hardcap import State, SubsetGame, counted_rows


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
    return legal[~counted_rows(game, legal, parts, left)], parts


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
