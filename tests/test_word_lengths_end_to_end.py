"""Words of every length 4..8 and any Unicode alphabet (issue 13), end to end:
the lists decide the length, patterns and tiles are as long as the words,
tree files record it, and the CLI runs search, verify, show, simulate and play
on a six-letter list and on a list with non-ASCII letters."""

from __future__ import annotations

import os
import pickle
import re
import subprocess
import sys
import tempfile

import numpy as np
import pytest
from oracle import exhaustive_optimum

from wordle_opt import Pattern, Tree, load_lists, pattern_table, score, search, verify
from wordle_opt.display import tiles, upper
from wordle_opt.errors import PatternError, TreeError, WordListError
from wordle_opt.rules import all_green, score_words
from wordle_opt.wordlists import WordLists, require_five_letters

NEUTRAL = tempfile.mkdtemp(prefix="wordle_opt_lengths_")

SIX = [
    "banana",
    "bandit",
    "camera",
    "canary",
    "danger",
    "garden",
    "hammer",
    "lander",
    "marble",
    "random",
    "sander",
    "tangle",
    "cattle",
    "rattle",
    "battle",
    "settle",
]
GERMAN = [
    "äpfel",
    "bären",
    "büste",
    "döner",
    "fähre",
    "grüße",
    "hölle",
    "käfer",
    "löwen",
    "möwen",
    "süßer",
    "träne",
    "größe",
    "füßen",
]


def _write(folder, name, words):
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(words) + "\n")
    return path


def run(*args, stdin=None):
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run(
        [sys.executable, "-m", "wordle_opt", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=NEUTRAL,
    )


# ---------------------------------------------------------------- the lists


def test_a_list_decides_the_length_and_the_alphabet():
    six = WordLists.from_words(SIX)
    assert six.length == 6 and six.ascii and six.alphabet == "abcdefghijklmnopqrstuvwxyz"
    assert six.answer_codes.shape == (len(SIX), 6) and six.answer_codes.dtype == np.uint8
    assert six.table.dtype == np.uint16  # 3**6 = 729 colourings
    de = WordLists.from_words(GERMAN)
    assert de.length == 5 and not de.ascii
    assert de.alphabet == "".join(sorted(set("".join(GERMAN))))
    assert de.table.dtype == np.uint8
    # codes index the alphabet
    assert "".join(de.alphabet[c] for c in de.answer_codes[0]) == de.answers[0]


@pytest.mark.parametrize(
    "words",
    [SIX, GERMAN, ["abba", "baba", "abab", "bbaa"], ["abcdefgh", "hgfedcba", "aabbccdd"], ["ñandú", "ñoños", "uñero"]],
)
def test_the_table_is_the_rule(words):
    lists = WordLists.from_words(words)
    want = [[score_words(g, a) for a in lists.answers] for g in lists.guesses]
    assert lists.table.tolist() == want
    assert pattern_table(lists.guesses, lists.answers).tolist() == want


def test_pure_a_z_lists_keep_the_five_letter_codes(original):
    assert original.alphabet == "abcdefghijklmnopqrstuvwxyz"
    assert original.answer_codes[original.answer_index("crane")].tolist() == [2, 17, 0, 13, 4]


def test_words_are_normalised_to_nfc_and_lowercase_not_casefold():
    decomposed = "GRO\u0308\u00dfE"  # O + combining diaeresis, and ß (upper() would make it SS)
    lists = WordLists.from_words([decomposed, "bären"])
    assert lists.answers == ("größe", "bären")  # NFC; 'ß' stays 'ß' (casefold would make it 'ss', 6 letters)
    assert lists.guess_index("Größe") == lists.guesses.index("größe")


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "crane\nslate\ncranes\n",
            r"l\.txt, line 3: 'cranes' has 6 characters; expected one 5-letter word a line, as line 1",
        ),
        ("abc\n", r"l\.txt, line 1: 'abc' has 3 characters; expected one word of 4 to 8 letters a line"),
        ("abcdefghi\n", r"l\.txt, line 1: 'abcdefghi' has 9 characters"),
        ("bären\nbä-en\n", r"l\.txt, line 2: 'bä-en' contains '-', which is not a letter"),
        ("bären\nbär3n\n", r"l\.txt, line 2: 'bär3n' contains '3'"),
    ],
)
def test_list_files_errors_name_the_line(tmp_path, text, message):
    p = tmp_path / "l.txt"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(WordListError, match=message) as info:
        load_lists(p)
    assert "\n" not in str(info.value)


