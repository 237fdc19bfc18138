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
   lowers the K-th total for the openers after it;
5. trees: an optimal tree of each ranked opener, one task each, checked
   against its total (a complete table, `--top all`: the best opener's only,
   ``trees=BEST_TREE_ONLY``).
"""

from __future__ import annotations

import resource
import time
from typing import Dict, Optional, Tuple

from wordle_opt.display import Note, plural
from wordle_opt.openers.checkpoint import open_checkpoint
from wordle_opt.openers.options import BEST_TREE_ONLY, RankOptions
from wordle_opt.openers.pools import make_pool
from wordle_opt.openers.progress import PlainBar
from wordle_opt.openers.ranker import SEED_BAR, Ranker
from wordle_opt.openers.ranking_anytime import rank_anytime
from wordle_opt.openers.ranking_objective import RankedByObjective, rank_total_then_worst, rank_worst_then_total
from wordle_opt.openers.result import OpenerRanking, RankedOpener
from wordle_opt.openers.tasks import (
    BOUND,
    TaskProblem,
)
from wordle_opt.solver.options import DEFAULT_CACHE_MB
from wordle_opt.solver.problem import Problem
from wordle_opt.trees.tree import Tree

# The anytime ranking's share of the time limit for refining every opener's
# bound.  The every-word game: 12972 openers at about 0.17 s each and core,
# 37 min on 2 workers; an opener left unrefined keeps its quick bound
# (about 41-48k there against 48-49k refined), which caps what the ranking
# can say about every other opener.
REFINE_SHARE = 0.5


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
    trees=True,
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
    ``trees``: build and attach the optimal tree of each ranked opener; "best":
    of the best opener only (`--top all`: the table is the totals).
    ``beam``/``time_limit``: the anytime ranking instead, for games too big
    to rank exactly (`wordle_opt.openers.ranking_anytime`): every opener's bound
    refined, a screen by beam trees, then the ``top`` openers with the
    least beam totals get the anytime search (as `search` with ``beam``),
    each for an equal share of the time left, run by ``workers`` threads;
    ``note(line)`` hears of each step; ``progress`` may then be a
    ``progress(done, total, status)`` callable passed to each search.
    """
    problem = Problem.parse(hard=hard, answers=answers, guesses=guesses, max_guesses=max_guesses, minimise=minimise)
    options = RankOptions.parse(
        objective=problem.objective,
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
    return rank(problem, options, note=note)


def rank(problem: Problem, options: RankOptions, *, note: Optional[Note] = None) -> OpenerRanking:
    """`rank_openers` of a parsed ``problem`` with checked ``options``: the
    internal entry, which trusts both (`rank_openers` builds them)."""
    t0, cpu0 = time.perf_counter(), time.process_time()
    o = options
    objective = problem.objective
    lists, cap = problem.lists, problem.cap
    task_problem = TaskProblem.of(problem, cache_mb=o.search.cache_mb)
    if o.search.anytime:
        return _anytime_ranking(task_problem, lists, cap, o, objective=objective, note=note)
    store = open_checkpoint(o.checkpoint, task_problem, objective)
    before = (0.0, 0.0, 0, 0) if store is None else store.time_spent()  # (the runs here before)
    if store is not None and note is not None:
        _note_resumed(store, o.checkpoint, note)
    pool = make_pool(o.search.threads, o.scheduler)
    bar = _bar(o.progress, len(lists.guesses))
    top = min(o.top, len(lists.guesses))

    def make_ranker(prob: TaskProblem, places: int, *, facts_store, exclude, ties: bool) -> Ranker:
        return Ranker(prob, places, pool=pool, store=facts_store, bar=bar, exclude=exclude, ties=ties)

    try:
        if objective != "total":
            tell = None if bar is None else (lambda status: bar.set_postfix_str(status))
            found = _BY_OBJECTIVE[objective](
                task_problem, cap, top, make_ranker=make_ranker, store=store, lists=lists, trees=o.trees, tell=tell
            )
        else:
            ranker = make_ranker(task_problem, top, facts_store=store, exclude=(), ties=False)
            ranker.run()
            trees = ranker.trees(first=1 if o.trees == BEST_TREE_ONLY else None) if o.trees else {}
    except BaseException:
        pool.abort()
        raise
    else:
        pool.close()
    finally:
        if bar is not None:
            bar.close()
        if store is not None:
            store.add_time(time.perf_counter() - t0, time.process_time() - cpu0 + pool.cpu())
            store.close()
    if objective != "total":
        return _by_objective(found, objective, task_problem, lists=lists, cap=cap, pool=pool, t0=t0, cpu0=cpu0)
    return _total_result(ranker, problem, trees, pool=pool, before=before, t0=t0, cpu0=cpu0)


def _note_resumed(store, checkpoint: str, note) -> None:
    """Tell ``note`` what the checkpoint already knows (nothing when new)."""
    known = store.facts()
    if known:
        bounded = sum(1 for kind, _, _ in known.values() if kind == BOUND)
        note(
            f"resumed from checkpoint {checkpoint}: facts on {plural(len(known), 'opener')} from earlier runs "
            f"({len(known) - bounded} exact or infeasible, {bounded} lower bounds, which settle an opener "
            "once enough others are proven below them)"
        )


def _total_result(
    ranker: Ranker,
    problem: Problem,
    trees: Dict[int, Tuple[int, object]],
    *,
    pool,
    before: Tuple[float, float, int, int],
    t0: float,
    cpu0: float,
) -> OpenerRanking:
    """The total ranking's result from its finished ``ranker`` and the trees
    it found (`Ranker.trees`; none when not asked for); ``before``:
    the checkpoint's time spent by earlier runs."""
    lists, cap = problem.lists, problem.cap
    stats = {
        "seconds": time.perf_counter() - t0,
        "settled_by_bounds": sum(1 for o, (k, _) in ranker.facts.items() if o not in ranker.searched),
        "searched": len(ranker.searched),
        "workers": pool.workers,
        "phases": ranker.phases(),
    }
    ranked = [RankedOpener(lists.guesses[o], v, _tree(trees, o, v, problem)) for v, o in ranker.ranking()]
    _finish_stats(stats, t0, cpu0, pool)
    if before[2]:  # (resumed: the whole ranking's time, over every run)
        stats.update(runs=before[2] + 1, untimed_runs=before[3], all_seconds=before[0] + stats["seconds"])
        stats["all_cpu_seconds"] = before[1] + stats["cpu_seconds"]
    inc = ranker.incumbent()
    return OpenerRanking(
        hard=problem.rule.value,
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


def _anytime_ranking(problem: TaskProblem, lists, cap, options: RankOptions, *, objective: str, note) -> OpenerRanking:
    """`rank_anytime` after refining the bounds of every opener (at most
    ``REFINE_SHARE`` of the time limit), on ``options.search.threads`` processes."""
    t0, cpu0 = time.perf_counter(), time.process_time()
    top, progress, workers = options.top, options.progress, options.search.threads
    beam, time_limit = options.search.beam, options.search.time_limit
    deadline = None if time_limit is None else time.monotonic() + time_limit
    store = open_checkpoint(options.checkpoint, problem, objective)
    try:
        pool = make_pool(workers, options.scheduler)
        bar = _bar(None if callable(progress) else progress, len(lists.guesses))
        interrupted = False
        try:
            ranker = Ranker(problem, top, pool=pool, store=store, bar=bar)
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
        _finish_stats(result.stats, t0, cpu0, pool)
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
    _finish_stats(stats, t0, cpu0, pool)
    return OpenerRanking(
        hard=problem.rule.value,
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


def _finish_stats(stats: Dict[str, float], t0: float, cpu0: float, pool) -> None:
    """The run's wall, CPU (this process's and its ``pool``'s workers') and peak memory."""
    stats["cpu_seconds"] = time.process_time() - cpu0 + pool.cpu()
    stats["peak_rss_mb"] = (
        max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        / 1024
    )
    stats["seconds"] = time.perf_counter() - t0


def _tree(trees: Dict[int, Tuple[int, object]], o: int, total: int, problem: Problem) -> Optional[Tree]:
    """Ranked opener o's tree from ``trees`` (None: trees were not asked for),
    checked against its ranked ``total``."""
    if o not in trees:
        return None
    tree_total, root = trees[o]
    word = problem.lists.guesses[o]
    if root is None or tree_total != total:
        raise RuntimeError(f"internal error: {word} ranked at {total}, its tree totals {tree_total}")
    return Tree(root, problem.lists, hard=problem.rule.value, max_guesses=problem.cap)


def _bar(progress: Optional[bool], total: int):
    import sys

    if progress is False:
        return None
    if progress is None and not sys.stderr.isatty():
        return PlainBar(total)  # (a line at most every 30 s: a file, a pipe, nohup)
    from tqdm import tqdm

    return tqdm(total=total, unit="openers", desc="seed: ", dynamic_ncols=True, file=sys.stderr, bar_format=SEED_BAR)
