"""The cap proofs (wordle_opt/_caps.pyx.tp): compiled == plain twin ==
the exhaustive search, on small generated instances at several lengths, with
the witnesses a prover keeps between calls; and the original game's openers."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt.core import _caps_py
from wordle_opt.wordlists import WordLists, load_lists


def _compiled_caps(length: int):
    """The compiled module for a length, whatever the switch says."""
    from wordle_opt.core import _caps, _caps_wide

    return _caps if length <= 5 else _caps_wide


@st.composite
def families(draw, length: int):
    """Near-twins like catch, hatch, latch, match: one base word with one or
    two positions varied over many letters.  A guess tells apart at most a
    few of them, so such sets often need three guesses or four."""
    base = list(draw(st.text("abcdeä", min_size=length, max_size=length)))
    where = draw(st.lists(st.integers(0, length - 1), min_size=1, max_size=2, unique=True))
    fills = st.text("fghijklmnopß", min_size=len(where), max_size=len(where))
    words = []
    for fill in draw(st.lists(fills, min_size=2, max_size=14, unique=True)):
        w = base[:]
        for i, c in zip(where, fill):
            w[i] = c
        words.append("".join(w))
    return list(dict.fromkeys(words))


@st.composite
def instances(draw):
    """Lists of 4-, 5- or 6-letter words: random words over a few letters, or
    families of near-twins with a few other guesses; and subsets of the answers."""
    length = draw(st.sampled_from([4, 5, 6]))
    letters = draw(st.sampled_from(["abc", "abcde", "aeiou", "äöüß", "abcdefghijklmnop"]))
    word = st.text(letters, min_size=length, max_size=length)
    answers = draw(st.one_of(st.lists(word, min_size=2, max_size=14, unique=True), families(length)))
    extra = draw(st.lists(word, max_size=6, unique=True))
    lists = WordLists.from_words(answers, answers + [w for w in extra if w not in answers])
    sets = draw(
        st.lists(
            st.lists(st.integers(0, len(lists.answers) - 1), min_size=1, max_size=12, unique=True),
            min_size=1,
            max_size=6,
        )
    )
    return lists, [np.array(sorted(s), dtype=np.int32) for s in sets]


def _fits(lists: WordLists, S: np.ndarray, cap: int) -> bool:
    """The definition: some tree solves every answer of S within cap guesses."""
    return exhaustive_optimum([lists.answers[a] for a in S], lists.guesses, max_guesses=cap) is not None


def _splits(table, g: int, S: np.ndarray) -> bool:
    return len(set(table[g, S].tolist())) == len(S)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances())
def test_within2_and_within3_equal_the_twin_and_the_exhaustive_search(case):
    lists, sets = case
    table = np.ascontiguousarray(lists.table)
    compiled = _compiled_caps(lists.length).CapProver(table, lists.length)  # one prover: its witnesses carry over
    twin = _caps_py.CapProver(table, lists.length)
    for S in sets:
        h, h_twin = compiled.within2(S), twin.within2(S)
        assert (h >= 0) == (h_twin >= 0) == _fits(lists, S, 2)
        if h >= 0 and len(S) > 1:
            assert _splits(table, h, S)
        g, g_twin = compiled.within3(S), twin.within3(S)
        assert (g >= 0) == (g_twin >= 0) == _fits(lists, S, 3)
        if g >= 0 and len(S) > 2:
            row = table[g, S]
            assert all(twin.within2(S[row == p]) >= 0 for p in set(row.tolist()) if p != compiled.all_green)
    for W in compiled.witnesses:  # each kept witness is one: no guess splits it into singletons
        assert len(W) >= 2 and twin.within2(W) == -1


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances())
def test_within4_equals_the_twin_and_the_exhaustive_search(case):
    """(Near-twin families of five or more need five guesses or more when
    few guesses tell them apart: the "no" side occurs.)"""
    lists, sets = case
    table = np.ascontiguousarray(lists.table)
    compiled = _compiled_caps(lists.length).CapProver(table, lists.length)  # its witnesses carry over
    twin = _caps_py.CapProver(table, lists.length)
    for S in sets + [np.arange(len(lists.answers), dtype=np.int32)]:
        g, g_twin = compiled.within4(S), twin.within4(S)
        assert (g >= 0) == (g_twin >= 0) == _fits(lists, S, 4)
        if g >= 0 and len(S) > 3:
            row = table[g, S]
            assert all(twin.within3(S[row == p]) >= 0 for p in set(row.tolist()) if p != compiled.all_green)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances())
def test_opener_fits_a_cap_exactly_when_the_exhaustive_search_finds_a_tree(case):
    lists, _ = case
    table = np.ascontiguousarray(lists.table)
    compiled = _compiled_caps(lists.length).CapProver(table, lists.length)
    twin = _caps_py.CapProver(table, lists.length)
    for cap in (1, 2, 3, 4):
        for o, g in enumerate(lists.guesses):
            want = exhaustive_optimum(lists.answers, lists.guesses, max_guesses=cap, opener=g) is not None
            assert compiled.opener(o, cap) == twin.opener(o, cap) == want, (g, cap)


def test_bad_arguments_are_one_line_errors():
    lists = WordLists.from_words(["crane", "slate", "trace"])
    for caps in (_compiled_caps(5), _caps_py):
        prover = caps.CapProver(np.ascontiguousarray(lists.table), 5)
        with pytest.raises(ValueError, match="cap 5 is not 1..4"):
            prover.opener(0, 5)
        with pytest.raises(ValueError, match="guess 9 is not"):
            prover.opener(9, 4)
        with pytest.raises(ValueError, match="answer 7 is not 0..2"):
            prover.within3(np.array([0, 7], dtype=np.int32))
        with pytest.raises(ValueError, match="answer -1 is not 0..2"):
            prover.within4(np.array([-1, 0], dtype=np.int32))


def test_salet_needs_five_guesses_on_the_original_lists():
    """(The worst case of SALET's best tree is 5: its largest group, the 221
    answers without s, a, l, e, t, is not within 3.)"""
    lists = load_lists("original")
    table = np.ascontiguousarray(lists.table)
    prover = _compiled_caps(5).CapProver(table, 5)
    salet = lists.guesses.index("salet")
    assert not prover.opener(salet, 4)
    grey = np.flatnonzero(table[salet] == 0).astype(np.int32)
    assert len(grey) == 221 and prover.within3(grey) == -1
    # Every witness that proof kept is one (checked by the twin, which keeps none).
    twin = _caps_py.CapProver(table, 5)
    for W in prover.witnesses[:20]:
        assert twin.within2(W) == -1


@pytest.mark.slow
def test_the_cap_proofs_agree_with_the_exact_search_on_groups_of_the_original_game():
    """Two independent exact methods: the cap proofs and the core's capped
    search, on mid-sized groups (both answers occur; ~1 min, most of it the
    exact search's proofs that a group does not fit)."""
    from wordle_opt.solver.engine import Engine

    lists = load_lists("original")
    engine = Engine(lists, None, threads=1, cache_mb=64)
    seen = set()
    for word in ("salet", "crane", "fuzzy", "mummy"):
        row = engine.table[lists.guesses.index(word)]
        for p in np.unique(row):
            S = np.flatnonzero(row == p).astype(np.int32)
            if 12 <= len(S) <= 70:
                for d in (2, 3):
                    fits = engine.within(S, d)
                    assert fits == (engine.solve_group(S, engine.all_guesses, d)[1] is not None), (word, p, d)
                    seen.add((d, fits))
    assert {(2, False), (3, True), (3, False)} <= seen
