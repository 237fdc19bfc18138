"""A file that is not this command's checkpoint is refused when it is opened,
before anything is written to it; a run killed before its end is counted
among the checkpoint's runs (issue 49)."""

from __future__ import annotations

import sqlite3

import pytest

from wordle_opt.openers.checkpoint import Checkpoint, CheckpointError
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.openers.tasks import BOUND, EXACT, TaskProblem
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


def test_a_run_killed_before_its_end_counts_among_the_runs(tmp_path):
    path = tmp_path / "rank.sqlite"
    lists = WordLists.from_words(WORDS, WORDS, name="six")
    rank_openers(answers=lists, top=1, workers=1, progress=False, trees=False, checkpoint=str(path))
    killed = Checkpoint(path, _problem())  # (kill -9 after a batch: no time saved at the end)
    killed.save([(0, EXACT, 11)], searched=True)
    facts = killed.facts()
    killed.db.close()
    notes = []
    third = rank_openers(
        answers=lists, top=1, workers=1, progress=False, trees=False, checkpoint=str(path), note=notes.append
    )
    assert third.stats["runs"] == 3 and third.stats["untimed_runs"] == 1
    assert "over the 3 runs of this checkpoint" in str(third)
    assert "not counting the CPU of 1 run that did not save it: killed, or the anytime search" in str(third)
    # the resume names what the file holds, not 'settled' for what the bar does not count as settled
    bounds = sum(1 for kind, _, _ in facts.values() if kind == BOUND)
    assert notes == [
        f"resumed from checkpoint {path}: facts on {len(facts)} openers from earlier runs ({len(facts) - bounds} "
        f"exact or infeasible, {bounds} lower bounds, which settle an opener once enough others are proven below them)"
    ]


def _copy(path, to):
    """A file copy made the way git writes one: a new file renamed over ``to``."""
    tmp = to.parent / (to.name + ".new")
    with sqlite3.connect(path) as src, sqlite3.connect(tmp) as dst:
        src.backup(dst)
    tmp.replace(to)


def test_a_checkpoint_replaced_under_a_run_gets_all_of_its_facts(tmp_path):
    # `git stash` and `git stash pop` of a checkpoint kept in the repository
    # put an older copy of it in its place while a table run writes to it.
    path = tmp_path / "rank.sqlite"
    run = Checkpoint(path, _problem())
    run.save([(0, EXACT, 11), (1, BOUND, 12)], searched=True)
    run.defer([2])
    _copy(path, tmp_path / "older.sqlite")
    run.save([(1, EXACT, 13), (3, BOUND, 14)], searched=False)
    _copy(tmp_path / "older.sqlite", path)
    run.save([(4, BOUND, 15)], searched=False)
    run.defer([5])
    run.add_time(1.0, 2.0)
    run.close()
    back = Checkpoint(path, _problem(), reading=True)
    assert back.facts() == {
        0: (EXACT, 11, True),
        1: (EXACT, 13, True),
        3: (BOUND, 14, False),
        4: (BOUND, 15, False),
    }
    assert back.deferred() == {2, 5}
    assert back.time_spent()[1:3] == (2.0, 1)
    back.close()


def test_a_checkpoint_deleted_under_a_run_is_written_anew(tmp_path):
    path = tmp_path / "rank.sqlite"
    run = Checkpoint(path, _problem())
    run.save([(0, EXACT, 11)], searched=True)
    path.unlink()
    run.save([(1, BOUND, 12)], searched=False)
    run.close()
    assert Checkpoint(path, _problem(), reading=True).facts() == {0: (EXACT, 11, True), 1: (BOUND, 12, False)}


def test_a_checkpoint_replaced_by_another_problems_keeps_the_runs_progress_beside_it(tmp_path):
    path = tmp_path / "rank.sqlite"
    run = Checkpoint(path, _problem())
    run.save([(0, EXACT, 11)], searched=True)
    other = tmp_path / "hard.sqlite"
    Checkpoint(other, _problem(hard=True)).close()
    _copy(other, path)
    with pytest.raises(CheckpointError) as caught:
        run.save([(1, BOUND, 12)], searched=False)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"checkpoint {path} was replaced while this run was writing it, by a file it cannot use")
    assert f"resume with --checkpoint {path}.rescued" in message
    assert Checkpoint(f"{path}.rescued", _problem(), reading=True).facts() == {0: (EXACT, 11, True)}
    assert Checkpoint(path, _problem(hard=True), reading=True).facts() == {}
