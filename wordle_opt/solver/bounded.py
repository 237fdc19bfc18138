"""Big groups, refuted in batch: the opener ranking's bounds at a group's root.

A poor opener leaves groups of hundreds of answers.  At such a group's root
the exact search must refute thousands of candidate guesses whose one-level
bound lies below the group's optimum, and it refutes each by solving its
children until their sum passes beta: TOOTH's group of 973 took 88 s of
CPU, most of it in children of 64-243 answers.  The opener ranking refutes
the same candidates from their children's group bounds (`Bounder.opener`:
each child's best split, memoised by answer set, swept with the letter and
presence caps and stopped at beta): ranked as a game of its own, that group
took 28 s of CPU.

`solve_bounded` does the ranking's work inside one group, in process, on the
engine's threads: every guess's quick bound (`Bounder.quick`), then, in that
order, each candidate's refined bound stopped at the best total so far, and
only a candidate whose refined bound is below that best is searched, child
by child, each child with the beta that is left.  The children's exact values
and the group's own go into the solvers' caches, so `Engine._build` walks the
tree from them.  Easy mode only: in hard mode the candidates' children have
their own legal guesses, which the sub-table's bounder does not know.
"""

from __future__ import annotations

import threading
from typing import List, Optional, Tuple

import numpy as np

from wordle_opt.solver.engine import Engine
from wordle_opt.trees.node import Node

# Groups of at least this many answers go through solve_bounded (easy mode).
BOUNDED_MIN = 300
# The seed: of the SEED best candidates by quick bound, the one with the least
# refined bound is searched first, with no cut-off, for the first best total.
SEED = 16


def solve_bounded(
    engine: Engine, S: np.ndarray, cap: int, *, tally: Optional[List[int]] = None
) -> Tuple[int, Optional[Node]]:
    """The optimal cost of the answer set ``S`` (indices in the engine's order)
    within ``cap`` guesses, easy mode, and its tree (None when no tree fits the
    cap; the cost is then the engine's infinity).  Exact: every guess is
    either refuted by a proven lower bound at or above the best total found,
    or searched; the first searched has no cut-off, each later one the best
    total so far as beta (`Engine.solve_group`'s contract: a child's value
    below its beta is exact, one at or above it is a lower bound).
    ``tally``: a list [guesses settled, guesses] kept current for progress."""
    if engine.rule is not None:
        raise ValueError("solve_bounded is easy mode only")
    S = np.ascontiguousarray(S, dtype=np.int32)
    n = len(S)
    if cap < 1:
        return engine.inf, None
    sub = np.ascontiguousarray(engine.table[:, S])
    Bounder = engine.lists.modules.bounds.Bounder
    codes = np.ascontiguousarray(engine.lists.guess_codes)
    k = len(engine.all_solvers)
    bounders = [Bounder(sub, codes, 0) for _ in range(k)]
    quick = bounders[0].quick(cap)
    order = np.argsort(quick, kind="stable").astype(np.int32)
    inf = engine.inf
    state = _Best(inf)
    if tally is not None:
        tally[:] = [0, len(order)]

    def evaluate(g: int, beta: int, bounder) -> int:
        """g's total at S if below beta (its children then cached exactly), else
        a value >= beta."""
        pats, sizes, bounds = bounder.opener_groups(g, cap)
        row = sub[g]
        acc = n + int(bounds.sum())
        if acc >= beta:
            return acc
        for p, lb in zip(pats.tolist(), bounds.tolist()):
            child = np.ascontiguousarray(S[row == p])
            budget = beta - (acc - lb)
            cost, _ = engine.solve_group(child, engine.all_guesses, cap - 1, None if budget >= inf else budget)
            if cost >= inf:
                return inf
            acc += cost - lb
            if acc >= beta:
                return acc
        return acc

    # The seed: a first total to beat, from the likeliest candidate.
    seeds = [int(g) for g in order[:SEED] if quick[g] < inf]
    if seeds:
        refined = [bounders[0].opener(g, cap) for g in seeds]
        if min(refined) < inf:
            g0 = seeds[int(np.argmin(refined))]
            engine.run([lambda: state.offer(evaluate(g0, inf, bounders[0]), g0)])

    def share(t: int) -> None:
        bounder = bounders[t]
        for g in order[t::k].tolist():
            if engine.stopping.is_set():
                raise KeyboardInterrupt
            if tally is not None:
                tally[0] += k  # (approximate while the threads run: progress only)
            # Ties go to the smaller guess index (a tree independent of the
            # threads' timing): such a guess must come in under best + 1.
            beta = state.value + (1 if g < state.guess else 0)
            if quick[g] >= beta:
                if quick[g] > state.value:
                    if tally is not None:
                        tally[0] = len(order)  # (the quick bound settles every later guess)
                    return  # (the rest of this share is no better)
                continue
            if bounder.opener(g, cap, beta if beta < inf else -1) >= beta:
                continue
            state.offer(evaluate(g, beta, bounder), g)

    engine.run([lambda t=t: share(t) for t in range(k)])
    if state.value >= inf:
        return inf, None
    g = state.guess
    # The best guess's children, solved again exactly for their trees (most
    # are cache hits: its search solved each below its beta).
    row = engine.table[g, S]
    children = [(int(p), np.ascontiguousarray(S[row == p])) for p in np.unique(row) if p != engine.all_green]
    subs = engine.run([lambda C=C: engine.solve_group(C, engine.all_guesses, cap - 1) for _, C in children])
    node = Node(engine.lists.guesses[g], {})
    total = n
    for (p, _), (cost, child) in zip(children, subs):
        node.children[p] = child
        total += cost
    if total != state.value:
        raise RuntimeError(f"internal error: a big group's best guess valued {state.value}, its tree {total}")
    return state.value, node


class _Best:
    """The best total found so far and its guess, shared by the threads."""

    def __init__(self, inf: int):
        self.value, self.guess = inf, -1
        self._lock = threading.Lock()

    def offer(self, value: int, guess: int) -> None:
        with self._lock:
            if value < self.value or (value == self.value and guess < self.guess):
                # (an equal value counts only from a guess searched under
                # best + 1, so it is exact: see share())
                self.value, self.guess = value, guess


__all__: List[str] = ["BOUNDED_MIN", "solve_bounded"]
