"""The plain-Python exhaustive optimum (the oracle for the compiled search).

Hand-derived optima first, then properties on generated instances, and a
second, naive oracle (no skipping, no early stop) on tiny ones.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum, exhaustive_tree

from wordle_opt.rules import ALL_GREEN, score_words, violation
from wordle_opt.trees.verification import verify

FOUR_IGHT = ("fight", "light", "might", "sight")


# ------------------------------------------------------------ by hand


def test_one_answer_costs_one():
    assert exhaustive_optimum(["crane"], ["crane"]) == 1
    # a cap of one guess is enough for one answer
    assert exhaustive_optimum(["crane"], ["crane", "slate"], max_guesses=1) == 1


def test_two_answers_cost_three():
    # Guess one of them: it is solved in 1, the other in 2.  Nothing beats 1 + 2.
    assert exhaustive_optimum(["fight", "light"], ["fight", "light"]) == 3
    # A cap of one guess cannot solve two answers.
    assert exhaustive_optimum(["fight", "light"], ["fight", "light"], max_guesses=1) is None


def test_three_answers_split_by_one_of_them_cost_five():
    # CRANE vs SLATE = BBGBG, vs PIOUS = BBBBB: CRANE splits the other two apart,
    # so 1 (crane) + 2 + 2 = 5 = 2n - 1, the least possible for 3 answers.
    assert score_words("crane", "slate") != score_words("crane", "pious")
    assert exhaustive_optimum(["crane", "slate", "pious"], ["crane", "slate", "pious"]) == 5


def test_ight_cluster_needs_a_guess_outside_the_answers():
    # Any _IGHT guess colours every other _IGHT answer BGGGG: only one answer
    # leaves per guess, so with answers alone the cost is 1 + 2 + 3 + 4 = 10.
    assert exhaustive_optimum(FOUR_IGHT, FOUR_IGHT) == 10
    # FLAMS gives FIGHT GBBBB, LIGHT BYBBB, MIGHT BBBYB, SIGHT BBBBY: all apart,
    # so 4 + 4 = 8.  7 (= 2n - 1) would need an answer that splits the other
    # three apart, and none does; so 8 is optimal.
    assert len({score_words("flams", a) for a in FOUR_IGHT}) == 4
    guesses = FOUR_IGHT + ("flams",)
    assert exhaustive_optimum(FOUR_IGHT, guesses) == 8
    tree = exhaustive_tree(FOUR_IGHT, guesses)
    assert tree.guess == "flams" and all(not c.children for c in tree.children.values())


def test_the_cap_can_make_it_infeasible():
    # With answers alone the last _IGHT answer needs 4 guesses.
    assert exhaustive_optimum(FOUR_IGHT, FOUR_IGHT, max_guesses=4) == 10
    assert exhaustive_optimum(FOUR_IGHT, FOUR_IGHT, max_guesses=3) is None
    assert exhaustive_tree(FOUR_IGHT, FOUR_IGHT, max_guesses=3) is None
    # FLAMS then the answer: 2 guesses each.
    assert exhaustive_optimum(FOUR_IGHT, FOUR_IGHT + ("flams",), max_guesses=2) == 8
    assert exhaustive_optimum(FOUR_IGHT, FOUR_IGHT + ("flams",), max_guesses=1) is None


def test_caps_that_allow_the_optimal_depth_change_nothing():
    # With FLAMS the optimum 8 is 2 deep, so every cap from 2 up gives 8.
    for cap in (2, 3, 6, None):
        assert exhaustive_optimum(FOUR_IGHT, FOUR_IGHT + ("flams",), max_guesses=cap) == 8


def test_hard_mode_costs_more_after_a_forced_opener():
    # Opener TIGHT (not an answer) colours all four answers BGGGG.
    guesses = FOUR_IGHT + ("flams", "tight")
    assert {score_words("tight", a) for a in FOUR_IGHT} == {score_words("tight", "fight")}
    # Easy: then FLAMS splits them: 4 + (4 + 4) = 12.
    assert exhaustive_optimum(FOUR_IGHT, guesses, opener="tight") == 12
    # Hard (either rule): the greens I, G, H, T must stay, so FLAMS is illegal
    # and only _IGHT words remain: 4 + (1 + 2 + 3 + 4) = 14.
    assert violation([("tight", score_words("tight", "fight"))], "flams", "nyt")
    assert exhaustive_optimum(FOUR_IGHT, guesses, hard="nyt", opener="tight") == 14
    assert exhaustive_optimum(FOUR_IGHT, guesses, hard="strict", opener="tight") == 14
    # Without the forced opener FLAMS comes first and hard mode costs nothing.
    assert exhaustive_optimum(FOUR_IGHT, guesses, hard="nyt") == 8


def test_strict_is_infeasible_where_nyt_finishes_under_a_cap():
    # After TRACE, BEACH / LEACH / PEACH all colour BBGGY, and each of them
    # colours the other two BGGGG: no candidate splits the rest.  PLACE
    # keeps A, C in place and E (NYT-legal) but cannot be the answer (strict-
    # illegal), and splits all three.
    answers = ("beach", "leach", "peach")
    guesses = answers + ("place", "trace")
    assert len({score_words("trace", a) for a in answers}) == 1
    assert len({score_words("place", a) for a in answers}) == 3
    h = [("trace", score_words("trace", "beach"))]
    assert violation(h, "place", "nyt") is None and violation(h, "place", "strict")
    # Uncapped, both rules: 3 (TRACE) + 3 + (2 + 1) = 9 via a candidate; PLACE
    # ties: 3 + 3 + 3 = 9.
    for rule in (None, "nyt", "strict"):
        assert exhaustive_optimum(answers, guesses, hard=rule, opener="trace") == 9
    # Within 3 guesses only PLACE finishes: 3 + 3 + 3 = 9 in easy and NYT;
    # strict must guess a candidate, leaving two that need guesses 3 and 4.
    assert exhaustive_optimum(answers, guesses, opener="trace", max_guesses=3) == 9
    assert exhaustive_optimum(answers, guesses, hard="nyt", opener="trace", max_guesses=3) == 9
    assert exhaustive_optimum(answers, guesses, hard="strict", opener="trace", max_guesses=3) is None


def test_opener_must_be_a_guess():
    with pytest.raises(ValueError, match="opener"):
        exhaustive_optimum(FOUR_IGHT, FOUR_IGHT, opener="crane")


# ------------------------------------------------------------ a naive second oracle


def naive_optimum(answers, guesses, hard, cap):
    """Every legal guess at every node, useless or not, no early stop; needs a cap."""
    inf = float("inf")

    def cost(S, history, d):
        if d == 0:
            return inf
        best = inf
        for g in guesses:
            if violation(history, g, hard) is not None:
                continue
            groups = {}
            for a in S:
                groups.setdefault(score_words(g, a), []).append(a)
            total = len(S)
            for p, part in groups.items():
                if p != ALL_GREEN:
                    total += cost(part, history + [(g, p)], d - 1)
            best = min(best, total)
        return best

    v = cost(list(answers), [], cap)
    return None if v == inf else int(v)


POOL = (
    "fight",
    "light",
    "might",
    "sight",
    "night",
    "batch",
    "catch",
    "match",
    "patch",
    "crane",
    "slate",
    "acorn",
    "ranch",
    "flams",
    "tight",
    "cairn",
    "pious",
    "mound",
    "sound",
)

tiny = st.tuples(
    st.lists(st.sampled_from(POOL), min_size=1, max_size=4, unique=True),
    st.lists(st.sampled_from(POOL), min_size=0, max_size=2, unique=True),
    st.sampled_from([None, "nyt", "strict"]),
    st.integers(min_value=1, max_value=3),
)


@settings(max_examples=60, deadline=None)
@given(tiny)
def test_agrees_with_a_naive_search_on_tiny_instances(case):
    answers, extra, hard, cap = case
    guesses = tuple(dict.fromkeys(list(answers) + list(extra)))
    assert exhaustive_optimum(answers, guesses, hard=hard, max_guesses=cap) == naive_optimum(
        answers, guesses, hard, cap
    )


# ------------------------------------------------------------ properties

CLUSTERS = (
    "fight",
    "light",
    "might",
    "night",
    "right",
    "sight",
    "tight",
    "wight",
    "batch",
    "catch",
    "hatch",
    "latch",
    "match",
    "patch",
    "watch",
    "bound",
    "found",
    "hound",
    "mound",
    "pound",
    "round",
    "sound",
    "wound",
)
OTHERS = ("salet", "crane", "flomp", "wrist", "thumb", "clamp", "dwarf", "bowel", "chump", "group")

instances = st.tuples(
    st.lists(st.sampled_from(CLUSTERS + OTHERS), min_size=1, max_size=12, unique=True),
    st.lists(st.sampled_from(CLUSTERS + OTHERS), min_size=0, max_size=8, unique=True),
)


@settings(max_examples=40, deadline=None)
@given(instances, st.sampled_from([None, "nyt", "strict"]), st.sampled_from([None, 3, 4, 6]))
def test_optimal_tree_verifies_with_the_optimum(inst, hard, cap):
    answers, extra = inst
    guesses = tuple(dict.fromkeys(answers + extra))
    value = exhaustive_optimum(answers, guesses, hard=hard, max_guesses=cap)
    tree = exhaustive_tree(answers, guesses, hard=hard, max_guesses=cap)
    if value is None:
        assert tree is None
        return
    assert value >= 2 * len(answers) - 1
    rep = verify(tree, answers=answers, guesses=guesses, hard=hard or "easy", max_guesses=cap)
    assert rep.ok, rep.errors
    assert rep.total == value


@settings(max_examples=30, deadline=None)
@given(instances)
def test_harder_rules_and_tighter_caps_never_help(inst):
    answers, extra = inst
    guesses = tuple(dict.fromkeys(answers + extra))
    inf = float("inf")

    def opt(**kw):
        v = exhaustive_optimum(answers, guesses, **kw)
        return inf if v is None else v

    easy, nyt, strict = opt(), opt(hard="nyt"), opt(hard="strict")
    assert easy <= nyt <= strict < inf  # uncapped is always solvable
    assert opt(max_guesses=3) >= opt(max_guesses=4) >= opt(max_guesses=6) >= easy
    assert opt(hard="strict", max_guesses=4) >= opt(hard="nyt", max_guesses=4)
