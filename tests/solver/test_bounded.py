"""Big groups refuted in batch (wordle_opt.solver.bounded) against the
exhaustive oracle: the group's optimum and tree, every group of a search
routed through it (bounded_min=1), one and two threads, under caps; and
mid-sized groups probed (solve_probed), whether the probe passes or fails."""

from __future__ import annotations

import numpy as np
import pytest
from clusters import EXTRA, WORDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt.solver import bounded, probed
from wordle_opt.solver.bounded import solve_bounded
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.exact import solve
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.probed import probe_beta, solve_probed
from wordle_opt.solver.problem import Problem
from wordle_opt.trees.tree import Tree
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

POOL = sorted(set(WORDS) | set(EXTRA) | set("crane slate pious flume brick handy toxic jumpy vowel".split()))
games = dict(
    answers=st.lists(st.sampled_from(POOL), min_size=1, max_size=11, unique=True),
    extra=st.lists(st.sampled_from(POOL), max_size=5, unique=True),
    cap=st.sampled_from([None, 2, 3, 4]),
    threads=st.sampled_from([1, 2]),
)


def lists_for(answers, extra):
    return WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**games, min_size=st.sampled_from([1, 3, 1000]), data=st.data())
def test_a_group_solved_in_batch_has_the_exhaustive_optimum(answers, extra, cap, threads, min_size, data):
    # min_size 1 and 3: the candidates' children are solved in batch too, nested.
    lists = lists_for(answers, extra)
    depth = Problem(lists, None, cap).depth
    expected = exhaustive_optimum(lists.answers, lists.guesses, max_guesses=cap)
    engine = Engine(lists, None, threads=threads, cache_mb=1)
    S = np.arange(len(lists.answers), dtype=np.int32)
    cost, node = solve_bounded(engine, S, depth, min_size=min_size)
    if expected is None:
        assert node is None and cost >= engine.inf
    else:
        assert cost == expected
        report = verify(
            Tree(node, lists, max_guesses=cap), answers=lists.answers, guesses=lists.guesses, max_guesses=cap
        )
        assert report.ok, report.errors
        assert report.total == expected
    # With a cut-off: exact below beta, a lower bound at or above it.
    beta = data.draw(st.integers(1, 3 * len(S) + 2), label="beta")
    cost, node = solve_bounded(Engine(lists, None, threads=threads, cache_mb=1), S, depth, beta=beta, min_size=min_size)
    if expected is not None and expected < beta:
        assert cost == expected and node is not None
    else:
        assert cost >= beta and node is None
        assert expected is None or cost <= expected


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**games, data=st.data())
def test_every_group_in_batch_gives_the_opener_s_exhaustive_optimum(answers, extra, cap, threads, data):
    lists = lists_for(answers, extra)
    opener = data.draw(st.sampled_from(lists.guesses))
    expected = exhaustive_optimum(lists.answers, lists.guesses, max_guesses=cap, opener=opener)
    result = solve(Problem(lists, None, cap), opener, SearchOptions(threads=threads, cache_mb=1, bounded_min=1))
    assert_the_search_found(result, expected, lists, cap)


def assert_the_search_found(result, expected, lists, cap):
    """The search's result is the exhaustive optimum ``expected`` (None: no
    tree within the cap), its tree verified from the rules alone."""
    if expected is None:
        assert not result.feasible and result.tree is None
        return
    assert result.total == expected
    report = verify(result.tree, answers=lists.answers, guesses=lists.guesses, max_guesses=cap)
    assert report.ok and report.total == expected, report.errors


@pytest.mark.parametrize("rule", ["nyt", "strict"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**games, data=st.data())
def test_hard_mode_searches_keep_their_own_path(rule, answers, extra, cap, threads, data):
    # (the sub-table's bounder knows no legal sets: hard mode never goes there)
    lists = lists_for(answers, extra)
    opener = data.draw(st.sampled_from(lists.guesses))
    expected = exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=cap, opener=opener)
    result = solve(Problem(lists, rule, cap), opener, SearchOptions(threads=threads, cache_mb=1, bounded_min=1))
    assert result.feasible == (expected is not None)
    if expected is not None:
        assert result.total == expected
    with pytest.raises(ValueError, match="easy mode only"):
        solve_bounded(Engine(lists, rule, threads=1, cache_mb=1), np.arange(len(lists.answers), dtype=np.int32), 3)
    with pytest.raises(ValueError, match="easy mode only"):
        solve_probed(Engine(lists, rule, threads=1, cache_mb=1), np.arange(len(lists.answers), dtype=np.int32), 3, lb=0)


def test_ties_go_to_the_smallest_guess_index_with_any_number_of_threads():
    # Four _IGHT answers: FILMS, FLAMS and MOLDS each split them perfectly
    # (total 8); the root is the first optimal guess by index (none of them
    # is dominated: no guess differs from one in a single letter), with one
    # thread or two, whichever thread finds its guess first.
    lists = lists_for(["fight", "light", "might", "sight"], ["flams", "molds", "films"])
    optimum = exhaustive_optimum(lists.answers, lists.guesses)
    first = min(g for g in lists.guesses if exhaustive_optimum(lists.answers, lists.guesses, opener=g) == optimum)
    S = np.arange(4, dtype=np.int32)
    for threads in (1, 2, 1, 2):
        cost, node = solve_bounded(Engine(lists, None, threads=threads, cache_mb=1), S, 6)
        assert (cost, node.guess) == (optimum, first)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**games, tree=st.booleans(), data=st.data())
def test_a_probed_group_has_the_exhaustive_optimum_whether_its_probe_passes_or_fails(
    answers, extra, cap, threads, tree, data
):
    # lb is any number: below the optimum, at it, or above (a wrong bound only
    # makes the probe fail); the batch runs exactly when the probe's cut-off
    # is at or below the optimum.
    lists = lists_for(answers, extra)
    depth = Problem(lists, None, cap).depth
    expected = exhaustive_optimum(lists.answers, lists.guesses, max_guesses=cap)
    S = np.arange(len(lists.answers), dtype=np.int32)
    lb = data.draw(st.integers(0, 3 * len(S) + 2), label="lb")
    batched = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(probed, "PROBE_MIN", 1)
        real = bounded.solve_bounded
        mp.setattr(bounded, "solve_bounded", lambda *a, **k: batched.append(1) or real(*a, **k))
        engine = Engine(lists, None, threads=threads, cache_mb=1)
        cost, node = solve_probed(engine, S, depth, lb=lb, tree=tree)
    if expected is None:
        assert cost >= engine.inf and node is None
        return
    assert cost == expected
    assert bool(batched) == (probe_beta(lb) <= expected)
    if tree:
        report = verify(
            Tree(node, lists, max_guesses=cap), answers=lists.answers, guesses=lists.guesses, max_guesses=cap
        )
        assert report.ok and report.total == expected, report.errors
    else:
        assert node is None


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**games, data=st.data())
def test_a_search_with_every_group_probed_gives_the_opener_s_exhaustive_optimum(answers, extra, cap, threads, data):
    lists = lists_for(answers, extra)
    opener = data.draw(st.sampled_from(lists.guesses))
    expected = exhaustive_optimum(lists.answers, lists.guesses, max_guesses=cap, opener=opener)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(probed, "PROBE_MIN", 1)
        result = solve(Problem(lists, None, cap), opener, SearchOptions(threads=threads, cache_mb=1))
    assert_the_search_found(result, expected, lists, cap)
