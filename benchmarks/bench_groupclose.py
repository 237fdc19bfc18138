"""The group closing's family cores (issue 27), as a ratio measured in one run.

TARNS's group of 1132 answers in the every-word game (BBBBG: 5 guesses left,
the stored tree's 4204, proven its value): its first second guesses in the
proof's order (shard 0/2, as `prove TREE --group C --shard 0/2` takes them),
decided by two closers one after the other in this process: one that also
tries the largest families of every infeasible part it finds (an infeasible
family strikes every later guess that leaves it together: the default) and
one that strikes with the parts alone (``family_tries=0``, the closing
before).  Every verdict of both must refute (the group's value is proven),
and the figure is the ratio of their CPU seconds (the machine is shared, so
no absolute target).  The whole group, two processes, measured once:
57 min wall with the parts alone, 13.7 min with the families (docs/results.md).

    pytest benchmarks/bench_groupclose.py -m slow --benchmark-disable      # 60 and 300 guesses

Both are slow, so CI does not run them: the 60 guesses took 210 s of CI's
benchmark stage (its longest item by four times), and fewer make the ratio
noise (30 guesses read 0.899 once, 20 read 0.59).  The closing's verdicts
are tested in tests/proofs/test_groupclose.py.
"""

from __future__ import annotations

import os
import time

import pytest

from wordle_opt import load_lists
from wordle_opt.patterns import Pattern
from wordle_opt.proofs.groupclose import REFUTED, GroupCloser, group_of
from wordle_opt.solver.engine import Engine

TARGET = 4204  # (the stored tree's total over the group: proven, trees/tarns-original-all-BBBBG.proof.csv)
# The families' CPU over the parts' alone, at most.  Measured with nothing
# else running: 60 guesses 0.65, 300 guesses 0.48 (the gain grows as
# families are found).
RATIO_60, RATIO_300 = 0.8, 0.6


@pytest.fixture(scope="module")
def group():
    lists = load_lists("original-all")
    engine = Engine(lists, None, threads=1, cache_mb=200)
    S = group_of(engine, lists.guess_index("tarns"), int(Pattern.parse("BBBBG")))
    assert len(S) == 1132
    return engine, S


def decide(engine, S, guesses, family_tries: int):
    """CPU seconds and the verdicts' kinds of a fresh closer over ``guesses``."""
    closer = GroupCloser(engine, S, 5, TARGET, family_tries=family_tries)
    c0 = time.process_time()
    kinds = [closer.verdict(h).how for h in guesses]
    return time.process_time() - c0, kinds


def compare(benchmark, group, n: int, most: float) -> None:
    engine, S = group
    guesses = list(range(0, 2 * n, 2))  # (shard 0/2's first n)

    def both():
        return decide(engine, S, guesses, 3), decide(engine, S, guesses, 0)

    (fam_cpu, fam), (part_cpu, part) = benchmark.pedantic(both, rounds=1, iterations=1)
    assert set(fam) <= set(REFUTED) and set(part) <= set(REFUTED)
    ratio = fam_cpu / part_cpu
    benchmark.extra_info.update(
        guesses=n,
        families_cpu=round(fam_cpu, 1),
        parts_cpu=round(part_cpu, 1),
        ratio=round(ratio, 3),
        families_struck=fam.count("struck"),
        parts_struck=part.count("struck"),
        load_average=round(os.getloadavg()[0], 1),
    )
    assert ratio <= most, benchmark.extra_info


@pytest.mark.slow
@pytest.mark.benchmark(group="groupclose", min_rounds=1, warmup=False)
def test_family_cores_60(benchmark, group):
    compare(benchmark, group, 60, RATIO_60)


@pytest.mark.slow
@pytest.mark.benchmark(group="groupclose", min_rounds=1, warmup=False)
def test_family_cores_300(benchmark, group):
    compare(benchmark, group, 300, RATIO_300)
