"""Answers the player knows are impossible, taken out of a game's lists.

Today's list holds answers already played, which the NYT does not repeat: a
player may remove them (`play --exclude FILE`, the page's "Not the answer"
box), and the advice is then exact for the answers that remain.  The guesses
stay as they were: an excluded word may still be the best guess.
"""

from __future__ import annotations

import re
from typing import Iterable

from wordle_opt.errors import WordListError
from wordle_opt.wordlists import WordLists

MARK = " without "  # in the new lists' name: "nyt-3158 without 12"


def without_answers(lists: WordLists, lines: Iterable[str], label: str) -> WordLists:
    """``lists`` without the answers in ``lines`` (words separated by spaces,
    commas or lines; ``#`` comments).  A word that is not one of its answers is
    one WordListError line naming the word, where it was and the list."""
    out = set()
    for lineno, line in enumerate(lines, 1):
        for word in re.split(r"[\s,;]+", line.split("#", 1)[0]):
            if not word:
                continue
            try:
                out.add(lists.answers[lists.answer_index(word)])
            except WordListError as exc:
                raise WordListError(f"{label}, line {lineno}: {exc}") from None
    if not out:
        raise WordListError(f"{label}: no words to exclude; expected answers of {lists.name}, one a line")
    left = tuple(a for a in lists.answers if a not in out)
    if not left:
        raise WordListError(f"{label} excludes every answer of {lists.name}: none would be left")
    name = f"{base_name(lists.name)}{MARK}{len(lists.answers) - len(left)}"
    return WordLists(name, left, lists.guesses, answers_source=f"{lists.answers_source or lists.name} without {label}")


def base_name(name: str) -> str:
    """The list set a game's lists came from: ``nyt-3158`` for ``nyt-3158 without 12``."""
    return name.split(MARK, 1)[0]
