"""The opener bounds: compiled vs plain twin (Hypothesis), and sound against the oracle."""

from __future__ import annotations

import numpy as np
import pytest
from bounders import twins, word_lists
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum
from wordpools import IGHT_OUND, POOL, REPEATS

from wordle_opt.core import _bounds, _bounds_py, _bounds_wide, _core, _core_wide
from wordle_opt.wordlists import WordLists

RULES = {None: 0, "nyt": 1, "strict": 2}
WORDS = POOL + REPEATS

lists_st = st.tuples(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=14, unique=True),
    st.lists(st.sampled_from(WORDS), min_size=0, max_size=8, unique=True),
)


_lists, _pair = word_lists, twins


def test_twins_export_the_same_names():
    public = {"Bounder", "INFINITY"}
    assert public <= set(dir(_bounds)) and public <= set(dir(_bounds_py))
    for name in ("quick", "opener", "opener_groups", "group", "letter_caps", "subset_cap_table"):
        assert hasattr(_bounds.Bounder, name) and hasattr(_bounds_py.Bounder, name)
    assert _bounds.INFINITY == _bounds_py.INFINITY


@settings(max_examples=60, deadline=None)
@given(lists_st, st.sampled_from(sorted(RULES, key=str)), st.integers(0, 6), st.data())
def test_compiled_bounds_equal_the_plain_twin(case, hard, d, data):
    lists = _lists(case)
    fast, slow = _pair(lists, RULES[hard])
    assert fast.quick(d).tolist() == slow.quick(d).tolist()
    o = data.draw(st.integers(0, len(lists.guesses) - 1), label="opener")
    stop = data.draw(st.integers(-1, 3 * len(lists.answers) + 5), label="stop")
    # The contract with a stop: the full bound v when v < stop, else some
    # value between stop and v (the twins may stop at different points).
    full, v = slow.opener(o, d), fast.opener(o, d, stop)
    assert fast.opener(o, d) == full
    if stop <= 0 or full < stop:
        assert v == full == slow.opener(o, d, stop)
    else:
        assert stop <= v <= full and stop <= slow.opener(o, d, stop) <= full
    for a, b in zip(fast.opener_groups(o, d), slow.opener_groups(o, d)):
        assert a.tolist() == b.tolist()
    S = np.array(sorted(data.draw(st.sets(st.integers(0, len(lists.answers) - 1)), label="S")), dtype=np.int32)
    L = np.array(sorted(data.draw(st.sets(st.integers(0, len(lists.guesses) - 1)), label="L")), dtype=np.int32)
    assert fast.group(S, L, d) == slow.group(S, L, d)


@settings(max_examples=40, deadline=None)
@given(lists_st, st.sampled_from(sorted(RULES, key=str)), st.sampled_from([None, 2, 3, 4, 6]), st.data())
def test_opener_bounds_never_exceed_the_optimum(case, hard, cap, data):
    lists = _lists(case)
    fast, _ = _pair(lists, RULES[hard])
    o = data.draw(st.integers(0, len(lists.guesses) - 1), label="opener")
    d = len(lists.answers) + 1 if cap is None else cap
    exact = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=lists.guesses[o])
    bound = fast.opener(o, d)
    assert fast.quick(d)[o] <= bound
    if exact is None:
        return  # (an infeasible opener may have any bound)
    assert bound <= exact


@settings(max_examples=40, deadline=None)
@given(lists_st, st.sampled_from([None, 3, 4, 6]), st.data())
def test_a_stopped_easy_bound_never_exceeds_the_optimum(case, cap, data):
    """Easy mode stops its one sweep over the guesses as soon as the bound on
    what the unswept guesses can give passes stop: that value is a lower
    bound too, at least stop and at most the full bound."""
    lists = _lists(case)
    fast, _ = _pair(lists, 0)
    o = data.draw(st.integers(0, len(lists.guesses) - 1), label="opener")
    d = len(lists.answers) + 1 if cap is None else cap
    full = fast.opener(o, d)
    stop = data.draw(st.integers(1, max(1, min(full, 3 * len(lists.answers) + 5))), label="stop")
    v = fast.opener(o, d, stop)
    assert stop <= v <= full or v == full < stop
    exact = exhaustive_optimum(lists.answers, lists.guesses, max_guesses=cap, opener=lists.guesses[o])
    if exact is not None:
        assert v <= exact


