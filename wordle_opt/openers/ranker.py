"""The total ranking's state and loop: the fact about every opener (an
exact total, a lower bound, or infeasible), and the phases that complete
them (screen, seed, bounds, search; see `wordle_opt.openers.ranking`) on a
pool of workers, each fact saved to the checkpoint as it comes."""

from __future__ import annotations

import time
from typing import Dict, List, Optional, Tuple

from wordle_opt.openers.phases import PhaseClock, timed
from wordle_opt.openers.shared_groups import GroupKeys, TableChunk, TableJob
from wordle_opt.openers.tasks import (
    BOUND,
    DEFERRED,
    EXACT,
    STOPPED,
    TaskProblem,
    bound_openers,
    opener_trees,
    prove_opener,
    prove_openers,
    prove_openers_within,
    quick_facts,
    threshold_stop,
)

SEED_BAR = "{desc}{n_fmt}/{total_fmt} {unit} [{elapsed}{postfix}]"
BOUND_CHUNK = 24  # openers per bound task: a second or two of work, then a checkpoint
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
# A complete table (every opener proven, `--top all`) needs no bound but for
# the order of its proofs: it screens only the openers a top-10 ranking would
# (SEED_POOL x 10 by quick bound, so its first exact rows are the best ones), not
# all of them.  Hard mode, nyt-3158: a full opener bound took 4.9 s of CPU on
# average over the 144 first screened (load 4-9), EQUID's 61 s against 40 s
# for its whole proof (no tree within 6).
TABLE_SCREEN = SEED_POOL * 10
# A complete table proves each opener within this many seconds of CPU first;
# one that takes longer is stopped and proven with no limit after all the
# others (the checkpoint keeps which: a resumed run does not try it within
# the budget again).  Hard mode, nyt-3158, one worker: the run sat over an
# hour on LOTES (one group of 246 answers, E green, searched over 15 min and
# not done) while openers with no tree within 6 are proven in 0.15-0.5 s each.
TABLE_BUDGET = 120.0
# A complete table proves a letter class's openers one after another on one
# solver (`tasks.prove_openers_within`: anagrams share groups), at most this
# many a task, so that a stopped run loses little.  Of the 12679 openers its
# easy table had left, 3571 have an anagram before them in bound order, at a
# median distance of 627 openers: long gone from the cache.
CLASS_CHUNK = 4


