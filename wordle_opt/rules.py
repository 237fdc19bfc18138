"""The game's rules in plain Python, from their definitions: the bottom layer.

Words have LENGTH letters, MIN_LENGTH..MAX_LENGTH (one length per game), over
an alphabet of at most MAX_LETTERS letters.  Colouring: ``score_words`` gives an
int 0..3**L - 1 whose digit i (base 3) is the colour of letter i, grey 0 /
yellow 1 / green 2, so ``all_green(L) = 3**L - 1`` and there are ``npat(L) =
3**L`` colourings; ALL_GREEN = 242 and NPAT = 243 are the five-letter values.

Hard mode.  ``nyt``: every green stays in place, and every revealed letter
(green or yellow) is reused at least as many times as it was revealed; grey
letters may be reused.  ``strict``: every guess could still be the answer,
i.e. it is consistent with all feedback so far.

The guess cap: a positive number of guesses, or none (``parse_cap``).

This module imports nothing of the package but ``errors``; everything else
builds on it.
"""

from __future__ import annotations

import enum
from collections import Counter
from typing import Iterable, Optional, Tuple

from wordle_opt.errors import WordleOptError

MIN_LENGTH = 4
MAX_LENGTH = 8
# Letter codes are uint8 and the compiled table builder keeps a 64-bit letter
# mask per answer, so one game may use at most 64 distinct letters.
MAX_LETTERS = 64


def npat(length: int) -> int:
    """Number of colourings of a ``length``-letter guess."""
    return 3**length


def all_green(length: int) -> int:
    """The colouring of a hit: 2 (green) in each of ``length`` base-3 digits."""
    return 3**length - 1


ALL_GREEN = all_green(5)
NPAT = npat(5)


def score_words(guess: str, answer: str) -> int:
    """Colouring of ``guess`` against ``answer`` (of one length L) as an int
    0..3**L - 1.

    Greens first; then, left to right, a letter is yellow only while the
    answer still has unmatched copies of it; otherwise grey.
    """
    if len(guess) != len(answer):
        raise WordleOptError(f"cannot colour {guess!r} against {answer!r}: {len(guess)} letters against {len(answer)}")
    # (a dict and a running base-3 sum: a third of the time of a Counter and
    # a list of colours, measured; trees walk it once per answer and guess)
    unmatched: dict = {}
    for g, a in zip(guess, answer):
        if g != a:
            unmatched[a] = unmatched.get(a, 0) + 1
    total, weight = 0, 1
    for g, a in zip(guess, answer):
        if g == a:
            total += 2 * weight
        else:
            left = unmatched.get(g, 0)
            if left:
                unmatched[g] = left - 1
                total += weight
        weight *= 3
    return total


class Rule(enum.Enum):
    """The rule a game is played under: easy or one of the two hard-mode
    rules (python-chess's one type for a family of rules).  ``value`` is what
    the public API and the files store: None (easy), 'nyt' or 'strict'."""

    EASY = None
    NYT = "nyt"
    STRICT = "strict"

    @classmethod
    def parse(cls, hard) -> "Rule":
        """The rule a user means: None/False/'easy'/'none' -> EASY, True/'nyt'
        -> NYT, 'strict' -> STRICT (a Rule as it is); else a one-line error."""
        if isinstance(hard, Rule):
            return hard
        if hard is None or hard is False or hard == "" or hard == "easy" or hard == "none":
            return cls.EASY
        if hard is True or hard == "nyt":
            return cls.NYT
        if hard == "strict":
            return cls.STRICT
        raise WordleOptError(f"unknown hard-mode rule {hard!r}: expected 'nyt', 'strict' or none")

    @property
    def word(self) -> str:
        """Its one word: 'easy', 'nyt' or 'strict' (ranking tables, the page, --hard)."""
        return _NAMES[self][0]

    @property
    def label(self) -> str:
        """How results name it: 'easy', 'hard (NYT rule)', 'hard (strict rule)'."""
        return _NAMES[self][1]

    @property
    def hard(self) -> bool:
        """Either hard-mode rule."""
        return self is not Rule.EASY

    def __bool__(self):
        # (EASY's value is None: `if rule:` and `rule is None` would read a
        # Rule as a bare value; ask `rule.hard` instead)
        raise TypeError("a Rule has no truth value: ask rule.hard")

    def code(self, core) -> int:
        """The compiled core's code of the rule (``core.RULE_EASY``, ...)."""
        return getattr(core, f"RULE_{self.name}")

    def violation(self, history: Iterable[Tuple[str, int]], word: str) -> Optional[str]:
        """The first reason ``word`` is not a legal guess after ``history``, or None."""
        if self is Rule.EASY:
            return None
        check = nyt_violation if self is Rule.NYT else strict_violation
        for guess, pattern in history:
            why = check(guess, pattern, word)
            if why:
                return why
        return None