@settings(max_examples=30, deadline=None)
@given(lists_st, st.sampled_from(sorted(RULES, key=str)), st.integers(0, 6), st.data())
def test_a_repeated_guess_changes_no_bound(case, hard, d, data):
    """A guess listed twice hits its answer twice: the sweep's shortcut (only
    the guesses that hit an answer of a group can give it a hit) must still
    see every such guess, so the bounds equal those without the copy."""
    lists = _lists(case)
    g = data.draw(st.integers(0, len(lists.guesses) - 1), label="repeated guess")
    table, codes = np.ascontiguousarray(lists.table), np.ascontiguousarray(lists.guess_codes)
    plain = _bounds.Bounder(table, codes, RULES[hard])
    twice = _bounds.Bounder(
        np.ascontiguousarray(np.vstack([table, table[g : g + 1]])),
        np.ascontiguousarray(np.vstack([codes, codes[g : g + 1]])),
        RULES[hard],
    )
    assert twice.quick(d).tolist()[:-1] == plain.quick(d).tolist()
    for o in range(len(lists.guesses)):
        assert twice.opener(o, d) == plain.opener(o, d)


def _sweep_variant(b, memo: bool, small_min: int, memo_min: int, small_stages: int = 1, subset_min: int = -1):
    b.group_memo, b.small_min, b.memo_min, b.small_stages = memo, small_min, memo_min, small_stages
    b.subset_caps, b.subset_min = subset_min >= 0, max(subset_min, 0)
    return b


@settings(max_examples=40, deadline=None)
@given(lists_st, st.sampled_from(sorted(RULES, key=str)), st.sampled_from([None, 3, 4, 6]), st.data())
def test_the_group_memo_and_the_small_groups_sweep_change_no_bound(case, hard, cap, data):
    """Many openers on one Bounder, the group memo warm (every group of 3
    answers or more kept), the small groups swept apart (in one sweep or
    in stages by size) and the subset caps on or off: each full bound
    equals a fresh Bounder's without any of them, compiled and plain; a
    stopped one keeps the contract; none exceeds the optimum."""
    lists = _lists(case)
    d = len(lists.answers) + 1 if cap is None else cap
    table, codes = np.ascontiguousarray(lists.table), np.ascontiguousarray(lists.guess_codes)
    small_min = data.draw(st.integers(0, 12), label="small_min")
    stages = data.draw(st.integers(1, 5), label="small_stages")
    subset_min = data.draw(st.integers(-1, 6), label="subset_min (-1: no subset caps)")
    fast = _sweep_variant(_bounds.Bounder(table, codes, RULES[hard]), True, small_min, 3, stages, subset_min)
    slow = _sweep_variant(_bounds_py.Bounder(table, codes, RULES[hard]), True, small_min, 3, stages, subset_min)
    ref = _sweep_variant(_bounds.Bounder(table, codes, RULES[hard]), False, 0, 3)
    openers = data.draw(st.lists(st.integers(0, len(lists.guesses) - 1), min_size=1, max_size=12), label="openers")
    for o in openers:
        full = ref.opener(o, d)
        stop = data.draw(st.integers(-1, 3 * len(lists.answers) + 5), label="stop")
        v = fast.opener(o, d, stop)
        if stop <= 0 or full < stop:
            assert v == full == slow.opener(o, d, stop)
        else:
            assert stop <= v <= full and stop <= slow.opener(o, d, stop) <= full
        assert fast.opener(o, d) == slow.opener(o, d) == full
        exact = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=lists.guesses[o])
        if exact is not None:
            assert v <= exact and full <= exact


@settings(max_examples=80, deadline=None)
@given(lists_st, st.sampled_from(["nyt", "strict"]), st.sampled_from([4, 5, 6, 15]), st.data())
def test_hard_first_level_group_bounds_equal_the_plain_twin(case, hard, d, data):
    """Hard mode's first level, the deepening off (two_level; with it on, the
    two-level bound raises every group's bound past it, so a first level
    too low would not show): the NYT rule sweeps every group at once with
    each group's legal guesses read from the rule's masks (stopped at the
    total's stop), the strict rule scans a group at a time.  With the
    batch's settings drawn, each
    group's bound equals the twin's group bound with the guesses legal
    after the opener; a stopped total keeps the contract; none exceeds the
    optimum."""
    lists = _lists(case)
    table, codes = np.ascontiguousarray(lists.table), np.ascontiguousarray(lists.guess_codes)
    small_min = data.draw(st.integers(0, 12), label="small_min")
    stages = data.draw(st.integers(1, 5), label="small_stages")
    subset_min = data.draw(st.integers(-1, 6), label="subset_min (-1: no subset caps)")
    fast = _sweep_variant(_bounds.Bounder(table, codes, RULES[hard]), True, small_min, 3, stages, subset_min)
    slow = _bounds_py.Bounder(table, codes, RULES[hard])
    fast.two_level = slow.two_level = False
    for o in data.draw(st.lists(st.integers(0, len(lists.guesses) - 1), min_size=1, max_size=8), label="openers"):
        pats, sizes, bounds = fast.opener_groups(o, d)
        expected = [slow.group(S, slow.legal(o, p), d - 1) for p, S in slow.groups(o)]
        assert pats.tolist() == [p for p, _ in slow.groups(o)]
        assert bounds.tolist() == [min(b, _bounds.INFINITY) for b in expected]
        full = slow.opener(o, d)
        assert full == min(len(lists.answers) + sum(expected), _bounds.INFINITY)
        stop = data.draw(st.integers(-1, 3 * len(lists.answers) + 5), label="stop")
        v = fast.opener(o, d, stop)
        assert v == full if stop <= 0 or full < stop else stop <= v <= full
        exact = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=d, opener=lists.guesses[o])
        if exact is not None:
            assert v <= exact and full <= exact


