"""The feasibility search (`wordle_opt.solver.feasible`): every tree it
returns solves its set within the guesses left under the rule, and it finds
one exactly when the exhaustive oracle says one exists (it is complete), with
the exact engine's share switched off or on."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt.solver.anytime_groups import fits, opener_groups
from wordle_opt.solver.engine import Engine
from wordle_opt.solver.feasible import Feasible, OutOfTime
from wordle_opt.trees.node import Node
from wordle_opt.trees.tree import Tree
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

# Families (_IGHT, _ATCH, _AKER, _OUND, _ATER) make caps tight in hard mode.
WORDS = sorted(
    set(
        """fight light might night right sight tight wight bight batch catch hatch latch
    match patch watch baker faker maker taker waker bound found hound mound pound round sound wound
    cater eater hater later water crane slate pious flume brick""".split()
    )
)


class Contrary(Feasible):
    """The worst order first: the narrow passes fail where a tree exists, and
    only the last pass (every guess) may find it."""

    def _order(self, S, legal, depth):
        order, largest = super()._order(S, legal, depth)
        return order[::-1], largest[::-1]


def fitted_tree(lists, hard, cap, opener, contrary=False, **options):
    """The opener's tree from Feasible's tree of each group, or None when some group has none."""
    o = lists.guess_index(opener)
    engine = Engine(lists, hard, threads=1, cache_mb=1, opener=o)
    feasible = (Contrary if contrary else Feasible)(engine, **options)
    children = {}
    groups = opener_groups(engine, o, cap)
    for g in groups:
        node = feasible.fit(g.S, g.legal, cap - 1)
        if node is not None:
            assert fits(engine, node, g.S, cap - 1)
            children[g.pattern] = node
    return Node(opener, children) if len(children) == len(groups) else None


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=2, max_size=24, unique=True),
    extra=st.lists(st.sampled_from(WORDS), max_size=8, unique=True),
    hard=st.sampled_from([None, "nyt", "strict"]),
    cap=st.sampled_from([2, 3, 4, 5]),
    # exact_max 0 and exact_depth 0: the depth-first search decides every set itself
    exact=st.sampled_from([(0, 0), (0, 2), (3, 0), (8, 4)]),
    # the narrow passes (a failure there is no proof), down to one guess a node
    widths=st.sampled_from([(), (1,), (1, 2), (2, 8, 32)]),
    contrary=st.booleans(),
    data=st.data(),
)
def test_a_tree_is_found_exactly_when_one_exists_within_the_cap_and_it_verifies(
    answers, extra, hard, cap, exact, widths, contrary, data
):
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    opener = data.draw(st.sampled_from(lists.guesses))
    root = fitted_tree(
        lists,
        hard,
        cap,
        opener,
        exact_max=exact[0],
        exact_depth=exact[1],
        widths=widths,
        root_factor=1,
        contrary=contrary,
    )
    optimum = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=opener)
    assert (root is not None) == (optimum is not None)
    if root is not None:
        tree = Tree(root, lists, hard=hard, max_guesses=cap)
        report = verify(tree, answers=lists.answers, guesses=lists.guesses, hard=hard or "easy", max_guesses=cap)
        assert report.ok, report.errors
        assert report.total >= optimum


def test_a_failure_is_remembered_for_its_legal_guesses_only():
    # Hard mode: the same answers may fail with the guesses one path leaves legal and fit with another's.
    lists = WordLists.from_words(
        ["fight", "light", "might", "night", "sight"], ["fight", "light", "might", "night", "sight", "flams"]
    )
    engine = Engine(lists, "nyt", threads=1, cache_mb=1, opener=lists.guess_index("flams"))
    feasible = Feasible(engine, exact_max=0, exact_depth=0)
    S = np.arange(len(lists.answers), dtype=np.int32)
    answers_only = np.array(sorted(lists.guess_index(w) for w in lists.answers), dtype=np.int32)
    assert feasible.fit(S, answers_only, 2) is None  # (no answer splits the five: the second guess cannot be sure)
    node = feasible.fit(S, engine.all_guesses, 2)
    assert node is not None and node.guess == "flams" and fits(engine, node, S, 2)


def test_the_family_needs_its_guesses_in_hard_mode():
    # The nine _IGHT words under the NYT rule with only their own words as guesses: each guess
    # keeps IGHT green, so it tells apart one word; easy mode may not do better with these guesses.
    words = "bight fight light might night right sight tight wight".split()
    lists = WordLists.from_words(words, words)
    engine = Engine(lists, "nyt", threads=1, cache_mb=1)
    S = np.arange(len(words), dtype=np.int32)
    feasible = Feasible(engine, exact_max=0, exact_depth=0)
    assert feasible.fit(S, engine.all_guesses, 8) is None
    node = feasible.fit(S, engine.all_guesses, 9)
    assert node is not None and fits(engine, node, S, 9)
    assert exhaustive_optimum(words, words, hard="nyt", max_guesses=8) is None


def test_the_deadline_stops_the_search():
    words = "bight fight light might night right sight tight wight".split()
    lists = WordLists.from_words(words, words)
    engine = Engine(lists, "nyt", threads=1, cache_mb=1)
    with pytest.raises(OutOfTime):
        Feasible(engine, deadline=0.0, exact_max=0).fit(np.arange(9, dtype=np.int32), engine.all_guesses, 9)


@pytest.mark.parametrize("hard", ["nyt", "strict"])
def test_a_failure_of_a_narrow_pass_is_no_proof(hard):
    # The worst guess first, one guess a node: every narrow pass fails, and the
    # last one (every guess) must still find the tree where the oracle has one.
    words = "bight fight light might night right sight tight batch catch hatch latch match".split()
    guesses = words + ["flams", "crane"]
    lists = WordLists.from_words(words, guesses)
    engine = Engine(lists, hard, threads=1, cache_mb=1)
    S = np.arange(len(words), dtype=np.int32)
    found = []
    for cap in range(3, 8):
        feasible = Contrary(engine, exact_max=0, exact_depth=0, widths=(1,), root_factor=1)
        node = feasible.fit(S, engine.all_guesses, cap)
        assert (node is not None) == (exhaustive_optimum(words, guesses, hard=hard, max_guesses=cap) is not None)
        found.append(node is not None)
    assert found[0] is False and found[-1] is True  # (both outcomes met)


@pytest.mark.parametrize("hard", ["nyt", "strict"])
def test_search_fit_gives_a_verified_tree_or_names_a_group_without_one(hard):
    from wordle_opt.openers.best import search

    words = "bight fight light might night right sight tight batch catch hatch latch match".split()
    lists = WordLists.from_words(words, words + ["flams", "crane"])
    for cap in (4, 7):
        result = search("crane", hard=hard, answers=lists, max_guesses=cap, fit=True, threads=1)
        optimum = exhaustive_optimum(words, lists.guesses, hard=hard, max_guesses=cap, opener="crane")
        assert result.feasible == (optimum is not None)
        if result.feasible:
            report = verify(result.tree, answers=words, guesses=lists.guesses, hard=hard, max_guesses=cap)
            assert report.ok and report.total >= optimum
        else:
            assert result.unsolvable and not result.stopped  # (a proof: the group named has no tree)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=2, max_size=20, unique=True),
    extra=st.lists(st.sampled_from(WORDS), max_size=6, unique=True),
    hard=st.sampled_from([None, "nyt", "strict"]),
    cap=st.sampled_from([2, 3, 4]),
    exact=st.sampled_from([(0, 0), (8, 4)]),
    data=st.data(),
)
def test_fit_first_plays_the_hint_when_a_tree_starts_with_it_and_else_finds_another(
    answers, extra, hard, cap, exact, data
):
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    hint = data.draw(st.sampled_from(lists.guesses))
    engine = Engine(lists, hard, threads=1, cache_mb=1)
    S = np.arange(len(lists.answers), dtype=np.int32)
    feasible = Feasible(engine, exact_max=exact[0], exact_depth=exact[1], widths=(1,), root_factor=1)
    node = feasible.fit_first(S, engine.all_guesses, cap, lists.guess_index(hint))
    anything = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap)
    after_hint = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=hint)
    assert (node is not None) == (anything is not None)
    if after_hint is not None:
        assert node.guess == hint
    if node is not None:
        report = verify(
            Tree(node, lists, hard=hard, max_guesses=cap),
            answers=lists.answers,
            guesses=lists.guesses,
            hard=hard or "easy",
            max_guesses=cap,
        )
        assert report.ok, report.errors


def test_search_second_plays_the_word_after_the_colouring():
    from wordle_opt.openers.best import search

    words = "bight fight light might night right sight tight batch catch hatch latch match".split()
    lists = WordLists.from_words(words, words + ["flams", "crane"])
    plain = search("crane", hard="nyt", answers=lists, max_guesses=7, fit=True, threads=1)
    # CRANE colours the _IGHT words BBBBB; the fitting plays FLAMS there by itself, not SIGHT
    assert plain.feasible and plain.tree.root.children[0].guess == "flams"
    hinted = search("crane", hard="nyt", answers=lists, max_guesses=7, fit=True, threads=1, second={"bbbbb": "sight"})
    assert hinted.feasible and hinted.tree.root.children[0].guess == "sight"
    assert verify(hinted.tree, answers=words, guesses=lists.guesses, hard="nyt", max_guesses=7).ok


@pytest.mark.parametrize(
    "second, fit, message",
    [
        ({"bbbbb": "flams"}, False, "second: needs an opener and fit=True"),
        ({"ggggg": "flams"}, True, "second: after CRANE GGGGG the answer is found"),
        ({"bbbbg": "flams"}, True, "second: no answer of generated colours CRANE BBBBG"),
        ({"bbbbb": "zzzzz"}, True, "second: 'zzzzz' after BBBBB is not an allowed guess of generated"),
        ({"bbbbq": "flams"}, True, r"second: pattern 'bbbbq': 'q' \(tile 5\) is not a colour"),
        ({"ybybb": "fight"}, True, "second: FIGHT after CRANE YBYBB breaks the nyt rule: guess must contain A"),
        ({"bbbbb": "flams", "00000": "fight"}, True, r"second: BBBBB given twice \(flams, then fight\)"),
        (["bbbbb"], True, "second must map colourings to words"),
    ],
)
def test_search_second_refuses_bad_hints_in_one_line(second, fit, message):
    from wordle_opt.errors import WordleOptError
    from wordle_opt.openers.best import search

    words = "bight fight light might night right sight tight batch catch hatch latch match".split()
    lists = WordLists.from_words(words, words + ["flams", "crane"], name="generated")
    with pytest.raises(WordleOptError, match=message):
        search("crane", hard="nyt", answers=lists, max_guesses=7, fit=fit, threads=1, second=second)


def test_cli_second_plays_the_word_and_refuses_a_malformed_or_repeated_hint(tmp_path):
    import subprocess
    import sys

    words = "bight fight light might night right sight tight batch catch hatch latch match".split()
    (tmp_path / "answers.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "guesses.txt").write_text("\n".join(words + ["flams", "crane"]) + "\n")
    base = [sys.executable, "-m", "wordle_opt", "search", "crane", "--answers", "answers.txt"]
    base += ["--guesses", "guesses.txt", "--hard", "nyt", "--max-guesses", "7", "--threads", "1", "--fit"]

    def run(*args):
        return subprocess.run(base + list(args), capture_output=True, text=True, cwd=tmp_path)

    r = run("--second", "bbbbb=sight", "--out", "tree.json")
    assert r.returncode == 0, r.stderr
    assert Tree.load(str(tmp_path / "tree.json")).root.children[0].guess == "sight"  # (0: BBBBB)
    assert verify(str(tmp_path / "tree.json"), hard="nyt", max_guesses=7).ok
    r = run("--second", "bbbbb-sight")
    assert r.returncode == 2 and r.stderr == "error: --second bbbbb-sight: expected COLOURING=WORD, e.g. bbbbb=bezil\n"
    r = run("--second", "bbbbb=sight", "--second", "BBBBB=light")
    assert r.returncode == 2 and r.stderr == "error: --second: BBBBB given twice (sight, then light)\n"
