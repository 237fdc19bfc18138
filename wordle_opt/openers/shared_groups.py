"""A complete table's big groups, shared between its openers.

A group of at least SHARED_MIN answers that a complete table's opener solves
is kept by its answers (in hard mode with its legal guesses) for every later
opener that meets it, in any task, worker or sitting: the ranker hands each
table task (`TableJob`) the values its openers' groups have and keeps what
the task found (`TableChunk`) in its checkpoint.  `tasks._solve_groups` reads
and adds them (`SharedGroups`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

import numpy as np

from wordle_opt.rules import Rule, all_green
from wordle_opt.solver.engine import rule_code
from wordle_opt.wordlists import WordLists

# The least group kept.  The solver's cache does not keep a batch-solved group:
# HOTTY (original lists, easy) proven twice on one solver took 6.9 s and then
# 5.2 s of CPU, 7.6 s of it in its 757 greys.  Of the groups of 100 answers
# or more of the 7239 openers the original easy table had left, 5870 of 40725
# recur (2228 of them all grey), 22% of their work counted by size squared.
SHARED_MIN = 100
NO_TREE = -1  # a shared group's value when it has no tree within the cap


def group_key(rule: Rule, cap: int, S: np.ndarray, legal: Optional[np.ndarray]) -> bytes:
    """The shared key of the answers ``S`` (list indices, ascending) within
    ``cap`` guesses under ``rule``, in hard mode with the guesses ``legal``
    there (their value is a function of these alone): a 96-bit digest."""
    h = hashlib.blake2b(f"{rule.word} within {cap}|".encode(), digest_size=12)
    h.update(np.ascontiguousarray(S, dtype=np.int32).tobytes())
    if rule.hard:
        h.update(b"|")
        h.update(np.ascontiguousarray(legal, dtype=np.int32).tobytes())
    return h.digest()


class SharedGroups:
    """The group values one table task knows (``known``, sent with it) and
    finds (``learned``, sent back), by `group_key`: exact values, NO_TREE
    for none within the cap."""

    def __init__(self, known: Optional[Dict[bytes, int]] = None):
        self.known: Dict[bytes, int] = dict(known or {})
        self.learned: Dict[bytes, int] = {}
        self.hits = 0

    def get(self, key: bytes, inf: int) -> Optional[int]:
        v = self.known.get(key, self.learned.get(key))
        if v is None:
            return None
        self.hits += 1
        return inf if v == NO_TREE else v

    def learn(self, key: bytes, value: int, inf: int) -> None:
        self.learned[key] = NO_TREE if value >= inf else int(value)


class GroupKeys:
    """The `group_key` of each of an opener's groups of SHARED_MIN answers or
    more, ``depth`` guesses allowed from the opener on, for the process that
    hands out a table's tasks (so that it sends each task the values it can
    use, not all of them)."""

    def __init__(self, lists: WordLists, rule: Rule, depth: int):
        self.rule, self.cap = rule, depth - 1
        self.table = np.ascontiguousarray(lists.table)
        self.green = all_green(lists.length)
        self.solver = None
        if self.rule.hard:  # (its legal_after: the workers' own filter)
            core = lists.modules.core
            self.solver = core.Solver(
                self.table,
                np.ascontiguousarray(lists.guess_codes),
                np.ascontiguousarray(lists.answer_guess_index),
                rule_code(core, self.rule),
                1.0,
            )
            self.all_guesses = np.arange(len(lists.guesses), dtype=np.int32)

    def of(self, o: int) -> List[bytes]:
        row = self.table[o]
        pats, counts = np.unique(row, return_counts=True)
        keys = []
        for p, c in zip(pats.tolist(), counts.tolist()):
            if p == self.green or c < SHARED_MIN:
                continue
            S = np.flatnonzero(row == p).astype(np.int32)
            legal = self.solver.legal_after(self.all_guesses, o, p) if self.solver is not None else None
            keys.append(group_key(self.rule, self.cap, S, legal))
        return keys


@dataclass(frozen=True)
class TableJob:
    """A table task's budget (CPU seconds an opener, see prove_opener_within)
    and the shared group values its openers may meet."""

    budget: float
    known: Dict[bytes, int] = field(default_factory=dict)


@dataclass
class TableChunk:
    """A table task's results, (opener, kind, value) each, and the shared
    group values it found."""

    results: List[Tuple[int, str, int]]
    learned: Dict[bytes, int]
