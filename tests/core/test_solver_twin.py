"""The compiled Solver against its plain-Python twin (wordle_opt.core._core_py),
and the twin and the stubs against the compiled core's public names."""

from __future__ import annotations

import ast
import pathlib

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordle_opt.core import _core, _core_py
from wordle_opt.wordlists import WordLists

WORDS = sorted(
    set(
        """fight light might night right sight tight wight batch catch hatch latch
match patch baker faker maker cater eater hater later water crane slate pious flume brick
handy toxic jumpy ozone fjord glyph knave""".split()
    )
)
RULES = [_core.RULE_EASY, _core.RULE_NYT, _core.RULE_STRICT]


def public(names):
    return {n for n in names if not n.startswith("_")} - {"np", "annotations"}


def test_twin_and_stubs_expose_the_compiled_names():
    compiled = public(dir(_core))
    assert compiled <= public(dir(_core_py)) | {"encode", "score_codes", "pattern_table_codes"}
    stub = ast.parse(pathlib.Path(_core.__file__).with_name("_core.pyi").read_text())
    stubbed = {n.target.id for n in stub.body if isinstance(n, ast.AnnAssign)}
    stubbed |= {n.name for n in stub.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    assert compiled <= stubbed
    methods = public(dir(_core.Solver))
    [cls] = [n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == "Solver"]
    assert methods <= {f.name for f in cls.body if isinstance(f, ast.FunctionDef)}
    assert methods <= public(dir(_core_py.Solver))
    for name in ("ALL_GREEN", "NPAT", "RULE_EASY", "RULE_NYT", "RULE_STRICT", "INFINITY", "DEFAULT_CACHE_MB"):
        assert getattr(_core, name) == getattr(_core_py, name), name


def solvers(answers, extra, rule):
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    args = (
        np.ascontiguousarray(lists.table),
        np.ascontiguousarray(lists.guess_codes),
        np.ascontiguousarray(lists.answer_guess_index, dtype=np.int32),
        rule,
        1,
    )
    return lists, _core.Solver(*args), _core_py.Solver(*args)


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=1, max_size=10, unique=True),
    extra=st.lists(st.sampled_from(WORDS), max_size=5, unique=True),
    cap=st.sampled_from([2, 3, 4, 64]),
    beta=st.integers(-1, 40),
    data=st.data(),
)
def test_compiled_solver_equals_plain_twin(rule, answers, extra, cap, beta, data):
    lists, fast, plain = solvers(answers, extra, rule)
    n = len(lists.answers)
    S = np.array(sorted(data.draw(st.sets(st.integers(0, n - 1), min_size=1))), dtype=np.int32)
    L = np.arange(len(lists.guesses), dtype=np.int32)
    exact, g = plain.solve_set(S, L, cap)
    v, g2 = fast.solve_set(S, L, cap, beta)
    effective_beta = _core.INFINITY if beta <= 0 else beta
    if exact < effective_beta:
        assert v == exact
        # the compiled guess achieves the optimum too
        assert g2 >= 0 and exact < _core.INFINITY
    else:
        assert effective_beta <= v <= max(exact, effective_beta) or exact >= _core.INFINITY <= v
    # the children's guess lists agree (the tree walk keys the cache with them)
    assert fast.useful(S, L).tolist() == plain.useful(S, L).tolist()
    if rule != _core.RULE_EASY:
        p = int(lists.table[0, S[0]])
        assert fast.legal_after(L, 0, p).tolist() == plain.legal_after(L, 0, p).tolist()


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=40, deadline=None)
@given(answers=st.lists(st.sampled_from(WORDS), min_size=2, max_size=9, unique=True), cap=st.sampled_from([3, 64]))
def test_shared_root_shares_add_up_to_the_optimum(rule, answers, cap):
    lists, fast, plain = solvers(answers, [], rule)
    S = np.arange(len(lists.answers), dtype=np.int32)
    L = np.arange(len(lists.guesses), dtype=np.int32)
    exact = plain.solve_set(S, L, cap)[0]
    for solver_cls in (_core.Solver, _core_py.Solver):
        shared = np.array([_core.INFINITY], dtype=np.int64)
        parts = [
            solver_cls(fast_table(lists), lists.guess_codes, answer_guess(lists), rule, 1).solve_shared_root(
                S, L, cap, shared, t, 2
            )
            for t in range(2)
        ]
        assert min(v for v, _ in parts) == exact or exact >= _core.INFINITY <= min(v for v, _ in parts)


