"""Fuzzing the public functions (issue 26): a value of the wrong kind in any
argument ends in the project's own error (`WordleOptError`) with a one-line
message, or in a result -- never a TypeError, AttributeError or traceback
from inside.  Every call is on seven words, so that no case is slow."""

from __future__ import annotations

import math
import threading
import warnings

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import wordle_opt
from wordle_opt import WordleOptError, WordLists

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
FEW = ["crane", "react", "trace", "caret", "cater", "salet", "slate"]
LISTS = WordLists.from_words(FEW, FEW, name="few")

WRONG = st.one_of(
    st.sampled_from(
        [None, True, False, 0, -1, 2**70, 1.5, math.nan, math.inf, -math.inf, 1 + 2j, "", " ", "x", "salet", "SALET"]
    ),
    st.sampled_from(
        ["nyt", "strict", "easy", "original", "../../etc/passwd", "/dev/zero", "/dev/null", "/", "crâne", "12345"]
    ),
    st.sampled_from([b"salet", bytearray(b"crane"), ["salet"], ("salet", "crane"), {"a": 1}, {"salet"}, object()]),
    st.text(max_size=12),
    st.integers(),
    st.floats(),
    st.lists(st.one_of(st.text(max_size=6), st.integers()), max_size=3),
)

# function, the arguments of a valid call on the few words, the arguments the fuzz replaces
CALLS = {
    "search": (
        wordle_opt.search,
        {"opener": "salet", "answers": LISTS, "threads": 1, "cache_mb": 8},
        ["opener", "hard", "max_guesses", "threads", "cache_mb", "minimise", "beam", "time_limit", "share_min"],
    ),
    "rank_openers": (
        wordle_opt.rank_openers,
        {"answers": LISTS, "workers": 1, "top": 1, "cache_mb": 8, "trees": False},
        ["hard", "max_guesses", "top", "workers", "cache_mb", "minimise", "progress"],
    ),
    "simulate": (
        wordle_opt.simulate,
        {"strategy": "entropy", "answers": LISTS},
        ["strategy", "opener", "hard", "max_guesses", "answers_only", "seed"],
    ),
    "review": (
        wordle_opt.review,
        {"game": "salet crane", "answer": "crane", "answers": LISTS, "threads": 1, "cache_mb": 8},
        ["game", "answer", "hard", "max_guesses", "openers", "time_limit", "threads", "cache_mb"],
    ),
    "score": (wordle_opt.score, {"guess": "salet", "answer": "crane"}, ["guess", "answer"]),
    "pattern_table": (wordle_opt.pattern_table, {"guesses": FEW, "answers": FEW}, ["guesses", "answers"]),
    "load_lists": (wordle_opt.load_lists, {"answers": FEW}, ["answers", "guesses"]),
    "get_strategy": (wordle_opt.get_strategy, {"name": "entropy", "lists": LISTS}, ["name", "lists"]),
    "compare": (wordle_opt.compare, {"strategies": "entropy", "answers": LISTS}, ["strategies", "hard"]),
    "from_words": (WordLists.from_words, {"answers": FEW, "guesses": FEW}, ["answers", "guesses", "name"]),
}


@st.composite
def wrong_calls(draw):
    name = draw(st.sampled_from(sorted(CALLS)))
    fn, base, params = CALLS[name]
    kwargs = dict(base)
    for p in draw(st.lists(st.sampled_from(params), min_size=1, max_size=2, unique=True)):
        kwargs[p] = draw(WRONG)
    return name, fn, kwargs


def call_cleanly(fn, kwargs):
    unraised = []
    hook, threading.excepthook = threading.excepthook, unraised.append  # (a timer thread's exception)
    try:
        _call(fn, kwargs)
    finally:
        threading.excepthook = hook
    assert not unraised, unraised[0].exc_value


def _call(fn, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            fn(**kwargs)
        except WordleOptError as exc:
            message = str(exc)
            assert message and "\n" not in message, repr(message)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_each_function_answers_a_valid_call(name):
    fn, base, _ = CALLS[name]
    fn(**base)  # (the fuzz below varies a call that works)


def case(function, **changed):
    fn, base, _ = CALLS[function]
    return function, fn, {**base, **changed}


# The defects the fuzz found (issue 26), each kept as an example: before its fix
# each ended in another exception, a traceback from a timer thread, or a
# message of two lines.
@FUZZ
@given(call=wrong_calls())
@example(call=case("compare", strategies=True))  # TypeError: 'bool' object is not iterable
@example(call=case("from_words", answers=None))  # TypeError: 'NoneType' object is not iterable
@example(call=case("from_words", guesses=True))
@example(call=case("from_words", name="\n"))  # a message of two lines
@example(call=case("get_strategy", lists=None))  # AttributeError: no attribute 'length'
@example(call=case("pattern_table", guesses=None))  # TypeError
@example(call=case("review", max_guesses=2**70))  # OverflowError in the core
@example(call=case("review", threads=-1))  # ValueError: max_workers must be greater than 0
@example(call=case("review", threads=1.5))  # TypeError in the engine
@example(call=case("review", threads=2**70))  # MemoryError
@example(call=case("review", cache_mb=None))  # TypeError in the core
@example(call=case("review", cache_mb=False))  # the core's ValueError
@example(call=case("review", time_limit=2.0**70))  # OverflowError in a timer thread's traceback
@example(call=case("search", beam=2**70))  # OverflowError in the core
@example(call=case("search", max_guesses=2**70))
@example(call=case("simulate", seed=math.nan))  # ValueError: cannot convert float NaN
@example(call=case("simulate", seed=math.inf))  # OverflowError
@example(call=case("simulate", seed=1 + 2j))  # TypeError
@example(call=case("load_lists", answers="/dev/zero"))  # read without end: the memory exhausted
def test_wrong_types_are_the_projects_error(call):
    name, fn, kwargs = call
    call_cleanly(fn, kwargs)
