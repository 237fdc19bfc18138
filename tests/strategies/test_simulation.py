"""simulate/compare: figures recounted from the paths, against a brute-force play loop."""

from __future__ import annotations

import io
import math
import os
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest
from oracle import exhaustive_tree
from wordpools import IGHT_OUND

import wordle_opt
from wordle_opt.errors import WordleOptError
from wordle_opt.rules import score_words, violation
from wordle_opt.strategies import builtin as strategies
from wordle_opt.strategies.builtin import Strategy
from wordle_opt.strategies.simulation import ComparisonResult, SimulationResult, compare, simulate
from wordle_opt.trees.tree import Tree
from wordle_opt.wordlists import WordLists


@pytest.fixture(scope="module")
def small(original):
    rng = np.random.default_rng(11)
    answers = sorted(rng.choice(original.answers, 80, replace=False))
    others = [w for w in original.guesses if w not in set(answers)]
    extra = list(rng.choice(others, 300, replace=False))
    return WordLists.from_words(answers, answers + extra, name="small")


def recount(result: SimulationResult, lists, rule=None, answers_only=False):
    """Check every path against the rules and recount the figures from the paths alone."""
    hist = Counter()
    for answer in lists.answers:
        path = result.paths[answer]
        for i, (g, p) in enumerate(path):
            assert g in lists.guesses
            if answers_only:
                assert g in lists.answers
            assert p == score_words(g, answer), (answer, path)
            assert violation(path[:i], g, rule) is None, (answer, path, g)
        solved = path[-1] == (answer, 242)
        assert result.guesses[answer] == (len(path) if solved else None)
        if solved:
            hist[len(path)] += 1
    assert result.histogram == dict(sorted(hist.items()))
    assert result.total == sum(k * v for k, v in hist.items())
    assert math.isclose(result.average, result.total / sum(hist.values()))
    within = sum(v for k, v in hist.items() if k <= result.max_guesses)
    assert result.solved_within == within
    assert set(result.failed) == {
        a for a in lists.answers if result.guesses[a] is None or result.guesses[a] > result.max_guesses
    }
    assert result.n == len(lists.answers)


def test_entropy_easy_original_solves_everything_within_six(original):
    r = simulate("entropy", answers=original)
    assert r.failed == [] and r.solved_within == 2315 and r.solved_percent == 100.0
    assert r.max_depth <= 6
    recount(r, original)
    assert r.opener == r.paths["aback"][0][0]  # the strategy's own opening
    assert len({path[0][0] for path in r.paths.values()}) == 1


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
def test_entropy_with_opener_hard_modes(original):
    for rule in ("nyt", "strict"):
        r = simulate("entropy", opener="salet", hard=rule, answers=original)
        assert all(path[0][0] == "salet" for path in r.paths.values())
        recount(r, original, rule)


def _play_brute(lists, answer, key, cap=20):
    """One game, guessing by ``key`` over all guesses, in plain Python."""
    cands = list(lists.answers)
    path = []
    while len(path) < cap:
        if len(cands) <= 2:
            g = cands[0]
        else:
            best = None
            for i, word in enumerate(lists.guesses):
                counts = Counter(score_words(word, a) for a in cands)
                k = key(counts, len(cands)) + (word in cands, -i)
                if best is None or k > best[0]:
                    best = (k, word)
            g = best[1]
        p = score_words(g, answer)
        path.append((g, p))
        if p == 242:
            return path
        cands = [a for a in cands if score_words(g, a) == p]
    return path


@pytest.mark.parametrize(
    "name,key",
    [
        ("entropy", lambda c, n: (round(-sum(v / n * math.log2(v / n) for v in c.values()), 9),)),
        ("minimax", lambda c, n: (-max(c.values()), -sum(v * v for v in c.values()))),
    ],
)
def test_small_lists_against_a_brute_force_loop(small, name, key):
    r = simulate(name, answers=small)
    recount(r, small)
    for answer in small.answers[::4]:
        assert r.paths[answer] == _play_brute(small, answer, key), answer


