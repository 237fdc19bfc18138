"""Plain-Python twin of the compiled bounds (wordle_opt/_bounds.pyx), same names.

Written from the definitions in _bounds.pyx's docstring with numpy and
rules.py, for the differential tests and as the independent check of the
lower bounds a ranking claims.  Slow: a full opener bound on the original
lists takes seconds.
"""

from __future__ import annotations

from typing import Tuple

import numpy as np

from wordle_opt import rules
from wordle_opt.core._bounds_groups_py import GroupBounds
from wordle_opt.core._bounds_letters_py import LetterCaps
from wordle_opt.core._core_py import INFINITY
from wordle_opt.core.plain import as_word, lb_size

__all__ = ["INFINITY", "Bounder"]

# The compiled twin's defaults of Bounder.small_min, small_stages, memo_min
# and subset_min (its SMALL_MIN, SMALL_STAGES, GMEMO_MIN and SUBSET_MIN; a
# test checks that they agree).
SMALL_MIN = 32
SMALL_STAGES = 1
GMEMO_MIN = 8
SUBSET_MIN = 0


class Bounder(LetterCaps, GroupBounds):
    """Bounds over one pattern table (guesses x answers); ``rule`` 0 easy, 1 NYT, 2 strict.
    Words of any length L (guess_codes' columns): all_green = 3**L - 1 and
    npat = 3**L colourings.  _lb_size is _core_py's (one answer may be hit by
    the first guess, every other needs two guesses or more; at most npat - 1
    groups can each have one answer hit by the second guess).  The caps on a
    guess's colourings are `LetterCaps`' (_bounds_letters_py), the group
    bounds `GroupBounds`' (_bounds_groups_py); the opener bounds are here."""

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
        return self.legal_after(np.arange(self.ng), o, p).astype(np.int32)

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

    def share_subsets(self, other: "Bounder") -> bool:
        """The compiled Bounder's threads share one subset table; the plain
        twin makes its caps as it goes, so nothing is shared (False), after
        the same check that ``other`` has this table and these codes."""
        if other is not self and (
            other.table.shape != self.table.shape
            or not np.array_equal(other.table, self.table)
            or not np.array_equal(other.codes, self.codes)
        ):
            raise ValueError("Bounder.share_subsets: another table")
        return False

    def _check(self, o: int) -> None:
        if not 0 <= o < self.ng:
            raise ValueError(f"opener index {o} out of range 0..{self.ng - 1}")
