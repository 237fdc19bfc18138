"""The work of ranking openers, as tasks a process (local or on a Dask worker) runs.

A task gets a `TaskProblem` (the lists, rule and cap: small and picklable) and
opener indices.  Each thread keeps one `_State` per problem (the pattern
table, a `Bounder` and a `Solver` with its cache), so the exact values and
bounds the solver learns under one opener serve every later opener: all of
them number the answers the same way (by list order).
"""

from __future__ import annotations

import threading
import time
import weakref
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple

import numpy as np

from wordle_opt.openers import shared_groups
from wordle_opt.openers.shared_groups import SharedGroups, TableChunk, TableJob
from wordle_opt.rules import Rule, all_green
from wordle_opt.solver import bounded, probed
from wordle_opt.solver.engine import Engine, StopScope, rule_code
from wordle_opt.solver.exact import solve
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem
from wordle_opt.trees.node import Node
from wordle_opt.wordlists import WordLists

# What is known about one opener.
EXACT = "exact"  # value is its optimal total
BOUND = "bound"  # value is a proven lower bound on its total
INFEASIBLE = "infeasible"  # no strategy finishes every answer within the cap
# (not a fact: a complete table's proof stopped at its time budget, tried
# again with none after the others; see `prove_opener_within`)
DEFERRED = "deferred"
# (nor this: Ctrl-C or `stop_all` stopped a task of several openers after
# some were proven; the ranker keeps those, then stops as for Ctrl-C)
STOPPED = "stopped"


@dataclass(frozen=True)
class TaskProblem:
    """A `Problem` as the workers get it: the lists as tuples of words (small to
    pickle, cheap to compare), the `Rule`, the depth (the
    guesses allowed: the cap, or n + 1 for no cap), and each worker thread's
    cache size.  A checkpoint is made for one (`checkpoint.identity`)."""

    name: str
    answers: Tuple[str, ...]
    guesses: Tuple[str, ...]
    rule: Rule
    depth: int
    cache_mb: float

    def __post_init__(self):
        object.__setattr__(self, "rule", Rule.parse(self.rule))  # (as Problem's)

    @classmethod
    def of(cls, problem: Problem, *, cache_mb: float) -> "TaskProblem":
        lists = problem.lists
        return cls(lists.name, lists.answers, lists.guesses, problem.rule, problem.depth, float(cache_mb))

    def lists(self):
        return WordLists(self.name, self.answers, self.guesses)


class _State:
    """One thread's tables, bounder and solver for one problem."""

    def __init__(self, problem: TaskProblem):
        lists = problem.lists()
        core, bounds = lists.modules.core, lists.modules.bounds  # (narrow or wide, by the length)
        self.problem, self.lists = problem, lists
        self.inf = core.INFINITY
        self.table = np.ascontiguousarray(lists.table)
        codes = np.ascontiguousarray(lists.guess_codes)
        code = rule_code(core, problem.rule)
        self.bounder = bounds.Bounder(self.table, codes, code)
        self.solver = core.Solver(
            self.table, codes, np.ascontiguousarray(lists.answer_guess_index), code, problem.cache_mb
        )
        self.all_guesses = np.arange(len(lists.guesses), dtype=np.int32)
        # (big groups, easy mode: solver.bounded on this thread's solver)
        self.engine = Engine.around(lists, problem.rule, self.table, self.solver)
        self.trees_scope = StopScope()  # (the solvers of `opener_trees`, stopped by `stop_all`)

    def legal(self, o: int, p: int) -> np.ndarray:
        if not self.problem.rule.hard:
            return self.all_guesses
        return self.solver.legal_after(self.all_guesses, o, p)


_local = threading.local()
_states_lock = threading.Lock()
# Every live thread's state in this process (to stop them); weak, so a state
# (and its solver's cache) goes when its thread ends.
_all_states: "weakref.WeakSet[_State]" = weakref.WeakSet()


def _state(problem: TaskProblem) -> _State:
    states: Dict[TaskProblem, _State] = getattr(_local, "states", None)
    if states is None:
        states = _local.states = {}
    st = states.get(problem)
    if st is None:
        states.clear()  # one problem per thread at a time: free the old cache
        st = states[problem] = _State(problem)
        with _states_lock:
            _all_states.add(st)
    return st


def stop_all() -> None:
    """Make the solvers and bounders of this process stop (their tasks raise KeyboardInterrupt)."""
    with _states_lock:
        for st in _all_states:
            st.engine.request_stop()  # (its one solver and solver.bounded's loops)
            st.trees_scope.stop()
            st.bounder.request_stop()


