"""A complete table (`openers --top all`) on a real Dask cluster: `dask
scheduler` and two `dask worker`s as separate processes on this machine, the
CLI given ``--scheduler tcp://...``, as a table spread over machines is run
(docs/results.md).  It must write the file a local run writes, byte for byte,
and the same table from its checkpoint, also after a SIGTERM and a resume."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wordle_opt.openers.checkpoint import stored_time
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.openers.table_writer import rows_from_csv, rows_of_problem, table_bytes
from wordle_opt.openers.tasks import EXACT, TaskProblem
from wordle_opt.solver.problem import Problem

pytestmark = pytest.mark.slow
distributed = pytest.importorskip("distributed")

# The cluster's tests share one xdist worker, so the cluster starts once.
_ONE_CLUSTER = pytest.mark.xdist_group("dask_cluster")


def _start(args, folder: Path, log: str) -> subprocess.Popen:
    # (a session of its own: the cleanup ends the process and whatever it
    # started, a worker's nanny and its worker, by the group's id)
    with open(folder / log, "w") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "dask", *args],
            cwd=folder,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def _end(proc: subprocess.Popen) -> None:
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """The scheduler's address, with two one-thread workers registered."""
    folder = tmp_path_factory.mktemp("dask_cluster")
    file = folder / "scheduler.json"
    # (--idle-timeout / --death-timeout: a cluster that outlives a killed test run ends on its own)
    common = ["--no-dashboard"]
    procs = [
        _start(
            ["scheduler", "--host", "127.0.0.1", "--port", "0", "--scheduler-file", str(file), "--idle-timeout", "900"]
            + common,
            folder,
            "scheduler.log",
        )
    ]
    try:
        deadline = time.monotonic() + 120
        while not (file.exists() and file.stat().st_size):
            assert procs[0].poll() is None, (folder / "scheduler.log").read_text()
            assert time.monotonic() < deadline, "the scheduler wrote no address"
            time.sleep(0.2)
        time.sleep(0.2)  # (the file is written in one go; a partial read is retried below)
        address = json.loads(file.read_text())["address"]
        for i in (1, 2):
            worker = ["worker", address, "--nthreads", "1", "--name", f"w{i}", "--death-timeout", "120"]
            procs.append(_start(worker + ["--local-directory", str(folder)] + common, folder, f"worker{i}.log"))
        with distributed.Client(address, timeout="60s") as client:
            client.wait_for_workers(2, timeout=180)
        yield address
    finally:
        for p in reversed(procs):
            _end(p)


@pytest.fixture(scope="module")
def game(tmp_path_factory, original):
    """A slice of the original lists as files (116 answers, 545 guesses): every
    opener exact in about 20 s on two loaded cores."""
    folder = tmp_path_factory.mktemp("dask_game")
    answers = original.answers[::20]
    guesses = sorted(set(original.guesses[::30]) | set(answers))
    (folder / "answers.txt").write_text("\n".join(answers) + "\n")
    (folder / "guesses.txt").write_text("\n".join(guesses) + "\n")
    return folder


def _args(game: Path, hard, checkpoint: Path, out: Path) -> list:
    args = ["--answers", str(game / "answers.txt"), "--guesses", str(game / "guesses.txt"), "--top", "all"]
    return args + ([] if hard is None else ["--hard", hard]) + ["--checkpoint", str(checkpoint), "--out", str(out)]


def _cli(args, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "wordle_opt", "openers", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,
    )


def _finish(proc: subprocess.Popen) -> str:
    out, err = proc.communicate(timeout=900)
    assert proc.returncode == 0, err
    return out


def _problem(game: Path, hard) -> Problem:
    return Problem.parse(hard=hard, answers=str(game / "answers.txt"), guesses=str(game / "guesses.txt"))


@pytest.fixture(scope="module", params=[None, "nyt"], ids=["easy", "hard"])
def local_run(request, game, tmp_path_factory):
    """(hard, the local run's checkpoint, its --out file): --workers 2, no cluster."""
    folder = tmp_path_factory.mktemp("local_run")
    ck, out = folder / "local.sqlite", folder / "local.csv"
    _finish(_cli(_args(game, request.param, ck, out) + ["--workers", "2"]))
    return request.param, ck, out


def _exact_rows(ck: Path) -> int:
    try:
        with sqlite3.connect(ck, timeout=1) as db:
            return db.execute("SELECT COUNT(*) FROM facts WHERE kind = ?", (EXACT,)).fetchone()[0]
    except sqlite3.OperationalError:
        return 0  # (not created yet)


# One run a mode, stopped by SIGTERM and resumed, then compared with the local
# run (a separate uninterrupted cluster run as well took 29-33 s a mode of CI's
# slow stage, and an uninterrupted run is the resumed one's second half).
@_ONE_CLUSTER
def test_a_dask_run_stopped_by_sigterm_resumes_to_the_local_runs_file_and_table(cluster, game, local_run, tmp_path):
    hard, local_ck, local_out = local_run
    ck, out = tmp_path / "dask.sqlite", tmp_path / "dask.csv"
    args = _args(game, hard, ck, out) + ["--scheduler", cluster]
    proc = _cli(args)
    deadline = time.monotonic() + 600
    while proc.poll() is None and _exact_rows(ck) < 100 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert proc.poll() is None, "the run finished before it could be stopped"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode != 0 and "terminated (SIGTERM): progress is saved in" in err, err
    kept = _exact_rows(ck)
    assert 100 <= kept < 545 and not out.exists()
    printed = _finish(_cli(args))
    assert "every opener is ranked" in printed and "(2 workers)" in printed
    assert "over the 2 runs of this checkpoint" in printed
    # Byte for byte: the file holds no time or host, only each opener's proven
    # fact and its tree's worst case, and each tree is found on one thread
    # with a fresh solver (`tasks.opener_trees`), on whichever worker.
    assert out.read_bytes() == local_out.read_bytes()
    rows = rows_from_csv(str(out))
    assert len(rows) == 545 and all(kind == EXACT for _, kind, _ in rows)
    # table_writer's table from either checkpoint, and from the --out file, is one file.
    problem = _problem(game, hard)
    table = table_bytes(rows_of_problem(problem, str(local_ck)))
    assert table_bytes(rows_of_problem(problem, str(ck))) == table == table_bytes(rows)


@_ONE_CLUSTER
def test_a_dask_runs_cpu_time_counts_its_workers(cluster, game, tmp_path):
    """The CPU a ranking reports, and its checkpoint keeps (the tables'
    manifest reads it), is this process's and its tasks' on the workers."""
    ck = tmp_path / "dask.sqlite"
    # (a cache size of its own: the workers keep each problem's solver, and a
    # problem they solved in the tests above would cost them nothing)
    kw = dict(answers=str(game / "answers.txt"), guesses=str(game / "guesses.txt"), hard="nyt", cache_mb=48)
    cpu0 = time.process_time()
    result = rank_openers(top=545, scheduler=cluster, checkpoint=str(ck), trees=False, progress=False, **kw)
    here = time.process_time() - cpu0
    tasks = sum(p["cpu"] for name, p in result.stats["phases"].items() if p["tasks"])
    assert tasks > 0.2
    # (here: this process's CPU, the ranking's and a few ms of parsing
    # before it; nothing else: the CLI runs of the tests above are not this run's)
    assert here + tasks - 0.2 <= result.stats["cpu_seconds"] <= here + tasks + 0.01
    kept = stored_time(str(ck), TaskProblem.of(_problem(game, "nyt"), cache_mb=48))[1]
    assert kept == pytest.approx(result.stats["cpu_seconds"], abs=0.5)
