"""wordle_opt: provably optimal Wordle decision trees from a Cython core.

    >>> import wordle_opt
    >>> wordle_opt.score("crane", "react").byg
    'YYGBY'

The package by job, bottom to top (data flows upwards; each line imports only
from itself and the lines above it, as `[tool.importlinter]` in pyproject.toml
checks):

    errors, rules                               the exceptions users see; the rules of the game
    core/                                       the compiled kernels and their plain twins
    words, suggest, listsets                    reading words and list files; suggestions; the bundled sets
    lists, wordlists                            WordLists and its table of colourings; load_lists
    patterns, display                           colourings, how results print
    trees/                                      decision trees: nodes, files, verification
    solver/                                     the searches of one opener, their options, the values of positions
    strategies/                                 heuristics and simulation
    openers/, reviews/                          the opener ranking (and the public search); reviews
    games/, assistant/, proofs/                 Absurdle and multi-board games; the play assistant; proofs
    web/, cli/                                  the page's server; the command line
"""

import sys as _sys

try:
    from wordle_opt import core as _core  # noqa: F401 (chooses the implementation; fails here, not mid-run)
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
    WordleOptError,
    WordListError,
)
from wordle_opt.openers import OpenerRanking, rank_openers, search
from wordle_opt.patterns import Pattern, pattern_table, score
from wordle_opt.proofs import prove
from wordle_opt.reviews import Review, review
from wordle_opt.solver import SearchResult
from wordle_opt.strategies import STRATEGIES, compare, get_strategy, simulate
from wordle_opt.trees import Node, Tree, VerifyReport, verify
from wordle_opt.wordlists import WordLists, load_lists

__version__ = "0.1.0"

__all__ = [
    "HardModeError",
    "Node",
    "OpenerRanking",
    "Pattern",
    "PatternError",
    "Review",
    "STRATEGIES",
    "SearchResult",
    "Tree",
    "TreeError",
    "VerifyReport",
    "WordListError",
    "WordLists",
    "WordleOptError",
    "compare",
    "get_strategy",
    "load_lists",
    "pattern_table",
    "prove",
    "rank_openers",
    "review",
    "score",
    "search",
    "simulate",
    "verify",
]
