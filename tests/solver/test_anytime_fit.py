"""Fitting the cap where the beam cannot (`wordle_opt.solver.anytime_fit`): every
tree it returns solves its group within the guesses left, and on instances
small enough for it to try every guess, it finds a tree exactly when an
exhaustive search says one exists."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt.solver.anytime_fit import WIDTH, Fitter, guess_order
from wordle_opt.solver.anytime_groups import fits, opener_groups
from wordle_opt.solver.engine import Engine
from wordle_opt.trees.node import Node
from wordle_opt.trees.tree import Tree
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

WORDS = sorted(
    set(
        """fight light might night right sight tight wight bight batch catch hatch latch
    match patch watch baker faker maker taker waker bound found hound mound pound round sound wound
    cater eater hater later water crane slate pious flume brick""".split()
    )
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=2, max_size=24, unique=True),
    extra=st.lists(st.sampled_from(WORDS), max_size=8, unique=True),
    hard=st.sampled_from([None, "nyt", "strict"]),
    cap=st.sampled_from([2, 3, 4, 5]),
    blind=st.booleans(),
    data=st.data(),
)
def test_fitted_trees_verify_and_exist_exactly_when_a_tree_within_the_cap_does(answers, extra, hard, cap, blind, data):
    """``blind``: a beam that fits nothing but a single answer, so that the
    fitter's own search must find every tree (the real beam fits these
    small games by itself)."""
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    assert len(lists.guesses) <= WIDTH  # (so the fitter tries every guess at every node: it is complete)
    opener = data.draw(st.sampled_from(lists.guesses))
    o = lists.guess_index(opener)
    engine = Engine(lists, hard, threads=1, cache_mb=1, opener=o)
    beamer = engine.with_beam(1)
    if blind:
        real = beamer.solve_group
        beamer.solve_group = lambda S, legal, depth, beta=None: (
            real(S, legal, depth) if len(S) == 1 else (beamer.inf, None)
        )
    fitter = Fitter(beamer)
    children = {}
    for g in opener_groups(engine, o, cap):
        node = fitter.fit(g.S, g.legal, cap - 1)
        if node is not None:
            assert fits(engine, node, g.S, cap - 1)
            children[g.pattern] = node
    whole = len(children) == len(opener_groups(engine, o, cap))
    assert whole == (
        exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=opener) is not None
    )
    if whole:
        tree = Tree(Node(opener, children), lists, hard=hard, max_guesses=cap)
        report = verify(tree, answers=lists.answers, guesses=lists.guesses, hard=hard or "easy", max_guesses=cap)
        assert report.ok, report.errors


def test_the_fitting_order_puts_the_smallest_largest_part_first(original):
    engine = Engine(original, None, threads=1, cache_mb=1, opener=original.guess_index("salet"))
    S = np.arange(0, len(original.answers), 7, dtype=np.int32)
    order = guess_order(engine, S, engine.all_guesses, largest_first=True)
    largest = [
        max(np.unique(engine.table[g, S][engine.table[g, S] != engine.all_green], return_counts=True)[1])
        for g in order[:50]
    ]
    assert largest == sorted(largest)
    best = min(np.unique(row[row != engine.all_green], return_counts=True)[1].max() for row in engine.table[:, S])
    assert largest[0] == best


def test_a_failure_is_remembered_for_its_legal_guesses_only():
    # Hard mode: the same answers may fail with the guesses one path leaves legal and fit with another's.
    lists = WordLists.from_words(
        ["fight", "light", "might", "night", "sight"], ["fight", "light", "might", "night", "sight", "flams"]
    )
    engine = Engine(lists, "nyt", threads=1, cache_mb=1, opener=lists.guess_index("flams"))
    fitter = Fitter(engine.with_beam(1))
    S = np.arange(len(lists.answers), dtype=np.int32)
    answers_only = np.array(sorted(lists.guess_index(w) for w in lists.answers), dtype=np.int32)
    assert fitter.fit(S, answers_only, 2) is None  # (no answer splits the five: the second guess cannot be sure)
    node = fitter.fit(S, engine.all_guesses, 2)
    assert node is not None and node.guess == "flams" and fits(engine, node, S, 2)
