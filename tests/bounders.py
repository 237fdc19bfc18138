"""The bounds' twins over generated word lists, for the tests of
wordle_opt.core's bounds (test_bounds, test_levels)."""

from __future__ import annotations

import numpy as np

from wordle_opt.core import _bounds, _bounds_py
from wordle_opt.wordlists import WordLists


def word_lists(case) -> WordLists:
    """(answers, extra guesses) as word lists; the guesses are the answers then the extras."""
    answers, extra = case
    return WordLists.from_words(answers, tuple(dict.fromkeys(answers + extra)))


def twins(lists: WordLists, rule: int):
    """The compiled Bounder and its plain twin over the lists' table."""
    table = np.ascontiguousarray(lists.table)
    codes = np.ascontiguousarray(lists.guess_codes)
    return _bounds.Bounder(table, codes, rule), _bounds_py.Bounder(table, codes, rule)
