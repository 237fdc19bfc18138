"""wordle_opt: provably optimal Wordle decision trees from a Cython core.

    >>> import wordle_opt
    >>> wordle_opt.score("crane", "react").byg
    'YYGBY'
"""
import sys as _sys

try:
    from wordle_opt import _impl  # chooses the implementation; fails here, not mid-run
except ImportError as _exc:
    # `python -m wordle_opt` in a checkout that was never built: say so in one
    # line, not a traceback (while -m imports the package, sys.argv[0] is "-m").
    if getattr(_exc, "source_tree", False) and _sys.argv[:1] == ["-m"]:
        _sys.stderr.write(f"wordle_opt: {_exc}\n")
        raise SystemExit(2)
    raise
from wordle_opt.errors import (
    HardModeError,
    PatternError,
    TreeError,
    WordListError,
    WordleOptError,
)
from wordle_opt.patterns import Pattern, pattern_table, score
from wordle_opt.wordlists import WordLists, load_lists
from wordle_opt.simulate import compare, simulate
from wordle_opt.strategies import STRATEGIES, get_strategy
from wordle_opt.tree import Node, Tree
from wordle_opt.verify import VerifyReport, verify
from wordle_opt.search import SearchResult
from wordle_opt.review import Review, review
from wordle_opt.openers import OpenerRanking, rank_openers
from wordle_opt.search_best import search  # (without an opener: the proven best, by the ranking)

__version__ = "0.1.0"