@pytest.mark.parametrize("name", [n for n in strategies.STRATEGIES if n != "optimal"])
def test_every_strategy_on_small_lists(small, name):
    r = simulate(name, answers=small, seed=4)
    recount(r, small)
    assert not r.unsolved
    h = simulate(name, answers=small, hard="nyt", seed=4)
    recount(h, small, "nyt")
    o = simulate(name, answers=small, answers_only=True, seed=4)
    recount(o, small, answers_only=True)


def test_random_reproducible_and_seeded(small):
    a = simulate("random", answers=small, seed=7)
    b = simulate("random", answers=small, seed=7)
    c = simulate("random", answers=small, seed=8)
    assert a.paths == b.paths
    assert a.paths != c.paths


def test_optimal_reproduces_its_tree():
    answers = list(IGHT_OUND)
    lists = WordLists.from_words(answers, answers + ["flomp", "wrist", "sword"], name="ight-ound")
    tree = Tree(exhaustive_tree(lists.answers, lists.guesses), lists)
    r = simulate("optimal", answers=lists, tree=tree)
    recount(r, lists)
    assert r.total == tree.total and r.histogram == tree.histogram
    assert r.average == pytest.approx(tree.average) and r.max_depth == tree.max_depth
    for a in lists.answers:
        assert r.paths[a] == tree.path(a)


def test_looping_strategy_counts_as_failure(small):
    class Stubborn(Strategy):
        name = "stubborn"

        def choose(self, candidates, legal, history):
            return 0  # the same word for ever

    r = simulate(Stubborn(small), answers=small)
    assert r.unsolved and set(r.unsolved) <= set(r.failed)
    assert all(len(r.paths[w]) == r.cap for w in r.unsolved)
    assert r.worst(1)[0][1] is None


def test_progress_reaches_total(small):
    seen = []
    simulate("minimax", answers=small, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (80, 80)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_report_text_and_html(small):
    r = simulate("entropy", answers=small, max_guesses=2)
    text = str(r)
    assert "strategy entropy" in text and f"{r.average:.4f}" in text
    assert f"{r.solved_within} (" in text
    for k, v in r.histogram.items():
        assert any(line.split()[:2] == [str(k), str(v)] for line in text.splitlines())
    assert r.failed  # a cap of 2 leaves answers out, so the failed line is checked
    assert f"failed      {len(r.failed)}: {r.failed[0]}" in text
    html = r._repr_html_()
    assert "<table>" in html and f"{r.average:.4f}" in html
    worst = r.worst(3)
    assert worst[0][1] == r.max_depth
    a = small.answers[0]
    assert r.path(a.upper()) == r.paths[a]
    with pytest.raises(wordle_opt.WordListError, match="'zzzzz' is not an answer of list 'small'"):
        r.path("zzzzz")


def test_plot_draws_the_histogram_and_returns_nothing_for_a_notebook_to_print(small):
    # (it returned the Axes, and a notebook printed "<Axes: ...>" above the chart: issue 49)
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    r = simulate("first", answers=small)
    _, ax = plt.subplots()
    assert r.plot(ax=ax) is None
    heights = {int(p.get_height()) for p in ax.patches}
    assert heights == set(r.histogram.values()) - {0} and ax.get_xlabel() == "guesses"
    plt.close("all")


def test_plot_without_matplotlib_is_a_clear_error(small, monkeypatch):
    r = simulate("first", answers=small)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(WordleOptError, match=r"pip install wordle_opt\[plot\]"):
        r.plot()


def test_compare(small):
    c = compare("entropy, minimax", answers=small)
    assert isinstance(c, ComparisonResult)
    assert [r.strategy for r in c] == ["entropy", "minimax"]
    text = str(c)
    assert "entropy" in text and "minimax" in text and f"{c['minimax'].average:.4f}" in text
    assert "<table>" in c._repr_html_()
    assert wordle_opt.compare is compare and wordle_opt.simulate is simulate


def test_compare_gives_the_tree_to_optimal_only():
    answers = ["fight", "light", "might", "night", "right", "sight", "tight", "wight"]
    lists = WordLists.from_words(answers, answers + ["flomp", "wrist"], name="ight")
    tree = Tree(exhaustive_tree(lists.answers, lists.guesses), lists)
    c = compare("entropy,optimal", answers=lists, tree=tree)
    assert c["optimal"].total == tree.total and c["entropy"].n == 8


def _cli(*args, **kw):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    return subprocess.run(
        [sys.executable, "-m", "wordle_opt", *args], capture_output=True, text=True, env=env, timeout=300, **kw
    )


def test_cli_simulate_piped_has_no_ansi(small, tmp_path):
    ans = tmp_path / "answers.txt"
    ans.write_text("\n".join(small.answers) + "\n")
    res = _cli("simulate", "--strategy", "minimax", "--answers", str(ans), "--hard")
    assert res.returncode == 0, res.stderr
    assert "\x1b[" not in res.stdout + res.stderr
    assert "strategy minimax" in res.stdout and "hard (nyt)" in res.stdout
    res = _cli("simulate", "--compare", "entropy,first", "--answers", str(ans))
    assert res.returncode == 0 and "first" in res.stdout and "entropy" in res.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (("--max-guesses", "0"), "argument --max-guesses: must be at least 1, got 0"),
        (("--max-guesses", "-3"), "argument --max-guesses: must be at least 1, got -3"),
        (("--max-guesses", "six"), "argument --max-guesses: expected a number of guesses, got 'six'"),
        (("--compare", ","), "error: no strategy to compare"),
    ],
)
def test_cli_simulate_rejects_a_cap_below_one_and_an_empty_comparison(args, message):
    res = _cli("simulate", *args)
    assert res.returncode == 2 and res.stdout == ""
    last = res.stderr.strip().splitlines()[-1]
    assert message in last and "Traceback" not in res.stderr, res.stderr


