"""Plain-Python twin of the compiled core (`wordle_opt.core._core`): same names, same
results, written from the rules alone.  Used by the differential tests and by
``WORDLE_OPT_IMPLEMENTATION=python``.

Words are rows of letter codes 0..MAX_LETTERS - 1 of any one length
MIN_LENGTH..MAX_LENGTH (the table is uint8 up to five letters, uint16 above,
as the narrow and wide compiled modules); the codes are compared, never read
as letters.

The `Solver` twin has the same constructor, methods and constants as
`_core.Solver`, built on the exact recursion straight from the definition,
memoised, with no bounds:

    cost(S, L, d) = |S| + min over g in L that split S or may hit of
                    sum over colourings p != all_green of cost(S_p, L after (g, p), d - 1)

with cost(empty) = 0, cost(S, L, d) = INFINITY for d <= 0 < |S|, and d
clamped to |S| (every useful guess shrinks each group).  "L after (g, p)"
is L in easy mode and the hard rule's filter otherwise.  For small lists only.
"""

from __future__ import annotations

import math
import sys
from typing import Dict, Sequence, Tuple

import numpy as np

from wordle_opt import rules
from wordle_opt.core.plain import INFINITY, as_word, lb_size
from wordle_opt.rules import ALL_GREEN, NPAT

__all__ = [
    "ALL_GREEN",
    "NPAT",
    "INFINITY",
    "RULE_EASY",
    "RULE_NYT",
    "RULE_STRICT",
    "DEFAULT_CACHE_MB",
    "encode",
    "score_codes",
    "pattern_table_codes",
    "Solver",
]

RULE_EASY, RULE_NYT, RULE_STRICT = 0, 1, 2
DEFAULT_CACHE_MB = 192.0


def encode(words):
    """Lowercase a-z words of one length as rows of codes 0..25 ('a' = 0)."""
    out = np.empty((len(words), len(words[0]) if words else 5), dtype=np.uint8)
    for i, w in enumerate(words):
        out[i] = [ord(c) - 97 for c in w]
    return out


def _pattern_dtype(length: int):
    """The table type: uint8 holds the 243 colourings of five letters, uint16 the 6561 of eight."""
    return np.uint8 if length <= 5 else np.uint16


def score_codes(guess, answer) -> int:
    return rules.score_words(tuple(int(c) for c in guess), tuple(int(c) for c in answer))


def pattern_table_codes(guesses, answers):
    gw = [tuple(int(c) for c in g) for g in guesses]
    aw = [tuple(int(c) for c in a) for a in answers]
    out = np.empty((len(gw), len(aw)), dtype=_pattern_dtype(np.shape(guesses)[1]))
    for i, g in enumerate(gw):
        out[i] = [rules.score_words(g, a) for a in aw]
    return out


_RULE_NAMES = {RULE_EASY: None, RULE_NYT: "nyt", RULE_STRICT: "strict"}
_Key = Tuple[Tuple[int, ...], Tuple[int, ...], int]


