"""Plain-Python twin of the compiled bounds (wordle_opt/_bounds.pyx), same names.

Written from the definitions in _bounds.pyx's docstring with numpy and
rules.py, for the differential tests and as the independent check of the
lower bounds a ranking claims.  Slow: a full opener bound on the original
lists takes seconds.
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

import numpy as np

from wordle_opt import rules
from wordle_opt.core._core_py import INFINITY, RULE_EASY, RULE_NYT, RULE_STRICT
from wordle_opt.core.plain import as_word, lb_size
from wordle_opt.rules import violation

__all__ = ["INFINITY", "Bounder"]

_RULES = {RULE_EASY: None, RULE_NYT: "nyt", RULE_STRICT: "strict"}
# The compiled twin's defaults of Bounder.small_min, small_stages, memo_min
# and subset_min (its SMALL_MIN, SMALL_STAGES, GMEMO_MIN and SUBSET_MIN; a
# test checks that they agree).
SMALL_MIN = 32
SMALL_STAGES = 1
GMEMO_MIN = 8
SUBSET_MIN = 0


class Bounder:
    """Bounds over one pattern table (guesses x answers); ``rule`` 0 easy, 1 NYT, 2 strict.
    Words of any length L (guess_codes' columns): all_green = 3**L - 1 and
    npat = 3**L colourings.  _lb_size is _core_py's (one answer may be hit by
    the first guess, every other needs two guesses or more; at most npat - 1
    groups can each have one answer hit by the second guess)."""

    def __init__(self, table, guess_codes, rule: int = 0):
        self.table = np.asarray(table)
        codes = np.asarray(guess_codes, dtype=np.uint8)
        if self.table.shape[0] != codes.shape[0] or codes.ndim != 2:
            raise ValueError("Bounder: guess_codes must be (len(guesses), word length)")
        self.length = int(codes.shape[1])
        self.codes = codes
        self.words = [as_word(row) for row in codes]
        self.rule = rule
        self.ng, self.na = self.table.shape
        # each answer's hitting guesses (the guesses that colour it all green)
        self._hitters = [np.flatnonzero(self.table[:, a] == self.all_green) for a in range(self.na)]
        self.letters = self._answer_letters()
        # Easy mode's batched refinement (see _refine): groups of small_min
        # answers or more first, the smaller ones in small_stages passes by
        # size (halving from small_min), and the bounds of groups of memo_min
        # or more kept by answer set (group_memo) for every later opener.
        self.group_memo = True
        self.small_min = SMALL_MIN
        self.small_stages = SMALL_STAGES
        self.memo_min = GMEMO_MIN
        self._memo = {}
        # The compiled sweep's subset caps (subset_cap_table; they change no
        # bound, only how soon a stopped one stops: here for the switch's
        # names, and the caps themselves for the tests).
        self.subset_caps = False
        self.subset_min = SUBSET_MIN
        # Hard mode deepens the group bounds to two levels (group2); the
        # tests turn it off to see the first level.
        self.two_level = True
        self.stop_requested = 0

    @property
    def npat(self) -> int:
        return rules.npat(self.length)

    @property
    def all_green(self) -> int:
        return rules.all_green(self.length)

    def legal(self, o: int, p: int) -> np.ndarray:
        """The guesses legal after opener o was coloured p."""
        if self.rule == 0:
            return np.arange(self.ng, dtype=np.int32)
        rule, gw = _RULES[self.rule], self.words[o]
        return np.array([h for h, w in enumerate(self.words) if violation([(gw, p)], w, rule) is None], dtype=np.int32)

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
        rule, hw = _RULES[self.rule], self.words[h]
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

    def groups(self, o: int) -> list:
        """o's non-green groups as (colouring, answer indices), largest first,
        ties by colouring."""
        row = self.table[o]
        pats = [int(p) for p in np.unique(row) if p != self.all_green]
        groups = [(p, np.flatnonzero(row == p)) for p in pats]
        groups.sort(key=lambda pg: (-len(pg[1]), pg[0]))
        return groups

    def _refine(self, o: int, d: int, stop: int):
        if d <= 0:
            return INFINITY, [], []
        groups = self.groups(o)
        bounds = [lb_size(len(S), d - 1, self.npat) for _, S in groups]
        total = self.na + sum(bounds)
        # The contract with a stop (as the compiled twin's): the full bound v
        # when v < stop, else some value between stop and v.  Here easy mode
        # with the fast formula refines in passes of about a third of the
        # answers (largest groups first) and checks stop between passes (the
        # compiled one stops inside its sweeps too); otherwise stop is checked
        # after every group.
        # Batched, the groups of fewer than small_min answers come after the
        # larger ones (as the compiled twin's later sweeps: in small_stages
        # stages by size, halving from small_min, and no pass spans two), and
        # a group's bound is kept by its answers (group_memo) for later openers.
        batched = self.rule == 0 and d - 2 >= 2
        order = list(range(len(groups)))
        stage = [0] * len(groups)
        if batched:
            for i, (_, S) in enumerate(groups):
                lim = self.small_min
                while stop < INFINITY and len(S) < lim and stage[i] < self.small_stages:
                    stage[i] += 1
                    lim >>= 1
            order.sort(key=lambda i: stage[i])  # (stable: largest first within a stage)
        passes, i = [], 0
        while i < len(order):
            j, covered = i + 1, len(groups[order[i]][1])
            while batched and j < len(order) and covered < self.na // 3 and stage[order[j]] == stage[order[i]]:
                covered += len(groups[order[j]][1])
                j += 1
            passes.append(order[i:j])
            i = j
        for block in passes:
            if total >= stop or total >= INFINITY:
                break
            for i in block:
                p, S = groups[i]
                key = (tuple(S.tolist()), d) if batched and self.group_memo and len(S) >= self.memo_min else None
                gb = self._memo.get(key) if key is not None else None
                if gb is None:
                    gb = self.group(S, self.legal(o, p), d - 1)
                    if key is not None:
                        self._memo[key] = gb
                total += gb - bounds[i]
                bounds[i] = gb
        if self.rule != 0 and self.two_level:
            # Hard mode: every group has its group bound (else total >= stop);
            # raise them to the two-level bound, largest first, until stop.
            for i, (p, S) in enumerate(groups):
                if total >= stop or total >= INFINITY:
                    break
                if len(S) > 2:
                    gb = self.group2(S, self.legal(o, p), d - 1, stop - (total - bounds[i]))
                    total += gb - bounds[i]
                    bounds[i] = gb
        return min(total, INFINITY), groups, bounds

    def quick(self, d: int) -> np.ndarray:
        out = np.empty(self.ng, dtype=np.int64)
        for g in range(self.ng):
            pats, counts = np.unique(self.table[g], return_counts=True)
            total = self.na + sum(
                lb_size(int(c), d - 1, self.npat) for p, c in zip(pats, counts) if p != self.all_green
            )
            out[g] = min(total, INFINITY) if d >= 1 else INFINITY
        return out

    def sweep_order(self) -> np.ndarray:
        """The guesses by kmax (colourings + 1 if it may hit, over all
        answers), largest first, ties by index: the compiled sweep's order."""
        kmax = np.array(
            [len(np.unique(row)) + int(bool((row == self.all_green).any())) for row in self.table], dtype=np.int64
        )
        return np.argsort(-kmax, kind="stable").astype(np.int32)

    def opener(self, o: int, d: int, stop: int = -1) -> int:
        """Refined lower bound on opener o's total (groups largest first, ending
        once the total reaches stop when stop > 0)."""
        self._check(o)
        return self._refine(o, d, INFINITY if stop <= 0 else stop)[0]

    def opener_groups(self, o: int, d: int) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        self._check(o)
        _, groups, bounds = self._refine(o, d, INFINITY)
        return (
            np.array([p for p, _ in groups], dtype=np.int32),
            np.array([len(S) for _, S in groups], dtype=np.int32),
            np.array([min(b, INFINITY) for b in bounds], dtype=np.int64),
        )

    def _check(self, o: int) -> None:
        if not 0 <= o < self.ng:
            raise ValueError(f"opener index {o} out of range 0..{self.ng - 1}")
