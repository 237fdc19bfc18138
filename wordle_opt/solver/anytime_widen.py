"""The anytime search's widening phase (`wordle_opt.solver.anytime`): more guesses
tried where the beam's trees total most, each a complete tree at every step.

1. Roots: the groups' next most promising second guesses (up to ``width``),
   each followed by the beam's trees of its parts, in rounds of one guess per
   group, largest groups first; groups of at most ``exact_max`` answers are
   solved by the exact engine instead (as in 2).
2. Below: then the subtrees of each group's tree, largest first (that is where
   the total is), a level at a time as each is done: a small one (at most
   ``exact_max`` answers) is solved by an exact engine with beta = its total
   (below beta: the exact optimum and its tree; else the subtree is already
   optimal), a larger one is widened as a root was, then its own subtrees
   queued.
3. Far roots (`widen_far`, which the anytime search runs later, on the
   groups its exact proofs left open): the groups' second guesses up to rank
   ``far``, in rounds as in 1, each followed by the trees of a wider beam
   (``wide``); the subtrees of a group whose guess changed are then widened
   as in 2.  The beam's order is a poor guide at a big group's root, and
   beam 4 a poor judge of a second guess: on LANTS the group of 174 answers
   saves 4 guesses with its 139th (SEIFS), the group of 354 saves 21 with
   its 335th (BEFOG), which beam 4 valued more than 20 guesses above the
   group's total and beam 16 below it.

A candidate's parts get the beam's trees with their small subtrees replaced
by exact optima where those total less (`_polish`), so that they compare
fairly with the current tree, whose subtrees 2 improves the same way.
On the every-word LANTS game (one thread): beam 52993, roots 52937, below
52929 in 163 s; roots alone with beam trees only gave 52951.

A candidate is dropped as soon as its parts reach the subtree's total (the
beam's searches take the rest of that budget as beta).  Every value here is
an upper bound with a tree: the beam's caches and the widening's exact engine
are the phase's own, so nothing of it reaches the closing phase's solvers.
"""

from __future__ import annotations

import contextlib
import heapq
import threading
import time
from dataclasses import dataclass
from typing import Iterator, List, Optional, Tuple

import numpy as np

from wordle_opt.solver.anytime_fit import guess_order
from wordle_opt.solver.engine import Engine
from wordle_opt.trees.node import Node

WIDTH = 64  # guesses tried at a group's root, then at each subtree
# Then the groups' second guesses up to this rank (time permitting): on LANTS
# none ranked past 3000 came within 40 guesses of its group's total (measured).
FAR = 1024
FAR_BEAM = 16  # the far roots' beam, at least
EXACT_MAX = 40  # answers: subtrees at most this big go to the exact engine


@dataclass
class Spot:
    """A subtree being improved: its answers, legal guesses, guesses left, its
    node and total, and where it hangs (``up`` None: a group's whole tree)."""

    S: np.ndarray
    legal: np.ndarray
    depth: int
    node: Node
    ub: int
    group: object  # the anytime search's Group (node, ub) this subtree is part of
    up: Optional["Spot"] = None
    pattern: int = -1  # the colouring under up.node that leads here


def widen(
    beamer: Engine,
    exact: Engine,
    groups: list,
    *,
    depth: int,
    deadline: float,
    width: int = WIDTH,
    exact_max: int = EXACT_MAX,
) -> bool:
    """Improve the groups' trees (``node``, ``ub``; ``depth`` guesses left
    after the opener) by 1 and 2 of the module until the deadline or every
    idea is tried; True when Ctrl-C stopped it (every tree kept so far is
    complete and its total true).  ``beamer``: beam solvers, ``exact``:
    exact ones of the phase's own."""

    def work(mine: list) -> None:
        spots = [Spot(g.S, g.legal, depth, g.node, g.ub, g) for g in mine]
        small = [s for s in spots if len(s.S) <= exact_max]
        spots = [s for s in spots if len(s.S) > exact_max]
        spots, queues = _queues(beamer, spots, width, deadline)
        _rounds(beamer, exact, spots, queues=queues, exact_max=exact_max)
        for s in small:
            _solve_exactly(exact, s)
        _below(beamer, exact, spots, width=width, exact_max=exact_max)

    return _share(beamer, [exact], groups, deadline=deadline, work=work)


