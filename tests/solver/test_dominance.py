"""The guesses a search leaves out as dominated (wordle_opt.solver.dominance)
against the colourings and the exhaustive oracle, easy mode."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt import load_lists
from wordle_opt.rules import score_words
from wordle_opt.solver.dominance import neighbour_keys, undominated

# Random words over a few letters: many pairs one letter apart, repeated
# letters, and letters the answers lack (a dominated guess needs both): the
# answers have none of e and f, and often not every one of a-d.
strings = st.text(alphabet="abcdef", min_size=4, max_size=4)
answer_strings = st.text(alphabet="abcd", min_size=4, max_size=4)


def _codes(words):
    return np.array([[ord(c) - ord("a") for c in w] for w in words], dtype=np.uint8)


def _refines(h, g, answers) -> bool:
    """Does g's colouring of each answer give h's (as many pairs as g's colourings)?"""
    ours = [score_words(g, a) for a in answers]
    return len(set(zip(ours, (score_words(h, a) for a in answers)))) == len(set(ours))


def _dominated(guesses, answers):
    """The definition, word by word: h is dominated by another guess g with
    h's letters wherever h has a letter of the answers, and fewer absent
    letters, or as many and an earlier place in the list."""
    letters = set("".join(answers))
    out = set()
    for i, h in enumerate(guesses):
        where = [p for p, x in enumerate(h) if x in letters]
        absent = len(h) - len(where)
        for j, g in enumerate(guesses):
            if g != h and all(g[p] == h[p] for p in where):
                g_absent = sum(x not in letters for x in g)
                if g_absent < absent or (g_absent == absent and j < i):
                    out.add(h)
                    break
    return out


@settings(max_examples=300, deadline=None)
@given(
    guesses=st.lists(strings, min_size=1, max_size=40, unique=True),
    answers=st.lists(answer_strings, min_size=1, max_size=12, unique=True),
)
def test_the_undominated_guesses_are_the_definition_s(guesses, answers):
    # The kept guesses, ascending, are exactly those the definition keeps;
    # a dropped guess hits no answer.
    guesses = sorted(set(guesses) | set(answers))
    keep = undominated(_codes(guesses), _codes(answers))
    assert list(keep) == sorted(set(keep.tolist()))
    dropped = set(guesses) - {guesses[i] for i in keep}
    assert dropped == _dominated(guesses, answers)
    assert not dropped & set(answers)


@settings(max_examples=300, deadline=None)
@given(
    words=st.lists(strings, min_size=2, max_size=30, unique=True),
    answers=st.lists(answer_strings, min_size=1, max_size=12, unique=True),
)
def test_a_word_with_other_letters_where_the_answers_have_none_refines_it(words, answers):
    # The rule itself, for any strings (repeated letters too, words in
    # between not needed): g, alike h wherever h has a letter of the answers,
    # colours the answers at least as finely as h.
    letters = set("".join(answers))
    for h in words:
        where = [p for p, x in enumerate(h) if x in letters]
        for g in words:
            if g != h and all(g[p] == h[p] for p in where):
                assert _refines(h, g, answers), (h, g)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    guesses=st.lists(strings, min_size=1, max_size=14, unique=True),
    answers=st.lists(answer_strings, min_size=1, max_size=7, unique=True),
    cap=st.sampled_from([None, 2, 3]),
)
def test_the_undominated_first_guesses_reach_the_exhaustive_optimum(guesses, answers, cap):
    # The best of the kept guesses as the first guess is the optimum over
    # every guess (None: no tree within the cap, either way).
    guesses = sorted(set(guesses) | set(answers))
    expected = exhaustive_optimum(answers, guesses, max_guesses=cap)
    keep = undominated(_codes(guesses), _codes(answers))
    values = [exhaustive_optimum(answers, guesses, max_guesses=cap, opener=guesses[i]) for i in keep]
    found = [v for v in values if v is not None]
    assert (min(found) if found else None) == expected


def test_the_big_groups_drop_the_guesses_with_their_absent_letters():
    # TOOTH's 973 greys (original lists) lack h, o and t: SLATE is refined by
    # SLANE (N for T), so only SLANE stays; a guess of S's letters stays.
    lists = load_lists("original")
    tooth = lists.guesses.index("tooth")
    S = np.flatnonzero(lists.table[tooth] == 0)
    keep = set(undominated(lists.guess_codes, lists.answer_codes[S]).tolist())
    assert lists.guesses.index("slane") in keep and lists.guesses.index("slate") not in keep
    assert len(S) == 973 and 8000 < len(keep) < 9500


def test_words_too_long_to_pack_give_the_same_guesses():
    # Without keys (words too long for one integer) the letters are compared
    # themselves: the same undominated guesses.
    rng = np.random.default_rng(7)
    codes = rng.integers(0, 6, size=(400, 5)).astype(np.uint8)
    answers = rng.integers(0, 4, size=(30, 5)).astype(np.uint8)
    wide = np.concatenate([codes, np.full((400, 9), 60, dtype=np.uint8)], axis=1)
    wide_answers = np.concatenate([answers, np.full((30, 9), 60, dtype=np.uint8)], axis=1)
    assert neighbour_keys(wide) is None
    kept = undominated(codes, answers)
    assert len(kept) < 400
    assert undominated(wide, wide_answers).tolist() == kept.tolist()
