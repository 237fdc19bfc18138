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
"""

from __future__ import annotations

import time
from typing import Callable, NamedTuple, Optional, Sequence

import numpy as np

from wordle_opt.openers.proofruns import OPEN
from wordle_opt.solver.anytime import opener_parts
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.feasible import Feasible, OutOfTime

# Seconds a group is searched in each pass before the next group is tried,
# and in all for an opener before it is left open (ABUZZ: no group refuted
# it in 4 passes, which cost minutes; `--retry-open` takes such openers again).
BUDGETS = (0.02, 0.2, 2.0, 20.0)
LIMIT = 10.0

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
    codes = engine.lists.answer_codes[engine.order]
    # (a family of cap or more: more members than guesses left after the opener)
    groups = sorted(opener_parts(engine, opener), key=lambda g: (family(codes[g[1]]) < cap, len(g[1]), g[0]))
    feasible = Feasible(engine, tick=tick)
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
                node = feasible.fit(S, legal, cap - 1)
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
    row = engine.table[opener]
    S = np.flatnonzero(row == colouring).astype(np.int32)
    if colouring == engine.all_green or len(S) == 0:
        return False
    legal = engine.legal_after(engine.all_guesses, opener, colouring)
    return Feasible(engine).fit(S, legal, cap - 1) is None
