"""Published optima, reproduced and proven (slow: CI runs them with -m '').

Every tree is re-checked by `verify` from the rules alone, and its figures are
recomputed there, independently of the search.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from searching import search

from wordle_opt.strategies.simulation import simulate
from wordle_opt.trees.tree import Tree
from wordle_opt.trees.verification import verify

pytestmark = pytest.mark.slow


def proven(opener, hard=None, answers="original", max_guesses=6):
    result = search(opener, hard=hard, answers=answers, max_guesses=max_guesses)
    assert result.feasible and result.proven
    report = verify(result.tree, answers=answers, hard=hard, max_guesses=max_guesses)
    assert report.ok, report.errors[:3]
    assert report.total == result.total
    return result, report


# (opener, answers, total): easy mode, original lists 2315 / 12972 unless said.
EASY = [
    ("salet", "original", 7920),
    ("reast", "original", 7923),
    ("crate", "original", 7926),
    ("trace", "original", 7926),
    ("tarse", "nyt", 7883),  # NYT lists 2309 / 14855
]


@pytest.mark.parametrize("opener,answers,total", EASY)
def test_easy_optimum(opener, answers, total):
    result, report = proven(opener, answers=answers)
    assert report.total == total


def test_salet_easy_figures_and_simulation_agree():
    result, report = proven("salet")
    assert (report.total, round(report.average, 4), report.max_depth) == (7920, 3.4212, 5)
    # The optimal strategy, played answer by answer, counts the same.
    sim = simulate("optimal", tree=result.tree)
    assert sim.failed == [] and sim.total == 7920
    assert round(sim.average, 4) == 3.4212 and sim.max_depth == 5
    # The tree survives both file formats.
    for text in (result.tree.to_text(), result.tree.to_json()):
        again = Tree.from_json(text, "original") if text.startswith("{") else Tree.from_text(text, "original")
        assert verify(again, max_guesses=6).total == 7920


HARD_NYT = [
    ("salet", "original", 6, 8122),
    ("least", "original", 6, 8127),
    ("reast", "original", 6, 8134),
    ("crate", "original", 6, 8143),
    ("palet", "original", 5, 8206),
    ("salet", "nyt", 6, 8097),
]


@pytest.mark.parametrize("opener,answers,cap,total", HARD_NYT)
def test_hard_nyt_optimum(opener, answers, cap, total):
    result, report = proven(opener, hard="nyt", answers=answers, max_guesses=cap)
    assert report.total == total and report.max_depth <= cap


def test_trace_hard_cannot_guarantee_six():
    result = search("trace", hard="nyt", max_guesses=6)
    assert not result.feasible and result.tree is None
    assert any("TRACE YBYGB" in line for line in result.unsolvable)  # the _ATCH family


def test_salet_hard_without_cap_beats_the_published_tree():
    capped, _ = proven("salet", hard="nyt", max_guesses=6)
    result, report = proven("salet", hard="nyt", max_guesses=None)
    # A tree of 8117 with two answers at 7 guesses is published; the optimum can only be lower.
    assert report.total <= 8117 and report.total <= capped.total
    assert report.max_depth > 6  # going past 6 is what makes it cheaper
    # Played under the rule by the simulator (its own legality filters), it counts the same.
    sim = simulate("optimal", tree=result.tree, hard="nyt", max_guesses=report.max_depth)
    assert sim.failed == [] and sim.total == report.total


@pytest.mark.parametrize("cap", [6, None])
def test_salet_strict_rule(cap):
    nyt, _ = proven("salet", hard="nyt", max_guesses=cap)
    result, report = proven("salet", hard="strict", max_guesses=cap)
    # A strict tree is legal under the NYT rule too, so it cannot beat the NYT optimum.
    assert verify(result.tree, hard="nyt", max_guesses=cap).ok
    assert report.total >= nyt.total
    sim = simulate("optimal", tree=result.tree, hard="strict", max_guesses=report.max_depth)
    assert sim.failed == [] and sim.total == report.total


def test_the_stored_every_word_tree_beats_the_published_one():
    # trees/tarns-original-all.json: the anytime ranking's best tree of the every-word game (README);
    # the best published tree there is LANTS's, 52896 within 6.
    path = Path(__file__).resolve().parent.parent / "trees" / "tarns-original-all.json"
    report = verify(str(path), answers="original-all", max_guesses=6)
    assert report.ok, report.errors[:3]
    assert report.max_depth <= 6 and report.total < 52896
    assert report.total == Tree.load(str(path)).total


def test_the_stored_nyt_every_word_tree_verifies():
    # trees/tarns-nyt-all.json: every allowed word of the NYT game (12947) an
    # answer; TARNS's proven optimum, 52645 (docs/results.md, "The NYT lists'
    # every-word game").  No tree of this game is published.
    path = Path(__file__).resolve().parent.parent / "trees" / "tarns-nyt-all.json"
    report = verify(str(path), answers="nyt-all", max_guesses=6)
    assert report.ok, report.errors[:3]
    assert report.max_depth <= 6 and report.total == Tree.load(str(path)).total
    assert report.n_answers == report.n_solved == 12947


def test_the_stored_strict_every_word_tree_verifies():
    # trees/chomp-strict8-original-all.json: every word an answer, hard mode
    # under the strict rule.  CHOMP has no tree within 7 there (the feasibility
    # search's proof, docs/results.md); `search chomp --answers original-all
    # --hard strict --max-guesses 8 --fit --time-limit 1500 --threads 1`, from
    # scratch, found this one within 8.  A strict tree is legal under the NYT
    # rule too.
    path = Path(__file__).resolve().parent.parent / "trees" / "chomp-strict8-original-all.json"
    report = verify(str(path), answers="original-all", hard="strict", max_guesses=8)
    assert report.ok, report.errors[:3]
    assert report.n_answers == report.n_solved == 12972
    assert report.max_depth == 8 and report.total == Tree.load(str(path)).total
    assert verify(str(path), answers="original-all", hard="nyt", max_guesses=8).ok


def test_the_stored_hard7_every_word_tree_verifies_and_beats_the_published_one():
    # trees/chomp-hard7-original-all.json: every word an answer, hard mode
    # under the NYT rule, within 7 (no tree within 6 exists: the certificates
    # of trees/hard-cap6-original-all.cert).  `search chomp --answers
    # original-all --hard nyt --max-guesses 7 --fit --second bbbbb=bezil
    # --time-limit 1800 --threads 2`, from scratch, found it; the best
    # published tree within 7 (CHOMP, alex1770/wordle) totals 60057.
    path = Path(__file__).resolve().parent.parent / "trees" / "chomp-hard7-original-all.json"
    report = verify(str(path), answers="original-all", hard="nyt", max_guesses=7)
    assert report.ok, report.errors[:3]
    assert report.n_answers == report.n_solved == 12972
    assert report.max_depth == 7 and report.total == Tree.load(str(path)).total < 60057
    assert not verify(str(path), answers="original-all", hard="nyt", max_guesses=6).ok
