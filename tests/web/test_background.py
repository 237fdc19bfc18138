"""Work done for one request serves the next (issue 49, item 5): proven
values are kept across requests, and what a request's budget cuts short is
proven by the background worker for later requests."""

from __future__ import annotations

import json
import warnings

import pytest

pytest.importorskip("fastapi", reason="needs the [web] extra")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on the httpx version
    from fastapi.testclient import TestClient

import wordle_opt
from wordle_opt.web import advice as advice_module
from wordle_opt.web import games, memo
from wordle_opt.web.app import app
from wordle_opt.web.background import prover
from wordle_opt.wordlists import WordLists

client = TestClient(app)
# (after ADIEU BBBBB, TEASE BBBBB adds nothing: the same candidates as ADIEU BBBBB alone)
OFF_TREE = [("adieu", "BBBBB"), ("sloth", "BBYBB")]
SAME_CANDIDATES = [("adieu", "BBBBB"), ("tease", "BBBBB"), ("sloth", "BBYBB")]


def ask(history, **settings):
    r = client.post("/api/advice", json={**settings, "history": [{"guess": g, "colours": c} for g, c in history]})
    assert r.status_code == 200, r.text
    return r.json()


@pytest.fixture
def searches(monkeypatch):
    """The searches the advice starts (None: the position's best guess; else the guesses valued)."""
    seen = []
    optimum, values = advice_module._optimum, advice_module._search_values

    def counted_optimum(game, a):
        seen.append(None)
        return optimum(game, a)

    def counted_values(game, a, words, *, keep, found):
        seen.extend(w for w in words if w not in found)
        return values(game, a, words, keep=keep, found=found)

    monkeypatch.setattr(advice_module, "_optimum", counted_optimum)
    monkeypatch.setattr(advice_module, "_search_values", counted_values)
    forget_answers()
    with advice_module.positions._lock:  # (each test starts with nothing proven)
        advice_module.positions._items.clear()
    yield seen
    assert prover.idle(600)  # (no background work left to the next test)


def forget_answers():
    """Drop the whole answers kept (memo.memo): what is left is the memo of proven values."""
    with memo.memo._lock:
        memo.memo._items.clear()


def position(history):
    lists = wordle_opt.load_lists("original")
    words = [a for a in lists.answers if all(wordle_opt.score(g, a).byg == c for g, c in history)]
    return WordLists.from_words(words, lists.guesses, name="pos")


def test_a_position_reached_another_way_is_served_from_the_memo_of_proven_values(searches):
    first = ask(OFF_TREE, max_guesses=None)
    assert first["suggestion"]["exact"] and first["from_memo"] == 0 and None in searches
    forget_answers()
    del searches[:]
    again = ask(SAME_CANDIDATES, max_guesses=None)
    assert again["candidates"] == first["candidates"]
    assert again["from_memo"] >= 1 and None not in searches  # (the position's best: not searched again)
    assert again["suggestion"]["word"] == first["suggestion"]["word"]
    assert again["suggestion"]["expected"] == first["suggestion"]["expected"]
    best = wordle_opt.search(None, answers=position(OFF_TREE), threads=1)
    assert again["suggestion"]["expected"] == pytest.approx(best.total / first["candidates"])


def test_a_cut_request_says_what_is_being_proven_and_a_later_one_gets_the_exact_value(generous_limits, searches):
    generous_limits.time_limit = 0.0  # (no time for any search in the request: all of it goes to the background)
    cut = ask(OFF_TREE)
    s = cut["suggestion"]
    assert cut["pending"] and not s["exact"]
    assert s["how"].startswith("being proven in the background: ask again in a few seconds; "), s["how"]
    assert "proven" not in s["how"].replace("being proven", "")
    assert prover.idle(600)
    later = ask(OFF_TREE)
    assert not later["pending"] and later["from_memo"] >= 1
    best = wordle_opt.search(None, answers=position(OFF_TREE), max_guesses=4, threads=1)
    assert later["suggestion"]["exact"] and later["suggestion"]["expected"] == pytest.approx(
        best.total / cut["candidates"]
    )


def test_the_memo_never_serves_a_value_under_another_rule_cap_or_list(searches):
    ask(OFF_TREE, max_guesses=None)
    for settings in ({"max_guesses": 6}, {"max_guesses": None, "hard": "nyt"}, {"max_guesses": None, "lists": "nyt"}):
        forget_answers()
        other = ask(OFF_TREE, **settings)
        assert other["from_memo"] == 0, settings
    # the hard-mode value is the hard-mode optimum, not the easy one kept before
    forget_answers()
    hard = ask(OFF_TREE, max_guesses=None, hard="nyt")
    game = games.make_game("original", "nyt", None)
    a = advice_module.replay(game, advice_module.parse_history(OFF_TREE))  # (the legal words as the guesses)
    sub = WordLists.from_words(a.candidate_words(), [game.lists.guesses[g] for g in a.legal], name="position")
    r = wordle_opt.search(None, answers=sub, hard="nyt", threads=1)
    assert hard["suggestion"]["expected"] == pytest.approx(r.total / hard["candidates"])


def test_turn_one_without_a_table_is_the_openers_tree_proven_in_the_background(generous_limits, searches):
    words = [w for w in wordle_opt.load_lists("original").answers[:150]] + ["salet"]
    r = client.post("/api/lists", content=json.dumps({"answers": "\n".join(words), "guesses": None}))
    assert r.status_code == 200, r.text
    name = r.json()["name"]
    generous_limits.time_limit = 0.0
    first = ask([], lists=name)
    s = first["suggestion"]
    assert first["pending"] and s["word"] == "salet" and s["expected"] is None and not s["exact"]
    assert s["how"] == "the optimal tree from SALET is being proven in the background: ask again in a few seconds"
    assert prover.idle(600)
    later = ask([], lists=name)
    tree = wordle_opt.search("salet", answers=games.get_lists(name), max_guesses=6, threads=1)
    assert not later["pending"] and later["suggestion"]["exact"]
    assert later["suggestion"]["total"] == tree.total
