"""Colourings ("patterns"): scoring a guess against an answer, and their forms.

A colouring of an L-letter word is an int 0..3**L - 1: digit i (base 3) is
the colour of letter i, grey 0 / yellow 1 / green 2, so all-green is 3**L - 1
(242 for five letters).  `Pattern` is that int, knowing its length, with
readable forms as long as the word:

    >>> p = score("crane", "react")
    >>> int(p), p.byg, p.digits, p.emoji
    (103, 'YYGBY', '11201', '🟨🟨🟩⬛🟨')
    >>> Pattern.parse("yy g.y") == p
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import List, Optional, Sequence, Tuple, Union

import numpy as np

from wordle_opt.core import modules
from wordle_opt.errors import PatternError, WordListError
from wordle_opt.rules import ALL_GREEN, MAX_LENGTH, MIN_LENGTH, NPAT, all_green, digits, npat, score_words
from wordle_opt.wordlists import encode
from wordle_opt.words import check_word

__all__ = ["Pattern", "score", "pattern_table", "ALL_GREEN", "N_PATTERNS"]

N_PATTERNS = NPAT

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


def _check_length(length) -> int:
    if isinstance(length, bool) or not isinstance(length, int) or not MIN_LENGTH <= length <= MAX_LENGTH:
        raise PatternError(f"pattern length {length!r}: expected {MIN_LENGTH} to {MAX_LENGTH} letters")
    return length


def example(length: int, base: str = "BYGB") -> str:
    """'BYGBB' for five letters, 'BYGBBB' for six ('0120': '01200'): an example in messages."""
    return (base + base[-1] * length)[:length]


class Pattern(int):
    """A colouring 0..3**L - 1 (an int) of an L-letter word, with ``.byg``,
    ``.digits``, ``.emoji`` forms as long as the word.

    ``Pattern(103)`` checks the range (``length`` 5 unless given);
    ``Pattern("YYGBY")`` is `Pattern.parse`.  ``str()`` stays the number so that
    text formats and f-strings are unchanged.  Equality and hashing are the int's.
    """

    # No __slots__: an int subclass cannot have non-empty slots, and the
    # length needs a home.

    length: int

    def __new__(cls, value: Union[int, str, "Pattern"] = 0, length: Optional[int] = None) -> "Pattern":
        if isinstance(value, str):
            return cls.parse(value, length)
        if isinstance(value, Pattern) and length is None:
            length = value.length
        L = _check_length(5 if length is None else length)
        if isinstance(value, (bool, float)) or not isinstance(value, (int, np.integer)):
            raise PatternError(f"pattern must be an int 0..{all_green(L)} or text like {example(L)!r}, got {value!r}")
        v = int(value)
        if not 0 <= v < npat(L):
            raise PatternError(
                f"pattern {v} is out of range; expected 0..{all_green(L)} ({all_green(L)} = all green, {L} letters)"
            )
        self = super().__new__(cls, v)
        self.length = L
        return self

    @classmethod
    def parse(cls, text: Union[str, int], length: Optional[int] = None) -> "Pattern":
        """Colouring from ``BYGBB``, ``01200``, ``⬛🟨🟩⬛⬛`` or an int 0..3**L - 1.

        ``length``: the word length, 5 by default (then the text must have 5
        tiles).  Case-insensitive; ``.``, ``-``, ``x``, ``_`` and ``w`` (white)
        also mean grey; spaces are ignored.  Anything else raises PatternError.
        """
        if isinstance(text, Pattern) and (length is None or text.length == length):
            return text
        if not isinstance(text, str):
            return cls(text, length)
        L = _check_length(5 if length is None else length)
        tiles = [c for c in text.lower() if c not in _IGNORED]
        if len(tiles) != L:
            raise PatternError(
                f"pattern {text!r} has {len(tiles)} tiles; expected {L}, e.g. {example(L)}, "
                f"{example(L, '0120')} or {example(L, _EMOJI[0] + _EMOJI[1] + _EMOJI[2] + _EMOJI[0])}"
            )
        value = 0
        for i, c in enumerate(tiles):
            colour = _TILE.get(c)
            if colour is None:
                raise PatternError(
                    f"pattern {text!r}: {c!r} (tile {i + 1}) is not a colour; use B/Y/G "
                    "(also . - x w for grey), 0/1/2 or \u2b1b\U0001f7e8\U0001f7e9"
                )
            value += colour * 3**i
        return cls(value, L)

    @classmethod
    def from_colours(cls, colours: Sequence[int], length: Optional[int] = None) -> "Pattern":
        """From the colours 0/1/2 of each letter (letter order), ``length`` of
        them (5 unless given, as everywhere in this class)."""
        L = _check_length(5 if length is None else length)
        if len(colours) != L or any(c not in (0, 1, 2) for c in colours):
            raise PatternError(f"colours {list(colours)!r}: expected {L} of 0, 1, 2")
        return cls(sum(c * 3**i for i, c in enumerate(colours)), L)

    @property
    def colours(self) -> Tuple[int, ...]:
        """The colours, letter order: 0 grey, 1 yellow, 2 green."""
        return digits(int(self), self.length)

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
        return int(self) == all_green(self.length)

    def __repr__(self) -> str:
        return f"Pattern({self.byg!r})"

    __str__ = int.__repr__  # keep str()/format() numeric, as for a plain int

    def _repr_html_(self) -> str:
        """Coloured tiles (the game's grey, yellow and green) for notebooks."""
        tiles = "".join(
            f"<span style='display:inline-block;width:1.6em;height:1.6em;margin:1px;"
            f"background:{_HTML_COLOURS[c]};color:white;text-align:center;font-weight:bold;"
            f"line-height:1.6em'>{_BYG[c]}</span>"
            for c in self.colours
        )
        return f"<span title='{self.byg} ({int(self)})'>{tiles}</span>"

    def __reduce__(self):
        return (Pattern, (int(self), self.length))


_HTML_COLOURS = ("#787c7e", "#c9b458", "#6aaa64")  # the game's grey, yellow, green


def _words(words: Sequence[str], what: str, length: Optional[int] = None) -> List[str]:
    """Validated words of one length (``length`` or the first word's)."""
    if isinstance(words, (str, bytes)) or not isinstance(words, Iterable):
        raise WordListError(f"{what}s: expected a sequence of words, not {words!r}")
    out: List[str] = []
    for w in words:
        out.append(check_word(w, what, length if length is not None else (len(out[0]) if out else None)))
    return out


def score(guess: str, answer: str) -> Pattern:
    """Colouring of ``guess`` against ``answer`` (any two words of one length,
    4 to 8 letters of any alphabet).

    Greens first; then, left to right, a letter is yellow only while the answer
    still has unmatched copies of it; otherwise grey.
    """
    g = check_word(guess, "guess")
    a = check_word(answer, "answer")
    if len(a) != len(g):
        raise WordListError(
            f"guess {guess!r} has {len(g)} letters, answer {answer!r} has {len(a)} letters; "
            "expected two words of one length"
        )
    return Pattern(score_words(g, a), len(g))


def _word_list(words: Sequence[str], what: str, length: Optional[int] = None) -> List[str]:
    if isinstance(words, (str, bytes)):
        plural = "guesses" if what == "guess" else "answers"
        raise WordListError(f"{plural}: expected a sequence of words, got the single string {words!r}")
    return _words(words, what, length)


def pattern_table(guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """(len(guesses), len(answers)) colourings of each guess against each answer:
    uint8 for words of up to five letters, uint16 from six."""
    g = _word_list(guesses, "guess")
    a = _word_list(answers, "answer", len(g[0]) if g else None)
    length = len((g or a or ["crane"])[0])
    alphabet = "".join(sorted(set("".join(g + a))))
    core = modules(length).core
    return core.pattern_table_codes(encode(g, alphabet, length), encode(a, alphabet, length))
