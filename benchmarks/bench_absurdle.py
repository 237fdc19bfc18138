"""Seconds to prove the fewest Absurdle guesses on the original lists: from
any opener (4, the size bound rules out 3 at once), and from QAJAQ (5: every
line of 4 is searched and fails).

    pytest benchmarks/bench_absurdle.py --benchmark-columns=min,median,max
"""

from __future__ import annotations

import pytest

from wordle_opt import load_lists
from wordle_opt.games.absurdle import solve


@pytest.fixture(scope="module")
def original():
    lists = load_lists("original")
    lists.table  # build the pattern table outside the timings
    return lists


@pytest.mark.benchmark(group="absurdle", min_rounds=1, max_time=5.0, warmup=False)
@pytest.mark.parametrize("opener,guesses", [(None, 4), ("qajaq", 5)])
def test_absurdle_proof(benchmark, original, opener, guesses):
    result = benchmark(solve, original, opener=opener)
    assert result.guesses == guesses
