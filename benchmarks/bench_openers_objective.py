"""The opener ranking by another objective than the total (issue 11).

Records wall and CPU seconds (workers included) and peak memory of
`rank_openers(minimise=...)` on a quarter of the original lists (579
answers): the caps no opener fits are proven by one search over every
opener, the first cap that fits is ranked by the total ranking.  (On the
full original lists the proof that no opener fits 4 guesses is the
expensive part: 30-107 s of CPU per opener measured opener by opener.)

    pytest benchmarks/bench_openers_objective.py --benchmark-columns=min,max

With --benchmark-disable (CI) nothing runs: tests/test_openers_objective.py
tests the same ranking (its slow test on this slice).
"""
from __future__ import annotations

import pytest

from wordle_opt import load_lists
from wordle_opt.openers import rank_openers
from wordle_opt.wordlists import WordLists


@pytest.mark.benchmark(group="openers-objective", min_rounds=1, warmup=False)
@pytest.mark.parametrize("objective", ["worst,total", "total,worst"])
def test_rank_openers_by_objective(benchmark, objective):
    if not benchmark.enabled:
        pytest.skip("measured with benchmarks enabled only (the slow test covers the result)")
    o = load_lists("original")
    lists = WordLists.from_words(o.answers[::4], tuple(dict.fromkeys(o.guesses[::4] + o.answers[::4])), "quarter")
    r = benchmark.pedantic(rank_openers, kwargs=dict(answers=lists, top=10, progress=False, minimise=objective),
                           rounds=1, iterations=1)
    assert len(r.ranking) == 10
    benchmark.extra_info.update(
        best=f"{r.best.word} worst {r.best.worst} total {r.best.total}",
        proof=r.statement(),
        wall_seconds=round(r.stats["seconds"], 1),
        cpu_seconds=round(r.stats["cpu_seconds"], 1),
        peak_rss_mb=round(r.stats["peak_rss_mb"]),
    )
