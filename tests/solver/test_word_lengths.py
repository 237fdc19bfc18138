"""The search at other word lengths and alphabets (issue 13) against the
exhaustive oracle: on small generated lists of 4, 6 and 7 letters, with
repeated letters and small alphabets (non-ASCII letters included), the optimum
of `search` (easy, nyt, strict; with and without a cap) equals
`oracle.exhaustive_optimum`, and the tree it returns passes `verify`."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt import search, verify
from wordle_opt.wordlists import WordLists

# Small alphabets make repeated letters and big colour groups common; the
# second and third use letters outside a-z (and 'ß', whose upper case is 'SS').
ALPHABETS = ("abc", "äöüß", "ñaéo", "xyzw")


@st.composite
def instances(draw, length: int):
    """Answers that vary one base word in one or two places (so that no guess
    splits them all and the optimum is more than a perfect split), plus a few
    other guesses; a rule, a cap and an opener (or none)."""
    alphabet = draw(st.sampled_from(ALPHABETS))
    base = draw(st.text(alphabet=alphabet, min_size=length, max_size=length))
    changes = st.lists(st.tuples(st.integers(0, length - 1), st.sampled_from(alphabet)), min_size=1, max_size=2)

    def vary(edits) -> str:
        w = list(base)
        for i, c in edits:
            w[i] = c
        return "".join(w)

    answers = draw(st.lists(changes.map(vary), min_size=1, max_size=7, unique=True))
    extra = draw(st.lists(st.text(alphabet=alphabet, min_size=length, max_size=length), max_size=3, unique=True))
    hard = draw(st.sampled_from([None, "nyt", "strict"]))
    cap = draw(st.sampled_from([None, 2, 3, 6]))
    opener = draw(st.one_of(st.none(), st.sampled_from(sorted(set(answers) | set(extra)))))
    return answers, extra, hard, cap, opener


def _check(answers, extra, hard, cap, opener):
    lists = WordLists("gen", tuple(answers), tuple(sorted(set(answers) | set(extra))))
    want = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=opener)
    res = search(opener, hard=hard, answers=lists, max_guesses=cap, threads=1)
    if want is None:
        assert not res.feasible
        return
    assert res.feasible and res.proven
    assert res.tree.total == want
    rep = verify(res.tree, hard=hard, max_guesses=cap)
    assert rep.ok, rep.errors
    assert rep.total == want


_SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(max_examples=60, **_SETTINGS)
@given(instances(4))
def test_four_letters_equal_the_oracle(case):
    _check(*case)


@settings(max_examples=60, **_SETTINGS)
@given(instances(6))
def test_six_letters_equal_the_oracle(case):
    _check(*case)


@settings(max_examples=40, **_SETTINGS)
@given(instances(7))
def test_seven_letters_equal_the_oracle(case):
    _check(*case)


@settings(max_examples=15, **_SETTINGS)
@given(instances(4))
def test_four_letter_opener_ranking_equals_the_oracle(case):
    from wordle_opt import rank_openers

    answers, extra, hard, cap, _ = case
    lists = WordLists("gen", tuple(answers), tuple(sorted(set(answers) | set(extra))))
    ranking = rank_openers(answers=lists, hard=hard, max_guesses=cap, top=len(lists.guesses)).ranking
    for r in ranking:
        assert r.total == exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=r.word), (
            r.word
        )


@pytest.mark.slow
@settings(max_examples=300, **_SETTINGS)
@given(st.sampled_from([4, 6, 7, 8]).flatmap(instances))
def test_every_length_equals_the_oracle_many_cases(case):
    _check(*case)
