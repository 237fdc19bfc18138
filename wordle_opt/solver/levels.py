"""Group bounds of three levels, best first, over a Bounder (either twin).

The two-level bound (``Bounder.group2``) takes, for every second guess, the
sum of its groups' one-level bounds.  On the every-word game that leaves big
gaps: TARNS's group of 1132 answers has a tree of 4205 and a two-level bound
of 3880, yet the best second guesses' groups, each given its own two-level
bound, sum to 4038 and more (PILED 4038, POLED 4046).  ``group3``
takes that third level: the least, over the second guesses, of the sum of
their groups' two-level bounds.  Its definition is the plain twin's
``Bounder.group3``; this finds the same value without evaluating most
candidates fully.
"""

from __future__ import annotations

import heapq
import time
from typing import Callable, Optional, Tuple

import numpy as np

from wordle_opt.core._core_py import INFINITY

__all__ = ["CAPS_ASKED_WITHIN", "CAPS_DECIDE_WITHIN", "cap_fits", "group3", "new_terms"]

# The cap proofs (wordle_opt.core._caps: CapProver.within2/3/4) decide
# whether a set fits within k guesses for k up to this, and no further.
CAPS_DECIDE_WITHIN = 4
# The searches (exact, fitting, the ranking's least caps) ask them only up to
# this many guesses left: within 4 costs seconds on a big set (0.8-3 s for
# 138 answers of the every-word game), so only the three-level bound's
# cap_fits and the group closing ask it, once a candidate.
CAPS_ASKED_WITHIN = 3

LegalAfter = Callable[[np.ndarray, int, int], np.ndarray]
# fits(T, k): False only when no tree solves every answer of T within k guesses
Fits = Callable[[np.ndarray, int], bool]
Terms = Tuple[np.ndarray, np.ndarray]  # group2's terms and stages, one slot per guess


def new_terms(table: np.ndarray) -> Terms:
    """Empty (terms, stages) for ``Bounder.group2`` to fill, one slot per
    guess of ``table`` (guesses x answers): stage 0 is a candidate not valued."""
    return np.zeros(table.shape[0], dtype=np.int64), np.zeros(table.shape[0], dtype=np.uint8)


def cap_fits(prover) -> Fits:
    """``fits`` for group3 from a CapProver (either twin): exact for k <=
    CAPS_DECIDE_WITHIN guesses, True above (nothing proven).  A "no" is with every
    guess allowed, so it holds under every rule.  The prover keeps its
    witnesses between calls: one a thread."""

    def fits(T: np.ndarray, k: int) -> bool:
        if k <= 1:
            return len(T) <= 1
        if k > CAPS_DECIDE_WITHIN:
            return True
        T = np.ascontiguousarray(T, dtype=np.int32)
        test = (prover.within2, prover.within3, prover.within4)[k - 2]
        return test(T) >= 0

    return fits


# How far past the next least bound one raise goes, at least (and at least
# a 32nd of the span from the two-level bound to the cap or the least
# three-level value found: with neither, infeasible candidates reach the
# infinite value in 32 raises, not in 2**40 / slack).  TARNS's group of 1132
# (two-level 3880, tree 4205), 600 s on one core: slack 2 reached 3966, 16
# 3968, 64 3944.
SLACK = 16


