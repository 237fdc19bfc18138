"""`wordle_opt.search`, the public search: the user's values parsed once into
a `Problem`, then the solver's exact (or anytime) search of the opener; without
an opener, the best one proven by the opener ranking (`rank`, top 1) and its
search, whose ``proof`` says it is the proven best.

It sits above the ranking because the ranking itself runs the solver's
searches.  Another objective than 'total' (which the ranking does not prove)
and the anytime search go to the solver directly.

    >>> r = search(None, answers=small_lists)
    >>> r.opener, r.total, r.proof    # ('salet', 7920, 'SALET is the proven best opener: ...')
"""

from __future__ import annotations

import time
from typing import Callable, Dict, Mapping, Optional, Tuple

from wordle_opt.display import Note, ProgressCallback, plural
from wordle_opt.errors import WordleOptError
from wordle_opt.openers.checkpoint import open_checkpoint
from wordle_opt.openers.options import RankOptions
from wordle_opt.openers.ranking import rank
from wordle_opt.openers.tasks import TaskProblem
from wordle_opt.patterns import Pattern
from wordle_opt.rules import all_green
from wordle_opt.solver.exact import SearchResult, check_anytime, over_caps, solve
from wordle_opt.solver.options import DEFAULT_CACHE_MB, SearchOptions
from wordle_opt.solver.problem import Problem


def search(
    opener: Optional[str] = "salet",
    *,
    hard=None,
    answers="original",
    guesses=None,
    max_guesses=6,
    threads: Optional[int] = None,
    cache_mb: float = DEFAULT_CACHE_MB,
    progress: Optional[ProgressCallback] = None,
    share_min: Optional[int] = None,
    fallback: bool = False,
    on_refuted: Optional[Callable[[SearchResult], None]] = None,
    note: Optional[Note] = None,
    minimise: str = "total",
    beam: Optional[int] = None,
    time_limit: Optional[float] = None,
    checkpoint: Optional[str] = None,
    fit: bool = False,
    second: Optional[Mapping[str, str]] = None,
) -> SearchResult:
    """Compute the decision tree that minimises the total number of guesses
    over all answers, starting with ``opener``, and prove it optimal.  Without
    an opener (and ``minimise='total'``, no anytime search) the best opener is
    proven by the opener ranking (top 1; ``threads`` is then its number of
    worker processes) and its search is returned, with ``proof`` naming it the
    proven best opener and stating what is proven about every other.

    ``hard``: None/False (easy), True/'nyt' (the game's rule) or 'strict'.
    ``answers``/``guesses``: a named list set ('original', 'nyt', 'nyt-12947'),
    a file, or a `WordLists`.  ``max_guesses``: the cap (None: no cap).
    ``minimise``: 'total' (the default), 'worst,total' (the smallest worst
    case, then the fewest guesses: the cap is then the largest worst case
    tried) or 'total,worst' (ties of the total broken by the smallest worst
    case); see `wordle_opt.solver.objectives`.
    ``beam``/``time_limit``: the anytime search (an opener and 'total' only):
    a tree from the ``beam`` (default 2) most promising guesses at each node,
    then a proven lower bound raised until ``time_limit`` seconds (None: until
    proven) or Ctrl-C; the result's ``lower_bound`` says how far from optimal
    the tree may be.  Stopped while the beam still builds its tree, the result
    has no tree and ``stopped`` (no tree found in time, which proves nothing
    about the cap).  ``checkpoint``: a file (SQLite) that the anytime search
    resumes from and saves each group's best tree and bound to.
    ``fit``: the anytime search first fits a tree within the cap for every
    group, depth first (`wordle_opt.solver.feasible`: for tight caps in
    hard mode, where the beam's trees overrun the cap); without a time
    limit the search ends there, with the fitted tree.  ``second``:
    colouring -> word, e.g. ``{"bbbbb": "bezil"}``: with ``fit``, the word
    the fitting tries first after the opener shows that colouring (a hint,
    not a rule: it tries every guess when none fits after it).
    ``threads``: solver threads (default and most: the machine's cores);
    ``cache_mb``: the transposition table of each thread; ``share_min``:
    groups of at least this many answers after the opener are solved by all
    threads together, sharing the group's root (default: 100 in easy mode;
    off in hard mode, where it measured slower).
    ``fallback``: when no strategy fits the cap, try the next caps (reusing
    the solvers and their caches) and return the result for the smallest cap
    that works; ``on_refuted(result)`` hears of each cap that does not.
    ``progress(done, total, status)`` reports groups done and, while big
    groups run, the nodes searched; ``note(line)`` gets warnings (a huge
    instance, threads capped).

    Every value is checked here, once; a bad one is a `WordleOptError` with a
    one-line message.
    """
    t0 = time.perf_counter()
    problem, opener, options = _parse(
        opener,
        hard=hard,
        answers=answers,
        guesses=guesses,
        max_guesses=max_guesses,
        minimise=minimise,
        threads=threads,
        cache_mb=cache_mb,
        share_min=share_min,
        note=note,
        fallback=fallback,
        beam=beam,
        time_limit=time_limit,
        checkpoint=checkpoint,
        fit=fit,
        second=second,
    )
    tell = dict(progress=progress, note=note, on_refuted=on_refuted)
    return _run(problem, opener, options, tell, checkpoint=checkpoint, fallback=fallback, t0=t0)


