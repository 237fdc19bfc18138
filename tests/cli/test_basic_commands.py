"""``python -m wordle_opt score`` / ``lists`` / ``--help`` as a user runs them."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tempfile

import pytest

from wordle_opt.cli import main

# `python -m` puts the working directory first on sys.path: run from an empty
# directory so that the installed package is the one tested, not a checkout.
NEUTRAL = tempfile.mkdtemp(prefix="wordle_opt_cli_")


def run(*args):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    return subprocess.run(
        [sys.executable, "-m", "wordle_opt", *args], capture_output=True, text=True, env=env, timeout=120, cwd=NEUTRAL
    )


def test_help_lists_the_commands():
    r = run("--help")
    assert r.returncode == 0
    assert "score" in r.stdout and "lists" in r.stdout
    assert "colour a guess against an answer" in r.stdout


def test_score_piped_is_plain_byg_with_int_and_digits():
    r = run("score", "crane", "react")
    assert r.returncode == 0 and r.stderr == ""
    assert r.stdout == (
        "CRANE YYGBY  digits 11201 (0 grey, 1 yellow, 2 green)  "
        "number 103 (the digits in base 3, first letter lowest)\n"
    )
    assert "\x1b[" not in r.stdout


@pytest.mark.parametrize(
    "args, line",
    [
        (
            ("score", "SPEED", "Abide"),
            "SPEED BBYBY  digits 00101 (0 grey, 1 yellow, 2 green)  number 90 (the digits in base 3, first letter lowest)",
        ),
        (
            ("score", "lllll", "hello"),
            "LLLLL BBGGB  digits 00220 (0 grey, 1 yellow, 2 green)  number 72 (the digits in base 3, first letter lowest)",
        ),
        (
            ("score", "qxzjv", "crane"),
            "QXZJV BBBBB  digits 00000 (0 grey, 1 yellow, 2 green)  number 0 (the digits in base 3, first letter lowest)",
        ),  # any 5 letters score
        (
            ("score", "salet", "react", "--answers", "nyt"),
            "SALET BYBYG  digits 01012 (0 grey, 1 yellow, 2 green)  number 192 (the digits in base 3, first letter lowest)",
        ),
    ],
)
def test_score_lines(args, line):
    r = run(*args)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [line]


def test_score_on_a_terminal_prints_coloured_tiles(monkeypatch, capsys):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    out = Terminal()
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["score", "crane", "react"]) == 0
    text = out.getvalue()
    assert (
        "\x1b[" in text
        and " C " in text
        and text.rstrip().endswith(
            "digits 11201 (0 grey, 1 yellow, 2 green)  number 103 (the digits in base 3, first letter lowest)"
        )
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (("score", "cr4ne", "react"), "error: guess 'cr4ne' contains '4'; expected 5 letters a-z"),
        (("score", "crane", "reac"), "error: answer 'reac' has 4 letters; expected 5 letters a-z"),
        (
            ("score", "salte", "react", "--answers", "original"),
            "error: 'salte' is not an allowed guess in list 'original' (original-allowed.txt); did you mean salet, slate?",
        ),
        (
            ("score", "salet", "salet", "--answers", "original"),
            "error: 'salet' is a valid guess but not a possible answer in list 'original' (original-answers.txt)",
        ),
        (
            ("score", "crane", "react", "--answers", "orignal"),
            "error: answers list 'orignal' is neither a named set (original, nyt, nyt-12947, nyt-3158, original-all, nyt-all, en6, de5, es5) nor a file; did you mean original?",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(args, message):
    r = run(*args)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.splitlines() == [message]
    assert "Traceback" not in r.stderr


def test_score_with_a_list_file(tmp_path):
    p = tmp_path / "mine.txt"
    p.write_text("# two answers\ncrane\nreact\n", encoding="utf-8")
    assert run("score", "crane", "react", "--answers", str(p)).returncode == 0
    r = run("score", "slate", "react", "--answers", str(p))
    assert r.returncode == 2 and "'slate' is not an allowed guess" in r.stderr


def test_lists_shows_every_bundled_set_with_counts_and_files():
    r = run("lists")
    assert r.returncode == 0, r.stderr
    rows = {line.split()[0]: line.split() for line in r.stdout.splitlines() if line.strip()}
    assert rows["original"][1:4] == ["(default)", "2315", "12972"]
    assert rows["nyt"][1:3] == ["2309", "14855"] and "nyt-allowed-14855.txt" in rows["nyt"]
    assert rows["nyt-12947"][1:3] == ["2309", "12947"] and "nyt-allowed-12947.txt" in rows["nyt-12947"]
    assert "nyt-answers-2309.txt" in rows["nyt"]


def test_missing_command_is_a_usage_error():
    r = run()
    assert r.returncode == 2 and "usage:" in r.stderr and "Traceback" not in r.stderr


def test_list_file_warnings_are_one_plain_line(tmp_path):
    p = tmp_path / "dup.txt"
    p.write_text("crane\nreact\nCRANE\n", encoding="utf-8")
    r = run("score", "crane", "react", "--answers", str(p))
    assert r.returncode == 0
    assert r.stderr.splitlines() == [f"warning: {p}: dropped 1 duplicate word(s): crane"]
