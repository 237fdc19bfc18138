"""How an opener ranking runs, beside what it ranks (the `Problem`):
`RankOptions`, checked once by the public `rank_openers` (`RankOptions.parse`)
and passed down whole; the ranking below trusts it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Optional

from wordle_opt.display import Note
from wordle_opt.errors import WordleOptError
from wordle_opt.solver.options import DEFAULT_CACHE_MB, SearchOptions, check_cache, check_options, check_threads

# ``trees=BEST_TREE_ONLY``: a complete table (`--top all`) is the totals; a
# tree per opener, each as costly as a search of it, would about double its CPU.
BEST_TREE_ONLY = "best"


def keep_tree(trees, place: int) -> bool:
    """Whether the opener ranked at ``place`` (0: the best) keeps its tree under ``trees``."""
    return trees is True or (trees == BEST_TREE_ONLY and place == 0)


@dataclass(frozen=True)
class RankOptions:
    """``search``: what the ranking shares with a search: ``threads`` (the
    worker processes; `parse` makes None the machine's cores), ``cache_mb`` (each
    worker's), ``beam``/``time_limit`` (the anytime ranking when either is
    set).  ``top``: the openers proven; ``scheduler``: a Dask scheduler
    instead of local workers; ``checkpoint``: the file of proven facts;
    ``trees``: attach each ranked opener's tree (True), none (False), or
    the best opener's only (BEST_TREE_ONLY); ``progress``: a bar (True,
    False, None: when stderr is a terminal) or, for the anytime ranking, a
    ``progress(done, total, status)`` callable.  As `wordle_opt.rank_openers`
    describes them."""

    search: SearchOptions = SearchOptions()
    top: int = 10
    scheduler: object = None
    checkpoint: Optional[str] = None
    trees: object = True
    progress: object = None

    @classmethod
    def parse(
        cls,
        *,
        objective: str,
        top=10,
        workers=None,
        scheduler=None,
        checkpoint: Optional[str] = None,
        cache_mb=DEFAULT_CACHE_MB,
        progress=None,
        trees=True,
        beam=None,
        time_limit=None,
        note: Optional[Note] = None,
    ) -> "RankOptions":
        """The options from a user's values, each checked here once (a
        one-line `WordleOptError` for a bad one); ``objective``: the
        problem's, which the anytime ranking must allow."""
        if isinstance(top, bool) or not isinstance(top, int) or top < 1:
            raise WordleOptError(f"top must be a positive integer, not {top!r}")
        if trees not in (True, False, BEST_TREE_ONLY):
            raise WordleOptError(f"trees must be True, False or {BEST_TREE_ONLY!r}, not {trees!r}")
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
            raise WordleOptError(f"workers must be a positive integer, not {workers!r}")
        if scheduler is None and workers is not None:
            # (more than the cores only multiplies the memory)
            workers = check_threads(workers, note=note, what="workers", stacklevel=4)
        if workers is None:
            workers = os.cpu_count() or 1
        check_cache(cache_mb, 1)  # (per worker)
        search = SearchOptions(threads=workers, cache_mb=cache_mb, beam=beam, time_limit=time_limit)
        if search.anytime:
            if objective != "total":
                raise WordleOptError(f"beam/time limit: the anytime ranking ranks by total only, not {objective!r}")
            if scheduler is not None:
                raise WordleOptError(
                    "beam/time limit: the anytime ranking runs on this machine (--workers), not on a Dask scheduler"
                )
            check_options(beam, time_limit)
        return cls(search, top, scheduler, checkpoint, trees, progress)
