"""Seconds to a proven optimum (issues 3 and 4).

The bar: the fastest public exact solver (C++) proves SALET easy = 7920 in
about 1.1 s of search and SALET hard (NYT rule) = 8122 in about 1.7 s on one
core of a machine like ours.  Each benchmark records the nodes searched, the
CPU time and the process's peak memory (target: under 1 GB) in extra_info.

    pytest benchmarks/bench_search.py --benchmark-columns=min,median,max
"""

from __future__ import annotations

import resource

import pytest

from wordle_opt import load_lists, search

CASES = {
    # id: (opener, hard, cap, threads, expected total)
    "salet-easy": ("salet", None, 6, None, 7920),
    "salet-easy-1thread": ("salet", None, 6, 1, 7920),
    "salet-hard-nyt": ("salet", "nyt", 6, None, 8122),
    "salet-hard-nyt-1thread": ("salet", "nyt", 6, 1, 8122),
    "salet-hard-strict": ("salet", "strict", 6, None, None),
}


@pytest.fixture(scope="module")
def original():
    lists = load_lists("original")
    lists.table  # build the pattern table outside the timings
    return lists


@pytest.mark.benchmark(group="search", min_rounds=1, max_time=5.0, warmup=False)
@pytest.mark.parametrize("case", sorted(CASES))
def test_proof(benchmark, original, case):
    opener, hard, cap, threads, expected = CASES[case]
    result = benchmark.pedantic(
        search,
        kwargs=dict(opener=opener, hard=hard, answers=original, max_guesses=cap, threads=threads),
        rounds=3 if benchmark.enabled else 1,
        iterations=1,
    )
    assert result.feasible and result.proven
    if expected is not None:
        assert result.total == expected
    benchmark.extra_info.update(
        total=result.total,
        nodes=int(result.stats["nodes"]),
        cpu_seconds=round(result.stats["cpu_seconds"], 3),
        wall_seconds=round(result.stats["seconds"], 3),
        peak_rss_mb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    )