@pytest.mark.parametrize("hard", ["nyt", "strict"])
def test_hard_first_level_on_clusters_equals_the_plain_twin(hard):
    """The same on one game where the rule matters: three clusters whose
    best splitters (flomp, dwarf, ...) are often illegal after an opener,
    every opener, the batch's settings, full and stopped at every total."""
    answers = list(WORDS[:17])
    lists = WordLists.from_words(
        answers, tuple(answers) + ("salet", "crane", "flomp", "wrist", "thumb", "clamp", "dwarf")
    )
    table, codes = np.ascontiguousarray(lists.table), np.ascontiguousarray(lists.guess_codes)
    fast = _sweep_variant(_bounds.Bounder(table, codes, RULES[hard]), True, 8, 3, 5, 4)
    slow = _bounds_py.Bounder(table, codes, RULES[hard])
    fast.two_level = slow.two_level = False
    for d in (4, 6):
        for o in range(len(lists.guesses)):
            expected = [slow.group(S, slow.legal(o, p), d - 1) for p, S in slow.groups(o)]
            assert fast.opener_groups(o, d)[2].tolist() == expected
            full = len(answers) + sum(expected)
            for stop in range(len(answers), full + 2):
                v = fast.opener(o, d, stop)
                assert v == full if full < stop else stop <= v <= full


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_hard_sweep_over_many_blocks_equals_the_plain_twin(original, data):
    """The NYT rule's sweep reads a group's legal guesses 64 at a time, as
    the AND of bitsets (`legal_bits`, `mask_rows`): with 65 to 300 guesses
    drawn from the original lists (several blocks, the last one part full)
    each group's bound still equals the twin's with the guesses legal after
    the opener, and a stopped total keeps the contract.  (Without the
    revealed letters' rows it failed.)"""
    m = data.draw(st.integers(65, 300), label="other guesses")
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    # (a cluster: the answers with two letters of one in place, so that the
    # opener's groups are big and the best splitters often illegal)
    first, (i, j) = str(rng.choice(original.answers)), sorted(rng.choice(5, size=2, replace=False).tolist())
    cluster = [a for a in original.answers if a[i] == first[i] and a[j] == first[j]]
    answers = tuple(rng.choice(cluster, size=min(len(cluster), 40), replace=False).tolist())
    n = len(answers)
    lists = word_lists((answers, tuple(rng.choice(original.guesses, size=m, replace=False).tolist())))
    table, codes = np.ascontiguousarray(lists.table), np.ascontiguousarray(lists.guess_codes)
    subset_min = data.draw(st.integers(-1, 6), label="subset_min (-1: no subset caps)")
    fast = _sweep_variant(_bounds.Bounder(table, codes, RULES["nyt"]), True, 8, 3, 5, subset_min)
    slow = _bounds_py.Bounder(table, codes, RULES["nyt"])
    fast.two_level = slow.two_level = False
    d = data.draw(st.sampled_from([4, 6]), label="guesses allowed")
    for o in data.draw(st.lists(st.integers(0, len(lists.guesses) - 1), min_size=1, max_size=4), label="openers"):
        expected = [min(slow.group(S, slow.legal(o, p), d - 1), _bounds.INFINITY) for p, S in slow.groups(o)]
        assert fast.opener_groups(o, d)[2].tolist() == expected
        full = min(n + sum(expected), _bounds.INFINITY)
        stop = data.draw(st.integers(n, full + 1), label="stop")
        v = fast.opener(o, d, stop)
        assert v == full if full < stop else stop <= v <= full


def test_the_twins_sweep_defaults_agree():
    fast, slow = _pair(WordLists.from_words(("crane", "slate"), ("crane", "slate")), 0)
    assert (fast.group_memo, fast.small_min, fast.memo_min, fast.small_stages) == (
        slow.group_memo,
        slow.small_min,
        slow.memo_min,
        slow.small_stages,
    )
    assert (fast.subset_caps, fast.subset_min) == (slow.subset_caps, slow.subset_min) == (False, 0)


