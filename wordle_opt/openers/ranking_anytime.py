"""The anytime opener ranking: for games too big to rank exactly, the trees
of the most promising openers and proven bounds for every opener.

    >>> r = rank_openers(answers="original-all", top=4, beam=4, time_limit=3600)
    >>> print(r)    # each candidate's tree and proven bound; a bound for every other opener

The exact ranking (`wordle_opt.openers.ranking`) solves its K best openers exactly;
on the every-word game (12972 answers) not one opener is solved in hours.
Here, each step keeps a fact per opener, as there:

1. quick bounds for every opener (n + sum of lb_size over its groups, the
   exact ranking's first step; 1.3 s on the every-word game);
2. refined bounds (`wordle_opt.openers.ranker`, ``Ranker.refine``), least quick
   bound first, for at most half the time limit (the every-word
   game: about 0.17 s per opener and core, LARES 41278 -> 48496);
3. screen: the refined openers, least bound first, are valued by one beam
   tree each, with no cap (a third of the time left, or 4K openers without
   a time limit): on the every-word game the least bound is a poor guide
   to the best tree (TARES, the least, has groups that beam 4 fits within
   no 6 guesses; LANTS is 194th);
4. candidates: the K least beam totals; each gets the anytime search
   (`wordle_opt.solver.anytime`: a beam tree, widened, and a proven lower bound
   raised) for an equal share of the time left (None: until its tree is
   proven optimal);
5. the candidates are ranked by their trees' totals, each with its proven
   bound; every other opener totals at least the least bound among them,
   and no tree from any opener totals less than the least of all those
   bounds, which gives the best tree's gap to the game's optimum.

Steps 1-2 run in `wordle_opt.openers.ranking` (the exact ranking's machinery, on its
worker processes), steps 3-5 here.
With a checkpoint, each candidate's groups are saved as in ``search
--checkpoint`` (one file holds several openers) and a rerun resumes each.
Ctrl-C stops the candidate that runs and ranks those done so far.
"""

from __future__ import annotations

import time
from typing import Dict, List, Optional, Tuple

from wordle_opt.display import Note, gap, plural
from wordle_opt.openers.result import OpenerRanking, RankedOpener
from wordle_opt.openers.tasks import BOUND, EXACT, INFEASIBLE, TaskProblem
from wordle_opt.solver.anytime_groups import opener_parts
from wordle_opt.solver.anytime_widen import stopping
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.exact import solve
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem

SCREEN = 4  # without a time limit, the screen values this many openers per candidate
# With one, the screen's share of the time left after the bounds.  On the
# every-word game a beam-4 tree with no cap takes 5.5 s per opener on one
# thread (469 openers in 796 s on two), and the least bound is a poor guide
# there: TARES, the least (48393), has groups that beam 4 fits within no 6
# guesses; LANTS, the best published, is 194th.
SCREEN_SHARE = 1 / 3
SCREEN_NOTE_SECONDS = 60.0  # the screen says how far it got this often


