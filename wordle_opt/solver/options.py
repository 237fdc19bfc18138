"""The checks of the search options every solver-level job shares (the
public search, the opener ranking, the review): each a one-line
`WordleOptError` for a bad value, run once at the edge."""

from __future__ import annotations

import math
import os
import warnings
from typing import Optional

from wordle_opt.display import Note, plural
from wordle_opt.errors import WordleOptError


def check_threads(threads, *, note: Optional[Note] = None, what: str = "threads") -> int:
    """The number of solver threads (or worker processes, ``what``): ``threads``
    checked (a positive integer, capped at the machine's cores with a ``note``,
    else a warning), or the cores for None."""
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
            warnings.warn(line, stacklevel=3)
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
