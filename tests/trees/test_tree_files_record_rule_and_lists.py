"""Issue 9: tree files that record their rule, cap and lists, and the smaller
defects around trees, patterns and `search --out`.  Each test failed before its fix."""

from __future__ import annotations

import subprocess
import sys

import pytest
from searching import search

import wordle_opt
from wordle_opt.errors import WordleOptError
from wordle_opt.patterns import Pattern
from wordle_opt.trees.tree import Tree
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

IGHT = "fight light might night right sight tight wight bight".split()
GUESSES = IGHT + ["crane", "vouch", "flown", "swamp"]


def _cli(*args, cwd, timeout=120, input=None):
    return subprocess.run(
        [sys.executable, "-m", "wordle_opt", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
        input=input,
    )


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


def test_solve_on_a_tree_with_a_deleted_branch_blames_the_tree(small_tree, tmp_path):
    pruned, lost, _ = _pruned(small_tree)
    (tmp_path / "a.txt").write_text("\n".join(IGHT) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(GUESSES) + "\n")
    (tmp_path / "cut.json").write_text(pruned.to_json())
    r = _cli(
        "solve",
        lost,
        "--strategy",
        "optimal",
        "--tree",
        "cut.json",
        "--answers",
        "a.txt",
        "--guesses",
        "g.txt",
        cwd=tmp_path,
    )
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "has no branch for" in r.stderr and "no answer" not in r.stderr


def test_path_gives_patterns(small_tree):
    path = small_tree.path("night")
    assert all(isinstance(p, Pattern) for _, p in path)
    assert path[-1] == ("night", 242) and path[-1][1].byg == "GGGGG"


def test_verify_truncated_tree_averages_the_solved_answers(small, small_tree, tmp_path):
    pruned, lost, history = _pruned(small_tree)
    text = "".join(
        line
        for line in small_tree.to_text().splitlines(True)
        if not line.rstrip().endswith(f"{lost} GGGGG{len(history) + 1}")
    )
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


# ---- tree files record their rule, cap and lists --------------------------------


@pytest.fixture(scope="module")
def hard_uncapped(tmp_path_factory):
    """SALET, NYT hard mode, no cap: 8116, FOYER and MOUND in 7 -- written as text and JSON."""
    folder = tmp_path_factory.mktemp("hard")
    tree = search("salet", hard="nyt", max_guesses=None).tree
    tree.save(folder / "salet.txt")
    tree.save(folder / "salet.json")
    return folder


def test_text_tree_starts_with_its_record(hard_uncapped):
    head = (hard_uncapped / "salet.txt").read_text().splitlines()[:5]
    assert head == [
        "# wordle_opt tree",
        "# hard: nyt",
        "# max-guesses: none",
        "# answers: original",
        "# guesses: original",
    ]


@pytest.mark.parametrize("name", ["salet.txt", "salet.json"])
def test_verify_uses_the_recorded_rule_and_cap(hard_uncapped, name):
    # verify assumed easy mode / a cap of 6: the README's own example said NOT OK.
    report = verify(hard_uncapped / name)
    assert report.ok, report.errors
    assert (report.rule, report.max_guesses, report.total, report.max_depth) == ("nyt", None, 8116, 7)
    r = _cli("verify", name, "--hard", cwd=hard_uncapped)
    assert r.returncode == 0 and r.stdout.startswith("ok:") and r.stderr == ""


def test_an_explicit_cap_that_contradicts_the_file_warns(hard_uncapped):
    with pytest.warns(UserWarning, match="records no guess cap; using at most 6"):
        report = verify(hard_uncapped / "salet.txt", max_guesses=6)
    assert not report.ok and any("FOYER" in e for e in report.errors)
    r = _cli("verify", "salet.txt", "--hard", "strict", cwd=hard_uncapped)
    assert r.returncode == 1
    assert r.stderr == ("warning: salet.txt records hard mode (nyt); using hard mode (strict) as asked\n")


def test_simulate_plays_the_tree_under_its_recorded_rule(hard_uncapped):
    r = _cli("simulate", "--compare", "entropy,optimal", "--tree", "salet.txt", cwd=hard_uncapped)
    assert r.returncode == 0, r.stderr
    assert "hard (nyt)" in r.stdout
    optimal = next(line for line in r.stdout.splitlines() if line.startswith("optimal"))
    assert "3.5058" in optimal  # 8116 / 2315: the tree's own figure
    assert "records hard mode (nyt), no guess cap, answers original" in r.stderr


def test_simulate_api_warns_when_the_rule_contradicts_the_file(hard_uncapped):
    with pytest.warns(UserWarning, match="records hard mode \\(nyt\\); using easy mode"):
        wordle_opt.simulate("optimal", tree=str(hard_uncapped / "salet.txt"))


def test_published_text_without_a_record_still_reads(small_tree, small, tmp_path):
    body = small_tree.to_text(header=False)
    assert not body.startswith("#")
    loaded = Tree.from_text("# a comment of someone's\n\n" + body, small)
    assert loaded.root == small_tree.root and not loaded.recorded
    assert loaded.to_text() == body  # nothing recorded, nothing invented


def test_a_user_list_is_recorded_by_path_and_sha256(tmp_path):
    import hashlib
    import json

    (tmp_path / "words.txt").write_text("\n".join(IGHT) + "\n")
    sha = hashlib.sha256((tmp_path / "words.txt").read_bytes()).hexdigest()
    r = _cli("search", "light", "--answers", "words.txt", "--max-guesses", "none", "--out", "t.json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    data = json.loads((tmp_path / "t.json").read_text())
    assert data["answers"] == data["guesses"] == {"path": "words.txt", "sha256": sha}
    r = _cli("search", "light", "--answers", "words.txt", "--guesses", "original", "--out", "t.txt", cwd=tmp_path)
    assert f"# answers: sha256:{sha} words.txt\n# guesses: original\n" in (tmp_path / "t.txt").read_text()
    for name in ("t.json", "t.txt"):  # read back with the recorded lists, no option given
        r = _cli("verify", name, cwd=tmp_path)
        assert r.returncode == 0 and "all 9 answers" in r.stdout, r.stdout + r.stderr
        assert Tree.load(tmp_path / name).answers == tuple(IGHT)
        r = _cli("show", name, "--answer", "night", cwd=tmp_path)
        assert r.returncode == 0 and "NIGHT GGGGG" in r.stdout, r.stderr
    (tmp_path / "words.txt").write_text("\n".join(IGHT[:-1]) + "\n")
    r = _cli("verify", "t.json", cwd=tmp_path)
    assert r.returncode == 2 and "words.txt, which has changed since" in r.stderr
