"""Fitting the cap where the beam cannot (`wordle_opt.solver.anytime`'s beam phase):
a tree within the cap for a group whose beam trees all overrun it.

The beam tries its few guesses at every node; when a part deep down cannot
be fitted, a wider beam widens every node of the group, and costs that much
more (LANTS's group of 354 on the every-word game needs beam 64, 150 s).
`Fitter.fit` widens only where a part fails: from the group's root, guesses
in order of their largest part (a tree within the cap needs small parts),
each part first given the beam's tree and, only where that fails, fitted
the same way one level down.  Two things keep the failures cheap:

- a set with at most `CAPS_ASKED_WITHIN` guesses left is first decided by
  the cap proofs (`Engine.within`, exact with every guess allowed; a "no"
  holds under every rule), so a guess with a hopeless part is dropped
  before any search;
- a part that failed is remembered (its answers and guesses left), since
  many first guesses leave the same hard cluster together.

On SALET's every-word groups, the 126 that beam 16 cannot fit within 5
guesses was fitted at its 170th first guess, in 14 s (measured).  A None
proves nothing: only the guesses tried failed.
"""

from __future__ import annotations

import time
from typing import Optional, Set, Tuple

import numpy as np

from wordle_opt.solver.engine import Engine
from wordle_opt.solver.levels import CAPS_ASKED_WITHIN
from wordle_opt.trees.node import Node

# First guesses tried at a group's root: each costs ~0.05 s when it fails
# (SALET's every-word group of 98: none of 4096 fitted; with its other groups
# beamed and fitted, 124 s in all, measured).
ROOT_WIDTH = 1024
WIDTH = 64  # guesses tried at a part below the root


class Fitter:
    """Fits groups with one beam engine's solvers (any number of threads
    may share a Fitter: the cap proofs hold the GIL and the set of failures
    only grows).  ``deadline`` (time.monotonic()): stop trying then."""

    def __init__(self, beamer: Engine, deadline: Optional[float] = None):
        self.beamer, self.deadline = beamer, deadline
        self.failed: Set[Tuple[int, bytes, int]] = set()

    def fit(self, S: np.ndarray, legal: np.ndarray, depth: int, width: int = ROOT_WIDTH) -> Optional[Node]:
        """A tree solving every answer of S within ``depth`` guesses, or None
        when neither the beam nor the first ``width`` guesses (then WIDTH
        below) found one, or the deadline came."""
        e = self.beamer
        # (in hard mode what fails depends on the guesses still legal too)
        key = (depth, S.tobytes(), hash(legal.tobytes()) if e.rule.hard else 0)
        if key in self.failed:
            return None
        _, node = e.solve_group(S, legal, depth)
        if node is not None or depth <= 1:
            return node
        # (after the beam: a set it fits never pays for the cap proof)
        if depth <= CAPS_ASKED_WITHIN and not e.within(S, depth):
            self.failed.add(key)
            return None
        for guess in guess_order(e, S, legal, largest_first=True)[:width]:
            if self.deadline is not None and time.monotonic() >= self.deadline:
                return None  # (not a failure of S: it is not remembered)
            node = self._try(S, legal, depth, int(guess))
            if node is not None:
                return node
        self.failed.add(key)
        return None

    def _try(self, S: np.ndarray, legal: np.ndarray, depth: int, guess: int) -> Optional[Node]:
        """``guess`` first, then a fitted tree for each part (largest first),
        or None at the first part that fails."""
        e = self.beamer
        parts = e.parts(S, guess)
        if depth - 1 <= CAPS_ASKED_WITHIN and not all(e.within(part, depth - 1) for _, part in parts):
            return None  # (proven hopeless before any search)
        children = {}
        for p, part in parts:
            child = self.fit(part, e.legal_after(legal, guess, p), depth - 1, WIDTH)
            if child is None:
                return None
            children[p] = child
        return Node(e.lists.guesses[guess], children)


def guess_order(engine: Engine, S: np.ndarray, legal: np.ndarray, largest_first: bool = False) -> np.ndarray:
    """S's legal guesses that teach something, in the beam's order: most
    parts, a possible hit, then the least sum of squared part sizes; with
    ``largest_first`` (the fitting's order), by their largest non-green part
    before all that."""
    counts = split_counts(engine, S, legal)
    hit = counts[:, engine.all_green] > 0
    parts = (counts > 0).sum(axis=1)
    keys = [(counts**2).sum(axis=1), ~hit, -parts]
    if largest_first:
        keys.append(np.delete(counts, engine.all_green, axis=1).max(axis=1))
    key = np.lexsort(keys)
    return legal[key[parts[key] > 1 - hit[key]]]  # (a guess that neither splits nor may hit learns nothing)


def split_counts(engine: Engine, S: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """counts[i, c]: how many answers of S guess legal[i] colours c."""
    npat = engine.all_green + 1
    counts = np.empty((len(legal), npat), dtype=np.int64)
    for i in range(0, len(legal), 512):  # (blocks of guesses: 512 x |S| at a time)
        rows = engine.table[legal[i : i + 512]][:, S].astype(np.int64)
        rows += npat * np.arange(len(rows))[:, None]
        counts[i : i + 512] = np.bincount(rows.ravel(), minlength=npat * len(rows)).reshape(-1, npat)
    return counts
