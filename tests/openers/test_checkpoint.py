"""A file that is not this command's checkpoint is refused when it is opened,
before anything is written to it (issue 49)."""

from __future__ import annotations

import sqlite3

import pytest

from wordle_opt.openers.checkpoint import Checkpoint, CheckpointError
from wordle_opt.openers.tasks import TaskProblem
from wordle_opt.solver.problem import Problem
from wordle_opt.wordlists import WordLists

WORDS = ["crane", "slate", "fight", "light", "might", "trace"]


def _problem(**options) -> TaskProblem:
    lists = WordLists.from_words(WORDS, WORDS, name="six")
    return TaskProblem.of(Problem.parse(answers=lists, **options), cache_mb=8)


def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path):
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE songs (title TEXT)")
    with pytest.raises(CheckpointError, match="an SQLite database of something else \\(tables: songs\\)"):
        Checkpoint(path, _problem())
    with sqlite3.connect(path) as db:
        assert [n for (n,) in db.execute("SELECT name FROM sqlite_master")] == ["songs"]
