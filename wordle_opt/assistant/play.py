"""The play assistant: suggests guesses for a live game, reading what you
played and the colours you got.

    Assistant(input=sys.stdin, output=sys.stdout).run()

By default the advice is exact (`wordle_opt.assistant.exact`): the optimal
tree from the proven best opener, and a position off the tree solved on its
own; ``strategy="entropy"`` (or any other) plays a heuristic instead.
Each turn it prints the suggested guess with the average number of guesses
to finish, the candidates left (listed when 10 or fewer) and the best few
alternatives with the strategy's scores.  You type the word you played
(Enter accepts the suggestion; ``WORD COLOURS`` on one line also works), then
the colours (``BYGBB``, ``01200`` or tiles pasted from the game).  Commands:
``undo`` (take back the last turn; at the colours prompt: re-enter the word),
``quit``, ``help``.  End of input quits cleanly.

A word other than the suggestion is valued against it on the game review's
measure (`play_cost`): exact optimal guesses to finish, and candidates left.
When no answer of the list fits the colours (today's answer is not in it),
the assistant carries on with the allowed words that fit, and says so.

Guesses to finish: the strategy is played out from the current position
against every remaining candidate (each equally likely), and the average is
shown.  For ``optimal`` this is the tree's own figure; for the heuristics it
is exact for the heuristic itself -- not a lower bound on what is possible.
The decisions are remembered, so only the first estimate of a game costs
anything (about the time of one simulation).
"""

from __future__ import annotations

import sys
from typing import Callable, List, Optional, Set, TextIO, Tuple

import numpy as np

from wordle_opt.assistant.cost import GuessCost
from wordle_opt.assistant.exact import ResolveStrategy, exact_opener, intro
from wordle_opt.assistant.excluded import base_name
from wordle_opt.assistant.options import RESOLVE_SECONDS, AdviceOptions
from wordle_opt.display import LineConsole, plural, tiles, upper, use_colour
from wordle_opt.errors import HardModeError, TreeError, WordleOptError, WordListError
from wordle_opt.listsets import TODAY_SET
from wordle_opt.patterns import Pattern, example, pattern_table
from wordle_opt.rules import all_green
from wordle_opt.strategies.builtin import strategy_key
from wordle_opt.strategies.simulation import Walker
from wordle_opt.wordlists import SETS, WordLists, load_lists
from wordle_opt.words import LENGTH_NAMES, normalise

LIST_AT_MOST = 10


def help_text(length: int) -> str:
    return (
        f"Type the word you played (Enter = the suggestion), then its colours: {example(length)}, "
        f"{example(length, '0120')} or tiles. Commands: undo, quit, help."
    )


