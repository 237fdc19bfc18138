"""Today's game on the page's API (issue 52): the default list, the hard-rule
check while a word is typed."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi", reason="needs the [web] extra")
with __import__("warnings").catch_warnings():
    __import__("warnings").simplefilter("ignore")
    from fastapi.testclient import TestClient

import wordle_opt
from wordle_opt.listsets import TODAY_NAME, TODAY_SET
from wordle_opt.rules import violation
from wordle_opt.web.app import app
from wordle_opt.wordlists import load_lists

client = TestClient(app)


def test_todays_game_comes_first_in_the_menu_named_in_words():
    sets = client.get("/api/lists").json()
    assert sets[0]["name"] == TODAY_SET == "nyt-3158" and sets[0]["today"]
    assert sets[0]["title"] == TODAY_NAME == "NYT, today's game"
    assert [s["name"] for s in sets if s["today"]] == [TODAY_SET]
    assert all(s["description"] for s in sets)


def test_explore_without_an_opener_shows_the_tree_play_follows():
    r = client.get("/api/explore", params={"lists": "original", "hard": "easy", "max_guesses": "6"})
    assert r.status_code == 200, r.text
    assert r.json()["guess"] == "salet" and r.json()["tree"]["opener"] == "salet"


# ------------------------------------------------------------------ the hard rule, while typing


def check(guess, history=(), *, hard="nyt", lists=TODAY_SET):
    body = {"lists": lists, "hard": hard, "max_guesses": 6, "guess": guess}
    body["history"] = [{"guess": g, "colours": c} for g, c in history]
    return client.post("/api/check", json=body)


@pytest.mark.parametrize(
    "history,guess,reason",
    [
        ([("tarse", "BBBBG")], "lodge", None),
        ([("tarse", "BBBBG")], "dodgy", "letter 5 must be E"),
        ([("tarse", "BYBBB")], "olive", "guess must contain A"),
        ([("tarse", "GYBBB")], "taint", None),
        ([("tarse", "BBBBB"), ("colin", "BYBBY")], "hunky", "guess must contain O"),
    ],
)
def test_a_word_that_breaks_the_nyt_rule_is_flagged_with_the_reason(history, guess, reason):
    r = check(guess, history)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["ok"] is (reason is None)
    if reason:
        assert got["reason"] == f"{guess.upper()}: {reason}, hard (NYT rule)"
    assert check(guess, history, hard="easy").json() == {"word": guess, "ok": True, "reason": None}


def test_an_unknown_word_is_flagged_in_every_mode_and_a_bad_turn_is_one_clear_line():
    for hard in ("easy", "nyt"):
        got = check("qzxvw", hard=hard).json()
        assert not got["ok"] and "'qzxvw' is not an allowed guess" in got["reason"]
    r = check("crane", [("qzxvw", "BBBBB")])
    assert r.status_code == 400 and r.json()["error"].startswith("turn 1: 'qzxvw' is not an allowed guess")
    r = check("crane", [("tarse", "BBBB")])
    assert r.status_code == 400 and "turn 1" in r.json()["error"]


@pytest.mark.parametrize("hard", ["nyt", "strict"])
def test_the_check_is_the_packages_own_rule_over_many_random_positions(hard):
    """Games from random answers and random guesses: the page's answer for a
    random word is exactly `rules.violation`'s, the one the search applies."""
    lists = load_lists(TODAY_SET)
    rng = random.Random(52)
    for _ in range(40):
        answer = rng.choice(lists.answers)
        history = []
        for _ in range(rng.randint(1, 3)):
            g = rng.choice(lists.guesses)
            history.append((g, int(wordle_opt.score(g, answer))))
        for word in rng.sample(lists.guesses, 5) + [answer]:
            got = check(word, [(g, wordle_opt.Pattern(p).byg) for g, p in history], hard=hard).json()
            why = violation(history, word, hard)
            assert got["ok"] is (why is None), (history, word, got)
            assert why is None or why in got["reason"]


# ------------------------------------------------------------------ sharing


def test_a_finished_game_gives_its_grid_and_a_pasted_grid_is_reviewed_at_once():
    played = [(w, wordle_opt.score(w, "crate").byg) for w in ("salet", "drone", "crate")]
    body = {"lists": "original", "hard": "easy", "max_guesses": 6}
    history = [{"guess": g, "colours": c} for g, c in played]
    a = client.post("/api/advice", json={**body, "history": history}).json()
    assert a["solved"] and a["share"].startswith("Wordle 3/6\n\n")
    assert client.post("/api/advice", json={**body, "history": history[:2]}).json()["share"] is None
    pasted = a["share"] + "\n" + " ".join(g for g, _ in played)
    r = client.post("/api/review", json={**body, "game": pasted})
    assert r.status_code == 200, r.text
    assert [(t["guess"], t["colours"]) for t in r.json()["turns"]] == played
    direct = client.post("/api/review", json={**body, "game": "salet drone crate", "answer": "crate"}).json()
    assert r.json()["rows"] == direct["rows"]


def test_a_lost_game_gives_its_grid_with_x():
    fuzzy = wordle_opt.score("fuzzy", "crate").byg
    body = {"lists": "original", "hard": "easy", "max_guesses": 2}
    a = client.post("/api/advice", json={**body, "history": [{"guess": "fuzzy", "colours": fuzzy}] * 2}).json()
    assert a["share"].startswith("Wordle X/2\n") and "no guesses left" in a["note"]


