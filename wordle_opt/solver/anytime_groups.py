"""The anytime search's groups: the opener's split into groups of answers,
each with its bounds and best tree so far, and what every phase of the
search (`wordle_opt.solver.anytime`) does with them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

import numpy as np

from wordle_opt.solver.engine import Engine, rule_code
from wordle_opt.solver.levels import Terms
from wordle_opt.trees.node import Node


@dataclass
class Group:
    """One group of the opener's split: its bounds and the best tree so far."""

    pattern: int
    S: np.ndarray
    legal: np.ndarray
    ub: int
    lb: int
    node: Optional[Node]
    widened: int = 0  # how far the widening ran out of ideas for it, 1 or 2 (a resumed search skips those)
    terms: Optional[Terms] = field(default=None, repr=False)  # its two-level step's second guesses (for group3)

    @property
    def closed(self) -> bool:
        return self.lb >= self.ub


def fits(engine: Engine, node: Node, S: np.ndarray, depth: int) -> bool:
    """Does the tree ``node`` solve every answer of S within ``depth``
    guesses?  (A saved tree is used only if it does; its rule is the
    checkpoint's, which must match the search's.)"""
    if depth < 1 or not engine.lists.is_guess(node.guess):
        return False
    row = engine.table[engine.lists.guess_index(node.guess), S]
    for p in np.unique(row):
        if p == engine.all_green:
            continue
        child = node.children.get(int(p))
        if child is None or not fits(engine, child, S[row == p], depth - 1):
            return False
    return True


def opener_groups(engine: Engine, opener: int, depth: int) -> List[Group]:
    """The opener's groups, each with a first proven bound (one scan of the
    guesses, `_bounds`), so that a search stopped in the beam still states one."""
    bounder = bounder_for(engine)
    return [
        Group(p, S, legal, 0, min(int(bounder.group(S, legal, depth - 1)), engine.inf), None)
        for p, S, legal in opener_parts(engine, opener)
    ]


def bounder_for(engine: Engine):
    """A Bounder over the engine's table (answers in the engine's order)."""
    return engine.lists.modules.bounds.Bounder(
        engine.table, np.ascontiguousarray(engine.lists.guess_codes), rule_code(engine.core, engine.rule)
    )


def opener_parts(engine: Engine, opener: int) -> List[Tuple[int, np.ndarray, np.ndarray]]:
    """(colouring, answers, legal guesses) of each group the opener leaves
    (the all-green one aside), in colouring order."""
    row = engine.table[opener]
    return [
        (int(p), np.flatnonzero(row == p).astype(np.int32), engine.legal_after(engine.all_guesses, opener, int(p)))
        for p in np.unique(row)
        if p != engine.all_green
    ]


def tally(counts: Optional[Dict[str, int]], engine: Optional[Engine]) -> None:
    """Add what an engine searched to counts (before the engine is dropped)."""
    if counts is not None and engine is not None:
        st = engine.stats()
        counts["nodes"] += int(st["nodes"])
        counts["cache_hits"] += int(st["cache_hits"])
