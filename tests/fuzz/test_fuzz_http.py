"""Fuzzing the JSON API (issue 26): malformed JSON, bodies of any shape and
size, unknown words, path-like strings, odd query values -- every answer is
JSON, a 4xx naming the problem or a 200, never a 500 (a 503 only as the
server's intended 'busy', with Retry-After).  Through FastAPI's in-process
client, with a short time budget so that a valid case stays cheap."""

from __future__ import annotations

import json
import warnings

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

pytest.importorskip("fastapi", reason="needs the [web] extra")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on the httpx version
    from fastapi.testclient import TestClient

from wordle_opt.web import admission, games
from wordle_opt.web.app import app

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
client = TestClient(app)


@pytest.fixture(scope="module", autouse=True)
def default_tree():
    """The default tree (SALET), proven once as the server does at start."""
    from wordle_opt.web.explore import DEFAULT_OPENER, opener_tree

    b = admission.Budget(seconds=600, client="warm-up")
    admission.run_with(b, opener_tree, games.make_game("original", "easy", 6), DEFAULT_OPENER)


@pytest.fixture(autouse=True)
def short_budget():
    saved = admission.limits.time_limit
    admission.limits.time_limit = 1.0
    yield
    admission.limits.time_limit = saved


def check(r):
    assert r.status_code != 500 and r.status_code < 600, (r.status_code, r.text)
    assert r.headers["content-type"].startswith("application/json"), r.headers
    body = r.json()
    if r.status_code >= 400:
        assert isinstance(body.get("error"), str) and body["error"] and "\n" not in body["error"], body
        assert "Traceback" not in body["error"]
    if r.status_code == 503 and "needs more than this server's" not in body["error"]:
        # (a tree beyond one request's budget has no Retry-After: a retry meets the same budget)
        assert int(r.headers["retry-after"]) >= 1


ODD_TEXT = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            "salet",
            "SALET",
            "qajaq",
            "zzzzz",
            "../../etc/passwd",
            "/etc/passwd",
            "C:\\Windows\\win.ini",
            "file:///etc/passwd",
            "%2e%2e%2f",
            "original",
            "nyt",
            "original-all",
            "upload-000000000000",
            "BYBBB",
            "GGGGG",
            "bybbb,ggggg",
            "\x00",
            "💥💥💥💥💥",
        ]
    ),
)
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), ODD_TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(ODD_TEXT, inner, max_size=4)),
    max_leaves=12,
)
TURN = st.fixed_dictionaries({"guess": ODD_TEXT, "colours": ODD_TEXT})
SETTINGS = {
    "lists": st.one_of(ODD_TEXT, JSON),
    "hard": st.one_of(st.sampled_from(["easy", "nyt", "strict", "hard", None]), JSON),
    "max_guesses": st.one_of(st.integers(), st.none(), JSON),
}
ADVICE = st.one_of(
    JSON,
    st.fixed_dictionaries({}, optional={**SETTINGS, "history": st.one_of(st.lists(TURN, max_size=4), JSON)}),
)
REVIEW = st.one_of(
    JSON, st.fixed_dictionaries({"game": ODD_TEXT}, optional={**SETTINGS, "answer": st.one_of(ODD_TEXT, JSON)})
)


@FUZZ
@given(body=ADVICE)
@example(body={"history": [{"guess": "salet", "colours": "BYBBB"}]})
@example(body={"lists": "../../etc/passwd"})
@example(body={"history": [{"guess": "qajaq", "colours": "GGGGG"}, {"guess": "salet", "colours": "BBBBB"}]})
def test_advice(body):
    check(client.post("/api/advice", json=body))


@FUZZ
@given(body=REVIEW)
@example(body={"game": "salet.BBBYB.drone.YBBBG"})
@example(body={"game": "salet crane", "answer": "../../etc/passwd"})
def test_review(body):
    check(client.post("/api/review", json=body))


@FUZZ
@given(params=st.dictionaries(st.sampled_from(["opener", "path", "lists", "hard", "max_guesses", "x"]), ODD_TEXT))
@example(params={"opener": "salet", "path": "BYBBB,GGGGG"})
@example(params={"opener": "../../etc/passwd"})
@example(params={"max_guesses": "1e400"})
def test_explore(params):
    check(client.get("/api/explore", params=params))


@FUZZ
@given(raw=st.one_of(st.binary(max_size=200), st.text(max_size=200).map(str.encode)))
@example(raw=b'{"history": [')
@example(raw=b"\xff\xfe{}")
@example(raw=b"null")
@example(raw=b'{"max_guesses": NaN, "history": Infinity}')
@example(raw=b"-Infinity")
@example(raw=b'{"history": [{"guess": "salet", "colours": "BYBBB"}]' + b" " * 70_000 + b"}")
def test_malformed_bodies(raw):
    for route in ("/api/advice", "/api/review", "/api/lists"):
        check(client.post(route, content=raw, headers={"content-type": "application/json"}))


WORDS = st.lists(
    st.one_of(st.sampled_from(["crane", "react", "trace", "caret", "salet", "CRANE", "cr4ne", "crânes"]), ODD_TEXT),
    max_size=40,
)


@FUZZ
@given(answers=st.one_of(WORDS.map("\n".join), JSON), guesses=st.one_of(st.none(), WORDS.map("\r\n".join), JSON))
@example(answers="\ufeffcrane\r\nreact\r\n", guesses=None)
@example(answers="crane\ncrane\nreact", guesses="")
@example(answers="crane\n" * 20_000, guesses=None)
def test_uploads(answers, guesses):
    r = client.post("/api/lists", content=json.dumps({"answers": answers, "guesses": guesses}))
    check(r)


def test_an_upload_over_the_word_limit_is_refused_in_words():
    saved = admission.limits.upload_words
    admission.limits.upload_words = 10
    try:
        words = ["crane", "react", "trace", "caret", "cater", "salet", "slate", "stale", "least", "steal", "tales"]
        r = client.post("/api/lists", json={"answers": "\n".join(words)})
        check(r)
        assert r.status_code == 400
        assert r.json()["error"] == "uploaded answers list has 11 words; the limit is 10 words a list"
    finally:
        admission.limits.upload_words = saved
