"""Complete opener tables: per-opener CPU on a seeded sample of nyt-3158 (issue 51).

A complete table (`openers --top all`) proves every opener exactly, each by
`tasks.prove_opener` with no cut-off, on one solver per worker thread whose
cache serves the later openers.  This benchmark runs that function over a
seeded uniform sample of the 14855 openers (nyt-3158: 3158 answers, the list
`play` recommends), easy and hard (NYT rule, cap 6), in one process:

- per opener: its CPU seconds, its total (or INFEASIBLE, or "stopped" after
  LIMIT seconds of CPU), the solver's nodes and cache hits;
- the full-table projection: the sample's mean CPU x 14855 openers (a uniform
  sample makes the mean an unbiased estimate; a stopped opener counts with
  its CPU so far, so the projection is then a lower bound, flagged);
- easy mode: the sample on one shared solver (as the ranking runs it, in the
  sample's order) against a fresh solver per opener (a sample of more than one), and against the
  previous dispatch of the groups (no probe: `probed.PROBE_MIN` off, every
  group under BOUNDED_MIN by the core's search alone); hard mode: against the
  previous build, which computed the groups' refined bounds before solving
  them (`tasks.HARD_REFINED_BOUNDS`), as CPU ratios in the same run, with the
  check that every way gives every opener the same value.

    pytest benchmarks/bench_tables.py --benchmark-columns=min,max
    WORDLE_OPT_TABLE_SAMPLE=12 WORDLE_OPT_TABLE_LIMIT=300 pytest benchmarks/bench_tables.py -s
    WORDLE_OPT_TABLE_OPENERS=razes,waive pytest benchmarks/bench_tables.py -k hard   # named openers

With --benchmark-disable (CI) the sample is 1 opener a mode and the limit
30 s easy, 10 s hard (its opener, HUMAS, has a tree and is stopped at either;
30 s cost CI's benchmarks 114 s).  The machine is shared: note what else ran (uptime) beside a figure.
"""

from __future__ import annotations

import os
import resource
import time

import numpy as np
import pytest

from wordle_opt.openers import shared_groups, tasks
from wordle_opt.solver import bounded, probed
from wordle_opt.solver.problem import Problem

SEED = 51  # the number: the sample is fixed
MODES = {"easy": None, "hard-nyt": "nyt"}


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


@pytest.fixture(scope="module")
def nyt3158():
    problem = Problem.parse(answers="nyt-3158")
    problem.lists.table  # build the pattern table outside the timings
    return problem


def sample(n_openers: int, k: int) -> list:
    """k opener indices drawn uniformly with the fixed seed, in index order."""
    return sorted(np.random.default_rng(SEED).choice(n_openers, size=k, replace=False).tolist())


def prove(task: tasks.TaskProblem, o: int, *, fresh: bool, limit: float) -> dict:
    """One opener on this thread's state (a new one if ``fresh``): its CPU
    seconds, kind and value, stopped after ``limit`` seconds of CPU (as a
    complete table's first try stops it: `tasks.prove_opener_within`)."""
    if fresh:
        tasks._local.states = {}  # (the next _state() builds a new solver and cache)
    st = tasks._state(task)
    before = st.solver.stats
    t0, c0 = time.monotonic(), _cpu()
    _, kind, value = tasks.prove_opener_within(task, o, limit)  # no cut-off, as --top all
    if kind == tasks.DEFERRED:
        kind, value = "stopped", None
    after = st.solver.stats
    return {
        "opener": task.guesses[o],
        "kind": kind,
        "value": value,
        "cpu": round(_cpu() - c0, 2),
        "wall": round(time.monotonic() - t0, 2),
        "nodes": after["nodes"] - before["nodes"],
        "cache_hits": after["cache_hits"] - before["cache_hits"],
    }