def widen_far(
    beamer: Engine,
    wide: Engine,
    exact: Engine,
    groups: list,
    *,
    depth: int,
    deadline: float,
    far: int = FAR,
    width: int = WIDTH,
    exact_max: int = EXACT_MAX,
) -> bool:
    """Improve the groups' trees by 3 of the module (second guesses up to
    rank ``far``, with the ``wide`` beam's trees), as `widen` does."""

    def work(mine: list) -> None:
        spots = [Spot(g.S, g.legal, depth, g.node, g.ub, g) for g in mine if len(g.S) > exact_max]
        spots, queues = _queues(beamer, spots, far, deadline)
        was = [s.node for s in spots]
        _rounds(wide, exact, spots, queues=queues, exact_max=exact_max)
        _below(
            beamer, exact, [s for s, node in zip(spots, was) if s.node is not node], width=width, exact_max=exact_max
        )

    return _share(beamer, [exact, wide], groups, deadline=deadline, work=work)


def _share(beamer: Engine, others: List[Engine], groups: list, *, deadline: float, work) -> bool:
    """Run ``work`` on the beamer's threads, each on its share of the groups
    (largest first), until the deadline; True when Ctrl-C stopped it."""
    order = sorted(groups, key=lambda g: -len(g.S))
    k = len(beamer.all_solvers)
    try:
        with stopping([beamer, *others], deadline):
            beamer.run([lambda i=i: work(order[i::k]) for i in range(k)], stop_too=others)
    except KeyboardInterrupt:
        return time.monotonic() < deadline
    return False


def _rounds(beamer: Engine, exact: Engine, spots: List[Spot], *, queues: List[np.ndarray], exact_max: int) -> None:
    """Try each spot's queued guesses, one per spot a round (so that every
    group gets its share of the time)."""
    for r in range(max((len(q) for q in queues), default=0)):
        for s, q in zip(spots, queues):
            if r < len(q):
                _try_guess(beamer, exact, s, int(q[r]), exact_max=exact_max)


def _below(beamer: Engine, exact: Engine, roots: List[Spot], *, width: int, exact_max: int) -> None:
    """Widen the subtrees under ``roots``, largest first (see the module's 2.)."""
    heap: list = []
    for s in roots:
        _push_children(beamer, heap, s)
    while heap:
        s = heapq.heappop(heap)[2]
        if len(s.S) <= exact_max:
            _solve_exactly(exact, s)
            continue  # optimal now: nothing below it to gain
        for guess in _candidates(beamer, s)[:width]:
            _try_guess(beamer, exact, s, int(guess), exact_max=exact_max)
        _push_children(beamer, heap, s)


def _solve_exactly(exact: Engine, s: Spot) -> None:
    """The exact optimum of s's answers in its place if below its total (the
    search's contract with beta = s.ub; at or above it, s is already optimal)."""
    v, node = exact.solve_group(s.S, s.legal, s.depth, beta=s.ub)
    if node is not None:
        _improve(s, node, subtree_total(exact, node, s.S))


def _push_children(beamer: Engine, heap: list, s: Spot) -> None:
    guess = beamer.lists.guess_index(s.node.guess)
    row = beamer.table[guess, s.S]
    for p, child in s.node.children.items():
        sub = np.ascontiguousarray(s.S[row == p])
        if len(sub) > 2:  # (one or two answers: any tree of 1 or 3 is optimal)
            spot = Spot(
                sub,
                beamer.legal_after(s.legal, guess, p),
                s.depth - 1,
                child,
                subtree_total(beamer, child, sub),
                s.group,
                s,
                p,
            )
            heapq.heappush(heap, (-len(sub), id(spot), spot))


def _queues(engine: Engine, spots: list, width: int, deadline: float) -> Tuple[list, list]:
    """(spots, their first ``width`` candidates), as many as the deadline
    allows: ordering the guesses is numpy work no solver stop reaches, and a
    hundred groups' orders took seconds past a web request's deadline."""
    queues = []
    for s in spots:
        if time.monotonic() >= deadline:
            break
        queues.append(_candidates(engine, s)[:width])
    return spots[: len(queues)], queues


