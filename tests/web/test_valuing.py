"""The page's values from the game's solvers kept warm (wordle_opt.web.valuing):
each one the exact search's, a value cut short by the shared cut-off a bound
never above it, and the alternatives shown the best of the pool by value."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("fastapi", reason="needs the [web] extra")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on the httpx version
    from fastapi.testclient import TestClient

import wordle_opt
from wordle_opt.solver import bounded
from wordle_opt.web import admission, games, valuing
from wordle_opt.web import advice as advice_module
from wordle_opt.web.app import app
from wordle_opt.wordlists import WordLists

client = TestClient(app)


def positions(lists, rule, k, seed):
    """``k`` seeded positions after two random guesses: (history, game)."""
    rnd = random.Random(seed)
    game = games.make_game(lists, rule, 6)
    out = []
    while len(out) < k:
        answer = rnd.choice(game.lists.answers)
        history, a = [], None
        for _ in range(2):
            a = advice_module.replay(game, tuple(history))
            word = game.lists.guesses[int(rnd.choice(a.legal))]
            history.append((word, int(wordle_opt.score(word, answer))))
        a = advice_module.replay(game, tuple(history))
        if 2 <= len(a.candidates) <= 60:
            out.append((tuple(history), game))
    return out


def own_lists(game, a) -> WordLists:
    """The position as lists of its own: the exact search's oracle (the page's way before)."""
    guesses = [game.lists.guesses[int(g)] for g in a.legal]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return WordLists.from_words(a.candidate_words(), guesses, name="position")


def searched(game, a, opener, cap=4):
    r = wordle_opt.search(opener, answers=own_lists(game, a), hard=game.rule, max_guesses=cap, threads=1)
    return r.total if r.feasible else None


@pytest.mark.parametrize("rule", ["easy", "nyt"])
def test_values_are_the_exact_searchs_and_a_cut_value_is_a_bound_below_it(rule):
    for history, game in positions("original", rule, 3, f"valuing-{rule}"):
        a = advice_module.replay(game, history)
        S, L = a.candidates, a.legal
        with valuing.valuing(game, "salet") as v:
            total, g = v.optimum(S, L, 4)
            assert total == searched(game, a, None)
            assert total == v.guess(S, L, 4, g)  # (its guess reaches it)
            for w in np.random.default_rng(len(S)).choice(L, 4, replace=False):
                q = v.guess(S, L, 4, int(w))
                exact = searched(game, a, game.lists.guesses[int(w)])
                assert q == exact if exact is not None else q >= v.inf
                assert v.lower_bound(S, int(w)) <= q
                for beta in (q, q + 1, total + 1, len(S) + 1):
                    cut = v.guess(S, L, 4, int(w), beta=beta)
                    assert cut == q if q < beta else beta <= cut <= q, (beta, cut, q)


@pytest.mark.parametrize("rule", ["easy", "nyt"])
def test_the_suggestion_and_the_alternatives_shown_are_exact_and_the_best_of_the_pool(rule):
    """The position's optimum is the search's; the shared cut-off shows what
    valuing the whole pool to the end would: the ALTERNATIVES best by
    (total, order of information), each exact."""
    for history, game in positions("original", rule, 2, f"alternatives-{rule}"):
        a = advice_module.replay(game, history)
        n = len(a.candidates)
        body = {"lists": "original", "hard": rule, "max_guesses": 6}
        body["history"] = [{"guess": w, "colours": wordle_opt.Pattern(p).byg} for w, p in history]
        answer = client.post("/api/advice", json=body).json()
        s = answer["suggestion"]
        assert s["exact"] and s["how"] == "exact (search of this position)"  # (off the tree: random guesses)
        assert s["expected"] == pytest.approx(searched(game, a, None) / n)
        best = s["word"]
        pool = [r.word for r in a.walker.strategy.ranked(a.candidates, a.legal, a.history, advice_module.POOL + 1)]
        pool = [w for w in pool if w != best][: advice_module.POOL]
        totals = {w: searched(game, a, w) for w in pool}
        feasible = sorted((t, i, w) for i, (w, t) in enumerate(totals.items()) if t is not None)
        want = [w for _, _, w in feasible][: advice_module.ALTERNATIVES]
        shown = answer["alternatives"]
        assert [x["word"] for x in shown][: len(want)] == want
        for x in shown[: len(want)]:
            assert x["exact"] and x["expected"] == pytest.approx(totals[x["word"]] / n)


def test_a_solver_stopped_when_its_client_left_is_not_used_again(generous_limits):
    """A stopped core solver refuses every later search: it must leave the pool."""
    game = games.make_game("original", "easy", 6)
    a = advice_module.replay(game, (("fuzzy", int(wordle_opt.score("fuzzy", "crane"))),))
    S, L = a.candidates[:250], a.legal
    # (stopped before it searches, not by a short deadline: on an idle machine
    # this search ended within 0.05 s and nothing was stopped)
    with pytest.raises(admission.Cancelled):
        admission.run_with(admission.Budget(), lambda: _value(game, S, L, cancel=True))
    small = a.candidates[:8]
    total, _ = admission.run_with(admission.Budget(), lambda: _value(game, small, L))
    sub = WordLists.from_words([game.lists.answers[int(i)] for i in small], game.lists.guesses)
    assert total == wordle_opt.search(None, answers=sub, max_guesses=5, threads=1).total


def _value(game, S, L, *, cancel=False):
    with valuing.valuing(game, "salet") as v:
        if cancel:
            admission.budget().cancel()  # (the client left: the solver is stopped)
        return v.optimum(S, L, 5)


def test_a_big_easy_position_is_refuted_in_batch_and_exact():
    """300 candidates or more, easy mode: `solve_bounded`, as the search does."""
    game = games.make_game("original", "easy", 6)
    a = advice_module.replay(game, (("hippy", int(wordle_opt.Pattern("BYBBB"))),))
    assert len(a.candidates) >= bounded.BOUNDED_MIN
    total, g = admission.run_with(admission.Budget(300), lambda: _value(game, a.candidates, a.legal))
    assert total == searched(game, a, None, cap=5)
    assert total == admission.run_with(admission.Budget(300), lambda: _q(game, a, g))


def _q(game, a, g):
    with valuing.valuing(game, "salet") as v:
        return v.guess(a.candidates, a.legal, 5, g)
