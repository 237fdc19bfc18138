"""The small games the differential tests draw from: clusters of near-identical
words, the cases where guesses outside the set, hard-mode legality and the
guess cap all matter.  One copy, shared by the core's and the solver's tests."""

from __future__ import annotations

import numpy as np
from oracle import exhaustive_optimum

from wordle_opt.core import _core
from wordle_opt.wordlists import WordLists

CLUSTERS = [
    "fight light might night right sight tight wight bight",
    "batch catch hatch latch match patch watch",
    "baker faker maker taker waker",
    "bound found hound mound pound round sound wound",
    "cater eater hater later water",
]
# The compiled core's rule codes by the rule's public name.
RULES = {None: _core.RULE_EASY, "nyt": _core.RULE_NYT, "strict": _core.RULE_STRICT}
# Every word of the clusters, and a few guesses outside them that share
# their letters (the core's tests add some of these as extra guesses).
WORDS = sorted({w for c in CLUSTERS for w in c.split()})
EXTRA = "flams crwth pouch deign glyph".split()


def compiled_solver(lists, rule) -> "_core.Solver":
    """The compiled exact solver over lists, one thread, rule by public name."""
    return _core.Solver(
        np.ascontiguousarray(lists.table),
        np.ascontiguousarray(lists.guess_codes),
        np.ascontiguousarray(lists.answer_guess_index, dtype=np.int32),
        RULES[rule],
        1,
    )


def oracle_game(answers, extra, rule, cap):
    """(lists, optimum, S, L): the game of ``answers`` with ``extra`` guesses
    beside them, its exhaustive optimum (None: no tree within ``cap``), and
    every answer and every guess as index arrays for ``solve_set``."""
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    expected = exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=cap)
    S = np.arange(len(lists.answers), dtype=np.int32)
    L = np.arange(len(lists.guesses), dtype=np.int32)
    return lists, expected, S, L


def check_search_contract(make_solver, S, L, cap, expected, offset, beta_floor=2):
    """The exact search's contract on one game, each call on a fresh solver
    (``make_solver()``, so no cached value answers for it): with no beta,
    the optimum ``expected`` (INF when it is None: no tree within ``cap``);
    with beta = max(beta_floor, expected + offset), the optimum below beta,
    else a number in [beta, optimum] (a fail-high is a lower bound).
    Returns the first call's solver, for further checks on the same game."""
    s = make_solver()
    v, g = s.solve_set(S, L, cap)
    if expected is None:
        assert v >= _core.INFINITY
        return s
    assert v == expected and g >= 0
    beta = max(beta_floor, expected + offset)
    w, _ = make_solver().solve_set(S, L, cap, beta)
    if expected < beta:
        assert w == expected
    else:
        assert beta <= w <= expected
    return s
