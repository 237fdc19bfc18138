"""The anytime search's first trees: a tree within the cap for every group of
the opener's split, by beam solvers (`beam_trees`) or, with ``--fit``, by
the depth-first feasibility search (`fit_trees`)."""

from __future__ import annotations

import functools
from typing import Callable, Dict, List, Mapping, Optional, Tuple

from wordle_opt.display import Note, ProgressCallback, plural
from wordle_opt.solver.anytime_fit import Fitter
from wordle_opt.solver.anytime_groups import Group, tally
from wordle_opt.solver.anytime_widen import stopping, subtree_total
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.feasible import Feasible, OutOfTime


def fit_trees(
    engine: Engine,
    groups: List[Group],
    depth: int,
    *,
    deadline: Optional[float],
    note: Optional[Note],
    progress: Optional[ProgressCallback],
    keep: Callable[[], None],
    second: Mapping[int, int],
) -> Tuple[bool, bool]:
    """A tree within ``depth`` guesses for each group without one, by the
    feasibility search (smallest groups first, so the progress counts;
    ``second[colouring]`` tried first in its group; ``keep()`` after each
    tree, the checkpoint).
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
            keep()
            if progress is not None:
                progress(sum(h.node is not None for h in groups), len(groups), "fitted: a tree for")
    except (OutOfTime, KeyboardInterrupt):
        return True, False
    if note is not None:
        note(
            f"fitted: every group has a tree within the cap (total {len(engine.lists.answers) + sum(g.ub for g in groups)})"
        )
    return False, False


def beam_trees(
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
        tally(counts, beamer)
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
            tally(counts, beamer)
            return True, None
        todo = [g for g in todo if g.node is None]
        if beam >= len(engine.all_guesses) or (todo and max_beam is not None and 4 * beam > max_beam):
            break  # (every guess: the exact closing phase decides; else the caller's limit)
        beam *= 4
    return False, beamer
