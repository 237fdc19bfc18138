"""The anytime search's closing: the exact engine and the two- and
three-level bounds raise each open group's proven lower bound towards its
tree's total, in rounds, until they meet or the time runs out."""

from __future__ import annotations

import time
from typing import Dict, List, Optional

from wordle_opt.solver.anytime_groups import Group, bounder_for, tally
from wordle_opt.solver.anytime_widen import stopping, subtree_total
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.levels import cap_fits, group3, new_terms

# The closing gives the open groups of this many answers or more their
# two-level bound (Bounder.group2) before its exact rounds, which stall on
# such groups: TARNS's group of 1132 (every-word game) rose 3505 -> 3880
# where an hour of rounds had left it (docs/history.md, "The every-word game").
TWO_LEVEL_MIN = 100
# Then the open groups of this many answers or more get their three-level
# bound (wordle_opt.solver.levels.group3), smallest first, in this share of the
# time left (each group an even part of what remains; the exact rounds have
# the rest): after the from-scratch 40 minutes it raised TARNS's bound
# 52222 -> 52442 (docs/history.md, "The three-level closing").
THREE_LEVEL_MIN = 100
THREE_LEVEL_SHARE = 1 / 2


def prove_trees(
    engine: Engine, groups: List[Group], depth: int, *, deadline: Optional[float], counts: Dict[str, int]
) -> bool:
    """One exact search per group, smallest first, with beta = its tree's
    total: at or above beta the tree is proven optimal, below it the search
    returns the optimum and its tree.  On the every-word game most widened
    trees of up to ~500 answers are optimal, and this proves it in seconds
    (399 answers 7 s, 521 15 s measured; a few time out past 120 s), where
    the closing's small steps of beta leave them far apart.  Its own
    solvers, which the deadline stops (then False); True on Ctrl-C.  Their
    searching goes into ``counts``."""
    todo = sorted((g for g in groups if g.node is not None and not g.closed), key=lambda g: len(g.S))

    def some(prover: Engine, mine: List[Group]) -> None:
        for g in mine:
            v, node = prover.solve_group(g.S, g.legal, depth, beta=g.ub)
            if node is not None:
                g.node, g.ub = node, subtree_total(prover, node, g.S)
            g.lb = max(g.lb, min(int(v), g.ub))

    prover = None
    try:
        prover = engine.with_beam(0)  # (inside: Ctrl-C may come while its caches are made)
        prover.poll = engine.poll
        k = len(prover.all_solvers)
        with stopping([prover], deadline):
            prover.run([lambda i=i: some(prover, todo[i::k]) for i in range(k)])
    except KeyboardInterrupt:
        return deadline is None or time.monotonic() < deadline
    finally:
        tally(counts, prover)
    return False


def close(engine: Engine, groups: List[Group], depth: int, deadline: Optional[float]) -> bool:
    """Raise the groups' lower bounds with the exact engine until the
    deadline; True when stopped early (time or Ctrl-C)."""
    todo = sorted((g for g in groups if not g.closed), key=lambda g: len(g.S))
    k = len(engine.all_solvers)
    bounders = [bounder_for(engine) for _ in range(k)]  # (one a thread: a Bounder keeps scratch state)
    engine.also_stop.extend(bounders)  # (before the timer starts: a late one would miss it)
    try:
        with stopping([engine], deadline):
            engine.run(
                [lambda i=i: _close_some(engine, todo[i::k], depth, bounders[i], deadline=deadline) for i in range(k)]
            )
    except KeyboardInterrupt:
        return True
    finally:
        for b in bounders:
            engine.also_stop.remove(b)
    return not all(g.closed for g in groups)


def two_level(engine: Engine, groups: List[Group], depth: int, bounder, *, min_size: int = TWO_LEVEL_MIN) -> bool:
    """Raise each open group of ``min_size`` answers or more to its two-level
    bound with ``depth`` guesses left (`Bounder.group2`, capped at the
    group's tree total: reaching it proves the tree optimal), largest first.
    Each keeps its second guesses' terms, where `three_level` goes on from.
    False when the bounder was stopped (what it proved is kept)."""
    for g in sorted(groups, key=lambda g: -len(g.S)):
        if g.closed or len(g.S) < min_size:
            continue
        g.terms = new_terms(engine.table)
        cap = min(g.ub, engine.inf)
        g.lb = max(g.lb, int(bounder.group2(g.S, g.legal, depth, cap=cap, terms=g.terms[0], stages=g.terms[1])))
        if bounder.stop_requested:
            return False
    return True


