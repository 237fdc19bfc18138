"""A complete table's big groups shared between its openers
(`shared_groups.SharedGroups`): a group's value found under one opener serves every
later opener that meets the same group, in any task, worker or sitting (the
checkpoint keeps them).  Against the exhaustive oracle on small games, easy
and both hard rules: the values equal, a value is used where its group
recurs, and never under another rule or cap."""

from __future__ import annotations

import sqlite3

import numpy as np
import pytest
from clusters import EXTRA, WORDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt.openers import shared_groups, tasks
from wordle_opt.openers.checkpoint import Checkpoint
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.solver.problem import Problem
from wordle_opt.wordlists import WordLists

POOL = sorted(set(WORDS) | set(EXTRA) | set("crane slate pious flume brick handy toxic jumpy vowel".split()))
RULES = [None, "nyt", "strict"]


def _task(lists, rule, cap):
    tasks._local.states = {}  # (a fresh solver: no cached value answers for a shared one)
    return tasks.TaskProblem.of(Problem(lists, rule, cap), cache_mb=1)


def _prove(task, opener, shared):
    return tasks.prove_opener(task, task.guesses.index(opener), tasks._state(task).inf, shared=shared)


def _expect(kind, value, want):
    if want is None:
        assert kind == tasks.INFEASIBLE
    else:
        assert (kind, value) == (tasks.EXACT, want)


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(POOL), min_size=2, max_size=10, unique=True),
    extra=st.lists(st.sampled_from(POOL), max_size=4, unique=True),
    cap=st.sampled_from([None, 2, 3, 4]),
    data=st.data(),
)
def test_openers_proven_with_shared_groups_have_the_exhaustive_optimum(rule, answers, extra, cap, data):
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    openers = data.draw(st.lists(st.sampled_from(lists.guesses), min_size=2, max_size=4))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(shared_groups, "SHARED_MIN", 1)  # (every group is shared)
        task = _task(lists, rule, cap)
        shared = shared_groups.SharedGroups()
        for opener in openers:
            _, kind, value = _prove(task, opener, shared)
            want = exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=cap, opener=opener)
            _expect(kind, value, want)
        # the first opener again, on a fresh solver: every group it solves is read, none solved
        task = _task(lists, rule, cap)
        hits, learned = shared.hits, len(shared.learned)
        _, kind, value = _prove(task, openers[0], shared)
        want = exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=cap, opener=openers[0])
        _expect(kind, value, want)
        assert len(shared.learned) == learned  # (nothing new to learn)
        if (
            kind == tasks.EXACT
            and len(lists.answers) > 1
            and (lists.table[lists.guess_index(openers[0])] != 3**5 - 1).any()
        ):
            assert shared.hits > hits


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(POOL), min_size=3, max_size=10, unique=True),
    rules=st.permutations(RULES),
    caps=st.lists(st.sampled_from([2, 3, 4, 6]), min_size=2, max_size=2, unique=True),
    data=st.data(),
)
def test_a_shared_value_is_never_used_under_another_rule_or_cap(answers, rules, caps, data):
    lists = WordLists.from_words(answers, name="generated")
    opener = data.draw(st.sampled_from(lists.guesses))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(shared_groups, "SHARED_MIN", 1)
        found = shared_groups.SharedGroups()
        first = _task(lists, rules[0], caps[0])
        _prove(first, opener, found)
        for rule, cap in [(rules[1], caps[0]), (rules[0], caps[1]), (rules[2], caps[1])]:
            # (under another rule or cap, the values of the first are no use:
            # none is read, and each value is that game's own)
            shared = shared_groups.SharedGroups(found.learned)
            task = _task(lists, rule, cap)
            _, kind, value = _prove(task, opener, shared)
            if (task.rule, task.depth) != (first.rule, first.depth):  # (a cap over n + 1 is none: the same game)
                assert shared.hits == 0
            _expect(
                kind, value, exhaustive_optimum(lists.answers, lists.guesses, hard=rule, max_guesses=cap, opener=opener)
            )


