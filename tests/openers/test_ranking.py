"""rank_openers: the proven ranking against an exhaustive search over every opener,
checkpoints, workers, and the CLI."""

from __future__ import annotations

import csv
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum
from wordpools import POOL

from wordle_opt.cli import main
from wordle_opt.openers.checkpoint import CheckpointError
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.openers.tasks import BOUND, EXACT, INFEASIBLE
from wordle_opt.solver import bounded
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

WORDS = POOL

instances = st.tuples(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=9, unique=True),
    st.lists(st.sampled_from(WORDS), min_size=0, max_size=5, unique=True),
    st.sampled_from([None, "nyt", "strict"]),
    st.sampled_from([None, 2, 3, 4, 6]),
    st.integers(1, 4),
)


def oracle(lists: WordLists, hard, cap):
    """Each opener's optimum (None: infeasible), straight from the exhaustive search."""
    return [
        exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=g) for g in lists.guesses
    ]


def check_against_oracle(r, lists: WordLists, hard, cap, top: int) -> None:
    exact = oracle(lists, hard, cap)
    best = sorted((v, o) for o, v in enumerate(exact) if v is not None)[:top]
    assert [(x.word, x.total) for x in r.ranking] == [(lists.guesses[o], v) for v, o in best]
    ranked = {x.word for x in r.ranking}
    for o, (kind, value) in r.facts.items():
        if exact[o] is None:
            assert kind != EXACT
            continue
        assert kind != INFEASIBLE
        assert value == exact[o] if kind == EXACT else value <= exact[o]
        if lists.guesses[o] not in ranked:
            assert r.others_at_least is not None and exact[o] >= r.others_at_least
    if not any(v is not None for v in exact):  # (no opener within the cap: the statement says so, not "no other")
        assert r.statement() == f"no opener finishes every answer within {cap} guess{'es' if cap != 1 else ''}"
    for x in r.ranking:
        rep = verify(x.tree, answers=lists.answers, guesses=lists.guesses, hard=hard or "easy", max_guesses=cap)
        assert rep.ok and rep.total == x.total, rep.errors


@settings(max_examples=40, deadline=None)
@given(instances)
def test_ranking_equals_an_exhaustive_search_over_every_opener(case):
    answers, extra, hard, cap, top = case
    lists = WordLists.from_words(answers, tuple(dict.fromkeys(answers + extra)))
    r = rank_openers(hard=hard, answers=lists, max_guesses=cap, top=top, workers=1, progress=False)
    check_against_oracle(r, lists, hard, cap, top)


@settings(max_examples=40, deadline=None)
@given(instances)
def test_a_complete_table_with_every_group_in_batch_equals_the_exhaustive_search(case):
    # top 'all': every opener proven, its groups (easy mode) by solver.bounded
    # from one answer on here, as the big groups of a poor opener are.
    answers, extra, hard, cap, _ = case
    lists = WordLists.from_words(answers, tuple(dict.fromkeys(answers + extra)))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(bounded, "BOUNDED_MIN", 1)
        r = rank_openers(hard=hard, answers=lists, max_guesses=cap, top=len(lists.guesses), workers=1, progress=False)
    check_against_oracle(r, lists, hard, cap, len(lists.guesses))


@pytest.fixture(scope="module")
def medium(original):
    """579 answers, 3045 guesses: a ranking in a few seconds."""
    answers = original.answers[::4]
    return WordLists.from_words(answers, tuple(dict.fromkeys(original.guesses[::5] + answers)), name="medium")


def summary(r):
    return [(x.word, x.total) for x in r.ranking], r.others_at_least


def test_two_worker_processes_give_the_single_process_ranking(medium):
    one = rank_openers(answers=medium, top=5, workers=1, progress=False, trees=False)
    two = rank_openers(answers=medium, top=5, workers=2, progress=False, trees=False)
    assert summary(one) == summary(two)
    assert one.stats["settled_by_bounds"] + one.stats["searched"] == len(medium.guesses)


