"""Issue 9: tree files that record their rule, cap and lists, and the smaller
defects around trees, patterns and `search --out`.  Each test failed before its fix."""
from __future__ import annotations

import subprocess
import sys

import pytest

import wordle_opt
from wordle_opt.errors import WordleOptError
from wordle_opt.patterns import Pattern
from wordle_opt.search import search
from wordle_opt.tree import Tree
from wordle_opt.verify import verify
from wordle_opt.wordlists import WordLists

IGHT = "fight light might night right sight tight wight bight".split()
GUESSES = IGHT + ["crane", "vouch", "flown", "swamp"]


def _cli(*args, cwd, timeout=120, input=None):
    return subprocess.run([sys.executable, "-m", "wordle_opt", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout, input=input)


@pytest.fixture(scope="module")
def small():
    return WordLists.from_words(IGHT, GUESSES)


@pytest.fixture(scope="module")
def small_tree(small):
    return search("vouch", answers=small, max_guesses=None).tree


def _pruned(tree):
    """(the tree with one leaf deleted, that leaf's answer, the history to its parent)."""
    import copy

    root = copy.deepcopy(tree.root)
    stack = [(root, [])]
    while stack:
        node, history = stack.pop()
        for p, child in node.children.items():
            if not child.children:
                del node.children[p]
                return Tree(root, tree.answers, guesses=tree.guesses), child.guess, history + [(node.guess, p)]
            stack.append((child, history + [(node.guess, p)]))
    raise AssertionError("no leaf")


# ---- smaller defects ---------------------------------------------------------

def test_next_guess_with_a_bare_word_is_one_line_error(small_tree):
    with pytest.raises(WordleOptError, match=r"\(guess, colouring\)"):
        small_tree.next_guess(["vouch"])


def test_missing_branch_says_the_tree_has_no_branch(small_tree):
    pruned, lost, history = _pruned(small_tree)
    with pytest.raises(WordleOptError) as exc:
        pruned.next_guess(history)
    assert "no branch" in str(exc.value) and "no answer" not in str(exc.value)


def test_path_gives_patterns(small_tree):
    path = small_tree.path("night")
    assert all(isinstance(p, Pattern) for _, p in path)
    assert path[-1] == ("night", 242) and path[-1][1].byg == "GGGGG"


def test_verify_truncated_tree_averages_the_solved_answers(small, small_tree, tmp_path):
    pruned, lost, history = _pruned(small_tree)
    text = "".join(line for line in small_tree.to_text().splitlines(True)
                   if not line.rstrip().endswith(f"{lost} GGGGG{len(history) + 1}"))
    (tmp_path / "cut.txt").write_text(text)
    words = tmp_path / "answers.txt"
    words.write_text("\n".join(IGHT) + "\n")
    guesses = tmp_path / "guesses.txt"
    guesses.write_text("\n".join(GUESSES) + "\n")
    for tree in (pruned, str(tmp_path / "cut.txt")):
        report = verify(tree, answers=str(words), guesses=str(guesses), max_guesses=None)
        assert not report.ok
        assert report.n_solved == len(IGHT) - 1
        assert report.average == pytest.approx(report.total / report.n_solved)
        assert report.n_errors == 1, report.errors  # the missing answer counted once
        assert lost.upper() in report.errors[0]


def test_pattern_has_a_notebook_view():
    html = Pattern.parse("BYGBB")._repr_html_()
    assert html.count("background:") == 5 and "#6aaa64" in html and "#c9b458" in html


def test_out_empty_is_refused(tmp_path):
    r = _cli("search", "salet", "--out", "", cwd=tmp_path)
    assert r.returncode == 2 and "--out" in r.stderr and "Traceback" not in r.stderr


def test_format_without_out_is_refused(tmp_path):
    r = _cli("search", "salet", "--format", "json", cwd=tmp_path)
    assert r.returncode == 2 and "--format" in r.stderr and "--out" in r.stderr