@pytest.mark.parametrize("first, then", [("fight", "night"), ("night", "fight")])
def test_hard_mode_shares_a_group_only_with_the_same_legal_guesses(first, then):
    # FIGHT's and NIGHT's groups of STOMP SWEAT SPUNK (IGHT grey) hold the
    # same answers, but within 2 guesses NIGHT's have no tree under the NYT
    # rule and FIGHT's do: a value keyed by the answers alone was wrong.
    answers = "stomp mound bound sweat spunk sound".split()
    lists = WordLists.from_words(answers, sorted(set(answers) | {"swamp", "fight", "night"}), name="legal")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(shared_groups, "SHARED_MIN", 1)
        shared = shared_groups.SharedGroups()
        for opener in (first, then):
            _, kind, value = _prove(_task(lists, "nyt", 3), opener, shared)
            _expect(
                kind, value, exhaustive_optimum(lists.answers, lists.guesses, hard="nyt", max_guesses=3, opener=opener)
            )


def test_the_keys_the_ranker_computes_are_the_workers_own():
    # (the process handing out a table's tasks sends each the values its
    # openers' groups have: it must name them as the workers do)
    lists = WordLists.from_words(tuple(POOL), name="pool")
    for rule in RULES:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(shared_groups, "SHARED_MIN", 2)
            task = _task(lists, rule, 6)
            keys = shared_groups.GroupKeys(lists, task.rule, task.depth)
            for opener in ("crane", "fight", "batch"):
                shared = shared_groups.SharedGroups()
                _prove(task, opener, shared)
                o = lists.guess_index(opener)
                _, counts = np.unique(lists.table[o], return_counts=True)
                assert set(shared.learned) <= set(keys.of(o))
                if rule is None:  # (easy mode solves every group: none has no tree)
                    assert set(shared.learned) == set(keys.of(o)) and len(shared.learned) == sum(counts >= 2)


@pytest.mark.parametrize("hard", [None, "nyt"])
def test_a_table_keeps_its_shared_groups_in_the_checkpoint_and_a_resumed_run_reads_them(tmp_path, monkeypatch, hard):
    lists = WordLists.from_words(tuple(POOL), name="pool")
    n, ck = len(lists.guesses), str(tmp_path / "table.sqlite")
    monkeypatch.setattr(shared_groups, "SHARED_MIN", 3)
    fresh = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, hard=hard)
    table = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, hard=hard, checkpoint=ck)
    assert table.facts == fresh.facts
    problem = tasks.TaskProblem.of(Problem(lists, hard, 6), cache_mb=1)
    stored = Checkpoint(ck, problem, reading=True).group_values()
    assert len(stored) > 10 and all(v == shared_groups.NO_TREE or v > 0 for v in stored.values())
    # the openers forgotten (as if the run had stopped before them), the groups not
    db = sqlite3.connect(ck)
    with db:
        db.execute("DELETE FROM facts")
    db.close()
    known, real = [], tasks.prove_openers_within

    def proving(problem, openers, job):
        known.append(len(job.known))
        return real(problem, openers, job)

    monkeypatch.setattr(tasks, "prove_openers_within", proving)
    from wordle_opt.openers import ranker

    monkeypatch.setattr(ranker, "prove_openers_within", proving)
    again = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, hard=hard, checkpoint=ck)
    assert again.facts == fresh.facts
    assert sum(known) > 10 and len(known) > 1, known


def test_a_checkpoint_from_before_shared_groups_reads_none(tmp_path):
    lists = WordLists.from_words(tuple(POOL), name="pool")
    problem = tasks.TaskProblem.of(Problem(lists, None, 6), cache_mb=1)
    ck = str(tmp_path / "old.sqlite")
    Checkpoint(ck, problem).close()
    db = sqlite3.connect(ck)
    with db:
        db.execute("DROP TABLE group_values")
    db.close()
    assert Checkpoint(ck, problem, reading=True).group_values() == {}
    again = Checkpoint(ck, problem)  # (opened to write: the table is added)
    again.save_group_values([(b"k" * 12, 7)])
    assert again.group_values() == {b"k" * 12: 7}
    again.close()
