"""Simulation speed per strategy: every answer of the original lists, every
allowed guess considered at every turn (easy mode unless named).

    pytest benchmarks/bench_simulate.py --benchmark-only -p no:cacheprovider

One round each (a simulation is seconds, not microseconds); pass
``--benchmark-min-rounds`` for more.  ``extra_info`` records the figures that
users care about: average guesses, solved within 6, decisions evaluated and
decisions per second.
"""

from __future__ import annotations

import pytest

from wordle_opt.strategies import builtin as strategies
from wordle_opt.strategies.simulation import simulate
from wordle_opt.wordlists import load_lists

CASES = [
    # (id, strategy, options)
    ("entropy", "entropy", {}),
    ("entropy-salet", "entropy", {"opener": "salet"}),
    ("entropy-hard-nyt", "entropy", {"opener": "salet", "hard": "nyt"}),
    ("entropy-hard-strict", "entropy", {"opener": "salet", "hard": "strict"}),
    ("entropy2", "entropy2", {}),
    ("entropy2-salet", "entropy2", {"opener": "salet"}),
    ("minimax", "minimax", {}),
    ("expected-size", "expected-size", {}),
    ("frequency", "frequency", {}),
    ("random", "random", {"seed": 0}),
    ("first", "first", {}),
    ("entropy-answers-only", "entropy", {"answers_only": True}),
]


@pytest.fixture(scope="module")
def lists():
    lists = load_lists("original")
    lists.table  # build the pattern table outside the timings
    return lists


@pytest.mark.benchmark(group="simulate-original")
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_simulate(benchmark, lists, case):
    _, strategy, options = case
    result = benchmark.pedantic(
        simulate,
        args=(strategy,),
        kwargs=dict(answers=lists, **options),
        rounds=1,
        iterations=1,
        warmup_rounds=0,
        setup=strategies._OPENINGS.clear,
    )  # time the opening too
    benchmark.extra_info.update(
        average=round(result.average, 4),
        solved_within_6=result.solved_within,
        decisions=result.decisions,
        decisions_per_second=round(result.decisions / max(result.seconds, 1e-9)),
    )
    assert result.n == len(lists.answers)
