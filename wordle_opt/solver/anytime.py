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
The groups are `wordle_opt.solver.anytime_groups`; the beam and the fitting
(step 1) `wordle_opt.solver.anytime_beam`; the closing (step 2)
`wordle_opt.solver.anytime_close`; the checkpoint
`wordle_opt.solver.anytime_saving`.  This module runs the phases in turn.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from typing import Callable, Dict, List, Mapping, Optional, Tuple

from wordle_opt.display import Note, ProgressCallback
from wordle_opt.solver.anytime_beam import beam_trees, fit_trees
from wordle_opt.solver.anytime_close import close, prove_trees
from wordle_opt.solver.anytime_groups import Group, opener_groups, tally
from wordle_opt.solver.anytime_saving import Saver, poller
from wordle_opt.solver.anytime_widen import FAR, FAR_BEAM, widen, widen_far
from wordle_opt.solver.engine import Engine
from wordle_opt.trees.node import Node

# The far widening's share of the time left.  On LANTS (one thread, 2400 s),
# with half of what the proofs left (622 s), it tried fewer than 274 second
# guesses in each of the 21 open groups: it found the group of 174's 139th,
# not the group of 354's 274th and 335th, which save 15 and 21 (measured).
FAR_SHARE = 2 / 3


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
    saver = Saver(engine, opener, groups, depth=depth - 1, store=store, note=note)
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
    saver: Saver,
    t0: float,
    max_beam: Optional[int] = None,
    fit: bool = False,
    second: Mapping[int, int],
) -> Anytime:
    n = len(engine.lists.answers)
    counts = {"nodes": 0, "cache_hits": 0}
    if fit:
        fitted = _fit_phase(
            engine,
            opener,
            groups,
            depth - 1,
            deadline=deadline,
            note=note,
            progress=progress,
            saver=saver,
            counts=counts,
            t0=t0,
            second=second,
        )
        if fitted is not None:
            return fitted
    stopped, beamer = _beam_phase(
        engine,
        groups,
        depth - 1,
        beam=beam,
        deadline=deadline,
        note=note,
        progress=progress,
        saver=saver,
        counts=counts,
        max_beam=max_beam,
    )
    beam_seconds = time.monotonic() - t0
    if not stopped and max_beam is not None and any(g.node is None for g in groups):
        tally(counts, beamer)
        return _outcome(engine, groups, None, seconds=beam_seconds, stopped=False, counts=counts, gave_up=True)
    poll = poller(engine, groups, saver=saver, progress=progress, t0=t0)
    widening = functools.partial(
        _widening,
        engine,
        groups=groups,
        depth=depth - 1,
        beam=beam,
        deadline=deadline,
        poll=poll,
        saver=saver,
        counts=counts,
        note=note,
        t0=t0,
    )
    if not stopped and deadline is not None:
        stopped = widening(beamer, level=1)
    tally(counts, beamer)
    del beamer  # its caches: the closing phase needs the memory
    if note is not None and not stopped:
        note(
            f"tree totals {n + sum(g.ub for g in groups)} ({time.monotonic() - t0:.0f} s); now raising the lower bound"
        )
    if not stopped:
        far = functools.partial(widening, None, level=2)
        stopped = _closing(engine, groups, depth - 1, deadline=deadline, poll=poll, counts=counts, far=far)
    tally(counts, engine)
    feasible = depth >= 1 and all(g.node is not None for g in groups)
    root = Node(engine.lists.guesses[opener], {g.pattern: g.node for g in groups}) if feasible else None
    # (an infeasible beam group counts as INF: the total then says "no tree")
    return _outcome(engine, groups, root, seconds=beam_seconds, stopped=stopped, counts=counts)


def _outcome(
    engine: Engine,
    groups: List[Group],
    root: Optional[Node],
    *,
    seconds: float,
    stopped: bool,
    counts: Dict[str, int],
    gave_up: bool = False,
) -> Anytime:
    """The search's result: the tree ``root`` (None: none), the groups'
    upper and lower bounds summed with the opener's n."""
    n = len(engine.lists.answers)
    return Anytime(
        root,
        n + sum(g.ub for g in groups),
        n + sum(g.lb for g in groups),
        groups,
        seconds,
        stopped,
        counts,
        gave_up=gave_up,
    )


def _fit_phase(
    engine: Engine,
    opener: int,
    groups: List[Group],
    depth: int,
    *,
    deadline: Optional[float],
    note: Optional[Note],
    progress: Optional[ProgressCallback],
    saver: Saver,
    counts: Dict[str, int],
    t0: float,
    second: Mapping[int, int],
) -> Optional[Anytime]:
    """`fit_trees` for the groups without a tree; the search's result when
    it ends the search (stopped, a group with no tree, or no time limit),
    else None: the beam and the closing go on."""
    n = len(engine.lists.answers)
    stopped, proven = fit_trees(
        engine,
        groups,
        depth,
        deadline=deadline,
        note=note,
        progress=progress,
        keep=saver.save_now_and_then,
        second=second,
    )
    if stopped or proven or deadline is None:
        # (no time limit: the fitted tree is the answer; the exact phases
        # would not end on the games that need the fitting)
        tally(counts, engine)
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
    return None


def _beam_phase(
    engine: Engine,
    groups: List[Group],
    depth: int,
    *,
    beam: int,
    deadline: Optional[float],
    note: Optional[Note],
    progress: Optional[ProgressCallback],
    saver: Saver,
    counts: Dict[str, int],
    max_beam: Optional[int],
) -> Tuple[bool, Optional[Engine]]:
    """`beam_trees` for the groups without a tree, with progress and the
    checkpoint while it runs, saved when it ends; (stopped, its engine)."""

    def beam_poll(width: int) -> None:
        # (the beam's first pass over the every-word game's groups took over
        # 15 min of CPU in hard mode, printing nothing and saving nothing
        # until its end: a kill lost every group's tree)
        saver.save_now_and_then()
        if progress is not None:
            have = sum(g.node is not None for g in groups)
            progress(have, len(groups), f"beam {width}: a tree for")

    stopped, beamer = beam_trees(
        engine,
        [g for g in groups if g.node is None],
        depth,
        beam=beam,
        note=note,
        deadline=deadline,
        counts=counts,
        max_beam=max_beam,
        poll=beam_poll,
    )
    if not stopped:
        saver.save()
    return stopped, beamer


def _closing(
    engine: Engine,
    groups: List[Group],
    depth: int,
    *,
    deadline: Optional[float],
    poll: Callable[[], None],
    counts: Dict[str, int],
    far: Callable[[], bool],
) -> bool:
    """The closing (see the module): the trees' proofs in a quarter of the
    time left, the far widening (``far()``, with a time limit only), then
    the rounds that raise the bounds; True when stopped (time or Ctrl-C)."""
    engine.poll = poll
    try:
        stopped = prove_trees(
            engine,
            groups,
            depth,
            deadline=None if deadline is None else time.monotonic() + (deadline - time.monotonic()) / 4,
            counts=counts,
        )
        if not stopped and deadline is not None:
            stopped = far()
        if not stopped:
            stopped = close(engine, groups, depth, deadline)
        return stopped
    finally:
        engine.poll = None


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
    saver: Saver,
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
        tally(counts, e)
    if not stopped and time.monotonic() < until:
        for g in todo:
            g.widened = level  # every idea tried: a resumed search need not try them again
    if not stopped:
        saver.save()
    return stopped
