"""Seconds to review a typical game (issue 12), the first turn's openers
already remembered (as in a server, or any review after the first in a
process) and from nothing (a fresh process: three openers proven first).

    pytest benchmarks/bench_review.py --benchmark-columns=min,median,max
"""

from __future__ import annotations

import pytest

from wordle_opt import load_lists
from wordle_opt.reviews import values as review_values
from wordle_opt.reviews.reviewer import review

GAMES = {
    # id: (game, answer, hard)
    "easy-3-turns": ("salet drone crate", "crate", None),
    "easy-4-turns": ("crane moist bumph nymph", "nymph", None),
    "hard-nyt-3-turns": ("salet crony irony", "irony", "nyt"),
}


@pytest.fixture(scope="module")
def original():
    lists = load_lists("original")
    lists.table  # build the pattern table outside the timings
    return lists


@pytest.mark.benchmark(group="review", min_rounds=1, max_time=5.0, warmup=False)
@pytest.mark.parametrize("case", sorted(GAMES))
@pytest.mark.parametrize("openers", ["remembered", "cold"])
def test_review(benchmark, original, case, openers, monkeypatch):
    game, answer, hard = GAMES[case]
    if openers == "cold":

        def setup():  # each round starts without the openers' values
            monkeypatch.setattr(review_values, "_ROOT_CACHE", {})
    else:
        review(game, answer=answer, hard=hard, answers=original)  # remembers the openers

        def setup():
            pass

    result = benchmark.pedantic(
        review,
        args=(game,),
        kwargs=dict(answer=answer, hard=hard, answers=original),
        setup=setup,
        rounds=3 if benchmark.enabled else 1,
        iterations=1,
    )
    assert result.solved and all(t.player.exact and t.best.exact for t in result.turns)
    benchmark.extra_info.update(turns=len(result.turns), skill=[round(t.skill, 1) for t in result.turns])
