"""Bundled word lists (checksums, counts, relations) and list loading/validation."""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
import warnings

import numpy as np
import pytest

import wordle_opt
from wordle_opt.errors import WordListError
from wordle_opt.lists import _table_in_threads
from wordle_opt.wordlists import (
    CHECKSUMS,
    SETS,
    WordLists,
    WordListWarning,
    bundled_path,
    data_dir,
    list_sets,
    load_lists,
    read_words,
)

# The 25 words the NYT dropped on 2022-02-15: six answers and 19 offensive guesses.
REMOVED_ANSWERS = {"agora", "pupal", "lynch", "fibre", "slave", "wench"}
REMOVED_OFFENSIVE = set(
    "bitch chink coons darky dyked dykes dykey faggy fagot gooks homos kikes lesbo "
    "pussy sluts spick spics spiks whore".split()
)


def words_of(filename):
    return bundled_path(filename).read_text(encoding="ascii").split("\n")[:-1]


# ---------------------------------------------------------------- bundled files


@pytest.mark.parametrize("filename", sorted(CHECKSUMS))
def test_bundled_file_matches_recorded_sha256_and_count(filename):
    data = bundled_path(filename).read_bytes()
    count, sha = CHECKSUMS[filename]
    assert hashlib.sha256(data).hexdigest() == sha
    assert data.count(b"\n") == count


def test_readme_records_the_same_checksums_and_counts():
    readme = (data_dir() / "README.md").read_text(encoding="utf-8")
    rows = {}
    for line in readme.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0].endswith(".txt") and re.fullmatch(r"[0-9a-f]{64}", cells[-1]):
            rows[cells[0]] = (int(cells[1]), cells[-1])
    assert rows == CHECKSUMS


def test_every_bundled_txt_file_is_checked():
    assert sorted(p.name for p in data_dir().glob("*.txt")) == sorted(CHECKSUMS)


_OTHER_LENGTHS = {"en6": (6, "a-z"), "de5": (5, "a-zäöüß"), "es5": (5, "a-záéíñóúü")}


@pytest.mark.parametrize("filename", sorted(f for f in CHECKSUMS if f[:3] in _OTHER_LENGTHS))
def test_bundled_file_of_another_length_or_language_is_canonical(filename):
    data = bundled_path(filename).read_bytes()
    assert data.endswith(b"\n") and b"\r" not in data
    length, letters = _OTHER_LENGTHS[filename[:3]]
    words = data.decode("utf-8").split("\n")[:-1]
    assert all(re.fullmatch(f"[{letters}]{{{length}}}", w) for w in words)
    assert all(unicodedata.normalize("NFC", w) == w for w in words)
    assert words == sorted(set(words), key=lambda w: w.encode("utf-8"))  # bytewise, no duplicates


@pytest.mark.parametrize("filename", sorted(f for f in CHECKSUMS if f[:3] not in _OTHER_LENGTHS))
def test_bundled_file_is_canonical(filename):
    data = bundled_path(filename).read_bytes()
    assert data.endswith(b"\n") and b"\r" not in data
    words = data.decode("ascii").split("\n")[:-1]
    assert all(re.fullmatch(r"[a-z]{5}", w) for w in words)
    assert words == sorted(set(words))  # sorted bytewise, no duplicates


def test_subset_relations_between_bundled_lists():
    oa = set(words_of("original-answers.txt"))
    og = set(words_of("original-allowed.txt"))
    na = set(words_of("nyt-answers-2309.txt"))
    n12947 = set(words_of("nyt-allowed-12947.txt"))
    n14855 = set(words_of("nyt-allowed-14855.txt"))
    assert oa < og
    assert na < n12947 < n14855
    assert na == oa - REMOVED_ANSWERS
    assert n12947 == og - REMOVED_ANSWERS - REMOVED_OFFENSIVE
    # 2022-04-13 added koran and quran, 2022-08-30 another 1881 guesses.
    assert og < n14855
    assert {"koran", "quran"} <= n14855 - og and len(n14855 - og) == 2 + 1881


