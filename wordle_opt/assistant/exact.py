"""Exact advice for the play assistant, its default.

The opener is the player's ``opener``, else the one the bundled ranking
proved best for the game (lists, rule, cap), else the default opener; the
optimal tree from it is searched on first use (`OptimalStrategy`).  A
position the tree does not cover (the player chose another word) is solved
exactly on its own (`ResolveStrategy`: the review's `Evaluator`, within
`RESOLVE_SECONDS`); only when that search does not finish does the assistant
suggest by entropy, and it says so.
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple

from wordle_opt.assistant.excluded import base_name
from wordle_opt.assistant.options import RESOLVE_SECONDS
from wordle_opt.errors import TreeError
from wordle_opt.openers.tables import table_for
from wordle_opt.rules import Rule
from wordle_opt.solver.evaluator import Cost, Evaluator
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem
from wordle_opt.strategies.builtin import DEFAULT_OPENER, Strategy
from wordle_opt.wordlists import WordLists

CACHE_MB = 64.0
# The opener of the exact tree where no bundled ranking proves one.  On today's
# list (nyt-3158) the complete easy table proves TARSE best (11219); these
# entries serve its hard mode, whose table is partial (NYT rule, 6 guesses:
# SALET has no tree at all, TARSE's optimum is 11627, 7 s of CPU), and the
# lists with answers excluded, which no table serves (`excluded.base_name`: a
# guess, not a proof, that the opener stays good).  The page and `play` agree.
KNOWN_OPENERS = {("nyt-3158", Rule.EASY): "tarse", ("nyt-3158", Rule.NYT): "tarse"}


def exact_opener(lists: WordLists, rule: Rule, cap: Optional[int], opener: Optional[str]) -> Tuple[str, str]:
    """(the opener of the exact tree, why that one), or ('', why) when there is
    none to search from (then every position is solved on its own)."""
    if opener:
        return opener.strip().lower(), "your --opener"
    table = table_for(lists, rule, cap)
    if table is not None:
        _, words, proven, _ = table.best()
        if words and proven:
            return words[0], f"proven the best opener by {table.source}"
    known = KNOWN_OPENERS.get((base_name(lists.name), rule))
    if known is not None and lists.is_guess(known):
        return known, f"the best opener known on {base_name(lists.name)}; no bundled ranking of it proves one"
    if lists.is_guess(DEFAULT_OPENER):
        return DEFAULT_OPENER, "the default opener; no bundled ranking of these lists proves a best one"
    return "", f"the default opener {DEFAULT_OPENER.upper()} is not a guess of these lists"


class ResolveStrategy(Strategy):
    """The exact best guess at each position, searched there and then; raises
    TreeError when the search does not finish within ``time_limit`` or no guess
    finishes every candidate within the cap."""

    name = "optimal"
    description = "the exact best guess, each position solved on its own"
    _shortcut_small = False

    def __init__(self, lists, *, hard=None, answers_only=False, max_guesses=6, time_limit=RESOLVE_SECONDS):
        super().__init__(lists, answers_only=answers_only, hard=hard)
        self.cap = max_guesses
        self.time_limit = time_limit
        self._ev: Optional[Evaluator] = None
        self.values: Dict[tuple, Cost] = {}  # history -> V of the position the guess was chosen at

    def choose(self, candidates, legal, history) -> int:
        if self._ev is None:
            options = SearchOptions(threads=1, cache_mb=CACHE_MB, time_limit=self.time_limit)
            self._ev = Evaluator(Problem(self.lists, self.rule, self.cap), options, opener=None)
        [(cost, g)] = self._ev.values([(candidates, legal, self._ev.depth(len(history)))])
        if not cost.feasible:
            raise TreeError(f"no guess finishes every one of the {len(candidates)} candidates within the cap")
        if not cost.exact or g < 0:
            raise TreeError(f"the exact search of this position did not finish in {self.time_limit:g} s")
        self.values[tuple(history)] = cost
        return g


def intro(strategy: Strategy, opener_why: str, resolve_seconds: float) -> str:
    """The line saying what the suggestions are (after any tree search)."""
    off = f"each position solved exactly on its own (searches of up to {resolve_seconds:g} s), else by entropy"
    if isinstance(strategy, ResolveStrategy):
        return f"advice: {off}"
    if strategy.name != "optimal":
        return f"advice: strategy {strategy.name}, a heuristic ({strategy.description}); exact advice is the default"
    result = getattr(strategy, "result", None)
    if result is None:
        return f"advice: the given tree; off it, {off}"
    opener = result.opener.upper()
    seconds = result.stats.get("seconds", 0.0)
    tree = f"the optimal tree from {opener}, proven" if result.proven else f"a tree from {opener} (not proven optimal),"
    return f"exact advice: {tree} in {seconds:.1f} s ({opener_why}); off the tree, {off}"
