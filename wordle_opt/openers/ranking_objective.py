"""The opener ranking under the lexicographic objectives (`wordle_opt.solver.objectives`).

Both are built from the total ranking (`openers.ranker.Ranker`, handed in as
``make_ranker`` so this module sits below it):

worst,total -- classes by worst case.  For the caps c = 1, 2, ... the total
ranking runs under cap c over the openers not ranked yet, for the places left.
Every opener that fits cap c - 1 was ranked under a smaller cap (otherwise those
places were all taken and the ranking stopped), so the openers left that fit c
have worst case exactly c, and within the class their order is their total
under c.  The bounds prune as in the total ranking: an opener whose groups
cannot all be solved within c - 1 more guesses is out of class c by its
bound alone (most are, under a cap below the best worst case), and the
K-th total of the class refutes the rest.  It stops at the first cap whose
class fills the places; the proof is every cap's ranking: no other opener
fits c - 1, and none that fits c totals less than the K-th.

total,worst -- the total ranking under the cap, with every opener that ties the
K-th total proven exact too (ties); then each of those openers' least worst
case among its optimal trees (`search` with minimise='total,worst'), and the
order by (total, worst, list order).
"""

from __future__ import annotations

import dataclasses
import time
from typing import Callable, Dict, List, Optional, Tuple

import numpy as np

from wordle_opt.display import plural
from wordle_opt.openers.options import keep_tree
from wordle_opt.openers.tasks import BOUND, EXACT, INFEASIBLE, TaskProblem, prove_opener
from wordle_opt.solver.exact import solve
from wordle_opt.solver.levels import CAPS_ASKED_WITHIN
from wordle_opt.solver.objectives import rank_key
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem

SEEDS = 3  # openers tried one by one before the search over every opener at a cap
CAPS_MAX = CAPS_ASKED_WITHIN + 1  # the cap proofs decide an opener's groups within 3 more guesses: caps up to 4
SAVE_SECONDS = 5.0  # the cap proofs' refuted openers go to the checkpoint this often

# make_ranker(problem, places, *, facts_store, exclude, ties) -> a run() ranker (ranker.Ranker)
MakeRanker = Callable[..., object]


@dataclasses.dataclass
class RankedByObjective:
    """What a ranking by objective proves: the ranked (opener, total, worst,
    tree or None), every opener's fact (kind, total) and worst-case fact
    (kind, worst), the openers the ranking searched, the K-th figure the
    others cannot beat, the proof in words, and the cap up to which every
    opener was refuted before any ranking ran (0: none; `_none_fits`)."""

    ranked: List[Tuple[int, int, int, object]]
    facts: Dict[int, Tuple[str, int]]
    worst_facts: Dict[int, Tuple[str, int]]
    searched: set
    others_at_least: Optional[int]
    proof: str
    refuted_within: int = 0


def rank_worst_then_total(
    problem: TaskProblem,
    cap: Optional[int],
    top: int,
    *,
    make_ranker: MakeRanker,
    store,
    lists,
    trees,
    tell: Optional[Callable[[str], None]] = None,
) -> RankedByObjective:
    """``tell(status)``: the progress of the proof that no opener fits a cap."""
    ranked: List[Tuple[int, int, int, object]] = []
    searched: set = set()
    n = len(problem.guesses)
    refuted = 0
    for c in range(1, problem.depth + 1):
        at_c = dataclasses.replace(problem, depth=c)
        last = c == problem.depth
        # (under the last cap the ranking itself finds whether some opener fits,
        # unless the cap proofs can show that none does)
        if (
            not ranked
            and (not last or c <= CAPS_MAX)
            and _none_fits(
                at_c,
                lists,
                store=None if store is None else store.at(c),
                tell=tell,
                fallback=not last and not problem.rule.hard,
            )
        ):
            refuted = c
            if last:
                facts = {o: (INFEASIBLE, lists.modules.core.INFINITY) for o in range(n)}
                return RankedByObjective(
                    [],
                    facts,
                    {o: (BOUND, c + 1) for o in range(n)},
                    searched,
                    None,
                    _worst_proof([], c, False, None),
                    refuted,
                )
            continue
        ranker = make_ranker(
            at_c,
            top - len(ranked),
            facts_store=None if store is None else store.at(c),
            exclude={o for o, *_ in ranked},
            ties=False,
        )
        ranker.run()
        searched |= ranker.searched
        ranked += [(o, v, c, None) for v, o in ranker.ranking()]
        if len(ranked) == top or c == problem.depth:
            break
    facts = dict(ranker.facts)
    worst_facts = {o: (BOUND, c + 1 if kind == INFEASIBLE else c) for o, (kind, _) in facts.items()}
    for o, v, w, _ in ranked:
        facts[o], worst_facts[o] = (EXACT, v), (EXACT, w)
    for o, (kind, _) in ranker.facts.items():
        if kind == EXACT:
            worst_facts[o] = (EXACT, c)  # fits c, not c - 1 (it would have been ranked)
    inc = ranker.incumbent()[0]
    full = len(ranked) == top
    others = inc if full and inc < ranker.inf and len(facts) > top else None
    if trees:
        ranked = [
            (o, v, w, _tree(problem, lists, o, cap=w, objective="total", total=v) if keep_tree(trees, i) else None)
            for i, (o, v, w, _) in enumerate(ranked)
        ]
    return RankedByObjective(
        ranked, facts, worst_facts, searched, others, _worst_proof(ranked, c, full, others), refuted
    )


