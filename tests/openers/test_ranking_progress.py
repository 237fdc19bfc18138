"""What a ranking tells while it runs and after: the plain progress line where
no terminal is attached, and where the time went (phases.py)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time

import pytest

from wordle_opt.openers.phases import describe
from wordle_opt.openers.progress import INTERVAL_ENV, PlainBar
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

LINE = re.compile(r"^openers: \d+ s, (screen|seed|bounds|search), \d+/\d+ openers settled, left \d+, best (\d+|-)")


@pytest.fixture(scope="module")
def small(original):
    """290 answers and as many guesses: a ranking in a few seconds."""
    answers = original.answers[::8]
    return WordLists.from_words(answers, answers, name="small")


def test_output_to_a_file_gets_plain_progress_lines_before_the_result(small, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(small.answers) + "\n")
    out = tmp_path / "run.log"
    env = dict(os.environ, **{INTERVAL_ENV: "0.01"})  # (30 s by default; the ranking here takes about a second)
    with open(out, "w") as f:
        r = subprocess.run(
            [
                sys.executable,
                "-m",
                "wordle_opt",
                "openers",
                "--answers",
                str(words),
                "--top",
                "3",
                "--workers",
                "2",
                "-v",
            ],
            stdout=f,
            stderr=subprocess.STDOUT,
            env=env,
            timeout=600,
        )
    lines = out.read_text().splitlines()
    assert r.returncode == 0, lines
    result = next(i for i, line in enumerate(lines) if line.startswith("best openers:"))
    progress = [i for i, line in enumerate(lines) if LINE.match(line)]
    assert progress and progress[0] < result, lines
    assert not any("\r" in line or "\x1b" in line for line in lines)  # (no terminal frames)
    assert "where the time went:" in lines[result:]


def test_a_plain_bar_writes_at_most_one_line_per_interval():
    stream = io.StringIO()
    bar = PlainBar(100, stream=stream, interval=3600)
    bar.set_description("bounds")
    bar.n = 40
    for _ in range(1000):
        bar.set_postfix_str("left 60, best 7920")
    assert stream.getvalue() == ""  # (a run shorter than the interval prints nothing)
    bar.interval, bar.last = 0.0, bar.start - 1
    bar.refresh()
    assert LINE.match(stream.getvalue()) and stream.getvalue().count("\n") == 1


def test_the_phases_account_for_every_opener(small):
    r = rank_openers(answers=small, top=3, workers=2, progress=False, trees=False)
    phases = r.stats["phases"]
    assert list(phases)[:4] == ["quick", "screen", "seed", "bounds"]
    assert sum(p["settled"] for p in phases.values()) == len(small.guesses)
    assert phases["seed"]["settled"] >= 3 and phases["seed"]["tasks"] >= 3
    assert phases["bounds"]["cpu"] > 0 and 0 < phases["bounds"]["busy"] <= 1.05
    searched = phases.get("search", {"settled": 0})["settled"] + phases["seed"]["settled"]
    assert searched <= r.stats["searched"]  # (a searched opener may end with a bound from a later phase)
    text = r.report(phases=True)
    assert "where the time went:" in text and all(line in text for line in describe(phases))
    # (a run of a second: not by default, issue 49)
    assert "where the time went:" not in str(r) and str(r) == r.report(phases=False)


def test_the_ranked_openers_trees_are_built_by_the_workers(small):
    """One task per ranked opener (`tasks.opener_trees`) on the workers, as
    the ranking's own tasks: a complete table's trees, one per opener and each
    as costly as a `search`, took the CPU of the table again in this process."""
    r = rank_openers(answers=small, top=3, workers=2, progress=False)
    trees = r.stats["phases"]["trees"]
    assert trees["tasks"] == 3 and trees["cpu"] > 0
    for x in r.ranking:
        rep = verify(x.tree, answers=small.answers, guesses=small.guesses, hard="easy", max_guesses=6)
        assert rep.ok and rep.total == x.total and x.tree.root.guess == x.word


def test_a_complete_table_builds_the_best_openers_tree_only(small):
    """Every opener ranked (`--top all`, ``trees="best"``): the table is the
    totals; a tree per opener would about double its CPU."""
    r = rank_openers(answers=small, top=len(small.guesses), workers=1, progress=False, trees="best")
    assert len(r.ranking) == len(small.guesses) and r.stats["phases"]["trees"]["tasks"] == 1
    best, rest = r.ranking[0], r.ranking[1:]
    rep = verify(best.tree, answers=small.answers, guesses=small.guesses, hard="easy", max_guesses=6)
    assert rep.ok and rep.total == best.total == r.tree.total
    assert all(x.tree is None for x in rest)


@pytest.fixture(scope="module")
def wider(original):
    """290 answers and more guesses than a table screens (ranker.TABLE_SCREEN)."""
    answers = original.answers[::8]
    return WordLists.from_words(answers, sorted(set(answers) | set(original.guesses[::100])), name="wider")


@pytest.mark.parametrize("hard", [None, "nyt"])
def test_a_complete_table_screens_only_the_openers_a_top_10_would(wider, monkeypatch, hard):
    """Every opener is proven anyway: a full bound of each (4.9 s of CPU an
    opener in hard mode on nyt-3158) only orders the proofs."""
    from wordle_opt.openers import ranker

    lists = wider
    n = len(lists.guesses)
    assert n > ranker.TABLE_SCREEN
    r = rank_openers(answers=lists, top=n, workers=1, progress=False, trees="best", hard=hard)
    screened = r.stats["phases"]["screen"]["tasks"]
    assert screened == -(-ranker.TABLE_SCREEN // ranker.SCREEN_CHUNK)
    monkeypatch.setattr(ranker, "TABLE_SCREEN", n)  # (every opener screened, as before)
    before = rank_openers(answers=lists, top=n, workers=1, progress=False, trees="best", hard=hard)
    assert before.stats["phases"]["screen"]["tasks"] == -(-n // ranker.SCREEN_CHUNK) > screened
    assert [(x.word, x.total) for x in r.ranking] == [(x.word, x.total) for x in before.ranking]
    assert r.facts == before.facts and len(r.ranking) + sum(k == "infeasible" for k, _ in r.facts.values()) == n


def test_a_table_resumed_after_its_screen_screens_no_more(wider, tmp_path, monkeypatch):
    from wordle_opt.openers import ranker, tasks

    lists = wider
    n, ck = len(lists.guesses), str(tmp_path / "table.sqlite")

    def stopped(*args, **kw):
        raise KeyboardInterrupt  # (the first proof: the sitting ends after its screen)

    with monkeypatch.context() as m:
        m.setattr(tasks, "prove_opener", stopped)  # (a table's, within its budget)
        m.setattr(ranker, "prove_opener", stopped)
        with pytest.raises(KeyboardInterrupt):
            rank_openers(answers=lists, top=n, workers=1, progress=False, trees="best", checkpoint=ck)
    r = rank_openers(answers=lists, top=n, workers=1, progress=False, trees="best", checkpoint=ck)
    assert r.stats["phases"].get("screen", {}).get("tasks", 0) == 0  # (it screened 300 more each sitting)
    assert len(r.ranking) + sum(k == "infeasible" for k, _ in r.facts.values()) == n


@pytest.mark.parametrize("minimise", ["worst,total", "total,worst"])
def test_a_complete_table_by_another_objective_builds_the_best_openers_tree_only(small, minimise):
    # `--minimise worst,total --top all` built a tree for every opener
    r = rank_openers(answers=small, top=len(small.guesses), workers=1, progress=False, trees="best", minimise=minimise)
    best, rest = r.ranking[0], r.ranking[1:]
    assert rest and all(x.tree is None for x in rest)
    rep = verify(best.tree, answers=small.answers, guesses=small.guesses, hard="easy", max_guesses=6)
    assert rep.ok and rep.total == best.total and rep.max_depth == best.worst


def test_trees_is_checked_once_at_the_edge(small):
    from wordle_opt.errors import WordleOptError

    with pytest.raises(WordleOptError, match=r"^trees must be True, False or 'best', not 'all'$"):
        rank_openers(answers=small, top=2, progress=False, trees="all")


def test_the_line_names_the_phase_a_table_is_in_while_its_first_proof_runs(small, monkeypatch):
    # (the hard nyt-3158 table's line said "screen" for an hour while it proved a seed)
    from wordle_opt.openers import ranking, tasks

    buf = io.StringIO()
    monkeypatch.setattr(ranking, "_bar", lambda progress, total: PlainBar(total, stream=buf, interval=0.0))
    seen, real = [], tasks.prove_opener_within

    def proving(problem, o, budget, **kw):
        if not seen:
            time.sleep(0.6)  # (the main thread's poll writes a line every 0.2 s meanwhile)
            seen.append(buf.getvalue().splitlines()[-1])
        return real(problem, o, budget, **kw)

    monkeypatch.setattr(tasks, "prove_opener_within", proving)
    rank_openers(answers=small, top=len(small.guesses), workers=1, progress=None, trees=False)
    assert seen and LINE.match(seen[0]) and LINE.match(seen[0]).group(1) == "seed", seen
