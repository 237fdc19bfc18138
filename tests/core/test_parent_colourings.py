"""The scan's skip by the parent's colourings (issue 24) against the exhaustive
oracle, easy and both hard rules.

A guess with at most k colourings (green included) of a node's set has at
most k of any subset, so in a child of s answers its bound is at least
3s - 1 - k; the child's scan does not colour a guess whose parent count
already puts that at or above the child's beta (easy mode; in hard mode only
in bound_node, where it is safe: the children's legal lists key the cache).
Values below beta must stay exact and fail-highs must stay at or below the
optimum.

The sets are built from clusters of near-identical words, so that most
guesses split a cluster badly: the skip acts on them (checked below).
"""

from __future__ import annotations

import numpy as np
import pytest
from clusters import EXTRA, RULES, WORDS, check_search_contract, compiled_solver, oracle_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt.wordlists import WordLists


@pytest.mark.parametrize("rule", list(RULES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=8, max_size=20, unique=True),
    extra=st.lists(st.sampled_from(EXTRA), max_size=3, unique=True),
    cap=st.sampled_from([3, 4, 5, 6]),
    offset=st.integers(-6, 3),
)
def test_values_with_the_parent_skip_match_the_oracle(rule, answers, extra, cap, offset):
    """Exact with no beta; exact below beta, else in [beta, optimum]."""
    lists, expected, S, L = oracle_game(answers, extra, rule, cap)
    check_search_contract(lambda: compiled_solver(lists, rule), S, L, cap, expected, offset)


def test_the_skip_acts_on_these_games():
    """(so the test above can fail) the easy search skips guesses here, and
    the value is the oracle's."""
    answers = WORDS[::2]
    lists = WordLists.from_words(answers, WORDS, name="generated")
    s = compiled_solver(lists, None)
    v, _ = s.solve_set(np.arange(len(answers), dtype=np.int32), np.arange(len(WORDS), dtype=np.int32), 5)
    assert s.stats["skipped"] > 0
    assert v == exhaustive_optimum(lists.answers, lists.guesses, max_guesses=5)