def test_answers_and_guesses_of_different_lengths_name_the_file_and_line(tmp_path):
    a = _write(tmp_path, "a.txt", SIX[:4])
    g = _write(tmp_path, "g.txt", ["# guesses", "crane"])
    with pytest.raises(
        WordListError,
        match=r"g\.txt, line 2: 'crane' has 5 characters; expected one "
        r"6-letter word a line, as the answers \(.*a\.txt\)",
    ):
        load_lists(a, g)
    with pytest.raises(WordListError, match=r"line 1: 'salet' has 5 characters; expected one 6-letter"):
        WordLists.from_words(SIX, ["salet"])
    with pytest.raises(
        WordListError,
        match=r"original-allowed\.txt, line 1: 'aahed' has 5 characters; "
        r"expected one 6-letter word",
    ):
        load_lists(a, "original")


def test_more_than_64_letters_in_one_game_is_an_error():
    letters = [chr(c) for c in range(0x3B1, 0x3CA)] + [chr(c) for c in range(0x430, 0x450)]
    letters += list("abcdefghijklmnopqrstuvwxyz")
    words = ["".join(letters[i : i + 4]) for i in range(0, len(letters) - 3, 4)]
    assert len(set(letters)) > 64
    with pytest.raises(WordListError, match=r"uses \d+ different letters; at most 64 fit in one game"):
        WordLists.from_words(words)


def test_lookups_name_the_length():
    six = WordLists.from_words(SIX, name="six")
    with pytest.raises(WordListError, match="guess 'crane' has 5 letters; expected 6 letters a-z"):
        six.guess_index("crane")
    de = WordLists.from_words(GERMAN, name="de")
    with pytest.raises(WordListError, match=r"answer 'bär3n' contains '3'; expected 5 letters$"):
        de.answer_index("bär3n")
    assert de.answers[de.answer_index("BÄREN")] == "bären"


def test_features_that_stay_five_letter_refuse_in_one_line():
    six = WordLists.from_words(SIX, name="six")
    with pytest.raises(WordListError, match="rank_openers plays five-letter words only; list 'six' has 6-letter words"):
        require_five_letters(six, "rank_openers")
    from wordle_opt import review

    with pytest.raises(WordListError, match="review plays five-letter words only"):
        review("bandit BGBBBB", answers=six)
    de = WordLists.from_words(GERMAN, name="de")
    with pytest.raises(WordListError, match="the web app plays words of letters a-z only; list 'de' also uses"):
        require_five_letters(de, "the web app", ascii_only=True)


# ---------------------------------------------------------------- patterns and display


@pytest.mark.parametrize("length", [4, 6, 7, 8])
def test_pattern_forms_are_as_long_as_the_word(length):
    p = Pattern(all_green(length) - 1, length)
    assert p.length == length and len(p.byg) == len(p.digits) == len(p.emoji) == length
    assert p.byg == "Y" + "G" * (length - 1) and not p.solved
    assert Pattern(all_green(length), length).solved
    assert Pattern.parse(p.byg, length) == p and Pattern.parse(p.emoji, length) == p
    assert Pattern.from_colours(p.colours, length) == p
    assert pickle.loads(pickle.dumps(p)).length == length
    with pytest.raises(PatternError, match=f"has 5 tiles; expected {length}"):
        Pattern.parse("BYGBB", length)
    with pytest.raises(PatternError, match=f"out of range; expected 0..{all_green(length)}"):
        Pattern(3**length, length)