def test_the_group_memo_on_the_original_lists(original):
    """Anagram openers share groups (SALET, SLATE, STALE, LEAST, TEALS: the
    all-grey one and more): with the memo warm their bounds are unchanged,
    full and stopped."""
    table, codes = original.table, np.ascontiguousarray(original.guess_codes)
    warm, cold = _bounds.Bounder(table, codes, 0), _bounds.Bounder(table, codes, 0)
    for w in ("salet", "slate", "stale", "least", "teals", "salet"):
        o = original.guess_index(w)
        full = cold.opener(o, 6)
        assert warm.opener(o, 6) == full
        v = warm.opener(o, 6, 7830)
        assert v == full if full < 7830 else 7830 <= v <= full
    assert cold.opener(original.guess_index("salet"), 6) == 7812


def test_salet_bound_on_the_original_lists(original):
    """The measured figure the issue quotes: 7812 for SALET (exact 7920)."""
    fast = _bounds.Bounder(original.table, np.ascontiguousarray(original.guess_codes), 0)
    o = original.guess_index("salet")
    assert fast.opener(o, 6) == 7812
    assert fast.quick(6)[o] == 6797
    # A stop below the full bound ends the refinement early, still >= stop.
    assert 7000 <= fast.opener(o, 6, 7000) <= 7812


def test_bad_input_is_refused():
    lists = WordLists.from_words(("crane", "slate"), ("crane", "slate"))
    fast, slow = _pair(lists, 0)
    for b in (fast, slow):
        with pytest.raises(ValueError, match="out of range"):
            b.opener(5, 6)


def _drawn_group(lists, slow, data):
    """A drawn opener's group of one drawn colouring, and the guesses legal there."""
    o = data.draw(st.integers(0, len(lists.guesses) - 1), label="opener")
    row = lists.table[o]
    p = data.draw(st.sampled_from(sorted(set(row.tolist()))), label="colouring")
    return np.flatnonzero(row == p).astype(np.int32), slow.legal(o, p).astype(np.int32)


@settings(max_examples=60, deadline=None)
@given(lists_st, st.sampled_from(sorted(RULES, key=str)), st.integers(0, 6), st.integers(-1, 60), st.data())
def test_compiled_two_level_group_bound_equals_the_plain_twin(case, hard, d, cap, data):
    lists = _lists(case)
    fast, slow = _pair(lists, RULES[hard])
    S, L = _drawn_group(lists, slow, data)
    v = fast.group2(S, L, d, cap)
    assert v == slow.group2(S, L, d, cap)
    assert v >= fast.group(S, L, d)
    # Any answer set and guess set, too (not only the groups of an opener).
    S = np.array(sorted(data.draw(st.sets(st.integers(0, len(lists.answers) - 1)), label="S")), dtype=np.int32)
    L = np.array(sorted(data.draw(st.sets(st.integers(0, len(lists.guesses) - 1)), label="L")), dtype=np.int32)
    assert fast.group2(S, L, d, cap) == slow.group2(S, L, d, cap)


@settings(max_examples=60, deadline=None)
@given(lists_st, st.sampled_from(sorted(RULES, key=str)), st.integers(0, 6), st.integers(-1, 60), st.data())
def test_first_pass_two_level_bound_equals_the_plain_twin(case, hard, d, cap, data):
    """The bound from the second guesses' first passes (no scan of a legal
    set: the deepen sweep that settles most hard openers) equals the plain
    twin's, lies between the one-level and the full two-level bound, and the
    full one is the same with or without it."""
    lists = _lists(case)
    fast, slow = _pair(lists, RULES[hard])
    S, L = _drawn_group(lists, slow, data)
    v = fast.group2(S, L, d, cap, first_pass=True)
    assert v == slow.group2(S, L, d, cap, first_pass=True)
    assert fast.group(S, L, d) <= v <= fast.group2(S, L, d, cap) == slow.group2(S, L, d, cap)


# Families (and IGHT_OUND's two of eight), where the two-level bound often
# passes the one-level one: 18 of 300 drawn groups against 3 of 300 from WORDS.
family_st = st.tuples(
    st.lists(st.sampled_from(sorted(set(POOL + IGHT_OUND))), min_size=3, max_size=20, unique=True),
    st.lists(st.sampled_from(sorted(set(POOL + IGHT_OUND))), min_size=0, max_size=6, unique=True),
)


@settings(max_examples=80, deadline=None)
@given(family_st, st.sampled_from(sorted(RULES, key=str)), st.integers(2, 6), st.integers(-1, 60), st.data())
def test_a_stopped_two_level_bound_lies_between_the_one_level_and_the_full_one(case, hard, d, cap, data):
    """group2 stopped after k candidate passes (max_steps; another thread's
    request_stop ends it the same way) is at least the one-level bound, at
    most the full two-level one (the plain twin's), and never falls as k
    grows; a stopped bounder's later calls give their one-level value or more."""
    lists = _lists(case)
    fast, slow = _pair(lists, RULES[hard])
    S, L = _drawn_group(lists, slow, data)
    b1, full = fast.group(S, L, d), slow.group2(S, L, d, cap)
    values = [fast.group2(S, L, d, cap, max_steps=k) for k in range(0, 12)]
    assert all(b1 <= v <= full for v in values)
    assert values == sorted(values)
    assert fast.group2(S, L, d, cap, max_steps=10**6) == full
    fast.request_stop()
    assert b1 <= fast.group2(S, L, d, cap) <= full
    assert slow.group2(S, L, d, cap, max_steps=0) == b1


