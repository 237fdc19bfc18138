"""The exact search of one problem: the solver's internal entry.

`solve` takes a parsed `Problem` (`wordle_opt.solver.problem`: the public
functions build it once and nothing here checks it again), splits the
answers by the opener's colourings, hands the groups (independent
subproblems) to the `Engine` (one core Solver per thread), and turns the
proven optimum into a `Tree`.  The public `wordle_opt.search` parses the
user's values and calls it.
"""

from __future__ import annotations

import os
import resource
import time
from typing import Callable, Optional

import numpy as np

from wordle_opt.display import Note, ProgressCallback, plural
from wordle_opt.errors import WordleOptError
from wordle_opt.solver import bounded
from wordle_opt.solver.anytime import anytime_search
from wordle_opt.solver.capsearch import search_cap, unsolvable_line
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.objectives import total_then_worst, worst_then_total
from wordle_opt.solver.options import SearchOptions, check_options
from wordle_opt.solver.problem import Problem
from wordle_opt.solver.result import SearchResult
from wordle_opt.trees.tree import Tree
from wordle_opt.wordlists import WordLists

# The largest first-level group of the published instances (SALET, TRACE, ... on
# the original and NYT lists) is a few hundred answers; groups far beyond this
# may take hours, so solve() warns before it starts.
BIG_GROUP = 1000


