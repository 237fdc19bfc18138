"""--quiet on every command that shows progress: no progress line in a log
(nor the terminal display), and the result and errors still printed (issue 25)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from wordle_opt.openers.progress import INTERVAL_ENV

# The plain lines of `cli._common.Progress` and of the ranking's `PlainBar`.
PROGRESS = re.compile(r"^(progress|openers): ")


@pytest.fixture(scope="module")
def small(original, tmp_path_factory):
    """290 answers (every 8th): each command below runs in about a second."""
    path = tmp_path_factory.mktemp("quiet") / "small.txt"
    path.write_text("\n".join(original.answers[::8]) + "\n")
    return str(path)


def _run(args, tmp_path):
    """The command with stdout and stderr to files, a progress line due at every update."""
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    env = dict(os.environ, **{INTERVAL_ENV: "0.001"})
    with open(out, "w") as fo, open(err, "w") as fe:
        r = subprocess.run([sys.executable, "-m", "wordle_opt", *args], stdout=fo, stderr=fe, env=env, timeout=600)
    return r.returncode, out.read_text(), err.read_text().splitlines()


# (command, a line the result starts with): with and without --quiet.
PAIRS = {
    "openers": (["openers", "--top", "2", "--workers", "1"], "best openers:"),
    "simulate": (["simulate"], "strategy entropy"),
    "review": (["review", "alert", "drone", "--answer", "drone"], "#  guess"),
    "absurdle": (["absurdle", "--solve"], "fewest guesses that force a win: 4"),
}


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_quiet_silences_the_progress_lines_and_keeps_the_result(name, small, tmp_path):
    args, result = PAIRS[name]
    args = [*args, "--answers", small]
    code, out, err = _run(args, tmp_path)
    assert code == 0 and any(PROGRESS.match(line) for line in err), err  # (without it: lines)
    code, quiet_out, err = _run([*args, "--quiet"], tmp_path)
    assert code == 0 and err == [], err
    assert any(line.startswith(result) for line in quiet_out.splitlines()), quiet_out


# Commands whose progress lines other tests (and the pairs above) show: --quiet only.
QUIET_ONLY = {
    "search (the ranking)": (["search", "--workers", "1"], "best openers:"),
    "openers (anytime)": (["openers", "--top", "2", "--workers", "1", "--time-limit", "2"], "best openers:"),
    "review --ranking": (["review", "alert", "drone", "--answer", "drone", "--ranking", "{ranking}"], "#  guess"),
    "simulate --boards": (["simulate", "--boards", "2", "--games", "20"], "Dordle (2 boards)"),
}


@pytest.mark.parametrize("name", sorted(QUIET_ONLY))
def test_quiet_on_the_other_long_commands(name, small, tmp_path):
    args, result = QUIET_ONLY[name]
    args = [a.format(ranking=tmp_path / "ranking.ckpt") for a in args]
    code, out, err = _run([*args, "--answers", small, "-q"], tmp_path)
    assert code in (0, 1) and not any(PROGRESS.match(line) for line in err), err
    assert any(line.startswith(result) for line in out.splitlines()), out


def test_quiet_search_of_an_opener_writes_no_progress_line(tmp_path):
    # (tests/cli/test_progress_lines.py: the same search writes lines without --quiet)
    code, out, err = _run(["search", "salet", "--hard", "--threads", "1", "--quiet"], tmp_path)
    assert code == 0 and err == [], err
    assert any(line.startswith("total ") for line in out.splitlines()), out


def test_quiet_still_prints_an_error_in_one_line(small, tmp_path):
    code, out, err = _run(["search", "salet", "--answers", small, "--quiet"], tmp_path)
    assert code == 2 and out == ""
    assert len(err) == 1 and err[0].startswith("error: 'salet' is not an allowed guess"), err
