"""Three-level group bounds (`wordle_opt.solver.levels.group3`): best first over
either twin equals the plain twin's definition, lies between the two-level
bound and the exhaustive optimum, and stopped part way is still a bound."""

from __future__ import annotations

import time

import numpy as np
from bounders import twins, word_lists
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum
from wordpools import IGHT_OUND, POOL, REPEATS

from wordle_opt.core import _bounds, _caps, _caps_py
from wordle_opt.core._core_py import INFINITY
from wordle_opt.solver.levels import cap_fits, group3, new_terms
from wordle_opt.wordlists import WordLists

RULES = {None: 0, "nyt": 1, "strict": 2}
# Families (and IGHT_OUND's two of eight), where deeper bounds differ most.
FAMILY = sorted(set(POOL + IGHT_OUND))
lists_st = st.tuples(
    st.lists(st.sampled_from(FAMILY + list(REPEATS)), min_size=3, max_size=18, unique=True),
    st.lists(st.sampled_from(FAMILY), max_size=6, unique=True),
)

# Words XYqq (X, Y among six letters): a guess tests two letters, so groups
# stay hard at every level; 18 of 100 drawn sets of 6-30 answers have a
# three-level bound above the two-level one (0 of 300 groups from lists_st).
XYQQ = tuple(x + y + "qq" for x in "abcdef" for y in "abcdef")
xyqq_st = st.tuples(
    st.lists(st.sampled_from(XYQQ), min_size=6, max_size=30, unique=True),
    st.lists(st.sampled_from(XYQQ), max_size=4, unique=True),
)
cases_st = st.one_of(lists_st, xyqq_st)


def _pair(lists: WordLists, rule: int):
    return (np.ascontiguousarray(lists.table), *twins(lists, rule))


def _drawn_group(lists, slow, data):
    """Every answer with every guess, or a drawn opener's group of one drawn
    colouring with the guesses legal there."""
    if data.draw(st.booleans(), label="every answer"):
        return np.arange(len(lists.answers), dtype=np.int32), np.arange(len(lists.guesses), dtype=np.int32)
    o = data.draw(st.integers(0, len(lists.guesses) - 1), label="opener")
    row = lists.table[o]
    p = data.draw(st.sampled_from(sorted(set(row.tolist()))), label="colouring")
    return np.flatnonzero(row == p).astype(np.int32), slow.legal(o, p).astype(np.int32)


def _legal_after(slow, hard):
    return None if hard is None else slow.legal_after


@settings(max_examples=60, deadline=None)
@given(lists_st, st.sampled_from(sorted(RULES, key=str)), st.integers(2, 6), st.integers(-1, 80), st.data())
def test_a_second_guess_s_value_equals_the_plain_twin(case, hard, d, best, data):
    """Below best, the compiled second_value is the plain twin's; at or
    above it, some number >= best; the first pass is at most the full value."""
    lists = word_lists(case)
    _, fast, slow = _pair(lists, RULES[hard])
    S, L = _drawn_group(lists, slow, data)
    if len(S) <= 2:
        return
    h = data.draw(st.integers(0, len(lists.guesses) - 1), label="h")
    full = slow.second_value(S, L, d, h)
    first = slow.second_value(S, L, d, h, full=False)
    assert first <= full
    for want, got in ((full, fast.second_value(S, L, d, h, best)), (first, fast.second_value(S, L, d, h, best, False))):
        assert got == want if best <= 0 or want < best else got >= best
    ks = (
        max(len(set(lists.table[g, S].tolist())) + int((lists.table[g, S] == slow.all_green).any()) for g in L)
        if len(L)
        else 0
    )
    assert fast.second_value(S, L, d, h, ks=int(ks)) == full


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cases_st,
    st.sampled_from(sorted(RULES, key=str)),
    st.integers(2, 6),
    st.one_of(st.just(-1), st.integers(1, 150)),
    st.booleans(),
    st.one_of(st.just(-1), st.integers(0, 6)),
    st.data(),
)
def test_group2_leaves_bounds_on_the_terms_of_the_second_guesses_it_valued(
    case, hard, d, cap, first_pass, max_steps, data
):
    """Either twin's group2, asked for its terms: the same value as without;
    each guess it valued (stage 1 or 2) has a lower bound on its term (the
    plain twin's second_value), exact at stage 2; the rest are untouched."""
    lists = word_lists(case)
    table, fast, slow = _pair(lists, RULES[hard])
    S, L = _drawn_group(lists, slow, data)
    valued = {}
    for b in (fast, slow):
        terms, stages = new_terms(table)
        terms[:] = -7  # (untouched slots keep it)
        v = b.group2(S, L, d, cap, first_pass, max_steps, terms=terms, stages=stages)
        assert v == b.group2(S, L, d, cap, first_pass, max_steps)
        assert set(stages.tolist()) <= ({0, 1} if first_pass else {0, 1, 2})
        assert (terms[stages == 0] == -7).all()
        for h in np.flatnonzero(stages).tolist():
            full = slow.second_value(S, L, d, h)
            assert terms[h] == full if stages[h] == 2 else terms[h] <= full
        valued[b] = (int((stages > 0).sum()), v)
    n, v = valued[slow]
    if max_steps != 0 and slow.group(S, L, d) < v < min(cap if cap > 0 else INFINITY, INFINITY):
        assert n  # (the plain twin values every candidate, and one was least)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases_st, st.sampled_from(sorted(RULES, key=str)), st.integers(2, 6), st.integers(-1, 120), st.data())
def test_best_first_three_level_bound_equals_the_definition(case, hard, d, cap, data):
    lists = word_lists(case)
    table, fast, slow = _pair(lists, RULES[hard])
    S, L = _drawn_group(lists, slow, data)
    want = slow.group3(S, L, d, cap)
    two = slow.group2(S, L, d, cap)
    assert want >= two
    # (slack 1: candidates raised a little at a time, put back and raised again)
    slack = data.draw(st.sampled_from([1, 2, 16]), label="slack")
    after = _legal_after(slow, hard)
    assert group3(fast, table, S, L, d=d, cap=cap, legal_after=after, known=two, slack=slack) == want
    # Going on from an earlier group2's terms (as the anytime closing does).
    terms = new_terms(table)
    known = fast.group2(S, L, d, cap=cap, terms=terms[0], stages=terms[1])
    assert group3(fast, table, S, L, d=d, cap=cap, legal_after=after, known=known, terms=terms, slack=slack) == want
    assert group3(fast, table, S, L, d=d, cap=cap, legal_after=after, slack=slack) == want
    # (the plain twin's group2 ignores caps: many small raises cost it seconds)
    assert group3(slow, table, S, L, d=d, cap=cap, legal_after=after) == want
    # Leaving out the second guesses with a group that fits in no tree (either
    # prover; the compiled one keeps its witnesses from call to call).
    compiled = _caps.CapProver(table, lists.length)
    fits = cap_fits(
        compiled if data.draw(st.booleans(), label="compiled caps") else _caps_py.CapProver(table, lists.length)
    )
    want_fit = slow.group3(S, L, d, cap, fits=fits)
    assert want_fit >= want
    assert group3(fast, table, S, L, d=d, cap=cap, legal_after=after, known=two, slack=slack, fits=fits) == want_fit


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(XYQQ), min_size=8, max_size=30, unique=True),
    st.sampled_from(sorted(RULES, key=str)),
    st.integers(3, 6),
    st.integers(0, 2**32 - 1),
)
def test_three_level_bound_goes_on_from_any_terms_that_are_bounds(answers, hard, d, seed):
    """Given terms no group2 would leave, yet true (each guess at random: not
    valued, its one-level value or its first pass at stage 1, its two-level
    term at stage 2), the three-level bound is still the definition's."""
    lists = word_lists((answers, []))
    table, fast, slow = _pair(lists, RULES[hard])
    S = np.arange(len(answers), dtype=np.int32)
    L = np.arange(len(lists.guesses), dtype=np.int32)
    rng = np.random.default_rng(seed)
    terms, stages = new_terms(table)
    for h in L.tolist():
        kind = int(rng.integers(4))
        if kind == 1:  # (the one-level value: colourings + hit, as group3 counts them)
            row = table[h, S]
            k = len(set(row.tolist())) + int((row == slow.all_green).any())
            terms[h], stages[h] = 3 * len(S) - k, 1
        elif kind == 2:
            terms[h], stages[h] = slow.second_value(S, L, d, h, full=False), 1
        elif kind == 3:
            terms[h], stages[h] = slow.second_value(S, L, d, h), 2
    want = slow.group3(S, L, d)
    after = _legal_after(slow, hard)
    assert group3(fast, table, S, L, d=d, legal_after=after, known=slow.group2(S, L, d), terms=(terms, stages)) == want


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(XYQQ), min_size=12, max_size=30, unique=True),
    st.sampled_from(sorted(RULES, key=str)),
    st.integers(3, 6),
    st.sampled_from([1, 16]),
)
def test_three_level_bound_of_every_xyqq_answer_equals_the_definition(answers, hard, d, slack):
    lists = word_lists((answers, []))
    table, fast, slow = _pair(lists, RULES[hard])
    S = np.arange(len(answers), dtype=np.int32)
    L = np.arange(len(lists.guesses), dtype=np.int32)
    want = slow.group3(S, L, d)
    got = group3(fast, table, S, L, d=d, legal_after=_legal_after(slow, hard), slack=slack)
    assert got == want >= fast.group2(S, L, d)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lists_st, st.sampled_from(sorted(RULES, key=str)), st.sampled_from([3, 4, 6, None]), st.data())
