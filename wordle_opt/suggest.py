"""Suggestions for a word not in a list: the likeliest typos first."""

from __future__ import annotations

import difflib
from collections import Counter
from typing import Dict, List, Sequence


def _osa_distance(a: str, b: str) -> int:
    """Edit distance counting an adjacent swap as one edit (typos like salte/salet)."""
    prev2: List[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def suggest(word: str, words: Sequence[str], limit: int = 5) -> List[str]:
    """Closest words in ``words``: fewest edits (at most 2); among equals the
    anagrams of ``word`` only, when there are any (a swapped pair is the
    likeliest typo)."""
    if not words:
        return []
    # Cheap prefilter: each edit changes at most one letter of the multiset, so
    # a word within 2 edits differs from ``word`` in at most 2 letters.
    best: Dict[int, List[str]] = {}
    letters = sorted(word)
    mine = Counter(word)
    for w in words:
        if sum((mine - Counter(w)).values()) > 2:
            continue
        d = _osa_distance(word, w)
        if d <= 2:
            best.setdefault(d, []).append(w)
    if not best:
        return difflib.get_close_matches(word, list(words), n=min(limit, 3), cutoff=0.7)
    closest = best[min(best)]
    anagrams = [w for w in closest if sorted(w) == letters]
    return (anagrams or closest)[:limit]