# Words XYqq (X, Y among 12 letters): a guess tests two letters, so a group
# of 90 or more costs over 3 guesses an answer, every guess is a second-guess
# candidate, and many leave a part of more than npat = 81 answers: the parts
# second_level counts before any scan (3|T| - the group's most colourings).
# Measured: 3-141 such candidates below the bound in each of 6 drawn groups.
XYQQ = tuple(x + y + "qq" for x in "abcdefghijkl" for y in "abcdefghijkl")


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.sampled_from(XYQQ), min_size=90, max_size=144, unique=True),
    st.lists(st.sampled_from(XYQQ), max_size=10, unique=True),
    st.sampled_from(sorted(RULES, key=str)),
    st.integers(4, 8),
    st.integers(-1, 600),
)
def test_two_level_bound_of_groups_past_the_colourings_equals_the_plain_twin(answers, extra, hard, d, cap):
    lists = _lists((answers, extra))
    fast, slow = _pair(lists, RULES[hard])
    S = np.arange(len(lists.answers), dtype=np.int32)
    L = np.arange(len(lists.guesses), dtype=np.int32)
    full = fast.group2(S, L, d, cap)
    assert full == slow.group2(S, L, d, cap)
    assert fast.group(S, L, d) <= fast.group2(S, L, d, cap, max_steps=20) <= full


def test_a_stopped_two_level_bound_can_stop_half_way():
    """FIGHT's all-grey group among IGHT_OUND (six -OUND words, which no
    guess there splits well), 4 guesses left: one-level 15, full 18, and the
    passes in between prove 16."""
    lists = _lists((list(IGHT_OUND), []))
    fast, slow = _pair(lists, 0)
    o = lists.guess_index("fight")
    S = np.flatnonzero(lists.table[o] == 0).astype(np.int32)
    L = np.arange(len(lists.guesses), dtype=np.int32)
    values = [fast.group2(S, L, 4, max_steps=k) for k in range(40)]
    assert values[0] == fast.group(S, L, 4) == 15 and values[-1] == slow.group2(S, L, 4) == 18
    assert 16 in values


@settings(max_examples=40, deadline=None)
@given(lists_st, st.sampled_from(["nyt", "strict"]), st.sampled_from([None, 3, 4, 6]), st.data())
def test_a_stopped_hard_bound_never_exceeds_the_optimum(case, hard, cap, data):
    """Hard mode stops between groups and between its two deepen sweeps
    (first passes, then full): the value is at least stop, at most the full
    bound and the optimum, or the full bound when that is below stop."""
    lists = _lists(case)
    fast, slow = _pair(lists, RULES[hard])
    o = data.draw(st.integers(0, len(lists.guesses) - 1), label="opener")
    d = len(lists.answers) + 1 if cap is None else cap
    full = fast.opener(o, d)
    stop = data.draw(st.integers(1, max(1, min(full, 3 * len(lists.answers) + 5))), label="stop")
    v, w = fast.opener(o, d, stop), slow.opener(o, d, stop)
    assert stop <= v <= full or v == full < stop
    assert stop <= w <= full or w == full < stop
    exact = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=lists.guesses[o])
    if exact is not None:
        assert v <= exact


@settings(max_examples=60, deadline=None)
@given(lists_st, st.sampled_from(["nyt", "strict"]), st.sampled_from([None, 3, 4, 6]), st.data())
def test_hard_two_level_group_bounds_never_exceed_the_optimum(case, hard, cap, data):
    """Each group's two-level bound (opener_groups) is at most the exact cost of
    that group, so the opener's bound is at most the opener's optimum."""
    lists = _lists(case)
    fast, slow = _pair(lists, RULES[hard])
    o = data.draw(st.integers(0, len(lists.guesses) - 1), label="opener")
    d = len(lists.answers) + 1 if cap is None else cap
    exact = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=lists.guesses[o])
    bound = fast.opener(o, d)
    if exact is not None:
        assert bound <= exact
    _, sizes, bounds = fast.opener_groups(o, d)
    assert int(bounds.sum()) + len(lists.answers) == min(bound, _bounds.INFINITY) or bound >= _bounds.INFINITY