def solve(
    problem: Problem,
    opener: Optional[str],
    options: Optional[SearchOptions] = None,
    *,
    progress: Optional[ProgressCallback] = None,
    on_refuted: Optional[Callable[["SearchResult"], None]] = None,
    note: Optional[Note] = None,
    store=None,
) -> SearchResult:
    """The tree of ``problem`` from ``opener`` (a word of its guesses; None:
    every guess a candidate opener, the threads sharing the root) that is
    optimal under ``problem.objective``, with its proof.

    The internal entry: ``problem`` is trusted as parsed and ``options`` as
    checked (`wordle_opt.solver.options.SearchOptions.parse`; None: the
    defaults); the public `wordle_opt.search` builds both.  The options:
    ``threads`` (None: the machine's cores), ``cache_mb``;
    ``beam``/``time_limit``: the anytime search instead (`wordle_opt.solver.anytime`,
    'total' and an opener only): a tree from the ``beam`` (default 2) most
    promising guesses at each node, then a proven lower bound raised until
    ``time_limit`` seconds (None: until proven) or Ctrl-C; ``max_beam``: the
    widest beam tried for a group the beam cannot fit within the cap (past it
    the result has no tree and ``gave_up``); ``fit``: the anytime search
    fits every group within the cap depth first before anything else
    (`wordle_opt.solver.feasible`; without a time limit it stops there),
    ``second[colouring]`` (a guess index) tried first in that group.
    ``share_min``: groups of at least this many answers after the opener are
    solved by all threads together, sharing the group's root (default: 100
    in easy mode; off in hard mode, where it measured slower).
    ``bounded_min``: in easy mode, groups of at least this many answers have
    their root's guesses refuted in batch by the ranking's bounds
    (`wordle_opt.solver.bounded`), all threads together (None: its
    BOUNDED_MIN); ``hard_bounded_min``: the same in hard mode
    (`bounded.solve_bounded_hard`, where a group with a long legal list
    must be bigger still), after the other groups.
    ``fallback``: when no tree fits the cap, the smallest cap above it that
    one fits (reusing the solvers and their caches); ``on_refuted(result)``
    hears of each cap that does not.  ``progress(done, total, status)``:
    groups done and, while big groups run, the nodes searched; ``note(line)``:
    warnings and the cap being tried; ``store``: an open checkpoint
    (`wordle_opt.openers.checkpoint`) the anytime search resumes from and
    saves to.
    """
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    lists, rule, cap, objective = problem.lists, problem.rule, problem.cap, problem.objective
    o = SearchOptions() if options is None else options
    n = len(lists.answers)
    threads = o.threads or os.cpu_count() or 1
    cache_mb = o.cache_mb
    opener_idx = None if opener is None else lists.guess_index(opener)
    lists.table  # (first: lists too large to colour are said so, not blamed on the cache below)
    try:
        engine = Engine(lists, rule, threads=threads, cache_mb=cache_mb, opener=opener_idx)
    except MemoryError:
        raise WordleOptError(
            f"cache_mb={cache_mb:g}: cannot allocate {threads} x {cache_mb:g} MiB of "
            "cache; give a smaller cache_mb (--cache-mb)"
        ) from None
    if o.anytime:
        return _anytime(engine, problem, opener_idx, o, note=note, progress=progress, t0=t0, cpu0=cpu0, store=store)
    _warn_if_huge(lists, opener_idx, engine, note)
    exact_options = o.but(
        share_min=(n + 1 if rule.hard else 100) if o.share_min is None else o.share_min,
        hard_bounded_min=bounded.HARD_BOUNDED_MIN if o.hard_bounded_min is None else o.hard_bounded_min,
    )

    def at_cap(c: Optional[int]) -> SearchResult:
        result = search_cap(engine, problem.with_cap(c), opener_idx, exact_options, progress=progress)
        # (figures since the call: one engine serves every cap)
        result.stats.update(engine.stats())
        result.stats["seconds"] = time.perf_counter() - t0
        result.stats["cpu_seconds"] = time.process_time() - cpu0
        result.stats["threads"] = len(engine.all_solvers)
        result.stats["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        result.objective = objective
        return result

    return _by_objective(at_cap, objective, n=n, cap=cap, fallback=o.fallback, on_refuted=on_refuted, note=note)


def _by_objective(
    solve: Callable[[Optional[int]], SearchResult],
    objective: str,
    *,
    n: int,
    cap: Optional[int],
    fallback: bool,
    on_refuted,
    note: Optional[Note],
) -> SearchResult:
    """The optimum under ``objective`` from ``solve(cap)``, the exact search at
    one cap; with ``fallback``, the smallest cap above ``cap`` that some tree fits."""
    if objective == "worst,total":
        result, refuted = worst_then_total(_noting(solve, note), n + 1 if cap is None or fallback else cap)
        if result.feasible and refuted is not None:
            result.proof = (
                f"no tree solves all {plural(n, 'answer')} within {plural(refuted.max_guesses, 'guess')} "
                + _from(refuted)
            )
        return result
    if objective == "total,worst":
        result, below = total_then_worst(_noting(solve, note), cap)
        if result.feasible and below is not None:
            result.proof = f"no tree totalling {result.total} fits {plural(below.max_guesses, 'guess')} " + _from(below)
        if result.feasible or not fallback or cap is None or cap > n:
            return result
        # No tree fits the cap: as with 'total', the caps above it.
    return over_caps(solve, cap, n=n, fallback=fallback, on_refuted=on_refuted, note=note)


def over_caps(
    solve: Callable[[Optional[int]], SearchResult],
    cap: Optional[int],
    *,
    n: int,
    fallback: bool,
    on_refuted,
    note: Optional[Note],
) -> SearchResult:
    """``solve(cap)``; with ``fallback``, while no tree fits, the caps above it
    (up to n + 1, where one always fits), telling ``on_refuted`` of each cap
    that fails and ``note`` of the next one tried."""
    while True:
        result = solve(cap)
        if result.feasible or not fallback or cap is None or cap > n:
            return result
        if on_refuted is not None:
            on_refuted(result)
        cap += 1
        if note is not None:
            note(f"trying at most {plural(cap, 'guess')}")


def _anytime(
    engine: Engine, problem: Problem, opener_idx: int, o: SearchOptions, *, note, progress, t0, cpu0, store
) -> SearchResult:
    lists, rule, cap = problem.lists, problem.rule, problem.cap
    time_limit = o.time_limit
    n = len(lists.answers)
    started = time.monotonic()
    found = anytime_search(
        engine,
        opener_idx,
        problem.depth,
        beam=2 if o.beam is None else o.beam,
        time_limit=time_limit,
        note=note,
        progress=progress,
        store=store,
        max_beam=o.max_beam,
        fit=o.fit,
        second=o.second,
    )
    feasible = found.root is not None
    result = SearchResult(
        opener=lists.guesses[opener_idx],
        hard=rule.value,
        max_guesses=cap,
        lists=lists.name,
        n_answers=n,
        feasible=feasible,
        tree=Tree(found.root, lists, hard=rule.value, max_guesses=cap) if feasible else None,
        lower_bound=found.lower_bound if feasible or found.stopped or found.gave_up else None,
        stopped=found.stopped,
        # (stopped with more than a second of its time left: Ctrl-C)
        interrupted=found.stopped and (time_limit is None or time.monotonic() - started < time_limit - 1.0),
        gave_up=found.gave_up,
        unsolvable=[]
        if found.stopped or found.gave_up
        else [
            unsolvable_line(g.S, lists.guesses[opener_idx], g.pattern, lists.length)
            for g in found.groups
            # (the groups proven to have no tree, if any: the fitting stops at the first)
            if g.node is None and (g.lb >= engine.inf or all(h.lb < engine.inf for h in found.groups))
        ],
    )
    result.stats.update(engine.stats())
    result.stats.update(found.counts)  # (every phase's engines, not only the closing's)
    result.stats.update(
        seconds=time.perf_counter() - t0,
        cpu_seconds=time.process_time() - cpu0,
        beam_seconds=found.beam_seconds,
        threads=len(engine.all_solvers),
        peak_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    )
    return result


def _noting(solve: Callable[[Optional[int]], SearchResult], note: Optional[Note]):
    """solve, telling note which cap it tries."""

    def tell(c: Optional[int]) -> SearchResult:
        if note is not None:
            note(f"searching within {'any number of guesses' if c is None else plural(c, 'guess')}")
        return solve(c)

    return tell


def _from(result: SearchResult) -> str:
    return f"from {result.opener.upper()}" if result.opener else "from any opener"


def check_anytime(problem: Problem, opener: Optional[str], *, beam, time_limit) -> None:
    """One line for an anytime search (``beam``/``time_limit``) that cannot run:
    it needs an opener and the 'total' objective, and sound values."""
    if opener is None or problem.objective != "total":
        raise WordleOptError("beam/time limit: the anytime search needs an opener and minimise='total'")
    check_options(beam, time_limit)


def _warn_if_huge(lists: WordLists, opener_idx: Optional[int], engine: Engine, note: Optional[Note]) -> None:
    n = len(lists.answers)
    if note is None:
        return
    if opener_idx is None:
        if n > 100:
            note(
                f"warning: finding the best opener over {n} answers is far beyond the published "
                "searches (which fix the opener) and may take hours or days"
            )
        return
    largest = int(
        np.bincount(engine.table[opener_idx], minlength=engine.all_green + 1)[: engine.all_green].max(initial=0)
    )
    if largest > BIG_GROUP:
        # (easy mode refutes such a group in batch, solver.bounded: QAJAQ's
        # 1369 on the original lists in 41 s on 2 idle cores; an every-word
        # group of 1132 had not ended after 15 minutes)
        how_long = "may take hours" if engine.rule.hard else "may take minutes to hours"
        note(
            f"warning: {largest} of the {n} answers give {lists.guesses[opener_idx].upper()} one colouring; "
            f"groups over {BIG_GROUP} are far beyond the published proofs and {how_long}"
        )
