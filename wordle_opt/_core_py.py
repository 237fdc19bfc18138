"""Plain-Python twin of the compiled core (`wordle_opt._core`): same names, same
results, written from the rules alone.  Used by the differential tests and by
``WORDLE_OPT_IMPLEMENTATION=python``.  (The Solver twin lives in
``_solver_py``.)"""
from __future__ import annotations

import numpy as np

from wordle_opt import rules
from wordle_opt.rules import ALL_GREEN, NPAT

__all__ = ["ALL_GREEN", "NPAT", "INFINITY", "RULE_EASY", "RULE_NYT", "RULE_STRICT",
           "DEFAULT_CACHE_MB", "encode", "score_codes", "pattern_table_codes"]

INFINITY = 1 << 40  # the core's INF: a total no tree reaches, marks infeasible
RULE_EASY, RULE_NYT, RULE_STRICT = 0, 1, 2
DEFAULT_CACHE_MB = 192.0


def encode(words):
    out = np.empty((len(words), 5), dtype=np.uint8)
    for i, w in enumerate(words):
        out[i] = [ord(c) - 97 for c in w]
    return out


def _decode(code) -> str:
    return "".join(chr(int(c) + 97) for c in code)


def score_codes(guess, answer) -> int:
    return rules.score_words(_decode(guess), _decode(answer))


def pattern_table_codes(guesses, answers):
    gw = [_decode(g) for g in guesses]
    aw = [_decode(a) for a in answers]
    out = np.empty((len(gw), len(aw)), dtype=np.uint8)
    for i, g in enumerate(gw):
        out[i] = [rules.score_words(g, a) for a in aw]
    return out