def group3(
    bounder,
    table: np.ndarray,
    S: np.ndarray,
    L: np.ndarray,
    *,
    d: int,
    cap: int = -1,
    legal_after: Optional[LegalAfter] = None,
    known: Optional[int] = None,
    terms: Optional[Terms] = None,
    deadline: Optional[float] = None,
    slack: int = SLACK,
    fits: Optional[Fits] = None,
) -> int:
    """Three-level lower bound on cost(S, d) with legal guesses L and d guesses
    left: the plain twin's ``Bounder.group3(S, L, d, cap)``, max(B2, min(cap,
    B3)) with B2 the two-level bound and B3 = |S| + the least, over the
    guesses h of L that split S (or may hit), of the sum over h's non-green
    groups T of group2(T, the guesses of L legal after h, d - 1); cap <= 0:
    no cap.  ``table`` is the bounder's (guesses x answers);
    ``legal_after(L, h, q)`` the guesses of L legal after h was coloured q
    (None: all of L, as in easy mode).  ``known``: a lower bound on cost(S,
    d) already proven (the two-level one, say), which saves computing B2:
    the value is then max(known, B1, min(cap, B3)) with B1 the one-level
    bound (the same as the definition's when known is B2, since B3 >= B2).
    ``terms``: (terms, stages) from ``bounder.group2`` on the same S, L and
    d (see `new_terms`), which valued some candidates already: they go on
    from there (without, B2 is computed here with them when known is None):
    on TARNS's group of 1132 that skips 193 s of first passes and two-level
    terms before the first three-level raise.
    ``fits``: a cap proof (see `cap_fits`); B3 then leaves out the guesses h
    with a group T that does not fit in d - 1 guesses (their term is
    infinite), as the plain twin's definition does with the same ``fits``.
    On the every-word game most good second guesses leave one (a family of
    -lls words, say: all 250 least two-level terms of TARNS's group of 1132),
    so the bound can rise past their three-level values.  The search is
    best first over bounds of each candidate's term (`_best_first`).

    Stopped (``bounder.stop_requested``, set by ``request_stop`` from another
    thread; a running group2 then returns what it has proven), or past
    ``deadline`` (time.monotonic(); checked between calls of the bounder):
    max(B2, min(cap, the least bound known of any candidate not yet
    refuted)), still a lower bound on cost(S, d), and never above the full
    value.  The caller tells a stop by stop_requested or the clock."""
    S = np.ascontiguousarray(S, dtype=np.int32)
    L = np.ascontiguousarray(L, dtype=np.int32)
    s = len(S)
    if known is None:
        if terms is None:
            terms = new_terms(table)
        b2 = int(bounder.group2(S, L, d, cap=cap, terms=terms[0], stages=terms[1]))
    else:
        b2 = max(int(known), int(bounder.group(S, L, d)))
    cap = INFINITY if cap <= 0 else min(cap, INFINITY)

    def stopped() -> bool:
        return bool(bounder.stop_requested) or (deadline is not None and time.monotonic() >= deadline)

    if s <= 2 or d < 3 or b2 >= INFINITY or b2 >= cap or stopped():
        return b2
    heap, ks = _first_keys(bounder, table, S, L, terms=terms)
    return _best_first(
        bounder,
        table,
        S,
        L,
        heap=heap,
        d=d,
        b2=b2,
        cap=cap,
        ks=ks,
        slack=slack,
        fits=fits,
        legal_after=legal_after,
        stopped=stopped,
    )


def _first_keys(bounder, table: np.ndarray, S: np.ndarray, L: np.ndarray, *, terms: Optional[Terms]):
    """The heap of group3's candidates, (key, stage, h) for each guess h of L
    that splits S or may hit, and the most colourings (+ hit) of any: their
    one-level values, or where ``terms`` valued them already, theirs."""
    s = len(S)
    all_green = int(bounder.all_green)
    rows = np.sort(table[np.ix_(L, S)], axis=1)
    hit = (rows == all_green).any(axis=1)
    kh = 1 + (np.diff(rows, axis=1) != 0).sum(axis=1) + hit  # colourings + hit
    ks = int(kh.max()) if len(kh) else 0
    # (key, stage, h): stage 0 one-level value, 1 first pass, 2 two-level or
    # a partial sum toward the three-level value (thirds[h] goes on from it)
    keys, stages = 3 * s - kh, np.zeros(len(L), dtype=np.uint8)
    if terms is not None:
        stages = terms[1][L]
        keys = np.where(stages > 0, terms[0][L], keys)
    heap = [(k, t, h) for k, t, h, c in zip(keys.tolist(), stages.tolist(), L.tolist(), kh.tolist()) if c > 1]
    heapq.heapify(heap)
    return heap, ks