@pytest.mark.parametrize(
    "word, in_answers, in_allowed",
    [
        # (original answers, NYT answers) and (original, 12947, 14855 allowed)
        ("salet", (False, False), (True, True, True)),
        ("tares", (False, False), (True, True, True)),
        ("soare", (False, False), (True, True, True)),
        ("roate", (False, False), (True, True, True)),
        ("crate", (True, True), (True, True, True)),
        ("trace", (True, True), (True, True, True)),
        ("tarse", (False, False), (False, False, True)),
        ("agora", (True, False), (True, False, True)),
    ],
)
def test_spot_checks(word, in_answers, in_allowed):
    answers = ("original-answers.txt", "nyt-answers-2309.txt")
    allowed = ("original-allowed.txt", "nyt-allowed-12947.txt", "nyt-allowed-14855.txt")
    assert tuple(word in set(words_of(f)) for f in answers) == in_answers
    assert tuple(word in set(words_of(f)) for f in allowed) == in_allowed


# ---------------------------------------------------------------- named sets


@pytest.mark.parametrize(
    "name, n_answers, n_guesses",
    [
        ("original", 2315, 12972),
        ("nyt", 2309, 14855),
        ("nyt-12947", 2309, 12947),
        ("original-all", 12972, 12972),
        ("nyt-all", 12947, 12947),
    ],
)
def test_named_sets(name, n_answers, n_guesses):
    lists = load_lists(name)
    assert lists.name == name
    assert (len(lists.answers), len(lists.guesses)) == (n_answers, n_guesses)
    assert list(lists.guesses) == sorted(lists.guesses)
    assert list(lists.answers) == sorted(lists.answers)
    assert set(lists.answers) <= set(lists.guesses)
    assert lists.answers == tuple(words_of(SETS[name].answers_file))
    assert load_lists(name) is lists  # cached: one table per bundled set


def test_default_set_is_original_and_exported():
    assert wordle_opt.load_lists is load_lists and wordle_opt.WordLists is WordLists
    assert load_lists() is load_lists("original")


def test_list_sets_covers_every_named_set():
    got = {s.name: (len(w.answers), len(w.guesses)) for s, w in list_sets()}
    assert got == {
        "original": (2315, 12972),
        "nyt": (2309, 14855),
        "nyt-12947": (2309, 12947),
        "nyt-3158": (3158, 14855),
        "original-all": (12972, 12972),
        "nyt-all": (12947, 12947),
        "en6": (1500, 13662),
        "de5": (1200, 4409),
        "es5": (1500, 4774),
    }


def test_named_answers_with_other_named_guesses_warns_and_unions():
    with pytest.warns(WordListWarning, match=r"6 answer\(s\) not in the allowed list.*agora"):
        lists = load_lists("original", "nyt-12947")
    assert len(lists.guesses) == 12947 + 6
    assert set(lists.answers) <= set(lists.guesses)


def test_codes_and_table_are_consistent():
    lists = load_lists("original")
    assert lists.answer_codes.shape == (2315, 5) and lists.answer_codes.dtype == np.uint8
    assert lists.guess_codes.shape == (12972, 5)
    t = lists.table
    assert t.shape == (12972, 2315) and t.dtype == np.uint8
    assert not t.flags.writeable
    g, a = lists.guess_index("crane"), lists.answer_index("react")
    assert t[g, a] == wordle_opt.score("crane", "react") == 103
    ag = lists.answer_guess_index
    assert [lists.guesses[i] for i in ag[:3]] == list(lists.answers[:3])
    assert (t[ag, np.arange(len(lists.answers))] == 242).all()  # each answer scores itself green
    # Built in slices on the cores: row for row the one-call table.
    whole = lists.modules.core.pattern_table_codes(lists.guess_codes, lists.answer_codes)
    assert np.array_equal(t, whole)


