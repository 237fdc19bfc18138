"""The anytime search: a tree at once, then a proven lower bound that rises
until it meets the tree's total (or the time runs out).

1. Beam: each group of the opener's split is solved by beam solvers (only the
   ``beam`` most promising guesses at each node, in the exact scan's bound
   order).  Their values are upper bounds with a tree; they live in the beam
   solvers' own caches and never reach the exact ones.  With a time limit,
   half the time left then widens the beam (`wordle_opt.solver.anytime_widen`:
   more second guesses at the groups' roots, then more guesses in their
   subtrees, largest first, and small subtrees solved exactly).
2. Closing: first one exact search per group with beta = its tree's total
   (smallest groups first, a quarter of the time left at most): it proves
   the tree optimal or returns a better one.  Then two thirds of the time
   left widen the groups still open further: many more second guesses, with
   a wider beam (`wordle_opt.solver.anytime_widen.widen_far`; after the proofs, so
   that it costs nothing where they close every group).  The exact solvers
   then raise each open group's lower bound, in rounds, by searches with a
   beta between the bound and the tree's total:
   a value at or above beta proves the bound beta (the solver's contract);
   a value below beta is the exact optimum, with its tree.  A group whose
   bound reaches its beam value is proven optimal.

The tree's total is n + sum of the groups' upper bounds, the proven bound
n + sum of their lower bounds; when they meet the proof is complete.  The time
limit (or Ctrl-C) stops any phase: what was proven stays, and the best
tree so far is returned -- none when the beam had not yet built a tree for
every group (which proves nothing about the cap: the search did not finish).

With a ``store`` (a checkpoint, `wordle_opt.openers.checkpoint`), each group's best
tree and proven bound are saved after each phase, every ``SAVE_SECONDS``
while the widening and the closing run, and when stopped; a rerun starts
from them: the
beam only builds the trees still missing, the widening skips the groups it
had finished with, and the closing skips the groups already proven.
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Mapping, Optional, Tuple

import numpy as np

from wordle_opt.display import Note, ProgressCallback, gap, plural
from wordle_opt.errors import WordleOptError
from wordle_opt.solver.anytime_fit import Fitter
from wordle_opt.solver.anytime_widen import FAR, FAR_BEAM, stopping, subtree_total, widen, widen_far
from wordle_opt.solver.engine import Engine, rule_code
from wordle_opt.solver.feasible import Feasible, OutOfTime
from wordle_opt.solver.levels import Terms, cap_fits, group3, new_terms
from wordle_opt.trees.node import Node

SAVE_SECONDS = 30.0  # the groups' trees and bounds go to the checkpoint this often (widening, closing)
# The far widening's share of the time left.  On LANTS (one thread, 2400 s),
# with half of what the proofs left (622 s), it tried fewer than 274 second
# guesses in each of the 21 open groups: it found the group of 174's 139th,
# not the group of 354's 274th and 335th, which save 15 and 21 (measured).
FAR_SHARE = 2 / 3
# The closing gives the open groups of this many answers or more their
# two-level bound (Bounder.group2) before its exact rounds.  TARNS's open
# groups after the from-scratch hour of the every-word game (1132, 1331 and
# 367 answers): 3505 -> 3880, 4058 -> 4309, 1173 -> 1251, 184 + 80 + 81 s of
# one core before group2's speed-ups, where the hour's rounds had stalled;
# after them all 12 groups left open took about 60 s on 2 threads (the
# bound 50710 -> 52118).  The 2315 answers' groups (SALET's largest, 221:
# 590 -> 609) take 0.05 s.
TWO_LEVEL_MIN = 100
# Then the open groups of this many answers or more get their three-level
# bound (wordle_opt.solver.levels.group3), smallest first, in this share of the
# time left (each group an even part of what remains; the exact rounds have
# the rest).  TARNS's open groups after the from-scratch 40 minutes, one core
# each: 1331 answers 4309 -> 4373 in 134 s (the full value; its tree 4375),
# 367 answers 1251 -> 1288 in 560 s (stopped; its tree 1328).  In that run's
# closing (2 threads, about 390 s for this step) the bound went 52222 -> 52442.
THREE_LEVEL_MIN = 100
THREE_LEVEL_SHARE = 1 / 2


@dataclass
class Group:
    """One group of the opener's split: its bounds and the best tree so far."""

    pattern: int
    S: np.ndarray
    legal: np.ndarray
    ub: int
    lb: int
    node: Optional[Node]
    widened: int = 0  # how far the widening ran out of ideas for it, 1 or 2 (a resumed search skips those)
    terms: Optional[Terms] = field(default=None, repr=False)  # its two-level step's second guesses (for group3)

    @property
    def closed(self) -> bool:
        return self.lb >= self.ub


