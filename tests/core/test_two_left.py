"""Nodes with two or three guesses left (issue 24) against the exhaustive oracle,
easy and both hard rules.

With two guesses left only a guess that splits the set into singletons has a
tree, so the scan colours each guess only up to its first repeated colouring
and skips those whose colourings of the parent's set are already fewer than
the set's answers (scan_two).  With three left, in hard mode, a guess's
groups are valued without recursing: a group is worth 2s when a guess legal
after the colouring splits it into singletons, else it has no tree
(two_left, read from the node's useful guesses by their colourings).  Values
below beta must stay exact, fail-highs at or below the optimum, no tree must
stay no tree.

The sets are built from clusters of near-identical words, so that few
guesses split a cluster into singletons: with caps 2 to 4 many nodes have
no tree, and hard mode's legal lists decide which guess remains.
"""

from __future__ import annotations

import numpy as np
import pytest
from clusters import EXTRA, RULES, WORDS, check_search_contract, compiled_solver, oracle_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt.core import _core
from wordle_opt.rules import all_green
from wordle_opt.wordlists import WordLists


@pytest.mark.parametrize("rule", list(RULES))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=3, max_size=16, unique=True),
    extra=st.lists(st.sampled_from(EXTRA), max_size=3, unique=True),
    cap=st.sampled_from([2, 3, 4]),
    offset=st.integers(-4, 3),
)
def test_values_with_two_or_three_guesses_left_match_the_oracle(rule, answers, extra, cap, offset):
    """Exact with no beta; exact below beta, else in [beta, optimum]; INF when
    the oracle finds no tree."""
    lists, expected, S, L = oracle_game(answers, extra, rule, cap)
    check_search_contract(lambda: compiled_solver(lists, rule), S, L, cap, expected, offset)


@pytest.mark.parametrize("rule", ["nyt", "strict"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=4, max_size=14, unique=True),
    extra=st.lists(st.sampled_from(EXTRA), max_size=3, unique=True),
    opener=st.sampled_from(WORDS + EXTRA),
)
def test_the_groups_after_an_opener_match_the_oracle(rule, answers, extra, opener):
    """The engine's calls: each group of the opener's split with the guesses
    legal after its colouring and three guesses left, so the children's legal
    lists are cut twice.  The opener's total is the groups' optima plus one
    guess for every answer; no tree when a group has none."""
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra) | {opener}), name="generated")
    o = lists.guess_index(opener)
    row = lists.table[o]
    every = np.arange(len(lists.guesses), dtype=np.int32)
    s = compiled_solver(lists, rule)
    values = []
    for p in sorted({int(q) for q in row} - {all_green(5)}):
        G = np.flatnonzero(row == p).astype(np.int32)
        values.append(s.solve_set(G, s.legal_after(every, o, p), 3)[0])
    whole = exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=4, opener=opener)
    if whole is None:
        assert max(values) >= _core.INFINITY
    else:
        assert sum(values) + len(lists.answers) == whole


def test_the_cluster_games_reach_both_outcomes():
    """(so the tests above can fail) with three guesses left the hard search
    finds a tree for some cluster games and none for others, as the oracle."""
    seen = set()
    for answers in (WORDS[:9], WORDS[::2], WORDS[1::3], WORDS[5:20]):
        lists = WordLists.from_words(answers, WORDS, name="generated")
        S = np.arange(len(answers), dtype=np.int32)
        L = np.arange(len(WORDS), dtype=np.int32)
        for cap in (3, 4):
            v, _ = compiled_solver(lists, "nyt").solve_set(S, L, cap)
            expected = exhaustive_optimum(lists.answers, lists.guesses, hard="nyt", max_guesses=cap)
            assert (v >= _core.INFINITY) == (expected is None)
            if expected is not None:
                assert v == expected
            seen.add(expected is None)
    assert seen == {True, False}
