"""The anytime opener ranking (rank_openers with beam/time_limit): its trees
verify, its bounds never exceed an exhaustive search's optimum, it resumes,
stops on Ctrl-C with what it has, and refuses what it cannot do in one line."""

from __future__ import annotations

import csv
import re
from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum
from searching import search

import wordle_opt.openers.ranking_anytime as openers_anytime
from wordle_opt.cli import main
from wordle_opt.errors import WordleOptError
from wordle_opt.openers.ranker import Ranker
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.openers.tasks import BOUND, EXACT, INFEASIBLE
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

WORDS = (
    "fight",
    "light",
    "night",
    "sight",
    "batch",
    "catch",
    "hatch",
    "patch",
    "bound",
    "found",
    "mound",
    "salet",
    "crane",
    "flomp",
    "wrist",
    "clamp",
    "dwarf",
    "bowel",
    "group",
    "taker",
    "waker",
    "glyph",
)

instances = st.tuples(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=9, unique=True),
    st.lists(st.sampled_from(WORDS), min_size=0, max_size=5, unique=True),
    st.sampled_from([None, "nyt", "strict"]),
    st.sampled_from([None, 2, 3, 4, 6]),
    st.integers(1, 3),
    st.integers(1, 3),
)


def game_bound(r) -> int:
    """The proof's 'no tree from any opener totals less than L'."""
    return int(re.search(r"no tree from any opener totals less than (\d+)", r.proof).group(1))


def check_trees(r, lists: WordLists, hard, cap) -> None:
    for x in r.ranking:
        rep = verify(x.tree, answers=lists.answers, guesses=lists.guesses, hard=hard or "easy", max_guesses=cap)
        assert rep.ok and rep.total == x.total, rep.errors
        assert x.lower_bound <= x.total


@settings(max_examples=30, deadline=None)
@given(instances)
# (found by Hypothesis: beam 1 fits no tree within 3 for the four screened
# openers; the ranking must go on to the others, BOUND among them)
@example((["fight", "hatch", "bound", "found", "mound", "salet", "waker", "crane"], ["catch"], None, 3, 1, 1))
def test_without_a_time_limit_each_candidate_is_proven_and_every_bound_holds(case):
    answers, extra, hard, cap, top, beam = case
    lists = WordLists.from_words(answers, tuple(dict.fromkeys(answers + extra)))
    r = rank_openers(hard=hard, answers=lists, max_guesses=cap, top=top, workers=1, progress=False, beam=beam)
    exact = [
        exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=g) for g in lists.guesses
    ]
    feasible = [v for v in exact if v is not None]
    for o, (kind, value) in r.facts.items():
        if exact[o] is None:
            assert kind != EXACT
        else:
            assert kind != INFEASIBLE and (value == exact[o] if kind == EXACT else value <= exact[o])
    searched = {lists.guesses[o] for o in r.searched}
    # (a candidate whose beam fitted no tree within the cap keeps a bound and the next opener is tried)
    passed = {o for o in r.searched if r.facts[o][0] == BOUND}
    assert cap is not None or not passed
    assert (
        len(r.searched) - len(passed) == top or {g for g, v in zip(lists.guesses, exact) if v is not None} <= searched
    )
    assert r.screened or not feasible
    for o, v in r.screened.items():  # the screen's beam trees have no cap: at least the optimum with none
        assert v is None or v >= exhaustive_optimum(lists.answers, lists.guesses, hard=hard, opener=lists.guesses[o])
    valued = [v for o, v in r.screened.items() if v is not None and o in r.searched]
    if valued:  # the candidates: the least beam totals first
        assert {o for o, v in r.screened.items() if v is not None and v < max(valued)} <= r.searched
    for o in r.searched - passed:  # each searched to the end: its tree's total is its optimum, or it has none
        assert (r.facts[o][0] == INFEASIBLE) == (exact[o] is None)
    for x in r.ranking:
        o = lists.guesses.index(x.word)
        assert x.total == x.lower_bound == exact[o]  # run until proven
        assert r.facts[o] == (EXACT, exact[o])
    # The ranking: the searched openers proven exact, least first (one searched and
    # proven to have no tree within the cap, or passed over, is not ranked).
    proven = [w for w in searched if r.facts[lists.guesses.index(w)][0] == EXACT]
    assert [x.word for x in r.ranking] == sorted(
        proven, key=lambda w: (exact[lists.guesses.index(w)], lists.guesses.index(w))
    )
    check_trees(r, lists, hard, cap)
    others = [v for o, v in enumerate(exact) if v is not None and lists.guesses[o] not in searched]
    if others:
        assert r.others_at_least <= min(others)
    if r.ranking:
        assert game_bound(r) <= min(feasible)