def three_level(
    engine: Engine,
    groups: List[Group],
    depth: int,
    bounder,
    *,
    deadline: Optional[float],
    min_size: int = THREE_LEVEL_MIN,
    share: float = THREE_LEVEL_SHARE,
) -> bool:
    """Raise each open group of ``min_size`` answers or more to its three-level
    bound with ``depth`` guesses left (`wordle_opt.solver.levels.group3`, capped
    at the group's tree total), smallest first.  With a ``deadline``
    (time.monotonic()), the step ends by ``share`` of the time left, each
    group stopped at an even part of what remains then (a stopped group3 is
    still a bound).  Second guesses that leave a group with no tree in
    depth - 1 guesses are left out (the cap proofs, up to 4 guesses: a
    prover a call, so a thread, keeps its witnesses).  False when the
    bounder was stopped (what it proved is kept)."""
    todo = sorted((g for g in groups if not g.closed and len(g.S) >= min_size), key=lambda g: len(g.S))
    legal_after = engine.legal_after if engine.rule.hard else None
    fits = cap_fits(engine.lists.modules.caps.CapProver(engine.table, engine.lists.length))
    end = None if deadline is None else time.monotonic() + share * max(0.0, deadline - time.monotonic())
    for i, g in enumerate(todo):
        until = None if end is None else time.monotonic() + (end - time.monotonic()) / (len(todo) - i)
        cap = min(g.ub, engine.inf)
        v = group3(
            bounder,
            engine.table,
            g.S,
            g.legal,
            d=depth,
            cap=cap,
            legal_after=legal_after,
            known=g.lb,
            terms=g.terms,
            deadline=until,
            fits=fits,
        )
        g.lb = max(g.lb, int(v))
        g.terms = None  # (13000 slots a group: not kept past their use)
        if bounder.stop_requested:
            return False
    return True


def _close_some(engine: Engine, groups: List[Group], depth: int, bounder, *, deadline: Optional[float]) -> None:
    """Raise the groups' bounds in rounds, one search per open group a round
    (smallest first), so every group's bound rises while time lasts.  Each
    search takes beta a sixteenth of the gap above the bound: a value at or
    above beta proves it (low betas prune hard, so these are cheap), a value
    below is the exact optimum with its tree.  Before the rounds, the big
    groups get their two-level bound (`two_level`), then their three-level
    one (`three_level`, in part of the time to ``deadline``)."""
    try:
        if not two_level(engine, groups, depth, bounder):
            return
        if not three_level(engine, groups, depth, bounder, deadline=deadline):
            return
        # A cheap first bound for every group: beta just above the closed form
        # and 2n (perfect_split) lets the scan run, and its least bound come back.
        for g in groups:
            v, node = engine.solve_group(g.S, g.legal, depth, beta=2 * len(g.S) + 1)
            if node is not None:
                g.lb = g.ub = int(v)  # below beta: the exact optimum
                g.node = node
            else:
                g.lb = max(g.lb, int(v))
                if g.ub >= engine.inf and g.lb >= engine.inf:
                    g.ub = g.lb  # infeasible for the exact search too
        while True:
            open_groups = [g for g in groups if not g.closed]
            if not open_groups:
                return
            for g in open_groups:
                beta = g.lb + max(1, (min(g.ub, engine.inf) - g.lb) // 16)
                v, node = engine.solve_group(g.S, g.legal, depth, beta=beta)
                if node is not None:
                    g.lb = g.ub = int(v)
                    g.node = node
                elif v >= engine.inf:
                    g.lb = g.ub = int(v)  # infeasible (only if the beam found nothing)
                else:
                    g.lb = max(g.lb, int(v))
    except KeyboardInterrupt:
        return  # stopped: the bounds proven so far stay
