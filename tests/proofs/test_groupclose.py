"""A group's value proven second guess by second guess
(`wordle_opt.proofs.groupclose`) and its command (`prove TREE`):
each verdict agrees with the exhaustive oracle's cost of that second guess,
and the tool proves a group's value only when the oracle finds no tree below it."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum, exhaustive_second, exhaustive_tree

from wordle_opt import Node, Tree, load_lists, search, verify
from wordle_opt.cli import main as cli
from wordle_opt.patterns import Pattern, score
from wordle_opt.proofs.groupclose import BETTER, EXACT, FITS, OPEN, REFUTED, STRUCK, WHOLE, GroupCloser, group_of
from wordle_opt.solver.anytime_widen import subtree_total
from wordle_opt.solver.engine import Engine
from wordle_opt.wordlists import WordLists

# Families (_ILLS, _IGHT, _ATCH) make parts that fit no tree in few guesses.
ILLS = "bills dills fills gills hills kills mills pills sills tills wills".split()
WORDS = ILLS + "fight light might night right sight batch catch hatch latch match crane slate pious brick".split()


@st.composite
def groups(draw):
    """(lists, opener, colouring, d, target): answers from WORDS or random
    words over five letters (big parts, weak one-level bounds), an
    opener's group of 3 or more of them, 2-4 guesses left and a target
    near the oracle's optimum (None: no tree fits; then any target)."""
    pool = draw(st.sampled_from([st.sampled_from(WORDS), st.text("abcde", min_size=5, max_size=5)]))
    answers = draw(st.lists(pool, min_size=4, max_size=18, unique=True))
    if draw(st.booleans()):  # (a whole family: parts that fit no tree of 3 or 4)
        answers = list(dict.fromkeys(answers + ILLS[: draw(st.integers(5, len(ILLS)))]))
    extra = draw(st.lists(pool, max_size=5, unique=True))
    # (QQQQQ, which colours every answer alike, gives a big group: weak one-level bounds)
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra) | {"qqqqq"}), name="generated")
    opener = draw(st.one_of(st.just("qqqqq"), st.sampled_from(lists.guesses)))
    row = lists.table[lists.guess_index(opener)]
    pats, sizes = np.unique(row, return_counts=True)
    big = [int(p) for p, n in zip(pats, sizes) if n >= 3]
    assume(big)
    q = draw(st.sampled_from(big))
    d = draw(st.sampled_from([2, 3, 3, 4, 4]))
    group = [lists.answers[i] for i in np.flatnonzero(row == q)]
    best = exhaustive_optimum(group, lists.guesses, max_guesses=d)
    target = draw(st.integers(2 * len(group) - 1, 4 * len(group))) if best is None else best + draw(st.integers(-2, 1))
    return lists, opener, q, d, target


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=groups())
def test_each_verdict_agrees_with_the_oracle_cost_of_that_second_guess(case):
    lists, opener, q, d, target = case
    engine = Engine(lists, None, threads=1, cache_mb=1)
    S = group_of(engine, lists.guess_index(opener), q)
    words = [lists.answers[a] for a in S]
    closer = GroupCloser(engine, S, d, target)
    least = exhaustive_optimum(words, lists.guesses, max_guesses=d)
    fresh = GroupCloser(engine, S, d, target)  # (re-decides each claim, as --check does)
    verdicts = {}
    for h, g in enumerate(lists.guesses):
        v = closer.verdict(h)
        verdicts[g] = v
        assert fresh.holds(h, v.how, v.value, v.witness)
        cost = exhaustive_second(words, lists.guesses, opener, g, max_guesses=d + 1) if v.how != WHOLE else None
        assert v.how != OPEN  # (no time limit here)
        if v.how == WHOLE:
            assert len(set(lists.table[h, S].tolist())) == 1  # (it leaves S whole: never the least)
        elif v.how in REFUTED:
            assert cost is None or cost >= target, (g, v, cost)
            assert v.value >= target
        else:
            assert v.how == BETTER and cost == v.value < target, (g, v, cost)
            tree = closer.better[h]
            assert _total(lists, tree, words, d) == v.value
    # The theorem the tool prints: every guess refuted -> no tree below the target.
    if all(v.how in REFUTED for v in verdicts.values()):
        assert least is None or least >= target
    else:
        assert least is not None and least < target


