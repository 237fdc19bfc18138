"""The best openers, proven: rank every first guess by its optimal total.

    >>> r = rank_openers(top=5)            # easy mode, original lists
    >>> r.best.word, r.best.total          # ('salet', 7920)
    >>> print(r)                           # the ranking and what is proven about the rest

The ranking is the K openers with the least optimal totals (ties: the earlier
guess in list order), each proven exact, and a proof that every other opener
totals at least the K-th total.  How (each step keeps a fact per opener, an
exact total or a lower bound, so a run can stop and resume anywhere):

1. quick bounds for every opener (n + sum of lb_size over its groups);
   screen: the refined bound of the SEED_POOL * K openers with the least;
2. seed: the K of them with the least refined bounds are solved exactly;
3. bounds: every other opener gets the refined bound (_bounds), refined only
   until it passes the K-th total -- this settles most of them;
4. search: the rest, least bound first, are solved with beta = the K-th total,
   which refutes most of them after a few groups; a better total found
   lowers the K-th total for the openers after it.
"""

from __future__ import annotations

import os
import resource
import time
from typing import Dict, List, Optional, Tuple

import numpy as np

from wordle_opt.display import plural
from wordle_opt.errors import WordleOptError
from wordle_opt.openers.checkpoint import open_checkpoint
from wordle_opt.openers.phases import PhaseClock, timed
from wordle_opt.openers.pools import make_pool
from wordle_opt.openers.progress import PlainBar
from wordle_opt.openers.ranking_anytime import rank_anytime
from wordle_opt.openers.ranking_objective import RankedByObjective, rank_total_then_worst, rank_worst_then_total
from wordle_opt.openers.result import OpenerRanking, RankedOpener
from wordle_opt.openers.tasks import (
    BOUND,
    EXACT,
    INFEASIBLE,
    TaskProblem,
    bound_openers,
    prove_opener,
    prove_openers,
    threshold_stop,
)
from wordle_opt.solver.exact import solve
from wordle_opt.solver.options import DEFAULT_CACHE_MB, SearchOptions, check_cache, check_options, check_threads
from wordle_opt.solver.problem import Problem

SEED_BAR = "{desc}{n_fmt}/{total_fmt} {unit} [{elapsed}{postfix}]"
BOUND_CHUNK = 24  # openers per bound task: a second or two of work, then a checkpoint
# The anytime ranking's share of the time limit for refining every opener's
# bound.  The every-word game: 12972 openers at about 0.17 s each and core,
# 37 min on 2 workers; an opener left unrefined keeps its quick bound
# (about 41-48k there against 48-49k refined), which caps what the ranking
# can say about every other opener.
REFINE_SHARE = 0.5
# Seeds are chosen by refined bound among the SEED_POOL * top openers with the
# least quick bounds (their full bounds stay as facts).  On the original lists
# (easy) the 10 least refined bounds among the first 300 are 9 of the
# published top 10 and LEAST 7954: the seeds' 10th total is 7954, where the 10
# least quick bounds (ties all around 6800) gave 7974 (EARST), so the searches
# started with beta 7974 and solved exactly every opener below it.  Cost:
# 300 full bounds, about 15 s of CPU, most of them needed anyway.
SEED_POOL = 30
# Openers per screen task: each task's stop is the K-th least refined bound
# found so far (+ 1), so after the first few tasks a screened opener is
# refined only until it cannot be a seed.  Hard mode (NYT, original lists):
# the full bound costs about 0.6 s of CPU per near-top opener, the stopped one
# a tenth of that.
SCREEN_CHUNK = 4


