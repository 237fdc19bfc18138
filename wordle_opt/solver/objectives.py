"""What a search minimises, and the exact lexicographic objectives built from
capped searches.

    total        the fewest guesses in all (the default)
    worst,total  the smallest worst case, then the fewest guesses in all
    total,worst  the fewest guesses in all, ties broken by the smallest worst case

Both lexicographic objectives reduce to the capped search (min total under a
cap), run for several caps on one engine:

- worst,total: the least feasible cap d* is the smallest worst case, and the
  min total under cap d* is the best total among the trees within d*.  The
  proof that nothing fits d* - 1 is the capped search's infeasibility there.
- total,worst: with T* the min total under the user's cap, the answer is the
  least cap w with min_total(w) == T*: min_total is non-increasing in the cap,
  and a tree with total T* and worst case w is feasible under cap w, so the
  tree the capped search returns at w has worst case exactly w.
"""

from __future__ import annotations

from typing import Callable, Optional, Protocol, Tuple

from wordle_opt.errors import WordleOptError

OBJECTIVES = ("total", "worst,total", "total,worst")


class _Capped(Protocol):
    feasible: bool
    total: Optional[int]
    max_depth: Optional[int]


Solve = Callable[[int], _Capped]


def parse_objective(text) -> str:
    """'total', 'worst,total' or 'total,worst' (spaces and case ignored)."""
    key = "" if text is None else ",".join(p.strip() for p in str(text).lower().split(","))
    if key == "worst":
        key = "worst,total"  # the worst case alone: its ties broken by the total
    if key not in OBJECTIVES:
        raise WordleOptError(f"minimise: {text!r} is not an objective; expected one of {', '.join(OBJECTIVES)}")
    return key


def worst_then_total(solve: Solve, limit: int) -> Tuple[_Capped, Optional[_Capped]]:
    """(the result under the least feasible cap <= limit, the refuted result
    at one cap less, or None when the first cap tried works).  When no cap up
    to limit works, the first item is the infeasible result at limit."""
    refuted = None
    for cap in range(1, limit + 1):
        result = solve(cap)
        if result.feasible:
            return result, refuted
        refuted = result
    return refuted, None


def total_then_worst(solve: Solve, cap: Optional[int]) -> Tuple[_Capped, Optional[_Capped]]:
    """(the result with the least total under ``cap`` and, among those, the
    least worst case w; the result at cap w - 1, infeasible or with a larger
    total, which proves that no tree with that total fits w - 1, or None when
    w is 1).  Infeasible under ``cap``: that result, None."""
    best = solve(cap)
    if not best.feasible:
        return best, None
    previous = None
    for w in range(1, best.max_depth):
        result = solve(w)
        if result.feasible and result.total == best.total:
            return result, previous
        previous = result
    return best, previous


def rank_key(objective: str, total: int, worst: int) -> Tuple[int, ...]:
    """The sort key of a tree's figures under ``objective`` (smaller is
    better): the order of the opener ranking by objective
    (`wordle_opt.openers.ranking_objective`; ties there go to list order)."""
    objective = parse_objective(objective)
    if objective == "worst,total":
        return worst, total
    if objective == "total,worst":
        return total, worst
    return (total,)