def quick_facts(problem: TaskProblem) -> Dict[int, Tuple[str, int]]:
    """Every opener's quick bound as a fact: (BOUND, n + the sum of its groups'
    size bounds) or (INFEASIBLE, infinity) when a group cannot fit the cap.
    Proven under either hard rule too: the bound ignores the rule, and hard
    mode never costs less than easy.  The ranking starts from these, and a
    partial table's writer gives them to the openers its checkpoint never
    stored (those the quick bound settled: QAJAQ on the original lists)."""
    lists = problem.lists()
    bounds = lists.modules.bounds  # (narrow or wide, by the length)
    inf = bounds.INFINITY
    quick = bounds.Bounder(np.ascontiguousarray(lists.table), np.ascontiguousarray(lists.guess_codes), 0).quick(
        problem.depth
    )
    return {o: ((INFEASIBLE, inf) if v >= inf else (BOUND, int(v))) for o, v in enumerate(quick.tolist())}


def threshold_stop(o: int, incumbent: Tuple[int, int]) -> int:
    """The least total at which opener o can no longer enter the ranking, when
    its K-th place is held by (total T, opener index k): ties go to the smaller
    index, so o > k needs T, o < k needs T + 1."""
    T, k = incumbent
    return T if o > k else T + 1


def bound_openers(problem: TaskProblem, openers: List[int], incumbent: Tuple[int, int]) -> List[Tuple[int, str, int]]:
    """(opener, kind, value) for each opener: its refined lower bound, refined
    only until it reaches the opener's threshold (`threshold_stop`)."""
    st = _state(problem)
    out = []
    for o in openers:
        v = int(st.bounder.opener(int(o), problem.depth, threshold_stop(int(o), incumbent)))
        if st.bounder.stop_requested:
            # (`stop_all`: the bound it returned is weaker than the one asked
            # for, so nothing is kept.  With --workers 1 a SIGTERM in the screen
            # waited for a chunk of 4 hard-mode bounds on nyt-3158: minutes.)
            raise KeyboardInterrupt
        out.append((int(o), INFEASIBLE if v >= st.inf else BOUND, v))
    return out


def prove_openers(problem: TaskProblem, openers: List[int], betas: List[int]) -> List[Tuple[int, str, int]]:
    """`prove_opener` for each opener with its beta, in order, on one solver:
    openers with the same letters share most subproblems (CRATE right after
    TRACE: 0.06 s instead of 5 s, from the cache)."""
    return [prove_opener(problem, o, beta) for o, beta in zip(openers, betas)]


def prove_opener(
    problem: TaskProblem, o: int, beta: int, *, shared: Optional[SharedGroups] = None
) -> Tuple[int, str, int]:
    """(o, kind, value): EXACT and the optimal total when it is below beta, else
    BOUND and a lower bound >= beta (or INFEASIBLE).  ``shared``: with no
    cut-off, the big groups' values known and found (`SharedGroups`).

    Without a beta (the seeds) the opener's groups are solved one by one,
    largest first.  With one, by `_raise_groups`: an opener that cannot reach
    beta is refuted by small raises of many groups' bounds, each a cheap
    search, instead of the exact values of a few."""
    st = _state(problem)
    o = int(o)
    d = problem.depth
    if beta >= st.inf and problem.rule.hard and not HARD_REFINED_BOUNDS:
        pats, sizes, bounds = _groups_unbounded(st, o)
    else:
        pats, sizes, bounds = st.bounder.opener_groups(o, d)
    n = len(problem.answers)
    if d < 1:
        return o, INFEASIBLE, int(st.inf)
    total = n + int(bounds.sum())
    if beta < st.inf:
        total = _raise_groups(st, o, pats.tolist(), bounds.tolist(), total=total, beta=beta)
    else:
        total = _solve_groups(
            st, o, pats=pats.tolist(), sizes=sizes.tolist(), bounds=bounds.tolist(), total=total, shared=shared
        )
    if total >= st.inf:
        return o, INFEASIBLE, int(st.inf)
    if total >= beta:
        return o, BOUND, total
    return o, EXACT, total


