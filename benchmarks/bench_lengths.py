"""Seconds to a proven optimum at other lengths and alphabets (issue 13): the
bundled en6 (six letters, the wide uint16 core), de5 and es5 (five letters,
non-ASCII letters, the narrow core), from the entropy strategy's opener.

The totals are the ones the search proved when the sets were added (each
tree passes `verify`, checked here too); a change means the lists, the rules
or the search changed.

    pytest benchmarks/bench_lengths.py --benchmark-columns=min,median,max
"""

from __future__ import annotations

import pytest

from wordle_opt import load_lists, search, verify

CASES = {
    # id: (set, opener, hard, proven total with the cap of 6 (or the least cap that works))
    "en6-cartes-easy": ("en6", "cartes", None, 4339),
    "en6-cartes-nyt": ("en6", "cartes", "nyt", 4384),
    "de5-tarne-easy": ("de5", "tarne", None, 3970),
    "de5-tarne-strict": ("de5", "tarne", "strict", 4074),  # none within 6: within 7
    "es5-corea-easy": ("es5", "corea", None, 5055),
}


@pytest.mark.benchmark(group="lengths", min_rounds=1, max_time=5.0, warmup=False)
@pytest.mark.parametrize("case", sorted(CASES))
def test_proof_at_another_length_or_alphabet(benchmark, case):
    name, opener, hard, expected = CASES[case]
    lists = load_lists(name)
    lists.table  # build the pattern table outside the timings
    result = benchmark.pedantic(
        search,
        kwargs=dict(opener=opener, hard=hard, answers=lists, fallback=True),
        rounds=3 if benchmark.enabled else 1,
        iterations=1,
    )
    assert result.feasible and result.proven
    assert result.total == expected
    report = verify(result.tree)
    assert report.ok and report.total == expected, report.errors
    benchmark.extra_info.update(
        total=result.total, nodes=int(result.stats["nodes"]), wall_seconds=round(result.stats["seconds"], 3)
    )
