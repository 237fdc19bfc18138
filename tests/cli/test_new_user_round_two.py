"""Issue 28, what a new user hit (round two): the CLI's cases, each run through
the CLI as a user runs it.  Each test failed before its fix."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

FEW = ["crane", "react", "trace", "caret", "cater", "salet", "slate"]
IGHT = "fight light might night right sight tight wight bight".split()


def _cli(*args, cwd=None, timeout=120, wrap=()):
    return subprocess.run(
        [*wrap, sys.executable, "-m", "wordle_opt", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
    )


@pytest.fixture
def few(tmp_path):
    path = tmp_path / "few.txt"
    path.write_text("\n".join(FEW) + "\n")
    return path


def _one_error_line(r, *parts):
    """A refusal: exit 2, nothing on stdout, one line on stderr holding ``parts``."""
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stdout == "" and "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 or (len(lines) > 1 and lines[0].startswith("usage:")), r.stderr
    for part in parts:
        assert part in lines[-1], lines[-1]
    return lines[-1]


# -- C2: --workers has a ceiling ------------------------------------------------


def test_workers_beyond_the_cores_are_capped_with_one_warning_on_stderr(few, tmp_path):
    cores = os.cpu_count() or 1
    r = _cli("openers", "--answers", str(few), "--workers", "100", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stderr.splitlines() == [f"warning: 100 workers capped at the machine's {cores} cores"]
    assert f"({cores} workers)" in r.stdout and "warning" not in r.stdout
