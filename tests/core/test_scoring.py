"""Scoring: golden duplicate-letter cases, compiled core vs plain reference, the switch."""

from __future__ import annotations

import importlib.machinery
import json
import multiprocessing
import os
import string
import subprocess
import sys
import tempfile

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_opt import Pattern, load_lists, pattern_table, rules, score
from wordle_opt.core import _core, _core_py

# ------------------------------------------------------------------ golden table
# (guess, answer, colouring, the rule it shows).  Greens are taken first; then,
# left to right, a letter is yellow only while the answer has unmatched copies.
GOLDEN = [
    ("crane", "crane", "GGGGG", "all green is 242"),
    ("crane", "pious", "BBBBB", "no common letter"),
    ("crane", "react", "YYGBY", "distinct letters: in the word but elsewhere is yellow"),
    ("speed", "abide", "BBYBY", "one e in the answer: the first e is yellow, the second grey"),
    ("abide", "speed", "BBBYY", "a single e in the guess is yellow however many the answer has"),
    ("tooth", "point", "YGBBB", "the green o uses the only o, so the other o is grey; one t, one yellow"),
    ("lllll", "hello", "BBGGB", "both l's of hello are green; the other three l's are grey"),
    ("lolly", "hello", "BYGGB", "a later green takes the copy, so the earlier l is grey"),
    ("geese", "these", "BBGGG", "greens first: the e's at 2 and 4 are green, so the e at 1 is grey"),
    ("abbey", "kebab", "YYGYB", "kebab has two b's: one green, one left for the other b"),
    ("kebab", "abbey", "BYGYY", "the same pair the other way round"),
    ("sassy", "grass", "YYBGB", "two s's in grass: one green, one yellow for the first s, none left"),
    ("eerie", "elder", "GYYBB", "two e's in elder: one green, one yellow, the third e grey"),
    ("eerie", "steep", "YYBBB", "two unmatched e's colour the first two e's only"),
    ("mamma", "madam", "GGYBY", "m and a green; one m and one a left over"),
    ("array", "ratty", "YYBBG", "one r and one a in the answer: the repeats are grey"),
]


@pytest.mark.parametrize("guess, answer, expected, rule", GOLDEN, ids=[f"{g}-{a}" for g, a, *_ in GOLDEN])
def test_golden_duplicate_letter_cases(guess, answer, expected, rule):
    want = Pattern.parse(expected)
    assert score(guess, answer) == want
    assert rules.score_words(guess, answer) == want
    g, a = [guess], [answer]
    assert _core.pattern_table_codes(_core.encode(g), _core.encode(a))[0, 0] == want
    assert _core.score_codes(_core.encode(g)[0], _core.encode(a)[0]) == want


def test_golden_table_in_one_pattern_table_call():
    # The table path has separate code for guesses with and without repeats.
    guesses = sorted({g for g, *_ in GOLDEN})
    answers = sorted({a for _, a, *_ in GOLDEN})
    t = pattern_table(guesses, answers)
    for guess, answer, expected, _ in GOLDEN:
        assert t[guesses.index(guess), answers.index(answer)] == Pattern.parse(expected)


# ------------------------------------------------------------------ a second reference
def numpy_pattern_table(guess_codes, answer_codes, chunk=512):
    """Vectorised simulation of the rule, independent of both implementations:
    mark greens, count the answer's unmatched letters, then walk the guess left
    to right spending one unmatched copy per yellow."""
    g_all = np.asarray(guess_codes, dtype=np.int16)
    a = np.asarray(answer_codes, dtype=np.int16)
    out = np.empty((len(g_all), len(a)), dtype=np.uint8)
    for start in range(0, len(g_all), chunk):
        g = g_all[start : start + chunk]
        green = g[:, None, :] == a[None, :, :]  # (ng, na, 5)
        # unmatched[i]: copies of guess letter i at the answer's non-green positions
        unmatched = np.stack(
            [((a[None, :, :] == g[:, None, i : i + 1]) & ~green).sum(axis=2) for i in range(5)], axis=2
        )
        yellow = np.zeros_like(green)
        for i in range(5):
            spent = (
                sum(((g[:, j] == g[:, i])[:, None] & yellow[:, :, j]).astype(np.int16) for j in range(i)) if i else 0
            )
            yellow[:, :, i] = ~green[:, :, i] & (unmatched[:, :, i] - spent > 0)
        digits = 2 * green.astype(np.int16) + yellow
        out[start : start + chunk] = (digits * np.array([1, 3, 9, 27, 81], dtype=np.int16)).sum(axis=2)
    return out


def test_numpy_reference_agrees_with_the_golden_table():
    guesses = [g for g, *_ in GOLDEN]
    answers = [a for _, a, *_ in GOLDEN]
    t = numpy_pattern_table(_core_py.encode(guesses), _core_py.encode(answers))
    assert [t[i, i] for i in range(len(GOLDEN))] == [Pattern.parse(e) for _, _, e, _ in GOLDEN]


# ------------------------------------------------------------------ differential tests
ALPHABETS = ["a", "ab", "abc", "eel", "aeiou", "lmnop", string.ascii_lowercase]


def words_from(alphabet):
    return st.text(alphabet=alphabet, min_size=5, max_size=5)


# Either one small alphabet for the whole list (heavy repeats everywhere) or a
# mixture of words each drawn from its own alphabet.
word = st.sampled_from(ALPHABETS).flatmap(words_from)
word_lists = st.one_of(
    st.sampled_from(ALPHABETS).flatmap(
        lambda al: st.tuples(st.lists(words_from(al), max_size=30), st.lists(words_from(al), max_size=30))
    ),
    st.tuples(st.lists(word, max_size=30), st.lists(word, max_size=30)),
)


