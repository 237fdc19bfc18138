"""The big-group cut-offs of the exact search (issue 24) against the
exhaustive oracle, easy and both hard rules.

- lb_colourings: a group of s answers larger than kmax, the most colourings
  any legal guess gives of a set containing it, costs at least 3s - 1 - kmax
  (no tree at all with two guesses left).  The search applies it in
  try_guess with the node's kmax from its scan.
- bound_node: before a guess recurses, each of its groups of prebound_min
  answers or more gets one scan's bound (no recursion), cached, so a guess
  the sum refutes never recurses (on by default in hard mode).

The sets are built from clusters of near-identical words, so that a guess
from one cluster leaves the others whole: groups bigger than any guess's
colourings, where both cut-offs act.
"""

from __future__ import annotations

import numpy as np
import pytest
from clusters import EXTRA, RULES, WORDS, check_search_contract, compiled_solver, oracle_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt.core.plain import INFINITY, lb_colourings, lb_size
from wordle_opt.wordlists import WordLists


def solver(lists, rule, prebound_min=None, first=True):
    s = compiled_solver(lists, rule)
    if prebound_min is not None:
        s.prebound_min = prebound_min
        s.prebound_first = first
    return s


def kmax_of(lists) -> int:
    """The most colourings (green included) any guess gives of all the answers."""
    return max(len(set(row.tolist())) for row in np.asarray(lists.table))


games = dict(
    answers=st.lists(st.sampled_from(WORDS), min_size=6, max_size=14, unique=True),
    extra=st.lists(st.sampled_from(EXTRA), max_size=2, unique=True),
    cap=st.sampled_from([3, 4, 5, 6]),
)


@pytest.mark.parametrize("rule", list(RULES))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**games)
def test_lb_colourings_never_exceeds_the_optimum(rule, answers, extra, cap):
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    expected = exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=cap)
    n, k = len(lists.answers), kmax_of(lists)
    if n <= k:
        return  # (the bound is for sets bigger than any guess's colourings)
    bound = lb_colourings(n, cap, k)
    assert bound >= lb_size(n, cap)
    if expected is None:
        return  # (infeasible: every bound holds)
    assert bound <= expected and bound < INFINITY


@pytest.mark.parametrize("rule", list(RULES))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**games, prebound_min=st.sampled_from([0, 3, 5]), first=st.booleans(), offset=st.integers(-5, 3))
def test_values_with_the_big_group_cutoffs_match_the_oracle(rule, answers, extra, cap, prebound_min, first, offset):
    """Exact below beta, else a number in [beta, optimum], for each setting."""
    lists, expected, S, L = oracle_game(answers, extra, rule, cap)
    check_search_contract(lambda: solver(lists, rule, prebound_min, first), S, L, cap, expected, offset)


def test_the_cutoffs_act_on_these_games():
    """(so the tests above can fail) bound_node runs, and some group is bigger than kmax."""
    answers = WORDS[::2]
    lists = WordLists.from_words(answers, WORDS, name="generated")
    s = solver(lists, "nyt", 3)
    s.solve_set(np.arange(len(answers), dtype=np.int32), np.arange(len(WORDS), dtype=np.int32), 6)
    assert s.stats["bounded"] > 0
    table = np.asarray(lists.table)
    k = kmax_of(lists)
    biggest = max(np.bincount(row, minlength=243)[:242].max() for row in table)
    assert biggest > k
