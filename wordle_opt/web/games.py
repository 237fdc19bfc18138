"""The game every request names: a list set (bundled or uploaded), the rule
and the cap, checked once and shared by the caches as their key."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional

from wordle_opt.errors import WordleOptError, WordListError
from wordle_opt.rules import Rule
from wordle_opt.web.admission import WORK_LIMIT, check_work, work
from wordle_opt.web.uploads import uploaded
from wordle_opt.wordlists import SETS, WordLists, load_lists, require_five_letters


@dataclass(frozen=True)
class Game:
    """The settings every request carries."""

    key: str  # the list set's name (or upload id): the caches' key
    lists: WordLists
    rule: Rule
    cap: Optional[int]  # max guesses, None = no cap

    def remaining(self, played: int) -> Optional[int]:
        return None if self.cap is None else self.cap - played


def list_names() -> Dict[str, WordLists]:
    """The bundled sets the web app plays: those of five letters a-z whose
    work is within WORK_LIMIT."""
    return {
        name: lists
        for name in SETS
        if (lists := load_lists(name)).length == 5 and lists.ascii and work(lists) <= WORK_LIMIT
    }


def get_lists(name: str) -> WordLists:
    """A bundled set by name, or a list uploaded earlier.  Never a path: the
    server reads no file a request names."""
    if name in SETS:
        return check_work(require_five_letters(load_lists(name), "the web app", ascii_only=True), f"list set {name!r}")
    lists = uploaded(name)
    if lists is None:
        raise WordListError(f"unknown list set {name!r}: expected one of {', '.join(SETS)} or an uploaded list's id")
    return lists


def make_game(lists: str, hard: Optional[str], max_guesses: Optional[int]) -> Game:
    if max_guesses is not None and not 1 <= max_guesses <= 20:
        raise WordleOptError(f"max_guesses must be 1..20 or none, not {max_guesses}")
    return Game(lists, get_lists(lists), Rule.parse(hard), max_guesses)