def test_hard_bound_on_the_original_lists(original):
    """The measured figures in _bounds.pyx: SALET's hard (NYT) bound, one level
    deeper than the easy one, is 8092 (exact 8122; the group bound alone: 7913)."""
    table, codes = original.table, np.ascontiguousarray(original.guess_codes)
    fast = _bounds.Bounder(table, codes, 1)
    o = original.guess_index("salet")
    assert fast.opener(o, 6) == 8092
    pats, sizes, bounds = fast.opener_groups(o, 6)
    assert len(original.answers) + int(bounds.sum()) == 8092
    # The two-level bound of the largest group against the group bound alone.
    S = np.flatnonzero(original.table[o] == pats[0]).astype(np.int32)
    L = _core_legal(original, o, int(pats[0]))
    assert fast.group2(S, L, 5) == bounds[0] > fast.group(S, L, 5)


def _core_legal(lists, o, p):
    from wordle_opt.core._core import RULE_NYT, Solver

    solver = Solver(
        lists.table,
        np.ascontiguousarray(lists.guess_codes),
        np.ascontiguousarray(lists.answer_guess_index),
        RULE_NYT,
        1.0,
    )
    return solver.legal_after(np.arange(len(lists.guesses), dtype=np.int32), o, p)


@st.composite
def coded_lists(draw):
    """(length, answer codes, guess codes): a few letters, so repeated letters
    are common; the answers are among the guesses or not (then their letters
    come from the guesses coloured green against them, or stay unknown)."""
    length = draw(st.sampled_from([3, 5, 6]))  # (6: the wide modules)
    alphabet = draw(st.lists(st.integers(0, 63), min_size=2, max_size=5, unique=True))
    word = st.tuples(*[st.sampled_from(alphabet)] * length)
    answers = draw(st.lists(word, min_size=1, max_size=10, unique=True))
    guesses = draw(st.lists(word, min_size=1, max_size=10, unique=True))
    if draw(st.booleans()):
        guesses = list(dict.fromkeys(answers + guesses))
    return length, np.array(answers, dtype=np.uint8), np.array(guesses, dtype=np.uint8)


def _colourings_and_hit(table, S, all_green):
    """The colourings each guess gives S, plus one when it hits an answer of S."""
    return np.array([len(set(row[S].tolist())) + bool((row[S] == all_green).any()) for row in table])


@settings(max_examples=80, deadline=None)
@given(coded_lists(), st.data())
def test_letter_caps_bound_every_guess_and_equal_the_plain_twin(case, data):
    """The letter cap (the sweeps skip a guess whose cap is at most the best
    split so far) is never below what the guess really gives the group, repeated
    letters and answers outside the guesses included."""
    length, ac, gc = case
    core, bounds = (_core, _bounds) if length <= 5 else (_core_wide, _bounds_wide)
    table = np.ascontiguousarray(core.pattern_table_codes(gc, ac))
    fast, slow = bounds.Bounder(table, gc, 0), _bounds_py.Bounder(table, gc, 0)
    S = np.array(sorted(data.draw(st.sets(st.integers(0, len(ac) - 1)), label="S")), dtype=np.int32)
    caps = fast.letter_caps(S)
    assert caps.tolist() == slow.letter_caps(S).tolist()
    assert (caps >= _colourings_and_hit(table, S, fast.all_green)).all()
    assert (caps <= len(S) + 1).all()
    # And the bounds that use it still equal the plain twin's.
    d = data.draw(st.sampled_from([3, 4, 6]), label="d")
    o = data.draw(st.integers(0, len(gc) - 1), label="opener")
    assert fast.opener(o, d) == slow.opener(o, d)
    assert fast.group(S, np.arange(len(gc), dtype=np.int32), d) == slow.group(S, np.arange(len(gc), dtype=np.int32), d)


@settings(max_examples=80, deadline=None)
@given(coded_lists(), st.data())
def test_subset_caps_bound_every_guess_and_equal_the_plain_twin(case, data):
    """The subset cap (the least a guess gives a set of answers that holds
    the group: without a letter, with a letter, with a letter at a place)
    is never below what the guess really gives the group, and equals the
    plain twin's, repeated letters and answers outside the guesses included;
    the opener bounds with the caps on in the sweep equal those without."""
    length, ac, gc = case
    core, bounds = (_core, _bounds) if length <= 5 else (_core_wide, _bounds_wide)
    table = np.ascontiguousarray(core.pattern_table_codes(gc, ac))
    fast, slow = bounds.Bounder(table, gc, 0), _bounds_py.Bounder(table, gc, 0)
    S = np.array(sorted(data.draw(st.sets(st.integers(0, len(ac) - 1), min_size=1), label="S")), dtype=np.int32)
    caps = fast.subset_cap_table(S)
    assert caps.tolist() == slow.subset_cap_table(S).tolist()
    real = _colourings_and_hit(table, S, fast.all_green)
    assert ((caps < 0) | (caps >= real)).all()
    # (S itself is one of the sets when it is all the answers with a letter
    # at a place, or all those without a letter: then some guess reaches it)
    on = bounds.Bounder(table, gc, 0)
    on.subset_caps, on.subset_min = True, data.draw(st.integers(0, 4), label="subset_min")
    d = data.draw(st.sampled_from([3, 4, 6]), label="d")
    for o in data.draw(st.lists(st.integers(0, len(gc) - 1), min_size=1, max_size=6), label="openers"):
        full = fast.opener(o, d)
        stop = data.draw(st.integers(-1, 3 * len(ac) + 5), label="stop")
        v = on.opener(o, d, stop)
        assert v == full if stop <= 0 or full < stop else stop <= v <= full
        assert on.opener(o, d) == full


