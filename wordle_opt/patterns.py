"""Colourings ("patterns"): scoring a guess against an answer, and their forms.

A colouring is an int 0..242: digit i (base 3) is the colour of letter i,
grey 0 / yellow 1 / green 2, so all-green is 242.  `Pattern` is that int with
readable forms:

    >>> p = score("crane", "react")
    >>> int(p), p.byg, p.digits, p.emoji
    (103, 'YYGBY', '11201', '🟨🟨🟩⬛🟨')
    >>> Pattern.parse("yy g.y") == p
    True
"""
from __future__ import annotations

from typing import Sequence, Tuple, Union

import numpy as np

from wordle_opt._impl import core
from wordle_opt.errors import PatternError, WordListError
from wordle_opt.rules import ALL_GREEN, NPAT
from wordle_opt.words import check_word

__all__ = ["Pattern", "score", "pattern_table", "ALL_GREEN", "N_PATTERNS"]

N_PATTERNS = NPAT
_POW3 = (1, 3, 9, 27, 81)

_BYG = "BYG"
_EMOJI = ("\u2b1b", "\U0001f7e8", "\U0001f7e9")  # ⬛ 🟨 🟩
# Every character accepted per tile (compared lowercased).  ⬜ is the light
# theme's grey; 🟧/🟦 are the high-contrast theme's green/yellow.
_TILE = {}
for _ch in "b0.-x_w\u2b1b\u2b1c":
    _TILE[_ch] = 0
for _ch in "y1\U0001f7e8\U0001f7e6":
    _TILE[_ch] = 1
for _ch in "g2\U0001f7e9\U0001f7e7":
    _TILE[_ch] = 2
# Ignored anywhere: spaces and the emoji variation selector U+FE0F that pasted
# tiles often carry.
_IGNORED = frozenset(" \t\ufe0f")


class Pattern(int):
    """A colouring 0..242 (an int) with ``.byg``, ``.digits``, ``.emoji`` forms.

    ``Pattern(103)`` checks the range; ``Pattern("YYGBY")`` is `Pattern.parse`.
    ``str()`` stays the number so that text formats and f-strings are unchanged.
    """

    __slots__ = ()

    def __new__(cls, value: Union[int, str, "Pattern"] = 0) -> "Pattern":
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, (bool, float)) or not isinstance(value, (int, np.integer)):
            raise PatternError(f"pattern must be an int 0..242 or text like 'BYGBB', got {value!r}")
        v = int(value)
        if not 0 <= v < N_PATTERNS:
            raise PatternError(f"pattern {v} is out of range; expected 0..242 (242 = all green)")
        return super().__new__(cls, v)

    @classmethod
    def parse(cls, text: Union[str, int]) -> "Pattern":
        """Colouring from ``BYGBB``, ``01200``, ``⬛🟨🟩⬛⬛`` or an int 0..242.

        Case-insensitive; ``.``, ``-``, ``x``, ``_`` and ``w`` (white) also mean grey;
        spaces are ignored.  Anything else raises PatternError.
        """
        if isinstance(text, Pattern):
            return text
        if not isinstance(text, str):
            return cls(text)
        tiles = [c for c in text.lower() if c not in _IGNORED]
        if len(tiles) != 5:
            raise PatternError(
                f"pattern {text!r} has {len(tiles)} tiles; expected 5, e.g. BYGBB, 01200 or "
                "\u2b1b\U0001f7e8\U0001f7e9\u2b1b\u2b1b"
            )
        value = 0
        for i, c in enumerate(tiles):
            colour = _TILE.get(c)
            if colour is None:
                raise PatternError(
                    f"pattern {text!r}: {c!r} (tile {i + 1}) is not a colour; use B/Y/G "
                    "(also . - x w for grey), 0/1/2 or \u2b1b\U0001f7e8\U0001f7e9"
                )
            value += colour * _POW3[i]
        return super().__new__(cls, value)

    @classmethod
    def from_colours(cls, colours: Sequence[int]) -> "Pattern":
        """From five colours 0/1/2 (letter order)."""
        if len(colours) != 5 or any(c not in (0, 1, 2) for c in colours):
            raise PatternError(f"colours {list(colours)!r}: expected five of 0, 1, 2")
        return cls(sum(c * p for c, p in zip(colours, _POW3)))

    @property
    def colours(self) -> Tuple[int, ...]:
        """The five colours, letter order: 0 grey, 1 yellow, 2 green."""
        v = int(self)
        return tuple((v // p) % 3 for p in _POW3)

    @property
    def byg(self) -> str:
        return "".join(_BYG[c] for c in self.colours)

    @property
    def digits(self) -> str:
        return "".join(str(c) for c in self.colours)

    @property
    def emoji(self) -> str:
        return "".join(_EMOJI[c] for c in self.colours)

    @property
    def solved(self) -> bool:
        return int(self) == ALL_GREEN

    def __repr__(self) -> str:
        return f"Pattern({self.byg!r})"

    __str__ = int.__repr__  # keep str()/format() numeric, as for a plain int

    def _repr_html_(self) -> str:
        """Five coloured tiles (the game's grey, yellow and green) for notebooks."""
        tiles = "".join(
            f"<span style='display:inline-block;width:1.6em;height:1.6em;margin:1px;"
            f"background:{_HTML_COLOURS[c]};color:white;text-align:center;font-weight:bold;"
            f"line-height:1.6em'>{_BYG[c]}</span>" for c in self.colours)
        return f"<span title='{self.byg} ({int(self)})'>{tiles}</span>"

    def __reduce__(self):
        return (Pattern, (int(self),))


_HTML_COLOURS = ("#787c7e", "#c9b458", "#6aaa64")  # the game's grey, yellow, green


def _codes(word: str) -> np.ndarray:
    return np.frombuffer(word.encode("ascii"), dtype=np.uint8) - 97


def score(guess: str, answer: str) -> Pattern:
    """Colouring of ``guess`` against ``answer`` (any two 5-letter words a-z).

    Greens first; then, left to right, a letter is yellow only while the answer
    still has unmatched copies of it; otherwise grey.
    """
    g = check_word(guess, "guess")
    a = check_word(answer, "answer")
    return Pattern(core.score_codes(_codes(g), _codes(a)))


def _word_list(words: Sequence[str], what: str) -> list:
    if isinstance(words, (str, bytes)):
        plural = "guesses" if what == "guess" else "answers"
        raise WordListError(f"{plural}: expected a sequence of words, got the single string {words!r}")
    return [check_word(w, what) for w in words]


def pattern_table(guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """uint8 array (len(guesses), len(answers)): colouring of each guess against each answer."""
    g = _word_list(guesses, "guess")
    a = _word_list(answers, "answer")
    return core.pattern_table_codes(core.encode(g), core.encode(a))
