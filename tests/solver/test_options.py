"""The search options travel as one checked, frozen object
(`wordle_opt.solver.options.SearchOptions`): built once at the edge, passed
down whole to the solver."""

from __future__ import annotations

import dataclasses
import os

import pytest

import wordle_opt
from wordle_opt.errors import WordleOptError
from wordle_opt.openers import best
from wordle_opt.solver.exact import solve
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem

WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]


@pytest.mark.parametrize(
    "values, message",
    [
        (dict(threads=0), "threads must be a positive integer, not 0"),
        (dict(threads="2"), "threads must be a positive integer, not '2'"),
        (dict(cache_mb=-1), "cache_mb must be a positive finite number of MiB, not -1"),
        (dict(share_min="9"), "share_min must be a positive integer (answers in a group) or None, not '9'"),
    ],
)
def test_a_bad_option_is_one_line_at_the_edge(values, message):
    with pytest.raises(WordleOptError) as e:
        SearchOptions.parse(**values)
    assert str(e.value) == message


def test_parsed_options_are_checked_and_frozen():
    cores = os.cpu_count() or 1
    notes = []
    o = SearchOptions.parse(threads=cores + 1, cache_mb=8, note=notes.append, beam=3)
    assert (o.threads, o.cache_mb, o.beam, o.anytime) == (cores, 8, 3, True)
    assert notes and "capped" in notes[0]
    assert not SearchOptions().anytime and SearchOptions(fit=True).anytime
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.threads = 2  # type: ignore[misc]
    assert o.but(beam=None, time_limit=None).anytime is False and o.beam == 3


def test_the_public_search_builds_the_options_once_and_passes_them_down(monkeypatch):
    seen = []

    def spy(problem, opener, options, **tell):
        seen.append(options)
        return real(problem, opener, options, **tell)

    real = best.solve
    monkeypatch.setattr(best, "solve", spy)
    r = wordle_opt.search("cigar", answers=WORDS, threads=1, cache_mb=4, share_min=3)
    [options] = seen
    assert options == SearchOptions(threads=1, cache_mb=4, share_min=3)
    direct = solve(Problem.parse(answers=WORDS), "cigar", SearchOptions(threads=1, cache_mb=4))
    assert r.total == direct.total and r.tree.total == direct.tree.total


def test_threads_past_the_cores_warn_at_the_users_call():
    cores = os.cpu_count() or 1
    with pytest.warns(UserWarning, match="capped at the machine") as caught:
        wordle_opt.search("cigar", answers=WORDS[:4], threads=cores + 1, cache_mb=4)
    assert caught[0].filename == __file__