class Ranker:
    """The facts about every opener and the loop that completes them."""

    def __init__(self, problem: TaskProblem, top: int, *, pool, store, bar, exclude=(), ties: bool = False):
        """``exclude``: openers left out (ranked already, under a smaller cap);
        ``ties``: prove every opener that ties the K-th total exact too (the
        default breaks ties by list order and proves only the first)."""
        self.problem, self.top, self.pool, self.store, self.bar = problem, top, pool, store, bar
        self.ties = ties
        self.inf = problem.lists().modules.bounds.INFINITY
        self.clock = PhaseClock(pool.workers)
        t0, cpu0 = time.perf_counter(), time.process_time()
        self.facts: Dict[int, Tuple[str, int]] = quick_facts(problem)
        self.clock.add("quick", time.perf_counter() - t0, time.process_time() - cpu0)
        self.n_openers = len(self.facts)
        self.refined = set()
        self.searched = set()
        self.deferred = set()  # a table's openers stopped at TABLE_BUDGET (proven last)
        self.settled_by: Dict[int, str] = {}  # the phase that found each opener's fact (else: quick)
        for o in exclude:
            del self.facts[o]
        if store is not None:
            self.deferred = set(getattr(store, "deferred", set)())
            for o, (kind, value, searched) in store.facts().items():
                if o not in self.facts:
                    continue
                self.facts[o] = (kind, value)
                self.refined.add(o)
                self.settled_by[o] = "checkpoint"
                if searched:
                    self.searched.add(o)
        # A complete table's big groups' values (shared_groups.SharedGroups), kept in
        # the checkpoint; each task gets those its openers meet (`_table_job`).
        read = getattr(store, "group_values", None)
        self.groups: Dict[bytes, int] = read() if read is not None else {}
        self._keys: Optional[GroupKeys] = None  # (made when a table first needs it)
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
        kept, deferred = [], []
        for o, kind, value in results:
            if kind == DEFERRED:
                deferred.append(o)
                continue
            if kind == STOPPED:
                continue  # (see _record_done)
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
        self.deferred.update(deferred)
        if self.store is not None and deferred and hasattr(self.store, "defer"):
            self.store.defer(deferred)
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
        later = sum(self.facts[o][0] == BOUND for o in self.deferred)
        later = f", {later} over {TABLE_BUDGET:g} CPU-s left for last" if later else ""
        self.bar.set_postfix_str(f"left {left}, best {r[0][0] if r else '-'}{kth}{later}", refresh=False)
        self.bar.refresh()

    # -- the loop ----------------------------------------------------------------
    def run(self) -> None:
        self._switch("screen")
        # (a table resumed from its checkpoint has screened already: its
        # refined openers count, or each sitting would screen 300 more)
        table = self.top >= len(self.facts)  # (every opener not excluded will be proven)
        size = max(0, TABLE_SCREEN - len(self.refined)) if table else SEED_POOL * self.top
        pool = [o for o in self.open_openers() if o not in self.refined][:size]
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
            if table:
                self._drain(self._table_tasks(seeds), searched=True)
            else:
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

    def _table_tasks(self, seeds: List[int]):
        """A complete table's proofs, each with no cut-off: first within
        TABLE_BUDGET, a letter class at a time (at most CLASS_CHUNK openers a
        task), classes in the order of their first opener in ``seeds``; then
        the openers over the budget, in this sitting or one before, with none.
        Openers that are answers come first: players open with everyday
        words, and a table stopped part-way should hold theirs (original easy,
        bound order: 557 of the 2315 answers among its first 2928 exact rows)."""
        answers, guesses = set(self.problem.answers), self.problem.guesses
        fresh = sorted((o for o in seeds if o not in self.deferred), key=lambda o: guesses[o] not in answers)
        tasks = [
            (prove_openers_within, chunk, self._table_job(chunk))
            for c in self._letter_classes(fresh)
            for chunk in _chunks(c, CLASS_CHUNK)
        ]
        return tasks + [(prove_opener, o, self.inf) for o in seeds if o in self.deferred]

    def _table_job(self, chunk: List[int]):
        """The `TableJob` of a table task, taken when it starts (so that it
        has the group values found until then): TABLE_BUDGET and the shared
        group values its openers' groups have."""

        def job() -> TableJob:
            if self._keys is None:
                self._keys = GroupKeys(self.problem.lists(), self.problem.rule, self.problem.depth)
            known = {k: self.groups[k] for o in chunk for k in self._keys.of(o) if k in self.groups}
            return TableJob(TABLE_BUDGET, known)

        return job

    def learn(self, learned: Dict[bytes, int]) -> None:
        """Keep the shared group values a table task found (and save them)."""
        new = [(k, v) for k, v in learned.items() if k not in self.groups]
        if not new:
            return
        self.groups.update(new)
        save = getattr(self.store, "save_group_values", None)
        if save is not None:
            save(new)

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

    def trees(self, *, first: Optional[int] = None) -> Dict[int, Tuple[int, object]]:
        """opener -> (total, root Node) of an optimal tree of each ranked
        opener (of the ``first`` ranked only, when given), one task each
        (`tasks.opener_trees`) on the workers: each is as costly as a
        `search` (in this process, one after another, 772 answers' 1279
        trees took 5x the CPU of their ranking, and on a cluster the CPU of
        the table again, on one machine)."""
        self._switch("trees")
        todo = [o for _, o in self.ranking()][:first]
        found: Dict[int, Tuple[int, object]] = {}
        pending = set()
        while todo or pending:
            while todo and len(pending) < 2 * self.pool.workers:
                pending.add(self.pool.submit(timed, opener_trees, self.shared, [todo.pop(0)]))
            done, pending = self.pool.wait_first(list(pending), 0.2)
            self._tick()
            for f in done:
                for o, total, root in self._timed_result(f):
                    found[o] = (total, root)
            if self.bar is not None and done:
                self.bar.set_description("trees", refresh=False)
                self.bar.set_postfix_str(f"{len(found)} of {len(found) + len(todo) + len(pending)} built")
        return found

    def _switch(self, phase: str) -> None:
        self.phase = phase
        self.clock.switch(phase)
        # (shown now: the line said "screen" for an hour while a seed was proven)
        self.show()

    def _timed_result(self, future):
        res, cpu = future.result()
        self.clock.add_task(cpu)
        self.pool.note_task_cpu(cpu)
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
            if isinstance(res, TableChunk):
                self.learn(res.learned)
                res = res.results
            res = res if isinstance(res, list) else [res]
            self.record(res, searched)
            if any(kind == STOPPED for _, kind, _ in res):
                error = error or KeyboardInterrupt()
        if error is not None:
            raise error


def _chunks(items: List[int], size: int) -> List[List[int]]:
    return [items[i : i + size] for i in range(0, len(items), size)]
