"""A tree within the cap, any tree: a depth-first feasibility search (issue 27).

Under a tight cap in hard mode (the every-word game within 7 guesses) the
beam's order, which is about totals, is a poor guide: at a node where none
of its guesses fits, it widens to four times the beam, and again in each
part below, so an infeasible part costs (4 x beam) ** depth.  `Feasible.fit`
asks only for some tree within the cap:

- guesses in order of their largest non-green part, then most parts, then
  the least sum of squared part sizes (small parts fit a tight cap; the last
  keys keep the totals fair);
- a guess is dropped at once when a part cannot fit by size: with one guess
  left a part must be a single answer, and with up to `levels.CAPS_ASKED_WITHIN`
  left the cap proofs decide every part first (exact with every guess
  allowed, so a "no" holds under every rule);
- each part is fitted the same way, the largest first (it fails soonest);
  a set of at most ``exact_max`` answers is solved by the exact engine
  instead (its optimum under the cap, or a proof that none fits);
- what failed is remembered (answers, guesses left, the legal guesses that
  split it), and so is what fitted.

The search is complete: with no deadline it returns a tree whenever one
exists within the cap (every useful legal guess is tried at every node
before a set is declared infeasible; a guess that is not useful for a set
is useless for every subset, so dropping it loses nothing).  None then
proves there is none.  With a deadline it raises `OutOfTime`.
"""

from __future__ import annotations

import hashlib
import time
from typing import Callable, Dict, Optional, Sequence, Tuple

import numpy as np

from wordle_opt.solver.anytime_fit import split_counts
from wordle_opt.solver.engine import Engine
from wordle_opt.trees.node import Node

# Sets of at most this many answers go to the exact engine: its bounds decide
# small sets faster than the guess-by-guess search here, and its tree is optimal.
EXACT_MAX = 8
EXACT_DEPTH = 4
# The passes' widths below a set's root, then every guess; the root tries
# ROOT_FACTOR times as many.
WIDTHS = (2, 8, 32)
ROOT_FACTOR = 16


class OutOfTime(Exception):
    """The deadline passed before the search decided."""


_Key = Tuple[int, bytes, bytes]