class _Ranker:
    """The facts about every opener and the loop that completes them."""

    def __init__(self, problem: TaskProblem, top: int, *, pool, store, bar, exclude=(), ties: bool = False):
        """``exclude``: openers left out (ranked already, under a smaller cap);
        ``ties``: prove every opener that ties the K-th total exact too (the
        default breaks ties by list order and proves only the first)."""
        self.problem, self.top, self.pool, self.store, self.bar = problem, top, pool, store, bar
        self.ties = ties
        lists = problem.lists()
        Bounder = lists.modules.bounds.Bounder  # (narrow or wide, by the length)
        self.inf = lists.modules.bounds.INFINITY
        self.clock = PhaseClock(pool.workers)
        t0, cpu0 = time.perf_counter(), time.process_time()
        quick = Bounder(np.ascontiguousarray(lists.table), np.ascontiguousarray(lists.guess_codes), 0).quick(
            problem.depth
        )  # (the rule does not enter the quick bound)
        self.clock.add("quick", time.perf_counter() - t0, time.process_time() - cpu0)
        self.n_openers = len(quick)
        self.facts: Dict[int, Tuple[str, int]] = {
            o: ((INFEASIBLE, self.inf) if v >= self.inf else (BOUND, int(v))) for o, v in enumerate(quick.tolist())
        }
        self.refined = set()
        self.searched = set()
        self.settled_by: Dict[int, str] = {}  # the phase that found each opener's fact (else: quick)
        for o in exclude:
            del self.facts[o]
        if store is not None:
            for o, (kind, value, searched) in store.facts().items():
                if o not in self.facts:
                    continue
                self.facts[o] = (kind, value)
                self.refined.add(o)
                self.settled_by[o] = "checkpoint"
                if searched:
                    self.searched.add(o)
        self.shared = pool.share(problem)
        self.phase = "seed"

    # -- the state -------------------------------------------------------------
    def ranking(self) -> List[Tuple[int, int]]:
        return sorted((v, o) for o, (k, v) in self.facts.items() if k == EXACT)[: self.top]

    def incumbent(self) -> Tuple[int, int]:
        r = self.ranking()
        if len(r) < self.top:
            return self.inf, self.n_openers
        return r[-1][0], self.n_openers if self.ties else r[-1][1]

    def open_openers(self) -> List[int]:
        """Openers that might still enter the ranking, least bound first."""
        inc = self.incumbent()
        rows = [(v, o) for o, (k, v) in self.facts.items() if k == BOUND and (v, o) < inc]
        return [o for _, o in sorted(rows)]

    def record(self, results, searched: bool) -> None:
        kept = []
        for o, kind, value in results:
            # Facts only get stronger: an exact total or infeasibility stays, and
            # of two lower bounds the larger one (tasks can overlap in flight).
            old_kind, old_value = self.facts[o]
            if old_kind != BOUND or (kind == BOUND and value < old_value):
                continue
            kept.append((o, kind, value))
            self.facts[o] = (kind, value)
            self.refined.add(o)
            self.settled_by[o] = self.phase
            if searched:
                self.searched.add(o)
        if self.store is not None and kept:
            self.store.save(kept, searched)
        self.show()

    def show(self) -> None:
        if self.bar is None:
            return
        left = len(self.open_openers())
        r = self.ranking()
        # The seeds are a few slow exact searches while the count stands still:
        # an ETA from that rate means nothing, so the seed phase shows none.
        self.bar.bar_format = SEED_BAR if self.phase in ("screen", "seed") else None
        self.bar.set_description(self.phase, refresh=False)
        self.bar.n = len(self.refined) if self.phase == "bounds, all" else self.n_openers - left
        kth = f", {len(r)} ranked up to {r[-1][0]}" if len(r) > 1 else ""
        self.bar.set_postfix_str(f"left {left}, best {r[0][0] if r else '-'}{kth}", refresh=False)
        self.bar.refresh()

    # -- the loop ----------------------------------------------------------------
    def run(self) -> None:
        self._switch("screen")
        self.show()
        pool = [o for o in self.open_openers() if o not in self.refined][: SEED_POOL * self.top]
        chunks = _chunks(pool, SCREEN_CHUNK)
        stops: Dict[int, int] = {}  # the stop each screened opener got
        self._drain([(bound_openers, c, self._screen_stop(c, stops)) for c in chunks], searched=False)
        # (a stopped bound is refined again in the bounds phase, to the K-th total)
        stopped = {o for o, stop in stops.items() if self.facts[o][0] == BOUND and self.facts[o][1] >= stop}
        self._switch("seed")
        while len(self.ranking()) < self.top and self.open_openers():
            # Least refined bound first (see SEED_POOL), then least quick bound.
            opened = sorted(self.open_openers(), key=lambda o: o not in self.refined)
            seeds = opened[: self.top - len(self.ranking())]
            # (a seed infeasible or worse than its bound says: the next ones
            # come after the K least, so a stopped bound is refined first, only
            # until it cannot be among the seeds left to choose; a few more
            # than the seeds at a time, so that every worker has some)
            if any(o in stopped for o in seeds):
                window = opened[: len(seeds) + 2 * self.pool.workers * SCREEN_CHUNK]
                again = [o for o in window if o in stopped]
            else:
                again = []
            if again:
                kth = self._least_full(len(seeds), stopped)
                chunks = _chunks(again, SCREEN_CHUNK)
                self._drain([(bound_openers, c, (kth, self.n_openers)) for c in chunks], searched=False)
                stop = kth + 1  # (threshold_stop of every opener against (kth, n_openers))
                stopped.difference_update(o for o in again if self.facts[o][0] != BOUND or self.facts[o][1] < stop)
                continue
            self._drain([(prove_opener, o, self.inf) for o in seeds], searched=True)
        self._switch("bounds")
        todo = [o for o in self.open_openers() if o not in self.refined or o in stopped]
        inc = self.incumbent()
        chunks = self._bound_chunks(todo)
        self._drain([(bound_openers, c, inc) for c in chunks], searched=False)
        self._switch("search")
        # Until no opener can still enter the ranking: that is the proof.
        while self.open_openers():
            self._search()

    def _screen_stop(self, chunk: List[int], stops: Dict[int, int]):
        """The screen's incumbent for ``chunk``, taken when its task starts:
        the K-th least refined bound so far (each opener's stop is one more,
        see threshold_stop), so a stopped opener is not among the K least."""

        def incumbent() -> Tuple[int, int]:
            refined = sorted(v for o, (k, v) in self.facts.items() if o in self.refined and k == BOUND)
            kth = refined[self.top - 1] if len(refined) >= self.top else self.inf
            for o in chunk:
                stops[o] = threshold_stop(o, (kth, self.n_openers))
            return kth, self.n_openers

        return incumbent

    def _least_full(self, need: int, stopped) -> int:
        """The need-th least full (not ``stopped``) refined bound of the open
        openers (INFINITY if fewer): a bound that reaches one more cannot be
        among the need least."""
        full = [self.facts[o][1] for o in self.open_openers() if o in self.refined and o not in stopped]
        return full[need - 1] if len(full) >= need else self.inf

    def refine(self, until: Optional[float] = None) -> None:
        """Refine every opener's bound in full, least quick bound first, until
        ``until`` (time.monotonic()): the anytime ranking's bound for every
        opener it does not search (about 0.17 s per opener on the every-word game)."""
        self._switch("bounds, all")
        self.show()
        todo = [
            o for _, o in sorted((v, o) for o, (k, v) in self.facts.items() if k == BOUND and o not in self.refined)
        ]
        chunks = _chunks(todo, BOUND_CHUNK)
        self._drain([(bound_openers, c, (self.inf, self.n_openers)) for c in chunks], searched=False, until=until)

    def _letter_classes(self, openers: List[int]) -> List[List[int]]:
        """The openers by their letters (anagrams together), classes in the
        order of their first member."""
        classes: Dict[str, List[int]] = {}
        for o in openers:
            classes.setdefault("".join(sorted(self.problem.guesses[o])), []).append(o)
        return list(classes.values())

    def _bound_chunks(self, openers: List[int]) -> List[List[int]]:
        """The bound tasks: about BOUND_CHUNK openers each, whole letter classes
        (anagrams share groups, at least the all-grey one, so each worker's
        group memo serves the class; see _bounds.pyx's batch_bounds)."""
        chunks: List[List[int]] = [[]]
        for c in self._letter_classes(openers):
            if len(chunks[-1]) >= BOUND_CHUNK:
                chunks.append([])
            chunks[-1].extend(c)
        return [c for c in chunks if c]

    def _search(self) -> None:
        # Openers with the same letters go to one worker together (see
        # prove_openers), classes in the order of their least bound.
        queue = self._letter_classes(self.open_openers())
        pending = {}
        while queue or pending:
            while queue and len(pending) < 2 * self.pool.workers:
                inc = self.incumbent()
                batch = [o for o in queue.pop(0) if self.facts[o][0] == BOUND and (self.facts[o][1], o) < inc]
                if batch:  # (the others were settled meanwhile)
                    betas = [threshold_stop(o, inc) for o in batch]
                    pending[self.pool.submit(timed, prove_openers, self.shared, batch, betas)] = batch
            if not pending:
                continue
            done, _ = self.pool.wait_first(list(pending), 0.2)
            self._tick()
            for f in done:
                del pending[f]
            self._record_done(done, searched=True)

    def _switch(self, phase: str) -> None:
        self.phase = phase
        self.clock.switch(phase)

    def _timed_result(self, future):
        res, cpu = future.result()
        self.clock.add_task(cpu)
        return res

    def _tick(self) -> None:
        # A plain progress line (no terminal) also while no task finishes.
        tick = getattr(self.bar, "tick", None)
        if tick is not None:
            tick()

    def phases(self):
        """{phase: {wall, cpu, tasks, settled, busy}} so far (see phases.py)."""
        return self.clock.summary(self.settled_by.get(o, "quick") for o in self.facts)

    def _drain(self, tasks, searched: bool, until: Optional[float] = None) -> None:
        """Run (fn, arg, extra) tasks, at most 2 per worker in flight; none
        started after ``until`` (time.monotonic())."""
        pending = set()
        tasks = list(tasks)
        while tasks or pending:
            if until is not None and time.monotonic() >= until:
                tasks = []
            while tasks and len(pending) < 2 * self.pool.workers:
                fn, arg, extra = tasks.pop(0)
                if callable(extra):  # (taken now: see _screen_stop)
                    extra = extra()
                pending.add(self.pool.submit(timed, fn, self.shared, arg, extra))
            done, pending = self.pool.wait_first(list(pending), 0.2)
            self._tick()
            self._record_done(done, searched)

    def _record_done(self, done, searched: bool) -> None:
        """Record the results of the finished tasks ``done``; a task's error
        (Ctrl-C in a task) is raised only after the others' results are kept,
        so the checkpoint has what they proved (the bounds and the searches)."""
        error = None
        for f in done:
            try:
                res = self._timed_result(f)
            except BaseException as e:
                error = error or e
                continue
            self.record(res if isinstance(res, list) else [res], searched)
        if error is not None:
            raise error