def _none_fits(problem: TaskProblem, lists, *, store, tell, fallback: bool = True) -> bool:
    """Does no opener fit the cap (problem.depth)?  Up to a cap of 4, the cap
    proofs decide (`_caps_verdict`).  Otherwise (and in hard mode when an
    opener fits the easy game) with ``fallback``, one exact search with every
    opener at its root, the threads and the cache shared by all of them (4x
    faster than the ranking's opener-by-opener proofs on 290 answers);
    without, False: the ranking under the cap decides.  The checkpoint keeps
    every opener's fact under that cap.

    The fallback is for easy mode only: its seeds come from a bound that
    ignores the hard rule, and when none of them fits, the shared search
    goes on until it meets an opener that does.  Hard, original lists, cap 5:
    none of the 3 seeds fits under the NYT rule, and the shared search had
    not found PALET (8206 within 5) after 12 min."""
    n = len(problem.guesses)
    if store is not None:
        facts = store.facts()
        if len(facts) == n and all(kind == INFEASIBLE for kind, _, _ in facts.values()):
            return True
    if problem.depth <= CAPS_MAX:
        verdict = _caps_verdict(problem, lists, store, tell)
        if verdict is not None:
            return verdict
    if not fallback:
        return False
    # Where some opener fits, that search would go on to find the best one: on
    # big lists the search the ranking avoids.  So first the openers with the
    # least quick bounds, one by one: if one of them fits, the ranking goes on.
    core, bounds = lists.modules.core, lists.modules.bounds
    quick = bounds.Bounder(np.ascontiguousarray(lists.table), np.ascontiguousarray(lists.guess_codes), 0).quick(
        problem.depth
    )
    for o in np.argsort(quick, kind="stable")[:SEEDS].tolist():
        if quick[o] < core.INFINITY and prove_opener(problem, o, core.INFINITY)[1] != INFEASIBLE:
            return False
    progress = (
        None
        if tell is None
        else (lambda done, total, status: tell(f"does any opener fit {plural(problem.depth, 'guess')}? {status}"))
    )
    found = solve(
        Problem(lists, problem.rule, problem.depth), None, SearchOptions(cache_mb=problem.cache_mb), progress=progress
    )
    if found.feasible:
        return False
    if store is not None:
        store.save([(o, INFEASIBLE, core.INFINITY) for o in range(n)], searched=True)
    return True


