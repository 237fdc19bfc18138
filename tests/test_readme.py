"""Every example in README.md runs as written (issue 9): the ``python -m
wordle_opt`` lines of its bash blocks (and the ``printf`` that makes their
input file), in order, in one empty folder, and its Python blocks (how they
are found and run: tests/doc_examples.py; the docs' pages: tests/test_docs.py).
Not run: installing (``pip``), ``serve``, which runs until stopped
(tests/web/test_api.py covers it)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from doc_examples import RANKING_LINE, README, examples, readme_ranking_line, run

SLOW = ("review", "palet", "openers --top", "--minimise")  # reviews, proofs at a cap: 5-60 s each; a ranking: minutes
MAX_LINES = 150  # a front page (issue 25): the rest is in docs/


def _slow(text) -> bool:
    return any(word in text for word in SLOW)


def test_the_readme_has_the_examples_we_expect():
    found = examples(README)
    lines = [t for k, t in found if k == "sh"]
    assert any(t.startswith("python -m wordle_opt verify salet.txt --hard") for t in lines)
    assert any(t.startswith("python -m wordle_opt play") for t in lines)
    assert len(lines) >= 12 and sum(k == "python" for k, _ in found) >= 1


def test_the_readme_fits_on_a_front_page():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_LINES
    # .ci/run runs line 2 of the first code block: it must stay the test command
    first = text.split("```")[1].splitlines()[1:]
    assert len(first) == 2 and first[1].startswith('pip install -e ".[test]" && pytest'), first


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
def test_readme_examples_run_as_written(tmp_path):
    for kind, text in examples(README):
        if not _slow(text):
            run(kind, text, tmp_path)


@pytest.mark.slow
def test_readme_slow_examples_run_as_written(tmp_path):
    # (with the printf lines before them, which make the input files they read)
    slow = [(k, t) for k, t in examples(README) if _slow(t) or t.startswith("printf")]
    assert sum(_slow(t) for _, t in slow) >= 4
    for kind, text in slow:
        if RANKING_LINE not in text:  # (run by tests/openers/test_ranking_slow.py)
            run(kind, text, tmp_path)


def test_the_readme_s_ranking_line_is_the_one_the_ranking_test_runs():
    # one line, a slow one, and the ranking test runs it (doc_examples.readme_ranking_line)
    line = readme_ranking_line()
    assert _slow(line) and "--checkpoint" in line and "--out" in line and "--tree" in line


def test_the_readme_plays_today_s_game_on_the_list_the_program_recommends():
    # (issue 28, R1) `play --help` names the list for today's game; the README's line plays it
    # (issue 52: it is play's default, so the line may leave --answers out)
    today = re.search(r"Without --answers it plays today's game: (\S+)", " ".join(_help("play").split())).group(1)
    [line] = [t for k, t in examples(README) if k == "sh" and "today's game" in t]
    assert f"--answers {today}" in line or "--answers" not in line, line
    assert today in line, line


def test_the_readme_installs_every_extra_in_one_line():
    # (issue 28, L23) each `pip install -e ".[extra]"` rebuilds all the extensions
    try:
        import tomllib
    except ImportError:  # (Python < 3.11)
        import tomli as tomllib
    extras = tomllib.loads((README.parent / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    # the `all` extra names every other one (issue 49, 10: one line installs everything)
    (everything,) = extras["all"]
    assert set(re.fullmatch(r"wordle_opt\[([a-z,]+)\]", everything).group(1).split(",")) == set(extras) - {"all"}
    lines = re.findall(r'^pip install -e "\.\[([a-z,]+)\]"', README.read_text(), re.M)
    assert any(set(found.split(",")) in ({"all"}, set(extras) - {"all"}) for found in lines), lines


def _help(command):
    r = subprocess.run([sys.executable, "-m", "wordle_opt", command, "--help"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout
