"""The compiled strategy loops (_heuristics) against the plain reference (_heuristics_py)."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_opt.core import _core, _heuristics, _heuristics_py
from wordle_opt.rules import score_words, violation

# A small alphabet makes repeated letters and equal colourings common.
word = st.text(alphabet="abcdes", min_size=5, max_size=5)


@st.composite
def lists(draw):
    answers = draw(st.lists(word, min_size=1, max_size=25, unique=True))
    extra = draw(st.lists(word, max_size=15, unique=True))
    guesses = sorted(set(answers) | set(extra))
    table = _core.pattern_table_codes(_core.encode(guesses), _core.encode(answers))
    cands = draw(st.lists(st.integers(0, len(answers) - 1), min_size=0, max_size=len(answers), unique=True))
    legal = draw(st.lists(st.integers(0, len(guesses) - 1), min_size=0, max_size=len(guesses), unique=True))
    return answers, guesses, table, np.array(sorted(cands), dtype=np.int32), np.array(sorted(legal), dtype=np.int32)


def test_compiled_module_is_the_extension():
    # The compiled loops must import (no silent fallback to the reference).
    assert _heuristics.__file__.endswith((".so", ".pyd"))


@settings(max_examples=150, deadline=None)
@given(lists())
def test_score_guesses_agree(data):
    answers, guesses, table, cands, legal = data
    got = _heuristics.score_guesses(table, cands, legal)
    want = _heuristics_py.score_guesses(table, cands, legal)
    np.testing.assert_allclose(got[0], want[0], atol=1e-12)
    for a, b in zip(got[1:], want[1:]):
        np.testing.assert_array_equal(a, b)


@settings(max_examples=100, deadline=None)
@given(lists())
def test_score_guesses_definitions(data):
    """Entropy, largest, sum of squares and groups from the colourings themselves."""
    answers, guesses, table, cands, legal = data
    ent, largest, sumsq, groups = _heuristics.score_guesses(table, cands, legal)
    n = len(cands)
    for i, g in enumerate(legal):
        counts = Counter(score_words(guesses[g], answers[a]) for a in cands)
        h = -sum(c / n * math.log2(c / n) for c in counts.values()) if n else 0.0
        assert math.isclose(ent[i], h, abs_tol=1e-9)
        assert largest[i] == max(counts.values(), default=0)
        assert sumsq[i] == sum(c * c for c in counts.values())
        assert groups[i] == len(counts)


@settings(max_examples=100, deadline=None)
@given(lists())
def test_max_and_lookahead_entropy_agree(data):
    answers, guesses, table, cands, legal = data
    assert math.isclose(
        _heuristics.max_entropy(table, cands, legal), _heuristics_py.max_entropy(table, cands, legal), abs_tol=1e-9
    )
    firsts = legal[:5]
    np.testing.assert_allclose(
        _heuristics.lookahead_entropy(table, cands, firsts, legal),
        _heuristics_py.lookahead_entropy(table, cands, firsts, legal),
        atol=1e-9,
    )


@settings(max_examples=150, deadline=None)
@given(lists(), st.data())
def test_filters_agree_with_rules(data, draw):
    answers, guesses, table, cands, legal = data
    g = draw.draw(st.integers(0, len(guesses) - 1))
    a = draw.draw(st.integers(0, len(answers) - 1))
    p = score_words(guesses[g], answers[a])
    # candidates: those the guess colours the same way
    got = _heuristics.filter_candidates(table, cands, g, p)
    np.testing.assert_array_equal(got, _heuristics_py.filter_candidates(table, cands, g, p))
    assert [answers[i] for i in got] == [answers[i] for i in cands if score_words(guesses[g], answers[i]) == p]
    codes = _core.encode(guesses)
    for rule, fast, slow in (
        ("nyt", _heuristics.legal_nyt, _heuristics_py.legal_nyt),
        ("strict", _heuristics.legal_strict, _heuristics_py.legal_strict),
    ):
        got = fast(codes, legal, codes[g], p)
        np.testing.assert_array_equal(got, slow(codes, legal, codes[g], p))
        # and both agree with wordle_opt.rules, written from the definitions
        want = [w for w in legal if violation([(guesses[g], p)], guesses[w], rule) is None]
        assert list(got) == want


@settings(max_examples=100, deadline=None)
@given(lists())
def test_frequency_scores_agree(data):
    answers, guesses, table, cands, legal = data
    ac, gc = _core.encode(answers), _core.encode(guesses)
    np.testing.assert_array_equal(
        _heuristics.frequency_scores(ac, cands, gc, legal), _heuristics_py.frequency_scores(ac, cands, gc, legal)
    )


# Golden cases for the NYT filter with repeated letters (read like the rule).
def _nyt(guess, colours, word):
    codes = _core.encode([word])
    p = sum("BYG".index(c) * 3**i for i, c in enumerate(colours))
    return len(_heuristics.legal_nyt(codes, np.array([0], np.int32), _core.encode([guess])[0], p)) == 1


def test_nyt_golden():
    assert _nyt("speed", "BBGYB", "creep")  # E green in place, second E reused anywhere
    assert not _nyt("speed", "BBGYB", "cread")  # only one E: needs two
    assert _nyt("speed", "BBGBB", "abets")  # grey S, P, D may be reused; E in place
    assert not _nyt("speed", "BBGBB", "beats")  # E moved out of position 3
    assert _nyt("array", "YBBBB", "bloat")  # one A revealed, no R needed
    assert not _nyt("array", "YYBBB", "bloat")  # R revealed too
