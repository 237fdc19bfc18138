"""The play assistant for several boards: one guess, one colouring per unsolved board.

BoardsAssistant(4).run()      # Quordle: type the word, then e.g. "BYBBG GGGGG BBBBY BYYBB"
"""

from __future__ import annotations

import copy
import re
import sys
from typing import List, Optional, TextIO

from wordle_opt.display import LineConsole, plural, tiles, use_colour
from wordle_opt.errors import PatternError, WordleOptError, WordListError
from wordle_opt.games.boards import GAME_NAMES, Position, all_solved, check_boards, default_cap, get_boards_strategy
from wordle_opt.patterns import Pattern, example
from wordle_opt.wordlists import load_lists

LIST_AT_MOST = 6


def help_text(length: int) -> str:
    return (
        "Type the word you played (Enter = the suggestion), then its colourings, one per open board in "
        f"board order, separated by spaces ({example(length)}, {example(length, '0120')} or tiles; "
        f"{'G' * length} = solved). Commands: undo, help, quit."
    )


def parse_colourings(text: str, n: int, length: int = 5) -> List[Pattern]:
    """``n`` colourings of ``length``-letter words from one line, separated by spaces or commas."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if len(tokens) != n:
        raise PatternError(f"expected {plural(n, 'colouring')} (one per open board), got {len(tokens)} in {text!r}")
    return [Pattern.parse(t, length) for t in tokens]


class BoardsAssistant(LineConsole):
    """Suggests guesses for a game of ``boards`` boards and follows the
    colourings you type (``apply``/``undo`` also work without the loop)."""

    def __init__(
        self,
        boards: int = 4,
        strategy="entropy",
        *,
        answers="original",
        guesses=None,
        answers_only=False,
        opener=None,
        max_guesses=None,
        input: Optional[TextIO] = None,
        output: Optional[TextIO] = None,
        colour: Optional[bool] = None,
    ):
        self.n = check_boards(boards)
        self.lists = load_lists(answers, guesses)
        self.strategy = get_boards_strategy(strategy, self.lists, opener=opener, answers_only=answers_only)
        self.cap = default_cap(self.n) if max_guesses is None else int(max_guesses)
        self.position = Position(self.strategy.ctx, self.n)
        self._undo: List[Position] = []
        self.input = input or sys.stdin
        self.output = output or sys.stdout
        self.colour = use_colour(self.output) if colour is None else bool(colour)

    def suggestion(self) -> str:
        return self.lists.guesses[self.position.suggest(self.strategy)[0]]

    def apply(self, word: str, colourings) -> bool:
        """Record ``word`` with one colouring per open board; True once every board is solved."""
        g = self.lists.guess_index(str(word))
        if isinstance(colourings, str):
            colourings = parse_colourings(colourings, len(self.position.open_boards), self.lists.length)
        pats = [Pattern.parse(c, self.lists.length) for c in colourings]
        if len(pats) != len(self.position.open_boards):
            raise PatternError(f"expected {len(self.position.open_boards)} colourings, got {len(pats)}")
        before = copy.copy(self.position)
        before.cands, before.solved, before.turns = list(before.cands), list(before.solved), list(before.turns)
        self.position.apply(g, dict(zip(self.position.open_boards, (int(p) for p in pats))))
        self._undo.append(before)
        return self.position.done

    def undo(self) -> bool:
        if not self._undo:
            return False
        self.position = self._undo.pop()
        return True

    # ---- the session ----------------------------------------------------
    def status(self) -> None:
        pos = self.position
        for b in range(self.n):
            if pos.solved[b] is not None:
                self._say(f"board {b + 1}: solved at guess {pos.solved[b]}")
                continue
            words = sorted(self.lists.answers[a] for a in pos.cands[b])
            shown = (": " + ", ".join(w.upper() for w in words)) if len(words) <= LIST_AT_MOST else ""
            self._say(f"board {b + 1}: {plural(len(words), 'answer')} left{shown}")
        g, how = pos.suggest(self.strategy)
        self._say(f"Suggestion: {self.lists.guesses[g].upper()} ({how})")

    def run(self) -> int:
        game = GAME_NAMES.get(self.n, "several boards")
        self._say(
            f"wordle_opt play: {game}, {plural(self.n, 'board')}, strategy "
            f"{self.strategy.name}, lists {self.lists.name}, {self.cap} guesses"
        )
        self._say(help_text(self.lists.length))
        while True:
            self._say()
            self.status()
            turn = len(self.position.turns) + 1
            line = self._ask(f"guess {turn} [{self.suggestion()}]> ")
            if line is None or line.lower() in ("quit", "exit", "q"):
                return 0
            if line.lower() in ("help", "?"):
                self._say(help_text(self.lists.length))
                continue
            if line.lower() == "undo":
                self._say("undone" if self.undo() else "nothing to undo")
                continue
            parts = line.split(None, 1)
            word = parts[0].lower() if parts else self.suggestion()
            if self._turn(word, parts[1] if len(parts) > 1 else None):
                self._say(all_solved(self.n, len(self.position.turns), self.cap))
                return 0
            if self._stopped:
                return 0

    _stopped = False

    def _turn(self, word: str, colours: Optional[str]) -> bool:
        """One guess: ask for the colourings until they are valid; True once all boards are solved."""
        try:
            self.lists.guess_index(word)
        except WordListError as exc:
            self._say(f"error: {exc}")
            return False
        opened = [b + 1 for b in self.position.open_boards]
        while True:
            if colours is None:
                colours = self._ask(
                    f"colours for {word.upper()} on board{'s' if len(opened) > 1 else ''} "
                    f"{' '.join(map(str, opened))}> "
                )
                if colours is None or colours.lower() in ("quit", "exit", "q"):
                    self._stopped = True
                    return False
            if colours.lower() == "undo":
                self._say(f"{word.upper()} not recorded")
                return False
            if colours.lower() in ("help", "?"):
                self._say(help_text(self.lists.length))
                colours = None
                continue
            try:
                done = self.apply(word, colours)
            except WordleOptError as exc:
                self._say(f"error: {exc}")
                colours = None
                continue
            g, pats = self.position.turns[-1]
            self._say("  ".join(tiles(word, pats[b - 1], self.colour) for b in opened))
            return done
