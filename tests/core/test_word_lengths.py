"""The compiled core at every word length 4..8 and over any letter codes 0..63:
the narrow (uint8, L <= 5) and wide (uint16, L = 6..8) modules against the
plain twins, rules.score_words and the exhaustive oracle (Hypothesis, small
generated instances with repeated letters and small alphabets)."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt import core as _impl
from wordle_opt import rules
from wordle_opt.core import _bounds_py, _core_py, _heuristics_py, plain
from wordle_opt.errors import WordleOptError

HARD = {0: None, 1: "nyt", 2: "strict"}


def compiled(length):
    """The compiled (core, heuristics, bounds) for a length, whatever the switch says."""
    suffix = "" if length <= 5 else "_wide"
    return [importlib.import_module(f"wordle_opt.core.{m}{suffix}") for m in ("_core", "_heuristics", "_bounds")]


@st.composite
def instances(draw, lengths=(4, 6, 7), max_answers=7, max_extra=3):
    """(length, answers, guesses) as tuples of letter codes: a few letters
    spread over 0..63, repeated letters; most answers vary a base word in one
    or two positions (as FIGHT, LIGHT, MIGHT), which makes the optimum more
    than a perfect split; then a few free words; answers first among the
    guesses."""
    length = draw(st.sampled_from(lengths))
    alphabet = draw(st.lists(st.integers(0, 63), min_size=2, max_size=6, unique=True))
    letter = st.sampled_from(alphabet)
    base = draw(st.lists(letter, min_size=length, max_size=length))
    spots = draw(st.lists(st.integers(0, length - 1), min_size=1, max_size=2, unique=True))
    variant = st.builds(
        lambda ls: tuple(ls[spots.index(i)] if i in spots else base[i] for i in range(length)),
        st.lists(letter, min_size=len(spots), max_size=len(spots)),
    )
    free = st.tuples(*[letter] * length)
    # (drawn with repeats, then deduplicated: small alphabets have few variants)
    answers = list(
        dict.fromkeys(draw(st.lists(st.one_of(variant, variant, variant, free), min_size=4, max_size=max_answers)))
    )
    extra = draw(st.lists(free, max_size=max_extra, unique=True))
    return length, answers, list(dict.fromkeys(answers + extra))


def arrays(answers, guesses):
    ac = np.array(answers, dtype=np.uint8)
    gc = np.array(guesses, dtype=np.uint8)
    return ac, gc, np.arange(len(answers), dtype=np.int32)  # answer i is guess i


# ------------------------------------------------------------------ choosing the modules


def test_modules_by_length():
    narrow, wide = _impl.modules(5), _impl.modules(7)
    assert _impl.modules(4) is narrow and _impl.modules(6) is wide and _impl.modules(8) is wide
    assert tuple(narrow) == (_impl.core, _impl.heuristics, _impl.bounds, _impl.caps)
    if _impl.IMPLEMENTATION == "cython":
        assert [m.__name__ for m in wide] == [
            "wordle_opt.core._core_wide",
            "wordle_opt.core._heuristics_wide",
            "wordle_opt.core._bounds_wide",
            "wordle_opt.core._caps_wide",
        ]
    for bad in (3, 9, 0, "5", None, 5.0, True):
        with pytest.raises(WordleOptError, match="word length .* expected 4 to 8 letters"):
            _impl.modules(bad)


def test_wide_table_is_uint16_and_six_letters_have_728_as_all_green():
    core, _, bounds = compiled(6)
    gc = np.array([[0, 1, 2, 3, 4, 63], [63, 63, 1, 1, 2, 2]], dtype=np.uint8)
    table = core.pattern_table_codes(gc, gc)
    assert table.dtype == np.uint16 and table[0, 0] == table[1, 1] == 728 == rules.all_green(6)
    assert table[0, 1] == rules.score_words((0, 1, 2, 3, 4, 63), (63, 63, 1, 1, 2, 2))
    solver = core.Solver(table, gc, np.arange(2, dtype=np.int32))
    assert (solver.length, solver.npat, solver.all_green) == (6, 729, 728)
    assert (bounds.Bounder(table, gc).npat, _core_py.Solver(table, gc, np.arange(2)).all_green) == (729, 728)
    four = np.ascontiguousarray(gc[:, :4])
    assert compiled(4)[0].pattern_table_codes(four, four).dtype == np.uint8


def test_each_width_refuses_what_it_cannot_hold():
    narrow, wide = compiled(5)[0], compiled(8)[0]
    six = np.zeros((1, 6), dtype=np.uint8)
    with pytest.raises(ValueError, match="1 to 5 letters, not 6"):
        narrow.pattern_table_codes(six, six)
    nine = np.zeros((1, 9), dtype=np.uint8)
    with pytest.raises(ValueError, match="1 to 8 letters, not 9"):
        wide.pattern_table_codes(nine, nine)
    big = np.array([[1, 2, 3, 64]], dtype=np.uint8)
    for core in (narrow, wide):
        with pytest.raises(ValueError, match="letter codes must be 0..63"):
            core.pattern_table_codes(big, big)
        with pytest.raises(ValueError, match="letter codes"):
            core.score_codes(big[0], big[0])


# ------------------------------------------------------------------ tables


@settings(max_examples=150, deadline=None)
@given(instances(lengths=(4, 5, 6, 7, 8), max_answers=10, max_extra=6))
def test_tables_compiled_equal_twin_equal_rules(case):
    length, answers, guesses = case
    ac, gc, _ = arrays(answers, guesses)
    core = compiled(length)[0]
    got = core.pattern_table_codes(gc, ac)
    assert got.dtype == (np.uint8 if length <= 5 else np.uint16)
    want = [[rules.score_words(g, a) for a in answers] for g in guesses]
    assert got.tolist() == want == _core_py.pattern_table_codes(gc, ac).tolist()
    assert core.score_codes(gc[-1], ac[0]) == want[-1][0] == _core_py.score_codes(gc[-1], ac[0])


# ------------------------------------------------------------------ the exact search


def _optimum_checks(case, rule, cap):
    length, answers, guesses = case
    ac, gc, answer_guess = arrays(answers, guesses)
    core = compiled(length)[0]
    table = core.pattern_table_codes(gc, ac)
    S = np.arange(len(answers), dtype=np.int32)
    L = np.arange(len(guesses), dtype=np.int32)
    d = cap if cap is not None else len(answers)
    want = exhaustive_optimum(answers, guesses, HARD[rule], cap)
    for impl in (core, _core_py):
        v, g = impl.Solver(table, gc, answer_guess, rule, 1).solve_set(S, L, d)
        if want is None:
            assert v >= impl.INFINITY, impl
        else:
            assert v == want and 0 <= g < len(guesses), impl
    return table, gc, want


@pytest.mark.parametrize("rule", [0, 1, 2], ids=["easy", "nyt", "strict"])
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=instances(max_answers=8), cap=st.sampled_from([None, 2, 3, 4]))
def test_solver_optimum_equals_the_oracle(rule, case, cap):
    _optimum_checks(case, rule, cap)


@pytest.mark.slow
@pytest.mark.parametrize("rule", [0, 1, 2], ids=["easy", "nyt", "strict"])
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=instances(max_answers=11, max_extra=4), cap=st.sampled_from([None, 2, 3, 4, 5]))
def test_solver_optimum_equals_the_oracle_more(rule, case, cap):
    _optimum_checks(case, rule, cap)


@pytest.mark.parametrize("rule", [0, 1, 2], ids=["easy", "nyt", "strict"])
def test_eight_letters_once(rule):
    a, b, c, e = 5, 17, 40, 63
    answers = [
        (a, b, c, e, a, b, c, e),
        (a, a, b, b, c, c, e, e),
        (e, c, b, a, e, c, b, a),
        (a, a, a, a, b, b, b, b),
        (b, a, b, a, b, a, b, a),
        (c, c, c, c, c, c, c, a),
    ]
    guesses = answers + [(a, b, c, e, e, c, b, a), (e, e, e, e, a, a, a, a)]
    table, gc, want = _optimum_checks((8, answers, guesses), rule, None)
    assert table.dtype == np.uint16 and want is not None


# ------------------------------------------------------------------ heuristics and bounds


@settings(max_examples=100, deadline=None)
@given(case=instances(lengths=(4, 6, 7, 8), max_answers=10, max_extra=5), data=st.data())
def test_heuristics_compiled_equal_twin(case, data):
    length, answers, guesses = case
    ac, gc, _ = arrays(answers, guesses)
    _, H, _ = compiled(length)
    table = compiled(length)[0].pattern_table_codes(gc, ac)
    cands = np.array(sorted(data.draw(st.sets(st.integers(0, len(answers) - 1), min_size=1))), np.int32)
    legal = np.arange(len(guesses), dtype=np.int32)
    for got, want in zip(H.score_guesses(table, cands, legal), _heuristics_py.score_guesses(table, cands, legal)):
        np.testing.assert_allclose(got, want, atol=1e-9)
    np.testing.assert_allclose(
        H.lookahead_entropy(table, cands, legal, legal),
        _heuristics_py.lookahead_entropy(table, cands, legal, legal),
        atol=1e-9,
    )
    g = data.draw(st.integers(0, len(guesses) - 1))
    p = int(table[g, cands[0]])
    assert (
        H.filter_candidates(table, cands, g, p).tolist()
        == _heuristics_py.filter_candidates(table, cands, g, p).tolist()
    )
    for fast, slow in ((H.legal_nyt, _heuristics_py.legal_nyt), (H.legal_strict, _heuristics_py.legal_strict)):
        assert fast(gc, legal, gc[g], p).tolist() == slow(gc, legal, gc[g], p).tolist()
    assert (
        H.frequency_scores(ac, cands, gc, legal).tolist()
        == _heuristics_py.frequency_scores(ac, cands, gc, legal).tolist()
    )


@pytest.mark.parametrize("rule", [0, 1, 2], ids=["easy", "nyt", "strict"])
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=instances(max_answers=8), d=st.sampled_from([2, 3, 4, 6]), data=st.data())
def test_bounder_compiled_equals_twin_and_is_below_the_optimum(rule, case, d, data):
    length, answers, guesses = case
    ac, gc, _ = arrays(answers, guesses)
    core, _, bounds = compiled(length)
    table = core.pattern_table_codes(gc, ac)
    fast, slow = bounds.Bounder(table, gc, rule), _bounds_py.Bounder(table, gc, rule)
    assert fast.quick(d).tolist() == slow.quick(d).tolist()
    o = data.draw(st.integers(0, len(guesses) - 1))
    assert fast.opener(o, d) == slow.opener(o, d)
    for got, want in zip(fast.opener_groups(o, d), slow.opener_groups(o, d)):
        assert got.tolist() == want.tolist()
    S = np.arange(len(answers), dtype=np.int32)
    L = np.arange(len(guesses), dtype=np.int32)
    assert fast.group(S, L, d) == slow.group(S, L, d)
    exact = exhaustive_optimum(answers, guesses, HARD[rule], d, opener=guesses[o])
    if exact is not None:
        assert fast.quick(d)[o] <= fast.opener(o, d) <= exact
    best = exhaustive_optimum(answers, guesses, HARD[rule], d)
    if best is not None:
        assert fast.group(S, L, d) <= best


def test_lb_size_uses_the_lengths_colourings():
    # Four letters have 81 colourings: 82 answers cannot all be done in two
    # guesses, and need at least 3 * 82 - 82 = 164 (at most 80 groups of the
    # first guess each let the second guess hit one answer).
    assert plain.lb_size(82, 2, rules.npat(4)) >= _core_py.INFINITY
    assert plain.lb_size(82, 3, rules.npat(4)) == 1 + 2 * 80 + 3 * 1
    assert plain.lb_size(82, 3, rules.npat(5)) == 2 * 82 - 1


def test_compiled_bounds_use_the_lengths_colourings():
    # 256 four-letter answers over 4 letters; a guess of a fifth letter leaves
    # them in one group, which needs 3 * 256 - 81 - 1 guesses with three left.
    words = [(a, b, c, d) for a in range(4) for b in range(4) for c in range(4) for d in range(4)]
    ac = np.array(words, dtype=np.uint8)
    gc = np.array(words + [(9, 9, 9, 9)], dtype=np.uint8)
    core, _, bounds = compiled(4)
    table = core.pattern_table_codes(gc, ac)
    fast, slow = bounds.Bounder(table, gc, 0), _bounds_py.Bounder(table, gc, 0)
    assert fast.quick(4)[-1] == slow.quick(4)[-1] == 256 + 3 * 256 - 82
    assert fast.quick(3)[-1] >= core.INFINITY and slow.quick(3)[-1] >= core.INFINITY
