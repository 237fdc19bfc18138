"""The anytime search's checkpoint (`search OPENER --beam/--time-limit
--checkpoint FILE`): each group's best tree and proven bound are saved, a
rerun resumes from them, an interrupted run loses nothing it had found, and a
checkpoint for another problem (or a saved tree that does not fit) is never
used."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest
from searching import search as exact_search

from wordle_opt.errors import WordleOptError
from wordle_opt.openers.best import search
from wordle_opt.openers.checkpoint import Checkpoint, CheckpointError
from wordle_opt.openers.tasks import TaskProblem
from wordle_opt.rules import ALL_GREEN
from wordle_opt.trees.node import Node
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists


@pytest.fixture(scope="module")
def sliced(original):
    answers = original.answers[::8]
    return WordLists.from_words(
        answers, tuple(dict.fromkeys(("salet",) + original.guesses[::20] + answers)), name="slice"
    )


def _groups(lists) -> int:
    """SALET's groups: its colourings of the answers, all green aside."""
    return len(set(lists.table[lists.guess_index("salet")].tolist()) - {ALL_GREEN})


def _run(lists, path, **kw):
    notes = []
    r = search("salet", answers=lists, beam=1, threads=1, checkpoint=str(path), note=notes.append, **kw)
    return r, notes


def test_a_finished_search_is_resumed_without_a_beam(sliced, tmp_path):
    path = tmp_path / "ck.sqlite"
    first, notes = _run(sliced, path)
    optimum = exact_search("salet", answers=sliced, threads=1).total
    assert first.total == first.lower_bound == optimum
    assert any(line.startswith("beam 1: looking for a tree for each of") for line in notes)
    again, notes = _run(sliced, path)
    groups = _groups(sliced)
    assert (
        notes[0] == f"resumed: {groups} of {groups} groups have a tree (the tree totals {optimum}), "
        f"{groups} proven optimal"
    )
    assert not any(line.startswith("beam") for line in notes)  # no tree built again
    assert (again.total, again.lower_bound) == (optimum, optimum)
    rep = verify(again.tree, answers=sliced.answers, guesses=sliced.guesses)
    assert rep.ok and rep.total == optimum, rep.errors


def test_a_saved_tree_that_does_not_fit_its_group_is_not_used(sliced, tmp_path):
    path = tmp_path / "ck.sqlite"
    first, _ = _run(sliced, path)
    with sqlite3.connect(path) as db:
        pattern, tree = db.execute("SELECT pattern, tree FROM anytime ORDER BY total DESC LIMIT 1").fetchone()
        guess = json.loads(tree)[0]
        db.execute("UPDATE anytime SET tree = ?, total = 1 WHERE pattern = ?", (json.dumps([guess, []]), pattern))
    again, notes = _run(sliced, path)
    groups = _groups(sliced)
    assert notes[0].startswith(f"resumed: {groups - 1} of {groups} groups have a tree, ")
    # (a group with no tree is not counted as proven optimal: it was, as "116 proven optimal"
    # beside "34 of 116 groups have a tree" on the every-word game in hard mode)
    proven = int(notes[0].rsplit(", ", 1)[1].split()[0])
    assert proven <= groups - 1
    assert any(line == "beam 1: looking for a tree for each of 1 group" for line in notes)
    assert again.total == again.lower_bound == first.total
    assert verify(again.tree, answers=sliced.answers, guesses=sliced.guesses).ok


def test_saving_keeps_the_better_tree_the_higher_bound_and_the_widening_mark(tmp_path, sliced):
    problem = TaskProblem(sliced.name, sliced.answers, sliced.guesses, None, 6, 4)
    ck = Checkpoint(tmp_path / "ck.sqlite", problem)
    a, b = Node("salet", {1: Node("crane")}), Node("slate")
    ck.save_groups(7, [(3, 20, 12, 0, a)])
    ck.save_groups(7, [(3, 25, 15, 2, b)])  # worse tree: kept a; the bound and the mark rise
    assert ck.groups(7) == {3: (20, 15, 2, a)}
    ck.save_groups(7, [(3, 18, 10, 1, b)])  # better tree: b, with the higher bound and the higher mark kept
    assert ck.groups(7) == {3: (18, 15, 2, b)}
    assert ck.groups(8) == {}  # another opener's groups are its own
    ck.close()