def _candidates(engine: Engine, s: Spot) -> np.ndarray:
    """The spot's legal guesses in the beam's order (`guess_order`), without
    the guess its tree already plays."""
    order = guess_order(engine, s.S, s.legal)
    return order[order != engine.lists.guess_index(s.node.guess)]


def _try_guess(beamer: Engine, exact: Engine, s: Spot, guess: int, *, exact_max: int) -> None:
    """Replace s's subtree when ``guess`` first, then the best trees of its
    parts (exact ones of at most exact_max answers, else the beam's), totals less."""
    row = beamer.table[guess, s.S]
    pats, sizes = np.unique(row, return_counts=True)
    total, children = len(s.S), {}
    for p in pats[np.argsort(-sizes, kind="stable")]:
        if p == beamer.all_green:
            continue
        part = np.ascontiguousarray(s.S[row == p])
        legal = beamer.legal_after(s.legal, guess, int(p))
        # beta: what is left of the budget (a part at or above it drops the guess)
        v, node = beamer.solve_group(part, legal, s.depth - 1, beta=s.ub - total)
        if node is not None:
            v, node = _polish(beamer, exact, part, legal, depth=s.depth - 1, node=node, v=int(v), exact_max=exact_max)
        total += int(v)
        if node is None or total >= s.ub:
            return
        children[int(p)] = node
    node = Node(beamer.lists.guesses[guess], children)
    cost = subtree_total(beamer, node, s.S)  # (the built tree's own total, as in the beam)
    if cost < s.ub:
        _improve(s, node, cost)


def _polish(
    beamer: Engine, exact: Engine, S: np.ndarray, legal: np.ndarray, *, depth: int, node: Node, v: int, exact_max: int
) -> Tuple[int, Node]:
    """The beam's tree ``node`` of S (totalling v) with its subtrees of at
    most exact_max answers replaced by exact optima where they total less,
    and its total: a candidate's parts then compare fairly with the
    current tree, whose subtrees the widening improves the same way."""
    if len(S) <= 2:
        return v, node  # (a tree of 1 or 3 is optimal)
    if len(S) <= exact_max:
        # beta = the beam's value: fast, as the search never has to prove a
        # cap infeasible (26 answers, 4 guesses, a loose beta: 35 s measured).
        w, better = exact.solve_group(S, legal, depth, beta=v)
        return (int(w), better) if better is not None else (v, node)
    guess = beamer.lists.guess_index(node.guess)
    row = beamer.table[guess, S]
    for p, child in node.children.items():
        sub = np.ascontiguousarray(S[row == p])
        was = subtree_total(beamer, child, sub)
        now, node.children[p] = _polish(
            beamer,
            exact,
            sub,
            beamer.legal_after(legal, guess, p),
            depth=depth - 1,
            node=child,
            v=was,
            exact_max=exact_max,
        )
        v -= was - now
    return v, node


def _improve(s: Spot, node: Node, cost: int) -> None:
    """Put node (totalling cost < s.ub) in s's place; the totals above drop by as much."""
    delta = s.ub - cost
    s.node, s.ub = node, cost
    if s.up is None:
        s.group.node = node
    else:
        s.up.node.children[s.pattern] = node
    up = s.up
    while up is not None:
        up.ub -= delta
        up = up.up
    s.group.ub -= delta


def subtree_total(engine: Engine, node: Node, S: np.ndarray) -> int:
    """Total guesses of the subtree node over the answers S."""
    row = engine.table[engine.lists.guess_index(node.guess), S]
    return len(S) + sum(subtree_total(engine, child, S[row == p]) for p, child in node.children.items())


@contextlib.contextmanager
def stopping(engines: List[Engine], deadline: Optional[float]) -> Iterator[None]:
    """Stop the engines' solvers at the deadline (they raise KeyboardInterrupt
    and refuse further work, so a stopped engine is done)."""
    timer = None
    if deadline is not None:
        timer = threading.Timer(max(0.0, deadline - time.monotonic()), _stop_all, (engines,))
        timer.daemon = True
        timer.start()
    try:
        yield
    finally:
        if timer is not None:
            timer.cancel()


def _stop_all(engines: List[Engine]) -> None:
    for engine in engines:
        engine.stop_solvers()
