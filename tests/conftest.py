"""Fixtures the test modules share."""
from __future__ import annotations

import pytest

from wordle_opt.wordlists import load_lists


@pytest.fixture(scope="session")
def original():
    """The original lists (2315 answers, 12972 guesses), loaded once."""
    return load_lists("original")
