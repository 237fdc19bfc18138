"""Openers refuted by one of their groups (issue 27).

An opener has no tree within ``cap`` guesses under a rule when some group it
leaves (the answers it colours alike, all green aside) has no tree within
``cap - 1`` more guesses, each legal after the opener's colouring: the
opener's tree restricted to that group would be one.  The feasibility search
(`wordle_opt.solver.feasible`: complete, tested against the exhaustive
oracle) decides a group; with no deadline its None is the proof, so a
certificate is just (opener, colouring), re-decided by `check`.

Where this bites: the every-word game under the strict rule, where every
guess after the opener must be an answer still possible.  A family left
together (_ILLS, _ATCH, ...) then costs about a guess a member, and a random
40 openers were each refuted within 7 guesses by a group of 7-69 answers in
0.01-1 s (the family-part certificates of `hardcap` hold under both rules and
need no search, but only under a cap of 6).

`refute` looks for such a group with growing time budgets, trying first
the groups with a family of ``cap`` or more (more members than guesses left),
the smallest first, then the rest by size: the group that refuted was the
first or second so tried for most of 60 openers (mean rank 0.7; by the
ratio of size to family, 43; by size alone, 73; the largest family first
spent 20 s on big groups and left 39 of 60 openers open).

`refute_deep` goes one level further for the openers whose groups are too
big to decide (ABUZZ's 5046 answers: nothing revealed): one group, and for
each second guess there a part with no tree within ``cap - 2``, found by the
same loop (`_first_refuted`); `check_deep` re-decides such a certificate.
The last 7 openers of the strict cap-7 proof fell this way in 1 to 10
minutes each (two processes on a shared machine), where the group search
had decided none of them in 1000 s.
"""

from __future__ import annotations

import time
from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from wordle_opt.patterns import Pattern
from wordle_opt.proofs.runs import OPEN
from wordle_opt.solver.anytime_groups import opener_parts
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.feasible import Feasible, OutOfTime

# Seconds a group is searched in each pass before the next group is tried,
# and in all for an opener before it is left open (ABUZZ: no group refuted
# it in 4 passes, which cost minutes; `--retry-open` takes such openers again).
BUDGETS = (0.02, 0.2, 2.0, 20.0)
LIMIT = 10.0

# Two levels deep (`refute_deep`): seconds a part is searched in each pass,
# and in all for one second guess before the group is given up (ABUZZ's group
# of 5046: a part refuted each second guess in 0.03-0.1 s, 0.05 s the median).
DEEP_BUDGETS = (0.05, 0.5, 5.0)
DEEP_LIMIT = 30.0
DEEP_GROUPS = 3  # the largest groups of an opener tried

REFUTED, FITS = "refuted", "fits"  # (and OPEN: the verdict files' word for "not decided")


class Verdict(NamedTuple):
    """``kind``: REFUTED (the group coloured ``colouring``, ``answers`` of
    them, has no tree within the cap: a proof), FITS (every group has a tree
    within the cap, so the opener has one) or OPEN (the budgets ran out)."""

    kind: str
    colouring: Optional[int] = None
    answers: int = 0


def refute(
    engine: Engine,
    opener: int,
    cap: int,
    *,
    budgets: Sequence[float] = BUDGETS,
    limit: Optional[float] = LIMIT,
    tick: Optional[Callable[[], None]] = None,
) -> Verdict:
    """Whether some group of ``opener`` (a guess number of ``engine``'s lists)
    has no tree within ``cap - 1`` more guesses under ``engine``'s rule: OPEN
    once ``limit`` seconds have passed (None: no limit), else a proof.
    ``engine``: any engine of the lists and the rule; ``tick``: called at each
    set searched (`Feasible`'s), for progress (ABUZZ searched 700 s)."""
    groups = opener_parts(engine, opener)
    feasible = Feasible(engine, tick=tick)
    return _first_refuted(engine, feasible, groups, cap - 1, budgets=budgets, limit=limit)