def test_score_and_tiles_at_other_lengths_and_letters():
    p = score("bandit", "banana")
    assert p.length == 6 and p.byg == "GGGBBB"
    assert score("straße", "größer").byg == "BBYBYY"
    assert tiles("straße", int(score("straße", "straße")), False) == "STRAßE GGGGGG"
    assert upper("ßäñ") == "ßÄÑ"
    coloured = tiles("füße", 0, True)
    assert coloured.count("\x1b[0m") == 4 and " ß " in coloured
    with pytest.raises(WordListError, match="guess 'crane' has 5 letters, answer 'bandit' has 6 letters"):
        score("crane", "bandit")


# ---------------------------------------------------------------- trees


@pytest.mark.parametrize("words", [SIX, GERMAN])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_tree_file_round_trip(tmp_path, words, fmt):
    path = _write(tmp_path, "words.txt", words)
    lists = load_lists(path)
    res = search(lists.answers[1], answers=path)
    assert res.proven
    tree_path = tmp_path / f"t.{'json' if fmt == 'json' else 'tree'}"
    res.tree.save(tree_path, fmt)
    text = tree_path.read_text(encoding="utf-8")
    if lists.length != 5:
        assert ('"length": 6' in text) if fmt == "json" else ("# length: 6\n" in text)
    back = Tree.load(tree_path)
    assert back.length == lists.length and back.answers == lists.answers
    assert back.root == res.tree.root and back.total == res.tree.total
    rep = verify(tree_path)
    assert rep.ok, rep.errors
    assert rep.total == res.tree.total
    if fmt == "text":
        assert back.to_text() == text


def test_a_tree_and_lists_of_different_lengths_is_a_one_line_error(tmp_path):
    six = load_lists(_write(tmp_path, "six.txt", SIX))
    tree = search("bandit", answers=six).tree
    with pytest.raises(
        WordListError, match="answer 'aback' of list 'original' has 5 letters, but the tree plays 6-letter words"
    ):
        verify(tree, answers="original")
    with pytest.raises(TreeError, match=r"line 1: 'bandit' is not a 5-letter word|has 6 letters"):
        Tree.from_text("salet BBBBB1 bandit GGGGGG2\n")
    with pytest.raises(TreeError, match='root: "guess" must be a 6-letter word'):
        Tree.from_json('{"format": "wordle_opt-tree", "version": 1, "length": 6, "root": {"guess": "salet"}}')
    assert tree.next_guess([("bandit", "BGBBBB")]) == tree.root.children[int(Pattern("BGBBBB", 6))].guess
    with pytest.raises(PatternError, match="has 5 tiles; expected 6"):
        tree.next_guess([("bandit", "BGBBB")])


# ---------------------------------------------------------------- the CLI, as a user runs it


@pytest.fixture(scope="module", params=["six", "german"])
def user_list(request):
    folder = tempfile.mkdtemp(prefix="wordle_opt_lists_")
    words = SIX if request.param == "six" else GERMAN
    return _write(folder, f"{request.param}.txt", words), words


@pytest.mark.parametrize("hard", [[], ["--hard", "nyt"], ["--hard", "strict"]])
def test_cli_search_verify_show_simulate(user_list, hard, tmp_path):
    path, words = user_list
    opener = words[1]
    out = str(tmp_path / "t.tree")
    r = run("search", opener, "--answers", path, "--out", out, *hard)
    assert r.returncode == 0, r.stderr
    assert "proven optimal  yes" in r.stdout
    total = int(next(line.split()[1] for line in r.stdout.splitlines() if line.startswith("total ")))
    r = run("verify", out)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"ok: all {len(words)} answers solved")
    assert f"total: {total}" in r.stdout
    r = run("show", out)
    assert r.returncode == 0 and r.stdout.startswith(upper(opener)), r.stderr
    r = run("simulate", "--answers", path, "--strategy", "optimal", "--tree", out, *hard)
    assert r.returncode == 0, r.stderr
    assert f"({total} total)" in r.stdout
    r = run("simulate", "--answers", path, "--strategy", "entropy", *hard)
    assert r.returncode == 0, r.stderr
    assert f"solved <= 6 {len(words)} (100.00%)" in r.stdout