def rank_anytime(
    problem: TaskProblem,
    lists,
    cap: Optional[int],
    *,
    facts: Dict[int, Tuple[str, int]],
    refined,
    top: int,
    beam: Optional[int],
    time_limit: Optional[float],
    threads: int,
    store,
    note: Optional[Note] = None,
    progress=None,
    interrupted: bool = False,
) -> OpenerRanking:
    """Steps 3-5 (see the module), given ``facts``: a proven (kind, value)
    for every opener (updated here), refined for the openers in ``refined``
    (the candidates come from those when there are any: an unrefined quick
    bound is lower than its refined one, 41278 against 48496 for LARES).
    ``threads`` run each candidate's search, ``note`` hears of each
    candidate's start and end, ``progress`` goes to each candidate's search.
    ``interrupted``: Ctrl-C came before (no candidate is searched).
    The stats hold no times: the caller's span is longer."""
    among = refined if refined else facts
    order = [o for _, o in sorted((v, o) for o, (k, v) in facts.items() if k != INFEASIBLE and o in among)]
    deadline = None if time_limit is None else time.monotonic() + time_limit
    screened: Dict[int, Optional[int]] = {}
    if not interrupted:
        until = None if deadline is None else time.monotonic() + SCREEN_SHARE * time_limit
        interrupted = _screen(
            problem,
            lists,
            order[: None if until else SCREEN * top],
            beam=beam,
            threads=threads,
            until=until,
            screened=screened,
            note=note,
        )
    fits = sorted((screened[o], i, o) for i, o in enumerate(order) if screened.get(o) is not None)
    unvalued = [o for o in order if o not in screened] + [o for o in order if o in screened and screened[o] is None]
    queue = [o for _, _, o in fits] + unvalued
    found, trees = [], 0
    if not interrupted:
        found, trees, interrupted = _candidates(
            problem,
            lists,
            cap,
            queue,
            facts=facts,
            top=top,
            beam=beam,
            deadline=deadline,
            threads=threads,
            store=store,
            note=note,
            progress=progress,
        )
    ranked = sorted(((res.total, o, res) for o, res in found if res.feasible), key=lambda x: x[:2])
    ranking = [RankedOpener(lists.guesses[o], total, res.tree, lower_bound=facts[o][1]) for total, o, res in ranked]
    done = {o for o, _ in found}
    rest = [facts[o][1] for o in facts if o not in done and facts[o][0] != INFEASIBLE]
    stats = {"searched": len(found), "workers": threads, "screened": len(screened)}
    return OpenerRanking(
        hard=problem.rule.value,
        max_guesses=cap,
        lists=lists.name,
        n_answers=len(lists.answers),
        guesses=lists.guesses,
        ranking=ranking,
        others_at_least=min(rest) if rest else None,
        facts=facts,
        searched=frozenset(done),
        stats=stats,
        lists_obj=lists,
        screened=screened,
        anytime=True,
        proof=_proof(
            lists,
            found,
            facts,
            rest=rest,
            interrupted=interrupted,
            missing=min(top - trees, len(queue) - len(found)),
            top=top,
            beam=beam,
        ),
    )


def _candidates(
    problem: TaskProblem,
    lists,
    cap: Optional[int],
    queue: List[int],
    *,
    facts: Dict[int, Tuple[str, int]],
    top: int,
    beam: Optional[int],
    deadline: Optional[float],
    threads: int,
    store,
    note: Optional[Note],
    progress,
) -> Tuple[List[Tuple[int, object]], int, bool]:
    """Step 4: the anytime search of the openers of ``queue`` in turn, an
    equal share of the time left each, until ``top`` have a tree; ``facts``
    updated with what each proved.  Returns (opener, its SearchResult) for
    each searched, how many have a tree, and whether Ctrl-C stopped them."""
    found: List[Tuple[int, object]] = []  # (opener, its SearchResult)
    trees = 0  # (a candidate whose beam fitted no tree within the cap does not count: the next one is tried)
    # (every opener in turn until ``top`` have a tree: without a time limit the
    # first SCREEN * top alone were tried, and when the beam fitted none of
    # them within the cap the ranking ended with no tree although other
    # openers had one -- 8 answers, cap 3, beam 1: CRANE, HATCH, SALET, CATCH
    # passed over, BOUND never tried)
    for o in queue:
        if trees == top:
            break
        share = None if deadline is None else max(0.0, deadline - time.monotonic()) / (top - trees)
        if share is not None and share < 1.0:
            break
        word = lists.guesses[o]
        if note is not None:
            note(
                f"opener {trees + 1} of {top}: {word.upper()} (bound {facts[o][1]}"
                + ("" if share is None else f", {share:.0f} s")
                + ")"
            )
        until = None if share is None else time.monotonic() + share
        # (with a cap, the beam's width stays: an opener it cannot fit is passed over, as most of the
        # every-word game's best screened openers are: SALET, TARNS, TALES, PARTS at beam 64)
        options = SearchOptions(
            threads=threads,
            cache_mb=problem.cache_mb,
            beam=beam,
            time_limit=share,
            max_beam=None if cap is None else beam,
        )
        res = solve(Problem(lists, problem.rule, cap), word, options, progress=progress, note=note, store=store)
        found.append((o, res))
        if res.lower_bound is not None:
            facts[o] = (EXACT, res.total) if res.proven else (BOUND, max(facts[o][1], res.lower_bound))
        elif not res.feasible:
            facts[o] = (INFEASIBLE, facts[o][1])  # (searched to the end: no tree within the cap)
        trees += not res.gave_up
        if note is not None:
            note(f"{word.upper()}: {_outcome(res, facts[o])}" + ("; the next opener is tried" if res.gave_up else ""))
        # (stopped before its share ran out: Ctrl-C; the anytime search caught it)
        if res.stopped and (until is None or time.monotonic() < until - 1.0):
            return found, trees, True
    return found, trees, False


