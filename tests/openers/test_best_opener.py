"""wordle_opt.search without an opener: the best opener proven by the ranking."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum
from searching import search as exact_search
from wordpools import POOL

import wordle_opt
from wordle_opt.solver.exact import SearchResult
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

WORDS = POOL


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=8, unique=True),
    st.lists(st.sampled_from(WORDS), max_size=4, unique=True),
    st.sampled_from([None, "nyt", "strict"]),
    st.sampled_from([None, 3, 4, 6]),
)
def test_the_best_opener_is_the_exhaustive_optimum_with_its_proof(answers, extra, hard, cap):
    lists = WordLists.from_words(answers, tuple(dict.fromkeys(answers + extra)))
    exact = {
        g: exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=g) for g in lists.guesses
    }
    feasible = sorted((v, lists.guesses.index(g), g) for g, v in exact.items() if v is not None)
    r = wordle_opt.search(None, hard=hard, answers=lists, max_guesses=cap, threads=1, cache_mb=1)
    assert isinstance(r, SearchResult)
    if not feasible:
        assert not r.feasible and r.tree is None and "no opener" in r.proof
        return
    total, _, word = feasible[0]
    assert (r.opener, r.total) == (word, total)  # (ties: the earlier guess in list order)
    assert r.proof.startswith(f"{word.upper()} is the proven best opener")
    rep = verify(r.tree, answers=lists.answers, guesses=lists.guesses, hard=hard or "easy", max_guesses=cap)
    assert rep.ok and rep.total == total, rep.errors
    # The same total as the shared-root search the API used before.
    assert exact_search(None, hard=hard, answers=lists, max_guesses=cap, threads=1, cache_mb=1).total == total


def test_fallback_finds_the_smallest_cap_with_a_feasible_opener():
    # Each _IGHT word only tells itself from the others: 7 guesses in the worst case.
    lists = WordLists.from_words(["fight", "light", "might", "night", "right", "sight", "tight"])
    refuted = []
    r = wordle_opt.search(
        None, answers=lists, max_guesses=2, fallback=True, threads=1, cache_mb=1, on_refuted=refuted.append
    )
    assert [x.max_guesses for x in refuted] == [2, 3, 4, 5, 6]
    assert all(not x.feasible for x in refuted)
    assert exhaustive_optimum(lists.answers, lists.guesses, max_guesses=6) is None
    assert r.max_guesses == 7 and r.feasible and "proven best opener" in r.proof
    assert r.total == exhaustive_optimum(lists.answers, lists.guesses, max_guesses=7) == 28
    assert not wordle_opt.search(None, answers=lists, max_guesses=2, threads=1, cache_mb=1).feasible


def test_other_objectives_and_fixed_openers_keep_the_direct_search():
    lists = WordLists.from_words(["fight", "light", "crane", "salet"], WORDS)
    r = wordle_opt.search(None, answers=lists, max_guesses=None, minimise="worst,total", threads=1, cache_mb=1)
    assert r.objective == "worst,total" and "proven best opener" not in (r.proof or "")
    r = wordle_opt.search("crane", answers=lists, threads=1, cache_mb=1)
    assert r.opener == "crane" and r.proof is None


def test_bad_threads_is_one_error():
    with pytest.raises(wordle_opt.WordleOptError, match="threads"):
        wordle_opt.search(None, answers=WordLists.from_words(["crane", "salet"]), threads=0)


def test_cli_search_without_an_opener_honours_format(tmp_path, capsys):
    import json

    from wordle_opt.cli import main

    words = tmp_path / "answers.txt"
    words.write_text("fight\nlight\ncrane\nsalet\nbatch\nmatch\n")
    out = tmp_path / "best.txt"  # (the suffix alone would choose text)
    assert main(["search", "--answers", str(words), "--workers", "1", "--out", str(out), "--format", "json"]) == 0
    opener = json.loads(out.read_text())["root"]["guess"]
    rep = verify(str(out), answers=str(words), guesses=str(words))
    assert rep.ok and f"1  {opener.upper()}" in capsys.readouterr().out
