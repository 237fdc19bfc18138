"""Big groups refuted in batch (wordle_opt.solver.bounded) against the
exhaustive oracle: the group's optimum and tree, every group of a search
routed through it (bounded_min=1), one and two threads, under caps; the
guesses it leaves out as dominated (undominated) against the colourings and
the oracle."""

from __future__ import annotations

import numpy as np
import pytest
from clusters import EXTRA, WORDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt.rules import score_words
from wordle_opt.solver.bounded import solve_bounded, undominated
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.exact import solve
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
    result = solve(Problem(lists, None, cap), opener, threads=threads, cache_mb=1, bounded_min=1)
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
    result = solve(Problem(lists, rule, cap), opener, threads=threads, cache_mb=1, bounded_min=1)
    assert result.feasible == (expected is not None)
    if expected is not None:
        assert result.total == expected
    with pytest.raises(ValueError, match="easy mode only"):
        solve_bounded(Engine(lists, rule, threads=1, cache_mb=1), np.arange(len(lists.answers), dtype=np.int32), 3)


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


# Random words over a few letters: many pairs one letter apart, repeated
# letters, and letters the answers lack (a dominated guess needs both): the
# answers have none of e and f, and often not every one of a-d.
strings = st.text(alphabet="abcdef", min_size=4, max_size=4)
answer_strings = st.text(alphabet="abcd", min_size=4, max_size=4)


def _codes(words):
    return np.array([[ord(c) - ord("a") for c in w] for w in words], dtype=np.uint8)


@settings(max_examples=300, deadline=None)
@given(
    guesses=st.lists(strings, min_size=1, max_size=40, unique=True),
    answers=st.lists(answer_strings, min_size=1, max_size=12, unique=True),
)
def test_a_dominated_guess_is_refined_by_an_undominated_one(guesses, answers):
    # On the answer set, some kept guess's colouring gives the dropped one's
    # (their pairs of colourings are as many as the kept one's colourings),
    # and a dropped guess hits no answer; the order is ascending.
    guesses = sorted(set(guesses) | set(answers))
    keep = undominated(_codes(guesses), _codes(answers))
    assert len(keep) and list(keep) == sorted(set(keep.tolist()))
    kept = [guesses[i] for i in keep]
    for h in set(guesses) - set(kept):
        assert h not in answers
        theirs = [score_words(h, a) for a in answers]
        assert any(
            len(set(zip(ours, theirs))) == len(set(ours))
            for ours in ([score_words(g, a) for a in answers] for g in kept)
        ), h


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    guesses=st.lists(strings, min_size=1, max_size=14, unique=True),
    answers=st.lists(answer_strings, min_size=1, max_size=7, unique=True),
    cap=st.sampled_from([None, 2, 3]),
)
def test_the_undominated_first_guesses_reach_the_exhaustive_optimum(guesses, answers, cap):
    # The best of the kept guesses as the first guess is the optimum over
    # every guess (None: no tree within the cap, either way).
    guesses = sorted(set(guesses) | set(answers))
    expected = exhaustive_optimum(answers, guesses, max_guesses=cap)
    keep = undominated(_codes(guesses), _codes(answers))
    values = [exhaustive_optimum(answers, guesses, max_guesses=cap, opener=guesses[i]) for i in keep]
    found = [v for v in values if v is not None]
    assert (min(found) if found else None) == expected


def test_the_big_groups_drop_the_guesses_with_their_absent_letters():
    # TOOTH's 973 greys (original lists) lack h, o and t: SLATE is refined by
    # SLANE (N for T), so only SLANE stays; a guess of S's letters stays.
    from wordle_opt import load_lists

    lists = load_lists("original")
    tooth = lists.guesses.index("tooth")
    S = np.flatnonzero(lists.table[tooth] == 0)
    keep = set(undominated(lists.guess_codes, lists.answer_codes[S]).tolist())
    assert lists.guesses.index("slane") in keep and lists.guesses.index("slate") not in keep
    assert len(S) == 973 and 8000 < len(keep) < 9500
