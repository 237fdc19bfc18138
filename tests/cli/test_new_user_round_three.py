"""Issue 49, what a new user hit (round three): the command line's cases.
Each test failed before its fix."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from wordle_opt.cli import build_parser


def _cli(*args, cwd=None, timeout=120):
    return subprocess.run(
        [sys.executable, "-m", "wordle_opt", *args], capture_output=True, text=True, cwd=cwd, timeout=timeout
    )


def _help(command: str, option: str) -> str:
    """The --help text of ``command``'s ``option``, on one line."""
    parser = build_parser()
    sub = next(a for a in parser._actions if a.choices and command in a.choices).choices[command]
    return " ".join(sub._option_string_actions[option].help.split())


# -- 14: help texts copied from `search` ------------------------------------------


@pytest.mark.parametrize(
    "command,example",
    [
        ("search", "'search --hard salet' is 'search salet --hard nyt'"),
        ("solve", "'solve --hard crate' is 'solve crate --hard nyt'"),
        ("review", "'review --hard salet drone crate' is 'review salet drone crate --hard nyt'"),
        ("simulate", None),
        ("play", None),
        ("openers", None),
    ],
)
def test_each_commands_hard_help_names_its_own_argument_and_says_what_easy_is(command, example):
    text = _help(command, "--hard")
    assert "WORD argument" not in text
    assert "easy: any allowed guess at any turn" in text
    if example is None:
        assert "argument" not in text and "search" not in text
    else:
        assert example in text


def test_play_and_solve_say_what_their_guess_cap_does():
    assert _help("simulate", "--max-guesses").startswith("count a game as solved within N guesses")
    for command in ("play", "solve"):
        text = _help(command, "--max-guesses")
        assert "solved" not in text and "--strategy optimal plays within" in text


@pytest.mark.parametrize(
    "args,message",
    [
        (["simulate", "--hard", "salet"], "simulate takes no word argument (--opener WORD: the first guess)"),
        (["solve", "crate", "--hard", "weird"], "is the ANSWER argument, which is already 'crate'"),
    ],
)
def test_a_word_after_a_bare_hard_is_explained_by_the_commands_own_arguments(args, message):
    r = _cli(*args)
    assert r.returncode == 2 and r.stdout == ""
    last = r.stderr.strip().splitlines()[-1]
    assert message in last and last.startswith(f"python -m wordle_opt {args[0]}: error: --hard takes a rule"), last


# -- 15: "where the time went" only when asked or after a long run ----------------


@pytest.fixture
def nine(tmp_path):
    path = tmp_path / "my-words.txt"
    path.write_text("crane slate trace crate react caret cater least steal".replace(" ", "\n") + "\n")
    return path


@pytest.mark.parametrize("command", [["openers"], ["search"]])
def test_where_the_time_went_shows_with_verbose_only_after_a_short_run(nine, tmp_path, command):
    plain = _cli(*command, "--answers", str(nine), cwd=tmp_path)
    assert plain.returncode == 0 and "best openers:" in plain.stdout, plain.stderr
    assert "where the time went" not in plain.stdout + plain.stderr
    verbose = _cli(*command, "--answers", str(nine), "--verbose", cwd=tmp_path)
    assert verbose.returncode == 0 and "where the time went:" in verbose.stdout, verbose.stderr


# -- 17: a word list given as a tree -------------------------------------------------


@pytest.mark.parametrize("command", ["verify", "show"])
def test_a_word_list_given_as_a_tree_is_called_a_word_list(nine, tmp_path, command):
    r = _cli(command, str(nine), cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == "", r.stdout
    assert r.stderr.strip() == (
        f"error: tree file {nine}: line 1: one word, as in a word list; this is not a tree file: expected a line "
        "per answer of guesses each with its colours and turn (salet BYBYY1 crate GGGGG2), or JSON"
    )


# -- 20: the review's best opener from the bundled ranking -------------------------


def test_a_review_on_the_bundled_lists_takes_the_best_opener_the_bundled_ranking_proves(tmp_path):
    r = _cli("review", "--answer", "crate", "soare", "drone", "crate", "--quiet", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[1].split()
    assert first[:2] == ["1", "SOARE"] and first[7] == "SALET", first  # (best: SALET, 7920, proven by the table)
    assert "not proven here" not in r.stdout
    assert "turn 1: the openers' values from the bundled opener ranking where it proves them" in r.stdout
    assert "against 7920" in r.stdout


# -- 21: a checkout named wordle_opt, run from the folder above it ---------------------

CHECKOUT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not (CHECKOUT / "setup.py").exists(), reason="needs the source checkout")
@pytest.mark.parametrize("how", [["-m", "wordle_opt", "score", "crane", "react"], ["-c", "import wordle_opt"]])
def test_a_checkout_that_shadows_the_package_says_so_in_one_line(tmp_path, how):
    # (the folder above a clone named wordle_opt: Python took the clone for the
    # package, "module 'wordle_opt' has no attribute 'score'")
    clone = tmp_path / "wordle_opt"
    clone.mkdir()
    shutil.copy(CHECKOUT / "__init__.py", clone / "__init__.py")
    r = subprocess.run([sys.executable, *how], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == (
        f"error: {clone} is a wordle_opt source checkout, not the package; it shadows the installed wordle_opt "
        "because Python runs from the folder above it: run from another folder, or inside the checkout\n"
    )
