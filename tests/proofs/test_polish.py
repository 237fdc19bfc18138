"""prove TREE --polish: a tree made worse in one part two guesses down
comes back to the optimum, verified; an optimal tree is left as it is."""

from __future__ import annotations

import numpy as np

from wordle_opt import Node, Tree, load_lists, search, verify
from wordle_opt.cli import main as cli
from wordle_opt.patterns import score


def _first_candidate(answers):
    """Guess the first answer left, every time: a valid but poor subtree."""
    first, rest = answers[0], answers[1:]
    groups = {}
    for a in rest:
        groups.setdefault(int(score(first, a)), []).append(a)
    return Node(first, {p: _first_candidate(g) for p, g in groups.items()})


def test_a_worse_part_is_solved_again_and_the_optimum_comes_back(tmp_path, capsys):
    lists = load_lists("original")
    best = search("salet", threads=1).tree
    assert best.total == 7920
    root = best.root
    row = lists.table[lists.guess_index("salet")]
    # A part two guesses down, of more than 10 answers, whose first-candidate
    # subtree stays within the cap and costs more than the optimal one.
    worse = None
    for p, child in sorted(root.children.items()):
        S = np.flatnonzero(row == p)
        under = lists.table[lists.guess_index(child.guess), S]
        for q in sorted(child.children):
            T = [lists.answers[i] for i in S[under == q]]
            if len(T) > 10:
                old = child.children[q]
                child.children[q] = _first_candidate(T)
                tree = Tree(root, lists, max_guesses=6)
                report = verify(tree)
                if report.ok and report.total > 7920:
                    worse = report.total
                    break
                child.children[q] = old
        if worse:
            break
    assert worse, "no part to make worse"
    path, out = tmp_path / "worse.json", tmp_path / "polished.json"
    Tree(root, lists, max_guesses=6).save(path)
    assert cli(["prove", str(path), "--polish", str(out), "--polish-min", "10"]) == 0
    assert f"{worse} -> 7920 (saved {worse - 7920})" in capsys.readouterr().out
    report = verify(str(out))
    assert report.ok and report.total == 7920

    # The optimal tree: nothing to gain, nothing written.
    best_path, again = tmp_path / "best.json", tmp_path / "again.json"
    search("salet", threads=1).tree.save(best_path)
    assert cli(["prove", str(best_path), "--polish", str(again), "--polish-min", "10"]) == 0
    assert "7920 -> 7920 (saved 0)" in capsys.readouterr().out and not again.exists()


def test_a_hard_mode_tree_is_a_one_line_error(tmp_path, capsys):
    path = tmp_path / "hard.json"
    search("salet", hard="nyt", threads=1).tree.save(path)
    assert cli(["prove", str(path), "--polish", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error:") and "nyt-rule tree" in err and len(err.splitlines()) == 1
