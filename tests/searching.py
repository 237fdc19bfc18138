"""The solver's exact search (`wordle_opt.solver.exact.solve`) with the public
search's keywords, for the tests of the solver itself.  Unlike
`wordle_opt.search`, an opener of None searches every guess with the threads
sharing the root (no opener ranking); the values are checked as the public
function checks them."""

from __future__ import annotations

from wordle_opt.solver.exact import check_anytime, solve
from wordle_opt.solver.options import DEFAULT_CACHE_MB, SearchOptions
from wordle_opt.solver.problem import Problem


def search(
    opener="salet",
    *,
    hard=None,
    answers="original",
    guesses=None,
    max_guesses=6,
    minimise="total",
    threads=None,
    cache_mb=DEFAULT_CACHE_MB,
    note=None,
    beam=None,
    time_limit=None,
    **options,
):
    problem = Problem.parse(hard=hard, answers=answers, guesses=guesses, max_guesses=max_guesses, minimise=minimise)
    # (what solve hears besides the options: progress, note, on_refuted, store)
    tell = {k: options.pop(k) for k in ("progress", "on_refuted", "store") if k in options}
    options = SearchOptions.parse(
        threads=threads, cache_mb=cache_mb, note=note, beam=beam, time_limit=time_limit, **options
    )
    if beam is not None or time_limit is not None:
        check_anytime(problem, opener, beam=beam, time_limit=time_limit)
    return solve(problem, opener, options, note=note, **tell)
