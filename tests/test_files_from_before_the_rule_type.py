"""Files written by the build before the rule became one type (`Rule`, main
at 31157e1, where each module had its own map of rule names) still load: a
ranking table of each rule and a hard-mode ranking checkpoint
(tests/data/before-the-rule-type, made by that build on the 40-answer list:
`openers --answers answers-40.txt [--hard [strict]] --top all --out
ranking-RULE.csv`, and `openers --answers answers-40.txt --hard --top 3
--checkpoint ranking-nyt.sqlite`)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from wordle_opt import load_lists, rank_openers
from wordle_opt.openers import ranker
from wordle_opt.openers.tables import read_ranking_file

DATA = Path(__file__).resolve().parent / "data" / "before-the-rule-type"
ANSWERS = load_lists(str(DATA / "answers-40.txt"))


@pytest.mark.parametrize(
    "word, rule, other", [("easy", None, "nyt"), ("nyt", "nyt", "strict"), ("strict", "strict", None)]
)
def test_a_ranking_table_of_each_rule_from_before_reads_as_its_game(word, rule, other):
    table = read_ranking_file(DATA / f"ranking-{word}.csv")
    assert table.rule == rule and table.cap == 6
    assert table.mismatch(ANSWERS, rule, 6) is None
    other_word = "easy" if other is None else other
    assert table.mismatch(ANSWERS, other, 6) == f"rule {word}, not {other_word}"
    fresh = rank_openers(answers=ANSWERS, hard=rule, top=3, workers=1, trees=False, progress=False)
    least, words, proven, _ = table.best()
    assert proven and (least, words[0]) == (fresh.ranking[0].total, fresh.ranking[0].word)


def test_a_hard_ranking_checkpoint_from_before_resumes_without_work(tmp_path, monkeypatch):
    checkpoint = tmp_path / "ranking.sqlite"
    shutil.copy(DATA / "ranking-nyt.sqlite", checkpoint)
    monkeypatch.chdir(DATA)  # (the lists by the name the CLI read them by: a checkpoint records it)
    answers = load_lists("answers-40.txt")
    fresh = rank_openers(answers=answers, hard=True, top=3, workers=1, trees=False, progress=False)

    def no_work(*args, **kwargs):
        raise AssertionError("every fact should come from the checkpoint")

    for task in ("bound_openers", "prove_openers", "prove_opener"):
        monkeypatch.setattr(ranker, task, no_work)
    resumed = rank_openers(
        answers=answers, hard="nyt", top=3, workers=1, trees=False, progress=False, checkpoint=str(checkpoint)
    )
    assert [(r.word, r.total) for r in resumed.ranking] == [(r.word, r.total) for r in fresh.ranking]
    with sqlite3.connect(DATA / "ranking-nyt.sqlite") as db:
        stored = {o: (kind, value) for o, kind, value in db.execute("SELECT opener, kind, value FROM facts")}
    assert stored and all(resumed.facts[o] == fact for o, fact in stored.items())