def test_three_level_bounds_never_pass_the_exhaustive_optimum(case, hard, cap, data):
    """An opener's total is at least |answers| + the sum of its groups'
    three-level bounds with one guess fewer: never above the optimum."""
    lists = word_lists(case)
    table, fast, slow = _pair(lists, RULES[hard])
    o = data.draw(st.integers(0, len(lists.guesses) - 1), label="opener")
    d = len(lists.answers) + 1 if cap is None else cap
    row = lists.table[o]
    total = len(lists.answers)
    for p in sorted(set(row.tolist()) - {slow.all_green}):
        S = np.flatnonzero(row == p).astype(np.int32)
        fits = cap_fits(_caps.CapProver(table, lists.length))
        total += group3(fast, table, S, slow.legal(o, p), d=d - 1, legal_after=_legal_after(slow, hard), fits=fits)
    best = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=lists.guesses[o])
    if best is not None:
        assert total <= best


def test_three_levels_pass_two_on_the_ound_words():
    """FIGHT's all-grey group among IGHT_OUND (six -OUND words, which each
    guess there picks out one at a time), 6 guesses left: one level 15, two
    18, three 20, the optimum 21."""
    lists = word_lists((list(IGHT_OUND), []))
    table, fast, slow = _pair(lists, 0)
    S = np.flatnonzero(lists.table[lists.guess_index("fight")] == 0).astype(np.int32)
    L = np.arange(len(lists.guesses), dtype=np.int32)
    one, two, three = fast.group(S, L, 6), fast.group2(S, L, 6), group3(fast, table, S, L, d=6)
    best = exhaustive_optimum([lists.answers[i] for i in S], lists.guesses, max_guesses=6)
    assert three == slow.group3(S, L, 6)
    assert (one, two, three, best) == (15, 18, 20, 21)
    # A cap below the value: the cap (the search only needs to know the tree is not beaten).
    assert group3(fast, table, S, L, d=6, cap=19) == 19 == slow.group3(S, L, 6, 19)
    # Given the two-level bound, the same value without computing it again;
    # past the deadline, what is known.
    assert group3(fast, table, S, L, d=6, known=two) == three
    assert group3(fast, table, S, L, d=6, known=two, deadline=time.monotonic() - 1) == two


class _StopAfter:
    """The compiled bounder, stopped (request_stop) after ``k`` calls of group2
    or second_value: what another thread's request_stop does, at a step the
    test chooses."""

    def __init__(self, inner, k: int):
        self.inner, self.k = inner, k
        self.all_green = inner.all_green

    @property
    def stop_requested(self):
        return self.inner.stop_requested

    def _tick(self):
        if self.k == 0:
            self.inner.request_stop()
        self.k -= 1

    def group(self, *args, **kw):
        return self.inner.group(*args, **kw)

    def group2(self, *args, **kw):
        self._tick()
        return self.inner.group2(*args, **kw)

    def second_value(self, *args, **kw):
        self._tick()
        return self.inner.second_value(*args, **kw)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(XYQQ), min_size=8, max_size=24, unique=True),
    st.sampled_from(sorted(RULES, key=str)),
    st.integers(3, 6),
    st.one_of(st.just(-1), st.integers(1, 150)),
    st.sampled_from([1, 16]),
)
def test_a_stopped_three_level_bound_lies_between_the_one_level_and_the_full_one(answers, hard, d, cap, slack):
    """Stopped after k calls (0..29), the bound is at least the one-level
    one, at most the full three-level one, and never falls as k grows."""
    lists = word_lists((answers, []))
    table, _, slow = _pair(lists, RULES[hard])
    S = np.arange(len(answers), dtype=np.int32)
    L = np.arange(len(lists.guesses), dtype=np.int32)
    b1, full = slow.group(S, L, d), slow.group3(S, L, d, cap)
    values = []
    for k in range(0, 30):
        fresh = _bounds.Bounder(table, np.ascontiguousarray(lists.guess_codes), RULES[hard])
        stopping = _StopAfter(fresh, k)
        values.append(group3(stopping, table, S, L, d=d, cap=cap, legal_after=_legal_after(slow, hard), slack=slack))
    assert all(b1 <= v <= full for v in values)
    assert values == sorted(values)


def test_second_guesses_with_a_group_that_fits_no_tree_are_left_out():
    """Six words aXqq with only themselves as guesses: each guess tells one
    answer, so no tree solves them within 4.  The three-level bound alone
    stays finite; leaving out the second guesses whose group of 5 fits in
    no tree of 3 (the cap proofs) shows the set needs more."""
    answers = [f"a{x}qq" for x in "abcdef"]
    lists = word_lists((answers, []))
    table, fast, slow = _pair(lists, 0)
    S, L = np.arange(6, dtype=np.int32), np.arange(6, dtype=np.int32)
    assert exhaustive_optimum(answers, lists.guesses, max_guesses=4) is None
    fits = cap_fits(_caps.CapProver(table, lists.length))
    assert slow.group3(S, L, 4) == group3(fast, table, S, L, d=4) < INFINITY
    assert slow.group3(S, L, 4, fits=fits) == group3(fast, table, S, L, d=4, fits=fits) >= INFINITY