@dataclass
class Anytime:
    root: Optional[Node]  # None when some group has no tree within the cap
    total: int  # the tree's total (an upper bound on the optimum)
    lower_bound: int  # proven: no tree from this opener totals less
    groups: List[Group]
    beam_seconds: float
    stopped: bool  # the time limit or Ctrl-C ended the search before its proof
    counts: Dict[str, int]  # nodes searched and cache hits, over every engine of every phase
    gave_up: bool = False  # the beam fitted no tree within the cap, even at max_beam (proves nothing)


def anytime_search(
    engine: Engine,
    opener: int,
    depth: int,
    *,
    beam: int,
    time_limit: Optional[float],
    note: Optional[Note] = None,
    progress: Optional[ProgressCallback] = None,
    store=None,
    max_beam: Optional[int] = None,
    fit: bool = False,
    second: Optional[Mapping[int, int]] = None,
) -> Anytime:
    """Best tree from ``opener`` within ``depth`` guesses found by the beam,
    improved and bounded by the exact engine until ``time_limit`` seconds
    have passed (None: until every group is proven).  ``progress(groups
    closed, groups, status)`` reports the bounds while the closing runs.
    ``store``: a checkpoint to resume from and save to (see the module).
    ``max_beam``: the widest beam tried for a group the beam cannot fit
    within the cap; past it the search gives up (``gave_up``, no tree and
    nothing proven about the cap; None: widen until the exact closing
    phase decides).  ``fit``: first a tree within the cap for every group by
    the depth-first feasibility search (`wordle_opt.solver.feasible`; a
    group it proves has none ends the search: no tree, ``unsolvable``), and
    the beam only for the groups it had no time for; without a time limit
    the fitted tree is returned as it is).  ``second``: colouring -> the
    guess the fitting tries first in that group (`Feasible.fit_first`; each
    legal after the opener's colouring, as checked at the edge)."""
    t0 = time.monotonic()
    groups = opener_groups(engine, opener, depth)
    saver = _Saver(engine, opener, groups, depth=depth - 1, store=store, note=note)
    deadline = None if time_limit is None else t0 + time_limit
    try:
        return _phases(
            engine,
            opener,
            groups,
            depth=depth,
            beam=beam,
            deadline=deadline,
            note=note,
            progress=progress,
            saver=saver,
            t0=t0,
            max_beam=max_beam,
            fit=fit,
            second=second or {},
        )
    finally:
        saver.save()  # (stopped or done: what it found stays)