def _best_first(
    bounder,
    table: np.ndarray,
    S: np.ndarray,
    L: np.ndarray,
    *,
    heap: list,
    d: int,
    b2: int,
    cap: int,
    ks: int,
    slack: int,
    fits: Optional[Fits],
    legal_after: Optional[LegalAfter],
    stopped: Callable[[], bool],
) -> int:
    """group3's search over the ``heap`` of its candidates (see `_first_keys`).
    Best first over lower bounds of each candidate's term, each at most
    the next: its one-level value 3|S| - colourings - hit, its first pass
    and its two-level value (``Bounder.second_value``), then partial sums
    toward its three-level value (``_Third``).  The least bound known is
    always raised, and only ``slack`` (at least 1) past the next least, or
    a 32nd of the span from B2 to the cap if more, so the bounds rise
    evenly: stopped, the least of them is the bound.  The least three-level
    value found caps every later raise (no candidate needs showing above
    it), and once it is the least bound known it is B3."""
    thirds = {}
    best = cap  # (the least three-level value found, or cap)
    while heap and heap[0][0] < best:
        if stopped():
            return max(b2, min(best, heap[0][0]))  # (no candidate left is below it)
        key, stage, h = heapq.heappop(heap)
        if stage < 2:
            v = int(bounder.second_value(S, L, d, h, best, full=stage == 1, ks=ks))
            if v < best:
                heapq.heappush(heap, (v, stage + 1, h))
            continue
        third = thirds.get(h)
        if third is None:
            third = thirds[h] = _Third(bounder, table, S, L, d=d, h=h, v=key, legal_after=legal_after)
        step = max(1, slack, (best - b2) // 32)
        target = min(best, (heap[0][0] if heap else INFINITY) + step)
        v, done = third.raise_to(target, stopped)
        if stopped():
            return max(b2, min(best, v, heap[0][0] if heap else INFINITY))
        # (fits is asked only of a candidate whose full term would be B3: a
        # proof costs 0.3-3 s on TARNS's group of 1132; asking each candidate
        # at its first raise, group3 reached 3984 in 900 s against 4002)
        if done:
            if fits is None or third.fit(fits):
                best = min(best, v)  # (else its term is infinite)
        elif v < best:
            heapq.heappush(heap, (v, 2, h))
            continue
        del thirds[h]  # (done, refuted or fitting no tree: never popped again)
    return max(b2, best)


class _Third:
    """One candidate h's three-level term, raised part by part from its
    two-level term ``v``: each of h's groups of more than 2 answers, largest
    first, has its group bound raised toward its two-level bound.  Keeps
    only colourings and counts between raises (a part's answers and legal
    guesses are made again: thousands of candidates wait at once)."""

    def __init__(self, bounder, table, S, L, *, d, h, v, legal_after):
        self.bounder, self.table, self.S, self.L, self.d, self.h = bounder, table, S, L, d, h
        self.legal_after, self.v = legal_after, v
        pats, counts = np.unique(table[h, S], return_counts=True)
        # [colouring, its bound counted in v, exact], largest first; group2 of
        # 2 answers or fewer is the group bound, and the green one is solved
        order = np.argsort(-counts, kind="stable")
        self.parts = [[int(pats[i]), None, False] for i in order if counts[i] > 2 and pats[i] != bounder.all_green]

    def fit(self, fits: Fits) -> bool:
        """False when one of h's groups (largest first) does not fit in d - 1
        guesses by ``fits``."""
        for q, _, _ in self.parts:
            if not fits(self.S[self.table[self.h, self.S] == q], self.d - 1):
                return False
        return True

    def raise_to(self, target, stopped):
        """(v, done): the term raised until it reaches ``target`` (then v >=
        target, a lower bound on the term) or every part is exact (done: v
        is the term); stopped, v is a lower bound on the term."""
        for part in self.parts:
            if self.v >= target or stopped():
                return self.v, False
            q, counted, exact = part
            if exact:
                continue
            T = self.S[self.table[self.h, self.S] == q]
            Lq = self.L
            if self.legal_after is not None:
                Lq = np.ascontiguousarray(self.legal_after(self.L, self.h, q), dtype=np.int32)
            if counted is None:
                counted = part[1] = int(self.bounder.group(T, Lq, self.d - 1))
            c = counted + target - self.v
            got = max(counted, int(self.bounder.group2(T, Lq, self.d - 1, cap=c)))
            self.v += got - counted
            if stopped():
                return self.v, False  # (got: what group2 proved before it stopped)
            part[1], part[2] = got, got < c
        return self.v, self.v < target
