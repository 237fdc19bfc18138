"""Big hard-mode groups refuted in batch (wordle_opt.solver.bounded)
against the exhaustive oracle, under both hard rules: the group's optimum and
tree from a legal list, with and without a cut-off, every group of a search
routed through it (hard_bounded_min=1), one and two threads, under caps; and
the bound it refutes with (the bounder's hard refined bound of a candidate,
which does not know the group's legal list) never above the candidate's
exhaustive value."""

from __future__ import annotations

import numpy as np
import pytest
from clusters import EXTRA, WORDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum, exhaustive_second

from wordle_opt.rules import score_words
from wordle_opt.solver.bounded import solve_bounded_hard
from wordle_opt.solver.engine import Engine, rule_code
from wordle_opt.solver.exact import solve
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem
from wordle_opt.trees.node import Node
from wordle_opt.trees.tree import Tree
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

POOL = sorted(set(WORDS) | set(EXTRA) | set("crane slate pious flume brick handy toxic jumpy vowel".split()))
RULES = ["nyt", "strict"]
games = dict(
    answers=st.lists(st.sampled_from(POOL), min_size=1, max_size=11, unique=True),
    extra=st.lists(st.sampled_from(POOL), max_size=5, unique=True),
    cap=st.sampled_from([None, 2, 3, 4]),
    threads=st.sampled_from([1, 2]),
)
seeds = st.sampled_from([0, 1, 4])  # (0: no first total, every candidate refuted by its bound or searched)


def lists_for(answers, extra):
    return WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")


def after_opener(lists, rule, opener):
    """The biggest group after ``opener`` (answers in the engine's order), its
    colouring and the guesses legal there, on an engine numbered by the opener."""
    o = lists.guess_index(opener)
    engine = Engine(lists, rule, threads=1, cache_mb=1, opener=o)
    row = engine.table[o]
    pats, counts = np.unique(row[row != engine.all_green], return_counts=True)
    if len(pats) == 0:
        return engine, None, None, None
    p = int(pats[np.argmax(counts)])
    S = np.flatnonzero(row == p).astype(np.int32)
    return engine, p, S, engine.legal_after(engine.all_guesses, o, p)


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**games, data=st.data())
def test_a_group_solved_in_batch_has_the_exhaustive_optimum(rule, answers, extra, cap, threads, data):
    seed = data.draw(seeds, label="seed")
    lists = lists_for(answers, extra)
    opener = data.draw(st.sampled_from(lists.guesses), label="opener")
    engine, p, S, legal = after_opener(lists, rule, opener)
    if S is None:
        return  # (the opener is the only answer)
    full = exhaustive_optimum(
        [a for a in lists.answers if score_words(opener, a) == p],
        lists.guesses,
        hard=rule,
        max_guesses=cap,
        opener=opener,
    )
    expected = None if full is None else full - len(S)  # (the group's own cost, without the opener)
    depth = Problem(lists, rule, cap).depth - 1
    engine = Engine(lists, rule, threads=threads, cache_mb=1, opener=lists.guess_index(opener))
    cost, node = solve_bounded_hard(engine, S, legal, depth, seed=seed)
    if expected is None:
        assert node is None and cost >= engine.inf
    else:
        assert cost == expected
        root = Node(opener, {p: node})
        words = [a for a in lists.answers if score_words(opener, a) == p]
        sub = WordLists.from_words(words, lists.guesses, name="group")
        report = verify(
            Tree(root, sub, hard=rule, max_guesses=cap),
            answers=words,
            guesses=lists.guesses,
            hard=rule,
            max_guesses=cap,
        )
        assert report.ok, report.errors
        assert report.total == full
    # With a cut-off: exact below beta, a lower bound at or above it.
    beta = data.draw(st.integers(1, 3 * len(S) + 2), label="beta")
    engine = Engine(lists, rule, threads=threads, cache_mb=1, opener=lists.guess_index(opener))
    cost, node = solve_bounded_hard(engine, S, legal, depth, beta=beta, seed=seed)
    if expected is not None and expected < beta:
        assert cost == expected and node is not None
    else:
        assert cost >= beta and node is None
        assert expected is None or cost <= expected


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**games, data=st.data())
def test_every_group_in_batch_gives_the_opener_s_exhaustive_optimum(rule, answers, extra, cap, threads, data):
    lists = lists_for(answers, extra)
    opener = data.draw(st.sampled_from(lists.guesses))
    expected = exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=cap, opener=opener)
    result = solve(Problem(lists, rule, cap), opener, SearchOptions(threads=threads, cache_mb=1, hard_bounded_min=1))
    assert result.feasible == (expected is not None)
    if expected is None:
        assert result.tree is None and result.unsolvable
        return
    assert result.total == expected
    report = verify(result.tree, answers=lists.answers, guesses=lists.guesses, hard=rule, max_guesses=cap)
    assert report.ok and report.total == expected, report.errors


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**games, data=st.data())
def test_the_hard_refined_bound_of_a_group_s_candidate_is_never_above_its_value(
    rule, answers, extra, cap, threads, data
):
    # The refutation's bound: on the group's sub-table, the bounder knows only
    # the rule, not the opener's colouring; its children's legal sets hold the
    # true ones, so the bound never exceeds the candidate's exhaustive value
    # in the group (the opener, then the candidate, then the best tree); its
    # guesses are the group's useful legal ones.
    lists = lists_for(answers, extra)
    opener = data.draw(st.sampled_from(lists.guesses), label="opener")
    engine, p, S, legal = after_opener(lists, rule, opener)
    if S is None:
        return
    depth = Problem(lists, rule, cap).depth - 1
    useful = engine.all_solvers[0].useful(S, legal)
    if len(useful) == 0:
        return
    # (as solve_bounded_hard makes it: the useful guesses' rows, S's columns)
    sub = np.ascontiguousarray(engine.table[np.ix_(useful, S)])
    codes = np.ascontiguousarray(lists.guess_codes[useful])
    bounder = lists.modules.bounds.Bounder(sub, codes, rule_code(engine.core, rule))
    words = [a for a in lists.answers if score_words(opener, a) == p]
    quick = bounder.quick(depth)
    for r, g in enumerate(useful.tolist()):
        value = exhaustive_second(words, lists.guesses, opener, lists.guesses[g], hard=rule, max_guesses=cap)
        if value is None:
            continue  # (any bound holds: no tree)
        bound = bounder.opener(r, depth)
        assert quick[r] <= value and bound <= value, (lists.guesses[g], quick[r], bound, value)
