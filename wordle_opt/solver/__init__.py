"""The searches of one opener: the exact branch and bound (`exact`) over the
`engine` of compiled solvers, the anytime search (`anytime`, `anytime_widen`,
`anytime_fit`), the objectives, and the `SearchResult` they return."""

from wordle_opt.solver.result import SearchResult

__all__ = ["SearchResult"]