def _phases(
    engine: Engine,
    opener: int,
    groups: List[Group],
    *,
    depth: int,
    beam: int,
    deadline: Optional[float],
    note: Optional[Note],
    progress: Optional[ProgressCallback],
    saver: "_Saver",
    t0: float,
    max_beam: Optional[int] = None,
    fit: bool = False,
    second: Mapping[int, int],
) -> Anytime:
    n = len(engine.lists.answers)
    counts = {"nodes": 0, "cache_hits": 0}
    if fit:
        stopped, proven = _fit_trees(
            engine, groups, depth - 1, deadline=deadline, note=note, progress=progress, saver=saver, second=second
        )
        if stopped or proven or deadline is None:
            # (no time limit: the fitted tree is the answer; the exact phases
            # would not end on the games that need the fitting)
            _tally(counts, engine)
            whole = not (stopped or proven)
            return Anytime(
                Node(engine.lists.guesses[opener], {g.pattern: g.node for g in groups}) if whole else None,
                n + sum(min(g.ub, engine.inf) for g in groups),
                n + sum(g.lb for g in groups),
                groups,
                time.monotonic() - t0,
                stopped,
                counts,
            )

    def beam_poll(width: int) -> None:
        # (the beam's first pass over the every-word game's groups took over
        # 15 min of CPU in hard mode, printing nothing and saving nothing
        # until its end: a kill lost every group's tree)
        saver.save_now_and_then()
        if progress is not None:
            have = sum(g.node is not None for g in groups)
            progress(have, len(groups), f"beam {width}: a tree for")

    stopped, beamer = _beam_trees(
        engine,
        [g for g in groups if g.node is None],
        depth - 1,
        beam=beam,
        note=note,
        deadline=deadline,
        counts=counts,
        max_beam=max_beam,
        poll=beam_poll,
    )
    beam_seconds = time.monotonic() - t0
    if not stopped:
        saver.save()
    if not stopped and max_beam is not None and any(g.node is None for g in groups):
        _tally(counts, beamer)
        return Anytime(
            None,
            n + sum(g.ub for g in groups),
            n + sum(g.lb for g in groups),
            groups,
            beam_seconds,
            False,
            counts,
            gave_up=True,
        )

    def poll() -> None:
        saver.save_now_and_then()
        if progress is not None:
            lb, ub = n + sum(g.lb for g in groups), n + sum(g.ub for g in groups)
            progress(
                sum(g.closed for g in groups),
                len(groups),
                f"tree {ub}, proven >= {lb} ({gap(ub, lb)}), {time.monotonic() - t0:.0f} s",
            )

    if not stopped and deadline is not None:
        stopped = _widening(
            engine,
            beamer,
            groups,
            depth=depth - 1,
            beam=beam,
            deadline=deadline,
            level=1,
            poll=poll,
            saver=saver,
            counts=counts,
            note=note,
            t0=t0,
        )
    _tally(counts, beamer)
    del beamer  # its caches: the closing phase needs the memory
    if note is not None and not stopped:
        note(
            f"tree totals {n + sum(g.ub for g in groups)} ({time.monotonic() - t0:.0f} s); now raising the lower bound"
        )
    engine.poll = poll
    try:
        if not stopped:
            stopped = _prove_trees(
                engine,
                groups,
                depth - 1,
                deadline=None if deadline is None else time.monotonic() + (deadline - time.monotonic()) / 4,
                counts=counts,
            )
        if not stopped and deadline is not None:
            stopped = _widening(
                engine,
                None,
                groups,
                depth=depth - 1,
                beam=beam,
                deadline=deadline,
                level=2,
                poll=poll,
                saver=saver,
                counts=counts,
                note=note,
                t0=t0,
            )
        if not stopped:
            stopped = _close(engine, groups, depth - 1, deadline)
    finally:
        engine.poll = None
        _tally(counts, engine)
    feasible = depth >= 1 and all(g.node is not None for g in groups)
    root = Node(engine.lists.guesses[opener], {g.pattern: g.node for g in groups}) if feasible else None
    # (an infeasible beam group counts as INF: the total then says "no tree")
    return Anytime(
        root, n + sum(g.ub for g in groups), n + sum(g.lb for g in groups), groups, beam_seconds, stopped, counts
    )


def _fit_trees(
    engine: Engine,
    groups: List[Group],
    depth: int,
    *,
    deadline: Optional[float],
    note: Optional[Note],
    progress: Optional[ProgressCallback],
    saver: "_Saver",
    second: Mapping[int, int],
) -> Tuple[bool, bool]:
    """A tree within ``depth`` guesses for each group without one, by the
    feasibility search (smallest groups first, so the progress counts;
    ``second[colouring]`` tried first in its group).
    (stopped: the deadline or Ctrl-C came first, proven: some group has no
    tree within the cap, a proof; that group's bounds are then infinite.)"""
    todo = sorted((g for g in groups if g.node is None), key=lambda g: len(g.S))
    if note is not None and todo:
        note(
            f"fitting a tree within {plural(depth, 'more guess')} for each of {plural(len(todo), 'group')} (depth first)"
        )

    def tick() -> None:
        if progress is not None:
            have = sum(g.node is not None for g in groups)
            progress(have, len(groups), f"fitting ({feasible.nodes} sets searched): a tree for")

    feasible = Feasible(engine, deadline=deadline, tick=tick)
    try:
        for g in todo:
            if g.pattern in second:
                node = feasible.fit_first(g.S, g.legal, depth, second[g.pattern])
            else:
                node = feasible.fit(g.S, g.legal, depth)
            if node is None:
                g.lb = g.ub = engine.inf
                return False, True
            g.node, g.ub = node, subtree_total(engine, node, g.S)
            saver.save_now_and_then()
            if progress is not None:
                progress(sum(h.node is not None for h in groups), len(groups), "fitted: a tree for")
    except (OutOfTime, KeyboardInterrupt):
        return True, False
    if note is not None:
        note(
            f"fitted: every group has a tree within the cap (total {len(engine.lists.answers) + sum(g.ub for g in groups)})"
        )
    return False, False