def test_checkpoint_resumes_and_refuses_another_problem(medium, tmp_path):
    path = tmp_path / "rank.sqlite"
    first = rank_openers(answers=medium, top=3, workers=1, progress=False, checkpoint=str(path), trees=False)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM facts").fetchone()[0] > 0
    again = rank_openers(answers=medium, top=3, workers=1, progress=False, checkpoint=str(path), trees=False)
    assert summary(again) == summary(first)
    assert again.stats["searched"] == first.stats["searched"]  # nothing left to do, nothing redone
    with pytest.raises(CheckpointError, match="made with rule easy, not hard \\(nyt\\)"):
        rank_openers(answers=medium, hard="nyt", checkpoint=str(path), workers=1, progress=False)
    with pytest.raises(CheckpointError, match="made with cap 6 guesses, not 5 guesses"):
        rank_openers(answers=medium, max_guesses=5, checkpoint=str(path), workers=1, progress=False)
    small = WordLists.from_words(medium.answers[:50], medium.guesses, name="medium")
    with pytest.raises(CheckpointError, match="made with answers medium answers \\(579 words"):
        rank_openers(answers=small, checkpoint=str(path), workers=1, progress=False)
    junk = tmp_path / "junk"
    junk.write_text("not a database\n" * 100)
    with pytest.raises(CheckpointError, match="is not a wordle_opt checkpoint"):
        rank_openers(answers=medium, checkpoint=str(junk), workers=1, progress=False)


def test_cli_openers_prints_the_ranking_and_writes_csv_and_tree(medium, tmp_path, capsys):
    words = tmp_path / "answers.txt"
    words.write_text("\n".join(medium.answers[:120]) + "\n")
    out, tree = tmp_path / "all.csv", tmp_path / "best.json"
    assert (
        main(
            ["openers", "--answers", str(words), "--top", "3", "--workers", "1", "--out", str(out), "--tree", str(tree)]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "every other opener" in text and "rank  opener" in text
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 120 and {r["kind"] for r in rows} <= {EXACT, BOUND, INFEASIBLE}
    ranked = sorted((int(r["rank"]), r["opener"], int(r["total"])) for r in rows if r["rank"])
    assert len(ranked) == 3 and all(r[1].upper() in text for r in ranked)
    rep = verify(str(tree), answers=str(words), guesses=str(words))
    assert rep.ok and rep.total == ranked[0][2]
    # search without an opener goes through the same ranking
    assert main(["search", "--answers", str(words), "--workers", "1"]) == 0
    assert f"1  {ranked[0][1].upper()}" in capsys.readouterr().out


def test_cli_bad_checkpoint_is_one_line(tmp_path, capsys):
    words = tmp_path / "answers.txt"
    words.write_text("crane\nslate\nfight\n")
    ck = str(tmp_path / "ck")
    assert main(["openers", "--answers", str(words), "--workers", "1", "--checkpoint", ck]) == 0
    capsys.readouterr()
    assert main(["openers", "--answers", str(words), "--workers", "1", "--checkpoint", ck, "--hard"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("error: checkpoint") and "rule" in err


def test_progress_shows_no_eta_in_the_seed_phase(medium, capsys):
    rank_openers(answers=medium, top=2, workers=1, progress=True, trees=False)
    frames = [f.strip() for f in capsys.readouterr().err.replace("\n", "\r").split("\r") if f.strip()]
    seed = [f for f in frames if f.startswith("seed")]
    later = [f for f in frames if f.startswith(("bounds", "search"))]
    assert seed and later
    assert all("<" not in f and "elapsed" not in f for f in seed)  # (tqdm's ETA: [elapsed<remaining])
    assert all("<" in f for f in later)


def test_a_resumed_ranking_states_the_time_of_all_its_runs(tmp_path):
    """(issue 28, L9) A ranking resumed from its checkpoint gives the whole
    ranking's time over every run, not only its own."""
    lists = WordLists.from_words(WORDS[:14], name="small")
    ck = str(tmp_path / "rank.sqlite")
    first = rank_openers(answers=lists, top=2, workers=1, progress=False, trees=False, checkpoint=ck)
    assert "runs" not in first.stats and "over the" not in str(first)
    again = rank_openers(answers=lists, top=2, workers=1, progress=False, trees=False, checkpoint=ck)
    assert again.stats["runs"] == 2
    assert again.stats["all_seconds"] == pytest.approx(first.stats["seconds"] + again.stats["seconds"], abs=0.05)
    assert again.stats["all_cpu_seconds"] >= again.stats["cpu_seconds"]
    assert f"over the 2 runs of this checkpoint: {again.stats['all_seconds']:.1f} s wall" in str(again)
