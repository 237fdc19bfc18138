"""The examples of a Markdown page (README.md, docs/*.md), found and run as a
reader would type them: the ``python -m wordle_opt`` lines (and the ``printf``
lines that make their input files) of its ```bash blocks, and its ```python
blocks whole, in page order, in one folder.  ```shell and ```text blocks are
shown, never run.  Not run either: ``serve``, which runs until stopped
(tests/web/test_api.py covers it), and ``--scheduler``, which needs a Dask
cluster (tests/openers/test_ranking_slow.py runs one).  The interactive
``play`` is fed a game from stdin."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

from wordle_opt.patterns import score

README = Path(__file__).resolve().parent.parent / "README.md"
# The README's ranking line (minutes) is run, as written, by
# tests/openers/test_ranking_slow.py, which checks what it prints and writes;
# tests/test_readme.py leaves it to that test (CI ran the ranking twice).
RANKING_LINE = "openers --top"


def readme_ranking_line() -> str:
    [line] = [t for k, t in examples(README) if k == "sh" and RANKING_LINE in t]
    return line


PLAY_INPUT = f"salet {score('salet', 'crane').byg}\ncrane GGGGG\n"
_ONE_BOARD_PLAY = re.compile(r"python -m wordle_opt play\b(?!.*--boards)")


def examples(page: Path) -> List[Tuple[str, str]]:
    """[(kind, text)] in page order: kind 'sh' (one command line) or 'python' (a block)."""
    out = []
    for lang, body in re.findall(r"^```(bash|python)\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M):
        if lang == "python":
            out.append(("python", body))
            continue
        for line in body.splitlines():
            if line.startswith(("python -m wordle_opt", "printf")) and not any(
                x in line for x in (" serve", "--scheduler")
            ):
                out.append(("sh", line))
    return out


def is_one_board_play(text: str) -> bool:
    return bool(_ONE_BOARD_PLAY.match(text))


def run(kind: str, text: str, folder, *, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run one example in ``folder``; fail on a non-zero exit, a traceback, a
    warning or a tree that does not verify."""
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
        stdin = PLAY_INPUT if is_one_board_play(text) else ""
    r = subprocess.run(
        args, shell=shell, cwd=folder, env=env, input=stdin, capture_output=True, text=True, timeout=timeout
    )
    shown = f"{text}\n--- stdout\n{r.stdout[-2000:]}\n--- stderr\n{r.stderr[-2000:]}"
    assert r.returncode == 0, shown
    assert "Traceback" not in r.stderr and "warning" not in r.stderr.lower(), shown
    assert "NOT OK" not in r.stdout, shown
    if is_one_board_play(text):
        assert "Solved in 2" in r.stdout, shown
    return r