@pytest.mark.parametrize("name", ["original", "en6"])
def test_the_table_in_threads_is_the_one_call_table(name):
    lists = load_lists(name)
    fill = lists.modules.core.pattern_table_codes
    calls = []

    def counted(g, a):
        calls.append(len(g))
        return fill(g, a)

    split = _table_in_threads(counted, lists.guess_codes, lists.answer_codes)
    assert np.array_equal(split, fill(lists.guess_codes, lists.answer_codes))
    assert split.dtype == fill(lists.guess_codes[:1], lists.answer_codes).dtype
    assert sum(calls) == len(lists.guesses)
    if (os.cpu_count() or 1) > 1:
        assert len(calls) > 1  # split, not one call under another name


# ---------------------------------------------------------------- files


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_user_file_with_comments_case_and_blanks(tmp_path):
    p = write(tmp_path, "mine.txt", "# my answers\nCRANE\n\n  slate  # a comment\nTrace\n")
    lists = load_lists(p)
    assert lists.answers == ("crane", "slate", "trace")  # as given, lowercased
    assert lists.guesses == ("crane", "slate", "trace")  # default: the answers themselves
    assert lists.name == str(p)


def test_user_answers_with_named_guesses(tmp_path):
    p = write(tmp_path, "a.txt", "crane\nreact\n")
    lists = load_lists(str(p), "original")
    assert lists.guesses == load_lists("original").guesses
    assert lists.answer_index("react") == 1


def test_user_guesses_missing_answers_warn_and_union(tmp_path):
    a = write(tmp_path, "a.txt", "crane\nreact\nqajaq\n")
    g = write(tmp_path, "g.txt", "salet\ncrane\n")
    with pytest.warns(WordListWarning, match=r"2 answer\(s\) not in the allowed list, added: react, qajaq"):
        lists = load_lists(a, g)
    assert lists.guesses == ("crane", "qajaq", "react", "salet")


def test_duplicates_dropped_with_warning(tmp_path):
    p = write(tmp_path, "d.txt", "crane\nslate\nCRANE\nslate\ncrane\n")
    with pytest.warns(WordListWarning, match=r"d\.txt: dropped 3 duplicate word\(s\): crane, slate, crane"):
        lists = load_lists(p)
    assert lists.answers == ("crane", "slate")


@pytest.mark.parametrize(
    "text, message",
    [
        ("crane\nslat\n", r"bad\.txt, line 2: 'slat' has 4 characters; expected one 5-letter word a line"),
        ("crane\n\ncranes\n", r"bad\.txt, line 3: 'cranes' has 6 characters"),
        ("crane\ncr4ne\n", r"bad\.txt, line 2: 'cr4ne' contains '4', which is not a letter"),
        # issue 13: any Unicode letters are letters (crâne is a word); punctuation is not
        ("crane\ncr-ne\n", r"bad\.txt, line 2: 'cr-ne' contains '-'"),
        ("crane slate\n", r"bad\.txt, line 1: 'crane slate' has 11 characters"),
        ("# only a comment\n\n", r"bad\.txt: no words"),
        ("", r"bad\.txt: no words"),
    ],
)
def test_malformed_files_give_one_line_errors(tmp_path, text, message):
    p = write(tmp_path, "bad.txt", text)
    with pytest.raises(WordListError, match=message) as info:
        load_lists(p)
    assert "\n" not in str(info.value)


def test_non_utf8_and_missing_files(tmp_path):
    p = tmp_path / "latin1.txt"
    p.write_bytes("crane\ncr\xe2ne\n".encode("latin-1"))
    with pytest.raises(WordListError, match="not UTF-8"):
        read_words(p)
    with pytest.raises(
        WordListError,
        match=r"neither a named set \(original, nyt, nyt-12947, nyt-3158, original-all, nyt-all, en6, de5, es5\) nor a file",
    ):
        load_lists(tmp_path / "missing.txt")
    with pytest.raises(WordListError, match="did you mean original"):
        load_lists("orignal")
    with pytest.raises(WordListError, match="is a directory"):
        load_lists(tmp_path)


def test_bom_is_tolerated(tmp_path):
    p = tmp_path / "bom.txt"
    p.write_bytes("\ufeffcrane\r\nslate\r\n".encode("utf-8"))
    assert load_lists(p).answers == ("crane", "slate")


# ---------------------------------------------------------------- look-ups


def test_lookups_are_case_insensitive():
    lists = load_lists("original")
    assert lists.guesses[lists.guess_index("SALET")] == "salet"
    assert lists.answers[lists.answer_index("Crane")] == "crane"


def test_guess_not_in_list_suggests_close_words():
    with pytest.raises(WordListError) as info:
        load_lists("original").guess_index("salte")
    msg = str(info.value)
    assert msg == (
        "'salte' is not an allowed guess in list 'original' (original-allowed.txt); did you mean salet, slate?"
    )


def test_answer_that_is_only_a_guess_says_so():
    with pytest.raises(WordListError, match=r"'salet' is a valid guess but not a possible answer in list 'nyt'"):
        load_lists("nyt").answer_index("salet")


def test_answer_not_in_list_suggests_answers_only():
    with pytest.raises(
        WordListError, match=r"'salte' is not a possible answer in list 'original' .*did you mean slate\?$"
    ):
        load_lists("original").answer_index("salte")


def test_no_suggestion_when_nothing_is_close():
    with pytest.raises(WordListError) as info:
        load_lists("original").guess_index("qxqxq")
    assert "did you mean" not in str(info.value)


@pytest.mark.parametrize("word", ["cran", "cr4ne", "", "cranes", 12345, None])
def test_lookup_of_malformed_word(word):
    with pytest.raises(WordListError, match="expected 5 letters a-z|must be a 5-letter word"):
        load_lists("original").guess_index(word)


# ---------------------------------------------------------------- WordLists directly


def test_from_words_normalises_like_a_file():
    with pytest.warns(WordListWarning):
        lists = WordLists.from_words(["Crane", "react", "crane"], ["salet"], name="mine")
    assert lists.answers == ("crane", "react")
    assert lists.guesses == ("crane", "react", "salet")
    assert wordle_opt.pattern_table(lists.guesses, lists.answers).tolist() == lists.table.tolist()


@pytest.mark.parametrize(
    "answers, guesses, message",
    [
        ((), ("crane",), "no answers"),
        (("crane",), ("slate",), "answers not among the guesses: crane"),
        (("crane",), ("slate", "crane"), "guesses must be sorted"),
        (("crane", "crane"), ("crane",), "duplicate words"),
        (("Crane",), ("Crane",), "not 5 lowercase letters"),
    ],
)
def test_direct_construction_checks_invariants(answers, guesses, message):
    with pytest.raises(WordListError, match=message):
        WordLists("t", answers, guesses)


def test_from_words_rejects_a_single_string():
    with pytest.raises(WordListError, match="single string"):
        WordLists.from_words("crane")


def test_no_warning_for_clean_bundled_load():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load_lists("nyt")


def test_extended_nyt_answers_are_nyt_guesses_and_keep_their_licence():
    extended = set(words_of("nyt-answers-3158.txt"))
    assert extended < set(words_of("nyt-allowed-14855.txt"))
    assert len(set(words_of("nyt-answers-2309.txt")) - extended) == 8  # PROVENANCE: all but 8
    notice = (data_dir() / "LICENSE-nyt-answers-3158").read_text(encoding="utf-8")
    assert "MIT License" in notice and "Permission is hereby granted" in notice
    assert load_lists("nyt-3158").name == "nyt-3158"
