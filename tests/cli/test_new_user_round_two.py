"""Issue 28, what a new user hit (round two): the CLI's cases, each run through
the CLI as a user runs it.  Each test failed before its fix."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from readonly import read_only

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


# -- C3 and L3: a checkpoint that cannot be written -------------------------------


def test_resuming_a_read_only_checkpoint_is_one_line_before_any_work(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "few.txt").write_text("\n".join(FEW) + "\n")
    ck = folder / "ck.sqlite"
    first = _cli(
        "openers", "--answers", str(folder / "few.txt"), "--top", "1", "--workers", "1", "--checkpoint", str(ck)
    )
    assert first.returncode == 0, first.stderr
    # --top 5 resumes it with work left to do, which would be written to it
    r = _cli(
        "openers",
        "--answers",
        str(folder / "few.txt"),
        "--top",
        "5",
        "--workers",
        "1",
        "--checkpoint",
        str(ck),
        wrap=read_only(folder),
    )
    _one_error_line(r, f"checkpoint {ck}: read-only", "not writable")


def test_a_new_checkpoint_in_an_unwritable_folder_says_so(few, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    ck = folder / "new.sqlite"
    r = _cli("openers", "--answers", str(few), "--workers", "1", "--checkpoint", str(ck), wrap=read_only(folder))
    line = _one_error_line(r, f"checkpoint {ck}: cannot be created, folder {folder} is not writable")
    assert "not a wordle_opt checkpoint" not in line


# -- L1: an infinite time limit ----------------------------------------------------


@pytest.mark.parametrize("command", [["search", "crane"], ["openers"], ["review", "crane", "--answer", "react"]])
@pytest.mark.parametrize("limit", ["inf", "1e400"])
def test_an_infinite_time_limit_is_refused_by_the_parser(few, tmp_path, command, limit):
    r = _cli(*command, "--answers", str(few), "--time-limit", limit, cwd=tmp_path)
    _one_error_line(r, "argument --time-limit: must be a finite number of seconds", "no limit")


# -- L2: the port's range ----------------------------------------------------------


@pytest.mark.parametrize("port", ["99999", "-1"])
def test_serve_checks_the_port_range_in_the_parser(port):
    r = _cli("serve", "--port", port)
    _one_error_line(r, "argument --port: a port is a whole number from 0 to 65535")
    assert r.stderr.startswith("usage: python -m wordle_opt serve")


# -- L4: an unwritable --tree (or --ranking) path is named as given ------------------


def test_an_unwritable_tree_path_is_reported_as_tree(few, tmp_path):
    r = _cli("openers", "--answers", str(few), "--tree", str(tmp_path / "no" / "t.txt"), cwd=tmp_path)
    _one_error_line(r, "--tree ", "does not exist")
    assert "--out" not in r.stderr


def test_an_unwritable_ranking_path_is_reported_as_ranking(few, tmp_path):
    r = _cli("review", "crane", "--answer", "react", "--answers", str(few), "--ranking", str(tmp_path / "no" / "r"))
    _one_error_line(r, "--ranking ", "does not exist")


# -- L11, L12: simulate's --games and an uncapped tree -------------------------------


def test_games_without_boards_is_refused(few, tmp_path):
    r = _cli("simulate", "--answers", str(few), "--games", "5", cwd=tmp_path)
    _one_error_line(r, "--games 5: only with --boards N")


def test_an_uncapped_tree_counts_its_long_games_as_solved(tmp_path):
    words = tmp_path / "ight.txt"
    words.write_text("\n".join(IGHT) + "\n")
    tree = tmp_path / "t.txt"
    made = _cli("search", "fight", "--answers", str(words), "--max-guesses", "none", "--out", str(tree), cwd=tmp_path)
    assert made.returncode == 0 and "worst case      9 guesses" in made.stdout, made.stdout + made.stderr
    r = _cli("simulate", "--compare", "optimal,entropy", "--tree", str(tree), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    rows = {line.split()[0]: line.split() for line in r.stdout.splitlines()[3:]}
    assert rows["optimal"][2] == "9/9" and rows["optimal"][6] == "0", r.stdout  # (none failed)
    assert "has no guess cap: a game counts as solved within 20 guesses" in r.stderr


# -- L14: show over a smaller list ------------------------------------------------------


def test_show_over_a_small_list_counts_the_empty_branches(original, tmp_path):
    words = original.answers[:80]
    (tmp_path / "big.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "small.txt").write_text("\n".join(words[:4]) + "\n")
    made = _cli("search", "salet", "--answers", "big.txt", "--guesses", "original", "--out", "t.txt", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    r = _cli("show", "t.txt", "--answers", "small.txt", "--guesses", "original", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "no answer gets this colouring" not in r.stdout
    assert len(r.stdout.splitlines()) < 20, r.stdout
    assert re.search(r"^  \(and \d+ branches for colourings no answer of these lists gets\)$", r.stdout, re.M)


# -- L15: verify names the file, and a JSON array is JSON ---------------------------------


@pytest.mark.parametrize(
    "name, text, why",
    [
        ("empty.txt", "", "empty: no lines"),
        ("bad.txt", "garbage here\n", "line 1:"),
        ("array.txt", '["salet"]\n', "JSON tree must be an object"),
        ("array.json", '[{"guess": "salet"}]', "JSON tree must be an object"),
    ],
)
def test_verify_of_a_bad_file_names_it(tmp_path, name, text, why):
    path = tmp_path / name
    path.write_text(text)
    r = _cli("verify", str(path), cwd=tmp_path)
    _one_error_line(r, f"error: tree file {path}: ", why)


# -- L16: warnings and the cap being tried go to stderr ----------------------------------


def test_the_cap_being_tried_goes_to_stderr_not_with_the_result(tmp_path):
    words = tmp_path / "ight.txt"
    words.write_text("\n".join(IGHT) + "\n")
    r = _cli("search", "fight", "--answers", str(words), "--max-guesses", "3", cwd=tmp_path)
    assert "trying at most 4 guesses" in r.stderr
    assert "trying at most" not in r.stdout and "searching within" not in r.stdout
    assert r.stdout.startswith("opener ") or r.stdout.startswith("no strategy"), r.stdout


# -- L17: plurals, and a path-like game -------------------------------------------------


def test_one_letter_is_singular(tmp_path):
    r = _cli("score", "crane", "x")
    assert "has 1 letter;" in r.stderr and "1 letters" not in r.stderr


def test_a_path_like_game_is_named_as_a_path(few, tmp_path):
    r = _cli("review", "../../etc/passwd", "--answers", str(few), cwd=tmp_path)
    _one_error_line(r, "game '../../etc/passwd' looks like a file path")
    assert "'/'" not in r.stderr


def test_searching_within_one_guess_is_singular(tmp_path):
    words = tmp_path / "one.txt"
    words.write_text("crane\nreact\n")
    r = _cli("openers", "--answers", str(words), "--max-guesses", "1", cwd=tmp_path)
    assert not re.search(r"\b1 (guesses|answers)\b", r.stdout + r.stderr), r.stdout + r.stderr


# -- L18: a stray argument shows the command's usage ---------------------------------------


def test_a_stray_argument_shows_the_commands_usage():
    r = _cli("lists", "extra")
    _one_error_line(r, "unrecognized arguments: extra")
    assert r.stderr.startswith("usage: python -m wordle_opt lists")


# -- C4: lists too large for this machine ----------------------------------------------


@pytest.mark.slow  # (reading some 160,000 words or more takes 10-30 s)
@pytest.mark.parametrize("command", [["simulate"], ["openers", "--workers", "1"], ["search", "aaaaa"], ["play"]])
def test_lists_too_large_for_this_machine_are_one_line_saying_how_large(tmp_path, command):
    import itertools
    import math
    import string

    ram = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    n = math.isqrt(ram) * 11 // 10  # n x n bytes: more than the memory
    words = ("".join(p) for p, _ in zip(itertools.product(string.ascii_lowercase, repeat=5), range(n)))
    (tmp_path / "huge.txt").write_text("\n".join(words) + "\n")
    r = subprocess.run(
        [sys.executable, "-m", "wordle_opt", *command, "--answers", "huge.txt"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        timeout=600,
    )
    line = _one_error_line(r, f"lists 'huge.txt' are too large: {n} guesses x {n} answers need a ")
    assert "of memory; use shorter lists" in line and "cache" not in line


# -- L19: the opener CSV by rank, then by bound --------------------------------------------


def test_the_opener_csv_is_by_rank_then_by_bound(few, tmp_path):
    import csv

    out = tmp_path / "o.csv"
    r = _cli("openers", "--answers", str(few), "--top", "2", "--out", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(out.open()))
    assert sorted(row["opener"] for row in rows) == sorted(FEW)
    assert [row["rank"] for row in rows[:2]] == ["1", "2"] and all(row["rank"] == "" for row in rows[2:])
    totals = [int(row["total"]) for row in rows[2:]]
    assert totals == sorted(totals) and totals[-1] > totals[0], rows


# -- L13: an anytime search stopped by Ctrl-C before its tree says so ----------------------


def test_ctrl_c_before_any_tree_is_not_called_the_time_given(tmp_path, ctrl_c):
    # beam 4000 on SALET's groups of the every-word game: no tree within seconds (on the
    # original lists the faster core now finds one in 2 s); Ctrl-C 2 s into the beam
    args = ["search", "salet", "--answers", "original-all", "--beam", "4000", "--threads", "1", "--time-limit", "600"]
    r = ctrl_c(args, tmp_path, marker="beam 4000", wait=2.0)
    assert r.running, r.out + r.err
    assert "no tree found before it was stopped (Ctrl-C or SIGTERM)" in r.out, r.out + r.err
    # the log says what the beam looks for, not that it has a tree
    assert re.search(r"beam 4000: looking for a tree for each of \d+ groups", r.out), r.out
    assert "in the time given" not in r.out


# -- L9: Ctrl-C with a checkpoint says where the progress is; a resumed run says so ---------


def test_ctrl_c_says_the_progress_is_saved_and_how_to_resume(tmp_path, ctrl_c):
    ck = tmp_path / "ck.sqlite"
    r = ctrl_c(["openers", "--workers", "1", "--checkpoint", str(ck)], tmp_path, wait=1.0, started=True)
    assert r.running and r.returncode == 130, r.out + r.err
    assert r.err.strip().splitlines()[-1] == (
        f"interrupted: progress is saved in {ck}; run the same command again to resume"
    )


def test_a_resumed_ranking_says_it_resumed(few, tmp_path):
    ck = tmp_path / "ck.sqlite"
    first = _cli("openers", "--answers", str(few), "--top", "1", "--checkpoint", str(ck), cwd=tmp_path)
    assert first.returncode == 0 and "resumed" not in first.stderr, first.stderr
    again = _cli("openers", "--answers", str(few), "--top", "3", "--checkpoint", str(ck), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert re.fullmatch(
        rf"resumed from checkpoint {re.escape(str(ck))}: facts on \d+ openers? from earlier runs "
        r"\(\d+ exact or infeasible, \d+ lower bounds, which settle an opener once enough others are proven below them\)\n",
        again.stderr,
    )
