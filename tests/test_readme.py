"""Every example in README.md runs as written (issue 9): the ``python -m
wordle_opt`` lines of its bash blocks (and the ``printf`` that makes their
input file), in order, in one empty folder, and its Python blocks.  The
interactive ``play`` is fed a game from stdin.  Not run: installing (``pip``),
the test and benchmark commands of the Development section, ``serve``,
which runs until stopped (tests/web/test_api.py covers it), and ``openers
--scheduler``, which needs a Dask cluster (tests/openers/test_ranking_slow.py runs one)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from wordle_opt.patterns import score

README = Path(__file__).resolve().parent.parent / "README.md"
SLOW = ("review", "palet", "openers --top", "--minimise")  # reviews, proofs at a cap: 5-60 s each; a ranking: minutes
PLAY_INPUT = f"salet {score('salet', 'crane').byg}\ncrane GGGGG\n"


def examples():
    """[(kind, text)] in README order: kind 'sh' (one command line) or 'python' (a block)."""
    out = []
    for lang, body in re.findall(r"^```(bash|python)\n(.*?)^```", README.read_text(), re.S | re.M):
        if lang == "python":
            out.append(("python", body))
            continue
        for line in body.splitlines():
            # serve runs until stopped; --scheduler needs a Dask cluster on other machines
            if line.startswith(("python -m wordle_opt", "printf")) and not any(
                x in line for x in (" serve", "--scheduler tcp://SCHEDULER-HOST")
            ):
                out.append(("sh", line))
    return out


def _run(kind, text, folder):
    env = dict(
        os.environ,
        PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"],
        MPLBACKEND="Agg",
        NO_COLOR="1",
    )
    if kind == "python":
        args, shell, stdin = [sys.executable, "-c", text], False, None
    else:
        args, shell = text, True
        # the one-board game; a several-board assistant gets no input and must end cleanly
        stdin = PLAY_INPUT if re.match(r"python -m wordle_opt play\b(?!.*--boards)", text) else ""
    r = subprocess.run(args, shell=shell, cwd=folder, env=env, input=stdin, capture_output=True, text=True, timeout=600)
    shown = f"{text}\n--- stdout\n{r.stdout[-2000:]}\n--- stderr\n{r.stderr[-2000:]}"
    assert r.returncode == 0, shown
    assert "Traceback" not in r.stderr and "warning" not in r.stderr.lower(), shown
    assert "NOT OK" not in r.stdout, shown
    return r


def _slow(text) -> bool:
    return any(word in text for word in SLOW)


def test_the_readme_has_the_examples_we_expect():
    lines = [t for k, t in examples() if k == "sh"]
    assert any(t.startswith("python -m wordle_opt verify salet.txt --hard") for t in lines)
    assert any(t.startswith("python -m wordle_opt play") for t in lines)
    assert len(lines) >= 15 and sum(k == "python" for k, _ in examples()) >= 2


def test_readme_examples_run_as_written(tmp_path):
    for kind, text in examples():
        if not _slow(text):
            r = _run(kind, text, tmp_path)
            if re.match(r"python -m wordle_opt play\b(?!.*--boards)", text):
                assert "Solved in 2" in r.stdout, r.stdout


@pytest.mark.slow
def test_readme_slow_examples_run_as_written(tmp_path):
    # (with the printf lines before them, which make the input files they read)
    slow = [(k, t) for k, t in examples() if _slow(t) or t.startswith("printf")]
    assert sum(_slow(t) for _, t in slow) >= 4
    for kind, text in slow:
        _run(kind, text, tmp_path)


def test_the_readme_plays_today_s_game_on_the_list_the_program_recommends():
    # (issue 28, R1) `play --help` names the list for today's game; the README's line uses it.
    recommended = re.search(r"today's\s+game use (--answers \S+)", " ".join(_help("play").split())).group(1)
    [line] = [t for k, t in examples() if k == "sh" and "today's game" in t]
    assert recommended in line, line


def test_the_readme_installs_every_extra_in_one_line():
    # (issue 28, L23) each `pip install -e ".[extra]"` rebuilds all the extensions
    try:
        import tomllib
    except ImportError:  # (Python < 3.11)
        import tomli as tomllib
    extras = set(tomllib.loads((README.parent / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    lines = re.findall(r'^pip install -e "\.\[([a-z,]+)\]"', README.read_text(), re.M)
    assert any(set(found.split(",")) == extras for found in lines), lines


def _help(command):
    r = subprocess.run([sys.executable, "-m", "wordle_opt", command, "--help"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout
