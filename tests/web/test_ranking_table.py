"""`serve --ranking FILE` (issue 24): the page values the first guesses of
the table's game from it -- the same values as `review --ranking FILE` and
as `search WORD` --, says where they came from, leaves other games alone,
and a bad table stops the server at start-up in one line."""

from __future__ import annotations

import subprocess
import sys
import warnings

import pytest

import wordle_opt
from wordle_opt.cli import main
from wordle_opt.cli.serving import given_tables
from wordle_opt.openers.tables import read_ranking_file
from wordle_opt.reviews import values as review_values
from wordle_opt.reviews.reviewer import review
from wordle_opt.reviews.show import rows
from wordle_opt.web import rankings
from wordle_opt.wordlists import WordLists

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on the httpx version
    from fastapi.testclient import TestClient

from wordle_opt.web.app import app

client = TestClient(app)
WORDS = (
    "fight light might night right sight tight batch catch hatch match patch bound found hound "
    "mound sound salet crane flomp wrist thumb clamp dwarf bowel chump group"
).split()


@pytest.fixture(scope="module", params=[None, "nyt"], ids=["easy", "nyt"])
def served(request, tmp_path_factory):
    """A table made as a user would (`openers --top all --out`), given to the
    server as `serve --ranking` does; the lists uploaded to the page."""
    hard = request.param
    folder = tmp_path_factory.mktemp("served")
    words = folder / "answers.txt"
    words.write_text("\n".join(WORDS) + "\n")
    out = folder / "t.csv"
    args = ["openers", "--answers", str(words), "--top", "all", "--workers", "1", "--out", str(out), "--quiet"]
    assert main(args + (["--hard", hard] if hard else [])) == 0
    saved = list(rankings.given_tables)
    rankings.given_tables[:] = given_tables([out])
    up = client.post("/api/lists", json={"answers": "\n".join(WORDS)}).json()
    yield hard, out, up["name"], WordLists.from_words(tuple(WORDS), name="small")
    rankings.given_tables[:] = saved


def _settings(hard, key, cap=6):
    return {"lists": key, "hard": hard or "easy", "max_guesses": cap}


def test_the_page_reviews_every_opener_as_the_command_does_and_as_search_values_it(served, monkeypatch):
    hard, out, key, lists = served
    table = read_ranking_file(out)
    for opener in WORDS:
        answer = next(w for w in WORDS if w != opener)
        # (no opener's groups remembered from another review: those would be used before the table)
        monkeypatch.setattr(review_values, "_ROOT_CACHE", {})
        r = client.post("/api/review", json={**_settings(hard, key), "game": f"{opener} {answer}", "answer": answer})
        assert r.status_code == 200, r.text
        got = r.json()
        direct = review(f"{opener} {answer}", answer=answer, answers=lists, hard=hard, ranking=table, threads=1)
        assert got["rows"] == rows(direct)
        one = wordle_opt.search(opener, answers=lists, hard=hard, threads=1)
        first = got["turns"][0]
        assert first["player_exact"] and first["player_total"] == (one.total if one.feasible else None)
        assert first["luck_percentile"] is None  # (read from the table: its other groups not searched)
        assert any(f"values from the ranking table {out.name}" in n for n in got["notes"])


def test_the_first_guess_alternatives_come_from_the_table_and_say_so(served):
    hard, out, key, lists = served
    a = client.post("/api/advice", json={**_settings(hard, key), "history": []}).json()
    assert a["values_from"] == f"the ranking table {out.name}"
    assert a["alternatives"]
    for x in a["alternatives"]:
        one = wordle_opt.search(x["word"], answers=lists, hard=hard, threads=1)
        if one.feasible:
            assert x["exact"] and x["total_kind"] == "exact" and x["total"] == one.total, x
            assert x["expected"] == pytest.approx(one.total / len(WORDS))
        else:
            assert x["total_kind"] == "infeasible" and x["total"] is None, x
        assert f"the ranking table {out.name}" in x["how"]
    # after the first guess the table says nothing
    word = a["alternatives"][0]["word"]
    colours = wordle_opt.score(word, "crane").byg
    later = client.post("/api/advice", json={**_settings(hard, key), "history": [{"guess": word, "colours": colours}]})
    assert later.json()["values_from"] is None


def test_another_game_is_not_valued_from_the_table(served):
    hard, out, key, lists = served
    a = client.post("/api/advice", json={**_settings(hard, key, cap=5), "history": []}).json()
    assert a["values_from"] is None and all(x["total_kind"] is None for x in a["alternatives"])
    r = client.post("/api/review", json={**_settings(hard, key, cap=5), "game": "thumb crane", "answer": "crane"})
    assert r.status_code == 200, r.text
    assert not any("ranking table" in n for n in r.json()["notes"])  # (searched)


@pytest.mark.parametrize(
    "content, words",
    [
        (None, ["missing.csv", "cannot be read"]),
        ("opener,kind,total\ncrane,exact,7\n", ["bad.csv", "do not say which lists"]),
        ("not,a\ntable,\n", ["bad.csv", "expected the CSV of `openers --out`"]),
    ],
)
def test_a_bad_table_stops_serve_at_start_up_in_one_line(tmp_path, content, words):
    path = tmp_path / ("missing.csv" if content is None else "bad.csv")
    if content is not None:
        path.write_text(content)
    r = subprocess.run(
        [sys.executable, "-m", "wordle_opt", "serve", "--port", "0", "--ranking", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and r.stdout == "", (r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: ranking table"), r.stderr
    for w in words:
        assert w in r.stderr, r.stderr
