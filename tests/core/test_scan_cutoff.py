"""The scan's cut-off (a guess whose repeats already put its bound at or above
beta is dropped half-scanned) against the exhaustive oracle.

The cut-off only runs in the stamp scan: sets of FAST_MIN (16) answers or
more with two guesses left after the node's, and a finite beta.  The sets
here are that big and built from clusters of near-identical words, so that
no answer splits the rest into singletons and the scan is reached; betas
are drawn around the optimum, where the cut-off decides.  Every rule: the
scan keeps a half-scanned guess among the children's guesses (hard mode
keys the cache with them), so the children's lists must not change either.
"""

from __future__ import annotations

import numpy as np
import pytest
from clusters import EXTRA, RULES, WORDS, check_search_contract, compiled_solver, oracle_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordle_opt.core import _core_py

FAST_MIN = 16


@pytest.mark.parametrize("rule", list(RULES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=FAST_MIN, max_size=20, unique=True),
    extra=st.lists(st.sampled_from(EXTRA), max_size=3, unique=True),
    cap=st.sampled_from([4, 5, 6]),
    offset=st.integers(-6, 3),
)
def test_values_with_a_beta_near_the_optimum_match_the_oracle(rule, answers, extra, cap, offset):
    lists, expected, S, L = oracle_game(answers, extra, rule, cap)
    s = check_search_contract(
        lambda: compiled_solver(lists, rule), S, L, cap, expected, offset, beta_floor=2 * len(S) + 1
    )
    # the children's guesses: the scan keeps every guess that splits
    assert (
        s.useful(S, L).tolist()
        == _core_py.Solver(
            np.ascontiguousarray(lists.table),
            np.ascontiguousarray(lists.guess_codes),
            np.ascontiguousarray(lists.answer_guess_index, dtype=np.int32),
            RULES[rule],
            1,
        )
        .useful(S, L)
        .tolist()
    )
