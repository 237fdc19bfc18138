"""Issue 28, the public functions' arguments: a value of the wrong kind is one
`WordleOptError` naming it, never a bare TypeError, a letter-by-letter reading
or a traceback from a timer.  Each test failed before its fix."""

from __future__ import annotations

import os
import warnings

import pytest

from wordle_opt import rank_openers, search
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
