"""The opener ranking's options travel as one checked, frozen object
(`wordle_opt.openers.options.RankOptions`): `rank_openers` keeps its keywords,
builds the options once and passes them down whole to the ranking."""

from __future__ import annotations

import dataclasses
import os

import pytest

import wordle_opt
from wordle_opt.errors import WordleOptError
from wordle_opt.openers import ranking
from wordle_opt.openers.options import RankOptions
from wordle_opt.rules import Rule
from wordle_opt.solver.options import SearchOptions

WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]


@pytest.mark.parametrize(
    "values, message",
    [
        (dict(top=0), "top must be a positive integer, not 0"),
        (dict(workers="2"), "workers must be a positive integer, not '2'"),
        (dict(cache_mb=0), "cache_mb must be a positive finite number of MiB, not 0"),
        (
            dict(objective="worst,total", beam=2),
            "beam/time limit: the anytime ranking ranks by total only, not 'worst,total'",
        ),
        (dict(time_limit=5, scheduler="tcp://x:1"), "beam/time limit: the anytime ranking runs on this machine"),
        (dict(beam=0), "beam must be a positive number of guesses"),
    ],
)
def test_a_bad_ranking_option_is_one_line_at_the_edge(values, message):
    with pytest.raises(WordleOptError) as e:
        RankOptions.parse(**{"objective": "total", **values})
    assert str(e.value).startswith(message)


def test_parsed_ranking_options_resolve_the_workers_and_are_frozen():
    o = RankOptions.parse(objective="total", top=3, cache_mb=8, beam=2)
    assert (o.top, o.search.threads, o.search.cache_mb, o.search.anytime) == (3, os.cpu_count() or 1, 8, True)
    assert not RankOptions.parse(objective="total").search.anytime
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.top = 2  # type: ignore[misc]


def test_rank_openers_builds_the_options_once_and_passes_them_down(monkeypatch):
    seen = []

    def spy(problem, options, **tell):
        seen.append((problem, options))
        return real(problem, options, **tell)

    real = ranking.rank
    monkeypatch.setattr(ranking, "rank", spy)
    r = wordle_opt.rank_openers(answers=WORDS, hard="nyt", top=2, workers=1, cache_mb=4, trees=False, progress=False)
    [(problem, options)] = seen
    assert problem.rule is Rule.NYT and r.hard == "nyt"
    assert options == RankOptions(SearchOptions(threads=1, cache_mb=4), top=2, trees=False, progress=False)
