"""Mid-sized groups, probed (easy mode): the search with a cut-off first,
the batch (`wordle_opt.solver.bounded`) only where the group costs more.

`solve_probed` decides, by a group's size, how it is solved exactly: small
groups by the core's search, the biggest in batch, and in between the
search with a cut-off a little above the group's lower bound, falling back
to the batch when the group's cost reaches it.  The cut-off only decides
how fast: below it the search's cost is exact (its contract), at or above
it the batch solves the group again, so any number in ``lb`` gives the
exact cost.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

import numpy as np

from wordle_opt.solver import bounded
from wordle_opt.solver.engine import Engine
from wordle_opt.trees.node import Node

# Easy mode, groups of PROBE_MIN to BOUNDED_MIN - 1 answers (`solve_probed`):
# first the search with a cut-off 1/PROBE_SLACK above the group's lower
# bound, and only if the group's cost reaches that, solve_bounded.  Most such
# groups cost a few percent over their bound and the probe solves them as
# fast as the search did; a few cost far more, and there the search alone
# took minutes where the batch takes a second (SPEAL's 213 answers after
# BBBBG on nyt-3158: bound 589, cost 660, searched in 46 s, probed and then
# in batch in 2.2 s; docs/how-it-works.md, "Biggest groups, refuted in batch").
PROBE_MIN = 64
PROBE_SLACK = 20


def solve_probed(
    engine: Engine,
    S: np.ndarray,
    cap: int,
    *,
    lb: int,
    tree: bool = True,
    threads: Optional[int] = None,
    bounded_min: Optional[int] = None,
) -> Tuple[int, Optional[Node]]:
    """The optimal cost of the easy-mode answer set ``S`` within ``cap``
    guesses (and its tree, if ``tree``), ``lb`` a lower bound on it.

    Contract: `bounded.solve_bounded`'s with no beta: always the exact cost
    (the engine's infinity when no tree fits), whatever ``lb`` is.  A set of
    fewer than PROBE_MIN answers is searched; one of ``bounded_min`` (None:
    BOUNDED_MIN) or more goes to `bounded.solve_bounded`; in between, the
    search runs with the cut-off ``probe_beta(lb)``: below it the cost is
    exact (the search's contract), at or above it the set goes to
    `bounded.solve_bounded`, whose children find the probe's work in the
    cache."""
    if engine.rule.hard:
        raise ValueError("solve_probed is easy mode only")
    n = len(S)
    if bounded.takes(engine.rule, n, min_size=bounded_min):
        return bounded.solve_bounded(engine, S, cap, tree=tree, threads=threads)
    beta = probe_beta(lb) if n >= PROBE_MIN and lb < engine.inf else None
    cost, node = _search(engine, S, cap, beta, tree=tree)
    if beta is None or cost < beta:
        return cost, node
    return bounded.solve_bounded(engine, S, cap, tree=tree, threads=threads)


def probe_beta(lb: int) -> int:
    """The probe's cut-off for a set whose lower bound is ``lb``."""
    return lb + max(1, lb // PROBE_SLACK)


def _search(engine: Engine, S: np.ndarray, cap: int, beta: Optional[int], *, tree: bool) -> Tuple[int, Optional[Node]]:
    """`Engine.solve_group` with every guess (its contract), without building
    the tree unless ``tree``."""
    if tree:
        return engine.solve_group(S, engine.all_guesses, cap, beta)
    solver = engine.solvers.get()
    try:
        cost, _ = solver.solve_set(S, engine.all_guesses, cap, -1 if beta is None else beta)
    finally:
        engine.solvers.put(solver)
    return int(cost), None


__all__: List[str] = ["PROBE_MIN", "PROBE_SLACK", "probe_beta", "solve_probed"]
