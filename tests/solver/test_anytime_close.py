"""The closing's two- and three-level steps (`wordle_opt.solver.anytime.two_level`,
`three_level`): the bounds they prove never pass the exhaustive optimum, they
raise a group no guess splits well, and a stopped bounder keeps what was
proven."""

from __future__ import annotations

import functools
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum
from wordpools import IGHT_OUND, POOL

from wordle_opt.solver.anytime_close import three_level, two_level
from wordle_opt.solver.anytime_groups import bounder_for, opener_groups
from wordle_opt.solver.engine import Engine
from wordle_opt.wordlists import WordLists

WORDS = sorted(set(POOL + IGHT_OUND))
IGHT = IGHT_OUND[:8]


def _groups(lists, hard, cap, opener):
    engine = Engine(lists, hard, threads=1, cache_mb=1)
    o = lists.guess_index(opener)
    groups = opener_groups(engine, o, cap)
    for g in groups:
        g.ub = engine.inf  # (no tree yet: nothing caps the bound)
    return engine, groups


def test_a_group_no_guess_splits_well_gets_more_than_its_one_level_bound():
    """The seven -IGHT words FIGHT leaves: each guess picks out one of them
    (and hits it), so no guess comes near the one-level bound's split."""
    lists = WordLists.from_words(IGHT, IGHT, name="ight")
    engine, groups = _groups(lists, None, 9, "fight")
    (g,) = groups
    one_level = g.lb
    assert two_level(engine, groups, 8, bounder_for(engine), min_size=3)
    best = exhaustive_optimum(lists.answers, lists.guesses, max_guesses=9, opener="fight")
    assert one_level < g.lb <= best - len(IGHT)
    # min_size above the group: left alone.
    _, groups = _groups(lists, None, 9, "fight")
    assert two_level(engine, groups, 8, bounder_for(engine), min_size=9) and groups[0].lb == one_level


def test_a_stopped_bounder_keeps_the_bounds_and_says_so():
    lists = WordLists.from_words(IGHT, IGHT, name="ight")
    engine, groups = _groups(lists, None, 9, "fight")
    one_level = groups[0].lb
    bounder = bounder_for(engine)
    engine.also_stop.append(bounder)
    engine.request_stop()  # (the engine stops what it was given to stop)
    assert bounder.stop_requested
    assert not two_level(engine, groups, 8, bounder, min_size=3)
    assert groups[0].lb == one_level


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=3, max_size=22, unique=True),
    extra=st.lists(st.sampled_from(WORDS), max_size=6, unique=True),
    hard=st.sampled_from([None, "nyt", "strict"]),
    cap=st.sampled_from([3, 4, 6, None]),
    data=st.data(),
)
def test_two_and_three_level_bounds_never_pass_the_exhaustive_optimum(answers, extra, hard, cap, data):
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    opener = data.draw(st.sampled_from(lists.guesses), label="opener")
    depth = len(answers) + 1 if cap is None else cap
    engine, groups = _groups(lists, hard, depth, opener)
    bounder = bounder_for(engine)
    best = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=opener)
    for step in (two_level, functools.partial(three_level, deadline=None)):
        before = [g.lb for g in groups]
        assert step(engine, groups, depth - 1, bounder, min_size=3)
        assert all(g.lb >= b for g, b in zip(groups, before))
        if best is not None:
            assert len(lists.answers) + sum(g.lb for g in groups) <= best


def test_three_levels_raise_the_ound_group_past_its_two_level_bound():
    """FIGHT's all-grey group among IGHT_OUND (six -OUND words), 6 guesses
    left: two levels prove 18, three 20, and the optimum is 21."""
    lists = WordLists.from_words(IGHT_OUND, IGHT_OUND, name="ight-ound")
    engine, groups = _groups(lists, None, 7, "fight")
    (g,) = [g for g in groups if len(g.S) == 6]
    bounder = bounder_for(engine)
    assert two_level(engine, groups, 6, bounder, min_size=6) and g.lb == 18
    # The deadline past: each group stops at once, with what it had.
    assert three_level(engine, groups, 6, bounder, deadline=time.monotonic() - 1, min_size=6) and g.lb == 18
    assert three_level(engine, groups, 6, bounder, deadline=None, min_size=6) and g.lb == 20
    best = exhaustive_optimum([lists.answers[i] for i in g.S], lists.guesses, max_guesses=6)
    assert g.lb <= best == 21


def test_a_stopped_bounder_keeps_the_three_level_bounds_and_says_so():
    lists = WordLists.from_words(IGHT_OUND, IGHT_OUND, name="ight-ound")
    engine, groups = _groups(lists, None, 7, "fight")
    bounder = bounder_for(engine)
    assert two_level(engine, groups, 6, bounder, min_size=6)
    before = [g.lb for g in groups]
    engine.also_stop.append(bounder)
    engine.request_stop()
    assert not three_level(engine, groups, 6, bounder, deadline=None, min_size=6)
    assert [g.lb for g in groups] == before
