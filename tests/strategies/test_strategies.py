"""Strategies: the registry, the interface, and each choice against a brute-force recount."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from oracle import exhaustive_tree
from wordpools import IGHT_OUND

import wordle_opt
from wordle_opt.core import _heuristics, _heuristics_py
from wordle_opt.errors import TreeError, WordleOptError, WordListError
from wordle_opt.rules import score_words
from wordle_opt.strategies import builtin as strategies
from wordle_opt.strategies import context, picking
from wordle_opt.strategies.builtin import STRATEGIES, get_strategy
from wordle_opt.trees.tree import Tree
from wordle_opt.wordlists import WordLists

HEURISTICS = [name for name in STRATEGIES if name != "optimal"]


@pytest.fixture(scope="module")
def small(original):
    """60 answers and 400 guesses from the original lists (fixed sample)."""
    rng = np.random.default_rng(5)
    answers = sorted(rng.choice(original.answers, 60, replace=False))
    others = [w for w in original.guesses if w not in set(answers)]
    extra = list(rng.choice(others, 340, replace=False))
    return WordLists.from_words(answers, answers + extra, name="small")


def _root(lists, answers_only=False):
    ctx = strategies.context_for(lists)
    return ctx.all_answers, ctx.root_legal(answers_only)


def test_registry_and_exports():
    assert set(STRATEGIES) == {
        "entropy",
        "entropy2",
        "minimax",
        "expected-size",
        "frequency",
        "random",
        "first",
        "optimal",
    }
    assert wordle_opt.STRATEGIES is STRATEGIES
    assert wordle_opt.get_strategy is get_strategy


def test_unknown_strategy_lists_valid_names(small):
    with pytest.raises(WordleOptError) as e:
        get_strategy("entropie", small)
    msg = str(e.value)
    assert "entropie" in msg and all(name in msg for name in STRATEGIES) and "\n" not in msg


def test_names_are_normalised(small):
    assert get_strategy("Expected_Size", small).name == "expected-size"


@pytest.mark.parametrize("name", HEURISTICS)
def test_one_or_two_candidates(small, name):
    s = get_strategy(name, small, seed=3)
    legal = strategies.context_for(small).all_guesses
    for a in (0, 17, 59):
        one = np.array([a], np.int32)
        assert small.guesses[s.choose(one, legal, [(0, 0)])] == small.answers[a]
    two = np.array([4, 40], np.int32)
    g = small.guesses[s.choose(two, legal, [(0, 0)])]
    assert g in (small.answers[4], small.answers[40])


def _brute(lists, cands, legal, key):
    """Best guess by key(counts) (larger better), then possible answer, then alphabetical."""
    cset = {lists.answers[a] for a in cands}
    best = None
    for g in legal:
        word = lists.guesses[g]
        counts = Counter(score_words(word, lists.answers[a]) for a in cands)
        k = key(counts, len(cands)) + (word in cset, -g)
        if best is None or k > best[0]:
            best = (k, g)
    return best[1]


def _entropy_key(counts, n):
    return (round(-sum(c / n * math.log2(c / n) for c in counts.values()), 9),)


def _minimax_key(counts, n):
    return (-max(counts.values()), -sum(c * c for c in counts.values()))


def _expected_key(counts, n):
    return (-sum(c * c for c in counts.values()),)


@pytest.mark.parametrize(
    "name,key", [("entropy", _entropy_key), ("minimax", _minimax_key), ("expected-size", _expected_key)]
)
def test_choice_matches_brute_force(small, name, key):
    s = get_strategy(name, small)
    ctx = strategies.context_for(small)
    rng = np.random.default_rng(1)
    for _ in range(6):
        cands = np.sort(rng.choice(60, size=rng.integers(3, 40), replace=False)).astype(np.int32)
        legal = ctx.all_guesses
        assert s.choose(cands, legal, [(1, 0)]) == _brute(small, cands, legal, key)
    # the opening too
    cands, legal = _root(small)
    assert s.choose(cands, legal, []) == _brute(small, cands, legal, key)


def test_entropy_tie_prefers_a_possible_answer():
    # Against {abcde, abcdf, zzzzz}, AAAAE, ABCDE, ABCDF and BBBBE all split
    # the three apart (log2 3 bits; ZZZZZ does not).  AAAAE comes first
    # alphabetically, but the tie goes to a possible answer first: ABCDE.
    answers = ["abcde", "abcdf", "zzzzz"]
    lists = WordLists.from_words(answers, answers + ["aaaae", "bbbbe"], name="tie")
    s = get_strategy("entropy", lists)
    cands = np.array([0, 1, 2], np.int32)
    legal = strategies.context_for(lists).all_guesses
    ent = _heuristics.score_guesses(lists.table, cands, legal)[0]
    assert np.allclose(ent[:4], math.log2(3)) and ent[4] < ent[0]
    assert lists.guesses[s.choose(cands, legal, [(0, 0)])] == "abcde"


def test_frequency_plays_possible_answers(small):
    s = get_strategy("frequency", small)
    cands, legal = _root(small)
    g = s.choose(cands, legal, [])
    assert small.guesses[g] in small.answers
    # brute force: positional counts plus distinct-letter counts, over the candidates
    words = list(small.answers)
    pos = [Counter(w[i] for w in words) for i in range(5)]
    anyc = Counter(c for w in words for c in set(w))
    score = {w: sum(pos[i][w[i]] for i in range(5)) + sum(anyc[c] for c in set(w)) for w in words}
    best = max(score.values())
    assert small.guesses[g] == min(w for w in words if score[w] == best)


def test_random_is_seeded_and_positional(small):
    cands, legal = _root(small)
    a = get_strategy("random", small, seed=1)
    b = get_strategy("random", small, seed=1)
    picks = {get_strategy("random", small, seed=k).choose(cands, legal, []) for k in range(20)}
    assert a.choose(cands, legal, []) == b.choose(cands, legal, [])
    assert len(picks) > 3  # the seed matters
    assert all(small.guesses[g] in small.answers for g in picks)


def test_first_plays_the_first_candidate(small):
    s = get_strategy("first", small)
    cands = np.array([7, 9, 30], np.int32)
    assert small.guesses[s.choose(cands, strategies.context_for(small).all_guesses, [(0, 0)])] == small.answers[7]


def test_opener_is_played_first_and_checked(small):
    cands, legal = _root(small)
    word = small.guesses[100]
    s = get_strategy("entropy", small, opener=word.upper())
    assert s.choose(cands, legal, []) == 100
    with pytest.raises(WordListError):
        get_strategy("entropy", small, opener="qqqqq")
    non_answer = next(w for w in small.guesses if w not in small.answers)
    with pytest.raises(WordListError, match="answers-only"):
        get_strategy("entropy", small, opener=non_answer, answers_only=True)


def test_ranked_is_best_first(small):
    s = get_strategy("minimax", small)
    cands, legal = _root(small)
    top = s.ranked(cands, legal, [], k=5)
    assert len(top) == 5 and top[0].guess == s.choose(cands, legal, [])
    assert [t.score for t in top] == sorted((t.score for t in top), reverse=True)
    assert "largest group" in top[0].label


def test_entropy2_scores_two_guesses(small):
    s = get_strategy("entropy2", small, top_k=5)
    cands, legal = _root(small)
    g = s.choose(cands, legal, [])
    ent = _heuristics.score_guesses(small.table, cands, legal)[0]
    top5 = [
        legal[i] for i in picking.best_first([ent], legal, strategies.context_for(small).is_candidate(cands, legal))[:5]
    ]
    assert g in top5
    # the chosen pair is worth at least the best single guess, at most log2 n
    two = _heuristics_py.lookahead_entropy(small.table, cands, np.array([g], np.int32), legal)[0]
    assert ent.max() - 1e-9 <= two <= math.log2(len(cands)) + 1e-9


def _entropy(sizes):
    n = sum(sizes)
    return -sum(c / n * math.log2(c / n) for c in sizes)


def test_entropy2_hard_mode_uses_legal_second_guesses():
    from wordle_opt.rules import violation

    # -IGHT and -OUND clusters: easy mode splits them with FLOMP, WRIST or SWORD
    # second; the strict rule allows only words that could still be the answer.
    answers = list(IGHT_OUND)
    small = WordLists.from_words(answers, answers + ["flomp", "wrist", "sword"], name="ight-ound")
    s = get_strategy("entropy2", small, hard="strict", top_k=4)
    cands, legal = _root(small)
    g = s.choose(cands, legal, [])
    ctx = strategies.context_for(small)
    ent = _heuristics.score_guesses(small.table, cands, legal)[0]
    firsts = [int(legal[i]) for i in picking.best_first([ent], legal, ctx.is_candidate(cands, legal))[:4]]
    words = [small.answers[a] for a in cands]

    def two_step(first):
        """Brute force: information of FIRST plus, per group, the best second
        guess among those the strict rule allows after FIRST's colouring."""
        fw = small.guesses[first]
        groups = {}
        for a in words:
            groups.setdefault(score_words(fw, a), []).append(a)
        total = _entropy([len(v) for v in groups.values()])
        for p, grp in groups.items():
            if p != 242 and len(grp) > 1:
                best = max(
                    _entropy(list(Counter(score_words(w, a) for a in grp).values()))
                    for w in small.guesses
                    if violation([(fw, p)], w, "strict") is None
                )
                total += len(grp) / len(words) * best
        return total

    hard = {f: two_step(f) for f in firsts}
    assert g in hard and hard[g] >= max(hard.values()) - 1e-9
    # the strategy's own two-step figures are these (ranked shows them as scores)
    ranked = s.ranked(cands, legal, [], k=4)
    assert {r.guess for r in ranked} == set(firsts)
    for r in ranked:
        assert r.score == pytest.approx(hard[r.guess], abs=1e-9), small.guesses[r.guess]
    # the rule matters here: with any second guess, some first guess is worth more
    easy = _heuristics_py.lookahead_entropy(small.table, cands, np.array(firsts, np.int32), legal)
    assert any(e > hard[f] + 1e-6 for f, e in zip(firsts, easy))