@settings(max_examples=80, deadline=None)
@given(coded_lists(), st.data())
def test_a_table_in_the_sweep_s_order_gives_the_same_bounds(case, data):
    """sweep_order (by kmax, largest first, ties by index) equals the plain
    twin's; a Bounder over the table's rows in that order (what the batch
    at a big group's root builds) is in its own order already, and gives
    each guess the same bounds and subset caps as the table it came from."""
    length, ac, gc = case
    core, bounds = (_core, _bounds) if length <= 5 else (_core_wide, _bounds_wide)
    table = np.ascontiguousarray(core.pattern_table_codes(gc, ac))
    fast = bounds.Bounder(table, gc, 0)
    perm = fast.sweep_order()
    assert perm.tolist() == _bounds_py.Bounder(table, gc, 0).sweep_order().tolist()
    assert sorted(perm.tolist()) == list(range(len(gc)))
    moved = bounds.Bounder(np.ascontiguousarray(table[perm]), np.ascontiguousarray(gc[perm]), 0)
    assert moved.sweep_order().tolist() == list(range(len(gc)))
    for b in (fast, moved):
        b.subset_caps, b.subset_min = True, data.draw(st.integers(0, 4), label="subset_min")
    S = np.array(sorted(data.draw(st.sets(st.integers(0, len(ac) - 1), min_size=1), label="S")), dtype=np.int32)
    assert moved.subset_cap_table(S).tolist() == fast.subset_cap_table(S)[perm].tolist()
    # A Bounder of the same table that shares moved's subset table (the
    # batch's threads): the same caps and bounds; another table is refused.
    shared = bounds.Bounder(np.ascontiguousarray(table[perm]), np.ascontiguousarray(gc[perm]), 0)
    shared.subset_caps, shared.subset_min = True, moved.subset_min
    shared.share_subsets(moved)
    assert shared.subset_cap_table(S).tolist() == moved.subset_cap_table(S).tolist()
    if len(gc) > 1 and perm.tolist() != list(range(len(gc))):
        with pytest.raises(ValueError):
            fast.share_subsets(moved)
    d = data.draw(st.sampled_from([3, 4, 6]), label="d")
    for j in data.draw(st.lists(st.integers(0, len(gc) - 1), min_size=1, max_size=6), label="rows"):
        assert moved.opener(j, d) == shared.opener(j, d) == fast.opener(int(perm[j]), d)


def test_a_group_gets_the_least_of_the_sets_that_hold_it():
    """Two answers that both have the letters 0, 1, 2 (0 first) and not 3:
    a guess's subset cap is the least it gives any of the sets that hold
    them, hit included; here one of them (2 but not first) is the group."""
    ac = np.array([(0, 1, 2), (0, 2, 1), (0, 1, 1), (1, 1, 1), (2, 3, 0), (3, 0, 0)], dtype=np.uint8)
    gc = ac.copy()
    table = np.ascontiguousarray(_core.pattern_table_codes(gc, ac))
    fast, slow = _bounds.Bounder(table, gc, 0), _bounds_py.Bounder(table, gc, 0)
    S = np.array([0, 1], dtype=np.int32)
    holding = (
        [0, 1, 2],  # 0 first; also: 0 not last, 1 not first
        [0, 1, 2, 4, 5],  # with 0
        [0, 1, 2, 3],  # with 1; also: without 3
        [0, 1, 4],  # with 2
        [0, 1, 2, 4],  # 0 not second
        [0, 1],  # 2 not first
    )
    expect = np.min([_colourings_and_hit(table, np.array(E), fast.all_green) for E in holding], axis=0)
    assert fast.subset_cap_table(S).tolist() == slow.subset_cap_table(S).tolist() == expect.tolist()
    assert expect.tolist() == _colourings_and_hit(table, S, fast.all_green).tolist()
    # Without the last two (the sets of a letter not at a place), as before them:
    assert np.min([_colourings_and_hit(table, np.array(E), fast.all_green) for E in holding[:4]], axis=0).tolist() == [
        4,
        4,
        3,
        3,
        2,
        1,
    ]