def test_cli_play_reads_colourings_as_long_as_the_words(user_list):
    path, words = user_list
    lists = load_lists(path)
    opener, answer = lists.guesses[0], lists.answers[-1]
    L = lists.length
    first = score(opener, answer).byg
    # a colouring of the wrong length is refused naming the length, then the right one
    stdin = f"{opener}\n{'B' * (L - 1)}\n{first}\n{answer} {'G' * L}\n"
    r = run("play", "--answers", path, stdin=stdin)
    assert r.returncode == 0, r.stderr
    assert f"has {L - 1} tiles; expected {L}" in r.stdout
    # the help's examples are as long as the words
    assert f"then its colours: BYG{'B' * (L - 3)}, 012{'0' * (L - 3)} or tiles" in r.stdout
    assert f"{upper(opener)} {first}" in r.stdout
    assert "Solved in 2 guesses!" in r.stdout or answer == opener


def test_cli_errors_are_one_line(tmp_path):
    mixed = _write(tmp_path, "mixed.txt", ["bandit", "crane"])
    r = run("search", "bandit", "--answers", mixed)
    assert r.returncode == 2 and r.stdout == ""
    assert (
        r.stderr == f"error: {mixed}, line 2: 'crane' has 5 characters; expected one 6-letter word a line, "
        "as line 1 (one list, one word length)\n"
    )


def test_openers_at_six_letters_equal_the_oracle(tmp_path):
    """The opener ranking runs on the wide modules too: its best opener's total
    is the least exhaustive optimum over every opener, on the CLI and in Python."""
    from wordle_opt import rank_openers

    six = WordLists.from_words(SIX, name="six")
    optima = {w: exhaustive_optimum(SIX, SIX, max_guesses=6, opener=w) for w in SIX}
    ranking = rank_openers(answers=six, top=3, workers=1, progress=False)
    assert "(1 worker):" in str(ranking)
    assert [(r.word, r.total) for r in ranking.ranking] == sorted(
        optima.items(), key=lambda kv: (kv[1], SIX.index(kv[0]))
    )[:3]
    r = run("openers", "--answers", _write(tmp_path, "six.txt", SIX), "--top", "1")
    assert r.returncode == 0, r.stderr
    best = min(optima.values())
    assert re.search(rf"^\s+1\s+[A-Z]{{6}}\s+{best}\s", r.stdout, re.M), r.stdout


def test_cli_bundled_sets_of_other_lengths():
    r = run("lists")
    assert r.returncode == 0
    rows = {line.split()[0]: line.split() for line in r.stdout.splitlines() if line.strip()}
    assert rows["en6"][1:5] == ["1500", "13662", "6", "a-z"]
    assert rows["de5"][1:5] == ["1200", "4409", "5", "a-zßäöü"]
    assert rows["es5"][1:5] == ["1500", "4774", "5", "a-záéíñóúü"]
    r = run("score", "straße", "größer")
    assert r.returncode == 0 and r.stdout.startswith("STRAßE BBYBYY")


def test_cli_separate_guesses_file_of_the_same_length(tmp_path):
    answers = _write(tmp_path, "answers.txt", SIX[:10])
    guesses = _write(tmp_path, "guesses.txt", SIX + ["crates", "staple", "plunge"])
    out = str(tmp_path / "t.json")
    r = run(
        "search",
        "staple",
        "--answers",
        answers,
        "--guesses",
        guesses,
        "--hard",
        "strict",
        "--out",
        out,
        "--format",
        "json",
    )
    assert r.returncode == 0, r.stderr
    total = int(next(line.split()[1] for line in r.stdout.splitlines() if line.startswith("total ")))
    from oracle import exhaustive_optimum

    lists = load_lists(answers, guesses)
    assert total == exhaustive_optimum(lists.answers, lists.guesses, hard="strict", max_guesses=6, opener="staple")
    r = run("verify", out)  # the lists, rule and cap as the file records them
    assert r.returncode == 0 and r.stdout.startswith("ok: all 10 answers solved, hard mode (strict)"), r.stdout