class Assistant(LineConsole):
    """An interactive session over ``input``/``output`` text streams."""

    def __init__(
        self,
        strategy="optimal",
        *,
        hard=None,
        answers="original",
        guesses=None,
        answers_only=False,
        opener=None,
        tree=None,
        seed=0,
        max_guesses=6,
        input: Optional[TextIO] = None,
        output: Optional[TextIO] = None,
        colour: Optional[bool] = None,
        alternatives: int = 5,
        lists=None,
        widen: bool = True,
        progress=None,
        resolve_seconds: float = RESOLVE_SECONDS,
    ):
        self.options = o = AdviceOptions.parse(
            hard=hard, max_guesses=max_guesses, answers_only=answers_only, resolve_seconds=resolve_seconds
        )
        self.lists = lists if lists is not None else load_lists(answers, guesses)
        self.widen = widen  # False: colours no answer gives are an error (the web page's replay)
        self._cost: Optional[GuessCost] = None
        self.input = input if input is not None else sys.stdin
        self.output = output if output is not None else sys.stdout
        self.colour = use_colour(self.output) if colour is None else colour
        self.alternatives = alternatives
        self.progress = progress
        self._opener_why = ""  # exact advice from a tree searched here: why its opener
        if isinstance(strategy, str) and strategy_key(strategy) == "optimal" and tree is None:
            opener, self._opener_why = exact_opener(self.lists, o.rule, o.cap, opener)
            if not opener:
                strategy = self._resolver()
        more = dict(opener=opener, seed=seed, tree=tree, max_guesses=o.cap, progress=progress)
        self.strategy = o.strategy(strategy, self.lists, **more)
        self.walker = o.walker(self.lists, self.strategy)
        self._fallback: Optional[Walker] = None  # entropy, where exact advice is not to be had in time
        self._unsolved: Set[tuple] = set()  # the histories of those positions
        self._resolve: Optional[Walker] = None  # optimal off its tree: each position solved on its own
        self._said_resolve = False
        cands, legal = self.walker.root()
        self.history: List[Tuple[int, int]] = []
        self._states = [(cands, legal)]

    # ---- state ---------------------------------------------------------
    @property
    def candidates(self) -> np.ndarray:
        return self._states[-1][0]

    @property
    def legal(self) -> np.ndarray:
        return self._states[-1][1]

    def candidate_words(self) -> List[str]:
        return [self.lists.answers[int(a)] for a in self.candidates]

    def _word_history(self):
        return [(self.lists.guesses[g], p) for g, p in self.history]

    def _resolver(self) -> ResolveStrategy:
        o = self.options
        return ResolveStrategy(
            self.lists, hard=o.rule, answers_only=o.answers_only, max_guesses=o.cap, time_limit=o.resolve_seconds
        )

    def _active(self) -> Walker:
        """The strategy's walker.  For optimal, where the tree does not cover the
        position (the user played something else), the position solved exactly
        on its own; where that search does not finish in time, entropy for this
        position (the next one is tried exactly again)."""
        here = (tuple(self.history), self.candidates, self.legal)
        if here[0] not in self._unsolved:
            try:
                self.walker.guess(*here)
                return self.walker
            except (TreeError, HardModeError) as exc:
                why = exc
            if self.strategy.name == "optimal" and not isinstance(self.strategy, ResolveStrategy):
                if self._resolve is None:
                    self._resolve = self.options.walker(self.lists, self._resolver())
                try:
                    self._resolve.guess(*here)
                    if not self._said_resolve:
                        self._say(f"note: {why}; solving each position exactly from here")
                        self._said_resolve = True
                    return self._resolve
                except TreeError as exc:
                    why = exc
            self._unsolved.add(here[0])
            self._say(f"note: {why}; suggesting by entropy for this guess")
        if self._fallback is None:
            self._fallback = self.options.walker(self.lists, self.options.strategy("entropy", self.lists))
        return self._fallback

    def suggestion(self) -> str:
        w = self._active()
        return self.lists.guesses[w.guess(tuple(self.history), self.candidates, self.legal)]

    def expected(self, progress: Optional[Callable[[int], None]] = None) -> float:
        """Average guesses to finish from here, following the strategy (see module
        doc).  ``progress(answers played)`` is called as the play-out goes (the web
        server's budget stops it by raising)."""
        w = self._active()
        if isinstance(w.strategy, ResolveStrategy):  # the exact value, no play-out needed
            return w.strategy.values[tuple(self.history)].expected
        out = w.walk(tuple(self.history), self.candidates, self.legal, progress=progress)
        turns = [len(h) - len(self.history) if solved else w.cap for h, solved in out.values()]
        return float(np.mean(turns)) if turns else 0.0

    def apply(self, word: str, pattern) -> bool:
        """Record ``word`` coloured ``pattern``; True when that solved the game.
        Raises WordleOptError (state unchanged) for an unknown word, a hard-rule
        break, bad colours, or colours no remaining answer could give (with
        ``widen``: no allowed word either; otherwise those become the answers)."""
        word = normalise(word)
        g = self.lists.guess_index(word)
        why = self.options.rule.violation(self._word_history(), word)
        if why:
            raise WordleOptError(f"{upper(word)} breaks the hard rule ({self.options.rule.word}): {why}")
        p = int(Pattern.parse(pattern, self.lists.length))
        cands = self.walker.ctx.next_candidates(self.candidates, g, p)
        if len(cands) == 0 and self.widen and self._widen(word, p):  # also GGGGG for a word not in the list
            g = self.lists.guess_index(word)
            cands = self.walker.ctx.next_candidates(self.candidates, g, p)
        if len(cands) == 0:
            raise WordleOptError(
                f"no answer left gives {upper(word)} {Pattern(p, self.lists.length).byg}; check the colours "
                f"(nothing changed, {plural(len(self.candidates), 'candidate')} remain)"
            )
        if p == all_green(self.lists.length):
            self.history.append((g, p))
            self._states.append((cands[:0], self.legal[:0]))
            return True
        legal = self.walker.ctx.next_legal(self.legal, g, p, self.options.rule)
        self.history.append((g, p))
        self._states.append((cands, legal))
        return False

    def _widen(self, word: str, p: int) -> bool:
        """No answer of the list fits: carry on with the allowed words that fit
        every colouring so far (this one included) as the answers.  False when
        none does (the colours are wrong)."""
        played = self._word_history() + [(word, p)]
        fits = np.ones(len(self.lists.guesses), dtype=bool)
        table = pattern_table([w for w, _ in played], self.lists.guesses)
        for row, (_, q) in zip(table, played):
            fits &= row == q
        if not fits.any():
            return False
        new = [w for w, ok in zip(self.lists.guesses, fits) if ok]
        before = self.lists
        # The allowed words that fit become the answers; the guesses stay as
        # they were, so every index in the history still means the same word.
        self.lists = WordLists(f"{before.name}, then allowed words", tuple(new), before.guesses)
        hint = "" if base_name(before.name) == TODAY_SET else f"; next time try --answers {TODAY_SET}"
        self._say(
            f"note: no answer of list {before.name!r} gives {upper(word)} {Pattern(p, len(word)).byg}: "
            f"today's answer is not in it. Carrying on with the {plural(len(new), 'allowed word')} "
            f"that fit{hint}"
        )
        if self.strategy.name == "optimal":  # the tree is of the old lists
            strat = self._resolver()
        else:
            strat = self.options.strategy(self.strategy.name, self.lists)
        self.strategy = strat
        self.walker = self.options.walker(self.lists, strat)
        self._fallback, self._resolve, self._cost = None, None, None
        self._unsolved.clear()
        self._states = [self.walker.state(self.history[:i]) for i in range(len(self.history) + 1)]
        return True

    def cost_lines(self, word: str) -> List[str]:
        """The player's ``word`` against the suggestion, on the review's measure."""
        if self._cost is None or self._cost.lists is not self.lists:
            self._cost = GuessCost(self.lists, self.options.rule, self.options.cap)
        mine = self.lists.guess_index(word)
        suggested = self.lists.guess_index(self.suggestion())
        return self._cost.compare(self.candidates, self.legal, len(self.history), mine=mine, suggested=suggested)

    def undo(self) -> bool:
        if not self.history:
            return False
        self.history.pop()
        self._states.pop()
        self._said_resolve = False
        return True

    # ---- the session ----------------------------------------------------
    def status(self) -> None:
        n = len(self.candidates)
        words = self.candidate_words()
        if n == 1:
            self._say(f"1 answer left: {upper(words[0])}")
        elif n <= LIST_AT_MOST:
            self._say(f"{n} answers left: {', '.join(upper(w) for w in words)}")
        else:
            self._say(f"{n} answers left")
        guess = self.suggestion()
        self._say(
            f"Suggestion: {upper(guess)} ({self.expected():.2f} guesses to finish on average, "
            f"playing {self._active().strategy.name})"
        )
        if n > 2 and self.alternatives:
            w = self._active()
            ranked = w.strategy.ranked(self.candidates, self.legal, self.history, self.alternatives)
            if ranked:
                self._say("Alternatives:")
                for r in ranked:
                    mark = " *" if r.could_be_answer else ""
                    self._say(f"  {upper(r.word)}  {r.label}{mark}")
                if any(r.could_be_answer for r in ranked):
                    self._say("  (* could be the answer)")

    def run(self) -> int:
        """The interactive loop; returns the exit code (0)."""
        rule = self.options.rule
        mode = f"hard ({rule.word})" if rule.hard else "easy"
        self._say(
            f"wordle_opt play: strategy {self.strategy.name}, {mode}, lists {self.lists.name} "
            f"({plural(len(self.lists.answers), 'answer')}, {plural(len(self.lists.guesses), 'guess')})"
        )
        self._say(help_text(self.lists.length))
        self._say(self._advice())
        if base_name(self.lists.name) != TODAY_SET and TODAY_SET in SETS:
            self._say(
                f"For today's game use --answers {TODAY_SET} (the default; the extended NYT answer list, "
                f"{len(load_lists(TODAY_SET).answers)} words); an answer outside the list is "
                "still found among the allowed words."
            )
        show = True
        while True:
            if show:
                self._say()
                self.status()
            show = True
            turn = len(self.history) + 1
            suggestion = self.suggestion()
            line = self._ask(f"guess {turn} [{suggestion}]> ")
            if line is None:
                return 0
            cmd = line.lower()
            if cmd in ("quit", "exit", "q"):
                self._say("bye")
                return 0
            if cmd in ("help", "?"):
                self._say(help_text(self.lists.length))
                show = False
                continue
            if cmd == "undo":
                if self.undo():
                    self._say(f"undone: back to guess {len(self.history) + 1}")
                else:
                    self._say("nothing to undo")
                    show = False
                continue
            parts = line.split(None, 1)
            word = normalise(parts[0]) if parts else suggestion
            colours = parts[1] if len(parts) > 1 else None
            problem = self._check_word(word)
            if problem:
                self._say(problem)
                show = False
                continue
            if word != suggestion and len(self.candidates) > 1:
                for text in self.cost_lines(word):
                    self._say(text)
            solved = self._feedback(word, colours)
            if solved is None:  # end of input / quit
                return 0
            if solved == "back":
                show = False
                continue
            if solved:
                n = len(self.history)
                self._say(
                    f"Solved in {n} guess{'es' if n != 1 else ''}! "
                    + " ".join(tiles(self.lists.guesses[g], p, self.colour) for g, p in self.history)
                )
                return 0

    def _advice(self) -> str:
        """The line saying what the suggestions are; searches the tree (optimal
        without a tree file) here, where its progress shows."""
        if self._opener_why and not isinstance(self.strategy, ResolveStrategy):  # a tree to search here
            try:
                self.strategy.tree
            except TreeError as exc:  # (no tree from this opener fits the cap)
                self.strategy = self._resolver()
                self.walker = self.options.walker(self.lists, self.strategy)
                return f"note: {exc}; solving each position on its own instead"
            finally:
                getattr(self.progress, "close", lambda: None)()
        return intro(self.strategy, self._opener_why, self.options.resolve_seconds)

    def _check_word(self, word: str) -> Optional[str]:
        try:
            self.lists.guess_index(word)
        except WordListError as exc:
            return f"error: {exc}"
        why = self.options.rule.violation(self._word_history(), word)
        if why:
            return f"error: {upper(word)} breaks the hard rule ({self.options.rule.word}): {why}"
        return None

    def _feedback(self, word: str, colours: Optional[str]):
        """Ask for (or use) the colours; True/False = solved or not, 'back',
        or None to stop."""
        while True:
            if colours is None:
                colours = self._ask(f"colours for {upper(word)}> ")
                if colours is None:
                    return None
            cmd = colours.strip().lower()
            if cmd in ("quit", "exit", "q"):
                self._say("bye")
                return None
            if cmd == "undo":
                self._say(f"{upper(word)} not recorded")
                return "back"
            if cmd in ("help", "?", ""):
                L = self.lists.length
                self._say(f"colours: {LENGTH_NAMES[L]} of B/Y/G (or 0/1/2, or tiles), e.g. {example(L)}")
                colours = None
                continue
            try:
                solved = self.apply(word, colours)
            except WordleOptError as exc:
                self._say(f"error: {exc}")
                colours = None
                continue
            g, p = self.history[-1]
            self._say(tiles(word, p, self.colour))
            return solved