def _proof(
    lists, found, facts, *, rest: List[int], interrupted: bool, missing: int, top: int, beam: Optional[int]
) -> str:
    """What is proven about the game's best opener, in one line (``missing``:
    how many of the ``top`` candidates were not reached)."""
    done = {o for o, _ in found}
    lines = []
    passed = [lists.guesses[o].upper() for o, res in found if res.gave_up]
    if passed:
        lines.append(
            f"passed over, as beam {beam} fitted no tree within the cap (which proves nothing): " + ", ".join(passed)
        )
    for o, res in found:
        if not res.feasible and not res.gave_up:
            lines.append(f"{lists.guesses[o].upper()}: {_outcome(res, facts[o])}")
    if missing > 0:
        lines.append(f"{missing} of {top} candidates not reached" + (" (interrupted)" if interrupted else " (time)"))
    least = min([facts[o][1] for o in done if facts[o][0] != INFEASIBLE] + rest, default=None)
    head = f"every other opener ({len(rest)}) totals at least {min(rest)}" if rest else "every opener was searched"
    trees = [(res.total, o) for o, res in found if res.feasible]
    if least is not None:
        head += f"; no tree from any opener totals less than {least}"
        if trees:
            total, o = min(trees)
            head += f": {lists.guesses[o].upper()}'s {total} is {gap(total, least)} for the game"
    return "; ".join([head] + lines)


def _outcome(res, fact: Tuple[str, int]) -> str:
    """One candidate's search, in a few words."""
    if res.feasible:
        return f"tree {res.total}, proven >= {fact[1]} ({gap(res.total, fact[1])})"
    if res.gave_up:
        return f"the beam fitted no tree within {plural(res.max_guesses, 'guess')} (proven >= {fact[1]})"
    if fact[0] == INFEASIBLE:
        return f"no tree within {plural(res.max_guesses, 'guess')} (proven)"
    when = "before it was stopped (Ctrl-C or SIGTERM)" if res.interrupted else "in the time given"
    return f"no tree {when} (proven >= {fact[1]})"


def _screen(
    problem: TaskProblem,
    lists,
    openers: List[int],
    *,
    beam: Optional[int],
    threads: int,
    until: Optional[float],
    screened: Dict[int, Optional[int]],
    note: Optional[Note],
) -> bool:
    """Value each opener, in order, by its beam tree with no cap
    (``screened[o]``: its total) until ``until``; one engine and its caches
    serve them all.  With the cap, beam 4 fits a group of each of the first
    280 openers of the every-word game by bound within no 6 guesses (the
    group of 354 after LANTS YBBBG needs beam 64): the tree with no cap
    values every opener, and the anytime search then fits the cap.  True
    on Ctrl-C."""
    width = 2 if beam is None else beam
    beamer = Engine(lists, problem.rule, threads=threads, cache_mb=problem.cache_mb, beam=width)
    n = len(lists.answers)
    t0 = shown = time.monotonic()

    def tell(what: str, k: int) -> None:
        best = sorted((v, o) for o, v in screened.items() if v is not None)[:k]
        note(
            f"{what} {plural(len(screened), 'opener')} by beam {width} ({time.monotonic() - t0:.0f} s): "
            + (", ".join(f"{lists.guesses[o].upper()} {v}" for v, o in best) or "no tree within the cap")
        )

    try:
        with stopping([beamer], until):
            for o in openers:
                screened[o] = _beam_value(beamer, o, n)
                if note is not None and time.monotonic() - shown >= SCREEN_NOTE_SECONDS:
                    shown = time.monotonic()
                    tell("screening:", 1)
    except KeyboardInterrupt:
        if until is None or time.monotonic() < until:
            return True  # (Ctrl-C, not the share's end)
    if note is not None:
        tell("screened", 5)
    return False


def _beam_value(beamer: Engine, o: int, n: int) -> Optional[int]:
    """The total of the beam's tree from opener o with no cap (None: no tree)."""
    values = beamer.run(
        [lambda S=S, legal=legal: beamer.solve_group(S, legal, n)[0] for _, S, legal in opener_parts(beamer, o)]
    )
    return None if max(values, default=0) >= beamer.inf else n + int(sum(values))
