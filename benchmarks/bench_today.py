"""Today's game through the page's API, as a player following the advice
(issue 52's target: every turn exact, or a labelled proven bound, in <= 1 s
at the 95th percentile on nyt-3158, easy and hard).

Games from seeded random answers of nyt-3158, each played by taking the
suggestion and the colours it gets, through the app (FastAPI's TestClient, a
fresh app with its start-up warm-up done, the default time budget of 3 s).
Each turn's latency is recorded; ``extra_info`` holds the distribution (p50,
p95, max, in seconds) and the turns counted.

    pytest benchmarks/bench_today.py -s -p no:xdist -o addopts=""   # 50 games a mode
    pytest benchmarks/bench_today.py --benchmark-disable             # 4 games a mode

(pytest-xdist, in the project's addopts, turns pytest-benchmark off: hence
``-p no:xdist -o addopts=""`` for the full run.)
"""

from __future__ import annotations

import random
import time
import warnings

import numpy as np
import pytest

pytest.importorskip("fastapi", reason="needs the [web] extra")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import wordle_opt
from wordle_opt.listsets import TODAY_SET
from wordle_opt.web import admission, games
from wordle_opt.web.app import app
from wordle_opt.web.explore import kept_tree, tree_opener
from wordle_opt.wordlists import load_lists

GAMES, QUICK_GAMES = 50, 4
SEED = 52


@pytest.fixture(scope="module")
def client():
    assert admission.limits.time_limit == 3.0  # the default budget, as a fresh `serve`
    with TestClient(app) as c:  # (the lifespan's warm-up: today's trees queued, turn 1 made once)
        for rule in ("easy", "nyt"):
            g = games.make_game(TODAY_SET, rule, 6)
            b = admission.Budget(seconds=600)
            assert admission.run_with(b, lambda: kept_tree(g, tree_opener(g), wait=600)) is not None
        yield c


def valued(s: dict) -> bool:
    """An exact value, or a proven bound said so."""
    return (s["exact"] and s["expected"] is not None) or s["total_kind"] == "bound"


def play(client, answers, hard):
    """Every game to its end following the suggestion; (latencies, turns without a value)."""
    seconds, unvalued = [], []
    for answer in answers:
        history = []
        while True:
            body = {"lists": TODAY_SET, "hard": hard, "max_guesses": 6, "history": history}
            t0 = time.perf_counter()
            r = client.post("/api/advice", json=body)
            seconds.append(time.perf_counter() - t0)
            assert r.status_code == 200, r.text
            a = r.json()
            if a["solved"] or a["share"]:
                break
            s = a["suggestion"]
            if not valued(s):
                unvalued.append((answer, len(history) + 1, s["how"]))
            colours = wordle_opt.score(s["word"], answer).byg
            history.append({"guess": s["word"], "colours": colours})
        assert a["solved"], (answer, history)
    return seconds, unvalued


@pytest.mark.benchmark(group="today", min_rounds=1, warmup=False)
@pytest.mark.parametrize("hard", ["easy", "nyt"])
def test_todays_game_every_turn(benchmark, client, hard):
    n = GAMES if benchmark.enabled else QUICK_GAMES
    answers = random.Random(f"{SEED}-{hard}").sample(load_lists(TODAY_SET).answers, n)
    seconds, unvalued = benchmark.pedantic(play, args=(client, answers, hard), rounds=1, iterations=1)
    p50, p95 = np.percentile(seconds, [50, 95])
    benchmark.extra_info.update(
        games=n, turns=len(seconds), p50=round(p50, 3), p95=round(p95, 3), max=round(max(seconds), 3)
    )
    print(f"\n{hard}: {n} games, {len(seconds)} turns: p50 {p50:.3f} s, p95 {p95:.3f} s, max {max(seconds):.3f} s")
    assert not unvalued, unvalued[:5]
