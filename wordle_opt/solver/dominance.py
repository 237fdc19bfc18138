"""Dominated guesses (easy mode): guesses a search of an answer set can leave out.

A letter no answer of a set S contains is grey wherever a guess has it, and
uses up none of an answer's letters, so a guess h' with such a letter x at
position i tells S's answers apart no better than h, the guess with any
other letter y there (and the same letters elsewhere): h's colouring of an
answer of S gives h''s.  (Only the colours of y can differ: h's colouring
tells whether the answer has y at i, and how many of h's other y's are
yellow, min(c - g, n) for c the answer's y's and g, n the green and other
y's of h'; from those h''s count of yellow y's follows.)  So on every
subset T of S, h gives at least as many colourings as h' (h' hits no answer
of S: it has x), and as a first guess at T costs no more: a strategy for a
group solves each part of it within the same cap, so easy mode's optimum is
subadditive, and h's groups are parts of h''s.

Swapping several absent letters at once refines as well (one swap after
another; the words in between need not be guesses), so h' is dominated at
S by any guess h with h''s letters wherever h' has a letter of S: h has
fewer absent letters, or the same positions absent and a smaller index.
That order, (absent letters, index), descends along every chain of
dominated guesses, so each one has an undominated guess that refines it at
S, and at every subset of S.

Measured on the original lists, the all-grey groups of the slowest openers:
22% (QAJAQ's 1369 answers: a, j, q absent) to 38% (QUEME's 815) of the
12972 guesses dominated, 56% in WAVER's 434 greys; one letter swapped at a
time (the first version) found 21%, 34% and 48%.
"""

from __future__ import annotations

from typing import List, Optional

import numpy as np


def neighbour_keys(guess_codes: np.ndarray) -> Optional[np.ndarray]:
    """int64 [len(guesses), L]: each guess's letter codes shifted into their
    own bits, so that a sum over any positions is a key of the letters
    there; None when the words are too long for one integer (undominated
    then compares the letters themselves)."""
    codes = np.asarray(guess_codes).astype(np.int64)
    length = codes.shape[1]
    bits = max(1, int(codes.max(initial=0)).bit_length())
    if bits * length > 62:
        return None
    return codes << (np.arange(length, dtype=np.int64) * bits)


def undominated(guess_codes: np.ndarray, answers: np.ndarray, *, keys=None) -> np.ndarray:
    """The guesses (indices into ``guess_codes``, ascending, int32) that no
    other guess dominates (see above) at the answer set whose letter codes
    are ``answers`` (one row an answer); never empty when there are guesses.
    ``keys``: neighbour_keys(guess_codes), if kept (computed here if None).
    About 20-40 ms a set on the original lists (one pass per distinct set
    of absent positions)."""
    codes = np.asarray(guess_codes)
    ng, length = codes.shape
    answers = np.asarray(answers)
    letters = int(max(codes.max(initial=0), answers.max(initial=0))) + 1
    present = np.zeros(letters, dtype=bool)
    present[answers.ravel()] = True
    absent = ~present[codes]  # [ng, L]: the guess's letter there is in no answer of S
    if not absent.any():
        return np.arange(ng, dtype=np.int32)
    if keys is None:
        keys = neighbour_keys(codes)
    where = (absent.astype(np.int64) << np.arange(length)).sum(axis=1)  # bit i: absent at i
    index = np.arange(ng)
    dominated = np.zeros(ng, dtype=bool)
    for m in np.unique(where[where > 0]).tolist():
        # The guesses alike wherever the guesses of absent positions m have a
        # letter of S share a key; those with fewer absent positions (a
        # subset of m, then) dominate, and of those with m, the first.
        kept = np.array([not (m >> i) & 1 for i in range(length)])
        if keys is not None:
            key = keys[:, kept].sum(axis=1)
        else:  # (long words of a big alphabet: no room to pack)
            key = np.unique(codes[:, kept], axis=0, return_inverse=True)[1].ravel()
        mine = where == m
        uniq, inv = np.unique(key, return_inverse=True)
        inv = inv.ravel()
        fewer = np.zeros(len(uniq), dtype=bool)
        fewer[inv[~mine]] = True
        first = np.full(len(uniq), ng, dtype=np.int64)
        first[inv[mine][::-1]] = index[mine][::-1]  # (the last write wins: the smallest index)
        dominated |= mine & (fewer[inv] | (first[inv] < index))
    return np.flatnonzero(~dominated).astype(np.int32)


__all__: List[str] = ["neighbour_keys", "undominated"]
