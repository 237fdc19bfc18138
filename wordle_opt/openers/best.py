"""`wordle_opt.search`: `wordle_opt.search.search`, except that without an opener it proves
the best opener by the ranking of `openers` (`rank_openers`, top 1) and returns
that opener's `SearchResult`, whose ``proof`` says it is the proven best.

It sits above both because `openers` itself calls `search.search`.  Another
objective than 'total' (which the ranking does not prove) and the anytime
search keep `search.search`'s own path.

    >>> r = search(None, answers=small_lists)
    >>> r.opener, r.total, r.proof    # ('salet', 7920, 'SALET is the proven best opener: ...')
"""

from __future__ import annotations

import time
from typing import Optional

from wordle_opt.display import plural
from wordle_opt.errors import WordleOptError
from wordle_opt.openers.checkpoint import open_checkpoint
from wordle_opt.openers.ranking import problem_of, rank_openers
from wordle_opt.rules import normalise_rule, parse_cap
from wordle_opt.solver.exact import DEFAULT_CACHE_MB, SearchResult, over_caps
from wordle_opt.solver.exact import search as _exact_search
from wordle_opt.solver.objectives import parse_objective
from wordle_opt.wordlists import load_lists


def search(
    opener: Optional[str] = "salet",
    *,
    hard=None,
    answers="original",
    guesses=None,
    max_guesses=6,
    threads: Optional[int] = None,
    cache_mb: float = DEFAULT_CACHE_MB,
    progress=None,
    share_min: Optional[int] = None,
    fallback: bool = False,
    on_refuted=None,
    note=None,
    minimise: str = "total",
    beam: Optional[int] = None,
    time_limit: Optional[float] = None,
    checkpoint: Optional[str] = None,
) -> SearchResult:
    kw = dict(
        hard=hard,
        guesses=guesses,
        threads=threads,
        cache_mb=cache_mb,
        progress=progress,
        share_min=share_min,
        note=note,
        minimise=minimise,
        beam=beam,
        time_limit=time_limit,
    )
    anytime = beam is not None or time_limit is not None
    if checkpoint is not None:
        if opener is None or not anytime:
            raise WordleOptError(
                "checkpoint: search resumes only the anytime search of an opener (with beam or "
                "time_limit); the opener ranking resumes with rank_openers(checkpoint=...)"
            )
        return _anytime_with_checkpoint(
            opener, answers, max_guesses, path=checkpoint, fallback=fallback, on_refuted=on_refuted, kw=kw
        )
    if opener is not None or parse_objective(minimise) != "total" or anytime:
        return _exact_search(
            opener, answers=answers, max_guesses=max_guesses, fallback=fallback, on_refuted=on_refuted, **kw
        )
    t0 = time.perf_counter()
    rule = normalise_rule(hard)
    cap = parse_cap(max_guesses, "max_guesses")
    lists = load_lists(answers, guesses)
    kw["guesses"] = None  # (in lists now)
    n = len(lists.answers)
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise WordleOptError(f"threads must be a positive integer, not {threads!r}")

    def best_at(c: Optional[int]) -> SearchResult:
        ranking = rank_openers(
            hard=rule,
            answers=lists,
            max_guesses=c,
            top=1,
            workers=threads,
            cache_mb=cache_mb,
            progress=False,
            trees=False,
        )
        best = ranking.best
        if best is None:
            return SearchResult(
                opener=None,
                hard=rule,
                max_guesses=c,
                lists=lists.name,
                n_answers=n,
                feasible=False,
                tree=None,
                stats=dict(ranking.stats),
                proof=f"no opener solves every answer within {plural(c, 'guess')}",
            )
        result = _exact_search(best.word, answers=lists, max_guesses=c, **kw)
        if not result.feasible or result.total != best.total:
            raise RuntimeError(f"internal error: {best.word} ranked at {best.total}, its search gave {result.total}")
        result.proof = f"{best.word.upper()} is the proven best opener: {ranking.statement()}"
        for key in ("settled_by_bounds", "searched", "workers"):
            result.stats[f"ranking_{key}"] = ranking.stats[key]
        result.stats["ranking_cpu_seconds"] = ranking.stats["cpu_seconds"]
        result.stats["cpu_seconds"] = result.stats.get("cpu_seconds", 0) + ranking.stats["cpu_seconds"]
        result.stats["seconds"] = time.perf_counter() - t0
        return result

    return over_caps(best_at, cap, n=n, fallback=fallback, on_refuted=on_refuted, note=note)


def _anytime_with_checkpoint(
    opener: str, answers, max_guesses, *, path: str, fallback, on_refuted, kw: dict
) -> SearchResult:
    """The anytime search, resumed from and saved to the checkpoint ``path``
    (made for these lists, rule and cap, or refused with one line)."""
    problem, lists, _ = problem_of(
        hard=kw["hard"], answers=answers, guesses=kw["guesses"], max_guesses=max_guesses, cache_mb=kw["cache_mb"]
    )
    store = open_checkpoint(path, problem)
    try:
        return _exact_search(
            opener,
            answers=lists,
            max_guesses=max_guesses,
            fallback=fallback,
            on_refuted=on_refuted,
            store=store,
            **dict(kw, guesses=None),
        )
    finally:
        store.close()


search.__doc__ = (
    _exact_search.__doc__
    + """
    Without an opener (and ``minimise='total'``, no anytime search) the best
    opener is proven by `rank_openers` (top 1; ``threads`` is its number of
    worker processes) and its search is returned, with ``proof`` naming it
    the proven best opener and stating what is proven about every other.
    ``checkpoint``: a file (SQLite) that the anytime search of an opener
    resumes from and saves each group's best tree and bound to.
    """
)