def _run(
    problem: Problem,
    opener: Optional[str],
    options: SearchOptions,
    tell: dict,
    *,
    checkpoint,
    fallback: bool,
    t0: float,
) -> SearchResult:
    """`search` of the parsed ``problem``: with a checkpoint, from an opener,
    by another objective or anytime, the solver's search; else the best
    opener proven under the cap (and, with ``fallback``, the caps above).
    ``tell``: the callbacks (progress, note, on_refuted)."""
    if checkpoint is not None:
        store = open_checkpoint(checkpoint, TaskProblem.of(problem, cache_mb=options.cache_mb))
        try:
            return solve(problem, opener, options, store=store, **tell)
        finally:
            store.close()
    if opener is not None or problem.objective != "total" or options.anytime:
        return solve(problem, opener, options, **tell)

    def best_at(c: Optional[int]) -> SearchResult:
        return _best_at_cap(problem.with_cap(c), options, progress=tell["progress"], note=tell["note"], t0=t0)

    n = len(problem.lists.answers)
    return over_caps(best_at, problem.cap, n=n, fallback=fallback, on_refuted=tell["on_refuted"], note=tell["note"])


def _parse(
    opener,
    *,
    hard,
    answers,
    guesses,
    max_guesses,
    minimise,
    threads,
    cache_mb,
    share_min,
    note,
    fallback,
    beam,
    time_limit,
    checkpoint,
    fit,
    second,
) -> Tuple[Problem, Optional[str], SearchOptions]:
    """`search`'s values checked, once: the problem, the opener (stripped,
    lower case) and the options (a one-line `WordleOptError` for a bad one)."""
    problem = Problem.parse(hard=hard, answers=answers, guesses=guesses, max_guesses=max_guesses, minimise=minimise)
    options = SearchOptions.parse(
        threads=threads,
        cache_mb=cache_mb,
        share_min=share_min,
        note=note,
        fallback=fallback,
        beam=beam,
        time_limit=time_limit,
        fit=fit,
        stacklevel=5,  # (search -> _parse -> parse -> check_threads: the warning at search's caller)
    )
    if opener is not None:
        if not isinstance(opener, str):
            raise WordleOptError(f"opener must be a word (a str) or None, not {type(opener).__name__} {opener!r}")
        opener = opener.strip().lower()
    if options.anytime:
        check_anytime(problem, opener, beam=beam, time_limit=time_limit)
    elif checkpoint is not None:
        raise WordleOptError(
            "checkpoint: search resumes only the anytime search of an opener (with beam or "
            "time_limit); the opener ranking resumes with rank_openers(checkpoint=...)"
        )
    return problem, opener, options.but(second=_second_guesses(problem, opener, second, fit=fit))


