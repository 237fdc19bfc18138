"""Decision trees: formats, following, and the independent verifier."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from oracle import exhaustive_optimum, exhaustive_tree

import wordle_opt
from wordle_opt.errors import TreeError, WordListError
from wordle_opt.patterns import Pattern
from wordle_opt.rules import score_words
from wordle_opt.trees.tree import Node, Tree
from wordle_opt.trees.verification import VerifyReport, verify
from wordle_opt.wordlists import WordLists

IGHT = ("fight", "light", "might", "night", "right", "sight", "tight", "wight")
IGHT_GUESSES = IGHT + ("flomp", "mount", "wrist")


def lists(answers, extra=()):
    return WordLists.from_words(answers, tuple(answers) + tuple(extra), name="custom")


def P(s: str) -> int:
    return int(Pattern.parse(s))


def ight_tree() -> Node:
    """By hand: FLOMP splits off F/L/M words, WRIST splits N/R/S/W/T by R, S, W and T."""
    return Node(
        "flomp",
        {
            P("BBBBB"): Node(
                "wrist",
                {
                    P("BBYBG"): Node("night", {P("BGGGG"): Node("tight")}),  # night, tight
                    P("BBYYG"): Node("sight"),
                    P("BYYBG"): Node("right"),
                    P("GBYBG"): Node("wight"),
                },
            ),
            P("BBBYB"): Node("might"),
            P("BYBBB"): Node("light"),
            P("GBBBB"): Node("fight"),
        },
    )


# Lines sorted by their pattern strings (B < G < Y), the all-green line of a
# node in its sorted place, shared prefix up to the last shared guess blanked.
IGHT_TEXT = """\
flomp BBBBB1 wrist BBYBG2 night BGGGG3 tight GGGGG4
                                GGGGG3
                   BBYYG2 sight GGGGG3
                   BYYBG2 right GGGGG3
                   GBYBG2 wight GGGGG3
      BBBYB1 might GGGGG2
      BYBBB1 light GGGGG2
      GBBBB1 fight GGGGG2