@pytest.mark.benchmark(group="tables", min_rounds=1, warmup=False)
@pytest.mark.parametrize("mode", sorted(MODES))
def test_table_sample(benchmark, nyt3158, mode):
    quick = not benchmark.enabled
    k = int(os.environ.get("WORDLE_OPT_TABLE_SAMPLE", 1 if quick else 8))
    limit = float(os.environ.get("WORDLE_OPT_TABLE_LIMIT", (10 if MODES[mode] else 30) if quick else 300))
    problem = Problem(nyt3158.lists, MODES[mode], 6)
    task = tasks.TaskProblem.of(problem, cache_mb=192)
    named = os.environ.get("WORDLE_OPT_TABLE_OPENERS")  # (words instead of the sample: a, b, ...)
    openers = (
        [task.guesses.index(w.strip().lower()) for w in named.split(",")] if named else sample(len(task.guesses), k)
    )

    def run():
        tasks._local.states = {}
        shared = [prove(task, o, fresh=False, limit=limit) for o in openers]
        # (one opener: the shared solver is a fresh one, so the fresh run would only
        # repeat it; CI's sample of one spent 25 s of its benchmarks on that)
        no_fresh = problem.rule.hard or len(openers) == 1
        fresh = [] if no_fresh else [prove(task, o, fresh=True, limit=limit) for o in openers]
        return shared, fresh

    shared, fresh = benchmark.pedantic(run, rounds=1, iterations=1)
    # The previous build, on a shared solver as `shared`: hard mode, the
    # groups' refined bounds computed first; easy mode, no probe.
    tasks._local.states = {}
    with pytest.MonkeyPatch.context() as mp:
        if problem.rule.hard:
            mp.setattr(tasks, "HARD_REFINED_BOUNDS", True)
        else:
            mp.setattr(probed, "PROBE_MIN", bounded.BOUNDED_MIN)
        before = [prove(task, o, fresh=False, limit=limit) for o in openers]
    benchmark.extra_info.update(
        before=before,
        now_over_before_cpu=round(sum(r["cpu"] for r in shared) / max(sum(r["cpu"] for r in before), 1e-9), 3),
    )
    tasks._local.states = {}
    for other in (fresh, before):
        for a, b in zip(shared, other):
            if "stopped" not in (a["kind"], b["kind"]):
                assert (a["kind"], a["value"]) == (b["kind"], b["value"]), (a, b)  # the same value either way
    cpu_shared = sum(r["cpu"] for r in shared)
    cpus = sorted(r["cpu"] for r in shared)
    benchmark.extra_info.update(
        sample=shared,
        fresh=fresh,
        median_cpu=cpus[len(cpus) // 2],
        max_cpu=cpus[-1],
        projection_cpu_hours=round(cpu_shared / len(openers) * len(task.guesses) / 3600, 1),
        projection_is_lower_bound=any(r["kind"] == "stopped" for r in shared),
        shared_over_fresh_cpu=round(cpu_shared / max(sum(r["cpu"] for r in fresh), 1e-9), 3) if fresh else None,
        load=os.getloadavg()[0],
    )


def letter_pairs(guesses, k: int) -> list:
    """k seeded pairs of openers with the same letters (their all-grey groups
    are one group, and often more), as a complete table meets them."""
    by_letters: dict = {}
    for o, w in enumerate(guesses):
        by_letters.setdefault(frozenset(w), []).append(o)
    pairs = sorted(tuple(c[:2]) for c in by_letters.values() if len(c) >= 2)
    pick = np.random.default_rng(SEED).choice(len(pairs), size=k, replace=False)
    return [pairs[i] for i in sorted(pick.tolist())]


@pytest.mark.benchmark(group="tables", min_rounds=1, warmup=False)
@pytest.mark.parametrize("mode", sorted(MODES))
def test_table_shared_groups(benchmark, mode):
    """Pairs of same-letter openers (original lists, cap 6) proven as a table
    task proves them, on one solver, with the big groups' values shared
    (`shared_groups.SharedGroups`) against without, in one run, alternated pair by pair: CPU
    ratio, and every value equal.  With --benchmark-disable (CI), 1 pair."""
    quick = not benchmark.enabled
    k = int(os.environ.get("WORDLE_OPT_TABLE_PAIRS", 1 if quick else 6))
    problem = Problem(Problem.parse(answers="original").lists, MODES[mode], 6)
    problem.lists.table
    task = tasks.TaskProblem.of(problem, cache_mb=192)
    pairs = letter_pairs(task.guesses, k)

    def prove_pair(pair, share: bool) -> list:
        tasks._local.states = {}  # (each pair on a fresh solver, as a task of its own)
        shared = shared_groups.SharedGroups() if share else None
        out = []
        for o in pair:
            c0 = _cpu()
            _, kind, value = tasks.prove_opener_within(task, o, 300.0, shared=shared)
            out.append({"opener": task.guesses[o], "kind": kind, "value": value, "cpu": round(_cpu() - c0, 2)})
        return out

    def run():
        # (each pair both ways, the order alternated pair by pair)
        shared, alone = [], []
        for i, pair in enumerate(pairs):
            for share in (True, False) if i % 2 == 0 else (False, True):
                (shared if share else alone).extend(prove_pair(pair, share))
        return shared, alone

    shared, alone = benchmark.pedantic(run, rounds=1, iterations=1)
    tasks._local.states = {}
    for a, b in zip(shared, alone):
        assert (a["kind"], a["value"]) == (b["kind"], b["value"]), (a, b)
    second = slice(1, None, 2)
    benchmark.extra_info.update(
        shared=shared,
        alone=alone,
        shared_over_alone_cpu=round(sum(r["cpu"] for r in shared) / max(sum(r["cpu"] for r in alone), 1e-9), 3),
        seconds_shared_over_alone_cpu=round(
            sum(r["cpu"] for r in shared[second]) / max(sum(r["cpu"] for r in alone[second]), 1e-9), 3
        ),
        load=os.getloadavg()[0],
    )