def prove_opener_within(
    problem: TaskProblem, o: int, budget: float, *, shared: Optional[SharedGroups] = None
) -> Tuple[int, str, int]:
    """`prove_opener` with no cut-off (a complete table's proof, ``shared``
    its groups' values), stopped
    after ``budget`` seconds of this thread's CPU time: (o, DEFERRED, 0)
    then, and this thread's solver and bounder are replaced (a stopped
    solver refuses further work; the new one starts with an empty cache).
    Ctrl-C and `stop_all` still raise KeyboardInterrupt."""
    st = _state(problem)
    spent = _thread_cpu()
    done, fired = threading.Event(), threading.Event()

    def watch() -> None:
        while spent() < budget:
            if done.wait(BUDGET_POLL):
                return
        fired.set()
        st.engine.request_stop()
        st.bounder.request_stop()

    watchdog = threading.Thread(target=watch, name="table-budget", daemon=True)
    watchdog.start()
    try:
        return prove_opener(problem, o, st.inf, shared=shared)
    except KeyboardInterrupt:
        if not fired.is_set():
            raise  # (not the budget: Ctrl-C or stop_all)
        return int(o), DEFERRED, 0
    finally:
        done.set()
        watchdog.join()
        if fired.is_set():
            _local.states.pop(problem, None)  # (the next task builds a new state)


BUDGET_POLL = 0.25  # seconds between the budget's looks at the clock


def prove_openers_within(problem: TaskProblem, openers: List[int], job: TableJob) -> TableChunk:
    """`prove_opener_within` for each opener, in order, on one thread's
    solver, within ``job.budget``, with the shared group values ``job.known``:
    a complete table's letter class (anagrams share many groups, at
    least the all-grey one: the solver's cache keeps those it searched, the
    shared values those of SHARED_MIN answers or more; before the shared
    values, on nyt-3158 easy, 8 seeded pairs of anagrams still open in its
    table, the second ones took 101 s of CPU in all right after the first,
    118 s after an unrelated opener: 0.86x).  Stopped (Ctrl-C, `stop_all`) after the first, it
    returns those proven and (o, STOPPED, 0) for the one it was on.  The
    group values found come back with the results (also those of an opener
    put off at the budget: each is exact)."""
    shared = SharedGroups(job.known)
    out = []
    for o in openers:
        try:
            out.append(prove_opener_within(problem, o, job.budget, shared=shared))
        except KeyboardInterrupt:
            if not out:
                raise
            out.append((int(o), STOPPED, 0))
            break
    return TableChunk(out, shared.learned)


def _thread_cpu() -> Callable[[], float]:
    """Seconds of CPU the calling thread has used since now, readable from
    another thread.  CPU, not wall time: on a shared machine a neighbour
    slowed a table run at the lowest priority until 15-second openers took
    over 120 s of wall time.  (Wall time where the platform has no
    per-thread clock.)"""
    if not hasattr(time, "pthread_getcpuclockid"):
        t0 = time.monotonic()
        return lambda: time.monotonic() - t0
    clock = time.pthread_getcpuclockid(threading.get_ident())
    t0 = time.clock_gettime(clock)
    return lambda: time.clock_gettime(clock) - t0


def opener_trees(problem: TaskProblem, openers: List[int]) -> List[Tuple[int, int, Optional[Node]]]:
    """(opener, its optimal total, the root of an optimal tree) for each
    opener (INFINITY and None: no tree within the cap), found as `search`
    finds it but on one thread, with a fresh solver: which optimal tree it is
    then depends on nothing else (two threads sharing a group of 100 answers
    or more find one or another: TEPEE's worst case was 5 in one run and 6
    in the next, 772 answers).  The ranking's trees, one task per opener."""
    st = _state(problem)
    at_cap = Problem(st.lists, problem.rule, problem.depth)  # (the depth: the cap, or no cap's n + 1)
    options = SearchOptions(threads=1, cache_mb=problem.cache_mb)
    out = []
    for o in openers:
        with st.trees_scope:
            res = solve(at_cap, problem.guesses[int(o)], options)
        out.append((int(o), int(res.total), res.tree.root) if res.feasible else (int(o), int(st.inf), None))
    return out


# Hard mode with no cut-off (a complete table): the opener's groups are all
# solved exactly (or the first with no tree ends it), so their bounds only
# cancel out, and the refined ones are not computed.  On nyt-3158 (NYT rule,
# cap 6) they cost 29 s of CPU an opener (VITAE, DOPPE), where the proof
# that the opener has no tree within 6 took 0.06-0.5 s; TARSE's 7.1 s, its
# whole proof about 6 s.  True: computed as before (the benchmark's
# previous build).
HARD_REFINED_BOUNDS = False