@pytest.mark.parametrize("cap", [0, -1, None, 2.5, True])
def test_simulate_rejects_a_cap_that_is_not_a_positive_int(small, cap):
    with pytest.raises(WordleOptError, match="max_guesses must be a positive int"):
        simulate("first", answers=small, max_guesses=cap)


def test_cli_bad_strategy_is_one_line(small):
    res = _cli("simulate", "--strategy", "nope")
    assert res.returncode == 2
    assert res.stderr.strip().startswith("error: unknown strategy 'nope'")
    assert len(res.stderr.strip().splitlines()) == 1


class _Stream(io.StringIO):
    def __init__(self, tty):
        super().__init__()
        self.tty = tty

    def isatty(self):
        return self.tty


def test_progress_line_only_on_a_terminal():
    from wordle_opt.cli._common import Progress

    for tty in (True, False):
        stream = _Stream(tty)
        p = Progress(stream, delay=0.0)
        p(5, 10)
        p(10, 10)
        p.close()
        text = stream.getvalue()
        if tty:
            assert "\r10/10 answers (100%)" in text and text.endswith("\r")
        else:
            assert text == ""
    # quick runs print nothing even on a terminal
    stream = _Stream(True)
    p = Progress(stream, delay=60.0)
    p(10, 10)
    p.close()
    assert stream.getvalue() == ""


def test_a_tree_for_another_rule_is_refused():
    from wordle_opt.patterns import Pattern
    from wordle_opt.trees.tree import Node

    answers = ["fight", "light", "might", "night", "right", "sight", "tight", "wight"]
    lists = WordLists.from_words(answers, answers + ["flomp", "wrist"], name="ight")
    # NIGHT, then FLOMP: fine in easy mode, but FLOMP cannot be the answer
    # after NIGHT BGGGG (strict) and it is not an answer at all (answers-only).
    tree = Tree(Node("night", {Pattern.parse("BGGGG"): Node("flomp", {})}), lists)
    with pytest.raises(
        wordle_opt.HardModeError, match=r"plays FLOMP after NIGHT BGGGG, not allowed in hard \(strict\) mode"
    ):
        simulate("optimal", answers=lists, tree=tree, hard="strict")
    with pytest.raises(wordle_opt.HardModeError, match="answers-only"):
        simulate("optimal", answers=lists, tree=Tree(Node("flomp", {}), lists), answers_only=True)