def _chunks(items: List[int], size: int) -> List[List[int]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def rank_openers(
    *,
    hard=None,
    answers="original",
    guesses=None,
    max_guesses=6,
    top: int = 10,
    workers: Optional[int] = None,
    scheduler=None,
    checkpoint: Optional[str] = None,
    cache_mb: float = DEFAULT_CACHE_MB,
    progress: Optional[bool] = None,
    trees: bool = True,
    minimise: str = "total",
    beam: Optional[int] = None,
    time_limit: Optional[float] = None,
    note=None,
) -> OpenerRanking:
    """Rank every allowed first guess by its optimal total and prove the top ``top``.

    ``minimise``: 'total' (the default), 'worst,total' (by the smallest worst
    case, then the total within it) or 'total,worst' (by the total, ties by the
    smallest worst case); see `wordle_opt.openers.ranking_objective`.
    ``hard``/``answers``/``guesses``/``max_guesses``: as in `wordle_opt.search`.
    ``workers``: local processes (default: the machine's cores; 1 runs in this
    process); ``scheduler``: a Dask scheduler address (or Client) instead.
    ``checkpoint``: a file that keeps every proven fact as it goes; rerunning
    with the same file resumes.  ``cache_mb``: each worker's solver cache.
    ``progress``: a progress bar on stderr (default: when it is a terminal).
    ``trees``: build and attach the optimal tree of each ranked opener.
    ``beam``/``time_limit``: the anytime ranking instead, for games too big
    to rank exactly (`wordle_opt.openers.ranking_anytime`): every opener's bound
    refined, a screen by beam trees, then the ``top`` openers with the
    least beam totals get the anytime search (as `search` with ``beam``),
    each for an equal share of the time left, run by ``workers`` threads;
    ``note(line)`` hears of each step; ``progress`` may then be a
    ``progress(done, total, status)`` callable passed to each search.
    """
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise WordleOptError(f"top must be a positive integer, not {top!r}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise WordleOptError(f"workers must be a positive integer, not {workers!r}")
    if scheduler is None and workers is not None:
        workers = check_threads(workers, note=note, what="workers")  # (more than the cores only multiplies the memory)
    problem = Problem.parse(hard=hard, answers=answers, guesses=guesses, max_guesses=max_guesses, minimise=minimise)
    check_cache(cache_mb, 1)  # (per worker)
    if beam is not None or time_limit is not None:
        if problem.objective != "total":
            raise WordleOptError(f"beam/time limit: the anytime ranking ranks by total only, not {problem.objective!r}")
        if scheduler is not None:
            raise WordleOptError(
                "beam/time limit: the anytime ranking runs on this machine (--workers), not on a Dask scheduler"
            )
        check_options(beam, time_limit)
    return rank(
        problem,
        top=top,
        workers=workers,
        scheduler=scheduler,
        checkpoint=checkpoint,
        cache_mb=cache_mb,
        progress=progress,
        trees=trees,
        beam=beam,
        time_limit=time_limit,
        note=note,
    )


def rank(
    problem: Problem,
    *,
    top: int,
    workers: Optional[int] = None,
    scheduler=None,
    checkpoint: Optional[str] = None,
    cache_mb: float = DEFAULT_CACHE_MB,
    progress=None,
    trees: bool = True,
    beam: Optional[int] = None,
    time_limit: Optional[float] = None,
    note=None,
) -> OpenerRanking:
    """`rank_openers` of a parsed ``problem``: the internal entry, which trusts
    its values (`rank_openers` checks them)."""
    t0, cpu0 = time.perf_counter(), time.process_time()
    if workers is None:
        workers = os.cpu_count() or 1
    objective = problem.objective
    lists, cap = problem.lists, problem.cap
    task_problem = TaskProblem.of(problem, cache_mb=cache_mb)
    if beam is not None or time_limit is not None:
        return _anytime_ranking(
            task_problem,
            lists,
            cap,
            top=top,
            beam=beam,
            time_limit=time_limit,
            workers=workers,
            scheduler=scheduler,
            checkpoint=checkpoint,
            objective=objective,
            note=note,
            progress=progress,
        )
    store = open_checkpoint(checkpoint, task_problem, objective)
    before = (0.0, 0.0, 0, 0) if store is None else store.time_spent()  # (the runs here before)
    known = {} if store is None else store.facts()
    if known and note is not None:
        bounded = sum(1 for kind, _, _ in known.values() if kind == BOUND)
        note(
            f"resumed from checkpoint {checkpoint}: facts on {plural(len(known), 'opener')} from earlier runs "
            f"({len(known) - bounded} exact or infeasible, {bounded} lower bounds, which settle an opener "
            "once enough others are proven below them)"
        )
    pool = make_pool(workers, scheduler)
    bar = _bar(progress, len(lists.guesses))

    def make_ranker(prob: TaskProblem, places: int, *, facts_store, exclude, ties: bool) -> _Ranker:
        return _Ranker(prob, places, pool=pool, store=facts_store, bar=bar, exclude=exclude, ties=ties)

    try:
        if objective != "total":
            tell = None if bar is None else (lambda status: bar.set_postfix_str(status))
            found = _BY_OBJECTIVE[objective](
                task_problem,
                cap,
                min(top, len(lists.guesses)),
                make_ranker=make_ranker,
                store=store,
                lists=lists,
                trees=trees,
                tell=tell,
            )
        else:
            ranker = make_ranker(task_problem, min(top, len(lists.guesses)), facts_store=store, exclude=(), ties=False)
            ranker.run()
    except BaseException:
        pool.abort()
        raise
    else:
        pool.close()
    finally:
        if bar is not None:
            bar.close()
        if store is not None:
            store.add_time(time.perf_counter() - t0, time.process_time() - cpu0 + _children_cpu())
            store.close()
    if objective != "total":
        return _by_objective(found, objective, task_problem, lists=lists, cap=cap, pool=pool, t0=t0, cpu0=cpu0)
    stats = {
        "seconds": time.perf_counter() - t0,
        "settled_by_bounds": sum(1 for o, (k, _) in ranker.facts.items() if o not in ranker.searched),
        "searched": len(ranker.searched),
        "workers": pool.workers,
        "phases": ranker.phases(),
    }
    ranked = [RankedOpener(lists.guesses[o], v, None) for v, o in ranker.ranking()]
    if trees:
        _attach_trees(ranked, problem, cache_mb)
    _finish_stats(stats, t0, cpu0)
    if before[2]:  # (resumed: the whole ranking's time, over every run)
        stats.update(runs=before[2] + 1, untimed_runs=before[3], all_seconds=before[0] + stats["seconds"])
        stats["all_cpu_seconds"] = before[1] + stats["cpu_seconds"]
    inc = ranker.incumbent()
    return OpenerRanking(
        hard=task_problem.rule,
        max_guesses=cap,
        lists=lists.name,
        n_answers=len(lists.answers),
        guesses=lists.guesses,
        ranking=ranked,
        others_at_least=None if inc[0] >= ranker.inf or len(ranked) == len(lists.guesses) else inc[0],
        facts=dict(ranker.facts),
        searched=frozenset(ranker.searched),
        stats=stats,
        lists_obj=lists,
    )


def _anytime_ranking(
    problem: TaskProblem,
    lists,
    cap,
    *,
    top: int,
    beam,
    time_limit,
    workers: int,
    scheduler,
    checkpoint,
    objective: str,
    note,
    progress,
) -> OpenerRanking:
    """`rank_anytime` after refining the bounds of every opener (at most
    ``REFINE_SHARE`` of the time limit), on ``workers`` processes."""
    t0, cpu0 = time.perf_counter(), time.process_time()
    deadline = None if time_limit is None else time.monotonic() + time_limit
    store = open_checkpoint(checkpoint, problem, objective)
    try:
        pool = make_pool(workers, scheduler)
        bar = _bar(None if callable(progress) else progress, len(lists.guesses))
        interrupted = False
        try:
            ranker = _Ranker(problem, top, pool=pool, store=store, bar=bar)
            try:
                ranker.refine(None if deadline is None else time.monotonic() + REFINE_SHARE * time_limit)
            except KeyboardInterrupt:
                interrupted = True  # (Ctrl-C: the bounds so far stand, and no candidate is searched)
        except BaseException:
            pool.abort()
            raise
        else:
            if interrupted:
                pool.abort()
            else:
                pool.close()  # (its workers' tables: the searches need the memory)
        finally:
            if bar is not None:
                bar.close()
        if note is not None:
            note(
                f"bounds refined for {len(ranker.refined)} of {ranker.n_openers} openers "
                f"({time.perf_counter() - t0:.0f} s)"
            )
        result = rank_anytime(
            problem,
            lists,
            cap,
            facts=dict(ranker.facts),
            refined=ranker.refined,
            top=min(top, len(lists.guesses)),
            beam=beam,
            time_limit=None if deadline is None else max(0.0, deadline - time.monotonic()),
            threads=workers,
            store=store,
            note=note,
            progress=progress if callable(progress) else None,
            interrupted=interrupted,
        )
        result.stats["refined"] = len(ranker.refined)
        _finish_stats(result.stats, t0, cpu0)
        return result
    finally:
        if store is not None:
            store.close()


_BY_OBJECTIVE = {"worst,total": rank_worst_then_total, "total,worst": rank_total_then_worst}


def _by_objective(
    found: RankedByObjective, objective: str, problem: TaskProblem, *, lists, cap, pool, t0, cpu0
) -> OpenerRanking:
    # (settled by bounds: under the caps the ranking ran; those below were refuted first, for every opener)
    stats = {
        "settled_by_bounds": len(lists.guesses) - len(found.searched),
        "searched": len(found.searched),
        "refuted_within": found.refuted_within,
        "workers": pool.workers,
    }
    _finish_stats(stats, t0, cpu0)
    return OpenerRanking(
        hard=problem.rule,
        max_guesses=cap,
        lists=lists.name,
        n_answers=len(lists.answers),
        guesses=lists.guesses,
        ranking=[RankedOpener(lists.guesses[o], v, tree, w) for o, v, w, tree in found.ranked],
        others_at_least=found.others_at_least,
        facts=found.facts,
        searched=frozenset(found.searched),
        stats=stats,
        lists_obj=lists,
        objective=objective,
        worst_facts=found.worst_facts,
        proof=found.proof,
    )


def _finish_stats(stats: Dict[str, float], t0: float, cpu0: float) -> None:
    stats["cpu_seconds"] = time.process_time() - cpu0 + _children_cpu()
    stats["peak_rss_mb"] = (
        max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        / 1024
    )
    stats["seconds"] = time.perf_counter() - t0


def _attach_trees(ranked: List[RankedOpener], problem: Problem, cache_mb: float) -> None:
    for r in ranked:
        res = solve(problem, r.word, SearchOptions(cache_mb=cache_mb))
        if not res.feasible or res.total != r.total:
            raise RuntimeError(f"internal error: {r.word} ranked at {r.total}, its tree totals {res.total}")
        r.tree = res.tree


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _bar(progress: Optional[bool], total: int):
    import sys

    if progress is False:
        return None
    if progress is None and not sys.stderr.isatty():
        return PlainBar(total)  # (a line at most every 30 s: a file, a pipe, nohup)
    from tqdm import tqdm

    return tqdm(total=total, unit="openers", desc="seed: ", dynamic_ncols=True, file=sys.stderr, bar_format=SEED_BAR)
