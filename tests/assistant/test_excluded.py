"""Answers the player knows are impossible, taken out (issue 52): `play
--exclude FILE`, and the function the page's "Not the answer" box shares."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import wordle_opt
from wordle_opt.assistant.exact import exact_opener
from wordle_opt.assistant.excluded import base_name, without_answers
from wordle_opt.errors import WordListError
from wordle_opt.rules import Rule
from wordle_opt.wordlists import WordLists, load_lists

NINE = ["crane", "slate", "trace", "crate", "react", "caret", "cater", "least", "steal"]


def test_the_answers_left_are_the_others_and_the_guesses_stay():
    lists = load_lists("nyt-3158")
    left = without_answers(lists, ["crane, slate", "trace  # played last week", ""], "used.txt")
    assert set(lists.answers) - set(left.answers) == {"crane", "slate", "trace"}
    assert left.guesses == lists.guesses and left.name == "nyt-3158 without 3"
    assert base_name(left.name) == "nyt-3158"
    # (today's opener is kept with answers excluded: the page and play start from the same tree)
    assert exact_opener(left, Rule.EASY, 6, None)[0] == exact_opener(lists, Rule.EASY, 6, None)[0] == "tarse"


@pytest.mark.parametrize(
    "lines,says",
    [
        (["crane", "cranx"], "used.txt, line 2: 'cranx' is not a possible answer in list 'nyt-3158'"),
        (["aahed"], "used.txt, line 1: 'aahed' is a valid guess but not a possible answer in list 'nyt-3158'"),
        (["# nothing"], "used.txt: no words to exclude"),
    ],
)
def test_a_bad_word_is_one_line_naming_the_word_and_the_list(lines, says):
    with pytest.raises(WordListError) as err:
        without_answers(load_lists("nyt-3158"), lines, "used.txt")
    assert str(err.value).startswith(says) and "\n" not in str(err.value)


def test_excluding_every_answer_is_refused():
    lists = WordLists.from_words(NINE[:3])
    with pytest.raises(WordListError, match="excludes every answer"):
        without_answers(lists, NINE[:3], "all.txt")


def _play(*args, stdin="quit\n", cwd):
    return subprocess.run(
        [sys.executable, "-m", "wordle_opt", "play", *args], input=stdin, capture_output=True, text=True, cwd=cwd
    )


def test_play_exclude_gives_exact_advice_for_the_answers_left(tmp_path):
    (tmp_path / "nine.txt").write_text("\n".join(NINE) + "\n")
    (tmp_path / "used.txt").write_text("crane\ncaret\n")
    r = _play("--answers", "nine.txt", "--exclude", "used.txt", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "lists nine.txt without 2 (7 answers" in r.stdout and "7 answers left" in r.stdout
    left = [w for w in NINE if w not in ("crane", "caret")]
    best = wordle_opt.search(None, answers=left, guesses=NINE, threads=1)
    m = re.search(r"Suggestion: (\w+) \((\d\.\d\d) guesses", r.stdout)
    assert m and m.group(2) == f"{best.total / 7:.2f}"
    assert wordle_opt.search(m.group(1).lower(), answers=left, guesses=NINE, threads=1).total == best.total


def test_play_exclude_with_a_bad_word_is_one_line_and_no_traceback(tmp_path):
    (tmp_path / "used.txt").write_text("crane\ncranx\n")
    r = _play("--exclude", "used.txt", cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip() == (
        "error: used.txt, line 2: 'cranx' is not a possible answer in list 'nyt-3158' "
        "(nyt-answers-3158.txt); did you mean crane, crank?"
    )
    r = _play("--exclude", "missing.txt", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.startswith("error: --exclude missing.txt: cannot read it")


def test_play_exclude_with_boards_is_refused_in_one_line(tmp_path):
    (tmp_path / "used.txt").write_text("crane\n")
    r = _play("--exclude", "used.txt", "--boards", "2", cwd=tmp_path)
    assert (
        r.returncode == 2 and r.stderr.strip() == "error: --exclude used.txt: for one board only, not with --boards 2"
    )