class Solver:
    """Exact solver over one pattern table (see the module docstring).
    Values are exact, so the beta contract of `solve_set` holds trivially."""

    prebound_min: int = 0  # (the compiled core's big-group setting: see __init__)
    prebound_first: bool = True

    def __init__(
        self, table, guess_codes, answer_guess, rule: int = RULE_EASY, cache_mb: float = DEFAULT_CACHE_MB, beam: int = 0
    ):
        if not 0 < cache_mb < 1e9 or not math.isfinite(cache_mb):
            raise ValueError(f"cache_mb must be a positive finite number of MiB, not {cache_mb!r}")
        if rule not in _RULE_NAMES:
            raise ValueError(f"rule must be RULE_EASY, RULE_NYT or RULE_STRICT, not {rule!r}")
        self._table = np.asarray(table)
        codes = np.asarray(guess_codes)
        self._length = int(codes.shape[1])
        self._all_green = rules.all_green(self._length)
        self._words = [as_word(row) for row in codes]
        self._answer_guess = [int(g) for g in answer_guess]
        if beam < 0:
            raise ValueError(f"beam must be 0 (exact) or a positive number of guesses, not {beam!r}")
        self._rule = rule
        # beam > 0: only the beam guesses with the least bound |S| + sum of
        # lb_size(group) are tried at each node (an upper bound, not exact).
        self._beam = beam
        self._memo: Dict[_Key, Tuple[int, int]] = {}
        self._stop = False
        self._stats = dict.fromkeys(
            ("nodes", "cache_hits", "scanned", "tried", "recursed", "bounded", "skipped", "cache_stores"), 0
        )
        # (the compiled core's big-group setting; the definition has no cut-offs to set)
        self.prebound_min = 0 if rule == RULE_EASY else 15
        self.prebound_first = True

    # -- the definition ------------------------------------------------------
    def _groups(self, g: int, S: Sequence[int]) -> Dict[int, list]:
        row = self._table[g]
        out: Dict[int, list] = {}
        for a in S:
            out.setdefault(int(row[a]), []).append(a)
        return out

    def _useful(self, S: Sequence[int], L: Sequence[int]) -> Tuple[int, ...]:
        # A guess that leaves S in one group and cannot hit teaches nothing.
        out = []
        for g in L:
            colours = {int(self._table[g, a]) for a in S}
            if len(colours) > 1 or self.all_green in colours:
                out.append(int(g))
        return tuple(out)

    def _after(self, L: Tuple[int, ...], g: int, p: int) -> Tuple[int, ...]:
        if self._rule == RULE_EASY:
            return L
        return tuple(self._legal_after(L, g, p))

    def _key(self, S, L, d) -> _Key:
        S = tuple(sorted(int(a) for a in S))
        return S, self._useful(S, [int(g) for g in L]), min(d, len(S))

    def _cost(self, S: Tuple[int, ...], L: Tuple[int, ...], d: int) -> Tuple[int, int]:
        """(cost(S, L, d), a best first guess or -1); L already useful for S."""
        n = len(S)
        if n == 0:
            return 0, -1
        d = min(d, n)
        if d <= 0:
            return INFINITY, -1
        key = (S, L, d)
        hit = self._memo.get(key)
        if hit is not None:
            self._stats["cache_hits"] += 1
            return hit
        if self._stop:
            raise KeyboardInterrupt("search stopped")
        self._stats["nodes"] += 1
        best, best_g = INFINITY, -1
        for i, g in enumerate(self._beam_order(S, L, d) if self._beam else L):
            if self._beam and i >= (self._beam if best < INFINITY else 4 * self._beam):
                break  # the beam, and up to 4 x beam while none of it fits the cap
            total = self._try_guess(S, L, d, g, best)
            if total < best:
                best, best_g = total, g
        self._memo[key] = (best, best_g)
        self._stats["cache_stores"] += 1
        return best, best_g

    def _beam_order(self, S: Tuple[int, ...], L: Tuple[int, ...], d: int) -> list:
        def key(g):
            groups = self._groups(g, S)
            sizes = [len(part) for p, part in groups.items() if p != self.all_green]
            return (
                len(S) + sum(lb_size(s, d - 1, self.npat) for s in sizes),
                self.all_green not in groups,
                sum(s * s for s in sizes),
                g,
            )

        return sorted(L, key=key)

    def _try_guess(self, S: Tuple[int, ...], L: Tuple[int, ...], d: int, g: int, best: int) -> int:
        """The total with g first: exact if below best, else some number >= best."""
        total = len(S)
        for p, part in self._groups(g, S).items():
            if p == self.all_green:
                continue
            sub = tuple(part)
            total += self._cost(sub, self._useful(sub, self._after(L, g, p)), d - 1)[0]
            if total >= best:
                break
        return total

    # -- the interface of _core.Solver ----------------------------------------
    def solve_set(self, S, L, max_guesses: int, beta: int = -1) -> Tuple[int, int]:
        """(cost, best first guess) of S with legal guesses L and at most
        max_guesses guesses; cost >= INFINITY means infeasible.  Returns v if
        v < beta, else some number in [beta, v] (here always v itself)."""
        key = self._key(S, L, max_guesses)
        return self._cost(*key)

    def solve_shared_root(self, S, L, max_guesses: int, shared_best, tid: int, nthreads: int) -> Tuple[int, int]:
        """This thread's share of S's root: every nthreads-th useful guess
        from tid.  Returns (best total of the share, its guess) or
        (INFINITY, -1) and lowers shared_best[0] to it; the least over the
        threads is the optimum."""
        if len(S) == 0 or len(L) == 0 or nthreads < 1 or not 0 <= tid < nthreads:
            raise ValueError("solve_shared_root: empty set or bad thread numbers")
        S, L, d = self._key(S, L, max_guesses)
        best, best_g = INFINITY, -1
        for i, g in enumerate(L):
            if i % nthreads != tid:
                continue
            v = self._try_guess(S, L, d, g, best) if d >= 1 else INFINITY
            if v < best:
                best, best_g = v, g
        shared_best[0] = min(int(shared_best[0]), best)
        return best, best_g

    def remember(self, S, L, max_guesses: int, value: int, guess: int) -> None:
        """Record a proven optimum of S in this solver's cache."""
        if len(S) == 0:
            return
        self._memo[self._key(S, L, max_guesses)] = (int(value), int(guess))

    def request_stop(self) -> None:
        """Make a running solve (in another thread) raise KeyboardInterrupt soon."""
        self._stop = True

    def useful(self, S, L) -> np.ndarray:
        """The guesses of L that split S or may hit, in L's order."""
        return np.array(self._useful([int(a) for a in S], [int(g) for g in L]), dtype=np.int32)

    def _legal_after(self, L, g: int, p: int):
        rule = "strict" if self._rule == RULE_STRICT else "nyt"
        history = [(self._words[g], int(p))]
        return [int(w) for w in L if rules.violation(history, self._words[int(w)], rule) is None]

    def legal_after(self, L, g: int, p: int) -> np.ndarray:
        """Hard mode: the guesses of L that stay legal after g was coloured p."""
        return np.array(self._legal_after(L, int(g), int(p)), dtype=np.int32)

    @property
    def length(self) -> int:
        """Letters per word (L)."""
        return self._length

    @property
    def npat(self) -> int:
        return rules.npat(self._length)

    @property
    def all_green(self) -> int:
        return self._all_green

    @property
    def stats(self) -> Dict[str, int]:
        return dict(self._stats)

    @property
    def cache_bytes(self) -> int:
        return sys.getsizeof(self._memo)
