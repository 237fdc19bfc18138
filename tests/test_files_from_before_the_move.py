"""Files written by the build before the package moved into subpackages
(commit 9d705e2, flat modules) still load: a ranking checkpoint, an anytime
checkpoint and tree files in both formats (tests/data/before-the-move, made
by that build on a 40-answer list: `openers --top 3 --checkpoint`, `search
chair --beam 1 --time-limit 5 --checkpoint`, `search chair --out`)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import wordle_opt
from wordle_opt import Tree, WordLists, rank_openers, verify
from wordle_opt.openers import ranker

DATA = Path(__file__).resolve().parent / "data" / "before-the-move"
ANSWERS = WordLists.from_words((DATA / "answers-40.txt").read_text().split(), name="forty")


def test_a_ranking_checkpoint_from_before_resumes_to_the_same_ranking_without_work(tmp_path, monkeypatch):
    checkpoint = tmp_path / "ranking.sqlite"
    shutil.copy(DATA / "ranking-before.sqlite", checkpoint)
    fresh = rank_openers(answers=ANSWERS, top=3, workers=1, trees=False, progress=False)
    assert fresh.stats["searched"] > 0

    def no_work(*args, **kwargs):
        raise AssertionError("every fact should come from the checkpoint")

    # (one worker runs the tasks in this process: a task would call these)
    for task in ("bound_openers", "prove_openers", "prove_opener"):
        monkeypatch.setattr(ranker, task, no_work)
    resumed = rank_openers(answers=ANSWERS, top=3, workers=1, trees=False, progress=False, checkpoint=str(checkpoint))
    assert [(r.word, r.total) for r in resumed.ranking] == [(r.word, r.total) for r in fresh.ranking]
    assert resumed.others_at_least == fresh.others_at_least
    with sqlite3.connect(DATA / "ranking-before.sqlite") as db:
        stored = {o: (kind, value) for o, kind, value in db.execute("SELECT opener, kind, value FROM facts")}
    # the file's facts (its searched openers) are the resumed run's, and no task ran for the rest
    assert stored and all(resumed.facts[o] == fact for o, fact in stored.items())


def test_an_anytime_checkpoint_from_before_resumes(tmp_path):
    checkpoint = tmp_path / "anytime.sqlite"
    shutil.copy(DATA / "anytime-before.sqlite", checkpoint)
    exact = wordle_opt.search("chair", answers=ANSWERS)
    resumed = wordle_opt.search("chair", answers=ANSWERS, beam=1, time_limit=5, checkpoint=str(checkpoint))
    assert resumed.total == resumed.lower_bound == exact.total
    assert verify(resumed.tree).ok


def test_tree_files_from_before_load_and_verify():
    exact = wordle_opt.search("chair", answers=ANSWERS)
    easy = Tree.load(DATA / "chair-before.json", lists=ANSWERS)
    hard = Tree.load(DATA / "chair-hard-before.txt", lists=ANSWERS)
    assert verify(easy).ok and easy.total == exact.total
    assert verify(hard, hard=True).ok and hard.root.guess == "chair"
    assert hard.total == wordle_opt.search("chair", answers=ANSWERS, hard=True).total
