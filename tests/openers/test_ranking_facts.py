"""The bounds a ranking claims, re-checked by the plain twin (_bounds_py): a
fact found by a stopped bound is between the stop and the full bound, so it
never exceeds the twin's full bound."""

from __future__ import annotations

import numpy as np
import pytest

from wordle_opt.core import _bounds_py
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.openers.tasks import BOUND
from wordle_opt.wordlists import WordLists


@pytest.fixture(scope="module")
def small(original):
    """290 answers, 1587 guesses (every eighth answer and guess)."""
    answers = original.answers[::8]
    return WordLists.from_words(answers, tuple(dict.fromkeys(original.guesses[::8] + answers)), name="small")


def test_a_sample_of_the_claimed_bounds_holds_by_the_plain_twin(small):
    r = rank_openers(answers=small, top=5, workers=2, progress=False, trees=False)
    bounds = sorted(o for o, (kind, _) in r.facts.items() if kind == BOUND)
    assert len(bounds) > 100
    twin = _bounds_py.Bounder(np.ascontiguousarray(small.table), np.ascontiguousarray(small.guess_codes), 0)
    # Every claimed bound settles its opener: at least the K-th total.
    assert all(r.facts[o][1] >= r.others_at_least for o in bounds)
    # The openers nearest the K-th total (stopped soonest) and a random few.
    near = sorted(bounds, key=lambda o: r.facts[o][1])[:4]
    sample = near + np.random.default_rng(0).choice(bounds, 4, replace=False).tolist()
    for o in sample:
        assert r.facts[o][1] <= twin.opener(o, 6), small.guesses[o]
