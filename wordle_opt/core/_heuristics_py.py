"""Plain-Python reference for ``wordle_opt.core._heuristics`` (same signatures).

Written from the definitions with dicts and Counters; the differential tests
check the compiled loops against it on generated word lists.  Any word
length and any letter codes: codes are compared, never read as letters.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from wordle_opt.core.plain import as_word
from wordle_opt.rules import nyt_violation, strict_violation

__all__ = [
    "score_guesses",
    "max_entropy",
    "lookahead_entropy",
    "filter_candidates",
    "legal_nyt",
    "legal_strict",
    "frequency_scores",
]


def _entropy(sizes, n) -> float:
    return -sum(c / n * math.log2(c / n) for c in sizes) if n else 0.0


def score_guesses(table, cands, guesses):
    n = len(cands)
    ent, largest, sumsq, ngroups = [], [], [], []
    for g in guesses:
        groups = Counter(int(table[g, a]) for a in cands)
        sizes = list(groups.values())
        ent.append(_entropy(sizes, n))
        largest.append(max(sizes, default=0))
        sumsq.append(sum(c * c for c in sizes))
        ngroups.append(len(sizes))
    return (
        np.array(ent, dtype=np.float64),
        np.array(largest, dtype=np.int32),
        np.array(sumsq, dtype=np.int64),
        np.array(ngroups, dtype=np.int32),
    )


def max_entropy(table, cands, guesses) -> float:
    if len(cands) <= 1 or len(guesses) == 0:
        return 0.0
    return float(max(score_guesses(table, cands, guesses)[0]))


def lookahead_entropy(table, cands, firsts, guesses):
    n = len(cands)
    out = []
    for f in firsts:
        groups: dict = {}
        for a in cands:
            groups.setdefault(int(table[f, a]), []).append(a)
        total = _entropy([len(v) for v in groups.values()], n)
        for members in groups.values():
            # The all-green group adds nothing: the answers are distinct, so
            # it has at most one member (max_entropy 0).  A pair is split by guessing either member (1 bit); the strategies
            # always offer the candidates as guesses.
            best = 1.0 if len(members) == 2 else max_entropy(table, members, guesses)
            total += len(members) / n * best
        out.append(total)
    return np.array(out, dtype=np.float64)


def filter_candidates(table, cands, guess, pattern):
    return np.array([a for a in cands if table[guess, a] == pattern], dtype=np.int32)


def legal_nyt(codes, legal, guess, pattern):
    g = as_word(guess)
    return np.array([w for w in legal if nyt_violation(g, int(pattern), as_word(codes[w])) is None], dtype=np.int32)


def legal_strict(codes, legal, guess, pattern):
    g = as_word(guess)
    return np.array([w for w in legal if strict_violation(g, int(pattern), as_word(codes[w])) is None], dtype=np.int32)


def frequency_scores(answer_codes, cands, guess_codes, guesses):
    words = [as_word(answer_codes[a]) for a in cands]
    length = len(words[0]) if words else 0
    pos = [Counter(w[i] for w in words) for i in range(length)]
    anyc = Counter(c for w in words for c in set(w))
    out = []
    for g in guesses:
        word = as_word(guess_codes[g])
        out.append(sum(pos[i][word[i]] for i in range(length)) + sum(anyc[c] for c in set(word)))
    return np.array(out, dtype=np.int64)
