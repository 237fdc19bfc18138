"""Openers refuted by one of their groups (`wordle_opt.proofs.groupcap`) and
its command (`prove --cap N --by groups`): a refutation holds exactly when the
exhaustive oracle finds no tree within the cap, under every rule, and the
refuting group alone has none either."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum

from wordle_opt.cli import main as cli
from wordle_opt.patterns import Pattern
from wordle_opt.proofs.groupcap import FITS, OPEN, REFUTED, check, check_deep, family, refute, refute_deep
from wordle_opt.proofs.groupcap_run import read_deep
from wordle_opt.solver.engine import Engine
from wordle_opt.wordlists import WordLists, load_lists

# Families (_IGHT, _ATCH, _AKER, _OUND) make caps tight in hard mode.
WORDS = sorted(
    set(
        """fight light might night right sight tight wight batch catch hatch latch match patch watch
    baker faker maker taker bound found hound mound pound round sound crane slate pious flume brick""".split()
    )
)
ILLS = "bills dills fills gills hills kills mills pills sills tills wills".split()
NO_LIMIT = dict(budgets=(1e9,), limit=None)


@st.composite
def games(draw, pool):
    """(lists, rule, cap, opener): answers from ``pool``, a few more guesses,
    any rule, a cap of 2-4 and an opener of the guesses."""
    answers = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=20, unique=True))
    extra = draw(st.lists(st.sampled_from(WORDS), max_size=6, unique=True))
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    return (
        lists,
        draw(st.sampled_from([None, "nyt", "strict"])),
        draw(st.sampled_from([2, 3, 4])),
        draw(st.sampled_from(lists.guesses)),
    )


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(WORDS))
def test_a_refutation_holds_exactly_when_the_oracle_finds_no_tree(game):
    lists, hard, cap, opener = game
    o = lists.guess_index(opener)
    engine = Engine(lists, hard, threads=1, cache_mb=1)
    verdict = refute(engine, o, cap, **NO_LIMIT)
    optimum = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=opener)
    assert verdict.kind != OPEN
    assert (verdict.kind == FITS) == (optimum is not None)
    if verdict.kind == REFUTED:
        assert check(Engine(lists, hard, threads=1, cache_mb=1), o, verdict.colouring, cap)
        group = [a for a in lists.answers if lists.table[o, lists.answers.index(a)] == verdict.colouring]
        assert len(group) == verdict.answers
        # the group alone, the opener first, has no tree within the cap
        assert exhaustive_optimum(group, lists.guesses, hard=hard, max_guesses=cap, opener=opener) is None
    else:
        # no group of it is refuted: check says so for each colouring
        for p in set(lists.table[o].tolist()):
            assert not check(engine, o, int(p), cap)


def test_the_limit_leaves_an_opener_open_and_the_family_is_counted():
    lists = WordLists.from_words(ILLS, ILLS)
    engine = Engine(lists, "strict", threads=1, cache_mb=1)
    assert refute(engine, 0, 6, budgets=(1e-9,), limit=None).kind == OPEN
    assert refute(engine, 0, 6, budgets=(1e9,), limit=1e-9).kind == OPEN
    ticks = []
    assert refute(engine, 0, 6, **NO_LIMIT, tick=lambda: ticks.append(1)).kind == REFUTED
    assert ticks  # (progress while one opener is searched)
    assert family(lists.answer_codes) == len(ILLS)
    assert family(lists.answer_codes[:1]) == 1


def test_the_tool_refutes_resumes_and_checks(tmp_path, capsys):
    # The _ILLS words under the strict rule: a guess must be one of those still
    # possible, so it tells apart only itself; within 5 no opener has a tree
    # (the ten it leaves together need ten more; the oracle agrees), within 11 each has.
    answers = tmp_path / "a.txt"
    answers.write_text("\n".join(ILLS) + "\n")
    lists = ["prove", "--answers", str(answers), "--guesses", str(answers), "--hard", "strict", "--budget", "1000"]
    assert exhaustive_optimum(ILLS, ILLS, hard="strict", max_guesses=5, opener="bills") is None
    out = tmp_path / "v.csv"
    assert cli(lists + ["--cap", "5", "--out", str(out), "--shard", "0/2"]) == 0
    assert "proven" not in capsys.readouterr().out  # (half the openers)
    first = out.read_text().splitlines()
    assert len(first) == 1 + len(ILLS[0::2])
    assert cli(lists + ["--cap", "5", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"{len(ILLS)} refuted, 0 open, 0 with a tree" in said
    assert "no opener has a tree within 5 guesses (hard mode, strict rule): proven" in said
    assert out.read_text().splitlines()[: len(first)] == first  # (resumed: the first half kept, not redone)
    assert len(out.read_text().splitlines()) == 1 + len(ILLS)
    assert cli(lists + ["--cap", "5", "--check", str(out)]) == 0
    assert "proven" in capsys.readouterr().out
    assert cli(lists + ["--cap", "5", "--check", str(out), "--sample", "3"]) == 0
    said = capsys.readouterr().out
    assert "3 refutations hold, 0 do not" in said and f"(a sample: 3 of the {len(ILLS)}" in said
    assert "proven" not in said
    halves = []
    for k in (0, 1):
        assert cli(lists + ["--cap", "5", "--check", str(out), "--shard", f"{k}/2"]) == 0
        said = capsys.readouterr().out
        halves.append(int(said.split(" refutations hold")[0]))
        assert f"(a shard: {halves[-1]} of the {len(ILLS)}" in said and "proven" not in said
    assert halves == [len(ILLS[0::2]), len(ILLS[1::2])]
    # a line whose group has a tree does not hold, and no theorem
    rows = out.read_text().splitlines()
    word = rows[1].split(",")[0]
    wrong = Pattern(0, 5).byg  # (all grey: a colouring no _ILLS opener shows)
    lists_obj = WordLists.from_words(ILLS, ILLS)
    shown = {Pattern(int(p), 5).byg for p in lists_obj.table[lists_obj.guess_index(word)]}
    assert wrong not in shown
    out.write_text("\n".join([rows[0], f"{word},refuted,{wrong},3"] + rows[2:]) + "\n")
    assert cli(lists + ["--cap", "5", "--check", str(out)]) == 1
    said = capsys.readouterr().out
    assert "do not hold: " + word in said and "proven" not in said
    # within 11 guesses every opener has a tree: no theorem
    assert cli(lists + ["--cap", "11"]) == 0
    said = capsys.readouterr().out
    assert f"0 refuted, 0 open, {len(ILLS)} with a tree" in said and "proven" not in said
    # bad input: one line, exit 2
    assert cli(["prove", "--cap", "7", "--answers", str(answers), "zzzzz"]) == 2
    assert "zzzzz" in capsys.readouterr().err
    assert cli(lists + ["--budget", "-1"]) == 2


@pytest.mark.slow
def test_the_stored_strict_cap7_refutations_hold_on_a_sample():
    # trees/strict-cap7-original-all.csv (docs/results.md): the openers of
    # the every-word game refuted within 7 under the strict rule by one of
    # their groups (a few left open); every opener named once, none with a
    # tree, a sample of the refutations re-decided from scratch.
    import csv

    path = Path(__file__).resolve().parents[2] / "trees" / "strict-cap7-original-all.csv"
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    lists = load_lists("original-all")
    assert sorted(r["opener"] for r in rows) == sorted(lists.guesses)
    assert {r["verdict"] for r in rows} <= {REFUTED, OPEN}
    rows = [r for r in rows if r["verdict"] == REFUTED]
    assert len(rows) > 0.99 * len(lists.guesses)
    engine = Engine(lists, "strict", threads=1, cache_mb=256)
    rng = np.random.default_rng(0)
    for i in rng.choice(len(rows), size=40, replace=False):
        r = rows[i]
        o, p = lists.guess_index(r["opener"]), int(Pattern.parse(r["colouring"], lists.length))
        assert int(r["answers"]) == int((lists.table[o] == p).sum())
        assert check(engine, o, p, 7), r["opener"]


@pytest.mark.slow
def test_the_stored_nyt_certificates_refute_strict_openers_the_search_left_open():
    # trees/strict-cap7-original-all.cert (docs/results.md): openers the
    # group search left open, refuted within 7 under the NYT rule by a family
    # part (prove --cap --by families), so under the strict rule too; each
    # certificate re-checked from scratch.
    import csv

    from wordle_opt.proofs.hardcap import Certificate, SubsetGame, part_of
    from wordle_opt.proofs.hardcap import check as check_part

    root = Path(__file__).resolve().parents[2] / "trees"
    with open(root / "strict-cap7-original-all.csv", newline="") as f:
        still_open = {r["opener"] for r in csv.DictReader(f) if r["verdict"] == OPEN}
    rows = [ln.split() for ln in (root / "strict-cap7-original-all.cert").read_text().splitlines() if ln[:1] != "#"]
    assert rows and {r[0] for r in rows} <= still_open
    lists = load_lists("original-all")
    game = SubsetGame(lists.table, lists.guess_codes, lists.answer_codes, budget=10**6)
    letters = {c: i for i, c in enumerate(lists.alphabet)}
    for word, colouring, short in rows:
        o, p = lists.guess_index(word), int(Pattern.parse(colouring, lists.length))
        R = part_of(game, o, p, tuple(-1 if c == "." else letters[c] for c in short))
        assert len(R) > 6 and check_part(game, Certificate(o, p, R, 6)), word
        assert not check_part(game, Certificate(o, p, R, 7 + len(R))), word  # (a cap it fits: the check can say no)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(WORDS + ILLS))
def test_a_two_level_refutation_holds_only_when_the_oracle_finds_no_tree(game):
    lists, hard, cap, opener = game
    o = lists.guess_index(opener)
    engine = Engine(lists, hard, threads=1, cache_mb=1)
    verdict = refute_deep(engine, o, cap, groups=len(lists.answers), budgets=(1e9,), limit=None)
    optimum = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=opener)
    if optimum is not None:
        assert verdict.kind == OPEN and verdict.why  # (each group: a second guess that fits)
        return
    if verdict.kind == OPEN:
        return  # (two levels do not always reach the proof)
    # the groups given up first: larger ones (or as large), each named with a second guess there
    sizes = dict(zip(*np.unique(lists.table[o], return_counts=True)))
    for why in verdict.why:
        colouring, word_kind = why.split(": ")
        c = int(Pattern.parse(colouring, 5))
        assert c != verdict.colouring and sizes[c] >= verdict.answers
        assert word_kind.split()[0] in lists.guesses and word_kind.split()[1] in (FITS, OPEN)
    seconds = {s.guess: s.colouring for s in verdict.seconds}
    fresh = Engine(lists, hard, threads=1, cache_mb=1)
    assert check_deep(fresh, o, verdict.colouring, seconds, cap=cap) == []
    # the group, the opener first, has no tree within the cap either
    group = [a for i, a in enumerate(lists.answers) if lists.table[o, i] == verdict.colouring]
    assert len(group) == verdict.answers
    assert exhaustive_optimum(group, lists.guesses, hard=hard, max_guesses=cap, opener=opener) is None
    # broken: a second guess left out, or its part all green (the guess solved), or empty
    g = next(iter(seconds))
    assert check_deep(fresh, o, verdict.colouring, {k: v for k, v in seconds.items() if k != g}, cap=cap)
    shown = {int(lists.table[g, lists.answers.index(a)]) for a in group}
    for wrong in {fresh.all_green, *(set(range(3**5)) - shown)} - {seconds[g]}:
        assert check_deep(fresh, o, verdict.colouring, {**seconds, g: wrong}, cap=cap)
        break


def test_two_levels_refute_an_ills_opener_and_the_tool_writes_resumes_and_checks(tmp_path, capsys):
    # The _ILLS words and a few others under the strict rule within 4: the
    # opener GRAND leaves every _ILLS together (its group); any second guess
    # there tells apart at most one of them, so a part of 9 or more needs 8+.
    words = ILLS + ["grand", "flume", "pious", "brick"]
    lists = WordLists.from_words(words, words, name="generated")
    engine = Engine(lists, "strict", threads=1, cache_mb=1)
    o = lists.guess_index("grand")
    v = refute_deep(engine, o, 4, budgets=(1e9,), limit=None)
    assert v.kind == REFUTED and exhaustive_optimum(words, words, hard="strict", max_guesses=4, opener="grand") is None
    seconds = {s.guess: s.colouring for s in v.seconds}
    assert check_deep(engine, o, v.colouring, seconds, cap=4) == []
    answers = tmp_path / "a.txt"
    answers.write_text("\n".join(words) + "\n")
    args = ["prove", "--answers", str(answers), "--guesses", str(answers), "--hard", "strict", "--cap", "4"]
    deep = tmp_path / "s.deep"
    assert cli(args + ["--deep", str(deep), "grand"]) == 0
    said = capsys.readouterr().out
    assert "1 openers: 1 refuted two levels deep, 0 open" in said
    text = deep.read_text().splitlines()
    assert text[0].startswith("#") and len(text) == 1 + len(v.seconds)
    assert all(line.split()[:2] == ["grand", Pattern(v.colouring, 5).byg] for line in text[1:])
    assert cli(args + ["--deep", str(deep), "grand"]) == 0  # (resumed: nothing to do)
    assert "0 openers" in capsys.readouterr().out and deep.read_text().splitlines() == text
    assert cli(args + ["--check", str(deep)]) == 0
    said = capsys.readouterr().out
    assert "1 two levels deep hold, 0 do not" in said and "not refuted" in said  # (only GRAND)
    # a second guess's line left out: the check names it, exit 1
    gone = text[1].split()[2]
    deep.write_text("\n".join(text[:1] + text[2:]) + "\n")
    assert cli(args + ["--check", str(deep)]) == 1
    assert f"{gone} (left out)" in capsys.readouterr().out
    # a line that is not four words: one line naming it, exit 2
    deep.write_text(text[0] + "\ngrand BBBBB\n")
    assert cli(args + ["--check", str(deep)]) == 2
    assert "line 2" in capsys.readouterr().err
    assert cli(args + ["--deep", str(tmp_path / "new.deep")]) == 2
    assert "--deep" in capsys.readouterr().err


@pytest.mark.slow
def test_the_stored_two_level_refutations_cover_every_opener_the_groups_left_open():
    # trees/strict-cap7-original-all.deep (docs/results.md): the openers the
    # group search left open (and SQUIZ), refuted two levels deep under the
    # strict rule within 7 (group_cap_proof.py --deep); with the .csv's
    # refutations every opener is covered.  For each: every second guess
    # named, and a sample of the parts re-decided from scratch.
    import csv

    from wordle_opt.proofs.groupcap import second_guesses
    from wordle_opt.solver.feasible import Feasible

    root = Path(__file__).resolve().parents[2] / "trees"
    lists = load_lists("original-all")
    deep = read_deep(root / "strict-cap7-original-all.deep", lists)
    with open(root / "strict-cap7-original-all.csv", newline="") as f:
        refuted = {r["opener"] for r in csv.DictReader(f) if r["verdict"] == REFUTED}
    assert refuted | set(deep) == set(lists.guesses)
    engine = Engine(lists, "strict", threads=1, cache_mb=256)
    rng = np.random.default_rng(0)
    for word, (c, seconds) in sorted(deep.items()):
        o = lists.guess_index(word)
        S, legal, needed = second_guesses(engine, o, c)
        assert len(S) > 1000 and set(needed.tolist()) <= set(seconds), word
        for g in rng.choice(needed, size=3, replace=False):
            q = seconds[int(g)]
            part = S[engine.table[g, S] == q]
            assert q != engine.all_green and len(part) > 0
            assert Feasible(engine).fit(part, engine.legal_after(legal, int(g), q), 5) is None, (word, lists.guesses[g])
        # The oracle agrees on 30 parts of up to 24 answers an opener: every
        # word is an answer, so the strict rule's legal guesses after o, c, g,
        # q are the part's own words (all 27036 such lines: 346 s, docs/results.md).
        for g in rng.choice(needed, size=30, replace=False):
            words = [lists.answers[a] for a in engine.order[S[engine.table[g, S] == seconds[int(g)]]]]
            if len(words) <= 24:
                assert exhaustive_optimum(words, words, hard="strict", max_guesses=5) is None, (word, lists.guesses[g])
                assert exhaustive_optimum(words, words, hard="strict", max_guesses=len(words)) is not None