"""


# ------------------------------------------------------------------ figures


def test_figures_of_a_hand_built_tree():
    t = Tree(ight_tree(), lists(IGHT, ("flomp", "mount", "wrist")))
    # fight/light/might: 2 guesses; night/sight/right/wight: 3; tight: 4.
    assert t.histogram == {2: 3, 3: 4, 4: 1}
    assert t.total == 3 * 2 + 4 * 3 + 4 == 22
    assert t.average == pytest.approx(22 / 8)
    assert t.max_depth == 4
    assert "FLOMP" in repr(t) and "22" in repr(t)
    html = t._repr_html_()
    assert "<table>" in html and "2.7500" in html
    # a notebook shows the first branches too, the largest group first (issue 49)
    branches = html[html.index("after FLOMP") :]
    assert branches.index("<code>BBBBB</code></td><td>5</td><td>WRIST") < branches.index("<code>BBBYB</code></td><td>1")
    assert "<code>GBBBB</code></td><td>1</td><td>FIGHT" in branches and "more colouring" not in branches


def test_tree_figures_raise_when_an_answer_is_not_solved():
    root = ight_tree()
    del root.children[P("GBBBB")]  # fight has nowhere to go
    t = Tree(root, lists(IGHT, ("flomp", "mount", "wrist")))
    with pytest.raises(TreeError, match="FIGHT"):
        t.total
    assert "does not solve" in repr(t)


def test_next_guess_and_path():
    t = Tree(ight_tree(), lists(IGHT, ("flomp", "mount", "wrist")))
    assert t.next_guess([]) == "flomp"
    assert t.next_guess([("flomp", 0)]) == "wrist"
    assert t.next_guess([("FLOMP", "0"), ("wrist", P("BBYBG"))]) == "night"
    assert t.next_guess([("flomp", "BBBBB"), ("wrist", "bbybg")]) == "night"
    with pytest.raises(TreeError, match="plays FLOMP here, not CRANE"):
        t.next_guess([("crane", 0)])
    with pytest.raises(TreeError, match="no branch for FLOMP GGBBB"):
        t.next_guess([("flomp", P("GGBBB"))])
    with pytest.raises(TreeError, match="already solved"):
        t.next_guess([("flomp", 242), ("wrist", 0)])
    assert t.path("tight") == [("flomp", 0), ("wrist", P("BBYBG")), ("night", P("BGGGG")), ("tight", 242)]
    assert t.path("fight") == [("flomp", P("GBBBB")), ("fight", 242)]
    with pytest.raises(WordListError, match="'crane' is not in"):
        t.path("crane")
    with pytest.raises(WordListError, match="answer 'tigh' has 4 letters; expected 5 letters a-z"):
        t.path("tigh")


def test_next_guess_reads_digit_strings_in_letter_order():
    # '00010' is the digits form (letter 4 yellow = BBBYB = 27), not the decimal 10
    # (YBYBB): each of the two is a branch here, so misreading it picks the wrong one.
    root = Node("flomp", {P("BBBYB"): Node("might"), P("YBYBB"): Node("light")})
    t = Tree(root, lists(IGHT, ("flomp", "mount", "wrist")))
    assert t.next_guess([("flomp", "00010")]) == "might"
    assert t.next_guess([("flomp", "⬛⬛⬛🟨⬛")]) == "might"
    assert t.next_guess([("flomp", 10)]) == t.next_guess([("flomp", "10")]) == "light"
    with pytest.raises(TreeError, match="out of range"):
        t.next_guess([("flomp", "12345")])
    with pytest.raises(wordle_opt.PatternError, match="has 1 tiles"):
        t.next_guess([("flomp", "\u00b2")])  # a superscript 2: isdigit(), but not a number int() reads


# ------------------------------------------------------------------ formats


def test_compressed_text_matches_the_hand_written_form():
    t = Tree(ight_tree(), lists(IGHT, ("flomp", "mount", "wrist")))
    assert t.to_text(header=False) == IGHT_TEXT
    assert (
        t.to_text() == "# wordle_opt tree\n# hard: easy\n# max-guesses: none\n"
        "# answers: none\n# guesses: none\n" + IGHT_TEXT
    )


def test_text_reads_compressed_plain_upper_case_and_blank_lines():
    L = lists(IGHT, ("flomp", "mount", "wrist"))
    plain = []
    prev = ""
    for line in IGHT_TEXT.splitlines():
        n = len(line) - len(line.lstrip(" "))
        full = prev[:n] + line[n:]
        plain.append(full)
        prev = full
    variants = [
        IGHT_TEXT,
        IGHT_TEXT.upper(),
        "\n".join(plain) + "\n",
        "\n\n".join(reversed(plain)),  # any order, blank lines, no final newline
        IGHT_TEXT.replace("\n", "\r\n") + "\n\n",
    ]
    for text in variants:
        assert Tree.from_text(text, L).root == ight_tree()


@pytest.mark.parametrize(
    "text, message",
    [
        ("salet BBBBB1 courd\n", "odd number"),
        ("salet BBXBB1 crane GGGGG2\n", "not a pattern"),
        ("salet BBBBB2 crane GGGGG2\n", "followed by 1"),
        ("salet BBBBB1 crane GGGGB2\n", "must be GGGGG"),
        ("salet GGGGG1 crane GGGGG2\n", "GGGGG but the line goes on"),
        ("sal3t BBBBB1 crane GGGGG2\n", "5-letter word"),
        ("   salet GGGGG1\n", "no line above"),
        ("salet BBBBB1 crane GGGGG2\n   BBBBY1 crone GGGGG2\n", "does not end after a guess"),
        ("salet BBBBB1 crane GGGGG2\nsalet BBBBB1 crone GGGGG2\n", "line 2: guess 2 is CRONE, but line 1 plays CRANE"),
        ("\n\n", "no lines"),
    ],
)
def test_malformed_text_names_the_line(text, message):
    with pytest.raises(TreeError, match=message) as exc:
        Tree.from_text(text, lists(["crane", "crone", "salet"]))
    assert "\n" not in str(exc.value)


def test_json_format_is_documented_and_round_trips():
    L = lists(IGHT, ("flomp", "mount", "wrist"))
    t = Tree(ight_tree(), L, hard="nyt", max_guesses=5)
    data = json.loads(t.to_json())
    assert data["format"] == "wordle_opt-tree" and data["version"] == 1
    assert data["hard"] == "nyt" and data["max_guesses"] == 5 and data["answers"] is None
    assert data["root"]["guess"] == "flomp"
    assert data["root"]["children"]["GBBBB"] == {"guess": "fight"}
    back = Tree.from_json(t.to_json(), L)
    assert back.root == t.root and back.hard == "nyt" and back.max_guesses == 5
    # only a bundled set's name is recorded, so that the file reads back
    named = Tree(ight_tree(), L, name="my lists")
    assert json.loads(named.to_json())["answers"] is None
    assert Tree.from_json(named.to_json(), L).root == t.root


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(hard="ultra"), "hard"),
        (lambda d: d.update(max_guesses=0), "max_guesses"),
        (lambda d: d.update(answers="nope"), "\"answers\" must be null, a named set .*'nope'"),
        (lambda d: d.pop("root"), "no \"root\""),
        (lambda d: d["root"].update(guess="toolong"), "root: \"guess\""),
        (lambda d: d["root"]["children"].update(XBBBB={"guess": "fight"}), "'XBBBB' is not a pattern"),
        (lambda d: d["root"]["children"].update(GGGGG={"guess": "fight"}), "GGGGG"),
        (lambda d: d["root"]["children"]["BBBBB"].update(children=[]), "root.BBBBB: \"children\""),
    ],
)
def test_json_structure_errors_are_clear(mutate, message):
    L = lists(IGHT, ("flomp", "mount", "wrist"))
    data = json.loads(Tree(ight_tree(), L).to_json())
    mutate(data)
    with pytest.raises(TreeError, match=message):
        Tree.from_json(json.dumps(data), L)
    with pytest.raises(TreeError, match="not valid JSON"):
        Tree.from_json("{nope", L)


SMALL_INSTANCES = [
    (IGHT, ("flomp", "mount", "wrist"), None),
    (IGHT, ("flomp", "mount", "wrist"), "nyt"),
    (("batch", "catch", "hatch", "latch", "match", "patch", "watch"), ("clamp", "thumb", "bowel"), None),
    (("crane", "slate", "pious", "acorn", "ranch", "bench", "wench"), ("bonce", "cairn"), "strict"),
]


@pytest.mark.parametrize("answers, extra, rule", SMALL_INSTANCES)
def test_round_trips_of_exhaustive_trees(tmp_path, answers, extra, rule):
    L = lists(answers, extra)
    root = exhaustive_tree(L.answers, L.guesses, hard=rule)
    t = Tree(root, L, hard=rule)
    assert t.total == exhaustive_optimum(L.answers, L.guesses, hard=rule)
    for name in ("t.json", "t.txt", "t.tree"):
        t.save(tmp_path / name)
        back = Tree.load(tmp_path / name, L)
        assert back.root == root
        assert back.total == t.total and back.histogram == t.histogram
    assert (tmp_path / "t.json").read_text().lstrip().startswith("{")
    assert Tree.from_text(t.to_text(), L).to_text() == t.to_text()
    rep = verify(t)
    assert rep.ok, rep.errors
    assert (rep.total, rep.histogram, rep.max_depth) == (t.total, t.histogram, t.max_depth)


@pytest.mark.parametrize(
    "answers, guesses, message",
    [
        (["cr4ne", "crane"], None, "answer 'cr4ne' contains '4'"),
        (["cran"], None, "answer 'cran' has 4 letters"),
        (["crane", None], None, "answer must be a 5-letter word, got NoneType"),
        (["crane"], ["crane", "slat"], "guess 'slat' has 4 letters"),
    ],
)
def test_word_sequences_are_checked(answers, guesses, message):
    for make in (
        lambda: Tree(Node("crane"), answers, guesses=guesses),
        lambda: verify(Node("crane"), answers, guesses=guesses),
    ):
        with pytest.raises(WordListError, match=message):
            make()
    assert Tree(Node("crane"), [" CRANE"]).answers == ("crane",)


def test_tree_max_guesses_must_be_a_positive_int():
    for bad in (0, True, 2.0):
        with pytest.raises(TreeError, match="max_guesses must be a positive int"):
            Tree(Node("crane"), ["crane"], max_guesses=bad)


def test_save_rejects_unknown_format(tmp_path):
    t = Tree(ight_tree(), lists(IGHT, ("flomp", "mount", "wrist")))
    with pytest.raises(TreeError, match="unknown tree format"):
        t.save(tmp_path / "x", format="yaml")


def test_load_tolerates_a_byte_order_mark(tmp_path):
    L = ight_lists()
    t = Tree(ight_tree(), L)
    for name, text in (("t.txt", IGHT_TEXT), ("t.json", t.to_json())):
        (tmp_path / name).write_bytes(b"\xef\xbb\xbf" + text.encode())
        assert Tree.load(tmp_path / name, L).root == t.root
        assert verify(tmp_path / name, answers=L).ok


def test_load_missing_file_is_a_tree_error(tmp_path):
    with pytest.raises(TreeError, match="not found"):
        Tree.load(tmp_path / "absent.txt", lists(IGHT))


# ------------------------------------------------------------------- verify


def ight_lists():
    return lists(IGHT, ("flomp", "mount", "wrist"))


def test_verify_ok_and_figures_recomputed():
    rep = verify(Tree(ight_tree(), ight_lists()))
    assert isinstance(rep, VerifyReport) and rep.ok and bool(rep)
    assert rep.errors == [] and rep.n_answers == 8
    assert (rep.total, rep.histogram, rep.max_depth) == (22, {2: 3, 3: 4, 4: 1}, 4)
    assert "ok" in str(rep) and "total: 22" in str(rep) and "worst case: 4" in str(rep)
    assert "<table>" in rep._repr_html_()


def _write(tmp_path, text, name="t.txt"):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_verify_text_wrong_pattern(tmp_path):
    bad = IGHT_TEXT.replace("BBBYB1 might", "BBBYY1 might")
    rep = verify(_write(tmp_path, bad), answers=ight_lists())
    assert not rep.ok
    assert any("line 6" in e and "MIGHT" in e and "scores BBBYB" in e for e in rep.errors), rep.errors


def test_verify_node_tree_wrong_pattern():
    root = ight_tree()
    root.children[P("BBBYY")] = root.children.pop(P("BBBYB"))  # might filed under a wrong colouring
    rep = verify(root, answers=ight_lists())
    assert not rep.ok
    assert any("MIGHT is not solved" in e for e in rep.errors)
    assert any("unreachable branch" in e and "BBBYY" in e for e in rep.errors)
    assert rep.n_solved == 7


def test_verify_answer_missing(tmp_path):
    bad = "".join(l + "\n" for l in IGHT_TEXT.splitlines() if "fight" not in l)
    rep = verify(_write(tmp_path, bad), answers=ight_lists())
    assert not rep.ok
    # once, not also as "missing from the tree file" (issue 9)
    assert [e for e in rep.errors if "FIGHT" in e] == [e for e in rep.errors if "FIGHT is not solved" in e]
    assert rep.n_errors == 1


def test_verify_answer_twice(tmp_path):
    bad = IGHT_TEXT + "flomp GBBBB1 fight GGGGG2\n"
    rep = verify(_write(tmp_path, bad), answers=ight_lists())
    assert not rep.ok
    assert any("FIGHT appears twice (lines 8 and 9)" in e for e in rep.errors)


def test_verify_extra_answer_not_in_list(tmp_path):
    small = lists(IGHT[:-1], ("flomp", "mount", "wrist"))  # no "wight" among the answers
    rep = verify(_write(tmp_path, IGHT_TEXT), answers=small)
    assert not rep.ok
    assert any("WIGHT is not in the answers list" in e for e in rep.errors)
    assert any("unreachable branch" in e for e in rep.errors)


def test_verify_guess_not_allowed():
    L = lists(IGHT, ("mount", "wrist"))  # flomp is not allowed
    rep = verify(ight_tree(), answers=L)
    assert not rep.ok
    assert rep.errors == ["guess 1 at the start: FLOMP is not an allowed guess"]


def crane_tree(second: str) -> Node:
    g = second
    return Node(
        "crane",
        {
            score_words("crane", "acorn"): Node(
                g, {score_words(g, "acorn"): Node("acorn"), score_words(g, "ranch"): Node("ranch")}
            )
        },
    )


def test_verify_hard_mode_violations():
    L = lists(("acorn", "ranch"), ("crane", "cairn", "flomp"))
    assert score_words("crane", "acorn") == score_words("crane", "ranch")
    # FLOMP drops the revealed C, R, A, N: illegal under both rules.
    flomp = crane_tree("flomp")
    assert verify(flomp, answers=L).ok
    for rule in ("nyt", "strict"):
        rep = verify(flomp, answers=L, hard=rule)
        assert not rep.ok and any(f"FLOMP breaks the hard-mode rule ({rule})" in e for e in rep.errors)
    # CAIRN keeps every revealed letter (NYT-legal) but cannot be the answer (not strict).
    cairn = crane_tree("cairn")
    assert verify(cairn, answers=L, hard="nyt").ok
    rep = verify(cairn, answers=L, hard="strict")
    assert not rep.ok and any("CAIRN breaks the hard-mode rule (strict)" in e for e in rep.errors)
    # hard=None takes the rule the tree records
    assert not verify(Tree(cairn, L, hard="strict")).ok
    assert verify(Tree(cairn, L, hard="strict"), hard="easy").ok


def test_strict_trees_are_legal_under_nyt():
    for answers, extra, _ in SMALL_INSTANCES:
        L = lists(answers, extra)
        root = exhaustive_tree(L.answers, L.guesses, hard="strict", max_guesses=6)
        for rule in ("strict", "nyt", None):
            assert verify(root, answers=L, hard=rule or "easy").ok


def test_verify_over_the_cap():
    t = Tree(ight_tree(), ight_lists())
    assert verify(t, max_guesses=4).ok
    rep = verify(t, max_guesses=3)
    assert not rep.ok and rep.errors == ["answer TIGHT needs 4 guesses, over the cap of 3"]
    assert verify(t, max_guesses=None).ok


def test_verify_unreachable_branch():
    root = ight_tree()
    root.children[P("GGGGB")] = Node("fight")  # FLOMP GGGGB: no answer colours that
    rep = verify(root, answers=ight_lists())
    assert not rep.ok
    assert rep.errors == [
        "unreachable branch at the start: FLOMP GGGGB (guess 1) is the colouring of no remaining answer"
    ]
    assert rep.total == 22  # the answers are all still solved


def test_verify_json_file_uses_its_recorded_rule(tmp_path):
    L = lists(("acorn", "ranch"), ("crane", "cairn", "flomp"))
    t = Tree(crane_tree("cairn"), L, hard="strict")
    t.save(tmp_path / "t.json")
    assert not verify(tmp_path / "t.json", answers=L).ok
    with pytest.warns(UserWarning, match="records hard mode \\(strict\\); using hard mode \\(nyt\\)"):
        assert verify(tmp_path / "t.json", answers=L, hard="nyt").ok


# ---------------------------------------------------------------------- CLI


def run_cli(*args, cwd=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(wordle_opt.__file__).resolve().parent.parent)
    env["NO_COLOR"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "wordle_opt", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )


@pytest.fixture
def ight_files(tmp_path):
    (tmp_path / "answers.txt").write_text("\n".join(IGHT) + "\n")
    (tmp_path / "guesses.txt").write_text("\n".join(IGHT_GUESSES) + "\n")
    (tmp_path / "tree.txt").write_text(IGHT_TEXT)
    return tmp_path


def test_cli_verify_ok_and_not_ok(ight_files):
    d = ight_files
    r = run_cli("verify", d / "tree.txt", "--answers", d / "answers.txt", "--guesses", d / "guesses.txt")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok")
    assert "total: 22" in r.stdout and "average: 2.7500" in r.stdout
    assert "histogram: 2:3  3:4  4:1" in r.stdout and "worst case: 4 guesses" in r.stdout
    r = run_cli(
        "verify", d / "tree.txt", "--answers", d / "answers.txt", "--guesses", d / "guesses.txt", "--max-guesses", "3"
    )
    assert r.returncode == 1
    assert "TIGHT needs 4 guesses" in r.stdout
    r = run_cli("verify", d / "tree.txt", "--answers", d / "answers.txt", "--guesses", d / "guesses.txt", "--hard")
    # this tree happens to be legal under both rules; --hard alone means nyt
    assert r.returncode == 0 and "hard mode (nyt)" in r.stdout
    (d / "bad.txt").write_text(IGHT_TEXT.replace("flomp", "flimp", 1))
    r = run_cli(
        "verify", d / "bad.txt", "--answers", d / "answers.txt", "--guesses", d / "guesses.txt", "--hard", "strict"
    )
    assert r.returncode == 1 and r.stdout.startswith("NOT OK")
    assert "FLIMP is not an allowed guess" in r.stdout and "hard mode (strict)" in r.stdout


def test_cli_verify_errors_are_one_line(ight_files):
    d = ight_files
    r = run_cli("verify", d / "absent.txt", "--answers", d / "answers.txt")
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0 and "not found" in r.stderr
    (d / "bad.txt").write_text("flomp BBBBB1 wrist\n")
    r = run_cli("verify", d / "bad.txt", "--answers", d / "answers.txt")
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0 and r.stderr.startswith(
        f"error: tree file {d / 'bad.txt'}: line 1:"
    )  # (issue 28: names the file)
    (d / "bad.json").write_text('{"format": "wordle_opt-tree", "version": 7, "root": {}}')
    r = run_cli("verify", d / "bad.json", "--answers", d / "answers.txt")
    assert r.returncode == 2 and "version 7" in r.stderr and "Traceback" not in r.stderr


def test_cli_show_outline_and_answer(ight_files):
    d = ight_files
    lists_args = ("--answers", d / "answers.txt", "--guesses", d / "guesses.txt")
    r = run_cli("show", d / "tree.txt", *lists_args)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("FLOMP  (8 answers; total 22")
    assert "  FLOMP BBBBB  -> WRIST  (5 answers)" in lines
    assert "    WRIST BBYBG  -> NIGHT  (2 answers)" in lines
    assert "      NIGHT GGGGG  solved in 3" in lines
    assert "  FLOMP GBBBB  -> FIGHT, solved in 2" in lines
    r = run_cli("show", d / "tree.txt", *lists_args, "--depth", "1")
    assert r.returncode == 0 and not any(l.startswith("    ") for l in r.stdout.splitlines())
    r = run_cli("show", d / "tree.txt", *lists_args, "--answer", "tight")
    assert r.returncode == 0
    assert r.stdout.splitlines() == [
        "FLOMP BBBBB",
        "WRIST BBYBG",
        "NIGHT BGGGG",
        "TIGHT GGGGG",
        "TIGHT: solved in 4 guesses",
    ]
    # a leaf that guesses the wrong word: the outline names the answer left unsolved
    (d / "bad.txt").write_text(IGHT_TEXT.replace("GBBBB1 fight GGGGG2", "GBBBB1 light GGGGG2"))
    r = run_cli("show", d / "bad.txt", *lists_args)
    assert r.returncode == 0 and "incomplete: the tree does not solve FIGHT" in r.stdout
    assert "    LIGHT BGGGG  -> no branch: not solved: FIGHT" in r.stdout.splitlines(), r.stdout
    r = run_cli("show", d / "tree.txt", *lists_args, "--answer", "crane")
    assert r.returncode == 2 and "'crane' is not in" in r.stderr and r.stderr.count("\n") == 1


def test_cli_guesses_alone_keep_the_answer_set_the_json_file_names(tmp_path):
    # A JSON tree for the 'nyt' set (2309 answers), checked with other guesses:
    # the answers stay the file's set, not the default 'original' (2315).
    f = tmp_path / "nyt.json"
    f.write_text(json.dumps({"format": "wordle_opt-tree", "version": 1, "answers": "nyt", "root": {"guess": "salet"}}))
    for guesses in ("nyt", "nyt-12947"):
        r = run_cli("verify", f, "--guesses", guesses)
        assert r.returncode == 1 and "\nanswers: 2309\n" in r.stdout, r.stdout + r.stderr
        r = run_cli("show", f, "--guesses", guesses)
        assert r.returncode == 0 and r.stdout.startswith("SALET  (2309 answers;"), r.stdout + r.stderr
    r = run_cli("show", f, "--answers", "original")
    assert r.returncode == 0 and r.stdout.startswith("SALET  (2315 answers;"), r.stdout + r.stderr


def test_public_exports():
    assert wordle_opt.Tree is Tree and wordle_opt.Node is Node
    assert wordle_opt.verify is verify and wordle_opt.VerifyReport is VerifyReport
    assert Pattern.parse("BYGBB").byg == "BYGBB"


@pytest.mark.slow
def test_salet_tree_from_the_search_round_trips_and_verifies(tmp_path):
    from searching import search

    from wordle_opt.wordlists import load_lists

    tree = search("salet").tree
    text = tree.to_text()
    lines = text.splitlines()[5:]  # after the header (rule, cap, lists)
    assert len(lines) == 2315 and lines[0].startswith("salet ")
    prev = ""
    for line in lines:  # every blanked prefix ends right after a guess word above
        n = len(line) - len(line.lstrip(" "))
        if n:
            assert prev[n - 1] == " " and len(prev[:n].split()) % 2 == 1
        prev = prev[:n] + line[n:]
    (tmp_path / "salet.txt").write_text(text)
    tree.save(tmp_path / "salet.json")
    for name in ("salet.txt", "salet.json"):
        rep = verify(tmp_path / name)
        assert rep.ok, rep.errors
        assert (rep.total, rep.max_depth, rep.n_answers) == (7920, 5, 2315)
        assert Tree.load(tmp_path / name, load_lists()).root == tree.root
    with pytest.warns(UserWarning, match="records easy mode; using hard mode"):
        assert not verify(tmp_path / "salet.json", hard="nyt").ok  # an easy-mode tree
