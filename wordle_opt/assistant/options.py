"""How the play assistant advises, beside the lists it plays on:
`AdviceOptions`, parsed once by `wordle_opt.assistant.play.Assistant` and
asked for every strategy and walker the session makes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from wordle_opt.rules import Rule, parse_cap
from wordle_opt.strategies.builtin import Strategy, get_strategy
from wordle_opt.strategies.simulation import Walker

# One position's exact search is stopped after this many seconds (then the
# evaluator gives it a quarter more for its smaller parts).  A group left after
# a first guess is quick (93 candidates on nyt: 0.20 s, issue 49); a whole
# bundled list at turn 1 (no opener known) takes minutes, and falls back.
RESOLVE_SECONDS = 2.0


@dataclass(frozen=True)
class AdviceOptions:
    """The game's ``rule`` and guess ``cap``, ``answers_only`` guessing, and
    ``resolve_seconds``: the time for each position solved off the tree."""

    rule: Rule = Rule.EASY
    cap: Optional[int] = 6
    answers_only: bool = False
    resolve_seconds: float = RESOLVE_SECONDS

    @classmethod
    def parse(cls, *, hard=None, max_guesses=6, answers_only=False, resolve_seconds=RESOLVE_SECONDS) -> "AdviceOptions":
        """The options from a user's values, with a one-line error for a bad rule or cap."""
        return cls(Rule.parse(hard), parse_cap(max_guesses, "max_guesses"), bool(answers_only), resolve_seconds)

    def strategy(self, name, lists, **more) -> Strategy:
        """The strategy ``name`` (or a Strategy as it is) for this game."""
        return get_strategy(name, lists, answers_only=self.answers_only, hard=self.rule, **more)

    def walker(self, lists, strategy: Strategy) -> Walker:
        """A walker of ``strategy`` over this game's positions."""
        return Walker(lists, strategy, hard=self.rule, answers_only=self.answers_only)