def _first_refuted(
    engine: Engine,
    feasible: Feasible,
    groups: List[Tuple[int, np.ndarray, np.ndarray]],
    depth: int,
    *,
    budgets: Sequence[float],
    limit: Optional[float],
) -> Verdict:
    """The first of ``groups`` ((colouring, answers, legal guesses), the
    answers coloured alike by one guess) found to have no tree within
    ``depth`` guesses: REFUTED; FITS when each has one; OPEN past ``limit``
    seconds.  The groups with a family bigger than ``depth`` first, the
    smallest first, then the rest by size, each pass ``budgets[i]`` seconds a
    group."""
    codes = engine.lists.answer_codes[engine.order]
    # (a family of more than depth: more members than guesses left)
    groups = sorted(groups, key=lambda g: (family(codes[g[1]]) <= depth, len(g[1]), g[0]))
    fitted = set()
    end = None if limit is None else time.monotonic() + limit
    for budget in budgets:
        for p, S, legal in groups:
            if p in fitted:
                continue
            now = time.monotonic()
            if end is not None and now >= end:
                return Verdict(OPEN)
            feasible.deadline = now + budget if end is None else min(now + budget, end)
            try:
                node = feasible.fit(S, legal, depth)
            except OutOfTime:
                continue
            if node is None:
                return Verdict(REFUTED, p, len(S))
            fitted.add(p)
        if len(fitted) == len(groups):
            return Verdict(FITS)
    return Verdict(OPEN)


def family(codes: np.ndarray) -> int:
    """The most answers (rows of letter codes) alike but for one letter."""
    best = 1
    for i in range(codes.shape[1]):
        _, sizes = np.unique(np.delete(codes, i, axis=1), axis=0, return_counts=True)
        best = max(best, int(sizes.max()))
    return best


def check(engine: Engine, opener: int, colouring: int, cap: int) -> bool:
    """True when the group ``opener`` colours ``colouring`` (not all green,
    shown by some answer) has no tree within ``cap - 1`` more guesses: the
    search with no deadline, from scratch."""
    S, legal = _group(engine, opener, colouring)
    if colouring == engine.all_green or len(S) == 0:
        return False
    return Feasible(engine).fit(S, legal, cap - 1) is None


def _group(engine: Engine, opener: int, colouring: int) -> Tuple[np.ndarray, np.ndarray]:
    """(answers, legal guesses) of the group ``opener`` colours ``colouring``."""
    S = np.flatnonzero(engine.table[opener] == colouring).astype(np.int32)
    return S, np.ascontiguousarray(engine.legal_after(engine.all_guesses, opener, colouring), dtype=np.int32)


class Second(NamedTuple):
    """A second guess (a guess number) refuted by its part coloured
    ``colouring`` (``answers`` of them) of the group: no tree within the cap
    less two more guesses."""

    guess: int
    colouring: int
    answers: int


class Deep(NamedTuple):
    """``kind``: REFUTED (no tree keeps ``opener``'s group coloured
    ``colouring``, ``answers`` of them, within the cap: each second guess in
    ``seconds`` refuted by a part; a proof) or OPEN (no group so refuted).
    ``why``: for each group given up, its colouring and the first second
    guess there that fitted or was left open, as words (FLYBY: its BBBBB
    group, 6690 answers, at QAJAQ, open past 30 s; BYBBB refuted it)."""

    kind: str
    colouring: Optional[int] = None
    answers: int = 0
    seconds: Tuple[Second, ...] = ()
    why: Tuple[str, ...] = ()


