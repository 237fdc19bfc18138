"""Absurdle: the adversary and the exact solver against the plain reference."""

from __future__ import annotations

import absurdle_oracle as ref
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordle_opt.errors import WordleOptError
from wordle_opt.games.absurdle import TIE_BREAKS, Adversary, replay, solve, tie_rank
from wordle_opt.wordlists import WordLists

word = st.text(alphabet="abcs", min_size=5, max_size=5)


@st.composite
def instances(draw):
    answers = draw(st.lists(word, min_size=1, max_size=7, unique=True))
    extra = draw(st.lists(word, max_size=4, unique=True))
    return WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="gen")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.sampled_from(TIE_BREAKS), st.data())
def test_reply_matches_reference(lists, tie_break, data):
    adv = Adversary(lists, tie_break)
    cands = np.arange(len(lists.answers), dtype=np.int32)
    g = data.draw(st.integers(0, len(lists.guesses) - 1))
    p, kept = adv.reply(cands, g)
    rp, rkept = ref.reply(list(lists.answers), lists.guesses[g], tie_break)
    assert p == rp
    assert [lists.answers[i] for i in kept] == rkept


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.sampled_from(TIE_BREAKS), st.booleans(), st.data())
def test_fewest_guesses_match_exhaustive_search(lists, tie_break, with_opener, data):
    opener = data.draw(st.sampled_from(lists.guesses)) if with_opener else None
    depth = 4
    result = solve(lists, opener=opener, tie_break=tie_break, max_depth=depth)
    expected = ref.fewest(list(lists.answers), list(lists.guesses), depth, tie_break, opener)
    assert result.guesses == expected
    if expected is not None:
        assert len(result.line) == expected
        if opener:
            assert result.line[0] == opener
        # the line wins against the plain adversary too
        cands = list(lists.answers)
        for w in result.line:
            p, cands = ref.reply(cands, w, tie_break)
        assert p == 3**5 - 1


def test_fewest_hints_ranks_all_green_last():
    rank = tie_rank("fewest-hints", 243)
    assert int(np.argmax(rank)) == 242
    assert rank[0] == rank.min()
    # one green beats (is kept over) two yellows: fewest greens first
    one_green, two_yellows = 2, 1 + 3
    assert rank[two_yellows] < rank[one_green]


def test_unknown_tie_break_is_one_line():
    with pytest.raises(WordleOptError, match="tie-break 'x'"):
        tie_rank("x", 243)


def test_original_lists_need_four_guesses(original):
    result = solve(original)
    assert result.guesses == 4
    # replay against the plain adversary, from the rules alone
    cands = list(original.answers)
    for w in result.line:
        p, cands = ref.reply(cands, w)
    assert p == 242 and cands == [result.line[-1]]
    replies, won = replay(Adversary(original), [original.guess_index(w) for w in result.line])
    assert won and len(replies) == 4


def test_opener_line_starts_with_it(original):
    result = solve(original, opener="salet")
    assert result.guesses == 4 and result.line[0] == "salet"


@pytest.mark.slow
def test_an_opener_that_needs_five(original):
    # QAJAQ keeps 1000+ answers; every line of four from it is searched and fails.
    calls = []
    result = solve(original, opener="qajaq", progress=lambda done, total: calls.append((done, total)))
    assert result.guesses == 5 and result.proven_lost[4][0] == 1
    # the 4-guess proof reports its second guesses one by one, all of them
    total = calls[0][1]
    assert [c for c in calls if c[1] == total] == [(k, total) for k in range(1, total + 1)]
    replies, won = replay(Adversary(original), [original.guess_index(w) for w in result.line])
    assert won


def test_cli_absurdle_plays_and_solves(monkeypatch, capsys):
    import io

    from wordle_opt.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("salet\nzzzzz\ngroin\ndampy\nchuck\n"))
    assert main(["absurdle"]) == 0
    out = capsys.readouterr().out
    assert "SALET BBBBB   221 answers left" in out and "error: 'zzzzz' is not an allowed guess" in out
    assert "DAMPY BBBBB   1 answer left" in out and "You won in 4 guesses." in out
    assert main(["absurdle", "--solve", "salet", "--tie-break", "lowest"]) == 0
    assert "fewest guesses that force a win: 4" in capsys.readouterr().out
    assert main(["absurdle", "--solve", "fuzzy", "--max-depth", "3"]) == 1
    assert "no forced win found" in capsys.readouterr().out
