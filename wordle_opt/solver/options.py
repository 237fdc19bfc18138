"""The search options every solver-level job shares (the public search, the
opener ranking, the review, the web page): their checks, each a one-line
`WordleOptError` for a bad value, run once at the edge, and `SearchOptions`,
the one object they travel down in."""

from __future__ import annotations

import dataclasses
import math
import os
import warnings
from dataclasses import dataclass
from typing import Mapping, Optional

from wordle_opt.core import core
from wordle_opt.display import Note, plural
from wordle_opt.errors import WordleOptError

DEFAULT_CACHE_MB = core.DEFAULT_CACHE_MB


def check_threads(threads, *, note: Optional[Note] = None, what: str = "threads", stacklevel: int = 3) -> int:
    """The number of solver threads (or worker processes, ``what``): ``threads``
    checked (a positive integer, capped at the machine's cores with a ``note``,
    else a warning at the caller's caller, ``stacklevel``), or the cores for None."""
    cores = os.cpu_count() or 1
    if threads is None:
        return cores
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
        raise WordleOptError(f"{what} must be a positive integer, not {threads!r}")
    if threads > cores:
        # More solvers than cores only share the cores and multiply the caches.
        line = f"{threads} {what} capped at the machine's {plural(cores, 'core')}"
        if note is not None:
            note(f"warning: {line}")
        else:
            warnings.warn(line, stacklevel=stacklevel)
        return cores
    return threads


def check_cache(cache_mb, threads: int) -> None:
    """One line for a ``cache_mb`` that is not a positive finite number or
    that ``threads`` caches of it would not fit this machine's memory."""
    if (
        isinstance(cache_mb, bool)
        or not isinstance(cache_mb, (int, float))
        or not (cache_mb > 0 and math.isfinite(cache_mb))
    ):
        raise WordleOptError(f"cache_mb must be a positive finite number of MiB, not {cache_mb!r}")
    try:
        ram_mb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**20
    except (ValueError, OSError, AttributeError):
        return
    if threads * cache_mb > ram_mb:
        raise WordleOptError(
            f"cache_mb={cache_mb:g}: {threads} thread(s) x {cache_mb:g} MiB is more than "
            f"this machine's {ram_mb:.0f} MiB of memory; give a smaller cache_mb (--cache-mb)"
        )


# The longest time limit (about 31 years): a timer cannot wait 2**70 seconds,
# and its thread died with a traceback instead of an error (issue 26 fuzz).
MAX_TIME_LIMIT = 1e9
# The widest beam: more guesses than any list has (the core holds it in a C long).
MAX_BEAM = 10**6


def check_options(beam, time_limit) -> None:
    """One line for a bad ``beam`` or ``time_limit`` (None: the default)."""
    if beam is not None and (isinstance(beam, bool) or not isinstance(beam, int) or not 1 <= beam <= MAX_BEAM):
        raise WordleOptError(f"beam must be a positive number of guesses, at most {MAX_BEAM:,}, not {beam!r}")
    check_time_limit(time_limit)


def check_time_limit(time_limit) -> None:
    """One line for a ``time_limit`` that is not None or a positive finite number
    of seconds (an infinite one would overflow the timer: None is no limit)."""
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not (time_limit > 0 and math.isfinite(time_limit))
        or time_limit > MAX_TIME_LIMIT
    ):
        raise WordleOptError(
            f"time_limit must be a positive finite number of seconds, at most {MAX_TIME_LIMIT:.0e} "
            f"(None: no limit), not {time_limit!r}"
        )


@dataclass(frozen=True)
class SearchOptions:
    """How a search runs, beside what it solves (the `Problem`): built once at
    the edge (the public `search` parses the user's values with `parse`; the
    ranking and the web page build theirs from values already checked) and
    passed down whole; the solver trusts it.

    ``threads``: solver threads (None: the machine's cores); ``cache_mb``: the
    transposition table of each; ``share_min``, ``bounded_min``,
    ``hard_bounded_min``: the sizes of the groups that all threads solve
    together, sharing the root or refuting its guesses in batch (None: the
    solver's defaults, `wordle_opt.solver.exact.solve`); ``fallback``: the
    caps above a cap no tree fits.  ``beam``, ``time_limit``, ``max_beam``,
    ``fit``, ``second``: the anytime search (`anytime`), as the public
    `wordle_opt.search` describes them (``second``: colouring -> guess index)."""

    threads: Optional[int] = None
    cache_mb: float = DEFAULT_CACHE_MB
    share_min: Optional[int] = None
    bounded_min: Optional[int] = None
    hard_bounded_min: Optional[int] = None
    fallback: bool = False
    beam: Optional[int] = None
    time_limit: Optional[float] = None
    max_beam: Optional[int] = None
    fit: bool = False
    second: Optional[Mapping[int, int]] = None

    @classmethod
    def parse(
        cls,
        *,
        threads=None,
        cache_mb=DEFAULT_CACHE_MB,
        share_min=None,
        note: Optional[Note] = None,
        stacklevel: int = 4,
        **others,
    ) -> "SearchOptions":
        """The options from a user's values: ``threads`` (capped at the cores,
        with a ``note``), ``cache_mb`` and ``share_min`` checked here, once,
        with a one-line `WordleOptError` for a bad one; ``others`` as given.
        ``stacklevel``: the warning's, counted from `check_threads` (4: the
        caller of the function that calls ``parse``, the user's call)."""
        threads = check_threads(threads, note=note, stacklevel=stacklevel)
        check_cache(cache_mb, threads)
        if share_min is not None and (not isinstance(share_min, int) or isinstance(share_min, bool) or share_min < 1):
            # (a str reached a comparison deep in the search: a TypeError, fuzz 2026-11-27)
            raise WordleOptError(
                f"share_min must be a positive integer (answers in a group) or None, not {share_min!r}"
            )
        return cls(threads=threads, cache_mb=cache_mb, share_min=share_min, **others)

    @property
    def anytime(self) -> bool:
        """The anytime search rather than the exact one."""
        return self.beam is not None or self.time_limit is not None or self.fit

    def but(self, **changes) -> "SearchOptions":
        """The same options with ``changes`` (already checked)."""
        return dataclasses.replace(self, **changes)