def _groups_unbounded(st: "_State", o: int) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`Bounder.opener_groups`'s (patterns, sizes, bounds) of opener o, in its
    order (largest first, ties: smaller colouring first), with every bound 0."""
    pats, sizes = np.unique(st.table[o], return_counts=True)
    keep = pats != all_green(st.lists.length)
    pats, sizes = pats[keep].astype(np.int32), sizes[keep].astype(np.int32)
    order = np.lexsort((pats, -sizes))
    return pats[order], sizes[order], np.zeros(len(order), dtype=np.int64)


def _solve_groups(
    st: _State,
    o: int,
    *,
    pats: List[int],
    sizes: List[int],
    bounds: List[int],
    total: int,
    shared: Optional[SharedGroups] = None,
) -> int:
    """Opener o's exact total (or INFINITY) from ``total`` (n + the sum of
    ``bounds``, its groups' lower bounds), each group solved with no
    cut-off: easy mode largest first, the biggest in batch
    (`bounded.solve_bounded`); hard mode the likeliest to have no tree
    first, so that an opener with none stops at its first groups, and the
    biggest in batch (`bounded.solve_bounded_hard`), as `search` does
    (RAZES, nyt-3158, no tree within 6: 13.6 s of CPU, against over 60 s
    largest first, each by the core's search).  A group of SHARED_MIN
    answers or more is read from ``shared`` if there, else solved and
    added to it."""
    d, rule = st.problem.depth, st.problem.rule
    row = st.table[o]
    groups = [(p, size, lb, st.legal(o, p)) for p, size, lb in zip(pats, sizes, bounds)]
    if rule.hard:
        groups.sort(key=lambda g: bounded.hard_first(g[1], len(g[3])))
    for p, size, lb, legal in groups:
        if total >= st.inf:
            break
        S = np.flatnonzero(row == p).astype(np.int32)
        key = (
            shared_groups.group_key(rule, d - 1, S, legal)
            if shared is not None and size >= shared_groups.SHARED_MIN
            else None
        )
        v = None if key is None else shared.get(key, st.inf)
        if v is None:
            if not rule.hard:
                v, _ = probed.solve_probed(st.engine, S, d - 1, lb=lb, tree=False)
            elif bounded.batched(size, len(legal), bounded.HARD_BOUNDED_MIN):  # (read here: tests lower it)
                v, _ = bounded.solve_bounded_hard(st.engine, S, legal, d - 1, tree=False)
            else:
                v, _ = st.solver.solve_set(S, legal, d - 1, st.inf)
            if key is not None:
                shared.learn(key, int(v), st.inf)
        total += int(v) - lb
    return total


def _raise_groups(st: _State, o: int, pats: List[int], bounds: List[int], *, total: int, beta: int) -> int:
    """Opener o's total if it is below beta, else a lower bound >= beta, from
    ``total`` (n + the sum of ``bounds``, its groups' lower bounds).

    In rounds, largest groups first: each group not yet exact is searched
    with beta = its bound + step (at most what the others' bounds leave it),
    step (beta - total) / 8 (at least 1), then doubled each round.  A search
    below its beta is the group's exact cost; one at or above it is a new
    bound.  An opener that fails high
    needs its groups' bounds to rise by beta - total in all, and a search
    that fails high just above a group's bound is cheap where its exact cost
    is not: TRADE's fifth group (108 answers, bound 289, exact 315), beta
    294: 0.006 s, 309: 2.3 s, exact: 7.7 s.  A first step of
    (beta - total) / 8 took 0.85x the CPU of 1 and 0.45x that of / 4."""
    d = st.problem.depth
    row = st.table[o]
    groups = {}  # i -> the group's answers (kept from round to round)
    left = list(range(len(pats)))
    step = max(1, (beta - total) // 8)
    while left and total < beta and total < st.inf:
        still = []
        for i in left:
            if total >= beta or total >= st.inf:
                still.append(i)
                continue
            lb = bounds[i]
            b = min(lb + step, beta - (total - lb))
            S = groups.get(i)
            if S is None:
                S = groups[i] = np.flatnonzero(row == pats[i]).astype(np.int32)
            v, _ = st.solver.solve_set(S, st.legal(o, pats[i]), d - 1, b)
            v = int(v)
            if v >= b:
                still.append(i)  # (v: a lower bound)
            total += v - lb
            bounds[i] = v
        left = still
        step *= 2
    return total