def _best_at_cap(
    at_cap: Problem, options: SearchOptions, *, progress: Optional[ProgressCallback], note: Optional[Note], t0: float
) -> SearchResult:
    """The proven best opener under ``at_cap``'s cap (the ranking, top 1)
    and its search, with the ranking's statement as its ``proof``."""
    lists, c = at_cap.lists, at_cap.cap
    search = SearchOptions(threads=options.threads, cache_mb=options.cache_mb)
    ranking = rank(at_cap, RankOptions(search, top=1, trees=False, progress=False))
    best = ranking.best
    if best is None:
        return SearchResult(
            opener=None,
            hard=at_cap.rule.value,
            max_guesses=c,
            lists=lists.name,
            n_answers=len(lists.answers),
            feasible=False,
            tree=None,
            stats=dict(ranking.stats),
            proof=f"no opener solves every answer within {plural(c, 'guess')}",
        )
    result = solve(at_cap, best.word, options.but(fallback=False), progress=progress, note=note)
    if not result.feasible or result.total != best.total:
        raise RuntimeError(f"internal error: {best.word} ranked at {best.total}, its search gave {result.total}")
    result.proof = f"{best.word.upper()} is the proven best opener: {ranking.statement()}"
    for key in ("settled_by_bounds", "searched", "workers"):
        result.stats[f"ranking_{key}"] = ranking.stats[key]
    result.stats["ranking_cpu_seconds"] = ranking.stats["cpu_seconds"]
    result.stats["cpu_seconds"] = result.stats.get("cpu_seconds", 0) + ranking.stats["cpu_seconds"]
    result.stats["seconds"] = time.perf_counter() - t0
    return result


def _second_guesses(problem: Problem, opener: Optional[str], second, *, fit: bool) -> Optional[Dict[int, int]]:
    """``second`` (colouring -> word) checked: each colouring one the opener
    shows some answer, not all green, and each word an allowed guess, legal
    after it under the rule; as colouring code -> guess index."""
    if not second:
        return None
    if opener is None or not fit:
        raise WordleOptError("second: needs an opener and fit=True (--fit): the fitting tries those words first")
    if not isinstance(second, Mapping):
        raise WordleOptError(f"second must map colourings to words, e.g. {{'bbbbb': 'bezil'}}, not {second!r}")
    lists, rule = problem.lists, problem.rule
    o = lists.guess_index(opener)
    shown = set(int(p) for p in lists.table[o])
    out: Dict[int, int] = {}
    for colouring, word in second.items():
        try:
            p = Pattern.parse(colouring, lists.length)
        except WordleOptError as e:
            raise WordleOptError(f"second: {e}") from None
        if p == all_green(lists.length):
            raise WordleOptError(
                f"second: after {opener.upper()} {p.byg} the answer is found; no second guess is played"
            )
        if int(p) not in shown:
            raise WordleOptError(f"second: no answer of {lists.name} colours {opener.upper()} {p.byg}")
        if not isinstance(word, str) or not lists.is_guess(word.strip().lower()):
            raise WordleOptError(f"second: {word!r} after {p.byg} is not an allowed guess of {lists.name}")
        word = word.strip().lower()
        why = rule.violation([(opener, int(p))], word)
        if why:
            raise WordleOptError(
                f"second: {word.upper()} after {opener.upper()} {p.byg} breaks the {rule.word} rule: {why}"
            )
        if int(p) in out:
            raise WordleOptError(f"second: {p.byg} given twice ({lists.guesses[out[int(p)]]}, then {word})")
        out[int(p)] = lists.guess_index(word)
    return out
