"""The opener ranking by another objective than the total (issue 11).

Records wall and CPU seconds (workers included) and peak memory of
`rank_openers(minimise=...)` on a quarter of the original lists (579
answers): the caps no opener fits are proven by the cap proofs
(`wordle_opt.core._caps`), the first cap that fits is ranked by the total
ranking.  And the proof on the full original lists that no opener fits 4
guesses (before the cap proofs: 30-107 s of CPU an opener by the exact
search; with them, ~2 min for all 12972).

    pytest benchmarks/bench_openers_objective.py --benchmark-columns=min,max

With --benchmark-disable (CI) nothing runs: tests/test_openers_objective.py
tests the same ranking (its slow test on this slice).
"""

from __future__ import annotations

import pytest

from wordle_opt import load_lists
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.wordlists import WordLists


@pytest.mark.benchmark(group="openers-objective", min_rounds=1, warmup=False)
@pytest.mark.parametrize("objective", ["worst,total", "total,worst"])
def test_rank_openers_by_objective(benchmark, objective):
    if not benchmark.enabled:
        pytest.skip("measured with benchmarks enabled only (the slow test covers the result)")
    o = load_lists("original")
    lists = WordLists.from_words(o.answers[::4], tuple(dict.fromkeys(o.guesses[::4] + o.answers[::4])), "quarter")
    r = benchmark.pedantic(
        rank_openers, kwargs=dict(answers=lists, top=10, progress=False, minimise=objective), rounds=1, iterations=1
    )
    assert len(r.ranking) == 10
    benchmark.extra_info.update(
        best=f"{r.best.word} worst {r.best.worst} total {r.best.total}",
        proof=r.statement(),
        wall_seconds=round(r.stats["seconds"], 1),
        cpu_seconds=round(r.stats["cpu_seconds"], 1),
        peak_rss_mb=round(r.stats["peak_rss_mb"]),
    )


@pytest.mark.benchmark(group="openers-objective", min_rounds=1, warmup=False)
def test_no_opener_fits_four_guesses_on_the_original_lists(benchmark):
    if not benchmark.enabled:
        pytest.skip("measured with benchmarks enabled only (the slow test covers the result)")
    r = benchmark.pedantic(
        rank_openers,
        kwargs=dict(max_guesses=4, top=1, workers=1, progress=False, minimise="worst,total"),
        rounds=1,
        iterations=1,
    )
    assert r.ranking == []
    benchmark.extra_info.update(
        proof=r.statement(),
        wall_seconds=round(r.stats["seconds"], 1),
        cpu_seconds=round(r.stats["cpu_seconds"], 1),
        peak_rss_mb=round(r.stats["peak_rss_mb"]),
    )