def _total(lists: WordLists, node: Node, words, d: int) -> int:
    """The subtree's total over ``words``, each solved within d guesses."""
    assert d >= 1 and words
    groups = {}
    for w in words:
        p = int(score(node.guess, w))
        if p != int(Pattern.parse("G" * lists.length)):
            groups.setdefault(p, []).append(w)
    return len(words) + sum(_total(lists, node.children[p], ws, d - 1) for p, ws in groups.items())


def test_an_infeasible_part_strikes_the_guesses_that_keep_it_together():
    # Eleven _ILLS words and two guesses that tell none of them apart: with
    # 3 guesses left each part of FIGHT / BRICK (the ten or eleven _ILLS words
    # together) fits no tree within 2, so the second is struck by the first's part.
    lists = WordLists.from_words(ILLS, ILLS + ["crane", "pious", "zzzzz"], name="generated")
    engine = Engine(lists, None, threads=1, cache_mb=1)
    S = np.arange(len(ILLS), dtype=np.int32)
    closer = GroupCloser(engine, S, 3, 1000)
    first, second = lists.guess_index("crane"), lists.guess_index("pious")
    a, b = closer.verdict(first), closer.verdict(second)
    assert a.how in (FITS, WHOLE) and b.how in (STRUCK, WHOLE, FITS)
    kinds = {closer.verdict(h).how for h in range(len(lists.guesses))}
    assert kinds <= set(REFUTED)
    assert exhaustive_optimum(ILLS, lists.guesses, max_guesses=3) is None


def test_a_family_inside_an_infeasible_part_strikes_guesses_the_part_does_not():
    # BLIMP leaves eight _ILLS words together with LIGHT (its part BYYBB);
    # the family alone fits no tree within 2 either, and PIOUS, which tells
    # LIGHT apart from them, is struck by the family, not by the part.
    answers = ILLS + "fight light might night right sight batch catch".split()
    lists = WordLists.from_words(answers, sorted(set(answers) | {"crane", "pious", "zzzzz", "blimp"}), name="generated")
    engine = Engine(lists, None, threads=1, cache_mb=1)
    S = group_of(engine, lists.guess_index("zzzzz"), 0)  # (every answer)
    closer = GroupCloser(engine, S, 3, 10**6)
    blimp, pious = lists.guess_index("blimp"), lists.guess_index("pious")
    for h in range(blimp):
        closer.verdict(h)
    fits = closer.verdict(blimp)
    v = closer.verdict(pious)
    word, text, *family = v.witness.split()
    assert v.how == STRUCK and (word, text) == ("blimp", "BYYBB") and len(family) >= 3
    part = [lists.answers[a] for a in S if lists.table[blimp, a] == Pattern.parse("BYYBB")]
    assert set(family) < set(part) and len({int(score("pious", w)) for w in part}) > 1
    assert exhaustive_optimum(family, lists.guesses, max_guesses=2) is None  # (the oracle: no tree)
    assert exhaustive_second(answers, lists.guesses, "zzzzz", "pious", max_guesses=4) is None
    fresh = GroupCloser(engine, S, 3, 10**6)
    assert fresh.holds(pious, STRUCK, v.value, v.witness)
    # Another process's line for BLIMP (the tool's shards): taken, it strikes PIOUS alike.
    assert fits.how == FITS and fits.witness == "BYYBB " + " ".join(family)
    other = GroupCloser(engine, S, 3, 10**6)
    other.take(blimp, fits.witness)
    assert other.verdict(pious) == v
    for bad in [
        f"blimp BYYBB {family[0]} {family[1]}",  # (two words fit a tree)
        f"blimp BYYBB {' '.join(family[:-1])} batch",  # (BATCH is not in that part)
        f"blimp BYYBB {' '.join(family + family[:1])}",  # (a word twice)
        "blimp",
    ]:
        assert not fresh.holds(pious, STRUCK, v.value, bad), bad