# The one name map: (word, label) of each rule.
_NAMES = {
    Rule.EASY: ("easy", "easy"),
    Rule.NYT: ("nyt", "hard (NYT rule)"),
    Rule.STRICT: ("strict", "hard (strict rule)"),
}


def normalise_rule(hard) -> Optional[str]:
    """None/False -> None (easy); True/'nyt' -> 'nyt'; 'strict' -> 'strict':
    `Rule.parse`'s value, what the API and the files store."""
    return Rule.parse(hard).value


def digits(pattern: int, length: int = 5) -> Tuple[int, ...]:
    """The ``length`` colours of ``pattern``, letter 1 first."""
    return tuple((pattern // 3**i) % 3 for i in range(length))


def nyt_violation(guess: str, pattern: int, word: str) -> Optional[str]:
    """Why ``word`` breaks the NYT rule after ``guess`` was coloured ``pattern``, or None."""
    d = digits(pattern, len(guess))
    for i in range(len(guess)):
        if d[i] == 2 and word[i] != guess[i]:
            return f"letter {i + 1} must be {guess[i].upper()}"
    revealed = Counter(guess[i] for i in range(len(guess)) if d[i] > 0)
    have = Counter(word)
    for letter, n in sorted(revealed.items()):
        if have[letter] < n:
            times = "" if n == 1 else f" {n} times"
            return f"guess must contain {letter.upper()}{times}"
    return None


def strict_violation(guess: str, pattern: int, word: str) -> Optional[str]:
    if score_words(guess, word) != pattern:
        return f"it cannot be the answer after {guess.upper()}"
    return None


def violation(history: Iterable[Tuple[str, int]], word: str, rule) -> Optional[str]:
    """`Rule.violation` of ``rule`` (a Rule, or a value the files store, as
    the plain twins of the core hold it)."""
    return Rule.parse(rule).violation(history, word)


_NO_CAP = ("none", "inf", "unlimited")


# The largest cap: far more guesses than any list has words (the core holds
# the cap in a C integer: 2**70 overflowed it with a traceback, issue 26 fuzz).
MAX_CAP = 10**6


def parse_cap(value, name: Optional[str] = None) -> Optional[int]:
    """The guess cap from an int or text: a whole number of at least 1, or None
    (None, or 'none', 'inf', 'unlimited' in any case) for no cap.
    WordleOptError otherwise, its message prefixed with ``name`` if given."""
    if value is None or (isinstance(value, str) and value.strip().lower() in _NO_CAP):
        return None
    why = None
    # True is an int and int(2.5) is 2: both would run with a cap nobody asked for.
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        why = f"expected a number of guesses, got {value!r}"
    else:
        try:
            n = int(value)
        except (TypeError, ValueError, OverflowError):
            why = f"expected a number of guesses, got {value!r}"
        else:
            if n < 1:
                why = f"must be at least 1, got {n}"
            elif n > MAX_CAP:
                why = f"must be at most {MAX_CAP:,} (none: no cap), got {n}"
    if why is not None:
        raise WordleOptError(f"{name}: {why}" if name else why)
    return n
