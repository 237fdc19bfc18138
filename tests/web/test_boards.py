"""POST /api/boards: Play with 2 or 4 boards, answered by the engine of
``play --boards`` (wordle_opt.games.boards) and refusing bad turns in one line."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("fastapi", reason="needs the [web] extra")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on the httpx version
    from fastapi.testclient import TestClient

import wordle_opt
from wordle_opt.games.boards_play import BoardsAssistant
from wordle_opt.web import admission
from wordle_opt.web.app import app

client = TestClient(app)


def post(history=(), *, boards=2, **settings):
    body = {"lists": "nyt-3158", "boards": boards, **settings}
    body["history"] = [{"guess": g, "colours": list(c)} for g, c in history]
    return client.post("/api/boards", json=body)


def answer(history=(), **kw):
    r = post(history, **kw)
    assert r.status_code == 200, r.text
    return r.json()


def colours(guess, answers, solved):
    """One turn's colours: each open board's, None where a board was solved before."""
    return [None if s else wordle_opt.score(guess, a).byg for a, s in zip(answers, solved)]


@pytest.mark.parametrize(
    "lists,answers", [("nyt-3158", ("mound", "cider")), ("original", ("crane", "tatty", "vivid", "pupil"))]
)
def test_a_game_followed_to_the_end_matches_the_command_lines_assistant(lists, answers):
    n = len(answers)
    cli = BoardsAssistant(n, answers=lists)
    history, solved = [], [False] * n
    while True:
        a = answer(history, boards=n, lists=lists)
        pos = cli.position
        assert a["game"] == ("Dordle" if n == 2 else "Quordle") and a["cap"] == (7 if n == 2 else 9)
        for b, board in enumerate(a["boards"]):
            words = sorted(cli.lists.answers[i] for i in pos.cands[b])
            assert board["candidates"] == len(words) and board["solved_at"] == pos.solved[b]
            assert board["words"] == (words if len(words) <= 20 else None)
        if a["done"]:
            assert a["suggestion"] is None and a["note"] == f"All {n} boards solved in {len(history)} guesses."
            break
        s = a["suggestion"]
        assert s["word"] == cli.suggestion() and not s["exact"] and s["how"] == pos.suggest(cli.strategy)[1]
        assert "heuristic" in s["how"] or "one answer left" in s["how"]
        assert "optimal" not in str(a)
        # the suggestion's spread on each open board, counted from the scores themselves
        for b, split in enumerate(s["split"]):
            if solved[b]:
                assert split is None
                continue
            left = [cli.lists.answers[i] for i in pos.cands[b]]
            groups = {wordle_opt.score(s["word"], w).byg for w in left}
            worst = max(sum(wordle_opt.score(s["word"], w).byg == g for w in left) for g in groups)
            assert split == {"colourings": len(groups), "at_worst": worst, "could_be_answer": s["word"] in left}
        turn = colours(s["word"], answers, solved)
        history.append((s["word"], turn))
        cli.apply(s["word"], [c for c in turn if c is not None])
        solved = [was or s["word"] == w for was, w in zip(solved, answers)]
        assert len(history) <= a["cap"]
    assert all(solved)


def test_a_game_past_its_cap_is_lost_and_says_which_boards_are_left():
    a = answer([("crane", colours("crane", ("mound", "cider"), (False, False)))], max_guesses=1)
    assert a["lost"] and not a["done"] and a["suggestion"] is None
    assert a["note"] == "No guesses left within the cap of 1: boards 1, 2 not solved."


def test_the_work_runs_within_the_time_budget(generous_limits):
    """A request whose budget is spent answers with the candidates and says the suggestion is missing (not kept)."""
    history = [("slate", ["BBBBB", "BYBBB"])]
    generous_limits.time_limit = 0.0
    a = answer(history)
    assert a["suggestion"] is None and "no suggestion within the time budget of 0 s" in a["note"]
    assert [b["candidates"] for b in a["boards"]] == [
        sum(wordle_opt.score("slate", w).byg == c for w in wordle_opt.load_lists("nyt-3158").answers)
        for c in ("BBBBB", "BYBBB")
    ]
    generous_limits.time_limit = 300.0
    assert answer(history)["suggestion"]["word"]  # (the cut answer was not kept)


def test_the_suggestion_is_made_in_a_search_slot(monkeypatch, generous_limits):
    """With no slot free the request waits within its budget, then gets the 503 of every busy answer."""
    monkeypatch.setattr(admission, "slots", admission.Slots(0))
    generous_limits.time_limit = 0.5
    r = post([("slate", ["BBBBB", "BBBBY"])])
    assert r.status_code == 503 and "no search slot freed within 0.5 s" in r.json()["error"]


SOLVED = [("mound", ["GGGGG", wordle_opt.score("mound", "cider").byg]), ("cider", [None, "GGGGG"])]


@pytest.mark.parametrize(
    "history,settings,status,words",
    [
        ([("crane", ["BBBBB"])], {}, 400, ["turn 1 (CRANE)", "expected 2 colourings", "got 1"]),
        ([("cranx", ["BBBBB", "BBBBB"])], {}, 400, ["turn 1", "'cranx'"]),
        ([("crane", ["BBBBB", "BQBBB"])], {}, 400, ["turn 1 (CRANE), board 2", "BQBBB", "not a colour"]),
        (
            [("crane", ["GGGGG", "BBBBB"]), ("slate", ["GGGGG", "BBBBB"])],
            {},
            400,
            ["turn 2 (SLATE), board 1", "solved at turn 1"],
        ),
        ([("crane", ["BBBBB", "BBBBB"]), ("fuzzy", ["BBBBB", None])], {}, 400, ["turn 2 (FUZZY), board 2", "missing"]),
        ([("crane", ["BBBBB", "YYYYY"])], {}, 400, ["turn 1 (CRANE), board 2", "no answer of nyt-3158", "YYYYY"]),
        (SOLVED + [("salet", [None, None])], {}, 400, ["turn 3 (SALET)", "every board was solved at turn 2"]),
        ([("crane", ["BBBBB", "BBBBB"])] * 2, {"max_guesses": 1}, 400, ["turn 2 (CRANE)", "Dordle has 1 guesses"]),
        ([], {"boards": 3}, 400, ["boards: 3", "2 (Dordle) or 4 (Quordle)"]),
        ([], {"boards": 1}, 400, ["boards: 1", "/api/advice"]),
        ([], {"hard": "nyt"}, 400, ["hard mode is not offered with several boards"]),
        ([], {"lists": "nope"}, 400, ["unknown list set 'nope'"]),
        ([], {"max_guesses": 0}, 422, ["max_guesses"]),
    ],
)
def test_bad_boards_requests_get_one_line_naming_the_turn_the_board_the_word(history, settings, status, words):
    r = post(history, **settings)
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/json"
    message = r.json()["error"]
    assert "\n" not in message and "Traceback" not in message
    for w in words:
        assert w in message, message
