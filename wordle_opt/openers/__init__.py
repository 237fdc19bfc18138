"""The opener ranking: bounds for every opener, exact searches for the few that
may win (`ranking`, `ranking_objective`, `ranking_anytime`), run as tasks on
local or Dask pools, resumable from a checkpoint; the bundled ranking tables,
read (`tables`) and written (`table_writer`); and the public `search`, which
proves the best opener by that ranking when none is given (`best`)."""

from wordle_opt.openers.best import search
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.openers.result import OpenerRanking, RankedOpener

__all__ = ["OpenerRanking", "RankedOpener", "rank_openers", "search"]
