"""The plain twin's group bounds (`_bounds_py.Bounder` inherits them): a
set's bound one, two and three levels deep, each from its definition, and the
one candidate's term that the best-first searches value.  Needs the
Bounder's table, words, rule and hitting guesses."""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from wordle_opt.core._core_py import INFINITY, RULE_EASY, RULE_NYT, RULE_STRICT
from wordle_opt.core.plain import lb_size
from wordle_opt.rules import violation

RULE_NAMES = {
    RULE_EASY: None,
    RULE_NYT: "nyt",
    RULE_STRICT: "strict",
}  # the Bounder's rule codes, as rules.py names them


class GroupBounds:
    """Lower bounds on cost(S, d) of a set S with legal guesses L and d guesses left."""

    def group(self, S: Sequence[int], L: Sequence[int], d: int) -> int:
        """Lower bound on cost(S, d): |S| + min over the guesses of L that split S
        (or may hit) of the sum of lb_size(|T|, d - 1) over their non-green groups
        T; with d - 1 >= 2 each lb_size(t) is taken as 2t - 1 (its value up to
        t = npat, below it above), so the sum is 2|S| - k - hit for k colourings."""
        S = np.asarray(S, dtype=np.int64)
        L = np.asarray(L, dtype=np.int64)
        s = len(S)
        triv = lb_size(s, d, self.npat)
        if s <= 2 or triv >= INFINITY:
            return triv
        best = INFINITY
        if len(L):
            rows = np.sort(self.table[np.ix_(L, S)], axis=1)
            k = 1 + (np.diff(rows, axis=1) != 0).sum(axis=1)  # colourings of each guess
            hit = (rows == self.all_green).any(axis=1)
            splits = (k > 1) | hit
            if d - 1 >= 2 and splits.any():
                best = int((3 * s - k - hit)[splits].min())
            elif splits.any():
                for row in rows[splits]:
                    pats, counts = np.unique(row, return_counts=True)
                    total = s + sum(
                        lb_size(int(c), d - 1, self.npat) for p, c in zip(pats, counts) if p != self.all_green
                    )
                    best = min(best, total)
        if best >= INFINITY:
            return triv
        return max(best, triv)

    def legal_after(self, L: Sequence[int], h: int, p: int) -> np.ndarray:
        """The guesses of L legal after h was coloured p."""
        L = np.asarray(L, dtype=np.int64)
        if self.rule == 0:
            return L
        rule, hw = RULE_NAMES[self.rule], self.words[h]
        return np.array([g for g in L.tolist() if violation([(hw, p)], self.words[g], rule) is None], dtype=np.int64)

    def request_stop(self) -> None:
        """Later group2 calls return their one-level bound (the compiled one
        also ends a running call early, with what it has proven)."""
        self.stop_requested = 1

    def group2(
        self,
        S: Sequence[int],
        L: Sequence[int],
        d: int,
        cap: int = -1,
        first_pass: bool = False,
        max_steps: int = -1,
        *,
        terms: Optional[np.ndarray] = None,
        stages: Optional[np.ndarray] = None,
    ) -> int:
        """Two-level lower bound on cost(S, d): max(b1, min(cap, B2)) with b1 the
        group bound and B2 = |S| + min over the guesses h of L that split S (or
        may hit) of the sum over h's non-green groups T of the group bound of T
        with the guesses of L legal after h and d - 1 guesses left (B2 infinite
        when no guess of L splits S); cap <= 0: no cap.

        ``first_pass``: each T with 2 < |T| <= npat and d - 2 >= 2 counts
        2|T| - 1, + 1 when an answer of T is hit by a guess of L (the first
        such guess; no answer hit by two guesses) and none of those guesses
        gives every answer of T its own colouring: then no legal guess gives
        T more than |T| colourings and one splits it, so its group bound is
        at least 2|T|.  A lower bound on B2 that needs no scan of a legal set.

        Stopped (``max_steps`` 0 or stop_requested): b1.  The compiled twin
        also stops after max_steps > 0 candidate passes of its best-first
        order, with a value between b1 and the full one; here any other
        max_steps gives the full value.

        ``terms`` and ``stages`` (one slot per guess): each candidate h valued
        leaves a lower bound on its term in terms[h] and 1 (a first pass or
        less) or 2 (the term itself) in stages[h]; here every candidate gets
        its term (its first pass with ``first_pass``); the compiled twin
        values only some."""
        if (terms is None) != (stages is None):
            raise ValueError("Bounder.group2: terms and stages go together")
        S = np.asarray(S, dtype=np.int64)
        s = len(S)
        b1 = self.group(S, L, d)
        cap = INFINITY if cap <= 0 else min(cap, INFINITY)
        if s <= 2 or d < 2 or b1 >= INFINITY or b1 >= cap or max_steps == 0 or self.stop_requested:
            return b1
        best = INFINITY
        for h in np.asarray(L, dtype=np.int64).tolist():
            v = self._term(S, L, d, h, first_pass)
            if v is not None:
                best = min(best, v)
                if terms is not None:
                    terms[h], stages[h] = min(v, INFINITY), 1 if first_pass else 2
        return max(b1, min(cap, best))

    def _parts(self, S: np.ndarray, h: int):
        """h's non-green groups of S as (colouring, answers), or None when h
        neither splits S nor may hit (no candidate)."""
        row = self.table[h, S]
        pats = np.unique(row).tolist()
        if len(pats) == 1 and pats[0] != self.all_green:
            return None
        return [(q, S[row == q]) for q in pats if q != self.all_green]

    def _term(self, S: np.ndarray, L: Sequence[int], d: int, h: int, first_pass: bool):
        """Candidate h's term of group2 (its first pass with ``first_pass``),
        uncapped; None when h is no candidate."""
        parts = self._parts(S, h)
        if parts is None:
            return None
        v = len(S)
        for q, T in parts:
            if first_pass and 2 < len(T) <= self.npat and d - 2 >= 2:
                v += 2 * len(T) - 1 + self._member_short(T, L)
            else:
                v += self.group(T, self.legal_after(L, h, q), d - 1)
        return v

    def second_value(
        self,
        S: Sequence[int],
        L: Sequence[int],
        d: int,
        h: int,
        best: int = -1,
        full: bool = True,
        ks: int = 0,
    ) -> int:
        """One candidate h of group2: |S| + the sum over h's non-green groups T
        of the group bound of T with the guesses of L legal after h and d - 1
        guesses left; with ``full`` false its first pass (group2's
        ``first_pass`` terms).  INF when h neither splits S nor may hit.  The
        compiled twin gives some number >= best once the value reaches best
        (best > 0); here always the value.  ``ks`` only speeds the compiled
        one."""
        S = np.asarray(S, dtype=np.int64)
        self.group(S, L, d)
        if not 0 <= h < self.ng:
            raise ValueError("Bounder.second_value: guess index out of range")
        if len(S) <= 2 or d < 2:
            raise ValueError("Bounder.second_value: needs more than 2 answers and 2 guesses left")
        v = self._term(S, L, d, h, not full)
        return INFINITY if v is None else min(v, INFINITY)

    def group3(self, S: Sequence[int], L: Sequence[int], d: int, cap: int = -1, *, fits=None) -> int:
        """Three-level lower bound on cost(S, d), from the definition:
        max(B2, min(cap, B3)) with B2 = group2(S, L, d, cap) and B3 = |S| + min
        over the guesses h of L that split S (or may hit) of the sum over h's
        non-green groups T of group2(T, the guesses of L legal after h, d - 1);
        cap <= 0: no cap.  With ``fits(T, k)`` (False only when T cannot be
        solved within k guesses), the guesses h with a group T of more than 2
        answers for which fits(T, d - 1) is False are left out.  The reference
        for wordle_opt.solver.levels.group3, which finds the same value best
        first."""
        S = np.asarray(S, dtype=np.int64)
        s = len(S)
        b2 = self.group2(S, L, d, cap)
        cap = INFINITY if cap <= 0 else min(cap, INFINITY)
        if s <= 2 or d < 3 or b2 >= INFINITY or b2 >= cap:
            return b2
        best = INFINITY
        for h in np.asarray(L, dtype=np.int64).tolist():
            parts = self._parts(S, h)
            if parts is not None and fits is not None and not all(fits(T, d - 1) for _, T in parts if len(T) > 2):
                continue  # (a group that fits in no tree: the term is infinite)
            if parts is not None:
                best = min(best, s + sum(self.group2(T, self.legal_after(L, h, q), d - 1) for q, T in parts))
        return max(b2, min(cap, best))

    def _member_short(self, T: np.ndarray, L: Sequence[int]) -> int:
        """1 when guesses of L hit answers of T (the first guess that hits each;
        every answer hit by one guess at most) and none of them gives every
        answer of T its own colouring, else 0 (see group2's first pass)."""
        hitters = self._hitters
        if any(len(g) > 1 for g in hitters):
            return 0
        legal = set(np.asarray(L).tolist())
        members = [int(hitters[a][0]) for a in T.tolist() if len(hitters[a]) and int(hitters[a][0]) in legal]
        if not members:
            return 0
        return int(all(len(set(self.table[g, T].tolist())) < len(T) for g in members))
