"""What a guess other than the suggestion costs, on the game review's measure.

For each of the two guesses at the position: the exact optimal number of
guesses to finish (this one included, then optimal play, each candidate
equally likely: Q(g) / |S|, `wordle_opt.solver.evaluator`) and the
candidates it leaves on average.  A value whose search outlasted the time limit is the core's proven
lower bound and is labelled so; a difference built from one is a bound too,
and from two it is only an estimate.
"""

from __future__ import annotations

from typing import List, Optional

import numpy as np

from wordle_opt.display import upper
from wordle_opt.rules import Rule
from wordle_opt.solver.evaluator import Cost, Evaluator
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem
from wordle_opt.wordlists import WordLists

# One value search is stopped after this many seconds (then: a proven bound).
TIME_LIMIT = 1.0
# Positions with more candidates are not valued during play: the first turn on
# the original lists takes 5-10 s for two openers (SALET alone 2.5 s), too
# long to wait for at every off-suggestion opener; `review` values it after.
MAX_CANDIDATES = 1000
CACHE_MB = 64.0  # the play session's one solver; the review's default is for whole games


class GuessCost:
    """Values the guesses of one play session (one engine, its caches shared
    by every turn); built on the first guess that differs from the suggestion."""

    def __init__(self, lists: WordLists, rule: Rule, cap: Optional[int], time_limit: Optional[float] = TIME_LIMIT):
        self.lists = lists
        options = SearchOptions(threads=1, cache_mb=CACHE_MB, time_limit=time_limit)
        self.ev = Evaluator(Problem(lists, rule, cap), options, opener=None)

    def value(self, S: np.ndarray, L: np.ndarray, turns_played: int, g: int) -> Cost:
        """Q(g) at the position: guesses in all to finish every candidate of S."""
        S = np.ascontiguousarray(S, dtype=np.int32)
        L = np.ascontiguousarray(L, dtype=np.int32)
        return self.ev.split(S, L, turns_played, g=g).cost

    def left(self, S: np.ndarray, g: int) -> float:
        """Candidates left after g, on average over the candidates (0 when g is the answer)."""
        row = self.ev.engine.table[g, np.asarray(S)]
        pats, sizes = np.unique(row, return_counts=True)
        return float(sum(int(s) * int(s) for p, s in zip(pats, sizes) if p != self.ev.engine.all_green)) / max(
            len(S), 1
        )

    def compare(self, S: np.ndarray, L: np.ndarray, turns_played: int, *, mine: int, suggested: int) -> List[str]:
        """Lines for the player: their guess against the suggestion."""
        words = self.lists.guesses
        if len(S) > MAX_CANDIDATES:
            return [
                f"({upper(words[mine])} is not the suggestion; with {len(S)} candidates an exact "
                "value takes too long during play: `review` the game afterwards to see what it cost)"
            ]
        costs = {g: self.value(S, L, turns_played, g) for g in (mine, suggested)}
        width = max(len(words[mine]), len(words[suggested]))
        lines = [
            f"{upper(words[mine])} against the suggestion {upper(words[suggested])}, "
            "each followed by optimal play (the review's measure):"
        ]
        for g, who in ((mine, "yours"), (suggested, "suggested")):
            lines.append(
                f"  {upper(words[g]):<{width}} ({who}): {_finish(costs[g])}, "
                f"{self.left(S, g):.1f} candidates left on average"
            )
        lines.append("  " + _difference(words[mine], costs[mine], costs[suggested]))
        return lines


def _finish(c: Cost) -> str:
    if not c.feasible:
        return "cannot finish every candidate within the cap"
    if c.exact:
        return f"{c.expected:.4f} guesses to finish"
    return f"at least {c.expected:.4f} guesses to finish (bound: search stopped)"


def _difference(word: str, mine: Cost, best: Cost) -> str:
    if not (mine.feasible and best.feasible):
        if mine.feasible == best.feasible:
            return "neither finishes every candidate within the cap"
        return (
            f"{upper(word)} cannot finish every candidate within the cap"
            if not mine.feasible
            else f"{upper(word)} finishes within the cap, the suggestion does not"
        )
    d = mine.expected - best.expected
    per = f"{d:+.4f} guesses per game"
    if mine.exact and best.exact:
        return f"cost of {upper(word)}: {per}"
    if best.exact:  # mine is a lower bound, so the cost is at least d
        return f"cost of {upper(word)}: at least {per} (bound)"
    if mine.exact:  # the suggestion's is a lower bound, so the cost is at most d
        return f"cost of {upper(word)}: at most {per} (bound)"
    return f"cost of {upper(word)}: about {per} (estimate from two bounds)"