def second_guesses(engine: Engine, opener: int, colouring: int) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(answers, legal guesses, second guesses) of the group ``opener``
    colours ``colouring``: the second guesses are the legal ones that split
    it or may hit (a tree whose second guess does neither keeps the group
    whole below it, one guess deeper: without that guess it is a tree too,
    each later guess still legal, as fewer colourings rule out no more)."""
    S, legal = _group(engine, opener, colouring)
    return S, legal, engine.all_solvers[0].useful(S, legal)


def _second_parts(engine: Engine, S: np.ndarray, legal: np.ndarray, guess: int):
    return [(q, P, engine.legal_after(legal, guess, q)) for q, P in engine.parts(S, guess)]


def refute_deep(
    engine: Engine,
    opener: int,
    cap: int,
    *,
    groups: int = DEEP_GROUPS,
    budgets: Sequence[float] = DEEP_BUDGETS,
    limit: Optional[float] = DEEP_LIMIT,
    tick: Optional[Callable[[], None]] = None,
    done: Optional[Callable[[int, int], None]] = None,
) -> Deep:
    """Refute ``opener`` two levels deep, for openers none of whose groups
    the search decides (ABUZZ's groups of 3445 and 5046 answers: neither
    fitted nor refuted in 781 s).  Theorem: if, for a group c of the opener
    (answers S, legal guesses L after it), every second guess g (of L, one
    that splits S or may hit) colours some part of S (answers alike, not all
    green) that has no tree within ``cap - 2`` more guesses, each legal
    after o, c, g and its colouring, then no tree from the opener keeps
    every answer within ``cap``: such a tree's second guess in c may be
    taken to be one of those g (`second_guesses`), and its subtree for that
    part would be a tree of it within ``cap - 2``.

    Tries the ``groups`` largest groups in turn; in each, the second guesses
    in order, each by `_first_refuted` (``budgets``, ``limit`` seconds for
    one second guess; None: no limit, and the verdicts are proofs); gives
    the group up at the first second guess that fits every part or is left
    open.  ``tick``: called at each set searched; ``done(i, n)``: after the
    i-th of the group's n second guesses."""
    row = engine.table[opener]
    pats, sizes = np.unique(row, return_counts=True)
    tried = [int(p) for p in pats[np.argsort(-sizes, kind="stable")] if p != engine.all_green][:groups]
    why = []
    for c in tried:
        S, legal, seconds = second_guesses(engine, opener, c)
        feasible = Feasible(engine, tick=tick)  # (one a group: its memo is the group's sets)
        out = []
        for i, g in enumerate(seconds):
            v = _first_refuted(
                engine, feasible, _second_parts(engine, S, legal, int(g)), cap - 2, budgets=budgets, limit=limit
            )
            if v.kind != REFUTED:
                why.append(f"{Pattern(c, engine.lists.length).byg}: {engine.lists.guesses[g]} {v.kind}")
                break
            out.append(Second(int(g), v.colouring, v.answers))
            if done is not None:
                done(i + 1, len(seconds))
        else:
            return Deep(REFUTED, c, len(S), tuple(out), tuple(why))
    return Deep(OPEN, why=tuple(why))


def check_deep(engine: Engine, opener: int, colouring: int, seconds: Dict[int, int], *, cap: int) -> List[str]:
    """What is wrong with the two-level refutation of ``opener`` by its group
    coloured ``colouring`` (``seconds``: each second guess's refuting
    colouring), re-decided from scratch with no deadline: the second guesses
    it leaves out, then those whose part has a tree within ``cap - 2`` (or is
    empty or all green), as words; empty when it holds (`refute_deep`'s
    theorem)."""
    words = engine.lists.guesses
    S, legal, needed = second_guesses(engine, opener, colouring)
    if colouring == engine.all_green or len(S) == 0:
        return ["the group"]
    wrong = [f"{words[g]} (left out)" for g in needed if int(g) not in seconds]
    feasible = Feasible(engine)
    for g in needed:
        q = seconds.get(int(g))
        if q is None:
            continue
        parts = {p: (P, L) for p, P, L in _second_parts(engine, S, legal, int(g))}
        if q not in parts or feasible.fit(parts[q][0], parts[q][1], cap - 2) is not None:
            wrong.append(words[g])
    return wrong
