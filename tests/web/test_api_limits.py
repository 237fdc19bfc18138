"""Issue 28, the page's server: what it serves is bounded (the work of a game,
the size of every body) and its errors read in words.  Each test failed before
its fix; all run against the app through FastAPI's in-process client."""

from __future__ import annotations

import random
import string
import time
import warnings

import pytest

pytest.importorskip("fastapi", reason="needs the [web] extra")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on the httpx version
    from fastapi.testclient import TestClient

from wordle_opt.web.admission import WORK_LIMIT
from wordle_opt.web.app import BODY_LIMIT, UPLOAD_BODY_LIMIT, app

client = TestClient(app)


def error(r, status):
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/json"
    return r.json()["error"]


# -- W2: the every-word set is not offered, and refused at once ---------------------


def test_the_page_does_not_offer_the_every_word_set():
    names = [s["name"] for s in client.get("/api/lists").json()]
    assert "original-all" not in names and "original" in names and "nyt-3158" in names


@pytest.mark.parametrize(
    "call",
    [
        lambda: client.post("/api/advice", json={"lists": "original-all"}),
        lambda: client.get("/api/explore", params={"lists": "original-all"}),
        lambda: client.post("/api/review", json={"lists": "original-all", "game": "salet crane", "answer": "crane"}),
    ],
    ids=["advice", "explore", "review"],
)
def test_the_every_word_set_is_refused_at_once_saying_how_large(call):
    t0 = time.monotonic()
    message = error(call(), 400)
    assert time.monotonic() - t0 < 5  # (it started an exact proof of hours)
    assert message == (
        "list set 'original-all' is too large for this page: 12972 answers x 12972 guesses = 168,272,784 "
        f"colourings to search, more than the {WORK_LIMIT:,} it serves exactly in seconds"
    )


# -- W3: an upload is bounded by its work, answers x guesses -------------------------


def test_an_upload_too_large_to_search_is_refused_before_its_table():
    rng = random.Random(1)
    words = sorted({"".join(rng.choice(string.ascii_lowercase) for _ in range(5)) for _ in range(8300)})
    n = len(words)
    assert n * n > WORK_LIMIT and len("\n".join(words)) < 64 * 1024  # (well under the byte limit)
    t0 = time.monotonic()
    message = error(client.post("/api/lists?name=big.txt", json={"answers": "\n".join(words), "guesses": None}), 400)
    assert time.monotonic() - t0 < 10
    assert message.startswith(f"the uploaded list 'big.txt' is too large for this page: {n} answers x {n} guesses")


def test_an_upload_within_the_bound_is_kept():
    r = client.post("/api/lists?name=few.txt", json={"answers": "crane\nreact\ntrace\n", "guesses": None})
    assert r.status_code == 200 and r.json()["answers"] == 3, r.text


# -- L20: a JSON decode error in words ----------------------------------------------------


def test_a_body_that_is_not_json_is_said_so_in_words():
    r = client.post("/api/advice", content=b'{"lists": "original",', headers={"content-type": "application/json"})
    message = error(r, 422)
    assert message.startswith("the request body is not valid JSON at character 21: "), message


# -- L21: the page's errors name no CLI flag ---------------------------------------------------


def test_a_review_beyond_the_cap_names_no_cli_flag():
    body = {"game": "salet crane trace react", "answer": "react", "max_guesses": 3}
    message = error(client.post("/api/review", json=body), 400)
    assert "beyond the cap of 3 guesses" in message and "--" not in message, message


# -- L22: every POST body is bounded ---------------------------------------------------------


def _chunks(total):
    yield b'{"lists": "original", "pad": "'
    for _ in range(total // 8192):
        yield b"a" * 8192
    yield b'"}'


@pytest.mark.parametrize(
    "route, limit", [("/api/advice", BODY_LIMIT), ("/api/review", BODY_LIMIT), ("/api/lists", UPLOAD_BODY_LIMIT)]
)
def test_every_post_route_refuses_a_body_over_its_limit(route, limit):
    big = b'{"lists": "original", "pad": "' + b"a" * (limit + 1) + b'"}'
    headers = {"content-type": "application/json"}
    assert error(client.post(route, content=big, headers=headers), 413) == (
        f"request body too large: the limit is {limit:,} bytes"
    )
    # streamed without a Content-Length: read only up to the limit
    assert "too large" in error(client.post(route, content=_chunks(2 * limit), headers=headers), 413)