def _widening(
    engine: Engine,
    beamer: Optional[Engine],
    groups: List[Group],
    *,
    depth: int,
    beam: int,
    deadline: float,
    level: int,
    poll: Callable[[], None],
    saver: "_Saver",
    counts: Dict[str, int],
    note: Optional[Note],
    t0: float,
) -> bool:
    """Widening ``level`` 1 (`widen`) or 2 (`widen_far`) of the groups not
    yet widened so far and still open, for half the time left (level 1) or
    FAR_SHARE of it (level 2); True when stopped (time or Ctrl-C).  A level
    run to its end marks its groups, so that a resumed search skips them.
    ``beamer``: the beam phase's engine (None: a new one)."""
    todo = [g for g in groups if g.node is not None and g.widened < level and not g.closed]
    if not todo:
        return False
    far_beam = max(beam, FAR_BEAM)
    if note is not None:
        total = len(engine.lists.answers) + sum(g.ub for g in groups)
        note(
            f"beam tree totals {total} ({time.monotonic() - t0:.0f} s); now trying more guesses, largest groups "
            "and subtrees first"
            if level == 1
            else f"tree totals {total} ({time.monotonic() - t0:.0f} s); now trying up to {FAR} second guesses in "
            f"each of the {len(todo)} open groups, beam {far_beam}"
        )
    until = time.monotonic() + (deadline - time.monotonic()) * (0.5 if level == 1 else FAR_SHARE)
    made: List[Engine] = []  # (every engine made here: their searching goes into counts)
    try:
        # (their own solvers: the widening's deadline stops them for good)
        if beamer is None:
            beamer = engine.with_beam(beam)  # (resumed, or the far widening)
            made.append(beamer)
        beamer.poll = poll
        exact = engine.with_beam(0)
        made.append(exact)
        if level == 1:
            stopped = widen(beamer, exact, todo, depth=depth, deadline=until)
        else:
            wide = engine.with_beam(far_beam)
            made.append(wide)
            stopped = widen_far(beamer, wide, exact, todo, depth=depth, deadline=until, far=FAR)
    except KeyboardInterrupt:
        stopped = True  # (Ctrl-C while its solvers were made: their caches take a while)
    for e in made:
        _tally(counts, e)
    if not stopped and time.monotonic() < until:
        for g in todo:
            g.widened = level  # every idea tried: a resumed search need not try them again
    if not stopped:
        saver.save()
    return stopped


def _tally(counts: Optional[Dict[str, int]], engine: Optional[Engine]) -> None:
    """Add what an engine searched to counts (before the engine is dropped)."""
    if counts is not None and engine is not None:
        st = engine.stats()
        counts["nodes"] += int(st["nodes"])
        counts["cache_hits"] += int(st["cache_hits"])


class _Saver:
    """The groups' trees and bounds to and from a checkpoint (``store``:
    `Checkpoint.groups` / `save_groups`; None: nothing kept).  Made before
    the search, it puts every saved tree that fits its group in place."""

    def __init__(self, engine: Engine, opener: int, groups: List[Group], *, depth: int, store, note: Optional[Note]):
        self.engine, self.opener, self.groups, self.store = engine, opener, groups, store
        self.last = time.monotonic()
        if store is None:
            return
        saved = store.groups(opener)
        for g in groups:
            if g.pattern not in saved:
                continue
            _, lb, widened, node = saved[g.pattern]
            g.lb = max(g.lb, lb)
            if fits(engine, node, g.S, depth):
                g.node, g.ub, g.widened = node, subtree_total(engine, node, g.S), widened
        if note is not None and saved:
            n = len(engine.lists.answers)
            have = [g for g in groups if g.node is not None]
            note(
                f"resumed: {len(have)} of {len(groups)} groups have a tree"
                + (f" (the tree totals {n + sum(g.ub for g in groups)})" if len(have) == len(groups) else "")
                + f", {sum(g.closed for g in have)} proven optimal"
            )

    def save(self) -> None:
        if self.store is None:
            return
        # (each tree's own total: a worker may be replacing one of its subtrees)
        self.store.save_groups(
            self.opener,
            [
                (g.pattern, subtree_total(self.engine, g.node, g.S), g.lb, g.widened, g.node)
                for g in self.groups
                if g.node is not None
            ],
        )
        self.last = time.monotonic()

    def save_now_and_then(self) -> None:
        if time.monotonic() - self.last >= SAVE_SECONDS:
            self.save()


def fits(engine: Engine, node: Node, S: np.ndarray, depth: int) -> bool:
    """Does the tree ``node`` solve every answer of S within ``depth``
    guesses?  (A saved tree is used only if it does; its rule is the
    checkpoint's, which must match the search's.)"""
    if depth < 1 or not engine.lists.is_guess(node.guess):
        return False
    row = engine.table[engine.lists.guess_index(node.guess), S]
    for p in np.unique(row):
        if p == engine.all_green:
            continue
        child = node.children.get(int(p))
        if child is None or not fits(engine, child, S[row == p], depth - 1):
            return False
    return True


