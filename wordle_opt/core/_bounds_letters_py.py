"""The plain twin's caps on a guess's colourings of a set (`_bounds_py.Bounder`
inherits them): the letter and presence caps, and the subset caps of the
compiled sweep.  Needs the Bounder's table, codes, letters and counts."""

from __future__ import annotations

from typing import Sequence

import numpy as np


class LetterCaps:
    """How many colourings a guess can give a set, from the answers' letters."""

    def _answer_letters(self):
        """[na, L] each answer's letter codes (-1: no guess is green there), the
        letters of the guess that hits it if there is one, else of the guesses
        green against it; None if the table gives two letters at one place."""
        letters = np.full((self.na, self.length), -1, dtype=np.int64)
        for a in range(self.na):
            hits = self._hitters[a]
            if len(hits):
                letters[a] = self.codes[hits[0]]
                continue
            green = (self.table[:, a, None].astype(np.int64) // 3 ** np.arange(self.length)) % 3 == 2  # [ng, L]
            for i in range(self.length):
                seen = set(self.codes[green[:, i], i].tolist())
                if len(seen) > 1:
                    return None
                if seen:
                    letters[a, i] = seen.pop()
        return letters

    def letter_caps(self, S: Sequence[int]) -> np.ndarray:
        """int32 [ng]: for each guess h, at most how many colourings (+ 1 if it
        may hit) it gives S: the least of

        - the letter cap: min(product over positions i of the colours h[i] can
          get at i against S, |S|) + 1 if h can be green at every position:
          green if an answer of S has h[i] at i; yellow if one has it at
          another position (or an unknown letter there) and not all have it
          at i; grey unless all have it at i;
        - when every answer's letters are known, the presence cap: the answers
          that contain the same set I of h's letters get at most c(I) colourings
          (the product over I's letters of 2, or 3**m for one h has m > 1
          times), so |S| - sum over |I| <= 2 of max(0, n_I - c(I)), + 1 if an
          answer contains every letter of h.

        |S| + 1 when the letters are unknown (the table contradicts itself)."""
        S = np.asarray(S, dtype=np.int64)
        s = len(S)
        if self.letters is None:
            return np.full(self.ng, s + 1, dtype=np.int32)
        A = self.letters[S]
        out = np.empty(self.ng, dtype=np.int32)
        for h in range(self.ng):
            prod, hit = 1, True
            for i in range(self.length):
                x = int(self.codes[h, i])
                green = bool((A[:, i] == x).any())
                hit = hit and green
                if s and (A[:, i] == x).all():
                    continue  # green only
                others = np.delete(A, i, axis=1)
                yellow = bool(((others == x) | (others < 0)).any())
                prod *= green + yellow + 1
            out[h] = min(prod, s) + hit
        if (self.letters >= 0).all():
            out = np.minimum(out, self._presence_caps(A))
        return out

    def _presence_caps(self, A: np.ndarray) -> np.ndarray:
        s = len(A)
        out = np.empty(self.ng, dtype=np.int32)
        for h in range(self.ng):
            word = self.codes[h].tolist()
            letters = list(dict.fromkeys(word))
            factor = {x: 2 if word.count(x) == 1 else 3 ** word.count(x) for x in letters}
            classes: dict = {}
            for a in A.tolist():
                key = frozenset(x for x in letters if x in a)
                classes[key] = classes.get(key, 0) + 1
            cap = s
            for I, n in classes.items():
                if len(I) <= 2:
                    c = int(np.prod([factor[x] for x in I])) if I else 1
                    cap -= max(0, n - c)
            out[h] = cap + (frozenset(letters) in classes)
        return out

    def subset_cap_table(self, S: Sequence[int]) -> np.ndarray:
        """int32 [ng]: for each guess g, the least of its colourings (+ 1 if
        it may hit) over the sets that hold S, among: the answers without a
        letter x (x a letter some answer has, none of S), the answers with x
        (every answer of S has it), the answers with x at position i (every
        answer of S has it there), the answers with x but not at i (every
        answer of S has x, none at i); -1 where that least is 255 or more, or
        when not every answer's letters are known.  A subset of a set gets
        no more colourings from g, and a hit only if the set has one."""
        S = np.asarray(S, dtype=np.int64)
        if len(S) == 0:
            raise ValueError("Bounder.subset_cap_table: no answers")
        out = np.full(self.ng, -1, dtype=np.int32)
        if self.letters is None or (self.letters < 0).any():
            return out
        A, T = self.letters, self.letters[S]
        has = {x: (A == x).any(axis=1) for x in sorted(set(A.ravel().tolist()))}
        sets = [~has[x] for x in has if not (T == x).any()]
        sets += [has[x] for x in has if (T == x).any(axis=1).all()]
        sets += [A[:, i] == T[0, i] for i in range(self.length) if (T[:, i] == T[0, i]).all()]
        sets += [
            has[x] & (A[:, i] != x)
            for i in range(self.length)
            for x in has
            if (T == x).any(axis=1).all() and (T[:, i] != x).all()
        ]
        least = np.full(self.ng, 255, dtype=np.int64)
        for E in sets:
            rows = np.sort(self.table[:, E], axis=1)
            k = 1 + (np.diff(rows, axis=1) != 0).sum(axis=1) + (rows == self.all_green).any(axis=1)
            least = np.minimum(least, k)
        out[least < 255] = least[least < 255]
        return out