def fast_table(lists):
    return np.ascontiguousarray(lists.table)


def answer_guess(lists):
    return np.ascontiguousarray(lists.answer_guess_index, dtype=np.int32)


def test_solver_rejects_bad_cache_sizes():
    lists, _, _ = solvers(["crane", "slate"], [], _core.RULE_EASY)
    for impl in (_core, _core_py):
        for bad in (float("inf"), float("nan"), 0.0, -1.0):
            with pytest.raises(ValueError, match="cache_mb"):
                impl.Solver(fast_table(lists), lists.guess_codes, answer_guess(lists), impl.RULE_EASY, bad)


@st.composite
def repeated_letter_words(draw):
    """Guesses of one length (4 to 8: both widths of the core) over a
    three-letter alphabet, so that letters repeat up to the whole word
    (a guess may reveal one letter four times or more: the compiled NYT
    filter's signatures stop at three, and fall back), the answers a
    subset of them."""
    length = draw(st.sampled_from([4, 5, 6, 8]))
    word = st.text("abc", min_size=length, max_size=length)
    guesses = draw(st.lists(word, min_size=2, max_size=25, unique=True))
    answers = draw(st.lists(st.sampled_from(guesses), min_size=1, max_size=8, unique=True))
    return WordLists.from_words(answers, guesses, name="repeats")


@pytest.mark.parametrize("rule", [_core.RULE_NYT, _core.RULE_STRICT])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lists=repeated_letter_words(), data=st.data())
def test_the_legal_filter_equals_the_rule(rule, lists, data):
    # The compiled filter (the NYT rule by the guesses' signatures:
    # greens as bytes, letters held once, twice, three times or more as
    # bits) keeps exactly the words the plain twin's rules.violation keeps,
    # after any guess coloured as some guess would colour it (a colouring a
    # guess can show: any word of the list as the answer), from any list.
    args = (
        np.ascontiguousarray(lists.table),
        np.ascontiguousarray(lists.guess_codes),
        np.ascontiguousarray(lists.answer_guess_index, dtype=np.int32),
        rule,
        1,
    )
    fast, plain = lists.modules.core.Solver(*args), _core_py.Solver(*args)
    ng = len(lists.guesses)
    g = data.draw(st.integers(0, ng - 1))
    answer = lists.guesses[data.draw(st.integers(0, ng - 1))]
    p = int(
        lists.modules.core.pattern_table_codes(lists.guess_codes[g : g + 1], lists.modules.core.encode([answer]))[0, 0]
    )
    L = np.array(sorted(data.draw(st.sets(st.integers(0, ng - 1), min_size=1))), dtype=np.int32)
    assert fast.legal_after(L, g, p).tolist() == plain.legal_after(L, g, p).tolist()


def test_the_legal_filter_counts_a_letter_revealed_four_times():
    # Every guess against every answer of six words of A's and B's: AAAAB
    # against AAAAA reveals A four times (green: A kept in the first four
    # places), BAAAA against AAAAB reveals it four times too (three green,
    # one yellow: four A's or more, so not BAAAB), past the signatures' three;
    # AABAB against BAAAB reveals A three times (two green, one yellow): not
    # BABAB, which has two.
    words = ["aaaab", "aaaaa", "baaaa", "aabaa", "abbba", "aaaba", "baaab", "aabab", "babab"]
    lists = WordLists.from_words(words, words, name="a4")
    for rule in (_core.RULE_NYT, _core.RULE_STRICT):
        args = (lists.table, lists.guess_codes, np.ascontiguousarray(lists.answer_guess_index, dtype=np.int32), rule, 1)
        fast, plain = _core.Solver(*args), _core_py.Solver(*args)
        L = np.arange(len(words), dtype=np.int32)
        for g in range(len(words)):
            for a in range(len(words)):
                p = int(lists.table[g, a])
                assert fast.legal_after(L, g, p).tolist() == plain.legal_after(L, g, p).tolist(), (words[g], words[a])
