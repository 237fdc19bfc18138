"""Slow proofs of the opener ranking: the published easy ranking on the original
lists, an independent recheck of its bounds, kill -9 and resume, and Dask."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from wordle_opt.core._bounds_py import Bounder as PlainBounder
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.openers.tasks import BOUND, EXACT
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

pytestmark = pytest.mark.slow


# The two tests of the full ranking share one worker (`--dist loadgroup`): under
# plain `--dist load` each xdist worker built this fixture, so CI ran the
# 12972-opener ranking twice.
_ONE_RANKING = pytest.mark.xdist_group("easy_top4")


@pytest.fixture(scope="module")
def easy_top4(original):
    return rank_openers(answers=original, top=4, progress=False)


@_ONE_RANKING
def test_salet_is_the_proven_best_easy_opener_and_the_top_is_the_published_one(easy_top4, original):
    r = easy_top4
    # The published ranking: SALET 7920, REAST 7923, CRATE 7926, TRACE 7926 (ties
    # in list order).
    assert [(x.word, x.total) for x in r.ranking] == [
        ("salet", 7920),
        ("reast", 7923),
        ("crate", 7926),
        ("trace", 7926),
    ]
    assert r.others_at_least == 7926
    for x in r.ranking:
        rep = verify(x.tree, answers=original.answers, guesses=original.guesses, hard="easy", max_guesses=6)
        assert rep.ok and rep.total == x.total
    ranked = {original.guess_index(x.word) for x in r.ranking}
    for o, (kind, value) in r.facts.items():
        if o not in ranked:
            assert kind in (BOUND, EXACT) and value >= 7926
            if value == 7926:  # a tie with TRACE must come later in list order (ties go to the earlier word)
                assert o > original.guess_index("trace")


@_ONE_RANKING
def test_an_independent_plain_bound_confirms_a_sample_of_the_claimed_bounds(easy_top4, original):
    """The plain-Python twin, with no stop (so at least as strong as any stopped
    bound), recomputes the bounds the ranking claims for openers it never searched."""
    r = easy_top4
    plain = PlainBounder(original.table, original.guess_codes, 0)
    by_bounds = [o for o, (kind, _) in r.facts.items() if kind == BOUND and o not in r.searched]
    assert len(by_bounds) > 0.9 * len(original.guesses)
    for o in random.Random(10).sample(by_bounds, 12):
        assert plain.opener(o, 6) >= r.facts[o][1] >= r.others_at_least


def _run_cli(args, **kw):
    return subprocess.Popen(
        [sys.executable, "-m", "wordle_opt", "openers", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        **kw,
    )


def test_a_run_killed_with_sigkill_resumes_from_its_checkpoint(original, tmp_path):
    words = tmp_path / "answers.txt"
    words.write_text("\n".join(original.answers[::3]) + "\n")
    guesses = tmp_path / "guesses.txt"
    guesses.write_text("\n".join(sorted(set(original.guesses[::4]) | set(original.answers[::3]))) + "\n")
    ck = tmp_path / "run.sqlite"
    args = ["--answers", str(words), "--guesses", str(guesses), "--top", "5", "--workers", "1"]
    proc = _run_cli(args + ["--checkpoint", str(ck)])
    deadline = time.time() + 300
    rows = 0
    while time.time() < deadline and proc.poll() is None:
        time.sleep(0.2)
        if ck.exists():
            try:
                with sqlite3.connect(ck, timeout=1) as db:
                    rows = db.execute("SELECT COUNT(*) FROM facts").fetchone()[0]
            except sqlite3.OperationalError:
                continue  # (the table is not there yet)
            if rows >= 200:
                break
    assert proc.poll() is None, "the run finished before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    with sqlite3.connect(ck) as db:
        kept = db.execute("SELECT COUNT(*) FROM facts").fetchone()[0]
    assert kept >= 200
    resumed = _run_cli(args + ["--checkpoint", str(ck)])
    out_resumed, _ = resumed.communicate(timeout=600)
    fresh = _run_cli(args)
    out_fresh, _ = fresh.communicate(timeout=600)
    assert resumed.returncode == 0 and fresh.returncode == 0

    def ranking(text):
        return [line for line in text.splitlines() if line[:4].strip().isdigit() or "every other" in line]

    assert ranking(out_resumed) == ranking(out_fresh) and len(ranking(out_fresh)) == 6


def test_a_dask_cluster_gives_the_single_process_ranking(original):
    distributed = pytest.importorskip("distributed")
    lists = WordLists.from_words(
        original.answers[::5], tuple(dict.fromkeys(original.guesses[::6] + original.answers[::5])), name="small"
    )
    one = rank_openers(answers=lists, top=5, workers=1, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        on_dask = rank_openers(answers=lists, top=5, scheduler=cluster.scheduler_address, progress=False)
    assert [(x.word, x.total) for x in on_dask.ranking] == [(x.word, x.total) for x in one.ranking]
    assert on_dask.others_at_least == one.others_at_least
    assert on_dask.stats["workers"] == 2