def test_reference_loops_give_the_same_choices(small, monkeypatch):
    cands, legal = _root(small)
    fast = {name: get_strategy(name, small, seed=2).choose(cands, legal, [(0, 0)]) for name in HEURISTICS}
    monkeypatch.setattr(context, "heuristics_for", lambda length: _heuristics_py)
    slow = {name: get_strategy(name, small, seed=2).choose(cands, legal, [(0, 0)]) for name in HEURISTICS}
    assert fast == slow


def test_optimal_follows_a_tree():
    answers = ["fight", "light", "might", "night", "right", "sight", "tight", "wight"]
    lists = WordLists.from_words(answers, answers + ["flomp", "wrist"], name="ight")
    tree = Tree(exhaustive_tree(lists.answers, lists.guesses), lists)
    s = get_strategy("optimal", lists, tree=tree)
    cands, legal = _root(lists)
    g = s.choose(cands, legal, [])
    assert lists.guesses[g] == tree.root.guess
    # off the tree: a clear error naming the position
    other = next(i for i, w in enumerate(lists.guesses) if w != tree.root.guess)
    with pytest.raises(TreeError, match="does not cover"):
        s.choose(cands, legal, [(other, 0)])
    with pytest.raises(TreeError, match="opener"):
        get_strategy("optimal", lists, tree=tree, opener=lists.guesses[other]).choose(cands, legal, [])


