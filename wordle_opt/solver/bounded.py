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
# (A full refined bound of QAJAQ's 1369 greys costs about 0.15 s: 16 of them
# took 2.5 s of a minute.)
SEED = 4


def takes(rule, size: int, *, every_guess_legal: bool = True, min_size: Optional[int] = None) -> bool:
    """Whether a set of ``size`` answers goes through `solve_bounded`: easy
    mode (``rule`` None, every guess legal at the set) and at least
    ``min_size`` answers (None: BOUNDED_MIN, read at the call, so tests can
    lower it).  Below 300 answers the exact search was as fast or faster
    (WAVER's 434: 1.9 s searched against 2.1 s in batch)."""
    least = BOUNDED_MIN if min_size is None else min_size
    return rule is None and every_guess_legal and size >= least


def solve_bounded(
    engine: Engine,
    S: np.ndarray,
    cap: int,
    *,
    beta: Optional[int] = None,
    tree: bool = True,
    threads: Optional[int] = None,
    min_size: int = BOUNDED_MIN,
    tally: Optional[List[int]] = None,
) -> Tuple[int, Optional[Node]]:
    """The optimal cost of the answer set ``S`` (indices in the engine's order)
    within ``cap`` guesses, easy mode, and its tree.

    Contract: a cost below ``beta`` (None: no cut-off) is S's optimum, with its
    optimal tree (if ``tree``); a cost at or above beta is a lower bound on it,
    with no tree; with no tree within the cap, the engine's infinity (or, given
    beta, any cost >= beta) and no tree.  Exact because every guess is either
    refuted by a proven lower bound at or above the best total so far (or
    beta), or searched under it as beta, child by child (`Engine.solve_group`'s
    contract, the same as this one); children of ``min_size`` answers or more
    are solved here again, on one thread.  ``threads``: the engine's (None) or
    fewer; ``tally``: a list [guesses settled, guesses] kept current for
    progress."""
    if engine.rule is not None:
        raise ValueError("solve_bounded is easy mode only")
    S = np.ascontiguousarray(S, dtype=np.int32)
    n = len(S)
    inf = engine.inf
    if cap < 1:
        return inf, None
    # (np.take: 0.1 s for QAJAQ's 1369 columns, where table[:, S] took 1.7 s at load 9)
    sub = np.ascontiguousarray(np.take(engine.table, S, axis=1))
    Bounder = engine.lists.modules.bounds.Bounder
    codes = np.ascontiguousarray(engine.lists.guess_codes)
    k = len(engine.all_solvers) if threads is None else threads
    bounders = [Bounder(sub, codes, 0) for _ in range(k)]
    quick = bounders[0].quick(cap)
    order = np.argsort(quick, kind="stable").astype(np.int32)
    state = _Best(inf if beta is None else beta)
    if tally is not None:
        tally[:] = [0, len(order)]

    def child(C: np.ndarray, budget: Optional[int], want_tree: bool) -> Tuple[int, Optional[Node]]:
        if len(C) >= min_size:
            return solve_bounded(engine, C, cap - 1, beta=budget, tree=want_tree, threads=1, min_size=min_size)
        return engine.solve_group(C, engine.all_guesses, cap - 1, budget)

    def evaluate(g: int, beta: int, bounder) -> int:
        """g's total at S if below beta, else a value >= beta."""
        pats, sizes, bounds = bounder.opener_groups(g, cap)
        row = sub[g]
        acc = n + int(bounds.sum())
        if acc >= beta:
            return acc
        for p, lb in zip(pats.tolist(), bounds.tolist()):
            budget = beta - (acc - lb)
            cost, _ = child(np.ascontiguousarray(S[row == p]), None if budget >= inf else budget, False)
            if cost >= inf:
                return inf
            acc += cost - lb
            if acc >= beta:
                return acc
        return acc

    def run(tasks) -> list:
        # (one thread: here; more: the engine's threads, the main one waiting
        # where Ctrl-C reaches it)
        return [task() for task in tasks] if k == 1 else engine.run(tasks)

    # The seed: a first total to beat, from the likeliest candidate.
    seeds = [int(g) for g in order[:SEED] if quick[g] < state.value]
    if seeds:
        refined = [bounders[0].opener(g, cap) for g in seeds]
        if min(refined) < state.value:
            g0 = seeds[int(np.argmin(refined))]
            run([lambda: state.offer(evaluate(g0, state.value, bounders[0]), g0)])

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
            if g == state.guess:
                continue  # (the best so far: searched already)
            if quick[g] >= beta:
                if quick[g] > state.value:
                    if tally is not None:
                        tally[0] = len(order)  # (the quick bound settles every later guess)
                    return  # (the rest of this share is no better)
                continue
            if bounder.opener(g, cap, beta if beta < inf else -1) >= beta:
                continue
            state.offer(evaluate(g, beta, bounder), g)

    run([lambda t=t: share(t) for t in range(k)])
    if state.guess < 0 or not tree:
        return state.value, None  # (guess < 0: beta or infinity, nothing below it)
    g = state.guess
    # The best guess's children, solved again exactly for their trees (most
    # are cache hits: its search solved each below its beta).
    row = engine.table[g, S]
    groups = [(int(p), np.ascontiguousarray(S[row == p])) for p in np.unique(row) if p != engine.all_green]
    subs = run([lambda C=C: child(C, None, True) for _, C in groups])
    node = Node(engine.lists.guesses[g], {})
    total = n
    for (p, _), (cost, sub_node) in zip(groups, subs):
        node.children[p] = sub_node
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


__all__: List[str] = ["BOUNDED_MIN", "solve_bounded", "takes"]