class Feasible:
    """Fits sets within a cap with one exact engine (``engine``: beam 0).
    ``deadline``: time.monotonic() past which `fit` raises `OutOfTime`.
    ``widths``, ``root_factor``: the passes' widths (see `fit`).
    ``tick``: called at each set searched, for progress (CHOMP's group of
    4841 took 308 s with BEZIL first, with no other sign of life)."""

    def __init__(
        self,
        engine: Engine,
        *,
        deadline: Optional[float] = None,
        exact_max: int = EXACT_MAX,
        exact_depth: int = EXACT_DEPTH,
        widths: Sequence[int] = WIDTHS,
        root_factor: int = ROOT_FACTOR,
        tick: Optional[Callable[[], None]] = None,
    ):
        self.e, self.deadline, self.exact_max, self.exact_depth = engine, deadline, exact_max, exact_depth
        self.widths, self.root_factor = tuple(widths), root_factor
        # what failed, and at what width (None: at every width, a proof)
        self.failed: Dict[_Key, Optional[int]] = {}
        self.fitted: Dict[_Key, Node] = {}
        self.nodes = 0  # sets searched here (not counting the memo's hits)
        self.solver = engine.all_solvers[0]
        self.tick = tick

    def _key(self, S: np.ndarray, legal: np.ndarray, d: int) -> _Key:
        # (the legal list by digest: a whole list is 52 KB on every-word lists)
        dig = hashlib.blake2b(legal.tobytes(), digest_size=16).digest() if self.e.rule.hard else b""
        return d, S.tobytes(), dig

    def fit(self, S: np.ndarray, legal: np.ndarray, depth: int) -> Optional[Node]:
        """A tree solving every answer of S (this engine's answer numbers)
        within ``depth`` guesses, each legal after the history (``legal``: the
        guesses legal here), or None when there is none (a proof).

        In passes: each of ``widths`` in turn is the most guesses tried at
        a node below S (``root_factor`` times that at S), then every guess.  A
        narrow pass fails cheaply where the full search would prove a deep
        part hopeless guess by guess (CHOMP's group of 1536: 38 second
        guesses failed in 150 s, each after proving parts of ~140 answers
        hopeless within 5 guesses)."""
        for width in (*self.widths, None):
            node, _ = self._fit(S, legal, depth, width, factor=self.root_factor)
            if node is not None:
                return node
        return None

    def fit_first(self, S: np.ndarray, legal: np.ndarray, depth: int, guess: int) -> Optional[Node]:
        """`fit`, with ``guess`` (legal here) tried first at S and each of its
        parts fitted as `fit` does; when one of them has no tree, `fit` of S
        over every guess.  A player's hint: at CHOMP's every-word group of
        4841 under the NYT rule within 6 more, `fit` found no tree in 1500 s,
        trying the second guesses its order puts first; after BEZIL (the
        published tree's, 5045th in that order) the parts fitted in 308 s."""
        S = np.ascontiguousarray(S, dtype=np.int32)
        legal = np.ascontiguousarray(legal, dtype=np.int32)
        children = {}
        for p, part in self.e.parts(S, guess):
            child = self.fit(part, self.e.legal_after(legal, guess, p), depth - 1)
            if child is None:
                return self.fit(S, legal, depth)
            children[p] = child
        return Node(self.e.lists.guesses[guess], children)

    def _fit(self, S: np.ndarray, legal: np.ndarray, depth: int, width: Optional[int], *, factor: int = 1):
        """(a tree, or None and whether that is a proof), trying at most
        ``width`` x ``factor`` guesses here and ``width`` below (None: all)."""
        S = np.ascontiguousarray(S, dtype=np.int32)
        n = len(S)
        if n == 0 or depth < 1:
            return None, True
        if n == 1:
            # (an answer is always legal: it agrees with every colouring so far)
            return Node(self.e.lists.answers[self.e.order[S[0]]], {}), False
        if depth == 1:
            return None, True
        legal = self.solver.useful(S, np.ascontiguousarray(legal, dtype=np.int32))
        key = self._key(S, legal, depth)
        if key in self.failed:
            was = self.failed[key]
            if was is None or (width is not None and was >= width * factor):
                return None, was is None
        hit = self.fitted.get(key)
        if hit is not None:
            return hit, False
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise OutOfTime
        if self.tick is not None:
            self.tick()
        self.nodes += 1
        node, proof = self._search(S, legal, depth, here=None if width is None else width * factor, width=width)
        if node is None:
            self.failed[key] = None if proof else width * factor
        else:
            self.fitted[key] = node
        return node, proof

    def _search(self, S: np.ndarray, legal: np.ndarray, depth: int, *, here: Optional[int], width: Optional[int]):
        e = self.e
        if len(S) <= self.exact_max or depth <= self.exact_depth:
            return e.solve_group(S, legal, depth)[1], True  # (exact: a None is a proof)
        order, _ = self._order(S, legal, depth)
        proof = here is None or len(order) <= here
        for i in order if here is None else order[:here]:
            node, hopeless = self._try(S, legal, depth, int(legal[i]), width=width)
            if node is not None:
                return node, False
            proof = proof and hopeless
        return None, proof

    def _order(self, S: np.ndarray, legal: np.ndarray, depth: int) -> Tuple[np.ndarray, np.ndarray]:
        """The guesses worth trying (indices into legal), best first, and their
        largest parts: by the
        largest family left together (any up to depth - 2 alike), then the
        largest part, the most parts and the least sum of squared parts."""
        e = self.e
        counts = split_counts(e, S, legal)
        green = e.all_green
        parts = counts.copy()
        parts[:, green] = 0
        largest = parts.max(axis=1)
        nparts = (counts > 0).sum(axis=1)
        useful = (nparts > 1) | (counts[:, green] > 0)
        if depth == 2:
            useful &= largest <= 1  # (one guess left after it: every part one answer)
        frag = self._fragments(S, legal, depth - 2)
        order = np.lexsort(((counts**2).sum(axis=1), -nparts, largest, frag))
        order = order[useful[order]]
        return order, largest[order]

    def _fragments(self, S: np.ndarray, legal: np.ndarray, floor: int) -> np.ndarray:
        """For each guess of legal: the most answers of one family (answers of
        S alike but for one letter) that it leaves together.  Under the NYT
        rule, once a family's four letters are green each guess tells apart
        at most one of its members, so a family of f left together may need
        f more guesses: these are what a tight cap cannot fit.  At least
        ``floor``: only the families bigger than it are looked at (at CHOMP's
        every-word group of 4841 with 6 guesses left, those of 5 or more)."""
        e = self.e
        codes = e.lists.answer_codes[e.order[S]]
        out = np.full(len(legal), max(floor, 1), dtype=np.int64)
        for i in range(codes.shape[1]):
            rest = np.delete(codes, i, axis=1)
            _, inv, sizes = np.unique(rest, axis=0, return_inverse=True, return_counts=True)
            for f in np.flatnonzero(sizes > max(floor, 1)):
                members = S[inv.ravel() == f]
                rows = np.sort(e.table[np.ix_(legal, members)], axis=1)
                # the longest run of equal colourings in each row
                same = rows[:, 1:] == rows[:, :-1]
                run = np.ones(len(legal), dtype=np.int64)
                cur = np.ones(len(legal), dtype=np.int64)
                for j in range(same.shape[1]):
                    cur = np.where(same[:, j], cur + 1, 1)
                    run = np.maximum(run, cur)
                out = np.maximum(out, run)
        return out

    def _try(self, S: np.ndarray, legal: np.ndarray, depth: int, guess: int, *, width: Optional[int]):
        """``guess`` first, then a fitted tree of each part (largest first);
        at the first part that fails, None and whether that is a proof."""
        e = self.e
        parts = e.parts(S, guess)
        children = {}
        for p, part in parts:
            child, proof = self._fit(part, e.legal_after(legal, guess, p), depth - 1, width)
            if child is None:
                return None, proof
            children[p] = child
        return Node(e.lists.guesses[guess], children), False