def test_optimal_without_a_tree_names_the_default_opener_it_cannot_use():
    answers = ["fight", "light", "might", "night", "right", "sight", "tight", "wight"]
    lists = WordLists.from_words(answers, answers + ["flomp", "wrist"], name="ight")
    s = get_strategy("optimal", lists)
    cands, legal = _root(lists)
    with pytest.raises(
        WordListError,
        match="optimal without a tree searches from SALET, which is not "
        "an allowed guess in list 'ight': give an opener",
    ):
        s.choose(cands, legal, [])
    # with an opener of the list it searches, and plays the optimal tree from there
    s = get_strategy("optimal", lists, opener="flomp")
    assert lists.guesses[s.choose(cands, legal, [])] == "flomp"
    assert s.tree.total == _reference_total(lists, "flomp")
    with pytest.raises(WordleOptError, match="tree= must be a Tree or a tree file path, not dict"):
        get_strategy("optimal", lists, tree={"guess": "flomp"}).choose(cands, legal, [])
    # no tree fits the cap: said plainly, not as an internal AttributeError
    s = get_strategy("optimal", lists, opener="flomp", max_guesses=2)
    with pytest.raises(TreeError, match="no tree opening with FLOMP solves every answer of ight within 2"):
        s.choose(cands, legal, [])


def _reference_total(lists, opener):
    from oracle import exhaustive_optimum

    return exhaustive_optimum(lists.answers, lists.guesses, opener=opener)


def test_a_tree_given_to_another_strategy_is_an_error():
    answers = ["fight", "light", "might", "night", "right", "sight", "tight", "wight"]
    lists = WordLists.from_words(answers, answers + ["flomp", "wrist"], name="ight")
    tree = Tree(exhaustive_tree(lists.answers, lists.guesses), lists)
    with pytest.raises(WordleOptError, match="a tree is followed only by strategy optimal, not entropy"):
        get_strategy("entropy", lists, tree=tree)
    assert get_strategy("entropy", lists, tree=None, max_guesses=6).name == "entropy"


def test_optimal_loads_a_tree_file(tmp_path):
    answers = ["fight", "light", "might", "night", "right", "sight", "tight", "wight"]
    lists = WordLists.from_words(answers, answers + ["flomp", "wrist"], name="ight")
    tree = Tree(exhaustive_tree(lists.answers, lists.guesses), lists)
    path = tmp_path / "ight.json"
    path.write_text(tree.to_json())
    s = get_strategy("optimal", lists, tree=str(path))
    cands, legal = _root(lists)
    assert lists.guesses[s.choose(cands, legal, [])] == tree.root.guess


# Whole games, compiled loops against the reference, on generated lists.
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_word = st.text(alphabet="abcdeors", min_size=5, max_size=5)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(_word, min_size=1, max_size=20, unique=True),
    st.lists(_word, max_size=10, unique=True),
    st.sampled_from(HEURISTICS),
    st.sampled_from([None, "nyt", "strict"]),
    st.booleans(),
)
def test_simulations_agree_with_the_reference(answers, extra, name, hard, answers_only):
    from wordle_opt.strategies.simulation import simulate

    lists = WordLists(name="gen", answers=tuple(answers), guesses=tuple(sorted(set(answers) | set(extra))))
    fast = simulate(name, answers=lists, hard=hard, answers_only=answers_only, seed=1)
    saved = context.heuristics_for
    context.heuristics_for = lambda length: _heuristics_py
    try:
        strategies._OPENINGS.clear()
        slow = simulate(name, answers=lists, hard=hard, answers_only=answers_only, seed=1)
    finally:
        context.heuristics_for = saved
        strategies._OPENINGS.clear()
    assert fast.paths == slow.paths
    # every answer is found (the candidates themselves are always legal)
    assert not fast.unsolved
