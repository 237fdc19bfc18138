"""What the plain twins share: the core's infinite total, letter codes as
text, and the size bound (in the compiled modules these are cdef inlines
and constants of ``_core.pxd``)."""

from __future__ import annotations

from wordle_opt.rules import NPAT

__all__ = ["INFINITY", "as_word", "lb_colourings", "lb_size"]

INFINITY = 1 << 40  # the core's INF: a total no tree reaches, marks infeasible


def as_word(code) -> str:
    """A row of letter codes as a string for rules.py, one CJK ideograph per
    code (distinct for every code, and unchanged by upper())."""
    return "".join(chr(0x4E00 + int(c)) for c in code)


def lb_size(s: int, d: int, npat: int = NPAT) -> int:
    """The core's lower bound on cost(S, d) from |S| alone (_core.pxd lb_size)
    for words with npat colourings: at most npat - 1 groups after the first
    guess, so s > npat answers cost at least 1 + 2 (npat - 1) + 3 (s - npat)."""
    if s <= 0:
        return 0
    if d <= 0 or (d == 1 and s > 1) or (d == 2 and s > npat):
        return INFINITY
    return 1 if s == 1 else 3 if s == 2 else 3 * s - npat - 1 if s > npat else 2 * s - 1


def lb_colourings(s: int, d: int, kmax: int) -> int:
    """The core's lower bound on cost(S, d) for |S| = s > kmax when no legal
    guess gives more than kmax colourings of S, the hit's included
    (_core.pxd lb_colourings): a first guess with k non-green groups and a
    hit or not (k + hit <= kmax) leaves each group of m answers at least
    2m - 1 more, so s + 2 (s - hit) - k >= 3s - 1 - kmax; with d <= 2 no
    first guess leaves only singletons, so there is no tree."""
    if d <= 2:
        return INFINITY
    return 3 * s - 1 - kmax
