"""Arrays derived from one WordLists that strategies and simulation share."""

from __future__ import annotations

from typing import Dict, Tuple

import numpy as np

from wordle_opt.core import modules
from wordle_opt.errors import WordListError
from wordle_opt.rules import Rule, all_green


def heuristics_for(length: int):
    """The compiled (or plain) heuristics for words of ``length`` letters."""
    return modules(length).heuristics


class Context:
    """Arrays derived from one WordLists, shared by strategies and simulation."""

    def __init__(self, lists):
        self.lists = lists
        self.all_green = all_green(lists.length)
        self.table = np.ascontiguousarray(lists.table)
        self.guess_codes = np.ascontiguousarray(lists.guess_codes)
        self.answer_codes = np.ascontiguousarray(lists.answer_codes)
        index = {w: i for i, w in enumerate(lists.guesses)}
        missing = [w for w in lists.answers if w not in index]
        if missing:
            raise WordListError(f"answer {missing[0]!r} is not in the guess list of {lists.name}")
        # answer index -> guess index
        self.ans2guess = np.array([index[w] for w in lists.answers], dtype=np.int32)
        guess2ans = np.full(len(lists.guesses), -1, dtype=np.int32)
        guess2ans[self.ans2guess] = np.arange(len(lists.answers), dtype=np.int32)
        self.guess2ans = guess2ans
        self.all_answers = np.arange(len(lists.answers), dtype=np.int32)
        self.all_guesses = np.arange(len(lists.guesses), dtype=np.int32)
        self.answer_guesses = np.sort(self.ans2guess).astype(np.int32)

    @property
    def H(self):
        """The heuristics module for this word length (looked up on each use, so
        that a test can swap in the plain twin through ``heuristics_for``)."""
        return heuristics_for(self.lists.length)

    def root_legal(self, answers_only: bool) -> np.ndarray:
        return self.answer_guesses if answers_only else self.all_guesses

    def next_candidates(self, cands: np.ndarray, guess: int, pattern: int) -> np.ndarray:
        return self.H.filter_candidates(self.table, cands, int(guess), int(pattern))

    def next_legal(self, legal: np.ndarray, guess: int, pattern: int, rule: Rule) -> np.ndarray:
        if not rule.hard:
            return legal
        code = self.guess_codes[int(guess)]
        if rule is Rule.NYT:
            return self.H.legal_nyt(self.guess_codes, legal, code, int(pattern))
        return self.H.legal_strict(self.guess_codes, legal, code, int(pattern))

    def is_candidate(self, cands: np.ndarray, guesses: np.ndarray) -> np.ndarray:
        flag = np.zeros(len(self.lists.guesses), dtype=bool)
        flag[self.ans2guess[cands]] = True
        return flag[guesses]


_CONTEXTS: Dict[int, Tuple[object, Context]] = {}


def context_for(lists) -> Context:
    """One Context per WordLists object (kept alive by the cache entry)."""
    hit = _CONTEXTS.get(id(lists))
    if hit is not None and hit[0] is lists:
        return hit[1]
    ctx = Context(lists)
    if len(_CONTEXTS) > 8:
        _CONTEXTS.clear()
    _CONTEXTS[id(lists)] = (lists, ctx)
    return ctx