def _caps_verdict(problem: TaskProblem, lists, store, tell) -> Optional[bool]:
    """Every opener through the compiled cap proofs (`wordle_opt.core._caps`:
    exact, with every guess allowed): True when none fits the cap, False when
    one does (easy mode), None when one fits the easy game only (hard mode:
    the exact search decides).  Each refuted opener is a fact in the
    checkpoint, saved every few seconds, so an interrupted proof resumes where
    it stopped.  Measured on the original lists, cap 4: all 12972 openers
    refuted in 109 s of CPU, one core (the shared exact search had not
    finished in 25 min)."""
    n = len(problem.guesses)
    inf = lists.modules.core.INFINITY
    done = set() if store is None else {o for o, (kind, _, _) in store.facts().items() if kind == INFEASIBLE}
    prover = lists.modules.caps.CapProver(np.ascontiguousarray(lists.table), lists.length)
    batch: List[Tuple[int, str, int]] = []
    t0 = last = time.monotonic()
    try:
        for o in range(n):
            if o in done:
                continue
            if prover.opener(o, problem.depth):
                return None if problem.rule.hard else False
            batch.append((o, INFEASIBLE, inf))
            if time.monotonic() - last >= SAVE_SECONDS:
                last = _save_batch(store, batch)
                if tell is not None:
                    tell(
                        f"does any opener fit {plural(problem.depth, 'guess')}? none of the first {o + 1} of {n} "
                        f"(cap proofs, {last - t0:.0f} s)"
                    )
    finally:
        _save_batch(store, batch)
    return True


def _save_batch(store, batch: List[Tuple[int, str, int]]) -> float:
    if store is not None and batch:
        store.save(batch, searched=True)
    batch.clear()
    return time.monotonic()


def _worst_proof(ranked, c: int, full: bool, others: Optional[int]) -> str:
    below = sum(1 for _, _, w, _ in ranked if w < c)
    if not ranked:
        return f"no opener solves every answer within {plural(c, 'guess')}"
    parts = []
    if c > 1:
        who = f"no opener but the {below} ranked above" if below else "no opener"
        parts.append(f"{who} solves every answer within {plural(c - 1, 'guess')}")
    if others is not None:
        parts.append(f"every other opener within {plural(c, 'guess')} totals at least {others}")
    elif not full:
        parts.append(f"no other opener solves every answer within {plural(c, 'guess')}")
    return "; ".join(parts) if parts else "every opener is ranked"


def rank_total_then_worst(
    problem: TaskProblem,
    cap: Optional[int],
    top: int,
    *,
    make_ranker: MakeRanker,
    store,
    lists,
    trees,
    tell: Optional[Callable[[str], None]] = None,
) -> RankedByObjective:
    ranker = make_ranker(problem, top, facts_store=store, exclude=set(), ties=True)
    ranker.run()
    exact = sorted((v, o) for o, (k, v) in ranker.facts.items() if k == EXACT)
    kth = exact[top - 1][0] if len(exact) >= top else None
    rows = []
    for v, o in exact:
        if kth is not None and v > kth:
            break
        # (every opener with the K-th total is exact here: one of them may have the smaller worst case)
        res = solve(
            Problem(lists, problem.rule, cap, objective="total,worst"),
            problem.guesses[o],
            SearchOptions(cache_mb=problem.cache_mb),
        )
        if not res.feasible or res.total != v:
            raise RuntimeError(f"internal error: {problem.guesses[o]} ranked at {v}, its tree totals {res.total}")
        rows.append((o, v, res.max_depth, res.tree if trees else None))
    rows.sort(key=lambda r: rank_key("total,worst", r[1], r[2]) + (r[0],))
    ranked = [(o, v, w, tree if keep_tree(trees, i) else None) for i, (o, v, w, tree) in enumerate(rows[:top])]
    worst_facts = {o: (EXACT, w) for o, _, w, _ in rows}
    facts = dict(ranker.facts)
    others = kth if kth is not None and len(facts) > top else None
    if others is not None:
        proof = f"every other opener totals at least {others}"
        if ranked[-1][1] == others:
            proof += f", and those with {others} need at least {plural(ranked[-1][2], 'guess')}"
    elif len(facts) > len(ranked):
        proof = f"no other opener solves every answer within {plural(problem.depth, 'guess')}"
    else:
        proof = "every opener is ranked"
    return RankedByObjective(ranked, facts, worst_facts, set(ranker.searched), others, proof)


def _tree(problem: TaskProblem, lists, o: int, *, cap: int, objective: str, total: int):
    res = solve(
        Problem(lists, problem.rule, cap, objective=objective),
        problem.guesses[o],
        SearchOptions(cache_mb=problem.cache_mb),
    )
    if not res.feasible or res.total != total:
        raise RuntimeError(f"internal error: {problem.guesses[o]} ranked at {total}, its tree totals {res.total}")
    return res.tree
