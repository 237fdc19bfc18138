"""Plain-Python twin of the compiled cap proofs (wordle_opt/_caps.pyx.tp), same names.

Written from the definitions alone, with numpy: no witnesses, every guess
tried every time.  For the differential tests; slow (seconds for one group of
the original lists).
"""

from __future__ import annotations

import numpy as np

from wordle_opt.rules import all_green

__all__ = ["CapProver"]


class CapProver:
    """Cap proofs over one pattern table (guesses x answers) of words of ``length`` letters."""

    def __init__(self, table, length: int):
        self.table = np.asarray(table)
        if self.table.ndim != 2 or 0 in self.table.shape:
            raise ValueError("CapProver: an empty table")
        self.ng, self.na = self.table.shape
        self.all_green = all_green(length)

    def within2(self, S) -> int:
        """A guess that splits the answers S into singletons (any guess when
        |S| <= 1), or -1 when none does."""
        S = self._check(S)
        if len(S) <= 1:
            return 0
        rows = np.sort(self.table[:, S].astype(np.int64), axis=1)
        distinct = (np.diff(rows, axis=1) != 0).all(axis=1)
        hits = np.flatnonzero(distinct)
        return int(hits[0]) if len(hits) else -1

    def within3(self, S) -> int:
        """A guess after which every non-green group of S is within 2 (any
        guess when |S| <= 2), or -1 when none is: S needs four guesses or more."""
        return self._within(S, 3)

    def within4(self, S) -> int:
        """A guess after which every non-green group of S is within 3 (any
        guess when |S| <= 3), or -1 when none is: S needs five guesses or more."""
        return self._within(S, 4)

    def _within(self, S, k: int) -> int:
        """within3 or within4, from the definition (k one-answer guesses
        solve k answers)."""
        S = self._check(S)
        if len(S) <= k - 1:
            return 0
        inner = self.within2 if k == 3 else self.within3
        for g in range(self.ng):
            if all(inner(C) >= 0 for C in self._groups(g, S)):
                return g
        return -1

    def opener(self, o: int, cap: int) -> bool:
        """Does guess o, then the best tree, solve every answer within cap
        guesses (1 <= cap <= 4)?"""
        if not 0 <= o < self.ng:
            raise ValueError(f"CapProver.opener: guess {o} is not 0..{self.ng - 1}")
        if not 1 <= cap <= 4:
            raise ValueError(f"CapProver.opener: cap {cap} is not 1..4")
        if cap == 1:
            return self.na == 1 and int(self.table[o, 0]) == self.all_green
        groups = self._groups(o, np.arange(self.na, dtype=np.int32))
        if cap == 2:
            return not groups
        test = self.within2 if cap == 3 else self.within3
        return all(test(C) >= 0 for C in groups)

    @property
    def witnesses(self):
        """The twin keeps none (the compiled prover's are a cache of its proofs)."""
        return []

    def _groups(self, g: int, S: np.ndarray):
        """S's non-green groups of two or more under guess g."""
        row = self.table[g, S]
        return [S[row == p] for p in np.unique(row) if p != self.all_green and (row == p).sum() >= 2]

    def _check(self, S) -> np.ndarray:
        S = np.asarray(S, dtype=np.int32)
        for a in S.tolist():
            if not 0 <= a < self.na:
                raise ValueError(f"CapProver: answer {a} is not 0..{self.na - 1}")
        return S
