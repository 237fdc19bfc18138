"""Hard-mode rules, in plain Python, from their definitions.

``nyt``: every green stays in place, and every revealed letter (green or
yellow) is reused at least as many times as it was revealed; grey letters may
be reused.  ``strict``: every guess could still be the answer, i.e. it is
consistent with all feedback so far.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Optional, Tuple

from wordle_opt._reference import score_words

def normalise_rule(hard) -> Optional[str]:
    """None/False -> None (easy); True/'nyt' -> 'nyt'; 'strict' -> 'strict'."""
    if hard is None or hard is False or hard == "" or hard == "easy" or hard == "none":
        return None
    if hard is True or hard == "nyt":
        return "nyt"
    if hard == "strict":
        return "strict"
    from wordle_opt.errors import WordleOptError

    raise WordleOptError(f"unknown hard-mode rule {hard!r}: expected 'nyt', 'strict' or none")


def digits(pattern: int) -> Tuple[int, ...]:
    return tuple((pattern // 3**i) % 3 for i in range(5))


def nyt_violation(guess: str, pattern: int, word: str) -> Optional[str]:
    """Why ``word`` breaks the NYT rule after ``guess`` was coloured ``pattern``, or None."""
    d = digits(pattern)
    for i in range(5):
        if d[i] == 2 and word[i] != guess[i]:
            return f"letter {i + 1} must be {guess[i].upper()}"
    revealed = Counter(guess[i] for i in range(5) if d[i] > 0)
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


def violation(history: Iterable[Tuple[str, int]], word: str, rule: Optional[str]) -> Optional[str]:
    """The first reason ``word`` is not a legal guess after ``history``, or None."""
    if rule is None:
        return None
    check = nyt_violation if rule == "nyt" else strict_violation
    for guess, pattern in history:
        why = check(guess, pattern, word)
        if why:
            return why
    return None
