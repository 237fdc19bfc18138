"""Plain-Python reference implementations, written from the rules alone.

Same signatures as the compiled core (`wordle_opt._core`), used by the
differential tests and by ``WORDLE_OPT_IMPLEMENTATION=python``.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

ALL_GREEN = 242


def score_words(guess: str, answer: str) -> int:
    """Colouring of ``guess`` against ``answer`` as an int 0..242.

    Greens first; then, left to right, a letter is yellow only while the
    answer still has unmatched copies of it; otherwise grey.
    """
    colours = [0] * 5
    unmatched: Counter[str] = Counter()
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            colours[i] = 2
        else:
            unmatched[a] += 1
    for i, g in enumerate(guess):
        if colours[i] != 2 and unmatched[g] > 0:
            unmatched[g] -= 1
            colours[i] = 1
    return sum(c * 3**i for i, c in enumerate(colours))


def encode(words):
    out = np.empty((len(words), 5), dtype=np.uint8)
    for i, w in enumerate(words):
        out[i] = [ord(c) - 97 for c in w]
    return out


def _decode(code) -> str:
    return "".join(chr(int(c) + 97) for c in code)


def score_codes(guess, answer) -> int:
    return score_words(_decode(guess), _decode(answer))


def pattern_table_codes(guesses, answers):
    gw = [_decode(g) for g in guesses]
    aw = [_decode(a) for a in answers]
    out = np.empty((len(gw), len(aw)), dtype=np.uint8)
    for i, g in enumerate(gw):
        out[i] = [score_words(g, a) for a in aw]
    return out
