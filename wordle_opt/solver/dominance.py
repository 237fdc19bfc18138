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

h' is dominated at S when such an h is a guess with y among S's letters,
or with y also absent and a smaller index: the order (absent letters,
index) descends along every chain of dominated guesses, so each one has an
undominated guess that refines it at S, and at every subset of S.

Measured on the original lists, the all-grey groups of the slowest openers:
21% (QAJAQ's 1369 answers: a, j, q absent) to 34% (QUEME's 815) of the
12972 guesses dominated; WAVER's 434 and CANID's 464 greys, 48-50%.
"""

from __future__ import annotations

from typing import List

import numpy as np


def neighbour_keys(guess_codes: np.ndarray) -> np.ndarray:
    """int64 [L, len(guesses)]: at row i, equal numbers for the guesses alike
    but for position i (numbered 0, 1, ... in order of first appearance is
    not promised: only equality means anything)."""
    codes = np.asarray(guess_codes).astype(np.int64)
    ng, length = codes.shape
    bits = max(1, int(codes.max(initial=0)).bit_length())
    keys = np.empty((length, ng), dtype=np.int64)
    if bits * length <= 62:
        shift = np.arange(length, dtype=np.int64) * bits
        packed = (codes << shift).sum(axis=1)
        for i in range(length):
            keys[i] = packed - (codes[:, i] << shift[i])
        return keys
    for i in range(length):  # (long words of a big alphabet: no room to pack)
        masked = codes.copy()
        masked[:, i] = 0
        keys[i] = np.unique(masked, axis=0, return_inverse=True)[1].ravel()
    return keys


def undominated(guess_codes: np.ndarray, answers: np.ndarray, *, keys=None) -> np.ndarray:
    """The guesses (indices into ``guess_codes``, ascending, int32) that no
    other guess dominates (see above) at the answer set whose letter codes
    are ``answers`` (one row an answer); never empty when there are guesses.
    ``keys``: neighbour_keys(guess_codes), if kept (computed here if None)."""
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
    index = np.arange(ng)
    dominated = np.zeros(ng, dtype=bool)
    for i in range(length):
        at = absent[:, i]
        if not at.any():
            continue
        # In each family of guesses alike but for position i: is one of
        # them a present letter there, and which is the first absent one?
        uniq, key = np.unique(keys[i], return_inverse=True)
        key = key.ravel()
        has_present = np.zeros(len(uniq), dtype=bool)
        has_present[key[~at]] = True
        first_absent = np.full(len(uniq), ng, dtype=np.int64)
        ka, ia = key[at], index[at]
        first_absent[ka[::-1]] = ia[::-1]  # (the last write wins: the smallest index)
        dominated |= at & (has_present[key] | (first_absent[key] < index))
    return np.flatnonzero(~dominated).astype(np.int32)


__all__: List[str] = ["neighbour_keys", "undominated"]