def test_a_paste_that_cannot_be_read_is_a_clear_400():
    r = client.post("/api/review", json={"lists": "original", "game": "Wordle 3/6\n\n\u2b1b\u2b1b\u2b1b\u2b1b\u2b1b"})
    assert r.status_code == 400 and r.json()["error"].startswith("pasted game: no words")


# ------------------------------------------------------------------ answers excluded


def test_answers_excluded_on_the_page_leave_exact_advice_for_the_rest():
    r = client.post("/api/exclude", json={"lists": "original", "words": "crane\nslate, trace"})
    assert r.status_code == 200, r.text
    got = r.json()
    assert (got["label"], got["answers"], got["removed"]) == ("original without 3", 2312, 3)
    colours = wordle_opt.score("salet", "crane").byg
    history = [{"guess": "salet", "colours": colours}]
    a = client.post("/api/advice", json={"lists": got["name"], "hard": "easy", "history": history}).json()
    before = client.post("/api/advice", json={"lists": "original", "hard": "easy", "history": history}).json()
    assert a["candidates"] == before["candidates"] - 1  # (CRANE was one of them)
    s = a["suggestion"]
    assert s["exact"]
    left = [w for w in wordle_opt.search("salet", threads=1).tree.answers if w not in ("crane", "slate", "trace")]
    left = [w for w in left if wordle_opt.score("salet", w).byg == colours]
    exact = wordle_opt.search(s["word"], answers=left, guesses="original", threads=1)
    assert s["expected"] == pytest.approx(exact.total / len(left))


def test_a_bad_word_to_exclude_is_one_line_naming_it_and_the_list():
    r = client.post("/api/exclude", json={"lists": "original", "words": "crane\nslatx"})
    assert r.status_code == 400
    assert r.json()["error"] == (
        "the words to exclude, line 2: 'slatx' is not a possible answer in list 'original' "
        "(original-answers.txt); did you mean slate?"
    )


# ------------------------------------------------------------------ Explore: find, download


def test_find_an_answers_way_through_the_tree_shown():
    r = client.get("/api/explore/find", params={"answer": "Crate", "lists": "original"})
    assert r.status_code == 200, r.text
    tree = wordle_opt.search("salet", threads=1).tree
    want = tree.path("crate")
    assert r.json() == {
        "answer": "crate",
        "path": [p.byg for _, p in want],
        "guesses": [g for g, _ in want],
    }
    # the node the way leads to is the one Explore opens: its guess is the answer's
    node = client.get("/api/explore", params={"lists": "original", "path": ",".join(r.json()["path"][:-1])}).json()
    assert node["guess"] == "crate"
    bad = client.get("/api/explore/find", params={"answer": "cratx", "lists": "original"})
    assert bad.status_code == 400 and bad.json()["error"].startswith(
        "'cratx' is not a possible answer in list 'original'"
    )


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_downloaded_tree_is_verified_by_the_command_line(tmp_path, fmt):
    import subprocess
    import sys

    r = client.get("/api/explore/download", params={"format": fmt, "lists": "original", "hard": "easy"})
    assert r.status_code == 200, r.text
    name = r.headers["content-disposition"].split('filename="')[1].rstrip('"')
    assert name == f"salet-original-easy-6.{'json' if fmt == 'json' else 'txt'}"
    path = tmp_path / name
    path.write_bytes(r.content)
    v = subprocess.run([sys.executable, "-m", "wordle_opt", "verify", str(path)], capture_output=True, text=True)
    assert v.returncode == 0, v.stdout + v.stderr
    assert "7920" in v.stdout
    assert wordle_opt.trees.tree.Tree.load(path).total == 7920


# ------------------------------------------------------------------ the page and `play` agree


@pytest.mark.slow
@pytest.mark.parametrize("hard", ["easy", "nyt"])
def test_the_page_and_play_in_a_pipe_suggest_the_same_guesses(hard, tmp_path):
    """Games of today's list followed on the page's advice, then typed into
    `play` (no options but the mode): at every turn the same suggestion."""
    import re
    import subprocess
    import sys

    for answer in random.Random(f"52-{hard}").sample(load_lists(TODAY_SET).answers, 3):
        history, page = [], []
        while not history or history[-1]["colours"] != "GGGGG":
            body = {"lists": TODAY_SET, "hard": hard, "max_guesses": 6, "history": history}
            s = client.post("/api/advice", json=body).json()["suggestion"]
            assert s["exact"], s
            page.append(s["word"])
            history.append({"guess": s["word"], "colours": wordle_opt.score(s["word"], answer).byg})
        typed = "".join(f"{t['guess']} {t['colours']}\n" for t in history)
        args = [sys.executable, "-m", "wordle_opt", "play"] + (["--hard"] if hard == "nyt" else [])
        r = subprocess.run(args, input=typed, capture_output=True, text=True, cwd=tmp_path, timeout=600)
        assert r.returncode == 0, r.stderr
        said = [w.lower() for w in re.findall(r"^Suggestion: (\w+)", r.stdout, re.M)]
        assert said == page[: len(said)] and len(said) >= len(page) - 1, (answer, page, said)
