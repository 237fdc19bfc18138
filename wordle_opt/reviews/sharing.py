"""A game as players share it, both ways: the familiar emoji grid of a finished
game, and a game pasted back (the words with their colours, or the NYT share
grid with the words) read into the review's ``word.COLOURS`` form.

    >>> print(share_grid([("salet", Pattern.parse("BYBBB")), ("crane", Pattern.parse("GGGGG"))], None, 6))
    Wordle 2/6
    <BLANKLINE>
    ⬛🟨⬛⬛⬛
    🟩🟩🟩🟩🟩
    >>> read_shared("Wordle 1,234 2/6*\\n\\n⬛🟨⬛⬛⬛\\n🟩🟩🟩🟩🟩\\nsalet crane")
    'salet.BYBBB.crane.GGGGG'
"""

from __future__ import annotations

import re
from typing import List, Optional, Sequence, Tuple

from wordle_opt.errors import WordleOptError
from wordle_opt.patterns import Pattern
from wordle_opt.rules import ALL_GREEN, Rule

# The share's first line: "Wordle 1,234 3/6", "Wordle 3/6*" (* = hard mode), "X/6" when lost.
_HEADER = re.compile(r"^\s*wordle\b", re.IGNORECASE)
_WORD = re.compile(r"^[a-z]{5}$")
_COLOURS = re.compile(r"^([BYG]{5}|[012]{5})$")
# Tiles as shared: ⬛/⬜ grey, 🟨 yellow, 🟩 green (🟦/🟧: the high-contrast theme); U+FE0F may follow each.
_TILES = "\u2b1b\u2b1c\U0001f7e8\U0001f7e9\U0001f7e6\U0001f7e7"
_EMOJI_ROW = re.compile(f"[{_TILES}](?:\ufe0f?[{_TILES}]){{4}}\ufe0f?")


class ShareError(WordleOptError):
    """A pasted game that cannot be read."""


def share_grid(turns: Sequence[Tuple[str, Pattern]], rule, cap: Optional[int]) -> str:
    """The emoji grid of a finished game: ``Wordle 3/6`` (``X/6`` when not
    solved, ``*`` in hard mode, no ``/6`` without a cap), a blank line, one row of tiles a guess."""
    solved = bool(turns) and int(turns[-1][1]) == ALL_GREEN
    score = str(len(turns)) if solved else "X"
    hard = Rule.parse(rule).hard  # (a Rule, or its stored value: None, 'nyt', 'strict')
    head = f"Wordle {score}{'' if cap is None else f'/{cap}'}{'*' if hard else ''}"
    return "\n".join([head, "", *(Pattern(int(p)).emoji for _, p in turns)])


def is_shared(text: str) -> bool:
    """Whether ``text`` is a pasted share (several lines, or emoji tiles), not a one-line game."""
    return "\n" in text.strip() or any(c in _TILES for c in text)


def read_shared(text: str) -> str:
    """The game in ``text`` as ``word.COLOURS`` pairs (``salet.BYBBB.crane.GGGGG``):
    words and colourings in the order given, one colouring (BYG, 012 or a row of
    emoji tiles) for each word; the share's header line is skipped.  Words
    alone (no colours) come back as words (``salet crane``): the review then
    needs the answer.  Anything else is one ShareError line naming it."""
    words: List[str] = []
    colours: List[str] = []
    for line in text.splitlines():
        if _HEADER.match(line):
            continue
        line = _EMOJI_ROW.sub(lambda m: f" {Pattern.parse(m.group()).byg} ", line)
        for token in (t for t in re.split(r"[\s.,;:]+", line) if t):
            if _COLOURS.match(token):
                colours.append(Pattern.parse(token).byg)
            elif _WORD.match(token.lower()):
                words.append(token.lower())
            else:
                raise ShareError(
                    f"pasted game: {token!r} is neither a five-letter word nor a row of colours "
                    "(BYGBB, 01200 or emoji tiles)"
                )
    if not words:
        raise ShareError(
            "pasted game: no words; a share grid alone does not say what was played: add the words, "
            "one a row, e.g. salet crane"
        )
    if not colours:
        return " ".join(words)
    if len(colours) != len(words):
        raise ShareError(
            f"pasted game: {len(words)} words and {len(colours)} rows of colours; expected one row for each word"
        )
    return ".".join(f"{w}.{c}" for w, c in zip(words, colours))
