"""One opener of a complete table (`tasks.prove_opener` with no cut-off, as
`openers --top all` runs it) against the exhaustive oracle, easy and both
hard rules, with every hard-mode group routed through the batch
(`bounded.solve_bounded_hard`, as `search` does for its biggest groups) and
every easy-mode group probed (`probed.solve_probed`); and
in hard mode an opener with no tree stops at its first groups."""

from __future__ import annotations

import numpy as np
import pytest
from clusters import EXTRA, WORDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt.openers import tasks
from wordle_opt.solver import bounded, probed
from wordle_opt.solver.problem import Problem
from wordle_opt.wordlists import WordLists

POOL = sorted(set(WORDS) | set(EXTRA) | set("crane slate pious flume brick handy toxic jumpy vowel".split()))


def prove(lists, rule, cap, opener):
    task = tasks.TaskProblem.of(Problem(lists, rule, cap), cache_mb=1)
    tasks._local.states = {}  # (a fresh solver: one example's cache is no other's)
    inf = lists.modules.core.INFINITY
    return tasks.prove_opener(task, lists.guess_index(opener), inf)


@pytest.mark.parametrize("rule", [None, "nyt", "strict"])
@pytest.mark.parametrize("batch_min", [1, bounded.HARD_BOUNDED_MIN])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(POOL), min_size=2, max_size=11, unique=True),
    extra=st.lists(st.sampled_from(POOL), max_size=5, unique=True),
    cap=st.sampled_from([None, 2, 3, 4, 6]),
    data=st.data(),
)
def test_an_opener_proven_with_no_cut_off_has_the_exhaustive_optimum(rule, batch_min, answers, extra, cap, data):
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    opener = data.draw(st.sampled_from(lists.guesses))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(bounded, "HARD_BOUNDED_MIN", batch_min)
        mp.setattr(probed, "PROBE_MIN", batch_min)  # (easy mode: every group probed, or none)
        _, kind, value = prove(lists, rule, cap, opener)
    want = exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=cap, opener=opener)
    if want is None:
        assert kind == tasks.INFEASIBLE
    else:
        assert (kind, value) == (tasks.EXACT, want)


IGHT = "fight light might night right sight tight wight bight".split()
OTHERS = "crane salet flomp wrist thumb clamp dwarf bowel chump group batch catch hatch match patch".split()
OTHERS += "bound found hound mound sound".split()


def test_hard_mode_an_opener_with_no_tree_stops_at_the_group_likeliest_to_have_none(monkeypatch):
    # (every group through the batch, each call recorded: largest first, as
    # before, solved the all-grey group first, and none by the batch)
    lists = WordLists.from_words(tuple(sorted(IGHT + OTHERS)), name="small")
    monkeypatch.setattr(bounded, "HARD_BOUNDED_MIN", 1)
    sizes = []
    real = bounded.solve_bounded_hard
    monkeypatch.setattr(
        bounded, "solve_bounded_hard", lambda engine, S, *a, **k: sizes.append(len(S)) or real(engine, S, *a, **k)
    )
    _, kind, _ = prove(lists, "nyt", 4, "crane")
    assert exhaustive_optimum(lists.answers, lists.guesses, hard="nyt", max_guesses=4, opener="crane") is None
    assert kind == tasks.INFEASIBLE
    row = lists.table[lists.guess_index("crane")]
    _, counts = np.unique(row[row != 3**lists.length - 1], return_counts=True)
    assert len(sizes) == 1 < len(counts)  # one group of 12 solved: it has no tree
    assert sizes[0] < counts.max()


@pytest.mark.parametrize("opener", ["crane", "fight", "clamp", "sound"])
def test_hard_mode_with_no_cut_off_takes_the_bounder_s_groups_in_its_order_without_their_bounds(opener):
    # (the order decides which group is tried first among equals)
    lists = WordLists.from_words(tuple(sorted(IGHT + OTHERS)), name="small")
    task = tasks.TaskProblem.of(Problem(lists, "nyt", 6), cache_mb=1)
    tasks._local.states = {}
    st = tasks._state(task)
    o = lists.guess_index(opener)
    pats, sizes, bounds = st.bounder.opener_groups(o, 6)
    got = tasks._groups_unbounded(st, o)
    assert got[0].tolist() == pats.tolist() and got[1].tolist() == sizes.tolist()
    assert got[2].tolist() == [0] * len(pats) and (bounds > 0).all()