def test_subset_caps_change_no_bound_on_the_original_lists(original):
    """QAJAQ's all-grey group as its own game (the batch's bounders): the
    bounds of some candidates with the subset caps on equal those without,
    full and stopped at the group's optimum 4463; the caps bound each
    candidate's groups."""
    o = original.guess_index("qajaq")
    S = np.flatnonzero(original.table[o] == 0)
    sub = np.ascontiguousarray(original.table[:, S])
    codes = np.ascontiguousarray(original.guess_codes)
    off, on = _bounds.Bounder(sub, codes, 0), _bounds.Bounder(sub, codes, 0)
    for b in (off, on):
        b.small_min, b.small_stages = 64, 5
    on.subset_caps, on.subset_min = True, 32
    for word in ("trone", "cloth", "slept", "fuzzy", "tooth"):
        g = original.guess_index(word)
        full = off.opener(g, 5)
        assert on.opener(g, 5) == full
        v = on.opener(g, 5, 4464)
        assert v == full if full < 4464 else 4464 <= v <= full
        row = sub[g]
        for p in np.unique(row).tolist():
            T = np.flatnonzero(row == p).astype(np.int32)
            if len(T) >= 32:
                caps = on.subset_cap_table(T)
                real = _colourings_and_hit(sub, T, on.all_green)
                assert ((caps < 0) | (caps >= real)).all(), (word, p)
    assert off.opener(original.guess_index("trone"), 5) <= 4463  # (its exact total: the optimum)


def test_subset_caps_change_no_bound_on_sampled_groups_of_the_original_lists(original):
    """Groups of 120-400 answers drawn from the original lists, each as its
    own game in the sweep's order with the subset caps on every group (and
    the sweep's early stop at the first set that rules a guess out): every
    sampled candidate's full bound equals the bound without the caps."""
    rng = np.random.default_rng(7)
    codes = np.ascontiguousarray(original.guess_codes)
    for size in (120, 250, 400):
        S = np.sort(rng.choice(len(original.answers), size, replace=False))
        sub = np.ascontiguousarray(original.table[:, S])
        perm = _bounds.Bounder(sub, codes, 0).sweep_order()
        sub, cods = np.ascontiguousarray(sub[perm]), np.ascontiguousarray(codes[perm])
        off, on = _bounds.Bounder(sub, cods, 0), _bounds.Bounder(sub, cods, 0)
        on.subset_caps, on.subset_min = True, 0
        for r in range(0, len(cods), 97):
            assert on.opener(r, 5) == off.opener(r, 5), (size, r)


def test_a_table_that_contradicts_the_letters_turns_the_cap_off():
    """Two guesses green at one place with different letters there: the
    answer's letters are unknown, so no guess is capped below |S| + 1."""
    ac = np.array([(0, 1, 2), (0, 2, 1), (1, 1, 1)], dtype=np.uint8)
    true_gc = np.array([(0, 3, 3), (0, 4, 4), (1, 2, 2)], dtype=np.uint8)
    table = np.ascontiguousarray(_core.pattern_table_codes(true_gc, ac))
    gc = true_gc.copy()
    gc[1, 0] = 5  # (the table says guess 1 is green at 0 against answer 0: letter 0)
    fast, slow = _bounds.Bounder(table, gc, 0), _bounds_py.Bounder(table, gc, 0)
    S = np.arange(3, dtype=np.int32)
    assert fast.letter_caps(S).tolist() == slow.letter_caps(S).tolist() == [4, 4, 4]
    assert fast.subset_cap_table(S).tolist() == slow.subset_cap_table(S).tolist() == [-1, -1, -1]
    assert fast.opener(0, 4) == slow.opener(0, 4)


def test_letter_caps_bound_every_guess_on_the_original_lists(original):
    """The caps the sweep uses, on real groups: SALET's and FUZZY's (many
    answers sharing few letters), never below what a guess gives the group,
    and below the group's best split for most guesses in the large groups."""
    fast = _bounds.Bounder(original.table, np.ascontiguousarray(original.guess_codes), 0)
    for word in ("salet", "fuzzy"):
        row = original.table[original.guess_index(word)]
        for p in np.unique(row).tolist():
            S = np.flatnonzero(row == p).astype(np.int32)
            if len(S) < 3 or p == fast.all_green:
                continue
            rows = np.sort(original.table[:, S], axis=1)
            real = 1 + (np.diff(rows, axis=1) != 0).sum(axis=1) + (rows == fast.all_green).any(axis=1)
            caps = fast.letter_caps(S)
            assert (caps >= real).all(), (word, p)
            if len(S) >= 50:
                # (and useful: most guesses are ruled out without a scan)
                assert (caps <= real.max()).mean() > 0.5, (word, p)
