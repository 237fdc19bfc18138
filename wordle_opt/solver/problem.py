"""The problem a search solves, parsed once at the edge.

The public functions (`wordle_opt.search`, `rank_openers`, `review`, the web
page) turn the user's strings into one frozen `Problem`: the lists, the
hard-mode rule, the guess cap and the objective.  Everything below them takes
a `Problem` and trusts it; nothing is validated twice.

    >>> p = Problem.parse(hard=True, answers="original", max_guesses=6)
    >>> p.rule, p.cap, p.depth, len(p.lists.answers)
    (<Rule.NYT: 'nyt'>, 6, 6, 2315)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Optional

from wordle_opt.rules import Rule, parse_cap
from wordle_opt.solver.objectives import parse_objective
from wordle_opt.wordlists import WordLists, load_lists


@dataclass(frozen=True)
class Problem:
    """A parsed game: ``lists`` (answers and guesses), ``rule`` (a `Rule`), ``cap`` (the most guesses, None for no cap) and the
    ``objective`` ('total', 'worst,total' or 'total,worst')."""

    lists: WordLists
    rule: Rule = Rule.EASY
    cap: Optional[int] = 6
    objective: str = "total"

    def __post_init__(self):
        # (a Rule from here down; built from a stored value too, as the files
        # and the tests give it: Rule.parse takes a Rule as it is)
        object.__setattr__(self, "rule", Rule.parse(self.rule))

    @classmethod
    def parse(cls, *, hard=None, answers="original", guesses=None, max_guesses=6, minimise="total") -> "Problem":
        """The problem from the user's values, each checked here once, with a
        one-line `WordleOptError` for a bad one."""
        rule = Rule.parse(hard)
        objective = parse_objective(minimise)
        cap = parse_cap(max_guesses, "max_guesses")
        return cls(load_lists(answers, guesses), rule, cap, objective)

    @property
    def depth(self) -> int:
        """The guesses a tree may use: the cap, or one more than the answers
        without a cap (that many useful guesses always suffice, each one
        splitting off at least one answer, plus a fixed opener that may not)."""
        n = len(self.lists.answers)
        return n + 1 if self.cap is None else min(self.cap, n + 1)

    def with_cap(self, cap: Optional[int]) -> "Problem":
        """The same problem under another cap (already parsed)."""
        return dataclasses.replace(self, cap=cap)
