"""Scoring and pattern-table speed, compiled core beside the plain-Python reference.

Target (issue 2): the original 12972 x 2315 table well under 0.2 s on one core
(group ``table-full``).  The reference only runs on small inputs.
"""

from __future__ import annotations

import numpy as np
import pytest

import wordle_opt
from wordle_opt import load_lists
from wordle_opt.core import _core, _core_py
from wordle_opt.wordlists import bundled_path, read_words

IMPLEMENTATIONS = {"cython": _core, "python": _core_py}


@pytest.fixture(scope="module")
def original():
    lists = load_lists("original")
    lists.guess_codes, lists.answer_codes  # encode outside the timings
    return lists


@pytest.fixture(scope="module")
def nyt():
    lists = load_lists("nyt")
    lists.guess_codes, lists.answer_codes
    return lists


# Guesses with and without repeated letters take different paths in the core.
PAIRS = [("crane", "react"), ("speed", "abide"), ("lllll", "hello")]


@pytest.mark.benchmark(group="score-one")
@pytest.mark.parametrize("impl", sorted(IMPLEMENTATIONS))
def test_score_codes(benchmark, impl):
    core = IMPLEMENTATIONS[impl]
    codes = [(core.encode([g])[0], core.encode([a])[0]) for g, a in PAIRS]

    def run():
        return [core.score_codes(g, a) for g, a in codes]

    assert benchmark(run) == [wordle_opt.score(g, a) for g, a in PAIRS]


@pytest.mark.benchmark(group="score-one")
def test_public_score(benchmark):
    # The public function: validation + Pattern on top of the core.
    assert benchmark(wordle_opt.score, "speed", "abide").byg == "BBYBY"


@pytest.mark.benchmark(group="table-small")
@pytest.mark.parametrize("impl", sorted(IMPLEMENTATIONS))
def test_table_100x100(benchmark, impl, original):
    rng = np.random.default_rng(0)
    g = np.ascontiguousarray(original.guess_codes[rng.choice(len(original.guesses), 100, replace=False)])
    a = np.ascontiguousarray(original.answer_codes[rng.choice(len(original.answers), 100, replace=False)])
    core = IMPLEMENTATIONS[impl]
    out = benchmark(core.pattern_table_codes, g, a)
    assert np.array_equal(out, _core.pattern_table_codes(g, a))


@pytest.mark.benchmark(group="table-full")
def test_table_original_12972x2315(benchmark, original):
    out = benchmark(_core.pattern_table_codes, original.guess_codes, original.answer_codes)
    assert out.shape == (12972, 2315) and out.dtype == np.uint8
    assert out[original.guess_index("crane"), original.answer_index("react")] == 103


@pytest.mark.benchmark(group="table-full")
def test_table_nyt_14855x2309(benchmark, nyt):
    out = benchmark(_core.pattern_table_codes, nyt.guess_codes, nyt.answer_codes)
    assert out.shape == (14855, 2309)


@pytest.mark.benchmark(group="table-full")
def test_public_pattern_table_original(benchmark, original):
    # Validation and encoding of the str lists included.
    out = benchmark(wordle_opt.pattern_table, original.guesses, original.answers)
    assert out.shape == (12972, 2315)


@pytest.mark.benchmark(group="lists")
def test_read_original_allowed(benchmark):
    words = benchmark(read_words, bundled_path("original-allowed.txt"))
    assert len(words) == 12972


@pytest.mark.benchmark(group="lists")
@pytest.mark.parametrize("impl", sorted(IMPLEMENTATIONS))
def test_encode_original_allowed(benchmark, impl, original):
    out = benchmark(IMPLEMENTATIONS[impl].encode, original.guesses)
    assert out.shape == (12972, 5)
