"""The closing's two-level step (`wordle_opt.solver.anytime.two_level`): the
bounds it proves never pass the exhaustive optimum, it raises a group no
guess splits well, and a stopped bounder keeps what was proven."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum
from wordpools import IGHT_OUND, POOL

from wordle_opt.solver.anytime import bounder_for, opener_groups, two_level
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


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=3, max_size=22, unique=True),
    extra=st.lists(st.sampled_from(WORDS), max_size=6, unique=True),
    hard=st.sampled_from([None, "nyt", "strict"]),
    cap=st.sampled_from([3, 4, 6, None]),
    data=st.data(),
)
def test_two_level_bounds_never_pass_the_exhaustive_optimum(answers, extra, hard, cap, data):
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    opener = data.draw(st.sampled_from(lists.guesses), label="opener")
    depth = len(answers) + 1 if cap is None else cap
    engine, groups = _groups(lists, hard, depth, opener)
    before = [g.lb for g in groups]
    assert two_level(engine, groups, depth - 1, bounder_for(engine), min_size=3)
    assert all(g.lb >= b for g, b in zip(groups, before))
    best = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=opener)
    if best is not None:
        assert len(lists.answers) + sum(g.lb for g in groups) <= best


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