def _words_file(tmp_path):
    # (with all eleven _ILLS words no tree from CRANE fits in 7; with five, 58 in 4 or more)
    path = tmp_path / "words.txt"
    path.write_text("\n".join(ILLS[:5] + WORDS[len(ILLS) :]) + "\n")
    return str(path)


def test_the_command_proves_resumes_checks_and_finds_a_better_tree(tmp_path, capsys):
    words = _words_file(tmp_path)
    tree = search("crane", answers=words, guesses=words, max_guesses=5, threads=1).tree
    lists = load_lists(words, words)
    row = lists.table[lists.guess_index("crane")]
    # the opener's largest group
    pats, sizes = np.unique(row, return_counts=True)
    q = int(pats[np.argmax(sizes)])
    group = [lists.answers[i] for i in np.flatnonzero(row == q)]
    best = exhaustive_optimum(group, lists.guesses, max_guesses=4)
    colouring = Pattern(q, 5).byg
    path, out = tmp_path / "crane.json", tmp_path / "g.csv"
    tree.save(path)
    assert cli(["prove", str(path), "--group", colouring, "--out", str(out), "--shard", "0/2"]) == 0
    said = capsys.readouterr().out
    assert "proven" not in said.replace("not proven", "")  # (half the guesses)
    first = out.read_text().splitlines()
    assert len(first) == 1 + len(lists.guesses[0::2])
    assert cli(["prove", str(path), "--group", colouring, "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"no tree for the group CRANE {colouring} totals less than {best}; its value is {best}" in said
    assert out.read_text().splitlines()[: len(first)] == first  # (resumed: the first half kept)
    assert len(out.read_text().splitlines()) == 1 + len(lists.guesses)
    assert cli(["prove", "--check", str(out), "--tree", str(path), "--group", colouring]) == 0
    assert f"all {len(lists.guesses)} lines hold" in capsys.readouterr().out
    # A sample re-decides that many lines and claims no theorem.
    assert cli(["prove", "--check", str(out), "--tree", str(path), "--group", colouring, "--sample", "7"]) == 0
    said = capsys.readouterr().out
    assert f"all 7 lines (a sample of the file's {len(lists.guesses)}) hold" in said and "its value" not in said

    # A line that does not hold is found by --check.
    rows = out.read_text().splitlines()
    i = next(i for i, r in enumerate(rows) if r.split(",")[1] in ("term", EXACT))
    word = rows[i].split(",")[0]
    rows[i] = f"{word},fits,1099511627776,{Pattern(0, 5).byg}"
    bad = tmp_path / "bad.csv"
    bad.write_text("\n".join(rows) + "\n")
    assert cli(["prove", "--check", str(bad), "--tree", str(path), "--group", colouring]) == 1
    assert f"do not hold: {word}" in capsys.readouterr().out

    # The same group with a worse subtree (the best after a worse second
    # guess that still fits the cap): that second guess is found, its tree
    # written and verified.
    second = next(
        g for g in lists.guesses if (exhaustive_second(group, lists.guesses, "crane", g, max_guesses=5) or 0) > best
    )
    worse = Tree.load(str(path))
    worse.root.children[q] = exhaustive_tree(group, lists.guesses, max_guesses=4, opener=second)
    worse = Tree(worse.root, lists, max_guesses=5)
    assert verify(worse).ok
    engine = Engine(lists, None, threads=1, cache_mb=1)
    target = subtree_total(engine, worse.root.children[q], group_of(engine, lists.guess_index("crane"), q))
    assert target > best
    worse_path, out2 = tmp_path / "worse.json", tmp_path / "w.csv"
    worse.save(worse_path)
    assert cli(["prove", str(worse_path), "--group", colouring, "--out", str(out2)]) == 0
    said = capsys.readouterr().out
    assert "not proven:" in said and f"< {target}" in said
    report = verify(str(tmp_path / "w.better.json"))
    assert report.ok and report.total < worse.total


def test_bad_input_is_a_one_line_error(tmp_path, capsys):
    words = _words_file(tmp_path)
    path = tmp_path / "crane.json"
    search("crane", answers=words, guesses=words, max_guesses=5, threads=1).tree.save(path)
    short = tmp_path / "short.csv"
    short.write_text("guess,how,value,witness\nsalet,term\n")  # (a line cut short)
    for args, what in [
        ([str(path), "--group", "QQQQQ", "--out", str(tmp_path / "x.csv")], "QQQQQ"),
        ([str(path), "--group", "GGGGG", "--out", str(tmp_path / "x.csv")], "GGGGG"),
        ([str(path), "--group", "BBBBB", "--out", str(tmp_path / "x.csv"), "--shard", "2/2"], "--shard"),
        ([str(path), "--group", "BBBBB", "--out", str(tmp_path / "x.csv"), "--part-limit", "0"], "--part-limit"),
        (["--check", str(tmp_path / "none.csv"), "--tree", str(path), "--group", "BBBBB"], "none.csv"),
        (["--check", str(tmp_path / "nothing"), "--tree", str(path)], "no such folder"),
        ([str(path), "--group", "BBBBB", "--out", str(tmp_path / "x.csv"), "--sample", "3"], "--sample"),
        (["--check", str(short), "--tree", str(path), "--group", "BBBBB"], "expected guess,how,value,witness"),
    ]:
        assert cli(["prove", *args]) == 2
        err = capsys.readouterr().err.strip()
        assert what in err and len(err.splitlines()) == 1
    hard = tmp_path / "hard.json"
    search("crane", answers=words, guesses=words, max_guesses=5, hard="nyt", threads=1).tree.save(hard)
    assert cli(["prove", str(hard), "--group", "BBBBB", "--out", str(tmp_path / "x.csv")]) == 2
    assert "nyt-rule tree" in capsys.readouterr().err


def test_exact_parts_refute_or_give_the_cost_the_engine_gives():
    # SALET's group BBBGB (107 answers, 5 guesses left, optimum 302 by the
    # engine): NIDOR's term is 301, below the optimum, so its parts are
    # solved; the small generated games above never need that step.
    lists = load_lists("original")
    engine = Engine(lists, None, threads=1, cache_mb=200)
    S = group_of(engine, lists.guess_index("salet"), int(Pattern.parse("BBBGB")))
    best, _ = engine.solve_group(S, engine.all_guesses, 5)
    h = lists.guess_index("nidor")
    parts = engine.parts(S, h)
    cost = len(S) + sum(engine.solve_group(T, engine.all_guesses, 4)[0] for _, T in parts)
    closer = GroupCloser(engine, S, 5, best)
    assert closer.bounder.second_value(S, closer.L, 5, h, 10**6, True) < best  # (the term does not refute)
    v = closer.verdict(h)
    assert cost >= best and v.how == EXACT and best <= v.value <= cost
    assert closer.holds(h, v.how, v.value, v.witness)
    # Above the optimum: NIDOR's cost itself, and a subtree that has it.
    above = GroupCloser(engine, S, 5, cost + 1)
    v = above.verdict(h)
    assert v.how == BETTER and v.value == cost
    assert _total(lists, above.better[h], [lists.answers[a] for a in S], 5) == cost


def test_every_group_closed_proves_the_tree_optimal_for_its_opener(tmp_path, capsys):
    words = _words_file(tmp_path)
    lists = load_lists(words, words)
    tree = search("crane", answers=words, guesses=words, max_guesses=5, threads=1).tree
    best = exhaustive_optimum(lists.answers, lists.guesses, max_guesses=5, opener="crane")
    assert tree.total == best
    path, folder = tmp_path / "crane.json", tmp_path / "proof"
    tree.save(path)
    # the group of 10 guess by guess, the rest solved whole; two shards
    common = [str(path), "--out", str(folder), "--exact-up-to", "5"]
    checking = ["prove", "--check", str(folder), "--tree", str(path), "--exact-up-to", "5"]
    assert cli(["prove", *common, "--shard", "0/2"]) == 0
    assert "not proven yet" in capsys.readouterr().out
    assert cli(["prove", *common, "--shard", "1/2"]) == 0
    assert f"proven: no tree from CRANE totals less than {best} (every group closed)" in capsys.readouterr().out
    assert (folder / "BBBBB.csv").exists() and (folder / "groups.csv").exists()
    assert cli(checking) == 0
    assert "proven: no tree from CRANE" in capsys.readouterr().out
    assert cli(checking + ["--sample", "2"]) == 0
    said = capsys.readouterr().out
    assert "all 2 lines (a sample of the file's" in said and "proven: no tree from CRANE" not in said
    # A line of the small groups' file that does not hold is found.
    rows = (folder / "groups.csv").read_text().splitlines()
    i = next(i for i, r in enumerate(rows[1:], 1) if int(r.split(",")[1]) >= 3)
    byg, size, target, _, _ = rows[i].split(",")
    rows[i] = f"{byg},{size},{int(target) - 1},solved,{int(target) - 1}"
    (folder / "groups.csv").write_text("\n".join(rows) + "\n")
    assert cli(checking) == 1

    # A tree worse in one small group: the better subtree is found and written.
    q = int(Pattern.parse(byg))
    group = [a for a in lists.answers if int(score("crane", a)) == q]
    second = next(
        g
        for g in lists.guesses
        if (exhaustive_second(group, lists.guesses, "crane", g, max_guesses=5) or 0) > int(target)
    )
    worse = Tree.load(str(path))
    worse.root.children[q] = exhaustive_tree(group, lists.guesses, max_guesses=4, opener=second)
    worse = Tree(worse.root, lists, max_guesses=5)
    assert verify(worse).ok and worse.total > best
    worse_path, folder2 = tmp_path / "worse.json", tmp_path / "proof2"
    worse.save(worse_path)
    assert cli(["prove", str(worse_path), "--out", str(folder2), "--exact-up-to", "5"]) == 0
    assert "not proven: a better subtree" in capsys.readouterr().out
    report = verify(str(folder2 / "better.json"))
    assert report.ok and report.total == best


@pytest.mark.slow
@pytest.mark.parametrize("name, size, target", [("tarns-original-all", 1132, 4204), ("tarns-nyt-all", 1126, 4178)])
def test_the_stored_proof_of_tarns_biggest_open_group_holds_on_a_sample(name, size, target):
    # trees/<name>-BBBBG.proof.csv (docs/results.md): every guess of the
    # every-word game refuted as TARNS's second guess after BBBBG against
    # the stored tree's total there; a sample of the kinds of line re-decided
    # from scratch, the two files taking turns in sorted order (every kind
    # once a run: both files' every kind took 117 + 99 s of CI's slow stage,
    # an "exact" line alone 39 s of CPU).
    import csv
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "trees"
    with open(root / f"{name}-BBBBG.proof.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    tree = Tree.load(str(root / f"{name}.json"))
    lists = load_lists(*tree.sources)
    assert sorted(r["guess"] for r in rows) == sorted(lists.guesses)  # (each once)
    assert {r["how"] for r in rows} <= set(REFUTED)
    tree = Tree.load(str(root / f"{name}.json"), lists)
    engine = Engine(lists, None, threads=1, cache_mb=256)
    q = int(Pattern.parse("BBBBG"))
    S = group_of(engine, lists.guess_index("tarns"), q)
    assert len(S) == size and subtree_total(engine, tree.root.children[q], S) == target
    closer = GroupCloser(engine, S, 5, target)
    rng = np.random.default_rng(0)
    turn = 0 if name == "tarns-original-all" else 1
    for how in sorted({r["how"] for r in rows})[turn::2]:
        kind = [r for r in rows if r["how"] == how]
        for i in rng.choice(len(kind), size=1, replace=False):
            r = kind[i]
            assert closer.holds(lists.guess_index(r["guess"]), how, int(r["value"]), r["witness"]), r