@settings(max_examples=300, deadline=None)
@given(word_lists)
def test_core_table_equals_reference_table(lists):
    guesses, answers = lists
    gc, ac = _core.encode(guesses), _core.encode(answers)
    assert np.array_equal(gc, _core_py.encode(guesses)) and gc.shape == (len(guesses), 5)
    got = _core.pattern_table_codes(gc, ac)
    want = _core_py.pattern_table_codes(_core_py.encode(guesses), _core_py.encode(answers))
    assert got.dtype == np.uint8 and got.shape == (len(guesses), len(answers))
    assert np.array_equal(got, want)
    assert np.array_equal(numpy_pattern_table(gc, ac).reshape(got.shape), want)


@settings(max_examples=500, deadline=None)
@given(word, word)
def test_core_score_equals_reference_score(guess, answer):
    g, a = _core.encode([guess])[0], _core.encode([answer])[0]
    want = rules.score_words(guess, answer)
    assert _core.score_codes(g, a) == _core_py.score_codes(g, a) == want
    assert score(guess, answer) == want


def test_large_random_sample_of_the_original_table_equals_plain_reference():
    lists = load_lists("original")
    rng = np.random.default_rng(20220215)
    gi = rng.choice(len(lists.guesses), 400, replace=False)
    ai = rng.choice(len(lists.answers), 250, replace=False)
    want = _core_py.pattern_table_codes(lists.guess_codes[gi], lists.answer_codes[ai])
    assert np.array_equal(lists.table[np.ix_(gi, ai)], want)
    # Sanity of the sample itself: plenty of guesses with repeated letters.
    assert sum(len(set(lists.guesses[i])) < 5 for i in gi) > 50


@pytest.mark.slow
def test_full_original_table_equals_the_numpy_reference_and_a_16th_the_plain_twin():
    lists = load_lists("original")
    table = lists.table
    # Every one of the 30 million entries against the vectorised reference.
    assert np.array_equal(table, numpy_pattern_table(lists.guess_codes, lists.answer_codes))
    # The plain-Python twin on every 16th guess (1.9 million entries): on all of
    # them it cost 355 s of CPU, a sixth of CI, and the numpy reference already
    # covers every entry.
    every16 = np.ascontiguousarray(lists.guess_codes[::16])
    chunks = np.array_split(every16, 8)
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        parts = pool.starmap(_core_py.pattern_table_codes, [(c, lists.answer_codes) for c in chunks])
    assert np.array_equal(table[::16], np.concatenate(parts))


# ------------------------------------------------------------------ implementation switch
PROBE = """
import json, wordle_opt
from wordle_opt import core as _impl
print(json.dumps({
    "impl": _impl.IMPLEMENTATION,
    "module": _impl.core.__name__,
    "file": _impl.core.__file__,
    "score": wordle_opt.score("speed", "abide").byg,
    "table": wordle_opt.pattern_table(["lllll", "tooth", "crane"], ["hello", "point", "react"]).tolist(),
}))
"""


def run_python(code, impl):
    env = dict(os.environ)
    env.pop("WORDLE_OPT_IMPLEMENTATION", None)
    if impl is not None:
        env["WORDLE_OPT_IMPLEMENTATION"] = impl
    # Run from an empty directory: `python -c` puts the working directory first on
    # sys.path, and a source checkout there would shadow the installed package.
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, cwd=NEUTRAL
    )


NEUTRAL = tempfile.mkdtemp(prefix="wordle_opt_impl_")


@pytest.mark.parametrize(
    "env, impl, module",
    [
        (None, "cython", "wordle_opt.core._core"),
        ("cython", "cython", "wordle_opt.core._core"),
        ("python", "python", "wordle_opt.core._core_py"),
        ("PYTHON", "python", "wordle_opt.core._core_py"),
    ],
)
def test_env_var_forces_each_implementation(env, impl, module):
    r = run_python(PROBE, env)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert (got["impl"], got["module"]) == (impl, module)
    if module == "wordle_opt.core._core":
        assert got["file"].endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert got["score"] == "BBYBY"
    assert got["table"] == [
        [int(score(g, a)) for a in ("hello", "point", "react")] for g in ("lllll", "tooth", "crane")
    ]


def test_unknown_implementation_is_an_import_error():
    r = run_python("import wordle_opt", "fortran")
    assert r.returncode == 1
    assert "ImportError: WORDLE_OPT_IMPLEMENTATION='fortran' is not one of cython, python" in r.stderr


BLOCK_CORE = """
import sys
class Broken:
    def find_spec(self, name, path=None, target=None):
        if name == "wordle_opt.core._core":
            raise ImportError("simulated broken build")
sys.meta_path.insert(0, Broken())
import wordle_opt
print(wordle_opt.score("crane", "react").byg)
"""


def test_broken_compiled_core_is_not_silently_replaced():
    r = run_python(BLOCK_CORE, None)
    assert r.returncode == 1
    assert "the compiled core wordle_opt.core._core does not import (simulated broken build)" in r.stderr
    # Asked for explicitly, the reference still works without the compiled core.
    r = run_python(BLOCK_CORE, "python")
    assert r.returncode == 0 and r.stdout.strip() == "YYGBY", r.stderr


def test_compiled_core_is_a_real_extension_module():
    assert _core.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    for name in ("encode", "score_codes", "pattern_table_codes"):
        assert callable(getattr(_core, name))
        assert callable(getattr(_core_py, name))