def test_the_checkpoint_must_match_the_problem_and_the_exact_search_refuses_it(sliced, tmp_path):
    path = tmp_path / "ck.sqlite"
    _run(sliced, path, max_guesses=6)
    with pytest.raises(CheckpointError, match="was made with cap 6 guesses, not 5 guesses"):
        _run(sliced, path, max_guesses=5)
    with pytest.raises(CheckpointError, match=r"was made with rule easy, not hard \(nyt\)"):
        _run(sliced, path, hard="nyt")
    with pytest.raises(WordleOptError, match="resumes only the anytime search of an opener"):
        search("salet", answers=sliced, checkpoint=str(path))
    r = subprocess.run(
        [sys.executable, "-m", "wordle_opt", "search", "salet", "--checkpoint", str(path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert r.returncode == 2 and r.stdout == ""
    assert (
        r.stderr == "error: --checkpoint with an OPENER resumes the anytime search: add --beam N, "
        "--time-limit SECONDS or --fit (the exact search of one opener keeps nothing between runs)\n"
    )


def test_cli_ctrl_c_then_the_same_command_resumes_from_the_saved_trees(tmp_path, ctrl_c):
    # SALET, beam 1: the widening runs for tens of seconds; Ctrl-C in it saves every group's tree.
    ck = tmp_path / "ck.sqlite"
    args = ["search", "salet", "--beam", "1", "--threads", "1", "--time-limit", "600", "--checkpoint", str(ck)]
    r = ctrl_c(args, tmp_path, marker="now trying more guesses")
    assert r.running and r.returncode == 0, r.out + r.err
    stopped_at = int(next(line.split()[1] for line in r.out.splitlines() if line.startswith("total ")))
    with sqlite3.connect(ck) as db:
        groups, saved = db.execute("SELECT count(*), sum(total) FROM anytime").fetchone()
    assert groups == 148 and 2315 + saved == stopped_at  # (SALET leaves 148 groups besides all green)
    out = tmp_path / "tree.txt"
    again = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_opt",
            "search",
            "salet",
            "--beam",
            "1",
            "--threads",
            "1",
            "--checkpoint",
            str(ck),
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(f"resumed: 148 of 148 groups have a tree (the tree totals {stopped_at}), ")
    assert "beam 1: looking for a tree for each" not in again.stdout
    assert "total        7920" in again.stdout and "lower bound  7920 (proven)" in again.stdout
    # the proving pass's own solvers did the searching: the summary counts them
    nodes = next(line.split()[1] for line in again.stdout.splitlines() if line.startswith("nodes "))
    assert int(nodes.replace(",", "")) > 0, again.stdout
    v = subprocess.run(
        [sys.executable, "-m", "wordle_opt", "verify", str(out)], capture_output=True, text=True, cwd=tmp_path
    )
    assert v.returncode == 0 and "total: 7920" in v.stdout, v.stdout + v.stderr


def test_ctrl_c_while_the_widening_makes_its_solvers_keeps_the_beam_trees(original, tmp_path, monkeypatch):
    """A Ctrl-C that lands while the widening's exact solvers are being made
    (their caches take a while on big lists) ends the search with the beam's
    trees, saved, and their bound."""
    from wordle_opt.solver.engine import Engine

    made = Engine.with_beam

    def with_beam(self, beam):
        if beam == 0:
            raise KeyboardInterrupt
        return made(self, beam)

    monkeypatch.setattr(Engine, "with_beam", with_beam)
    notes = []
    r = search(
        "salet",
        answers=original,
        beam=1,
        threads=1,
        time_limit=600,
        checkpoint=str(tmp_path / "ck.sqlite"),
        note=notes.append,
    )
    assert any("now trying more guesses" in line for line in notes)  # (it got to the widening)
    assert r.stopped and r.tree is not None and r.lower_bound <= 7920 <= r.total
    assert verify(r.tree, answers=original.answers, guesses=original.guesses).ok
    with sqlite3.connect(tmp_path / "ck.sqlite") as db:
        assert db.execute("SELECT count(*), sum(total) FROM anytime").fetchone() == (148, r.total - 2315)


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
def test_the_far_widening_runs_on_the_groups_left_open_and_a_rerun_skips_it(original, tmp_path, monkeypatch):
    """With the first exact proofs left out, SALET's groups are still open
    after the first widening: the far one (8 second guesses here, to keep it
    short) runs on them, marks them done (2) in the checkpoint, and a rerun
    does not run it again."""
    import wordle_opt.solver.anytime as anytime

    monkeypatch.setattr(anytime, "prove_trees", lambda *args, **kwargs: False)
    monkeypatch.setattr(anytime, "FAR", 8)  # (the rank the anytime search passes to widen_far)
    path = tmp_path / "ck.sqlite"
    first, notes = _run(original, path, time_limit=600)
    far = [line for line in notes if "second guesses in each of the" in line]
    assert (
        len(far) == 1 and "now trying up to 8 second guesses" in far[0] and far[0].endswith("open groups, beam 16")
    ), notes
    assert first.total == first.lower_bound == 7920  # (the closing still proves it)
    opened = int(far[0].split("each of the ")[1].split()[0])
    with sqlite3.connect(path) as db:
        # (the groups the beam's trees closed at once were never open)
        assert db.execute("SELECT count(*) FROM anytime WHERE widened = 2").fetchone() == (opened,)
        db.execute("UPDATE anytime SET lb = 0 WHERE widened = 2")  # open again: only the marks say they are done
    again, notes = _run(original, path, time_limit=600)
    assert not any("now trying" in line for line in notes), notes
    assert again.total == again.lower_bound == 7920


def test_the_beam_phase_reports_progress_and_saves_its_trees_as_it_goes(sliced, tmp_path, monkeypatch):
    # (a kill during the beam's first pass used to lose every tree it had
    # built, and nothing was printed until its end)
    import time

    import wordle_opt.solver.anytime_saving as anytime_saving
    import wordle_opt.solver.engine as engine_module
    from wordle_opt.solver.anytime_fit import Fitter

    monkeypatch.setattr(engine_module, "POLL_SECONDS", 0.005)
    monkeypatch.setattr(anytime_saving, "SAVE_SECONDS", 0.0)
    path = tmp_path / "ck.sqlite"
    stored = []  # the groups in the checkpoint as each group's beam starts
    fit = Fitter.fit

    def slow_fit(self, *args, **kwargs):
        time.sleep(0.03)  # (the main thread polls meanwhile)
        with sqlite3.connect(path) as db:
            stored.append(db.execute("SELECT COUNT(*) FROM anytime").fetchone()[0])
        return fit(self, *args, **kwargs)

    monkeypatch.setattr(Fitter, "fit", slow_fit)
    calls = []
    r = search("salet", answers=sliced, beam=1, threads=1, checkpoint=str(path), progress=lambda *a: calls.append(a))
    groups = _groups(sliced)
    beam = [(done, total) for done, total, label in calls if label == "beam 1: a tree for"]
    assert beam and all(total == groups for _, total in beam)
    done = [d for d, _ in beam]
    assert done == sorted(done) and any(0 < d < groups for d in done)  # (heard during the pass)
    assert len(stored) == groups and stored[0] == 0 and 0 < stored[-1] < groups  # saved before the pass ended
    assert r.tree is not None and verify(r.tree, answers=sliced.answers, guesses=sliced.guesses).ok
