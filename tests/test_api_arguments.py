"""Issue 28, the public functions' arguments: a value of the wrong kind is one
`WordleOptError` naming it, never a bare TypeError, a letter-by-letter reading
or a traceback from a timer.  Each test failed before its fix."""

from __future__ import annotations

import os
import warnings

import pytest

from wordle_opt import rank_openers, search
from wordle_opt.errors import WordleOptError
from wordle_opt.reviews.reviewer import review
from wordle_opt.strategies.simulation import simulate
from wordle_opt.wordlists import WordLists

FEW = ["crane", "react", "trace", "caret", "cater", "salet", "slate"]


@pytest.fixture(scope="module")
def few():
    return WordLists.from_words(FEW, FEW)


# -- C2 ----------------------------------------------------------------------------


def test_rank_openers_caps_workers_at_the_cores_with_a_warning(few):
    cores = os.cpu_count() or 1
    with pytest.warns(UserWarning, match=f"^100 workers capped at the machine's {cores} cores$"):
        r = rank_openers(answers=few, workers=100, top=1, trees=False)
    assert r.stats["workers"] == cores


def test_search_without_an_opener_caps_its_workers_too(few):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        r = search(None, answers=few, threads=100)
    assert r.stats["ranking_workers"] == (os.cpu_count() or 1)
    assert [str(w.message) for w in seen] == [f"100 threads capped at the machine's {os.cpu_count() or 1} cores"]


# -- L1 ----------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [float("inf"), 1e400, float("nan")])
def test_an_infinite_time_limit_is_one_line(few, limit):
    with pytest.raises(WordleOptError, match="time_limit must be a positive finite number of seconds"):
        search("crane", answers=few, time_limit=limit)
    with pytest.raises(WordleOptError, match="time_limit must be a positive finite number of seconds"):
        rank_openers(answers=few, time_limit=limit)


# -- L5: review's openers -----------------------------------------------------------


def test_review_takes_one_opener_as_a_word_not_its_letters(few):
    r = review("crane react", answer="react", answers=few, openers="slate")
    assert r.turns[0].guess == "crane"


@pytest.mark.parametrize("openers", [123, b"soare", [1, 2]])
def test_review_refuses_openers_that_are_not_words(few, openers):
    with pytest.raises(WordleOptError, match="openers must be a list of words"):
        review("crane react", answer="react", answers=few, openers=openers)


# -- L8: review's time limit ---------------------------------------------------------


@pytest.mark.parametrize("limit", [-1, 0, float("inf"), "60"])
def test_review_refuses_a_time_limit_search_refuses(few, limit):
    with pytest.raises(WordleOptError, match="time_limit must be a positive finite number of seconds"):
        review("crane react", answer="react", answers=few, time_limit=limit)


# -- L6, L7: search's opener and checkpoint; simulate's boards ------------------------


@pytest.mark.parametrize("opener", [b"crane", {"crane"}, 123, ["crane"]])
def test_search_refuses_an_opener_that_is_not_a_str(few, opener):
    with pytest.raises(WordleOptError, match="opener must be a word \\(a str\\) or None") as exc:
        search(opener, answers=few)
    assert "letters" not in str(exc.value)


def test_search_refuses_a_checkpoint_that_is_not_a_file_name(few):
    with pytest.raises(WordleOptError, match="checkpoint must be a file name \\(a str or path\\), not 123"):
        search("crane", answers=few, beam=1, checkpoint=123)
    with pytest.raises(WordleOptError, match="checkpoint must be a file name"):
        rank_openers(answers=few, checkpoint=123)


@pytest.mark.parametrize("name", ["boards", "games"])
def test_simulate_names_boards_as_a_boards_option_not_a_strategy_one(name):
    with pytest.raises(WordleOptError, match=f"^{name}=4: simulate plays one board; .*simulate_boards") as exc:
        simulate("entropy", answers=FEW, **{name: 4})
    assert "strategy" not in str(exc.value).split(";")[0]


# -- C4: lists too large for their table of colourings -------------------------------


@pytest.fixture
def small_memory(monkeypatch):
    """A machine with 1 MiB of memory, as the lists see it."""
    import wordle_opt.lists

    monkeypatch.setattr(wordle_opt.lists, "memory_bytes", lambda: 2**20)


def _words(n):
    import itertools
    import string

    return ["".join(p) for p, _ in zip(itertools.product(string.ascii_lowercase, repeat=5), range(n))]


@pytest.mark.parametrize(
    "call",
    [
        lambda lists: search("aaaaa", answers=lists),
        lambda lists: rank_openers(answers=lists, workers=1),
        lambda lists: simulate("entropy", answers=lists),
    ],
    ids=["search", "rank_openers", "simulate"],
)
def test_lists_too_large_for_memory_say_so_and_how_large(small_memory, call):
    words = _words(1100)  # 1100 x 1100 bytes: more than the 1 MiB
    with pytest.raises(WordleOptError) as exc:
        call(WordLists.from_words(words, words))
    assert str(exc.value) == (
        "lists 'custom' are too large: 1100 guesses x 1100 answers need a 1.15 MiB table of colourings, "
        "more than this machine's 1 MiB of memory; use shorter lists"
    )
    assert "cache" not in str(exc.value)
