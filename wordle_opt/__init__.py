"""wordle_opt: provably optimal Wordle decision trees from a Cython core.

    >>> import wordle_opt
    >>> wordle_opt.score("crane", "react").byg
    'YYGBY'
"""
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
from wordle_opt.tree import Node, Tree, VerifyReport, verify
from wordle_opt.search import SearchResult, search
from wordle_opt.openers import OpenerRanking, rank_openers

__version__ = "0.1.0"
