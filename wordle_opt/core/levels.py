"""Group bounds of three levels, best first, over a Bounder (either twin).

The two-level bound (``Bounder.group2``) takes, for every second guess, the
sum of its groups' one-level bounds.  On the every-word game that leaves big
gaps: TARNS's group of 1132 answers has a tree of 4205 and a two-level bound
of 3880, yet the best second guesses' groups, each given its own two-level
bound, sum to 4038 and more (PILED 4038, POLED 4046, measured).  ``group3``
takes that third level: the least, over the second guesses, of the sum of
their groups' two-level bounds.  Its definition is the plain twin's
``Bounder.group3``; this finds the same value without evaluating most
candidates fully.
"""

from __future__ import annotations

import heapq
import time
from typing import Callable, Optional

import numpy as np

from wordle_opt.core._core_py import INFINITY

__all__ = ["group3"]

LegalAfter = Callable[[np.ndarray, int, int], np.ndarray]


def group3(
    bounder,
    table: np.ndarray,
    S: np.ndarray,
    L: np.ndarray,
    d: int,
    *,
    cap: int = -1,
    legal_after: Optional[LegalAfter] = None,
    known: Optional[int] = None,
    deadline: Optional[float] = None,
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

    Best first over four lower bounds of each candidate's term, each at most
    the next: its one-level value 3|S| - colourings - hit, its first pass
    and its two-level value (``Bounder.second_value``), and its three-level
    value.  The least bound known is always raised to the next, so the first
    three-level value that is least is B3, and a candidate is raised only
    while its bound is below the least three-level value found (or cap).

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
        b2 = int(bounder.group2(S, L, d, cap=cap))
    else:
        b2 = max(int(known), int(bounder.group(S, L, d)))
    cap = INFINITY if cap <= 0 else min(cap, INFINITY)

    def stopped() -> bool:
        return bool(bounder.stop_requested) or (deadline is not None and time.monotonic() >= deadline)

    if s <= 2 or d < 3 or b2 >= INFINITY or b2 >= cap or stopped():
        return b2
    all_green = int(bounder.all_green)
    rows = np.sort(table[np.ix_(L, S)], axis=1)
    hit = (rows == all_green).any(axis=1)
    kh = 1 + (np.diff(rows, axis=1) != 0).sum(axis=1) + hit  # colourings + hit
    ks = int(kh.max()) if len(kh) else 0
    # (key, stage, h): stage 0 one-level value, 1 first pass, 2 two-level, 3 three-level
    heap = [(3 * s - int(k), 0, int(h)) for h, k in zip(L.tolist(), kh.tolist()) if k > 1]
    heapq.heapify(heap)
    best = cap
    while heap:
        key, stage, h = heap[0]
        if key >= best or stage == 3:
            best = min(best, key)  # (a three-level value that is least: B3)
            break
        if stopped():
            best = key  # (no candidate left is below it)
            break
        heapq.heappop(heap)
        if stage < 2:
            v = int(bounder.second_value(S, L, d, h, best, full=stage == 1, ks=ks))
        else:
            v = _third(bounder, table, S, L, d, h, key, best, legal_after, stopped)
            if stopped():
                best = min(best, v, heap[0][0] if heap else INFINITY)
                break
        if v < best:
            heapq.heappush(heap, (v, stage + 1, h))
    return max(b2, min(cap, best))


def _third(bounder, table, S, L, d, h, v, best, legal_after, stopped) -> int:
    """h's three-level term from its two-level one v (< best): each of h's
    groups of more than 2 answers, largest first, has its group bound raised
    to its two-level bound; stops once the total reaches best (the value is
    then some number >= best) or ``stopped()`` (then a lower bound on the
    term)."""
    row = table[h, S]
    pats, counts = np.unique(row, return_counts=True)
    for i in np.argsort(-counts, kind="stable"):
        q = int(pats[i])
        if counts[i] <= 2 or q == int(bounder.all_green):
            continue  # (group2 of 2 answers or fewer is the group bound)
        T = S[row == q]
        Lq = L if legal_after is None else np.ascontiguousarray(legal_after(L, h, q), dtype=np.int32)
        g1 = int(bounder.group(T, Lq, d - 1))
        v += int(bounder.group2(T, Lq, d - 1, cap=g1 + best - v)) - g1
        if v >= best or stopped():
            break
    return v
