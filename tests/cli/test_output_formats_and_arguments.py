"""Issue 9, the smaller defects: output formats, repr sizes, API arguments and
CLI edges.  Each test failed before its fix."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys

import pytest

import wordle_opt
from wordle_opt.assistant.play import Assistant
from wordle_opt.errors import WordleOptError
from wordle_opt.strategies.simulation import compare, simulate

FEW = ["crane", "react", "trace", "caret", "cater", "salet", "slate"]


def _cli(*args, cwd=None, timeout=120):
    return subprocess.run(
        [sys.executable, "-m", "wordle_opt", *args], capture_output=True, text=True, cwd=cwd, timeout=timeout
    )


def test_solved_line_keeps_its_columns_apart_for_a_two_digit_cap(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(FEW) + "\n")
    res = _cli("simulate", "--max-guesses", "10", "--answers", str(words))
    assert res.returncode == 0, res.stderr
    line = next(ln for ln in res.stdout.splitlines() if ln.startswith("solved"))
    assert re.fullmatch(r"solved <= 10 +7 \(100\.00%\)", line), line


def test_results_have_a_short_repr(original):
    r = simulate("entropy", answers=original)
    assert len(repr(r)) < 200 and "2315" in repr(r) and "entropy" in repr(r)
    c = compare("entropy,minimax", answers=FEW)
    assert len(repr(c)) < 200 and "minimax" in repr(c)


def test_simulation_notebook_view_draws_html_bars_like_search():
    r = simulate("entropy", answers=FEW)
    page = r._repr_html_()
    assert "<pre>" not in page and "##" not in page
    assert wordle_opt.display.html_histogram(r.histogram) in page


def test_unknown_keyword_arguments_are_refused_by_name():
    with pytest.raises(TypeError, match="bogus_kw"):
        simulate("entropy", answers=FEW, bogus_kw=1)
    with pytest.raises(TypeError, match="bogus_kw"):
        compare("entropy,minimax", answers=FEW, bogus_kw=1)
    # the one real option still works
    assert simulate("entropy2", answers=FEW, top_k=3).n == len(FEW)


def test_a_list_of_words_is_accepted_as_answers_and_guesses():
    r = wordle_opt.search("crane", answers=FEW)
    assert r.feasible and r.n_answers == len(FEW)
    r = wordle_opt.search("crane", answers=FEW[:3], guesses=FEW)
    assert r.n_answers == 3 and r.tree is not None
    assert simulate("entropy", answers=FEW, guesses=FEW + ["irate"]).n == len(FEW)
    a = Assistant(answers=FEW, guesses="original")
    assert len(a.lists.answers) == len(FEW) and len(a.lists.guesses) == 12972
    with pytest.raises(WordleOptError, match="'cr4ne'"):
        simulate("entropy", answers=["crane", "cr4ne"])


def test_a_word_after_a_bare_hard_is_the_opener_and_an_error_when_one_is_given():
    res = _cli("search", "salet", "--hard", "weird")
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert "--hard takes a rule (nyt, strict), not 'weird'" in res.stderr
    assert "is the OPENER argument, which is already 'salet'" in res.stderr
    assert "unrecognized arguments" not in res.stderr
    assert "'search --hard salet' is 'search salet --hard nyt'" in " ".join(_cli("search", "--help").stdout.split())


@pytest.mark.parametrize(
    "spec,why", [("entropy,entropy", "named twice"), ("entropy,Entropy", "named twice"), ("", "no strategy to compare")]
)
def test_compare_refuses_duplicates_and_nothing(spec, why):
    res = _cli("simulate", "--compare", spec, "--answers", "nyt")
    assert res.returncode == 2 and why in res.stderr and res.stdout == ""
    assert len(res.stderr.strip().splitlines()) == 1


def test_plurals_in_cli_output_and_results(tmp_path):
    words = tmp_path / "one.txt"
    words.write_text("crane\n")
    r = wordle_opt.search("crane", answers=["crane"], max_guesses=1)
    text = str(r)
    assert "1 answer)" in text and "at most 1 guess" in text and "1 guesses" not in text
    sim = str(simulate("entropy", answers=["crane"], max_guesses=1))
    assert "1 guess" in sim and not re.search(r"\b1 (guesses|answers|decisions)\b", sim)
    res = _cli("search", "crane", "--answers", str(words), "--max-guesses", "1")
    assert res.returncode == 0, res.stderr
    assert not re.search(r"\b1 (guesses|answers)\b", res.stdout), res.stdout


def test_score_labels_its_numbers():
    res = _cli("score", "crane", "react")
    assert res.returncode == 0
    assert res.stdout.strip() == (
        "CRANE YYGBY  digits 11201 (0 grey, 1 yellow, 2 green)  number 103 (the digits in base 3, first letter lowest)"
    )
    assert int(wordle_opt.score("crane", "react")) == 103


def test_version_from_the_single_source():
    res = _cli("--version")
    assert res.returncode == 0 and res.stdout.strip() == f"wordle_opt {wordle_opt.__version__}"
    assert importlib.metadata.version("wordle_opt") == wordle_opt.__version__