def opener_groups(engine: Engine, opener: int, depth: int) -> List[Group]:
    """The opener's groups, each with a first proven bound (one scan of the
    guesses, `_bounds`), so that a search stopped in the beam still states one."""
    bounder = bounder_for(engine)
    return [
        Group(p, S, legal, 0, min(int(bounder.group(S, legal, depth - 1)), engine.inf), None)
        for p, S, legal in opener_parts(engine, opener)
    ]


def bounder_for(engine: Engine):
    """A Bounder over the engine's table (answers in the engine's order)."""
    return engine.lists.modules.bounds.Bounder(
        engine.table, np.ascontiguousarray(engine.lists.guess_codes), rule_code(engine.core, engine.rule)
    )


def opener_parts(engine: Engine, opener: int) -> List[Tuple[int, np.ndarray, np.ndarray]]:
    """(colouring, answers, legal guesses) of each group the opener leaves
    (the all-green one aside), in colouring order."""
    row = engine.table[opener]
    return [
        (int(p), np.flatnonzero(row == p).astype(np.int32), engine.legal_after(engine.all_guesses, opener, int(p)))
        for p in np.unique(row)
        if p != engine.all_green
    ]


def _beam_trees(
    engine: Engine,
    groups: List[Group],
    depth: int,
    *,
    beam: int,
    note: Optional[Note],
    deadline: Optional[float],
    counts: Optional[Dict[str, int]] = None,
    max_beam: Optional[int] = None,
    poll: Optional[Callable[[int], None]] = None,
):
    """A tree for every group by beam solvers.  A group that the beam cannot
    fit within the cap (all the guesses it tried, and those it went on to
    when none fitted, failed deeper down) is fitted by trying more guesses
    only where a part fails (`wordle_opt.solver.anytime_fit`), and failing that,
    tried again with a beam four times wider, up to ``max_beam`` (None: every
    guess).  True when the deadline or Ctrl-C stopped it (the groups it
    finished keep their trees), and the last beam's engine; each beam's
    searching goes into ``counts``; ``poll(beam)`` is called while the
    main thread waits (progress, the checkpoint)."""
    todo, beamer = groups, None
    while todo:
        if note is not None:
            note(f"beam {beam}: looking for a tree for each of {plural(len(todo), 'group')}")
        _tally(counts, beamer)
        beamer = None  # (the last beam's caches go before the next one's)
        beamer = engine.with_beam(beam)
        if poll is not None:
            beamer.poll = functools.partial(poll, beam)
        fitter = Fitter(beamer, deadline)

        def one(g: Group, beamer: Engine = beamer) -> None:
            node = fitter.fit(g.S, g.legal, depth)  # (the beam's tree, or one fitted where it fails)
            # (the built tree's own total: the figure the result reports)
            g.ub, g.node = (engine.inf, None) if node is None else (subtree_total(engine, node, g.S), node)

        try:
            with stopping([beamer], deadline):
                beamer.run([lambda g=g: one(g) for g in todo])
        except KeyboardInterrupt:
            _tally(counts, beamer)
            return True, None
        todo = [g for g in todo if g.node is None]
        if beam >= len(engine.all_guesses) or (todo and max_beam is not None and 4 * beam > max_beam):
            break  # (every guess: the exact closing phase decides; else the caller's limit)
        beam *= 4
    return False, beamer


# The longest time limit (about 31 years): a timer cannot wait 2**70 seconds,
# and its thread died with a traceback instead of an error (issue 26 fuzz).
MAX_TIME_LIMIT = 1e9
# The widest beam: more guesses than any list has (the core holds it in a C long).
MAX_BEAM = 10**6


def check_options(beam, time_limit) -> None:
    """One line for a bad ``beam`` or ``time_limit`` (None: the default)."""
    if beam is not None and (isinstance(beam, bool) or not isinstance(beam, int) or not 1 <= beam <= MAX_BEAM):
        raise WordleOptError(f"beam must be a positive number of guesses, at most {MAX_BEAM:,}, not {beam!r}")
    check_time_limit(time_limit)


def check_time_limit(time_limit) -> None:
    """One line for a ``time_limit`` that is not None or a positive finite number
    of seconds (an infinite one would overflow the timer: None is no limit)."""
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not (time_limit > 0 and math.isfinite(time_limit))
        or time_limit > MAX_TIME_LIMIT
    ):
        raise WordleOptError(
            f"time_limit must be a positive finite number of seconds, at most {MAX_TIME_LIMIT:.0e} "
            f"(None: no limit), not {time_limit!r}"
        )


def _prove_trees(
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
        _tally(counts, prover)
    return False


def _close(engine: Engine, groups: List[Group], depth: int, deadline: Optional[float]) -> bool:
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
    legal_after = None if engine.rule is None else engine.legal_after
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