@pytest.fixture(scope="module")
def medium(original):
    """579 answers, 3045 guesses."""
    answers = original.answers[::4]
    return WordLists.from_words(answers, tuple(dict.fromkeys(original.guesses[::5] + answers)), name="medium")


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
def test_with_a_time_limit_the_trees_verify_and_the_bounds_stay_below_the_optima(medium, tmp_path):
    lines = []
    path = str(tmp_path / "rank.sqlite")
    r = rank_openers(
        answers=medium, top=2, workers=2, progress=False, beam=1, time_limit=20, note=lines.append, checkpoint=path
    )
    assert len(r.ranking) == 2 and r.stats["refined"] > 0
    check_trees(r, medium, None, 6)
    best = None
    for x in r.ranking:
        opt = search(x.word, answers=medium).total
        assert x.lower_bound <= opt <= x.total
        best = opt if best is None else min(best, opt)
    assert game_bound(r) <= best and r.others_at_least >= game_bound(r)
    assert any(line.startswith("opener 1 of 2: ") for line in lines)
    assert any(line.startswith("screened ") for line in lines) and r.stats["screened"] == len(r.screened) >= 2
    text = str(r)
    assert "proven >=" in text and "bounds refined for" in text and r.proof in text
    # The rerun resumes each candidate from the checkpoint: no beam again.
    lines.clear()
    again = rank_openers(
        answers=medium, top=2, workers=1, progress=False, beam=1, time_limit=20, note=lines.append, checkpoint=path
    )
    assert [x.word for x in again.ranking if x.word in {y.word for y in r.ranking}]
    assert sum(line.startswith("resumed: ") for line in lines) == 2, lines
    for x in again.ranking:
        old = next((y for y in r.ranking if y.word == x.word), None)
        if old is not None:  # (facts only get stronger)
            assert x.total <= old.total and x.lower_bound >= old.lower_bound


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
def test_ctrl_c_stops_the_ranking_with_what_it_has(medium, monkeypatch):
    real = openers_anytime.solve

    def interrupted(problem, word, options, **kwargs):  # as Ctrl-C at once: the anytime search stops and returns
        return real(problem, word, options.but(time_limit=1e-6), **kwargs)

    monkeypatch.setattr(openers_anytime, "solve", interrupted)
    r = rank_openers(answers=medium, top=3, workers=1, progress=False, beam=1, time_limit=60)
    assert len(r.searched) == 1 and "2 of 3 candidates not reached (interrupted)" in r.proof
    monkeypatch.undo()

    def refine(self, until=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(Ranker, "refine", refine)
    r = rank_openers(answers=medium, top=3, workers=1, progress=False, beam=1, time_limit=60)
    assert not r.ranking and not r.searched and "3 of 3 candidates not reached (interrupted)" in r.proof
    least = min(v for kind, v in r.facts.values() if kind != INFEASIBLE)
    assert f"no tree from any opener totals less than {least}" in r.proof
    assert "proven >=" in str(r) and "bounds refined for" in str(r)  # (the anytime ranking's table, empty)
    assert all(kind in (BOUND, INFEASIBLE) for kind, _ in r.facts.values())


def test_cli_anytime_ranking_writes_csv_and_tree(medium, tmp_path, capsys):
    words = tmp_path / "answers.txt"
    words.write_text("\n".join(medium.answers[:150]) + "\n")
    out, tree = tmp_path / "all.csv", tmp_path / "best.json"
    assert (
        main(
            [
                "openers",
                "--answers",
                str(words),
                "--top",
                "2",
                "--workers",
                "1",
                "--beam",
                "1",
                "--time-limit",
                "30",
                "--out",
                str(out),
                "--tree",
                str(tree),
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "proven >=" in text and "no tree from any opener totals less than" in text
    with out.open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 150
    ranked = sorted((int(r["rank"]), r["opener"], int(r["tree_total"]), int(r["total"])) for r in rows if r["rank"])
    assert len(ranked) == 2 and all(bound <= total for _, _, total, bound in ranked)
    rep = verify(str(tree), answers=str(words), guesses=str(words))
    assert rep.ok and rep.total == ranked[0][2]


@pytest.mark.parametrize(
    "args, message",
    [
        (["openers", "--beam", "1", "--minimise", "worst,total"], "ranks by total only"),
        (["openers", "--beam", "1", "--scheduler", "tcp://127.0.0.1:1"], "not on a Dask scheduler"),
        (["search", "--beam", "1"], "`openers --beam N --time-limit SECONDS` ranks openers"),
        (["search", "crane", "--top", "2", "--workers", "1"], "--top, --workers: only without OPENER"),
    ],
)
def test_cli_anytime_ranking_bad_input_is_one_line(args, message, tmp_path, capsys):
    words = tmp_path / "answers.txt"
    words.write_text("crane\nslate\nfight\n")
    assert main(args + ["--answers", str(words)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("error: ") and message in err


def test_api_ranking_bad_input():
    lists = WordLists.from_words(["crane", "slate"])
    for kwargs, match in [
        (dict(beam=0), "beam must be a positive"),
        (dict(time_limit=0), "time_limit must be"),
        (dict(beam=True), "beam must be a positive"),
        (dict(cache_mb=float("inf")), "cache_mb must be a positive finite"),
    ]:
        with pytest.raises(WordleOptError, match=match):
            rank_openers(answers=lists, workers=1, progress=False, **kwargs)


def test_a_candidate_the_beam_cannot_fit_is_passed_over_for_the_next(monkeypatch):
    lists = WordLists.from_words(
        ["fight", "light", "might", "night", "right", "sight", "batch", "catch"],
        ["fight", "light", "might", "night", "right", "sight", "batch", "catch", "flomp", "crane", "glyph"],
    )
    # The search itself: with max_beam, an opener whose groups the beam cannot fit gives up (no tree,
    # nothing proven about the cap); without, the exact phase proves the cap infeasible.
    gave_up = search("fight", answers=lists, max_guesses=3, beam=1, max_beam=1)
    assert gave_up.gave_up and not gave_up.feasible and "no tree found by the beam" in str(gave_up)
    proven = search("fight", answers=lists, max_guesses=3, beam=1)
    assert not proven.gave_up and not proven.feasible and "no strategy solves every answer" in str(proven)
    # The ranking tries the next screened opener in its place.
    real, calls = openers_anytime.solve, []

    def first_gives_up(problem, word, options, **kwargs):
        calls.append((word, options.max_beam))
        res = real(problem, word, options, **kwargs)
        return replace(res, feasible=False, tree=None, gave_up=True) if len(calls) == 1 else res

    monkeypatch.setattr(openers_anytime, "solve", first_gives_up)
    r = rank_openers(answers=lists, max_guesses=4, top=2, workers=1, progress=False, beam=1)
    assert len(calls) == 3 and all(b == 1 for _, b in calls) and len(r.ranking) == 2
    assert calls[0][0] not in [x.word for x in r.ranking]
    assert (
        f"passed over, as beam 1 fitted no tree within the cap (which proves nothing): {calls[0][0].upper()}" in r.proof
    )
    assert r.facts[lists.guess_index(calls[0][0])][0] == BOUND
    check_trees(r, lists, None, 4)
